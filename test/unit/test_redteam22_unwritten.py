"""Red-team round 22, area unwritten: verify-pto-nz accepted reads of local tiles that
nothing in their function writes (nz/tile_writes.py).

- A pto.tstore of an Acc tile no mad wrote stored what L0C held before; of a Vec tile no
  load filled, stale UB.
- A mad read Left / Right tiles nothing wrote, a textract a Mat tile nothing loaded, a
  taxpy (dst += src * s: it reads its dst first) a dst nothing else wrote.
A tile some op may write is accepted: through a subview, an scf.for iter_arg, a tile
placed at its bytes, an argument, a pipe pop, a pointer into local memory.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_LAYOUTS = {"mat": "blayout=col_major, slayout=row_major, fractal=512",
            "left": "blayout=row_major, slayout=row_major, fractal=512",
            "right": "blayout=row_major, slayout=col_major, fractal=512",
            "acc": "blayout=col_major, slayout=row_major, fractal=1024",
            "vec": "blayout=row_major, slayout=none_box, fractal=512"}


def _tile(loc: str, dtype: str, rows: int, cols: int) -> str:
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, "
            f"v_row={rows}, v_col={cols}, {_LAYOUTS[loc]}, pad=0>")


_V = _tile("vec", "f32", 16, 16)
_PART = "!pto.partition_tensor_view<16x16xf32>"
_M, _L, _R = _tile("mat", "f16", 16, 16), _tile("left", "f16", 16, 16), \
    _tile("right", "f16", 16, 16)
_C = _tile("acc", "f32", 16, 16)


def _window(name: str, ptr: str) -> str:
    return (f"  %{name}v = pto.make_tensor_view %{ptr}, shape = [%c16, %c16], strides = "
            "[%c16, %c1] : !pto.tensor_view<?x?xf32>\n"
            f"  %{name} = pto.partition_view %{name}v, offsets = [%c0, %c0], sizes = "
            f"[%c16, %c16] : !pto.tensor_view<?x?xf32> -> {_PART}\n")


def _kernel(body: str, args: str = "") -> str:
    """A function with 16x16 f32 GM windows %in and %out (of %i and %o) around `body`."""
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>{args}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
{_window("in", "i")}{_window("out", "o")}{body}  return
}}
}}"""


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _unwritten(errors: list[str]) -> list[str]:
    return [e for e in errors if "that nothing in its function writes" in e]


_STORE = f"  pto.tstore ins(%t : {_V}) outs(%out : {_PART})\n"
_LOAD = f"  pto.tload ins(%in : {_PART}) outs(%t : {_V})\n"


def test_a_vec_tile_nothing_writes_is_refused_where_it_is_stored():
    errors = _errors(_kernel(f"  %t = pto.alloc_tile : {_V}\n" + _STORE))
    assert len(errors) == 1 and errors[0].startswith(
        "'pto.tstore' reads a tile (loc=vec) that nothing in its function writes (the "
        "'pto.alloc_tile' at line ")
    assert "what UB held before" in errors[0]


def test_an_acc_tile_no_mad_writes_is_refused():
    store = f"  pto.tstore ins(%c : {_C}) outs(%out : {_PART})\n"
    errors = _errors(_kernel(f"  %c = pto.alloc_tile : {_C}\n" + store))
    assert len(errors) == 1 and "'pto.tstore' reads a tile (loc=acc)" in errors[0]
    assert "what L0C held before" in errors[0]


def test_a_mad_of_left_and_right_tiles_nothing_writes_is_refused():
    body = (f"  %l = pto.alloc_tile : {_L}\n  %r = pto.alloc_tile : {_R}\n"
            f"  %c = pto.alloc_tile : {_C}\n"
            f"  pto.tmatmul ins(%l, %r : {_L}, {_R}) outs(%c : {_C})\n"
            f"  pto.tstore ins(%c : {_C}) outs(%out : {_PART})\n")
    found = _unwritten(_errors(_kernel(body)))
    assert [e.split(" that ")[0] for e in found] == [
        "'pto.tmatmul' reads a tile (loc=left)", "'pto.tmatmul' reads a tile (loc=right)"]
    # Moved in from Mat tiles their caller wrote: accepted.
    moved = body.replace(f"  %c = pto.alloc_tile : {_C}\n",
                         f"  %c = pto.alloc_tile : {_C}\n"
                         f"  pto.tmov ins(%ma : {_M}) outs(%l : {_L})\n"
                         f"  pto.tmov ins(%mb : {_M}) outs(%r : {_R})\n")
    assert _errors(_kernel(moved, f", %ma: {_M}, %mb: {_M}")) == []


def test_an_extract_of_a_mat_tile_nothing_loads_is_refused():
    body = (f"  %m = pto.alloc_tile : {_M}\n  %l = pto.alloc_tile : {_L}\n"
            f"  pto.textract ins(%m, %c0, %c0 : {_M}, index, index) outs(%l : {_L})\n")
    found = _unwritten(_errors(_kernel(body)))
    assert len(found) == 1 and found[0].startswith("'pto.textract' reads a tile (loc=mat)")


