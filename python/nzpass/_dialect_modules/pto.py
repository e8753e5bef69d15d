"""Marker module: `pto` ops have no generated Python views."""
