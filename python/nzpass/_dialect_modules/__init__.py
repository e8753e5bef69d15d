"""Empty op-view modules, searched before `mlir.dialects` (nzpass.ir.bindings).

The bindings look up `<prefix>.<dialect>` whenever an op of that dialect is
wrapped in a Python view. For the unregistered `pl` and `pto` dialects a failed
import is not cached: without these modules a walk over 100k unregistered ops
retries the import 100k times. For `builtin`, `func`, `arith` and `scf` they keep
the bindings from importing the generated upstream modules, whose views nzpass
does not use (op_names.STOOD_IN_DIALECTS); `memref` likewise, for the memref ops of
PTOAS files nzpass only reads (it builds none, so its dialect is not loaded up front).
"""
