"""The regions of a local-memory buffer the tile-overlap rule compares (nz/tile_overlap.py).

A region is an anchored rectangle of a tile, [0, rows) x [0, cols): the valid region a
write of a tile writes and a read of it reads. Each extent is a constant, or a value the
program computes (any hashable token here, an SSA value there) with an upper bound: that
value on both sides is the same extent, whatever it is at run time. A write's region is
what it surely writes (a lower bound of the bytes), a read's what it may read (an upper
bound), and `covers` is sound for every value the tokens may take.

The tiles placed at one buffer's bytes may have several shapes (a 16 x 1 column read as a
1 x 16 row). Their regions are compared in one frame: the tiles' rows and columns where
they have one shape; a prefix of the buffer's bytes where they are all row-major; else the
whole buffer or nothing. Pure Python, no MLIR: tested by properties over small tiles
(test/unit/test_tile_regions.py).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from ..records import record

# An extent: (None, n) is n; (v, n) is the value of v, at most n.
Extent = tuple["Hashable | None", int]
Region = tuple[Extent, Extent]
NOTHING: Region = ((None, 0), (None, 0))

# How a tile lays its elements out, as far as the frame needs: rows, columns, element
# bits (None: not known), blayout, slayout, fractal, compact.
Shape = tuple[int, int, "int | None", str, str, int, "int | None"]

_TILE, _BYTES, _WHOLE = "tile", "bytes", "whole"
_ROW_MAJOR = ("row_major", "none_box")
# CompactMode of a tile_buf (PTOAS's `compact` field: 0 null, 1 normal, 2 row_plus_one).
# row_plus_one lays each row one element longer than the tile's columns, and no write of the
# tile writes that element (nz/tile_rules.tile_elements counts its bytes by it).
COMPACT_NORMAL = 1
COMPACT_ROW_PLUS_ONE = 2


@record
class Frame(NamedTuple):
    """What a buffer's regions are counted in (`kind`), and the region of all of it."""

    kind: str
    full: Region


def frame_of(shapes: set[Shape], size: int) -> Frame:
    """The frame of a buffer of `size` bytes whose tiles have `shapes`."""
    if len(shapes) == 1:
        rows, cols = next(iter(shapes))[:2]
        return Frame(_TILE, ((None, rows), (None, cols)))
    if all(shape[3:5] == _ROW_MAJOR and shape[6] != COMPACT_ROW_PLUS_ONE for shape in shapes):
        return Frame(_BYTES, ((None, size), (None, 1)))
    return Frame(_WHOLE, ((None, 1), (None, 1)))


def in_frame(frame: Frame, shape: Shape, region: Region, written: bool) -> Region | None:
    """`region` of a tile of `shape` in `frame`: what a write of it surely writes
    (`written`), else what a read of it may read; None where the frame cannot count it
    (a value's extent in bytes)."""
    if frame.kind == _TILE:
        return region
    if written and shape[6] == COMPACT_ROW_PLUS_ONE:
        return NOTHING  # its rows' padding elements, which the other shapes read, stay
    (row_value, rows), (col_value, cols) = region
    if row_value is not None or col_value is not None:
        return None
    if (rows, cols) == shape[:2]:
        return frame.full
    if not (rows and cols):
        return NOTHING  # an empty region: no byte written or read
    element_bits = shape[2]
    if frame.kind == _WHOLE or element_bits is None or element_bits % 8:
        return NOTHING if written else frame.full
    row_bytes, element_bytes = shape[1] * element_bits // 8, element_bits // 8
    if written:  # whole rows are one run of bytes; else the first row's run only
        end = rows * row_bytes if cols == shape[1] else cols * element_bytes
    else:  # up to the last byte read
        end = (rows - 1) * row_bytes + cols * element_bytes
    return (None, end), (None, 1)


def covers(region: Region, other: Region) -> bool:
    """Whether a write of `region` surely writes all of `other`: on each axis a constant
    at least the other's bound, or the same value."""
    return all((mine[0] is None and mine[1] >= theirs[1]) or _same_value(mine, theirs)
               for mine, theirs in zip(region, other, strict=True))


def same_region(a: Region, b: Region) -> bool:
    return all(x[1] == y[1] and ((x[0] is None and y[0] is None) or _same_value(x, y))
               for x, y in zip(a, b, strict=True))


def union(a: Region, b: Region) -> Region:
    """An anchored rectangle inside both together: the one holding the other, else the
    larger of the two."""
    if covers(a, b):
        return a
    if covers(b, a):
        return b
    return max(a, b, key=lambda region: region[0][1] * region[1][1])


def meet(a: Region, b: Region) -> Region:
    """An anchored rectangle inside each of the two."""
    return _meet_extent(a[0], b[0]), _meet_extent(a[1], b[1])


def _meet_extent(x: Extent, y: Extent) -> Extent:
    if x[0] is None and y[0] is None:
        return None, min(x[1], y[1])
    if _same_value(x, y):
        return x
    return None, 0  # a value and another: either may be 0


def _same_value(x: Extent, y: Extent) -> bool:
    # Values only: an SSA value compared with None raises in the MLIR bindings.
    return x[0] is not None and y[0] is not None and x[0] == y[0]
