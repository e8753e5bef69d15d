"""Explicitly placed tiles that clobber each other's data (docs/nz-semantics.md 8.5).

A `pto.alloc_tile` with an `addr` names the bytes of its memory at that address, as the
device and the model (`LocalMemory`, nzpass.model) read them. Allocs of the same bytes are
one buffer (PyPTO re-declares an accumulator at its address inside the loop that updates
it, and reads a 16 x 1 column as a 1 x 16 row there): each reads what the other wrote.
PyPTO's planner reuses bytes for tiles of disjoint lifetimes, so overlap alone is no
hazard. Data is lost when a buffer is read after a buffer over part of its bytes was
written since the buffer's own write of them: the read sees another tile's data where the
buffer's own write had left its own.

The rule refuses every read that may see that, by a dataflow over the function's
structured control flow (a block in order; both branches of an `scf.if`, or the one that
runs where the condition is a loop's first iteration; an `scf.for` body to a fixpoint, so
a write late in one iteration clobbers a read early in the next, and nothing from before a
loop that surely runs past it; any other op with regions, its nested ops in any order and
number). The state of a buffer: written at all, and since the last clobber the region its
own writes surely cover (nz/tile_regions.py); a read must be covered. A write is a tile in
a group `pto_table.written_groups` names, a read one `pto_table.reads_group` names (an
op that reads its destination, taxpy's dst += src * s, reads it first, then writes it);
an op the table does not define may read and write every tile it takes. An alloc whose
address may change when it runs again places its tile anew: its earlier writes cover
nothing there. Found by red team: W's NZ load at the address of X in L1 overwrote X
before `pto.textract` read it; then a clobber inside a loop body, one across iterations,
one at an address an argument gives, a taxpy reading its clobbered destination and a
moving tile read at an address its write never reached were accepted."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..dialects import pto
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.opaque_errors import opaque_refusal
from ..dialects.pto_table import METADATA_OPS, PARTIAL_WRITERS, reads_group, written_groups
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.arith import device_width, integer_value
from ..ir.bindings import ir
from ..ir.walk import (
    block_arguments,
    defined_inside,
    function_of,
    line_and_column,
    nested_ops,
    parent_op,
)
from ..records import record
from .call_facts import describe_call
from .intervals import signed_max
from .limits import MEMORY_NAMES
from .offsets import UNSIGNED_LOOP_ATTR, Linear
from .tile_regions import (
    NOTHING,
    Extent,
    Region,
    covers,
    frame_of,
    in_frame,
    meet,
    same_region,
    union,
)
from .tile_rules import element_bits

# An op's operand groups by the op table (pto.table_op over the pass's attribute reader).
ReadGroups = Callable[[ir.Operation], "pto.PtoOp | None"]
# The constant a value provably is (the offset analysis), or None.
Constant = Callable[[ir.Value], "int | None"]


# The valid region a tile value that a pto.set_validshape changes has at an op using it
# (nz/valid_region.py), or None where that is not one region.
RegionAt = Callable[[ir.Operation, ir.Value], "Region | None"]
# A value as scale * base + offset, proved not to wrap (offsets.linear_form).
LinearOf = Callable[[ir.Value], Linear]


@record
class ProgramFacts(NamedTuple):
    """What the rule asks of the verifier about the program: an op's operand groups, the
    constant a value is, a tile's valid region at an op, a value's linear form."""

    read_groups: ReadGroups
    constant: Constant
    region_at: RegionAt
    linear: LinearOf


@record
class PlacedTile(NamedTuple):
    """A tile a `pto.alloc_tile` placed in memory `loc`: at bytes [start, end), or, with
    `dynamic`, somewhere in them (its address is bounded, not fixed); `valid` the valid
    region its alloc gives it (None: not known). With `planned`, a tile the alloc leaves
    to PTOAS's planner, of end - start bytes wherever it lands."""

    op: ir.Operation
    loc: str
    start: int
    end: int
    dynamic: bool = False
    valid: Region | None = None
    planned: bool = False


