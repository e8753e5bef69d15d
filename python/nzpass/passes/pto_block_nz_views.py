"""pto-block-nz-views: block logical NZ views written directly in pto IR."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..dialects import pl, pto
from ..dialects.common import SEGMENTS, check_no_regions
from ..dialects.opaque import show_extent
from ..dialects.opaque import show_extent_list as _shown
from ..dialects.opaque_errors import opaque_refusal
from ..dialects.properties import PropertyReader
from ..driver.diagnostics import DiagnosticEngine
from ..driver.pass_base import ModulePass, report_or_rewrite
from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from ..ir.walk import functions, pre_order
from ..nz import layout as nz_layout
from ..nz.acc_store import check_acc_store_backend, check_acc_store_limits
from ..nz.call_facts import unproved_calls
from ..nz.coords import (
    Const,
    Coord,
    CoordEmitter,
    Folded,
    Rewrite,
    divided,
    retained_for_rewrite,
    rewrite_in_order,
)
from ..nz.hazards import check_plain_nz_load, check_plain_nz_store
from ..nz.intervals import INDEX_WIDTH, signed_max
from ..nz.offsets import (
    RANGE_ATTR,
    Linear,
    OffsetAnalysis,
    constant_value,
    explain_fact,
    linear_form,
    max_proof_depth_option,
    provable_forms_once,
    strict_bounds_option,
    unchanging_ir,
)
from ..nz.tensor_types import element_bit_width
from ..nz.valid_region import equals_size, valid_region
from ..nz.window import (
    ROWS,
    BlockedWindow,
    NzGeometry,
    WindowProofs,
    plan_acc_store_window,
    plan_load_window,
)

_VIEW_ATTRS = ("layout", SEGMENTS)
_INDEX_MAX = signed_max(INDEX_WIDTH)  # the view's operands are PTOAS's int32_t index
# Every store attribute is read: one left in `<{...}>` beside a `{...}` dictionary
# must not slip past the write-back rules.
_STORE_ATTRS = (SEGMENTS, *pto.TStore.ATTRS)


class PtoBlockNzViews(ModulePass):
    """Block NZ tensor views that frontends wrote in `pto` IR with their logical
    shape, so that PTOAS >= 0.61 (which requires rank 5) assembles them.

    Every NZ `pto.make_tensor_view` of logical rank 2, 3 or more becomes rank 5
    with blocked shape operands `[B, C/c0, R/16, 16, c0]` and row-major blocked
    stride operands; the logical strides given must be the dense row-major
    strides of the logical shape. Each `pto.partition_view` of it is rewritten
    like a tile load's window (offsets `[b, k0/c0, n0/16, 0, 0]`, sizes blocked,
    symbolic offsets proved and divided whole, the GM-gap guard) and its type
    re-spelled. It may feed `pto.tload` into an NZ-configured Mat tile, or take
    a `pto.tstore` from an FP32 Acc tile under the Acc write-back rules; any
    other user is refused. Rank-5 NZ views and ND/DN views are left alone;
    changed functions get `nz_tensor_views_blocked`. For example

      %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1)
            {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>}
            : (...) -> !pto.tensor_view<?x?xi8>

    becomes a view of shape [1, 16, 16, 16, 32] and strides
    [131072, 8192, 512, 32, 1], of type `!pto.tensor_view<?x?x?x?x?xi8>`.
    """

    name = "pto-block-nz-views"
    summary = "Block logical NZ views written directly in pto IR"

    max_proof_depth: int = max_proof_depth_option()
    strict_bounds: bool = strict_bounds_option()

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        refusals: list[Refusal] = []
        backend = pl.module_backend_or_default(module, refusals)
        refusals.extend(unproved_calls(module, self.max_proof_depth))
        reader = pto.ATTRIBUTE_READER
        proofs = WindowProofs(OffsetAnalysis(self.max_proof_depth), self.strict_bounds)
        with unchanging_ir():  # planning only reads the IR
            plans = [_FunctionPlan(func, backend, reader, proofs,
                                   refusals)
                     for func in functions(module) if pl.BLOCKED_MARK not in func.attributes]
        report_or_rewrite(provable_forms_once(refusals), diagnostics,
                          (plan.apply for plan in plans), proofs.warnings)


class _FunctionPlan:
    """Every rewrite of one function, checked before anything is changed."""

    def __init__(self, func, backend: str, reader: PropertyReader, prover: WindowProofs,
                 refusals: list[Refusal]):
        self.func = func
        self.backend = backend
        self.reader = reader
        self.prover = prover
        self.refusals = refusals
        # Keyed by pre-order position: see nz_coords.rewrite_in_order.
        self.rewrites: dict[int, Rewrite] = {}
        self.walk = pre_order(func)
        ops = self.walk.ops
        assert isinstance(ops, Sequence)  # a whole walk lists every op, by position
        self.positions = {op: position for position, op in enumerate(ops)}
        # Whether the function sets any tile's valid region (valid_region's setters).
        self.sets_valid_shapes = any(op.name == pto.SET_VALIDSHAPE for op in ops)
        for op in ops:
            if op.name != pto.MakeTensorView.NAME:
                continue
            try:
                self._plan_view(op)
            except Refusal as refusal:
                refusals.append(refusal)
        # Every function is planned before any is rewritten: keep only what
        # the rewrite reads.
        self.walk = retained_for_rewrite(self.walk, self.rewrites)
        self.positions = {}

    def _plan_view(self, op: ir.Operation) -> None:
        attrs = self.reader.attributes(op, _VIEW_ATTRS, complete=True)
        result = _nz_result_type(op, attrs)
        if result is None:
            return  # ND and DN views are none of this pass's business
        view = pto.MakeTensorView(op, attrs)
        if len(view.groups["shape"]) == 5:
            return  # already blocked: leave it alone
        check_no_regions(op)
        _check_stated_dims("view", "shape", view.groups["shape"], result, op.location)
        geom = _geometry(view, result, op.location, self.prover)
        _check_ptr(view, result.element)
        _check_dense_strides(view, geom, op.location, self.prover)
        # Every user is planned, in source order (a use list runs backwards): each
        # refusal is reported, not only the first.
        users = sorted((use.owner.operation for use in op.results[0].uses),
                       key=lambda user: self.positions.get(user, -1))
        refused = False
        for user in users:
            try:
                self._plan_partition(user, op.results[0], geom, result.element)
            except Refusal as refusal:
                self.refusals.append(refusal)
                refused = True
        if refused:
            return
        self.rewrites[self.positions[op]] = lambda emitter: _rebuild_view(emitter, view,
                                                                          result, geom)

    def _plan_partition(self, op: ir.Operation, view: ir.Value, geom: NzGeometry,
                        element: str) -> None:
        if op.name != pto.PartitionView.NAME:
            raise Refusal(op.location, f"'{op.name}' cannot use a logical NZ view: only "
                          "pto.partition_view (feeding pto.tload or pto.tstore) is blocked; "
                          "other users would see unblocked NZ coordinates")
        check_no_regions(op)
        part = pto.PartitionView(op, self.reader.attributes(op, complete=True))
        if part.groups["source"] != [view]:
            raise MalformedOp(op.location, "'pto.partition_view' op uses a logical NZ view "
                              "other than as its one source operand")
        result = _result_view_type(op, pto.PartitionView.NAME, "partition_tensor_view")
        _check_stated_dims("partition", "size", part.groups["sizes"], result, op.location)
        _check_partition_element(part, result, element)
        layout = result.layout
        users = [use.owner.operation for use in op.results[0].uses]
        stores = [u for u in users if u.name == pto.TStore.NAME]
        loads = [u for u in users if u.name == pto.TLoad.NAME]
        if len(stores) + len(loads) != len(users) or (stores and loads):
            raise Refusal(op.location, "a partition of an NZ view may feed only pto.tload "
                          "into Mat or only pto.tstore from Acc; split the other uses off")
        if stores:
            window = self._plan_store_window(part, stores, geom, element)
        else:
            window = plan_load_window(geom, part.groups["offsets"], part.groups["sizes"], None,
                                      op.location, self.prover, what="NZ partition")
            for load in loads:
                self._check_load(load, element, part.groups["sizes"][-2:])
        self.rewrites[self.positions[op]] = lambda emitter: _rebuild_partition(
            emitter, part, window, element, layout)

    def _check_load(self, op: ir.Operation, element: str, sizes: Sequence[ir.Value]) -> None:
        load = pto.TLoad(op, self.reader.attributes(op, (SEGMENTS,)))
        check_plain_nz_load(load, op.location)
        tile = _tile(load, "dst")
        if not tile.is_nz_mat:
            raise Refusal(op.location, f"pto.tload of an NZ view into {tile.spelling()}: NZ is "
                          "loaded NZ->NZ only, into a Mat tile with blayout=col_major, "
                          "slayout=row_major, fractal=512")
        if tile.dtype != element:
            raise Refusal(op.location, f"pto.tload of an NZ view of {element} into a tile of "
                          f"{tile.dtype}: an NZ->NZ load copies fractals as they are, with no "
                          "dtype conversion; load into a tile of the view's element type")
        analysis = self.prover.analysis
        region = valid_region(op, load.groups["dst"][0], tile, analysis, self._alloc,
                              self.sets_valid_shapes)
        extents = (region.rows, region.cols)
        wrong = [(what, extent) for what, extent, size
                 in zip(("valid_row", "valid_col"), extents, sizes, strict=True)
                 if not equals_size(analysis, extent, size)]
        if not wrong:
            return
        # The A2/A3 load steps from one column block to the next by the tile's valid rows
        # plus the gap R - (partition rows): any other valid region lands the next column
        # block inside the previous one.
        rows, cols = (show_extent(constant_value(v)) for v in sizes)
        valid = " x ".join(extent.show() for extent in extents)
        proved = "; ".join(extent.explain(what) for what, extent in wrong)
        raise Refusal(op.location, f"pto.tload of a {rows} x {cols} NZ partition into a "
                      f"tile whose valid region is {valid}: the NZ->NZ load steps between "
                      "column blocks by the tile's valid rows plus the gap the partition's "
                      "rows leave, so the valid region must provably equal the partition "
                      f"({proved}); size the partition like the tile's valid region, or give "
                      "the alloc the partition's sizes as valid_row / valid_col")

    def _alloc(self, op: ir.Operation) -> pto.AllocTile | None:
        try:
            return pto.AllocTile(op, self.reader.attributes(op, (SEGMENTS,)))
        except MalformedOp:
            return None

    def _plan_store_window(self, part: pto.PartitionView, stores: list[ir.Operation],
                           geom: NzGeometry, element: str) -> BlockedWindow:
        if len(stores) != 1:
            raise Refusal(part.location, "an NZ partition written by more than one pto.tstore "
                          "is refused: store each Acc tile through its own partition")
        store = pto.TStore(stores[0], self.reader.attributes(stores[0], _STORE_ATTRS))
        tile = _acc_tile(store, element, self.backend)
        sizes = [constant_value(v) for v in part.groups["sizes"]]
        expected = [1] * (geom.rank - 2) + [tile.rows, tile.cols]
        if sizes != expected:
            raise Refusal(part.location, f"NZ partition sizes {sizes} stored from a "
                          f"{tile.rows} x {tile.cols} Acc tile must be {expected}: one panel "
                          "per store, the whole tile")
        check_acc_store_limits("NZ accumulator store", tile.rows, tile.cols, tile.rows,
                                   tile.cols, self.backend, store.location)
        return plan_acc_store_window(geom, tile.rows, tile.cols, part.groups["offsets"],
                                     part.location, self.prover)

    def apply(self) -> None:
        if not self.rewrites:
            return
        rewrite_in_order(self.func, self.walk, self.rewrites)
        self.func.attributes[pl.BLOCKED_MARK] = ir.UnitAttr.get()


def _check_stated_dims(what: str, axis_word: str, values: Sequence[ir.Value],
                       result: pto.ViewType, loc: ir.Location) -> None:
    """The result type of a logical NZ view or partition states its extents too: its rank
    must be the operands' and every static dim the operand. The blocked op is built from
    the operands and retyped `?`, so a contradiction left here would be erased before
    verify-pto-nz, which refuses it on blocked views, could see it (found by red team: a
    view typed 64x256 over shape operands [128, 256] was blocked as 128 rows, though PTOAS's
    C++ takes a static shape from the type)."""
    sizes = [constant_value(v) for v in values]
    if len(result.dims) != len(sizes):
        raise Refusal(loc, f"NZ {what} type {result.spelling()} has rank {len(result.dims)} "
                      f"for {len(sizes)} {axis_word} operands; give the type one dim per operand")
    for axis, (dim, size) in enumerate(zip(result.dims, sizes, strict=True)):
        if dim is not None and dim != size:
            shown = show_extent(size)
            raise Refusal(loc, f"NZ {what} type {result.spelling()} states "
                          f"{axis_word}[{axis}] = {dim} but its operand is {shown}: the type "
                          f"and the operands of a {what} must describe one window; make them "
                          "agree")


def _check_partition_element(part: pto.PartitionView, result: pto.ViewType,
                             element: str) -> None:
    """A partition of a logical NZ view has the view's element type: the blocked partition
    is retyped with the view's, so another stated here would be erased (verify-pto-nz
    refuses it on a blocked partition: c0 and every coordinate count the view's elements)."""
    if result.element == element:
        return
    raise Refusal(part.location, f"NZ partition type {result.spelling()} has element type "
                  f"{result.element}, not its source view's {element}: c0 and every "
                  "coordinate count elements of the view's type, so another element type "
                  f"reinterprets the bytes; use {element}")


