"""The attributes of a tile store, in every spelling nzpass meets: the one table
the pl passes, the lowering and the pto passes read.

A store into an NZ tensor is plain only when no attribute changes how it
writes (an atomic add, a relu or a quantisation on the way): so every
attribute a store carries must be in this table, whatever its spelling (the
pl one, `atomic = "atomic_add"`, or the pto one, `atomicType =
#pto<atomic_type atomic_add>`), and an unknown one is refused rather than
trusted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from ..ir.bindings import ir
from ..ir.type_cache import parsed_attribute
from .common import SEGMENTS, utf8_text


class StoreAttr(NamedTuple):
    """One store attribute: its pl and pto names, the `#pto<ENUM value>` enum,
    the value a pl unit attribute stands for, and the values that leave an NZ
    write-back plain (None: every value does). An attribute with no pto
    spelling (`enum` None) is kept as it is by the lowering. (A named tuple: a
    frozen dataclass costs 0.5 ms of start-up to build.)"""

    pl: str
    pto: str
    enum: str | None
    unit_value: str
    plain: tuple[str, ...] | None


STORE_ATTRS = (
    StoreAttr("st_phase", "stPhase", "st_phase", "final", None),
    StoreAttr("atomic", "atomicType", "atomic_type", "atomic_add", ("atomic_none",)),
    StoreAttr("pre_relu", "reluPreMode", "relu_pre_mode", "normal_relu", ("no_relu",)),
    StoreAttr("pre_quant", "pre_quant", None, "pre_quant", ()),
)
_BY_NAME = {name: a for a in STORE_ATTRS for name in (a.pl, a.pto)}
# What a pl string value of "no flag" is spelled as.
_PL_OFF = ("", "none", "false")
_ENUM_VALUE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class StoreAttrError(ValueError):
    """An attribute of a store that nzpass cannot read (the message says why)."""


def store_attr(name: str) -> StoreAttr | None:
    return _BY_NAME.get(name)


def utf8(attr: ir.StringAttr) -> str:
    """The text of a string attribute; StoreAttrError for bytes that are not UTF-8
    (the bindings would raise an opaque conversion error)."""
    text = utf8_text(attr)
    if text is None:
        raise StoreAttrError(f"string {attr} is not UTF-8 text")
    return text


def flag_value(name: str, attr: ir.Attribute) -> str | None:
    """The enum value the attribute sets (None: the flag is off). Raises
    StoreAttrError for an unknown attribute or a value nzpass cannot read."""
    entry = store_attr(name)
    if entry is None:
        raise StoreAttrError(f"unknown store attribute '{name}'")
    if isinstance(attr, ir.UnitAttr):
        return entry.unit_value
    if isinstance(attr, ir.BoolAttr):
        return entry.unit_value if attr.value else None
    if isinstance(attr, ir.StringAttr):
        text = utf8(attr)
        if text in _PL_OFF:
            return None
        return _enum_word(name, text)
    prefix, text = f"#pto<{entry.enum} ", str(attr)
    if entry.enum is not None and text.startswith(prefix) and text.endswith(">"):
        return _enum_word(name, text[len(prefix):-1].strip())
    raise StoreAttrError(f"store attribute {name} = {attr} is neither a string, a unit, a "
                         f"bool nor #pto<{entry.enum} ...>")


def check_stated_once(names: Iterable[str]) -> None:
    """Raises StoreAttrError when a store states one flag in two spellings (its
    pl and its pto name): the lowering writes one pto attribute per flag, so one
    of the two would be dropped, and with it perhaps an atomic add."""
    stated: dict[str, str] = {}
    for name in names:
        entry = _BY_NAME.get(name)
        if entry is None:
            continue
        other = stated.setdefault(entry.pl, name)
        if other != name:
            raise StoreAttrError(f"'{other}' and '{name}' both state the store's {entry.pl} "
                                 "flag; keep one spelling")


def _enum_word(name: str, text: str) -> str:
    if not _ENUM_VALUE.fullmatch(text):
        raise StoreAttrError(f"store attribute {name} = \"{text}\" is not an enum value")
    return text


def changes_nz_write(name: str, attr: ir.Attribute) -> str | None:
    """Why this attribute makes a store into NZ something other than a plain
    write (None when it does not). Raises StoreAttrError as `flag_value`."""
    if name == SEGMENTS:
        return None
    value = flag_value(name, attr)
    entry = _BY_NAME[name]
    if value is None or entry.plain is None or value in entry.plain:
        return None
    return f"{name} = {value}"


def pto_spelling(name: str, attr: ir.Attribute) -> tuple[str, ir.Attribute] | None:
    """The pto name and `#pto<enum value>` of a store attribute; None when it is
    off or has no pto spelling."""
    value = flag_value(name, attr)
    entry = _BY_NAME[name]
    if value is None or entry.enum is None:
        return None
    return entry.pto, parsed_attribute(f"#pto<{entry.enum} {value}>")
