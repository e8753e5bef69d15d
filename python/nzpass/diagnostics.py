"""One path for every diagnostic nzpass reports.

The bindings can only emit errors (`Location.emit_error`) and cannot attach
notes, so nzpass keeps its own engine: passes report errors, warnings, remarks
and notes here, and diagnostics of the upstream parser and passes are routed
into the same engine by a context handler, in the order they happen.
Printing follows mlir-opt's SourceMgr handler: `FILE:LINE:COL: error: MSG`,
then the source line and a caret when the source is known.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from .bindings import ir


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    REMARK = "remark"


_FROM_MLIR = {
    ir.DiagnosticSeverity.ERROR: Severity.ERROR,
    ir.DiagnosticSeverity.WARNING: Severity.WARNING,
    ir.DiagnosticSeverity.NOTE: Severity.NOTE,
    ir.DiagnosticSeverity.REMARK: Severity.REMARK,
}


@dataclass(frozen=True)
class SourceLoc:
    """A resolved file position; `file is None` means an unknown location."""

    file: str | None
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.file is None:
            return "<unknown>:0"
        return f"{self.file}:{self.line}:{self.col}"


UNKNOWN_LOC = SourceLoc(None)


def resolve_location(loc: ir.Location) -> SourceLoc:
    """The first file:line:col position inside `loc` (names, call sites and
    fused locations are looked through, as mlir-opt does)."""
    pending = [loc]
    while pending:
        current = pending.pop(0)
        if current.is_a_file():
            return SourceLoc(current.filename, current.start_line, current.start_col)
        if current.is_a_name():
            pending.append(current.child_loc)
        elif current.is_a_callsite():
            pending.extend((current.callee, current.caller))
        elif current.is_a_fused():
            pending.extend(current.locations)
    return UNKNOWN_LOC


@dataclass
class Diagnostic:
    severity: Severity
    loc: SourceLoc
    message: str
    notes: list[Diagnostic] = field(default_factory=list)

    def flattened(self) -> Iterator[Diagnostic]:
        """The diagnostic and its notes, each as a diagnostic of its own."""
        yield self
        for note in self.notes:
            yield from note.flattened()


class SourceCache:
    """Source lines by file name, for the caret lines under a diagnostic."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def add(self, name: str, text: str) -> None:
        self._lines[name] = text.split("\n")

    def line(self, loc: SourceLoc) -> str | None:
        lines = self._lines.get(loc.file or "")
        if lines is None or not 1 <= loc.line <= len(lines):
            return None
        return lines[loc.line - 1].rstrip("\r")


def format_diagnostic(diag: Diagnostic, sources: SourceCache | None = None) -> str:
    """mlir-opt's rendering of one diagnostic and its notes."""
    out = [f"{diag.loc}: {diag.severity.value}: {diag.message}"]
    source_line = sources.line(diag.loc) if sources else None
    if source_line is not None:
        out.append(source_line)
        out.append(" " * max(diag.loc.col - 1, 0) + "^")
    text = "\n".join(out) + "\n"
    return text + "".join(format_diagnostic(note, sources) for note in diag.notes)


class DiagnosticEngine:
    """Collects diagnostics from nzpass passes and from MLIR itself."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._column_shifts: dict[tuple[str, int], int] = {}

    def shift_columns(self, file: str, line: int, width: int) -> None:
        """Text of `width` characters was inserted at the start of `line` before
        parsing; report columns on that line as in the original file."""
        self._column_shifts[(file, line)] = width

    def _unshift(self, diag: Diagnostic) -> Diagnostic:
        width = self._column_shifts.get((diag.loc.file or "", diag.loc.line), 0)
        if width:
            col = max(diag.loc.col - width, 1)
            diag.loc = SourceLoc(diag.loc.file, diag.loc.line, col)
        for note in diag.notes:
            self._unshift(note)
        return diag

    @property
    def error_count(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    def emit(self, diag: Diagnostic) -> Diagnostic:
        self.diagnostics.append(self._unshift(diag))
        return diag

    def report(
        self, severity: Severity, location: ir.Location | SourceLoc, message: str,
        notes: Sequence[tuple[ir.Location | SourceLoc, str]] = (),
    ) -> Diagnostic:
        return self.emit(Diagnostic(
            severity, _as_source_loc(location), message,
            [Diagnostic(Severity.NOTE, _as_source_loc(loc), text) for loc, text in notes],
        ))

    def error(self, location, message, notes=()) -> Diagnostic:
        return self.report(Severity.ERROR, location, message, notes)

    def warning(self, location, message, notes=()) -> Diagnostic:
        return self.report(Severity.WARNING, location, message, notes)

    def remark(self, location, message, notes=()) -> Diagnostic:
        return self.report(Severity.REMARK, location, message, notes)

    def take(self) -> list[Diagnostic]:
        taken, self.diagnostics = self.diagnostics, []
        return taken

    @contextmanager
    def capturing(self, ctx: ir.Context) -> Iterator[DiagnosticEngine]:
        """Route the diagnostics MLIR emits in `ctx` into this engine."""

        def handler(d) -> bool:
            # The bindings' diagnostic object dies with the callback: copy it now.
            self.emit(_copy_mlir_diagnostic(d))
            return True

        handle = ctx.attach_diagnostic_handler(handler)
        try:
            yield self
        finally:
            handle.detach()


def _as_source_loc(location: ir.Location | SourceLoc) -> SourceLoc:
    if isinstance(location, SourceLoc):
        return location
    return resolve_location(location)


def _copy_mlir_diagnostic(d) -> Diagnostic:
    return Diagnostic(
        _FROM_MLIR[d.severity], resolve_location(d.location), str(d.message),
        [_copy_mlir_diagnostic(note) for note in d.notes],
    )
