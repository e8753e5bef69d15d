"""verify-pto-nz: re-prove on the final pto IR every NZ rule of PTOAS 0.61 and every
hazard of the A2/A3 hardware model, whatever produced the IR."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from math import prod
from typing import ClassVar, NamedTuple, Protocol, TypeVar

from ..dialects import pl, pto
from ..dialects.opaque import OpaqueSyntaxError, show_dims, show_extent
from ..dialects.opaque_errors import opaque_refusal
from ..dialects.pto_table import (
    ACCUMULATOR_INPUT,
    EXPLICIT_MADS,
    GEMV_OPS,
    LOCAL_MEMORY_OPS,
    METADATA_OPS,
    PIPE_PUSHES,
    TILE_MADS,
    TILE_RELABELS,
    reads_group,
    written_groups,
)
from ..driver.diagnostics import DiagnosticEngine
from ..driver.pass_base import ModulePass, in_source_order, option
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.arith import integer_value
from ..ir.bindings import ir
from ..ir.walk import (
    function_of,
    function_of_argument,
    functions,
    line_and_column,
    nested_ops,
    parent_op,
    qualified_name,
    symbol_scope,
    value_location,
)
from ..nz import (
    base_pointers,
    escapes,
    hazards,
    limits,
    memref_layout,
    tile_overlap,
    tile_writes,
)
from ..nz.acc_store import ACC_BOX, check_acc_store_backend
from ..nz.call_facts import referenced_function, unproved_calls
from ..nz.consistency import MATMUL_ROLES, check_matmul_result
from ..nz.hazards import GmWindow, TileRegion
from ..nz.intervals import INDEX_WIDTH, Fact
from ..nz.intervals import add as interval_add
from ..nz.layout import C0_BYTES, FRACTAL_ROWS, NzLayoutError, c0_for_bit_width
from ..nz.nd_window import (
    BURSTS,
    check_nd_bursts_match,
    check_nd_load_writes_valid,
    check_nd_valid_inside,
    check_nd_window_fits_tile,
    check_nd_window_inside,
    nd_valid_extents_moved,
    size_fact,
)
from ..nz.nd_window import Extent as NdExtent
from ..nz.nd_window import Size as NdSize
from ..nz.offsets import (
    OffsetAnalysis,
    constant_value,
    linear_form,
    max_proof_depth_option,
    provable_forms_once,
    slack_below,
    unchanging_ir,
)
from ..nz.tensor_types import element_bit_width
from ..nz.tile_overlap import PlacedTile, check_no_clobbered_reads, check_planned_across_calls
from ..nz.tile_placement import (
    UNFOLLOWED_PLACEMENTS,
    CallAccess,
    Placement,
    ReservedBuffer,
    check_no_memory_across_calls,
    check_no_tile_passed,
    check_placed_or_planned,
    check_reserved_buffers,
    check_unfollowed_alone,
    clobbering_call,
    memory_taking_functions,
    planned_memref,
)
from ..nz.tile_rules import (
    TILE_WINDOWS,
    boxed_operands_taken,
    check_boxed_not_row_plus_one,
    check_extract_index_on_boxes,
    check_relabel_keeps_box_order,
    check_reshape_keeps_boxed_shape,
    check_slot_in_range,
    check_tile_fits,
    check_tile_layout,
    check_unknown_op_on_boxed,
    check_unmodelled_boxed_write,
    check_window_inside,
    check_window_on_boxes,
    multi_tile_slots,
    tile_bytes,
    tile_element_bytes,
)
from ..nz.valid_region import (
    ValidExtent,
    ValidRegion,
    aliases_through_use,
    flow_sources,
    keeps_its_name,
    valid_region,
)
from ..nz.view_layout import view_layout
from ..nz.window import WindowProofs
from ..records import record

NZ_RANK = 5
# The ops that make a tile, whose layout and memory are checked where it is made.
_TILE_MAKERS = frozenset((pto.AllocTile.NAME, *pl.FRESH_TILE_OPS))
# The tiles made outside pto.alloc_tile and the pl ops: a declared tile handle, the tile
# pto.tassign binds to an address, a multi-buffer (tile_placement.UNFOLLOWED_PLACEMENTS).
_UNFOLLOWED_TILES = UNFOLLOWED_PLACEMENTS | {pto.DECLARE_TILE}
# pto.tstore_fp: TSTORE_FP(dst, src, fp), pto-isa's TSTORE_IMPL with a vector-quant tile
# (TStoreAccFp, as TStoreAccNz2nd: the Acc tile's valid region at its pitch), PTOAS's other
# spelling of `pto.tstore ... fp`; its GM operand is its third.
_TSTORE_FP = "pto.tstore_fp"
# The transfers between GM and a tile, and the operand that is their GM side.
_GM_TRANSFERS = {pto.TLoad.NAME: 0, pto.TStore.NAME: 1, _TSTORE_FP: 2}
# The moves of a Mat or Acc tile into another local tile (pto-isa's TEXTRACT, TMOV and
# TINSERT, with or without a vector-quant tile): `_check_cube_move`.
_CUBE_MOVES = frozenset(("pto.textract", "pto.textract_fp", "pto.tmov", "pto.tmov.fp",
                         "pto.tinsert", "pto.tinsert_fp"))
# The mx (microscaling) tile mads: A5 instructions whose operand reads the model does
# not describe (`_check_operand_pitches`).
_MX_MADS = frozenset(name for name in TILE_MADS if ".mx" in name)
_UNREALIZED_CAST = op_names.BUILTIN_UNREALIZED_CONVERSION_CAST
_CHECKED_OPS = frozenset((pto.MakeTensorView.NAME, pto.PartitionView.NAME, *_GM_TRANSFERS,
                          *_TILE_MAKERS, *TILE_WINDOWS, *_UNFOLLOWED_TILES, *TILE_MADS,
                          *_CUBE_MOVES, _UNREALIZED_CAST, pto.SET_VALIDSHAPE,
                          *PIPE_PUSHES, pto.MULTI_TILE_GET, *TILE_RELABELS))
_REFERENCES = frozenset((op_names.FUNC_CALL, op_names.FUNC_CONSTANT))
# The ops whose effect on a boxed (NZ) tile the rules here model, or follow as a
# producer's contract (a pop, the A5 scale address of a cube tile), and the scf ops the
# flows follow: any other op writing a boxed tile a move, mad or store then reads is
# refused (`check_unmodelled_writes`). pto.tile_buf_addr hands the tile to raw pointer
# ops (PTOAS's level-3 path), which tile_writes takes for writes of any tile. An
# unrealized cast that changes a boxed tile's type is none of them: it hands its bytes to
# ops of another type (a memref.store) no rule follows.
_FOLLOWED_ON_BOXED = frozenset((*(_CHECKED_OPS - {_UNREALIZED_CAST}), *EXPLICIT_MADS,
                                *METADATA_OPS, "pto.tpop",
                                "pto.tget_scale_addr", "pto.tile_buf_addr",
                                op_names.SCF_FOR, op_names.SCF_IF, op_names.SCF_YIELD,
                                op_names.FUNC_RETURN))
# The ops that read a tile's bytes as the data the rules here prove: the moves, mads,
# GM stores and pushes (in a group `pto_table.reads_group` names).
_BOXED_READERS = frozenset((*_CUBE_MOVES, *TILE_MADS, *EXPLICIT_MADS, pto.TStore.NAME,
                            _TSTORE_FP, *PIPE_PUSHES))
# How many relabels of relabels a read is followed back through (a chain longer than any
# real kernel's is its producer's contract past it).
_RELABEL_DEPTH = 8
# Local memory beside alloc_tile's tiles and reserve_buffer's regions: a call of a function
# taking memory may write over it (tile_placement.check_no_memory_across_calls).
_OTHER_LOCAL_MEMORY = LOCAL_MEMORY_OPS - {pto.AllocTile.NAME, pto.RESERVE_BUFFER}
Extent = int | None
_PtoOpT = TypeVar("_PtoOpT", bound=pto.PtoOp)
_ViewT = TypeVar("_ViewT")


class _ViewReader(Protocol):
    """`_Checker._read_op`: an op's view, built once per op."""

    def __call__(self, cls: type[_PtoOpT], op: ir.Operation) -> _PtoOpT: ...


class VerifyPtoNz(ModulePass):
    """Check every NZ tensor view of pto IR and every op that reads or writes one;
    the IR is left unchanged. Translation validation: it trusts no pass before it.

    The PTOAS 0.61 rules (docs/ir.md section 2): `pto.make_tensor_view` with
    `layout = #pto.layout<nz>` (or an NZ result type) is rank 5, shaped
    `[B, C/c0, R/16, 16, c0]` with strides `[>= C/c0 * S1, >= R/16 * 16*c0, 16*c0, c0, 1]`
    (S0 and S1 multiples of c0), B > 0, over a pointer of its own element type;
    a `pto.partition_view` of it is rank 5 with offsets `[.., .., .., 0, 0]` and
    sizes `[.., .., .., 16, c0]`. Those values must be `arith.constant`s, as
    PTOAS requires; the types must agree with the operands.

    The hazards of the hardware model (docs/hardware-model.md (c), (d)), proved with
    the offset analysis for every value an offset, size or valid extent can take
    (loops, block indices, declared argument facts): partitions inside the view
    on every axis; `pto.tload` of an NZ view only NZ->NZ into a Mat tile of the
    view's element type, within the load's field widths and, when it spans more
    than one column block, with a GM gap that fits 16 bits (pto-isa#317);
    `pto.tstore` into an NZ view only from an FP32 Acc tile into an FP32 view,
    within the TSTORE limits and L0C, writing exactly its partition (whole rows,
    column-block pitch = partition height); the tile's valid region equal to the
    window (16 * sizes[2] rows, sizes[0] * sizes[1] * c0 columns). A view or a
    tile whose facts the pass cannot resolve (a function argument, an unknown
    producer, a dynamic valid extent from elsewhere) is refused, and so is an NZ
    view or partition that flows anywhere but into the partition_view, tload or
    tstore that reads it (nz/escapes.py): past a yield, a call or an unmodelled
    op, a partition's type no longer says NZ and its transfer would look ND.

      %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1)
          {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} ...
    is refused with
      'pto.make_tensor_view' op user-specified layout=nz requires a rank-5 view, got rank 2
    """

    name: ClassVar[str] = "verify-pto-nz"
    summary: ClassVar[str] = "Check pto NZ views, partitions, loads and Acc stores (no rewrite)"

    max_proof_depth: int = max_proof_depth_option()
    strict_bounds: bool = option(False, "refuse (instead of warning about) a partition that "
                                 "no bound proves inside a view of dynamic extent")

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        checker = _Checker(module, self.strict_bounds)
        checker.refusals.extend(unproved_calls(module, self.max_proof_depth))
        # One top-level op (a function) at a time, so what is read about its
        # ops is dropped before the next: memory stays that of one function.
        for top in module.regions[0].blocks[0].operations:
            top = top.operation
            ops = [top, *nested_ops(top)]
            names = [op.name for op in ops]  # one read per op
            checker.begin(OffsetAnalysis(self.max_proof_depth),
                          any(name.startswith(pl.OP_PREFIX) for name in names),
                          pto.SET_VALIDSHAPE in names)
            with unchanging_ir():  # the pass never changes the IR
                for op, name in zip(ops, names, strict=True):
                    if name in _CHECKED_OPS:
                        checker.check(op)
                    elif name in _REFERENCES:
                        checker.note_reference(op)
                    elif name == op_names.FUNC_CALL_INDIRECT:
                        checker.note_call(op)
                    elif name == pto.RESERVE_BUFFER:
                        checker.note_reserved(op)
                    elif name in _OTHER_LOCAL_MEMORY:
                        checker.note_memory(op)
                    elif name.startswith(pl.OP_PREFIX):  # a pl op kept by pl-to-pto
                        checker.check_pl_tiles(op)
                checker.check_tiles_written(ops)
                checker.check_unmodelled_writes(ops, names)
                checker.check_placements()
                # Once its views are checked: which uses of its pointers are NZ views.
                for op, name in zip(ops, names, strict=True):
                    if name == op_names.FUNC_FUNC:
                        checker.bases.note_function(op, checker.is_nz_view)
            checker.forget_ops()
        checker.refusals.extend(checker.bases.refusals())
        for warning in in_source_order(checker.warnings):
            diagnostics.warning(warning.location, warning.message, warning.notes)
        # provable_forms_once sorts and keeps each refusal once: a malformed op is found
        # both by its own check and by the check of the NZ value it uses.
        for refusal in provable_forms_once(checker.refusals):
            diagnostics.error(refusal.location, refusal.message, refusal.notes)


def _blocking_hint(pl_derived: bool) -> str:
    """The fix-it for an unblocked NZ coordinate, for the input at hand: pto IR
    holding pl ops was lowered from pl (blocked by block-nz-tensor-views);
    plain pto IR is blocked by pto-block-nz-views."""
    if pl_derived:
        return ("block-nz-tensor-views blocks the NZ tensors of pl IR: run it before "
                "convert-pl-to-pto, as the pl-to-pto pipeline does")
    return ("pto-block-nz-views blocks logical NZ views written in pto IR: run it before "
            "verify-pto-nz")


# ---------------------------------------------------------------- facts the rules read


@record
class _NzView(NamedTuple):
    """An NZ make_tensor_view that passed its own rules: its extents and strides as
    facts (a stride is a constant, or proved the row-major product of a dynamic
    extent) and its shape operands."""

    element: str
    c0: int
    extents: tuple[Fact, ...]
    strides: tuple[Fact, ...]
    shape_values: tuple[ir.Value, ...]
    stride_values: tuple[ir.Value, ...]
    base: tuple[str, int]  # the function and the index of the pointer argument it views

    def geometry(self) -> base_pointers.Geometry:
        """What the view says of its tensor's byte order, for comparing with the other
        views of the same base (nz/base_pointers.py)."""
        def extent(fact: Fact, value: ir.Value) -> base_pointers.Extent:
            return value if fact.constant is None else fact.constant
        dims = tuple(map(extent, self.extents, self.shape_values))
        strides = tuple(map(extent, self.strides, self.stride_values))
        return base_pointers.Geometry(self.element, (*dims[1:], strides[1]), strides[0],
                                      self.extents[0].constant == 1)


@record
class _UnresolvedView(NamedTuple):
    """An NZ view whose shape and strides this pass cannot see (a function argument,
    an unknown producer): its partitions' own rules are checked, its transfers refused."""

    element: str
    c0: int
    origin: str


# A view or partition that is NZ but was refused: its users are not checked again
# (one root cause, one error).
_REFUSED = object()
_UNCHECKED = object()  # a memo's "not checked yet" (None is an answer: not NZ)


@record
class _ViewFacts(NamedTuple):
    loc: ir.Location
    element: str
    c0: int
    shape: tuple[Extent, ...]
    strides: tuple[Extent, ...]
    hint: str
    shape_values: tuple[ir.Value, ...]
    stride_values: tuple[ir.Value, ...]
    analysis: OffsetAnalysis


@record
class _PartitionFacts(NamedTuple):
    loc: ir.Location
    c0: int
    offsets: tuple[Extent, ...]
    sizes: tuple[Extent, ...]
    result_rank: int | None
    hint: str


@record
class _Transfer(NamedTuple):
    """A tload or tstore between an NZ window and a tile, resolved to facts."""

    loc: ir.Location
    window: GmWindow
    tile: TileRegion
    backend: str
    analysis: OffsetAnalysis


# ---------------------------------------------------------------- the walk


