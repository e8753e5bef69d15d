"""Red-team round 23, area verify: pto ops verify-pto-nz accepted unchecked.

- A relabel (pto.treshape, pto.subview, pto.subset, pto.bitcast, pto.tassign: an op making
  a tile over another's bytes, moving none) whose result type claims a valid region its
  source's does not cover: a move (textract, tmov) or a mad reading the result took the
  type's claim, since no pto.alloc_tile backs the result, so a treshape typed fully valid
  of a Mat tile loaded with 16 of its 32 rows fed 16 stale rows to a textract and a tmov.
  The rule: a read of a relabel's result holds its claim to the source's valid region
  (pto_table.TILE_RELABELS, VerifyPtoNz `_backed_region`).
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_UNBACKED = "reads a relabelled tile"


def _tile(loc: str, rows: int, cols: int, v_row: int | str, v_col: int | str) -> str:
    layout = {"mat": "blayout=col_major, slayout=row_major",
              "left": "blayout=row_major, slayout=row_major",
              "right": "blayout=row_major, slayout=col_major"}[loc]
    return (f"!pto.tile_buf<loc={loc}, dtype=f16, rows={rows}, cols={cols}, v_row={v_row}, "
            f"v_col={v_col}, {layout}, fractal=512, pad=0>")


_MAT = _tile("mat", 32, 32, 16, 32)  # loaded with 16 of its 32 rows
_MAT_FULL = _tile("mat", 32, 32, 32, 32)
_LEFT = _tile("left", 32, 32, 32, 32)
_PART = "!pto.partition_tensor_view<1x2x1x16x16xf16>"
_VIEW = "!pto.tensor_view<?x?x?x?x?xf16>"


def _kernel(loaded: str, relabel: str, source_type: str, reader: str) -> str:
    """A [16, 32] NZ f16 tensor loaded into the Mat tile `%m` of type `loaded`; `relabel`
    makes `%r` of it; `reader` reads `%r` (of type `source_type`)."""
    rows = "%c1" if "v_row=16" in loaded else "%c2"
    part = _PART.replace("1x2x1x", f"1x2x{1 if rows == '%c1' else 2}x")
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<f16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tv = pto.make_tensor_view %p, shape = [%c1, %c2, %c2, %c16, %c16],
      strides = [%c1024, %c512, %c256, %c16, %c1] {{layout = #pto.layout<nz>}} : {_VIEW}
  %pv = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c2, {rows}, %c16, %c16] : {_VIEW} -> {part}
  %m = pto.alloc_tile : {loaded}
  pto.tload ins(%pv : {part}) outs(%m : {loaded})
  {relabel}
  %l = pto.alloc_tile : {_LEFT}
  {reader.format(src=source_type)}
  return
}}
}}"""


_EXTRACT = f"pto.textract ins(%r, %c0, %c0 : {{src}}, index, index) outs(%l : {_LEFT})"
_MOV = f"pto.tmov ins(%r : {{src}}) outs(%l : {_LEFT})"


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _treshape(source: str, result: str) -> str:
    return f"%r = pto.treshape %m : {source} -> {result}"


@pytest.mark.parametrize("reader", [_EXTRACT, _MOV])
def test_a_treshape_claiming_rows_its_source_lacks_is_refused(reader):
    errors = _errors(_kernel(_MAT, _treshape(_MAT, _MAT_FULL), _MAT_FULL, reader))
    assert len(errors) == 1 and _UNBACKED in errors[0] and "16" in errors[0], errors


@pytest.mark.parametrize("reader", [_EXTRACT, _MOV])
def test_a_treshape_of_a_whole_source_is_accepted(reader):
    assert _errors(_kernel(_MAT_FULL, _treshape(_MAT_FULL, _MAT_FULL), _MAT_FULL,
                           reader)) == []


def test_a_treshape_keeping_its_sources_valid_region_is_checked_as_the_source():
    # The claim is the source's own: the move reading 32 rows is refused as it was for %m.
    text = _kernel(_MAT, _treshape(_MAT, _MAT), _MAT, _MOV)
    errors = _errors(text)
    assert len(errors) == 1 and "valid rows are 16" in errors[0], errors


