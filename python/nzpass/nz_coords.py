"""Blocked NZ coordinates over SSA values, planned first and emitted later.

A pass first plans every rewrite (so a refusal anywhere leaves the module
untouched), then emits. A planned coordinate is one of three recipes:
`Const` (folded at plan time), `Divided` (a proven offset divided whole by a
power of two, in its own integer type: never reassociated, because IR
arithmetic wraps at its declared width and a reassociated product wraps
elsewhere), and `Folded` (leading axes folded into the batch exactly, as
g*E + e: no division, so no proof is needed).
"""

from __future__ import annotations

from dataclasses import dataclass

from .bindings import arith, ir
from .errors import InternalInvariantError


@dataclass(frozen=True)
class Const:
    """A folded coordinate; `type` keeps the integer type of the offset it
    came from (index when it has none)."""

    value: int
    type: ir.Type | None = None


@dataclass(frozen=True)
class Divided:
    value: ir.Value
    divisor: int


@dataclass(frozen=True)
class Folded:
    """sum(value * multiplier) + constant, over values of one integer type."""

    terms: tuple[tuple[ir.Value, int], ...]
    constant: int = 0


Coord = Const | Divided | Folded


def fold_leading(offsets: list[ir.Value | int], leading_shape: tuple[int | None, ...],
                 type_: ir.Type | None = None) -> Coord:
    """Row-major batch index of leading `offsets` on `leading_shape`; the
    outermost extent is never needed, so a dynamic rank-3 batch is fine.
    A constant batch index gets `type_`, the type of the offsets."""
    multipliers, running = [], 1
    for extent in reversed(leading_shape[1:]):
        multipliers.append(running)
        running *= extent
    multipliers.append(running)
    multipliers.reverse()
    terms, constant = [], 0
    for offset, multiplier in zip(offsets, multipliers):
        if isinstance(offset, int):
            constant += offset * multiplier
        else:
            terms.append((offset, multiplier))
    return Folded(tuple(terms), constant) if terms else Const(constant, type_)


def dominating_constant(anchor: ir.Operation, attr: ir.Attribute) -> ir.Value | None:
    """An `arith.constant` of `attr` that already dominates `anchor`: one
    earlier in its block or in an enclosing block of the same function."""
    op: ir.Operation | None = anchor
    while op is not None and op.name != "func.func":
        block = op.block
        for earlier in block.operations:
            earlier = earlier.operation
            if earlier == op:
                break
            if earlier.name == "arith.constant" and earlier.attributes["value"] == attr:
                return earlier.results[0]
        parent = block.owner
        op = parent.operation if parent is not None else None
    return None


class CoordEmitter:
    """Emits planned coordinates right before one op, reusing the constants
    that already dominate it (so no duplicate `%c16_0` appears)."""

    def __init__(self, anchor: ir.Operation):
        self.anchor = anchor
        self.ip = ir.InsertionPoint(anchor)
        self.loc = anchor.location
        self._constants: dict[tuple[str, int], ir.Value] = {}

    def constant(self, value: int, type_: ir.Type | None = None) -> ir.Value:
        type_ = type_ or ir.IndexType.get()
        key = (str(type_), value)
        if key not in self._constants:
            existing = dominating_constant(self.anchor, ir.IntegerAttr.get(type_, value))
            if existing is None:
                with self.ip, self.loc:
                    existing = arith.ConstantOp(type_, value).result
            self._constants[key] = existing
        return self._constants[key]

    def emit(self, coord: Coord, type_: ir.Type | None = None) -> ir.Value:
        if isinstance(coord, Const):
            return self.constant(coord.value, coord.type or type_)
        if isinstance(coord, Divided):
            return self._divide(coord)
        return self._fold(coord)

    def emit_all(self, coords: list[Coord]) -> list[ir.Value]:
        return [self.emit(c) for c in coords]

    def _divide(self, coord: Divided) -> ir.Value:
        divisor = coord.divisor
        # A multiple of a power of two stays one after wrapping at 2**W: that
        # is what makes proofs valid under wrap-around arithmetic.
        if divisor <= 0 or divisor & (divisor - 1):
            raise InternalInvariantError(self.loc, f"NZ divisor {divisor} is not a power of two")
        value = coord.value
        with self.ip, self.loc:
            return arith.FloorDivSIOp(value, self.constant(divisor, value.type)).result

    def _fold(self, coord: Folded) -> ir.Value:
        type_ = coord.terms[0][0].type
        with self.ip, self.loc:
            total = None
            for value, multiplier in coord.terms:
                term = value if multiplier == 1 else arith.MulIOp(
                    value, self.constant(multiplier, type_)).result
                total = term if total is None else arith.AddIOp(total, term).result
            if coord.constant:
                total = arith.AddIOp(total, self.constant(coord.constant, type_)).result
            return total