class _Checker:
    def __init__(self, module: ir.Operation, strict_bounds: bool):
        self.reader = pto.ATTRIBUTE_READER
        self.strict_bounds = strict_bounds
        self.refusals: list[Refusal] = []
        self.warnings: list[Refusal] = []
        self.views: dict[ir.Operation, object] = {}
        self.windows: dict[ir.Operation, object] = {}
        # The refused ones among them, kept when the others are dropped.
        self._refused_windows: dict[ir.Operation, object] = {}
        self._attrs: dict[ir.Operation, dict[str, ir.Attribute]] = {}
        # (reader, op) -> the view `_read_op` built, or the MalformedOp it raised.
        self._read: dict[tuple[Callable, ir.Operation], object] = {}
        # Tiles (allocations, pl ops making one) refused for their layout or memory: their
        # transfers are not checked again.
        self._refused_allocs: set[ir.Operation] = set()
        # The tile types whose layout and size (at no given address) passed: a pure
        # function of the type, checked once.
        self._good_tiles: set[pto.TileBuf] = set()
        # The tiles of the current top-level op placed at constant addresses, those left
        # to the planner, the other local memory it takes, and its calls (one of a
        # function that takes local memory may write over any of them).
        self._placed: list[PlacedTile] = []
        self._planned: dict[str, ir.Operation] = {}  # memory -> its first unplaced alloc
        self._planned_tiles: list[PlacedTile] = []
        self._other_memory: list[ir.Operation] = []
        self._reserved: list[ReservedBuffer] = []
        self._calls: list[ir.Operation] = []
        # By function: its ops placing tiles at addresses (`_placements`).
        self._placing: dict[ir.Operation, list[Placement]] = {}
        # By function: its alloc tiles at constant bytes and those bytes (`_placed_tiles`).
        self._placed_at: dict[ir.Operation, list[tuple[ir.Value, tuple[str, int, int]]]] = {}
        # (op, tile) -> the tile's valid region at the mad `op` (`_operand_region`): the
        # pl matmul's result rule and the Acc store's rule read the same ones.
        self._mad_regions: dict[tuple[ir.Operation, ir.Value], ValidRegion] = {}
        self.module = module
        self._taking: frozenset[str] | None = None  # read where a call meets a tile
        self._call_access: CallAccess | None = None  # read at the first function
        # By function name: its entry block and its calls (`_function_table`).
        self._functions: dict[str, tuple[ir.Block | None, list[ir.Operation]]] | None = None
        self.analysis = OffsetAnalysis()
        # What the value can be at run time: the current analysis's, called directly.
        self.fact: Callable[[ir.Value], Fact] = self.analysis.fact
        # The ND windows' proofs: the same analysis, its unbounded windows warned about.
        self.proofs = WindowProofs(self.analysis, strict_bounds, self.warnings)
        self.pl_derived = False
        self.sets_valid_shapes = True  # until `begin` reads the op's names
        self.backend = pl.module_backend_or_default(module, self.refusals)
        unstated = pl.target_unstated_for_ptoas(module)
        if unstated is not None:
            self.refusals.append(unstated)
        # The pointers NZ views are of, and every other use of them.
        self.bases = base_pointers.BasePointers()

    def begin(self, analysis: OffsetAnalysis, pl_derived: bool, sets_valid_shapes: bool
              ) -> None:
        """Start a top-level op: its own analysis memo, the provenance of its IR and
        whether it holds a pto.set_validshape."""
        self.analysis = analysis
        self.fact = analysis.fact
        self.proofs = WindowProofs(analysis, self.strict_bounds, self.warnings)
        self.pl_derived = pl_derived
        self.sets_valid_shapes = sets_valid_shapes

    def _guard(self, check: Callable[[], object]) -> object:
        try:
            return check()
        except Refusal as refusal:
            self.refusals.append(refusal)
            return _REFUSED

    def forget_ops(self) -> None:
        """Drop what was read about ops (but not which views were refused:
        one root cause, one error, however far its users are)."""
        self._attrs.clear()
        self._read.clear()
        self._refused_allocs.clear()
        self._placing.clear()
        self._placed_at.clear()
        self.windows = self._refused_windows.copy()
        self.analysis = OffsetAnalysis()
        self.fact = self.analysis.fact
        self.proofs = WindowProofs(self.analysis, self.strict_bounds, self.warnings)

    def attrs(self, op: ir.Operation) -> dict[str, ir.Attribute]:
        """The op's attributes as PTOAS reads them (`pto.ATTRIBUTE_READER`: its
        dictionary, and each its definition gives it, a property too), read once per op."""
        if op not in self._attrs:
            self._attrs[op] = self.reader.attributes(op)
        return self._attrs[op]

    def note_reference(self, op: ir.Operation) -> None:
        """A func.call or func.constant: where the module references which function."""
        self.note_call(op)
        name = referenced_function(op)
        if name is not None:
            self.bases.note_reference(op, name)

    def note_reserved(self, op: ir.Operation) -> None:
        """A pto.reserve_buffer: its memory, its base (None: PTOAS places it, or an
        attribute that does not read as one) and its size."""
        attrs = self.attrs(op)
        location, size, auto = (attrs.get(key) for key in ("location", "size", "autoAlloc"))
        loc = memref_layout.space_named(location)
        base = integer_value(attrs["base"]) if "base" in attrs else None
        manual = isinstance(auto, ir.BoolAttr) and not auto.value
        extent = integer_value(size) if size is not None else None
        # A region of no size read is not known: taken for one PTOAS places.
        known = manual and extent is not None
        self._reserved.append(ReservedBuffer(op, loc, base if known else None, extent or 0))

    def note_call(self, op: ir.Operation) -> None:
        """A call: one of a function that takes local memory may write over this one's."""
        if op.name != op_names.FUNC_CONSTANT:
            self._calls.append(op)

    def note_memory(self, op: ir.Operation) -> None:
        """Local memory of the function that is not a `pto.alloc_tile`'s tile (pipe slots,
        multi-buffers, memrefs): compared with the calls the function makes; a local
        memref.alloc / memref.alloca is also memory PTOAS's planner places
        (tile_placement.planned_memref)."""
        self._other_memory.append(op)
        loc = planned_memref(op)
        if loc is not None:
            self._planned.setdefault(loc, op)

    def _clobbering_calls(self, calls: list[ir.Operation]) -> list[ir.Operation]:
        if self._taking is None:
            self._taking = memory_taking_functions(self.module)
        taking = self._taking
        return [call for call in calls if clobbering_call(call, taking)]

    def is_nz_view(self, op: ir.Operation) -> bool:
        """Whether `op` is a make_tensor_view found NZ (refused or not)."""
        return op.name == pto.MakeTensorView.NAME and self.views.get(op) is not None

    def check(self, op: ir.Operation) -> None:
        if op.name in TILE_MADS:
            self._guard(lambda: self._check_mad_operands(op))
        if op.name in _LAYOUT_READ_FROM_THE_VIEW:
            self._guard(lambda: self._check_layout_is_the_views(op))
        if op.name in _GM_TRANSFERS:
            if self._guard(lambda: _check_memref_is_not_nz(op)) is not _REFUSED:
                self._guard(lambda: self._check_transfer_elements(op))
            self._guard(lambda: self._check_nd_transfer(op))
        if op.name in _CUBE_MOVES:
            self._guard(lambda: self._check_cube_move(op))
        if op.name == pto.SET_VALIDSHAPE:
            self._guard(lambda: self._check_widening_written(op))
        if op.name in TILE_RELABELS:
            self._guard(lambda: self._check_relabel_box_order(op))
        if op.name in PIPE_PUSHES:
            self._guard(lambda: self._check_pushed_acc(op))
        if op.name == pto.MakeTensorView.NAME:
            if self.nz_view(op) is None:  # an NZ view's pointer: _check_base_pointer
                self._guard(lambda: _check_view_element(op))
        elif op.name == pto.PartitionView.NAME:
            if self.partition_window(op) is None:  # an NZ one's element: _check_partition
                self._guard(lambda: _check_view_element(op))
                self._guard(lambda: self._check_nd_partition(op))
        elif op.name == _UNREALIZED_CAST:
            # The one op besides the view ops that may give a GM pointer, view or memref
            # another type (MLIR's verifiers keep memref.subview's, reinterpret_cast's and
            # cast's element type their source's).
            self._guard(lambda: _check_view_element(op))
        elif op.name == pto.TLoad.NAME:
            self._guard(lambda: self._check_transfer(op, pto.TLoad, "src", "dst", _LOAD_RULES))
        elif op.name == pto.TStore.NAME:
            self._guard(lambda: self._check_transfer(op, pto.TStore, "dst", "src",
                                                     _STORE_RULES))
        elif op.name in _TILE_MAKERS and \
                self._guard(lambda: self._check_made_tile(op)) is _REFUSED:
            self._refused_allocs.add(op)
        elif op.name in TILE_WINDOWS:
            self._guard(lambda: self._check_tile_window(op))
        elif op.name in _UNFOLLOWED_TILES:
            self.note_memory(op)  # no flow follows it: refused across a call taking memory
            self._guard(lambda: self._check_unfollowed_tile(op))
        elif op.name == pto.MULTI_TILE_GET:  # its slot index is held in range
            self._guard(lambda: self._check_slot(op))

    def _check_pushed_acc(self, op: ir.Operation) -> None:
        """A push of an Acc tile (PIPE_PUSHES) moves its valid region out of L0C: its mads
        wrote it (`_check_mads_wrote`, as for a store or a move out of L0C; found by red
        team: a 32-row Acc tile a 16-row mad wrote was pushed whole to the vector cores)."""
        view = self._read_table_op(op)
        tiles: list[ir.Value] = list(view.groups.get(PIPE_PUSHES[op.name], ())) \
            if view is not None else []
        buf = opaque_refusal(op.location, lambda: pto.tile_buf(tiles[0].type)) \
            if len(tiles) == 1 else None
        if buf is None or buf.loc != "acc":
            return  # another memory, or malformed: PTOAS refuses it
        self._check_mads_wrote(tiles[0], self._stated_valid_region(
            op, tiles[0], PIPE_PUSHES[op.name], buf), op.location, op.name)

    def _check_widening_written(self, op: ir.Operation) -> None:
        """A pto.set_validshape that may widen its tile's valid region (past the one the
        tile had before it: its last setter's, its alloc's) is followed by a write of the
        tile before anything else uses it. A set_validshape moves no data: the rows or
        columns it adds hold what the buffer held before, which the next store, move or
        mad reading the tile moves as data (found by red team: a Vec tile loaded with 16
        rows, set to 32 and stored, wrote 16 stale rows to GM). Narrowing after a load
        (PyPTO's ragged tiles) and widening right before a load are what kernels do."""
        view = self._read_table_op(op)
        if view is None or len(op.operands) != 3:
            return  # malformed: PTOAS refuses it
        tile = op.operands[0]
        buf = opaque_refusal(op.location, lambda: pto.tile_buf(tile.type))
        if buf is None:
            return
        before = self._region_before(op, tile, buf)
        if before is None:
            return  # no one region before it in sight (a loop-carried tile): not judged
        # A valid extent never exceeds its tile's (PTOAS, pto-isa): one the type's size
        # bounds adds nothing to a region that was the whole tile.
        widened = [axis for axis, value, had, size in zip(
                       ("rows", "columns"), op.operands[1:], before, (buf.rows, buf.cols),
                       strict=True)
                   if not (self._at_most(self.fact(value), value, had) or had.fact.lo >= size)]
        if not widened:
            return
        user = next((user for user in _next_users(op, tile)
                     if not _only_writes(user, tile, self._read_table_op(user))), None)
        if user is None:
            return  # nothing reads the region it sets, or a write fills it first on every path
        then = f"'{user.name}' (at {line_and_column(user.location)}), which does not only write it"
        raise Refusal(op.location, f"'{op.name}' may widen its tile's valid {widened[0]} "
                      f"(loc={buf.loc}, {buf.rows}x{buf.cols}) past the ones it had, and the "
                      f"tile's next use is {then}: a set_validshape moves no data, so the "
                      f"{widened[0]} it adds hold what the buffer held before, which a store, "
                      "move or mad then takes for data; set the valid region right before the "
                      "load (or op) that writes the tile, or only narrow it after")

    def _region_before(self, setter: ir.Operation, tile: ir.Value, buf: pto.TileBuf
                       ) -> tuple[ValidExtent, ValidExtent] | None:
        """The valid region `tile` has right before `setter` runs: the operands of the
        last pto.set_validshape of it before the setter (in its block or an enclosing
        one), else those of its pto.alloc_tile (or its type's extents); None where no one
        region is known (a setter of it nested in an op before this one, which may have
        run; a tile no alloc of the function makes)."""
        at: ir.Operation | None = setter
        owner = _owner(tile)
        while at is not None and at.name != op_names.FUNC_FUNC:
            block_ops, index = _block_position(at)
            for other in reversed(block_ops[:index]):
                if owner is not None and other == owner:
                    return self._alloc_extents(other, buf)
                if other.name == pto.SET_VALIDSHAPE and len(other.operands) == 3 and \
                        other.operands[0] == tile:
                    return (self._given(other.operands[1], other),
                            self._given(other.operands[2], other))
                if any(inner.name == pto.SET_VALIDSHAPE and inner.operands[0] == tile
                       for inner in nested_ops(other) if len(inner.operands)):
                    return None
            at = parent_op(at)
        return None

    def _given(self, value: ir.Value, origin: ir.Operation) -> ValidExtent:
        return ValidExtent(self.fact(value), value, origin)

    def _alloc_extents(self, alloc_op: ir.Operation, buf: pto.TileBuf
                       ) -> tuple[ValidExtent, ValidExtent] | None:
        """The valid region the pto.alloc_tile `alloc_op` gives its tile (of type `buf`)."""
        alloc = self.alloc(alloc_op) if alloc_op.name == pto.AllocTile.NAME else None
        if alloc is None:
            return None
        extents = []
        for group, stated in (("valid_row", buf.v_row), ("valid_col", buf.v_col)):
            given = alloc.groups.get(group, ())
            if stated is not None:
                extents.append(ValidExtent(Fact.const(stated, INDEX_WIDTH), None, alloc_op))
            elif len(given) == 1:
                extents.append(self._given(given[0], alloc_op))
            else:
                return None
        return extents[0], extents[1]

    def _check_unfollowed_tile(self, op: ir.Operation) -> None:
        """A tile pto.declare_tile, pto.tassign or pto.alloc_multi_tile makes (all its
        slots) lies inside its memory at every address its `addr` may be (the offset
        analysis; tile_rules.check_tile_fits), and one placed at an address, or a
        multi-buffer left to the planner, is the only placed tile of its memory in the
        function (tile_placement.check_unfollowed_alone: the overlap rule does not follow
        it)."""
        slots = opaque_refusal(op.location, partial(_slot_tile, op))
        if slots is None:
            return  # malformed: PTOAS refuses it
        buf, count = slots
        addr = self._addr_operands(op)
        fact = self.fact(addr[0]) if addr else None
        check_tile_fits(buf, self.backend, op.location, f"'{op.name}'",
                        (fact.lo, fact.hi) if fact is not None else None, count)
        planned = op.name == pto.ALLOC_MULTI_TILE and not addr
        if addr or planned:
            check_unfollowed_alone(Placement(op, buf.loc), self._placements(op), planned)

    def _check_relabel_box_order(self, op: ir.Operation) -> None:
        """A relabel keeps its boxed source's box order (tile_rules)."""
        view = self._read_table_op(op)
        group = view.groups.get(TILE_RELABELS[op.name][0], ()) if view is not None else ()
        if len(group) != 1 or len(op.results) != 1:
            return  # malformed: PTOAS refuses it
        source, result = (opaque_refusal(op.location, partial(pto.tile_buf, value.type))
                          for value in (group[0], op.results[0]))
        if source is None or result is None:
            return
        check_relabel_keeps_box_order(op.name, source, result, op.location)
        if TILE_RELABELS[op.name][1] == "reshape":
            check_reshape_keeps_boxed_shape(op.name, source, result, op.location)

    def _check_slot(self, op: ir.Operation) -> None:
        """A pto.multi_tile_get's slot lies in [0, count) of its multi-buffer for every
        value the offset analysis lets it take (tile_rules.check_slot_in_range)."""
        if len(op.operands) != 2:
            return  # malformed: PTOAS refuses it
        slots = opaque_refusal(op.location, partial(multi_tile_slots, op.operands[0].type))
        if slots is None:
            return  # not a multi-buffer: PTOAS refuses it
        check_slot_in_range(self.fact(op.operands[1]), slots[1], op.location)

    def _addr_operands(self, op: ir.Operation) -> list[ir.Value]:
        """The `addr` group of a tile-placing op (empty where none is given)."""
        view = self._read_op(pto.table_op, op) if len(op.operands) else None
        return view.groups.get("addr", []) if view is not None else []

    def _placements(self, op: ir.Operation) -> list[Placement]:
        """Every op of `op`'s function placing a tile at an address: a pto.alloc_tile with
        an addr and the ops of `UNFOLLOWED_PLACEMENTS` with one (read once per function)."""
        function = function_of(op)
        found = self._placing.get(function)
        if found is None:
            found = self._placing[function] = [
                placement for inner in nested_ops(function)
                if (placement := self._placement_of(inner)) is not None]
        return found

    def _placement_of(self, op: ir.Operation) -> Placement | None:
        if op.name not in UNFOLLOWED_PLACEMENTS and op.name != pto.AllocTile.NAME:
            return None
        try:
            slots = _slot_tile(op)
            return Placement(op, slots[0].loc) if slots and self._addr_operands(op) else None
        except (MalformedOp, OpaqueSyntaxError):
            return None  # its own check reports it

    def _check_tile_window(self, op: ir.Operation) -> None:
        """A subview's window lies inside its source tile for every value its offsets
        take (tile_rules.check_window_inside; the offset analysis bounds them)."""
        view = self._read_op(pto.table_op, op)
        if view is None or len(op.results) != 1 or not len(op.operands):
            return  # malformed: PTOAS refuses it
        source, result = (opaque_refusal(op.location, partial(pto.tile_buf, value.type))
                          for value in (op.operands[0], op.results[0]))
        if source is None or result is None:
            return
        facts = [self.fact(value) for value in view.groups["offsets"]]
        check_window_inside(op.name, source, result, [(f.lo, f.hi) for f in facts],
                            op.location)
        check_window_on_boxes(op.name, source, facts, op.location)

    def _check_cube_move(self, op: ir.Operation) -> None:
        """A move out of a Mat or Acc tile (`_CUBE_MOVES`) copies what its source holds:
        the part of the source it reads lies inside the source's valid region (the rest
        is what the buffer held before: found by red team, a 32-row Left tile extracted
        from a Mat tile loaded with 16 rows fed 16 stale rows to its mad) and, for an
        extract, inside the source tile (pto-isa asserts indexRow + dst rows <= src rows
        in debug builds only, and PTOAS only for constant indexes: a run-time index read
        past the tile); an insert writes inside its destination tile; and an Acc source's
        mads wrote what the move reads out of L0C (`_check_mads_wrote`, as for a store:
        found by red team, a tmov of an Acc tile a 16-row mad wrote moved 16 stale rows
        into the next matmul)."""
        view = self._read_table_op(op)
        if view is None or any(len(view.groups.get(g, ())) != 1 for g in ("src", "dst")):
            return  # malformed, or another form: PTOAS refuses it
        src, dst = view.groups["src"][0], view.groups["dst"][0]
        src_buf, dst_buf = (opaque_refusal(op.location, partial(pto.tile_buf, v.type))
                            for v in (src, dst))
        if src_buf is None or dst_buf is None:
            return
        for buf in (src_buf, dst_buf):
            check_boxed_not_row_plus_one(buf, op.location, f"'{op.name}'")
        index = [self.fact(v) for g in ("indexRow", "indexCol") for v in view.groups.get(g, ())]
        if src_buf.loc not in ("mat", "acc"):
            self._check_vec_move_inside(op, index, src, (src_buf, dst_buf))
            return
        target = self._mad_operand_region(op, dst)
        if op.name.startswith("pto.textract"):
            read = self._check_extract(op, index, target, src, (src_buf, dst_buf))
        else:  # TMOV and TINSERT read the source's valid region
            read = self._mad_operand_region(op, src)
            if len(index) == 2:  # TINSERT writes it at the index of its destination
                self._check_move_inside(op, index, [part.fact for part in read],
                                        (dst_buf.rows, dst_buf.cols), "destination")
            else:  # TMOV: as its destination's valid region
                self._check_read_inside_valid(op, target, src, "its destination's valid")
        if src_buf.loc == "acc":
            self._check_mads_wrote(src, TileRegion(src_buf, read.rows.fact, read.cols.fact,
                                                   read.rows.value, read.cols.value),
                                   op.location, op.name)

    def _check_extract(self, op: ir.Operation, index: list[Fact], target: ValidRegion,
                       src: ir.Value, bufs: tuple[pto.TileBuf, pto.TileBuf]) -> ValidRegion:
        """What a TEXTRACT reads of its source, checked: its destination's valid region
        from its index on, inside the source's valid region; its destination's whole
        shape from the index on (TExtractToA copies it), inside the source tile."""
        if len(index) != 2:
            return target  # malformed: PTOAS refuses it
        src_buf, dst_buf = bufs
        whole = [Fact.const(n, INDEX_WIDTH) for n in (dst_buf.rows, dst_buf.cols)]
        self._check_move_inside(op, index, whole, (src_buf.rows, src_buf.cols), "source")
        check_extract_index_on_boxes(op.name, src_buf, dst_buf, index, self.backend,
                                     op.location)
        read = ValidRegion(*(part if at.constant == 0 else
                             ValidExtent(interval_add(at, part.fact), None, None)
                             for at, part in zip(index, target, strict=True)))
        self._check_read_inside_valid(op, read, src, "from its index on, its destination's "
                                      "valid")
        return read

    def _check_vec_move_inside(self, op: ir.Operation, index: list[Fact], src: ir.Value,
                               bufs: tuple[pto.TileBuf, pto.TileBuf]) -> None:
        """An extract or insert of another memory's tile (TEXTRACT Vec -> Vec, TINSERT
        Vec -> Mat) at a run-time index stays inside its tiles, as a cube move's does: the
        same debug-only asserts guard it in pto-isa. An extract is bounded by its
        destination's whole shape from the index on (the most it copies); an insert writes
        its source's valid region at the index, as the cube TINSERT does."""
        if len(index) != 2:
            return  # a tmov, or malformed: PTOAS refuses it
        src_buf, dst_buf = bufs
        if op.name.startswith("pto.textract"):
            whole = [Fact.const(n, INDEX_WIDTH) for n in (dst_buf.rows, dst_buf.cols)]
            self._check_move_inside(op, index, whole, (src_buf.rows, src_buf.cols), "source")
            return
        read = self._mad_operand_region(op, src)
        self._check_move_inside(op, index, [read.rows.fact, read.cols.fact],
                                (dst_buf.rows, dst_buf.cols), "destination")

    def _check_move_inside(self, op: ir.Operation, index: list[Fact], extents: list[Fact],
                           shape: tuple[int, int], which: str) -> None:
        """The `extents` a move copies from (to) `index` of its `which` tile of `shape`
        lie inside that tile."""
        for axis, at, extent, size in zip(("rows", "columns"), index, extents, shape,
                                          strict=True):
            if at.lo >= 0 and at.hi + extent.hi <= size:
                continue
            raise Refusal(op.location, f"'{op.name}' moves {hazards.show(extent)} {axis} "
                          f"from {axis[:-1]} index {hazards.show(at)}, which may reach outside "
                          f"its {which} tile's {size} {axis}: pto-isa asserts the bound only "
                          "in debug builds (PTOAS only for a constant index), so the move "
                          "reads or writes another buffer's bytes; bound the index so that "
                          f"the {axis} moved end inside the {which} tile")

    def _check_read_inside_valid(self, op: ir.Operation, read: ValidRegion,
                                 src: ir.Value, what: str) -> None:
        """`read`, the part of the move's source `src` it reads, lies inside the source's
        valid region, which is all of it that a write made. A source whose valid region
        no pto.alloc_tile or pto.set_validshape here gives (a tile a pipe pops, an
        argument) holds what its producer wrote: its contract, as for a mad's operands."""
        source = self._backed_region(op, src)
        if source is None:
            return
        for axis, extent, valid in zip(("rows", "columns"), read, source, strict=True):
            if self._at_most(extent.fact, extent.value, valid):
                continue
            raise Refusal(op.location, f"'{op.name}' reads {hazards.show(extent.fact)} "
                          f"{axis} of its source ({what} {axis}), but the source's "
                          f"valid {axis} are {hazards.show(valid.fact)}: the {axis} past them "
                          "hold what the buffer held before, which the move copies as data; "
                          f"give the source (or a load into it) the valid {axis} the move "
                          "reads")

    def _backed_region(self, op: ir.Operation, tile: ir.Value, depth: int = 0
                       ) -> ValidRegion | None:
        """The valid region of the tile `op` reads: valid_region's; else, for a tile a
        relabel makes (pto_table.TILE_RELABELS: a subview, treshape, bitcast, ...), the
        region its type (or valid operands) claims, once proved to lie where its source's
        valid region is (`_check_relabel_backed`; found by red team: a treshape typed
        fully valid of a Mat tile loaded with 16 of its 32 rows fed 16 stale rows to a
        textract and a tmov); None for a tile whose producer is out of sight (an argument,
        a popped tile: what it holds is its producer's contract)."""
        try:
            return self._operand_region(op, tile)
        except Refusal:
            pass
        sources = flow_sources(tile)
        if sources is not None:
            return self._flowed_region(op, tile, sources, depth)
        owner = _owner(tile)
        relabel = TILE_RELABELS.get(owner.name) if owner is not None else None
        if owner is not None and relabel is None:
            # Out of sight is a producer nzpass knows (a pop, a call): not an op it does
            # not know, whose result may be a boxed tile relabelled or a pick of tiles.
            check_unknown_op_on_boxed(owner)
        view = self._read_table_op(owner) if relabel is not None and owner is not None \
            else None
        if view is None or owner is None or relabel is None or \
                len(view.groups.get(relabel[0], ())) != 1:
            return None  # out of sight, or malformed: PTOAS refuses it
        claimed = self._claimed_region(owner, view, tile)
        if claimed is not None and depth < _RELABEL_DEPTH:
            self._check_relabel_backed(op, owner, view, claimed, depth)
        return claimed

    def _flowed_region(self, op: ir.Operation, tile: ir.Value, sources: list[ir.Value],
                       depth: int) -> ValidRegion | None:
        """The valid region of a tile an scf.for or scf.if carries (one of `sources` on
        each run): every source's (`_backed_region`, a relabel's claim checked against its
        own source), joined; None when one is out of sight (its producer's contract).
        Found by red team: a subview past its source's valid rows, yielded by an scf.if,
        was moved unchecked, the relabel rule not seeing through the yield."""
        if depth >= _RELABEL_DEPTH:
            return None
        regions = [self._backed_region(op, source, depth + 1) for source in sources
                   if source != tile]
        if not regions or any(region is None for region in regions):
            return None
        return ValidRegion(*(_joined_extent([typing.cast(ValidRegion, region)[axis]
                                             for region in regions]) for axis in (0, 1)))

    def _claimed_region(self, owner: ir.Operation, view: pto.PtoOp, tile: ir.Value
                        ) -> ValidRegion | None:
        """What the relabel `owner` says its result `tile` holds: the valid extents its
        type states, else its valid operands (a subview's, a bind_tile's), else a
        subview's whole size (PTOAS's default) or any extent the tile can hold."""
        buf = opaque_refusal(owner.location, lambda: pto.tile_buf(tile.type))
        if buf is None:
            return None
        extents = []
        for stated, size, group in ((buf.v_row, buf.rows, "valid_row"),
                                    (buf.v_col, buf.cols, "valid_col")):
            given = view.groups.get(group, ())
            if stated is not None:
                extents.append(ValidExtent(Fact.const(stated, INDEX_WIDTH), None, owner))
            elif len(given) == 1:
                fact = self.fact(given[0])
                extents.append(ValidExtent(Fact.make(0, min(fact.hi, size), 1, INDEX_WIDTH)
                                           if fact.constant is None else fact, given[0],
                                           owner))
            else:
                window = TILE_RELABELS[owner.name][1] == "window"
                extents.append(ValidExtent(Fact.const(size, INDEX_WIDTH) if window else
                                           _stated_or_within(None, size), None, owner))
        return ValidRegion(*extents)

    def _check_relabel_backed(self, op: ir.Operation, owner: ir.Operation,
                              view: pto.PtoOp, claimed: ValidRegion, depth: int) -> None:
        """The region the relabel `owner` claims lies inside its source's valid region:
        at the same place ("same"; a "reshape" to the same shape and layout), from its
        offsets on ("window"); a "reshape" to another shape or layout moves each row's
        bytes elsewhere, so only a source valid over its whole tile backs any claim. A
        source of no region in sight (an argument) is its producer's contract."""
        group, kind = TILE_RELABELS[owner.name]
        source = view.groups[group][0]
        src_buf = opaque_refusal(owner.location, lambda: pto.tile_buf(source.type))
        region = self._backed_region(owner, source, depth + 1) if src_buf is not None \
            else None
        if src_buf is None or region is None:
            return
        dst_buf = pto.tile_buf(owner.results[0].type)
        assert dst_buf is not None  # _claimed_region read it
        if kind == "reshape" and _shape_and_layout(src_buf) != _shape_and_layout(dst_buf):
            for axis, valid, size in (("rows", region.rows, src_buf.rows),
                                      ("columns", region.cols, src_buf.cols)):
                if valid.fact.lo < size:
                    raise _unbacked_relabel(op, owner, f"its source's valid {axis} may be "
                                            f"{hazards.show(valid.fact)} of its {size}, and "
                                            "a reshape to another shape or layout puts the "
                                            "bytes past them anywhere in its result")
            return
        offsets = view.groups.get("offsets", ()) if kind == "window" else ()
        if kind == "window" and len(offsets) != 2:
            return  # malformed: PTOAS refuses it
        for index, (axis, part, valid) in enumerate(zip(("rows", "columns"), claimed,
                                                        region, strict=True)):
            reach, value = part.fact, part.value
            if offsets:
                at = self.fact(offsets[index])
                reach, value = interval_add(at, part.fact), None if at.constant != 0 \
                    else value
            if self._at_most(reach, value, valid):
                continue
            where = f" from its offset {hazards.show(self.fact(offsets[index]))} on" \
                if offsets else ""
            raise _unbacked_relabel(op, owner, f"it claims {hazards.show(part.fact)} valid "
                                    f"{axis}{where}, but its source's valid {axis} are "
                                    f"{hazards.show(valid.fact)}")

    def _check_mads_wrote(self, tile_value: ir.Value, region: TileRegion, loc: ir.Location,
                          reader: str = pto.TStore.NAME) -> None:
        """Every mad writing the stored Acc tile wrote what the store reads (`reader`: the
        op reading it out of L0C, a store or a move, `_check_cube_move`): mad writes its
        m rows (its Left tile's valid rows; a gemv's one row) and n columns (its Right
        tile's valid columns) and leaves the rest of L0C as it was, so the tile's valid
        region at the store lies inside them (found by red team: a 64x16 Acc tile typed
        fully valid, filled from a Left tile of 32 valid rows, stored 32 stale L0C rows);
        and mad has no destination stride: it writes at a column-block pitch of
        ceil16(m), which the store reads at the tile's rows unless compact=1 (a full
        64-row Acc tile filled from 32 valid rows stored column block 1 from stale L0C)."""
        buf = region.buf
        if buf.loc != "acc":
            return
        mads, hidden, initialised = _mads_writing(tile_value, self._tiles_at_same_bytes,
                                                   self._writes_tile)
        if not (mads or hidden or initialised):
            self._check_not_written_through_another(tile_value, buf, loc, reader)
        if mads and not initialised:
            raise Refusal(loc, f"'{reader}' Acc tile {buf.rows}x{buf.cols} is written only "
                          f"by accumulating mads ('{mads[0].op.name}' at "
                          f"{line_and_column(mads[0].op.location)}): each adds its product to "
                          "what the tile holds, and nothing writes the tile first, so "
                          f"'{reader}' reads sums onto what L0C held before; start the "
                          "accumulation "
                          "with pto.tmatmul (or pl.tile.zeros in pl)")
        if hidden:
            raise Refusal(loc, f"'{reader}' Acc tile {buf.rows}x{buf.cols} flows into "
                          f"'{hidden[0].name}' (at {line_and_column(hidden[0].location)}), "
                          "which may hand it on under another name, or writes it by m, n "
                          f"and k operands the tile rules do not read: what '{reader}' "
                          "reads of L0C cannot be proved written; write the Acc tile with the tile "
                          "mads (pto.tmatmul*, pto.tgemv*) and keep it to pto ops, scf.for "
                          "iter_args and scf.if / scf.for results")
        # A store of a compact=1 tile reads at ceil16(valid rows) (TStoreAccNz2nz/nd); a
        # move at the tile's rows whatever its compact (TMovCcToCb, TExtractAccToMat).
        compact_store = buf.compact == hazards.COMPACT_NORMAL and reader in _GM_TRANSFERS
        for mad in mads:
            rows, cols = self._mad_extents(mad)
            if compact_store and buf.cols > ACC_BOX:
                self._check_compact_mad_pitch(mad, region, rows.fact, loc, reader)
            if compact_store or buf.cols <= ACC_BOX or \
                    hazards.mad_pitch(rows.fact) >= buf.rows:
                self._check_mad_covers(mad, region, rows, cols, loc, reader)
                continue
            raise Refusal(loc, f"'{reader}' Acc tile {buf.rows}x{buf.cols} is written by "
                          f"'{mad.op.name}' (at {line_and_column(mad.op.location)}) whose A "
                          f"operand has {hazards.show(rows.fact)} valid rows: mad writes at a "
                          f"column-block pitch of ceil16(its rows), '{reader}' reads at the "
                          f"tile's {buf.rows}, so every column block past the first is read "
                          "from the wrong place; give the Acc tile ceil16(A's valid rows) "
                          f"rows{', or state compact=1' if reader in _GM_TRANSFERS else ''}")

    @staticmethod
    def _check_compact_mad_pitch(mad: _Mad, region: TileRegion, rows: Fact, loc: ir.Location,
                                 reader: str) -> None:
        """A compact=1 store reads the column blocks ceil16(valid rows) apart: `mad` must
        have written them at that pitch, ceil16(its rows), for every value both may take
        (hazards.compact_mad_pitch_problem)."""
        why = hazards.compact_mad_pitch_problem(rows, region.valid_rows)
        if why is None:
            return
        buf = region.buf
        raise Refusal(loc, f"'{reader}' of the compact=1 Acc tile {buf.rows}x{buf.cols} written "
                      f"by '{mad.op.name}' (at {line_and_column(mad.op.location)}): {why}, so "
                      "every column block past the first is read from the wrong place; give "
                      "the tile valid rows of the same ceil16 as A's valid rows (both static, "
                      "or of one 16-row fractal count), or drop compact=1 and give the tile "
                      "ceil16(A's valid rows) rows")

    def _mad_extents(self, mad: _Mad) -> tuple[ValidExtent, ValidExtent]:
        """The rows and columns `mad` writes (GEMV_OPS: one row)."""
        if mad.op.name in GEMV_OPS:
            rows = ValidExtent(Fact.const(1, INDEX_WIDTH), None, None)
        else:
            rows = self._operand_region(mad.op, mad.lhs).rows
        if mad.rhs is None:
            return rows, ValidExtent(Fact.make(0, 1 << 16, 1, INDEX_WIDTH), None, None)
        rhs = self._operand_region(mad.op, mad.rhs)
        # pl's B is [N, K] (MATMUL_ROLES), pto's Right tile [K, N].
        return rows, rhs.rows if mad.op.name in _PL_MAD_LHS else rhs.cols

    def _check_pl_matmul(self, op: ir.Operation) -> None:
        """A pl matmul convert-pl-to-pto kept: its result type claims no more than its
        operands make it, the pl rule held here on its own (hand-written pto IR may carry
        one whose type no pass checked)."""
        check_matmul_result(op, partial(self._valid_at, op), pto.tile_buf)

    def _valid_at(self, op: ir.Operation, tile: ir.Value, _shape: object) -> tuple[Fact, Fact]:
        region = self._operand_region(op, tile)
        return region.rows.fact, region.cols.fact

    def _check_mad_operands(self, op: ir.Operation) -> None:
        """A tile-level mad sums over k of both operands: a matmul's k is its Left tile's
        valid columns, read from as many of its Right tile's rows (pto-isa TMATMUL_IMPL);
        a gemv's k its Right tile's valid rows, read from as many of its Left tile's
        columns (TGEMV_IMPL). An operand with fewer valid ones sums stale data. An
        accumulating one sums into its dst's own bytes (ACCUMULATOR_INPUT), so its
        accumulator must be them."""
        lhs, rhs = _mad_operands(op)
        if len(lhs) != 1 or len(rhs) != 1:
            return  # another form: PTOAS's verifier has the last word
        a, b = self._mad_operand_region(op, lhs[0]), self._mad_operand_region(op, rhs[0])
        gemv = op.name in GEMV_OPS
        k, read = (b.rows, a.cols) if gemv else (a.cols, b.rows)
        if not self._at_most(k.fact, k.value, read):
            k_is, read_is = (("its B operand's valid rows", "its A operand's valid columns")
                             if gemv else
                             ("its A operand's valid columns", "its B operand's valid rows"))
            raise Refusal(op.location, f"'{op.name}' sums over {k_is} "
                          f"({hazards.show(k.fact)}) but {read_is} are "
                          f"{hazards.show(read.fact)}: mad reads that many of both, so the "
                          "product would sum data past the valid ones, which is stale; give A "
                          "and B the same valid K")
        self._check_operand_pitches(op, ((rhs[0], b),) if gemv else ((lhs[0], a), (rhs[0], b)))
        self._check_bias_covers(op, b.cols)
        self._check_accumulator_is_dst(op)

    def _check_operand_pitches(self, op: ir.Operation,
                               operands: tuple[tuple[ir.Value, ValidRegion], ...]) -> None:
        """The A2/A3 mad reads each operand at the pitch its valid columns give
        (hazards.check_mad_operand_pitch); a gemv reads one row of its Left tile, so no
        pitch of it. A5's mad and the mx mads are other instructions, not modelled."""
        if self.backend != "a2a3" or op.name in _MX_MADS:
            return
        for tile, region in operands:
            buf = pto.tile_buf(tile.type)
            if buf is not None:
                hazards.check_mad_operand_pitch(op.name, buf, region.rows.fact,
                                                region.cols.fact, op.location)

    def _check_bias_covers(self, op: ir.Operation, n: ValidExtent) -> None:
        """A bias mad (pto.tmatmul.bias, pto.tgemv.bias) starts each of its n columns from
        its bias tile's (TMATMUL_BIAS_IMPL hands biasData to mad with n): a bias of fewer
        valid columns adds stale ones."""
        bias = [v for v in op.operands if _in_memory(v, "bias")]
        if len(bias) != 1:
            return
        cols = self._mad_operand_region(op, bias[0]).cols
        if self._at_most(n.fact, n.value, cols):
            return
        raise Refusal(op.location, f"'{op.name}' adds its bias to its B operand's valid "
                      f"columns ({hazards.show(n.fact)}) but its bias tile's valid columns are "
                      f"{hazards.show(cols.fact)}: mad reads n of the bias, so the columns past "
                      "its valid ones add stale data; give the bias the B operand's valid "
                      "columns")

    def _mad_operand_region(self, op: ir.Operation, tile: ir.Value) -> ValidRegion:
        """A mad operand's valid region, else (a tile no pto.alloc_tile of the function
        backs: an argument, a subview, which the transfers' rules refuse where one reaches
        GM) what its type states, or any extent it can hold."""
        region = self._backed_region(op, tile)
        if region is not None:
            return region
        buf = pto.tile_buf(tile.type)
        assert buf is not None  # _operand_region read it
        return ValidRegion(*(ValidExtent(_stated_or_within(stated, size), None, None)
                             for stated, size in ((buf.v_row, buf.rows), (buf.v_col, buf.cols))))

    def _check_accumulator_is_dst(self, op: ir.Operation) -> None:
        group = ACCUMULATOR_INPUT.get(op.name)
        view = self._read_op(pto.table_op, op) if group is not None else None
        if view is None or len(view.groups.get(group or "", ())) != 1 \
                or len(view.groups.get("dst", ())) != 1:
            return
        acc, dst = view.groups[group or ""][0], view.groups["dst"][0]
        if acc == dst:
            return
        key = self._placement(acc)
        if key is not None and key == self._placement(dst):
            return
        raise Refusal(op.location, f"'{op.name}' accumulates into its dst, whose bytes its "
                      f"{group} is not proved to be: pto-isa's mad adds the product to what "
                      f"dst holds and never reads {group}; pass the same tile as both (or "
                      "two pto.alloc_tile at one constant address)")

    def _operand_region(self, op: ir.Operation, tile: ir.Value) -> ValidRegion:
        buf = opaque_refusal(op.location, lambda: pto.tile_buf(tile.type))
        if buf is None:
            raise MalformedOp(op.location, f"'{op.name}' needs !pto.tile_buf operands, got "
                              f"{tile.type}")
        key = (op, tile)
        region = self._mad_regions.get(key)
        if region is None:
            region = self._mad_regions[key] = valid_region(
                op, tile, buf, self.analysis, self.alloc, self.sets_valid_shapes)
        return region

    def _check_mad_covers(self, mad: _Mad, region: TileRegion, rows: ValidExtent,
                          cols: ValidExtent, loc: ir.Location, reader: str) -> None:
        claims = ((region.valid_rows, region.row_value, rows, "rows", "its A operand's valid "
                   "rows" if mad.op.name not in GEMV_OPS else "a gemv's one row"),
                  (region.valid_cols, region.col_value, cols, "columns",
                   "its B operand's valid columns"))
        # An accumulating mad leaves the accumulator's own bytes past whole boxes of its
        # product (in place), which the mads and pl.tile.zeros that wrote it made; the
        # rest of its last box is computed from the operands' stale data.
        accumulates = not _starts_anew(mad.op.name)
        for fact, value, wrote, name, source in claims:
            if self._at_most(fact, value, wrote) or \
                    (accumulates and wrote.fact.is_multiple(ACC_BOX)):
                continue
            buf = region.buf
            verb = "stores" if reader in _GM_TRANSFERS else "moves"
            raise Refusal(loc, f"'{reader}' {verb} the valid {name} ({hazards.show(fact)}) "
                          f"of its {buf.rows}x{buf.cols} Acc tile, but '{mad.op.name}' (at "
                          f"{line_and_column(mad.op.location)}) writes only {source} "
                          f"({hazards.show(wrote.fact)}) and leaves the {name} past them what "
                          f"L0C held before, which the {verb[:-1]} writes out as data; give "
                          f"the Acc tile the valid {name} its mads write")

    def _at_most(self, fact: Fact, value: ir.Value | None, bound: ValidExtent) -> bool:
        """Whether an extent (its fact, the value giving it) is at most `bound` on every
        execution: by the intervals, or as the same value or one below it (slack_below)."""
        if fact.hi <= bound.fact.lo:
            return True
        return value is not None and bound.value is not None and \
            slack_below(self.analysis, value, bound.value) >= 0

    def _check_not_written_through_another(self, tile_value: ir.Value, buf: pto.TileBuf,
                                           loc: ir.Location, reader: str) -> None:
        """An Acc tile nothing writes, read where an Acc tile of another shape placed over
        its bytes is written: what it reads is that tile's, laid out at that tile's pitch
        and rows, or stale (found by red team: a 32-row tile re-declared at the address of
        a 16-row one a mad wrote stored 16 stale rows, column block 1 from the wrong
        place; the overlap rule sees no clobber, as nothing wrote the stored tile)."""
        for other in self._tiles_over(tile_value):
            writers = _mads_writing(other, self._tiles_at_same_bytes, self._writes_tile)
            if not (writers.mads or writers.hidden or writers.initialised):
                continue
            owner = _owner(other)
            assert owner is not None  # an alloc's result
            raise Refusal(loc, f"'{reader}' Acc tile {buf.rows}x{buf.cols} is written by "
                          "nothing in its function, but the tile of the 'pto.alloc_tile' at "
                          f"{line_and_column(owner.location)}, placed over its bytes, is: "
                          "what it reads of L0C is that tile's data, at that tile's shape and "
                          "pitch, or what L0C held before; write the Acc tile itself (a mad "
                          "into it), or read the tile that was written")

    def _tiles_over(self, value: ir.Value) -> list[ir.Value]:
        """The tiles of the other `pto.alloc_tile`s of the function placed over some of
        the bytes of the one giving `value` but not at exactly them (`_tiles_at_same_bytes`
        has those): one memory, constant addresses."""
        key = self._placement(value)
        if key is None:
            return []
        memory, start, size = key
        return [tile for tile, (other_memory, other_start, other_size)
                in self._placed_tiles(value.owner.operation)
                if other_memory == memory and (other_start, other_size) != (start, size)
                and other_start < start + size and start < other_start + other_size]

    def _tiles_at_same_bytes(self, value: ir.Value) -> list[ir.Value]:
        """The tiles of the other `pto.alloc_tile`s of the function placed at the same
        bytes as the one giving `value` (one memory, one constant address, one size: one
        buffer of the overlap rule, nz/tile_overlap.py, which takes a write of any for a
        write of all): a mad writing one writes the stored tile's bytes at its pitch
        (found by red team: a tmatmul into an Acc tile re-declared at the stored one's
        address escaped the mad-pitch check)."""
        key = self._placement(value)
        if key is None:
            return []
        return [tile for tile, place in self._placed_tiles(value.owner.operation)
                if place == key and tile != value]

    def _placed_tiles(self, op: ir.Operation) -> list[tuple[ir.Value, tuple[str, int, int]]]:
        """Each `pto.alloc_tile` of `op`'s function at constant bytes: its tile and
        (memory, address, bytes), read once per function (a read of each tile asks for
        the tiles over it: reading them anew each time made a function of many
        placed tiles quadratic, 34 s for a PTOAS sample of 940 allocs)."""
        function = function_of(op)
        found = self._placed_at.get(function)
        if found is None:
            found = self._placed_at[function] = [
                (tile, place) for other in self._placements(op)
                if other.op.name == pto.AllocTile.NAME
                and (place := self._placement(tile := other.op.results[0])) is not None]
        return found

    def _placement(self, value: ir.Value) -> tuple[str, int, int] | None:
        """(memory, constant address, bytes) of the `pto.alloc_tile` giving `value`; None
        for any other value, an address no constant, or a malformed alloc."""
        owner = _owner(value)
        if owner is None or owner.name != pto.AllocTile.NAME or len(owner.results) != 1:
            return None
        try:
            buf = pto.tile_buf(value.type)
            addr = self._read_op(pto.AllocTile, owner).groups.get("addr")
            start = self.fact(addr[0]).constant if addr and buf is not None else None
            return None if start is None or buf is None else \
                (buf.loc, start, tile_bytes(buf, owner.location, f"'{owner.name}'"))
        except (MalformedOp, OpaqueSyntaxError, Refusal):
            return None  # its own check reports it

    def _check_nd_transfer(self, op: ir.Operation) -> None:
        """An A2/A3 transfer of an ND view (_nd_transfer_operands): the tile's valid region
        inside the window it moves (nd_window.check_nd_valid_inside; the window is inside
        its view: _check_nd_partition) and the addressing rules (_check_nd_addressing);
        of a DN view, _check_dn_transfer. A5's transfers are other instructions, which the
        model does not describe."""
        if self.backend != "a2a3":
            return
        found = self._nd_transfer_operands(op)
        if found is None:
            self._check_memref_acc_store(op)
            return
        if found.window.column_major:
            self._check_dn_transfer(op, found)
            return
        check_nd_window_fits_tile(found.window.sizes, found.buf, found.is_load, op.location,
                                  f"'{op.name}'", self.proofs)
        moved = nd_valid_extents_moved(found.is_load, found.buf)
        if moved != (False, False):
            valid = self._nd_valid_extents(op, found)
            check_nd_valid_inside(valid, moved, found.window.sizes, op.location,
                                  f"'{op.name}'", self.proofs)
            if moved == BURSTS:
                check_nd_bursts_match(valid, found.is_load, found.window.sizes, op.location,
                                      f"'{op.name}'", self.proofs)
        elif found.is_load and found.buf.loc == "mat" and found.buf.slayout != "none_box":
            self._check_nd2nz_writes_valid(op, found)
        self._check_nd_addressing(op, found)

    def _check_nd2nz_writes_valid(self, op: ir.Operation, found: _NdTransfer) -> None:
        """An ND -> NZ load into a boxed Mat tile (TLoadGm2L1Nd2nz) writes the partition's
        rows and columns, not the tile's valid region: every valid row and column lies
        inside them (nd_window.check_nd_load_writes_valid)."""
        sizes = found.window.sizes
        valid = self._nd_valid_extents(op, found)
        for (fact, value), stacked, name in zip(valid, (sizes[:-1], sizes[-1:]),
                                                ("rows", "columns"), strict=True):
            check_nd_load_writes_valid(fact, value, stacked, name, op.location,
                                       f"'{op.name}'", self.proofs)

    def _check_dn_transfer(self, op: ir.Operation, found: _NdTransfer) -> None:
        """An A2/A3 transfer of a DN view (stated, or one PTOAS may infer): a column-major
        Vec tile's valid region inside the window, moved column by column, its valid rows
        the window's (nd_window.check_nd_bursts_match, column_major). Other tiles (a
        DN -> zN load into Mat, PyPTO's transposed operand) are other instructions, not
        described here, as for ND."""
        buf = found.buf
        if found.is_load and buf.loc == "mat":
            self._check_dn_mat_load(op, found)
            return
        if buf.loc != "vec" or buf.blayout != "col_major" or buf.slayout != "none_box":
            return
        valid = self._nd_valid_extents(op, found)
        check_nd_valid_inside(valid, (True, True), found.window.sizes, op.location,
                              f"'{op.name}'", self.proofs)
        check_nd_bursts_match(valid, found.is_load, found.window.sizes, op.location,
                              f"'{op.name}'", self.proofs, column_major=True)

    def _nd_transfer_operands(self, op: ir.Operation) -> _NdTransfer | None:
        """The tload/tstore's tile and ND or DN window (of a view no pto.make_tensor_view
        here gives, `_unseen_nd_window`); None for any other transfer (of an NZ view, which
        the NZ rules check, a memref) or a malformed one (not this pass's where it is ND)."""
        is_load = op.name == pto.TLoad.NAME
        if self._of_an_nz_view(op.operands, _GM_TRANSFERS[op.name]):
            return None
        op_view = self._read_checked_op(pto.TLoad if is_load else pto.TStore, op) \
            if op.name != _TSTORE_FP else self._read_table_op(op)
        if op_view is None:
            return None
        gm, tile = (("src", "dst") if is_load else ("dst", "src"))
        if len(op_view.groups[gm]) != 1 or len(op_view.groups[tile]) != 1:
            return None
        gm_value, tile_value = op_view.groups[gm][0], op_view.groups[tile][0]
        if isinstance(gm_value.type, ir.MemRefType):
            memref_layout.check_local_memref_tile(op, gm_value, tile_value)
            window = self._memref_window(op, gm_value)
        else:
            window = _nd_window_of(gm_value, self.attrs, self._read_op) or \
                self._unseen_nd_window(gm_value)
        if window is None:
            return None
        buf = opaque_refusal(op.location, lambda: pto.tile_buf(tile_value.type))
        return None if buf is None else _NdTransfer(is_load, tile, tile_value, buf, window)

    def _unseen_nd_window(self, value: ir.Value) -> _NdWindow | None:
        """The window of an ND or DN transfer whose view no pto.make_tensor_view here gives
        (a function argument, an scf.if or scf.for result, a call's, a partition of one of
        those): its sizes, the partition's operands where a pto.partition_view here makes
        it, else its type's dims (PTOAS's GlobalTensor takes the static ones from the
        type; None, any size, for a `?`); its strides unknown (None). The rules of its
        sizes against the tile then still hold (found by red team: a 32 x 128 partition
        that an scf.if yields, or that a function takes, loaded into a 16-row Vec tile
        was accepted: every ND rule had been skipped). None for anything else: a memref,
        an NZ view (the NZ rules refuse one they cannot see), a view of rank below 2, a
        malformed op."""
        if not isinstance(value.type, ir.OpaqueType):
            return None  # a memref: _memref_window
        vt = opaque_refusal(value_location(value), lambda: pto.view_type(value.type))
        owner = _owner(value)
        if vt is None or (owner is not None and owner.name == pto.MakeTensorView.NAME):
            return None  # not a view, or one _nd_window_of reads (malformed, or NZ)
        sizes: tuple[NdSize, ...] = tuple(vt.dims)
        if owner is not None and owner.name == pto.PartitionView.NAME:
            partition = self.partition(owner)
            if partition is None or len(partition.groups["source"]) != 1 or \
                    _is_made_view(partition.groups["source"][0]):
                return None  # malformed, or a partition of a view _nd_window_of reads
            sizes = tuple(partition.groups["sizes"])
        layout = self.layout_of_source(value)
        if layout not in ("nd", "dn") or len(sizes) < 2 or self._may_carry_nz(value):
            return None
        return _NdWindow(None, sizes, layout == "dn")

    @staticmethod
    def _memref_window(op: ir.Operation, value: ir.Value) -> _NdWindow | None:
        """The window of a GM memref a transfer moves ND or DN: its type's dims and strides,
        which PTOAS's EmitC builds the GlobalTensor of (found by red team: a GM memref
        transfer was held to no ND rule, so a 64x64 memref loaded into a 16x16 tile was
        accepted); None for an NZ one (_check_memref_is_not_nz) or a local one."""
        window = memref_layout.memref_window(op, value)
        if window is None:
            return None
        sizes, strides, layout = window
        return _NdWindow(strides, sizes, layout == "dn")

    def _may_carry_nz(self, value: ir.Value) -> bool:
        """Whether `value` may be an NZ view or partition checked here, through the scf.if
        and scf.for results and iter_args it comes from: its flow there is refused (nz/
        escapes.py), and the transfer is not read again as ND (one root cause, one
        error)."""
        pending, seen = [value], set()
        while pending:
            value = pending.pop()
            if value in seen:
                continue
            seen.add(value)
            owner = _owner(value)
            if owner is not None and owner.name == pto.PartitionView.NAME:
                if self.windows.get(owner) not in (None, _UNCHECKED):
                    return True
            elif owner is not None and owner.name == pto.MakeTensorView.NAME:
                if self.views.get(owner) is not None:
                    return True
            else:
                pending.extend(flow_sources(value) or ())
        return False

    def _note_unseen_strides(self, op: ir.Operation) -> None:
        """A transfer of a view no pto.make_tensor_view here gives moves its window through
        strides the caller chose, which no rule here can read: the caller's contract, a
        warning (an error with strict-bounds), as for the window's bounds. A partition here
        of such a view has had that warning (_note_unseen_nd_view): one per view."""
        gm = op.operands[_LAYOUT_READ_FROM_THE_VIEW[op.name]]
        owner = _owner(gm)
        if owner is not None and owner.name == pto.PartitionView.NAME:
            return
        self.proofs.unbounded(Refusal(op.location, f"'{op.name}' moves a window of a tensor "
                                      "view no pto.make_tensor_view here gives: its strides "
                                      "cannot be checked against what the transfer reads of "
                                      "them (keeping them right is the caller's contract; the "
                                      "strict-bounds option makes this an error)"))

    def _check_dn_mat_load(self, op: ir.Operation, t: _NdTransfer) -> None:
        """An A2/A3 DN load into Mat, the transposed ND load (TLoadGm2L1Dn2zn into a zN
        tile, TLoadGm2L1Dn2dn into a column-major one): the window fits the tile, it moves
        each column as one run from the column's start (the stride down a column,
        strides[-2], is never read: it must be 1), the column stride goes through the
        16-bit srcDValue (at most 65535; the zN load), and the column-major tile's bursts
        count whole 32-byte blocks as TLoadGm2L1Nd2nd's rows do (limits.
        nd_mat_block_problems, rows for columns)."""
        buf, window = t.buf, t.window
        check_nd_window_fits_tile(window.sizes, buf, True, op.location, f"'{op.name}'",
                                  self.proofs)
        if window.strides is None:
            self._note_unseen_strides(op)
            return
        (rows, cols), (down, across) = window.last_two(), window.strides[-2:]
        problems = []
        if rows != 1 and down != limits.ND_INNER_STRIDE:
            problems.append("its stride down a column is "
                            f"{'not a constant' if down is None else down}, not 1: no DN "
                            "transfer reads that stride (pto-isa moves each column as one "
                            "contiguous run of elements)")
        if cols != 1:
            field = limits.nd2nz_row_stride_problem(across, "column stride", "DN->zN")
            problems += [field] if field is not None else []
        if buf.blayout == "col_major" and buf.slayout == "none_box" and buf.cols != 1:
            rows_fact = self._nd_valid_region(op, t).valid_rows
            problems += limits.nd_mat_block_problems(
                tile_element_bytes(buf, op.location, f"'{op.name}'"), rows_fact,
                across if cols != 1 else None, ("rows", "column"))
        if problems:
            raise Refusal(op.location, f"'{op.name}' of a DN view into a mat tile: "
                          f"{'; '.join(problems)}; lay the tensor out column-major with "
                          "stride 1 down a column and columns at most "
                          f"{limits.ND2NZ_MAX_ROW_STRIDE} elements apart (whole "
                          f"{limits.GM_BLOCK_BYTES}-byte blocks into a column-major tile)")

    def _nd_valid_extents(self, op: ir.Operation, t: _NdTransfer
                          ) -> tuple[tuple[Fact, ir.Value | None], tuple[Fact, ir.Value | None]]:
        """The tile's valid (rows, columns), each its fact and the value giving it, as the
        nd_window rules read them (`_nd_valid_region`)."""
        region = self._nd_valid_region(op, t)
        return (region.valid_rows, region.row_value), (region.valid_cols, region.col_value)

    def _nd_valid_region(self, op: ir.Operation, t: _NdTransfer) -> TileRegion:
        """The tile's valid rows and columns: its type's (what pto-isa compiles the
        transfer with), else the operands that set them (valid_region), else, where no
        single operand does (a subview, a set_validshape on another path: the NZ rules'
        refusals, which need the exact region), the tile's own extents, which a valid
        region never exceeds (PTOAS checks it where it is stated, a Tile holds no more)."""
        return self._stated_valid_region(op, t.tile_value, t.tile_group, t.buf)

    def _stated_valid_region(self, op: ir.Operation, value: ir.Value, group: str,
                             buf: pto.TileBuf) -> TileRegion:
        """`_nd_valid_region` of the tile `value` (of type `buf`) in `op`'s `group`."""
        if buf.v_row is not None and buf.v_col is not None:
            return TileRegion(buf, Fact.const(buf.v_row, INDEX_WIDTH),
                              Fact.const(buf.v_col, INDEX_WIDTH), None, None)
        try:
            return self.tile_region(op, value, group, op.name, op.location)
        except Refusal:
            return TileRegion(buf, _stated_or_within(buf.v_row, buf.rows),
                              _stated_or_within(buf.v_col, buf.cols), None, None)

    def _check_acc_store_read(self, op: ir.Operation, value: ir.Value, group: str,
                              buf: pto.TileBuf) -> None:
        """An ND store of an Acc tile (TStoreAccNz2nd, which reads at the pitch too) reads
        what its mads wrote at the pitch they wrote it."""
        rows = (Fact.const(buf.v_row, INDEX_WIDTH) if buf.v_row is not None else
                self.tile_region(op, value, group, op.name, op.location).valid_rows)
        hazards.check_acc_pitch(buf, rows, op.location)
        self._check_mads_wrote(value, self._stated_valid_region(op, value, group, buf),
                               op.location, op.name)

    def _check_transfer_elements(self, op: ir.Operation) -> None:
        """A GM transfer of an ND, DN or memref operand moves the values only for the
        element pairs nz.limits allows. A load gives its tile GM's values only in GM's own
        element type (load_element_problem: every load is a byte copy; found by red team:
        an f32 view loaded into an i32 Vec tile, and an f32 GM memref into an f16 one, were
        accepted, and the tile held bit patterns). A store (store_element_problem): an Acc
        tile's fixpipe converts f32 to f16 or bf16 and writes any other pair's 32-bit L0C
        words as they are; a quantised one (an fp or preQuantScalar operand,
        pto.tstore_fp) converts only the pairs pto-isa quantises; a Vec or Mat tile (or
        memref) is copied byte for byte (found by red team: an f32 Acc tile into an i32
        view, an i32 one into f16, and an f32 Vec tile into i32 were accepted, and GM got
        bit patterns). The Acc pairs are A2/A3's (A5's fixpipe is not modelled); a transfer
        of an NZ view is the NZ rules' (_check_load_element_type, _check_store_f32)."""
        gm_index = _GM_TRANSFERS[op.name]
        if self._of_an_nz_view(op.operands, gm_index) or len(op.operands) <= gm_index or \
                _element_change(_owner(op.operands[gm_index])) is not None:
            return  # the NZ rules', or one root cause, one error: the view's
        sides = self._transfer_sides(op)
        if sides is None:
            return
        if op.name == pto.TLoad.NAME:
            why = limits.load_element_problem(sides.gm_element, sides.tile_element)
            if why is None:
                return
            raise Refusal(op.location, f"'{op.name}' of GM of {sides.gm_element} into a tile "
                          f"of {sides.tile_element} (loc={sides.space}): {why}; load into a "
                          f"tile of dtype={sides.gm_element} and convert it there (pto.tcvt)")
        if sides.space == "acc" and self.backend != "a2a3":
            return
        groups = sides.op_view.groups
        quantised = op.name == _TSTORE_FP or any(groups.get(group)
                                                  for group in ("fp", "preQuantScalar"))
        why = limits.store_element_problem(sides.space, sides.tile_element, sides.gm_element,
                                           quantised)
        if why is None:
            return
        raise Refusal(op.location, f"'{op.name}' of a tile of {sides.tile_element} "
                      f"(loc={sides.space}) into GM of {sides.gm_element}: {why}; store into "
                      "GM of the tile's element type (or, from an f32 Acc tile, f16 or bf16)")

    def _transfer_sides(self, op: ir.Operation) -> _TransferSides | None:
        """The tile side (its memory and element type: a tile_buf, or a local memref) and
        the GM element type of the GM transfer `op`; None where the op is malformed or an
        operand is of another type (which its own check reports)."""
        op_view = self._read_table_op(op)
        if op_view is None:
            return None
        tile_group, gm_group = ("dst", "src") if op.name == pto.TLoad.NAME else ("src", "dst")
        tiles, gms = op_view.groups.get(tile_group, []), op_view.groups.get(gm_group, [])
        if len(tiles) != 1 or len(gms) != 1:
            return None
        tile = _tile_element(tiles[0].type, op.location)
        gm_element = _gm_element(gms[0].type, op.location)
        if tile is None or gm_element is None:
            return None
        return _TransferSides(op_view, tile[0], tile[1], gm_element)

    def _check_memref_acc_store(self, op: ir.Operation) -> None:
        """A store of an Acc tile into a GM memref PTOAS takes as ND (an NZ one is
        refused: _check_memref_is_not_nz) reads L0C as into an ND view (found by red team:
        a 16-row mad stored from a 32-row Acc tile into a memref was accepted, every Acc
        rule skipped)."""
        if op.name == pto.TLoad.NAME or len(op.operands) <= _GM_TRANSFERS[op.name] or \
                not isinstance(op.operands[_GM_TRANSFERS[op.name]].type, ir.MemRefType):
            return
        view = self._read_table_op(op)
        tiles = view.groups.get("src", []) if view is not None else []
        buf = opaque_refusal(op.location, lambda: pto.tile_buf(tiles[0].type)) \
            if len(tiles) == 1 else None
        if buf is not None and buf.loc == "acc":
            self._check_acc_store_read(op, tiles[0], "src", buf)

    def _check_nd_addressing(self, op: ir.Operation, t: _NdTransfer) -> None:
        """An A2/A3 ND view's transfer moves the window its strides describe only where
        pto-isa reads them (limits.nd_addressing_problems, limits.nd2nz_row_stride_problem):
        it moves each row as one contiguous run from the row's start, never reading the
        innermost stride, and an ND -> Mat load keeps the row stride in 16 bits (found by
        red team on the pl lowering; hand-written pto IR is held to the same rules). A
        window of one column reads no innermost stride, one of one row no row stride."""
        is_load, buf, window = t.is_load, t.buf, t.window
        if not is_load and buf.loc == "acc":
            self._check_acc_store_read(op, t.tile_value, t.tile_group, buf)
            _check_acc_window_rows(op, window)
        if window.strides is None:
            self._note_unseen_strides(op)
            return
        strides, (rows, cols) = window.strides, window.last_two()
        inner, row = strides[-1], strides[-2]
        problems = []
        if cols != 1:
            problems += (["its innermost stride is not a constant, so not provably 1 (no ND "
                          "transfer reads that stride)"] if inner is None else
                         limits.nd_addressing_problems(buf.loc, inner, row if rows != 1 else None,
                                                       cols or buf.cols))
        if is_load and buf.loc == "mat" and rows != 1:
            field = limits.nd2nz_row_stride_problem(row)
            problems += [field] if field is not None else []
        if is_load and nd_valid_extents_moved(is_load, buf) == BURSTS and buf.loc == "mat" \
                and buf.rows != 1:
            valid_cols = self._nd_valid_region(op, t).valid_cols
            problems += limits.nd_mat_block_problems(
                tile_element_bytes(buf, op.location, f"'{op.name}'"),
                valid_cols, row if rows != 1 else None)
        if problems:
            raise Refusal(op.location, f"'{op.name}' between an ND view and a {buf.loc} tile: "
                          f"{'; '.join(problems)}; lay the tensor out with innermost stride 1 "
                          "and rows at least a window wide apart (for a load into Mat, at most "
                          f"{limits.ND2NZ_MAX_ROW_STRIDE} elements apart, and into an ND Mat "
                          f"tile rows and row strides of whole {limits.GM_BLOCK_BYTES}-byte "
                          "blocks)")
        self._check_nd_fields(op, t)

    def _check_nd_fields(self, op: ir.Operation, t: _NdTransfer) -> None:
        """An A2/A3 ND burst transfer (TLoadGm2ubNd2nd, TLoadGm2L1Nd2nd, TStoreUb2gmNd2nd)
        whose fields hold its window for every value its sizes and strides may take
        (limits.nd_burst_field_problems, the rule the byte model runs: uint32 leading
        offsets, the 12-bit burst count, the uint32 Vec gap), and, where the row stride is
        not a constant, whose rows do not overlap (limits.nd_addressing_problems at the
        fewest row stride). A bound only the width gives (nothing bounds the value) is the
        caller's contract, as for a window's bounds: a warning, an error with strict-bounds
        (found by red team: an f32 view of row stride 2^30 + 64 read row 1 from right
        after row 0; a [5, 1, 2^30] i8 view read batch 4 as batch 0; 4096 rows moved none)."""
        buf = t.buf
        if nd_valid_extents_moved(t.is_load, buf) != BURSTS or not t.window.stride_values:
            return
        # check_nd_window_fits_tile holds the window inside the tile (leading axes stacked
        # as rows), refused or, unproved, the caller's contract already.
        rooms = [buf.rows] * (len(t.window.sizes) - 1) + [buf.cols]
        sizes = [size_fact(self.proofs, size).intersect(Fact.make(0, room, 1, INDEX_WIDTH))
                 for size, room in zip(t.window.sizes, rooms, strict=True)]
        strides = [self.fact(value) for value in t.window.stride_values]
        element_bytes = tile_element_bytes(buf, op.location, f"'{op.name}'")
        worst = _nd_field_problems(buf.loc, sizes, strides, element_bytes, closed_only=False)
        if not worst:
            return
        proved = _nd_field_problems(buf.loc, sizes, strides, element_bytes, closed_only=True)
        refusal = Refusal(op.location, f"'{op.name}' between an ND view and a {buf.loc} tile: "
                          f"{'; '.join(proved or worst)}; keep each leading index's offset "
                          "below 2^32 elements, at most "
                          f"{limits.ND_BURST_MAX_ROWS} rows per leading index, and a row "
                          "stride at least the window's columns and less than 4 GiB past "
                          "them" + ("" if proved else " (bound the strides: nothing here does; "
                                    "the strict-bounds option makes this an error)"))
        if proved:
            raise refusal
        self.proofs.unbounded(refusal)

    def _of_an_nz_view(self, operands: ir.OpOperandList, index: int) -> bool:
        """Whether operand `index` is an NZ view checked already, or a partition of one:
        the NZ rules have it (a cheap skip of the ND ones, read from the memo)."""
        if len(operands) <= index:
            return False
        owner = _owner(operands[index])
        if owner is not None and owner.name == pto.PartitionView.NAME and len(owner.operands):
            owner = _owner(owner.operands[0])
        return owner is not None and self.views.get(owner) is not None

    def _check_nd_partition(self, op: ir.Operation) -> None:
        """A partition of a view that is not NZ lies inside the view (nd_window, the rule
        convert-pl-to-pto proves its pl windows with: an ND transfer moves its window
        through the strides unchecked; found by red team on hand-written pto, rows 60..75
        of a 64-row view accepted) and starts below 2^32 elements where its own facts say
        so (hazards.check_nd_start_below_u32: only a static view's start is bounded)."""
        if self._of_an_nz_view(op.operands, 0):
            return
        partition = self.partition(op)
        if partition is None or len(partition.groups["source"]) != 1:
            return  # malformed: where it is of an NZ view, the NZ rules report it
        source = partition.groups["source"][0]
        view_op = _owner(source)
        if view_op is None or view_op.name != pto.MakeTensorView.NAME:
            self._note_unseen_nd_view(op, source, view_op)
            return
        try:
            view = self._read_op(pto.MakeTensorView, view_op)
        except MalformedOp:
            return  # an ND view's malformed op is not this pass's
        offsets, sizes = partition.groups["offsets"], partition.groups["sizes"]
        shape, strides = view.groups["shape"], view.groups["strides"]
        if not len(offsets) == len(sizes) == len(shape) == len(strides):
            return  # malformed: PTOAS refuses a partition of another rank
        self._check_nd_types(op, view_op, sizes, shape)
        extents = [_extent_or_value(v) for v in shape]
        check_nd_window_inside(offsets, sizes, extents, op.location, "ND partition",
                               self.proofs)
        if any(not isinstance(e, int) for e in extents) or \
                any(constant_value(v) is None for v in strides):
            return  # a dynamic view's start is the caller's (check_nd_start_below_u32)
        fact = self.fact
        hazards.check_nd_start_below_u32(op.location, [fact(v) for v in offsets],
                                         [fact(v) for v in shape], [fact(v) for v in sizes],
                                         [fact(v) for v in strides])

    def _check_nd_types(self, op: ir.Operation, view_op: ir.Operation,
                        sizes: Sequence[ir.Value], shape: Sequence[ir.Value]) -> None:
        """The ND partition's and its view's result types agree with their operands, in
        rank and in every static dim, as for NZ (found by red team: a partition typed
        32x128 of a run-time size 16, and a view typed 64x128 of shape 128x128, both
        accepted; PTOAS compares only constant operands with the type, and its C++ takes
        the shape from the type, so the device moves what the type says)."""
        for what, group, owner, values in (("ND partition", "size", op, sizes),
                                           ("ND view", "shape", view_op, shape)):
            stated = _result_view_type(owner)
            if stated is None:
                continue
            if len(stated.dims) != len(values):
                raise Refusal(owner.location, f"{what} type {stated.spelling()} is of rank "
                              f"{len(stated.dims)} but has {len(values)} {group} operands: "
                              "the type and the operands of a view must agree; give the type "
                              "the operands' rank")
            _check_type_agrees(owner.location, what, group, stated, values, self.fact)

    def _note_unseen_nd_view(self, op: ir.Operation, source: ir.Value,
                             owner: ir.Operation | None) -> None:
        """A partition of a tensor view no pto.make_tensor_view here describes (a function
        argument, a view an scf.if yields) cannot be proved inside it: the caller's contract,
        said as a warning (an error with strict-bounds), as for any window no bound proves
        (found by red team: rows 60..75 of a 64-row view yielded by scf.if passed silently)."""
        if opaque_refusal(op.location, lambda: pto.view_type(source.type)) is None:
            return  # a memref or another type: not a tensor view
        origin = "a block argument" if owner is None else f"the result of '{owner.name}'"
        self.proofs.unbounded(Refusal(op.location, f"ND partition of a tensor view that is "
                                      f"{origin}: no pto.make_tensor_view here gives its shape, "
                                      "so its window cannot be proved inside it (keeping it "
                                      "inside is the caller's contract; the strict-bounds "
                                      "option makes this an error)"))

    def check_pl_tiles(self, op: ir.Operation) -> None:
        """Every tile a pl op pl-to-pto keeps yields (pl.tile.relu and the other compute
        ops) is held to the rules of a made tile (found by red team: a 1 MiB Vec tile, and
        one of 120-byte rows, yielded by pl.tile.relu were accepted)."""
        for result in op.results:
            self._guard(partial(self._check_result_tile, op, result.type))

    def _check_result_tile(self, op: ir.Operation, type_: ir.Type) -> pto.TileBuf | None:
        """The tile `type_` is, held to its layout and memory rules (once per tile type:
        they read nothing else); None when it is no tile."""
        buf = opaque_refusal(op.location, lambda: pto.tile_buf(type_))
        if buf is not None and buf not in self._good_tiles:
            what = f"'{op.name}'"
            check_tile_layout(buf, op.location, what)
            check_tile_fits(buf, self.backend, op.location, what)
            self._good_tiles.add(buf)
        return buf

    def _check_made_tile(self, op: ir.Operation) -> None:
        """A tile a `pto.alloc_tile` or a pl op (pl.FRESH_TILE_OPS: pl-to-pto keeps
        pl.tile.zeros and the matmuls) makes is a layout PTOAS and pto-isa build, whole
        inner boxes, and lies inside its local memory (nz/tile_rules.py): one past the end
        overlaps or faults, whatever the transfers' rules prove (found by red team: a
        128x512 f32 pl.tile.zeros, 256 KiB against a 128 KiB L0C, was accepted). An
        alloc's `addr`, when given, is proved by the offset analysis; an unbounded one is
        refused."""
        if len(op.results) != 1:
            return  # malformed: its users report it
        buf = self._check_result_tile(op, op.results[0].type)
        if buf is None:
            return  # not a tile (a pl op of pl IR), or malformed: its users report it
        what = f"'{op.name}'"
        if op.name != pto.AllocTile.NAME:
            self.note_memory(op)  # a pl op's tile, which no flow follows
            if op.name in MATMUL_ROLES:
                self._check_pl_matmul(op)
            return
        # Most allocations have no operands (no addr, no valid extent), read without a
        # view; a malformed one is refused by the read.
        groups = self._read_op(pto.AllocTile, op).groups if len(op.operands) else {}
        _check_alloc_operands(op, buf, groups)
        addr = groups.get("addr")
        if not addr:
            self._planned.setdefault(buf.loc, op)  # the first tile left to the planner
            self._planned_tiles.append(PlacedTile(
                op, buf.loc, 0, tile_bytes(buf, op.location, what),
                valid=self._alloc_valid_region(buf, groups), planned=True))
            return
        fact = self.fact(addr[0])
        check_tile_fits(buf, self.backend, op.location, what, (fact.lo, fact.hi))
        # An address bounded but not fixed may put the tile anywhere in its range.
        self._placed.append(PlacedTile(op, buf.loc, fact.lo,
                                       fact.hi + tile_bytes(buf, op.location, what),
                                       fact.constant is None,
                                       self._alloc_valid_region(buf, groups)))

    def _alloc_valid_region(self, buf: pto.TileBuf, groups: dict[str, list[ir.Value]]
                            ) -> tile_overlap.Region | None:
        """The valid region an alloc gives its tile, as the tile-overlap rule reads it:
        its operands' (a constant, or a value at most its bound), else its type's."""
        extents = []
        for operands, stated, size in ((groups.get("valid_row"), buf.v_row, buf.rows),
                                       (groups.get("valid_col"), buf.v_col, buf.cols)):
            if operands:
                given = ValidExtent(self.fact(operands[0]), operands[0], None)
                extents.append(_overlap_extent(given, size))
            else:
                extents.append(None if stated is None else (None, stated))
        rows, cols = extents
        return None if rows is None or cols is None else (rows, cols)

    def check_tiles_written(self, ops: list[ir.Operation]) -> None:
        """No op reads a local tile that nothing in its function writes: it would move what
        the memory held before as data (nz/tile_writes.py; found by red team: a
        pto.tstore of an Acc tile no mad wrote, of a Vec tile no load filled)."""
        def read_groups(op: ir.Operation) -> pto.PtoOp | None:
            return self._read_op(pto.table_op, op)
        if self._call_access is None:  # what each call reads and writes of its tiles
            self._call_access = CallAccess(self.module, read_groups)
        facts = tile_writes.ReadFacts(read_groups, self._tiles_placed_over, self._call_access,
                                      self._valid_extents)
        walk = tile_writes.walked(ops, facts)
        self.refusals.extend(tile_writes.unwritten_reads(ops, facts, walk))
        # (and no op reads a source past its valid region over a destination's)
        self.refusals.extend(tile_writes.narrower_sources(ops, facts, walk))

    def check_unmodelled_writes(self, ops: list[ir.Operation], names: list[str]) -> None:
        """No move, mad, store or push reads a boxed tile an op may have written in a way
        no rule here models (tile_rules.boxed_operands_taken): an unknown op, an scf op
        the flows do not follow, a table op outside `_FOLLOWED_ON_BOXED`."""
        for op, name in zip(ops, names, strict=True):
            if name in _FOLLOWED_ON_BOXED or name.startswith("arith.") or not len(op.operands):
                continue
            for tile, buf in boxed_operands_taken(op, _FOLLOWED_ON_BOXED, self._read_table_op):
                reader = self._boxed_reader(op, tile)
                if reader is not None:
                    self._guard(partial(check_unmodelled_boxed_write, op, tile, buf, reader))
                    break

    def _boxed_reader(self, writer: ir.Operation, tile: ir.Value) -> ir.Operation | None:
        """An op of `_BOXED_READERS` other than `writer` reading a tile of `tile`'s buffer
        (its relabels, the values scf.for / scf.if carry it as), or None."""
        seen, todo = {tile}, [tile]
        while todo:
            value = todo.pop()
            for near in self._same_buffer(value):
                if near not in seen:
                    seen.add(near)
                    todo.append(near)
            for use in value.uses:
                user = use.owner.operation
                if user != writer and user.name in _BOXED_READERS and \
                        self._reads_operand(user, value):
                    return user
        return None

    def _same_buffer(self, value: ir.Value) -> list[ir.Value]:
        """The values that name `value`'s buffer one step away: a relabel's source and
        results, a multi-buffer and its slots, the tiles placed over its bytes (constant
        addresses), the values scf.for and scf.if carry it as (both ways), a function's
        argument and what its calls pass (both ways: found by red team, a callee writing
        its boxed tile argument with pto.texpands, the caller then extracting it)."""
        near = list(flow_sources(value) or ())
        function = function_of_argument(value)
        if function is not None:
            index = typing.cast(ir.BlockArgument, value).arg_number
            near.extend(call.operands[index] for call in self._calls_of(function)
                        if index < len(call.operands))
        owner = _owner(value)
        if owner is not None and owner.name in TILE_RELABELS:
            view = self._read_table_op(owner)
            near.extend(view.groups.get(TILE_RELABELS[owner.name][0], ()) if view else ())
        elif owner is not None and owner.name == pto.MULTI_TILE_GET and len(owner.operands):
            near.append(owner.operands[0])  # every slot of it: a slot may be any of them
        elif owner is not None and owner.name == pto.AllocTile.NAME:
            near.extend(self._tiles_placed_over(value))  # its bytes under another name
        for use in value.uses:
            user = use.owner.operation
            near.extend(aliases_through_use(user, use.operand_number))
            if user.name in TILE_RELABELS or user.name == pto.MULTI_TILE_GET:
                near.extend(user.results)
            callee = self._callee(user)
            if callee is not None and use.operand_number < len(callee.arguments):
                near.append(callee.arguments[use.operand_number])
        return near

    def _function_table(self) -> dict[str, tuple[ir.Block | None, list[ir.Operation]]]:
        """By qualified name (`qualified_name`: a callee names a function only inside its
        nearest module, as CallAccess resolves it): its entry block (None: a declaration)
        and the func.calls of it in the module, read once."""
        if self._functions is None:
            table: dict[str, tuple[ir.Block | None, list[ir.Operation]]] = {}
            for function in functions(self.module):
                blocks = function.regions[0].blocks
                table[qualified_name(function)] = (blocks[0] if len(blocks) else None, [])
            for function in functions(self.module):
                for op in nested_ops(function):
                    name = _called_name(op)
                    if name in table:
                        table[name][1].append(op)
            self._functions = table
        return self._functions

    def _calls_of(self, function: ir.Operation) -> list[ir.Operation]:
        return self._function_table().get(qualified_name(function), (None, []))[1]

    def _callee(self, op: ir.Operation) -> ir.Block | None:
        """The entry block of the function the func.call `op` calls, if it has a body."""
        name = _called_name(op)
        return self._function_table().get(name, (None, []))[0] if name else None

    def _reads_operand(self, op: ir.Operation, value: ir.Value) -> bool:
        view = self._read_table_op(op)
        return view is None or any(value in values and reads_group(op.name, group)
                                   for group, values in view.groups.items())

    def _valid_extents(self, op: ir.Operation, tile: ir.Value
                       ) -> tile_writes.ValidExtents | None:
        """The valid region of `tile` at `op`; where valid_region finds none (a view's
        tile), the one its type states, else None."""
        try:
            return tile_writes.region_extents(self._operand_region(op, tile))
        except (Refusal, MalformedOp):
            return tile_writes.stated_extents(op, tile)

    def _writes_tile(self, op: ir.Operation, tile: ir.Value) -> bool:
        """Whether pto op `op` may write `tile` first, by the op table
        (tile_writes.writes_tile); an op the table does not define, or a malformed one, may."""
        view = self._read_table_op(op)
        return view is None or tile_writes.writes_tile(view, tile)

    def _tiles_placed_over(self, value: ir.Value) -> list[ir.Value]:
        """The tiles of the other allocs of the function placed over some or all of the
        bytes of the one giving `value` (constant addresses)."""
        return [*self._tiles_at_same_bytes(value), *self._tiles_over(value)]

    def check_placements(self) -> None:
        """No placed tile (at constant bytes, or anywhere in the range a bounded address
        gives) may be read after an overlapping one was written over it since its own
        last write (nz/tile_overlap.py), and no tile after a call of a function taking
        local memory wrote over it; then forget the placements."""
        placed, self._placed = self._placed, []
        planned_tiles, self._planned_tiles = self._planned_tiles, []
        other_memory, self._other_memory = self._other_memory, []
        calls, self._calls = self._calls, []
        planned, self._planned = self._planned, {}
        reserved, self._reserved = self._reserved, []
        self._guard(lambda: check_placed_or_planned(placed, planned))
        if placed and reserved:
            self._guard(lambda: check_reserved_buffers(placed, reserved))
        holders = [*other_memory, *(buffer.op for buffer in reserved)]
        # A tile the function is given may be handed on to a call: every call is read.
        calls = self._clobbering_calls(calls) if calls else []
        if calls:
            self._guard(lambda: check_no_tile_passed(calls))
        if calls and holders:
            self._guard(lambda: check_no_memory_across_calls(holders, calls))
        if len(placed) < 2 and not (calls and (placed or planned_tiles)):
            return
        facts = tile_overlap.ProgramFacts(
            lambda op: self._read_op(pto.table_op, op),
            lambda value: self.fact(value).constant, self._valid_region_at,
            partial(linear_form, self.analysis))
        # The overlap walk reads the tile types of every op it meets (a subview's
        # result among them): one that does not read is a malformed op, refused at the
        # first tile the walk follows, not an internal error (found by the fuzz profile).
        if len(placed) > 1 or (placed and calls):
            self._guard(lambda: opaque_refusal(placed[0].op.location, lambda:
                                               check_no_clobbered_reads(placed, facts, calls)))
        if planned_tiles and calls:
            self._guard(lambda: opaque_refusal(planned_tiles[0].op.location, lambda:
                                               check_planned_across_calls(planned_tiles, facts,
                                                                          calls)))

    def _valid_region_at(self, op: ir.Operation, value: ir.Value
                         ) -> tile_overlap.Region | None:
        """The valid region of tile `value` at `op` (nz/valid_region.py): each extent a
        constant, or a value at most its bound; None where no one region is known."""
        buf = pto.tile_buf(value.type)
        if buf is None:
            return None
        try:
            region = valid_region(op, value, buf, self.analysis, self.alloc,
                                  self.sets_valid_shapes)
        except (Refusal, MalformedOp):
            return None
        rows = _overlap_extent(region.rows, buf.rows)
        cols = _overlap_extent(region.cols, buf.cols)
        return None if rows is None or cols is None else (rows, cols)

    def _check_layout_is_the_views(self, op: ir.Operation) -> None:
        """PTOAS reads a `layout` stated on a partition or a transfer (attribute or
        property, or in the partition's type) over the view's (InferPTOLayout keeps it,
        EmitC reads it first), so an ND view loaded "as nz" would move NZ->NZ what no NZ
        rule checked, and an NZ view partitioned "as nd" read fractals as rows (found by
        red team). Every rule here reads the view's layout: any other must be the same."""
        attr = op.attributes.get("layout")  # by name: properties too
        stated = _layout_named(op, attr) if attr is not None else None
        result = _result_view_type(op) if op.name == pto.PartitionView.NAME else None
        layouts = [layout for layout in (stated, result.layout if result else None) if layout]
        index = _LAYOUT_READ_FROM_THE_VIEW[op.name]
        if not layouts or len(op.operands) <= index:
            return  # nothing stated (nearly every op), or malformed (its own check says so)
        if isinstance(op.operands[index].type, ir.MemRefType):
            return  # a GM memref: _check_memref_is_not_nz reads its layout as PTOAS does
        source = self.layout_of_source(op.operands[index])
        for layout in layouts:
            if layout == source:
                continue
            raise Refusal(op.location, f"'{op.name}' states layout {layout}, but the "
                          f"pto.make_tensor_view its data comes from is {source} (where no "
                          "view is in sight, the layout its type states, nd by default): "
                          "PTOAS reads the layout stated here over the view's, which is the "
                          "one nzpass checks; state the layout on a pto.make_tensor_view "
                          "only (rank 5 for NZ)")

    def layout_of_source(self, value: ir.Value) -> str:
        """The layout of the make_tensor_view a partition or view value comes from (the
        one PTOAS moves its bytes in); of a value no such op defines here (a function
        argument), the one its type states, ND by default, as every rule here reads it."""
        owner = _owner(value)
        if owner is not None and owner.name == pto.PartitionView.NAME and owner.operands:
            value = owner.operands[0]
            owner = _owner(value)
        if owner is not None and owner.name == pto.MakeTensorView.NAME:
            return view_layout(owner, self.attrs(owner), _result_view_type(owner))[0]
        return _unseen_view_layout(value) or "nd"

    def nz_view(self, op: ir.Operation) -> object:
        """The make_tensor_view's _NzView, None when it is not NZ, _REFUSED when
        its rules fail; checked once, however many users ask."""
        if op not in self.views:
            hint = _blocking_hint(self.pl_derived)
            view = self.views[op] = self._guard(lambda: _check_make_view(op, self.attrs(op), hint,
                                                                         self.analysis))
            if isinstance(view, _NzView):
                self.bases.note_view(view.base, view.geometry(), op.location)
                self._guard(lambda: self._check_uses(op, "an NZ view"))
        return self.views[op]

    def _check_uses(self, op: ir.Operation, what: str) -> None:
        """The NZ result of `op` must reach a transfer only through checked ops."""
        escapes.check_nz_uses_checked(op.results[0], what, self._read_op)

    def _read_op(self, cls: Callable[[ir.Operation, dict[str, ir.Attribute]], _ViewT],
                 op: ir.Operation) -> _ViewT:
        """`cls(op, attrs)`, the op's operand groups as `cls` reads them, built once per
        op and reader: the rules of one op, and the checks of its users, read it again
        and again (the IR does not change while the pass runs). A malformed op raises
        its error at every read, as it did when built."""
        key = (cls, op)
        view = self._read.get(key, _UNCHECKED)
        if view is _UNCHECKED:
            try:
                view = cls(op, self.attrs(op))
            except MalformedOp as err:
                view = err
            self._read[key] = view
        if isinstance(view, MalformedOp):
            raise MalformedOp(view.location, view.message, view.notes)
        return typing.cast(_ViewT, view)

    def _read_checked_op(self, cls: type[_PtoOpT], op: ir.Operation) -> _PtoOpT | None:
        """The op's operand groups as `cls` reads them; None when malformed (the op's
        own check, or its user's, reports it)."""
        try:
            return self._read_op(cls, op)
        except MalformedOp:
            return None

    def _read_table_op(self, op: ir.Operation) -> pto.PtoOp | None:
        """The op's operand groups by its definition in the op table; None when malformed
        (PTOAS refuses it) or not a pto op."""
        try:
            return self._read_op(pto.table_op, op)
        except MalformedOp:
            return None

    def partition(self, op: ir.Operation) -> pto.PartitionView | None:
        """The partition_view's operand groups; None when malformed, which the
        partition's own check reports (once)."""
        return self._read_checked_op(pto.PartitionView, op)

    def source_view(self, value: ir.Value, loc: ir.Location) -> object:
        """The NZ view a partition's source is: _NzView, _UnresolvedView, None
        (not NZ) or _REFUSED."""
        owner = _owner(value)
        if owner is not None and owner.name == pto.MakeTensorView.NAME:
            return self.nz_view(owner)
        if owner is not None and owner.name == pto.PartitionView.NAME:
            inner = self.partition(owner)
            if inner is None or len(inner.groups["source"]) != 1:
                return None
            if self.source_view(inner.groups["source"][0], loc) is None:
                return None
            raise Refusal(loc, "'pto.partition_view' of a 'pto.partition_view' of an NZ view: "
                          "the hardware model addresses a partition of the view itself; take "
                          "the partition of the pto.make_tensor_view directly, adding the "
                          "offsets")
        vt = opaque_refusal(loc, lambda: pto.view_type(value.type))
        if vt is None or _unseen_view_layout(value) != "nz":
            return None
        origin = ("a block argument" if owner is None else f"the result of '{owner.name}'")
        return _UnresolvedView(vt.element, _c0(vt.element, loc), origin)

    def groups_if_nz(self, cls: type[_PtoOpT], op: ir.Operation) -> _PtoOpT | None:
        """The op's operand groups. A malformed op is reported only when one of its
        operands is an NZ view: ND IR is none of this pass's business."""
        try:
            return self._read_op(cls, op)
        except MalformedOp:
            if any(_is_nz_value(v) for v in op.operands):
                raise
            return None

    # ------------------------------------------------------------ partitions

    def partition_window(self, op: ir.Operation) -> object:
        """The partition's GmWindow (checked once), None when it is not of an NZ
        view, _REFUSED when a rule fails or its view cannot be resolved."""
        window = self.windows.get(op, _UNCHECKED)
        if window is _UNCHECKED:
            window = self.windows[op] = self._guard(lambda: self._check_partition(op))
            if window is _REFUSED:
                self._refused_windows[op] = window
            elif isinstance(window, (GmWindow, _UnresolvedView)):
                self._guard(lambda: self._check_uses(op, "an NZ partition"))
        return window

    def _check_partition(self, op: ir.Operation) -> object:
        partition = self.partition(op) or self.groups_if_nz(pto.PartitionView, op)
        if partition is None:
            return None
        # PTOAS reads the strides of a made view only (nz/escapes.py), whatever its layout.
        escapes.check_partition_source_made(op, _single(partition, "source"))
        view = self.source_view(_single(partition, "source"), partition.location)
        if view is None or view is _REFUSED:
            return view
        assert isinstance(view, (_NzView, _UnresolvedView))
        result = _result_view_type(op)
        offsets, sizes = partition.groups["offsets"], partition.groups["sizes"]
        facts = _PartitionFacts(
            op.location, view.c0, tuple(constant_value(v) for v in offsets),
            tuple(constant_value(v) for v in sizes),
            len(result.dims) if result else None, _blocking_hint(self.pl_derived))
        for rule in _PARTITION_RULES:
            rule(facts)
        _check_integer_operands(op.location, "'pto.partition_view'", offsets + sizes,
                                self.analysis.width)
        if result is not None:
            _check_type_agrees(op.location, "NZ partition", "size", result, sizes, self.fact)
            _check_same_element(op.location, "'pto.partition_view' result", result.element,
                                view.element)
        if isinstance(view, _UnresolvedView):
            return view
        window = GmWindow(op.location, "NZ partition", view.element, view.c0, view.extents,
                          view.strides, tuple(self.fact(v) for v in offsets),
                          tuple(self.fact(v) for v in sizes), tuple(sizes), tuple(offsets),
                          view.shape_values)
        hazards.check_inside_view(window, self.analysis, self.strict_bounds, self.warnings)
        hazards.check_start_below_u32(window, self.strict_bounds, self.warnings)
        return window

    # ------------------------------------------------------------ transfers

    def window_of(self, value: ir.Value, loc: ir.Location) -> object:
        """The GmWindow a tload/tstore moves: its partition's, or the whole view's."""
        owner = _owner(value)
        if owner is not None and owner.name == pto.PartitionView.NAME:
            return self.partition_window(owner)
        if owner is not None and owner.name == pto.MakeTensorView.NAME:
            view = self.nz_view(owner)
            if not isinstance(view, _NzView):
                return view
            zero = Fact.const(0, INDEX_WIDTH)
            return GmWindow(loc, "NZ view loaded whole (no pto.partition_view)", view.element,
                            view.c0, view.extents, view.strides, (zero,) * NZ_RANK,
                            view.extents, view.shape_values, (None,) * NZ_RANK,
                            view.shape_values)
        return self.source_view(value, loc)

    def _check_transfer(self, op: ir.Operation, cls: type[pto.PtoOp], view_group: str,
                        tile_group: str, rules: Sequence[Callable[[_Transfer], None]]) -> None:
        op_view = self.groups_if_nz(cls, op)
        if op_view is None:
            return
        loc = op_view.location
        window = self.window_of(_single(op_view, view_group), loc)
        if isinstance(window, _UnresolvedView):
            raise Refusal(loc, f"'{cls.NAME}' of an NZ view that is {window.origin}: its shape "
                          "and strides are not visible here, so neither the view's rules nor "
                          "the transfer's bounds and GM gap can be proved; make the view with "
                          "pto.make_tensor_view in this function (constant strides)")
        if not isinstance(window, GmWindow):
            return
        if cls is pto.TStore:
            self._check_plain_store(op, loc)
        else:
            assert isinstance(op_view, pto.TLoad)
            hazards.check_plain_nz_load(op_view, loc)
        tile_value = _single(op_view, tile_group)
        if _owner(tile_value) in self._refused_allocs:
            return  # one root cause, one error
        tile = self.tile_region(op, tile_value, tile_group, cls.NAME, loc)
        transfer = _Transfer(loc, window, tile, self.backend, self.analysis)
        for rule in rules:
            rule(transfer)
        if cls is pto.TStore:
            self._check_mads_wrote(tile_value, tile, loc)

    def _check_plain_store(self, op: ir.Operation, loc: ir.Location) -> None:
        """The counterpart of the blocking passes' rule, on every attribute the
        store carries that PTOAS can read (its dictionary, its defined properties)."""
        hazards.check_plain_nz_store(self._read_op(pto.TStore, op), loc)

    def tile_region(self, op: ir.Operation, value: ir.Value, group: str, verb: str,
                    loc: ir.Location) -> TileRegion:
        buf = opaque_refusal(loc, lambda: pto.tile_buf(value.type))
        if buf is None:
            raise MalformedOp(loc, f"'{verb}' op with an NZ view needs a !pto.tile_buf {group} "
                              f"operand, got {value.type}")
        region = valid_region(op, value, buf, self.analysis, self.alloc, self.sets_valid_shapes)
        return TileRegion(buf, region.rows.fact, region.cols.fact, region.rows.value,
                          region.cols.value)

    def alloc(self, op: ir.Operation) -> pto.AllocTile | None:
        return self._read_checked_op(pto.AllocTile, op)


