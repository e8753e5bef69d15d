"""Readers of the cube and DMA ops of PTOAS's VPTO layer that PTOAS parses
by hand: positional operands, then keyword clauses, then `{attrs}?`, then
`:` and the operands' types in the order the operands were written.

  pto.mad %lhs, %rhs, %dst (, %bias)?, %m, %n, %k (unit_flag(MODE))?
      (disable_gemv)? (sat | nosat)? (tf32_mode(MODE))? (n_dir)? {attrs}? : types
  pto.mte_l0c_l1 %src, %dst, %m, %n, %ss, %ds, CLAUSES {attrs}? : types TAIL
  pto.mte_l0c_gm %src, %dst, %m, %n, %ss, %ds, %sid, %l2, CLAUSES ... (as l1)
  pto.mte_l0c_ub %src, %dst, %m, %n, %ss, %ds, dst_mode(%sub | split_m | split_n)
      (, CLAUSES)? {attrs}? : types (, sub type)? TAIL
    CLAUSES, comma-separated, in this order: unit_flag(check_only|check_and_clear),
    pre_quant(%p, mode = M), pre_relu((%p,)? mode = M (, clip = %c)?),
    nz2nd | nz2dn((%loop0))? | nz2nz((%split))?, loop3(%n, %s, %d),
    sat | sat(preserve_nan) | nosat, atomic(type = T, op = O); TAIL: the types
    of the clause operands, in the order of the op's operand groups.
  pto.mte_l1_l0a %src, %dst (, 4 shape operands | , 6 control operands
      | , name(%v), ...)? {attrs}? : Tsrc, Tdst (, T)* (one per operand written)
  pto.mte_gm_l1_frac %src, %dst, MODE, shape(%a, %b), src_layout(%i (, %o)?),
      dst_group(%a, %b, %c, %d), ctrl(%a, %b) {attrs}? : Tsrc, Tdst, MODE,
      shape T, T, src_layout(T (, T)?), dst_group T, T, T, T, ctrl T, T
  pto.vcvt %in, %mask {attrs}? : Tin, Tmask -> Tresult
Enum-valued clauses give `#pto<MNEMONIC value>`, the mnemonic the op's
definition names for the attribute (in the op table).
"""

from __future__ import annotations

from .cursor import Value
from .custom_ops import _operand_list, _reads
from .opform import OpReading
from .tokenizer import BARE, PERCENT, Token

Placed = list[tuple[Value, str]]


def _enum(reading: OpReading, attr: str, token: Token, value: str | None = None) -> None:
    """Set enum attribute `attr` to `value` (by default the keyword `token`)."""
    spec = reading.spec.attr(attr)
    if spec is None or not spec.kind.startswith("bare:"):
        raise reading.fail(f"'{reading.op}' has no enum attribute '{attr}'", token)
    reading.attrs[attr] = f"#pto<{spec.kind.partition(':')[2]} {value or token.text}>"


def _keyword(reading: OpReading, what: str) -> Token:
    token = reading.cursor.next()
    if token.kind != BARE:
        raise reading.fail(f"expected {what}, found '{token.text}'", token)
    return token


def _one_of(reading: OpReading, choices: tuple[str, ...]) -> Token:
    token = _keyword(reading, " or ".join(f"'{c}'" for c in choices))
    if token.text not in choices:
        raise reading.fail(f"expected {' or '.join(repr(c) for c in choices)}, found "
                           f"'{token.text}'", token)
    return token


def _positional(reading: OpReading, groups: list[str], trailing_comma: bool) -> Placed:
    cursor = reading.cursor
    placed: Placed = []
    for number, group in enumerate(groups):
        if number:
            cursor.expect_punct(",")
        placed.append((cursor.value_use(), group))
    if trailing_comma:
        cursor.expect_punct(",")
    return placed


