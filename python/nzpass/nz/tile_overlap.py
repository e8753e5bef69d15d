"""Explicitly placed tiles that clobber each other's data (docs/nz-semantics.md 8.5).

A `pto.alloc_tile` with an `addr` places its tile at fixed bytes of its memory, and PyPTO's
planner reuses those bytes for tiles of disjoint lifetimes: on PTOAS's corpus two
allocations of one function overlap in one memory in 339 files, the same bytes allocated
again in 508. So overlap alone is no hazard; data is lost when a tile is read after an
overlapping tile was written over it. The rule here is the narrowest that proves that in
straight-line code: in one block, a read of tile A whose last write before it, among A's
and an overlapping B's writes, is B's (a write is the tile as a destination of a pto op,
`DESTINATION_GROUPS` or `tmp`; a use inside a nested op counts at that op, where the order
within it is not known, so a region writing B and reading A proves nothing). A tile at an
address the offset analysis bounds but does not fix occupies, for this rule, its whole
range. Found by red team: W's NZ load at the address of X in L1 overwrote X before
`pto.textract` read it; then the same at an address an argument gives.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..dialects import pto
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.pto_table import DESTINATION_GROUPS
from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from ..ir.walk import line_and_column
from ..records import record
from .limits import MEMORY_NAMES

# The operand groups in which a pto op writes a tile: its destinations and its scratch.
WRITTEN_GROUPS = DESTINATION_GROUPS | {"tmp"}

# An op's operand groups by the op table (pto.table_op over the pass's attribute reader).
ReadGroups = Callable[[ir.Operation], "pto.PtoOp | None"]


@record
class PlacedTile(NamedTuple):
    """A tile a `pto.alloc_tile` placed in memory `loc`: at constant bytes [start, end),
    or, with `dynamic`, somewhere in them (its address is bounded, not fixed: it may
    overlap every tile its range meets)."""

    op: ir.Operation
    loc: str
    start: int
    end: int
    dynamic: bool = False


def check_no_clobbered_reads(tiles: Sequence[PlacedTile], read_groups: ReadGroups) -> None:
    """Refuse the first read, in one block, of a placed tile whose bytes an overlapping
    placed tile was written over since the tile's own last write."""
    by_block: dict[tuple[ir.Block, str], list[PlacedTile]] = defaultdict(list)
    for tile in tiles:
        by_block[(tile.op.block, tile.loc)].append(tile)
    for (block, _), placed in by_block.items():
        pairs = _overlapping_pairs(placed)
        if pairs:
            _check_block(block, pairs, read_groups)


def _overlapping_pairs(placed: list[PlacedTile]) -> list[tuple[PlacedTile, PlacedTile]]:
    """Every pair of tiles whose byte ranges intersect (sorted by start, a sweep)."""
    ordered = sorted(placed, key=lambda t: t.start)
    pairs = []
    for i, first in enumerate(ordered):
        for second in ordered[i + 1:]:
            if second.start >= first.end:
                break
            pairs.append((first, second))
    return pairs


def _check_block(block: ir.Block, pairs: list[tuple[PlacedTile, PlacedTile]],
                 read_groups: ReadGroups) -> None:
    position = {op.operation: index for index, op in enumerate(block.operations)}
    events: dict[PlacedTile, list[_Use]] = {}
    for pair in pairs:
        for tile in pair:
            if tile not in events:
                events[tile] = _events(tile, position, read_groups)
    for first, second in pairs:
        for read, written in ((first, second), (second, first)):
            _check_reads(read, events[read], written, events[written])


@record
class _Use(NamedTuple):
    """An op using a placed tile: where it is in the block, and what it does to it."""

    at: int
    reads: bool
    writes: bool
    op: ir.Operation