def _joined_extent(extents: list[ValidExtent]) -> ValidExtent:
    """The valid extent a tile has when it is one of tiles of `extents`: theirs where they
    are one, else the hull of their facts (no one value gives it)."""
    first = extents[0]
    if all(_same_extent(extent, first) for extent in extents):
        return first
    lo = min(extent.fact.lo for extent in extents)
    hi = max(extent.fact.hi for extent in extents)
    return ValidExtent(Fact.make(lo, hi, 1, INDEX_WIDTH), None, None)


def _same_extent(a: ValidExtent, b: ValidExtent) -> bool:
    """One fact, given by one value (or by no value: a type's): the bindings' values
    compare only with values."""
    if a.fact != b.fact or (a.value is None) != (b.value is None):
        return False
    return a.value is None or a.value == b.value


def _slot_tile(op: ir.Operation) -> tuple[pto.TileBuf, int] | None:
    """(the tile, how many side by side) an op making tiles gives: a multi-buffer's slot
    and count, else its one tile; None for a malformed op. OpaqueSyntaxError for a type
    that does not read."""
    if len(op.results) != 1:
        return None
    type_ = op.results[0].type
    if op.name == pto.ALLOC_MULTI_TILE:
        return multi_tile_slots(type_)
    buf = pto.tile_buf(type_)
    return (buf, 1) if buf is not None else None


