"""Local tiles read that nothing in their function writes (docs/diagnostics.md,
verify-pto-nz: `reads a tile (loc=…) that nothing in its function writes`).

A tile a `pto.alloc_tile` (or pto.declare_tile, pto.alloc_multi_tile; in the memref form
of pto IR a `memref.alloc` outside GM, whose memref views are one buffer with it) makes
names bytes of a local memory and holds whatever they held before: what an earlier
kernel, an earlier iteration or another tile left there. An op reading it (a store, a
move, a mad, a vector op, a push) before anything wrote it moves those stale bytes as
data, and no shape or valid-region rule sees it (found by red team: a `pto.tstore` of an
Acc tile that no mad wrote stored what L0C held; a Vec tile no load filled was stored from
stale UB).

The rule: every tile an op reads must be one that something in its function may write.
The tiles that are one buffer form a class: a tile and every view an op makes of it
(pto.subview, pto.bitcast, pto.tassign: an op of the op table with a tile result that
writes none of its tiles), the values scf.for and scf.if carry it as
(valid_region.aliases_through_use), and the tiles placed over its bytes
(`ReadFacts.placed_over`). A class may be written when any of its tiles is written by an
op of the op table (pto_table.written_groups; not by a group it only reads and writes
back, READ_AND_WRITTEN_BY_OP: taxpy's dst += src * s reads before it writes), taken by an
op the table does not define (a call, a pl op, a cast, a branch, scf.while: it may write
it), handed on as an address (pto.tile_buf_addr: its reads and writes cannot be
followed, so taken for writes), made by an op other than the three makers (a popped tile,
a pointer cast: its producer wrote it), or is a block argument not an scf.for iter_arg (a
function's argument: its caller's tile); and every tile of a function holding a pointer
into local memory may be (raw ops write through it: not followed). A read is a tile in a
group `pto_table.reads_group` names, of an op that is no view, metadata
(pto_table.METADATA_OPS) or address, bar the scratch `_SCRATCH_BUT_SCALING` names.

Order: a read must also come after a write of its class that surely ran (`_Order`), or
share a loop with one. A write surely ran before a read when it comes before it in a block
the read's is (or is nested in), or inside ops that ran it whenever they completed: an
scf.for of constant bounds that runs an iteration, scf.while's `before` region, an
scf.execute_region, PTOAS's containers; an scf.if or scf.index_switch of which every
branch writes the class; a branch on the same SSA value as one around the read, in the
same region. A write only in one branch, or in a loop that may run no iteration (dynamic
bounds, lb >= ub, an unsigned loop from a negative bound), may not have run: the read then
moves stale bytes (found by red team: a tstore after `scf.if %c { tload }` or after a
zero-trip loop of loads stored what UB held). A read whose every writer comes later in the
function (in pre-order: a `pto.tstore` of an Acc tile above the mad that fills it) reads
the stale bytes too, unless a loop around both runs the writer in an earlier iteration
(`_repeating_ancestors`: any region op but the `RUNS_ONCE` ones, and any region of several
blocks, whose branches may go back) and the loop's first iteration may skip the read (an
op between them, a guard on the iteration, may not run it: not followed further); a read
the first iteration surely reaches, `scf.for { tstore %t; tload %t }`, takes what the tile
held before the loop (found by red team). The tiles placed over one another
(`ReadFacts.placed_over`) are one class, ordered as one tile (found by red team: a tile at
the address of another was taken as written before every read once the other was
written anywhere); every tile of a function holding a local pointer is taken as written
before every read.

Coverage (`_Coverage`): the writes surely run before a read must together hold every
byte it takes. A write by an op of the op table holds the valid region of its tile from
where the tile lies in its buffer (`_Frames`: a window at constant offsets moves it, a
multi-buffer's slot at a constant index lies apart from the others), by the valid
extents of the tile there (a window's constant `valid` operands where its type leaves
them dynamic; none surely where they are not constant); one of PARTIAL_WRITERS, or a
call of a callee not surely writing all of a tile argument (`ArgumentAccess.covers`),
holds none and counts for no write at all (found by red team: a load into a subview of a
tile's top rows, a tsetval, a helper loading part of its argument, each then a store of
the whole tile, moved the rest from stale UB). A func.return reads the tiles it
returns: its caller's call takes them for written."""

from __future__ import annotations

import typing
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import pairwise, product
from math import prod
from typing import NamedTuple

from ..dialects import pto
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.pto_table import (
    METADATA_OPS,
    OWN_REGION_READERS,
    PARTIAL_WRITERS,
    READ_AND_WRITTEN_BY_OP,
    TILE_RELABELS,
    reads_group,
    written_groups,
)
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import block_arguments, line_and_column, nested_ops, parent_op
from ..records import record
from . import memref_layout
from .limits import MEMORY_NAMES
from .offsets import constant_value
from .tile_overlap import runs_an_iteration
from .valid_region import ValidRegion, aliases_through_use

# The ops that make a tile no one wrote: its bytes are what the memory held before. A
# memref in a local memory is a tile of the memref form of pto IR (`_kind`).
FRESH_TILE_MAKERS = frozenset((pto.AllocTile.NAME, pto.DECLARE_TILE, pto.ALLOC_MULTI_TILE,
                               op_names.MEMREF_ALLOC, op_names.MEMREF_ALLOCA))
# The memref ops whose result names bytes of their source: one buffer, moving no data.
_MEMREF_VIEWS = frozenset((op_names.MEMREF_CAST, op_names.MEMREF_COLLAPSE_SHAPE,
                           op_names.MEMREF_EXPAND_SHAPE, op_names.MEMREF_REINTERPRET_CAST,
                           op_names.MEMREF_SUBVIEW, op_names.MEMREF_TRANSPOSE,
                           op_names.MEMREF_VIEW))
# The scf ops whose tile operands flow into values followed here (aliases_through_use).
_FLOWS = frozenset((op_names.SCF_FOR, op_names.SCF_YIELD))
# The scf ops beside scf.for and scf.if whose tile operands, yields and conditions flow
# into their results and region arguments (`_carried`; found by red team: a tile no one
# wrote, carried out of an scf.index_switch, an scf.execute_region or an scf.while, was
# taken for the op's own write and stored from stale UB).
_CARRIERS = frozenset((op_names.SCF_WHILE, op_names.SCF_INDEX_SWITCH,
                       op_names.SCF_EXECUTE_REGION, op_names.SCF_CONDITION))
# The region ops whose block arguments are carried tiles, not written ones.
_CARRYING_ARGUMENTS = frozenset((op_names.SCF_FOR, op_names.SCF_WHILE))
_FOLLOWED_PARENTS = frozenset((op_names.SCF_FOR, op_names.SCF_IF))
_FOR_BOUNDS = 3  # scf.for's lower bound, upper bound and step come before its inits
# The destination-passing ops that bind a tile to bytes another tile owns, moving no data
# (PTOAS's IR manual: pto.tget_scale_addr "binds a scaling tile to the scale-address
# associated with a source tile. No elementwise computation or data movement"): their
# groups are one buffer, neither read nor written by the op.
_BINDS = {"pto.tget_scale_addr": ("src", "dst")}
# The groups that hold a scratch tile unless the tile is a scaling one: pto.tmov's third
# tile is the fixpipe's vector-quant tile in loc=scaling and otherwise the tmp of an X-to-ZZ
# move (PTOAS's classifyTMovForm), which the move writes before it reads (PTOAS's tquant_mx
# samples leave it unwritten).
_SCRATCH_BUT_SCALING = {"pto.tmov": "fp"}
# PTOAS's region containers (PTOOps.td, VPTOOps.td: "structured region container" of a
# fusion group, a vector scope): their one region runs once, in place, whenever they run.
_CONTAINERS = ("pto.fusion_region", "pto.vecscope", "pto.strict_vecscope")
# PTOAS's core sections: their region is compiled for one core kind only (`#if
# defined(...)` around it), so it runs once on that core and not at all on the other.
_CORE_SECTIONS = ("pto.section.cube", "pto.section.vector")
# The region ops that run each of their regions at most once, in order: a write inside them
# later in the function cannot reach a read earlier in it. Every other region op (scf.for,
# scf.while, an op nzpass does not know) may run a region again (`runs_again`, which the
# verifier's next-use walk consults too).
RUNS_ONCE = frozenset((op_names.FUNC_FUNC, op_names.BUILTIN_MODULE, op_names.SCF_IF,
                       op_names.SCF_INDEX_SWITCH, op_names.SCF_EXECUTE_REGION,
                       *_CONTAINERS, *_CORE_SECTIONS))


