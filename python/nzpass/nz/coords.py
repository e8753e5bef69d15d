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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import InternalInvariantError
from ..ir import arith as arith_ops
from ..ir import walk as ir_walk
from ..ir.bindings import ir


@dataclass(frozen=True)
class Const:
    """A folded coordinate; `type` keeps the integer type of the offset it
    came from (index when it has none)."""

    value: int
    type: ir.Type | None = None


@dataclass(frozen=True)
class Divided:
    """`value floordiv divisor`, divisor a power of two (see `divided`)."""

    value: ir.Value
    divisor: int


def divided(value: ir.Value, divisor: int, loc: ir.Location) -> Divided:
    """The recipe for dividing a proven offset whole. A multiple of a power of
    two stays one after wrapping at 2**W, which is what keeps the proofs valid
    under wrap-around arithmetic; so any other divisor is an internal error,
    caught here at plan time, before anything is rewritten."""
    if divisor <= 0 or divisor & (divisor - 1):
        raise InternalInvariantError(loc, f"NZ divisor {divisor} is not a power of two")
    return Divided(value, divisor)


@dataclass(frozen=True)
class Folded:
    """sum(value * multiplier) + constant in index, each value cast to index
    exactly (index_cast sign-extends a value proved non-negative)."""

    terms: tuple[tuple[ir.Value, int], ...]
    constant: int = 0


Coord = Const | Divided | Folded


def leading_multipliers(leading_shape: Sequence[int | None]) -> list[int]:
    """The row-major weight of each leading axis in the folded batch index; the
    outermost extent is never needed, so a dynamic rank-3 batch is fine (the
    inner folded extents are static: checked when the type is blocked)."""
    multipliers, running = [], 1
    for extent in reversed(leading_shape[1:]):
        multipliers.append(running)
        running *= extent or 1
    multipliers.append(running)
    multipliers.reverse()
    return multipliers


def fold_leading(offsets: list[ir.Value | int], leading_shape: tuple[int | None, ...]) -> Coord:
    """Row-major batch index of leading `offsets` on `leading_shape`, in index
    (where the fold cannot wrap: the offsets are proved inside their axes)."""
    multipliers = leading_multipliers(leading_shape)
    terms, constant = [], 0
    for offset, multiplier in zip(offsets, multipliers, strict=False):
        if isinstance(offset, int):
            constant += offset * multiplier
        else:
            terms.append((offset, multiplier))
    return Folded(tuple(terms), constant) if terms else Const(constant)


def _constant_key(type_: ir.Type, value: int) -> tuple[ir.Type, int]:
    return type_, value


class EntryConstants:
    """The integer constants every rewritten op may use: those at the top
    level of the function's entry block that precede it (which dominate it,
    whatever it is nested in), and the ones hoisted to the top of that block.
    Constants nested in loops are not reused: finding them would mean walking
    every op of the function in Python, and a hoisted constant is as good."""

    def __init__(self, entry: ir.Block) -> None:
        self._known: dict[tuple[ir.Type, int], ir.Value] = {}
        # New constants go to the top of the entry block, where they dominate
        # every later use: one per value and type in the whole function.
        self.entry_ip = ir.InsertionPoint.at_block_begin(entry)

    def lookup(self, key: tuple[ir.Type, int]) -> ir.Value | None:
        return self._known.get(key)

    def record(self, key: tuple[ir.Type, int], value: ir.Value) -> None:
        self._known.setdefault(key, value)

    def record_op(self, op: ir.Operation) -> None:
        if op.name != "arith.constant":
            return
        attr = op.attributes["value"]
        if isinstance(attr, ir.IntegerAttr):
            self.record(_constant_key(attr.type, attr.value), op.results[0])


Rewrite = Callable[["CoordEmitter"], ir.Operation]


def rewrite_in_order(root: ir.Operation, walk: ir_walk.PreOrder,
                     rewrites: dict[int, Rewrite]) -> None:
    """Apply each rewrite, keyed by the position of its op in `walk` (the
    pre-order of `root`'s nested ops, taken before anything changed) and
    returning the op that replaces it, in IR order, with an emitter that
    reuses the entry-block constants already dominating the op: the cost is
    the rewrites plus the entry block, not the whole function. (Positions,
    not ops, are the keys: an op's hash changes when its result types do.)"""
    if not rewrites:
        return
    constants = EntryConstants(root.regions[0].blocks[0])
    tops = iter(walk.entry_positions)
    top = next(tops, None)
    for position in sorted(rewrites):
        while top is not None and top < position:
            if top not in rewrites:  # a rewritten op is gone, and is no constant
                constants.record_op(walk.ops[top])
            top = next(tops, None)
        rewrites[position](CoordEmitter(walk.ops[position], constants))


def retained_for_rewrite(walk: ir_walk.PreOrder, rewrites: dict[int, Rewrite]) -> ir_walk.PreOrder:
    """The part of `walk` that `rewrite_in_order` reads: the ops to rewrite and
    the entry-block constants. A pass that plans every function before
    rewriting any keeps only this, not every op of every function."""
    constants = [i for i in walk.entry_positions if walk.ops[i].name == "arith.constant"]
    kept = {i: walk.ops[i] for i in (*constants, *rewrites)}
    return ir_walk.PreOrder(kept, constants)


class CoordEmitter:
    """Emits planned coordinates right before one op. Constants are shared
    within the op and, given `scopes`, with everything that dominates it."""

    def __init__(self, anchor: ir.Operation, scopes: EntryConstants | None = None):
        self.ip = ir.InsertionPoint(anchor)
        self.loc = anchor.location
        self._scopes = scopes
        self._constants: dict[tuple[str, int], ir.Value] = {}

    def constant(self, value: int, type_: ir.Type | None = None) -> ir.Value:
        type_ = type_ or ir.IndexType.get()
        key = _constant_key(type_, value)
        if key in self._constants:
            return self._constants[key]
        existing = self._scopes.lookup(key) if self._scopes is not None else None
        if existing is None and self._scopes is not None:
            existing = arith_ops.constant(type_, value, self.loc, self._scopes.entry_ip)
            self._scopes.record(key, existing)
        elif existing is None:
            existing = arith_ops.constant(type_, value, self.loc, self.ip)
        self._constants[key] = existing
        return existing

    def emit(self, coord: Coord, type_: ir.Type | None = None) -> ir.Value:
        if isinstance(coord, Const):
            return self.constant(coord.value, coord.type or type_)
        if isinstance(coord, Divided):
            return self._divide(coord)
        return self._fold(coord)

    def emit_all(self, coords: list[Coord]) -> list[ir.Value]:
        return [self.emit(c) for c in coords]

    def _divide(self, coord: Divided) -> ir.Value:
        value = coord.value
        divisor = self.constant(coord.divisor, value.type)
        return arith_ops.binary("floordivsi", value, divisor, self.loc, self.ip)

    def _fold(self, coord: Folded) -> ir.Value:
        type_ = ir.IndexType.get()
        total = None
        for offset, multiplier in coord.terms:
            value = offset if offset.type == type_ else arith_ops.index_cast(
                offset, type_, self.loc, self.ip)
            term = value if multiplier == 1 else self._binary(
                "muli", value, self.constant(multiplier, type_))
            total = term if total is None else self._binary("addi", total, term)
        if coord.constant:
            total = self._binary("addi", total, self.constant(coord.constant, type_))
        return total

    def _binary(self, name: str, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
        return arith_ops.binary(name, lhs, rhs, self.loc, self.ip)
