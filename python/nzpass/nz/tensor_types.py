"""Blocking NZ tensor types: Phase 1 of block-nz-tensor-views, shared with the
other passes that must recognise logical or blocked NZ tensors."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..dialects import pl
from ..dialects.opaque import INT64_MAX
from ..errors import Refusal
from ..ir.bindings import ir
from ..ir.type_cache import per_type
from ..ir.walk import value_location
from . import layout as nz_layout
from .window import NzGeometry


def element_bit_width(element: ir.Type) -> int | None:
    if isinstance(element, (ir.IntegerType, ir.FloatType)):
        return element.width
    return None


# The element types PTOAS's EmitC lowering names a C type of their own width
# (lib/PTO/Transforms/PTOToEmitC.cpp, both PTOAS versions: the IntegerType and FloatType
# conversions and getEmitCScalarTypeToken / getEmitCScalarByteWidth). Any other it spells
# as a 4-byte `int32_t` (an integer of another width, the converter's "Fallback") or
# `float` (the tile and GlobalTensor token's default), or fails to convert.
PTOAS_INTEGER_WIDTHS = frozenset((8, 16, 32, 64))
PTOAS_FLOAT_TYPES = frozenset(("f16", "bf16", "f32", "f64", "f8E4M3", "f8E4M3FN", "f8E4M3FNUZ",
                               "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ"))


def check_ptoas_element(element: ir.Type, loc: ir.Location, what: str) -> None:
    """A GM tensor's or tile's element type is one PTOAS lowers at its own width: every
    rule here counts `width / 8` bytes an element (capacities, lines, strides, the 2^32
    bounds), while PTOAS would move and place 4-byte ones (found by red team: a 64 x 1024
    i24 Vec tile, 192 KiB by nzpass's count, is a 256 KiB `Tile<.., float, 64, 1024>`
    past the end of UB, loaded from an `int32_t` GlobalTensor over 3-byte data).
    Sub-byte types are left to the rules that refuse them (tile lines, NZ's c0), whose
    messages say more; a non-number element (index, complex) to the readers of it."""
    bits = _width_ptoas_misses(element)
    if bits is None:
        return
    raise Refusal(loc, f"{what} has element type {element}, which has no C type of its width "
                  "in PTOAS: its EmitC lowering spells it as a 4-byte int32_t or float (or "
                  f"fails), so the device would move and place other bytes than the {bits}-bit "
                  "elements nzpass checks; use i8, i16, i32 or i64 (signed or unsigned), f16, "
                  "bf16, f32, f64, or an f8E4M3 / f8E5M2 type")


@per_type
def _width_ptoas_misses(element: ir.Type) -> int | None:
    """The bits of `element` where PTOAS lowers it at another width (check_ptoas_element),
    else None; read once per type and context (a run reads each tile type many times)."""
    bits = element_bit_width(element)
    if bits is None or bits < 8:
        return None
    if isinstance(element, ir.IntegerType):
        return None if bits in PTOAS_INTEGER_WIDTHS else bits
    return None if str(element) in PTOAS_FLOAT_TYPES else bits


def nz_geometry(t: ir.RankedTensorType, loc: ir.Location) -> NzGeometry:
    """The logical geometry of an NZ tensor type, or a refusal of everything
    NZ cannot represent."""
    shape = pl.tensor_shape(t)
    layout = _layout(t)
    what = f"NZ tensor {t}"
    if layout.distributed:
        raise Refusal(loc, f"{what} is distributed: remote loads have no NZ blocked form; "
                      "keep distributed tensors ND")
    if layout.stride is not None:
        raise Refusal(loc, f"{what} has explicit strides: NZ strides follow from the blocked "
                      "shape (row-major), so a logical stride cannot be honoured; drop stride")
    if layout.valid_shape is not None and tuple(layout.valid_shape) != shape:
        raise Refusal(loc, f"{what} has a partial valid_shape: a partly valid NZ tensor has no "
                      "blocked form; describe the valid region on the tile loads instead")
    bits = element_bit_width(t.element_type)
    if bits is None:
        raise Refusal(loc, f"{what} has element type {t.element_type}: NZ needs an integer or "
                      "floating-point element type")
    try:
        c0 = nz_layout.c0_for_bit_width(bits)
        nz_layout.blocked_shape(shape, c0)
    except nz_layout.NzLayoutError as err:
        raise Refusal(loc, f"{what}: {err}") from None
    check_ptoas_element(t.element_type, loc, what)  # the widths c0 allows, less PTOAS's gaps
    check_extents_fit_i64(t, loc)
    return NzGeometry(shape, c0)


def _layout(t: ir.RankedTensorType) -> pl.TensorLayout:
    layout = pl.tensor_layout(t)
    assert layout is not None  # only GM tensor types (which have one) are NZ
    return layout


def blocked_type(t: ir.RankedTensorType, geom: NzGeometry) -> ir.RankedTensorType:
    shape = nz_layout.blocked_shape(geom.shape, geom.c0)
    layout = _layout(t)
    if layout.valid_shape is not None:
        layout = layout._replace(valid_shape=shape)
    return pl.tensor_type(shape, t.element_type, layout)


def has_blocked_nz_shape(t: ir.RankedTensorType) -> bool:
    """Whether an NZ tensor's shape is the blocked [B, C/c0, R/16, 16, c0] form
    (necessary, not sufficient: see the `nz_tensor_views_blocked` mark)."""
    shape = pl.tensor_shape(t)
    bits = element_bit_width(t.element_type)
    c0 = nz_layout.C0_BYTES * 8 // bits if bits and bits >= 8 else None
    return (len(shape) == 5 and shape[3] == nz_layout.FRACTAL_ROWS and c0 is not None
            and shape[4] == c0)


def check_extents_fit_i64(t: ir.RankedTensorType, loc: ir.Location) -> None:
    """A tensor whose element count or strides overflow i64 cannot be addressed."""
    shape = pl.tensor_shape(t)
    total = 1
    for extent in shape:
        total *= extent or 1
    if total > INT64_MAX:
        raise Refusal(loc, f"tensor {t} has {total} elements, more than a 64-bit index "
                      "addresses: its strides and offsets would overflow i64")
    # Each axis spans stride * extent elements, its stride explicit or the span of the
    # axis inside it (as pto_lowering.view_strides computes them): each must fit.
    layout = pl.tensor_layout(t)
    explicit = layout.stride if layout is not None and layout.stride is not None else ()
    running: int | None = 1
    for axis in reversed(range(len(shape))):
        stride = explicit[axis] if axis < len(explicit) and explicit[axis] is not None \
            else running
        extent = shape[axis]
        if stride is None or extent is None:
            running = None  # dynamic: computed at run time, not folded here
            continue
        running = stride * extent
        if running > INT64_MAX:
            raise Refusal(loc, f"tensor {t}: axis {axis} spans {running} elements (stride "
                          f"{stride} x extent {shape[axis]}), more than a 64-bit index "
                          "addresses; give strides whose spans fit in i64")


def is_nz_tensor(t: ir.Type) -> bool:
    """Whether `t` is a tensor whose layout is NZ (raises LayoutSyntaxError when
    the layout attribute is malformed)."""
    layout = pl.tensor_layout(t)
    return layout is not None and layout.is_nz


_MISSING: Any = object()  # a cache's "not computed yet" (None is an answer: not NZ)


class TypeBlocker:
    """Blocks NZ tensor types, each distinct type once."""

    def __init__(self, shared: dict | None = None) -> None:
        # Blocked types can be shared by every function of a module (`shared`);
        # refusals are per blocker, so each function reports its own.
        self._cache: dict[ir.Type, tuple[ir.Type, NzGeometry] | None] = (
            {} if shared is None else shared)
        self._refused: set[ir.Type] = set()

    def block(self, t: ir.Type, loc: ir.Location) -> tuple[ir.Type, NzGeometry] | None:
        """(blocked type, logical geometry) for an NZ tensor type, None for any
        other type. Refusals carry `loc`."""
        found = self._cache.get(t, _MISSING)
        if found is not _MISSING:
            return found
        if t in self._refused:
            return None  # reported once, at the first value of this type
        try:
            result = self._block(t, loc)
        except Refusal:
            self._refused.add(t)
            raise
        self._cache[t] = result
        return result

    def block_value(self, value: ir.Value) -> tuple[ir.Type, NzGeometry] | None:
        """`block` of the value's type; the value's location is looked up only
        for a type not seen before (a refusal points at the first such value)."""
        t = value.type
        found = self._cache.get(t, _MISSING)
        if found is not _MISSING:
            return found
        return self.block(t, value_location(value))

    def blocked_values(self, values: Iterable[ir.Value], refusals: list[Refusal]
                       ) -> Iterator[tuple[ir.Value, tuple[ir.Type, NzGeometry]]]:
        """(value, `block_value(value)`) for each value of an NZ tensor type, in
        order; a refusal goes to `refusals` and its value is skipped. (One loop
        for every value of a function: nearly every type is in the cache.)"""
        cache = self._cache
        for value in values:
            t = value.type
            found = cache.get(t, _MISSING)
            if found is _MISSING:
                try:
                    found = self.block(t, value_location(value))
                except Refusal as refusal:
                    refusals.append(refusal)
                    continue
            if found is not None:
                yield value, found

    def block_at(self, t: ir.Type, where: Callable[[], ir.Location]
                 ) -> tuple[ir.Type, NzGeometry] | None:
        """`block`, the location asked for only for a type not seen before."""
        found = self._cache.get(t, _MISSING)
        if found is not _MISSING:
            return found
        return self.block(t, where())

    @staticmethod
    def _block(t: ir.Type, loc: ir.Location) -> tuple[ir.Type, NzGeometry] | None:
        try:
            nz = is_nz_tensor(t)
        except pl.LayoutSyntaxError as err:
            raise Refusal(loc, str(err)) from None
        if not nz:
            return None
        geom = nz_geometry(ir.RankedTensorType(t), loc)
        return blocked_type(ir.RankedTensorType(t), geom), geom
