"""The one module that imports the upstream MLIR Python bindings.

Everything else in nzpass gets `ir`, `passmanager` and the dialect builders
from here, so the context set-up (unregistered dialects allowed, a single
thread for a deterministic diagnostic order, the dialect module search
prefix, the dialects loaded) lives in exactly one place.
"""

from __future__ import annotations

import os
import sys
import typing

from .. import collector
from . import op_names

# `mlir.ir` imports numpy whenever it is importable, only to register three
# ElementsAttr builders nzpass never calls: 70 ms of a 200 ms start-up. numpy is
# hidden while the bindings load (they skip those builders on ImportError); a
# process that imported numpy or the bindings before nzpass keeps them.
_HIDE_NUMPY = "numpy" not in sys.modules and "mlir.ir" not in sys.modules
if _HIDE_NUMPY:
    sys.modules["numpy"] = None  # type: ignore[assignment]  # import numpy -> ImportError
# Python opens extensions with RTLD_NOW, which binds all 23k function symbols of the
# 200 MB CAPI library before the first call (7 ms of a 50 ms load); lazy binding
# resolves only those called. The collector is paused too: every object the load
# makes (the bindings' classes and their methods) lives as long as the process.
_DLOPEN_FLAGS = sys.getdlopenflags()
with collector.paused():
    sys.setdlopenflags((_DLOPEN_FLAGS & ~os.RTLD_NOW) | os.RTLD_LAZY)
    try:
        from mlir import ir, passmanager
        from mlir._mlir_libs import _mlir, get_dialect_registry
    finally:
        sys.setdlopenflags(_DLOPEN_FLAGS)
        if _HIDE_NUMPY:
            del sys.modules["numpy"]

__all__ = ["MODULE", "MLIRError", "ir", "new_context", "passmanager"]

MLIRError = ir.MLIRError  # pyright: ignore[reportAttributeAccessIssue]  # set at run time

# Searched first: its empty modules for `pl` and `pto`, and for the upstream dialects
# whose generated views nzpass does not use (op_names.STOOD_IN_DIALECTS), so that
# wrapping one of their ops does not import `mlir.dialects.<name>` (12 ms at start-up).
# Views registered by a process that imports those modules itself are still found.
_DIALECT_PREFIX = "nzpass._dialect_modules"
if _DIALECT_PREFIX not in _mlir.globals.dialect_search_modules:
    _mlir.globals.dialect_search_modules = [_DIALECT_PREFIX,
                                            *_mlir.globals.dialect_search_modules]

MODULE = op_names.BUILTIN_MODULE

# The upstream dialects nzpass builds ops of. Every other registered dialect
# (memref, affine...) is loaded by the parser when the input uses it.
LOADED_DIALECTS = op_names.STOOD_IN_DIALECTS


class _LeanContext(_mlir.ir._Context):  # pyright: ignore[reportAttributeAccessIssue]
    """The native context class, not the bindings' load-everything subclass; a
    Python subclass all the same, so a weak reference can watch it die."""


def new_context() -> ir.Context:
    """A context that accepts the unregistered `pl` and `pto` dialects.

    Lean: the bindings' `ir.Context()` loads every upstream dialect and starts
    a thread pool (8 ms); this one loads only what nzpass builds (0.3 ms) and
    knows every other registered dialect, so the parser loads it on demand."""
    ctx = typing.cast(ir.Context, _LeanContext())
    ctx.append_dialect_registry(get_dialect_registry())
    ctx.allow_unregistered_dialects = True
    ctx.enable_multithreading(False)
    ctx.emit_error_diagnostics = True
    for name in LOADED_DIALECTS:
        ctx.dialects[name]
    return ctx


# The API's name for it: `nzpass.Context()` reads as the context it is.
Context = new_context
