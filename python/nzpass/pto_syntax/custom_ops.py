"""Readers of the pto ops whose custom form PTOAS parses by hand (their
definition has no declarative format); each fills an `OpReading`.

Most are destination-passing tile ops:
  pto.OP ins(%a, %b {attrs}? : Ta, Tb) outs(%d : Td) {attrs}? (-> R)?
(an ins/outs list may also give each operand its type, `%a : Ta, %b : Tb`);
their ins operands fill the op's non-destination groups in order, an
optional group only when there are operands to spare (an integer goes to an
integer-typed group, a tile to a tile group).
"""

from __future__ import annotations

from collections.abc import Callable

from ..dialects import opaque
from ..dialects.pto import ViewType, parse_view_type
from ..dialects.pto_table import DESTINATION_GROUPS
from .cursor import PtoSyntaxError, Value, is_integer_type, span_text
from .opform import OpReading
from .tokenizer import BANG, BARE, HASH, INT, PERCENT, STRING
from .types import canonical

Reader = Callable[[OpReading], None]
_READERS: dict[str, Reader] = {}


def reader_for(name: str) -> Reader | None:
    return _READERS.get(name)


def _reads(*names: str):
    def register(function: Reader) -> Reader:
        for name in names:
            _READERS[name] = function
        return function
    return register


def is_dps_form(reading: OpReading) -> bool:
    token = reading.cursor.peek()
    return token is not None and token.is_keyword("ins")


# --- destination-passing ops ---------------------------------------------------

def _operand_list(reading: OpReading, keyword: str) -> list[tuple[Value, str]]:
    """`keyword(%a, %b {attrs}? : Ta, Tb)` or `keyword(%a : Ta, %b : Tb)`."""
    cursor = reading.cursor
    cursor.expect_keyword(keyword)
    cursor.expect_punct("(")
    operands: list[tuple[Value, str]] = []
    if cursor.accept_punct(")"):
        return operands
    while True:
        values = [cursor.value_use()]
        while cursor.at_punct(",") and cursor.at_kind(PERCENT, 1):
            cursor.pos += 1
            values.append(cursor.value_use())
        if cursor.at_punct("{"):
            reading.add_entries(cursor.attr_dict())
        cursor.expect_punct(":")
        types = [cursor.type_text()]
        while len(types) < len(values):
            if not cursor.accept_punct(","):
                count = "1 type" if len(types) == 1 else f"{len(types)} types"
                raise cursor.fail(f"{len(values)} operands but {count} in {keyword}(...)")
            types.append(cursor.type_text())
        operands.extend(zip(values, (canonical(t) for t in types), strict=False))
        if cursor.accept_punct(")"):
            return operands
        if not cursor.accept_punct(","):
            raise cursor.expected(f"',' or ')' in {keyword}(...)")
        following = cursor.peek()
        if following is None or following.kind != PERCENT:
            raise cursor.fail(f"more types than operands in {keyword}(...)")


def read_dps(reading: OpReading) -> None:
    ins = _operand_list(reading, "ins")
    outs = _operand_list(reading, "outs") if reading.cursor.at_keyword("outs") else []
    cursor = reading.cursor
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())
    _assign(reading, ins, outs)
    if cursor.accept_punct("->"):
        result = reading.spec.results[0].name if reading.spec.results else "result"
        reading.add_types(result, [cursor.type_text()])


def _assign(reading: OpReading, ins: list[tuple[Value, str]],
            outs: list[tuple[Value, str]]) -> None:
    groups = list(reading.spec.operands)
    first_out = next((i for i, g in enumerate(groups) if g.name in DESTINATION_GROUPS),
                     len(groups) - len(outs))
    # Destinations from the first on; an optional group after them that is
    # not a destination (`tmp` of trsqrt) is an ins operand.
    out_groups = [g for g in groups[first_out:] if g.name in DESTINATION_GROUPS or g.count == ""]
    in_groups = [g for g in groups if g not in out_groups]
    _fill(reading, out_groups, outs, "outs")
    _fill(reading, in_groups, ins, "ins")


