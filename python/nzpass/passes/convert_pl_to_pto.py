"""convert-pl-to-pto: lower the memory path of blocked pl IR to pto IR."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..dialects import pl, pto, store_attrs
from ..dialects.common import SEGMENTS, SegmentedOp, check_no_regions
from ..dialects.opaque import show_extent_list
from ..dialects.opaque_errors import opaque_refusal
from ..driver.diagnostics import DiagnosticEngine
from ..driver.pass_base import ModulePass, report_or_rewrite
from ..errors import InternalInvariantError, MalformedOp, Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.type_cache import per_type
from ..ir.walk import (
    block_arguments,
    function_type,
    functions,
    is_declaration,
    pre_order,
    set_function_type,
    value_location,
)
from ..nz import layout as nz_layout
from ..nz import limits, tile_rules
from ..nz.acc_store import check_acc_store_limits, pl_acc_store_tile
from ..nz.consistency import (
    MATMUL_ROLES,
    check_load_element_and_memory,
    check_load_types,
    check_matmul_result,
    check_slice_is_a_window,
    check_slice_types,
    check_store_result,
    check_store_shapes,
    dropped_axes,
    tensor_source,
)
from ..nz.coords import FunctionScope, entry_constants
from ..nz.intervals import INDEX_WIDTH, Fact
from ..nz.intervals import mul as fact_mul
from ..nz.nd_window import Extent, check_nd_window_inside
from ..nz.offsets import OffsetAnalysis, constant_value, unchanging_ir
from ..nz.pto_lowering import (
    PtoBuilder,
    nd_transfer_problem,
    tile_buf_for,
    unsupported_transfer,
    view_strides,
)
from ..nz.tensor_types import check_extents_fit_i64, check_ptoas_element, has_blocked_nz_shape
from ..nz.tile_rules import check_tile_fits, check_tile_layout
from ..nz.window import (
    WindowProofs,
    check_blocked_acc_store_window,
    check_blocked_leading_slice,
    check_blocked_load_window,
    check_integer_coordinate,
)
from ..records import record

_TENSOR_PASSING_OPS = (op_names.SCF_FOR, op_names.SCF_YIELD,
                       op_names.SCF_IF, op_names.FUNC_CALL)
_RETURN = op_names.FUNC_RETURN
_CALL = op_names.FUNC_CALL
_PRE_QUANT = "pre_quant"  # the store flag the lowering has no operand for (store_attrs)
_PASSES_A_TENSOR = ("passes a GM tensor: convert-pl-to-pto lowers tensors to pointers at the "
                    "kernel boundary only; inline the callee or keep the tensor out of "
                    "loop-carried values")


class ConvertPlToPto(ModulePass):
    """Lower the memory path of blocked `pl` IR to PTOAS-ready `pto` generic IR.

    A GM tensor argument becomes `!pto.ptr<T>`; its dynamic extents become
    trailing `index` arguments, tensor by tensor, axis by axis, after all
    original arguments. Each used tensor gets one `pto.make_tensor_view` at the
    function entry (shape and strides as operands, `layout = #pto.layout<..>`,
    type `!pto.tensor_view<?x...xT>`). `pl.tile.load` becomes
    `pto.partition_view` + `pto.alloc_tile` + `pto.tload`; `pl.tile.store`
    becomes `pto.partition_view` + `pto.tstore`, its `st_phase`, `atomic` and
    `pre_relu` carried over as `stPhase`, `atomicType` and `reluPreMode`.
    `!pl.tile` values become `!pto.tile_buf` (Mat tiles NZ-configured, Acc
    tiles `fractal=1024`). Each Acc store into NZ is checked against the
    store's field limits and the L0C capacity here, per actual tile. Ops off
    the memory path pass through unchanged; one that reads a lowered tensor is
    refused (it would read the bare pointer), but a whole dense flatten.
    """

    name = "convert-pl-to-pto"
    summary = "Lower the memory path of blocked pl IR to PTOAS-ready pto IR"

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        refusals: list[Refusal] = []
        backend = pl.module_backend_or_default(module, refusals)
        refusals.extend(pl.stray_ops(module))
        lowerings = []
        # A type's check passes or fails whatever value has it: one module, one
        # context, so the types that passed are shared by every function.
        checked_types: dict[ir.Type, bool] = {}
        checked_tiles: set[ir.Type] = set()
        with unchanging_ir():  # checking only reads the IR
            analysis = OffsetAnalysis()  # proves the ND valid extents (none else does)
            for func in functions(module):
                if is_declaration(func):
                    continue
                lowering = _FunctionLowering(func, backend, checked_types=checked_types,
                                             analysis=analysis, checked_tiles=checked_tiles)
                try:
                    lowering.check()
                except Refusal as refusal:
                    refusals.append(refusal)
                lowerings.append(lowering)
        rewrites = [lowering.lower for lowering in lowerings]
        rewrites.append(lambda: pl.state_target_for_ptoas(module, backend))
        report_or_rewrite(refusals, diagnostics, rewrites)


@record
class _StorePlan(NamedTuple):
    tile: pl.TileType
    attributes: dict[str, ir.Attribute]  # in their pto spelling
    # An ND store's valid rows and columns, which size its partition; None where the tile's
    # is dynamic (the lowering reads the loaded tile's value) and for an NZ store.
    valid: tuple[int | None, int | None] | None


class _Root:
    """Where a tensor value lives: a view of a pointer argument plus a base offset."""

    __slots__ = ("axes", "base", "element", "layout", "ptr", "view")

    def __init__(self, view: ir.Value, ptr: ir.Value, element: str, layout: pl.TensorLayout,
                 base: list[ir.Value] | None = None, axes: tuple[int, ...] | None = None):
        self.view = view
        self.ptr = ptr
        self.element = element
        self.layout = layout
        self.base = base  # slice offsets, one per axis of the view; None for the whole tensor
        # The view's axis of each axis of this value (a slice's `drop_dims` removes some);
        # None while they are the view's own.
        self.axes = axes


class _FunctionLowering:
    """One function's check, then its lowering. Built with the function, its backend
    and the module's shared type checks; the rest is the state `check` fills in."""

    __slots__ = (
        "analysis",
        "backend",
        "checked_tiles",
        "checked_types",
        "constants",
        "func",
        "memory_ops",
        "roots",
        "scope",
        "stores",
        "tile_valid",
        "tile_values",
        "views_anchor",
        "views_at",
    )

    def __init__(self, func: ir.Operation, backend: str,
                 checked_types: dict[ir.Type, bool] | None = None,
                 analysis: OffsetAnalysis | None = None,
                 checked_tiles: set[ir.Type] | None = None):
        self.func = func
        self.backend = backend
        self.analysis = analysis or OffsetAnalysis()
        self.roots: dict[ir.Value, _Root] = {}
        self.memory_ops: dict[int, ir.Operation] = {}  # by pre-order position
        self.stores: dict[int, _StorePlan] = {}  # what the check found of each store
        # The entry block's constants (reused by the lowering) and the position of
        # its first other op, where the tensor views go.
        self.constants: dict[int, ir.Operation] = {}
        self.views_at = 0
        self.views_anchor: ir.Operation | None = None
        self.scope: FunctionScope | None = None
        # type -> is a tile, for the types that passed `_check_value_type` (a refused
        # one is not kept: each value of it is refused where it is).
        self.checked_types: dict[ir.Type, bool] = {} if checked_types is None else checked_types
        # The tile types made by a pl op whose layout and memory passed (_check_made_tiles).
        self.checked_tiles: set[ir.Type] = set() if checked_tiles is None else checked_tiles
        self.tile_values: list[ir.Value] = []
        # Each loaded tile's dynamic valid extents (None where static), by the tile_buf
        # value that replaced it: an ND store of the tile sizes its partition by them.
        self.tile_valid: dict[ir.Value, tuple[ir.Value | None, ir.Value | None]] = {}

    @property
    def entry(self) -> ir.Block:
        return self.func.regions[0].blocks[0]

    def _tensor_args(self) -> list[ir.BlockArgument]:
        return [a for a in self.entry.arguments if pl.tensor_layout(a.type) is not None]

    def check(self) -> None:
        # Tensors whose type the lowering changes: the arguments, the slices of
        # them, and the aliases stores return (replaced by what they alias).
        walk = pre_order(self.func)
        ops = walk.ops
        assert isinstance(ops, list)  # a fresh walk is a list (PreOrder also holds mappings)
        self.constants = entry_constants(walk)
        self.views_at = next(i for i in walk.entry_positions if i not in self.constants)
        self.views_anchor = ops[self.views_at]
        for arg in block_arguments(self.func):
            self._check_value(arg)
        for t in function_type(self.func).results:
            _check_value_type(t, self.func.location)
        in_order = self._tensor_args()  # what `lowered` holds, in order: a stable report
        lowered = set(in_order)
        slices: set[ir.Value] = set()
        for position, op in enumerate(ops):
            name = op.name
            if len(op.regions):
                for arg in block_arguments(op):
                    self._check_value(arg)
            # A memory op's results die with it (a slice's may live on: see lower).
            if name in _MEMORY_PATH:
                for result in op.results:
                    self._check_value(result, False)
            else:
                self._check_results(op)
            if name.startswith(pl.OP_PREFIX):  # any pl op with a tile result makes one
                self._check_made_tiles(op)
            if name in MATMUL_ROLES:  # its result type claims what the operands make
                check_matmul_result(op, self._valid_facts)
            if name in _OPERAND_CHECKED_OPS:
                _check_tensor_operands(op, name, lowered, slices)
            if name not in _MEMORY_PATH:
                continue
            check_no_regions(op)  # the lowering erases it
            _check_memory_operand(op)
            # The op's view, read once for its checks. Not kept for the lowering: every
            # function is checked before any is lowered, and the views of all loads
            # would hold every operand of every load at once.
            view = _check_coordinate_types(op)
            self.memory_ops[position] = op
            if isinstance(view, pl.TileLoad):
                _check_load(view, self.analysis)
            if isinstance(view, pl.TensorSlice):
                check_slice_types(view, constant_value)  # users read its type
                check_slice_is_a_window(view, constant_value)
                _check_blocked_slice(view, self.analysis)
                _check_window_inside(view.single("tensor"), view.groups["offsets"],
                                     view.groups["sizes"], view.location,
                                     "'pl.tensor.slice'", self.analysis)
                slices.add(op.results[0])
                lowered.add(op.results[0])
                in_order.append(op.results[0])
            if isinstance(view, pl.TileStore):
                self.stores[position] = self._check_store(view)
                if op.operands[1] in slices:
                    slices.add(op.results[0])
                lowered.add(op.results[0])
                in_order.append(op.results[0])
        _check_off_path_readers(in_order)

    def _check_value(self, value: ir.Value, keep: bool = True) -> None:
        """Check the value's type (once per type) and note a !pl.tile value the
        lowering keeps, for retyping."""
        t = value.type
        is_tile = self.checked_types.get(t)
        if is_tile is None:
            _check_value_type(t, value_location(value))
            is_tile = self.checked_types[t] = _is_tile(t)
        if is_tile and keep:
            self.tile_values.append(value)

    def _check_results(self, op: ir.Operation) -> None:
        """`_check_value` of each result of an op the lowering keeps, inlined:
        it runs for every op, and nearly every type has been seen before."""
        checked, tiles = self.checked_types, self.tile_values
        for result in op.results:
            is_tile = checked.get(result.type)
            if is_tile is None:
                self._check_value(result)
            elif is_tile:
                tiles.append(result)

    def _check_made_tiles(self, op: ir.Operation) -> None:
        """A tile a pl op makes (any pl op's tile result: the loads and pl.tile.zeros, and
        the compute ops that pass through, found by red team: a 1 MiB pl.tile.relu result
        in the 192 KiB UB) is, as the tile_buf it becomes, a layout PTOAS and pto-isa
        build and inside its local memory, the rules verify-pto-nz holds every tile made
        in pto IR to (nz/tile_rules.py; found by red team: M = 20 made
        20-row Acc and Mat tiles, 16 x 60 f16 made a Vec tile of 120-byte rows, and a
        128 x 512 f32 pl.tile.zeros overflowed L0C). Once per type: the rules read nothing
        else."""
        for result in op.results:
            t = result.type
            if t in self.checked_tiles or not _is_tile(t):
                continue
            what = f"'{op.name}'"
            check_tile_layout(_tile_buf(t), op.location, what)
            check_tile_fits(_tile_buf(t), self.backend, op.location, what)
            self.checked_tiles.add(t)

    def _valid_facts(self, tile_value: ir.Value, tile: pl.TileType) -> tuple[Fact, Fact]:
        """A tile value's valid rows and columns as proved: its type's static extents,
        else the extents of the pl.tile.load that sized it (`_valid_terms`, what the
        lowering gives its tile_buf), else any count inside the tile (a loop-carried tile:
        its type states nothing more)."""
        owner = tile_value.owner.operation if isinstance(tile_value, ir.OpResult) else None
        load = pl.TileLoad(owner) if owner is not None and owner.name == pl.TileLoad.NAME \
            else None
        layout = pl.tensor_layout(load.single("tensor").type) if load is not None else None
        terms = _valid_terms(load, layout.is_nz) if load is not None and layout else None
        static = tile.valid or (tile.rows, tile.cols)
        facts = []
        for axis, extent in enumerate(static):
            physical = (tile.rows, tile.cols)[axis]
            if extent is not None:
                facts.append(Fact.const(extent, INDEX_WIDTH))
            elif load is not None and terms is not None:
                index, scale = terms[axis]
                fact = fact_mul(self.analysis.fact(load.groups["valid_shape"][index]),
                                Fact.const(scale, INDEX_WIDTH))
                facts.append(fact.intersect(Fact.make(0, physical, 1, INDEX_WIDTH)))
            else:
                facts.append(Fact.make(0, physical, 1, INDEX_WIDTH))
        return facts[0], facts[1]

    def _check_store(self, store: pl.TileStore) -> _StorePlan:
        """Everything about a store that can be refused, found before anything is
        rewritten: its window's rank, its tile (read now: a load the lowering replaces
        first may be what the store writes back), its attributes in their pto spelling."""
        check_store_result(store)  # the lowering replaces the result by the destination
        dest = store.single("dest")
        layout = pl.tensor_layout(dest.type)
        tile = _tile_of(store.single("tile"), store.location)
        rank = ir.RankedTensorType(dest.type).rank
        for group in ("offsets", "shapes"):
            count = len(store.groups[group])
            if count != rank and (group == "offsets" or count):
                raise MalformedOp(store.location, f"'pl.tile.store' op has {count} {group} "
                                  f"for a rank-{rank} tensor")
        if layout is not None:
            _check_transfer(store.location, "tstore", layout, tile)
        if layout is not None and layout.is_nz:
            check_blocked_acc_store_window(_blocked_shape(dest), store.groups["offsets"],
                                           store.groups["shapes"], tile.rows, tile.cols,
                                           store.location, _nz_proofs(self.analysis))
        valid = None
        if layout is not None and not layout.is_nz:  # NZ shapes are blocked, and checked so
            valid = _store_valid(tile)
            check_store_shapes(store, tile, valid, constant_value)
            extents = _store_extents(store, valid)
            _check_window_inside(dest, store.groups["offsets"], extents, store.location,
                                 "'pl.tile.store'", self.analysis)
            _check_nd_transfer(store.location, "tstore", tile, dest, tile.cols, valid[1])
        if layout is not None and tile.space == "acc":
            # Both write-backs pack the columns in 12 bits, and an Acc tile of pl (a
            # pl.tile.zeros, a matmul result) reaches no pto.alloc_tile whose L0C
            # capacity the verifier would check (found by red team: 4096 columns to ND).
            valid_rows, valid_cols = _valid_upper_bounds(tile)
            check_acc_store_limits(f"{layout.kind.upper()} accumulator store", valid_rows,
                                   valid_cols, tile.rows, tile.cols, self.backend,
                                   store.location, layout.kind)
        if layout is not None and layout.is_nz:  # after the limits, which name a split
            pl_acc_store_tile(store, self.backend)
        attributes = _store_attributes(store)
        if layout is not None and not layout.is_nz:  # NZ: block-nz-tensor-views, f32 only
            _check_store_elements(store, tile, dest)
        return _StorePlan(tile, attributes, valid)

    def lower(self) -> None:
        scope = self.scope = FunctionScope(self.entry, self.constants)
        # The views go after the entry block's leading constants, which they reuse.
        assert self.views_anchor is not None
        builder = PtoBuilder(self.views_anchor, scope, self.views_at, self.func.location)
        trailing = []
        for arg in self._tensor_args():
            self.roots[arg] = self._make_view(arg, builder, trailing)
        all_slices = [op for op in self.memory_ops.values() if op.name == pl.TensorSlice.NAME]
        slices = []
        for position, op in self.memory_ops.items():
            operands = list(op.operands)
            if op.name == pl.TileLoad.NAME:
                self._lower_load(pl.TileLoad(op), position)
            elif op.name == pl.TensorSlice.NAME and op.operands[0] in self.roots:
                self._lower_slice(pl.TensorSlice(op), position)
                slices.append(op)
                continue
            elif op.name == pl.TileStore.NAME:
                self._lower_store(pl.TileStore(op), position)
            scope.sweep(operands)
        # A slice lives on only where something off the memory path still reads it.
        erased = set()
        for op in reversed(slices):
            if next(iter(op.results[0].uses), None) is None:
                erased.add(id(op))
                operands = list(op.operands)
                op.erase()
                scope.sweep(operands)
        self._retype_tiles([op for op in all_slices if id(op) not in erased])
        self._update_signature()

    def _retype_tiles(self, surviving_slices: list[ir.Operation]) -> None:
        """Every !pl.tile value becomes its canonical !pto.tile_buf: those the
        check noted (no memory op among their owners: the lowering erases
        those, and they hold no regions) and the results of slices still there."""
        extra = [r for op in surviving_slices for r in op.results if _is_tile(r.type)]
        for value in (*self.tile_values, *extra):
            value.set_type(_tile_buf_type(value.type))

    def _make_view(self, arg: ir.BlockArgument, builder: PtoBuilder, trailing) -> _Root:
        t = ir.RankedTensorType(arg.type)
        layout = pl.tensor_layout(t)
        assert layout is not None  # only GM tensor arguments get a view
        shape = []
        for extent in pl.tensor_shape(t):
            if extent is None:
                shape.append(self.entry.add_argument(ir.IndexType.get(), arg.location))
            else:
                shape.append(builder.index(extent))
        strides = view_strides(builder, t, layout, shape)
        arg.set_type(pto.ptr_type(t.element_type))
        view = builder.make_tensor_view(arg, shape, strides, layout.kind, t.element_type)
        return _Root(view, arg, str(t.element_type), layout)

    def _offsets(self, root: _Root, offsets: list[ir.Value], builder: PtoBuilder,
                 loc: ir.Location) -> list[ir.Value]:
        """The offsets on the view's axes of a window at `offsets` of this value: the
        slice's base plus each offset on the view axis its axis is (an axis a slice
        dropped keeps the base's offset)."""
        offsets = [builder.as_index(v) for v in offsets]
        if root.base is None:
            return offsets
        axes = _axes(root, loc, len(offsets))
        full = list(root.base)
        for axis, offset in zip(axes, offsets, strict=True):
            full[axis] = builder.add(full[axis], offset)
        return full

    def _sizes(self, root: _Root, sizes: list[ir.Value], builder: PtoBuilder,
               loc: ir.Location) -> list[ir.Value]:
        """The window's sizes on the view's axes: 1 on every axis a slice dropped."""
        if root.base is None or root.axes is None:
            return sizes
        full = [builder.index(1)] * len(root.base)
        for axis, size in zip(_axes(root, loc, len(sizes)), sizes, strict=True):
            full[axis] = size
        return full

    def _builder(self, op: ir.Operation, position: int) -> PtoBuilder:
        assert self.scope is not None
        return PtoBuilder(op, self.scope, position)

    def _lower_slice(self, slice_: pl.TensorSlice, position: int) -> None:
        root = self.roots[slice_.single("tensor")]
        builder = self._builder(slice_.op, position)
        offsets = slice_.groups["offsets"]
        base = self._offsets(root, offsets, builder, slice_.location)
        axes = root.axes if root.axes is not None else tuple(range(len(offsets)))
        dropped = dropped_axes(slice_, constant_value)
        kept = tuple(axis for n, axis in enumerate(axes) if n not in dropped)
        self.roots[slice_.op.results[0]] = _Root(root.view, root.ptr, root.element, root.layout,
                                                 base, kept if dropped else root.axes)

    def _lower_load(self, load: pl.TileLoad, position: int) -> None:
        root = self.roots[load.single("tensor")]
        builder = self._builder(load.op, position)
        offsets = self._offsets(root, load.groups["offsets"], builder, load.location)
        window = load.groups["valid_shape"] or load.groups["sizes"]
        sizes = [builder.as_index(v) for v in window]
        part = builder.partition_view(root.view, offsets,
                                      self._sizes(root, sizes, builder, load.location),
                                      root.element)
        buf = _tile_buf(load.op.results[0].type)
        valid_row, valid_col = _valid_extents(load, root, sizes, builder)
        alloc = builder.alloc_tile(buf, valid_row, valid_col)
        self.tile_valid[alloc] = (valid_row, valid_col)
        builder.op(pto.TLoad.NAME, [[part], [alloc], [], [], [], []], [], _load_attributes(load))
        load.op.results[0].replace_all_uses_with(alloc)
        load.op.erase()

    def _lower_store(self, store: pl.TileStore, position: int) -> None:
        dest = store.single("dest")
        root = self.roots[dest]
        builder = self._builder(store.op, position)
        window_offsets = store.groups["offsets"]
        offsets = self._offsets(root, window_offsets, builder, store.location)
        _, attributes, valid = self.stores[position]
        if valid is None:  # NZ: the blocked shapes, of the fully valid tile
            sizes = [builder.as_index(v) for v in store.groups["shapes"]]
        else:
            sizes = ([builder.index(1)] * (len(window_offsets) - 2)
                     + self._valid_sizes(store.single("tile"), valid, builder))
        part = builder.partition_view(root.view, offsets,
                                      self._sizes(root, sizes, builder, store.location),
                                      root.element)
        builder.op(pto.TStore.NAME, [[store.single("tile")], [part], [], []], [], attributes)
        alias = root.ptr if root.base is None else dest
        store.op.results[0].replace_all_uses_with(alias)
        store.op.erase()

    def _valid_sizes(self, tile: ir.Value, valid: tuple[int | None, int | None],
                     builder: PtoBuilder) -> list[ir.Value]:
        """An ND store's partition rows and columns: the tile's valid ones. TStoreUb2gmNd2nd
        moves gShape3 (the partition's rows) bursts of validCol elements, gmGap = gStride3 -
        gShape4 apart, and TStoreAccNz2nd validCol / gShape4 ND blocks (the checks that they
        agree are PTO_ASSERTs only): a partition of the tile's physical shape writes row r
        at r * (validCol + S - cols), and the stale rows past the valid ones too (found by
        red team). A dynamic extent is the one the tile was loaded with (`_store_valid`)."""
        loaded = self.tile_valid.get(tile, (None, None))
        sizes = []
        for static, dynamic in zip(valid, loaded, strict=True):
            if static is not None:
                sizes.append(builder.index(static))
            elif dynamic is not None:
                sizes.append(dynamic)
            else:  # the check refuses a dynamic extent that no lowered load gives
                raise InternalInvariantError(builder.loc, "an ND store of a tile whose dynamic "
                                             "valid extent no lowered load gives")
        return sizes

    def _update_signature(self) -> None:
        inputs = [a.type for a in self.entry.arguments]
        results = []
        for t in function_type(self.func).results:
            if pl.tensor_layout(t) is not None:
                t = pto.ptr_type(ir.RankedTensorType(t).element_type)
            elif _is_tile(t):
                t = _tile_buf_type(t)
            results.append(t)
        set_function_type(self.func, inputs, results)


