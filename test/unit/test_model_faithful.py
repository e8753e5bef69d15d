"""The off-device model reads what the device reads where nothing wrote (red team "pl",
finding 3), and runs outside the context it was parsed in (red team "views", F4).

On the device a buffer keeps its old contents: a fresh tile, the rest of L0C past what a mad
wrote, an accumulator past the product. The model fills never-written memory with
POISON_BYTE (NaN in every float type), so a read of it shows in the output, and keeps the
accumulator where the in-place mad does not write.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import new_context
from nzpass.ir.bindings import ir
from nzpass.model import Simulator, Tile
from nzpass.model.hardware import POISON_BYTE, poisoned
from nzpass.model.simulator import LocalMemory
from support.lowering import Kernel, lower

X_T, W_T, OUT_T = "tensor<64x128xf16>", "tensor<16x128xf16>", "tensor<64x16xf32>"
ACC = "!pl.tile<64x16xf32, acc>"


def small(shape, seed):
    """Small integers: every product and sum is exact in f32."""
    return np.random.default_rng(seed).integers(-4, 5, shape).astype(np.float16)


def product(x, w):
    return x.astype(np.float64) @ w.astype(np.float64).T


# --------------------------------------------------------------------------- poison


@pytest.mark.parametrize(("loc", "dtype", "expect_nan"), [
    ("acc", np.float32, True), ("mat", np.float16, True), ("vec", np.int8, False),
])
def test_a_fresh_tile_holds_poison_not_zeros(loc, dtype, expect_nan):
    tile = Tile(loc, dtype, 16, 32)
    assert (tile.storage.view(np.uint8) == POISON_BYTE).all()
    if expect_nan:
        assert np.isnan(tile.to_logical()).all()
    else:
        assert (tile.to_logical() == -1).all()


def test_poisoned_is_nan_in_every_float_type_and_writable():
    for dtype in (np.float16, np.float32, np.float64):
        values = poisoned(4, dtype)
        assert values.dtype == dtype and np.isnan(values).all()
        values[:] = 0  # a buffer to write, not a read-only broadcast
    assert (poisoned(3, np.uint16) == 0xFFFF).all()  # bf16 raw bits 0xFFFF: a NaN


def test_local_memory_that_nothing_wrote_holds_poison():
    placed = LocalMemory().placed("acc", 0, 8, np.dtype(np.float32), "tile")
    assert np.isnan(placed).all()


# --------------------------------------------------------------------------- matmul


@pytest.mark.usefixtures("ctx")
def test_matmul_leaves_l0c_past_its_boxes_unwritten():
    """A of 20 valid rows: mad writes rows 0..31 (two 16-row boxes) and nothing past them;
    the model zero-filled the result, so the stale rows read as plausible zeros."""
    a20 = "!pl.tile<64x128xf16, mat, valid = 20x128>"
    acc20 = "!pl.tile<64x16xf32, acc, valid = 20x16>"
    k = Kernel(("%x", X_T), ("%w", W_T))
    k.load("%a", "%x", X_T, [0, 0], [64, 128], a20, valid=[20, 128])
    k.load("%b", "%w", W_T, [0, 0], [16, 128], "!pl.tile<16x128xf16, mat>")
    k.emit(f'%c = "pl.tile.matmul"(%a, %b) : ({a20}, !pl.tile<16x128xf16, mat>) -> {acc20}')
    x, w = small((64, 128), 1), small((16, 128), 2)
    result = Simulator(lower(k.text())).run("kernel", x, w)
    mad = result.events[-1]
    assert mad.kind == "pl.tile.matmul"
    np.testing.assert_array_equal(mad.logical[:20], product(x[:20], w))
    assert np.isnan(mad.logical[32:]).all()


@pytest.mark.usefixtures("ctx")
def test_matmul_acc_keeps_the_accumulator_where_mad_does_not_write():
    """acc = x @ w.T over all 64 rows, then acc += x[:16] @ w.T: rows 16..63 keep acc's (the
    in-place mad leaves them); the model used to drop them to zero."""
    a16 = "!pl.tile<64x128xf16, mat, valid = 16x128>"
    full, b = "!pl.tile<64x128xf16, mat>", "!pl.tile<16x128xf16, mat>"
    k = Kernel(("%x", X_T), ("%w", W_T), ("%out", OUT_T))
    k.load("%a", "%x", X_T, [0, 0], [64, 128], full)
    k.load("%a16", "%x", X_T, [0, 0], [64, 128], a16, valid=[16, 128])
    k.load("%b", "%w", W_T, [0, 0], [16, 128], b)
    k.emit(f'%acc = "pl.tile.matmul"(%a, %b) : ({full}, {b}) -> {ACC}')
    k.emit(f'%c = "pl.tile.matmul_acc"(%acc, %a16, %b) : ({ACC}, {a16}, {b}) -> {ACC}')
    k.store("%c", ACC, "%out", OUT_T, [0, 0])
    x, w = small((64, 128), 3), small((16, 128), 4)
    out = np.zeros((64, 16), np.float32)
    Simulator(lower(k.text())).run("kernel", x, w, out)
    expected = product(x, w)
    expected[:16] *= 2
    np.testing.assert_array_equal(out, expected)


# --------------------------------------------------------------------------- context

_TILE = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, "
         "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_PART = "!pto.partition_tensor_view<16x64xf16>"
_ND_LOAD = f"""func.func @k(%p: !pto.ptr<f16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c16, %c64, %c64, %c1)
      {{operandSegmentSizes = array<i32: 1, 2, 2>}}
      : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c16, %c64)
      {{operandSegmentSizes = array<i32: 1, 2, 2>}}
      : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> {_PART}
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {_TILE}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
      : ({_PART}, {_TILE}) -> ()
  return
}}"""


def test_the_simulator_runs_outside_the_context_the_module_was_parsed_in():
    """A view stating no layout: planning it parses an element type (view_layout), which
    needs a context; nzpass-sim parses, leaves the context, then runs (red team: 'An MLIR
    function requires a Context', on 37 of the first 99 corpus kernels)."""
    context = new_context()
    with context:
        module = ir.Module.parse(_ND_LOAD)
    assert ir.Context.current is None  # as nzpass-sim runs it
    p = np.arange(16 * 64, dtype=np.float16)
    (load,) = Simulator(module).run("k", p).loads
    np.testing.assert_array_equal(load.logical, p.reshape(16, 64))