def test_a_reshape_to_another_shape_of_a_partly_valid_source_is_refused():
    other = _tile("mat", 64, 16, 32, 16)
    left = _tile("left", 32, 16, 32, 16)
    text = _kernel(_MAT, _treshape(_MAT, other), other,
                   f"pto.tmov ins(%r : {{src}}) outs(%l2 : {left})").replace(
        "  return", f"  %l2 = pto.alloc_tile : {left}\n  return", 1)
    text = text.replace(f"pto.tmov ins(%r : {other}) outs(%l2 : {left})\n  %l2 = "
                        f"pto.alloc_tile : {left}",
                        f"%l2 = pto.alloc_tile : {left}\n  pto.tmov ins(%r : {other}) "
                        f"outs(%l2 : {left})")
    errors = _errors(text)
    assert any(_UNBACKED in e and "another shape or layout" in e for e in errors), errors


_SUB = _tile("mat", 16, 32, 16, 32)
_LEFT16 = _tile("left", 16, 32, 16, 32)


def _subview_kernel(offset: str) -> str:
    text = _kernel(_MAT, f"%r = pto.subview %m[{offset}, %c0] sizes [16, 32] : {_MAT} -> {_SUB}",
                   _SUB, f"pto.tmov ins(%r : {{src}}) outs(%l : {_LEFT16})")
    return text.replace(f"%l = pto.alloc_tile : {_LEFT}", f"%l = pto.alloc_tile : {_LEFT16}")


def test_a_subview_past_its_sources_valid_rows_is_refused():
    errors = _errors(_subview_kernel("%c16"))
    assert len(errors) == 1 and _UNBACKED in errors[0] and "offset 16" in errors[0], errors


def test_a_subview_inside_its_sources_valid_rows_is_accepted():
    assert _errors(_subview_kernel("%c0")) == []


