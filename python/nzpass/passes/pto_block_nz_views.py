"""pto-block-nz-views: block logical NZ views written directly in pto IR."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import nz_layout
from ..bindings import ir
from ..diagnostics import DiagnosticEngine
from ..dialects import pl, pto
from ..dialects.common import SEGMENTS
from ..dialects.properties import PropertyReader
from ..errors import MalformedOp, Refusal
from ..ir_walk import functions, nested_ops
from ..nz_coords import Const, CoordEmitter
from ..nz_types import element_bit_width
from ..nz_window import (BlockedWindow, NzGeometry, plan_acc_store_window, plan_load_window)
from ..offset_proofs import DEFAULT_MAX_DEPTH, OffsetProver, constant_value
from ..opaque_errors import opaque_refusal
from ..pass_base import ModulePass, option
from ..pto_lowering import check_acc_store_limits
from .block_nz_tensor_views import _backend

_VIEW_ATTRS = ("layout", SEGMENTS)


@dataclass(frozen=True)
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
    changed functions get `nz_tensor_views_blocked`.
    """

    name = "pto-block-nz-views"
    summary = "Block logical NZ views written directly in pto IR"

    max_proof_depth: int = option(DEFAULT_MAX_DEPTH, "how deep offset proofs follow SSA "
                                  "definitions before giving up (and refusing)")

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        refusals: list[Refusal] = []
        backend = _backend(module, refusals)
        reader = PropertyReader(module)
        plans = []
        for func in functions(module):
            if pl.BLOCKED_MARK in func.attributes:
                continue
            plan = _FunctionPlan(func, backend, reader,
                                 OffsetProver(self.max_proof_depth), refusals)
            plans.append(plan)
        for refusal in refusals:
            diagnostics.error(refusal.location, refusal.message, refusal.notes)
        if refusals:
            return
        for plan in plans:
            plan.apply()


class _FunctionPlan:
    def __init__(self, func, backend, reader: PropertyReader, prover: OffsetProver, refusals):
        self.func = func
        self.backend = backend
        self.reader = reader
        self.prover = prover
        self.rewrites: list[Callable[[], None]] = []
        for op in nested_ops(func):
            if op.name != pto.MakeTensorView.NAME:
                continue
            try:
                self._plan_view(op)
            except Refusal as refusal:
                refusals.append(refusal)

    def _plan_view(self, op: ir.Operation) -> None:
        attrs = self.reader.attributes(op, _VIEW_ATTRS)
        view = pto.MakeTensorView(op, attrs)
        result = _result_view_type(op)
        if (pto.layout_of(attrs.get("layout")) or result.layout) != "nz":
            return
        rank = len(view.groups["shape"])
        if rank == 5:
            return  # already blocked: leave it alone
        geom = _geometry(view, result, op.location)
        batch = view.groups["shape"][0] if rank == 3 else None
        _check_dense_strides(view, geom, op.location)
        partitions = [self._plan_partition(use.owner.operation, geom)
                      for use in op.results[0].uses]
        self.rewrites.append(lambda: _rebuild(view, attrs, result, geom, batch, partitions))

    def _plan_partition(self, op: ir.Operation, geom: NzGeometry):
        if op.name != pto.PartitionView.NAME:
            raise Refusal(op.location, f"'{op.name}' cannot use a logical NZ view: only "
                          "pto.partition_view (feeding pto.tload or pto.tstore) is blocked; "
                          "other users would see unblocked NZ coordinates")
        part = pto.PartitionView(op, self.reader.attributes(op, (SEGMENTS,)))
        users = [use.owner.operation for use in op.results[0].uses]
        stores = [u for u in users if u.name == pto.TStore.NAME]
        loads = [u for u in users if u.name == pto.TLoad.NAME]
        if len(stores) + len(loads) != len(users) or (stores and loads):
            raise Refusal(op.location, "a partition of an NZ view may feed only pto.tload "
                          "into Mat or only pto.tstore from Acc; split the other uses off")
        for load in loads:
            self._check_load(load)
        if stores:
            return part, self._plan_store_window(part, stores, geom)
        window = plan_load_window(geom, part.groups["offsets"], part.groups["sizes"], None,
                                  op.location, self.prover, what="NZ partition")
        return part, window

    def _check_load(self, op: ir.Operation) -> None:
        load = pto.TLoad(op, self.reader.attributes(op, (SEGMENTS,)))
        tile = _tile(load, "dst")
        if not tile.is_nz_mat:
            raise Refusal(op.location, f"pto.tload of an NZ view into {tile.spelling()}: NZ is "
                          "loaded NZ->NZ only, into a Mat tile with blayout=col_major, "
                          "slayout=row_major, fractal=512")

    def _plan_store_window(self, part: pto.PartitionView, stores, geom) -> BlockedWindow:
        if len(stores) != 1:
            raise Refusal(part.location, "an NZ partition written by more than one pto.tstore "
                          "is refused: store each Acc tile through its own partition")
        store = pto.TStore(stores[0], self.reader.attributes(stores[0], (SEGMENTS,)))
        tile = _acc_tile(store, geom, self.backend)
        sizes = [constant_value(v) for v in part.groups["sizes"]]
        expected = [1] * (geom.rank - 2) + [tile.rows, tile.cols]
        if sizes != expected:
            raise Refusal(part.location, f"NZ partition sizes {sizes} stored from a "
                          f"{tile.rows} x {tile.cols} Acc tile must be {expected}: one panel "
                          "per store, the whole tile")
        check_acc_store_limits(tile.rows, tile.cols, self.backend, store.location)
        return plan_acc_store_window(geom, tile.rows, tile.cols, part.groups["offsets"],
                                     part.location, self.prover)

    def apply(self) -> None:
        for rewrite in self.rewrites:
            rewrite()
        if self.rewrites:
            self.func.attributes[pl.BLOCKED_MARK] = ir.UnitAttr.get()


