"""Custom -> generic: rewrite the custom-syntax pto ops of a text into the
generic form the upstream parser reads, leaving everything else untouched.

Positions survive the rewrite. A generic op starts where its custom form
started (MLIR locates an op at its name), each operand stays where it was
written as far as the generic text allows (so a wrong or undefined operand is
reported where the user wrote it), and the rewrite spans as many lines as the
custom form did, so every later line keeps its number and the text after the
op on its last line keeps its column when the generic form is not longer.
Types and attributes are copied exactly, line breaks included: upstream MLIR
compares an unregistered dialect's types by their text.
"""

from __future__ import annotations

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
from .types import canonical, quoted_memory_space, repeated_field

# Characters that make a following `pto.` part of a longer name, a quoted op
# name, a type, an attribute, a value or a symbol rather than a custom op name.
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                        "_.\"!#$%@^-")


@dataclass(frozen=True)
class SourcePlace:
    """Where a text is: its file and the position of its first character."""

    file: str
    first_line: int = 1
    first_col: int = 1

    def location(self, lines: LineIndex, offset: int) -> str:
        line, col = lines.position(offset)
        if line == 1:
            col += self.first_col - 1
        name = self.file.replace("\\", "\\\\").replace('"', '\\"')
        return f'loc("{name}":{self.first_line + line - 1}:{col})'


def has_custom_pto_ops(text: str) -> bool:
    """Whether `text` may hold a custom-syntax pto op: an unquoted `pto.` that
    starts a name (a quick, conservative test; comments may give false hits)."""
    found = text.find("pto.")
    while found >= 0:
        if found == 0 or text[found - 1] not in _NAME_CHARS:
            return True
        found = text.find("pto.", found + 4)
    return False


def to_generic(text: str, source: SourcePlace | None = None) -> str:
    """`text` with every custom-syntax pto op in generic form and every pto
    type in its canonical spelling; raises PtoSyntaxError at the first custom
    op it cannot read. With `source` (where `text` is in which file), an op
    that cannot start at its column (another op before it on its line grew)
    gets an explicit location."""
    if "pto." not in text:
        return text
    tokens = tokenize(text)
    _refuse_repeated_fields(text, tokens)
    try:
        # Most texts (PTOAS's generic output, nzpass's own) hold no custom op: what
        # the values are (types, constants) is needed only to read one, so it is
        # learnt only once one is met (a second read, from the start).
        edits = _edits(text, tokens, None)
    except _CustomOpMet:
        facts = ValueFacts(text)
        facts.collect_aliases(tokens)
        edits = _edits(text, tokens, facts)
    return _lay_out(text, edits, source) if edits else text


def _refuse_repeated_fields(text: str, tokens: list[Token]) -> None:
    """A PtoSyntaxError at the first tile_buf type that states a field twice: PTOAS
    refuses it, and which of the two nzpass would read is no one's guess to make.
    Every type token is looked at, those inside custom ops too."""
    if "tile_buf<" not in text:
        return
    for token in tokens:
        if token.kind != BANG or "tile_buf<" not in token.text:
            continue
        field = repeated_field(token.text)
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
        if index in resume:
            index = resume.pop(index)
            continue
        token = tokens[index]
        if token.kind == BARE and token.text.startswith("pto.") and is_op_start(tokens, index):
            if facts is None:
                raise _CustomOpMet
            form = read_custom_op(text, tokens, index, facts)
            facts.define(result_names(tokens, index), form.result_types)
            edits += op_edits(tokens, form)
            if form.regions:
                for (_, close), (following, _) in zip(form.regions, form.regions[1:], strict=False):
                    resume[close] = following + 1
                resume[form.regions[-1][1]] = form.end
                index = form.regions[0][0] + 1
            else:
                index = form.end
            continue
        memref = pto_element_memref(text, tokens, index, "!pto.")
        if memref is not None:
            end, spelling = memref
            edits.append(Edit(token.start, tokens[end - 1].end, _writer(canonical_of(spelling))))
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
    argument's type, a constant."""
    if tokens[index].kind == STRING and is_op_start(tokens, index):
        _learn_generic_op(text, tokens, index, facts)
    else:
        facts.observe(tokens, index)


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
    facts.define(result_names(tokens, index), [canonical(t) for t in op.result_types])


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
    """Text being assembled, with the line and column it has reached."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.line, self.col = 1, 1

    def write(self, text: str) -> None:
        self.parts.append(text)
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


def _has_location(tokens: list[Token], index: int) -> bool:
    return index + 1 < len(tokens) and tokens[index].is_keyword("loc") \
        and tokens[index + 1].is_punct("(")


@dataclass
class Edit:
    """Replace text[start:end] by what `write` writes (it may place text at
    the original lines and columns)."""

    start: int
    end: int
    write: Callable[[_Output, Callable[[int], tuple[int, int]]], None]
    # Where the op this edit begins starts (None when it begins none).
    op_start: int | None = None
    # After this edit, the location of the op starting at this offset goes,
    # if that op could not stay where it was written.
    op_end: int | None = None
    located: bool = True  # the op states its own location


def _writer(text: str):
    def write(out: _Output, place) -> None:
        out.write(text)
    return write


def op_edits(tokens: list[Token], form: GenericForm) -> list[Edit]:
    """The edits putting `form` where its custom op is: one for the whole op,
    or for an op with regions one before the first region, one between each
    two, and one after the last (the regions' text stays)."""
    start, end = form.name_token.start, tokens[form.end - 1].end
    located = _has_location(tokens, form.end)
    if not form.regions:
        operands_end = end
        return [Edit(start, end, _op_writer(form, form.properties_text() + form.tail(),
                                            operands_end), start, start, located)]
    first_open = tokens[form.regions[0][0]]
    edits = [Edit(start, first_open.start,
                  _op_writer(form, "", first_open.start, f"){form.properties_text()} ("),
                  start, None, located)]
    for (_, close), (following, _) in zip(form.regions, form.regions[1:], strict=False):
        edits.append(Edit(tokens[close].end, tokens[following].start, _writer(", ")))
    last_close = tokens[form.regions[-1][1]].end
    edits.append(Edit(last_close, max(end, last_close), _writer(")" + form.tail()),
                      None, start, located))
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
            out.write(operand.name)
        out.write(after + tail)
    return write


def _lay_out(text: str, edits: list[Edit], source: SourcePlace | None) -> str:
    lines = LineIndex(text)

    def place(offset: int) -> tuple[int, int]:
        return lines.line(offset), offset - lines.line_start(offset) + 1

    out = _Output()
    copied = 0
    displaced_ops: set[int] = set()
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        out.write(text[copied:edit.start])
        if edit.op_start is not None and (out.line, out.col) != place(edit.start):
            displaced_ops.add(edit.op_start)
        edit.write(out, place)
        if edit.op_end in displaced_ops and source is not None and not edit.located:
            out.write(" " + source.location(lines, edit.op_end))
        if edit.end > edit.start and not out.move_to(*place(edit.end)) \
                and edit.end < len(text) and not text[edit.end].isspace() \
                and text[edit.end] not in ",)]}>":
            out.write(" ")
        copied = edit.end
    out.write(text[copied:])
    return "".join(out.parts)


__all__ = [
    "GenericForm",
    "PtoSyntaxError",
    "SourcePlace",
    "has_custom_pto_ops",
    "read_custom_op",
    "to_generic",
]
