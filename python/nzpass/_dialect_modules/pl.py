"""Marker module: `pl` ops have no generated Python views."""
