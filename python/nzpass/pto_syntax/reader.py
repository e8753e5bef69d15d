"""Custom -> generic: rewrite the custom-syntax pto ops of a text into the
generic form the upstream parser reads, leaving everything else untouched.

Positions survive the rewrite. The generic text keeps each position where it
can: a generic op starts where its custom form started, each operand stays
where it was written as far as the generic text allows, and the rewrite spans
as many lines as the custom form did, so every later line keeps its number.
What the generic text cannot keep (a line after a type that grew, a second op
on the line of one that grew) the `PositionMap` of the rewrite gives back: the
source position of each generic position, which the driver applies to the
parser's diagnostics and to the locations of the module it parses.
Types and attributes are copied exactly but for comments: upstream MLIR
compares an unregistered dialect's types by their text.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass

from .cursor import (
    Cursor,
    PtoSyntaxError,
    ValueFacts,
    is_memory_space,
    is_op_start,
    pto_element_memref,
    read_generic_op,
    result_names,
)
from .custom_ops import is_dps_form, read_dps, reader_for
from .declarative import read_elements
from .formats import op_spec
from .opform import GenericForm, OpReading
from .tokenizer import BANG, BARE, HASH, STRING, LineIndex, Token, tokenize
from .types import canonical, malformed_parameters, quoted_memory_space, repeated_field

# Characters that make a following `pto.` part of a longer name, a quoted op
# name, a type, an attribute, a value or a symbol rather than a custom op name.
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                        "_.\"!#$%@^-")


class PositionMap:
    """Where each position of a generic text was in the source it was read from,
    both texts placed at line `first_line`, column `first_col` of their file (a
    chunk of it). Segments are (generic offset, source offset, length): the
    generic text from that offset is the source's for `length` characters, and
    past them (text the rewrite wrote) stands for the segment's source offset."""

    __slots__ = ("_first_col", "_first_line", "_generic", "_segments", "_source", "_starts")

    def __init__(self, generic: str, source: str, segments: list[tuple[int, int, int]],
                 first_line: int = 1, first_col: int = 1):
        self._generic, self._source = LineIndex(generic), LineIndex(source)
        self._segments = segments
        self._starts = [segment[0] for segment in segments]
        self._first_line, self._first_col = first_line, first_col

    def source_offset(self, offset: int) -> int:
        index = bisect.bisect_right(self._starts, offset) - 1
        if index < 0:
            return offset
        start, source, length = self._segments[index]
        return source + min(offset - start, length)

    def __call__(self, line: int, col: int) -> tuple[int, int]:
        """The file position (1-based line, byte column) of the source text that
        the generic text has at file position (line, col)."""
        line -= self._first_line - 1
        if line < 1:
            return line + self._first_line - 1, col
        if line == 1:
            col -= self._first_col - 1
        offset = self.source_offset(self._generic.offset(line, col))
        line, col = self._source.position(offset)
        if line == 1:
            col += self._first_col - 1
        return line + self._first_line - 1, col


def has_custom_pto_ops(text: str) -> bool:
    """Whether `text` may hold a custom-syntax pto op: an unquoted `pto.` that
    starts a name (a quick, conservative test; comments may give false hits)."""
    found = text.find("pto.")
    while found >= 0:
        if found == 0 or text[found - 1] not in _NAME_CHARS:
            return True
        found = text.find("pto.", found + 4)
    return False


def to_generic(text: str) -> str:
    """`text` with every custom-syntax pto op in generic form and every pto
    type in its canonical spelling; raises PtoSyntaxError at the first custom
    op it cannot read."""
    return read_generic(text)[0]


def read_generic(text: str, first_line: int = 1, first_col: int = 1
                 ) -> tuple[str, PositionMap | None]:
    """`to_generic(text)`, and where each of its positions was in `text` (placed
    at `first_line`:`first_col` of its file); None when the text is unchanged."""
    if "pto." not in text:
        return text, None
    tokens = tokenize(text)
    _refuse_unreadable_types(text, tokens)
    try:
        # Most texts (PTOAS's generic output, nzpass's own) hold no custom op: what
        # the values are (types, constants) is needed only to read one, so it is
        # learnt only once one is met (a second read, from the start).
        edits = _edits(text, tokens, None)
    except _CustomOpMet:
        facts = ValueFacts(text)
        facts.collect_aliases(tokens)
        edits = _edits(text, tokens, facts)
    if not edits:
        return text, None
    generic, segments = _lay_out(text, edits)
    return generic, PositionMap(generic, text, segments, first_line, first_col)


