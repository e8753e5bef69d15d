"""IR utilities over the upstream bindings: the one module that imports mlir, walks, arith
builders, type caches."""
