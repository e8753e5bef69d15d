"""The tile layout rule (nz/tile_rules.py) on the tiles of PTOAS's own tests: the ones its
verifier (verifyTileBufLayoutConstraints) and pto-isa's Tile accept, and the ones they refuse."""

from __future__ import annotations

import pytest

from nzpass.dialects.pto import TileBuf
from nzpass.nz.tile_rules import tile_layout_problem


def _tile(loc, rows, cols, blayout="row_major", slayout="none_box", fractal=512, dtype="f16"):
    return TileBuf(loc, dtype, rows, cols, rows, cols, blayout, slayout, fractal)


ACCEPTED = [
    # (tile, element bytes): whole boxes, and each exemption PTOAS and pto-isa make.
    (_tile("mat", 256, 512, "col_major", "row_major", dtype="i8"), 1),    # NZ: 16 x 32 boxes
    (_tile("acc", 64, 32, "col_major", "row_major", 1024, "f32"), 4),     # 16 x 16 boxes
    (_tile("vec", 16, 64), 2),                                             # 128-byte rows
    (_tile("vec", 32, 1, "col_major", dtype="ui8"), 1),                   # 32-byte columns
    (_tile("left", 1, 128, "col_major", "row_major", dtype="f8E4M3FN"), 1),  # one row: GEMV
    (_tile("acc", 1, 16, "col_major", "row_major", 1024, "f32"), 4),      # one row: GEMV
    (_tile("scaling", 1, 4, "row_major", "row_major", 32), 2),            # MX scale fractal
    (_tile("vec", 1, 32, "row_major", "row_major", dtype="ui8"), 1),      # Vec rows exempt
    (_tile("vec", 16, 16, dtype="!pto.f4E2M1x2"), 1),                     # packed FP4: 16 B
]

REFUSED = [
    # PTOAS's tile_layout_verify_*_invalid.pto tiles, and the red team's.
    (_tile("mat", 8, 8, "col_major", "row_major", dtype="f32"), 4, "inner boxes"),
    (_tile("vec", 7, 2, "col_major", dtype="f32"), 4, "columns are 28 bytes"),
    (_tile("vec", 2, 7, dtype="f32"), 4, "rows are 28 bytes"),
    (_tile("vec", 0, 32), 2, "must be positive"),
    (_tile("mat", 16, 16, "col_major", "row_major", dtype="i8"), 1, "16x32 inner boxes"),
    (_tile("acc", 20, 128, "col_major", "row_major", 1024, "f32"), 4, "16x16 inner boxes"),
    (_tile("vec", 16, 60), 2, "rows are 120 bytes"),
    (_tile("mat", 16, 16, "col_major", "row_major", 256), 2, "no boxed layout"),
]


@pytest.mark.parametrize(("tile", "element_bytes"), ACCEPTED)
def test_tiles_ptoas_builds_are_accepted(tile, element_bytes):
    assert tile_layout_problem(tile, element_bytes) is None


@pytest.mark.parametrize(("tile", "element_bytes", "why"), REFUSED)
def test_tiles_ptoas_refuses_are_refused(tile, element_bytes, why):
    problem = tile_layout_problem(tile, element_bytes)
    assert problem is not None and why in problem


def test_a_transfer_of_whole_boxes_has_no_row_exemption():
    one_row = _tile("mat", 1, 512, "col_major", "row_major", dtype="i8")
    assert tile_layout_problem(one_row, 1) is None
    assert "inner boxes" in (tile_layout_problem(one_row, 1, whole_boxes=True) or "")
