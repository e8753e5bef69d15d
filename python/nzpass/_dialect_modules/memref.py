"""Stands in for `mlir.dialects.memref`: nzpass reads the memref ops of PTOAS files (a
memref.reinterpret_cast before a transfer) as generic views, never builds them."""