def _overlap_extent(extent: ValidExtent, size: int) -> tile_overlap.Extent | None:
    """A valid extent as the tile-overlap rule reads it: a constant, or its value with
    its bound (at most the tile's size, which a valid region never exceeds)."""
    if extent.fact.constant is not None:
        return None, extent.fact.constant
    if extent.value is None:
        return None
    return extent.value, min(size, extent.fact.hi)


def _check_alloc_operands(op: ir.Operation, buf: pto.TileBuf,
                          groups: Mapping[str, Sequence[ir.Value]]) -> None:
    """The valid_row / valid_col operands of a `pto.alloc_tile` are given exactly where
    its type leaves the extent dynamic (found by red team: a tile typed v_row=16 given a
    valid_row operand of 1 was accepted, its loads proved against the type's 16 rows)."""
    problem = buf.alloc_operand_mismatch(groups)
    if problem is not None:
        raise Refusal(op.location, f"'{op.name}' of {buf.spelling()}: {problem}")


def _extent_or_value(value: ir.Value) -> NdExtent:
    """A view extent as the ND window rule takes it: its constant, else its SSA value."""
    const = constant_value(value)
    return value if const is None else const


def _owner(value: ir.Value) -> ir.Operation | None:
    return value.owner.operation if isinstance(value, ir.OpResult) else None


