"""Red-team round 22, area acc: the cube path of hand-written pto IR that verify-pto-nz
accepted although it moved stale or out-of-tile bytes.

- pto.tstore_fp (TSTORE_FP, PTOAS's other spelling of `pto.tstore ... fp`) skipped every
  ND rule of an Acc store: the window, the mad pitch, what the mads wrote.
- A move out of an Acc tile (pto.tmov, pto.textract, pto.tinsert, their fp forms) reads
  L0C as a store does, but what its mads wrote was never checked.
- pto.textract copied past its Mat source's valid region (stale rows into the mad) or,
  from a run-time index, past the Mat tile (another buffer's bytes).
- An Acc tile written by nothing in its function, re-declared over the bytes of a smaller
  one a mad wrote, was stored (the overlap rule sees no clobber of a tile never written).
- An Acc store into a GM memref skipped every Acc rule.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_LAYOUTS = {"mat": "blayout=col_major, slayout=row_major, fractal=512",
            "left": "blayout=row_major, slayout=row_major, fractal=512",
            "right": "blayout=row_major, slayout=col_major, fractal=512",
            "acc": "blayout=col_major, slayout=row_major, fractal=1024",
            "scaling": "blayout=row_major, slayout=none_box, fractal=512"}


def _tile(loc: str, dtype: str, rows: int, cols: int, v_row: int | None = None,
          v_col: int | None = None) -> str:
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, "
            f"v_row={rows if v_row is None else v_row}, v_col={cols if v_col is None else v_col}, "
            f"{_LAYOUTS[loc]}, pad=0>")


_AM, _BM = _tile("mat", "f16", 32, 64), _tile("mat", "f16", 64, 32)
_R, _C = _tile("right", "f16", 64, 32), _tile("acc", "f32", 32, 32)
_FP = _tile("scaling", "ui64", 1, 32)


def _gm(name: str, ptr: str, dtype: str, rows: int, cols: int) -> str:
    part = f"!pto.partition_tensor_view<{rows}x{cols}x{dtype}>"
    return (f"  %{name}v = pto.make_tensor_view %{ptr}, shape = [%c{rows}, %c{cols}], "
            f"strides = [%c{cols}, %c1] : !pto.tensor_view<?x?x{dtype}>\n"
            f"  %{name} = pto.partition_view %{name}v, offsets = [%c0, %c0], sizes = "
            f"[%c{rows}, %c{cols}] : !pto.tensor_view<?x?x{dtype}> -> {part}\n")


def _kernel(body: str, out: str = "f32", mat_rows: int = 32, left_rows: int = 32,
            index: str = "%c0") -> str:
    """A 32x64 @ 64x32 f16 matmul into a 32x32 Acc tile, its A loaded as `mat_rows` valid
    rows and extracted from row `index` into a Left tile of `left_rows` valid rows; `body`
    reads the Acc tile %c (and %fp, a scaling tile its caller wrote)."""
    am, left = _tile("mat", "f16", 32, 64, mat_rows), _tile("left", "f16", 32, 64, left_rows)
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<{out}>, %fp: {_FP},
            %i: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %am = pto.alloc_tile : {am}
  %bm = pto.alloc_tile : {_BM}
  %l = pto.alloc_tile : {left}
  %r = pto.alloc_tile : {_R}
  %c = pto.alloc_tile : {_C}
{_gm("ap", "a", "f16", mat_rows, 64)}{_gm("bp", "b", "f16", 64, 32)}\
  pto.tload ins(%ap : !pto.partition_tensor_view<{mat_rows}x64xf16>) outs(%am : {am})
  pto.tload ins(%bp : !pto.partition_tensor_view<64x32xf16>) outs(%bm : {_BM})
  pto.textract ins(%am, {index}, %c0 : {am}, index, index) outs(%l : {left})
  pto.textract ins(%bm, %c0, %c0 : {_BM}, index, index) outs(%r : {_R})
  pto.tmatmul ins(%l, %r : {left}, {_R}) outs(%c : {_C})
{body}  return
}}
}}"""


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _store(rows: int = 32) -> str:
    return _gm("op", "o", "f32", rows, 32) + \
        f"  pto.tstore ins(%c : {_C}) outs(%op : !pto.partition_tensor_view<{rows}x32xf32>)\n"


def _store_fp(rows: int = 32) -> str:
    return _gm("op", "o", "i8", rows, 32) + \
        f"  pto.tstore_fp ins(%c, %fp : {_C}, {_FP}) " \
        f"outs(%op : !pto.partition_tensor_view<{rows}x32xi8>)\n"


def _tmov_to_mat() -> str:
    mat = _tile("mat", "f16", 32, 32)
    return f"  %cm = pto.alloc_tile : {mat}\n  pto.tmov ins(%c : {_C}) outs(%cm : {mat})\n"


def test_the_full_matmul_is_accepted():
    for body, out in ((_store(), "f32"), (_store_fp(), "i8"), (_tmov_to_mat(), "f32")):
        assert _errors(_kernel(body, out)) == []


def test_tstore_fp_meets_the_mad_pitch():
    """A 16-row mad into a 32-row Acc tile, read out by pto.tstore_fp: column block 1
    comes from the wrong place, as for pto.tstore (refused there already)."""
    errors = _errors(_kernel(_store_fp(), "i8", left_rows=16))
    assert len(errors) == 1 and errors[0].startswith("'pto.tstore_fp' Acc tile 32x32 is "
                                                     "written by 'pto.tmatmul'")
    assert "whose A operand has 16 valid rows" in errors[0]


