"""Red-team round 21, area roundtrip: the model's ND load into a Mat tile moves what
pto-isa's TLoadGm2L1Nd2nd moves (every burst field counts whole 32-byte blocks)."""

import numpy as np
import pytest

from nzpass.model import GlobalTensor, Tile, tload_nd2nd


def _values(shape, dtype):
    return (np.arange(np.prod(shape)) % 2039 + 1).astype(dtype).reshape(shape)


def _mat_nd(rows: int, cols: int, dtype, valid_cols: int | None = None) -> Tile:
    return Tile("mat", np.dtype(dtype), rows, cols, valid_cols=cols if valid_cols is None
                else valid_cols,
                blayout="row_major", slayout="none", fractal=512)


def test_mat_nd_load_counts_the_gm_gap_in_32_byte_blocks():
    """f16 [16, 40] (80-byte rows) loaded 16 x 32: gmGap = (40 - 32) * 2 >> 5 = 0, so
    the device reads row r from r * 32, not r * 40 (the old model read the window)."""
    a = _values((16, 40), np.float16)
    tile = _mat_nd(16, 32, np.float16)
    tload_nd2nd(GlobalTensor.nd(a.ravel(), a.shape), (0, 0), (16, 32), tile)
    flat = a.ravel()
    for r in range(16):
        assert (tile.to_logical()[r] == flat[r * 32:r * 32 + 32]).all()
    assert not (tile.to_logical() == a[:, :32]).all()


def test_mat_nd_load_of_a_partial_block_width_drops_it():
    """A 16 x 24 f16 window (48 bytes a row) into a 16 x 32 tile of 24 valid columns:
    lenBurst = 24 * 2 >> 5 = 1 block (16 elements), the L1 rows 1 + (8 * 2 >> 5) = 1
    block apart."""
    a = _values((16, 32), np.float16)
    tile = _mat_nd(16, 32, np.float16, valid_cols=24)
    tload_nd2nd(GlobalTensor.nd(a.ravel(), a.shape), (0, 0), (16, 24), tile)
    storage, flat = tile.storage, a.ravel()
    for b in range(16):
        assert (storage[b * 16:b * 16 + 16] == flat[b * 16:b * 16 + 16]).all()


@pytest.mark.parametrize("stride", [32, 48, 64])
def test_mat_nd_load_of_32_byte_rows_reads_the_window(stride):
    """Whole 32-byte rows and gaps: the device reads the window, as the ideal mode does."""
    a = _values((16, stride), np.float16)
    device, ideal = _mat_nd(16, 32, np.float16), _mat_nd(16, 32, np.float16)
    view = GlobalTensor.nd(a.ravel(), a.shape)
    tload_nd2nd(view, (0, 0), (16, 32), device)
    tload_nd2nd(view, (0, 0), (16, 32), ideal, mode="ideal")
    assert (device.to_logical() == a[:, :32]).all()
    assert (device.storage == ideal.storage).all()
