"""The pto op table (`dialects.pto_table`) as objects: each op's groups and
its assembly format.

Notation of a format (a list of elements, MLIR's declarative assembly format
parsed once, at development time):
  "`kw", "`("       a literal (keyword or punctuation); "` " a space
  "$x", "^x"        operand, attribute, region or successor x ("^" anchors
                    the optional group it is in)
  ["type", [..]]    the type(s) of what it names; ["qualified", [node]]
  ["functional-type", [a, b]]
  "@attr-dict", "@attr-dict-with-keyword", "@operands", "@results", ...
  ["?", group, else]  an optional group; present when its first element is
  ["custom", Name, args]
A node may end in "^" (it anchors its group). An op whose format is "custom"
(or None) has a hand-written reader in `custom_ops`.

An op PTOAS parses by hand may have a "custom_form" entry too, what its parser
does that the definition does not say:
  "attr_dict": "ins"         its attribute dictionary goes inside `ins(...)`,
                             before the `:`; "ins if G" there when group G has
                             an operand, else after `outs(...)` (the default)
  "keys": {attr: key}        the dictionary may spell inherent attribute `attr`
                             as `key` (read as `attr`; printed as `attr`, which
                             every PTOAS version reads)

An op whose PTOAS versions order its operand groups differently has a
"generic_orders" entry, {version: [group with its count, ...]} for every version
that defines it (the first is the entry's own order): its generic operand list
means different operands to different versions, so it is only ever written in
custom form (see `printer.write_text`).
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from functools import cache

from ..dialects.pto_table import OPS

SEGMENTS = "operandSegmentSizes"
RESULT_SEGMENTS = "resultSegmentSizes"


@dataclass(frozen=True)
class Group:
    """An operand or result group: count '' (one), '?' (optional) or '*'
    (variadic); `type` a type the definition fixes (`index`), a pto type
    class (`!pto.ptr`) or ''."""

    name: str
    count: str
    type: str

    @property
    def fixed_type(self) -> str | None:
        return self.type if self.type and not self.type.startswith("!") else None

    @property
    def type_class(self) -> str | None:
        return self.type if self.type.startswith("!") else None


@dataclass(frozen=True)
class AttrSpec:
    """An inherent attribute: kind `int:i32`, `float:f32`, `dense:i64`, `bool`,
    `unit`, `str`, `type`, `symref`, `symname`, `angle:M` (`#pto.M<..>`,
    stripped `<..>`), `bare:M` (`#pto<M v>`, stripped `v`) or `any`."""

    name: str
    kind: str
    optional: bool


@dataclass(frozen=True)
class OpSpec:
    name: str
    operands: tuple[Group, ...]
    attrs: tuple[AttrSpec, ...]
    results: tuple[Group, ...]
    regions: tuple[str, ...]
    successors: tuple[str, ...]
    traits: dict
    format: list | str | None
    custom_form: dict = field(default_factory=dict)
    generic_orders: dict = field(default_factory=dict)

    @property
    def segmented(self) -> bool:
        return bool(self.traits.get("AttrSizedOperandSegments"))

    @property
    def result_segmented(self) -> bool:
        return bool(self.traits.get("AttrSizedResultSegments"))

    @property
    def declarative(self) -> bool:
        return isinstance(self.format, list)

    @property
    def group_names(self) -> tuple[str, ...]:
        return tuple(group.name for group in self.operands)

    def kind_of(self, name: str) -> str | None:
        """'operand', 'attr', 'result', 'region' or 'successor'."""
        if any(g.name == name for g in self.operands):
            return "operand"
        if any(a.name == name for a in self.attrs):
            return "attr"
        if any(g.name == name for g in self.results):
            return "result"
        if name in self.regions:
            return "region"
        if name in self.successors:
            return "successor"
        return None

    def custom_key(self, attr: str) -> str:
        """The key the custom form's attribute dictionary spells `attr` by."""
        return self.custom_form.get("keys", {}).get(attr, attr)

    def attr_of_custom_key(self, key: str) -> str | None:
        """The inherent attribute the custom form spells by another key `key`."""
        return next((attr for attr, spelled in self.custom_form.get("keys", {}).items()
                     if spelled == key), None)

    def dict_in_ins(self, present: Container[str]) -> bool:
        """Whether the custom form's attribute dictionary goes inside `ins(...)`,
        given the groups `present` that have operands."""
        where, _, group = self.custom_form.get("attr_dict", "").partition(" if ")
        return where == "ins" and (not group or group in present)

    def operand(self, name: str) -> Group | None:
        return next((g for g in self.operands if g.name == name), None)

    def result(self, name: str) -> Group | None:
        return next((g for g in self.results if g.name == name), None)

    def attr(self, name: str) -> AttrSpec | None:
        return next((a for a in self.attrs if a.name == name), None)

    def matching(self, name: str) -> list[str]:
        """The operands/results whose type equals that of `name` by a trait."""
        same: list[str] = []
        for group in self.traits.get("match", []):
            if name in group:
                same += [other for other in group if other != name]
        if self.traits.get("SameOperandsAndResultType"):
            same += [g.name for g in self.operands + self.results if g.name != name]
        return same