def check_no_clobbered_reads(tiles: Sequence[PlacedTile], facts: ProgramFacts,
                             calls: Sequence[ir.Operation] = ()) -> None:
    """Refuse the first read found of a placed buffer whose bytes an overlapping buffer,
    or one of `calls` (of functions taking local memory:
    tile_placement.memory_taking_functions),
    may have written over since the buffer's own last write."""
    by_memory: dict[str, list[_Buffer]] = defaultdict(list)
    blocks: dict[ir.Block, list[ir.Operation]] = {}
    for buffer in _buffers(tiles):
        by_memory[buffer.loc].append(buffer)
    for buffers in by_memory.values():
        overlapping: dict[_Buffer, list[_Buffer]] = defaultdict(list)
        for first, second in _overlapping_pairs(buffers):
            overlapping[first].append(second)
            overlapping[second].append(first)
        for victim in buffers:
            others = overlapping.get(victim, [])
            if others:
                _check_address_not_taken(victim, others[0])
            if others or calls:
                _Flow(victim, others, facts, blocks, calls).run()


def check_planned_across_calls(tiles: Sequence[PlacedTile], facts: ProgramFacts,
                               calls: Sequence[ir.Operation]) -> None:
    """Refuse the first read found of a planned tile (`tiles`, each a buffer of its own:
    the planner keeps the bytes of live tiles apart) that one of `calls` (of functions
    taking local memory, which PTOPlanMemory plans without the caller's tiles:
    tile_placement.memory_taking_functions) may have written over since the tile's own
    last write."""
    blocks: dict[ir.Block, list[ir.Operation]] = {}
    for tile in tiles:
        _Flow(_Buffer([tile]), [], facts, blocks, calls).run()


class _Buffer:
    """The tiles placed at the same bytes of one memory (`tiles`, in source order), and
    the values that may be their bytes."""

    def __init__(self, tiles: list[PlacedTile]):
        self.tiles = tiles
        first = tiles[0]
        self.loc, self.start, self.end = first.loc, first.start, first.end
        self.own: set[ir.Value] = {tile.op.results[0] for tile in tiles}
        self.allocated = {tile.op.results[0]: tile.valid for tile in tiles}
        self.set_later = {value for value in self.own if _valid_region_set(value)}
        self.shapes = {tile.op.results[0]: _shape(tile) for tile in tiles}
        self.frame = frame_of(set(self.shapes.values()), first.end - first.start)
        self.full = self.frame.full
        self.aliases = _aliases(self.own)
        # A pto.set_validshape through another name (an iter_arg, a subview) changes a
        # region this rule does not follow: then no region of the buffer is known.
        self.regions_known = not any(_valid_region_set(value)
                                     for value in self.aliases - self.own)
        # Every op using an alias, and the ops holding it: the flow skips all others.
        self.touching: set[ir.Operation] = set()
        for value in self.aliases:
            for use in value.uses:
                _add_with_ancestors(use.owner.operation, self.touching)


def _buffers(tiles: Sequence[PlacedTile]) -> list[_Buffer]:
    """The tiles grouped into buffers: those at one constant address of one memory with
    one size are one (their layouts may differ: each reads the bytes the other wrote,
    element for element as its layout places them, which the model computes as the
    device does); a tile at an address that is not fixed is a buffer of its own."""
    groups: dict[object, list[PlacedTile]] = {}
    for tile in tiles:
        key = tile.op if tile.dynamic else (tile.loc, tile.start, tile.end)
        groups.setdefault(key, []).append(tile)
    return [_Buffer(group) for group in groups.values()]


def _shape(tile: PlacedTile) -> tuple:
    buf = pto.tile_buf(tile.op.results[0].type)
    assert buf is not None  # the verifier placed only tiles
    # The element type matters by its size only: an i32 and an f32 tile of one shape lay
    # element (r, c) at the same bytes.
    return (buf.rows, buf.cols, element_bits(buf.dtype), buf.blayout, buf.slayout,
            buf.fractal, buf.compact)


def _valid_region_set(value: ir.Value) -> bool:
    return any(use.owner.operation.name == pto.SET_VALIDSHAPE for use in value.uses)


def _check_address_not_taken(victim: _Buffer, other: _Buffer) -> None:
    """Refuse an address taken of a buffer over which `other` is placed: an op using one
    of its tiles that yields a pointer or a memref (pto.tile_buf_addr) hands on its bytes,
    and the reads and writes through it (pto.load_scalar, pto.store_scalar, a callee's)
    are none this rule sees (found by red team: a pto.store_scalar through the address of
    a tile overlapping another wrote over it unseen)."""
    for value in victim.aliases:
        for use in value.uses:
            user = use.owner.operation
            if not any(pto.is_address_type(result.type) for result in user.results):
                continue
            read, placed = victim.tiles[0], other.tiles[0]
            memory = MEMORY_NAMES.get(read.loc, read.loc)
            raise Refusal(user.location, f"'{user.name}' takes the address of the tile of "
                          f"the 'pto.alloc_tile' at {line_and_column(read.op.location)} "
                          f"({placed_bytes(read)} of {memory}, loc={read.loc}), over which "
                          f"the 'pto.alloc_tile' at {line_and_column(placed.op.location)} "
                          f"places a tile ({placed_bytes(placed)}): the reads and writes "
                          "through the address are none the overlap rule sees, so either "
                          "tile's data may be overwritten unseen. Place the tile clear of "
                          "every other placed tile of its memory, or use it through tile "
                          "ops only")