def test_a_read_and_write_back_is_no_first_write():
    """taxpy's dst += src * s reads dst before it writes it (READ_AND_WRITTEN_BY_OP)."""
    body = (f"  %t = pto.alloc_tile : {_V}\n  %d = pto.alloc_tile : {_V}\n" + _LOAD +
            "  %s = arith.constant 2.0 : f32\n"
            f"  pto.taxpy ins(%t, %s : {_V}, f32) outs(%d : {_V})\n"
            f"  pto.tstore ins(%d : {_V}) outs(%out : {_PART})\n")
    found = _unwritten(_errors(_kernel(body)))
    assert len(found) == 1 and found[0].startswith("'pto.taxpy' reads a tile (loc=vec)")


@pytest.mark.parametrize("body, args", [
    (f"  %t = pto.alloc_tile : {_V}\n" + _LOAD + _STORE, ""),
    # a load into a subview of the tile writes the tile
    (f"  %t = pto.alloc_tile : {_V}\n"
     f"  %s = pto.subview %t[%c0, %c0] sizes [16, 16] : {_V} -> {_V}\n"
     f"  pto.tload ins(%in : {_PART}) outs(%s : {_V})\n" + _STORE, ""),
    # a tile written through an scf.for iter_arg, stored as the loop's result
    (f"  %a = pto.alloc_tile : {_V}\n"
     f"  %t = scf.for %k = %c0 to %c1 step %c1 iter_args(%x = %a) -> ({_V}) {{\n"
     f"    pto.tload ins(%in : {_PART}) outs(%x : {_V})\n"
     f"    scf.yield %x : {_V}\n  }}\n" + _STORE, ""),
    # a tile at the constant address of one a load wrote
    ("  %z = arith.constant 0 : i64\n"
     f"  %w = pto.alloc_tile addr = %z : {_V}\n  %t = pto.alloc_tile addr = %z : {_V}\n"
     f"  pto.tload ins(%in : {_PART}) outs(%w : {_V})\n" + _STORE, ""),
    # a pointer into UB: raw ops may write any tile, which is not followed
    ("  %z = arith.constant 0 : i64\n"
     "  %p = pto.castptr %z : i64 -> !pto.ptr<f32, ub>\n"
     f"  %t = pto.alloc_tile : {_V}\n" + _STORE, ""),
    # the caller's tile
    (_STORE, f", %t: {_V}"),
])
def test_a_tile_something_may_write_is_accepted(body, args):
    assert _unwritten(_errors(_kernel(body, args))) == []


_FP = ("!pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16, v_row=1, v_col=16, "
       "blayout=row_major, slayout=none_box, fractal=512, pad=0>")


@pytest.mark.parametrize("reader, expected", [
    # Into i8: a quantised Acc store compiles for f32 -> i8 (nz.limits' quantised pairs).
    ("  %qv = pto.make_tensor_view %q, shape = [%c16, %c16], strides = [%c16, %c1] "
     ": !pto.tensor_view<?x?xi8>\n"
     "  %qp = pto.partition_view %qv, offsets = [%c0, %c0], sizes = [%c16, %c16] "
     ": !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x16xi8>\n"
     f"  pto.tstore_fp ins(%c, %fp : {_C}, {_FP}) "
     "outs(%qp : !pto.partition_tensor_view<16x16xi8>)\n", "'pto.tstore_fp'"),
    (f"  %m = pto.alloc_tile : {_tile('mat', 'f32', 16, 16)}\n"
     f"  pto.tmov ins(%c : {_C}) outs(%m : {_tile('mat', 'f32', 16, 16)})\n", "'pto.tmov'"),
])
def test_an_acc_tile_only_accumulating_mads_write_is_refused_whatever_reads_it(reader,
                                                                              expected):
    """Its reader is no first write (found by red team: a pto.tstore_fp or a pto.tmov of it
    counted as one, where a pto.tstore did not, so their sums onto stale L0C passed)."""
    body = (f"  %l = pto.alloc_tile : {_L}\n  %r = pto.alloc_tile : {_R}\n"
            f"  %c = pto.alloc_tile : {_C}\n"
            f"  pto.tmov ins(%ma : {_M}) outs(%l : {_L})\n"
            f"  pto.tmov ins(%mb : {_M}) outs(%r : {_R})\n"
            f"  pto.tmatmul.acc ins(%c, %l, %r : {_C}, {_L}, {_R}) outs(%c : {_C})\n" + reader)
    args = f", %ma: {_M}, %mb: {_M}, %fp: {_FP}, %q: !pto.ptr<i8>"
    errors = _errors(_kernel(body, args))
    # The mad itself reads the fresh accumulator before anything writes it, too
    # (test_tile_write_order.py): two ops, two errors.
    assert [e.split(" (")[0] for e in errors] == [
        "'pto.tmatmul.acc' reads a tile", f"{expected} Acc tile 16x16 is written only by "
        "accumulating mads"], errors
    started = body.replace("pto.tmatmul.acc ins(%c, ", "pto.tmatmul ins(").replace(
        f" : {_C}, {_L}, {_R}) outs", f" : {_L}, {_R}) outs")
    assert _errors(_kernel(started, args)) == []