def _result_view_type(op: ir.Operation) -> pto.ViewType:
    if len(op.results) != 1:
        raise MalformedOp(op.location, "'pto.make_tensor_view' op must have one result")
    view = opaque_refusal(op.location, lambda: pto.view_type(op.results[0].type))
    if view is None or view.kind != "tensor_view":
        raise MalformedOp(op.location, "'pto.make_tensor_view' op result must be a "
                          f"!pto.tensor_view, got {op.results[0].type}")
    return view


def _geometry(view: pto.MakeTensorView, result: pto.ViewType, loc) -> NzGeometry:
    element = opaque_refusal(loc, lambda: pl.element_type(result.element))
    bits = element_bit_width(element)
    shape = [constant_value(v) for v in view.groups["shape"]]
    for axis, extent in enumerate(shape[:-2]):
        if extent is None and len(shape) > 3:
            raise Refusal(loc, f"logical NZ view axis {axis} is not a constant: folding leading "
                          "axes into the single NZ batch slot needs static extents")
    try:
        c0 = nz_layout.c0_for_bit_width(bits)
        nz_layout.blocked_shape(shape, c0)
    except nz_layout.NzLayoutError as err:
        raise Refusal(loc, f"logical NZ view: {err}") from None
    return NzGeometry(tuple(shape), c0)


def _check_dense_strides(view: pto.MakeTensorView, geom: NzGeometry, loc) -> None:
    """NZ bytes are dense: the logical strides must be the row-major ones."""
    given = [constant_value(v) for v in view.groups["strides"]]
    expected = nz_layout.row_major_strides(geom.shape)
    if len(given) != len(expected):
        raise MalformedOp(loc, f"'pto.make_tensor_view' op has {len(given)} strides for "
                          f"{len(expected)} extents")
    if None in given:
        raise Refusal(loc, "logical NZ view strides must be arith.constant values: the dense "
                      "row-major strides they must equal cannot be checked otherwise")
    for axis, (got, want) in enumerate(zip(given, expected)):
        if want is not None and got != want:
            raise Refusal(loc, f"logical NZ view strides {given} are not the dense row-major "
                          f"strides {list(expected)} of its shape (axis {axis}): the NZ bytes of "
                          "a padded, transposed or strided tensor are not in fractal order. "
                          "Pack the tensor densely, or describe it as ND")