_MEMORY_PATH = {pl.TileLoad.NAME: 0, pl.TileStore.NAME: 1, pl.TensorSlice.NAME: 0}
# The operand groups of each memory op that hold coordinates (offsets and extents).
_COORDINATE_GROUPS = {
    pl.TileLoad.NAME: (pl.TileLoad, ("offsets", "sizes", "valid_shape")),
    pl.TileStore.NAME: (pl.TileStore, ("offsets", "shapes")),
    pl.TensorSlice.NAME: (pl.TensorSlice, ("offsets", "sizes", "valid_shape")),
}
# The only ops `_check_tensor_operands` has rules for; others pass any tensor through.
_OPERAND_CHECKED_OPS = frozenset((*_MEMORY_PATH, *_TENSOR_PASSING_OPS, _RETURN))


def _check_value_type(t: ir.Type, loc: ir.Location) -> None:
    """Every type the lowering will read must read: tiles and GM tensors
    parse, NZ tensors are already blocked, extents fit i64, elements are ones PTOAS
    lowers at their own width."""
    tile = opaque_refusal(loc, lambda: pl.tile_type(t))
    if tile is not None:
        check_ptoas_element(tile.element, loc, f"tile {t}")
    try:
        layout = pl.tensor_layout(t)
    except pl.LayoutSyntaxError as err:
        raise Refusal(loc, str(err)) from None
    if layout is None:
        return
    tensor = ir.RankedTensorType(t)
    check_ptoas_element(tensor.element_type, loc, f"GM tensor {t}")
    check_extents_fit_i64(tensor, loc)
    _check_valid_shape_is_whole(tensor, layout, loc)
    try:  # view_strides builds a `?` stride as the dense product: refuse any other
        nz_layout.check_stride_products(layout.kind, pl.tensor_shape(tensor), layout.stride)
    except nz_layout.NzLayoutError as err:
        raise Refusal(loc, str(err)) from None
    if layout.is_nz and not has_blocked_nz_shape(tensor):
        raise InternalInvariantError(loc, f"NZ tensor {t} is not in the blocked rank-5 form: "
                                     "run block-nz-tensor-views before convert-pl-to-pto")


