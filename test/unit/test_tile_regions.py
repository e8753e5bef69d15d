"""The region math of the tile-overlap rule (nz/tile_regions.py), exhaustively over small
tiles: a write's region is inside what the write writes, a read's holds what it reads,
`covers` holds for every value the extents' tokens may take, `union` and `meet` stay
inside the union and the intersection."""

from __future__ import annotations

import itertools

from nzpass.nz import tile_regions as tr

# Extents over 0..3 rows or columns: constants, and two tokens of bound 2 and 3.
_EXTENTS = [(None, n) for n in range(4)] + [("x", 2), ("y", 3)]
_REGIONS = list(itertools.product(_EXTENTS, _EXTENTS))
_TOKENS = {"x": 2, "y": 3}


def _environments():
    """Every value the tokens may take (each at most its bound)."""
    for x, y in itertools.product(range(_TOKENS["x"] + 1), range(_TOKENS["y"] + 1)):
        yield {"x": x, "y": y}


def _cells(region, env) -> set[tuple[int, int]]:
    rows, cols = (env[e[0]] if e[0] is not None else e[1] for e in region)
    return set(itertools.product(range(rows), range(cols)))


def test_covers_holds_for_every_value_of_the_tokens():
    for a, b in itertools.product(_REGIONS, _REGIONS):
        if tr.covers(a, b):
            for env in _environments():
                assert _cells(b, env) <= _cells(a, env), (a, b, env)


def test_union_and_meet_stay_inside():
    for a, b in itertools.product(_REGIONS, _REGIONS):
        joined, met = tr.union(a, b), tr.meet(a, b)
        for env in _environments():
            first, second = _cells(a, env), _cells(b, env)
            assert _cells(joined, env) <= first | second, (a, b, env)
            assert _cells(met, env) <= first & second, (a, b, env)


def _bytes(rows: int, cols: int, shape) -> set[int]:
    """The bytes of cells [0, rows) x [0, cols) of a row-major tile of `shape`."""
    width, size = shape[1], shape[2] // 8
    return {(r * width + c) * size + b
            for r, c in itertools.product(range(rows), range(cols)) for b in range(size)}


def test_byte_prefixes_are_inside_the_writes_and_hold_the_reads():
    """Row-major tiles of several shapes over 64 bytes: the prefix a write's region gives
    is bytes it writes, the one a read's gives holds every byte it reads."""
    shapes = [(rows, 64 // (rows * bits // 8), bits, "row_major", "none_box", 512, None)
              for rows in (1, 2, 4) for bits in (8, 16, 32)]
    frame = tr.frame_of(set(shapes), 64)
    for shape in shapes:
        for rows, cols in itertools.product(range(shape[0] + 1), range(shape[1] + 1)):
            region = ((None, rows), (None, cols))
            cells = _bytes(rows, cols, shape)
            written = tr.in_frame(frame, shape, region, True)
            read = tr.in_frame(frame, shape, region, False)
            assert written is not None and read is not None
            assert set(range(written[0][1])) <= cells, (shape, rows, cols)
            assert cells <= set(range(read[0][1])), (shape, rows, cols)


def test_a_frame_of_several_layouts_counts_whole_tiles_only():
    row_major = (16, 64, 16, "row_major", "none_box", 512, None)
    col_major = (64, 16, 16, "col_major", "none_box", 512, None)
    frame = tr.frame_of({row_major, col_major}, 2048)
    whole = ((None, 16), (None, 64))
    part = ((None, 8), (None, 64))
    assert tr.in_frame(frame, row_major, whole, True) == frame.full
    assert tr.in_frame(frame, row_major, part, True) == tr.NOTHING
    assert tr.in_frame(frame, row_major, part, False) == frame.full
    assert tr.in_frame(frame, col_major, ((None, 0), (None, 0)), False) == tr.NOTHING
    assert tr.in_frame(frame, row_major, (("x", 16), (None, 64)), True) is None
