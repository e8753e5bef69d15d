"""The SVG of --nz-picture as XML: the plane, its fractal grid, the window, the GM gap,
the misplaced Acc blocks and the column-block arrows, where the geometry puts them.

Pixel positions below are derived by hand in the comments from the drawing constants
(plane at most 640 x 400 px, at most 4 px per element, margins LEFT x TOP)."""

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from nzpass.explain import picture_name
from nzpass.explain.svg import COLORS, LEFT, TOP, arrow_blocks, picture
from nzpass.explain.transfer import Kind, Tile, Transfer

NS = {"svg": "http://www.w3.org/2000/svg"}
LIT_PTO = Path(__file__).parents[1] / "lit" / "tools" / "nz-explain-pto.mlir"

MAT = Tile("mat", "f16", 128, 128, 128, 128)
ACC = Tile("acc", "f32", 64, 16, 64, 16)
# [256, 512] f16: 1.25 px per element both ways (512 columns in 640 px), so one fractal
# (16 x 16) and one column block are 20 px. The window: rows [128, 256), columns
# [256, 384) = row fractals [8, 16), column blocks [16, 24).
WEIGHT = Transfer(Kind.LOAD, "f16", 16, (1, 32, 16, 16, 16), 4096, (0, 16, 8, 0, 0),
                  (1, 8, 8, 16, 16), MAT)
# [65552, 32] f16, the last 16 rows over two column blocks: gap 65536, refused.
REFUSED = Transfer(Kind.LOAD, "f16", 16, (1, 2, 4097, 16, 16), None, (0, 0, 4096, 0, 0),
                   (1, 2, 1, 16, 16), Tile("mat", "f16", 16, 32, 16, 32))
# A 64x16 Acc tile into the first 64 of 256 rows of an f32 [256, 16]: block 1 lands in
# column block 0, rows [64, 128). 400 / 256 = 1.5625 px per element both ways.
MISPLACED = Transfer(Kind.STORE, "f32", 8, (1, 2, 16, 16, 8), None, (0, 0, 0, 0, 0),
                     (1, 2, 4, 16, 8), ACC)


def parse(svg):
    return ET.fromstring(svg)


def rects(root, cls):
    return [e for e in root.iterfind("svg:rect", NS) if e.get("class") == cls]


def box(element: ET.Element) -> tuple[float, float, float, float]:
    x, y, width, height = (float(element.attrib[k]) for k in ("x", "y", "width", "height"))
    return x, y, width, height


def test_weight_window_geometry():
    root = parse(picture(WEIGHT, "@w #0", "pto.tload"))
    assert box(rects(root, "plane")[0]) == (LEFT, TOP, 640, 320)
    [window] = rects(root, "window")
    assert box(window) == (LEFT + 16 * 20, TOP + 8 * 20, 8 * 20, 8 * 20)
    assert window.get("fill") == COLORS["window"]
    # The gap: above the window in every block but the first (no row lies below it).
    [gap] = rects(root, "gap")
    assert box(gap) == (LEFT + 17 * 20, TOP, 7 * 20, 8 * 20)
    assert gap.get("fill") == COLORS["gap"]
    lines = list(root.iterfind("svg:line", NS))
    rows = [e for e in lines if e.get("class") == "grid-row"]
    cols = [e for e in lines if e.get("class") == "grid-col"]
    assert [float(e.attrib["y1"]) for e in rows] == [TOP + 20 * i for i in range(17)]
    assert [float(e.attrib["x1"]) for e in cols] == [LEFT + 20 * i for i in range(33)]
    arrows = [e for e in lines if e.get("class") == "arrow"]
    assert [float(e.attrib["x1"]) for e in arrows] == [LEFT + 20 * b + 10 for b in range(16, 24)]
    assert len([e for e in lines if e.get("class") == "jump"]) == 7
    order = [e.text for e in root.iterfind("svg:text", NS) if e.get("class") == "order"]
    assert order == [str(n) for n in range(1, 9)]


def test_refused_gap_is_red_and_the_thin_window_enlarged():
    root = parse(picture(REFUSED, "@g #0", "pto.tload"))
    [window] = rects(root, "window")
    x, y, w, h = box(window)
    assert h == 8 and y + h == TOP + 400  # 16 of 65552 rows, drawn 8 px at the bottom
    assert (x, w) == (LEFT, 2 * 64)  # 4 px per element across: 64 px per column block
    [gap] = rects(root, "gap")
    assert gap.get("fill") == COLORS["refused"]
    assert box(gap) == (LEFT + 64, TOP, 64, 392)
    captions = [e.text or "" for e in root.iterfind("svg:text", NS) if e.get("class") == "caption"]
    assert "rows not to scale: the window is drawn enlarged" in captions
    assert any(c.startswith("#317: would be refused") for c in captions)