def _is_made_view(value: ir.Value) -> bool:
    """Whether a pto.make_tensor_view here defines `value`."""
    owner = _owner(value)
    return owner is not None and owner.name == pto.MakeTensorView.NAME


def _is_nz_value(value: ir.Value) -> bool:
    try:
        vt = pto.view_type(value.type) if isinstance(value.type, ir.OpaqueType) else None
    except OpaqueSyntaxError:
        return True  # a view type that does not read may be NZ: report the malformed op
    if vt is not None and vt.layout == "nz":
        return True
    owner = _owner(value)
    return owner is not None and owner.name == pto.MakeTensorView.NAME


# The ops whose GM byte order nzpass reads from the pto.make_tensor_view they come from,
# and the operand that leads there.
_LAYOUT_READ_FROM_THE_VIEW = {pto.PartitionView.NAME: 0, **_GM_TRANSFERS}


def _block_position(op: ir.Operation) -> tuple[list[ir.Operation], int]:
    """The ops of `op`'s block, and where `op` is among them."""
    block_ops = [other.operation for other in op.block.operations]
    return block_ops, next(n for n, other in enumerate(block_ops) if other == op)


def _next_users(op: ir.Operation, tile: ir.Value) -> list[ir.Operation]:
    """The ops that may use `tile` first after `op` (itself or in an op they hold): the
    first after it in its block; where none is and the block's region may run again
    (tile_writes.runs_again), the first before it there too, the next run's, and still the
    next after the op holding the block, where the last run leaves it (found by red team:
    a set_validshape widening at the end of a loop body whose first op reloads the tile
    was accepted, and a store after a loop that ran once stored the rows no load wrote).
    Another region of an op running its regions again (scf.while's `before`) may run next:
    that op is taken as the use. Empty when nothing uses it after `op`."""
    found: list[ir.Operation] = []
    at: ir.Operation | None = op
    while at is not None and at.name != op_names.FUNC_FUNC:
        block_ops, index = _block_position(at)
        user = _first_user(block_ops[index + 1:], tile)
        if user is not None:
            return [*found, user]
        holder = parent_op(at)
        if holder is not None and tile_writes.runs_again(at):
            user = _first_user(block_ops[:index], tile)
            if user is not None:
                found.append(user)
            if len(holder.regions) > 1 and any(
                    _first_user([inner.operation for inner in block.operations], tile)
                    for region in holder.regions for block in region.blocks
                    if block != at.block):
                found.append(holder)
        at = holder
    return found


