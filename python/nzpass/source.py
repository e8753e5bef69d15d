"""Reading MLIR source: splitting at `// -----` and parsing a chunk into a
module whose `file:line:col` locations match the original file."""

from __future__ import annotations

from dataclasses import dataclass

from .bindings import MLIRError, ir
from .diagnostics import Diagnostic, DiagnosticEngine, Severity, SourceLoc

SPLIT_MARKER = "// -----"
# mlir-opt splits at the marker without its last two dashes and warns when
# those do not follow, so a mistyped `// ----` is not silently one chunk.
_SPLIT_PREFIX, _SPLIT_SUFFIX = SPLIT_MARKER[:-2], SPLIT_MARKER[-2:]
# `Module.parse` has no source name: every location it makes is in file `-`.
_PARSER_BUFFER_NAME = "-"


@dataclass
class Chunk:
    text: str
    first_line: int  # where in the original file the chunk starts
    first_col: int = 1


def _position(text: str, offset: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def split_input(text: str, name: str, split: bool) -> tuple[list[Chunk], list[Diagnostic]]:
    """The chunks mlir-opt's --split-input-file makes of `text` (the whole text
    when `split` is off), and a warning for each near miss of the marker."""
    if not split:
        return [Chunk(text, 1)], []
    chunks: list[Chunk] = []
    near_misses: list[Diagnostic] = []
    start = 0
    found = text.find(_SPLIT_PREFIX)
    while found >= 0:
        after = found + len(_SPLIT_PREFIX)
        following = text.find(_SPLIT_PREFIX, after)
        piece = text[after:following if following >= 0 else len(text)]
        if piece.startswith(_SPLIT_SUFFIX) and len(piece) > len(_SPLIT_SUFFIX):
            chunks.append(Chunk(text[start:found], *_position(text, start)))
            start = after + len(_SPLIT_SUFFIX)
        else:
            near_miss = SourceLoc(name, *_position(text, after))
            near_misses.append(Diagnostic(Severity.WARNING, near_miss,
                                          "near miss with file split marker"))
        found = following
    chunks.append(Chunk(text[start:], *_position(text, start)))
    return chunks, near_misses


def decode_source(data: bytes, name: str, diagnostics: DiagnosticEngine) -> str | None:
    """The text of `data`, or None after an error at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[:err.start]
        line = before.count(b"\n") + 1
        col = err.start - (before.rfind(b"\n") + 1) + 1
        diagnostics.error(SourceLoc(name, line, col),
                          "input is not valid UTF-8: MLIR source must be UTF-8 text")
        return None


def parse_chunk(chunk: Chunk, name: str, ctx: ir.Context,
                diagnostics: DiagnosticEngine) -> ir.Module | None:
    """Parse a chunk as mlir-opt does: a lone `builtin.module` is the module,
    any other top-level ops (and attribute aliases) go in an implicit one.
    Errors go to `diagnostics`, which must be capturing `ctx`; positions are
    those of the chunk in file `name`."""
    # Padding puts the chunk where it is in the original file.
    padding = "\n" * (chunk.first_line - 1) + " " * (chunk.first_col - 1)
    diagnostics.rename_file(_PARSER_BUFFER_NAME, name)
    try:
        return ir.Module.parse(padding + chunk.text, context=ctx)
    except MLIRError:
        return None  # the parser's diagnostics are already in `diagnostics`