def _parenthesized(reading: OpReading, groups: tuple[str, ...]) -> Placed:
    """`(%a, %b, ...)`: one value for each of `groups`."""
    cursor = reading.cursor
    cursor.expect_punct("(")
    placed: Placed = []
    for number, group in enumerate(groups):
        if number:
            cursor.expect_punct(",")
        placed.append((cursor.value_use(), group))
    cursor.expect_punct(")")
    return placed


def _types(reading: OpReading, placed: Placed, first: bool = True) -> None:
    """The types of `placed`, comma-separated (after a `,` unless `first`)."""
    cursor = reading.cursor
    for number, (value, group) in enumerate(placed):
        if number or not first:
            cursor.expect_punct(",")
        reading.add_values(group, [value])
        reading.add_types(group, [cursor.type_text()])


def _attr_dict_and_colon(reading: OpReading) -> None:
    cursor = reading.cursor
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())
    cursor.expect_punct(":")


# --- mad -------------------------------------------------------------------------

@_reads("pto.mad", "pto.mad_acc", "pto.mad_bias", "pto.mad_mx", "pto.mad_mx_acc",
        "pto.mad_mx_bias")
def read_mad(reading: OpReading) -> None:
    cursor = reading.cursor
    placed = _positional(reading, list(reading.spec.group_names), trailing_comma=False)
    if cursor.accept_keyword("unit_flag"):
        cursor.expect_punct("(")
        _enum(reading, "unit_flag_mode", _one_of(reading, ("check_only", "check_and_set")))
        cursor.expect_punct(")")
    if cursor.accept_keyword("disable_gemv"):
        reading.attrs["disable_gemv"] = None
    if cursor.at_keyword("sat") or cursor.at_keyword("nosat"):
        _enum(reading, "sat_mode", cursor.next())
    if reading.spec.attr("tf32_mode") is not None and cursor.accept_keyword("tf32_mode"):
        cursor.expect_punct("(")
        _enum(reading, "tf32_mode", _one_of(reading, ("round_even", "round_away")))
        cursor.expect_punct(")")
    if cursor.accept_keyword("n_dir"):
        reading.attrs["n_dir"] = None
    _attr_dict_and_colon(reading)
    _types(reading, placed)


# --- acc stores (mte_l0c_*) ---------------------------------------------------------

# The clauses in the order PTOAS requires them.
_ACC_CLAUSES = ("unit_flag", "pre_quant", "pre_relu", "layout", "loop3", "sat", "atomic")
_LAYOUTS = {"nz2nd": None, "nz2dn": "loop0_src_stride", "nz2nz": "split"}
_SAT = ("sat", "nosat")
_LOOP3 = ("loop3_count", "loop3_src_stride", "loop3_dst_stride")


def _acc_clause_kind(word: str) -> str | None:
    if word in _LAYOUTS:
        return "layout"
    if word in _SAT:
        return "sat"
    return word if word in _ACC_CLAUSES else None


def _mode_equals(reading: OpReading, attr: str) -> None:
    cursor = reading.cursor
    cursor.expect_keyword("mode")
    cursor.expect_punct("=")
    _enum(reading, attr, _keyword(reading, "a mode"))


