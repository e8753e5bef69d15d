"""Red team 23, area model: ND loads whose tile's valid region is larger than what the
load writes (pto-isa moves the partition's rows, asserting validRow == gShape0 * ... *
gShape3 in debug builds only), judged by the byte model.

The model tests pin what the device moves (pto-isa TLoadGm2ubNd2nd / TLoadGm2L1Nd2nz): the
rows past the partition keep what the buffer held. The verifier tests need the staged
patch /tmp/s23/model/patches/nd-load-writes-valid.diff (nd_window.check_nd_load_writes_valid):
on the round's code verify-pto-nz accepts both programs, which then store (feed to the
extract) stale bytes.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import run_pipeline
from nzpass.ir.bindings import ir, new_context
from nzpass.model import Simulator

PIPELINE = "builtin.module(verify-pto-nz{strict-bounds=true})"


def _tile(loc: str, dtype: str, rows: int, cols: int, v_row, v_col) -> str:
    layout = ("blayout=row_major, slayout=none_box" if loc == "vec"
              else "blayout=col_major, slayout=row_major")
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, "
            f"v_row={v_row}, v_col={v_col}, {layout}, fractal=512, pad=0>")


def _vec_round_trip(valid_rows: int, dynamic: bool = False) -> str:
    """A 16 x 32 bf16 partition loaded into a 24 x 32 Vec tile of `valid_rows` valid rows,
    stored through a `valid_rows` x 32 partition of the output (the store's rows are the
    tile's valid ones, as check_nd_bursts_match requires)."""
    tile = _tile("vec", "bf16", 24, 32, "?" if dynamic else valid_rows, "?" if dynamic else 32)
    alloc = (f'"pto.alloc_tile"(%cv, %c32) {{operandSegmentSizes = '
             f'array<i32: 0, 1, 1>}} : (index, index) -> {tile}' if dynamic else
             f'"pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {tile}')
    out = f"!pto.partition_tensor_view<{valid_rows}x32xbf16>"
    return f"""
func.func @kernel(%src: !pto.ptr<bf16>, %dst: !pto.ptr<bf16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %cv = arith.constant {valid_rows} : index
  %tv = "pto.make_tensor_view"(%src, %c16, %c32, %c32, %c1)
    {{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}}
    : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
  %ov = "pto.make_tensor_view"(%dst, %cv, %c32, %c32, %c1)
    {{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}}
    : (!pto.ptr<bf16>, index, index, index, index) -> !pto.tensor_view<?x?xbf16>
  %t = {alloc}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c32)
    {{operandSegmentSizes = array<i32: 1, 2, 2>}} : (!pto.tensor_view<?x?xbf16>,
    index, index, index, index) -> !pto.partition_tensor_view<16x32xbf16>
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
    : (!pto.partition_tensor_view<16x32xbf16>, {tile}) -> ()
  %op = "pto.partition_view"(%ov, %c0, %c0, %cv, %c32)
    {{operandSegmentSizes = array<i32: 1, 2, 2>}}
    : (!pto.tensor_view<?x?xbf16>, index, index, index, index) -> {out}
  "pto.tstore"(%t, %op) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}} : ({tile}, {out}) -> ()
  return
}}
"""


def _mat_extract(valid_rows: int) -> str:
    """A 16 x 32 f16 partition loaded ND -> NZ into a 32 x 32 Mat tile of `valid_rows`
    valid rows, extracted whole into a Left tile (what a mad then reads)."""
    mat = _tile("mat", "f16", 32, 32, valid_rows, 32)
    left = ("!pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, "
            "blayout=row_major, slayout=row_major, fractal=512, pad=0>")
    return f"""
func.func @kernel(%src: !pto.ptr<f16>, %l: {left}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %tv = "pto.make_tensor_view"(%src, %c16, %c32, %c32, %c1)
    {{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}}
    : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c32)
    {{operandSegmentSizes = array<i32: 1, 2, 2>}} : (!pto.tensor_view<?x?xf16>,
    index, index, index, index) -> !pto.partition_tensor_view<16x32xf16>
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}}
    : () -> {mat}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
    : (!pto.partition_tensor_view<16x32xf16>, {mat}) -> ()
  "pto.textract"(%t, %c0, %c0, %l) {{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}}
    : ({mat}, index, index, {left}) -> ()
  return
}}
"""


def _verify(text: str) -> tuple[bool, str]:
    module = ir.Module.parse(text, new_context())
    result = run_pipeline(module, PIPELINE)
    messages = [d.message for d in (result.errors or result.diagnostics)]
    return result.success, "\n".join(messages)


def _parse(text: str):
    return ir.Module.parse(text, new_context())


def test_model_vec_load_writes_partition_rows_only():
    """TLoadGm2ubNd2nd moves gShape3 rows whatever validRow: a 24-valid-row tile loaded
    from 16 rows stores 8 rows of what UB held (the model's poison bytes)."""
    src = np.arange(16 * 32, dtype=np.uint16)
    dst = np.zeros(24 * 32, np.uint16)
    Simulator(_parse(_vec_round_trip(24))).run("kernel", src, dst)
    out = dst.reshape(24, 32)
    assert np.array_equal(out[:16], src.reshape(16, 32))
    assert (out[16:] == 0xFFFF).all()


def test_model_nd2nz_load_writes_partition_rows_only():
    """TLoadGm2L1Nd2nz moves the partition's rows: rows 16..31 of the tile stay stale."""
    src = np.arange(16 * 32).astype(np.float16)
    result = Simulator(_parse(_mat_extract(32)), skip_compute=True).run("kernel", src, None)
    tile = result.loads[0].logical
    assert np.array_equal(tile[:16], src.reshape(16, 32))
    assert np.isnan(tile[16:]).all()


@pytest.mark.parametrize("dynamic", [False, True])
def test_verify_refuses_vec_valid_rows_past_the_loaded_rows(dynamic):
    accepted, message = _verify(_vec_round_trip(24, dynamic))
    assert not accepted
    assert "are not proved at most the rows the ND window writes" in message


def test_verify_refuses_nd2nz_valid_rows_past_the_loaded_rows():
    accepted, message = _verify(_mat_extract(32))
    assert not accepted
    assert "are not proved at most the rows the ND window writes" in message


@pytest.mark.parametrize("dynamic", [False, True])
def test_verify_accepts_valid_rows_the_load_writes(dynamic):
    accepted, message = _verify(_vec_round_trip(16, dynamic))
    assert accepted, message
