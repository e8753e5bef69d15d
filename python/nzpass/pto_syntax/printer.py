"""Generic -> custom: print the pto ops of a text (as MLIR prints a module,
every unregistered op generic) in PTOAS's custom form.

An op is printed custom only when its custom form says everything its
generic form does, so reading the output back gives the same generic op:
the operand groups have the sizes the custom grammar can state, the operand
types it leaves out are the ones reading implies (`index`, `i64`, the
pointer type found as reading finds it), and the op has no regions or
successors. Any other op, and the optional operands of tstore/tmov/textract
(whose custom spelling differs between PTOAS versions), stay generic, which
PTOAS reads as well. A partition always states `-> RESULT`, which every
PTOAS version reads.
"""

from __future__ import annotations

from ..dialects import opaque
from ..dialects.pto import parse_tile_buf
from .cursor import (
    Cursor,
    GenericOp,
    PtoSyntaxError,
    ValueFacts,
    is_op_start,
    read_generic_op,
    result_names,
)
from .grammar import (
    ADDPTR,
    ALLOC_TILE,
    ALLOC_TILE_GROUPS,
    KNOWN_OPS,
    MAKE_TENSOR_VIEW,
    PARTITION_VIEW,
    TILE_OPS,
    TileOp,
    parse_segment_sizes,
)
from .reader import pointer_type_for
from .tokenizer import STRING, tokenize

_SEGMENTS_NAME = "operandSegmentSizes"


def to_custom(text: str) -> str:
    """`text` with each pto op that has a custom form printed in it."""
    if '"pto.' not in text:
        return text
    tokens = tokenize(text)
    facts = ValueFacts(text)
    facts.collect_aliases(tokens)
    edits: list[tuple[int, int, str]] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != STRING or not is_op_start(tokens, index):
            facts.observe(tokens, index)
            index += 1
            continue
        try:
            op = read_generic_op(Cursor(text, tokens, index, "a generic op"))
        except PtoSyntaxError:
            index += 1
            continue
        custom = custom_form(op, facts) if op.name in KNOWN_OPS else None
        facts.define(result_names(tokens, index), op.result_types)
        if custom is None:
            index += 1  # its regions, if any, hold ops of their own
            continue
        edits.append((token.start, tokens[op.end - 1].end, custom))
        index = op.end
    return _apply(text, edits)


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    parts, copied = [], 0
    for start, end, replacement in edits:
        parts += [text[copied:start], replacement]
        copied = end
    parts.append(text[copied:])
    return "".join(parts)


def custom_form(op: GenericOp, facts: ValueFacts) -> str | None:
    """The custom text of `op` from its name on, or None to keep it generic."""
    if op.has_regions or op.has_successors or len(op.operand_types) != len(op.operands):
        return None
    sizes = _segment_sizes(op)
    if sizes is False:
        return None
    if op.name == MAKE_TENSOR_VIEW:
        return _make_tensor_view(op, sizes, facts)
    if op.name == PARTITION_VIEW:
        return _partition_view(op, sizes)
    if op.name == ALLOC_TILE:
        return _alloc_tile(op, sizes, facts)
    if op.name == ADDPTR:
        return _addptr(op, sizes)
    return _tile_op(op, TILE_OPS[op.name], sizes)


def _segment_sizes(op: GenericOp) -> list[int] | None | bool:
    """The op's operandSegmentSizes; None when absent, False when unreadable."""
    for entry in op.entries():
        if entry.name == _SEGMENTS_NAME:
            sizes = None if entry.value is None else parse_segment_sizes(entry.value)
            if sizes is None or sum(sizes) != len(op.operands):
                return False
            return sizes
    return None


def _attributes(op: GenericOp) -> str:
    entries = [entry.text() for entry in op.entries() if entry.name != _SEGMENTS_NAME]
    return f" {{{', '.join(entries)}}}" if entries else ""


def _names(values) -> str:
    return ", ".join(value.name for value in values)


