"""materialize-tensor-strides: give every GM tensor type its row-major strides."""

from __future__ import annotations

from typing import Any

from ..dialects import pl
from ..driver.diagnostics import DiagnosticEngine
from ..driver.pass_base import ModulePass, report_or_rewrite
from ..errors import InternalInvariantError, Refusal
from ..ir.bindings import ir
from ..ir.walk import (
    defined_values,
    function_type,
    functions,
    nested_ops,
    set_function_type,
    value_location,
)
from ..nz import layout as nz_layout
from ..nz.consistency import dropped_axes, slice_strides
from ..nz.offsets import constant_value
from ..nz.tensor_types import check_extents_fit_i64, has_blocked_nz_shape


class MaterializeTensorStrides(ModulePass):
    """Fill in `stride = [...]` in the `#pl.layout` encoding of every GM tensor
    type: row-major over its shape (column-major for a DN tensor, as PTOAS infers
    DN), `?` where an extent is dynamic.

    NZ needs no stride rule of its own: once its shape is blocked, the pto-isa
    NZ strides `[C*R, R*c0, 16*c0, c0, 1]` are exactly the row-major strides of
    `[B, C/c0, R/16, 16, c0]`. An NZ tensor that is not blocked yet is a
    pass-ordering bug (block-nz-tensor-views must run first) and is reported
    as an internal invariant violation, not a user error.

        tensor<1x16x16x16x32xi8, #pl.layout<nz>>
      becomes
        tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, 512, 32, 1]>>
    """

    name = "materialize-tensor-strides"
    summary = "Materialise row-major strides in every GM tensor encoding"

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        refusals: list[Refusal] = [*pl.misplaced_modules(module), *pl.stray_ops(module)]
        retypes: list[tuple[ir.Value, ir.Type]] = []
        signatures = []
        # The conversions that succeeded, by whether the function is blocked: a
        # pure function of the type, shared by every function of the module.
        converted: dict[bool, dict[ir.Type, ir.Type | None]] = {False: {}, True: {}}
        for func in functions(module):
            blocked = pl.BLOCKED_MARK in func.attributes
            converter = _StrideConverter(blocked, refusals, converted[blocked])
            retyped: dict[ir.Value, ir.Type] = {}
            for value in defined_values(func, nested_ops(func)):
                new = _as_window(value, converter.convert_value(value), retyped)
                if new is not None:
                    retypes.append((value, new))
                    retyped[value] = new
            ftype = function_type(func)
            inputs = [converter.convert(t, func.location) or t for t in ftype.inputs]
            results = [converter.convert(t, func.location) or t for t in ftype.results]
            signatures.append((func, inputs, results))
        def rewrite() -> None:
            for value, new in retypes:
                value.set_type(new)
            for func, inputs, results in signatures:
                set_function_type(func, inputs, results)

        report_or_rewrite(refusals, diagnostics, (rewrite,))


_MISSING: Any = object()  # a cache's "not converted yet" (None is an answer: no change)


def _as_window(value: ir.Value, new: ir.Type | None, retyped: dict[ir.Value, ir.Type]
               ) -> ir.Type | None:
    """The strides written on a `pl.tensor.slice` result are its parent's on the axes it
    keeps, not the dense ones of its own shape: the slice is a window of the parent's
    bytes (nz.consistency.check_slice_types refuses a slice typed otherwise; found by red
    team). A `?` there would stand for the slice's own dense product, so a parent stride
    that is one keeps the dense strides; a refused slice keeps them for its check to say."""
    owner = value.owner.operation if isinstance(value, ir.OpResult) else None
    if owner is not None and owner.name == pl.TileStore.NAME:
        return _as_alias(value, owner, new, retyped)
    if new is None or owner is None or owner.name != pl.TensorSlice.NAME or \
            not len(owner.operands):
        return new
    parent = owner.operands[0]
    parent_type = retyped.get(parent, parent.type)  # defined before: a slice of a slice too
    try:
        if pl.tensor_layout(parent_type) is None:
            return new
        strides = slice_strides(ir.RankedTensorType(parent_type),
                                dropped_axes(pl.TensorSlice(owner), constant_value))
    except (Refusal, ValueError):  # a malformed slice or parent: refused where it is read
        return new
    layout = pl.tensor_layout(new)
    if None in strides or layout is None or len(strides) != len(layout.stride or ()):
        return new
    tensor = ir.RankedTensorType(new)
    return pl.tensor_type(pl.tensor_shape(tensor), tensor.element_type,
                          layout._replace(stride=strides))