def _overlapping_pairs(placed: list[_Buffer]) -> Iterator[tuple[_Buffer, _Buffer]]:
    """Every pair of buffers whose byte ranges intersect (sorted by start, a sweep)."""
    ordered = sorted(placed, key=lambda t: t.start)
    for i, first in enumerate(ordered):
        for second in ordered[i + 1:]:
            if second.start >= first.end:
                break
            yield first, second


# ------------------------------------------------------------------ which values are a tile


def _aliases(own: set[ir.Value]) -> set[ir.Value]:
    """The values that may be a buffer whose allocs give `own`: those, every tile an op
    makes of one (a pto.bitcast, pto.subset, pto.subview, pto.treshape: any op with a tile
    result, taken for an alias of its operand; found by red team: a load into a bitcast of
    an overlapping tile escaped the rule), and where `scf.for` / `scf.if` carry one
    (iter_args, yields, results); any other op with regions hands it to every tile
    argument of its blocks. Only `own` are surely the buffer."""
    found: set[ir.Value] = set()
    pending = list(own)
    while pending:
        value = pending.pop()
        if value in found:
            continue
        found.add(value)
        for use in value.uses:
            pending.extend(_carried_to(use.owner.operation, use.operand_number))
    return found


# scf.for's lower bound, upper bound and step come before its inits.
_FOR_BOUNDS = 3


def _carried_to(user: ir.Operation, operand: int) -> list[ir.Value]:
    """The values that may be the buffer `user` takes as its operand `operand`."""
    name = user.name
    if name == op_names.SCF_YIELD:
        parent = user.parent
        return _yielded_to(parent.operation, operand) if parent is not None else []
    if name == op_names.SCF_FOR:
        if operand < _FOR_BOUNDS:
            return []
        index = operand - _FOR_BOUNDS
        return [user.results[index], user.regions[0].blocks[0].arguments[index + 1]]
    if name == op_names.SCF_IF:
        return []  # its condition
    return _every_tile_of(user)


def _yielded_to(parent: ir.Operation, operand: int) -> list[ir.Value]:
    """The values an `scf.yield` of `parent` hands its operand `operand` to."""
    if parent.name == op_names.SCF_IF:
        return [parent.results[operand]]
    if parent.name == op_names.SCF_FOR:
        return [parent.results[operand], parent.regions[0].blocks[0].arguments[operand + 1]]
    return _every_tile_of(parent)


def _every_tile_of(op: ir.Operation) -> list[ir.Value]:
    """Every tile result of `op` and every tile argument of its regions' blocks."""
    found: list[ir.Value] = [r for r in op.results if _is_tile(r.type)]
    return found + [a for a in block_arguments(op) if _is_tile(a.type)]


def _add_with_ancestors(op: ir.Operation, into: set[ir.Operation]) -> None:
    current: ir.Operation | None = op
    while current is not None and current not in into:
        into.add(current)
        current = parent_op(current)


def _is_tile(type_: ir.Type) -> bool:
    """Whether `type_` is a tile; a malformed one is taken for one (its own op reports it)."""
    try:
        return pto.tile_buf(type_) is not None
    except OpaqueSyntaxError:
        return True


# ------------------------------------------------------------------ the flow


# Ops that take a tile without touching its bytes: those that pass it on (their aliases
# are followed instead) and those that read or set its valid region.
_UNTOUCHED = frozenset((op_names.SCF_YIELD, op_names.SCF_FOR, op_names.SCF_IF,
                        op_names.SCF_WHILE, op_names.SCF_CONDITION)) | METADATA_OPS


@record
class _Clobber(NamedTuple):
    """A write of buffer `by` over the victim, at `op` (`by` None: a call of a function
    that places tiles)."""

    op: ir.Operation
    by: _Buffer | None