@record
class ReadFacts(NamedTuple):
    """What the rule asks of the verifier: an op's operand groups by the op table (None
    for an op it does not define; raises MalformedOp for a malformed one), the tiles of
    other allocs placed over some of a tile's bytes, and what a call (func.call,
    func.call_indirect) does to the tiles it hands its callee (tile_placement.CallAccess)."""

    read_groups: Callable[[ir.Operation], pto.PtoOp | None]
    placed_over: Callable[[ir.Value], list[ir.Value]]
    call_access: Callable[[ir.Operation], ArgumentAccess]
    # The valid rows and columns of a tile at an op using it (`stated_extents` where no
    # analysis of the function's values is at hand).
    valid_extents: Callable[[ir.Operation, ir.Value], ValidExtents | None]


class Extent(NamedTuple):
    """What one valid extent of a tile at an op can be (lo <= extent <= hi), and the
    operand giving it (None where the tile's type states it): two uses of one operand
    are one extent, whatever its bounds."""

    lo: int
    hi: int
    operand: ir.Value | None


class ValidExtents(NamedTuple):
    rows: Extent
    cols: Extent


def region_extents(region: ValidRegion) -> ValidExtents:
    """The extents of a valid region valid_region found."""
    rows, cols = region
    return ValidExtents(Extent(rows.fact.lo, rows.fact.hi, rows.value),
                        Extent(cols.fact.lo, cols.fact.hi, cols.value))


def stated_extents(_op: ir.Operation, value: ir.Value) -> ValidExtents | None:
    """The valid extents a tile's type states; None where it leaves one dynamic."""
    buf = _buf_of(value.type)
    if buf is None or buf.v_row is None or buf.v_col is None:
        return None
    return ValidExtents(Extent(buf.v_row, buf.v_row, None), Extent(buf.v_col, buf.v_col, None))


class ArgumentAccess(NamedTuple):
    """The tile arguments (a call's tile operands, by number) a function may read before
    writing them, those it may write, and those it surely writes every byte of before it
    returns (the others it writes are written in part for its caller, as a
    PARTIAL_WRITERS op writes its destination)."""

    reads: Collection[int]
    writes: Collection[int]
    covers: Collection[int]


class _Access(NamedTuple):
    """How an op of the op table touches its tiles: the values it writes, those it reads,
    and whether its tiles are one buffer (its tile results views of its tile operands, or
    `_BINDS`)."""

    writes: list[ir.Value]
    reads: list[ir.Value]
    view: bool
    escapes: bool  # hands a tile on as an address
    rewrites: list[ir.Value]  # read and written back (READ_AND_WRITTEN_BY_OP)


def first_written_groups(name: str) -> frozenset[str]:
    """The groups of op `name` holding tiles it writes without reading them first (the op
    table's written groups but those it reads and writes back: a write that may start a
    tile's data)."""
    return written_groups(name) - frozenset(READ_AND_WRITTEN_BY_OP.get(name, ()))


def writes_tile(view: pto.PtoOp, value: ir.Value) -> bool:
    """Whether the op of operand groups `view` writes tile `value` first
    (`first_written_groups`)."""
    written = first_written_groups(view.NAME)
    return any(value in values for group, values in view.groups.items() if group in written)


def _access(op: ir.Operation, view: pto.PtoOp, tile_operands: set[ir.Value],
            tile_results: Sequence[ir.Value]) -> _Access:
    """`tile_operands`, `tile_results`: the op's operands and results of tile type (the
    walk reads each value's type once)."""
    name = op.name
    written = first_written_groups(name)
    tiles = {group: [v for v in values if v in tile_operands]
             for group, values in view.groups.items()}
    if name in _BINDS:
        return _Access([], [], True, False, [])
    writes = [v for group, values in tiles.items() if group in written for v in values]
    rewrites = [v for group in READ_AND_WRITTEN_BY_OP.get(name, ()) for v in tiles.get(group, ())]
    taken = any(tiles.values())
    is_view = taken and not any(g in written_groups(name) for g, v in tiles.items() if v) \
        and bool(tile_results)
    escapes = taken and any(pto.is_address_type(r.type) for r in op.results)
    scratch = _SCRATCH_BUT_SCALING.get(name)
    reads = [] if is_view or escapes or name in METADATA_OPS else [
        v for group, values in tiles.items() if reads_group(name, group)
        for v in values if group != scratch or _memory_of(v.type) == "scaling"]
    return _Access(writes, reads, is_view, escapes, rewrites)


class _Classes:
    """Union-find over tile values: the values that may be one buffer."""

    def __init__(self) -> None:
        self.parent: dict[ir.Value, ir.Value] = {}

    def find(self, value: ir.Value) -> ir.Value:
        parent = self.parent.setdefault(value, value)
        if parent == value:
            return value
        root = self.find(parent)
        self.parent[value] = root
        return root

    def union(self, first: ir.Value, others: Iterable[ir.Value]) -> None:
        root = self.find(first)
        for other in others:
            other_root = self.find(other)
            if other_root != root:
                self.parent[other_root] = root


_TILE, _LOCAL_POINTER, _OTHER = range(3)
_SCALAR_PREFIX = "arith."


