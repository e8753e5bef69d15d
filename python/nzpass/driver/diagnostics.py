"""One path for every diagnostic nzpass reports.

The bindings can only emit errors (`Location.emit_error`) and cannot attach
notes, so nzpass keeps its own engine: passes report errors, warnings, remarks
and notes here, and diagnostics of the upstream parser and passes are routed
into the same engine by a context handler, in the order they happen.
Printing follows mlir-opt's SourceMgr handler: `FILE:LINE:COL: error: MSG`,
then the source line and a caret when the position is inside a known source.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

from ..ir.bindings import ir
from ..ir.walk import file_position
from ..records import Fields, record


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

# mlir-opt's SourceMgr handler follows at most this many call-site callers.
_CALL_STACK_LIMIT = 10
# The note MLIR attaches to op diagnostics unless printOpOnDiagnostic is off,
# which mlir-opt turns off under --verify-diagnostics.
_CURRENT_OP_NOTE = "see current operation: "
_UNKNOWN_LOC_TEXT = "loc(unknown)"


@record
class SourceLoc(NamedTuple):
    """A resolved file position. `file is None` means no file position; a
    location that has none but is not `loc(unknown)` keeps its printed form in
    `label`, which mlir-opt shows in front of the message."""

    file: str | None
    line: int = 0
    col: int = 0
    label: str = ""

    def __str__(self) -> str:
        if self.file is None:
            return "<unknown>:0"
        return f"{self.file}:{self.line}:{self.col}"


UNKNOWN_LOC = SourceLoc(None)


def _children(loc: ir.Location, through_call_sites: bool) -> list[ir.Location]:
    if loc.is_a_name():
        return [loc.child_loc]
    if loc.is_a_callsite() and through_call_sites:
        return [loc.callee, loc.caller]
    if loc.is_a_fused():
        return list(loc.locations)
    return []


def _first_location(loc: ir.Location, through_call_sites: bool,
                    wanted: Callable[[ir.Location], bool]) -> ir.Location | None:
    """The first location `wanted` accepts in a pre-order walk of `loc`. The
    walk keeps its own stack: locations nest as deep as the input writes them."""
    pending = [loc]
    while pending:
        current = pending.pop()
        if wanted(current):
            return current
        pending.extend(reversed(_children(current, through_call_sites)))
    return None


def _first_file_location(loc: ir.Location) -> ir.Location | None:
    """MLIR's `findInstanceOf<FileLineColLoc>`: a pre-order walk through names,
    call sites (callee first) and fused locations."""
    return _first_location(loc, True, lambda current: current.is_a_file())


def resolve_location(loc: ir.Location) -> SourceLoc:
    """The file:line:col position mlir-opt prints for `loc`."""
    file_loc = _first_file_location(loc)
    if file_loc is not None:
        return SourceLoc(file_loc.filename, *file_position(file_loc))
    text = str(loc)
    return UNKNOWN_LOC if text == _UNKNOWN_LOC_TEXT else SourceLoc(None, label=text)


def _call_site(loc: ir.Location) -> ir.Location | None:
    """The call-site location inside `loc`, looking through names and fused
    locations only, as mlir-opt does for its "called from" notes."""
    return _first_location(loc, False, lambda current: current.is_a_callsite())


def call_stack(loc: ir.Location) -> list[SourceLoc]:
    """The callers mlir-opt lists as "called from" notes under a diagnostic."""
    callers: list[SourceLoc] = []
    site = _call_site(loc)
    while site is not None and len(callers) < _CALL_STACK_LIMIT:
        callers.append(resolve_location(site.caller))
        site = _call_site(site.caller)
    return callers


class Diagnostic(Fields):
    _fields = ("severity", "loc", "message", "notes", "called_from", "span")
    __slots__ = _fields

    def __init__(self, severity: Severity, loc: SourceLoc, message: str,
                 notes: list[Diagnostic] | None = None,
                 called_from: list[SourceLoc] | None = None, span: int = 0):
        self.severity = severity
        self.loc = loc
        self.message = message
        self.notes: list[Diagnostic] = [] if notes is None else notes
        # Callers of a call-site location, printed as "called from" notes.
        self.called_from: list[SourceLoc] = [] if called_from is None else called_from
        # Width of the `~` underline that starts at the caret (mlir-opt underlines
        # the expected-* comment that a --verify-diagnostics failure points at).
        self.span = span

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
        """The line `loc` points into, or None where mlir-opt shows no source:
        an unknown file, line or column 0, or a column past the line's end."""
        lines = self._lines.get(loc.file or "")
        if lines is None or not 1 <= loc.line <= len(lines) or loc.col < 1:
            return None
        text = lines[loc.line - 1].rstrip("\r")
        # MLIR columns count bytes.
        return text if loc.col <= len(text.encode("utf-8")) + 1 else None


_TAB_STOP = 8


def _expand_tabs_like(source: str, marks: str) -> str:
    """`marks`, a line of carets under `source`, with every tab of `source`
    widened to the next tab stop, as LLVM's SMDiagnostic prints it."""
    out, col = [], 0
    for index, mark in enumerate(marks):
        width = 1
        if index < len(source) and source[index] == "\t":
            width = _TAB_STOP - col % _TAB_STOP
        out.append(mark * width)
        col += width
    return "".join(out)


