"""Stands in for `mlir.dialects.scf`: nzpass reads its ops as generic views."""
