"""Stands in for `mlir.dialects.builtin`: nzpass reads its ops as generic views."""
