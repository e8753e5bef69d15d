"""Reading MLIR source: splitting at `// -----` and parsing a buffer into a
module with `file:line:col` locations that match the original file."""

from __future__ import annotations

from dataclasses import dataclass

from .bindings import MLIRError, ir
from .diagnostics import DiagnosticEngine, SourceLoc

SPLIT_MARKER = "// -----"
_IMPLICIT_MODULE_OPEN = "module{"


@dataclass
class Chunk:
    text: str
    first_line: int  # line of the original file the chunk starts on


def split_input(text: str, split: bool) -> list[Chunk]:
    if not split:
        return [Chunk(text, 1)]
    chunks, current, start = [], [], 1
    for index, line in enumerate(text.split("\n")):
        if line.strip().startswith(SPLIT_MARKER):
            chunks.append(Chunk("\n".join(current), start))
            current, start = [], index + 2
            continue
        current.append(line)
    chunks.append(Chunk("\n".join(current), start))
    return chunks


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
                diagnostics: DiagnosticEngine) -> ir.Operation | None:
    """Parse a chunk as a module; top-level ops that are not one `builtin.module`
    are wrapped in an implicit module, as mlir-opt does. Errors go to
    `diagnostics` (which must be capturing `ctx`)."""
    padding = "\n" * (chunk.first_line - 1)
    parsed = _try_parse(padding + chunk.text, name, ctx, diagnostics)
    if isinstance(parsed, ir.Operation) and parsed.name == "builtin.module":
        return parsed
    if parsed is None:
        return None
    # Wrap on the chunk's first line so every later line keeps its number;
    # diagnostics on that first line are shifted back by the wrapper's width.
    diagnostics.shift_columns(name, chunk.first_line, len(_IMPLICIT_MODULE_OPEN))
    wrapped = padding + _IMPLICIT_MODULE_OPEN + chunk.text + "\n}"
    result = _try_parse(wrapped, name, ctx, diagnostics, final=True)
    return result if isinstance(result, ir.Operation) else None


_NEEDS_WRAP = "source must contain a single top-level operation"


def _try_parse(text: str, name: str, ctx: ir.Context, diagnostics: DiagnosticEngine,
               final: bool = False) -> ir.Operation | bool | None:
    """The parsed op; True when the text must be wrapped; None on an error."""
    mark = len(diagnostics.diagnostics)
    try:
        return ir.Operation.parse(text, source_name=name, context=ctx).operation
    except MLIRError:
        new = diagnostics.diagnostics[mark:]
        if not final and len(new) == 1 and new[0].message.startswith(_NEEDS_WRAP):
            del diagnostics.diagnostics[mark:]
            return True
        return None