def _result_view_type(op: ir.Operation, name: str, kind: str) -> pto.ViewType:
    view = None
    if len(op.results) == 1:
        view = opaque_refusal(op.location, lambda: pto.view_type(op.results[0].type))
    if view is None or view.kind != kind:
        raise MalformedOp(op.location, f"'{name}' op must have one !pto.{kind} result, got "
                          f"{[str(r.type) for r in op.results]}")
    return view


def _nz_result_type(op: ir.Operation, attrs: dict[str, ir.Attribute]) -> pto.ViewType | None:
    """The result type of an NZ view (by its layout attribute or its type), None
    for any other view."""
    result = None
    if len(op.results) == 1:
        result = opaque_refusal(op.location, lambda: pto.view_type(op.results[0].type))
    if pto.stated_layout(op.location, attrs.get("layout"), result) != "nz":
        return None
    return _result_view_type(op, pto.MakeTensorView.NAME, "tensor_view")


def _geometry(view: pto.MakeTensorView, result: pto.ViewType, loc: ir.Location,
              proofs: WindowProofs) -> NzGeometry:
    element = opaque_refusal(loc, lambda: pl.element_type(result.element))
    values = view.groups["shape"]
    shape = [constant_value(v) for v in values]
    dynamic_rows = len(shape) >= 2 and shape[-2] is None
    bits = element_bit_width(element)
    if bits is None:
        raise Refusal(loc, f"logical NZ view of {result.element}: NZ needs an integer or "
                      "floating-point element type, whose size sets c0; keep this view ND")
    try:
        c0 = nz_layout.c0_for_bit_width(bits)
        blocked = nz_layout.blocked_shape(shape, c0, dynamic_rows)
    except nz_layout.NzLayoutError as err:
        raise Refusal(loc, f"logical NZ view: {err}") from None
    rows_value = values[-2] if dynamic_rows else None
    geom = NzGeometry(tuple(shape), c0, rows_value)
    if rows_value is not None:
        _check_dynamic_rows(rows_value, loc, proofs)
    # A dynamic row count is checked at its largest value: its strides grow with it.
    rows = geom.max_rows(proofs)
    strides = nz_layout.nz_strides(rows, geom.cols, c0)
    if any(value is not None and value > _INDEX_MAX for value in (*blocked, *strides)):
        largest = f" (rows up to {rows})" if dynamic_rows else ""
        raise Refusal(loc, f"logical NZ view of shape {_shown(shape)}{largest}: its blocked shape "
                      f"{_shown(blocked)} or strides {list(strides)} exceed the 32-bit index "
                      "range of the view's operands (PTOAS's index is an int32_t); split the "
                      "tensor into smaller views")
    return geom