@record
class _State(NamedTuple):
    """On some path to here: the victim was written (`written`), and since its last write
    of all its bytes an overlapping buffer may have been written (`clobber`, the first
    such write found), after which the victim's own writes surely wrote `cover` of it."""

    written: bool
    clobber: _Clobber | None = None
    cover: Region = NOTHING

    def join(self, other: _State) -> _State:
        if self.clobber is None or other.clobber is None:
            pending = self if other.clobber is None else other
            return _State(self.written or other.written, pending.clobber, pending.cover)
        return _State(True, self.clobber, meet(self.cover, other.cover))

    def same(self, other: _State) -> bool:
        return (self.written, self.clobber is None) == (other.written, other.clobber is None) \
            and same_region(self.cover, other.cover)


_START = _State(False)
_CLEAN = _State(True)


class _Flow:
    """Whether a read of `victim` may see bytes one of `others` wrote since the victim's
    own last write of all its bytes."""

    def __init__(self, victim: _Buffer, others: list[_Buffer], facts: ProgramFacts,
                 blocks: dict[ir.Block, list[ir.Operation]], calls: Sequence[ir.Operation]):
        self.victim, self.others = victim, others
        self.blocks = blocks
        self.touching = set(victim.touching)
        for other in others:
            self.touching |= other.touching
        self.calls = set(calls)
        for call in calls:
            _add_with_ancestors(call, self.touching)
        # The victim's allocs that may run again at another address (`_moves`).
        self.moving = {tile.op for tile in victim.tiles if tile.dynamic and _moves(tile.op)}
        for alloc in self.moving:
            _add_with_ancestors(alloc, self.touching)
        self.facts = facts
        self.constant = facts.constant
        self.positions: dict[ir.Block, dict[ir.Operation, int]] = {}
        self.assembled: dict[ir.Operation, bool] = {}
        # The scf.if ops of a loop's body whose branch is known: the then region at the
        # loop's first iteration, the else region at every other (`_first_iteration_ifs`).
        self.taken: dict[ir.Operation, int] = {}

    def run(self) -> None:
        root = function_of(self.victim.tiles[0].op)
        for region in root.regions:
            self._region(region, _START)

    def _region(self, region: ir.Region, state: _State) -> _State:
        blocks = list(region.blocks)
        if not blocks:
            return state
        if len(blocks) == 1:
            return self._block(blocks[0], state)
        ops = [inner for block in blocks for op in _ops_in(block)
               for inner in (op, *nested_ops(op))]
        return self._unordered(ops, state, region.owner.operation)

    def _block(self, block: ir.Block, state: _State) -> _State:
        ops = self.blocks.get(block)
        if ops is None:  # the block's ops, read from the IR once for every flow
            ops = self.blocks[block] = _ops_in(block)
        touching = self.touching
        for op in ops:
            if op in touching:
                state = self._op(op, state)
        return state

    def _op(self, op: ir.Operation, state: _State) -> _State:
        if op not in self.touching:
            return state
        state = self._direct(op, state)
        if not len(op.regions):
            return state
        if op.name == op_names.SCF_IF:
            if op in self.taken:
                return self._region(op.regions[self.taken[op]], state)
            then, other = (self._region(region, state) for region in op.regions)
            return then.join(other)
        if op.name == op_names.SCF_FOR:
            after = self._loop(op, state)
            return _CLEAN if self._assembles(op) else after
        return self._unordered(nested_ops(op), state, op)

    def _loop(self, loop: ir.Operation, state: _State) -> _State:
        """The states the loop may leave: after any iteration, or before it where it may
        run none. An iteration starts in the state before the loop or after any
        iteration; an `scf.if` on the first iteration takes its then region in the first
        and its else region in every other."""
        body = loop.regions[0]
        first_ifs = _first_iteration_ifs(loop, self.constant)
        entry, exits = state, None
        if first_ifs:
            self.taken.update(dict.fromkeys(first_ifs, 0))
            entry = exits = self._forget(self._region(body, state), loop)
            self.taken.update(dict.fromkeys(first_ifs, 1))
        while True:
            out = self._forget(self._region(body, entry), loop)
            exits = out if exits is None else exits.join(out)
            after = entry.join(out)
            if after.same(entry):
                break
            entry = after
        for branch in first_ifs:
            del self.taken[branch]
        return exits if runs_an_iteration(loop, self.constant) else state.join(exits)

    def _unordered(self, ops: list[ir.Operation], state: _State, holder: ir.Operation
                   ) -> _State:
        """Ops of `holder` that may run in any order, any number of times, or not at
        all."""
        ops = [op for op in ops if op in self.touching]
        while True:
            after = state
            for op in ops:
                after = self._forget(after.join(self._direct(op, after)), holder)
            if after.same(state):
                return state
            state = after

    def _direct(self, op: ir.Operation, state: _State) -> _State:
        """The state after `op` itself (not its regions): it reads first, then writes."""
        if op in self.moving:  # placed anew: the bytes there are none the tile wrote
            return _State(True, _Clobber(op, self.victim), NOTHING) if state.written else \
                state
        reads, writes = self._access(op, self.victim.aliases)
        if reads and state.clobber is not None and not all(
                covers(state.cover, region) for region in self._read_regions(op)):
            _refuse(self.victim, state.clobber, op)
        clobber = self._clobber(op)
        written = self._own_written(op) if writes else None
        if clobber is not None:  # in one op with an own write: the clobber may be last
            if state.written or written is not None:
                return _State(True, state.clobber or clobber)
            return state
        if written is None:
            return state
        if state.clobber is None:
            return _CLEAN
        cover = union(state.cover, written)
        return _CLEAN if covers(cover, self.victim.full) else \
            _State(True, state.clobber, cover)

    def _clobber(self, op: ir.Operation) -> _Clobber | None:
        """A write of an overlapping buffer at `op`, if it may write one (a call of a
        function that places tiles may write any)."""
        if op in self.calls:
            return _Clobber(op, None)
        for other in self.others:
            if op in other.touching and self._access(op, other.aliases)[1]:
                return _Clobber(op, other)
        return None

    def _access(self, op: ir.Operation, values: set[ir.Value]) -> tuple[bool, bool]:
        """(may read, may write) the buffer of `values` at `op` itself."""
        if op.name in _UNTOUCHED or not any(v in values for v in op.operands):
            return False, False
        groups = self._groups(op, values)
        if groups is None:
            return True, True  # an op nzpass does not know may read and write it
        written = written_groups(op.name)
        writes = any(g in written for g in groups)
        if not writes and any(_is_tile(r.type) for r in op.results):
            return False, False  # a view (pto.subview, pto.bitcast): its result is followed
        return any(reads_group(op.name, g) for g in groups), writes

    def _own_written(self, op: ir.Operation) -> Region | None:
        """The region of the victim `op` surely writes through its own tiles (nothing for
        a write of part of a destination's valid region); None where it writes none."""
        values = self._written_values(op)
        if values is None:
            return None
        found = [v for v in values if v in self.victim.own]
        rows = [r for r in map(self._subview_rows, values) if r is not None]
        if not found and not rows:
            return None
        if op.name in PARTIAL_WRITERS:
            return NOTHING
        cover = NOTHING
        for value in found:
            cover = union(cover, self._valid_at(op, value, True) or NOTHING)
        for source, offset, height in rows:  # the first rows of a tile, through a subview
            if self.constant(offset) == 0:
                top = ((None, height), (None, self.victim.shapes[source][1]))
                region = in_frame(self.victim.frame, self.victim.shapes[source], top, True)
                cover = union(cover, region or NOTHING)
        return cover

    def _read_regions(self, op: ir.Operation) -> list[Region]:
        """The regions of the victim `op` reads: an own tile's valid region there, a
        subview's at its top left corner (at most its shape); all of it through any other
        alias (a subview elsewhere, an iter_arg), an op the table does not define, or
        where the region is not known."""
        view = self._view(op)
        if view is None:
            return [self.victim.full]
        return [self._read_region(op, v) or self.victim.full
                for name, values in view.groups.items() if reads_group(op.name, name)
                for v in values if v in self.victim.aliases]

    def _read_region(self, op: ir.Operation, value: ir.Value) -> Region | None:
        if value in self.victim.own:
            return self._valid_at(op, value, False)
        owner = _defining_op(value)
        if owner is None or owner.name != pto.SUBVIEW or owner.operands[0] not in \
                self.victim.own:
            return None
        view, result = self._view(owner), pto.tile_buf(value.type)
        if view is None or result is None or any(
                self.constant(offset) != 0 for offset in view.groups["offsets"]):
            return None
        corner = ((None, result.rows), (None, result.cols))
        return in_frame(self.victim.frame, self.victim.shapes[owner.operands[0]], corner,
                         False)

    def _valid_at(self, op: ir.Operation, value: ir.Value, written: bool) -> Region | None:
        """The valid region own tile `value` has at `op`, in the buffer's frame (what a
        write surely writes, `written`, or what a read may read): its alloc's, or, where
        a pto.set_validshape changes it, the one it has there; None where not known."""
        victim = self.victim
        if not victim.regions_known:
            return None
        region = self._region_before_setters(op, value) if value in victim.set_later else \
            victim.allocated[value]
        if region is None:
            return None
        return in_frame(victim.frame, victim.shapes[value], region, written)

    def _region_before_setters(self, op: ir.Operation, value: ir.Value) -> Region | None:
        """The region of a tile a pto.set_validshape changes, at `op`, where every setter
        of it is in `op`'s block: the last one's before `op`, else its alloc's where the
        alloc is in that block too; elsewhere, the one nz/valid_region.py finds there."""
        block = op.block
        setters = [use.owner.operation for use in value.uses
                   if use.owner.operation.name == pto.SET_VALIDSHAPE]
        if any(setter.block != block for setter in setters):
            return self.facts.region_at(op, value)
        position = self._positions(block)
        before = [setter for setter in setters if position[setter] < position[op]]
        if not before:
            alloc = value.owner.operation
            return self.victim.allocated[value] if alloc.block == block else None
        last = max(before, key=position.__getitem__)
        rows, cols = self.victim.shapes[value][:2]
        return self._setter_extent(last.operands[1], rows), \
            self._setter_extent(last.operands[2], cols)

    def _setter_extent(self, value: ir.Value, size: int) -> Extent:
        known = self.constant(value)
        return (None, known) if known is not None else (value, size)

    def _positions(self, block: ir.Block) -> dict[ir.Operation, int]:
        found = self.positions.get(block)
        if found is None:
            found = self.positions[block] = {op: n for n, op in enumerate(_ops_in(block))}
        return found

    def _forget(self, state: _State, holder: ir.Operation) -> _State:
        """`state` where the cover's extents that are values made inside `holder` (which
        runs them again: a loop's back edge) are taken for nothing: their next value
        need not be the one the cover was written with."""
        if state.clobber is None:
            return state
        rows, cols = (self._forget_extent(extent, holder) for extent in state.cover)
        if same_region((rows, cols), state.cover):
            return state
        return _State(state.written, state.clobber, (rows, cols))

    @staticmethod
    def _forget_extent(extent: Extent, holder: ir.Operation) -> Extent:
        symbol = extent[0]
        made_inside = isinstance(symbol, ir.Value) and defined_inside(symbol, holder)
        return (None, 0) if made_inside else extent

    def _groups(self, op: ir.Operation, values: set[ir.Value]) -> list[str] | None:
        """The op table's groups of `op` holding one of `values`; None for an op the table
        does not define, or a malformed one (its own check reports it)."""
        view = self._view(op)
        if view is None:
            return None
        return [name for name, group in view.groups.items() if any(v in values for v in group)]

    def _view(self, op: ir.Operation) -> pto.PtoOp | None:
        try:
            return self.facts.read_groups(op)
        except MalformedOp:
            return None

    # -------------------------------------------------------------- a loop writing all rows

    def _assembles(self, loop: ir.Operation) -> bool:
        """Whether the loop writes every byte of the victim and writes no other buffer
        over it: each iteration writes, through `pto.subview`s of an own tile in the body
        itself (not in a branch), whole rows at offsets linear in the induction variable
        (offsets.linear_form: proved not to wrap), and its constant bounds run them over
        every row. (Read
        once per loop: the flow meets a loop again at each pass over its parent.)"""
        known = self.assembled.get(loop)
        if known is None:
            known = self.assembled[loop] = self._writes_every_row(loop)
        return known

    def _writes_every_row(self, loop: ir.Operation) -> bool:
        steps = _constant_bounds(loop, self.constant)
        body = _ops_in(loop.regions[0].blocks[0])
        if steps is None or not any(True for op in body for _ in self._row_writes(op)):
            return False
        if any(self._clobber(op) is not None for op in nested_ops(loop) if op in self.touching):
            return False
        iv = loop.regions[0].blocks[0].arguments[0]
        covered: dict[tuple, set[int]] = defaultdict(set)  # rows, by the tile's shape
        for op in body:
            for source, offset, height in self._row_writes(op):
                form = self.facts.linear(offset)
                if form.base is not None and form.base != iv:
                    return False  # a row offset the induction variable alone does not give
                scale = form.scale if form.base is not None else 0
                for step in steps:
                    row = scale * step + form.offset
                    if row.denominator != 1:
                        return False
                    start = int(row)
                    covered[self.victim.shapes[source]].update(range(start, start + height))
        return any(set(range(shape[0])) <= rows for shape, rows in covered.items())

    def _row_writes(self, op: ir.Operation) -> Iterator[tuple[ir.Value, ir.Value, int]]:
        """The whole rows `op` writes through subviews of own tiles: (the own tile, the
        subview's row offset, its row count)."""
        values = self._written_values(op) if op.name not in PARTIAL_WRITERS else None
        for value in values or ():
            rows = self._subview_rows(value)
            if rows is not None:
                yield rows

    def _written_values(self, op: ir.Operation) -> list[ir.Value] | None:
        """The values `op` writes, by the op table; None for an op it does not define."""
        view = self._view(op)
        if view is None:
            return None
        written = written_groups(op.name)
        return [v for name, group in view.groups.items() if name in written for v in group]

    def _subview_rows(self, value: ir.Value) -> tuple[ir.Value, ir.Value, int] | None:
        """For a `pto.subview` of an own tile at column 0, as wide as the tile, whose
        valid region is the whole subview: (the tile, its row offset, its rows)."""
        owner = _defining_op(value)
        if owner is None or owner.name != pto.SUBVIEW:
            return None
        view = self._view(owner)
        source = owner.operands[0]
        # At the subview: a type of `rows=?` does not read (found by the fuzz profile).
        result = opaque_refusal(owner.location, lambda: pto.tile_buf(value.type))
        tile = opaque_refusal(owner.location, lambda: pto.tile_buf(source.type))
        if view is None or source not in self.victim.own or tile is None or result is None \
                or _valid_region_set(value):
            return None
        offsets = view.groups["offsets"]
        if len(offsets) != 2 or self.constant(offsets[1]) != 0 or result.cols != tile.cols:
            return None
        valid = [self._extent(view.groups[axis], extent) for axis, extent in
                 (("valid_row", result.v_row), ("valid_col", result.v_col))]
        if valid != [result.rows, result.cols]:
            return None
        return source, offsets[0], result.rows

    def _extent(self, operands: list[ir.Value], stated: int | None) -> int | None:
        return self.constant(operands[0]) if operands else stated


