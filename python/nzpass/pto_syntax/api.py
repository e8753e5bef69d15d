"""Reading and printing whole `.pto` texts: the embedding API behind
`nzpass.read_pto` and `nzpass.print_pto`."""

from __future__ import annotations

import typing

from ..driver.diagnostics import Diagnostic, DiagnosticEngine
from ..driver.source import Chunk, name_locations, parse_chunk
from ..ir.bindings import ir, new_context
from .printer import Unwritable, write_text


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


class PtoWriteError(Exception):
    """A module holding an op `print_pto` refuses to write (see
    `printer.Unwritable`); `messages` holds one message per such op, each
    starting with where it is."""

    def __init__(self, messages: list[str]):
        super().__init__(messages[0])
        self.messages = messages


def print_pto(module: ir.Module | ir.Operation | str) -> str:
    """`module` (or a module's printed text) with every pto op that has a
    custom form printed in PTOAS's custom syntax and pto types in PTOAS's
    spelling; any other op stays generic (PTOAS reads both). Raises
    PtoWriteError for an op whose generic text PTOAS versions read differently
    and whose custom form does not print it."""
    if isinstance(module, str):
        text, operation = module, None
    else:
        operation = module.operation if isinstance(module, ir.Module) else module
        # The stubs type get_asm as object; it returns str unless binary=True.
        text = typing.cast(str, operation.get_asm(assume_verified=True))
    written, unwritable = write_text(text, "custom")
    if unwritable:
        raise PtoWriteError([f"{_where(found, text, operation)}: {found.message}"
                             for found in unwritable])
    return written


def _where(found: Unwritable, text: str, operation: ir.Operation | None) -> str:
    """The op's location, or its line and column in `text` without a module."""
    if operation is not None:
        return str(unwritable_location(operation, found))
    line = text.count("\n", 0, found.offset) + 1
    return f"line {line}, column {found.offset - text.rfind(chr(10), 0, found.offset)}"


def unwritable_location(operation: ir.Operation, found: Unwritable) -> ir.Location:
    """The location of the op `found` names in the printed text of `operation`:
    MLIR prints ops in pre-order, the order of the walk."""
    seen: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == found.name:
            seen.append(op)
        return ir.WalkResult.INTERRUPT if len(seen) > found.ordinal else ir.WalkResult.ADVANCE

    operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return seen[found.ordinal].location if len(seen) > found.ordinal else operation.location