def _check_valid_shape_is_whole(tensor: ir.RankedTensorType, layout: pl.TensorLayout,
                                loc: ir.Location) -> None:
    """A GM tensor's valid_shape must be its whole shape: a pto tensor view has no valid
    region, so lowering a narrower one would drop it and loads past it would read what
    the tensor does not hold (found by red team). NZ tensors refuse it when blocked."""
    valid = layout.valid_shape
    if valid is None or (None not in valid and tuple(valid) == pl.tensor_shape(tensor)):
        return  # a dynamic valid extent is not provably whole
    raise Refusal(loc, f"GM tensor {tensor} states valid_shape "
                  f"{show_extent_list(layout.valid_shape)}, not its whole shape: a "
                  "pto.make_tensor_view has no valid region, so the lowering would drop it "
                  "and a load past it would read data the tensor does not hold; give the "
                  "valid extents on the tile loads (their valid_shape) instead")


def _check_memory_operand(op: ir.Operation) -> None:
    index = _MEMORY_PATH[op.name]
    operands = op.operands
    if len(operands) <= index or pl.tensor_layout(operands[index].type) is None:
        got = operands[index].type if len(operands) > index else "nothing"
        raise MalformedOp(op.location, f"'{op.name}' op needs a GM tensor (a ranked tensor, "
                          f"optionally with #pl.layout) as operand {index}, got {got}")


