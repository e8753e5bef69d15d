"""Passes that exist only for the tests of the framework."""
