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

Order: a read must also come after a write of its class, or share a loop with one. A read
whose every writer comes later in the function (in pre-order: a `pto.tstore` of an Acc tile
above the mad that fills it) reads the stale bytes too, unless a loop around both runs the
writer in an earlier iteration (`_repeating_ancestors`: any region op but the ones that
run their region at most once, and any region of several blocks, whose branches may go
back). Writers are not proved to run (a write in one branch of an scf.if counts for a read
after the scf.if, and the first iteration of a loop writing after it reads is taken as
written): order is proved only where no control flow could reorder it. The tiles placed
over a written one and those of a function holding a local pointer are taken as written
before every read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ..dialects import pto
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.pto_table import METADATA_OPS, READ_AND_WRITTEN_BY_OP, reads_group, written_groups
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import block_arguments, line_and_column
from ..records import record
from . import memref_layout
from .limits import MEMORY_NAMES
from .valid_region import aliases_through_use

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
# The region ops that run their regions at most once, in order: a write inside them later
# in the function cannot reach a read earlier in it. Every other region op (scf.for,
# scf.while, an op nzpass does not know) may run a region again.
_RUNS_ONCE = frozenset((op_names.FUNC_FUNC, op_names.BUILTIN_MODULE, op_names.SCF_IF,
                        op_names.SCF_INDEX_SWITCH, op_names.SCF_EXECUTE_REGION))


@record
class ReadFacts(NamedTuple):
    """What the rule asks of the verifier: an op's operand groups by the op table (None
    for an op it does not define; raises MalformedOp for a malformed one), and the tiles
    of other allocs placed over some of a tile's bytes."""

    read_groups: Callable[[ir.Operation], pto.PtoOp | None]
    placed_over: Callable[[ir.Value], list[ir.Value]]


