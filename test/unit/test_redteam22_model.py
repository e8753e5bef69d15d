"""Red team 22, area `model`: the byte model against pto-isa's A2/A3 sources.

1. A TSTORE writes what the fixpipe (Acc) or the burst copy (Vec) writes, not numpy's
   `astype`: pto-isa a2a3/common.hpp GetCastPreQuantMode converts f32 to f16 / bf16 only
   (bf16 held as raw bits here), NoQuant writes the 32-bit L0C value, and the UB bursts copy
   bytes (PTOAS asks only for the same element width).
2. mad writes L0C column blocks ceil16(m) apart; an Acc store reads them at the tile's rows
   or, with compact=1, at ceil16(valid rows) (TStoreAccNz2nz / TStoreAccNz2nd srcStride).
3. The A2/A3 ND burst transfers step leading indices as uint32 products, count gShape3
   rows in the 12-bit burst field and skip a uint32 byte gap on the Vec path
   (TLoadGm2ubNd2nd, TLoadGm2L1Nd2nd, TStoreUb2gmNd2nd); TLoadGm2L1Nd2nz converts one 2-D
   matrix.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass.ir.bindings import ir
from nzpass.model import Simulator, pack_nz
from nzpass.model.hardware import (
    GlobalTensor,
    HardwareLimitError,
    Tile,
    tload_nd2nd,
    tload_nd2nz,
    tstore_acc_nz2nz,
    tstore_nd,
)
from support.lowering import Kernel, lower


def bf16_bits(values) -> np.ndarray:
    """Round-to-nearest-even f32 -> bf16, as raw bits (the reference, written apart)."""
    out = []
    for v in np.asarray(values, np.float32).ravel():
        bits = int(v.view(np.uint32))
        out.append((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16)
    return np.array(out, np.uint16)


def acc(values, dtype: type[np.generic] = np.float32) -> Tile:
    values = np.asarray(values, dtype)
    tile = Tile("acc", np.dtype(dtype), 16, 16)
    tile.set_logical(values)
    return tile


# --------------------------------------------------------------------------- 1. stores


def test_vec_store_copies_bytes_into_a_tensor_of_another_type():
    """TStoreUb2gmNd2nd moves bursts: an f32 tile into an i32 tensor writes its bits (the
    model wrote int(value): 0, 1, 2...)."""
    values = np.arange(16 * 64, dtype=np.float32).reshape(16, 64) + 0.5
    tile = Tile("vec", np.dtype(np.float32), 16, 64)
    tile.set_logical(values)
    view = GlobalTensor.nd(np.zeros(16 * 64, np.int32), (16, 64))
    tstore_nd(tile, view, (0, 0), (16, 64))
    assert (view.buffer == values.ravel().view(np.int32)).all()


def test_vec_store_of_another_element_width_is_refused():
    tile = Tile("vec", np.dtype(np.float16), 16, 32)
    view = GlobalTensor.nd(np.zeros(16 * 32, np.float32), (16, 32))
    with pytest.raises(ValueError, match="element widths must agree"):
        tstore_nd(tile, view, (0, 0), (16, 32))


@pytest.mark.parametrize("layout", ["nd", "nz"])
def test_acc_store_into_bf16_rounds_to_bf16_bits(layout):
    """F322BF16: 3.0 is 0x4040; the model wrote the integer 3 as the bits. Ties go to
    even: 1 + 2^-8 (halfway between two bf16) rounds down, 1 + 3 * 2^-8 up."""
    values = np.full((16, 16), 3.0, np.float32)
    values[0, :3] = [1 + 2**-8, 1 + 3 * 2**-8, -0.1]
    if layout == "nd":
        view = GlobalTensor(np.zeros(256, np.uint16), 0, (16, 16), (16, 1), "nd", "bf16")
        tstore_nd(acc(values), view, (0, 0), (16, 16))
        stored = view.buffer
    else:
        view = GlobalTensor(np.zeros(256, np.uint16), 0, (1, 1, 1, 16, 16), (256, 256, 256, 16, 1),
                            "nz", "bf16")
        tstore_acc_nz2nz(acc(values), view, (0,) * 5, (1, 1, 1, 16, 16))
        stored = view.buffer
    assert stored[3] == 0x4040
    assert (stored == bf16_bits(values)).all()


def test_acc_store_atomic_add_into_bf16_adds_numbers_not_bit_patterns():
    view = GlobalTensor(np.tile(bf16_bits([1.5]), 256), 0, (16, 16), (16, 1), "nd", "bf16")
    tstore_nd(acc(np.full((16, 16), 2.0)), view, (0, 0), (16, 16), atomic_add=True)
    assert (view.buffer == bf16_bits([3.5])[0]).all()


@pytest.mark.parametrize(("acc_dtype", "gm_dtype"), [(np.float32, np.int32),
                                                     (np.int32, np.float32)])
def test_acc_store_without_a_conversion_writes_the_32_bit_value(acc_dtype, gm_dtype):
    """NoQuant: the fixpipe writes the L0C word as it is (the model converted it)."""
    values = np.arange(256).reshape(16, 16).astype(acc_dtype) + acc_dtype(7)
    view = GlobalTensor.nd(np.zeros(256, gm_dtype), (16, 16))
    tstore_nd(acc(values, acc_dtype), view, (0, 0), (16, 16))
    assert (view.buffer.view(acc_dtype) == values.ravel()).all()


@pytest.mark.parametrize("element", ["f16", "bf16"])
def test_acc_store_of_i32_into_a_16_bit_tensor_is_refused(element):
    """No fixpipe conversion turns an i32 sum into f16 or bf16 without a quant scalar:
    NoQuant writes 32-bit values into a 16-bit tensor."""
    dtype = np.float16 if element == "f16" else np.uint16
    view = GlobalTensor(np.zeros(256, dtype), 0, (16, 16), (16, 1), "nd", element)
    with pytest.raises(HardwareLimitError, match="fixpipe converts f32 to f16 or bf16 only"):
        tstore_nd(acc(np.ones((16, 16)), np.int32), view, (0, 0), (16, 16))


def test_atomic_add_into_an_element_type_without_an_atomic_type_is_refused():
    tile = Tile("vec", np.dtype(np.uint8), 16, 32)
    view = GlobalTensor.nd(np.zeros(16 * 32, np.uint8), (16, 32))
    with pytest.raises(ValueError, match="SetAtomicAdd has no atomic type"):
        tstore_nd(tile, view, (0, 0), (16, 32), atomic_add=True)


@pytest.mark.usefixtures("ctx")
def test_a_pl_kernel_storing_into_bf16_writes_bf16_bits():
    """End to end: pl-to-pto accepts an f32 Acc tile stored into a bf16 tensor; the
    simulated output holds the bf16 of every product."""
    x_t, w_t, out_t = "tensor<16x32xf16>", "tensor<16x32xf16, #pl.layout<nz>>", \
        "tensor<16x16xbf16>"
    k = Kernel(("%x", x_t), ("%w", w_t), ("%out", out_t))
    k.emit('%zero = "pl.tile.zeros"() : () -> !pl.tile<16x16xf32, acc>')
    k.load("%a", "%x", x_t, [0, 0], [16, 32], "!pl.tile<16x32xf16, mat>")
    k.load("%b", "%w", w_t, [0, 0], [16, 32], "!pl.tile<16x32xf16, mat>")
    k.emit('%c = "pl.tile.matmul_acc"(%zero, %a, %b) : (!pl.tile<16x16xf32, acc>, '
           '!pl.tile<16x32xf16, mat>, !pl.tile<16x32xf16, mat>) -> !pl.tile<16x16xf32, acc>')
    k.store("%c", "!pl.tile<16x16xf32, acc>", "%out", out_t, [0, 0])
    rng = np.random.default_rng(3)
    x = rng.integers(-8, 9, (16, 32)).astype(np.float16) / np.float16(8)
    w = rng.integers(-8, 9, (16, 32)).astype(np.float16)
    out = np.zeros(256, np.uint16)
    Simulator(lower(k.text())).run("kernel", x, pack_nz(w), out)
    expect = (x.astype(np.float64) @ w.astype(np.float64).T).astype(np.float32)
    assert (out == bf16_bits(expect)).all()


# --------------------------------------------------------------------------- 2. L0C pitch


def _pitch_kernel(acc_rows: int, a_valid: int, store_rows: int, compact: bool) -> str:
    """pl-to-pto of A (64 x 32 Mat, `a_valid` valid rows) @ w.T into a 32-column Acc tile,
    stored into out[a_valid, 32]; then the Acc type is edited to `acc_rows` rows of
    `store_rows` valid ones (and compact=1), as hand-written pto may state it (pl-to-pto
    refuses the non-compact pitch mismatch itself)."""
    pitch = -(-a_valid // 16) * 16
    x_t, w_t = "tensor<64x32xf16>", "tensor<32x32xf16, #pl.layout<nz>>"
    out_t = f"tensor<{a_valid}x32xf32>"
    a_t = f"!pl.tile<64x32xf16, mat, valid = {a_valid}x32>"
    c_t = f"!pl.tile<{pitch}x32xf32, acc, valid = {a_valid}x32>"
    k = Kernel(("%x", x_t), ("%w", w_t), ("%out", out_t))
    k.load("%a", "%x", x_t, [0, 0], [64, 32], a_t, valid=[a_valid, 32])
    k.load("%b", "%w", w_t, [0, 0], [32, 32], "!pl.tile<32x32xf16, mat>")
    k.emit(f'%c = "pl.tile.matmul"(%a, %b) : ({a_t}, !pl.tile<32x32xf16, mat>) -> {c_t}')
    k.store("%c", c_t, "%out", out_t, [0, 0])
    text = str(lower(k.text()))
    lowered = f"loc=acc, dtype=f32, rows={pitch}, cols=32, v_row={a_valid}"
    assert lowered in text
    text = text.replace(lowered, f"loc=acc, dtype=f32, rows={acc_rows}, cols=32, "
                        f"v_row={store_rows}")
    if compact:
        text = text.replace("fractal=1024, pad=0>", "fractal=1024, pad=0, compact=1>")
    return text


def _run_pitch(text: str, a_valid: int, store_rows: int) -> tuple[np.ndarray, np.ndarray]:
    """The stored rows and x @ w.T."""
    rng = np.random.default_rng(5)
    x = rng.integers(-3, 4, (64, 32)).astype(np.float16)
    w = rng.integers(-3, 4, (32, 32)).astype(np.float16)
    out = np.zeros((a_valid, 32), np.float32)
    Simulator(ir.Module.parse(text)).run("kernel", x, pack_nz(w), out)
    return out[:store_rows], x.astype(np.float64) @ w.astype(np.float64).T


@pytest.mark.usefixtures("ctx")
def test_mad_writes_column_blocks_ceil16_m_apart():
    """A of 20 valid rows into a 64-row Acc tile: mad's column block 1 is at 32 * 16, the
    store reads it at 64 * 16 (the model wrote it at the tile's rows and read it right)."""
    out, ref = _run_pitch(_pitch_kernel(64, 20, 20, compact=False), 20, 20)
    assert (out[:, :16] == ref[:20, :16]).all()
    assert not (out[:, 16:] == ref[:20, 16:]).all()


@pytest.mark.usefixtures("ctx")
def test_a_compact_store_reads_at_ceil16_of_its_valid_rows():
    """compact=1, 20 valid rows, mad pitch ceil16(20) = 32 = the store's: right, though the
    tile has 64 rows (the model read at 64 and showed wrong bytes)."""
    out, ref = _run_pitch(_pitch_kernel(64, 20, 20, compact=True), 20, 20)
    assert (out == ref[:20]).all()


@pytest.mark.usefixtures("ctx")
def test_a_compact_store_of_fewer_rows_than_mad_wrote_reads_the_wrong_column_blocks():
    """mad of 32 rows (pitch 32), compact store of 16 valid rows (pitch 16): column block 1
    is read from rows 16..31 of block 0. verify-pto-nz accepts this (reported)."""
    out, ref = _run_pitch(_pitch_kernel(32, 32, 16, compact=True), 32, 16)
    assert (out[:, :16] == ref[:16, :16]).all()
    assert (out[:, 16:] == ref[16:32, :16]).all()


# --------------------------------------------------------------------------- 3. ND fields


def test_vec_burst_gap_past_uint32_is_refused():
    """f32 rows 2^30 + 64 apart: gmGap = (2^30) * 4 bytes wraps to 0 (row 1 read from right
    after row 0). The field check comes before any GM access, so the buffer can be small."""
    view = GlobalTensor(np.zeros(256, np.float32), 0, (2, (1 << 30) + 64), ((1 << 30) + 64, 1))
    with pytest.raises(HardwareLimitError, match="past the uint32 gmGap"):
        tload_nd2nd(view, (0, 0), (2, 64), Tile("vec", np.dtype(np.float32), 2, 64))
    with pytest.raises(HardwareLimitError, match="past the uint32 gmGap"):
        tstore_nd(Tile("vec", np.dtype(np.float32), 2, 64), view, (0, 0), (2, 64))


def test_a_leading_index_past_2_to_the_32_elements_is_refused():
    view = GlobalTensor(np.zeros(256, np.int8), 0, (5, 1, 1 << 30), (1 << 30, 1 << 30, 1))
    with pytest.raises(HardwareLimitError, match="at or past 2\\^32"):
        tload_nd2nd(view, (0, 0, 0), (5, 1, 64), Tile("vec", np.dtype(np.int8), 5, 64))
    view4 = GlobalTensor(np.zeros(4 << 8, np.int8), 0, (4, 1, 256), (256, 256, 1))
    tload_nd2nd(view4, (0, 0, 0), (4, 1, 64), Tile("vec", np.dtype(np.int8), 4, 64))


@pytest.mark.parametrize("loc", ["mat", "vec"])
def test_4096_rows_per_leading_index_overflow_the_burst_count(loc):
    """nBurst = gShape3 is 12 bits (pto-isa checks gShape3 < 4096 with PTO_ASSERT only)."""
    view = GlobalTensor.nd(np.zeros(4096 * 16, np.float16), (4096, 16))
    tile = Tile(loc, np.dtype(np.float16), 4096, 16, blayout="row_major", slayout="none",
                fractal=512)
    with pytest.raises(HardwareLimitError, match="4096 rows per leading index"):
        tload_nd2nd(view, (0, 0), (4096, 16), tile)
    tload_nd2nd(view, (0, 0), (4095, 16), tile)
    if loc == "vec":
        with pytest.raises(HardwareLimitError, match="4096 rows per leading index"):
            tstore_nd(tile, view, (0, 0), (4096, 16))


def test_nd_to_nz_load_of_a_batch_is_refused():
    """TLoadGm2L1Nd2nz static_asserts a 2-D GlobalTensor: the model stacked the batch."""
    view = GlobalTensor.nd(np.zeros(2 * 16 * 32, np.float16), (2, 16, 32))
    tile = Tile("mat", np.dtype(np.float16), 32, 32)
    with pytest.raises(ValueError, match="leading sizes other than 1"):
        tload_nd2nz(view, (0, 0, 0), (2, 16, 32), tile)
    tload_nd2nz(view, (1, 0, 0), (1, 16, 32), tile)
