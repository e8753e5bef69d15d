"""ND windows kept inside their tensor's extents (docs/nz-semantics.md section 8.7).

An ND transfer adds sum(offset * stride) to the view's base and moves its window with no
bounds check, so a window past an extent moves the next rows (or memory before or after the
tensor) silently. One rule, `check_nd_window_inside`, proves every ND window with the offset
analysis, as the NZ path does: convert-pl-to-pto on its pl loads, stores and slices,
verify-pto-nz on every `pto.partition_view` of a view that is not NZ.

What the two do with a window the analysis cannot prove inside is `WindowProofs`'s policy,
as for an NZ batch: an error with strict bounds (convert-pl-to-pto, whose kernels state
their facts), else a warning (hand-written pto, whose offsets PyPTO computes from arguments
that state none: bounding them is the caller's contract). A window that leaves its tensor
on every execution the facts allow is an error either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from ..dialects import pto
from ..errors import Refusal
from ..ir.bindings import ir
from .intervals import INDEX_WIDTH, Fact
from .offsets import (
    constant_value,
    explain_fact,
    proved_sum_at_most,
    show_bound,
    slack_below,
    upper_bound_of_sum,
)
from .valid_region import ValidExtent, equals_size
from .window import WindowProofs

_OVERRUN = ("an ND transfer moves its window through the strides unchecked, so it reads or "
            "writes the next rows, or memory outside the tensor, silently")
_BOUND_FIX = ("Bound the offset (a loop stop, min(), a declared nz.range fact on an argument "
              "or on get_block_idx) so the window stays inside")
_UNPROVED = (" (not proved: keeping it inside is the caller's contract; the strict-bounds "
             "option makes this an error)")

# What an axis's extent is to the rule: a number, the SSA value of a dynamic extent (pto),
# or None, a dynamic extent with no value in the IR at hand (pl's `?`, which the lowering
# turns into an argument that verify-pto-nz then proves against).
Extent = int | ir.Value | None
# What a window's size on an axis is to the transfer rules: the SSA value of a partition's
# size operand, a number (the static dim of a view type no op here sizes), or None (a
# dynamic dim of such a type: any size).
Size = ir.Value | int | None


def size_fact(proofs: WindowProofs, size: Size) -> Fact:
    """What the window's `size` can be on an axis (None: anything)."""
    if size is None:
        return Fact.top(INDEX_WIDTH)
    if isinstance(size, int):
        return Fact.const(size, INDEX_WIDTH)
    return proofs.fact(size)


def _axis_name(axis: int, rank: int) -> str:
    return {rank - 1: "column", rank - 2: "row"}.get(axis, f"leading axis {axis}")


def check_nd_window_inside(offsets: Sequence[ir.Value], sizes: Sequence[ir.Value | int],
                           extents: Sequence[Extent], loc: ir.Location, what: str,
                           proofs: WindowProofs) -> None:
    """On every axis: a size that is not empty or negative, an offset >= 0 (a negative one
    starts before the tensor, whatever its extent), and offset + size <= extent, each for
    every value the facts allow (a ragged size min(N - o, T) at o ends at N: the
    analysis's relational bound of a sum; a dynamic extent is proved against by how the
    offset is defined from it: an scf.for up to it, min(), extent - n). Found by red team:
    rows 60..75 of a 64-row tensor, columns 192..319 of a 256-column one, a 16x256 tile
    stored into a 16x128 tensor, in pl and in hand-written pto alike."""
    rank = len(extents)
    for axis, (offset, size, extent) in enumerate(zip(offsets, sizes, extents, strict=True)):
        if isinstance(size, int):
            size_lo = size_hi = size
        else:
            size_fact = proofs.fact(size)
            size_lo, size_hi = size_fact.lo, size_fact.hi
        start = proofs.fact(offset)
        if (isinstance(extent, int) and size_lo > 0 and start.lo >= 0
                and start.hi + size_hi <= extent):
            continue  # inside by the intervals alone: nearly every window, cheaply
        name = f"{what} {_axis_name(axis, rank)}"
        used = size if isinstance(size, int) else constant_value(size)
        used = size if used is None else used  # a constant is shown as its number
        _check_size(used, name, loc, proofs)
        _check_start(offset, name, loc, proofs)
        if extent is not None:
            _check_end(offset, used, extent, name, loc, proofs)


def _fails(proofs: WindowProofs, always: bool, loc: ir.Location, message: str) -> None:
    """A window that breaks its rule on every execution is refused; one that may is
    refused with strict bounds, else warned about (WindowProofs.unbounded)."""
    if always or proofs.strict_bounds:
        raise Refusal(loc, message)
    proofs.unbounded(Refusal(loc, message + _UNPROVED))