def _first_user(ops: list[ir.Operation], tile: ir.Value) -> ir.Operation | None:
    """The first of `ops` using `tile`, itself or in an op it holds."""
    return next((other for other in ops if any(
        operand == tile for inner in (other, *nested_ops(other))
        for operand in inner.operands)), None)


def _only_writes(user: ir.Operation, tile: ir.Value, view: pto.PtoOp | None) -> bool:
    """Whether `user` (of operand groups `view`) takes `tile` only in groups it writes
    and does not read (a load's dst, a move's dst), never in an op it holds."""
    if view is None:
        return False
    groups = [group for group in view.GROUPS if tile in view.groups.get(group, ())]
    return bool(groups) and all(group in written_groups(user.name) and
                                not reads_group(user.name, group) for group in groups) and \
        not any(operand == tile for inner in nested_ops(user) for operand in inner.operands)


def _shape_and_layout(buf: pto.TileBuf) -> tuple:
    """What places each element of a tile in its bytes."""
    return (buf.rows, buf.cols, buf.dtype, buf.blayout, buf.slayout, buf.fractal, buf.compact)


def _unbacked_relabel(op: ir.Operation, owner: ir.Operation, why: str) -> Refusal:
    return Refusal(op.location, f"'{op.name}' reads a relabelled tile (the result of "
                   f"'{owner.name}' at {line_and_column(owner.location)}) that its source's "
                   f"valid region does not back: {why}. A relabel moves no data, so what the "
                   "reader takes for data past the source's valid region is what the buffer held "
                   "before; give the relabelled tile a valid region inside its source's (or "
                   "load the source whole)")


def _stated_or_within(stated: int | None, size: int) -> Fact:
    """A valid extent the tile's type states, else any a tile of `size` can hold."""
    return Fact.make(0, size, 1, INDEX_WIDTH) if stated is None else \
        Fact.const(stated, INDEX_WIDTH)


def _check_memref_is_not_nz(op: ir.Operation) -> None:
    """PTOAS takes a GM memref as a transfer's operand and moves it NZ when the layout it
    resolves is NZ: the transfer's own `layout`, else the first stated along the memref
    ops it comes from (a memref.reinterpret_cast {layout = nz}), else the one InferPTOLayout
    infers from a static shape and strides. No NZ rule here reads a memref (each needs a
    pto.make_tensor_view's geometry), so such a transfer is refused (found by red team:
    the GM gap and every other NZ rule had been skipped)."""
    index = _LAYOUT_READ_FROM_THE_VIEW[op.name]
    if len(op.operands) <= index or not isinstance(op.operands[index].type, ir.MemRefType):
        return
    layout, where = memref_layout.ptoas_layout(op, op.operands[index])
    if layout != "nz":
        return
    raise Refusal(op.location, f"'{op.name}' moves a GM memref PTOAS takes as NZ ({where}): "
                  "nzpass proves NZ transfers on pto.make_tensor_view views only (their "
                  "blocked geometry, strides and the GM gap), none of which a memref states "
                  "here; make the NZ view with pto.make_tensor_view, or keep the memref ND")


# The operand of each pl matmul whose valid rows are its m (pto's mads read it from their
# Left tile: any operand in loc=left); its B operand follows it.
_PL_MAD_LHS = {pl.TILE_MATMUL: 0, pl.TILE_MATMUL_ACC: 1}


@record
class _Mad(NamedTuple):
    """A matmul writing an Acc tile: the op, its A operand, its B operand (None where the
    op has none in loc=right)."""

    op: ir.Operation
    lhs: ir.Value
    rhs: ir.Value | None


# The pl ops that write a whole fresh tile: an accumulation may start from one.
_PL_INITIALISERS = pl.FRESH_TILE_OPS - {pl.TILE_MATMUL_ACC}


@record
class _Writers(NamedTuple):
    """What writes an Acc tile (`_mads_writing`)."""

    mads: list[_Mad]
    hidden: list[ir.Operation]  # may hand it on, or write it, out of sight
    initialised: bool  # something other than an accumulating mad may write it first


