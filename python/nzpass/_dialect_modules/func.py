"""Stands in for `mlir.dialects.func`: nzpass reads its ops as generic views."""