def _check_coordinate_types(op: ir.Operation) -> SegmentedOp:
    """Every coordinate is an index or a signless integer, before anything reads it
    (found by red team: an si16, ui16 or f32 offset made IR that failed MLIR's verifier).
    The memory op's view, for its other checks."""
    view_cls, groups = _COORDINATE_GROUPS[op.name]
    view = view_cls(op)
    for group in groups:
        for value in view.groups[group]:
            check_integer_coordinate(value, f"{group} operand", op.location, f"'{op.name}'")
    return view


def _check_load(load: pl.TileLoad, analysis: OffsetAnalysis) -> None:
    tile = _load_tile(load)
    rank = ir.RankedTensorType(load.single("tensor").type).rank
    for group in ("offsets", "sizes"):
        if len(load.groups[group]) != rank:
            raise MalformedOp(load.location, f"'pl.tile.load' op has {len(load.groups[group])} "
                              f"{group} for a rank-{rank} tensor")
    valid = load.groups["valid_shape"]
    if valid and len(valid) != rank:
        raise MalformedOp(load.location, f"'pl.tile.load' op has {len(valid)} valid_shape "
                          f"extents for a rank-{rank} tensor")
    if not tile.fully_valid and None in (tile.valid or ()) and not valid:
        raise MalformedOp(load.location, "'pl.tile.load' op result tile has a dynamic valid "
                          "region but the load gives no valid_shape operands to size it")
    layout = pl.tensor_layout(load.single("tensor").type)
    if layout is not None:
        _check_transfer(load.location, "tload", layout, tile)
    if layout is not None and layout.is_nz:
        check_load_element_and_memory(load)
        check_blocked_load_window(_blocked_shape(load.single("tensor")), load.groups["offsets"],
                                  load.groups["sizes"], valid, tile.rows, tile.cols, tile.valid,
                                  load.location, _nz_proofs(analysis))
    if layout is not None and not layout.is_nz:  # an NZ one: check_blocked_load_window
        check_load_types(load, constant_value, analysis.fact)
        cols = constant_value(load.groups["sizes"][-1])
        assert cols is not None  # check_load_types: the trailing sizes are the tile's
        # The partition moves the valid window (`_lower_load`): that is what must fit.
        _check_window_inside(load.single("tensor"), load.groups["offsets"],
                             load.groups["valid_shape"] or load.groups["sizes"], load.location,
                             "'pl.tile.load'", analysis)
        valid = load.groups["valid_shape"]
        fewest_cols = constant_value(valid[-1]) if valid else cols
        _check_nd_transfer(load.location, "tload", tile, load.single("tensor"), cols,
                           fewest_cols)