def _source_and_two_lists(op: GenericOp, sizes: list[int] | None) -> list[int] | None:
    count = len(op.operands)
    if sizes is None:
        if count < 1 or (count - 1) % 2:
            return None
        sizes = [1, (count - 1) // 2, (count - 1) // 2]
    if len(sizes) != 3 or sizes[0] != 1 or len(op.result_types) != 1:
        return None
    if any(type_ != "index" for type_ in op.operand_types[1:]):
        return None
    return sizes


def _make_tensor_view(op: GenericOp, sizes, facts: ValueFacts) -> str | None:
    sizes = _source_and_two_lists(op, sizes)
    if sizes is None:
        return None
    ptr, result = op.operands[0], op.result_types[0]
    if (facts.types.get(ptr.name) or pointer_type_for(facts, result)) != op.operand_types[0]:
        return None  # reading it back would give the pointer another type
    shape, strides = op.operands[1:1 + sizes[1]], op.operands[1 + sizes[1]:]
    return (f"pto.make_tensor_view {ptr.name}, shape = [{_names(shape)}], "
            f"strides = [{_names(strides)}]{_attributes(op)} : {result}")


def _partition_view(op: GenericOp, sizes) -> str | None:
    sizes = _source_and_two_lists(op, sizes)
    if sizes is None:
        return None
    offsets, extents = op.operands[1:1 + sizes[1]], op.operands[1 + sizes[1]:]
    return (f"pto.partition_view {op.operands[0].name}, offsets = [{_names(offsets)}], "
            f"sizes = [{_names(extents)}]{_attributes(op)} : {op.operand_types[0]} "
            f"-> {op.result_types[0]}")


def _alloc_tile(op: GenericOp, sizes, facts: ValueFacts) -> str | None:
    if len(op.result_types) != 1:
        return None
    if sizes is None:
        sizes = _derived_alloc_sizes(op, facts)
    if sizes is None or len(sizes) != len(ALLOC_TILE_GROUPS) or any(s > 1 for s in sizes):
        return None
    clauses, operands = [], iter(zip(op.operands, op.operand_types))
    for (group, type_), size in zip(ALLOC_TILE_GROUPS, sizes):
        if size:
            value, actual = next(operands)
            if actual != type_:
                return None
            clauses.append(f" {group} = {value.name}")
    return f"pto.alloc_tile{''.join(clauses)}{_attributes(op)} : {op.result_types[0]}"


def _derived_alloc_sizes(op: GenericOp, facts: ValueFacts) -> list[int] | None:
    """The groups of an alloc_tile without operandSegmentSizes, as the
    contract derives them: valid_row/valid_col where the tile's extent is `?`."""
    resolved = facts.resolve(op.result_types[0])
    if not resolved.startswith("!pto.tile_buf<"):
        return None
    try:
        tile = parse_tile_buf(resolved[len("!pto."):])
    except opaque.OpaqueSyntaxError:
        return None
    rows, cols = int(tile.v_row is None), int(tile.v_col is None)
    addr = len(op.operands) - rows - cols
    return [addr, rows, cols] if addr in (0, 1) else None


def _addptr(op: GenericOp, sizes) -> str | None:
    if sizes is not None or len(op.operands) != 2 or len(op.result_types) != 1 \
            or op.operand_types[1] != "index":
        return None
    ptr, offset = op.operands
    return (f"pto.addptr {ptr.name}, {offset.name}{_attributes(op)} : "
            f"{op.operand_types[0]} -> {op.result_types[0]}")


def _operand_list(keyword: str, pairs) -> str:
    names = ", ".join(value.name for value, _ in pairs)
    types = ", ".join(type_ for _, type_ in pairs)
    return f"{keyword}({names} : {types})" if pairs else f"{keyword}()"


def _tile_op(op: GenericOp, spec: TileOp, sizes) -> str | None:
    if len(op.result_types) > 1:
        return None
    required = len(spec.ins) + len(spec.outs)
    if sizes is None:
        if len(op.operands) != required:
            return None
        sizes = [1] * required + [0] * len(spec.optional) if spec.segmented else None
    elif not spec.segmented:
        return None
    if sizes is not None and (len(sizes) != len(spec.groups) or sizes[:required] != [1] * required
                              or any(size > 1 for size in sizes)):
        return None
    pairs = list(zip(op.operands, op.operand_types))
    clauses = []
    if sizes is not None:
        group_keyword = {group: keyword for keyword, group in spec.operand_clauses.items()}
        present = [group for group, size in zip(spec.optional, sizes[required:]) if size]
        for group, (value, type_) in zip(present, pairs[required:]):
            if group not in group_keyword:
                return None  # an optional operand the custom form here does not state
            clauses.append(f" {group_keyword[group]} = {value.name} : {type_}")
    ins, outs = pairs[:len(spec.ins)], pairs[len(spec.ins):required]
    result = f" -> {op.result_types[0]}" if op.result_types else ""
    return (f"{op.name} {_operand_list('ins', ins)} {_operand_list('outs', outs)}"
            f"{_attributes(op)}{''.join(clauses)}{result}")
