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

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NamedTuple, cast

from ..errors import InternalInvariantError
from ..ir import arith as arith_ops
from ..ir import op_names
from ..ir import walk as ir_walk
from ..ir.bindings import ir
from ..records import record


@record
class Const(NamedTuple):
    """A folded coordinate; `type` keeps the integer type of the offset it
    came from (index when it has none)."""

    value: int
    type: ir.Type | None = None


@record
class Divided(NamedTuple):
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


@record
class Folded(NamedTuple):
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


# Loops LICM hoists out of (upstream's LoopLikeOpInterface ops); an op nested in
# any other region op (an scf.if) stays there, as it does under LICM.
# (affine's two are spelled: its op classes would cost every run 1.5 ms of imports
# for two names only an affine input can reach.)
_LOOPS = frozenset((op_names.SCF_FOR, op_names.SCF_WHILE,
                    op_names.SCF_PARALLEL, op_names.SCF_FORALL,
                    "affine.for", "affine.parallel"))
# Every arith op is pure (no memory effect): one whose result nothing uses any
# more is dead, as canonicalize would find it.
_PURE_PREFIX = "arith."  # a dialect's namespace, not an op name
_CONSTANT = op_names.ARITH_CONSTANT
# The arith ops the emitters make.
ADD, MUL = op_names.ARITH_ADDI, op_names.ARITH_MULI
FLOORDIV, INDEX_CAST = op_names.ARITH_FLOORDIVSI, op_names.ARITH_INDEX_CAST


def _defined_inside(value: ir.Value, region_op: ir.Operation) -> bool:
    """Whether `value` is defined in one of `region_op`'s regions."""
    op: ir.Operation | None
    if isinstance(value, ir.BlockArgument):
        block = cast(ir.Block, value.owner)
        op = block.owner.operation if block.owner is not None else None
    else:
        op = value.owner.operation.parent
    while op is not None:
        if op == region_op:
            return True
        op = op.parent
    return False


def hoisted_anchor(anchor: ir.Operation, operands: Sequence[ir.Value]) -> ir.Operation:
    """The op to insert an arith op of `operands` before: the outermost loop
    around `anchor` that all operands are invariant in (where
    loop-invariant-code-motion would move it), else `anchor` itself."""
    at = anchor
    parent = ir_walk.parent_op(at)
    while parent is not None and parent.name in _LOOPS:
        if any(_defined_inside(v, parent) for v in operands):
            break
        at, parent = parent, ir_walk.parent_op(parent)
    return at


def _blocks_around(at: ir.Operation) -> set[ir.Block]:
    """The block of `at` and every block enclosing it: the blocks whose earlier
    ops dominate `at`."""
    blocks = set()
    op: ir.Operation | None = at
    while op is not None:
        block = op.block
        blocks.add(block)
        owner = block.owner.operation  # (an OpView's `name` may be a symbol's)
        op = owner if owner.name != ir_walk.FUNC else None
    return blocks


class FunctionScope:
    """The integer constants and coordinate arithmetic nzpass creates in one
    function, placed and shared as `canonicalize,cse,loop-invariant-code-motion`
    would leave them, while every op of the user's stays as it is:

    - one constant per value and type per function, at the top of the entry
      block, or the user's own constant of the entry block (moved to the top
      when it does not already come before the use; constants nested in loops
      are not looked for: that would mean walking every op of the function);
    - an arith op whose operands are invariant in the loops around its use is
      placed before the outermost of them, and one with the same operands
      that dominates the use is reused;
    - `sweep` erases what only a replaced op used.

    Uses must be emitted in IR order (each at its pre-order `position`): that is
    what makes an op made earlier and placed in an enclosing block dominate."""

    def __init__(self, entry: ir.Block, entry_constants: Mapping[int, ir.Operation]) -> None:
        # New constants go to the top of the entry block, where they dominate
        # every later use, in the order they are made: after `_last_top`.
        self._entry = entry
        self._last_top: ir.Operation | None = None
        # (type, value) -> (position, constant); position -1: at the top already.
        self._constants: dict[tuple[ir.Type, int], tuple[int, ir.Value]] = {}
        # (name, operands, result type) -> made values with the block each sits in.
        self._made: dict[tuple, list[tuple[ir.Value, ir.Block]]] = {}
        # What each value in the tables is filed under (the user's entry constants
        # too, so `value_of` answers for them without asking the IR).
        self._keys: dict[ir.Value, tuple] = {}
        for position in sorted(entry_constants, reverse=True):  # the first one wins
            op = entry_constants[position]
            attr = op.attributes["value"]
            value = arith_ops.integer_value(attr)
            if value is not None:
                key = (attr.type, value)
                result = op.results[0]
                self._constants[key] = (position, result)
                self._keys[result] = key

    def constant(self, value: int, type_: ir.Type, position: int, loc: ir.Location) -> ir.Value:
        """The constant for a use at pre-order `position`."""
        key = (type_, value)
        found = self._constants.get(key)
        if found is not None and found[0] >= position:
            # The user's constant comes later in the entry block: move it up.
            op = found[1].owner.operation
            if self._last_top is not None:
                op.move_after(self._last_top)
            elif op != self._entry.operations[0]:
                op.move_before(self._entry.operations[0])
            self._last_top = op
            found = self._constants[key] = (-1, found[1])
        if found is None:
            ip = (ir.InsertionPoint.at_block_begin(self._entry) if self._last_top is None
                  else ir.InsertionPoint.after(self._last_top))
            made = arith_ops.constant(type_, value, loc, ip)
            self._last_top = made.owner.operation
            found = self._constants[key] = (-1, made)
            self._keys[made] = key
        return found[1]

    def arith(self, name: str, operands: Sequence[ir.Value], result: ir.Type,
              anchor: ir.Operation, loc: ir.Location) -> ir.Value:
        """The arith op `name` (an OPERATION_NAME) of `operands` for a use right
        before `anchor`."""
        at = hoisted_anchor(anchor, operands)
        key = (name, *operands, result)
        made = self._made.setdefault(key, [])
        if made:
            around = _blocks_around(at)
            for value, block in made:
                if block in around:
                    return value
        value = ir.Operation.create(name, results=[result], operands=list(operands),
                                    loc=loc, ip=ir.InsertionPoint(at)).result
        made.append((value, at.block))
        self._keys[value] = key
        return value

    def value_of(self, value: ir.Value) -> int | None:
        """The integer of a constant this scope made or holds (the entry block's),
        without asking the IR."""
        key = self._keys.get(value)
        return key[1] if key is not None and len(key) == 2 else None

    def sweep(self, values: Sequence[ir.Value]) -> None:
        """Erase the arith ops among the definers of `values` (the former
        operands of an op just replaced) that nothing uses any more, and so on
        up their operands: the user's ops that only fed the replaced op go with
        it, as canonicalize would remove them; nothing else of theirs is touched."""
        pending = list(dict.fromkeys(values))
        seen = set(pending)
        while pending:
            value = pending.pop()
            if isinstance(value, ir.BlockArgument) or next(iter(value.uses), None) is not None:
                continue
            op = value.owner.operation
            if not op.name.startswith(_PURE_PREFIX) or any(
                    next(iter(r.uses), None) is not None for r in op.results):
                continue
            operands = [v for v in op.operands if v not in seen]
            self._forget(value)
            if self._last_top is not None and op == self._last_top:
                self._last_top = None
            op.erase()
            seen.update(operands)
            pending.extend(operands)

    def _forget(self, value: ir.Value) -> None:
        key = self._keys.pop(value, None)
        if key is None and value.owner.operation.name == _CONSTANT:
            attr = value.owner.operation.attributes["value"]
            constant = arith_ops.integer_value(attr)
            if constant is not None:
                key = (attr.type, constant)
        if key in self._constants and self._constants[key][1] == value:
            del self._constants[key]
        if key in self._made:
            self._made[key] = [(v, b) for v, b in self._made[key] if v != value]