def _acc_clause(reading: OpReading, word: Token, tail: dict[str, Value]) -> None:
    cursor = reading.cursor
    kind = _acc_clause_kind(word.text)
    if kind == "unit_flag":
        cursor.expect_punct("(")
        _enum(reading, "unit_flag", _one_of(reading, ("check_only", "check_and_clear")))
        cursor.expect_punct(")")
    elif kind == "pre_quant":
        cursor.expect_punct("(")
        tail["pre_quant"] = cursor.value_use()
        cursor.expect_punct(",")
        _mode_equals(reading, "pre_quant_mode")
        cursor.expect_punct(")")
    elif kind == "pre_relu":
        cursor.expect_punct("(")
        if cursor.at_kind(PERCENT):
            tail["pre_relu"] = cursor.value_use()
            cursor.expect_punct(",")
        _mode_equals(reading, "pre_relu_mode")
        if cursor.accept_punct(","):
            cursor.expect_keyword("clip")
            cursor.expect_punct("=")
            tail["clip_value"] = cursor.value_use()
        cursor.expect_punct(")")
    elif kind == "layout":
        _enum(reading, "mode", word)
        operand = _LAYOUTS[word.text]
        if operand is not None and cursor.accept_punct("("):
            tail[operand] = cursor.value_use()
            cursor.expect_punct(")")
    elif kind == "loop3":
        tail.update((group, value) for value, group in _parenthesized(reading, _LOOP3))
    elif kind == "sat":
        if word.text == "sat" and cursor.accept_punct("("):
            cursor.expect_keyword("preserve_nan")
            cursor.expect_punct(")")
            _enum(reading, "sat_mode", word, "sat_preserve_nan")
        else:
            _enum(reading, "sat_mode", word)
    elif kind == "atomic":
        if reading.spec.attr("atomic_type") is None:
            raise reading.fail(f"atomic is only supported for pto.mte_l0c_gm, not "
                               f"'{reading.op}'", word)
        cursor.expect_punct("(")
        for key, attr in (("type", "atomic_type"), ("op", "atomic_op")):
            if key == "op":
                cursor.expect_punct(",")
            cursor.expect_keyword(key)
            cursor.expect_punct("=")
            _enum(reading, attr, _keyword(reading, f"an atomic {key}"))
        cursor.expect_punct(")")


def _acc_clauses(reading: OpReading) -> dict[str, Value]:
    """The clauses; the operands they give, by group."""
    cursor = reading.cursor
    tail: dict[str, Value] = {}
    last = -1
    while (token := cursor.peek()) is not None and token.kind == BARE:
        kind = _acc_clause_kind(token.text)
        if kind is None:
            raise reading.fail(f"unknown clause '{token.text}' of '{reading.op}' (expected "
                               f"one of {', '.join(_ACC_CLAUSES[:3])}, nz2nd/nz2dn/nz2nz, "
                               "loop3, sat/nosat, atomic)", token)
        order = _ACC_CLAUSES.index(kind)
        if order <= last:
            raise reading.fail(f"clause '{token.text}' of '{reading.op}' is out of order or "
                               f"repeated: the clauses go in the order "
                               f"{', '.join(_ACC_CLAUSES)}", token)
        last = order
        cursor.pos += 1
        _acc_clause(reading, token, tail)
        if not cursor.accept_punct(","):
            break
    return tail


def _acc_tail(reading: OpReading, tail: dict[str, Value]) -> Placed:
    """The clause operands in the order of the op's groups (their types' order)."""
    return [(tail[name], name) for name in reading.spec.group_names if name in tail]


@_reads("pto.mte_l0c_l1", "pto.mte_l0c_gm")
def read_acc_store(reading: OpReading) -> None:
    names = list(reading.spec.group_names)
    fixed = names[:6] + (["sid", "l2_cache_ctrl"] if "sid" in names else [])
    placed = _positional(reading, fixed, trailing_comma=True)
    tail = _acc_clauses(reading)
    _attr_dict_and_colon(reading)
    _types(reading, placed)
    _types(reading, _acc_tail(reading, tail), first=False)


@_reads("pto.mte_l0c_ub")
def read_acc_store_ub(reading: OpReading) -> None:
    cursor = reading.cursor
    placed = _positional(reading, list(reading.spec.group_names[:6]), trailing_comma=True)
    word = cursor.expect_keyword("dst_mode")
    cursor.expect_punct("(")
    if cursor.at_kind(PERCENT):
        # A sub-block id: the destination mode is PTOAS's default, single.
        placed.append((cursor.value_use(), "sub_blockid"))
        _enum(reading, "dst_mode", word, "single")
    else:
        _enum(reading, "dst_mode", _one_of(reading, ("split_m", "split_n")))
    cursor.expect_punct(")")
    tail = _acc_clauses(reading) if cursor.accept_punct(",") else {}
    _attr_dict_and_colon(reading)
    _types(reading, placed)
    _types(reading, _acc_tail(reading, tail), first=False)