def _fill(reading: OpReading, in_groups, ins: list[tuple[Value, str]], keyword: str) -> None:
    required = [g for g in in_groups if g.count == ""]
    spare = len(ins) - len(required)
    if spare < 0:
        raise reading.fail(f"'{reading.op}' takes at least {len(required)} {keyword} operands "
                           f"({', '.join(g.name for g in required)}), found {len(ins)}")
    chosen = _optional_choice(reading, in_groups, ins, spare)
    position = 0
    for group in in_groups:
        if group.count == "" or group.name in chosen:
            take = chosen.get(group.name, 1)
            for value, type_ in ins[position:position + take]:
                reading.add_values(group.name, [value])
                reading.add_types(group.name, [type_])
            position += take
    if position != len(ins):
        raise reading.fail(f"'{reading.op}' takes at most {position} {keyword} operands, "
                           f"found {len(ins)}")


def _optional_choice(reading: OpReading, in_groups, ins, spare: int) -> dict[str, int]:
    """How many ins operands each optional/variadic group takes."""
    optional = [g for g in in_groups if g.count != ""]
    if spare <= 0 or not optional:
        return {}
    variadic = [g for g in optional if g.count == "*"]
    if variadic:
        return {variadic[0].name: spare}
    if spare >= len(optional):
        return {g.name: 1 for g in optional}
    # Fewer operands than optional groups: tell them apart by type, in order.
    chosen: dict[str, int] = {}
    extras = _extra_operands(in_groups, ins, spare)
    for value, type_ in extras:
        integer = is_integer_type(reading.facts.resolve(type_))
        for group in optional:
            if group.name in chosen:
                continue
            if integer == bool(group.fixed_type and is_integer_type(group.fixed_type)):
                chosen[group.name] = 1
                break
        else:
            names = ", ".join(g.name for g in optional)
            raise PtoSyntaxError(value.token.start, f"cannot tell which optional operand of "
                                 f"'{reading.op}' '{value.name}' is ({names})")
    return chosen


def _extra_operands(in_groups, ins, spare: int):
    """The ins operands past the required ones before the first optional group."""
    leading = 0
    for group in in_groups:
        if group.count != "":
            break
        leading += 1
    return ins[leading:leading + spare]


# --- views ----------------------------------------------------------------------

def _keyword_list(reading: OpReading, keyword: str) -> list[Value]:
    cursor = reading.cursor
    cursor.expect_keyword(keyword)
    cursor.expect_punct("=")
    cursor.expect_punct("[")
    return cursor.value_list("]")


def _view_type(reading: OpReading, type_text: str) -> ViewType | None:
    """The view type `type_text` spells (aliases resolved), None when it is none."""
    resolved = canonical(reading.facts.resolve(type_text))
    if not resolved.startswith("!pto."):
        return None
    try:
        return parse_view_type(resolved[len("!pto."):])
    except opaque.OpaqueSyntaxError:
        return None


@_reads("pto.make_tensor_view")
def read_make_tensor_view(reading: OpReading) -> None:
    cursor = reading.cursor
    ptr = cursor.value_use()
    cursor.expect_punct(",")
    shape = _keyword_list(reading, "shape")
    cursor.accept_punct(",")
    strides = _keyword_list(reading, "strides")
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())
    cursor.expect_punct(":")
    result = canonical(cursor.type_text())
    reading.add_values("ptr", [ptr])
    reading.add_values("shape", shape)
    reading.add_values("strides", strides)
    reading.add_types("result", [result])
    # PTOAS types the pointer by the result: a GM pointer to the view's elements.
    view = _view_type(reading, result)
    implied = None if view is None else f"!pto.ptr<{view.element}>"
    known = reading.facts.types.get(ptr.name)
    if known is None:
        if implied is None:
            raise PtoSyntaxError(ptr.token.start, f"cannot tell the type of '{ptr.name}' in "
                                 "custom 'pto.make_tensor_view': give it a type where it is "
                                 "defined, or write the op in generic form")
        reading.add_types("ptr", [implied])
        return
    stated = canonical(reading.facts.resolve(known))
    if implied is not None and stated != canonical(implied):
        raise PtoSyntaxError(ptr.token.start, (
            f"'{ptr.name}' is '{stated}', but custom 'pto.make_tensor_view' gives its "
            f"pointer the type '{implied}' (PTOAS reads it as a GM pointer to the view's "
            "element type): write the op in generic form"))