def _as_alias(value: ir.Value, store: ir.Operation, new: ir.Type | None,
              retyped: dict[ir.Value, ir.Type]) -> ir.Type | None:
    """A store's result is an alias of its destination, of the destination's type
    (consistency.check_store_result): it keeps that type as the destination is retyped,
    not the dense strides of its own shape, which differ from a slice's (found by red
    team: every store into a column window of a slice was refused by convert-pl-to-pto,
    its result retyped [128, 1] beside a destination of [512, 1]). A result typed
    otherwise is converted on its own, and refused where it is read."""
    if len(store.operands) < 2 or store.operands[1].type != value.type:
        return new
    return retyped.get(store.operands[1], new)


class _StrideConverter:
    def __init__(self, function_blocked: bool, refusals: list[Refusal],
                 converted: dict[ir.Type, ir.Type | None] | None = None):
        self.function_blocked = function_blocked
        self.refusals = refusals
        # Types converted without a refusal (shared by the functions of a module
        # with the same `function_blocked`), and the refused ones of this
        # function (None: each function reports its own, once).
        self._converted: dict[ir.Type, ir.Type | None] = {} if converted is None else converted
        self._refused: dict[ir.Type, ir.Type | None] = {}

    def convert_value(self, value: ir.Value) -> ir.Type | None:
        """`convert` of the value's type, its location looked up only for a
        type not seen before."""
        t = value.type
        new = self._converted.get(t, _MISSING)
        if new is not _MISSING:
            return new
        return self.convert(t, value_location(value))

    def convert(self, t: ir.Type, loc: ir.Location) -> ir.Type | None:
        """The type with strides, or None when `t` needs no change."""
        new = self._converted.get(t, _MISSING)
        if new is not _MISSING or t in self._refused:
            return None if new is _MISSING else new
        try:
            new = self._converted[t] = self._convert(t, loc)
        except pl.LayoutSyntaxError as err:
            self.refusals.append(Refusal(loc, str(err)))
            new = self._refused[t] = None
        except Refusal as refusal:
            self.refusals.append(refusal)
            new = self._refused[t] = None
        return new

    def _convert(self, t: ir.Type, loc: ir.Location) -> ir.Type | None:
        layout = pl.tensor_layout(t)
        if layout is None:
            return None
        tensor = ir.RankedTensorType(t)
        shape = pl.tensor_shape(tensor)
        check_extents_fit_i64(tensor, loc)
        if layout.is_nz:
            self._check_blocked(tensor, loc)
        strides = nz_layout.strides_of_layout(layout.kind, shape)
        if layout.stride is not None:
            _check_stride_products(layout, shape, loc)
            if layout.is_nz and tuple(layout.stride) != strides:
                raise InternalInvariantError(loc, f"blocked NZ tensor {t} carries strides "
                                             f"{list(layout.stride)} that are not row-major")
            return None  # explicit ND strides are the user's; keep them (their `?` checked)
        return pl.tensor_type(shape, tensor.element_type, layout._replace(stride=strides))

    def _check_blocked(self, t: ir.RankedTensorType, loc: ir.Location) -> None:
        if self.function_blocked and has_blocked_nz_shape(t):
            return
        raise InternalInvariantError(
            loc, f"NZ tensor {t} is not in the blocked rank-5 form: run "
            "block-nz-tensor-views before materialize-tensor-strides (its functions carry "
            f"the '{pl.BLOCKED_MARK}' mark)")


def _check_stride_products(layout: pl.TensorLayout, shape: tuple[int | None, ...],
                           loc: ir.Location) -> None:
    """A `?` stride this pass did not write (one not the dense product) is refused: it
    has no value to keep."""
    try:
        nz_layout.check_stride_products(layout.kind, shape, layout.stride)
    except nz_layout.NzLayoutError as err:
        raise Refusal(loc, str(err)) from None