def _refuse_unreadable_types(text: str, tokens: list[Token]) -> None:
    """A PtoSyntaxError at the first pto type whose parameters do not read (none, an empty
    one, unbalanced brackets) or, for a tile_buf, state a field twice: PTOAS refuses both,
    and no reader here could tell which tile or pointer is meant. Every type token is
    looked at, those inside custom ops too, and each pto type nested in one."""
    for token in tokens:
        if token.kind != BANG or "!pto." not in token.text:
            continue
        malformed = malformed_parameters(token.text)
        if malformed is not None:
            offset, why = malformed
            raise PtoSyntaxError(token.start + offset, f"malformed type: {why}")
        field = repeated_field(token.text) if "tile_buf<" in token.text else None
        if field is not None:
            raise PtoSyntaxError(token.start, (
                f"'!pto.tile_buf' states field '{field}' twice: PTOAS refuses a repeated "
                "field (one reader keeping the first and another the last would read "
                "different tiles); state it once"))


class _CustomOpMet(Exception):
    """A custom op, met by a read that does not learn what the values are."""


def _edits(text: str, tokens: list[Token], facts: ValueFacts | None) -> list[Edit]:
    """The edits that put `text` in generic form with canonical pto types; with
    `facts` None, raises _CustomOpMet at the first custom op."""
    canonical_of = _canonical_memo()
    edits: list[Edit] = []
    resume: dict[int, int] = {}  # a region's `}` -> where reading its op goes on
    index = 0
    while index < len(tokens):
        if index in resume:  # a region's `}`: its values go out of scope
            if facts is not None:
                facts.observe(tokens, index)
            index = resume.pop(index)
            continue
        token = tokens[index]
        if token.kind == BARE and token.text.startswith("pto.") and is_op_start(tokens, index):
            if facts is None:
                raise _CustomOpMet
            form = read_custom_op(text, tokens, index, facts)
            facts.define(result_names(tokens, index, len(form.result_types)), form.result_types)
            edits += op_edits(tokens, form)
            if form.regions:
                for (_, close), (following, _) in zip(form.regions, form.regions[1:], strict=False):
                    resume[close] = following  # its `{` opens a scope of values
                resume[form.regions[-1][1]] = form.end
                index = form.regions[0][0]
            else:
                index = form.end
            continue
        memref = pto_element_memref(text, tokens, index, "!pto.")
        if memref is not None:
            end, spelling = memref
            spelling, written = canonical_of(spelling), text[token.start:tokens[end - 1].end]
            if spelling != written:
                edits.append(Edit(token.start, tokens[end - 1].end, _writer(spelling)))
            index = end
            continue
        if token.kind == BANG and token.text.startswith("!pto."):
            spelling = canonical_of(token.text)
            if spelling != token.text:
                edits.append(Edit(token.start, token.end, _writer(spelling)))
        elif token.kind == HASH and token.text.startswith("#pto.") \
                and is_memory_space(tokens, index):
            edits.append(Edit(token.start, token.end,
                              _writer(quoted_memory_space(token.text))))
        if facts is not None:
            _learn(text, tokens, index, facts)
        index += 1
    return edits


def _learn(text: str, tokens: list[Token], index: int, facts: ValueFacts) -> None:
    """What the tokens at `index` say about values: a generic op's result types, an
    argument's type, a constant; where a function starts."""
    facts.observe(tokens, index)
    if tokens[index].kind == STRING and is_op_start(tokens, index):
        _learn_generic_op(text, tokens, index, facts)


def _canonical_memo() -> Callable[[str], str]:
    """`canonical`, remembered for each spelling: a module spells few types, often."""
    known: dict[str, str] = {}

    def canonical_of(spelling: str) -> str:
        found = known.get(spelling)
        if found is None:
            found = known[spelling] = canonical(spelling)
        return found

    return canonical_of


def _learn_generic_op(text: str, tokens: list[Token], index: int, facts: ValueFacts) -> None:
    try:
        op = read_generic_op(Cursor(text, tokens, index, "a generic op"))
    except PtoSyntaxError:
        return  # not ours to diagnose: the MLIR parser will
    facts.define(result_names(tokens, index, len(op.result_types)),
                 [canonical(t) for t in op.result_types])