def _mads_writing(tile: ir.Value, same_bytes: Callable[[ir.Value], list[ir.Value]],
                  writes: Callable[[ir.Operation, ir.Value], bool]) -> _Writers:
    """Every matmul that writes `tile`'s data: as the op defining it, through scf.for and
    scf.if results and scf.for iter_args, and an accumulating matmul's own input (pl's
    value form), or as an op using it, or an alias of it (a subview, an scf.for iter_arg,
    an scf.if / scf.for result: valid_region.aliases_through_use), beside a Left tile
    (pto's destination form); and so of every tile `same_bytes` gives for one of those (an
    alloc at its bytes). Also the ops that may hand the tile on under a name not followed
    (a call, a cast: valid_region.keeps_its_name), whose mads are out of sight, and
    whether anything but an accumulating mad may write it (a mad that starts anew, a pl op
    making a whole tile, an argument, another pto op writing it first by the op table,
    `writes`: a move into it, not a store or a move out of it: taken to, not proved to,
    initialise it)."""
    found: list[_Mad] = []
    hidden: list[ir.Operation] = []
    initialised = False
    seen: set[ir.Value] = set()
    pending = [tile]
    while pending:
        value = pending.pop()
        if value in seen:
            continue
        seen.add(value)
        owner = _owner(value)
        if owner is not None and owner.name in _PL_MAD_LHS:
            index = _PL_MAD_LHS[owner.name]
            operands = owner.operands
            found.append(_Mad(owner, operands[index],
                              operands[index + 1] if len(operands) > index + 1 else None))
            if owner.name == pl.TILE_MATMUL_ACC:
                pending.append(owner.operands[0])
        elif (sources := flow_sources(value)) is not None:
            pending.extend(sources)
        elif isinstance(value, ir.BlockArgument):
            initialised = True  # a function's argument: its caller's tile
        elif owner is not None and owner.name != pto.AllocTile.NAME:
            initialised |= owner.name in _PL_INITIALISERS or not owner.name.startswith("pl.")
        pending.extend(same_bytes(value))
        for use in value.uses:
            user = use.owner.operation  # an OpView or an Operation: `.operation` is both's
            if user.name in TILE_MADS:
                lhs, rhs = _mad_operands(user)
                if lhs:
                    found.append(_Mad(user, lhs[0], rhs[0] if rhs else None))
                    continue
            if user.name in EXPLICIT_MADS or user.name in TILE_MADS:
                hidden.append(user)  # a mad of m, n, k operands, or of no Left tile
                continue
            # A subview is the tile's bytes; a pl matmul's result, the in-place one (its
            # mad is found as the result's owner).
            aliases = list(user.results) if user.name in TILE_WINDOWS or \
                user.name in _PL_MAD_LHS else aliases_through_use(user, use.operand_number)
            if aliases:
                pending.extend(aliases)
            elif not keeps_its_name(user, "acc"):
                hidden.append(user)
            else:  # a pto op writing it first by the op table (`writes`), not a reader
                initialised |= user.name.startswith(pto.OP_PREFIX) and writes(user, value)
    initialised |= any(_starts_anew(mad.op.name) for mad in found)
    return _Writers(found, hidden, initialised)


def _starts_anew(name: str) -> bool:
    """Whether a mad writes its product over what the Acc tile held (not adding to it)."""
    return name not in ACCUMULATOR_INPUT and name != pl.TILE_MATMUL_ACC


def _mad_operands(op: ir.Operation) -> tuple[list[ir.Value], list[ir.Value]]:
    """A tile-level mad's operands in loc=left (its A) and in loc=right (its B)."""
    operands = list(op.operands)
    return ([v for v in operands if _in_memory(v, "left")],
            [v for v in operands if _in_memory(v, "right")])


def _in_memory(value: ir.Value, memory: str) -> bool:
    """Whether `value` is a tile of `memory` (a malformed tile type is none: the op making
    the value reports it)."""
    try:
        buf = pto.tile_buf(value.type) if isinstance(value.type, ir.OpaqueType) else None
    except OpaqueSyntaxError:
        return False
    return buf is not None and buf.loc == memory


@record
class _NdWindow(NamedTuple):
    """The GM side of an ND (or DN) transfer: its view's constant strides (None: not a
    constant) and the sizes of the window it moves (the partition's, else the view's
    shape)."""

    strides: list[int | None] | None  # None: no view here states them (_unseen_nd_window)
    sizes: tuple[NdSize, ...]
    column_major: bool = False  # a DN view (stated, or one PTOAS may infer DN)
    stride_values: tuple[ir.Value, ...] = ()  # the view's stride operands (_check_nd_fields)

    def last_two(self) -> tuple[int | None, int | None]:
        """The window's rows and columns, None where not a constant."""
        return _size_constant(self.sizes[-2]), _size_constant(self.sizes[-1])


def _check_acc_window_rows(op: ir.Operation, window: _NdWindow) -> None:
    """An ND store of an Acc tile (TStoreAccNz2nd, TStoreAccFp) writes row r of its valid
    region at r times the window's row stride and reads none of its leading axes (pto-isa
    asserts a 2-D window, gShape0..2 = 1, in debug builds only), so a window stacking rows
    over a leading axis must have that axis dense with its rows (found by red team: a
    32-row Acc tile stored through a [2, 16, 32] window of a [4, 32, 32] view wrote its
    rows 16..31 over rows 16..31 of batch 0, outside the window, and nothing into batch 1;
    nzpass's model, a2a3 mode, moves the same)."""
    sizes = [_size_constant(size) for size in window.sizes]
    below = 1  # the rows one index of the axis spans: the sizes of the axes after it
    for axis in range(len(sizes) - 2, -1, -1):
        size = sizes[axis]
        if axis < len(sizes) - 2 and size != 1:
            strides = window.strides
            stride = strides[axis] if strides is not None else None
            row = strides[-2] if strides is not None else None
            if stride is None or row is None or below is None or stride != below * row:
                raise Refusal(op.location, f"'{op.name}' of an Acc tile into an ND window "
                              f"of sizes [{', '.join(map(show_extent, sizes))}] stacks rows "
                              "over leading "
                              f"axis {axis} of size {'?' if size is None else size}, whose "
                              "stride is not proved the rows after it times the row stride: "
                              "the store writes row r at r times the row stride and reads no "
                              "leading axis (pto-isa asserts a 2-D window in debug builds "
                              "only), so rows past the first index would land outside the "
                              "window; store through a window whose leading sizes are 1, or "
                              "whose leading axes are dense with its rows")
        below = None if below is None or size is None else below * size


def _nd_field_problems(space: str, sizes: Sequence[Fact], strides: Sequence[Fact],
                       element_bytes: int, closed_only: bool) -> list[str]:
    """limits.nd_burst_field_problems at the worst case of the facts (the largest sizes,
    the fewest columns, each leading stride's largest or, where it may be negative, its
    least, the largest row stride), and the rows' overlap at the fewest row stride where
    that is not a constant; `closed_only`: a stride only the width bounds (`Fact.open`:
    nothing bounds it) taken as 0, which no rule refuses, so that what is left is proved."""
    steps = [0 if closed_only and f.open else f.lo if f.lo < 0 and axis < len(strides) - 2
             else f.hi for axis, f in enumerate(strides)]
    problems = limits.nd_burst_field_problems(space, [f.hi for f in sizes], steps,
                                              element_bytes, max(sizes[-1].lo, 1))
    row, rows = strides[-2], sizes[-2]
    if row.constant is None and rows.hi > 1 and not (closed_only and row.open):
        problems += limits.nd_addressing_problems(space, limits.ND_INNER_STRIDE, row.lo,
                                                  sizes[-1].hi)
    return problems


def _gm_element(t: ir.Type, loc: ir.Location) -> str | None:
    """The element type of a transfer's GM operand (a view, a memref); None for another."""
    if isinstance(t, ir.MemRefType):
        return str(t.element_type)
    vt = opaque_refusal(loc, lambda: pto.view_type(t))
    return None if vt is None else vt.element


def _tile_element(t: ir.Type, loc: ir.Location) -> tuple[str, str] | None:
    """(memory, element type) of a transfer's tile operand: a tile_buf, or a memref in a
    local space (the memref form); None for another type."""
    if isinstance(t, ir.MemRefType):
        space = memref_layout.address_space(t)
        return None if memref_layout.is_global(t) or space is None else \
            (space, str(t.element_type))
    buf = opaque_refusal(loc, lambda: pto.tile_buf(t))
    return None if buf is None else (buf.loc, buf.dtype)


def _gm_handle_element(t: ir.Type, loc: ir.Location) -> str | None:
    """The element type of a GM pointer, view or GM memref; None for any other type (a
    local pointer or memref, a tile, a scalar)."""
    if isinstance(t, ir.MemRefType):
        return str(t.element_type) if memref_layout.is_global(t) else None
    if not (isinstance(t, ir.OpaqueType) and t.dialect_namespace == pto.DIALECT):
        return None
    element = opaque_refusal(loc, lambda: pto.ptr_element(t))
    if element is not None:
        return element if pto.ptr_space(t) == "gm" else None
    return _gm_element(t, loc)


def _element_change(op: ir.Operation | None) -> tuple[str, str] | None:
    """(its source's element type, its result's) where `op`, a view op or an unrealized
    cast, makes a GM handle of another element type than its first operand's
    (`_check_view_element`); None otherwise."""
    if op is None or op.name not in _VIEW_SOURCE_OPS or not op.operands or \
            len(op.results) != 1 or (op.name == _UNREALIZED_CAST and len(op.operands) != 1):
        return None
    source = _gm_handle_element(op.operands[0].type, op.location)
    result = _gm_handle_element(op.results[0].type, op.location)
    return (source, result) if source is not None and result is not None and \
        source != result else None


# The ops making a GM handle of their first operand, whose element type is the source's.
_VIEW_SOURCE_OPS = frozenset((pto.MakeTensorView.NAME, pto.PartitionView.NAME,
                              _UNREALIZED_CAST))


def _check_view_element(op: ir.Operation) -> None:
    """A GM view or memref made of another GM handle (`op`'s first operand: a
    make_tensor_view's pointer, a partition_view's view, an unrealized cast's operand)
    holds its source's bytes, so its element type is the source's: PTOAS's
    MakeTensorViewOp::verify and PartitionViewOp::verify require it, and a cast reads the
    same bytes as another type (found by red team: a partition typed f16 of an f32 view, a
    partition typed complex<f32> of one, and a generic make_tensor_view typed f16 over a
    !pto.ptr<f32> were accepted, and their loads moved f32 bytes as other elements). An
    NZ view's are the NZ rules' (_check_base_pointer, _check_partition)."""
    change = _element_change(op)
    if change is None:
        return
    source, result = change
    source_type, result_type = op.operands[0].type, op.results[0].type
    raise Refusal(op.location, f"'{op.name}' result {result_type} has element type {result}, "
                  f"not its source's {source} ({source_type}): a view holds its source's "
                  f"bytes, so its transfers would move {source} data as {result}; give the "
                  f"result element type {source}")


def _size_constant(size: NdSize) -> int | None:
    return size if isinstance(size, int) or size is None else constant_value(size)


@record
class _TransferSides(NamedTuple):
    """What a GM transfer moves between: its tile's memory and element type, GM's."""

    op_view: pto.PtoOp
    space: str
    tile_element: str
    gm_element: str


@record
class _NdTransfer(NamedTuple):
    """A tload or tstore of an ND view: which way, its tile and its window."""

    is_load: bool
    tile_group: str
    tile_value: ir.Value
    buf: pto.TileBuf
    window: _NdWindow


def _nd_window_of(value: ir.Value, attrs: Callable[[ir.Operation], dict[str, ir.Attribute]],
                  read: _ViewReader) -> _NdWindow | None:
    """The constant strides (None: not a constant) of the ND or DN pto.make_tensor_view a
    transfer's GM operand is, or is a partition of, the window's sizes (the partition's,
    else the view's shape), and whether it is DN; None for anything else (an NZ view, a
    memref, an argument, a view of rank below 2). `read` gives an op's view (once per
    op: `_Checker._read_op`)."""
    owner = _owner(value)
    sizes: list[ir.Value] | None = None
    if owner is not None and owner.name == pto.PartitionView.NAME and len(owner.operands):
        try:
            sizes = read(pto.PartitionView, owner).groups["sizes"]
        except MalformedOp:
            return None  # refused by its own check where it is NZ
        owner = _owner(owner.operands[0])
    if owner is None or owner.name != pto.MakeTensorView.NAME:
        return None
    try:
        layout, _ = view_layout(owner, attrs(owner), _result_view_type(owner))
        view = read(pto.MakeTensorView, owner)
    except (MalformedOp, Refusal):
        return None  # a malformed view is refused by its own check where it is NZ
    strides = [constant_value(v) for v in view.groups["strides"]]
    sizes = sizes if sizes is not None else view.groups["shape"]
    if layout not in ("nd", "dn") or len(strides) < 2 or len(sizes) < 2:
        return None
    result = _result_view_type(owner)
    stated = "layout" in attrs(owner) or (result is not None and result.layout)
    shape = [constant_value(v) for v in view.groups["shape"]]
    # DN transfers are other instructions, with rules of their own; a view PTOAS may
    # infer DN (a dynamic one may match either) is held to the DN rules.
    maybe_dn = layout == "dn" or (not stated and _ptoas_may_infer_dn(
        shape[-2], shape[-1], strides[-2], strides[-1], constant_value(sizes[-2])))
    return _NdWindow(strides, tuple(sizes), maybe_dn, tuple(view.groups["strides"]))


def _ptoas_may_infer_dn(rows: int | None, cols: int | None, row_stride: int | None,
                        col_stride: int | None, window_rows: int | None = None) -> bool:
    """Whether PTOAS's InferPTOLayout may read a view that states no layout as DN (its
    matchesDNMinor2D on the last two dims and strides; a dynamic one may match): a
    column-major view is the DN transfers' (found on PTOAS's own samples, whose B
    operands are [128, 128] views of strides [1, 128]). A row stride other than 1 is DN
    only for a view of one row, which a window of more rows (`window_rows`, the
    transfer's) does not lie in."""
    if rows != 1 and row_stride is not None and row_stride != 1:
        return rows is None and (window_rows is None or window_rows <= 1)
    return True if cols is None or cols == 1 or rows is None else (
        col_stride is None or col_stride == (1 if rows == 1 else rows))


def _pto_layout_stated_by(op: ir.Operation) -> str | None:
    """The layout a `layout` attribute of `op` states, whatever the op: PTOAS's
    InferPTOLayout (resolveLayoutFromViewValue) and EmitC take the first `layout` found
    along the ops a transfer's GM operand comes from, not only on a view-making op
    (found by red team: an scf.if yielding an ND view, or an unrealized cast of a GM
    memref, that states layout = nz had its transfer checked as ND, while PTOAS moves it
    NZ). None without one, or for an attribute of another dialect (PTOAS reads only its
    own LayoutAttr there); a pto attribute that names no layout nzpass knows is refused."""
    attr = op.attributes.get("layout")  # by name: properties too
    if not (isinstance(attr, ir.OpaqueAttr) and attr.dialect_namespace == pto.DIALECT):
        return None
    return _layout_named(op, attr)


def _unseen_view_layout(value: ir.Value) -> str | None:
    """The layout PTOAS moves a view value in that no pto.make_tensor_view here defines
    (a block argument, an scf.if / scf.for / call result, an unknown op's): the one its
    defining op states (_pto_layout_stated_by), else its type's; None where neither does
    (ND)."""
    owner = _owner(value)
    stated = _pto_layout_stated_by(owner) if owner is not None else None
    if stated is not None:
        return stated
    vt = opaque_refusal(value_location(value), lambda: pto.view_type(value.type))
    return vt.layout if vt is not None else None


def _layout_named(op: ir.Operation, attr: ir.Attribute) -> str:
    return opaque_refusal(op.location, lambda: pto.layout_of(
        attr, f"'{op.name}' op attribute 'layout'")) or "nd"


def _result_view_type(op: ir.Operation) -> pto.ViewType | None:
    if len(op.results) != 1:
        return None
    return opaque_refusal(op.location, lambda: pto.view_type(op.results[0].type))


def _single(op_view: pto.PtoOp, group: str) -> ir.Value:
    values = op_view.groups[group]
    if len(values) != 1:
        raise MalformedOp(op_view.location, f"'{op_view.NAME}' op expects exactly one {group} "
                          f"operand, got {len(values)}")
    return values[0]


def _resolve(values: Sequence[ir.Value], dims: Sequence[Extent]) -> tuple[Extent, ...]:
    """Each operand's arith.constant value, else the type's static dim at that axis
    (the type states the extent too, and is checked to agree), else None."""
    dims = tuple(dims) if len(dims) == len(values) else (None,) * len(values)
    constants = (constant_value(v) for v in values)
    return tuple(d if c is None else c for c, d in zip(constants, dims, strict=True))


def _check_integer_operands(loc: ir.Location, what: str, values: Sequence[ir.Value],
                            width: Callable[[ir.Value], int | None]) -> None:
    for value in values:
        if width(value) is None:
            raise MalformedOp(loc, f"{what} operand of type {value.type}: shapes, strides, "
                              "offsets and sizes are index (or integer) values")


def _check_type_agrees(loc: ir.Location, what: str, group: str, vt: pto.ViewType,
                       values: Sequence[ir.Value], fact: Callable[[ir.Value], Fact]) -> None:
    """A static dim of the result type must be what its operand provably is: the
    hardware moves what the operands say, the rules read the type."""
    if len(vt.dims) != len(values):
        return  # the rank rules report it
    for axis, (dim, value) in enumerate(zip(vt.dims, values, strict=True)):
        if dim is None:
            continue
        found = fact(value)
        if found.constant == dim:
            continue
        raise Refusal(loc, f"{what} type {vt.spelling()} states {group}[{axis}] = {dim} but "
                      f"its operand is {hazards.show(found)}: the type and the operands of a "
                      "view must agree (the transfer moves what the operands say); write ? in "
                      "the type, or pass the constant")


def _check_same_element(loc: ir.Location, what: str, element: str, expected: str) -> None:
    if element == expected:
        return
    raise Refusal(loc, f"{what} element type {element} differs from the NZ view's {expected}: "
                  "c0 and every coordinate count elements of the view's type, so another "
                  f"element type reinterprets the bytes; use {expected}")


# element spelling -> its c0: a pure function of the text (a plain int, no IR object
# kept), so each spelling's type is parsed once per process; refusals are not kept.
_C0_BY_ELEMENT: dict[str, int] = {}


def _c0(element: str, loc: ir.Location) -> int:
    """Elements per 32-byte C0 line of `element`, or a refusal of a type NZ cannot hold."""
    c0 = _C0_BY_ELEMENT.get(element)
    if c0 is None:
        c0 = _C0_BY_ELEMENT[element] = _element_c0(element, loc)
    return c0


def _element_c0(element: str, loc: ir.Location) -> int:
    try:
        bits = element_bit_width(pl.element_type(element))
    except OpaqueSyntaxError:
        bits = None
    if bits is None:
        raise Refusal(loc, f"NZ view element type {element}: NZ needs an integer or "
                      f"floating-point element type, whose size sets c0 = {C0_BYTES} bytes / "
                      "element size; keep this view ND")
    try:
        return c0_for_bit_width(bits)
    except NzLayoutError as err:
        raise Refusal(loc, f"NZ view element type {element}: {err}") from None


def _known(value: Extent, what: str, rule: str, loc: ir.Location) -> int:
    """`value`, or a refusal: a PTOAS rule over a value that is not constant cannot be proven."""
    if value is None:
        raise Refusal(loc, f"{what} is not a constant, so {rule} cannot be proven: PTOAS 0.61 "
                      "checks NZ views statically; define it with arith.constant")
    return value


# ---------------------------------------------------------------- make_tensor_view


def _check_make_view(op: ir.Operation, attrs: dict[str, ir.Attribute], hint: str,
                     analysis: OffsetAnalysis) -> _NzView | None:
    """The NZ view's facts; None when it is not NZ. A view that states no layout is NZ
    when PTOAS infers NZ for it (pto.ptoas_infers_nz): PTOAS then moves its bytes in NZ
    order, so every NZ rule applies, and a refusal says the layout was inferred."""
    result = _result_view_type(op)
    layout, inferred = view_layout(op, attrs, result)
    if layout != "nz":
        return None
    if not inferred:
        return _check_nz_view(op, attrs, result, hint, analysis)
    try:
        return _check_nz_view(op, attrs, result, hint, analysis)
    except Refusal as refusal:
        raise type(refusal)(refusal.location, refusal.message + _INFERRED_NZ,
                            refusal.notes) from None


_INFERRED_NZ = (" (this view states no layout, and PTOAS's InferPTOLayout infers nz from its "
                "static shape and strides: shape[2] == 16, shape[2] * shape[3] * element "
                "bytes == 512, stride[4] == 1, stride[3] == shape[4] once right-aligned to "
                "rank 5, or (newer PTOAS) the canonical blocked form of one batch and more "
                "than one fractal; state layout = #pto.layout<nz>, or give it a shape PTOAS "
                "does not read as NZ)")