# --- L1 -> L0 loads ------------------------------------------------------------------

@_reads("pto.mte_l1_l0a", "pto.mte_l1_l0b", "pto.mte_l1_l0a_mx", "pto.mte_l1_l0b_mx")
def read_l1_l0(reading: OpReading) -> None:
    """Four shape operands, six control operands, or named operands."""
    cursor = reading.cursor
    names = list(reading.spec.group_names)
    placed = _positional(reading, names[:2], trailing_comma=False)
    if cursor.accept_punct(","):
        if cursor.at_kind(PERCENT):
            values = [cursor.value_use()]
            while cursor.accept_punct(","):
                values.append(cursor.value_use())
            if len(values) not in (4, 6):
                raise reading.fail(f"'{reading.op}' takes four shape operands "
                                   f"({', '.join(names[2:6])}) or six control operands "
                                   f"({', '.join(names[6:])}), found {len(values)}",
                                   values[-1].token)
            groups = names[2:6] if len(values) == 4 else names[6:]
            placed += zip(values, groups, strict=True)
        else:
            while True:
                word = _keyword(reading, "an operand name")
                if word.text not in names[2:] or any(g == word.text for _, g in placed):
                    raise reading.fail(f"'{word.text}' is not an operand of '{reading.op}' "
                                       f"or is given twice ({', '.join(names[2:])})", word)
                placed += _parenthesized(reading, (word.text,))
                if not cursor.accept_punct(","):
                    break
    _attr_dict_and_colon(reading)
    _types(reading, placed)


# --- GM -> L1 fractal loads -------------------------------------------------------------

_FRAC_GROUPS = (("shape", ("n_value", "d_value")),
                ("dst_group", ("group_count", "dst_loop2_stride", "dst_loop3_stride",
                               "dst_loop4_stride")),
                ("ctrl", ("l2_cache_ctrl", "smallc0_en")))


@_reads("pto.mte_gm_l1_frac")
def read_gm_l1_frac(reading: OpReading) -> None:
    cursor = reading.cursor
    placed = _positional(reading, ["source", "destination"], trailing_comma=True)
    mode = _one_of(reading, ("nd2nz", "dn2nz"))
    _enum(reading, "mode", mode)
    sections: list[tuple[str, Placed]] = []
    for keyword, groups in _FRAC_GROUPS:
        cursor.expect_punct(",")
        if keyword == "dst_group":
            cursor.expect_keyword("src_layout")
            cursor.expect_punct("(")
            layout = [(cursor.value_use(), "src_inner_stride")]
            if cursor.accept_punct(","):
                layout.append((cursor.value_use(), "src_outer_stride"))
            cursor.expect_punct(")")
            sections.append(("src_layout", layout))
            cursor.expect_punct(",")
        cursor.expect_keyword(keyword)
        sections.append((keyword, _parenthesized(reading, groups)))
    _attr_dict_and_colon(reading)
    _types(reading, placed)
    cursor.expect_punct(",")
    cursor.expect_keyword(mode.text)
    for keyword, section in sections:
        cursor.expect_punct(",")
        cursor.expect_keyword(keyword)
        if keyword == "src_layout":
            cursor.expect_punct("(")
            _types(reading, section)
            cursor.expect_punct(")")
        else:
            _types(reading, section)


# --- vector conversion ---------------------------------------------------------------------

@_reads("pto.vcvt", "pto.vtrc")
def read_vector_convert(reading: OpReading) -> None:
    """`%in, %mask (, "MODE")? {attrs}? : Tin, Tmask -> Tresult` (vtrc states its
    rounding mode as a string)."""
    cursor = reading.cursor
    placed = _positional(reading, ["input", "mask"], trailing_comma=False)
    if reading.spec.attr("round_mode") is not None:
        cursor.expect_punct(",")
        token = cursor.next()
        if token.kind != "string":
            raise reading.fail(f"expected a rounding mode string, found '{token.text}'", token)
        reading.attrs["round_mode"] = token.text
    _attr_dict_and_colon(reading)
    _types(reading, placed)
    cursor.expect_punct("->")
    reading.add_types("result", [cursor.type_text()])