class _Walk:
    """One pass over a top-level op's ops: the classes, the written values, the fresh
    tiles and the reads. With `fresh_arguments`, a function's tile arguments are fresh
    tiles, not its caller's written ones (`argument_access`)."""

    def __init__(self, facts: ReadFacts, fresh_arguments: bool = False):
        self.facts = facts
        self.fresh_arguments = fresh_arguments
        self.classes = _Classes()
        # The tiles written, each with the position (in the walk's order) of its writer;
        # those an op reads and writes back (`READ_AND_WRITTEN_BY_OP`), each with its own.
        self.written: list[tuple[ir.Value, int]] = []
        self.rewritten: list[tuple[ir.Value, int]] = []
        self.fresh: list[ir.Value] = []
        self.reads: list[tuple[ir.Operation, ir.Value, int]] = []
        # Where each tile lies in its buffer (`_Frames`): the values scf ops carry as one
        # another, and each view's source with its offset there (None: not known).
        self.flows = _Classes()
        self.views: dict[ir.Value, tuple[ir.Value, tuple[int, int] | None]] = {}
        # The valid extents a window states by constant operands (`_window_extents`).
        self.window_valid: dict[ir.Value, ValidExtents] = {}
        # The writes (value, position) of an op of the op table, which write the valid
        # region of the tile at the op, and those of part of it (PARTIAL_WRITERS); every
        # other write (an op nzpass does not know, a call, an argument) may write it all.
        self.measured: set[tuple[ir.Value, int]] = set()
        self.partial: set[tuple[ir.Value, int]] = set()
        self.partial_views: dict[int, pto.PtoOp] = {}
        # The source and the destination tiles (its `src*` and `dst` groups) of an op of the
        # op table reading tiles, by the op (`narrower_sources`: it reads a source of a
        # destination's rows x cols over that one's valid region).
        self.destinations: dict[ir.Operation, tuple[list[ir.Value], list[ir.Value]]] = {}
        self.position = -1  # of the op being walked
        # Whether a pointer of the function points into local memory.
        self.pointed = False
        # type -> _TILE, _LOCAL_POINTER or _OTHER: a function holds few types, each read
        # once (its opaque spelling is parsed for the pointer's space).
        self.kinds: dict[ir.Type, int] = {}

    def _kind(self, type_: ir.Type) -> int:
        kind = self.kinds.get(type_)
        if kind is None:
            space = _pointer_space(type_)
            kind = self.kinds[type_] = _TILE if _is_local_tile(type_) else \
                _LOCAL_POINTER if space is not None and space != "gm" else _OTHER
        return kind

    def op(self, op: ir.Operation) -> None:
        self.position += 1
        name = op.name
        if name.startswith(_SCALAR_PREFIX):
            return  # arith ops take and make scalars only (MLIR verifies it): no tile
        arguments = block_arguments(op)
        kind = self._kind
        if name == op_names.FUNC_FUNC and self.fresh_arguments:
            entry = op.regions[0].blocks[0].arguments  # the caller's tiles: not yet written
            self.fresh.extend(a for a in entry if kind(a.type) == _TILE)
            self._write(a for a in arguments[len(entry):] if kind(a.type) == _TILE)
        elif name not in _CARRYING_ARGUMENTS:
            self._write(a for a in arguments if kind(a.type) == _TILE)
        self._note_pointers([*arguments, *op.results])
        operands = [(n, v) for n, v in enumerate(op.operands) if kind(v.type) == _TILE]
        results = [r for r in op.results if kind(r.type) == _TILE]
        if not operands and not results:
            return
        if name in FRESH_TILE_MAKERS:
            self.fresh.extend(results)
            return
        if name in _FLOWS or name in _CARRIERS or name == op_names.SCF_IF:
            self._flow(op, operands)
            return
        if name in _MEMREF_VIEWS:
            self._one_buffer(results, operands)
            self._view(op, None, results, operands)
            return
        view = self._table_view(op) if name.startswith(pto.OP_PREFIX) else None
        access = _access(op, view, {v for _, v in operands}, results) \
            if view is not None else None
        if access is None and name in op_names.CALLS:  # what the callee reads and writes
            self._call(op, operands, results)
            return
        if name == op_names.FUNC_RETURN:
            # The caller takes a returned tile for written (`_call`): its bytes must be.
            self.reads.extend((op, v, self.position) for _, v in operands)
            return
        if access is None:  # an op nzpass does not know may write every tile it takes
            self._write(v for _, v in operands)
            self._write(results)
            return
        if access.view:
            self._one_buffer(results, operands)
            self._view(op, view, results, operands)
            return
        self._write(access.writes)
        sized = self.partial if name in PARTIAL_WRITERS else self.measured
        sized.update((value, self.position) for value in (*access.writes, *access.rewrites))
        if name in PARTIAL_WRITERS and view is not None:
            self.partial_views[self.position] = view  # (what it writes: `_partial_cells`)
        self.rewritten.extend((value, self.position) for value in access.rewrites)
        self._write(results)  # a tile the op makes: its own write
        if access.escapes:
            self._write(v for _, v in operands)
        self.reads.extend((op, value, self.position) for value in access.reads)
        if access.reads and view is not None and name not in OWN_REGION_READERS:
            # (its `src*` groups into its `dst` group: a scratch tile, `tmp`, is not iterated
            # over, and a `mask` holds a bit per element of the destination)
            self.destinations[op] = (
                [v for group, values in view.groups.items() if group.startswith("src")
                 for v in values],
                [v for v in view.groups.get("dst", ()) if v in access.writes])

    def _call(self, op: ir.Operation, operands: list[tuple[int, ir.Value]],
              results: Sequence[ir.Value]) -> None:
        """A call reads the tiles its callee may read before writing them (found by red
        team: a kernel's unwritten tile stored by a helper), then writes those it may
        write; a tile it returns is the callee's (written there)."""
        access = self.facts.call_access(op)
        position = self.position
        self.reads.extend((op, v, position) for n, v in operands if n in access.reads)
        self._write(v for n, v in operands if n in access.writes)
        # (a tile the callee may write but not surely all of: part of it, for the caller)
        self.partial.update((v, position) for n, v in operands
                            if n in access.writes and n not in access.covers)
        self._write(results)

    def _one_buffer(self, results: Sequence[ir.Value],
                    operands: list[tuple[int, ir.Value]]) -> None:
        tiles = [*results, *(v for _, v in operands)]
        self.classes.union(tiles[0], tiles[1:])

    def _write(self, values: Iterable[ir.Value]) -> None:
        position = self.position
        self.written.extend((value, position) for value in values)

    def _note_pointers(self, values: Iterable[ir.Value]) -> None:
        """A pointer into a local memory (a pto.castptr of an address, an argument): the
        raw ops writing through it may write any tile there, which is not followed."""
        for value in values:
            if self._kind(value.type) == _LOCAL_POINTER:
                self.pointed = True

    def _flow(self, op: ir.Operation, operands: list[tuple[int, ir.Value]]) -> None:
        """scf.for inits and the yields of an scf.for or scf.if: the same buffer as the
        values they flow into; a yield of any other op may hand it anywhere."""
        parent = op.parent.operation if op.parent is not None else None
        if op.name == op_names.SCF_YIELD and (
                parent is None or parent.name not in (*_FOLLOWED_PARENTS, *_CARRIERS)):
            self._write(v for _, v in operands)
            return
        for number, value in operands:
            if op.name == op_names.SCF_FOR and number < _FOR_BOUNDS:
                continue
            aliases = aliases_through_use(op, number) if op.name in _FLOWS and (
                parent is None or parent.name not in _CARRIERS) else _carried(op, number)
            self.classes.union(value, aliases)
            self.flows.union(value, aliases)

    def _table_view(self, op: ir.Operation) -> pto.PtoOp | None:
        try:
            return self.facts.read_groups(op)
        except MalformedOp:
            return None  # its own check reports it

    def _view(self, op: ir.Operation, view: pto.PtoOp | None, results: Sequence[ir.Value],
              operands: list[tuple[int, ir.Value]]) -> None:
        """Where the tile a view makes lies in its source's bytes (`_view_offset`)."""
        if len(results) != 1 or len(operands) != 1:
            return  # a view of no one source: where it lies is not known
        source = operands[0][1]
        self.views[results[0]] = (source, _view_offset(op, view, source, results[0]))
        valid = _window_extents(view) if view is not None and op.name == pto.SUBVIEW else None
        if valid is not None:
            self.window_valid[results[0]] = valid


