"""Reading MLIR source: splitting at `// -----` and parsing a chunk into a
module whose `file:line:col` locations match the original file."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import accumulate
from typing import NamedTuple

from ..dialects.opaque import NOT_CLOSING
from ..ir.bindings import MLIRError, ir, new_context
from ..ir.walk import block_arguments, file_position, nested_ops
from .diagnostics import (
    Diagnostic,
    DiagnosticEngine,
    Severity,
    SourceCache,
    SourceLoc,
    format_diagnostic,
)

SPLIT_MARKER = "// -----"
# mlir-opt splits at the marker without its last two dashes and warns when
# those do not follow, so a mistyped `// ----` is not silently one chunk.
_SPLIT_PREFIX, _SPLIT_SUFFIX = SPLIT_MARKER[:-2], SPLIT_MARKER[-2:]
# `Module.parse` has no source name: every location it makes is in file `-`.
_PARSER_BUFFER_NAME = "-"

# The MLIR parser recurses on the C stack once per level of nesting (regions,
# attributes, types, locations, and the aliases they expand), and the printer
# and verifier do too: some 2300 nested regions overflow the stack and kill
# the process (SIGSEGV). Input that nests deeper than this is refused first.
MAX_NESTING = 1000
_OPENING, _CLOSING = b"{([<", b"})]>"
# Bracket steps by byte; every other byte is dropped before they are summed.
_DEPTH_STEP = [(byte in _OPENING) - (byte in _CLOSING) for byte in range(256)]
_NOT_BRACKETS = bytes(byte for byte in range(256) if not _DEPTH_STEP[byte])
# The patterns of the deep-nesting check, compiled (by `re`'s cache) only for the
# rare input with that many brackets: compiling them costs every run 0.5 ms.
# What does not nest: string literals, comments, and a `>` that closes nothing
# (counted as closing, each `>=` let the rest of the input nest one level deeper
# unseen, until the parser overflowed its stack).
_NOT_NESTING = r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|' + "|".join(map(re.escape, NOT_CLOSING))
_NESTING_TOKEN = _NOT_NESTING + r"|[{(\[<]|[})\]>]"
# Searched in "\n" + text: a literal first character keeps the scan fast.
_ALIAS_DEFINITION = r"\n[ \t]*([#!][\w.$-]+)[ \t]*=([^\n]*)"
_ALIAS_NAME = r"[#!][\w.$-]+"


class Chunk(NamedTuple):
    # A named tuple, not a dataclass: a dataclass costs 0.5 ms of start-up to build.
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


def _max_depth(text: str) -> int:
    """The deepest bracket nesting of `text`, comments and strings left out."""
    brackets = re.sub(_NOT_NESTING, "", text).encode().translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def _too_deep_offset(text: str) -> int:
    """Where in `text` the bracket nesting first goes past MAX_NESTING."""
    depth = 0
    for token in re.finditer(_NESTING_TOKEN, text):
        depth += _DEPTH_STEP[ord(token.group()[0])] if len(token.group()) == 1 else 0
        if depth > MAX_NESTING:
            return token.start()
    return 0


def _too_deep_alias(text: str) -> re.Match | None:
    """The first alias definition whose expansion nests deeper than
    MAX_NESTING (bounded by the nesting of its body plus that of the
    deepest alias it names: aliases are defined before they are used)."""
    depths: dict[str, int] = {}
    for definition in re.finditer(_ALIAS_DEFINITION, "\n" + text):
        body = definition.group(2)
        named = (depths.get(name, 0) for name in re.findall(_ALIAS_NAME, body))
        depth = _max_depth(body) + max(named, default=0)
        if depth > MAX_NESTING:
            return definition
        depths[definition.group(1)] = depth
    return None


def check_nesting(chunk: Chunk, name: str, diagnostics: DiagnosticEngine) -> bool:
    """Whether the chunk nests shallowly enough for the MLIR parser; an error
    at the first place that nests too deep otherwise."""
    text = chunk.text
    if sum(map(text.count, "{([<")) <= MAX_NESTING:
        return True  # each level of nesting, aliases included, opens a bracket
    alias = _too_deep_alias(text)
    if alias is not None:
        offset, what = alias.start(1) - 1, f"alias '{alias.group(1)}' nests"
    elif _max_depth(text) > MAX_NESTING:
        offset, what = _too_deep_offset(text), "the input nests"
    else:
        return True
    line = _position(text, offset)[0]
    # MLIR columns count bytes.
    line_start = text.rfind("\n", 0, offset) + 1
    col = len(text[line_start:offset].encode()) + (chunk.first_col if line == 1 else 1)
    diagnostics.error(SourceLoc(name, chunk.first_line + line - 1, col),
                      f"{what} deeper than {MAX_NESTING} levels: the MLIR parser recurses once "
                      "per level and would overflow its stack; nest less deeply")
    return False


# Strings and line comments, whose text the parser never reads as attributes.
_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*')
# A dense array of `index` elements trips an assertion inside the parser of the
# bindings (they are built with assertions): the process would abort.
_INDEX_DENSE_ARRAY = re.compile(r"\barray\s*<\s*index\b")
# The same spelling in the raw text, where a string or a comment may stand for the
# blanks masking leaves: every match of the masked text is one of these, so a text
# without one needs no masking (which builds a string per quoted op name).
_GAP = r'(?:\s|"(?:[^"\\\n]|\\.)*"|//[^\n]*)*'
_MAY_HOLD_INDEX_DENSE_ARRAY = re.compile(r"\barray" + _GAP + "<" + _GAP + r"index\b")
# Every `array` the pattern above can match is one this finds: one spelled
# `array<i32` or `array<f64` is not followed by a gap and `index`. This pattern
# starts with a literal, which the `re` engine scans for at memchr speed (5 ms on a
# 10 MB module against 260 ms for the one above, whose leading \b defeats that).
_ARRAY_NOT_OF_NUMBERS = re.compile(r"array(?!<[if]\d)")


def may_hold_pto_syntax(text: str) -> bool:
    """Whether the pto reader may change `text`: it rewrites custom-syntax pto ops and
    respells pto types and attributes, each named `pto.` outside strings and comments.
    Any other text it returns unchanged, so a text in `pl` or upstream dialects never
    loads the reader (15 ms of imports and its op table)."""
    return "pto." in text and "pto." in _STRING_OR_COMMENT.sub("", text)


def check_parser_hazards(chunk: Chunk, name: str, diagnostics: DiagnosticEngine) -> bool:
    """Whether the chunk is free of spellings that abort the upstream parser; an
    error at the first such spelling otherwise."""
    text = chunk.text
    for find in _PARSER_HAZARDS:
        found = find(text)
        if found is None:
            continue
        offset, message = found
        line = _position(text, offset)[0]
        line_start = text.rfind("\n", 0, offset) + 1
        col = len(text[line_start:offset].encode()) + (chunk.first_col if line == 1 else 1)
        diagnostics.error(SourceLoc(name, chunk.first_line + line - 1, col), message)
        return False
    return True


def _index_dense_array(text: str) -> tuple[int, str] | None:
    """`array<index: ...>`: the parser asserts on a dense array of index elements."""
    if "index" not in text or _ARRAY_NOT_OF_NUMBERS.search(text) is None:
        return None
    if _MAY_HOLD_INDEX_DENSE_ARRAY.search(text) is None:
        return None
    masked = _STRING_OR_COMMENT.sub(lambda m: " " * len(m.group()), text)
    found = _INDEX_DENSE_ARRAY.search(masked)
    if found is None:
        return None
    return found.start(), ("dense array of index elements: MLIR has no array<index: ...> "
                           "attribute (a dense array holds integers of a fixed width or "
                           "floats), and the upstream parser aborts on it; write array<i32: "
                           "...> (operandSegmentSizes) or array<i64: ...>")


def _overflowing_dense_literal(text: str) -> tuple[int, str] | None:
    """`dense<...> : tensor<...>` (or vector) of a shape whose element count passes int64:
    the parser counts the elements in an int64 and asserts when the count turns
    negative after any dim, a 0 after it too (found by fuzzing the corpus:
    tensor<9223372036854775807x128xf32>). Refused where a prefix of the dims passes int64,
    however the product wraps: no buffer holds that many elements."""
    if "dense" not in text:
        return None
    masked = _STRING_OR_COMMENT.sub(lambda m: " " * len(m.group()), text)
    for literal in _DENSE_LITERAL.finditer(masked):
        typed = _DENSE_TYPE.match(masked, literal.end())
        if typed is None:
            continue
        count = 1
        for dim in _STATIC_DIM.findall(typed.group("dims")):
            count *= int(dim)
            if count > _INT64_MAX:  # at any prefix: the parser checks after each dim
                return literal.start(), (
                    f"dense literal of {typed.group('kind')}<{typed.group('dims')}...>: its "
                    f"dims up to {dim} hold {count} elements, more than int64 counts: the "
                    "upstream parser aborts on it; no buffer holds that many elements, so "
                    "give the type a real shape")
    return None


_INT64_MAX = (1 << 63) - 1
# `dense<` up to its closing `>` (a literal holds no angle brackets: numbers, brackets,
# parentheses, strings, which masking blanks), then the type that follows the colon.
_DENSE_LITERAL = re.compile(r"\bdense\s*<[^<>]*>")
_DENSE_TYPE = re.compile(r"\s*:\s*(?P<kind>tensor|vector)\s*<(?P<dims>(?:\s*\[?\s*\d+\s*\]?\s*x)+)")
_STATIC_DIM = re.compile(r"\d+")
_PARSER_HAZARDS = (_index_dense_array, _overflowing_dense_literal)


def parse_chunk(chunk: Chunk, name: str, ctx: ir.Context, diagnostics: DiagnosticEngine,
                pto_syntax: bool | None = None) -> ir.Module | None:
    """Parse a chunk as mlir-opt does: a lone `builtin.module` is the module,
    any other top-level ops (and attribute aliases) go in an implicit one.
    Errors go to `diagnostics`, which must be capturing `ctx`; positions are
    those of the chunk in file `name`. Custom-syntax pto ops are read into
    generic form first; the parser's diagnostics and the module's locations
    point where the user wrote the text, not where the generic form has it.
    `pto_syntax`: `may_hold_pto_syntax(chunk.text)` where the caller has asked already
    (a full scan of the text: 0.2 s on a 26 MB module)."""
    if not (check_nesting(chunk, name, diagnostics)
            and check_parser_hazards(chunk, name, diagnostics)):
        return None
    text, positions = chunk.text, None
    if pto_syntax is None:
        pto_syntax = may_hold_pto_syntax(text)
    if pto_syntax:
        from .. import pto_syntax as reader

        read = reader.read_source(text, name, diagnostics, chunk.first_line,
                                  chunk.first_col)
        if read is None:
            return None
        text, positions = read
    # Padding puts the chunk where it is in the original file.
    padding = "\n" * (chunk.first_line - 1) + " " * (chunk.first_col - 1)
    diagnostics.rename_file(_PARSER_BUFFER_NAME, name, positions)
    try:
        module = ir.Module.parse(padding + text, context=ctx)
    except MLIRError:
        return None  # the parser's diagnostics are already in `diagnostics`
    finally:
        # The module's locations are moved below: later diagnostics are at them.
        diagnostics.rename_file(_PARSER_BUFFER_NAME, name)
    if positions is not None:
        _move_locations(module, positions)
    return module


def _move_locations(module: ir.Module, position: Callable[[int, int], tuple[int, int]]
                    ) -> None:
    """Put each op and block argument the parser located in its buffer at the
    position `position` gives for it (where the user wrote it)."""

    def moved(loc: ir.Location) -> ir.Location | None:
        if not loc.is_a_file() or loc.filename != _PARSER_BUFFER_NAME:
            return None  # a location the text states
        written = file_position(loc)
        line, col = position(*written)
        if (line, col) == written:
            return None
        return ir.Location.file(_PARSER_BUFFER_NAME, line, col, context=module.context)

    for op in [module.operation, *nested_ops(module.operation)]:
        new = moved(op.location)
        if new is not None:
            op.location = new
        for argument in block_arguments(op):
            new = moved(argument.location)
            if new is not None:
                argument.set_location(new)


# A file position as the printer spells it inside any location (`loc("-":3:9)`, a name's
# child, a call site, a fused list): a quoted file name can occur nowhere else, since the
# printer escapes every quote inside strings. (Compiled on first use, by `re`'s cache.)
_PARSED_POSITION = re.escape(f'"{_PARSER_BUFFER_NAME}"') + r"(?=:\d+:\d+)"


def _mlir_string(text: str) -> str:
    """`text` as an MLIR string literal (quotes, backslashes and controls as `\\XX`)."""
    escaped = "".join(c if c.isprintable() and c not in '"\\' else
                      "".join(f"\\{b:02X}" for b in c.encode()) for c in text)
    return f'"{escaped}"'


def name_locations(module: ir.Module, name: str) -> ir.Module:
    """`module` again, with every position in the parser's buffer `-` moved into file
    `name`: the bindings' text parser has no buffer name, and an op's location cannot be
    changed in place, so the module is printed with its locations and parsed back (about
    the cost of a second parse)."""
    if name == _PARSER_BUFFER_NAME:
        return module
    text = module.operation.get_asm(enable_debug_info=True, print_generic_op_form=True,
                                    assume_verified=True)
    quoted = _mlir_string(name)
    return ir.Module.parse(re.sub(_PARSED_POSITION, lambda _: quoted, str(text)),
                           context=module.context)


class ParseError(ValueError):
    """`parse_module` could not parse its text; `diagnostics` says where and why."""

    def __init__(self, diagnostics: list[Diagnostic], sources: SourceCache):
        self.diagnostics = diagnostics
        super().__init__("".join(format_diagnostic(d, sources) for d in diagnostics).rstrip())


def parse_module(text: str, filename: str = _PARSER_BUFFER_NAME,
                 context: ir.Context | None = None) -> ir.Module:
    """Parse MLIR text as nzpass-opt reads a file: every location (and so every later
    diagnostic) is `filename:line:col`, custom-syntax pto ops are read, and top-level ops
    other than one `builtin.module` go into an implicit module. `context` defaults to the
    current one, else a fresh `new_context()`. Raises `ParseError` with the diagnostics.

        module = nzpass.parse_module(Path("kernel.mlir").read_text(), "kernel.mlir")
    """
    ctx = context or _current_context() or new_context()
    engine = DiagnosticEngine()
    with ctx, engine.capturing(ctx):
        module = parse_chunk(Chunk(text, 1), filename, ctx, engine)
        if module is not None:
            return name_locations(module, filename)
    sources = SourceCache()
    sources.add(filename, text)
    raise ParseError(engine.take(), sources)


def _current_context() -> ir.Context | None:
    try:
        return ir.Context.current
    except ValueError:
        return None