def test_a_mad_reading_a_relabelled_left_tile_is_held_to_its_source():
    left16 = _tile("left", 32, 32, 16, 32)  # the Left tile holds 16 rows
    right = _tile("right", 32, 32, 32, 32)
    acc = ("!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, "
           "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
    text = _kernel(_MAT, "", _MAT, "").replace(
        f"%l = pto.alloc_tile : {_LEFT}",
        f"""%l = pto.alloc_tile : {left16}
  pto.tmov ins(%m : {_MAT}) outs(%l : {left16})
  %lr = pto.treshape %l : {left16} -> {_LEFT}
  %b = pto.alloc_tile : {right}
  %bm = pto.alloc_tile : {_MAT_FULL}
  pto.tmov ins(%bm : {_MAT_FULL}) outs(%b : {right})
  %acc = pto.alloc_tile : {acc}
  pto.tmatmul ins(%lr, %b : {_LEFT}, {right}) outs(%acc : {acc})""")
    errors = [e for e in _errors(text) if _UNBACKED in e]
    assert len(errors) == 1 and "tmatmul" in errors[0], _errors(text)


# ---------------------------------------------------------------- widening set_validshape

_VEC = ("!pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=128, v_row=?, v_col=?, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_WIDENS = "may widen its tile's valid rows"


def _set_valid_kernel(loaded: int, body: str) -> str:
    """A Vec tile allocated with `loaded` valid rows; `body` loads, sets and stores it."""
    part = f"!pto.partition_tensor_view<{loaded}x128xf16>"
    view = "!pto.tensor_view<?x?xf16>"
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %rows = arith.constant {loaded} : index
  %v = pto.make_tensor_view %p, shape = [%c32, %c128], strides = [%c128, %c1] : {view}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%rows, %c128] : {view} -> {part}
  %w = pto.make_tensor_view %q, shape = [%c32, %c128], strides = [%c128, %c1] : {view}
  %pw16 = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c16, %c128]
      : {view} -> !pto.partition_tensor_view<16x128xf16>
  %pw32 = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c32, %c128]
      : {view} -> !pto.partition_tensor_view<32x128xf16>
  %t = pto.alloc_tile valid_row = %rows valid_col = %c128 : {_VEC}
{body.format(part=part)}
  return
}}
}}"""


_LOAD = "  pto.tload ins(%pv : {part}) outs(%t : " + _VEC + ")"


def _set(rows: str) -> str:
    return f"  pto.set_validshape %t, {rows}, %c128 : {_VEC}"


def _store(rows: int) -> str:
    return (f"  pto.tstore ins(%t : {_VEC}) outs(%pw{rows} : "
            f"!pto.partition_tensor_view<{rows}x128xf16>)")


def test_a_set_validshape_widening_a_loaded_tile_before_its_store_is_refused():
    errors = _errors(_set_valid_kernel(16, "\n".join((_LOAD, _set("%c32"), _store(32)))))
    assert len(errors) == 1 and _WIDENS in errors[0] and "pto.tstore" in errors[0], errors


def test_a_set_validshape_narrowing_a_loaded_tile_is_accepted():
    assert _errors(_set_valid_kernel(32, "\n".join((_LOAD, _set("%c16"), _store(16))))) == []


def test_a_set_validshape_widening_right_before_a_load_is_accepted():
    text = _set_valid_kernel(16, "\n".join((_set("%c32"), _LOAD.replace("%pv : {part}",
                                            "%pw32 : !pto.partition_tensor_view<32x128xf16>"),
                                            _store(32))))
    assert _errors(text.replace("%q: !pto.ptr<f16>", "%q: !pto.ptr<f16>", 1)) == []


def test_a_set_validshape_widening_a_mat_tile_before_its_move_is_refused():
    mat = _tile("mat", 32, 32, "?", "?")
    text = _kernel(_MAT, "", mat, _EXTRACT).replace(
        f"%m = pto.alloc_tile : {_MAT}",
        f"%c32 = arith.constant 32 : index\n  %m = pto.alloc_tile valid_row = %c16 "
        f"valid_col = %c32 : {mat}").replace(f"outs(%m : {_MAT})", f"outs(%m : {mat})").replace(
        "%r, %c0", "%m, %c0").replace(
        "  \n  %l = pto.alloc_tile",
        f"  pto.set_validshape %m, %c32, %c32 : {mat}\n  %l = pto.alloc_tile")
    errors = _errors(text)
    assert len(errors) == 1 and _WIDENS in errors[0] and "pto.textract" in errors[0], errors


# ---------------------------------------------------------------- pushes out of L0C

def _push_kernel(left_rows: int, push: str) -> str:
    mat_l = _tile("mat", 32, 16, left_rows, 16)
    left = _tile("left", 32, 16, left_rows, 16)
    mat_r, right = _tile("mat", 16, 16, 16, 16), _tile("right", 16, 16, 16, 16)
    acc = ("!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, "
           "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%ml: {mat_l}, %mr: {mat_r}) {{
  %l = pto.alloc_tile : {left}
  %r = pto.alloc_tile : {right}
  pto.tmov ins(%ml : {mat_l}) outs(%l : {left})
  pto.tmov ins(%mr : {mat_r}) outs(%r : {right})
  %acc = pto.alloc_tile : {acc}
  pto.tmatmul ins(%l, %r : {left}, {right}) outs(%acc : {acc})
  pto.{push}(%acc : {acc}) {{split = 0}}
  return
}}
}}"""


@pytest.mark.parametrize("push", ["tpush_to_aiv", "tpush_to_aic"])
def test_a_push_of_acc_rows_no_mad_wrote_is_refused(push):
    errors = _errors(_push_kernel(16, push))
    assert len(errors) == 1 and f"'pto.{push}' moves the valid rows (32)" in errors[0], errors


def test_a_push_of_what_the_mad_wrote_is_accepted():
    assert _errors(_push_kernel(32, "tpush_to_aiv")) == []