# The most iterations `_assembles` enumerates: a loop writing a tile row by row runs at
# most its rows (a tile of 2-byte elements in a 512 KiB memory has at most 8192).
_MAX_ENUMERATED = 8192


def _iterations(loop: ir.Operation, constant: Constant) -> range | None:
    """The induction variable's values of an `scf.for` of constant bounds and a positive
    step that runs at least once, or None. They are the signed range's only where every
    reading of the loop agrees on it: an `unsigned` loop compares its bounds unsigned in
    MLIR and perhaps signed in PTOAS's C, which agree on bounds >= 0 only (found by red
    team: `scf.for unsigned` from -1 to 1 runs no iteration, yet surely ran one, so a
    reload in it hid a clobber of the tile it reloads); and an increment that may wrap
    at the bounds' width runs on past the range (offsets.induction_variable's rule)."""
    lower, upper, step = (constant(loop.operands[i]) for i in range(_FOR_BOUNDS))
    if lower is None or upper is None or step is None or step <= 0 or upper <= lower:
        return None
    if UNSIGNED_LOOP_ATTR in loop.attributes and lower < 0:
        return None
    width = device_width(loop.operands[0].type)
    if width is None or upper - 1 + step > signed_max(width):
        return None
    return range(lower, upper, step)


def _constant_bounds(loop: ir.Operation, constant: Constant) -> range | None:
    """`_iterations`, where there are few enough to enumerate."""
    steps = _iterations(loop, constant)
    return steps if steps is not None and len(steps) <= _MAX_ENUMERATED else None