@cache
def op_spec(name: str) -> OpSpec | None:
    entry = OPS.get(name)
    if entry is None:
        return None
    return OpSpec(
        name,
        tuple(Group(*item) for item in entry["operands"]),
        tuple(AttrSpec(n, kind, bool(opt)) for n, kind, opt in entry["attrs"]),
        tuple(Group(*item) for item in entry["results"]),
        tuple(n for n, _ in entry.get("regions", [])),
        tuple(entry.get("successors", [])),
        entry.get("traits", {}),
        entry["format"],
        entry.get("custom_form", {}),
        entry.get("generic_orders", {}),
    )


def operand_groups(name: str) -> tuple[str, ...]:
    """The operand group names of pto op `name`, in order (the one home of
    this fact: the op views of `dialects.pto` read it here)."""
    spec = op_spec(name)
    if spec is None:
        raise KeyError(name)
    return spec.group_names


def known_ops() -> frozenset[str]:
    return frozenset(OPS)


def segment_sizes_entry(sizes: list[int], name: str = SEGMENTS) -> str:
    return f"{name} = array<i32: " + ", ".join(map(str, sizes)) + ">"


def parse_segment_sizes(value: str) -> list[int] | None:
    """`array<i32: 1, 5, 5>` -> [1, 5, 5]; None for anything else."""
    text = value.replace(" ", "")
    if not (text.startswith("array<i32") and text.endswith(">")):
        return None
    body = text[len("array<i32"):-1]
    if body == "":
        return []
    if not body.startswith(":"):
        return None
    items = body[1:].split(",")
    if not all(item.isascii() and item.isdigit() for item in items):
        return None
    return [int(item) for item in items]


def anchor(group: list) -> str | None:
    """The name anchoring an optional group's elements."""
    for number, element in enumerate(group):
        if element == "^" and number:  # `custom<D>($x)^`: the anchor follows its directive
            return first_variable(group[number - 1])
        if isinstance(element, str) and element.startswith("^"):
            return element[1:]
        if isinstance(element, list):
            if element and element[-1] == "^":
                return first_variable(element)
            found = anchor(element[1] if element[0] != "custom" else element[2])
            if found is not None:
                return found
    return None


def first_variable(node) -> str | None:
    if isinstance(node, str):
        return node[1:] if node[:1] in "$^" and len(node) > 1 else None
    for item in node[1:] if node[0] != "custom" else node[2:]:
        if isinstance(item, list):
            for sub in item:
                found = first_variable(sub)
                if found is not None:
                    return found
        else:
            found = first_variable(item)
            if found is not None:
                return found
    return None
