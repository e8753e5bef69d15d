"""The one module that imports the upstream MLIR Python bindings.

Everything else in nzpass gets `ir`, `passmanager` and the dialect builders
from here, so the context set-up (unregistered dialects allowed, a single
thread for a deterministic diagnostic order, the dialect module search
prefix) lives in exactly one place.
"""

from __future__ import annotations

from mlir import ir, passmanager
from mlir._mlir_libs import _mlir
from mlir.dialects import arith, func, scf

__all__ = ["MLIRError", "arith", "func", "ir", "new_context", "passmanager", "scf"]

MLIRError = ir.MLIRError

_DIALECT_PREFIX = "nzpass._dialect_modules"
if _DIALECT_PREFIX not in _mlir.globals.dialect_search_modules:
    _mlir.globals.append_dialect_search_prefix(_DIALECT_PREFIX)


def new_context() -> ir.Context:
    """A context that accepts the unregistered `pl` and `pto` dialects."""
    ctx = ir.Context()
    ctx.allow_unregistered_dialects = True
    ctx.enable_multithreading(False)
    ctx.emit_error_diagnostics = True
    # Load the upstream dialects we build ops of, so their ops are registered.
    for name in ("func", "arith", "scf", "builtin"):
        ctx.dialects[name]
    return ctx
