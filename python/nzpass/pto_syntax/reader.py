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

from dataclasses import dataclass

from ..dialects import opaque
from ..dialects.pto import ViewType, parse_view_type
from .cursor import (
    Cursor,
    PtoSyntaxError,
    Value,
    ValueFacts,
    is_integer_type,
    is_op_start,
    read_generic_op,
    result_names,
)
from .grammar import (
    ADDPTR,
    ALLOC_TILE,
    ALLOC_TILE_GROUPS,
    FP,
    KNOWN_OPS,
    MAKE_TENSOR_VIEW,
    PARTITION_VIEW,
    PRE_QUANT,
    TILE_OPS,
    TileOp,
    segment_sizes_entry,
)
from .tokenizer import BARE, PERCENT, STRING, LineIndex, Token, tokenize

# Characters that make a following `pto.` part of a longer name, a quoted op
# name, a type, an attribute, a value or a symbol rather than a custom op name.
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                        "_.\"!#$%@^-")
_SEGMENTS_NAME = "operandSegmentSizes"


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


@dataclass
class GenericForm:
    """The generic form of one custom op."""

    name: str
    name_token: Token
    operands: list[Value]
    operand_types: list[str]
    attributes: list[str]
    result_types: list[str]
    end: int  # index past the last token of the custom op

    def tail(self) -> str:
        """What follows the operand list: `) {attrs} : (types) -> results`."""
        attrs = f" {{{', '.join(self.attributes)}}}" if self.attributes else ""
        if len(self.result_types) == 1 and not self.result_types[0].startswith("("):
            results = self.result_types[0]
        else:
            results = f"({', '.join(self.result_types)})"
        return f"){attrs} : ({', '.join(self.operand_types)}) -> {results}"


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
    """`text` with every custom-syntax pto op in generic form; raises
    PtoSyntaxError at the first custom op it cannot read. With `source`
    (where `text` is in which file), an op that cannot start at its column
    (another op before it on its line grew) gets an explicit location."""
    if not has_custom_pto_ops(text):
        return text
    tokens = tokenize(text)
    facts = ValueFacts(text)
    facts.collect_aliases(tokens)
    rewrites: list[GenericForm] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind == BARE and token.text.startswith("pto.") and is_op_start(tokens, index):
            form = read_custom_op(text, tokens, index, facts)
            rewrites.append(form)
            facts.define(result_names(tokens, index), form.result_types)
            index = form.end
            continue
        if token.kind == STRING and is_op_start(tokens, index):
            _learn_generic_op(text, tokens, index, facts)
        else:
            facts.observe(tokens, index)
        index += 1
    return _lay_out(text, tokens, rewrites, source) if rewrites else text


def _learn_generic_op(text: str, tokens: list[Token], index: int, facts: ValueFacts) -> None:
    try:
        op = read_generic_op(Cursor(text, tokens, index, "a generic op"))
    except PtoSyntaxError:
        return  # not ours to diagnose: the MLIR parser will
    facts.define(result_names(tokens, index), op.result_types)


def read_custom_op(text: str, tokens: list[Token], index: int,
                   facts: ValueFacts) -> GenericForm:
    name_token = tokens[index]
    name = name_token.text
    if name not in KNOWN_OPS:
        raise PtoSyntaxError(name_token.start, f"unknown custom-syntax pto op '{name}': write "
                             f"it in generic form (\"{name}\"(...) : (...) -> ...)")
    cursor = Cursor(text, tokens, index + 1, f"custom '{name}'")
    if name == MAKE_TENSOR_VIEW:
        return _make_tensor_view(cursor, name_token, facts)
    if name == PARTITION_VIEW:
        return _partition_view(cursor, name_token, facts)
    if name == ALLOC_TILE:
        return _alloc_tile(cursor, name_token)
    if name == ADDPTR:
        return _addptr(cursor, name_token)
    return _tile_op(cursor, name_token, TILE_OPS[name], facts)


# --- pieces shared by the op forms -------------------------------------------