def _check_size(size: ir.Value | int, name: str, loc: ir.Location,
                proofs: WindowProofs) -> None:
    """An empty window moves nothing (pto-isa requires every extent of a transfer > 0;
    the NZ path refuses it when blocking) and a negative one a wrapped count. A dynamic
    size that may be 0 but not negative (a ragged tail) is its valid extent's rule,
    proved in [0, tile] where the pl load states it."""
    fact = Fact.const(size, 64) if isinstance(size, int) else proofs.fact(size)
    if fact.lo >= 0 and fact.hi > 0:
        return
    shown = str(size) if isinstance(size, int) else explain_fact(size, fact)
    _fails(proofs, fact.hi <= 0, loc, f"{name} size must be positive ({shown}): an empty "
           "window has nothing to move and a negative one moves a wrapped count; drop the "
           "transfer or give every axis at least one index")


def _check_start(offset: ir.Value, name: str, loc: ir.Location, proofs: WindowProofs) -> None:
    fact = proofs.fact(offset)
    if fact.lo >= 0:
        return
    _fails(proofs, fact.hi < 0, loc, f"{name} offset may be negative "
           f"({explain_fact(offset, fact)}): the window would start before the tensor; "
           f"{_OVERRUN}. Use an offset proved >= 0 (a loop from 0, max(), a declared "
           "nz.range fact)")


def _check_end(offset: ir.Value, size: ir.Value | int, extent: int | ir.Value, name: str,
               loc: ir.Location, proofs: WindowProofs) -> None:
    """offset + size <= extent: by the intervals (a constant extent, or facts on a
    dynamic one), by the relational bound of the sum, or, for a dynamic extent, by how
    the offset is defined against it (nz.offsets.proved_sum_at_most)."""
    analysis = proofs.analysis
    offset_fact = proofs.fact(offset)
    size_fact = None if isinstance(size, int) else proofs.fact(size)
    size_lo = size if size_fact is None else size_fact.lo
    if isinstance(size, int):
        end = offset_fact.hi + size
    else:
        end = upper_bound_of_sum(analysis, offset, size)
    if isinstance(extent, int):
        if end <= extent:
            return
        shown = explain_fact(offset, offset_fact)  # only once it fails: a string per axis
        shown_extent, extent_hi = f"the extent {extent}", extent
    else:
        extent_fact = proofs.fact(extent)
        if end <= extent_fact.lo or proved_sum_at_most(analysis, offset, size, extent):
            return
        shown_extent, extent_hi = "the dynamic extent", extent_fact.hi
        shown = (f"offset: {explain_fact(offset, offset_fact)}; extent: "
                 f"{explain_fact(extent, extent_fact)}")
    shown_size = size if isinstance(size, int) else "the size"
    _fails(proofs, offset_fact.lo + size_lo > extent_hi, loc,
           f"{name} window may leave the axis: offset + {shown_size} can reach "
           f"{show_bound(end)}, past {shown_extent} ({shown}): {_OVERRUN}. {_BOUND_FIX}")


def nd_valid_extents_moved(is_load: bool, buf: pto.TileBuf) -> tuple[bool, bool]:
    """Which of the tile's valid (rows, columns) size the GM side of an A2/A3 ND transfer,
    as pto-isa moves it: a load or store of a row-major tile (TLoadGm2ubNd2nd,
    TLoadGm2L1Nd2nd, TStoreUb2gmNd2nd) moves the partition's rows in bursts of validCol
    elements; an Acc store (TStoreAccNz2nd) writes validRow rows of validCol; an ND -> NZ
    load into a boxed Mat tile (TLoadGm2L1Nd2nz) moves the partition's own extents. Other
    tiles (boxed or column-major Vec ones) are other instructions, not modelled here."""
    if not is_load and buf.loc == "acc":
        return True, True
    if buf.loc in ("vec", "mat") and buf.slayout == "none_box" and buf.blayout == "row_major":
        return BURSTS
    return False, False


# What nd_valid_extents_moved says of the burst transfers (check_nd_bursts_match).
BURSTS = (False, True)