@_reads("pto.partition_view")
def read_partition_view(reading: OpReading) -> None:
    cursor = reading.cursor
    source = cursor.value_use()
    cursor.expect_punct(",")
    offsets = _keyword_list(reading, "offsets")
    cursor.expect_punct(",")
    sizes = _keyword_list(reading, "sizes")
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())
    cursor.expect_punct(":")
    source_token = cursor.peek()
    source_type = canonical(cursor.type_text())
    assert source_token is not None  # type_text() read it
    reading.add_values("source", [source])
    reading.add_types("source", [source_type])
    reading.add_values("offsets", offsets)
    reading.add_values("sizes", sizes)
    if cursor.accept_punct("->"):
        reading.add_types("result", [cursor.type_text()])
        return
    view = _view_type(reading, source_type)
    if view is None:
        raise PtoSyntaxError(source_token.start, "cannot infer the result type of custom "
                             f"'pto.partition_view' from source type '{source_type}': add "
                             "'-> !pto.partition_tensor_view<...>'")
    if len(sizes) != len(view.dims):
        raise PtoSyntaxError(source_token.start, "cannot infer the result type of custom "
                             f"'pto.partition_view': {len(sizes)} sizes for a rank-"
                             f"{len(view.dims)} source; add '-> !pto.partition_tensor_view<...>'")
    dims = tuple(_constant_extent(reading, size) for size in sizes)
    reading.add_types("result", [ViewType("partition_tensor_view", dims, view.element,
                                          view.layout).spelling()])


def _constant_extent(reading: OpReading, size: Value) -> int | None:
    value = reading.facts.constants.get(size.name)
    return value if value is not None and value >= 0 else None


# --- sync ----------------------------------------------------------------------

def _enum_item(reading: OpReading, mnemonic: str) -> str:
    """`<PIPE_V>`, `#pto.pipe<PIPE_V>` or the legacy `"PIPE_V"`."""
    cursor = reading.cursor
    token = cursor.peek()
    if token is None:
        raise cursor.expected(f"a {mnemonic}")
    if token.kind == HASH:
        cursor.pos += 1
        return token.text
    if token.kind == STRING:
        cursor.pos += 1
        return f"#pto.{mnemonic}<{token.text[1:-1]}>"
    if token.kind in (BARE, INT):
        cursor.pos += 1
        return f"#pto.{mnemonic}<{token.text}>"
    if token.is_punct("<"):
        start = cursor.pos
        cursor.skip_balanced()
        return f"#pto.{mnemonic}" + span_text(cursor.text, cursor.tokens, start, cursor.pos)
    raise cursor.expected(f"a {mnemonic} ('<...>')")


@_reads("pto.set_flag", "pto.wait_flag")
def read_flag(reading: OpReading) -> None:
    cursor = reading.cursor
    cursor.expect_punct("[")
    reading.attrs["src_pipe"] = _enum_item(reading, "pipe")
    cursor.expect_punct(",")
    reading.attrs["dst_pipe"] = _enum_item(reading, "pipe")
    cursor.expect_punct(",")
    reading.attrs["event_id"] = _enum_item(reading, "event")
    cursor.expect_punct("]")
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())


# --- tiles, pipes, caches, buffers ------------------------------------------------

def _optional_attr_dict(reading: OpReading) -> None:
    cursor = reading.cursor
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())


@_reads("pto.subview")
def read_subview(reading: OpReading) -> None:
    """`%src[%o, ...] sizes [R, C] (valid [%r, %c])? {attrs}? : SRC (-> RESULT)?`"""
    cursor = reading.cursor
    reading.add_values("source", [cursor.value_use()])
    cursor.expect_punct("[")
    reading.add_values("offsets", cursor.value_list("]"))
    cursor.expect_keyword("sizes")
    sizes_token = cursor.peek()
    reading.attrs["sizes"] = cursor.attribute_item()
    if cursor.accept_keyword("valid"):
        cursor.expect_punct("[")
        reading.add_values("valid_row", [cursor.value_use()])
        cursor.expect_punct(",")
        reading.add_values("valid_col", [cursor.value_use()])
        cursor.expect_punct("]")
    _optional_attr_dict(reading)
    cursor.expect_punct(":")
    source_type = canonical(cursor.type_text())
    reading.add_types("source", [source_type])
    if cursor.accept_punct("->"):
        reading.add_types("result", [cursor.type_text()])
        return
    reading.add_types("result", [_subview_type(reading, source_type, sizes_token)])