class _Access(NamedTuple):
    """How an op of the op table touches its tiles: the values it writes, those it reads,
    and whether its tiles are one buffer (its tile results views of its tile operands, or
    `_BINDS`)."""

    writes: list[ir.Value]
    reads: list[ir.Value]
    view: bool
    escapes: bool  # hands a tile on as an address


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
        return _Access([], [], True, False)
    writes = [v for group, values in tiles.items() if group in written for v in values]
    taken = any(tiles.values())
    is_view = taken and not any(g in written_groups(name) for g, v in tiles.items() if v) \
        and bool(tile_results)
    escapes = taken and any(pto.is_address_type(r.type) for r in op.results)
    scratch = _SCRATCH_BUT_SCALING.get(name)
    reads = [] if is_view or escapes or name in METADATA_OPS else [
        v for group, values in tiles.items() if reads_group(name, group)
        for v in values if group != scratch or _memory_of(v.type) == "scaling"]
    return _Access(writes, reads, is_view, escapes)


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
    tiles and the reads."""

    def __init__(self, facts: ReadFacts):
        self.facts = facts
        self.classes = _Classes()
        # The tiles written, each with the position (in the walk's order) of its writer.
        self.written: list[tuple[ir.Value, int]] = []
        self.fresh: list[ir.Value] = []
        self.reads: list[tuple[ir.Operation, ir.Value, int]] = []
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
        if name != op_names.SCF_FOR:
            self._write(a for a in arguments if kind(a.type) == _TILE)
        self._note_pointers([*arguments, *op.results])
        operands = [(n, v) for n, v in enumerate(op.operands) if kind(v.type) == _TILE]
        results = [r for r in op.results if kind(r.type) == _TILE]
        if not operands and not results:
            return
        if name in FRESH_TILE_MAKERS:
            self.fresh.extend(results)
            return
        if name in _FLOWS or name == op_names.SCF_IF:
            self._flow(op, operands)
            return
        if name in _MEMREF_VIEWS:
            self._one_buffer(results, operands)
            return
        access = self._table_access(op, {v for _, v in operands}, results) \
            if name.startswith(pto.OP_PREFIX) else None
        if access is None:  # an op nzpass does not know may write every tile it takes
            self._write(v for _, v in operands)
            self._write(results)
            return
        if access.view:
            self._one_buffer(results, operands)
            return
        self._write(access.writes)
        self._write(results)  # a tile the op makes: its own write
        if access.escapes:
            self._write(v for _, v in operands)
        self.reads.extend((op, value, self.position) for value in access.reads)

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
        if op.name == op_names.SCF_YIELD:
            parent = op.parent
            if parent is None or parent.operation.name not in _FOLLOWED_PARENTS:
                self._write(v for _, v in operands)
                return
        for number, value in operands:
            if op.name == op_names.SCF_FOR and number < _FOR_BOUNDS:
                continue
            self.classes.union(value, aliases_through_use(op, number))

    def _table_access(self, op: ir.Operation, tile_operands: set[ir.Value],
                      tile_results: Sequence[ir.Value]) -> _Access | None:
        try:
            view = self.facts.read_groups(op)
        except MalformedOp:
            return None  # its own check reports it
        return _access(op, view, tile_operands, tile_results) if view is not None else None


def unwritten_reads(ops: Sequence[ir.Operation], facts: ReadFacts) -> list[Refusal]:
    """A refusal for the first read (in `ops`' order: a top-level op and every op inside
    it, in pre-order) of each class of tiles that nothing in `ops` may write, or that
    nothing may write before it (the module's docstring: "Order")."""
    walk = _Walk(facts)
    for op in ops:
        walk.op(op)
    classes = walk.classes
    writers: dict[ir.Value, list[int]] = {}
    for value, position in walk.written:
        writers.setdefault(classes.find(value), []).append(position)
    # A pointer into local memory (a pto.castptr of an address, an argument) may write any
    # tile through raw ops (pto.mte_*, whose mx forms write the scale areas the scaling tiles
    # of pto.tmatmul.mx name): not followed, so every tile is taken for written.
    if walk.pointed:
        return []
    # A tile placed over the bytes of a written one reads that one's data (the overlap
    # rule and the Acc rules judge it): taken for written, before every read.
    for tile in walk.fresh:
        root = classes.find(tile)
        if root not in writers and any(classes.find(other) in writers
                                       for other in facts.placed_over(tile)):
            writers[root] = [-1]
    # Each class's fresh tiles in walk order: the first is the one a refusal names.
    fresh_of: dict[ir.Value, list[ir.Value]] = {}
    for tile in walk.fresh:
        fresh_of.setdefault(classes.find(tile), []).append(tile)
    refusals = []
    judged: set[ir.Value] = set()  # one root cause, one error
    for op, value, position in walk.reads:
        root = classes.find(value)
        if root in judged or root not in fresh_of:
            continue  # a class with no fresh tile holds data its maker wrote
        found = writers.get(root)
        if found is None:
            judged.add(root)
            refusals.append(_refusal(op, value, fresh_of[root][0]))
        elif min(found) >= position and not _written_in_a_loop(op, ops, found) and not any(
                classes.find(other) in writers
                for tile in fresh_of[root] for other in facts.placed_over(tile)):
            # (a tile placed over a written one, PyPTO's re-declaration of an Acc tile at
            # the bytes an earlier mad wrote, holds that one's data: before every read)
            judged.add(root)
            refusals.append(_early_read(op, value, ops[min(found)]))
    return refusals


def _written_in_a_loop(read: ir.Operation, ops: Sequence[ir.Operation],
                       writers: list[int]) -> bool:
    """Whether a loop around the read (`_repeating_ancestors`) holds one of the writers
    (positions in `ops`), which may run in an iteration before the read's."""
    loops = _repeating_ancestors(read)
    return bool(loops) and any(loops & _ancestors(ops[position]) for position in writers)


def _repeating_ancestors(op: ir.Operation) -> set[ir.Operation]:
    """The ops around `op` that may run the region holding it more than once: a region op
    but the `_RUNS_ONCE` ones, or one whose region holding `op` has several blocks (a
    branch may go back)."""
    found = set()
    # By `parent` first: the bindings abort on `block` of an op no block holds.
    while (parent := op.parent) is not None:
        parent = parent.operation
        if parent.name not in _RUNS_ONCE or len(op.block.region.blocks) > 1:
            found.add(parent)
        op = parent
    return found


def _ancestors(op: ir.Operation) -> set[ir.Operation]:
    found = set()
    while (parent := op.parent) is not None:
        op = parent.operation
        found.add(op)
    return found


def _refusal(op: ir.Operation, value: ir.Value, tile: ir.Value) -> Refusal:
    maker = tile.owner.operation
    loc = _memory_of(value.type) or _memory_of(tile.type) or "?"
    memory = MEMORY_NAMES.get(loc, loc)
    return Refusal(op.location, f"'{op.name}' reads a tile (loc={loc}) that nothing in its "
                   f"function writes (the '{maker.name}' at {line_and_column(maker.location)}): "
                   "no op writes it, a view of it or a tile placed over its bytes, and it is "
                   f"no argument or popped tile, so the read moves what {memory} held before "
                   "as data; write the tile first (a pto.tload, a move, a compute op or a mad "
                   "into it)")


def _early_read(op: ir.Operation, value: ir.Value, writer: ir.Operation) -> Refusal:
    loc = _memory_of(value.type) or "?"
    memory = MEMORY_NAMES.get(loc, loc)
    return Refusal(op.location, f"'{op.name}' reads a tile (loc={loc}) before anything in "
                   f"its function writes it (its first write is the '{writer.name}' at "
                   f"{line_and_column(writer.location)}, not before the read, and no loop "
                   f"around both runs it first), so the read moves what {memory} held "
                   "before as data; write the tile before the read")


def _memory_of(type_: ir.Type) -> str | None:
    if isinstance(type_, ir.MemRefType):
        return memref_layout.address_space(type_)
    try:
        buf = pto.tile_buf(type_)
    except OpaqueSyntaxError:
        return None
    return buf.loc if buf is not None else None


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