# --- tile ops whose ins/outs lists PTOAS assigns by hand ---------------------------------

def _assign(reading: OpReading, pairs: list[tuple[tuple[Value, str], str]]) -> None:
    """Each (value, type) pair to its group."""
    for (value, type_), group in pairs:
        reading.add_values(group, [value])
        reading.add_types(group, [type_])


def _tail_attrs(reading: OpReading) -> None:
    if reading.cursor.at_punct("{"):
        reading.add_entries(reading.cursor.attr_dict())


@_reads("pto.tquant")
def read_tquant(reading: OpReading) -> None:
    """`ins(%src, %fp (, %offset)? : types) outs(%dst (, %tmp)? : types) {attrs}?`"""
    ins = _operand_list(reading, "ins")
    outs = _operand_list(reading, "outs")
    if len(ins) not in (2, 3) or len(outs) not in (1, 2):
        raise reading.fail("'pto.tquant' takes ins(src, fp, offset?) and outs(dst, tmp?), "
                           f"found {len(ins)} ins and {len(outs)} outs operands",
                           reading.name_token)
    _assign(reading, list(zip(ins, ("src", "fp", "offset"), strict=False)))
    _assign(reading, list(zip(outs, ("dst", "tmp"), strict=False)))
    _tail_attrs(reading)


def _mask_form(reading: OpReading) -> str | None:
    """After `ins(%src,`: `{maskPattern = P} : T (, "axis")?)`, the src type;
    None (nothing read) when the form has operands instead."""
    from .declarative import read_attribute_value
    cursor = reading.cursor
    if not cursor.at_punct("{"):
        return None
    cursor.pos += 1
    cursor.expect_keyword("maskPattern")
    cursor.expect_punct("=")
    spec = reading.spec.attr("maskPattern")
    assert spec is not None
    reading.attrs["maskPattern"] = read_attribute_value(cursor, spec)
    cursor.expect_punct("}")
    cursor.expect_punct(":")
    type_ = cursor.type_text()
    if cursor.accept_punct(","):
        axis = cursor.next()
        if axis.text not in ('"row"', '"col"'):
            raise reading.fail(f"axis must be \"row\" or \"col\", found '{axis.text}'", axis)
        reading.attrs["axis"] = axis.text
    cursor.expect_punct(")")
    return type_


def _ins_after_src(reading: OpReading) -> tuple[Value, str | None]:
    cursor = reading.cursor
    cursor.expect_keyword("ins")
    cursor.expect_punct("(")
    src = cursor.value_use()
    cursor.expect_punct(",")
    return src, _mask_form(reading)


def _rest_of_ins(reading: OpReading, src: Value) -> list[tuple[Value, str]]:
    """`%a, ... : Tsrc, Ta, ...)` after `ins(%src,`: src first."""
    cursor = reading.cursor
    values = [src, cursor.value_use()]
    while cursor.accept_punct(","):
        values.append(cursor.value_use())
    cursor.expect_punct(":")
    types = cursor.types(len(values))
    cursor.expect_punct(")")
    return list(zip(values, types, strict=True))


@_reads("pto.tscatter")
def read_tscatter(reading: OpReading) -> None:
    """`ins(%src, %indexes : Ts, Ti) outs(%dst : Td) {attrs}?` or the mask form
    `ins(%src, {maskPattern = P} : Ts (, "axis")?) outs(...)`."""
    src, mask_type = _ins_after_src(reading)
    if mask_type is not None:
        _assign(reading, [((src, mask_type), "src")])
    else:
        ins = _rest_of_ins(reading, src)
        if len(ins) != 2:
            raise reading.fail(f"'pto.tscatter' takes ins(src, indexes), found {len(ins)}")
        _assign(reading, list(zip(ins, ("src", "indexes"), strict=True)))
    _assign(reading, list(zip(_operand_list(reading, "outs"), ("dst",), strict=False)))
    _tail_attrs(reading)


