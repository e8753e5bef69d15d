"""block-nz-tensor-views: logical NZ tensors -> the rank-5 blocked form."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..dialects import pl
from ..dialects.common import check_no_regions
from ..driver.diagnostics import DiagnosticEngine
from ..driver.pass_base import ModulePass, report_or_rewrite
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import (
    PreOrder,
    block_arguments,
    defined_values,
    function_type,
    functions,
    is_declaration,
    pre_order,
    set_function_type,
)
from ..nz.acc_store import pl_acc_store_tile
from ..nz.call_facts import unproved_calls
from ..nz.consistency import (
    check_load_types,
    check_slice_types,
    check_store_result,
    check_tensor_producer,
    slice_valid_is_its_window,
    tensor_source,
)
from ..nz.coords import CoordEmitter, Rewrite, retained_for_rewrite, rewrite_in_order
from ..nz.offsets import (
    OffsetAnalysis,
    constant_value,
    max_proof_depth_option,
    provable_forms_once,
    strict_bounds_option,
    unchanging_ir,
)
from ..nz.tensor_types import TypeBlocker, is_nz_tensor
from ..nz.window import (
    BlockedWindow,
    NzGeometry,
    WindowProofs,
    plan_acc_store_window,
    plan_leading_slice,
    plan_load_window,
)

# Consumers an NZ tensor may flow through unchanged: they only pass the value on.
_PASS_THROUGH = (op_names.SCF_FOR, op_names.SCF_YIELD,
                 op_names.FUNC_RETURN, op_names.FUNC_CALL)
# Consumers this pass replaces by a rebuilt op.
_REWRITTEN = (pl.TileLoad.NAME, pl.TileStore.NAME, pl.TensorSlice.NAME)
_REFUSED_CONSUMERS = {
    pl.TENSOR_VIEW: "a view reinterprets logical coordinates, which the blocked NZ form "
                    "cannot carry; slice leading axes or load tiles instead",
    pl.TENSOR_REINTERPRET_VIEW: "a reinterpreting view changes the coordinates the NZ bytes "
                                "are addressed by; keep the tensor ND if it must be viewed",
    pl.REMOTE_LOAD: "distributed (remote) loads have no NZ blocked form; keep the tensor ND",
    pl.ASYNC_PREFETCH: "prefetch the whole-tensor flatten (pl.tensor.reshape to rank 1) of "
                       "the NZ tensor, which is ND",
}


class BlockNzTensorViews(ModulePass):
    """Rewrite logical NZ tensors and every coordinate that touches them into the
    rank-5 blocked form `[B, C/c0, R/16, 16, c0]` that PTOAS >= 0.61 and pto-isa
    accept.

    Phase 1 blocks every NZ tensor type (function arguments and results, op
    results, loop-carried values, call operands and results). Phase 2 rewrites
    the consumers: `pl.tile.load` into Mat (offsets `[b, k0/c0, n0/16, 0, 0]`,
    sizes blocked, the tile type unchanged), `pl.tensor.slice` of leading axes,
    whole-tensor flattens, and FP32 Acc stores; any other consumer is refused.
    Symbolic row/column offsets are divided whole after their alignment and
    sign are proved. Rewritten functions get `nz_tensor_views_blocked` and are
    skipped when seen again.

        %t = "pl.tile.load"(%w, %c1, %c256, %c512, %c1, %c256, %c512) ...
            : (tensor<4x2048x4096xi8, #pl.layout<nz>>, ...) -> !pl.tile<256x512xi8, mat>
      becomes
        %t = "pl.tile.load"(%w, %c1, %c16, %c16, %c0, %c0, %c1, %c16, %c16, %c16, %c32) ...
            : (tensor<4x128x128x16x32xi8, #pl.layout<nz>>, ...) -> !pl.tile<256x512xi8, mat>
    """

    name = "block-nz-tensor-views"
    summary = "Block logical NZ tensors and their coordinates into the rank-5 NZ form"

    max_proof_depth: int = max_proof_depth_option()
    strict_bounds: bool = strict_bounds_option()

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        refusals: list[Refusal] = []
        backend = pl.module_backend_or_default(module, refusals)
        refusals.extend(pl.stray_ops(module))
        refusals.extend(unproved_calls(module, self.max_proof_depth))
        blocked_types: dict = {}  # one module, one context: types block the same everywhere
        proofs = WindowProofs(OffsetAnalysis(self.max_proof_depth), self.strict_bounds)
        with unchanging_ir():  # planning only reads the IR
            plans = [_FunctionPlan(func, backend, proofs, refusals,
                                   TypeBlocker(blocked_types))
                     for func in functions(module) if pl.BLOCKED_MARK not in func.attributes]
        report_or_rewrite(provable_forms_once(refusals), diagnostics,
                          (plan.apply for plan in plans), proofs.warnings)


class _FunctionPlan:
    """Everything one function needs, checked before anything is changed."""

    def __init__(self, func: ir.Operation, backend: str, prover: WindowProofs,
                 refusals: list[Refusal], blocker: TypeBlocker):
        self.func = func
        self.backend = backend
        self.prover: WindowProofs | None = prover
        self.refusals = refusals
        self.blocker = blocker
        self.retypes: list[tuple[ir.Value, ir.Type]] = []
        # Keyed by pre-order position: see nz_coords.rewrite_in_order.
        self.rewrites: dict[int, Rewrite] = {}
        self.positions: dict[ir.Operation, int] = {}
        self.walk = PreOrder([], [])  # a declaration has no body to walk
        self.new_signature: tuple[list, list] | None = None
        # Whether the signature holds an NZ tensor, blocked or not: see `apply`.
        self.nz_signature = False
        self._guard(self._plan_signature)
        if not is_declaration(func):
            self._plan_body()
        # Every function is planned before any is rewritten: keep only what
        # the rewrite reads.
        self.walk = retained_for_rewrite(self.walk, self.rewrites)
        self.positions = {}
        self.prover = None

    def _guard(self, step: Callable[[], None]) -> None:
        try:
            step()
        except Refusal as refusal:
            self.refusals.append(refusal)

    @property
    def _proofs(self) -> WindowProofs:
        # Dropped once planning is over; only planning asks for proofs.
        assert self.prover is not None, "proofs asked for after planning"
        return self.prover

    def _constant(self, value: ir.Value) -> int | None:
        return self._proofs.fact(value).constant

    def _plan_signature(self) -> None:
        ftype = function_type(self.func)
        args = list(block_arguments(self.func)) if not is_declaration(self.func) else []
        old_inputs, old_results = list(ftype.inputs), list(ftype.results)  # read once
        inputs = []
        for index, t in enumerate(old_inputs):
            where = args[index] if index < len(args) else self.func
            blocked = self.blocker.block_at(t, lambda where=where: where.location)
            self.nz_signature |= blocked is not None
            inputs.append(blocked[0] if blocked else t)
        results = []
        for t in old_results:
            blocked = self.blocker.block_at(t, lambda: self.func.location)
            self.nz_signature |= blocked is not None
            results.append(blocked[0] if blocked else t)
        if inputs != old_inputs or results != old_results:
            self.new_signature = (inputs, results)

    def _plan_body(self) -> None:
        self.walk = pre_order(self.func)
        ops = self.walk.ops
        assert isinstance(ops, list)  # a fresh pre-order walk lists its ops
        self.positions = {op: position for position, op in enumerate(ops)}
        planned_users: set[ir.Operation] = set()
        values = defined_values(self.func, ops)
        for value, blocked in self.blocker.blocked_values(values, self.refusals):
            self.retypes.append((value, blocked[0]))
            self._guard(partial(self._check_producer, value))
            for use in value.uses:
                user = use.owner.operation
                if user not in planned_users:
                    planned_users.add(user)
                    self._guard(partial(self._plan_user, user, use.operand_number, blocked[1]))

    def _check_producer(self, value: ir.Value) -> None:
        """An NZ tensor a slice or store makes from a tensor that is not NZ: its type
        contradicts its operand (one made from an NZ tensor is checked where that use
        is planned)."""
        source = tensor_source(value)
        if source is not None and not is_nz_tensor(source.type):
            check_tensor_producer(value, self._constant)

    def _plan_user(self, user: ir.Operation, operand: int, geom: NzGeometry) -> None:
        name = user.name
        if name in _PASS_THROUGH:
            return
        if name in _REWRITTEN:
            check_no_regions(user)
        if name == pl.TileLoad.NAME and operand == 0:
            return self._plan_load(pl.TileLoad(user), geom)
        if name == pl.TileStore.NAME and operand == 1:
            return self._plan_store(pl.TileStore(user), geom)
        if name == pl.TensorSlice.NAME and operand == 0:
            return self._plan_slice(pl.TensorSlice(user), geom)
        if name == pl.TensorReshape.NAME and operand == 0:
            return _check_flatten(pl.TensorReshape(user), geom)
        reason = _REFUSED_CONSUMERS.get(name, "only pl.tile.load into Mat, Acc pl.tile.store, "
                                        "leading-axis pl.tensor.slice and whole-tensor flattens "
                                        "can use an NZ tensor; unsupported NZ coordinates never "
                                        "pass through")
        raise Refusal(user.location, f"'{name}' cannot consume an NZ tensor (operand {operand}): "
                      f"{reason}")

    def _plan_load(self, load: pl.TileLoad, geom: NzGeometry) -> None:
        memory = load.string_attr(pl.TileLoad.TARGET_MEMORY)
        if memory != "mat":
            got = f"target_memory = \"{memory}\"" if memory is not None else "no target_memory"
            raise Refusal(load.location, f"NZ load with {got}: an NZ tensor is loaded NZ->NZ, "
                          "which is the cube operand path into Mat; load it with "
                          "target_memory = \"mat\" or keep the tensor ND")
        valid = load.groups["valid_shape"] or None
        window = plan_load_window(geom, load.groups["offsets"], load.groups["sizes"], valid,
                                  load.location, self._proofs)
        # The window is planned from the operands; the tile type must say the same.
        check_load_types(load, self._constant)
        self.rewrites[self.positions[load.op]] = lambda emitter: _rebuild(
            emitter, load, window, "offsets", "sizes", "valid_shape")

    def _plan_slice(self, slice_: pl.TensorSlice, geom: NzGeometry) -> None:
        valid = slice_.groups["valid_shape"]
        _check_slice_keeps_valid_shape(slice_, valid)
        window = plan_leading_slice(geom, slice_.groups["offsets"], slice_.groups["sizes"],
                                    slice_.location, self._proofs)
        check_slice_types(slice_, self._constant)  # its users measure the result type
        if valid:
            window.valid = window.sizes
        self.rewrites[self.positions[slice_.op]] = lambda emitter: _rebuild(
            emitter, slice_, window, "offsets", "sizes", "valid_shape",
            drop=(pl.TensorSlice.DROP_DIMS,))

    def _plan_store(self, store: pl.TileStore, geom: NzGeometry) -> None:
        check_store_result(store)  # its users measure the result type
        tile = pl_acc_store_tile(store, self.backend)
        _check_store_shapes(store, geom, tile)
        window = plan_acc_store_window(geom, tile.rows, tile.cols, store.groups["offsets"],
                                       store.location, self._proofs)
        self.rewrites[self.positions[store.op]] = lambda emitter: _rebuild(
            emitter, store, window, "offsets", "shapes", None, explicit_sizes=True)

    def apply(self) -> None:
        # Marked wherever an NZ tensor is, its type changed or not: the later passes read
        # the mark as "blocked", and a logical [B, 1, 1, 16, c0] tensor blocks to its own
        # shape (found by red team: a declaration of one, left unmarked, was reported by
        # materialize-tensor-strides as an internal invariant violation).
        changed = bool(self.retypes or self.new_signature or self.nz_signature)
        for value, new_type in self.retypes:
            value.set_type(new_type)
        rewrite_in_order(self.func, self.walk, self.rewrites)
        if self.new_signature is not None:
            set_function_type(self.func, *self.new_signature)
        if changed:
            self.func.attributes[pl.BLOCKED_MARK] = ir.UnitAttr.get()


def _check_store_shapes(store: pl.TileStore, geom: NzGeometry, tile: pl.TileType) -> None:
    """An explicit shapes group must be the whole tile, one panel."""
    shapes = store.groups["shapes"]
    expected = [1] * (geom.rank - 2) + [tile.rows, tile.cols]
    if not shapes or [constant_value(v) for v in shapes] == expected:
        return
    raise Refusal(store.location, f"NZ accumulator store shapes must be the whole tile "
                  f"{expected}: the write-back stores one fully valid panel per store (a larger "
                  "batch extent is folded into the columns by the A2/A3 store). Give exactly "
                  "these shapes, or omit the group")


def _check_slice_keeps_valid_shape(slice_: pl.TensorSlice, valid: list[ir.Value]) -> None:
    """A slice's valid_shape, when given, must be its whole window."""
    sizes = slice_.groups["sizes"]
    if not valid:
        return
    if len(valid) != len(sizes):
        raise MalformedOp(slice_.location, f"'{pl.TensorSlice.NAME}' op has {len(valid)} "
                          f"valid_shape values for {len(sizes)} sizes")
    if not slice_valid_is_its_window(slice_, constant_value):
        raise Refusal(slice_.location, "NZ slice narrows its valid_shape: a partly valid NZ "
                      "tensor has no blocked form; describe the valid region on the tile loads "
                      "instead")


def _element_count(shape: tuple[int | None, ...]) -> int | None:
    total = 1
    for extent in shape:
        if extent is None:
            return None
        total *= extent
    return total


def _check_flatten(reshape: pl.TensorReshape, geom: NzGeometry) -> None:
    """Only a rank-1 reshape covering every element is layout-independent."""
    result = reshape.op.results[0].type if len(reshape.op.results) == 1 else None
    new_shape = [constant_value(v) for v in reshape.groups["new_shape"]]
    total = _element_count(geom.shape)
    is_rank1 = isinstance(result, ir.RankedTensorType) and result.rank == 1
    if is_rank1 and total is None:
        raise Refusal(reshape.location, "NZ tensor with a dynamic batch flattened to rank 1: "
                      "that the flatten covers every element cannot be checked, and a partial "
                      "flatten reinterprets NZ coordinates. Flatten a tensor with a static "
                      "batch, or load tiles instead")
    if not (is_rank1 and new_shape == [total]):
        raise Refusal(reshape.location, "NZ tensor reshaped to another shape: in NZ byte order "
                      "that reinterprets coordinates the blocked form cannot carry. Only a "
                      "whole-tensor flatten to rank 1 (all elements, e.g. for prefetch) is kept; "
                      "stack layers on a leading axis and slice it instead")
    assert result is not None and total is not None  # is_rank1, and refused where None
    _check_flatten_result(reshape, ir.RankedTensorType(result), total)


def _check_flatten_result(reshape: pl.TensorReshape, result: ir.RankedTensorType,
                          total: int) -> None:
    """The flatten's result type is the source's elements, all of them: the `new_shape`
    operand alone says nothing of the type its users (the prefetch) read, so a result of
    another extent or element type would cover other bytes than the tensor's (found by
    red team: a 256x512 i8 flatten typed tensor<64xf32> prefetched 256 bytes, not 128 KiB)."""
    source = ir.RankedTensorType(reshape.single("tensor").type)
    extent = pl.tensor_shape(result)[0]
    if extent == total and result.element_type == source.element_type:
        return
    raise Refusal(reshape.location, f"NZ whole-tensor flatten typed {result} but its source "
                  f"{source} holds {total} {source.element_type} elements: the users of the "
                  "flatten (a prefetch) read its type, so they would cover other bytes than "
                  f"the tensor's; give it the type tensor<{total}x{source.element_type}>")


def _rebuild(emitter: CoordEmitter, view, window: BlockedWindow, offsets: str, sizes: str,
             valid: str | None, drop: tuple[str, ...] = (),
             explicit_sizes: bool = False) -> ir.Operation:
    groups = {offsets: emitter.emit_all(window.offsets)}
    if explicit_sizes or view.groups[sizes]:
        groups[sizes] = emitter.emit_all(window.sizes)
    if valid is not None and view.groups[valid]:
        groups[valid] = emitter.emit_all(window.valid or window.sizes)
    new = view.rebuild(groups)
    for name in drop:
        if name in new.attributes:
            del new.attributes[name]
    return new