def _check_blocked_slice(slice_: pl.TensorSlice, analysis: OffsetAnalysis) -> None:
    parent = slice_.single("tensor")
    layout = pl.tensor_layout(parent.type)
    if layout is not None and layout.is_nz:
        check_blocked_leading_slice(_blocked_shape(parent), slice_.groups["offsets"],
                                    slice_.groups["sizes"], slice_.location,
                                    _nz_proofs(analysis))


def _blocked_shape(tensor: ir.Value) -> tuple[int | None, ...]:
    return pl.tensor_shape(ir.RankedTensorType(tensor.type))


def _nz_proofs(analysis: OffsetAnalysis) -> WindowProofs:
    """The proofs of a blocked NZ window (nz.window.check_blocked_load_window): a batch past
    a dynamic extent is the caller's to keep inside, as when the window was blocked, whose
    warning block-nz-tensor-views gave (the pl has no value of the extent; verify-pto-nz
    proves the window against the argument the lowering makes of it)."""
    return WindowProofs(analysis, strict_bounds=False)


def _check_transfer(loc: ir.Location, instruction: str, layout: pl.TensorLayout,
                    tile: pl.TileType) -> None:
    why = unsupported_transfer(instruction, layout.kind, tile.space)
    if why is not None:
        raise Refusal(loc, f"{why}; move the data through a supported pair (a Mat tile "
                      "reaches L0A/L0B by the cube's own moves)")


