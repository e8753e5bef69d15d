"""NZ (fractal) layout math: plain functions over int tuples, no MLIR.

A logical [B, R, C] tensor in NZ byte order is the row-major array of the
blocked shape [B, C/c0, R/16, 16, c0]: column blocks outside, row fractals
inside, one 32-byte C0 line innermost. Everything here either builds that
blocked form or refuses with a message a user can act on. Dynamic extents are
`None`. Spec: docs/nz-semantics.md sections 1, 3, 4 and docs/hardware-model.md (a), (b).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dialects.opaque import show_extent
from ..dialects.opaque import show_extent_list as _fmt
from .limits import GM_GAP_LIMIT

FRACTAL_ROWS = 16          # rows of one fractal
C0_BYTES = 32              # bytes of one C0 line
FRACTAL_BYTES = 512        # FRACTAL_ROWS * C0_BYTES
MAX_ELEMENT_BITS = 64      # the widest element the cube and vector units move (i64, f64)
# The widest element an NZ transfer moves: pto-isa's TLOAD and TSTORE take 64-bit elements
# only ND->ND or DN->DN (a static_assert), and the Acc holds 32-bit ones.
MAX_NZ_ELEMENT_BITS = 32


class NzLayoutError(ValueError):
    """A shape/window NZ cannot represent. str(err) is a complete user-facing message:
    what is wrong, why NZ cannot represent it, what to do instead."""


def _elem(c0: int) -> str:
    return f"c0 = {c0} ({C0_BYTES // c0}-byte elements)"


def c0_for_bit_width(bits: int) -> int:
    """Elements per 32-byte C0 line: 8->32, 16->16, 32->8; no NZ of wider elements."""
    if bits < 8:
        raise NzLayoutError(
            f"{bits}-bit elements are sub-byte element types (i4, i1, fp4, ...), which are "
            "outside NZ support: a C0 line must hold whole bytes per element. "
            "Keep this tensor ND or widen the element type.")
    if bits % 8 or (C0_BYTES * 8) % bits:
        raise NzLayoutError(
            f"{bits}-bit elements do not tile a {C0_BYTES}-byte C0 line: NZ needs an element "
            "size in whole bytes that divides 32. Keep this tensor ND.")
    if bits > MAX_ELEMENT_BITS:
        raise NzLayoutError(
            f"{bits}-bit elements are wider than any element type of the hardware "
            f"(at most {MAX_ELEMENT_BITS} bits): no NZ load or store moves them. Keep this "
            "tensor ND.")
    if bits > MAX_NZ_ELEMENT_BITS:
        raise NzLayoutError(
            f"{bits}-bit elements have no NZ transfer: pto-isa's TLOAD and TSTORE move "
            f"elements wider than {MAX_NZ_ELEMENT_BITS} bits only ND->ND or DN->DN (a "
            "static_assert), and the Acc holds 32-bit ones. Keep this tensor ND.")
    return C0_BYTES * 8 // bits


def _check_plane(shape: Sequence[int | None], c0: int, dynamic_rows: bool = False) -> None:
    """Refuse a fractal plane (last two axes) NZ cannot store exactly. With
    `dynamic_rows`, the caller has proved a dynamic row count itself."""
    rows, cols = shape[-2], shape[-1]
    where = f"tensor shape {_fmt(shape)} with {_elem(c0)}"
    if rows is None and dynamic_rows and cols is not None:
        rows = FRACTAL_ROWS  # stands for the proved count: only the columns are checked
    if rows is None or cols is None:
        axis = "rows (axis -2)" if rows is None else "columns (axis -1)"
        pto_rows = (" (only a pto view's row count may be dynamic, with nz.multiple_of and "
                    "nz.range facts: pto-block-nz-views blocks it)" if rows is None else "")
        raise NzLayoutError(
            f"{where}: {axis} are dynamic, so their alignment to the fractal "
            f"({FRACTAL_ROWS} x {c0}) cannot be proven. "
            f"Give the NZ tensor static rows and columns{pto_rows}.")
    if rows <= 0 or cols <= 0:
        raise NzLayoutError(f"{where}: extents must be positive to form NZ fractals.")
    if rows % FRACTAL_ROWS:
        raise NzLayoutError(
            f"{where}: rows {rows} are not a multiple of {FRACTAL_ROWS}; an NZ fractal holds "
            f"{FRACTAL_ROWS} whole rows. Pad the rows to a multiple of {FRACTAL_ROWS} "
            "or keep the tensor ND.")
    if cols % c0:
        raise NzLayoutError(
            f"{where}: columns {cols} are not a multiple of c0 = {c0}; NZ stores columns in "
            f"whole {C0_BYTES}-byte C0 lines. Pad the columns to a multiple of {c0} "
            "or keep the tensor ND.")


def blocked_shape(shape: Sequence[int | None], c0: int, dynamic_rows: bool = False
                  ) -> tuple[int | None, ...]:
    """Logical [..., R, C] -> [B, C/c0, R/16, 16, c0]; leading axes fold into B.
    With `dynamic_rows` a dynamic R (proved a positive multiple of 16 by the
    caller) gives R/16 = None."""
    if len(shape) < 2:
        raise NzLayoutError(
            f"tensor shape {_fmt(shape)} has rank {len(shape)}: NZ needs rank >= 2, because the "
            "last two axes are the fractal plane. Keep this tensor ND.")
    _check_plane(shape, c0, dynamic_rows)
    leading = shape[:-2]
    # A single batch axis is copied as is (it may stay dynamic); several fold into
    # one product, which only a static extent can give.
    if len(leading) == 1:
        batch = leading[0]
    else:
        for axis, extent in enumerate(leading):
            if extent is None:
                raise NzLayoutError(
                    f"tensor shape {_fmt(shape)} with {_elem(c0)}: axis {axis} is dynamic; folding "
                    "leading axes into the NZ batch slot needs static extents. Make the leading "
                    "axes static or use a rank-3 [B, R, C] tensor.")
        batch = fold_leading_sizes([e for e in leading if e is not None])
    if batch is not None and batch <= 0:
        raise NzLayoutError(
            f"tensor shape {_fmt(shape)}: extents must be positive to form NZ fractals.")
    rows, cols = shape[-2], shape[-1]
    assert cols is not None  # checked by _check_plane
    return (batch, cols // c0, None if rows is None else rows // FRACTAL_ROWS, FRACTAL_ROWS, c0)


def dense_stride_axes(layout: str, rank: int) -> tuple[tuple[int, ...], ...]:
    """For each axis, the axes whose extents multiply into its dense stride, from the
    unit-stride end: the later axes, innermost first, for row-major ("nd", and "nz"
    once blocked); the earlier axes, axis 0 first, for column-major ("dn", over every
    axis, as PTOAS infers DN: stride[0] == 1, stride[i+1] == stride[i] * shape[i]). The
    one statement of the dense strides; `strides_of_layout` and the lowering's stride
    operands both read it (docs/nz-semantics.md section 6)."""
    if layout == "dn":
        return tuple(tuple(range(axis)) for axis in range(rank))
    return tuple(tuple(range(rank - 1, axis, -1)) for axis in range(rank))


def strides_of_layout(layout: str, shape: Sequence[int | None]) -> tuple[int | None, ...]:
    """The dense strides of a GM tensor of `layout` ("nd", "nz" blocked, "dn"); None
    where a factor extent is dynamic."""
    strides: list[int | None] = []
    for axes in dense_stride_axes(layout, len(shape)):
        factors = [shape[axis] for axis in axes]
        strides.append(None if None in factors
                       else fold_leading_sizes([f for f in factors if f is not None]))
    return tuple(strides)


def check_stride_products(layout: str, shape: Sequence[int | None],
                          stride: Sequence[int | None] | None) -> None:
    """Refuse a `?` stride that is not the layout's dense product of the extents. A `?`
    has no value anywhere in the IR: the lowering can only build it as that product, and
    only a stride list that is the dense one throughout (what materialize-tensor-strides
    writes) says the `?` means it. A user's `stride = [?, 1]` on a 64x512 tensor (dense
    [512, 1]) or `[?, ?]`, written for padded rows, would be lowered as the dense stride
    and read other rows (found by red team). docs/ir.md, GM tensors."""
    if stride is None or None not in stride:
        return
    dense = strides_of_layout(layout, shape)
    if tuple(stride) == dense:
        return
    axis = list(stride).index(None)
    raise NzLayoutError(
        f"tensor shape {_fmt(shape)} states stride {_fmt(stride)}: the dynamic stride of "
        f"axis {axis} is not the {layout.upper()} dense product of the extents "
        f"({_fmt(dense)}), and a `?` stride has no value anywhere in the IR to read another "
        "from. Give the stride as a constant, or drop `stride` to get the dense strides.")


def row_major_strides(shape: Sequence[int | None]) -> tuple[int | None, ...]:
    """stride[i] = product(shape[i+1:]); None once a later extent is dynamic."""
    return strides_of_layout("nd", shape)


def column_major_strides(shape: Sequence[int | None]) -> tuple[int | None, ...]:
    """stride[i] = product(shape[:i]): the DN (column-major) strides PTOAS infers DN
    from; None once an earlier extent is dynamic."""
    return strides_of_layout("dn", shape)


def nz_strides(rows: int, cols: int, c0: int) -> tuple[int, int, int, int, int]:
    """The pto-isa NZ strides (C*R, R*c0, 16*c0, c0, 1), stated directly."""
    _check_plane((rows, cols), c0)
    return (cols * rows, rows * c0, FRACTAL_ROWS * c0, c0, 1)


def fold_leading_sizes(sizes: Sequence[int]) -> int:
    product = 1
    for size in sizes:
        product *= size
    return product


def fold_leading_offsets(offsets: Sequence[int], leading_shape: Sequence[int | None]) -> int:
    """Row-major linearisation ([g, e] on [G, E] -> g*E + e); exact, no division.
    Only the outermost extent may be dynamic (None): it never enters the sum."""
    if len(offsets) != len(leading_shape):
        raise NzLayoutError(
            f"leading offsets {_fmt(offsets)} do not match leading shape {_fmt(leading_shape)}.")
    if not offsets:
        return 0
    # Horner form; the outermost extent never enters, so it may be dynamic.
    flat = offsets[0]
    for offset, extent in zip(offsets[1:], leading_shape[1:], strict=True):
        if extent is None:
            raise NzLayoutError(f"leading shape {_fmt(leading_shape)}: only the outermost "
                                "extent may be dynamic; an inner one scales the offsets.")
        flat = flat * extent + offset
    return flat


def block_window(offsets: Sequence[int], sizes: Sequence[int], shape: Sequence[int | None],
                 c0: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Logical window [..., n0, k0] / [..., TR, TC] -> blocked offsets and sizes (rank 5)."""
    where = (f"window offsets {_fmt(offsets)}, sizes {_fmt(sizes)} "
             f"on tensor shape {_fmt(shape)} with {_elem(c0)}")
    if not len(offsets) == len(sizes) == len(shape):
        raise NzLayoutError(f"{where}: offsets, sizes and shape must have the same rank.")
    blocked_shape(shape, c0)  # the tensor itself must be representable first
    if any(o < 0 for o in offsets) or any(s <= 0 for s in sizes):
        raise NzLayoutError(f"{where}: offsets must be non-negative and sizes positive.")
    n0, k0 = offsets[-2:]
    rows, cols = sizes[-2:]
    if n0 % FRACTAL_ROWS or rows % FRACTAL_ROWS:
        raise NzLayoutError(
            f"{where}: the row offset and row count must be multiples of {FRACTAL_ROWS}; NZ moves "
            "whole fractals. Align the row window to a fractal boundary.")
    if k0 % c0 or cols % c0:
        raise NzLayoutError(
            f"{where}: the column offset and column count must be multiples of c0 = {c0}; NZ moves "
            "whole C0 lines. Align the column window to a C0 boundary.")
    for axis, (o, s, extent) in enumerate(zip(offsets, sizes, shape, strict=True)):
        if extent is not None and o + s > extent:
            raise NzLayoutError(
                f"{where}: axis {axis} window [{o}, {o + s}) lies outside extent {extent}.")
    lead_offsets, lead_sizes, lead_shape = offsets[:-2], sizes[:-2], shape[:-2]
    # Folded batches stay one contiguous range only if, below the outermost axis
    # that takes more than one index, every axis is taken whole.
    outer_takes_many = False
    for axis, (s, extent) in enumerate(zip(lead_sizes, lead_shape, strict=True)):
        if outer_takes_many and s != extent:
            raise NzLayoutError(
                f"{where}: leading axis {axis} takes {s} of {extent} while an outer axis takes "
                "more than one index; folded into the NZ batch slot these batches are not "
                "contiguous. "
                f"Load one outer index at a time or take all of axis {axis}.")
        outer_takes_many = outer_takes_many or s > 1
    batch = fold_leading_offsets(lead_offsets, lead_shape)
    return ((batch, k0 // c0, n0 // FRACTAL_ROWS, 0, 0),
            (fold_leading_sizes(lead_sizes), cols // c0, rows // FRACTAL_ROWS, FRACTAL_ROWS, c0))


def gm_row_gap(parent_rows: int, loaded_rows: int) -> int:
    """GM gap between adjacent column blocks of an NZ->NZ load, in 32-byte blocks.

    (R*c0 - TR*c0) elements of 32/c0 bytes each: c0 cancels, so it is R - TR for every dtype."""
    return parent_rows - loaded_rows


def gm_gap_fits(parent_rows: int, loaded_rows: int, column_blocks: int) -> bool:
    """Whether the A2/A3 uint16 gap field holds the gap (pto-isa #317; delete with the fix)."""
    if column_blocks == 1:
        return True  # one burst: the gap field is never read
    # A negative gap wraps to a huge uint32, so it does not fit either.
    return 0 <= gm_row_gap(parent_rows, loaded_rows) <= GM_GAP_LIMIT


def nz_element_offset(b: int, r: int, c: int, rows: int, cols: int, c0: int) -> int:
    """Pack (a): flat NZ element offset of logical element (b, r, c) of [B, rows, cols]."""
    _check_plane((rows, cols), c0)
    if b < 0 or not (0 <= r < rows and 0 <= c < cols):
        raise NzLayoutError(
            f"element ({b}, {r}, {c}) lies outside the NZ plane [{rows}, {cols}].")
    return b * rows * cols + (c // c0) * rows * c0 + r * c0 + c % c0


def nz_element_coords(e: int, rows: int, cols: int, c0: int) -> tuple[int, int, int]:
    """Unpack (b): logical (b, r, c) stored at flat NZ element offset e."""
    _check_plane((rows, cols), c0)
    if e < 0:
        raise NzLayoutError(f"NZ element offset {e} is negative.")
    b, within_batch = divmod(e, rows * cols)
    column_block, within_block = divmod(within_batch, rows * c0)
    r, k = divmod(within_block, c0)
    return b, r, column_block * c0 + k


def layout_str(shape: Sequence[int | None], strides: Sequence[int | None]) -> str:
    """pycute-style "(shape):(strides)"; a dynamic extent or stride prints as "?"."""
    def tup(values: Sequence[int | None]) -> str:
        return "(" + ",".join(show_extent(v) for v in values) + ")"
    return f"{tup(shape)}:{tup(strides)}"
