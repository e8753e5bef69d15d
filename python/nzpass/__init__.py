"""nzpass: MLIR passes that block NZ tensor views for the Ascend PTO toolchain.

Embedding API:

- `run_pipeline(module, "builtin.module(block-nz-tensor-views,canonicalize)")`
  runs a pipeline on an `mlir.ir.Module` in place and returns the success flag
  and every diagnostic;
- `add_passes(pm, "pl-to-pto", diagnostics)` adds nzpass passes (and upstream
  ones) to a caller's own `PassManager`;
- `new_context()` gives a context set up for the unregistered `pl`/`pto` dialects;
- `parse_module(text, "kernel.mlir")` parses text as nzpass-opt reads a file, so every
  diagnostic says `kernel.mlir:11:9` (the bindings' `Module.parse` says `-:11:9`);
- `read_pto(text, filename)` parses a `.pto` text in PTOAS's custom syntax (or
  generic form) into a module, raising `PtoReadError` with located diagnostics;
  `print_pto(module)` prints it back in PTOAS's custom syntax.
"""

__version__ = "0.1.0"

from .driver.diagnostics import Diagnostic, DiagnosticEngine, Severity
from .driver.pipeline import PipelineError, PipelineResult, add_passes, run_pipeline
from .driver.source import ParseError, parse_module
from .ir.bindings import new_context
from .pto_syntax.api import PtoReadError, print_pto, read_pto

__all__ = [
    "Diagnostic", "DiagnosticEngine", "ParseError", "PipelineError", "PipelineResult",
    "PtoReadError", "Severity", "__version__", "add_passes", "new_context", "parse_module",
    "print_pto", "read_pto", "run_pipeline",
]