def unwritten_reads(ops: Sequence[ir.Operation], facts: ReadFacts, walk: _Walk | None = None,
                    judged: set[ir.Value] | None = None) -> list[Refusal]:
    """A refusal for the first read (in `ops`' order: a top-level op and every op inside
    it, in pre-order) of each class of tiles that nothing in `ops` may write, or that
    nothing surely writes before it (the module's docstring: "Order"). `walk`: the walk
    of `ops` made already; `judged` gathers the root of each class refused."""
    if walk is None:
        walk = _walked(ops, facts)
    classes = walk.classes
    # A pointer into local memory (a pto.castptr of an address, an argument) may write any
    # tile through raw ops (pto.mte_*, whose mx forms write the scale areas the scaling tiles
    # of pto.tmatmul.mx name): not followed, so every tile is taken for written.
    if walk.pointed:
        return []
    # A tile placed over some bytes of another holds what a write of that one left there
    # (the overlap rule and the Acc rules judge which data): one class, so a write through
    # either must surely run before a read of either (found by red team: two tiles at one
    # address, the second stored before, or after a load in one branch only into, the
    # first, were taken for written before every read and stored stale UB).
    for tile in walk.fresh:
        classes.union(tile, facts.placed_over(tile))
    # Every write of a class, a read-and-write-back among them (its own read is judged
    # at it): what may leave the class written on every path. A write of part of its
    # destination (PARTIAL_WRITERS) is none: the rest of the tile keeps what it held, so
    # it neither starts the tile's data nor covers a read (found by red team: a tstore of
    # a tile only a pto.tsetval wrote, or one loaded in one branch only and then given a
    # tsetval, stored stale UB).
    partial = walk.partial
    first = _writes_by_class(classes, (w for w in walk.written if w not in partial))
    writes_of = _writes_by_class(classes, (w for w in (*walk.written, *walk.rewritten)
                                           if w not in partial))
    partly = _writes_by_class(classes, partial)
    writers = {root: [position for _, position in found] for root, found in first.items()}
    every_write = {root: {position for _, position in found}
                   for root, found in writes_of.items()}
    # Each class's fresh tiles in walk order: the first is the one a refusal names.
    fresh_of: dict[ir.Value, list[ir.Value]] = {}
    for tile in walk.fresh:
        fresh_of.setdefault(classes.find(tile), []).append(tile)
    order = _Order(ops, every_write)
    coverage = _Coverage(walk, ops)
    refusals = []
    judged = set() if judged is None else judged  # one root cause, one error

    def _judged_read(op: ir.Operation, value: ir.Value, position: int,
                     found: list[int] | None, root: ir.Value) -> Refusal | None:
        """The refusal of the read of `value` by `op` (at `position`; `found`: the
        positions of its class's writes that may start its data), if any, unless the
        partial writes surely run before it cover it (PyPTO fills a tile element by
        element with tsetval in loops of constant bounds)."""
        refusal = _unless_partly(op, value, position, found, root)
        if refusal is None or root not in partly:
            return refusal
        sure = [(v, w) for v, w in partly[root] if order.reaches(w, op, position)]
        return None if sure and coverage.partly_covered(op, value, sure) else refusal

    def _uncovered_by_branches(op: ir.Operation, value: ir.Value,
                               writes: list[tuple[ir.Value, int]]
                               ) -> tuple[ir.Operation, str, str] | None:
        """As `_Coverage.uncovered`, for writes none of which surely ran by itself (the
        read is surely written as every branch of an op writes the class): None where,
        for some op around writes, the writes each of its regions surely runs cover the
        read, whichever runs (found by red team: `scf.if { load the top rows } else {
        load the bottom rows }`, then a store of the whole tile, took the two halves
        together and stored half of it from stale UB on either path)."""
        by_region: dict[ir.Operation, dict[int, list[tuple[ir.Value, int]]]] = {}
        for v, w in writes:
            branch = order.skipper(ops[w], op)
            index = _region_holding(branch, ops[w]) if branch is not None else None
            if branch is not None and index is not None:
                by_region.setdefault(branch, {}).setdefault(index, []).append((v, w))
        last = ops[writes[-1][1]]
        short = (last, "part of its destination", "the tile")  # (no branch found: unsure)
        for branch, regions in by_region.items():
            found = [coverage.uncovered(op, value, regions.get(n, []))
                     for n in range(len(branch.regions))]
            failed = next((f for f in found if f is not None), None)
            if failed is None:
                return None
            short = (last, *failed[1:]) if failed[0] == op else failed
        return short

    def _unless_partly(op: ir.Operation, value: ir.Value, position: int,
                       found: list[int] | None, root: ir.Value) -> Refusal | None:
        if found is None:
            return _refusal(op, value, fresh_of[root][0]) if root not in partly else \
                _partial_read(op, value, ops[min(w for _, w in partly[root])],
                              "only part of it", "the tile")
        if order.surely_written(op, position, root) or \
                any(order.earlier_iteration(w, op) for w in found):
            if not coverage.judged(value, writes_of[root]):
                return None  # a write that may write every byte, or one not judged here
            # (every write a window in sight: which ones surely ran before the read)
            before = [(v, w) for v, w in writes_of[root]
                      if order.reaches(w, op, position) or order.earlier_iteration(w, op)]
            short = coverage.uncovered(op, value, before) if before else \
                _uncovered_by_branches(op, value, [(v, w) for v, w in writes_of[root]
                                                   if w < position])
            return None if short is None else _partial_read(op, value, *short)
        earlier = sorted(w for w in every_write[root] if w < position)
        return _unsure_read(op, value, ops[earlier[0]], order.skipper(ops[earlier[0]], op)) \
            if earlier else _early_read(op, value, ops[min(found)])

    for op, value, position in walk.reads:
        root = classes.find(value)
        if root in judged or root not in fresh_of:
            continue  # a class with no fresh tile holds data its maker wrote
        refusal = _judged_read(op, value, position, writers.get(root), root)
        # (a read of a tile whose valid region is empty, by an op writing only such tiles,
        # takes no byte: PyPTO's kernels run the ops of an idle sub-block on tiles of 0
        # valid rows and columns)
        if refusal is not None and not _takes_nothing(facts, walk, op, value, position):
            judged.add(root)
            refusals.append(refusal)
    return refusals


def _takes_nothing(facts: ReadFacts, walk: _Walk, op: ir.Operation, value: ir.Value,
                   position: int) -> bool:
    """Whether the read of tile `value` by `op` (at `position`) surely takes no byte:
    its valid region there is empty (no row or no column), and so is that of every tile
    `op` writes (pto-isa's vector ops run over their destination's valid region, whatever
    their sources' valid regions are)."""
    written = [v for v, w in (*walk.written, *walk.partial) if w == position]
    return all(_empty(facts.valid_extents(op, tile)) for tile in (value, *written))


def _empty(extents: ValidExtents | None) -> bool:
    return extents is not None and (extents.rows.hi <= 0 or extents.cols.hi <= 0)


def _carried(op: ir.Operation, number: int) -> list[ir.Value]:
    """The values operand `number` of `op` (an scf.while, its scf.condition or a yield of
    one of `_CARRIERS`) flows into: an scf.while's inits into its `before` arguments; its
    condition's values (after the flag) into its results and `after` arguments; its
    `after` yield into `before`'s arguments; an scf.index_switch's or scf.execute_region's
    yields into its results."""
    if op.name == op_names.SCF_WHILE:
        return _argument(op.regions[0], number)
    parent = op.parent.operation if op.parent is not None else None
    if parent is None:
        return []
    if op.name == op_names.SCF_CONDITION:
        index = number - 1
        found = _argument(parent.regions[1], index)
        return found + ([parent.results[index]] if 0 <= index < len(parent.results) else [])
    if parent.name == op_names.SCF_WHILE:
        return _argument(parent.regions[0], number)
    return [parent.results[number]] if number < len(parent.results) else []


def _argument(region: ir.Region, index: int) -> list[ir.Value]:
    if not len(region.blocks) or not 0 <= index < len(region.blocks[0].arguments):
        return []
    return [region.blocks[0].arguments[index]]


def _view_offset(op: ir.Operation, view: pto.PtoOp | None, source: ir.Value,
                 result: ir.Value) -> tuple[int, int] | None:
    """Where view `result` of `source` starts in its bytes, in (row, column) of the
    source: a window (pto_table.TILE_RELABELS) at its constant offsets; a relabel of the
    same rows and columns, or a view of the same type, at its start; None for any other
    (a reshape, an offset not constant): its bytes are not followed."""
    if op.name == pto.MULTI_TILE_GET and view is not None:
        return _slot_offset(view, result)
    relabel = TILE_RELABELS.get(op.name) if view is not None else None
    if relabel is None or view is None:
        return (0, 0) if result.type == source.type else None
    if relabel[1] == "window":
        offsets = [constant_value(v) for v in view.groups.get("offsets", ())]
        if len(offsets) != 2:
            return None
        row, col = offsets
        return None if row is None or col is None else (row, col)
    src, dst = _buf_of(source.type), _buf_of(result.type)
    same = src is not None and dst is not None and (src.rows, src.cols, src.blayout) == \
        (dst.rows, dst.cols, dst.blayout)
    return (0, 0) if same or result.type == source.type else None


def _slot_offset(view: pto.PtoOp, result: ir.Value) -> tuple[int, int] | None:
    """Where slot tile `result` of a multi-buffer lies in it: its slots side by side, as
    if stacked by rows, slot k at k times the slot's rows (distinct slots hold distinct
    bytes; found by red team: a store of slot 1 after a load of slot 0 counted as
    covered, and stored stale UB); None at a slot not constant."""
    slots = view.groups.get("slot", ())
    slot = constant_value(slots[0]) if len(slots) == 1 else None
    buf = _buf_of(result.type)
    return None if slot is None or buf is None else (slot * buf.rows, 0)


class _Frame(NamedTuple):
    """Where a tile lies: the value naming its buffer, and its (row, column) there."""

    base: ir.Value
    row: int
    col: int