def _check_dynamic_rows(rows: ir.Value, loc: ir.Location, proofs: WindowProofs) -> None:
    """A dynamic row count R is blocked to R/16 row fractals with strides R*c0 and
    C*R: R must be a positive multiple of 16 with a known largest value (the
    strides, the window bounds and the #317 gap guard are proved at it)."""
    fact = proofs.fact(rows)
    shown = explain_fact(rows, fact)
    if not fact.is_multiple(ROWS):
        raise Refusal(loc, f"logical NZ view rows are dynamic and cannot be proved a multiple "
                      f"of {ROWS}: an NZ fractal holds {ROWS} whole rows, so the blocked row "
                      f"count R/{ROWS} exists only for such an R. {shown}")
    if fact.lo <= 0 or not fact.bounded_above:
        raise Refusal(loc, "logical NZ view rows are dynamic and cannot be bounded to a "
                      "positive range: the blocked strides R*c0 and C*R, the window bounds and "
                      "the pto-isa#317 gap guard are proved at the largest row count. "
                      f"{shown}; state its range, e.g. {{{RANGE_ATTR} = array<i64: 16, 8193>}}")


def _check_ptr(view: pto.MakeTensorView, element: str) -> None:
    ptrs = view.groups["ptr"]
    if len(ptrs) != 1:
        raise MalformedOp(view.location, "'pto.make_tensor_view' op expects exactly one ptr "
                          f"operand, got {len(ptrs)}")
    ptr = opaque_refusal(view.location, lambda: pto.ptr_element(ptrs[0].type))
    if ptr is not None and ptr != element:
        raise Refusal(view.location, f"logical NZ view of {element} over a !pto.ptr<{ptr}>: c0 "
                      "and every blocked stride count elements of the view type, so the "
                      f"pointer's element type must equal it; use a !pto.ptr<{element}>")