def _events(tile: PlacedTile, position: dict[ir.Operation, int],
            read_groups: ReadGroups) -> list[_Use]:
    """Each op using the tile, once, in block order: through the tiles made of it too (a
    pto.bitcast, pto.subset, pto.treshape: any op whose result is a tile, taken for an
    alias of its operand), since a write through one is a write of these bytes (found by
    red team: a load into a bitcast of an overlapping tile escaped the rule)."""
    found: dict[ir.Operation, _Use] = {}
    pending, seen = [tile.op.results[0]], set()
    while pending:
        value = pending.pop()
        if value in seen:
            continue
        seen.add(value)
        for use in value.uses:
            user = use.owner.operation
            pending.extend(r for r in user.results if _is_tile(r.type))
            at = _position_in_block(user, position)
            if at is None:
                continue
            reads, writes = _access(user, value, read_groups)
            if user in found:
                earlier = found[user]
                reads, writes = reads or earlier.reads, writes or earlier.writes
            found[user] = _Use(at, reads, writes, user)
    return sorted(found.values(), key=lambda event: event.at)


def _is_tile(type_: ir.Type) -> bool:
    """Whether `type_` is a tile; a malformed one is taken for one (its own op reports it)."""
    try:
        return pto.tile_buf(type_) is not None
    except OpaqueSyntaxError:
        return True


def _position_in_block(op: ir.Operation, position: dict[ir.Operation, int]) -> int | None:
    """The position of `op`, or of the op of the block that holds it, in the block."""
    current: ir.Operation | None = op
    while current is not None:
        at = position.get(current)
        if at is not None:
            return at
        parent = current.parent
        current = parent.operation if parent is not None else None
    return None


def _access(user: ir.Operation, value: ir.Value, read_groups: ReadGroups
            ) -> tuple[bool, bool]:
    """(reads, writes) of `value` by `user`: a destination group writes it, any other
    group reads it; an op the table does not define (a yield, a call, a pl op), or a
    malformed one (its own check reports it), only reads it: a write nzpass cannot see
    proves nothing."""
    try:
        view = read_groups(user)
    except MalformedOp:
        view = None
    if view is None:
        return True, False
    groups = [name for name, values in view.groups.items() if value in values]
    writes = any(name in WRITTEN_GROUPS for name in groups)
    return any(name not in WRITTEN_GROUPS for name in groups), writes


def _check_reads(read: PlacedTile, read_uses: list[_Use], written: PlacedTile,
                 written_uses: list[_Use]) -> None:
    """A read of `read` after a write of its own, with a write of `written` strictly
    between the two (at the reading op itself it reads first: an in-place op is fine)."""
    own_writes = [use.at for use in read_uses if use.writes]
    other_writes = [use for use in written_uses if use.writes]
    for use in read_uses:
        if not use.reads:
            continue
        mine = max((at for at in own_writes if at < use.at), default=None)
        if mine is None:
            continue  # read before any write of its own: not this rule's
        clobber = next((other for other in other_writes if mine < other.at < use.at), None)
        if clobber is not None:
            _refuse(read, written, clobber.op, use.op)


def _refuse(read: PlacedTile, written: PlacedTile, clobber: ir.Operation,
            reader: ir.Operation) -> None:
    memory = MEMORY_NAMES.get(read.loc, read.loc)
    raise Refusal(written.op.location, f"'pto.alloc_tile' places its tile at bytes "
                  f"{_bytes(written)} of {memory} (loc={written.loc}), over the "
                  f"tile of the 'pto.alloc_tile' at {line_and_column(read.op.location)} "
                  f"({_bytes(read)}), and '{clobber.name}' (at "
                  f"{line_and_column(clobber.location)}) writes it before '{reader.name}' (at "
                  f"{line_and_column(reader.location)}) reads the other: the read sees this "
                  "tile's bytes. Place the two tiles at disjoint addresses, or read the first "
                  "before the second is written")


def _bytes(tile: PlacedTile) -> str:
    span = f"[{tile.start}, {tile.end})"
    return f"{span} (somewhere in them: its address is bounded, not fixed)" if tile.dynamic \
        else span