def _subview_type(reading: OpReading, source_type: str, at) -> str:
    from ..dialects.pto import parse_tile_buf

    sizes = (reading.attrs["sizes"] or "").strip("[] ").split(",")  # never a unit attr
    try:
        tile = parse_tile_buf(source_type[len("!pto."):])
        rows, cols = (opaque.parse_integer(size, "subview size") for size in sizes)
    except (opaque.OpaqueSyntaxError, ValueError):
        raise PtoSyntaxError(at.start, "cannot infer the result type of custom 'pto.subview': "
                             "add '-> !pto.tile_buf<...>'") from None
    v_row = _valid_extent(reading, "valid_row", rows)
    v_col = _valid_extent(reading, "valid_col", cols)
    return tile._replace(rows=rows, cols=cols, v_row=v_row, v_col=v_col).spelling()


def _valid_extent(reading: OpReading, group: str, size: int) -> int | None:
    """A subview's valid extent as PTOAS's SubViewOp::inferReturnTypes gives it: the
    size without a valid operand; with one, its constant clamped to the size, or `?`
    when it is no constant (the old reader made every valid operand `?`: a type
    PTOAS's verifier refuses for a constant, and uses that state PTOAS's 8 refused)."""
    values = reading.values.get(group)
    if not values:
        return size
    value = _constant_extent(reading, values[0])
    return None if value is None else min(value, size)


def _typed_entries(reading: OpReading) -> None:
    """`{key = value, ...}` whose values are the op's attributes, typed by
    their definition (`id = 30` is an i32)."""
    from .declarative import read_attribute_value
    cursor = reading.cursor
    cursor.expect_punct("{")
    seen: set[str] = set()
    while not cursor.accept_punct("}"):
        key = cursor.next()
        cursor.refuse_repeated_key(seen, key)
        cursor.expect_punct("=")
        spec = reading.spec.attr(key.text)
        if spec is None:
            reading.entries.append(f"{key.text} = {cursor.attribute_text()}")
        else:
            reading.attrs[key.text] = read_attribute_value(cursor, spec)
        if not cursor.accept_punct(","):
            cursor.expect_punct("}")
            break


@_reads("pto.aic_initialize_pipe", "pto.aiv_initialize_pipe")
def read_initialize_pipe(reading: OpReading) -> None:
    """`{attrs} (name = %v : T, ...)? {other attrs}?`"""
    cursor = reading.cursor
    _typed_entries(reading)
    if cursor.accept_punct("("):
        _named_operands(reading)
    _optional_attr_dict(reading)


def _named_operands(reading: OpReading) -> None:
    cursor = reading.cursor
    while not cursor.accept_punct(")"):
        key = cursor.next()
        if reading.spec.operand(key.text) is None:
            raise reading.fail(f"'{reading.op}' has no operand '{key.text}'", key)
        cursor.expect_punct("=")
        reading.add_values(key.text, [cursor.value_use()])
        cursor.expect_punct(":")
        reading.add_types(key.text, [cursor.type_text()])
        if not cursor.accept_punct(","):
            cursor.expect_punct(")")
            break


@_reads("pto.cmo.cacheinvalid")
def read_cache_invalid(reading: OpReading) -> None:
    """`all SPACE {attrs}?` or `%addr single_cache_line (: T)? {attrs}?`"""
    cursor = reading.cursor
    if cursor.accept_keyword("all"):
        reading.attrs["space"] = cursor.attribute_item()
    else:
        reading.add_values("addr", [cursor.value_use()])
        cursor.expect_keyword("single_cache_line")
        if cursor.accept_punct(":"):
            reading.add_types("addr", [cursor.type_text()])
        reading.attrs["space"] = "#pto.address_space<gm>"
    _optional_attr_dict(reading)