def test_single_column_block_draws_no_gap():
    single = Transfer(Kind.LOAD, "f16", 16, (1, 1, 4097, 16, 16), None, (0, 0, 4096, 0, 0),
                      (1, 1, 1, 16, 16), Tile("mat", "f16", 16, 16, 16, 16))
    assert rects(parse(picture(single, "@s #0", "pto.tload")), "gap") == []


def test_misplaced_acc_block_is_red_where_it_lands():
    root = parse(picture(MISPLACED, "@a #0", "pto.tstore"))
    # one fractal: 16 rows x 8 columns at 1.5625 px = 25 x 12.5 px
    assert box(rects(root, "window")[0]) == (LEFT, TOP, 25, 100)
    [wrong] = rects(root, "misplaced")
    assert box(wrong) == (LEFT, TOP + 100, 12.5, 100)
    assert wrong.get("fill") == COLORS["refused"]
    assert rects(root, "gap") == []


def test_symbolic_offsets_draw_a_dashed_outline_only():
    symbolic = Transfer(Kind.LOAD, "f16", 16, WEIGHT.parent, None, (0, None, None, 0, 0),
                        WEIGHT.sizes, MAT)
    root = parse(picture(symbolic, "@y #0", "pto.tload"))
    assert rects(root, "window") == [] and rects(root, "gap") == []
    [outline] = rects(root, "window-symbolic")
    assert box(outline) == (LEFT, TOP, 160, 160) and outline.get("fill") == "none"


def test_symbolic_plane_has_no_picture():
    plane = Transfer(Kind.LOAD, "f16", 16, (1, None, 16, 16, 16), None, (0,) * 5,
                     (1, 1, 1, 16, 16), MAT)
    assert picture(plane, "@p #0", "pto.tload") is None


def test_huge_plane_draws_blocks_of_fractals():
    huge = Transfer(Kind.LOAD, "f16", 16, (1, 4095, 4097, 16, 16), None, (0, 7, 9, 0, 0),
                    (1, 2, 1, 16, 16), MAT)
    root = parse(picture(huge, "@h #0", "pto.tload"))
    assert len(list(root.iterfind("svg:line", NS))) < 400
    assert len(root.findall("svg:rect", NS)) < 10


def test_arrows_thin_out_and_keep_the_last_block():
    for count in range(1, 70):
        for block_px in (0.5, 3.0, 12.0, 40.0):
            chosen = arrow_blocks(5, count, block_px)
            assert chosen[0] == 5 and chosen[-1] == 5 + count - 1
            assert all(b - a > 0 for a, b in itertools.pairwise(chosen))
            # every gap but the last (to the last block) keeps arrows apart
            assert all((b - a) * block_px >= 12 for a, b in itertools.pairwise(chosen[:-1]))


def test_pictures_of_every_lit_case_are_well_formed_and_deterministic(cli, tmp_path):
    runs = []
    for name in ("a", "b"):
        out = tmp_path / name
        result = cli([str(LIT_PTO), "--nz-picture", str(out), "-o", str(tmp_path / "o.mlir")])
        assert result.code == 0, result.err
        runs.append({p.name: p.read_text() for p in sorted(out.iterdir())})
    assert runs[0] == runs[1]
    assert sorted(runs[0]) == sorted(f"{f}.0.svg" for f in (
        "weight_window", "single_column_block", "gap_refused", "symbolic_rows",
        "symbolic_offset", "acc_store_whole_rows", "acc_store_partial_rows"))
    for text in runs[0].values():
        assert parse(text).tag == "{http://www.w3.org/2000/svg}svg"


@pytest.mark.parametrize(("function", "expected"), [
    ("matmul", "matmul.3.svg"), ("a.b/c", "a_b_c.3.svg"), ("k-1_x", "k-1_x.3.svg")])
def test_picture_names_are_portable(function, expected):
    assert picture_name(function, 3) == expected


def test_indices_count_per_function_name_across_chunks(cli, tmp_path):
    """Two chunks, each with an @weight_window: #0 and #1, never the same file twice."""
    text = LIT_PTO.read_text()
    start = text.index("func.func @weight_window(")
    one = text[start:text.index("\n}\n", start) + 3]
    source = tmp_path / "two.mlir"
    source.write_text(one + "\n// -----\n" + one)
    result = cli([str(source), "--split-input-file", "--nz-explain", "--nz-picture",
                  str(tmp_path / "p"), "-o", str(tmp_path / "o.mlir")])
    assert result.code == 0, result.err
    assert "@weight_window #0:" in result.err and "@weight_window #1:" in result.err
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == [
        "weight_window.0.svg", "weight_window.1.svg"]