def _check_dense_strides(view: pto.MakeTensorView, geom: NzGeometry, loc: ir.Location,
                         proofs: WindowProofs) -> None:
    """NZ bytes are dense: the logical strides must be the row-major ones. A
    stride after a dynamic row count R is R times a constant, proved equal to
    the given stride's linear form (the same SSA value times the same factor)."""
    values = view.groups["strides"]
    expected = _row_major_forms(geom, proofs)
    if len(values) != len(expected):
        raise MalformedOp(loc, f"'pto.make_tensor_view' op has {len(values)} strides for "
                          f"{len(expected)} extents")
    given = [constant_value(v) for v in values]
    static = [None if e.base is not None else int(e.offset) for e in expected]
    if any(g is None and e is not None for g, e in zip(given, static, strict=True)):
        raise Refusal(loc, "logical NZ view strides must be arith.constant values: the dense "
                      "row-major strides they must equal cannot be checked otherwise")
    for axis, (value, want) in enumerate(zip(values, expected, strict=True)):
        if want.base is None:
            if given[axis] != static[axis]:
                raise Refusal(loc, f"logical NZ view strides {_shown(given)} are not the dense "
                              f"row-major strides {_shown(static)} of its shape (axis {axis}): "
                              "the NZ bytes of a padded, transposed or strided tensor are not "
                              "in fractal order. Pack the tensor densely, or describe it as ND")
        elif linear_form(proofs.analysis, value) != want:
            factor = int(want.scale)
            raise Refusal(loc, f"logical NZ view stride[{axis}] cannot be proved equal to the "
                          f"dense row-major stride R * {factor} of its shape (R the dynamic row "
                          "count): NZ bytes are dense, and a stride that may differ puts the "
                          f"batches elsewhere; compute it as arith.muli of the row count by "
                          f"{factor} (it is {explain_fact(value, proofs.fact(value))})")


