"""Reading and printing whole `.pto` texts: the embedding API behind
`nzpass.read_pto` and `nzpass.print_pto`."""

from __future__ import annotations

from ..driver.diagnostics import Diagnostic, DiagnosticEngine
from ..driver.source import Chunk, name_locations, parse_chunk
from ..ir.bindings import ir, new_context
from .printer import to_custom


class PtoReadError(Exception):
    """A `.pto` text that does not read: `diagnostics` holds every error,
    each at its file, line and column."""

    def __init__(self, diagnostics: list[Diagnostic]):
        first = next((d for d in diagnostics if d.severity.value == "error"), None)
        super().__init__(f"{first.loc}: {first.message}" if first else "cannot read the text")
        self.diagnostics = diagnostics


def read_pto(text: str, filename: str = "<pto>", context: ir.Context | None = None
             ) -> ir.Module:
    """Parse `text` (PTOAS custom syntax, generic form, or a mix) into a
    module of `context` (a new nzpass context when None). Custom pto ops are
    read into their generic form, pto types into their one canonical
    spelling; locations point at `filename` and the original line and
    column. Raises PtoReadError with the located diagnostics."""
    ctx = context if context is not None else new_context()
    engine = DiagnosticEngine()
    with engine.capturing(ctx):
        module = parse_chunk(Chunk(text, 1), filename, ctx, engine)
    if module is None:
        raise PtoReadError(engine.take())
    # The bindings' parser puts every location in file `-`: name it.
    return name_locations(module, filename)


def print_pto(module: ir.Module | ir.Operation | str) -> str:
    """`module` (or a module's printed text) with every pto op that has a
    custom form printed in PTOAS's custom syntax and pto types in PTOAS's
    spelling; any other op stays generic (PTOAS reads both)."""
    if isinstance(module, str):
        return to_custom(module)
    operation = module.operation if isinstance(module, ir.Module) else module
    # The stubs type get_asm as object; it returns str unless binary=True.
    return to_custom(operation.get_asm(assume_verified=True))  # type: ignore[arg-type]
