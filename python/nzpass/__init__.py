"""nzpass: MLIR passes that block NZ tensor views for the Ascend PTO toolchain.

Embedding API:

- `run_pipeline(module, "builtin.module(block-nz-tensor-views,canonicalize)")`
  runs a pipeline on an `mlir.ir.Module` in place and returns the success flag
  and every diagnostic;
- `add_passes(pm, "pl-to-pto", diagnostics)` adds nzpass passes (and upstream
  ones) to a caller's own `PassManager`;
- `new_context()` (also spelled `Context()`) gives a lean context set up for the
  unregistered `pl`/`pto` dialects: make one and reuse it for every kernel
  (`parse_module(text, name, context=ctx)`, then `run_pipeline`);
- `parse_module(text, "kernel.mlir")` parses text as nzpass-opt reads a file, so every
  diagnostic says `kernel.mlir:11:9` (the bindings' `Module.parse` says `-:11:9`);
- `read_pto(text, filename)` parses a `.pto` text in PTOAS's custom syntax (or
  generic form) into a module, raising `PtoReadError` with located diagnostics;
  `print_pto(module)` prints it back in PTOAS's custom syntax (raising `PtoWriteError`
  for an op it would have to leave ambiguous: docs/ir.md).

Names are imported on first use: `import nzpass` alone loads nothing else, so a
tool that needs one name pays for that name's modules only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

__version__ = "0.1.0"

# Each public name -> the module that defines it (imported on first access).
_EXPORTS = {
    "Diagnostic": ".driver.diagnostics", "DiagnosticEngine": ".driver.diagnostics",
    "Severity": ".driver.diagnostics",
    "PipelineError": ".driver.pipeline", "PipelineResult": ".driver.pipeline",
    "add_passes": ".driver.pipeline", "run_pipeline": ".driver.pipeline",
    "ParseError": ".driver.source", "parse_module": ".driver.source",
    "Context": ".ir.bindings", "new_context": ".ir.bindings",
    "PtoReadError": ".pto_syntax.api", "print_pto": ".pto_syntax.api",
    "read_pto": ".pto_syntax.api", "PtoWriteError": ".pto_syntax.api",
}

__all__ = [
    "Context", "Diagnostic", "DiagnosticEngine", "ParseError", "PipelineError",
    "PipelineResult", "PtoReadError", "PtoWriteError", "Severity", "__version__", "add_passes",
    "new_context", "parse_module", "print_pto", "read_pto", "run_pipeline",
]

if TYPE_CHECKING:  # the names as pyright and IDEs see them
    from .driver.diagnostics import Diagnostic, DiagnosticEngine, Severity
    from .driver.pipeline import PipelineError, PipelineResult, add_passes, run_pipeline
    from .driver.source import ParseError, parse_module
    from .ir.bindings import Context, new_context
    from .pto_syntax.api import PtoReadError, PtoWriteError, print_pto, read_pto


__getattr__ = lazy_names(__name__, _EXPORTS, globals())


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