@_reads("pto.set_intra_block", "pto.wait_intra_block", "pto.set_cross_block",
        "pto.wait_cross_block")
def read_block_event(reading: OpReading) -> None:
    """`<PIPE>, EVENT` where EVENT is an i32 or an index value."""
    cursor = reading.cursor
    reading.attrs["pipe"] = _enum_item(reading, "pipe")
    cursor.expect_punct(",")
    dynamic = next((g.name for g in reading.spec.operands), None)
    if cursor.at_kind(PERCENT) and dynamic:
        reading.add_values(dynamic, [cursor.value_use()])
    else:
        reading.attrs["event_id"] = f"{cursor.attribute_item()} : i32"
    _optional_attr_dict(reading)


@_reads("pto.get_buf", "pto.rls_buf", "pto.get_buf_dyn", "pto.rls_buf_dyn")
def read_buffer_sync(reading: OpReading) -> None:
    """`"PIPE", ID (, MODE)?` or `[#attr, ID (, MODE)?]`; ID is an i32 for
    get_buf/rls_buf and an index value for the `_dyn` forms. A string names a
    pipe (`PIPE_*`) or a high-level sync op type (`TLOAD`, ...)."""
    cursor = reading.cursor
    bracket = cursor.accept_punct("[")
    token = cursor.next()
    if token.kind == STRING:
        word = token.text[1:-1]
        mnemonic = "pipe" if word.startswith("PIPE_") else "pipe_event_type"
        reading.attrs["op_type"] = f"#pto.{mnemonic}<{word}>"
    else:
        cursor.pos -= 1
        reading.attrs["op_type"] = cursor.attribute_item()
    cursor.expect_punct(",")
    if reading.spec.operand("buf_id") is not None:
        reading.add_values("buf_id", [cursor.value_use()])
    else:
        reading.attrs["buf_id"] = f"{cursor.attribute_item()} : i32"
    mode = "0"
    if cursor.accept_punct(","):
        mode = cursor.attribute_item()
    reading.attrs["mode"] = f"{mode} : i32"
    if bracket:
        cursor.expect_punct("]")
    _optional_attr_dict(reading)


@_reads("pto.syncall")
def read_syncall(reading: OpReading) -> None:
    """`(%ops : Ts)? mode = M, core_type = C {attrs}?`"""
    cursor = reading.cursor
    if cursor.accept_punct("("):
        values = cursor.value_list(":") if not cursor.accept_punct(")") else []
        if values:
            types = [cursor.type_text() for _ in values[:1]]
            while cursor.accept_punct(","):
                types.append(cursor.type_text())
            cursor.expect_punct(")")
            for group, value, type_ in zip(reading.spec.operands, values, types, strict=False):
                reading.add_values(group.name, [value])
                reading.add_types(group.name, [type_])
    for key, mnemonic in (("mode", "sync_all_mode"), ("core_type", "sync_core_type")):
        cursor.expect_keyword(key)
        cursor.expect_punct("=")
        reading.attrs[key] = _enum_item(reading, mnemonic)
        cursor.accept_punct(",")
    _optional_attr_dict(reading)


@_reads("pto.sync.set", "pto.sync.wait")
def read_sync(reading: OpReading) -> None:
    """`<PIPE>, EVENT {attrs}?`, as the block events."""
    read_block_event(reading)


@_reads("pto.mem_bar")
def read_mem_bar(reading: OpReading) -> None:
    """`"KIND"` or `<KIND>` or `#pto.membar<KIND>`, then `{attrs}?`."""
    reading.attrs["kind"] = _enum_item(reading, "membar")
    _optional_attr_dict(reading)


def _typed_operands(reading: OpReading, groups: list[str], close: str) -> None:
    """`%a, %b : Ta, Tb` then `close`: one operand per group, in order."""
    cursor = reading.cursor
    values = cursor.value_list(":")
    if len(values) > len(groups):
        raise reading.fail(f"'{reading.op}' takes at most {len(groups)} operands here, "
                           f"found {len(values)}")
    types = cursor.types(len(values))
    cursor.expect_punct(close)
    for name, value, type_ in zip(groups[len(groups) - len(values):], values, types, strict=False):
        reading.add_values(name, [value])
        reading.add_types(name, [type_])