def _attributes(cursor: Cursor) -> list[str]:
    """An optional attribute dictionary, as entry texts."""
    brace = cursor.peek()
    if brace is None or not brace.is_punct("{"):
        return []
    entries = cursor.attr_dict()
    if any(entry.name == _SEGMENTS_NAME for entry in entries):
        raise cursor.fail(f"'{_SEGMENTS_NAME}' follows from the custom form; remove it", brace)
    return [entry.text() for entry in entries]


def _keyword_list(cursor: Cursor, keyword: str) -> list[Value]:
    """`keyword = [%a, %b, ...]`."""
    cursor.expect_keyword(keyword)
    cursor.expect_punct("=")
    cursor.expect_punct("[")
    return cursor.value_list("]")


def _segments(*sizes: int) -> str:
    return segment_sizes_entry(list(sizes))


def _view_type(facts: ValueFacts, type_text: str) -> ViewType | None:
    resolved = facts.resolve(type_text)
    if not resolved.startswith("!pto."):
        return None
    try:
        return parse_view_type(resolved[len("!pto."):])
    except opaque.OpaqueSyntaxError:
        return None


# --- the view ops -------------------------------------------------------------

def _make_tensor_view(cursor: Cursor, name_token: Token, facts: ValueFacts) -> GenericForm:
    ptr = cursor.value_use()
    cursor.expect_punct(",")
    shape = _keyword_list(cursor, "shape")
    cursor.accept_punct(",")
    strides = _keyword_list(cursor, "strides")
    attributes = _attributes(cursor)
    cursor.expect_punct(":")
    result = cursor.type_text()
    ptr_type = facts.types.get(ptr.name) or pointer_type_for(facts, result)
    if ptr_type is None:
        raise PtoSyntaxError(ptr.token.start, f"cannot tell the type of '{ptr.name}' in custom "
                             f"'{name_token.text}': give it a type where it is defined, or "
                             "write the op in generic form")
    return GenericForm(
        name_token.text, name_token, [ptr, *shape, *strides],
        [ptr_type] + ["index"] * (len(shape) + len(strides)),
        attributes + [_segments(1, len(shape), len(strides))], [result], cursor.pos)


def pointer_type_for(facts: ValueFacts, view_type: str) -> str | None:
    """The pointer type a tensor view of `view_type` is made from, by PTOAS's
    rule that both have the same element type."""
    view = _view_type(facts, view_type)
    return f"!pto.ptr<{view.element}>" if view is not None else None


def _partition_view(cursor: Cursor, name_token: Token, facts: ValueFacts) -> GenericForm:
    source = cursor.value_use()
    cursor.expect_punct(",")
    offsets = _keyword_list(cursor, "offsets")
    cursor.expect_punct(",")
    sizes = _keyword_list(cursor, "sizes")
    attributes = _attributes(cursor)
    cursor.expect_punct(":")
    source_token = cursor.peek()
    source_type = cursor.type_text()
    if cursor.accept_punct("->"):
        result = cursor.type_text()
    else:
        result = _inferred_partition(facts, source_type, sizes, source_token, name_token.text)
    return GenericForm(
        name_token.text, name_token, [source, *offsets, *sizes],
        [source_type] + ["index"] * (len(offsets) + len(sizes)),
        attributes + [_segments(1, len(offsets), len(sizes))], [result], cursor.pos)


def _inferred_partition(facts: ValueFacts, source_type: str, sizes: list[Value],
                        at: Token, name: str) -> str:
    """PTOAS's result type for a partition written without `-> TYPE`: the
    source's element type (and layout), each size a constant or `?`."""
    view = _view_type(facts, source_type)
    if view is None:
        raise PtoSyntaxError(at.start, f"cannot infer the result type of custom '{name}' "
                             f"from source type '{source_type}': add '-> "
                             "!pto.partition_tensor_view<...>'")
    if len(sizes) != len(view.dims):
        raise PtoSyntaxError(at.start, f"cannot infer the result type of custom '{name}': "
                             f"{len(sizes)} sizes for a rank-{len(view.dims)} source; add "
                             "'-> !pto.partition_tensor_view<...>'")
    dims = tuple(_constant_extent(facts, size) for size in sizes)
    return ViewType("partition_tensor_view", dims, view.element, view.layout).spelling()