def _row_major_forms(geom: NzGeometry, proofs: WindowProofs) -> list[Linear]:
    """stride[i] = product(shape[i+1:]), as linear forms of the dynamic row count."""
    rows = geom.row_extent
    rows_form = (Linear(Fraction(0), None, Fraction(rows)) if isinstance(rows, int)
                 else linear_form(proofs.analysis, rows))
    forms, running = [], Linear(Fraction(0), None, Fraction(1))
    for axis in reversed(range(geom.rank)):
        forms.append(running)
        if axis == geom.rank - 2:
            running = rows_form.times(running.offset)
        else:
            extent = geom.shape[axis]
            running = running.times(extent if extent is not None else 0)
    forms.reverse()
    return forms


def _tile(op_view: pto.PtoOp, group: str) -> pto.TileBuf:
    values = op_view.groups[group]
    tile = opaque_refusal(op_view.location,
                          lambda: pto.tile_buf(values[0].type)) if len(values) == 1 else None
    if tile is None:
        raise MalformedOp(op_view.location, f"'{op_view.NAME}' op {group} must be one "
                          "!pto.tile_buf value")
    return tile


def _acc_tile(store: pto.TStore, element: str, backend: str) -> pto.TileBuf:
    """The Acc write-back rules that are not geometry (docs/nz-semantics.md section 4.6)."""
    loc = store.location
    check_acc_store_backend(backend, loc)
    tile = _tile(store, "src")
    if not tile.is_acc_nz:
        raise Refusal(loc, f"pto.tstore into an NZ view from {tile.spelling()}: only an Acc tile "
                      "(loc=acc, blayout=col_major, slayout=row_major, fractal=1024) can be "
                      "written back to NZ")
    if tile.dtype != "f32" or element != "f32":
        raise Refusal(loc, f"NZ accumulator store from {tile.dtype} into a view of {element}: "
                      "only FP32 Acc into an FP32 NZ view is supported (no dtype conversion)")
    if (tile.v_row, tile.v_col) != (tile.rows, tile.cols):
        raise Refusal(loc, "NZ accumulator store of a partly valid or dynamic tile: the write "
                      "back must be static and fully valid")
    check_plain_nz_store(store, loc)
    return tile