def runs_an_iteration(loop: ir.Operation, constant: Constant) -> bool:
    """Whether an `scf.for` surely runs an iteration."""
    return _iterations(loop, constant) is not None


def _first_iteration_ifs(loop: ir.Operation, constant: Constant) -> list[ir.Operation]:
    """The `scf.if` ops of the loop's body itself whose condition is `arith.cmpi eq` of
    the induction variable and the lower bound: true at the first iteration only (a
    positive constant step; PyPTO starts an accumulation with pto.tmatmul there and
    continues it with pto.tmatmul.acc)."""
    step = constant(loop.operands[2])
    if step is None or step <= 0:
        return []
    body = loop.regions[0].blocks[0]
    iv, lower = body.arguments[0], loop.operands[0]
    found = []
    for op in _ops_in(body):
        if op.name != op_names.SCF_IF:
            continue
        condition = _defining_op(op.operands[0])
        if condition is None or condition.name != op_names.ARITH_CMPI:
            continue
        if _is_eq(condition) and _same_pair(list(condition.operands), iv, lower, constant):
            found.append(op)
    return found


def _is_eq(cmpi: ir.Operation) -> bool:
    predicate = cmpi.attributes.get("predicate")
    return predicate is not None and integer_value(predicate) == op_names.CMPI_PREDICATES["eq"]