class _Frames:
    """Each tile's `_Frame`: a view's is its source's moved by its offset (None where
    the offset is not known); any other tile is at the start of its buffer, the one its
    values carried by scf ops (one flow class: `_Walk.flows`) name, unless views are
    among them: then their one frame, or none where they lie apart or with a tile of
    another maker."""

    def __init__(self, walk: _Walk):
        self.walk = walk
        self.members: dict[ir.Value, list[ir.Value]] = {}
        for value in walk.flows.parent:
            self.members.setdefault(walk.flows.find(value), []).append(value)
        self.memo: dict[ir.Value, _Frame | None] = {}

    def of(self, value: ir.Value) -> _Frame | None:
        if value in self.memo:
            return self.memo[value]
        self.memo[value] = None  # a view of a tile carried from itself: not followed
        found = self._view_frame(value) if value in self.walk.views else self._flow_frame(value)
        self.memo[value] = found
        return found

    def bounds(self, value: ir.Value) -> tuple[_Frame, int, int] | None:
        """A frame and a (rows, columns) shape from it that hold every byte of `value`:
        its own, or a view's source's where the view's offset is not known (the window
        rules keep a view inside its source)."""
        while True:
            frame, buf = self.of(value), _buf_of(value.type)
            if frame is not None and buf is not None:
                return frame, buf.rows, buf.cols
            if value not in self.walk.views:
                return None
            value = self.walk.views[value][0]

    def viewed_from(self, value: ir.Value, source: ir.Value) -> bool:
        """Whether tile `value` is tile `source`, carried or viewed (a relabel of it: the
        relabel rules prove what it claims lies in the source's valid region)."""
        flows, views = self.walk.flows, self.walk.views
        for _ in range(len(views) + 1):
            if flows.find(value) == flows.find(source):
                return True
            if value not in views:
                return False
            value = views[value][0]
        return False

    def _view_frame(self, value: ir.Value) -> _Frame | None:
        source, offset = self.walk.views[value]
        frame = self.of(source) if offset is not None else None
        return None if frame is None or offset is None else \
            _Frame(frame.base, frame.row + offset[0], frame.col + offset[1])

    def _flow_frame(self, value: ir.Value) -> _Frame | None:
        root = self.walk.flows.find(value)
        members = self.members.get(root, [value])
        views = [m for m in members if m in self.walk.views]
        if not views:
            return _Frame(root, 0, 0)
        if any(_made_by_op(m) and m not in self.walk.views for m in members):
            return None  # a view and another maker's tile carried as one value
        frames = {self.of(v) for v in views}
        return frames.pop() if len(frames) == 1 else None


class _Coverage:
    """Whether the writes that surely ran before a read hold every byte it takes: a
    write of part of a tile (through a window at a constant offset, an op of
    PARTIAL_WRITERS) leaves the rest of its bytes stale (found by red team: a load into a
    subview of the top rows of a tile, then a store of the whole tile, moved the bottom
    rows from stale UB). A write by an op nzpass does not know, a call or an argument may
    write it all; one by an op of the op table writes the valid region of its tile there.
    Not judged here: a write through a window at an offset not constant (PyPTO's
    assembly of a tile row by row in a loop), and a read of the written tile itself or of
    a view of it (its valid region is the valid-region and relabel rules' to prove)."""

    def __init__(self, walk: _Walk, ops: Sequence[ir.Operation]):
        self.walk = walk
        self.ops = ops
        self.frames = _Frames(walk)

    def judged(self, value: ir.Value, writes: Sequence[tuple[ir.Value, int]]) -> bool:
        """Whether a read of `value` after `writes` is judged here: each is a write of
        an op of the op table through a tile of known frame other than `value`'s own."""
        walk, frames = self.walk, self.frames
        return all((v, w) in walk.measured and frames.of(v) is not None
                   and not frames.viewed_from(value, v) for v, w in writes)

    def uncovered(self, read: ir.Operation, value: ir.Value,
                  writes: Sequence[tuple[ir.Value, int]]) -> tuple[ir.Operation, str, str] | None:
        """None where `writes` (value, position) may together cover what `read` takes of
        `value`, else the last of them (its op) and what they write and the read takes."""
        walk, frames = self.walk, self.frames
        taken = self._taken(read, value)
        if taken is None:
            return None
        rectangles: list[tuple[int, int, int, int]] = []
        for written, position in writes:
            key = (written, position)
            frame = frames.of(written)
            if key not in walk.measured or frame is None or \
                    frame.base != taken[0].base or frames.viewed_from(value, written):
                return None  # it may write every byte, or the read is not judged here
            extents = walk.facts.valid_extents(self.ops[position], written) or \
                walk.window_valid.get(written)
            if extents is not None:  # (else the rows it writes are not known: none sure)
                rectangles.append((frame.row, frame.row + extents.rows.lo,
                                   frame.col, frame.col + extents.cols.lo))
        at, rows, cols = taken
        wanted = (at.row, at.row + rows, at.col, at.col + cols)
        if _covered(wanted, rectangles):
            return None
        shown = " and ".join(_rectangle(*r) for r in rectangles) or "part of its destination"
        return (self.ops[writes[-1][1]] if writes else read), shown, _rectangle(*wanted)

    def partly_covered(self, read: ir.Operation, value: ir.Value,
                       writes: Sequence[tuple[ir.Value, int]]) -> bool:
        """Whether the writes of PARTIAL_WRITERS ops `writes` (value, position), each
        surely run before `read`, together write every byte it takes of `value`: the
        cells each writes (`_partial_cells`) in every iteration of the loops of constant
        bounds around it (not around the read)."""
        taken, frame, shape = self._taken(read, value), self.frames.of(value), _memref_shape(value)
        if taken is None and frame is not None and shape is not None:
            taken = (frame, *shape)  # (a memref of pto IR's memref form: all of it)
        if taken is None:
            return False
        at, rows, cols = taken
        cells: set[tuple[int, int]] = set()
        for written, position in writes:
            frame = self.frames.of(written)
            view = self.walk.partial_views.get(position)
            if frame is None or view is None or frame.base != at.base:
                return False
            found = _partial_cells(self.ops[position], view, written, read, self.walk.facts)
            if found is None:
                return False
            cells.update((frame.row + r, frame.col + c) for r, c in found)
        return _covered((at.row, at.row + rows, at.col, at.col + cols), _runs(cells))

    def _taken(self, read: ir.Operation, value: ir.Value) -> tuple[_Frame, int, int] | None:
        """Where the bytes `read` takes of `value` surely lie: its valid region from its
        frame, or the whole of the tile holding it where its offset is not known."""
        frame = self.frames.of(value)
        extents = self.walk.facts.valid_extents(read, value)
        if frame is not None and extents is not None:
            return frame, extents.rows.hi, extents.cols.hi
        return self.frames.bounds(value)


def narrower_sources(ops: Sequence[ir.Operation], facts: ReadFacts,
                     walk: _Walk | None = None) -> list[Refusal]:
    """A refusal for each read of a source by an op of the op table writing a tile of the
    source's rows x cols (both Vec tiles) whose valid region may be larger than the
    source's: pto-isa's vector ops iterate over the destination's valid region
    (dst.GetValidRow() x GetValidCol()) and read each source there, past its valid rows
    into bytes no write is known to have made. PTOAS checks the two equal only where both
    types state them (verifyTileBufSameValidShape; found by red team: a tadd of a tile of
    8 valid rows, stated by its alloc's operand, into one of 16 stored 8 rows of stale
    UB). The ops not reading a source where they write (OWN_REGION_READERS) are not
    judged.
    `walk`: the walk of `ops` (`walked`) made already."""
    if walk is None:
        walk = _walked(ops, facts)
    refusals = []
    for op, (sources, destinations) in walk.destinations.items():
        refusal = _narrower_source(op, sources, destinations, facts)
        if refusal is not None:
            refusals.append(refusal)
    return refusals


def _narrower_source(op: ir.Operation, sources: list[ir.Value], destinations: list[ir.Value],
                     facts: ReadFacts) -> Refusal | None:
    for value, destination in product(sources, destinations):
        shape = _vec_tile_shape(value.type)
        if shape is None or destination == value or \
                _vec_tile_shape(destination.type) != shape:
            continue
        wider = _wider_axis(facts.valid_extents(op, value), facts.valid_extents(op, destination))
        if wider is not None:
            return Refusal(op.location, (
                f"'{op.name}' reads its source over a larger valid region: its destination's "
                f"{wider}; pto-isa's vector ops iterate over the destination's valid region "
                "and read the source there, past its valid region, bytes no write is known "
                "to have made (PTOAS checks the two equal only where both types state them); "
                "give the source and the destination one valid shape (the same operands)"))
    return None