def _tile(op_view: pto.PtoOp, group: str) -> pto.TileBuf:
    values = op_view.groups[group]
    tile = opaque_refusal(op_view.location,
                          lambda: pto.tile_buf(values[0].type)) if len(values) == 1 else None
    if tile is None:
        raise MalformedOp(op_view.location, f"'{op_view.NAME}' op {group} must be one "
                          "!pto.tile_buf value")
    return tile


def _acc_tile(store: pto.TStore, geom: NzGeometry, backend: str) -> pto.TileBuf:
    """The Acc write-back rules that are not geometry (nz-semantics section 4)."""
    loc = store.location
    if backend == "a5":
        raise Refusal(loc, "NZ accumulator stores are supported on A2/A3 only (module "
                      "pl.backend = \"a5\"); store ND on A5")
    tile = _tile(store, "src")
    if not tile.is_acc_nz:
        raise Refusal(loc, f"pto.tstore into an NZ view from {tile.spelling()}: only an Acc tile "
                      "(loc=acc, blayout=col_major, slayout=row_major, fractal=1024) can be "
                      "written back to NZ")
    if tile.dtype != "f32" or geom.c0 != 8:
        raise Refusal(loc, f"NZ accumulator store from {tile.dtype} into a view with c0 = "
                      f"{geom.c0}: only FP32 Acc into an FP32 NZ view is supported")
    if (tile.v_row, tile.v_col) != (tile.rows, tile.cols):
        raise Refusal(loc, "NZ accumulator store of a partly valid or dynamic tile: the write "
                      "back must be static and fully valid")
    for name in pto.TStore.ATTRS[1:]:
        if _store_flag(store.attrs.get(name)):
            raise Refusal(loc, f"NZ accumulator store with {name}: atomic and relu write-backs "
                          "into NZ are not supported; store ND instead")
    if store.groups["fp"] or store.groups["preQuantScalar"]:
        raise Refusal(loc, "NZ accumulator store with a quantisation operand: no dtype "
                      "conversion is supported into NZ")
    return tile


def _store_flag(attr: ir.Attribute | None) -> bool:
    if attr is None:
        return False
    text = str(attr)
    return not any(text.endswith(f" {off}>") for off in ("none", "no_relu", "atomic_none"))


def _rebuild(view: pto.MakeTensorView, attrs, result: pto.ViewType, geom: NzGeometry,
             batch: ir.Value | None, partitions) -> None:
    emitter = CoordEmitter(view.op)
    shape = nz_layout.blocked_shape(geom.shape, geom.c0)
    shape_values = [batch if batch is not None else emitter.constant(shape[0])]
    shape_values += [emitter.constant(extent) for extent in shape[1:]]
    strides = [emitter.constant(s) for s in nz_layout.nz_strides(geom.rows, geom.cols, geom.c0)]
    blocked = pto.ViewType("tensor_view", (None,) * 5, result.element, result.layout)
    new_view = _recreate(view, attrs, [[view.groups["ptr"][0]], shape_values, strides],
                         blocked.type())
    for part, window in partitions:
        _rebuild_partition(part, window, new_view, result.element)


def _rebuild_partition(part: pto.PartitionView, window: BlockedWindow, source: ir.Value,
                       element: str) -> None:
    emitter = CoordEmitter(part.op)
    dims = tuple(c.value if isinstance(c, Const) else None for c in window.sizes)
    blocked = pto.ViewType("partition_tensor_view", dims, element)
    _recreate(part, part.attrs, [[source], emitter.emit_all(window.offsets),
                                 emitter.emit_all(window.sizes)], blocked.type())


def _recreate(op_view: pto.PtoOp, attrs, groups, result_type: ir.Type) -> ir.Value:
    """Replace the op, keeping every attribute and property (emitted as `{...}`)."""
    attributes = dict(attrs)
    attributes[SEGMENTS] = ir.DenseI32ArrayAttr.get([len(g) for g in groups])
    new = ir.Operation.create(op_view.NAME, results=[result_type],
                              operands=[v for g in groups for v in g], attributes=attributes,
                              loc=op_view.op.location, ip=ir.InsertionPoint(op_view.op))
    op_view.op.results[0].replace_all_uses_with(new.results[0])
    op_view.op.erase()
    return new.results[0]