def _check_nd_transfer(loc: ir.Location, instruction: str, tile: pl.TileType, tensor: ir.Value,
                       cols: int, fewest_cols: int | None) -> None:
    """An ND window moves through its kernel argument's view (slices and store aliases
    are offsets on it), so that view's strides are the ones the device reads: the
    addressing rules (nd_transfer_problem) and, for a Vec tile (TLoadGm2ubNd2nd,
    TStoreUb2gmNd2nd: pl's Mat tiles are NZ), the burst fields (limits.
    nd_burst_field_problems; found by red team: 4096 rows, or f32 rows 2^30 + 64 apart,
    moved other rows), at their worst case: the tile's rows, `fewest_cols` the fewest
    columns of the window (None: a dynamic one, at least 1). The window's leading sizes
    are 1; a dynamic stride is a product the lowering emits, which verify-pto-nz proves."""
    root = tensor
    while (source := tensor_source(root)) is not None:
        root = source
    root_type = ir.RankedTensorType(root.type)
    why = nd_transfer_problem(instruction, tile.space, root_type, cols)
    if why is not None:
        raise Refusal(loc, why)
    element_bits = tile_rules.element_bits(str(tile.element))
    if tile.space != "vec" or root_type.rank < 2 or element_bits is None:
        return
    layout = pl.tensor_layout(root_type)
    assert layout is not None  # only ND transfers are asked
    strides = layout.stride or nz_layout.strides_of_layout(layout.kind, pl.tensor_shape(root_type))
    sizes = [1] * (root_type.rank - 2) + [tile.rows, cols]
    problems = limits.nd_burst_field_problems(tile.space, sizes, [s or 0 for s in strides],
                                              element_bits // 8, fewest_cols or 1)
    if problems:
        raise Refusal(loc, f"{instruction.upper()} between {root_type} and a vec tile: "
                      f"{'; '.join(problems)}; move at most {limits.ND_BURST_MAX_ROWS} rows "
                      "per transfer, with rows less than 4 GiB apart")


def _check_store_elements(store: pl.TileStore, tile: pl.TileType, dest: ir.Value) -> None:
    """An ND store writes the tile's values only for the element pairs limits.
    store_element_problem allows (the fixpipe converts f32 to f16 and bf16, any other Acc
    pair writes L0C bits; a Vec store copies bytes: found by red team, an f32 Acc tile
    stored into i32 and an f32 Vec tile into i32 were lowered, and GM got bit patterns).
    A quantised store needs its scale as pto.tstore's preQuantScalar or fp operand, which
    the lowering has none of to give: PTOAS would drop the pre_quant attribute and store
    unquantised, so it is refused too."""
    gm_element = str(ir.RankedTensorType(dest.type).element_type)
    why = limits.store_element_problem(tile.space, str(tile.element), gm_element)
    if why is not None:
        raise Refusal(store.location, f"'{pl.TileStore.NAME}' of a tile of {tile.element} "
                      f"({tile.space}) into a tensor of {gm_element}: {why}; store into a "
                      "tensor of "
                      "the tile's element type (or, from an f32 Acc tile, f16 or bf16)")
    for name, attr in store.attributes.items():
        entry = store_attrs.store_attr(name)
        if entry is None or entry.pl != _PRE_QUANT or store_attrs.flag_value(name, attr) is None:
            continue
        raise Refusal(store.location, f"'{pl.TileStore.NAME}' with {name}: the lowering gives "
                      "pto.tstore no quantisation operand (preQuantScalar, fp), and PTOAS "
                      "stores without one unquantised, so the flag would be dropped; "
                      "quantise in pto IR, or store without it")


def _check_window_inside(tensor: ir.Value, offsets: list[ir.Value],
                         sizes: list[ir.Value] | list[ir.Value | int], loc: ir.Location,
                         what: str, analysis: OffsetAnalysis) -> None:
    """An ND window inside its tensor's static extents (nz/nd_window): a slice's inside
    its parent, a load's or store's inside the tensor it names, so each nested window stays
    inside its kernel argument."""
    tensor_type = ir.RankedTensorType(tensor.type)
    layout = pl.tensor_layout(tensor_type)
    if layout is None or layout.is_nz:  # blocked NZ windows: nz.window's check_blocked_*
        return
    # pl kernels state their facts: strict bounds.
    check_nd_window_inside(offsets, sizes, _window_extents(tensor), loc, what,
                           WindowProofs(analysis, strict_bounds=True))


def _window_extents(tensor: ir.Value) -> list[Extent]:
    """The extents a window of `tensor` stays inside: its type's static ones, and on a
    dynamic axis of a slice (or of a store's alias of one) the slice's size operand, the
    extent it has on that execution. The lowering makes a slice offsets on its parent's
    view, so nothing after it bounds a window by the slice: one past it but inside the
    parent moved the parent's other rows silently (found by red team: rows [r, r + 16) of
    an n-row slice, r up to 47, n from 16). A kernel argument's dynamic extent (None)
    has no value in pl: verify-pto-nz proves the window against the argument the
    lowering makes of it."""
    shape: list[Extent] = list(pl.tensor_shape(ir.RankedTensorType(tensor.type)))
    if None not in shape:
        return shape
    value = tensor
    while (source := tensor_source(value)) is not None:
        owner = value.owner.operation
        if owner.name == pl.TensorSlice.NAME:
            slice_ = pl.TensorSlice(owner)
            dropped = dropped_axes(slice_, constant_value)
            sizes = [v for axis, v in enumerate(slice_.groups["sizes"]) if axis not in dropped]
            # check_slice_types: the slice's type is its sizes, dynamic where they are
            return [size if extent is None else extent
                    for extent, size in zip(shape, sizes, strict=True)]
        value = source  # a store's alias: its destination's type (check_store_result)
    return shape


def _store_valid(tile: pl.TileType) -> tuple[int | None, int | None]:
    """The valid rows and columns an ND store moves, None where dynamic."""
    valid = tile.valid or (tile.rows, tile.cols)
    return valid[0], valid[1]


def _store_extents(store: pl.TileStore, valid: tuple[int | None, int | None]
                   ) -> list[ir.Value | int]:
    """The window an ND store's partition moves: 1 on each leading axis, then the tile's
    valid rows and columns. A dynamic one must be the valid_shape of the pl.tile.load that
    made the tile, the only tile whose valid extent the lowering holds as a value: pto has
    no op that reads a tile's valid region back, and a partition of another size writes
    elsewhere than the tile's rows (`_valid_sizes`)."""
    tile_value = store.single("tile")
    owner = tile_value.owner.operation if isinstance(tile_value, ir.OpResult) else None
    loaded = (pl.TileLoad(owner).groups["valid_shape"]
              if owner is not None and owner.name == pl.TileLoad.NAME else [])
    extents: list[ir.Value | int] = [1] * (len(store.groups["offsets"]) - 2)
    for axis, static in enumerate(valid):
        if static is not None:
            extents.append(static)
        elif loaded:
            extents.append(loaded[axis - 2])
        else:
            raise Refusal(store.location, f"'pl.tile.store' of a tile whose valid "
                          f"{('rows', 'columns')[axis]} are dynamic and not those of a "
                          "pl.tile.load: an ND store's partition must be the tile's valid "
                          "region (the device moves the partition's rows, validCol elements "
                          "each), and the lowering holds that extent as a value only for a "
                          "loaded tile; store the loaded tile, or give the tile static valid "
                          "extents")
    return extents


def _valid_upper_bounds(tile: pl.TileType) -> tuple[int, int]:
    """The most rows and columns a store of `tile` moves: its static valid extents, the
    physical ones where they are dynamic."""
    valid = tile.valid or (tile.rows, tile.cols)
    return (tile.rows if valid[0] is None else valid[0],
            tile.cols if valid[1] is None else valid[1])


def _check_tensor_operands(op: ir.Operation, name: str, lowered: set, slices: set) -> None:
    """The memory path must start at kernel arguments (or slices of them), and
    a tensor whose type becomes a pointer must not flow through control flow
    whose types would then disagree. Other ops pass any tensor through."""
    index = _MEMORY_PATH.get(name)
    if index is not None:
        operands = op.operands
        operand = operands[index] if len(operands) > index else None
        if (operand is not None and pl.tensor_layout(operand.type) is not None
                and operand not in lowered):
            raise Refusal(op.location, f"'{name}' uses a GM tensor that is neither a "
                          "function argument nor a slice of one: convert-pl-to-pto can only "
                          "build tensor views over kernel arguments")
        return
    for operand in op.operands:
        if pl.tensor_layout(operand.type) is None:
            continue
        if name == _CALL:  # whatever made it: the callee's own tensors become pointers
            raise Refusal(op.location, f"'{name}' {_PASSES_A_TENSOR}")
        if name == _RETURN and operand not in lowered:
            owner = operand.owner.operation.name if isinstance(operand, ir.OpResult) else None
            raise Refusal(op.location, "the function returns a GM tensor that is "
                          f"{'the result of ' + repr(owner) if owner else 'a block argument'}"
                          ", not a kernel argument or what a store returns: its result type "
                          "becomes a pointer, which only those have; return the stored tensor")
        if name in _TENSOR_PASSING_OPS and operand in lowered:
            raise Refusal(op.location, f"'{name}' {_PASSES_A_TENSOR}")
        if name == _RETURN and operand in slices:
            raise Refusal(op.location, "the function returns a slice of a GM tensor: after "
                          "lowering only whole kernel arguments have a pointer to return; "
                          "return the parent tensor instead")
    if name == _CALL and any(pl.tensor_layout(r.type) is not None for r in op.results):
        raise Refusal(op.location, f"'{name}' returns a GM tensor: convert-pl-to-pto lowers "
                      "every function's GM tensor results to pointers, which no call site is "
                      "rewritten to take; inline the callee")


def _check_off_path_readers(lowered: Iterable[ir.Value]) -> None:
    """Every reader of a tensor the lowering turns into a pointer (a kernel argument, a
    slice of it, a store's alias) is one the lowering rewrites or has a rule for
    (`_OPERAND_CHECKED_OPS`), or a whole dense flatten (`_check_flatten_reader`), whose
    rank-1 type still says every byte it covers. Any other op kept as it is would read a
    bare `!pto.ptr` after the lowering, its tensor's shape, strides and layout gone, and
    verify-pto-nz knows no pl op to see it (found by red team: a `pl.remote_load` and a
    `pl.prefetch.async_prefetch` of a tensor of rows 128 apart kept reading the pointer
    alone). Walks the uses of those few values, not every op."""
    for value in lowered:
        for use in value.uses:
            user = use.owner.operation
            name = user.name
            if name in _OPERAND_CHECKED_OPS:
                continue
            if name == pl.TensorReshape.NAME and use.operand_number == 0:
                _check_flatten_reader(pl.TensorReshape(user), value)
                continue
            raise Refusal(user.location, f"'{name}' reads the GM tensor {value.type}, which "
                          "convert-pl-to-pto lowers to a bare !pto.ptr (a slice to offsets on "
                          "one): the op would be kept reading the pointer without the "
                          "tensor's shape, strides and layout; move its data with pl.tile.load / "
                          "pl.tile.store, or read the "
                          "whole-tensor flatten (pl.tensor.reshape to rank 1) instead")


def _check_flatten_reader(reshape: pl.TensorReshape, source: ir.Value) -> None:
    """A reshape of a lowered tensor is kept reading its pointer: only a flatten of a whole,
    dense, static kernel tensor to `tensor<N x T>` (N its element count, T its element
    type) describes the same bytes by its type alone. A slice or an alias of one has
    parent coordinates no rank-1 type carries; a strided or partial flatten covers other
    bytes than the tensor's."""
    tensor = ir.RankedTensorType(source.type)
    layout = pl.tensor_layout(tensor)
    assert layout is not None  # only GM tensors are lowered
    shape = pl.tensor_shape(tensor)
    count = None if None in shape else nz_layout.fold_leading_sizes(
        [extent for extent in shape if extent is not None])
    results = reshape.op.results
    result = results[0].type if len(results) == 1 else None
    dense = layout.stride is None or \
        tuple(layout.stride) == nz_layout.strides_of_layout(layout.kind, shape)
    sliced = _is_slice_or_alias_of_one(source)
    expected = f"tensor<{count}x{tensor.element_type}>" if count is not None else None
    if (count is not None and dense and not sliced and isinstance(result, ir.RankedTensorType)
            and pl.tensor_shape(ir.RankedTensorType(result)) == (count,)
            and ir.RankedTensorType(result).element_type == tensor.element_type
            and [constant_value(v) for v in reshape.groups["new_shape"]] == [count]):
        return
    why = ("it is a slice (or a store into one), whose parent coordinates no rank-1 type "
           "carries" if sliced else "it is not dense" if not dense
           else "its extent is dynamic" if count is None
           else f"the flatten is not its whole {expected}")
    raise Refusal(reshape.location, f"'{pl.TensorReshape.NAME}' of {tensor} to "
                  f"{result}: convert-pl-to-pto lowers the tensor to a bare !pto.ptr, and a "
                  "reshape kept reading it says by its type alone which bytes it covers, "
                  f"which only a whole dense flatten does, and {why}; flatten the whole "
                  "kernel tensor, or move the data with tile loads")


def _is_slice_or_alias_of_one(value: ir.Value) -> bool:
    """Whether `value` is a slice, or a store's alias of one (its bytes are not a whole
    kernel tensor's)."""
    while (source := tensor_source(value)) is not None:
        if value.owner.operation.name == pl.TensorSlice.NAME:
            return True
        value = source
    return False


def _tile_of(value: ir.Value, loc: ir.Location) -> pl.TileType:
    tile = opaque_refusal(loc, lambda: pl.tile_type(value.type))
    if tile is None:
        raise MalformedOp(loc, f"expected a !pl.tile value, got {value.type}")
    return tile


def _axes(root: _Root, loc: ir.Location, rank: int) -> tuple[int, ...]:
    """The view axes of a window of `rank` offsets or sizes on this value. The window's
    rank was checked against the value's type before (check_load_types, the store's
    groups); a mismatch here is nzpass's own fault, never lowered as a misread window."""
    assert root.base is not None
    axes = root.axes if root.axes is not None else tuple(range(len(root.base)))
    if len(axes) != rank:
        raise InternalInvariantError(loc, f"window of rank {rank} on a tensor of rank "
                                     f"{len(axes)} reached the lowering")
    return axes


def _load_tile(load: pl.TileLoad) -> pl.TileType:
    if len(load.op.results) != 1:
        raise MalformedOp(load.location, "'pl.tile.load' op must have one result")
    return _tile_of(load.op.results[0], load.location)


def _valid_extents(load: pl.TileLoad, root: _Root, sizes: list[ir.Value],
                   builder: PtoBuilder):
    """Operands for a tile whose valid rows/cols are dynamic (`v_row=?`): the
    partition's own extents (`_valid_terms`), so a verifier can see they are equal."""
    terms = _valid_terms(load, root.layout.is_nz)
    if terms is None:
        return None, None
    return tuple(sizes[index] if scale == 1 else builder.mul(sizes[index], builder.index(scale))
                 for index, scale in terms)


def _valid_terms(load: pl.TileLoad, is_nz: bool
                 ) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A loaded tile's valid rows and columns, each as (an index into the window it is
    loaded with, its valid_shape, and the factor it is scaled by): the window's last two
    for ND; blocked NZ's row fractals times 16 and C0 lines times c0. None for a tile
    whose type sizes it (no `valid = ?`, or no valid_shape)."""
    tile = _load_tile(load)
    window = load.groups["valid_shape"]
    if tile.valid is None or not window:
        return None
    if not is_nz:
        return (len(window) - 2, 1), (len(window) - 1, 1)
    c0 = constant_value(window[4])
    assert c0 is not None  # the blocked innermost extent is c0, a constant
    return (2, 16), (1, c0)


def _load_attributes(load: pl.TileLoad) -> dict[str, ir.Attribute]:
    """The load's attributes but those the lowering spells otherwise (the segment sizes
    and target_memory, which the tile_buf's loc says): kept on the pto.tload rather than
    dropped (verify-pto-nz then refuses one on an NZ load, which it cannot read)."""
    consumed = (SEGMENTS, pl.TileLoad.TARGET_MEMORY)
    return {name: attr for name, attr in load.attributes.items() if name not in consumed}


def _store_attributes(store: pl.TileStore) -> dict[str, ir.Attribute]:
    """pl store attributes in their pto spelling (dialects.store_attrs), one that
    is off dropped; any other attribute is kept."""
    try:
        store_attrs.check_stated_once(store.attributes)
    except store_attrs.StoreAttrError as err:
        raise Refusal(store.location, f"'{pl.TileStore.NAME}' op: {err}") from None
    attrs = {}
    for name, attr in store.attributes.items():
        if name == SEGMENTS:
            continue
        known = store_attrs.store_attr(name)
        if known is None:
            attrs[name] = attr
            continue
        try:
            spelled = store_attrs.pto_spelling(name, attr)
        except store_attrs.StoreAttrError as err:
            raise Refusal(store.location, f"'{pl.TileStore.NAME}' op: {err}; give a known "
                          "value, e.g. st_phase = \"final\"") from None
        if spelled is not None:
            attrs[spelled[0]] = spelled[1]
        elif known.enum is None:
            attrs[name] = attr
    return attrs


@per_type
def _tile_buf(t: ir.Type) -> pto.TileBuf:
    """The canonical tile_buf of a !pl.tile type."""
    tile = pl.tile_type(t)
    assert tile is not None  # only !pl.tile types are retyped
    return tile_buf_for(tile)


@per_type
def _is_tile(t: ir.Type) -> bool:
    return pl.tile_type(t) is not None


@per_type
def _tile_buf_type(t: ir.Type) -> ir.Type:
    return _tile_buf(t).type()
