"""The hazards of the A2/A3 NZ transfers, re-proved over facts of the final pto IR.

verify-pto-nz resolves every `pto.tload` / `pto.tstore` touching an NZ view
into a `GmWindow` (the view's extents, strides, the partition's offsets and
sizes) and a `TileRegion` (the tile and its valid extents), each extent an
offset-analysis `Fact`; the functions here refuse every transfer on which
the hardware model (docs/hardware-model.md (c), (d)) would move other data than
the ideal strided semantics, or leave the tensor. Each check proves its rule
for every value the facts allow (worst case), never for one execution.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..dialects import pto, store_attrs
from ..dialects.common import SEGMENTS
from ..errors import Refusal
from ..ir.bindings import ir
from ..records import record
from . import layout as nz_layout
from . import limits
from .acc_store import ACC_BOX, check_acc_store_limits
from .intervals import Fact
from .offsets import (
    OffsetAnalysis,
    linear_form,
    proved_sum_at_most,
    show_bound,
    slack_below,
    upper_bound_of_sum,
)
from .tile_regions import COMPACT_NORMAL
from .tile_rules import box_multiples
from .window import batch_overrun_left_to_caller

ROWS = nz_layout.FRACTAL_ROWS

# Blocked axis k of an NZ view: what it counts, and what an index past its end reads
# (in NZ byte order an overrun is silent: it lands on other data of the same tensor).
_AXES = (
    ("batches", "a batch past the axis is memory after the tensor"),
    ("column blocks (C/c0)", "a column block past the axis is the next batch's first one"),
    ("row fractals (R/16)", "a row fractal past the axis is the next column block's top"),
)
_BOUND_FIX = ("bound the offset (a loop stop, min(), a declared {nz.range = array<i64: LO, HI>} "
              "fact on an argument) so that offset + size stays within the extent")


@record
class GmWindow(NamedTuple):
    """The GM side of one NZ transfer: a partition of an NZ view (or the whole view)."""

    loc: ir.Location
    what: str                       # "NZ partition" or "NZ view loaded whole"
    element: str
    c0: int
    extents: tuple[Fact, ...]       # the view's shape, per blocked axis
    strides: tuple[Fact, ...]       # the view's strides (constants, or proved row-major)
    offsets: tuple[Fact, ...]
    sizes: tuple[Fact, ...]
    size_values: tuple[ir.Value | None, ...]  # SSA values of the sizes, for equality proofs
    offset_values: tuple[ir.Value | None, ...] = (None,) * 5
    extent_values: tuple[ir.Value | None, ...] = (None,) * 5  # for bounds by a dynamic extent

    @property
    def itemsize(self) -> int:
        return nz_layout.C0_BYTES // self.c0


@record
class TileRegion(NamedTuple):
    """The tile side: its type and its valid extents (static, or the alloc's operands)."""

    buf: pto.TileBuf
    valid_rows: Fact
    valid_cols: Fact
    row_value: ir.Value | None      # the alloc's valid_row operand (None when static)
    col_value: ir.Value | None


def show(fact: Fact) -> str:
    const = fact.constant
    return str(const) if const is not None else f"proved {fact.show()}"


def _is(fact: Fact) -> str:
    const = fact.constant
    return f"= {const}" if const is not None else f"(proved {fact.show()})"


# ---------------------------------------------------------------- bounds


def _end_bound(analysis: OffsetAnalysis, offset: ir.Value | None, size: ir.Value | None) -> int:
    """An upper bound of offset + size over every execution: the offset analysis's
    relational bound of a sum (a ragged size min(N - o, T) / 16 at o / 16 ends at
    N / 16), never worse than the intervals' sum."""
    if offset is None or size is None:
        hi = [analysis.fact(v).hi if v is not None else 0 for v in (offset, size)]
        return hi[0] + hi[1]
    return upper_bound_of_sum(analysis, offset, size)


def check_inside_view(window: GmWindow, analysis: OffsetAnalysis, strict_bounds: bool,
                      warnings: list[Refusal]) -> None:
    """offset >= 0, size >= 0 and offset + size <= extent on every blocked axis 0..2,
    for every value the facts allow. Past the end of a batch axis of dynamic extent
    there is no bound to prove against (window.batch_overrun_left_to_caller): a
    warning, an error with strict-bounds. Everywhere else: an error."""
    for axis in range(3):
        problem = _outside_view(window, analysis, axis)
        if problem is None:
            continue
        offset, size, extent = window.offsets[axis], window.sizes[axis], window.extents[axis]
        provably_out = offset.lo + size.lo > extent.hi or _provably_past(window, analysis, axis)
        # A row or column overrun reads another column block or batch in bounds and
        # silently: only the batch axis's end on a dynamic extent is left to a warning
        # (the pl passes' rule, one function).
        unbounded = axis == 0 and size.non_negative and batch_overrun_left_to_caller(
            offset, extent.constant is not None)
        if not unbounded or provably_out or strict_bounds:
            raise Refusal(window.loc, problem)
        warnings.append(Refusal(window.loc, f"{problem} (nothing bounds this window; the "
                                "strict-bounds option makes this an error)"))


def check_start_below_u32(window: GmWindow, strict_bounds: bool,
                          warnings: list[Refusal]) -> None:
    """The window's first element, sum(offset[k] * stride[k]), is below 2^32 for every
    value the facts allow: PTOAS's EmitC lowering of a partition computes that sum in
    uint32 (`totalOffset`) and adds it to the base pointer, so a start at or past 2^32
    wraps onto other data of the same tensor (found by red team: expert 70 of an 80-expert
    int8 weight read expert 6). An offset is bounded by its own facts and, the window
    being inside the view (check_inside_view), by a static extent. A view of dynamic
    extent or stride whose bound reaches 2^32 is the caller's, as its batch end is: a
    warning, an error with strict-bounds."""
    bound = _start_bound(window)
    if bound < limits.PARTITION_START_LIMIT:
        return
    problem = (f"{window.what} can start {bound} elements into the view, at or past 2^32: "
               "PTOAS computes a partition's first element (the sum of offset * stride) in "
               "uint32, so it would wrap onto other data of the tensor; split the tensor into "
               "views of fewer than 2^32 elements, or bound the offsets")
    # The bound from the offsets' own facts and the constant strides alone reaches 2^32:
    # no tensor size the caller keeps makes it safe (found by red team: a dynamic batch
    # count had made a stated offset fact's overflow a warning).
    proved_reach = _start_bound(window, static_only=True) >= limits.PARTITION_START_LIMIT
    static = all(fact.constant is not None
                 for fact in (*window.extents[:3], *window.strides[:3]))
    if static or proved_reach or strict_bounds:
        raise Refusal(window.loc, problem)
    warnings.append(Refusal(window.loc, f"{problem} (the view's extents or strides are "
                            "dynamic: the caller keeps the tensor below 2^32 elements; the "
                            "strict-bounds option makes this an error)"))


def _start_bound(window: GmWindow, static_only: bool = False) -> int:
    """An upper bound of the window's first element over every execution. The two
    fractal axes' offsets are 0 (the partition's own rules); the strides are positive.
    `static_only`: the part of it that constant strides and offsets bounded by their own
    facts reach (a term with a dynamic stride, or an offset bounded only by a dynamic
    extent, counts 0), which holds whatever the dynamic values are."""
    axes = range(3)
    return start_bound([window.offsets[a] for a in axes], [window.extents[a] for a in axes],
                       [window.sizes[a] for a in axes], [window.strides[a] for a in axes],
                       static_only)


def start_bound(offsets: Sequence[Fact], extents: Sequence[Fact], sizes: Sequence[Fact],
                strides: Sequence[Fact], static_only: bool = False) -> int:
    """sum(offset * stride) at its largest over the facts, per axis (see _start_bound):
    an offset bounded by its facts and by a static extent less the size; negative
    offsets and strides count 0 (the rules of the axes refuse them where they matter)."""
    bound = 0
    for offset, extent, size, stride in zip(offsets, extents, sizes, strides, strict=True):
        reach = offset.hi
        if extent.constant is not None:
            reach = min(reach, extent.constant - max(size.lo, 0))  # a size is never negative
        elif static_only and not offset.bounded_above:
            continue
        if static_only and stride.constant is None:
            continue
        bound += max(reach, 0) * max(stride.hi, 0)
    return bound


def check_nd_start_below_u32(loc: ir.Location, offsets: Sequence[Fact],
                             extents: Sequence[Fact], sizes: Sequence[Fact],
                             strides: Sequence[Fact]) -> None:
    """An ND partition's first element is summed in uint32 by PTOAS too (the same EmitC
    pattern, whatever the layout; found by red team: an ND expert 70 read expert 6).
    ND bounds are the caller's where a view's extents or strides are dynamic (an offset
    there is bounded by nothing but a run-time extent: PyPTO's kernels of dynamic rows
    would all be refused), so only a static view's start is bounded."""
    if any(fact.constant is None for fact in (*extents, *strides)):
        return
    bound = start_bound(offsets, extents, sizes, strides)
    if bound < limits.PARTITION_START_LIMIT:
        return
    raise Refusal(loc, f"ND partition can start {bound} elements into the view, at or past "
                  "2^32: PTOAS computes a partition's first element (the sum of offset * "
                  "stride) in uint32, so it would wrap onto other data of the tensor; split "
                  "the tensor into views of fewer than 2^32 elements, or bound the offsets")


def _provably_past(window: GmWindow, analysis: OffsetAnalysis, axis: int) -> bool:
    """Whether offset + size > extent on every execution by the relation of the offset to
    the extent's own SSA value (offset = B on a view of B batches: one past the end),
    where the intervals of a dynamic extent cannot tell (found by red team)."""
    offset_value, extent_value = window.offset_values[axis], window.extent_values[axis]
    if offset_value is None or extent_value is None:
        return False
    size = window.sizes[axis].lo
    # extent <= offset - k on every execution; past the end when k > -size.
    if slack_below(analysis, extent_value, offset_value) > -size:
        return True
    # offset = extent + c as one linear form of one base (offset = B + 4).
    off, ext = linear_form(analysis, offset_value), linear_form(analysis, extent_value)
    return (off.base is not None and ext.base is not None and off.base == ext.base
            and off.scale == ext.scale
            and off.offset - ext.offset + size > 0)


def _outside_view(window: GmWindow, analysis: OffsetAnalysis, axis: int) -> str | None:
    """What may leave the view on `axis`, or None when the window provably stays inside."""
    name, overrun = _AXES[axis]
    offset, size, extent = window.offsets[axis], window.sizes[axis], window.extents[axis]
    where = f"{window.what} offset[{axis}] ({name})"
    if not offset.non_negative:
        return (f"{where} may be negative ({show(offset)}): the hardware adds offset * stride "
                "to the view's base, so a negative offset reads memory before the tensor (or "
                "the previous batch); use an offset proved >= 0 (a loop from 0, max(), a "
                "declared nz.range fact)")
    if not size.non_negative:
        return (f"{window.what} size[{axis}] ({name}) may be negative ({show(size)}): a window "
                "has a non-negative extent; size the partition from values proved >= 0")
    end = offset.hi + size.hi
    if end <= extent.lo:  # the intervals prove it: no relational bound to look for
        return None
    offset_value, size_value = window.offset_values[axis], window.size_values[axis]
    if offset_value is not None and size_value is not None:
        end = min(end, _end_bound(analysis, offset_value, size_value))
    if end <= extent.lo:
        return None
    extent_value = window.extent_values[axis]
    if (extent.constant is None and extent_value is not None and offset_value is not None
            and size_value is not None
            and proved_sum_at_most(analysis, offset_value, size_value, extent_value)):
        return None
    return (f"{where} + size[{axis}] can reach {show_bound(end)}, past the view's shape[{axis}] "
            f"{_is(extent)} (offset {show(offset)}; size {show(size)}): {overrun}; "
            f"{_BOUND_FIX}")


# ---------------------------------------------------------------- valid regions


def _equal_scaled(analysis: OffsetAnalysis, static: int | None, value: ir.Value | None,
                  fact: Fact, factors: list[tuple[int, ir.Value | None, Fact]]) -> bool:
    """Whether the extent (static, or `value` with `fact`) provably equals the product
    of `factors`, each (constant factor, SSA value or None, fact): by constants, or as
    the same SSA value scaled by the same constant."""
    product_const = 1
    dynamic = []
    for const, v, f in factors:
        if f.constant is not None:
            product_const *= const * f.constant
        else:
            product_const *= const
            dynamic.append(v)
    if not dynamic:
        return fact.constant == product_const
    if len(dynamic) != 1 or dynamic[0] is None or value is None or static is not None:
        return False
    target = linear_form(analysis, dynamic[0]).times(product_const)
    return linear_form(analysis, value) == target


def check_valid_region(window: GmWindow, tile: TileRegion, analysis: OffsetAnalysis,
                       verb: str, loc: ir.Location) -> None:
    """The tile's valid rows are 16 * n2 and its valid columns n0 * n1 * c0, provably:
    the A2/A3 load and Acc store step column blocks by the valid rows but the view by
    its strides, and move n0 * n1 column blocks whatever the valid columns say."""
    n0, n1, n2 = window.sizes[:3]
    values = window.size_values
    rows_ok = _equal_scaled(analysis, tile.buf.v_row, tile.row_value, tile.valid_rows,
                            [(ROWS, values[2], n2)])
    cols_ok = _equal_scaled(analysis, tile.buf.v_col, tile.col_value, tile.valid_cols,
                            [(1, values[0], n0), (window.c0, values[1], n1)])
    if rows_ok and cols_ok:
        return
    if not rows_ok:
        axis, extent, found = "rows", "16 * sizes[2]", tile.valid_rows
        why = ("the A2/A3 transfer steps column blocks by the tile's valid rows but skips the "
               "GM gap of the partition's rows, so a mismatch misplaces every column block "
               "after the first")
    else:
        axis, extent, found = "columns", "sizes[0] * sizes[1] * c0", tile.valid_cols
        why = ("the transfer moves sizes[0] * sizes[1] whole column blocks whatever the valid "
               "columns say, so the tile's valid region and the GM window would hold "
               "different data")
    raise Refusal(loc, f"'pto.{verb}' cannot prove that the tile's valid {axis} equal "
                  f"the {window.what}'s ({extent}): the tile's are {show(found)}; {why}. Give "
                  "the tile a static valid region equal to the partition, or valid_row = "
                  "sizes[2] * 16 "
                  "and valid_col = sizes[1] * c0 computed with arith.muli")


def check_valid_inside_tile(tile: TileRegion, loc: ir.Location, verb: str) -> None:
    """The valid region lies inside the tile for every execution."""
    buf = tile.buf
    for axis, fact, extent in (("rows", tile.valid_rows, buf.rows),
                               ("columns", tile.valid_cols, buf.cols)):
        if fact.non_negative and fact.hi <= extent:
            continue
        raise Refusal(loc, f"'pto.{verb}' tile's valid {axis} ({show(fact)}) may leave "
                      f"[0, {extent}], the tile's {axis}: the transfer would write past the "
                      "tile (or move a negative count); bound the valid extent by the tile")


# ---------------------------------------------------------------- TLOAD NZ -> NZ


def check_plain_nz_load(load: pto.TLoad, loc: ir.Location) -> None:
    """An NZ load copies its partition as it is: padding on the way (a pad operand,
    a pad_mode, init_out_buffer) would change what lands in the tile, in a way the
    byte model does not know for NZ->NZ; an attribute nzpass cannot read may too.
    The op's own attributes (the op table's) are looked up by name, which finds them
    in properties too (PTOAS's `<{...}>`) without printing the op; every attribute of
    the dictionary is read too. A property PTOAS does not define is never read by it,
    so it cannot change the load."""
    for group in pto.TLoad.PAD_GROUPS:
        if load.groups[group]:
            raise Refusal(loc, f"NZ load with a {group} operand: padding an NZ->NZ load "
                          "is not modelled (the tile would not hold the partition's "
                          "bytes as they are); remove it, or pad after the load")
    attributes = load.op.attributes
    present = [name for name in pto.TLoad.ATTRS if name in attributes]
    present += [name for name in attributes if name not in pto.TLoad.ATTRS]
    for name in present:
        attr = attributes[name]
        if name == SEGMENTS or pto.TLoad.PLAIN_ATTRS.get(name) == str(attr):
            continue
        raise Refusal(loc, f"NZ load with {name} = {attr}: only a plain NZ->NZ copy is "
                      "proved (no padding, no initialisation of the tile, no attribute "
                      "nzpass cannot read); remove it")


def check_plain_nz_store(store: pto.TStore, loc: ir.Location) -> None:
    """An Acc store into NZ is a plain write (no atomic add, relu or quantisation on
    the way): every attribute it carries (`store.attrs`: its dictionary's, and those
    PTOAS defines for it wherever stated, `pto.ATTRIBUTE_READER`) is read from the one
    table of store attributes (dialects/store_attrs), and one nzpass cannot read is
    refused, since it may change the write-back. A property PTOAS does not define is
    never read by it, so it cannot change the store."""
    for name, attr in store.attrs.items():
        try:
            why = store_attrs.changes_nz_write(name, attr)
        except store_attrs.StoreAttrError as err:
            raise Refusal(loc, f"NZ accumulator store: {err}: nzpass cannot tell whether it "
                          "changes the write-back; remove it or store ND") from None
        if why is not None:
            raise Refusal(loc, f"NZ accumulator store with {name} = {attr}: atomic and relu "
                          "write-backs into NZ are not supported (the write is no longer "
                          "the tile's data); store ND instead")
    if store.groups["fp"] or store.groups["preQuantScalar"]:
        raise Refusal(loc, "NZ accumulator store with a quantisation operand: no dtype "
                      "conversion is supported into NZ; store ND instead")


def check_load_limits(window: GmWindow, tile: TileRegion, loc: ir.Location) -> None:
    """The fields of TLoadGm2L1Nz2nz (docs/hardware-model.md (c), device limits), each at
    its worst case over the facts."""
    n0, n1 = window.sizes[0], window.sizes[1]
    problems = limits.nz2nz_load_overflows(
        column_blocks=n1.hi, valid_rows=tile.valid_rows.hi,
        spare_rows=tile.buf.rows - tile.valid_rows.lo,
        last_batch_offset=(n0.hi - 1) * window.strides[0].hi,
        largest_stride=max(s.hi for s in window.strides))
    if problems:
        raise Refusal(loc, "'pto.tload' NZ->NZ exceeds the A2/A3 load instruction's fields: "
                      + "; ".join(problems) + ": the fields wrap and the load reads other "
                      "data; load a smaller window per tload")


def check_gm_gap(window: GmWindow, loc: ir.Location) -> None:
    """pto-isa#317: a load spanning more than one column block skips
    G32 = ((S1 - 16*n2*c0) * s) / 32 blocks between them in a 16-bit field.
    The worst case is the fewest rows loaded."""
    n1, n2 = window.sizes[1], window.sizes[2]
    if n1.hi <= 1:
        return  # one column block per batch: one burst, the gap field is never read
    # A dynamic stride (a dynamic row count) is checked at its largest value;
    # the partition lies inside the view (proved), so the gap is never negative.
    s1 = window.strides[1]
    block_rows = s1.hi // window.c0
    fewest_rows = ROWS * max(n2.lo, 0)
    gap = nz_layout.gm_row_gap(block_rows, fewest_rows)
    if nz_layout.gm_gap_fits(block_rows, fewest_rows, 2):
        return
    stride = (f"column-block stride {s1.hi}" if s1.constant is not None
              else f"column-block stride up to {s1.hi} ({show(s1)})")
    raise Refusal(loc, f"NZ load spans up to {n1.hi} column blocks with a GM gap of "
                  f"{gap} 32-byte blocks ({stride} = {block_rows} rows - loaded "
                  f"rows {fewest_rows}), more than the {limits.GM_GAP_LIMIT} the A2/A3 load "
                  "instruction holds: a temporary guard against defect pto-isa#317 (the gap is "
                  "truncated to 16 bits and the load silently reads the wrong fractal). "
                  "Workarounds: load a taller row window (larger sizes[2]) so the gap shrinks, "
                  "one column block per tload (sizes[1] = 1), lay stacked weights out as "
                  "batches of a view with fewer rows, or (a dynamic row count) narrow its "
                  "nz.range")


# ---------------------------------------------------------------- TSTORE Acc -> NZ


def check_acc_write_set(window: GmWindow, loc: ir.Location) -> None:
    """TStoreAccNz2nz writes column block J at p + J * L, L = 16 * n2 * c0, whatever
    the view's strides (docs/hardware-model.md (d)): refuse a view where that is not
    the partition (`limits.acc_write_set_mismatch`)."""
    n0, n1, n2 = (f.constant for f in window.sizes[:3])
    s0, s1 = (f.constant for f in window.strides[:2])
    mismatch = limits.acc_write_set_mismatch(n0, n1, n2, s0, s1, window.c0)
    if mismatch is None:
        return
    pitch = None if n2 is None else limits.acc_store_pitch(n2, window.c0)
    if mismatch == "column":
        problem = (f"its column blocks are stride[1] = {show(window.strides[1])} elements "
                   "apart in the view but "
                   f"the store puts them 16 * sizes[2] * c0 = "
                   f"{'?' if pitch is None else pitch} apart (the partition height)")
        fix = ("cover the view's whole row axis at offset[2] = 0 (sizes[2] = shape[2]), or "
               "store one column block per tstore")
    else:
        problem = (f"its batches are stride[0] = {s0} elements apart in the view but the "
                   "store continues the column blocks of one batch into the next at "
                   f"sizes[1] * 16 * sizes[2] * c0 = "
                   f"{'?' if n1 is None or pitch is None else n1 * pitch}")
        fix = "store one batch per tstore (sizes[0] = 1), or cover the view's whole column axis"
    raise Refusal(loc, f"NZ accumulator store into an {window.what} that is not whole "
                  f"rows: {problem}, so a row sub-window or another pitch writes column "
                  f"blocks to the wrong place (A2/A3 TStoreAccNz2nz). Fix: {fix}; split the "
                  "output along N, each split covering every row")


def check_store_limits(tile: TileRegion, backend: str, loc: ir.Location) -> None:
    """The TSTORE field widths at the worst-case valid extents, and the L0C capacity."""
    buf = tile.buf
    check_acc_store_limits("'pto.tstore' Acc->NZ", tile.valid_rows.hi, tile.valid_cols.hi,
                           buf.rows, buf.cols, backend, loc)


def check_acc_pitch(buf: pto.TileBuf, valid_rows: Fact, loc: ir.Location) -> None:
    """The store reads the Acc tile's column blocks at the pitch its producer wrote them.
    `mad` has no destination stride: it writes its m valid rows at a column-block pitch of
    ceil16(m), while TStoreAccNz2nz reads at the tile's physical `rows` (at ceil16(valid
    rows) only in `compact=1`, CompactMode::Normal). So a tile of more than one column
    block whose valid rows may be fewer than its rows stores the wrong rows, silently
    where its valid rows are dynamic (pto-isa's MadAccStrideCompatible static_assert
    catches only static ones; found by red team). A compact=1 store's pitch must be one
    value (`check_compact_pitch`), which the mads writing the tile then match."""
    if buf.cols <= ACC_BOX:
        return  # one column block: no pitch is read
    if buf.compact == COMPACT_NORMAL:
        check_compact_pitch(buf, valid_rows, loc)
        return
    if mad_pitch(valid_rows) >= buf.rows:
        return  # mad's pitch ceil16(valid rows) is the tile's rows
    raise Refusal(loc, f"'pto.tstore' Acc tile {buf.rows}x{buf.cols} may hold fewer valid rows "
                  f"({show(valid_rows)}) than its {buf.rows} rows, across more than one "
                  "column block: mad writes its result at a column-block pitch of "
                  "ceil16(valid rows) but the store reads at the tile's rows, so every column "
                  "block past the first is read from the wrong place; give the tile exactly "
                  "its valid rows, or state compact=1 (CompactMode::Normal: the store reads at "
                  "ceil16(valid rows))")


def check_compact_pitch(buf: pto.TileBuf, valid_rows: Fact, loc: ir.Location) -> None:
    """A compact=1 Acc store (TStoreAccNz2nz, TStoreAccNz2nd: srcStride = ceil16(validRow))
    reads its column blocks at ceil16(valid rows), which its writers' pitches can be proved
    to match only where it is one value: valid rows that may lie in two 16-row fractals
    read at a pitch no single mad writes at."""
    if fixed_pitch(valid_rows) is not None:
        return
    raise Refusal(loc, f"'pto.tstore' of a compact=1 Acc tile {buf.rows}x{buf.cols} whose "
                  f"valid rows ({show(valid_rows)}) may lie in more than one 16-row fractal: "
                  "the store reads its column blocks ceil16(valid rows) apart, a pitch that "
                  "cannot be proved the one its mads wrote at; give the tile valid rows of "
                  "one fractal count (or static ones)")


def compact_mad_pitch_problem(mad_rows: Fact, valid_rows: Fact) -> str | None:
    """Why a mad of `mad_rows` rows may write an Acc tile at another column-block pitch
    (ceil16(m)) than a compact=1 store of `valid_rows` reads it at (ceil16(valid rows)),
    for some values both may take (found by red team: a mad of 32 rows wrote column block
    1 at 512, the store of 16 valid rows read it at 256, rows 16..31 of block 0); None
    when both are one pitch, the same."""
    written, read = fixed_pitch(mad_rows), fixed_pitch(valid_rows)
    if written is not None and written == read:
        return None
    return (f"mad writes its column blocks ceil16(its rows, {show(mad_rows)}) apart, the "
            f"compact=1 store reads them ceil16(valid rows, {show(valid_rows)}) apart, and "
            "these are not proved one and the same pitch")


# The memories of a tile mad's operands, whose tiles stack row-major boxes (zZ in L0A,
# zN in L0B): `check_mad_operand_pitch`.
_MAD_OPERAND_LOCS = ("left", "right")


def check_mad_operand_pitch(name: str, buf: pto.TileBuf, rows: Fact, cols: Fact,
                            loc: ir.Location) -> None:
    """A tile mad reads its Left (Right) operand at the box-row pitch its valid columns
    give. mad has no source stride (pto-isa a2a3 TMatmul: mad(c, a, b, m, k, n)): it reads
    L0A as ceil16(m) rows of ceil(k / c0) boxes and L0B as ceil(k / c0) rows of
    ceil16(n) / 16 boxes, one after the other, while a TEXTRACT or TMOV into a tile that is
    not compact lays its box rows out at the tile's columns (TExtractToA / TExtractToB;
    the compact=1 forms pack them at the valid columns). So a tile of more than one box row
    whose valid columns, at their fewest, leave whole boxes of its columns unused feeds mad
    the boxes of other rows (found by red team: a 32 x 32 Left tile of 16 valid columns)."""
    if buf.loc not in _MAD_OPERAND_LOCS or buf.compact == COMPACT_NORMAL or buf.fractal != 512:
        return
    box = box_multiples(buf)
    if box is None:
        return
    box_rows, box_cols = box
    if -(-max(rows.hi, 1) // box_rows) <= 1:
        return  # one box row: no pitch is read
    packed = -(-max(cols.lo, 1) // box_cols) * box_cols
    if packed >= buf.cols:
        return
    raise Refusal(loc, f"'{name}' reads its {buf.loc} operand ({buf.rows}x{buf.cols} "
                  f"{buf.dtype}) at a box-row pitch of {packed} columns, ceil({show(cols)} "
                  f"valid columns / {box_cols}) boxes: mad has no source stride, but the "
                  f"tile holds its {box_rows}-row box rows {buf.cols} columns apart, so every "
                  "box row after the first is read from the wrong boxes; give the tile the "
                  "columns its valid ones fill, or compact=1 (the extract then packs it)")


def fixed_pitch(rows: Fact) -> int | None:
    """ceil16 of `rows` when every value it may take (at least one) has the same one;
    None when two may differ."""
    low = mad_pitch(rows)
    return low if -(-max(rows.hi, 1) // ACC_BOX) * ACC_BOX == low else None


def mad_pitch(rows: Fact) -> int:
    """The smallest column-block pitch mad writes `rows` valid rows at: ceil16 of the
    fewest (at least one: a mad of no rows writes nothing to read wrongly)."""
    return -(-max(rows.lo, 1) // ACC_BOX) * ACC_BOX
