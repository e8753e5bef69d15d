"""Red-team round 24, area verify: hand-written pto ops verify-pto-nz accepted although
they moved other bytes than the ones asked for.

- A `pto.subview` of a boxed tile (an NZ Mat tile) at an offset inside a box: PTOAS places
  the window at whole-box strides (a col_major tile's column stride is its rows) and
  refuses such an offset only when it is a constant, so a loop stepping a subview of an NZ
  Mat tile by 8 columns started every other window mid-box, and the tmov out of it moved
  other boxes' bytes. The rule: every offset of a window of a boxed tile is provably a
  multiple of its inner box (tile_rules.check_window_on_boxes).
- A `pto.textract` out of a Mat tile at an index inside a box: pto-isa checks the index
  only in debug builds and counts boxes by a shift, so a release build rounds it down and
  the Left or Right tile gets the columns before the ones asked for. The rule: the index
  is provably a multiple of the source's inner box, and of the fractal the move loads on
  both axes where it transposes (tile_rules.check_extract_index_on_boxes).
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_ON_BOXES = "is not provably a multiple of its boxed source tile's inner box"
_LAYOUT = {"mat": "blayout=col_major, slayout=row_major",
           "left": "blayout=row_major, slayout=row_major",
           "right": "blayout=row_major, slayout=col_major"}


def _tile(loc: str, dtype: str, rows: int, cols: int) -> str:
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, v_row={rows}, "
            f"v_col={cols}, {_LAYOUT[loc]}, fractal=512, pad=0>")


def _kernel(body: str, dtype: str = "f16", args: str = "") -> str:
    """A [32, 32] NZ tensor of `dtype` loaded whole into the Mat tile %m (type %MAT in
    `body`, which runs in a loop of %i over 0, 8, 16, 24 and may use %c0, %c8, %c16)."""
    c0 = {"f16": 16, "f32": 8}[dtype]
    mat = _tile("mat", dtype, 32, 32)
    blocks = 32 // c0
    view = f"!pto.tensor_view<?x?x?x?x?x{dtype}>"
    part = f"!pto.partition_tensor_view<1x{blocks}x2x16x{c0}x{dtype}>"
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<{dtype}>{args}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %cb = arith.constant {blocks} : index
  %cc0 = arith.constant {c0} : index
  %cr = arith.constant {16 * c0} : index
  %cs = arith.constant {32 * c0} : index
  %cn = arith.constant 1024 : index
  %tv = pto.make_tensor_view %p, shape = [%c1, %cb, %c2, %c16, %cc0],
      strides = [%cn, %cs, %cr, %cc0, %c1] {{layout = #pto.layout<nz>}} : {view}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %cb, %c2, %c16, %cc0] : {view} -> {part}
  %m = pto.alloc_tile : {mat}
  pto.tload ins(%pv : {part}) outs(%m : {mat})
  scf.for %i = %c0 to %c32 step %c8 {{
{body.replace("%MAT", mat)}
  }}
  return
}}
}}"""


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _subview(row: str, col: str, offset: str = "") -> str:
    """A 16x16 window of %m at [row, col] moved into a Left tile (`offset` computes them)."""
    sub, left = _tile("mat", "f16", 16, 16), _tile("left", "f16", 16, 16)
    return f"""{offset}
    %r = pto.subview %m[{row}, {col}] sizes [16, 16] : %MAT -> {sub}
    %l = pto.alloc_tile : {left}
    pto.tmov ins(%r : {sub}) outs(%l : {left})"""


# Offsets the loop of 8 makes, and those that slip past a loop: an i32 value cast to
# index, a select between a box and half a box, a sum of 0 and 8 (a row offset).
_MID_BOX = {
    "loop": ("%c0", "%j", "%j = arith.minsi %i, %c16 : index"),
    "cast": ("%c0", "%j", "%w = arith.index_cast %i : index to i32\n"
             "    %u = arith.index_castui %w : i32 to index\n"
             "    %j = arith.minui %u, %c16 : index"),
    "select": ("%j", "%c0", "%t = arith.cmpi eq, %i, %c0 : index\n"
               "    %j = arith.select %t, %c0, %c8 : index"),
    "sum": ("%c0", "%j", "%j = arith.addi %c0, %c8 : index"),
}


@pytest.mark.parametrize("case", sorted(_MID_BOX))
def test_a_subview_of_an_nz_tile_at_an_offset_inside_a_box_is_refused(case):
    errors = _errors(_kernel(_subview(*_MID_BOX[case])))
    assert any(_ON_BOXES in e and "'pto.subview'" in e for e in errors), errors


def test_a_subview_at_an_offset_no_fact_bounds_is_refused():
    clamp = "%b = arith.minsi %a, %c16 : index\n    %j = arith.maxsi %b, %c0 : index"
    text = _kernel(_subview("%c0", "%j", clamp), args=", %a: index")
    errors = _errors(text)
    assert any(_ON_BOXES in e and "column offset" in e for e in errors), errors


def test_a_subview_stepping_by_whole_boxes_is_accepted():
    offset = "%j = arith.muli %c16, %c1 : index\n    %h = arith.cmpi eq, %i, %c0 : index\n" \
             "    %k = arith.select %h, %c0, %j : index"
    assert _errors(_kernel(_subview("%k", "%c16", offset))) == []


def _extract(dst: str, dtype: str, col: str, offset: str = "") -> str:
    tile = _tile(dst, dtype, 32, 16)
    return f"""{offset}
    %l = pto.alloc_tile : {tile}
    pto.textract ins(%m, %c0, {col} : %MAT, index, index) outs(%l : {tile})"""


@pytest.mark.parametrize("col", ["%c8", "%j"])
def test_an_extract_at_an_index_inside_a_box_is_refused(col):
    errors = _errors(_kernel(_extract("left", "f16", col, "%j = arith.minsi %i, %c16 : index")))
    assert any(_ON_BOXES in e and "'pto.textract' column index" in e for e in errors), errors


def test_an_extract_at_whole_boxes_is_accepted():
    assert _errors(_kernel(_extract("left", "f16", "%c16"))) == []


def test_an_f32_extract_into_left_steps_by_its_8_column_box():
    # The Left tile's s-layout is the NZ source's: TExtractToA moves 16 x 8 f32 boxes.
    assert _errors(_kernel(_extract("left", "f32", "%c8"), dtype="f32")) == []


def test_an_f32_extract_into_right_transposes_16_x_16_fractals():
    # The Right tile's s-layout is not the source's: the transposing load needs 16 x 16.
    errors = _errors(_kernel(_extract("right", "f32", "%c8"), dtype="f32"))
    assert any(_ON_BOXES in e and "(16 columns;" in e for e in errors), errors
    assert _errors(_kernel(_extract("right", "f32", "%c16"), dtype="f32")) == []


def test_an_a5_extract_starts_at_any_row():
    # A5's TEXTRACT takes a start row and column (PTOAS's PR #469): no box rule there.
    text = _kernel(_extract("left", "f16", "%c8")).replace('"a2a3"', '"a5"')
    text = text.replace("loc=left, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, "
                        "blayout=row_major", "loc=left, dtype=f16, rows=32, cols=16, "
                        "v_row=32, v_col=16, blayout=col_major")
    assert not any(_ON_BOXES in e for e in _errors(text))
