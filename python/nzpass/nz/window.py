"""Planning blocked NZ windows over SSA coordinates (loads, slices, Acc stores).

Shared by block-nz-tensor-views (pl IR) and pto-block-nz-views (pto IR): the
same geometry, the same proofs, the same refusals. Every function here only
reads IR and returns coordinate recipes (`nz_coords`) or raises `Refusal`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from . import layout as nz_layout
from . import limits
from .coords import Const, Coord, divided, fold_leading
from .intervals import Fact
from .offsets import (
    OffsetAnalysis,
    constant_value,
    explain_fact,
    integer_width,
    provable_forms_note,
    proved_sum_at_most,
    show_bound,
    upper_bound_of_sum,
)

ROWS = nz_layout.FRACTAL_ROWS


class WindowProofs:
    """What a pass run proves windows with: the shared offset analysis, and
    what to do with a window on an axis of dynamic extent (no bound exists to
    prove it against: a warning, or with `strict_bounds` an error)."""

    __slots__ = ("analysis", "strict_bounds", "warnings")

    def __init__(self, analysis: OffsetAnalysis, strict_bounds: bool = False,
                 warnings: list[Refusal] | None = None):
        self.analysis = analysis
        self.strict_bounds = strict_bounds
        self.warnings: list[Refusal] = [] if warnings is None else warnings

    def fact(self, value: ir.Value) -> Fact:
        return self.analysis.fact(value)

    def unbounded(self, refusal: Refusal) -> None:
        if self.strict_bounds:
            raise refusal
        self.warnings.append(refusal)


class NzGeometry:
    """A logical NZ tensor: its shape and c0. A dynamic row count (pto views
    only) is None in `shape` and its SSA value in `rows_value`, proved a
    positive, bounded multiple of 16 by whoever built the geometry."""

    __slots__ = ("c0", "rows_value", "shape")

    def __init__(self, shape: tuple[int | None, ...], c0: int,
                 rows_value: ir.Value | None = None):
        self.shape = shape
        self.c0 = c0
        self.rows_value = rows_value

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def rows(self) -> int | None:
        return self.shape[-2]

    @property
    def cols(self) -> int:
        cols = self.shape[-1]
        assert cols is not None  # NZ columns are static (nz.layout refuses dynamic ones)
        return cols

    @property
    def row_extent(self) -> int | ir.Value:
        """The row count: a number, or the SSA value of a dynamic one."""
        if self.rows is not None:
            return self.rows
        assert self.rows_value is not None
        return self.rows_value

    def max_rows(self, proofs: WindowProofs) -> int:
        """The largest row count any execution can have."""
        extent = self.row_extent
        return extent if isinstance(extent, int) else proofs.fact(extent).hi

    @property
    def leading(self) -> tuple[int | None, ...]:
        return self.shape[:-2]


class BlockedWindow:
    __slots__ = ("offsets", "sizes", "valid")

    def __init__(self, offsets: list[Coord], sizes: list[Coord],
                 valid: list[Coord] | None = None):
        self.offsets = offsets
        self.sizes = sizes
        self.valid = valid


def _static_sizes(values: Sequence[ir.Value], loc: ir.Location, what: str) -> list[int]:
    constants = [constant_value(v) for v in values]
    sizes = [s for s in constants if s is not None]
    if len(sizes) != len(constants):
        raise Refusal(loc, f"{what} sizes must be arith.constant values: an NZ window moves "
                      "whole fractals, so its extent must be known when the view is blocked")
    if any(s <= 0 for s in sizes):
        raise Refusal(loc, f"{what} sizes {sizes} must be positive: an empty window has no "
                      "blocked form; drop the op or give every axis at least one index")
    return sizes


def check_integer_coordinate(value: ir.Value, axis: str, loc: ir.Location, what: str) -> None:
    """A coordinate is an index or a signless integer: the proofs read nothing else, and
    the lowerings cast it with arith.index_cast, which takes nothing else."""
    if integer_width(value.type) is None:
        raise Refusal(loc, f"{what} {axis} has type {value.type}: coordinates are index or "
                      "integer values (signless, as arith computes them); compute it with "
                      "arith on index")


def divided_offset(value: ir.Value, divisor: int, axis: str, loc: ir.Location,
                   proofs: WindowProofs, what: str = "NZ window") -> Coord:
    """`value // divisor` after proving `value` a non-negative multiple of `divisor`."""
    check_integer_coordinate(value, axis, loc, what)
    fact = proofs.fact(value)
    const = fact.constant
    if const is not None:
        if const < 0:
            raise Refusal(loc, f"{axis} {const} is negative: a negative NZ coordinate is clamped "
                          "to 0 downstream and would silently read fractal 0; use an offset "
                          "inside the tensor")
        if const % divisor:
            raise Refusal(loc, f"{axis} {const} is not a multiple of {divisor}: NZ addresses "
                          f"whole fractal boundaries only; align the {axis} to {divisor}")
        return Const(const // divisor, value.type)
    if not fact.is_multiple(divisor):
        raise Refusal(loc, f"cannot prove that the {axis} is a multiple of {divisor}: an NZ "
                      "coordinate is divided by the fractal factor and an unaligned one reads "
                      f"the wrong fractal. {explain_fact(value, fact)}",
                      provable_forms_note(loc))
    if not fact.non_negative:
        raise Refusal(loc, f"cannot prove that the {axis} is non-negative: a negative offset "
                      "floor-divides below zero and is clamped to 0 downstream, silently "
                      f"reading fractal 0. {explain_fact(value, fact)}",
                      provable_forms_note(loc))
    return divided(value, divisor, loc)


def check_window_bounds(offset: ir.Value, extent_used: ir.Value | int,
                        extent: int | ir.Value | None, axis: str, loc: ir.Location,
                        proofs: WindowProofs, what: str, why: str) -> None:
    """Prove offset + extent_used <= extent for every execution (offset >= 0 is
    proved by the caller). `extent_used` is the window's size, or the SSA value
    of the rows actually moved (a ragged tail). An extent given as an SSA value
    (a dynamic row count with facts) is proved against relationally; an unknown
    extent (None) has no bound to prove against: a warning (an error with
    strict-bounds)."""
    if isinstance(extent, ir.Value):
        _check_symbolic_bound(offset, extent_used, extent, axis, loc, proofs, what, why)
        return
    if isinstance(extent_used, int):
        end = proofs.fact(offset).hi + extent_used
    else:
        end = upper_bound_of_sum(proofs.analysis, offset, extent_used)
    if extent is None:
        proofs.unbounded(Refusal(loc, f"{what} {axis} cannot be bounded: the axis extent is "
                                 "dynamic, so nzpass cannot prove the window stays inside the "
                                 "tensor; keep the window's offset below the extent at run "
                                 "time (the strict-bounds option makes this an error)"))
        return
    if end <= extent:
        return
    size = extent_used if isinstance(extent_used, int) else "the valid extent"
    raise Refusal(loc, f"{what} {axis} window may leave the axis: offset + {size} can reach "
                  f"{show_bound(end)}, past the extent {extent} "
                  f"({explain_fact(offset, proofs.fact(offset))}): {why}. Bound the offset "
                  "(a loop stop, min(), a declared nz.range fact on an argument or on "
                  "get_block_idx) so the window stays inside")


def _check_leading_window(geom: NzGeometry, offsets: Sequence[ir.Value], sizes: Sequence[int],
                          loc: ir.Location, what: str, proofs: WindowProofs) -> None:
    """The leading window lies inside the tensor and folds into one contiguous
    range of NZ batches."""
    spanning = False
    for axis, (value, size, extent) in enumerate(zip(offsets, sizes, geom.leading, strict=False)):
        if extent is not None and size > extent:
            raise Refusal(loc, f"{what} takes {size} indices of leading axis {axis}, which has "
                          f"only {extent}; take at most the whole axis")
        check_integer_coordinate(value, f"leading offset {axis}", loc, what)
        const = proofs.fact(value).constant
        if const is not None and (const < 0 or (extent is not None and const + size > extent)):
            raise Refusal(loc, f"{what} leading axis {axis} window [{const}, {const + size}) "
                          f"lies outside extent {extent}; keep the window inside the tensor")
        _check_leading_bounds(value, size, extent, axis, loc, what, proofs)
        if spanning and size != extent:
            raise Refusal(loc, f"{what} narrows leading axis {axis} ({size} of {extent}) under "
                          "an outer axis that spans more than one index: folded into the single "
                          "NZ batch slot those batches are not contiguous. Take one outer index "
                          "at a time, or all of the inner axis")
        spanning = spanning or size > 1


def batch_overrun_left_to_caller(offset: Fact, extent_is_static: bool) -> bool:
    """Whether a batch window that may pass the end of its axis is the caller's to keep
    inside (a warning; an error with strict-bounds) rather than an error: only on an axis
    of dynamic extent, which no bound exists to prove against (as for an ND tensor of
    dynamic shape), and only past the end. A batch offset that may be negative addresses
    memory before the tensor, and a static extent can always be proved against (a loop
    stop, min(), nz.range facts): both are errors (docs/nz-semantics.md section 8.2)."""
    return not extent_is_static and offset.non_negative


def _check_leading_bounds(value: ir.Value, size: int, extent: int | None, axis: int,
                          loc: ir.Location, what: str, proofs: WindowProofs) -> None:
    """A leading offset past its axis addresses another batch exactly as ND
    addressing would (the fold is exact), so it is no NZ hazard of its own, yet
    a window outside the tensor moves no logical data: refused, except past the end
    of a dynamic extent (batch_overrun_left_to_caller)."""
    fact = proofs.fact(value)
    if fact.lo >= 0 and extent is not None and fact.hi + size <= extent:
        return
    shown = explain_fact(value, fact)
    if not batch_overrun_left_to_caller(fact, extent is not None):
        side = (f"a window of {size} of its {extent} indices" if extent is not None
                else "below 0, before the tensor")
        raise Refusal(loc, f"{what} leading axis {axis} window may leave the axis ({side}; "
                      f"{shown}): a window outside the tensor moves no logical data. Bound "
                      "the offset (a loop stop, min(), a declared nz.range fact)")
    proofs.unbounded(Refusal(loc, f"{what} leading axis {axis} window cannot be bounded "
                             f"against a dynamic extent ({shown}); keep the offset inside the "
                             "axis at run time (the strict-bounds option makes this an "
                             "error)"))


def _leading_batch(geom: NzGeometry, offsets: Sequence[ir.Value], sizes: Sequence[int],
                   loc: ir.Location, what: str, proofs: WindowProofs) -> tuple[Coord, int]:
    """The folded batch offset and extent of the leading window. The fold
    g * E + e is computed in index (each offset cast exactly: it is proved
    non-negative, and inside its axis where there are several), where it cannot
    wrap: the extents' product fits i64 (checked when the type is blocked), and a
    rank-3 batch, the only one whose end may be left to the caller, folds alone."""
    _check_leading_window(geom, offsets, sizes, loc, what, proofs)
    folded_offsets: list[ir.Value | int] = []
    for value in offsets:
        const = proofs.fact(value).constant
        folded_offsets.append(const if const is not None else value)
    return fold_leading(folded_offsets, geom.leading), nz_layout.fold_leading_sizes(sizes)


def _check_group_sizes(geom: NzGeometry, loc: ir.Location, what: str,
                       **groups: Sequence[ir.Value] | None) -> None:
    for name, values in groups.items():
        if values is not None and len(values) != geom.rank:
            raise MalformedOp(loc, f"{what} has {len(values)} {name} for a rank-{geom.rank} "
                              "tensor")


def plan_load_window(geom: NzGeometry, offsets: Sequence[ir.Value], sizes: Sequence[ir.Value],
                     valid: Sequence[ir.Value] | None, loc: ir.Location,
                     proofs: WindowProofs, what: str = "NZ load") -> BlockedWindow:
    """offsets [..., n0, k0], sizes [..., TR, TC] -> [b, k0/c0, n0/16, 0, 0],
    [nb, TC/c0, TR/16, 16, c0]; the gap guard runs on the result."""
    _check_group_sizes(geom, loc, what, offsets=offsets, sizes=sizes, valid_shape=valid)
    static = _static_sizes(sizes, loc, what)
    tile_rows, tile_cols = static[-2:]
    if tile_rows % ROWS or tile_cols % geom.c0:
        raise Refusal(loc, f"{what} of {tile_rows} x {tile_cols} is not whole fractals of "
                      f"{ROWS} x {geom.c0}: NZ has no partial fractal. Use a tile whose rows are "
                      f"a multiple of {ROWS} and columns a multiple of {geom.c0}")
    if tile_rows > geom.max_rows(proofs) or tile_cols > geom.cols:
        raise Refusal(loc, f"{what} of {tile_rows} x {tile_cols} is larger than the "
                      f"{geom.max_rows(proofs)} x {geom.cols} plane of the tensor: it would "
                      "address fractals of other column blocks or batches; load a window inside "
                      "the tensor")
    batch, batch_size = _leading_batch(geom, offsets[:-2], static[:-2], loc, what, proofs)
    if batch_size != 1:
        raise Refusal(loc, f"{what} takes {batch_size} batches into one 2-D tile: the NZ->NZ "
                      "load lays further batches out as extra column blocks, which the logical "
                      "tile does not describe. Load one batch per tile (leading sizes 1)")
    row = divided_offset(offsets[-2], ROWS, "row offset", loc, proofs, what)
    col = divided_offset(offsets[-1], geom.c0, "column offset", loc, proofs, what)
    _check_plane_bounds(geom, row, col, tile_rows, tile_cols, loc, what)
    window = BlockedWindow(
        [batch, col, row, Const(0), Const(0)],
        [Const(batch_size), Const(tile_cols // geom.c0), Const(tile_rows // ROWS),
         Const(ROWS), Const(geom.c0)])
    loaded_rows, column_blocks = tile_rows, tile_cols // geom.c0
    if valid is not None:
        window.valid, loaded_rows, column_blocks = _plan_valid(
            geom, valid, static, loc, proofs, what)
    moved_rows = valid[-2] if valid is not None else tile_rows  # a ragged tail moves fewer
    check_window_bounds(offsets[-2], moved_rows, geom.row_extent, "row", loc, proofs, what,
                        _ROW_OVERRUN)
    check_window_bounds(offsets[-1], tile_cols, geom.cols, "column", loc, proofs, what,
                        _COLUMN_OVERRUN)
    check_gm_gap(geom.max_rows(proofs), loaded_rows, column_blocks, loc,
                 dynamic_rows=geom.rows is None)
    return window


def _check_symbolic_bound(offset: ir.Value, extent_used: ir.Value | int, extent: ir.Value,
                          axis: str, loc: ir.Location, proofs: WindowProofs, what: str,
                          why: str) -> None:
    """offset + extent_used <= extent, the extent a dynamic count: proved from
    how the offset is defined against the count itself (nz.offsets.slack_below)."""
    if proved_sum_at_most(proofs.analysis, offset, extent_used, extent):
        return
    size = extent_used if isinstance(extent_used, int) else "the valid extent"
    raise Refusal(loc, f"{what} {axis} window cannot be proved inside the dynamic {axis} count: "
                  f"offset + {size} <= count is not implied by what is known "
                  f"(offset: {explain_fact(offset, proofs.fact(offset))}; count: "
                  f"{explain_fact(extent, proofs.fact(extent))}): {why}. Bound the offset by "
                  "the count itself: an scf.for up to it whose step divides its "
                  "nz.multiple_of, a min() with count - size, or count - n")


_ROW_OVERRUN = ("in NZ order rows past the axis are the next column block's, so an overrun "
                "reads in-bounds data of the wrong columns, silently")
_COLUMN_OVERRUN = "in NZ order columns past the axis are the next batch's"


def _check_plane_bounds(geom: NzGeometry, row: Coord, col: Coord, tile_rows: int,
                        tile_cols: int, loc: ir.Location, what: str) -> None:
    # A dynamic row count is checked by check_window_bounds, against the count itself.
    if (isinstance(row, Const) and geom.rows is not None
            and row.value * ROWS + tile_rows > geom.rows):
        raise Refusal(loc, f"{what} rows [{row.value * ROWS}, {row.value * ROWS + tile_rows}) "
                      f"lie outside the {geom.rows} rows of the tensor: in NZ order they would "
                      "address the next column block; keep the window inside the tensor")
    if isinstance(col, Const) and col.value * geom.c0 + tile_cols > geom.cols:
        start = col.value * geom.c0
        raise Refusal(loc, f"{what} columns [{start}, {start + tile_cols}) lie outside the "
                      f"{geom.cols} columns of the tensor: in NZ order they would address the "
                      "next batch; keep the window inside the tensor")


def _plan_valid(geom, valid, static, loc, proofs: WindowProofs, what):
    """Blocked valid_shape; returns it, the worst-case loaded rows and the
    largest number of column blocks the load can span."""
    for axis, (value, size) in enumerate(zip(valid[:-2], static[:-2], strict=False)):
        if constant_value(value) != size:
            raise Refusal(loc, f"{what} valid_shape narrows leading axis {axis}: a partial batch "
                          "has no NZ form; load exactly the batches you need")
    rows_value, cols_value = valid[-2:]
    rows = _valid_extent(rows_value, ROWS, static[-2], "valid rows", loc, proofs, what)
    cols = _valid_extent(cols_value, geom.c0, static[-1], "valid columns", loc, proofs, what)
    rows_const, cols_const = constant_value(rows_value), constant_value(cols_value)
    # A dynamic row count is checked at its worst case: no row loaded at all.
    loaded_rows = rows_const if rows_const is not None else 0
    column_blocks = (cols_const if cols_const is not None else static[-1]) // geom.c0
    batch = 1
    for size in static[:-2]:
        batch *= size
    return [Const(batch), cols, rows, Const(ROWS), Const(geom.c0)], loaded_rows, column_blocks


def _valid_extent(value, divisor, limit, axis, loc, proofs: WindowProofs, what) -> Coord:
    """A valid extent divided into whole fractals or C0 lines, proved inside
    [0, limit] (the window) and a multiple of `divisor`: a count past the
    window, or a negative one, moves data the tile does not describe."""
    ragged = (f"Ragged {axis} that may end inside a fractal have no NZ form: keep them a "
              f"provable multiple of {divisor} (e.g. a min() of aligned terms)")
    check_integer_coordinate(value, axis, loc, what)
    fact = proofs.fact(value)
    const = fact.constant
    if const is not None:
        if not 0 <= const <= limit:
            raise Refusal(loc, f"{what} {axis} {const} lie outside [0, {limit}], the extent of "
                          "the loaded window; give a valid extent no larger than the window")
        if const % divisor:
            raise Refusal(loc, f"{what} {axis} {const} are not a multiple of {divisor}. {ragged}")
        return Const(const // divisor, value.type)
    if not fact.is_multiple(divisor):
        raise Refusal(loc, f"cannot prove that the {what} {axis} are a multiple of {divisor}. "
                      f"{ragged}. {explain_fact(value, fact)}", provable_forms_note(loc))
    if fact.lo < 0 or fact.hi > limit:
        raise Refusal(loc, f"cannot prove that the {what} {axis} lie inside [0, {limit}], the "
                      f"extent of the loaded window ({explain_fact(value, fact)}): a negative "
                      "count or one past the window moves data the tile does not describe. "
                      f"Bound it, e.g. min(N - n0, {limit}) with n0 bounded by a loop or fact")
    return divided(value, divisor, loc)


def check_gm_gap(parent_rows: int, loaded_rows: int, column_blocks: int,
                 loc: ir.Location, dynamic_rows: bool = False) -> None:
    """Temporary guard for pto-isa#317; delete this function and its call
    when the NZ->NZ load keeps its GM gap in more than 16 bits. A dynamic row
    count is checked at its largest value (`parent_rows`, the count's proved
    upper bound): the gap R - TR grows with R."""
    if nz_layout.gm_gap_fits(parent_rows, loaded_rows, column_blocks):
        return
    gap = nz_layout.gm_row_gap(parent_rows, loaded_rows)
    rows = (f"dynamic tensor rows up to {parent_rows}" if dynamic_rows
            else f"tensor rows {parent_rows}")
    narrow = (", or narrow the row count's nz.range to at most "
              f"{loaded_rows + limits.GM_GAP_LIMIT + 1} (half-open) if the host allows"
              if dynamic_rows else "")
    raise Refusal(loc, f"NZ load spans {column_blocks} column blocks with a GM gap of {gap} "
                  f"32-byte blocks ({rows} - loaded rows {loaded_rows}), more "
                  f"than the {limits.GM_GAP_LIMIT} the A2/A3 load instruction holds: a "
                  "temporary guard against defect pto-isa#317 (the gap is truncated to 16 bits "
                  "and the load silently reads the wrong fractal). Workarounds: load a taller "
                  "row tile so the gap shrinks, or lay stacked weights out as a rank-3 "
                  f"[LAYERS, K, N] tensor so the layer axis becomes the NZ batch{narrow}")


def plan_leading_slice(geom: NzGeometry, offsets: Sequence[ir.Value],
                       sizes: Sequence[ir.Value], loc: ir.Location, proofs: WindowProofs,
                       what: str = "NZ slice") -> BlockedWindow:
    """A slice that narrows leading axes only, blocked like a load."""
    _check_group_sizes(geom, loc, what, offsets=offsets, sizes=sizes)
    static = _static_sizes(sizes, loc, what)
    trailing = [proofs.fact(v).constant for v in offsets[-2:]]
    if trailing != [0, 0] or static[-2:] != [geom.rows, geom.cols]:
        raise Refusal(loc, f"{what} takes a window of the trailing [R, C] plane: in NZ byte order "
                      "a row range is scattered over every column block, so the window is not a "
                      "contiguous NZ tensor. Stack layers on a leading axis ([LAYERS, R, C]) and "
                      "slice that axis instead")
    batch, batch_size = _leading_batch(geom, offsets[:-2], static[:-2], loc, what, proofs)
    return BlockedWindow(
        [batch, Const(0), Const(0), Const(0), Const(0)],
        [Const(batch_size), Const(geom.cols // geom.c0), Const(static[-2] // ROWS),
         Const(ROWS), Const(geom.c0)])


ACC_C0 = 8  # FP32 NZ


def check_acc_store_whole_rows(geom: NzGeometry, tile_rows: int, tile_cols: int,
                               row_offset: ir.Value, loc: ir.Location,
                               proofs: WindowProofs) -> None:
    """TStoreAccNz2nz (A2/A3) steps column blocks by the partition height, not
    by the parent's stride: only a store covering every row lands right."""
    if geom.rows is None:
        raise Refusal(loc, "NZ accumulator store into a tensor of a dynamic row count: the "
                      "store must cover the whole row axis, which a static tile cannot be "
                      "proved to do; store into a tensor of static rows, or store ND")
    # One batch per store: the batch stride never matters. The column-block stride of
    # the blocked view is 16 * (R / 16) * c0; the store's pitch is 16 * (M / 16) * c0.
    column_block_stride = geom.rows * ACC_C0
    mismatch = limits.acc_write_set_mismatch(
        1, tile_cols // ACC_C0, tile_rows // ROWS, None, column_block_stride, ACC_C0)
    # With M == R the window fits only at row offset 0; a proved 0 says it is there.
    if mismatch is None and proofs.fact(row_offset).constant == 0:
        return
    raise Refusal(loc, f"NZ accumulator store must cover the whole {geom.rows}-row axis of the "
                  f"tensor at row offset 0 (the tile has {tile_rows} rows): the A2/A3 store "
                  "derives the column-block distance from the partition height, not the parent "
                  "stride, so a row sub-window is written to the wrong place. Split the output "
                  "along N instead, each split covering every row")


def plan_acc_store_window(geom: NzGeometry, tile_rows: int, tile_cols: int,
                          offsets: Sequence[ir.Value], loc: ir.Location,
                          proofs: WindowProofs) -> BlockedWindow:
    """The geometry rules of an Acc -> FP32 NZ store (docs/nz-semantics.md section 4.6):
    whole parent row axis at row offset 0, one panel, an aligned non-negative
    column offset. Offsets [b, k0/8, 0, 0, 0], shapes [1, n/8, M/16, 16, 8]."""
    what = "NZ accumulator store"
    _check_group_sizes(geom, loc, what, offsets=offsets)
    if tile_rows % ROWS or tile_cols % ROWS or tile_rows <= 0 or tile_cols <= 0:
        raise Refusal(loc, f"{what} of a {tile_rows} x {tile_cols} tile: rows and columns must "
                      f"be positive multiples of {ROWS} (there is no single column-block "
                      "exception for Acc stores)")
    if tile_cols > geom.cols:
        raise Refusal(loc, f"{what} of a {tile_rows} x {tile_cols} tile into a tensor of "
                      f"{geom.cols} columns: the tile is wider than the tensor, so the write "
                      "runs into the next batch; store a tile no wider than the tensor")
    check_acc_store_whole_rows(geom, tile_rows, tile_cols, offsets[-2], loc, proofs)
    col = divided_offset(offsets[-1], ACC_C0, "column offset", loc, proofs, what)
    _check_plane_bounds(geom, Const(0), col, tile_rows, tile_cols, loc, what)
    check_window_bounds(offsets[-1], tile_cols, geom.cols, "column", loc, proofs, what,
                        _COLUMN_OVERRUN)
    batch, _ = _leading_batch(geom, offsets[:-2], [1] * (geom.rank - 2), loc, what, proofs)
    return BlockedWindow(
        [batch, col, Const(0), Const(0), Const(0)],
        [Const(1), Const(tile_cols // ACC_C0), Const(tile_rows // ROWS), Const(ROWS),
         Const(ACC_C0)])


# ---------------------------------------------------------------- windows already blocked
#
# A function carrying the blocked mark is skipped by block-nz-tensor-views, so a pl window
# written in blocked coordinates reaches convert-pl-to-pto unplanned (found by red team: a
# load at offsets [0, 8, 8, 5, 3], one of sizes [1, 8, 8, 16, 8], one whose tile was half
# its window, and an NZ store with no shapes, lowered to a rank-0 partition, were all
# emitted as they were). Its window must be what planning a logical window emits: the
# rules below are plan_load_window's and plan_acc_store_window's, on blocked coordinates.

_BLOCKED_AXES = ("batch", "column block", "row fractal")


def _blocked_window_form(shape: Sequence[int | None], rows: int, cols: int, what: str,
                         loc: ir.Location) -> list[int]:
    """The blocked sizes of one batch's `rows` x `cols` tile: [1, cols/c0, rows/16, 16, c0]."""
    c0 = shape[4]
    assert c0 is not None  # has_blocked_nz_shape: the innermost extent is c0
    if rows % ROWS or cols % c0 or rows <= 0 or cols <= 0:
        raise Refusal(loc, f"{what} of {rows} x {cols} is not whole fractals of {ROWS} x {c0}: "
                      "NZ has no partial fractal. Use a tile whose rows are a multiple of "
                      f"{ROWS} and columns a multiple of {c0}")
    return [1, cols // c0, rows // ROWS, ROWS, c0]


_ONE_BATCH = ("a blocked window is one batch of whole fractals, [1, C/c0, R/16, 16, c0], "
              "the window block-nz-tensor-views emits; give the load or store its logical "
              "coordinates in a function without the blocked mark, or these sizes")
_WHOLE_BATCHES = ("a blocked slice takes whole batches (axis 0) only, every other axis whole "
                  "at offset 0, as block-nz-tensor-views emits it")


def _check_blocked_sizes(given: Sequence[ir.Value], expected: list[int], what: str,
                         group: str, of: str, why: str, loc: ir.Location) -> list[int]:
    constants = [constant_value(v) for v in given]
    if constants == expected:
        return expected
    shown = [("?" if c is None else c) for c in constants]
    raise Refusal(loc, f"{what} of a blocked NZ tensor has {group} {shown}, not the blocked "
                  f"form {expected} of its {of}: {why}")


def _check_blocked_offsets(shape: Sequence[int | None], offsets: Sequence[ir.Value],
                           sizes: Sequence[ir.Value | int], loc: ir.Location, what: str,
                           proofs: WindowProofs) -> None:
    """Offsets [b, col/c0, row/16, 0, 0]: inside fractal axes 0, and each outer one a
    non-negative index whose window stays inside its axis (a batch past a dynamic
    extent is the caller's, as for a logical window: batch_overrun_left_to_caller)."""
    for axis in (3, 4):
        check_integer_coordinate(offsets[axis], f"offset[{axis}]", loc, what)
        fact = proofs.fact(offsets[axis])
        if fact.constant != 0:
            shown = fact.constant if fact.constant is not None else \
                f"not a constant: {explain_fact(offsets[axis], fact)}"
            raise Refusal(loc, f"{what} of a blocked NZ tensor has offset[{axis}] = {shown}, "
                          "not 0: a blocked window starts on a fractal boundary; "
                          "address rows and columns by fractal in offset[2] and offset[1]")
    for axis, name in enumerate(_BLOCKED_AXES):
        divided_offset(offsets[axis], 1, f"{name} offset", loc, proofs, what)
        extent = shape[axis]
        if axis == 0:
            _check_leading_bounds(offsets[0], 1, extent, 0, loc, what, proofs)
            continue
        assert extent is not None  # only a blocked batch may be dynamic
        check_window_bounds(offsets[axis], sizes[axis], extent, name, loc, proofs, what,
                            (_COLUMN_OVERRUN, _ROW_OVERRUN)[axis - 1])


def check_blocked_load_window(shape: Sequence[int | None], offsets: Sequence[ir.Value],
                              sizes: Sequence[ir.Value], valid: Sequence[ir.Value],
                              tile_rows: int, tile_cols: int,
                              tile_valid: tuple[int | None, int | None] | None,
                              loc: ir.Location, proofs: WindowProofs) -> None:
    """A blocked NZ load's window: with a valid_shape (the partition the lowering moves),
    sizes the blocked form of its tile and the valid_shape that of the tile's valid region;
    without, sizes the blocked form of the tile's (static) valid region, as check_load_types
    lets a logical load size its window. Whole fractals, inside the tensor, under the
    pto-isa#317 gap guard."""
    what = "NZ load"
    if valid:
        tile = f"{tile_rows} x {tile_cols} tile"
        region = (tile_rows, tile_cols)
    else:
        rows, cols = tile_valid or (tile_rows, tile_cols)
        assert rows is not None and cols is not None  # _check_load: a dynamic one is sized
        tile = (f"{tile_rows} x {tile_cols} tile" if (rows, cols) == (tile_rows, tile_cols)
                else f"tile's {rows} x {cols} valid region (there is no valid_shape)")
        region = (rows, cols)
    window = _check_blocked_sizes(sizes, _blocked_window_form(shape, *region, what, loc),
                                  what, "sizes", tile, _ONE_BATCH, loc)
    moved: list[ir.Value | int] = list(window)
    if valid:
        _check_blocked_valid(shape, valid, window, tile_valid, loc, proofs)
        moved = [v if (c := constant_value(v)) is None else c for v in valid]
    # The partition moves the valid window (the lowering sizes it so): that is what must
    # stay inside; the gap guard takes a dynamic valid extent at its worst case (no row
    # loaded, every column block), as plan_load_window does.
    _check_blocked_offsets(shape, offsets, moved, loc, what, proofs)
    rows = shape[2]
    assert rows is not None  # a blocked pl row count is static
    loaded = moved[2] * ROWS if isinstance(moved[2], int) else 0
    column_blocks = moved[1] if isinstance(moved[1], int) else window[1]
    check_gm_gap(rows * ROWS, loaded, column_blocks, loc)


def _check_blocked_valid(shape: Sequence[int | None], valid: Sequence[ir.Value],
                         sizes: list[int], tile_valid: tuple[int | None, int | None] | None,
                         loc: ir.Location, proofs: WindowProofs) -> None:
    """The blocked valid_shape [1, VC/c0, VR/16, 16, c0]: the partition the lowering moves
    and the tile's valid region it sizes, so inside the window and, where the tile type
    states the region, equal to it."""
    what = "NZ load valid_shape"
    for axis in (0, 3, 4):
        if constant_value(valid[axis]) != sizes[axis]:
            raise Refusal(loc, f"{what} of a blocked NZ tensor narrows axis {axis}: only the "
                          "row fractals (axis 2) and column blocks (axis 1) of a blocked window "
                          "may be partly valid")
    region = tile_valid or (None, None)
    for axis, stated, scale in ((2, region[0], ROWS), (1, region[1], shape[4])):
        assert scale is not None  # has_blocked_nz_shape: the innermost extent is c0
        _valid_extent(valid[axis], 1, sizes[axis], f"{_BLOCKED_AXES[axis]}s", loc, proofs,
                      what)
        const = constant_value(valid[axis])
        if stated is not None and (const is None or const * scale != stated):
            shown = "?" if const is None else const
            raise Refusal(loc, f"{what} of a blocked NZ tensor gives {_BLOCKED_AXES[axis]}s "
                          f"{shown} but the tile's valid region has {stated} "
                          f"{('rows', 'columns')[axis % 2 == 1]}: the lowering moves the "
                          "valid_shape and the tile describes its own, so they must agree")


def check_blocked_acc_store_window(shape: Sequence[int | None], offsets: Sequence[ir.Value],
                                   shapes: Sequence[ir.Value], tile_rows: int, tile_cols: int,
                                   loc: ir.Location, proofs: WindowProofs) -> None:
    """A blocked Acc -> NZ store's window: shapes the blocked form of the whole tile, every
    row of the tensor at row fractal 0 (check_acc_store_whole_rows), inside the tensor."""
    what = "NZ accumulator store"
    sizes = _check_blocked_sizes(
        shapes, _blocked_window_form(shape, tile_rows, tile_cols, what, loc), what, "shapes",
        f"{tile_rows} x {tile_cols} tile", _ONE_BATCH, loc)
    column_blocks, row_fractals, _, c0 = shape[1:]
    # only a blocked batch is dynamic
    assert column_blocks is not None and row_fractals is not None and c0 is not None
    geom = NzGeometry((shape[0], row_fractals * ROWS, column_blocks * c0), c0)
    check_acc_store_whole_rows(geom, tile_rows, tile_cols, offsets[2], loc, proofs)
    _check_blocked_offsets(shape, offsets, sizes, loc, what, proofs)


def check_blocked_leading_slice(parent: Sequence[int | None], offsets: Sequence[ir.Value],
                                sizes: Sequence[ir.Value], loc: ir.Location,
                                proofs: WindowProofs) -> None:
    """A blocked NZ slice takes whole batches, as plan_leading_slice emits it: every other
    axis whole at offset 0. A window of column blocks or row fractals would be lowered as
    offsets on its parent's view, and the windows of its loads proved against the slice's
    extents alone (the gap guard against its rows, not the parent's; found by red team: a
    slice at column block 24 of 32 let a load inside it read column blocks 32..40)."""
    what = "NZ slice"
    if len(offsets) != 5 or len(sizes) != 5:
        raise MalformedOp(loc, f"{what} of a blocked NZ tensor has {len(offsets)} offsets and "
                          f"{len(sizes)} sizes for a rank-5 tensor")
    batches = constant_value(sizes[0])
    trailing = [extent for extent in parent[1:] if extent is not None]
    assert len(trailing) == 4  # a blocked pl tensor: only the batch may be dynamic
    if batches is None or batches <= 0:
        raise Refusal(loc, f"{what} of a blocked NZ tensor has a batch size that is not a "
                      "positive arith.constant: a blocked slice takes a known number of whole "
                      "batches")
    _check_blocked_sizes(sizes, [batches, *trailing], what, "sizes", "parent's batches",
                         _WHOLE_BATCHES, loc)
    for axis in range(1, 5):
        if proofs.fact(offsets[axis]).constant != 0:
            raise Refusal(loc, f"{what} of a blocked NZ tensor has offset[{axis}] not 0: "
                          f"{_WHOLE_BATCHES}; load the window from the tensor instead")
    divided_offset(offsets[0], 1, "batch offset", loc, proofs, what)
    _check_leading_bounds(offsets[0], batches, parent[0], 0, loc, what, proofs)