def _constant_extent(facts: ValueFacts, size: Value) -> int | None:
    value = facts.constants.get(size.name)
    return value if value is not None and value >= 0 else None


def _alloc_tile(cursor: Cursor, name_token: Token) -> GenericForm:
    given: dict[str, Value] = {}
    keywords = {group for group, _ in ALLOC_TILE_GROUPS}
    while (keyword := cursor.peek()) is not None and keyword.kind == BARE \
            and keyword.text in keywords and cursor.peek(1) is not None \
            and cursor.peek(1).is_punct("="):
        if keyword.text in given:
            raise cursor.fail(f"'{keyword.text}' given twice", keyword)
        cursor.pos += 2
        given[keyword.text] = cursor.value_use()
    attributes = _attributes(cursor)
    cursor.expect_punct(":")
    result = cursor.type_text()
    present = [(given[group], type_) for group, type_ in ALLOC_TILE_GROUPS if group in given]
    sizes = [int(group in given) for group, _ in ALLOC_TILE_GROUPS]
    return GenericForm(name_token.text, name_token, [v for v, _ in present],
                       [t for _, t in present], attributes + [_segments(*sizes)], [result],
                       cursor.pos)


def _addptr(cursor: Cursor, name_token: Token) -> GenericForm:
    ptr = cursor.value_use()
    cursor.expect_punct(",")
    offset = cursor.value_use()
    attributes = _attributes(cursor)
    cursor.expect_punct(":")
    ptr_type = cursor.type_text()
    cursor.expect_punct("->")
    result = cursor.type_text()
    return GenericForm(name_token.text, name_token, [ptr, offset], [ptr_type, "index"],
                       attributes, [result], cursor.pos)


# --- the tile ops ---------------------------------------------------------------

def _operand_list(cursor: Cursor, keyword: str) -> tuple[Token, list[tuple[Value, str]]]:
    """`keyword(%a, %b : Ta, Tb)` or `keyword(%a : Ta, %b : Tb)` (or a mix)."""
    keyword_token = cursor.expect_keyword(keyword)
    cursor.expect_punct("(")
    operands: list[tuple[Value, str]] = []
    if cursor.accept_punct(")"):
        return keyword_token, operands
    while True:
        values = [cursor.value_use()]
        while cursor.accept_punct(","):
            values.append(cursor.value_use())
        cursor.expect_punct(":")
        types = [cursor.type_text()]
        while len(types) < len(values):
            if not cursor.accept_punct(","):
                count = "1 type" if len(types) == 1 else f"{len(types)} types"
                raise cursor.fail(f"{len(values)} operands but {count} in {keyword}(...)")
            types.append(cursor.type_text())
        operands.extend(zip(values, types))
        if cursor.accept_punct(")"):
            return keyword_token, operands
        if not cursor.accept_punct(","):
            raise cursor.expected(f"',' or ')' in {keyword}(...)")
        following = cursor.peek()
        if following is None or following.kind != PERCENT:
            raise cursor.fail(f"more types than operands in {keyword}(...)")


def _count_error(op: TileOp, keyword: str, expected: int, extra: tuple[str, ...],
                 found: int) -> str:
    noun = "operand" if expected == 1 else "operands"
    more = f" and up to {len(extra)} more ({', '.join(extra)})" if extra else ""
    return f"'{op.name}' takes {expected} {noun}{more} in {keyword}(...), found {found}"


def _extra_group(op: TileOp, facts: ValueFacts, value: Value, type_text: str) -> str:
    resolved = facts.resolve(type_text)
    if FP in op.extra_ins and resolved.startswith("!pto.tile_buf"):
        return FP
    if PRE_QUANT in op.extra_ins and is_integer_type(resolved):
        return PRE_QUANT
    raise PtoSyntaxError(value.token.start, f"further ins operand '{value.name}' of "
                         f"'{op.name}' must be a !pto.tile_buf (fp) or an integer "
                         f"(preQuantScalar), found '{type_text}'")


