"""Printers of the pto ops PTOAS prints by hand (see `custom_ops` for their
readers), and of the `custom<...>` format directives."""

from __future__ import annotations

from ..dialects.pto_table import DESTINATION_GROUPS
from .cursor import Entry
from .types import canonical, ptoas_spelling


def print_custom(printing) -> bool:
    """Fill `printing` with the custom form of its op; False when the op
    has no custom printer here."""
    name = printing.spec.name
    if name in ("pto.make_tensor_view", "pto.partition_view"):
        return _print_view(printing)
    if name in ("pto.set_flag", "pto.wait_flag"):
        return _print_flag(printing)
    if name in ("pto.get_buf", "pto.rls_buf", "pto.get_buf_dyn", "pto.rls_buf_dyn"):
        return _print_buffer_sync(printing)
    if any(g.name in DESTINATION_GROUPS for g in printing.spec.operands):
        return _print_dps(printing)
    return False


def _names(printing, group: str) -> str:
    return ", ".join(printing.op.operands[i].name for i in printing.groups.get(group, []))


def _type(printing, index: int) -> str:
    return ptoas_spelling(canonical(printing.op.operand_types[index]))


def _rest_attrs(printing, used=()) -> str:
    """The attribute dictionary, each key by its attribute's own name: the other key
    some custom forms read (`pto.tcvt`'s `satmode` for `sat_mode`) is one PTOAS version's
    alone (hw-native-sys's parser keeps `satmode` as an unknown attribute and leaves
    `sat_mode` unset), while every version reads the attribute's name."""
    rest = [Entry(n, e.value).text() for n, e in printing.entries.items() if n not in used]
    return " {" + ", ".join(rest) + "}" if rest else ""


def _print_view(printing) -> bool:
    op = printing.op
    if len(op.result_types) != 1:
        return False
    first, second, third = (g.name for g in printing.spec.operands)
    words = ("shape", "strides") if first == "ptr" else ("offsets", "sizes")
    text = (f"{op.name} {_names(printing, first)}, {words[0]} = [{_names(printing, second)}], "
            f"{words[1]} = [{_names(printing, third)}]{_rest_attrs(printing)} : ")
    result = ptoas_spelling(canonical(op.result_types[0]))
    if first == "ptr":
        text += result
    else:
        text += f"{_type(printing, 0)} -> {result}"
    printing.out = [text]
    return True


def _print_flag(printing) -> bool:
    values = []
    for key, mnemonic in (("src_pipe", "pipe"), ("dst_pipe", "pipe"), ("event_id", "event")):
        entry = printing.entries.get(key)
        prefix = f"#pto.{mnemonic}<"
        if entry is None or entry.value is None or not entry.value.startswith(prefix):
            return False
        values.append(entry.value[len(prefix) - 1:])
    attrs = _rest_attrs(printing, ("src_pipe", "dst_pipe", "event_id"))
    printing.out = [f"{printing.op.name}[{', '.join(values)}]{attrs}"]
    return True


def _print_buffer_sync(printing) -> bool:
    """`"PIPE_V", ID(, MODE)` for a pipe, `[#attr, ID(, MODE)]` for any other (MODE
    only when it is not 0)."""
    op_type, mode = printing.entries.get("op_type"), printing.entries.get("mode")
    if op_type is None or op_type.value is None or mode is None or mode.value is None:
        return False
    number, colon, type_ = mode.value.rpartition(":")
    if not colon or type_.strip() != "i32":
        return False
    if printing.spec.operand("buf_id") is not None:
        buf_id = _names(printing, "buf_id")
    else:
        entry = printing.entries.get("buf_id")
        if entry is None or entry.value is None or not entry.value.replace(" ", "").endswith(
                ":i32"):
            return False
        buf_id = entry.value.rpartition(":")[0].strip()
    pipe = op_type.value.strip()
    # Mode 0 is left out: every PTOAS reads a missing mode as 0, and hw-native-sys's
    # format (`[$op_type, $buf_id] attr-dict`) has no place for one.
    head = buf_id if number.strip() == "0" else f"{buf_id}, {number.strip()}"
    if pipe.startswith("#pto.pipe<") and pipe.endswith(">"):
        text = f'"{pipe[len("#pto.pipe<"):-1]}", {head}'
    else:
        text = f"[{pipe}, {head}]"
    attrs = _rest_attrs(printing, ("op_type", "buf_id", "mode"))
    printing.out = [f"{printing.op.name} {text}{attrs}"]
    return True


def _print_dps(printing) -> bool:
    op = printing.op
    outs = [i for g in printing.spec.operands if g.name in DESTINATION_GROUPS
            for i in printing.groups.get(g.name, [])]
    ins = [i for i in range(len(op.operands)) if i not in outs]
    if len(op.result_types) > 1:
        return False

    # The dictionary goes where the op's parser in PTOAS reads it: after the
    # outs, or (by the op's table entry) inside ins(...) before its types.
    present = {name for name, indexes in printing.groups.items() if indexes}
    inside = printing.spec.dict_in_ins(present)
    attrs = _rest_attrs(printing)

    def operand_list(indexes: list[int], dictionary: str = "") -> str:
        if not indexes:
            return "()"
        names = ", ".join(op.operands[i].name for i in indexes)
        return f"({names}{dictionary} : {', '.join(_type(printing, i) for i in indexes)})"

    if inside and not ins:
        return False
    text = (f"{op.name} ins{operand_list(ins, attrs if inside else '')} "
            f"outs{operand_list(outs)}{'' if inside else attrs}")
    if op.result_types:
        text += f" -> {ptoas_spelling(canonical(op.result_types[0]))}"
    printing.out = [text]
    return True


def print_directive(printing, name: str, args: list) -> None:
    from .custom_directives import DIRECTIVES, directive_text
    from .printer import attribute_spelling, keep_generic
    for arg in args:
        if not (isinstance(arg, str) and arg[:1] in "$^"):
            continue
        var = arg[1:]
        spec = printing.spec.attr(var)
        entry = printing.entries.get(var)
        if spec is None or entry is None or entry.value is None:
            continue
        printing.used_attrs.add(var)
        if name not in DIRECTIVES:
            printing.emit(attribute_spelling(spec.kind, entry.value))
            continue
        text = directive_text(name, spec, entry.value)
        if text is None:
            keep_generic()
        if text.startswith(","):
            printing.emit(",", literal=True)
            text = text[2:]
        printing.emit(text)