def _check_nz_view(op: ir.Operation, attrs: dict[str, ir.Attribute], result: pto.ViewType | None,
                   hint: str, analysis: OffsetAnalysis) -> _NzView:
    view = pto.MakeTensorView(op, attrs)
    _check_rank(view, hint)
    if result is None:
        raise MalformedOp(op.location, "'pto.make_tensor_view' op with layout=nz must return "
                          f"one !pto.tensor_view, got {[str(r.type) for r in op.results]}")
    _check_result_rank(op.location, result)
    c0 = _c0(result.element, op.location)
    function = _check_base_pointer(view, result.element)
    shape, strides = view.groups["shape"], view.groups["strides"]
    _check_integer_operands(op.location, "'pto.make_tensor_view'", shape + strides,
                            analysis.width)
    facts = _ViewFacts(op.location, result.element, c0, _resolve(shape, result.dims),
                       tuple(constant_value(v) for v in strides), hint, tuple(shape),
                       tuple(strides), analysis)
    for rule in _VIEW_RULES:
        rule(facts)
    _check_type_agrees(op.location, "NZ view", "shape", result, shape, analysis.fact)
    # Every stride is a constant now, or proved the row-major product of the
    # extents (the rules above refuse any other).
    return _NzView(result.element, c0, tuple(analysis.fact(v) for v in shape),
                   tuple(analysis.fact(v) for v in strides), tuple(shape), tuple(strides),
                   function)


def _check_rank(view: pto.MakeTensorView, hint: str) -> None:
    # PTOAS's own wording first, so users find it; PTOAS 0.60 accepted rank 2 and 3.
    shape, strides = len(view.groups["shape"]), len(view.groups["strides"])
    if shape == strides == NZ_RANK:
        return
    rank = shape if shape != NZ_RANK else strides
    raise Refusal(view.location, "'pto.make_tensor_view' op user-specified layout=nz requires "
                  f"a rank-5 view, got rank {rank}: an NZ view is always the blocked "
                  "[B, C/c0, R/16, 16, c0] form with strides [R*C, R*c0, 16*c0, c0, 1] (a "
                  "logical [R, C] is [1, C/c0, R/16, 16, c0]); give five shape and five stride "
                  f"operands ({hint})")


def _check_result_rank(loc: ir.Location, result: pto.ViewType) -> None:
    # The type, the shape and the strides of an NZ view must agree (docs/nz-semantics.md section 6).
    if len(result.dims) == NZ_RANK:
        return
    raise Refusal(loc, f"NZ view has five shape operands but its type "
                  f"{result.spelling()} has rank {len(result.dims)}: the type, the shape and the "
                  f"strides of an NZ view are all rank 5; use "
                  f"!pto.tensor_view<?x?x?x?x?x{result.element}>")


def _check_base_pointer(view: pto.MakeTensorView, element: str) -> tuple[str, int]:
    """The NZ view's base: a GM `!pto.ptr` of the view's element type that is an
    argument of its function, returned as (function name, argument index); every call
    of the function must pass such an argument in turn (nz/base_pointers.py).
    c0 and every stride count elements of the view type from the tensor's first byte:
    a pointer of another element type reinterprets the NZ bytes with the wrong C0 line,
    and an offset pointer (pto.addptr, a cast of one) moves the fractal grid off the
    tensor's; neither is anything the rules can see."""
    ptr_value = _single(view, "ptr")
    ptr = opaque_refusal(view.location, lambda: pto.ptr_element(ptr_value.type))
    if ptr is None:
        raise MalformedOp(view.location, f"NZ view over a {ptr_value.type}: the base of a view "
                          f"is a !pto.ptr<{element}>")
    if ptr != element:
        raise Refusal(view.location, f"NZ view of element type {element} over a "
                      f"!pto.ptr<{ptr}>: the pointer's element type must equal the view's, as "
                      f"PTOAS requires; use a !pto.ptr<{element}> or a view of {ptr}")
    space = pto.ptr_space(ptr_value.type)
    if space != "gm":
        raise Refusal(view.location, f"NZ view over a {ptr_value.type}: an NZ tensor is a GM "
                      "tensor, and the loads and stores proved here move GM windows; view a "
                      f"!pto.ptr<{element}> (GM) argument")
    function = base_pointers.argument_of_function(ptr_value)
    if function is None:
        owner = _owner(ptr_value)
        origin = "a block argument" if owner is None else f"the result of '{owner.name}'"
        raise Refusal(view.location, f"NZ view over a pointer that is {origin}: the base of "
                      "an NZ view must be a GM pointer argument of the kernel, the tensor's "
                      "first byte (an offset pointer moves the fractal grid off the tensor's, a "
                      "reinterpreted one reads its bytes with another C0 line); view the "
                      "argument itself and place the window with the partition's offsets")
    return function


def _check_batch(facts: _ViewFacts) -> None:
    # A dynamic batch is fine: only a static empty or negative batch is known wrong.
    batch = facts.shape[0]
    if batch is None or batch > 0:
        return
    raise Refusal(facts.loc, f"NZ view shape[0] = {batch}: the batch extent must be positive, "
                  "as PTOAS requires; an NZ view holds at least one [C/c0, R/16, 16, c0] panel")


def _check_fractal_rows(facts: _ViewFacts) -> None:
    rows = _known(facts.shape[3], "NZ view shape[3]", f"shape[3] == {FRACTAL_ROWS}", facts.loc)
    if rows == FRACTAL_ROWS:
        return
    raise Refusal(facts.loc, f"NZ view shape[3] = {rows} must be {FRACTAL_ROWS}: axis 3 is the "
                  f"{FRACTAL_ROWS} rows of one fractal; count the row fractals (R/16) in "
                  "shape[2]")


def _check_c0_line(facts: _ViewFacts) -> None:
    c0 = facts.c0
    line = _known(facts.shape[4], "NZ view shape[4]", f"shape[4] == c0 = {c0}", facts.loc)
    if line == c0:
        return
    raise Refusal(facts.loc, f"NZ view shape[4] = {line} must be c0 = {c0} for {facts.element} "
                  f"({C0_BYTES} bytes / element size): axis 4 is one {C0_BYTES}-byte C0 line; "
                  "count the column blocks (C/c0) in shape[1]")


def _exact_stride(facts: _ViewFacts, axis: int, expected: int, why: str) -> None:
    stride = _known(facts.strides[axis], f"NZ view stride[{axis}]",
                    f"stride[{axis}] == {expected}", facts.loc)
    if stride == expected:
        return
    raise Refusal(facts.loc, f"NZ view stride[{axis}] = {stride} must be {expected}: {why}; "
                  "use the strides [R*C, R*c0, 16*c0, c0, 1] of the blocked shape")


def _check_element_stride(facts: _ViewFacts) -> None:
    _exact_stride(facts, 4, 1, "the elements of a C0 line are contiguous")


def _check_row_stride(facts: _ViewFacts) -> None:
    _exact_stride(facts, 3, facts.c0, f"the rows of a fractal are one C0 line (c0 = {facts.c0} "
                  "elements) apart")


def _check_fractal_stride(facts: _ViewFacts) -> None:
    _exact_stride(facts, 2, FRACTAL_ROWS * facts.c0, "the fractals of a column block follow "
                  f"each other, one 512-byte fractal (16*c0 = {FRACTAL_ROWS * facts.c0} "
                  "elements) apart")


def _outer_stride(facts: _ViewFacts, axis: int, what: str, plural: str) -> None:
    """stride[axis] a multiple of c0 and covering the whole inner axis:
    `stride[axis] >= shape[axis+1] * stride[axis+1]`. Where the stride or the
    inner extent is dynamic, only the row-major stride is accepted, proved equal
    (`_symbolic_stride`)."""
    c0, loc = facts.c0, facts.loc
    inner = axis + 1
    if facts.strides[axis] is None or facts.shape[inner] is None:
        _symbolic_stride(facts, axis)
        return
    stride = _known(facts.strides[axis], f"NZ view stride[{axis}]",
                    f"stride[{axis}] % c0 == 0", loc)
    if stride % c0:
        raise Refusal(loc, f"NZ view stride[{axis}] = {stride} is not a multiple of c0 = {c0}: "
                      f"every {what} must start on a {C0_BYTES}-byte C0 line; round it up to a "
                      f"multiple of {c0}")
    rule = f"stride[{axis}] >= shape[{inner}] * stride[{inner}]"
    extent = _known(facts.shape[inner], f"NZ view shape[{inner}]", rule, loc)
    inner_stride = _known(facts.strides[inner], f"NZ view stride[{inner}]", rule, loc)
    if stride >= extent * inner_stride:
        return
    raise Refusal(loc, f"NZ view stride[{axis}] = {stride} is less than shape[{inner}] * "
                  f"stride[{inner}] = {extent} * {inner_stride} = {extent * inner_stride}: "
                  f"consecutive {plural} would overlap; use at least {extent * inner_stride} "
                  f"(the canonical stride of the blocked shape)")


def _symbolic_stride(facts: _ViewFacts, axis: int) -> None:
    """stride[axis] == shape[axis+1] * stride[axis+1] on every execution, one factor
    a constant: both sides' linear forms (nz.offsets.linear_form) are the same SSA
    value times the same rational, e.g. stride[1] = R * c0 against shape[2] =
    R floordiv 16 (exact for R a multiple of 16) times 16 * c0. PTOAS 0.61 takes
    dynamic strides on trust; the A2/A3 load steps column blocks by stride[1]."""
    inner = axis + 1
    analysis = facts.analysis
    extent, inner_stride = facts.shape[inner], facts.strides[inner]
    stride_value = facts.stride_values[axis]
    if extent is not None:
        expected = linear_form(analysis, facts.stride_values[inner]).times(extent)
    elif inner_stride is not None:
        expected = linear_form(analysis, facts.shape_values[inner]).times(inner_stride)
    else:
        expected = None
    if expected is not None and linear_form(analysis, stride_value) == expected:
        return
    shown = hazards.show(analysis.fact(stride_value))
    raise Refusal(facts.loc, f"NZ view stride[{axis}] ({shown}) cannot be proved equal to "
                  f"shape[{inner}] * stride[{inner}]: with a dynamic extent or stride "
                  "verify-pto-nz accepts only the row-major strides of the blocked shape, "
                  "proved as the same SSA value times the same constant, so that the load's "
                  "column-block step and GM gap are those of the logical data. Compute the "
                  "strides from the row count R (a multiple of 16): shape[2] = R floordiv 16, "
                  "stride[1] = R * c0, stride[0] = C * R, with arith.floordivsi and arith.muli "
                  "(pto-block-nz-views emits them)")


def _check_column_block_stride(facts: _ViewFacts) -> None:
    _outer_stride(facts, 1, "column block", "column blocks")


def _check_batch_stride(facts: _ViewFacts) -> None:
    _outer_stride(facts, 0, "batch", "batches")


_VIEW_RULES: tuple[Callable[[_ViewFacts], None], ...] = (
    _check_batch, _check_fractal_rows, _check_c0_line, _check_element_stride, _check_row_stride,
    _check_fractal_stride, _check_column_block_stride, _check_batch_stride)


# ---------------------------------------------------------------- partition_view


def _check_partition_rank(facts: _PartitionFacts) -> None:
    # Partition coordinates are blocked coordinates: the rank never drops back to 2 or 3.
    ranks = (len(facts.sizes), len(facts.offsets), facts.result_rank)
    wrong = [rank for rank in ranks if rank is not None and rank != NZ_RANK]
    if not wrong:
        return
    rank = wrong[0]
    raise Refusal(facts.loc, f"'pto.partition_view' of an NZ view must be rank 5, got rank "
                  f"{rank}: partition offsets and sizes address the blocked [B, C/c0, R/16, 16, "
                  "c0] axes; give five offsets and five sizes and a rank-5 "
                  f"!pto.partition_tensor_view ({facts.hint})")


def _check_partition_fractal_offsets(facts: _PartitionFacts) -> None:
    # An offset inside a fractal would start the partition mid-fractal, which NZ
    # moves only whole.
    for axis in (3, 4):
        offset = _known(facts.offsets[axis], f"NZ partition offset[{axis}]",
                        f"offset[{axis}] == 0", facts.loc)
        if offset != 0:
            raise Refusal(facts.loc, f"NZ partition offset[{axis}] = {offset} must be 0: a "
                          "partition of an NZ view keeps every fractal whole; address rows "
                          "and columns by fractal in offset[2] (R/16) and offset[1] (C/c0)")


def _check_partition_fractal_sizes(facts: _PartitionFacts) -> None:
    for axis, whole in ((3, FRACTAL_ROWS), (4, facts.c0)):
        size = _known(facts.sizes[axis], f"NZ partition size[{axis}]",
                      f"size[{axis}] == {whole}", facts.loc)
        if size != whole:
            raise Refusal(facts.loc, f"NZ partition size[{axis}] = {size} must be {whole}: a "
                          "partition of an NZ view keeps d3 (16 rows) and d4 (c0 = "
                          f"{facts.c0}) whole; size rows and columns by fractal in size[2] "
                          "and size[1]")


_PARTITION_RULES: tuple[Callable[[_PartitionFacts], None], ...] = (
    _check_partition_rank, _check_partition_fractal_offsets, _check_partition_fractal_sizes)


# ---------------------------------------------------------------- tload / tstore


def _tile_text(tile: pto.TileBuf) -> str:
    return (f"loc={tile.loc}, blayout={tile.blayout}, slayout={tile.slayout}, "
            f"fractal={tile.fractal}")


def _check_load_into_mat_nz(t: _Transfer) -> None:
    # pto-isa loads an NZ view only NZ->NZ (TLoadGm2L1Nz2nz), the cube operand path into L1.
    if t.tile.buf.is_nz_mat:
        return
    raise Refusal(t.loc, f"'pto.tload' of an NZ view into a tile with {_tile_text(t.tile.buf)}"
                  ": pto-isa loads NZ only NZ->NZ into a Mat tile (loc=mat, blayout=col_major, "
                  "slayout=row_major, fractal=512); load into such a tile, or keep the tensor "
                  "ND for other tiles")


def _check_load_element_type(t: _Transfer) -> None:
    # NZ->NZ is a byte copy: the tile's C0 line must be the view's.
    element = t.window.element
    if t.tile.buf.dtype == element:
        return
    raise Refusal(t.loc, f"'pto.tload' of an NZ view of {element} into a tile of "
                  f"{t.tile.buf.dtype}: the NZ->NZ load copies bytes with no conversion, so the "
                  f"tile's elements and C0 lines would be another type's; use a tile of "
                  f"dtype={element}")


def _check_element_count(t: _Transfer, verb: str) -> None:
    # The transfer moves the tile's valid region one to one into the window.
    window, tile = t.window, t.tile
    sizes = tuple(f.constant for f in window.sizes)
    rows, cols = tile.valid_rows.constant, tile.valid_cols.constant
    if None in sizes or rows is None or cols is None:
        return
    moved, valid = prod(s for s in sizes if s is not None), rows * cols
    if moved == valid:
        return
    c0 = window.c0
    raise Refusal(t.loc, f"'pto.{verb}' between an {window.what} "
                  f"{show_dims(sizes, window.element)} ({moved} elements) and a tile "
                  f"whose valid region {rows}x{cols} holds {valid}: the transfer "
                  "moves the tile's valid region one to one; size the window "
                  f"[1, v_col/c0, v_row/16, 16, c0] = [1, {cols // c0}, "
                  f"{rows // FRACTAL_ROWS}, 16, {c0}]")


def _called_name(op: ir.Operation) -> str | None:
    """The qualified name of the function a func.call calls (its callee resolved in the
    call's nearest module, as `qualified_name` spells a function); None for another op."""
    if op.name != op_names.FUNC_CALL:
        return None
    callee = referenced_function(op)
    return None if callee is None else symbol_scope(op) + callee


def _check_load_element_count(t: _Transfer) -> None:
    _check_element_count(t, "tload")


def _check_load_tile_boxes(t: _Transfer) -> None:
    # An NZ->NZ load moves whole 16 x c0 boxes (the tile's dtype is the view's: checked).
    check_tile_layout(t.tile.buf, t.loc, "'pto.tload'", whole_boxes=True)
    check_boxed_not_row_plus_one(t.tile.buf, t.loc, "'pto.tload'")


def _check_load_valid_region(t: _Transfer) -> None:
    hazards.check_valid_region(t.window, t.tile, t.analysis, "tload", t.loc)
    hazards.check_valid_inside_tile(t.tile, t.loc, "tload")


def _check_load_limits(t: _Transfer) -> None:
    hazards.check_load_limits(t.window, t.tile, t.loc)


def _check_load_gm_gap(t: _Transfer) -> None:
    hazards.check_gm_gap(t.window, t.loc)


def _check_store_from_acc(t: _Transfer) -> None:
    # The only write-back into NZ is TSTORE Acc->NZ (TStoreAccNz2nz).
    if t.tile.buf.is_acc_nz:
        return
    raise Refusal(t.loc, f"'pto.tstore' into an NZ view from a tile with "
                  f"{_tile_text(t.tile.buf)}: pto-isa writes NZ only from an Acc tile (loc=acc, "
                  "blayout=col_major, slayout=row_major, fractal=1024); store other tiles to an "
                  "ND view")


def _check_store_f32(t: _Transfer) -> None:
    # The Acc->NZ path has no dtype conversion and writes FP32 C0 lines (c0 = 8).
    if t.tile.buf.dtype == "f32" and t.window.element == "f32":
        return
    raise Refusal(t.loc, f"'pto.tstore' of an Acc tile of {t.tile.buf.dtype} into an NZ "
                  f"view of {t.window.element}: the Acc->NZ write-back supports only an FP32 "
                  "Acc tile into an FP32 NZ view (no dtype conversion); store to an FP32 NZ view "
                  "or to an ND view")


def _check_store_tile_boxes(t: _Transfer) -> None:
    check_tile_layout(t.tile.buf, t.loc, "'pto.tstore'", whole_boxes=True)  # 16 x 16 boxes
    check_boxed_not_row_plus_one(t.tile.buf, t.loc, "'pto.tstore'")
    hazards.check_valid_inside_tile(t.tile, t.loc, "tstore")
    _check_store_valid_boxes(t)


def _check_store_valid_boxes(t: _Transfer) -> None:
    # docs/nz-semantics.md 4.6: the written region is whole 16 x 16 Acc boxes; there is no
    # single-column-block exception, though FP32's c0 is 8.
    for axis, fact in (("rows", t.tile.valid_rows), ("columns", t.tile.valid_cols)):
        if fact.is_multiple(ACC_BOX):
            continue
        raise Refusal(t.loc, f"'pto.tstore' Acc tile's valid {axis} ({hazards.show(fact)}) "
                      f"are not provably a multiple of {ACC_BOX}: the Acc->NZ write-back stores "
                      f"whole {ACC_BOX}x{ACC_BOX} boxes, with no single-column-block exception "
                      "although FP32's c0 is 8; store a multiple of 16 rows and columns")


def _check_store_backend(t: _Transfer) -> None:
    check_acc_store_backend(t.backend, t.loc)


def _check_store_limits(t: _Transfer) -> None:
    hazards.check_store_limits(t.tile, t.backend, t.loc)


def _check_store_acc_pitch(t: _Transfer) -> None:
    hazards.check_acc_pitch(t.tile.buf, t.tile.valid_rows, t.loc)


def _check_store_element_count(t: _Transfer) -> None:
    _check_element_count(t, "tstore")


def _check_store_valid_region(t: _Transfer) -> None:
    hazards.check_valid_region(t.window, t.tile, t.analysis, "tstore", t.loc)


def _check_store_write_set(t: _Transfer) -> None:
    hazards.check_acc_write_set(t.window, t.loc)


_LOAD_RULES: tuple[Callable[[_Transfer], None], ...] = (
    _check_load_into_mat_nz, _check_load_element_type, _check_load_tile_boxes,
    _check_load_element_count, _check_load_valid_region, _check_load_limits, _check_load_gm_gap)
_STORE_RULES: tuple[Callable[[_Transfer], None], ...] = (
    _check_store_backend, _check_store_from_acc, _check_store_f32, _check_store_tile_boxes,
    _check_store_limits, _check_store_acc_pitch, _check_store_element_count,
    _check_store_valid_region,
    _check_store_write_set)