def check_nd_window_fits_tile(sizes: Sequence[Size], buf: pto.TileBuf, is_load: bool,
                              loc: ir.Location, what: str, proofs: WindowProofs) -> None:
    """An A2/A3 ND window (leading axes stacked as rows) no larger than the tile it is moved
    to or from, in rows and in columns: a load writes the window's rows into the tile from
    its start (an ND -> NZ load its columns too), a Vec or Mat store reads as many, so a
    larger window overwrites the local memory after the tile or stores what lies there;
    the model refuses a window wider than its tile as well (found by red team: a 32x128
    f16 partition loaded into a 16x128 Vec tile was accepted; the model refuses it). An
    Acc store writes the tile's valid region only (check_nd_valid_inside)."""
    if not is_load and buf.loc == "acc":
        return
    rows_lo, rows_hi = 1, 1
    for value in sizes[:-1]:
        fact = size_fact(proofs, value)
        rows_lo *= max(fact.lo, 0)
        rows_hi = rows_hi * fact.hi if fact.bounded_above and rows_hi is not None else None
    cols = size_fact(proofs, sizes[-1])
    for name, lo, hi, room in (("rows", rows_lo, rows_hi, buf.rows),
                               ("columns", max(cols.lo, 0),
                                cols.hi if cols.bounded_above else None, buf.cols)):
        if hi is not None and hi <= room:
            continue
        shown = "no bound" if hi is None else f"up to {hi}"
        _fails(proofs, lo > room, loc,
               f"{what} ND window of {shown} {name} (leading axes stacked as rows) is larger "
               f"than its {buf.rows}x{buf.cols} tile: the transfer moves the window's {name} "
               "from the tile's start, past the tile into the local memory after it; size "
               "the partition to the tile")


def check_nd_valid_inside(valid: Sequence[tuple[Fact, ir.Value | None]],
                          moved: tuple[bool, bool], sizes: Sequence[Size],
                          loc: ir.Location, what: str, proofs: WindowProofs) -> None:
    """The valid rows and columns a transfer moves GM by (`moved`, nd_valid_extents_moved;
    each valid extent its fact and the SSA value giving it, if any) lie inside the ND
    window of `sizes` (leading axes stack as rows): pto-isa checks that they agree with
    the partition by PTO_ASSERT only, so a larger region moves GM past the window (found
    by red team: a 16x256 Acc tile stored through a 16x256 partition of a 16x128 view)."""
    analysis = proofs.analysis
    leading = 1
    for value in sizes[:-2]:
        leading *= max(size_fact(proofs, value).lo, 0)
    for axis, ((fact, value), size, factor, checked) in enumerate(zip(
            valid, (sizes[-2], sizes[-1]), (leading, 1), moved, strict=True)):
        if not checked:
            continue
        window = size_fact(proofs, size)
        if fact.hi <= window.lo * factor:
            continue
        if value is not None and isinstance(size, ir.Value) and factor >= 1 and \
                slack_below(analysis, value, size) >= 0:
            continue  # at most the size itself (the same SSA value, a min() of it, ...)
        name = ("rows", "columns")[axis]
        stacked = "" if factor == 1 else f" times {factor} leading indices"
        _fails(proofs, fact.lo > window.hi * max(factor, 1), loc,
               f"{what} tile's valid {name} ({fact.show()}) may be more than the ND "
               f"window's {name} ({window.show()}{stacked}): the transfer moves that many "
               f"{name} of GM, so it would read or write past the window; give the "
               "partition the tile's valid region (sizes = valid_row, valid_col)")


def check_nd_bursts_match(valid: Sequence[tuple[Fact, ir.Value | None]], is_load: bool,
                          sizes: Sequence[Size], loc: ir.Location, what: str,
                          proofs: WindowProofs, column_major: bool = False) -> None:
    """A burst transfer (a row-major Vec or Mat tile: TLoadGm2ubNd2nd, TLoadGm2L1Nd2nd,
    TStoreUb2gmNd2nd) moves, per leading index, gShape3 bursts of validCol elements
    gStride3 - gShape4 apart, so row b lands at b * (validCol + S - gShape4): the tile's
    valid columns must be the window's wherever it has more than one row; and a store
    writes every window row of every leading index, the tile's rows past its valid ones
    too, so the rows its window stacks must be the tile's valid rows. pto-isa checks both
    by PTO_ASSERT only (found by red team: a 16 x 128 partition loaded into a tile of 64
    valid columns read row 0's second half as row 1; the same tile stored through a
    16 x 128 partition). Not proved either way (extents from arguments without facts),
    a warning, as for the window's bounds; proved different, an error. `column_major`:
    a DN view and a column-major tile (TLoadGm2ubDn2dn, TStoreUb2gmDn2dn), the same with
    rows and columns exchanged: gShape4 bursts of validRow elements, gStride4 - gShape3
    apart (found by red team: a 16 x 128 DN window into a tile of 32 valid rows)."""
    (rows_fact, rows_value), (cols_fact, cols_value) = valid
    names = ("rows", "columns")
    if column_major:
        (rows_fact, rows_value), (cols_fact, cols_value) = valid[1], valid[0]
        sizes = (*sizes[:-2], sizes[-1], sizes[-2])
        names = ("columns", "rows")
    window_rows = sizes[-2] if len(sizes) > 1 else None
    if len(sizes) > 1 and size_fact(proofs, window_rows).hi > 1:
        _check_equal(cols_fact, cols_value, sizes[-1], names[1], loc, what, proofs)
    if is_load:
        check_nd_load_writes_valid(rows_fact, rows_value, sizes[:-1], names[0], loc, what,
                                   proofs)
        return
    if len(sizes) < 2:
        return
    leading = [size_fact(proofs, value).constant for value in sizes[:-2]]
    if all(size == 1 for size in leading):
        _check_equal(rows_fact, rows_value, window_rows, names[0], loc, what, proofs)
        return
    # Leading axes stack as rows (validRow == gShape0 * ... * gShape3): constants only.
    known = [size_fact(proofs, window_rows).constant, *leading]
    stacked = None if None in known else prod(n for n in known if n is not None)
    if stacked is not None and rows_fact.constant == stacked:
        return
    never = stacked is not None and not rows_fact.lo <= stacked <= rows_fact.hi
    _fails(proofs, never, loc, f"{what} tile's valid rows ({rows_fact.show()}) are not "
           "proved to be the rows the ND window stacks over its leading axes "
           f"({'not constant' if stacked is None else stacked}): the store writes every "
           "window row of every leading index from the tile's rows in order, stale ones "
           "too; give the tile as many valid rows as the window stacks")