@_reads("pto.tfree")
def read_tfree(reading: OpReading) -> None:
    """`(%entry?, %pipe : T?, !pto.pipe) {split = N}`: the entry is optional
    and comes first, so the operands fill the groups from the last."""
    cursor = reading.cursor
    cursor.expect_punct("(")
    _typed_operands(reading, [g.name for g in reading.spec.operands], ")")
    if cursor.at_punct("{"):
        _typed_entries(reading)


# --- vector loads and stores (pto.vmi) ---------------------------------------------

def _post_bracket_operands(reading: OpReading, most: int) -> list[Value]:
    cursor = reading.cursor
    values: list[Value] = []
    while len(values) < most and cursor.at_punct(",") and cursor.at_kind(PERCENT, 1):
        cursor.pos += 1
        values.append(cursor.value_use())
    return values


def _strides(reading: OpReading, extra: list[Value]) -> list[Value]:
    """The strides after `[%offset]`, by PTOAS's rule: with a `group`
    attribute one stride (then the mask); else two are block and repeat
    strides (then the mask); a single one is the mask. Returns the mask."""
    grouped = "group" in reading.attrs or any(e.split("=")[0].strip() == "group"
                                              for e in reading.entries)
    if grouped:
        reading.add_values("stride", extra[:1])
        return extra[1:2]
    if len(extra) >= 2:
        reading.add_values("block_stride", [extra[0]])
        reading.add_values("repeat_stride", [extra[1]])
        return extra[2:3]
    return extra


@_reads("pto.vmi.vload")
def read_vload(reading: OpReading) -> None:
    """`%src[%offset] (, %stride | , %block, %repeat)? {attrs}? : SRC -> RESULTS`"""
    cursor = reading.cursor
    reading.add_values("source", [cursor.value_use()])
    cursor.expect_punct("[")
    reading.add_values("offset", [cursor.value_use()])
    cursor.expect_punct("]")
    extra = _post_bracket_operands(reading, 2)
    _optional_attr_dict(reading)
    if len(extra) == 2:
        reading.add_values("block_stride", [extra[0]])
        reading.add_values("repeat_stride", [extra[1]])
    else:
        reading.add_values("stride", extra)
    cursor.expect_punct(":")
    reading.add_types("source", [cursor.type_text()])
    cursor.expect_punct("->")
    results = [cursor.type_text()]
    while cursor.at_punct(",") and cursor.at_kind(BANG, 1):
        cursor.pos += 1
        results.append(cursor.type_text())
    reading.add_types("results", results)


@_reads("pto.vmi.vstore")
def read_vstore(reading: OpReading) -> None:
    """`%v, ..., %dst[%offset] (strides)? (, %mask)? {attrs}? : Tv..., DST (, MASK)?`"""
    cursor = reading.cursor
    values = [cursor.value_use()]
    while not cursor.at_punct("["):
        cursor.expect_punct(",")
        values.append(cursor.value_use())
    cursor.expect_punct("[")
    reading.add_values("offset", [cursor.value_use()])
    cursor.expect_punct("]")
    extra = _post_bracket_operands(reading, 3)
    _optional_attr_dict(reading)
    mask = _strides(reading, extra)
    reading.add_values("values", values[:-1])
    reading.add_values("destination", values[-1:])
    reading.add_values("mask", mask)
    cursor.expect_punct(":")
    types = cursor.types(len(values) + len(mask))
    reading.add_types("values", types[:len(values) - 1])
    reading.add_types("destination", [types[len(values) - 1]])
    reading.add_types("mask", types[len(values):])


# --- DMA moves (pto.mte_*) ------------------------------------------------------------

_NBURST = ("n_burst", "nburst_src_stride", "nburst_dst_stride")
_LOOPS = ("loop_counts", "loop_src_strides", "loop_dst_strides")
_PAD = ("pad_value", "left_padding_count", "right_padding_count")
_LOOP_WORDS = ("loop", "loop1", "loop2")