def _wider_axis(source: ValidExtents | None, destination: ValidExtents | None) -> str | None:
    """The first axis on which the destination's valid extent may exceed the source's
    (`valid rows ... may exceed the source's ...`); None where each is proved at most the
    source's (one operand gives both, or its largest value is at most the source's least),
    and where a region is not known or the source's extent has no lower bound: a popped or
    an argument tile's region is its producer's, an extent from an argument without facts
    the caller's contract, as for a window's bounds (the field's kernels pass both)."""
    if source is None or destination is None:
        return None
    for axis, mine, theirs in (("rows", destination.rows, source.rows),
                               ("columns", destination.cols, source.cols)):
        if theirs.lo < 0 or (mine.operand is not None and theirs.operand is not None
                             and mine.operand == theirs.operand):
            continue
        if mine.hi > theirs.lo:
            return (f"valid {axis} (up to {mine.hi}) may exceed the source's (from "
                    f"{theirs.lo})")
    return None


def _window_extents(view: pto.PtoOp) -> ValidExtents | None:
    """The valid extents a window (pto.subview) gives its tile by constant `valid`
    operands; None where one is missing or not constant (the tile's type, read by
    `ReadFacts.valid_extents`, then leaves them dynamic: such a write writes no row
    surely; found by red team: a load into a window of a tile stated `valid [%c8, %c64]`
    was taken for a write of all its rows, and a store of the tile moved the rest from
    stale UB)."""
    rows, cols = (view.groups.get(group, ()) for group in ("valid_row", "valid_col"))
    if len(rows) != 1 or len(cols) != 1:
        return None
    row, col = constant_value(rows[0]), constant_value(cols[0])
    if row is None or col is None:
        return None
    return ValidExtents(Extent(row, row, rows[0]), Extent(col, col, cols[0]))


# The layouts whose storage holds a tile's rows one after another, of `cols` elements.
_ND_ORDER = ("row_major", "none_box")
# The most iterations of the loops around a partial write enumerated for its cells.
_MOST_ITERATIONS = 4096
# The index arithmetic a partial write's index is evaluated through, per iteration.
_EVALUATED = {op_names.ARITH_ADDI: lambda a, b: a + b, op_names.ARITH_SUBI: lambda a, b: a - b,
              op_names.ARITH_MULI: lambda a, b: a * b}


def _partial_cells(op: ir.Operation, view: pto.PtoOp, written: ir.Value, read: ir.Operation,
                   facts: ReadFacts) -> set[tuple[int, int]] | None:
    """The (row, column) cells of tile `written` that PARTIAL_WRITERS op `op` writes over
    every iteration of the scf.for loops of constant bounds holding it (in their entry
    blocks, up to the first op around `read` too): pto.tsetval's element at its offset in
    the storage of a row-major tile (rows of `cols` elements), pto.tinsert's source's
    valid region at its row and column; None where an index is not known in some
    iteration, or for any other op (a scatter's indexes, a pad's bytes: not followed)."""
    around = _ancestors(read)
    loops = []
    at = op
    while (parent := parent_op(at)) is not None and parent not in around and \
            parent.name == op_names.SCF_FOR and _in_entry(at, parent, 0):
        loops.append(parent)
        at = parent
    spans = [_span(loop) for loop in loops]
    if any(span is None for span in spans) or \
            prod(len(span) for span in spans if span is not None) > _MOST_ITERATIONS:
        return None
    ivs = [loop.regions[0].blocks[0].arguments[0] for loop in loops]
    cells: set[tuple[int, int]] = set()
    for values in product(*(span for span in spans if span is not None)):
        found = _cells_at(op, view, written, dict(zip(ivs, values, strict=True)), facts)
        if found is None:
            return None
        cells.update(found)
    return cells


def _cells_at(op: ir.Operation, view: pto.PtoOp, written: ir.Value, env: dict[ir.Value, int],
              facts: ReadFacts) -> list[tuple[int, int]] | None:
    """The cells `_partial_cells` finds for one iteration (`env`: its induction values)."""
    groups = view.groups
    if op.name == "pto.tsetval":
        buf = _buf_of(written.type)
        offset = _evaluated(groups.get("offset", ()), env)
        if buf is None or offset is None or (buf.blayout, buf.slayout) != _ND_ORDER or \
                not 0 <= offset < buf.rows * buf.cols:
            return None
        return [divmod(offset, buf.cols)]
    if op.name in ("pto.tinsert", "pto.tinsert_fp"):
        row, col = (_evaluated(groups.get(g, ()), env) for g in ("indexRow", "indexCol"))
        sources = groups.get("src", ())
        extents = facts.valid_extents(op, sources[0]) if len(sources) == 1 else None
        shape = (extents.rows.lo, extents.cols.lo) if extents is not None else \
            _memref_shape(sources[0]) if len(sources) == 1 else None
        if row is None or col is None or shape is None:
            return None
        return [(r, c) for r in range(row, row + shape[0]) for c in range(col, col + shape[1])]
    return None


def _memref_shape(value: ir.Value) -> tuple[int, int] | None:
    """The rows and columns of a 2-D memref of static shape (a tile of pto IR's memref
    form, which has no valid region but its shape)."""
    type_ = value.type
    if not isinstance(type_, ir.MemRefType) or type_.rank != 2 or not type_.has_static_shape:
        return None
    rows, cols = type_.shape
    return rows, cols


def _span(loop: ir.Operation) -> range | None:
    """The induction values of an scf.for of constant bounds and positive step."""
    lower, upper, step = (constant_value(loop.operands[n]) for n in range(_FOR_BOUNDS))
    if lower is None or upper is None or step is None or step <= 0:
        return None
    return range(lower, upper, step)


def _evaluated(values: Sequence[ir.Value], env: dict[ir.Value, int],
               depth: int = 8) -> int | None:
    """The value of the one index in `values` where the induction values are `env`:
    a constant, an induction value, or an addi, subi or muli of such (the index values
    of pto IR: no overflow at these sizes); None for any other."""
    if len(values) != 1 or depth <= 0:
        return None
    value = values[0]
    if value in env:
        return env[value]
    constant = constant_value(value)
    if constant is not None or not isinstance(value, ir.OpResult):
        return constant
    owner = value.owner.operation
    apply = _EVALUATED.get(owner.name)
    if apply is None or len(owner.operands) != 2:
        return None
    first, second = (_evaluated([v], env, depth - 1) for v in owner.operands)
    return None if first is None or second is None else apply(first, second)