def check_nd_load_writes_valid(fact: Fact, value: ir.Value | None, stacked: Sequence[Size],
                               name: str, loc: ir.Location, what: str,
                               proofs: WindowProofs) -> None:
    """An A2/A3 ND load writes, on one axis of its tile, the product of the window sizes
    `stacked` (a burst load gShape3 rows per leading index, gShape4 columns of a DN one;
    an ND -> NZ load the partition's rows and columns), whatever the tile's valid extent
    `fact` (given by `value` where an operand gives it): valid rows or columns past them
    hold what the buffer held before, and every reader of the tile (a store, a textract
    into a mad) takes them as data. pto-isa asserts the agreement in debug builds only
    (found by red team: a 16 x 32 partition loaded into a Vec tile of 24 valid rows and
    stored through a 24 x 32 partition wrote 8 stale UB rows to GM; into a 32 x 32 Mat
    tile, it fed 16 stale rows to the extract). A smaller valid extent is fine: the rows
    written past it stay inside the tile (check_nd_window_fits_tile)."""
    window = [size_fact(proofs, size) for size in stacked] or [Fact.const(1, INDEX_WIDTH)]
    if fact.hi <= prod(max(part.lo, 0) for part in window):
        return
    own = stacked[-1] if stacked and all(part.constant == 1 for part in window[:-1]) else None
    if value is not None and isinstance(own, ir.Value) and \
            slack_below(proofs.analysis, value, own) >= 0:
        return  # at most the window's own size (the same SSA value, a min() of it, ...)
    bounded = all(part.bounded_above for part in window)
    most = prod(part.hi for part in window) if bounded else None
    _fails(proofs, most is not None and fact.lo > most, loc,
           f"{what} tile's valid {name} ({fact.show()}) are not proved at most the {name} "
           f"the ND window writes ({'no bound' if most is None else f'up to {most}'}): the "
           f"load writes only those {name}, so the valid {name} past them hold what the "
           "buffer held before, which every reader of the tile takes as data (pto-isa "
           "asserts the agreement in debug builds only); give the partition the tile's "
           "valid region (sizes = valid_row, valid_col)")


def _check_equal(fact: Fact, value: ir.Value | None, size: Size, name: str,
                 loc: ir.Location, what: str, proofs: WindowProofs) -> None:
    """The tile's valid extent (`fact`, given by `value` where an operand gives it) is the
    window's `size` on every execution (valid_region.equals_size: both the same constant,
    or the same linear form of one SSA value; a size no operand gives, its number)."""
    window = size_fact(proofs, size)
    if isinstance(size, ir.Value):
        if equals_size(proofs.analysis, ValidExtent(fact, value, None), size):
            return
    elif fact.constant is not None and fact.constant == window.constant:
        return
    never = fact.hi < window.lo or fact.lo > window.hi
    _fails(proofs, never, loc, f"{what} tile's valid {name} ({fact.show()}) are not proved "
           f"to be the ND window's {name} ({window.show()}): the burst transfer moves "
           "validCol elements per row, gStride3 - gShape4 apart, and a store every window "
           "row, so any other window reads or writes rows from the wrong place (pto-isa "
           "checks it by PTO_ASSERT only); give the partition the tile's valid region "
           "(sizes = valid_row, valid_col)")