def _rebuild_view(emitter: CoordEmitter, view: pto.MakeTensorView, result: pto.ViewType,
                  geom: NzGeometry) -> ir.Operation:
    # A rank-3 batch operand is kept as it is: it may be dynamic.
    batch = view.groups["shape"][0] if geom.rank == 3 else None
    shape_values, strides = (emitter.emit_all(coords)
                             for coords in _blocked_coords(geom, batch is None, view.location))
    if batch is not None:
        shape_values[0] = batch
    blocked = pto.ViewType("tensor_view", (None,) * 5, result.element, result.layout)
    return _recreate(view, [view.groups["ptr"], shape_values, strides], blocked.type())


def _blocked_coords(geom: NzGeometry, static_batch: bool, loc: ir.Location
                    ) -> tuple[list[Coord], list[Coord]]:
    """The blocked shape [B, C/c0, R/16, 16, c0] and its row-major strides
    [C*R, R*c0, 16*c0, c0, 1]; a dynamic R (proved a positive multiple of 16)
    gives R/16 divided whole and the two outer strides as products of R."""
    c0, cols = geom.c0, geom.cols
    rows = geom.row_extent
    blocked = nz_layout.blocked_shape(geom.shape, c0, dynamic_rows=not isinstance(rows, int))
    batch = blocked[0] if static_batch else 0
    assert batch is not None  # a dynamic batch is kept as its operand
    head: list[Coord] = [Const(batch), Const(cols // c0)]
    tail: list[Coord] = [Const(ROWS), Const(c0)]
    inner: list[Coord] = [Const(ROWS * c0), Const(c0), Const(1)]
    if isinstance(rows, int):
        return ([*head, Const(rows // ROWS), *tail],
                [Const(cols * rows), Const(rows * c0), *inner])
    return ([*head, divided(rows, ROWS, loc), *tail],
            [Folded(((rows, cols),)), Folded(((rows, c0),)), *inner])


def _rebuild_partition(emitter: CoordEmitter, part: pto.PartitionView, window: BlockedWindow,
                       element: str, layout: str | None) -> ir.Operation:
    dims = tuple(c.value if isinstance(c, Const) else None for c in window.sizes)
    blocked = pto.ViewType("partition_tensor_view", dims, element, layout)
    # The source is read now: the view it names has just been rebuilt.
    source = [part.op.operands[0]]
    return _recreate(part, [source, emitter.emit_all(window.offsets),
                            emitter.emit_all(window.sizes)], blocked.type())


def _recreate(op_view: pto.PtoOp, groups, result_type: ir.Type) -> ir.Operation:
    """Replace the op, keeping every attribute and property (emitted as `{...}`)."""
    attributes = dict(op_view.attrs)
    attributes[SEGMENTS] = ir.DenseI32ArrayAttr.get([len(g) for g in groups])
    new = ir.Operation.create(op_view.NAME, results=[result_type],
                              operands=[v for g in groups for v in g], attributes=attributes,
                              loc=op_view.op.location, ip=ir.InsertionPoint(op_view.op))
    op_view.op.results[0].replace_all_uses_with(new.results[0])
    op_view.op.erase()
    return new