def _keyword_group(reading: OpReading, names: tuple[str, ...], sizes: tuple[int, ...]
                   ) -> list[tuple[Value, str]]:
    """`(%a, %b, ...)` after its keyword: as many values as one of `sizes`."""
    cursor = reading.cursor
    cursor.pos += 1
    cursor.expect_punct("(")
    values = cursor.value_list(")")
    if len(values) not in sizes:
        raise reading.fail(f"'{reading.op}' takes {' or '.join(map(str, sizes))} values in "
                           f"this group, found {len(values)}")
    return list(zip(values, names, strict=False))


@_reads("pto.mte_gm_ub", "pto.mte_ub_gm", "pto.mte_gm_l1", "pto.mte_l1_ub", "pto.mte_l1_bt",
        "pto.mte_l1_fb")
def read_dma(reading: OpReading) -> None:
    """`%src, %dst, %x... nburst(%n, %s, %d) (l2_cache_ctl(%c))? (loop(%n, %s, %d))*
    (pad(%v (, %l, %r)?))? {attrs}? : types in the same order, each loop's after
    `loop`, the pad's after `pad`."""
    cursor = reading.cursor
    groups = [g.name for g in reading.spec.operands]
    # The nburst group: its three operands follow the positional ones.
    first = groups.index(_NBURST[0])
    nburst = tuple(groups[first:first + 3])
    placed: list[tuple[Value, str]] = []
    for number, name in enumerate(groups[:first]):
        if number:
            cursor.expect_punct(",")
        placed.append((cursor.value_use(), name))
    while (token := cursor.peek()) is not None and token.kind == BARE:
        if token.text == "nburst":
            placed += _keyword_group(reading, nburst, (3,))
        elif token.text in _LOOP_WORDS and _LOOPS[0] in groups:
            placed += _keyword_group(reading, _LOOPS, (3,))
        elif token.text == "pad" and _PAD[0] in groups:
            placed += _keyword_group(reading, _PAD, (1, 3))
        elif token.text == "l2_cache_ctl" and (cache := reading.spec.operand("l2_cache_ctl")) \
                is not None and cache.count == "?":
            placed += _keyword_group(reading, ("l2_cache_ctl",), (1,))
        else:
            break
    _optional_attr_dict(reading)
    cursor.expect_punct(":")
    types: list[str] = []
    while len(types) < len(placed):
        if types:
            cursor.expect_punct(",")
        if (token := cursor.peek()) is not None and token.kind == BARE \
                and token.text in (*_LOOP_WORDS, "pad"):
            cursor.pos += 1
        types.append(cursor.type_text())
    for (value, name), type_ in zip(placed, types, strict=False):
        reading.add_values(name, [value])
        reading.add_types(name, [type_])


# --- collectives (pto.comm) -------------------------------------------------------------

@_reads("pto.comm.tbroadcast", "pto.comm.treduce", "pto.comm.tgather", "pto.comm.tscatter")
def read_collective(reading: OpReading) -> None:
    """`(%fixed..., recv(%ping (, %pong)?), group(%g, ...) : types in that order)
    {attrs}`: the last three groups are ping, pong (optional) and the group."""
    cursor = reading.cursor
    groups = [g.name for g in reading.spec.operands]
    fixed, (ping, pong, group) = groups[:-3], groups[-3:]
    cursor.expect_punct("(")
    placed: list[tuple[Value, str]] = []
    for name in fixed:
        placed.append((cursor.value_use(), name))
        cursor.expect_punct(",")
    cursor.expect_keyword("recv")
    cursor.expect_punct("(")
    received = cursor.value_list(")")
    if len(received) not in (1, 2):
        raise reading.fail(f"'{reading.op}' takes one or two recv buffers, found "
                           f"{len(received)}")
    placed += zip(received, (ping, pong), strict=False)
    cursor.expect_punct(",")
    cursor.expect_keyword("group")
    cursor.expect_punct("(")
    placed += [(value, group) for value in cursor.value_list(")")]
    cursor.expect_punct(":")
    types = cursor.types(len(placed))
    cursor.expect_punct(")")
    for (value, name), type_ in zip(placed, types, strict=False):
        reading.add_values(name, [value])
        reading.add_types(name, [type_])
    _optional_attr_dict(reading)


# The readers of the VPTO cube and DMA ops register themselves here too.
from . import cube_ops  # noqa: E402, F401