Rewrite = Callable[["CoordEmitter"], ir.Operation]


def rewrite_in_order(root: ir.Operation, walk: ir_walk.PreOrder,
                     rewrites: dict[int, Rewrite]) -> None:
    """Apply each rewrite, keyed by the position of its op in `walk` (the
    pre-order of `root`'s nested ops, taken before anything changed) and
    returning the op that replaces it, in IR order, with an emitter sharing
    one `FunctionScope`; what only the replaced op used goes with it. The cost
    is the rewrites plus the entry block's constants, not the whole function.
    (Positions, not ops, are the keys: an op's hash changes when its result
    types do.)"""
    if not rewrites:
        return
    scope = FunctionScope(root.regions[0].blocks[0], entry_constants(walk, rewrites))
    for position in sorted(rewrites):
        op = walk.ops[position]
        operands = list(op.operands)
        rewrites[position](CoordEmitter(op, scope, position))
        scope.sweep(operands)


def entry_constants(walk: ir_walk.PreOrder, skip: Collection[int] = ()) -> dict[int, ir.Operation]:
    """The `arith.constant` ops directly in the entry block, by position."""
    ops = walk.ops
    return {i: ops[i] for i in walk.entry_positions
            if i not in skip and ops[i].name == _CONSTANT}


def retained_for_rewrite(walk: ir_walk.PreOrder, rewrites: dict[int, Rewrite]) -> ir_walk.PreOrder:
    """The part of `walk` that `rewrite_in_order` reads: the ops to rewrite and
    the entry-block constants. A pass that plans every function before
    rewriting any keeps only this, not every op of every function."""
    constants = entry_constants(walk)
    kept = {**constants, **{i: walk.ops[i] for i in rewrites}}
    return ir_walk.PreOrder(kept, list(constants))


class CoordEmitter:
    """Emits planned coordinates for one op, at pre-order `position`, through
    its function's scope (see `FunctionScope`)."""

    def __init__(self, anchor: ir.Operation, scope: FunctionScope, position: int):
        self.anchor = anchor
        self.loc = anchor.location
        self.scope = scope
        self.position = position

    def constant(self, value: int, type_: ir.Type | None = None) -> ir.Value:
        return self.scope.constant(value, type_ or ir.IndexType.get(), self.position, self.loc)

    def arith(self, name: str, lhs: ir.Value, rhs: ir.Value | None = None,
              result: ir.Type | None = None) -> ir.Value:
        """The arith op `name` of one or two operands, placed and shared by the scope;
        it gives `result` (the operands' type when not given)."""
        operands = [lhs] if rhs is None else [lhs, rhs]
        return self.scope.arith(name, operands, result or lhs.type, self.anchor, self.loc)

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
        if coord.divisor == 1:
            return value
        return self.arith(FLOORDIV, value, self.constant(coord.divisor, value.type))

    def _fold(self, coord: Folded) -> ir.Value:
        index = ir.IndexType.get()
        total = None
        for offset, multiplier in coord.terms:
            value = offset if offset.type == index else self.arith(
                INDEX_CAST, offset, result=index)
            term = value if multiplier == 1 else self.arith(
                MUL, value, self.constant(multiplier, index))
            total = term if total is None else self.arith(ADD, total, term)
        if coord.constant:
            total = self.arith(ADD, total, self.constant(coord.constant, index))
        return total