def read_custom_op(text: str, tokens: list[Token], index: int,
                   facts: ValueFacts) -> GenericForm:
    name_token = tokens[index]
    name = name_token.text
    spec = op_spec(name)
    if spec is None:
        raise PtoSyntaxError(name_token.start, f"unknown custom-syntax pto op '{name}': it is "
                             "not in PTOAS's pto dialect; check the spelling, or write it in "
                             f"generic form (\"{name}\"(...) : (...) -> ...)")
    cursor = Cursor(text, tokens, index + 1, f"custom '{name}'")
    reading = OpReading(spec, cursor, name_token, facts)
    if isinstance(spec.format, list):  # spec.declarative, spelt so the type narrows
        read_elements(reading, spec.format)
    elif (custom := reader_for(name)) is not None:
        custom(reading)
    elif is_dps_form(reading):
        read_dps(reading)
    else:
        raise PtoSyntaxError(name_token.start, f"custom-syntax '{name}' is not supported by "
                             f"nzpass's reader: write it in generic form (\"{name}\"(...) : "
                             "(...) -> ...)")
    return reading.form()


# --- putting the generic forms where the custom forms were ----------------------

class _Output:
    """Text being assembled, with the line and column it has reached, and the
    segments of a PositionMap of it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.line, self.col = 1, 1
        self.size = 0
        self.segments: list[tuple[int, int, int]] = []

    def mark(self, source_offset: int, length: int = 0) -> None:
        """What is written next is the source's text at `source_offset` for
        `length` characters, and stands for that offset after them."""
        self.segments.append((self.size, source_offset, length))

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)
        newlines = text.count("\n")
        if newlines:
            self.line += newlines
            self.col = len(text) - text.rfind("\n")
        else:
            self.col += len(text)

    def move_to(self, line: int, col: int) -> bool:
        """Pad to (line, col) unless the text is already past it."""
        if self.line < line:
            self.write("\n" * (line - self.line) + " " * (col - 1))
            return True
        if self.line == line and self.col <= col:
            self.write(" " * (col - self.col))
            return True
        return False


@dataclass
class Edit:
    """Replace text[start:end] by what `write` writes (it may place text at
    the original lines and columns)."""

    start: int
    end: int
    write: Callable[[_Output, Callable[[int], tuple[int, int]]], None]


def _writer(text: str):
    def write(out: _Output, place) -> None:
        out.write(text)
    return write


def op_edits(tokens: list[Token], form: GenericForm) -> list[Edit]:
    """The edits putting `form` where its custom op is: one for the whole op,
    or for an op with regions one before the first region, one between each
    two, and one after the last (the regions' text stays)."""
    start, end = form.name_token.start, tokens[form.end - 1].end
    if not form.regions:
        return [Edit(start, end, _op_writer(form, form.properties_text() + form.tail(), end))]
    first_open = tokens[form.regions[0][0]]
    edits = [Edit(start, first_open.start,
                  _op_writer(form, "", first_open.start, f"){form.properties_text()} ("))]
    for (_, close), (following, _) in zip(form.regions, form.regions[1:], strict=False):
        edits.append(Edit(tokens[close].end, tokens[following].start, _writer(", ")))
    last_close = tokens[form.regions[-1][1]].end
    edits.append(Edit(last_close, max(end, last_close), _writer(")" + form.tail())))
    return edits


def _op_writer(form: GenericForm, tail: str, operands_end: int, after: str = ")"):
    def write(out: _Output, place) -> None:
        # Types written over several lines keep their line breaks (they are
        # part of the type); the operands may only use the lines left over.
        last_operand_line = place(operands_end)[0] - tail.count("\n")
        out.write(f'"{form.name}"(')
        for number, operand in enumerate(form.operands):
            if number:
                out.write(",")
            line, col = place(operand.token.start)
            moved = line <= last_operand_line and out.move_to(line, col)
            if not moved and number:
                out.write(" ")
            out.mark(operand.token.start, len(operand.name))
            out.write(operand.name)
            out.mark(form.name_token.start)
        out.write(after + tail)
    return write


def _lay_out(text: str, edits: list[Edit]) -> tuple[str, list[tuple[int, int, int]]]:
    """The generic text, and the segments of its PositionMap."""
    lines = LineIndex(text)

    def place(offset: int) -> tuple[int, int]:
        return lines.line(offset), offset - lines.line_start(offset) + 1

    out = _Output()
    copied = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        out.mark(copied, edit.start - copied)
        out.write(text[copied:edit.start])
        out.mark(edit.start)
        edit.write(out, place)
        out.mark(edit.end)
        if edit.end > edit.start and not out.move_to(*place(edit.end)) \
                and edit.end < len(text) and not text[edit.end].isspace() \
                and text[edit.end] not in ",)]}>":
            out.write(" ")
        copied = edit.end
    out.mark(copied, len(text) - copied)
    out.write(text[copied:])
    return "".join(out.parts), out.segments


__all__ = [
    "GenericForm",
    "PositionMap",
    "PtoSyntaxError",
    "has_custom_pto_ops",
    "read_custom_op",
    "read_generic",
    "to_generic",
]