@_reads("pto.tgather")
def read_tgather(reading: OpReading) -> None:
    """`ins(%src, {maskPattern = P} : T (, "axis")?) outs(%dst : T)`, or
    `ins(%src, %indices (, %tmp)? : ...) outs(%dst : T)` (index form), or
    `ins(%src, %kValue (, %tmp)? : ...) outs(%dst, %cdst : ...)` (compare form);
    then `maskPattern = P`? and `{attrs}?`."""
    from .declarative import read_attribute_value
    cursor = reading.cursor
    src, mask_type = _ins_after_src(reading)
    ins = [(src, mask_type)] if mask_type is not None else _rest_of_ins(reading, src)
    outs = _operand_list(reading, "outs")
    if len(ins) > 3 or len(outs) not in (1, 2) or (mask_type is not None and len(outs) != 1):
        raise reading.fail(f"'pto.tgather' takes ins(src, indices or kValue?, tmp?) and "
                           f"outs(dst, cdst?), found {len(ins)} ins and {len(outs)} outs",
                           reading.name_token)
    extra = ("kValue", "tmp") if len(outs) == 2 else ("indices", "tmp")
    _assign(reading, [(ins[0], "src"), *list(zip(ins[1:], extra, strict=False))])
    _assign(reading, list(zip(outs, ("dst", "cdst"), strict=False)))
    if cursor.accept_keyword("maskPattern"):
        cursor.expect_punct("=")
        spec = reading.spec.attr("maskPattern")
        assert spec is not None
        reading.attrs["maskPattern"] = read_attribute_value(cursor, spec)
    _tail_attrs(reading)


@_reads("pto.tmrgsort")
def read_tmrgsort(reading: OpReading) -> None:
    """`ins(%src, %block_len : Ts, Tb) outs(%dst : Td) {attrs}?` (format 1) or
    `ins(%s0, %s1, ... (%tmp | no_tmp) {exhausted = B}? : types)
    outs(%dst, %executed : Td, Te) {attrs}?` (format 2); `exhausted` is
    false unless stated, as PTOAS sets it."""
    cursor = reading.cursor
    cursor.expect_keyword("ins")
    cursor.expect_punct("(")
    values = [cursor.value_use()]
    while cursor.accept_punct(","):
        values.append(cursor.value_use())
    no_tmp = cursor.accept_keyword("no_tmp") is not None
    if cursor.at_punct("{"):
        reading.add_entries(cursor.attr_dict())
    cursor.expect_punct(":")
    types = [cursor.type_text()]
    while cursor.accept_punct(","):
        types.append(cursor.type_text())
    cursor.expect_punct(")")
    if len(types) != len(values):
        raise reading.fail(f"'pto.tmrgsort' has {len(values)} ins operands but "
                           f"{len(types)} types")
    ins = list(zip(values, types, strict=True))
    outs = _operand_list(reading, "outs")
    if len(outs) == 1 and len(ins) == 2 and not no_tmp:
        _assign(reading, [(ins[0], "srcs"), (ins[1], "blockLen"), (outs[0], "dsts")])
    else:
        sources = ins if no_tmp else ins[:-1]
        if not 2 <= len(sources) <= 4 or len(outs) != 2:
            raise reading.fail("'pto.tmrgsort' format 2 takes 2 to 4 sources, then a tmp "
                               "or no_tmp, and outs(dst, executed)", reading.name_token)
        _assign(reading, [(pair, "srcs") for pair in sources])
        _assign(reading, [(outs[0], "dsts")] + ([] if no_tmp else [(ins[-1], "tmp")])
                + [(outs[1], "excuted")])
    _tail_attrs(reading)
    if not any(e.split("=")[0].strip() == "exhausted" for e in reading.entries):
        reading.attrs["exhausted"] = "false"