def _same_pair(operands: list[ir.Value], iv: ir.Value, lower: ir.Value,
               constant: Constant) -> bool:
    """Whether `operands` are the induction variable and the lower bound (that value, or
    the same constant), in either order."""
    if iv not in operands or len(operands) != 2:
        return False
    other = operands[1] if operands[0] == iv else operands[0]
    if other == lower:
        return True
    value = constant(other)
    return value is not None and value == constant(lower)


def _defining_op(value: ir.Value) -> ir.Operation | None:
    return value.owner.operation if isinstance(value, ir.OpResult) else None


def _ops_in(block: ir.Block) -> list[ir.Operation]:
    return [op.operation for op in block.operations]


def _moves(alloc: ir.Operation) -> bool:
    """Whether a `pto.alloc_tile` may run again at another address: its addr (its first
    operand) is made inside an op holding it that may run its regions more than once
    (any but an scf.if: a loop, an op nzpass does not know)."""
    addr = alloc.operands[0]
    holder = parent_op(alloc)
    while holder is not None and holder.name != op_names.BUILTIN_MODULE:
        if holder.name != op_names.SCF_IF and defined_inside(addr, holder):
            return True
        holder = parent_op(holder)
    return False


def _refuse(victim: _Buffer, clobber: _Clobber, reader: ir.Operation) -> None:
    read = victim.tiles[0]
    memory = MEMORY_NAMES.get(read.loc, read.loc)
    if clobber.by is victim:
        raise Refusal(read.op.location, f"'pto.alloc_tile' places its tile at an address "
                      f"that changes as the code around it runs again ({placed_bytes(read)} "
                      f"of {memory}, loc={read.loc}), and '{reader.name}' (at "
                      f"{line_and_column(reader.location)}) may read it after the alloc "
                      f"placed it anew (at {line_and_column(clobber.op.location)}) and "
                      "before its own write there: the tile's earlier writes went to "
                      "another address, so the read sees what other tiles left at the new "
                      "one. Write the tile after each alloc before reading it, or give it "
                      "one constant address")
    if clobber.by is None:
        raise Refusal(clobber.op.location, f"{describe_call(clobber.op)} "
                      "may place tiles over the tile of "
                      f"the 'pto.alloc_tile' at {line_and_column(read.op.location)} "
                      f"({placed_bytes(read)} of {memory}, loc={read.loc}) before "
                      f"'{reader.name}' (at {line_and_column(reader.location)}) reads it: the "
                      "callee, or a function it calls, takes local memory, which PTOAS plans "
                      "for that function alone (or places where its addresses say), or has "
                      "no body here, and this rule does not follow calls. Read the tile "
                      "before the call, or write it again after")
    written = clobber.by.tiles[0]
    raise Refusal(written.op.location, f"'pto.alloc_tile' places its tile at bytes "
                  f"{placed_bytes(written)} of {memory} (loc={written.loc}), over the "
                  f"tile of the 'pto.alloc_tile' at {line_and_column(read.op.location)} "
                  f"({placed_bytes(read)}), and '{clobber.op.name}' (at "
                  f"{line_and_column(clobber.op.location)}) may write it before "
                  f"'{reader.name}' (at {line_and_column(reader.location)}) reads the other: "
                  "the read sees this tile's bytes. Place the two tiles at disjoint "
                  "addresses, or read the first before the second is written")


def placed_bytes(tile: PlacedTile) -> str:
    """The bytes a placed tile takes, for a diagnostic."""
    if tile.planned:
        return f"planned by PTOAS: {tile.end - tile.start} bytes"
    span = f"[{tile.start}, {tile.end})"
    return f"{span} (somewhere in them: its address is bounded, not fixed)" if tile.dynamic \
        else span