def _source_excerpt(source: str, col: int, span: int) -> str:
    """LLVM's source line and caret line for a 1-based column."""
    if not source.isascii():
        # LLVM gives up on carets for lines with multi-byte characters.
        return source.expandtabs(_TAB_STOP) + "\n"
    marks = [" "] * (len(source) + 1)
    start = col - 1
    for index in range(start, min(start + span, len(marks))):
        marks[index] = "~"
    marks[min(start, len(source))] = "^"
    caret = _expand_tabs_like(source, "".join(marks).rstrip(" "))
    return f"{source.expandtabs(_TAB_STOP)}\n{caret}\n"


def _format_one(severity: Severity, loc: SourceLoc, message: str,
                sources: SourceCache | None, show_source: bool = True, span: int = 0) -> str:
    if loc.label:
        message = f"{loc.label}: {message}"
    head = f"{loc}: {severity.value}: {message}\n"
    source = sources.line(loc) if sources and show_source else None
    return head if source is None else head + _source_excerpt(source, loc.col, span)


def format_diagnostic(diag: Diagnostic, sources: SourceCache | None = None) -> str:
    """mlir-opt's rendering of one diagnostic, its call stack and its notes; a
    note shows its source line only when its location differs from the one
    printed before it."""
    out = [_format_one(diag.severity, diag.loc, diag.message, sources, span=diag.span)]
    out += [_format_one(Severity.NOTE, caller, "called from", sources)
            for caller in diag.called_from]
    previous = diag.called_from[-1] if diag.called_from else diag.loc
    for note in (n for top in diag.notes for n in top.flattened()):
        out.append(_format_one(note.severity, note.loc, note.message, sources,
                               show_source=note.loc != previous))
        previous = note.loc
    return "".join(out)


class DiagnosticEngine:
    """Collects diagnostics from nzpass passes and from MLIR itself.

    `on_emit`, when given, sees every diagnostic as it is emitted, so a tool can
    print it in order with the IR dumps MLIR writes. `print_op_on_diagnostic`
    off drops MLIR's "see current operation" notes, as mlir-opt does under
    --verify-diagnostics.
    """

    def __init__(self, on_emit: Callable[[Diagnostic], None] | None = None,
                 print_op_on_diagnostic: bool = True) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._on_emit = on_emit
        self._print_op_on_diagnostic = print_op_on_diagnostic
        self._file_names: dict[str, str] = {}
        self._positions: dict[str, Callable[[int, int], tuple[int, int]]] = {}

    def rename_file(self, parsed_as: str, name: str,
                    position: Callable[[int, int], tuple[int, int]] | None = None) -> None:
        """Report positions in file `parsed_as` as positions in `name` (the
        bindings' module parser names every buffer `-`), each (line, column)
        moved to `position(line, column)` when given (the buffer holds a
        rewrite of the file: the generic form of its custom pto ops)."""
        self._file_names[parsed_as] = name
        if position is None:
            self._positions.pop(parsed_as, None)
        else:
            self._positions[parsed_as] = position

    def _renamed(self, loc: SourceLoc) -> SourceLoc:
        name = self._file_names.get(loc.file or "")
        if name is None:
            return loc
        position = self._positions.get(loc.file or "")
        if position is None:
            return loc._replace(file=name)
        line, col = position(loc.line, loc.col)
        return loc._replace(file=name, line=line, col=col)

    def _relocate(self, diag: Diagnostic) -> Diagnostic:
        diag.loc = self._renamed(diag.loc)
        diag.called_from = [self._renamed(caller) for caller in diag.called_from]
        for note in diag.notes:
            self._relocate(note)
        return diag

    @property
    def error_count(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    def emit(self, diag: Diagnostic) -> Diagnostic:
        self.diagnostics.append(self._relocate(diag))
        if self._on_emit is not None:
            self._on_emit(diag)
        return diag

    def report(
        self, severity: Severity, location: ir.Location | SourceLoc, message: str,
        notes: Sequence[tuple[ir.Location | SourceLoc, str]] = (),
    ) -> Diagnostic:
        return self.emit(Diagnostic(
            severity, _as_source_loc(location), message,
            [Diagnostic(Severity.NOTE, _as_source_loc(loc), text) for loc, text in notes],
            called_from=call_stack(location) if isinstance(location, ir.Location) else [],
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
            self.emit(self._copy_mlir_diagnostic(d))
            return True

        handle = ctx.attach_diagnostic_handler(handler)
        try:
            yield self
        finally:
            handle.detach()  # pyright: ignore[reportAttributeAccessIssue]

    def _copy_mlir_diagnostic(self, d) -> Diagnostic:
        notes = [note for note in d.notes if self._print_op_on_diagnostic
                 or not str(note.message).startswith(_CURRENT_OP_NOTE)]
        return Diagnostic(
            _FROM_MLIR[d.severity], resolve_location(d.location), str(d.message),
            [self._copy_mlir_diagnostic(note) for note in notes],
            called_from=call_stack(d.location),
        )


def _as_source_loc(location: ir.Location | SourceLoc) -> SourceLoc:
    if isinstance(location, SourceLoc):
        return location
    return resolve_location(location)