def _runs(cells: set[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """`cells` as rectangles of one row each (runs of adjacent columns)."""
    found = []
    for row, col in sorted(cells):
        if found and found[-1][0] == row and found[-1][3] == col:
            found[-1] = (row, row + 1, found[-1][2], col + 1)
        else:
            found.append((row, row + 1, col, col + 1))
    return found


def _covered(wanted: tuple[int, int, int, int],
             rectangles: Sequence[tuple[int, int, int, int]]) -> bool:
    """Whether the rectangles (first row, end row, first column, end column) together
    hold every cell of `wanted`: each cell of the grid their edges cut it into lies in
    one of them."""
    top, bottom, left, right = wanted
    rows = sorted({top, bottom, *(r for t, b, _, _ in rectangles for r in (t, b)
                                  if top < r < bottom)})
    cols = sorted({left, right, *(c for _, _, lt, rt in rectangles for c in (lt, rt)
                                  if left < c < right)})
    return all(any(t <= r0 and r1 <= b and lt <= c0 and c1 <= rt
                   for t, b, lt, rt in rectangles)
               for r0, r1 in pairwise(rows) for c0, c1 in pairwise(cols))


def _rectangle(top: int, bottom: int, left: int, right: int) -> str:
    return f"rows [{top}, {bottom}) and columns [{left}, {right}) of its buffer"


def _made_by_op(value: ir.Value) -> bool:
    """A result of an op other than the scf ones carrying tiles (a maker's, a view's)."""
    return isinstance(value, ir.OpResult) and \
        value.owner.operation.name not in (*_FOLLOWED_PARENTS, *_CARRIERS)


def _writes_by_class(classes: _Classes, writes: Iterable[tuple[ir.Value, int]]
                     ) -> dict[ir.Value, list[tuple[ir.Value, int]]]:
    found: dict[ir.Value, list[tuple[ir.Value, int]]] = {}
    for value, position in writes:
        found.setdefault(classes.find(value), []).append((value, position))
    return found


class _Order:
    """Which writes of a class surely run before a read: a writer in a block the read's
    block is, or is nested in, and before the read; or one nested in an op that, whenever
    it completes, surely ran it (`_completes_with`) or surely wrote the class by another
    region (both branches of an scf.if, every case of an scf.index_switch)."""

    def __init__(self, ops: Sequence[ir.Operation], writes: dict[ir.Value, set[int]]):
        self.ops = ops
        self.position = {op: n for n, op in enumerate(ops)}
        self.writes = writes
        self.memo: dict[tuple[ir.Operation, ir.Value], bool] = {}
        # A read's dominating blocks and ancestors (`reaches` asks them once per write).
        self.around: dict[ir.Operation, tuple[set[ir.Block], set[ir.Operation]]] = {}

    def surely_written(self, read: ir.Operation, at: int, root: ir.Value) -> bool:
        blocks = _dominating_blocks(read)
        ancestors = _ancestors(read)
        return any(self._reaches(self.ops[w], read, blocks, ancestors, root)
                   for w in sorted(self.writes.get(root, ()), reverse=True) if w < at)

    def reaches(self, writer: int, read: ir.Operation, at: int) -> bool:
        """Whether the write at position `writer` surely ran when `read` (at `at`) runs,
        by itself (not by another write of its class in a branch beside it)."""
        if writer >= at:
            return False
        around = self.around.get(read)
        if around is None:
            around = self.around[read] = (_dominating_blocks(read), _ancestors(read))
        return self._reaches(self.ops[writer], read, *around, None)

    def _reaches(self, writer: ir.Operation, read: ir.Operation, blocks: set[ir.Block],
                 ancestors: set[ir.Operation], root: ir.Value | None) -> bool:
        """Whether the write by `writer` surely happened when `read` runs."""
        at = writer
        while True:
            if at in ancestors or _block_of(at) in blocks:
                return True  # it holds the read, or runs before it in a block the read's is in
            parent = parent_op(at)
            if parent is None:
                return False
            if parent in ancestors:
                # A region of the read's ancestor runs before the read's: scf.while's
                # `before` region, ahead of every run of its `after` one.
                return parent.name == op_names.SCF_WHILE and _in_entry(at, parent, 0)
            if not (self._completes_with(parent, at) or (
                    root is not None and self.writes_on_completion(parent, root))
                    or _same_branch_taken(parent, at, read)):
                return False
            at = parent

    def earlier_iteration(self, writer: int, read: ir.Operation) -> bool:
        """Whether the write at position `writer` may have run in an earlier iteration of
        a loop around both (`_repeating_ancestors`) that the read's first run is not: some
        op between the loop and the read may skip it (a guard on the iteration, not
        followed). A read the loop's first iteration surely reaches takes what the tile
        held before the loop (found by red team: `scf.for { tstore %t; tload %t }` stored
        stale UB in its first iteration)."""
        loops = _repeating_ancestors(read) & _ancestors(self.ops[writer])
        if loops:
            return True  # PyPTO's accumulations start under guards not followed here
        at = read
        while loops and (parent := parent_op(at)) is not None:
            if parent in loops:  # its first iteration runs the read first, unless...
                return not _in_entry_of_any(at, parent) or \
                    parent.name not in (op_names.SCF_FOR, op_names.SCF_WHILE)
            if not (self._completes_with(parent, at) or (parent.name in RUNS_ONCE and
                    parent.name not in _BRANCHES_ALL and _in_entry_of_any(at, parent))):
                return True  # it may skip the read in the loop's first iteration
            at = parent
        return False

    def _completes_with(self, parent: ir.Operation, at: ir.Operation) -> bool:
        """Whether `parent` surely ran `at` (in the entry block of one of its regions)
        whenever it completes."""
        return any(_in_entry(at, parent, index) for index in self._surely_run(parent))

    def _surely_run(self, op: ir.Operation) -> tuple[int, ...]:
        """The regions region op `op` surely runs (at least once) when it runs."""
        name = op.name
        if name == op_names.SCF_FOR:
            return (0,) if runs_an_iteration(op, constant_value) else ()
        if name in _RUN_FIRST:
            return (0,)
        return ()

    def writes_on_completion(self, op: ir.Operation, root: ir.Value) -> bool:
        """Whether region op `op` surely wrote class `root` when it completes: a region it
        surely runs surely writes it, or every region of a branching op does."""
        key = (op, root)
        known = self.memo.get(key)
        if known is None:
            self.memo[key] = False  # a cycle cannot arise; the guard costs nothing
            regions = list(op.regions)
            if op.name in _BRANCHES_ALL:
                chosen = range(len(regions)) if regions and all(
                    len(r.blocks) for r in regions) else range(0)
                known = bool(chosen) and all(self._entry_writes(regions[i], root)
                                             for i in chosen)
            else:
                known = any(self._entry_writes(regions[i], root)
                            for i in self._surely_run(op))
            self.memo[key] = known
        return known

    def _entry_writes(self, region: ir.Region, root: ir.Value) -> bool:
        if not len(region.blocks):
            return False
        writes = self.writes.get(root, set())
        position = self.position
        for inner in region.blocks[0].operations:
            inner = inner.operation
            if position.get(inner) in writes or (
                    len(inner.regions) and self.writes_on_completion(inner, root)):
                return True
        return False

    def skipper(self, writer: ir.Operation, read: ir.Operation) -> ir.Operation | None:
        """The op around `writer` that may complete without running it."""
        ancestors = _ancestors(read)
        at = writer
        while (parent := parent_op(at)) is not None and parent not in ancestors:
            if not self._completes_with(parent, at):
                return parent
            at = parent
        return parent_op(at)


# The region ops whose first region runs, to its end, whenever they complete (scf.while
# checks its condition in `before` first; an scf.execute_region and the `_CONTAINERS` run
# their one region).
_RUN_FIRST = frozenset((op_names.SCF_WHILE, op_names.SCF_EXECUTE_REGION, *_CONTAINERS))
# The region ops that run one of their regions, each of which is one branch: an scf.if's
# `else` (an empty region: no `else` runs nothing) and an scf.index_switch's cases and
# default.
_BRANCHES_ALL = frozenset((op_names.SCF_IF, op_names.SCF_INDEX_SWITCH))


def _same_branch_taken(branch: ir.Operation, at: ir.Operation, read: ir.Operation) -> bool:
    """Whether the read runs only where `branch` (an scf.if or scf.index_switch) ran the
    region holding `at`: the read is in that region of a later op branching on the same
    SSA value (PTOAS's Matmul_transpose sample loads one of two tiles under `scf.if %c`
    and extracts the same one under a second `scf.if %c`)."""
    if branch.name not in _BRANCHES_ALL:
        return False
    index = _region_index(branch, at)
    selector = branch.operands[0] if len(branch.operands) else None
    if index is None or selector is None:
        return False
    inner = read
    while (holder := parent_op(inner)) is not None:
        if holder.name == branch.name and len(holder.operands) and \
                holder.operands[0] == selector and _region_index(holder, inner) == index and \
                _same_cases(holder, branch):
            return True
        inner = holder
    return False


def _same_cases(first: ir.Operation, second: ir.Operation) -> bool:
    """Whether two branching ops number their regions alike (an scf.index_switch's
    `cases`; an scf.if has none)."""
    return str(first.attributes["cases"]) == str(second.attributes["cases"]) \
        if "cases" in first.attributes or "cases" in second.attributes else True


def _region_holding(holder: ir.Operation, op: ir.Operation) -> int | None:
    """Which region of `holder` holds `op`, at any depth."""
    at = op
    while (parent := parent_op(at)) is not None and parent != holder:
        at = parent
    return _region_index(holder, at) if parent is not None else None


def _region_index(holder: ir.Operation, op: ir.Operation) -> int | None:
    """Which region of `holder` holds `op` (an op `holder`'s region blocks hold)."""
    block = _block_of(op)
    for index, region in enumerate(holder.regions):
        if any(block == other for other in region.blocks):
            return index
    return None


def _block_of(op: ir.Operation) -> ir.Block | None:
    # By `parent` first: the bindings abort on `block` of an op no block holds.
    return op.block if op.parent is not None else None


def _in_entry(op: ir.Operation, parent: ir.Operation, index: int) -> bool:
    """Whether `op` is in the entry block of `parent`'s region `index`."""
    regions = parent.regions
    return index < len(regions) and len(regions[index].blocks) > 0 and \
        _block_of(op) == regions[index].blocks[0]


def _in_entry_of_any(op: ir.Operation, parent: ir.Operation) -> bool:
    return any(_in_entry(op, parent, index) for index in range(len(parent.regions)))


def _dominating_blocks(op: ir.Operation) -> set[ir.Block]:
    """The blocks whose ops before `op` (in pre-order) surely ran when `op` runs: the
    block of `op` and of each op around it, and the entry block of each region on the
    way (a branch to another block leaves the entry block at its end)."""
    found: set[ir.Block] = set()
    at = op
    while at.parent is not None:
        block = at.block
        found.add(block)
        found.add(block.region.blocks[0])
        at = at.parent.operation
    return found


def walked(ops: Sequence[ir.Operation], facts: ReadFacts) -> _Walk:
    """The walk of `ops` `unwritten_reads` and `narrower_sources` read, made once."""
    return _walked(ops, facts)


def _walked(ops: Sequence[ir.Operation], facts: ReadFacts,
            fresh_arguments: bool = False) -> _Walk:
    walk = _Walk(facts, fresh_arguments)
    for op in ops:
        walk.op(op)
    return walk


def argument_access(function: ir.Operation, facts: ReadFacts) -> ArgumentAccess:
    """The tile arguments of `function` it may read before writing them (by the same
    rule, its arguments taken for fresh tiles: a caller must write them before the call),
    and those it may write. Where the function holds a pointer into local memory, as in
    `unwritten_reads`: raw ops may write every tile through it first (not followed), so
    none is read first and every one may be written."""
    ops = [function, *nested_ops(function)]
    walk = _walked(ops, facts, fresh_arguments=True)
    tiles = [a for a in function.regions[0].blocks[0].arguments if _is_local_tile(a.type)]
    if walk.pointed:
        every = frozenset(a.arg_number for a in tiles)
        return ArgumentAccess(frozenset(), every, every)
    read: set[ir.Value] = set()
    unwritten_reads(ops, facts, walk, read)
    classes = walk.classes
    written = {classes.find(value) for value, _ in walk.written}
    numbers = {a: a.arg_number for a in tiles}
    return ArgumentAccess(frozenset(numbers[a] for a in tiles if classes.find(a) in read),
                          frozenset(numbers[a] for a in tiles if classes.find(a) in written),
                          _covered_arguments(function, ops, facts, walk, tiles))


def _covered_arguments(function: ir.Operation, ops: Sequence[ir.Operation], facts: ReadFacts,
                       walk: _Walk, tiles: Sequence[ir.BlockArgument]) -> frozenset[int]:
    """The tile arguments of `function` its writes surely cover at each of its
    func.returns: a read of every one there, by the rule, is refused for none of them
    (found by red team: a helper loading the top rows of its argument counted as a write
    of all of it, and its caller stored the bottom rows from stale UB)."""
    walk.reads = [(op, tile, position) for position, op in enumerate(ops)
                  if op.name == op_names.FUNC_RETURN and parent_op(op) == function
                  for tile in tiles]
    short: set[ir.Value] = set()
    unwritten_reads(ops, facts, walk, short)
    classes = walk.classes
    return frozenset(a.arg_number for a in tiles if classes.find(a) not in short)


def runs_again(op: ir.Operation) -> bool:
    """Whether the region holding `op` may run again after `op` (the ops before it in its
    block then run after it): its op is no `RUNS_ONCE` one (scf.for, scf.while, an op
    nzpass does not know), or it has several blocks, whose branches may go back."""
    parent = op.parent
    if parent is None:
        return False
    return parent.operation.name not in RUNS_ONCE or len(op.block.region.blocks) > 1


def _repeating_ancestors(op: ir.Operation) -> set[ir.Operation]:
    """The ops around `op` that may run the region holding it more than once
    (`runs_again`)."""
    found = set()
    while (parent := op.parent) is not None:
        if runs_again(op):
            found.add(parent.operation)
        op = parent.operation
    return found


def _ancestors(op: ir.Operation) -> set[ir.Operation]:
    found = set()
    while (parent := op.parent) is not None:
        op = parent.operation
        found.add(op)
    return found


def _refusal(op: ir.Operation, value: ir.Value, tile: ir.Value) -> Refusal:
    # (a function's argument is fresh for `argument_access`: its function names it)
    maker = tile.owner.operation if isinstance(tile, ir.OpResult) else \
        typing.cast(ir.Block, tile.owner).owner
    loc = _memory_of(value.type) or _memory_of(tile.type) or "?"
    memory = MEMORY_NAMES.get(loc, loc)
    return Refusal(op.location, f"'{op.name}' reads a tile (loc={loc}) that nothing in its "
                   f"function writes (the '{maker.name}' at {line_and_column(maker.location)}): "
                   "no op writes it, a view of it or a tile placed over its bytes, and it is "
                   f"no argument or popped tile, so the read moves what {memory} held before "
                   "as data; write the tile first (a pto.tload, a move, a compute op or a mad "
                   "into it)")


def _early_read(op: ir.Operation, value: ir.Value, writer: ir.Operation) -> Refusal:
    loc, memory = _memory_named(value)
    return Refusal(op.location, f"'{op.name}' reads a tile (loc={loc}) before anything in "
                   f"its function writes it (its first write is the '{writer.name}' at "
                   f"{line_and_column(writer.location)}, not before the read, and no loop "
                   f"around both runs it first), so the read moves what {memory} held "
                   "before as data; write the tile before the read")


def _unsure_read(op: ir.Operation, value: ir.Value, writer: ir.Operation,
                 skipper: ir.Operation | None) -> Refusal:
    loc, memory = _memory_named(value)
    around = f"the '{skipper.name}' at {line_and_column(skipper.location)}" \
        if skipper is not None else "an op"
    return Refusal(op.location, f"'{op.name}' reads a tile (loc={loc}) that no write before "
                   f"it surely writes (its first write, the '{writer.name}' at "
                   f"{line_and_column(writer.location)}, is inside {around}, which may "
                   "complete without running it: a loop that may run no iteration, one "
                   "branch or case of several), so on that path the read moves what "
                   f"{memory} held before as data; write the tile on every path to the read "
                   "(in every branch, or in a loop of constant bounds that runs)")


def _partial_read(op: ir.Operation, value: ir.Value, writer: ir.Operation, written: str,
                  taken: str) -> Refusal:
    loc, memory = _memory_named(value)
    return Refusal(op.location, f"'{op.name}' reads bytes of a tile (loc={loc}) that no write "
                   f"before it is proved to cover: it takes {taken}, and the "
                   f"'{writer.name}' at {line_and_column(writer.location)} writes "
                   f"{written} (a window of the tile, or part of its destination), so the "
                   f"read moves what {memory} held before as data in the rest; write every "
                   "byte the read takes first (a load or a move into the whole tile)")


def _memory_named(value: ir.Value) -> tuple[str, str]:
    """The `loc` of a tile's memory as its type spells it, and the memory's name."""
    loc = _memory_of(value.type) or "?"
    return loc, MEMORY_NAMES.get(loc, loc)


def _memory_of(type_: ir.Type) -> str | None:
    if isinstance(type_, ir.MemRefType):
        return memref_layout.address_space(type_)
    buf = _buf_of(type_)
    return buf.loc if buf is not None else None


def _vec_tile_shape(type_: ir.Type) -> tuple[int, int] | None:
    """A Vec tile's rows and columns; None for any other type (the cube's moves and mads
    read their operands by their own extents)."""
    buf = _buf_of(type_)
    return (buf.rows, buf.cols) if buf is not None and buf.loc == "vec" else None


def _buf_of(type_: ir.Type) -> pto.TileBuf | None:
    try:
        return pto.tile_buf(type_)
    except OpaqueSyntaxError:
        return None


def _is_local_tile(type_: ir.Type) -> bool:
    """A tile, or a memref in a local memory (the memref form's tile: PTOAS's
    isGlobalMemRef is false)."""
    if isinstance(type_, ir.MemRefType):
        return not memref_layout.is_global(type_)
    return pto.is_tile_type(type_)


def _pointer_space(type_: ir.Type) -> str | None:
    try:
        return pto.ptr_space(type_)
    except OpaqueSyntaxError:
        return None