def test_tstore_fp_window_holds_the_tile():
    """A 32-valid-row Acc tile stored by pto.tstore_fp into a 16-row window writes 16
    rows past it."""
    errors = _errors(_kernel(_store_fp(16), "i8"))
    assert len(errors) == 1 and "'pto.tstore_fp' tile's valid rows" in errors[0]
    assert "may be more than the ND window's rows" in errors[0]


def test_a_move_out_of_acc_meets_what_its_mads_wrote():
    errors = _errors(_kernel(_tmov_to_mat(), left_rows=16))
    assert len(errors) == 1 and errors[0].startswith("'pto.tmov' Acc tile 32x32 is written "
                                                     "by 'pto.tmatmul'")
    # compact=1 does not help a move: TMovCcToCb reads at the tile's rows.
    assert "or state compact=1" not in errors[0]


def test_an_extract_reads_inside_its_sources_valid_region():
    errors = _errors(_kernel(_store(), mat_rows=16))
    assert errors == ["'pto.textract' reads 32 rows of its source (from its index on, its "
                      "destination's valid rows), but the source's valid rows are 16: the "
                      "rows past them hold what the buffer held before, which the move "
                      "copies as data; give the source (or a load into it) the valid rows "
                      "the move reads"]


@pytest.mark.parametrize("index", ["%c16", "%i"])
def test_an_extract_stays_inside_its_source_tile(index: str):
    errors = _errors(_kernel(_store(), index=index))
    assert len(errors) == 1 and errors[0].startswith("'pto.textract' moves 32 rows from row "
                                                     "index ")
    assert "which may reach outside its source tile's 32 rows" in errors[0]


def test_an_acc_tile_nothing_writes_is_refused():
    """The Acc tile re-declared at the address of a 16-row one the mad wrote: nothing
    writes it (it is no tile of the same bytes, which would count as written), and it
    stores 16 stale rows."""
    acc16, left = _tile("acc", "f32", 16, 32), _tile("left", "f16", 32, 64, 16)
    text = _kernel(_store(), left_rows=16).replace(
        f"  %c = pto.alloc_tile : {_C}\n",
        f"  %z = arith.constant 0 : i64\n  %c = pto.alloc_tile addr = %z : {_C}\n"
        f"  %c2 = pto.alloc_tile addr = %z : {acc16}\n").replace(
        f"outs(%c : {_C})\n  %opv", f"outs(%c2 : {acc16})\n  %opv")
    assert "outs(%c2" in text and left in text
    errors = _errors(text)
    assert len(errors) == 1 and errors[0].startswith("'pto.tstore' Acc tile 32x32 is written "
                                                     "by nothing in its function, but the "
                                                     "tile of the 'pto.alloc_tile' at line ")


def test_an_acc_store_into_a_gm_memref_meets_the_acc_rules():
    memref = "memref<32x32xf32, #pto.address_space<gm>>"
    body = f"  pto.tstore ins(%c : {_C}) outs(%m : {memref})\n"
    text = _kernel(body, left_rows=16).replace("%i: index)", f"%i: index, %m: {memref})")
    errors = _errors(text)
    assert len(errors) == 1 and errors[0].startswith("'pto.tstore' Acc tile 32x32 is written "
                                                     "by 'pto.tmatmul'")
    assert _errors(_kernel(body).replace("%i: index)", f"%i: index, %m: {memref})")) == []


def _stacked_store(batches: int, batch_rows: int, batch_stride: int) -> str:
    """The 32x32 Acc tile stored through a [2, 16, 32] window of a [4, batch_rows, 32] f32
    view whose leading stride is `batch_stride`."""
    part = "!pto.partition_tensor_view<2x16x32xf32>"
    return (f"  %cb = arith.constant {batch_stride} : index\n"
            f"  %cn = arith.constant {batches} : index\n"
            f"  %cr = arith.constant {batch_rows} : index\n"
            "  %c2 = arith.constant 2 : index\n"
            "  %ov = pto.make_tensor_view %o, shape = [%cn, %cr, %c32], strides = [%cb, %c32, "
            "%c1] : !pto.tensor_view<?x?x?xf32>\n"
            "  %op = pto.partition_view %ov, offsets = [%c0, %c0, %c0], sizes = [%c2, %c16, "
            f"%c32] : !pto.tensor_view<?x?x?xf32> -> {part}\n"
            f"  pto.tstore ins(%c : {_C}) outs(%op : {part})\n")


def test_an_acc_store_stacks_rows_only_over_a_dense_leading_axis():
    """TStoreAccNz2nd writes row r at r times the row stride: over a leading axis of stride
    1024 (not 16 rows x 32) rows 16..31 land in batch 0, outside the window."""
    errors = _errors(_kernel(_stacked_store(4, 32, 1024)))
    assert len(errors) == 1 and errors[0].startswith(
        "'pto.tstore' of an Acc tile into an ND window of sizes [2, 16, 32] stacks rows over "
        "leading axis 0 of size 2, whose stride is not proved")
    assert _errors(_kernel(_stacked_store(4, 16, 512))) == []
