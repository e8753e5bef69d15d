"""Stands in for `mlir.dialects.arith`: nzpass reads its ops as generic views."""
