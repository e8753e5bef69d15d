"""Planning blocked NZ windows over SSA coordinates (loads, slices, Acc stores).

Shared by block-nz-tensor-views (pl IR) and pto-block-nz-views (pto IR): the
same geometry, the same proofs, the same refusals. Every function here only
reads IR and returns coordinate recipes (`nz_coords`) or raises `Refusal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from . import layout as nz_layout
from .coords import Const, Coord, divided, fold_leading
from .offsets import PROVABLE_FORMS, OffsetProver, constant_value

ROWS = nz_layout.FRACTAL_ROWS


def _shape_text(shape) -> str:
    return "[" + ", ".join("?" if e is None else str(e) for e in shape) + "]"


@dataclass
class NzGeometry:
    """A logical NZ tensor: its shape and c0."""

    shape: tuple[int | None, ...]
    c0: int

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def rows(self) -> int:
        return self.shape[-2]

    @property
    def cols(self) -> int:
        return self.shape[-1]

    @property
    def leading(self) -> tuple[int | None, ...]:
        return self.shape[:-2]


@dataclass
class BlockedWindow:
    offsets: list[Coord]
    sizes: list[Coord]
    valid: list[Coord] | None = None


def _static_sizes(values: Sequence[ir.Value], loc: ir.Location, what: str) -> list[int]:
    sizes = [constant_value(v) for v in values]
    if any(s is None for s in sizes):
        raise Refusal(loc, f"{what} sizes must be arith.constant values: an NZ window moves "
                      "whole fractals, so its extent must be known when the view is blocked")
    if any(s <= 0 for s in sizes):
        raise Refusal(loc, f"{what} sizes {sizes} must be positive: an empty window has no "
                      "blocked form; drop the op or give every axis at least one index")
    return sizes


def divided_offset(value: ir.Value, divisor: int, axis: str, loc: ir.Location,
                   prover: OffsetProver) -> Coord:
    """`value // divisor` after proving `value` a non-negative multiple of `divisor`."""
    const = constant_value(value)
    if const is not None:
        if const < 0:
            raise Refusal(loc, f"{axis} {const} is negative: a negative NZ coordinate is clamped "
                          "to 0 downstream and would silently read fractal 0; use an offset "
                          "inside the tensor")
        if const % divisor:
            raise Refusal(loc, f"{axis} {const} is not a multiple of {divisor}: NZ addresses "
                          f"whole fractal boundaries only; align the {axis} to {divisor}")
        return Const(const // divisor, value.type)
    if not prover.is_multiple(value, divisor):
        raise Refusal(loc, f"cannot prove that the {axis} is a multiple of {divisor}: an NZ "
                      "coordinate is divided by the fractal factor and an unaligned one reads "
                      f"the wrong fractal. Provable forms: {PROVABLE_FORMS}")
    if not prover.non_negative(value):
        raise Refusal(loc, f"cannot prove that the {axis} is non-negative: a negative offset "
                      "floor-divides below zero and is clamped to 0 downstream, silently "
                      f"reading fractal 0. Provable forms: {PROVABLE_FORMS}")
    return divided(value, divisor, loc)


def _check_leading_window(geom: NzGeometry, offsets: Sequence[ir.Value], sizes: Sequence[int],
                          loc: ir.Location, what: str) -> None:
    """The leading window lies inside the tensor and folds into one contiguous
    range of NZ batches."""
    spanning = False
    for axis, (value, size, extent) in enumerate(zip(offsets, sizes, geom.leading)):
        if extent is not None and size > extent:
            raise Refusal(loc, f"{what} takes {size} indices of leading axis {axis}, which has "
                          f"only {extent}; take at most the whole axis")
        const = constant_value(value)
        if const is not None and (const < 0 or (extent is not None and const + size > extent)):
            raise Refusal(loc, f"{what} leading axis {axis} window [{const}, {const + size}) "
                          f"lies outside extent {extent}; keep the window inside the tensor")
        if spanning and size != extent:
            raise Refusal(loc, f"{what} narrows leading axis {axis} ({size} of {extent}) under "
                          "an outer axis that spans more than one index: folded into the single "
                          "NZ batch slot those batches are not contiguous. Take one outer index "
                          "at a time, or all of the inner axis")
        spanning = spanning or size > 1
    if len({v.type for v in offsets if constant_value(v) is None}) > 1:
        raise Refusal(loc, f"{what} leading offsets mix integer types: the folded batch index "
                      "g * E + e is computed in one type; give them one type")


def _leading_batch(geom: NzGeometry, offsets: Sequence[ir.Value], sizes: Sequence[int],
                   loc: ir.Location, what: str) -> tuple[Coord, int]:
    """The folded batch offset and extent of the leading window."""
    _check_leading_window(geom, offsets, sizes, loc, what)
    folded_offsets = []
    for value in offsets:
        const = constant_value(value)
        folded_offsets.append(const if const is not None else value)
    type_ = offsets[0].type if offsets else None
    return fold_leading(folded_offsets, geom.leading, type_), nz_layout.fold_leading_sizes(sizes)


def _check_group_sizes(geom: NzGeometry, loc: ir.Location, what: str,
                       **groups: Sequence[ir.Value] | None) -> None:
    for name, values in groups.items():
        if values is not None and len(values) != geom.rank:
            raise MalformedOp(loc, f"{what} has {len(values)} {name} for a rank-{geom.rank} "
                              "tensor")


def plan_load_window(geom: NzGeometry, offsets: Sequence[ir.Value], sizes: Sequence[ir.Value],
                     valid: Sequence[ir.Value] | None, loc: ir.Location,
                     prover: OffsetProver, what: str = "NZ load") -> BlockedWindow:
    """offsets [..., n0, k0], sizes [..., TR, TC] -> [b, k0/c0, n0/16, 0, 0],
    [nb, TC/c0, TR/16, 16, c0]; the gap guard runs on the result."""
    _check_group_sizes(geom, loc, what, offsets=offsets, sizes=sizes, valid_shape=valid)
    static = _static_sizes(sizes, loc, what)
    tile_rows, tile_cols = static[-2:]
    if tile_rows % ROWS or tile_cols % geom.c0:
        raise Refusal(loc, f"{what} of {tile_rows} x {tile_cols} is not whole fractals of "
                      f"{ROWS} x {geom.c0}: NZ has no partial fractal. Use a tile whose rows are "
                      f"a multiple of {ROWS} and columns a multiple of {geom.c0}")
    if tile_rows > geom.rows or tile_cols > geom.cols:
        raise Refusal(loc, f"{what} of {tile_rows} x {tile_cols} is larger than the "
                      f"{geom.rows} x {geom.cols} plane of the tensor: it would address "
                      "fractals of other column blocks or batches; load a window inside the "
                      "tensor")
    batch, batch_size = _leading_batch(geom, offsets[:-2], static[:-2], loc, what)
    if batch_size != 1:
        raise Refusal(loc, f"{what} takes {batch_size} batches into one 2-D tile: the NZ->NZ "
                      "load lays further batches out as extra column blocks, which the logical "
                      "tile does not describe. Load one batch per tile (leading sizes 1)")
    row = divided_offset(offsets[-2], ROWS, "row offset", loc, prover)
    col = divided_offset(offsets[-1], geom.c0, "column offset", loc, prover)
    _check_plane_bounds(geom, row, col, tile_rows, tile_cols, loc, what)
    window = BlockedWindow(
        [batch, col, row, Const(0), Const(0)],
        [Const(batch_size), Const(tile_cols // geom.c0), Const(tile_rows // ROWS),
         Const(ROWS), Const(geom.c0)])
    loaded_rows, column_blocks = tile_rows, tile_cols // geom.c0
    if valid is not None:
        window.valid, loaded_rows, column_blocks = _plan_valid(
            geom, valid, static, loc, prover, what)
    check_gm_gap(geom.rows, loaded_rows, column_blocks, loc)
    return window


def _check_plane_bounds(geom, row: Coord, col: Coord, tile_rows, tile_cols, loc, what) -> None:
    if isinstance(row, Const) and row.value * ROWS + tile_rows > geom.rows:
        raise Refusal(loc, f"{what} rows [{row.value * ROWS}, {row.value * ROWS + tile_rows}) "
                      f"lie outside the {geom.rows} rows of the tensor: in NZ order they would "
                      "address the next column block; keep the window inside the tensor")
    if isinstance(col, Const) and col.value * geom.c0 + tile_cols > geom.cols:
        start = col.value * geom.c0
        raise Refusal(loc, f"{what} columns [{start}, {start + tile_cols}) lie outside the "
                      f"{geom.cols} columns of the tensor: in NZ order they would address the "
                      "next batch; keep the window inside the tensor")


def _plan_valid(geom, valid, static, loc, prover, what):
    """Blocked valid_shape; returns it, the worst-case loaded rows and the
    largest number of column blocks the load can span."""
    for axis, (value, size) in enumerate(zip(valid[:-2], static[:-2])):
        if constant_value(value) != size:
            raise Refusal(loc, f"{what} valid_shape narrows leading axis {axis}: a partial batch "
                          "has no NZ form; load exactly the batches you need")
    rows_value, cols_value = valid[-2:]
    rows = _valid_extent(rows_value, ROWS, static[-2], "valid rows", loc, prover, what)
    cols = _valid_extent(cols_value, geom.c0, static[-1], "valid columns", loc, prover, what)
    rows_const, cols_const = constant_value(rows_value), constant_value(cols_value)
    # A dynamic row count is checked at its worst case: no row loaded at all.
    loaded_rows = rows_const if rows_const is not None else 0
    column_blocks = (cols_const if cols_const is not None else static[-1]) // geom.c0
    batch = 1
    for size in static[:-2]:
        batch *= size
    return [Const(batch), cols, rows, Const(ROWS), Const(geom.c0)], loaded_rows, column_blocks


def _valid_extent(value, divisor, limit, axis, loc, prover, what) -> Coord:
    """A valid extent divided into whole fractals or C0 lines. Only its
    alignment is proved: a ragged count such as min(800 - o0, 256) has no
    provable sign, and a count is not an address that could be clamped."""
    ragged = (f"Ragged {axis} that may end inside a fractal have no NZ form: keep them a "
              f"provable multiple of {divisor} (e.g. a min() of aligned terms)")
    const = constant_value(value)
    if const is not None:
        if not 0 <= const <= limit:
            raise Refusal(loc, f"{what} {axis} {const} lie outside [0, {limit}], the extent of "
                          "the loaded window; give a valid extent no larger than the window")
        if const % divisor:
            raise Refusal(loc, f"{what} {axis} {const} are not a multiple of {divisor}. {ragged}")
        return Const(const // divisor, value.type)
    if not prover.is_multiple(value, divisor):
        raise Refusal(loc, f"cannot prove that the {what} {axis} are a multiple of {divisor}. "
                      f"{ragged}. Provable forms: {PROVABLE_FORMS}")
    return divided(value, divisor, loc)


def check_gm_gap(parent_rows: int, loaded_rows: int, column_blocks: int,
                 loc: ir.Location) -> None:
    """Temporary guard for pto-isa#317; delete this function and its call
    when the NZ->NZ load keeps its GM gap in more than 16 bits."""
    if nz_layout.gm_gap_fits(parent_rows, loaded_rows, column_blocks):
        return
    gap = nz_layout.gm_row_gap(parent_rows, loaded_rows)
    raise Refusal(loc, f"NZ load spans {column_blocks} column blocks with a GM gap of {gap} "
                  f"32-byte blocks (tensor rows {parent_rows} - loaded rows {loaded_rows}), more "
                  f"than the {nz_layout.GM_GAP_LIMIT} the A2/A3 load instruction holds: a "
                  "temporary guard against defect pto-isa#317 (the gap is truncated to 16 bits "
                  "and the load silently reads the wrong fractal). Workarounds: load a taller "
                  "row tile so the gap shrinks, or lay stacked weights out as a rank-3 "
                  "[LAYERS, K, N] tensor so the layer axis becomes the NZ batch")


def plan_leading_slice(geom: NzGeometry, offsets: Sequence[ir.Value],
                       sizes: Sequence[ir.Value], loc: ir.Location,
                       what: str = "NZ slice") -> BlockedWindow:
    """A slice that narrows leading axes only, blocked like a load."""
    _check_group_sizes(geom, loc, what, offsets=offsets, sizes=sizes)
    static = _static_sizes(sizes, loc, what)
    trailing = [constant_value(v) for v in offsets[-2:]]
    if trailing != [0, 0] or static[-2:] != [geom.rows, geom.cols]:
        raise Refusal(loc, f"{what} takes a window of the trailing [R, C] plane: in NZ byte order "
                      "a row range is scattered over every column block, so the window is not a "
                      "contiguous NZ tensor. Stack layers on a leading axis ([LAYERS, R, C]) and "
                      "slice that axis instead")
    batch, batch_size = _leading_batch(geom, offsets[:-2], static[:-2], loc, what)
    return BlockedWindow(
        [batch, Const(0), Const(0), Const(0), Const(0)],
        [Const(batch_size), Const(geom.cols // geom.c0), Const(geom.rows // ROWS),
         Const(ROWS), Const(geom.c0)])


ACC_C0 = 8  # FP32 NZ


def check_acc_store_whole_rows(geom: NzGeometry, tile_rows: int, row_offset: ir.Value,
                               loc: ir.Location) -> None:
    """TStoreAccNz2nz (A2/A3) steps column blocks by the partition height, not
    by the parent's stride: only a store covering every row lands right."""
    if tile_rows == geom.rows and constant_value(row_offset) == 0:
        return
    raise Refusal(loc, f"NZ accumulator store must cover the whole {geom.rows}-row axis of the "
                  f"tensor at row offset 0 (the tile has {tile_rows} rows): the A2/A3 store "
                  "derives the column-block distance from the partition height, not the parent "
                  "stride, so a row sub-window is written to the wrong place. Split the output "
                  "along N instead, each split covering every row")


