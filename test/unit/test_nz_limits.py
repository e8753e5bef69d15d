"""The instruction-limit rules of nz/limits.py against the byte model that reproduces the
device: a rule that refuses a program the device runs right is conservative, one that
accepts a program the device runs wrong is unsound; these properties catch both."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.model.hardware import GlobalTensor, HardwareLimitError, Tile, tstore_acc_nz2nz
from nzpass.nz import limits

C0 = 8  # the Acc -> NZ store writes FP32


def _store(mode: str, n0: int, n1: int, n2: int, s0: int, s1: int) -> np.ndarray:
    """GM after storing a distinct value per element of an Acc tile into the window
    (n0, n1, n2, 16, 8) at offset 0 of a view with strides (s0, s1, 128, 8, 1)."""
    rows, cols = 16 * n2, n0 * n1 * C0
    size = (n0 - 1) * s0 + (n1 - 1) * s1 + rows * C0 + 1
    view = GlobalTensor(np.full(size + 4096, -1.0, np.float32), 0, (n0, n1, n2, 16, C0),
                        (s0, s1, 16 * C0, C0, 1), "nz")
    padded = -(-cols // 16) * 16
    tile = Tile("acc", np.dtype(np.float32), rows, padded, valid_cols=cols)
    value = np.arange(rows * padded, dtype=np.float32).reshape(rows, padded)
    tile.set_logical(value)
    tstore_acc_nz2nz(tile, view, (0,) * 5, (n0, n1, n2, 16, C0), mode)
    return view.buffer


_COUNTS = st.integers(1, 3)


@settings(max_examples=300, deadline=None)
@given(n0=_COUNTS, n1=_COUNTS, n2=_COUNTS, s0_blocks=st.integers(1, 12),
       s1_blocks=st.integers(1, 6))
def test_acc_write_set_rule_is_exactly_where_the_device_matches_the_strides(
        n0, n1, n2, s0_blocks, s1_blocks):
    """mismatch is None iff the device's write set (a2a3) equals the strided one (ideal)."""
    s1 = 16 * C0 * s1_blocks
    s0 = 16 * C0 * s0_blocks
    device = _store("a2a3", n0, n1, n2, s0, s1)
    strided = _store("ideal", n0, n1, n2, s0, s1)
    agrees = bool((device == strided).all())
    assert (limits.acc_write_set_mismatch(n0, n1, n2, s0, s1, C0) is None) == agrees


def test_acc_write_set_rule_never_assumes_an_unknown_matches():
    assert limits.acc_write_set_mismatch(1, 2, None, None, 128, C0) == "column"
    assert limits.acc_write_set_mismatch(1, 2, 1, None, None, C0) == "column"
    assert limits.acc_write_set_mismatch(2, None, 1, 256, 128, C0) == "batch"
    assert limits.acc_write_set_mismatch(2, 2, 1, None, 128, C0) == "batch"
    assert limits.acc_write_set_mismatch(1, 1, None, None, None, C0) is None


@settings(max_examples=200, deadline=None)
@given(column_blocks=st.integers(0, 2 * limits.LOAD_MAX_COLUMN_BLOCKS),
       valid_rows=st.integers(0, 2 * limits.LOAD_MAX_ROW_FIELD),
       spare_rows=st.integers(0, 2 * limits.LOAD_MAX_ROW_FIELD),
       last_batch=st.integers(0, 2 * limits.BATCH_OFFSET_LIMIT),
       stride=st.integers(1, 2 * limits.STRIDE_LIMIT))
def test_load_overflows_name_each_field_past_its_limit(column_blocks, valid_rows, spare_rows,
                                                       last_batch, stride):
    problems = limits.nz2nz_load_overflows(column_blocks, valid_rows, spare_rows, last_batch,
                                           stride)
    expected = [column_blocks > 4095, valid_rows > 65535, spare_rows > 65535,
                last_batch >= 1 << 32, stride >= 1 << 31]
    assert len(problems) == sum(expected)


def test_the_model_refuses_a_load_the_limits_refuse():
    """model/hardware.py reads the same table: a stride of 2^31 is refused by both."""
    from nzpass.model.hardware import tload_nz2nz
    view = GlobalTensor(np.zeros(1 << 12, np.int16), 0, (1, 2, 1, 16, 16),
                        (1 << 31, 256, 256, 16, 1), "nz")
    tile = Tile("mat", np.dtype(np.int16), 16, 32)
    assert limits.nz2nz_load_overflows(2, 16, 0, 0, 1 << 31)
    try:
        tload_nz2nz(view, (0,) * 5, (1, 2, 1, 16, 16), tile)
    except HardwareLimitError as err:
        assert "not below 2^31" in str(err)
    else:
        raise AssertionError("the model loaded past the stride field")


def test_tile_placement_is_exactly_inside_the_memory():
    """Red team t03/t04: a 1 MiB Mat tile, and a 128 KiB one at L1 address 448 KiB, were
    accepted. Over a small memory, a tile is placed well exactly when every address it may
    take keeps every byte in [0, capacity)."""
    capacity = 64
    for size in range(0, 70, 3):
        assert (limits.tile_placement_problem(size, capacity, None) is None) == (size <= capacity)
        for lo in range(-4, 70, 5):
            for hi in range(lo, 70, 7):
                inside = all(a >= 0 and a + size <= capacity for a in range(lo, hi + 1))
                found = limits.tile_placement_problem(size, capacity, (lo, hi))
                assert (found is None) == inside, (size, lo, hi)


def test_local_memory_capacities_are_the_documented_ones():
    kib = 1024
    assert limits.LOCAL_MEMORY_BYTES["a2a3"] == {"mat": 512 * kib, "left": 64 * kib,
                                                 "right": 64 * kib, "acc": 128 * kib,
                                                 "vec": 192 * kib}
    assert {"a2a3": 128 * kib, "a5": 256 * kib} == limits.L0C_BYTES
    assert limits.LOCAL_MEMORY_BYTES["a5"]["vec"] == 256 * kib
    assert set(limits.MEMORY_NAMES) == set(limits.LOCAL_MEMORY_BYTES["a5"])
