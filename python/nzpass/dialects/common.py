"""Views of ops whose operands form variadic groups (`operandSegmentSizes`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..errors import MalformedOp
from ..ir.bindings import ir
from .properties import all_attributes

SEGMENTS = "operandSegmentSizes"


def utf8_text(attr: ir.StringAttr) -> str | None:
    """The text of a string attribute, None when its bytes are not UTF-8 (where the
    bindings' `.value` raises an opaque conversion error)."""
    try:
        return bytes(attr.value_bytes).decode()
    except UnicodeDecodeError:
        return None


def segment_sizes(op: ir.Operation) -> list[int] | None:
    if SEGMENTS not in op.attributes:
        return None
    attr = op.attributes[SEGMENTS]
    if not isinstance(attr, ir.DenseI32ArrayAttr):
        raise MalformedOp(op.location, f"'{op.name}' op {SEGMENTS} must be array<i32: ...>")
    return dense_ints(attr)


def dense_ints(attr: ir.DenseI32ArrayAttr) -> list[int]:
    """The elements of a dense array, read by index (a quarter of what `list`
    costs: the bindings iterate through the generic sequence protocol)."""
    return [attr[i] for i in range(len(attr))]


def check_no_regions(op: ir.Operation) -> None:
    """An op a pass replaces must hold no regions: its replacement is built from
    operands and attributes only, so anything nested would be dropped unseen."""
    if len(op.regions):
        raise MalformedOp(op.location, f"'{op.name}' op must have no regions (it has "
                          f"{len(op.regions)}): rewriting it would drop what they hold")


def split_operands(op: ir.Operation, names: Sequence[str],
                   sizes: Sequence[int]) -> dict[str, list[ir.Value]]:
    operands = list(op.operands)
    if len(sizes) != len(names) or sum(sizes) != len(operands) or min(sizes, default=0) < 0:
        raise _malformed_segments(op, names, sizes, len(operands))
    groups, start = {}, 0
    for name, size in zip(names, sizes, strict=True):
        end = start + size
        groups[name] = operands[start:end]
        start = end
    return groups


def _malformed_segments(op: ir.Operation, names: Sequence[str], sizes: Sequence[int],
                        count: int) -> MalformedOp:
    if len(sizes) != len(names) or min(sizes, default=0) < 0:
        return MalformedOp(op.location, f"'{op.name}' op expects {len(names)} operand groups "
                           f"({', '.join(names)}), got {SEGMENTS} {list(sizes)}")
    return MalformedOp(op.location, f"'{op.name}' op {SEGMENTS} {list(sizes)} add up to "
                       f"{sum(sizes)} operands, but the op has {count}")


class SegmentedOp:
    """A view of one op with named operand groups."""

    NAME: ClassVar[str]
    GROUPS: ClassVar[tuple[str, ...]]

    def __init__(self, op: ir.Operation):
        self.op = op
        self._attributes: dict[str, ir.Attribute] | None = None
        sizes = segment_sizes(op)
        if sizes is None:
            raise MalformedOp(op.location, f"'{op.name}' op needs an {SEGMENTS} attribute "
                              f"for its operand groups ({', '.join(self.GROUPS)})")
        self.groups = split_operands(op, self.GROUPS, sizes)

    @classmethod
    def matches(cls, op: ir.Operation) -> bool:
        return op.name == cls.NAME

    @property
    def location(self) -> ir.Location:
        return self.op.location

    def single(self, group: str) -> ir.Value:
        values = self.groups[group]
        if len(values) != 1:
            raise MalformedOp(self.location, f"'{self.NAME}' op expects exactly one {group} "
                              f"operand, got {len(values)}")
        return values[0]

    def attr(self, name: str) -> ir.Attribute | None:
        return self.op.attributes.get(name)  # properties included (MLIR's getAttr)

    @property
    def attributes(self) -> dict[str, ir.Attribute]:
        """Every attribute, properties (`<{...}>`) included, read once: iterating
        `op.attributes` leaves an unregistered op's properties out, so a rule that
        checks every attribute, or a rewrite that keeps them, reads this."""
        if self._attributes is None:
            self._attributes = all_attributes(self.op)
        return self._attributes

    def string_attr(self, name: str) -> str | None:
        attr = self.attr(name)
        if attr is None:
            return None
        if not isinstance(attr, ir.StringAttr):
            raise MalformedOp(self.location, f"'{self.NAME}' op attribute '{name}' must be a "
                              f"string, got {attr}")
        text = utf8_text(attr)
        if text is None:
            raise MalformedOp(self.location, f"'{self.NAME}' op attribute '{name}' = {attr} "
                              "is not UTF-8 text; spell it in plain text")
        return text

    def _current_groups(self) -> dict[str, list[ir.Value]]:
        return split_operands(self.op, self.GROUPS, [len(self.groups[n]) for n in self.GROUPS])

    def rebuild(self, groups: dict[str, Sequence[ir.Value]],
                result_types: Sequence[ir.Type] | None = None) -> ir.Operation:
        """Replace the op by one with new operand groups (and result types),
        keeping every attribute and the location; uses move to the new op.
        Groups not given are read from the op now, not from when the view was
        made: an earlier rewrite may have replaced one of its operands."""
        current = self._current_groups()
        ordered = [list(groups.get(name, current[name])) for name in self.GROUPS]
        attributes = dict(self.attributes)
        attributes[SEGMENTS] = ir.DenseI32ArrayAttr.get([len(g) for g in ordered])
        types = list(result_types) if result_types is not None else [
            r.type for r in self.op.results]
        new = ir.Operation.create(
            self.op.name, results=types, operands=[v for g in ordered for v in g],
            attributes=attributes, loc=self.op.location, ip=ir.InsertionPoint(self.op))
        for old, fresh in zip(self.op.results, new.results, strict=False):
            old.replace_all_uses_with(fresh)
        self.op.erase()
        return new