def plan_acc_store_window(geom: NzGeometry, tile_rows: int, tile_cols: int,
                          offsets: Sequence[ir.Value], loc: ir.Location,
                          prover: OffsetProver) -> BlockedWindow:
    """The geometry rules of an Acc -> FP32 NZ store (docs/nz-semantics.md section 4.6):
    whole parent row axis at row offset 0, one panel, an aligned non-negative
    column offset. Offsets [b, k0/8, 0, 0, 0], shapes [1, n/8, M/16, 16, 8]."""
    what = "NZ accumulator store"
    _check_group_sizes(geom, loc, what, offsets=offsets)
    if tile_rows % ROWS or tile_cols % ROWS or tile_rows <= 0 or tile_cols <= 0:
        raise Refusal(loc, f"{what} of a {tile_rows} x {tile_cols} tile: rows and columns must "
                      f"be positive multiples of {ROWS} (there is no single column-block "
                      "exception for Acc stores)")
    check_acc_store_whole_rows(geom, tile_rows, offsets[-2], loc)
    col = divided_offset(offsets[-1], ACC_C0, "column offset", loc, prover)
    _check_plane_bounds(geom, Const(0), col, tile_rows, tile_cols, loc, what)
    batch, _ = _leading_batch(geom, offsets[:-2], [1] * (geom.rank - 2), loc, what)
    return BlockedWindow(
        [batch, col, Const(0), Const(0), Const(0)],
        [Const(1), Const(tile_cols // ACC_C0), Const(tile_rows // ROWS), Const(ROWS),
         Const(ACC_C0)])