def _tile_op(cursor: Cursor, name_token: Token, op: TileOp, facts: ValueFacts) -> GenericForm:
    ins_token, ins = _operand_list(cursor, "ins")
    outs_token, outs = _operand_list(cursor, "outs")
    required = len(op.ins)
    if not required <= len(ins) <= required + len(op.extra_ins):
        raise cursor.fail(_count_error(op, "ins", required, op.extra_ins, len(ins)), ins_token)
    if len(outs) != len(op.outs):
        raise cursor.fail(_count_error(op, "outs", len(op.outs), (), len(outs)), outs_token)
    attributes = _attributes(cursor)
    optional: dict[str, tuple[Value, str]] = {}
    for value, type_text in ins[required:]:
        group = _extra_group(op, facts, value, type_text)
        if group in optional:
            raise PtoSyntaxError(value.token.start, f"'{op.name}' takes one {group} operand")
        optional[group] = (value, type_text)
    _clauses(cursor, op, optional, attributes)
    results = [cursor.type_text()] if cursor.accept_punct("->") else []
    operands = ins[:required] + outs + [optional[g] for g in op.optional if g in optional]
    if op.segmented:
        sizes = [1] * (required + len(outs)) + [int(g in optional) for g in op.optional]
        attributes = attributes + [segment_sizes_entry(sizes)]
    return GenericForm(name_token.text, name_token, [v for v, _ in operands],
                       [t for _, t in operands], attributes, results, cursor.pos)


def _clauses(cursor: Cursor, op: TileOp, optional: dict[str, tuple[Value, str]],
             attributes: list[str]) -> None:
    """`keyword = %v : T` and `keyword = ATTR` clauses, in any order, each once."""
    seen: set[str] = set()
    while (keyword := cursor.peek()) is not None and keyword.kind == BARE \
            and (keyword.text in op.operand_clauses or keyword.text in op.attribute_clauses) \
            and cursor.peek(1) is not None and cursor.peek(1).is_punct("="):
        if keyword.text in seen:
            raise cursor.fail(f"'{keyword.text}' given twice", keyword)
        seen.add(keyword.text)
        cursor.pos += 2
        if keyword.text in op.attribute_clauses:
            attributes.append(f"{keyword.text} = {cursor.attribute_item()}")
            continue
        value = cursor.value_use()
        cursor.expect_punct(":")
        optional[op.operand_clauses[keyword.text]] = (value, cursor.type_text())


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


def _lay_out(text: str, tokens: list[Token], rewrites: list[GenericForm],
             source: SourcePlace | None) -> str:
    lines = LineIndex(text)

    def place(offset: int) -> tuple[int, int]:
        return lines.line(offset), offset - lines.line_start(offset) + 1

    out = _Output()
    copied = 0
    for form in rewrites:
        start, end = form.name_token.start, tokens[form.end - 1].end
        tail = form.tail()
        # Types written over several lines keep their line breaks (they are
        # part of the type); the operands may only use the lines left over.
        last_operand_line = lines.line(end) - tail.count("\n")
        out.write(text[copied:start])
        displaced = (out.line, out.col) != place(start)
        out.write(f'"{form.name}"(')
        for number, operand in enumerate(form.operands):
            if number:
                out.write(",")
            line, col = place(operand.token.start)
            moved = line <= last_operand_line and out.move_to(line, col)
            if not moved and number:
                out.write(" ")
            out.write(operand.name)
        if displaced and source is not None and not _has_location(tokens, form.end):
            tail += " " + source.location(lines, start)
        out.write(tail)
        if not out.move_to(*place(end)) and end < len(text) and not text[end].isspace():
            out.write(" ")
        copied = end
    out.write(text[copied:])
    return "".join(out.parts)


__all__ = ["GenericForm", "SourcePlace", "has_custom_pto_ops", "pointer_type_for",
           "read_custom_op", "to_generic", "PtoSyntaxError"]
