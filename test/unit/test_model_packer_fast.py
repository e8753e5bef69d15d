"""The staged NZ packer (`packer._transpose_lines`) against a plain reshape/transpose.

`pack_nz`/`unpack_nz` route large C-contiguous arrays through a gather of 32-byte C0 lines;
these tests check it byte for byte against the textbook expression. Small arrays exercise
every branch (grouped, banded, banded with split rows, ragged tails) by shrinking the tuning
constants, and a few real-size arrays run with the shipped constants.
"""

from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.model import c0_for_dtype, nz_block_shape, pack_nz, packer, unpack_nz

# bfloat16 travels as uint16; the others are whole-byte types whose itemsize divides 32.
DTYPES = [np.int8, np.uint8, np.int16, np.float16, np.uint16, np.int32, np.float32,
          np.int64, np.complex64, np.dtype(">f4"), np.dtype(">i2")]
TUNING = ("_LINES_MIN_BYTES", "_STAGE_BYTES", "_STAGE_MAX_BYTES", "_MIN_RUN", "_TAKE_BYTES",
          "_GROUP_BYTES", "_PARALLEL_MIN_BYTES", "_WORKERS")


def reference_pack(a):
    batch, col_blocks, row_fractals, fractal, c0 = nz_block_shape(a.shape, a.dtype)
    split = a.reshape(batch, row_fractals, fractal, col_blocks, c0)
    return np.ascontiguousarray(split.transpose(0, 3, 1, 2, 4))


def reference_unpack(blocked, shape):
    block_shape = nz_block_shape(shape, blocked.dtype)
    logical = blocked.reshape(block_shape).transpose(0, 2, 3, 1, 4)
    return np.ascontiguousarray(logical).reshape(tuple(shape))


def random_array(shape, dtype, seed):
    """Arbitrary bit patterns (NaNs included): compare bytes, never values."""
    dtype = np.dtype(dtype)
    raw = np.random.default_rng(seed).integers(0, 256, int(np.prod(shape)) * dtype.itemsize,
                                               dtype=np.uint8)
    return raw.view(dtype).reshape(shape)


def assert_same(got, want):
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    assert got.flags.c_contiguous
    assert got.tobytes() == want.tobytes()


@contextmanager
def tuning(**values):
    saved = {name: getattr(packer, name) for name in TUNING}
    try:
        for name, value in values.items():
            assert name in TUNING, name
            setattr(packer, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(packer, name, value)


@st.composite
def shapes_and_dtypes(draw):
    dtype = draw(st.sampled_from(DTYPES))
    c0 = c0_for_dtype(dtype)
    lead = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    rows = 16 * draw(st.integers(1, 6))
    cols = c0 * draw(st.sampled_from([1, 2, 3, 4, 5, 7, 8, 13, 16, 33]))
    return (*lead, rows, cols), dtype


@st.composite
def small_tunings(draw):
    """Constants small enough that tiny arrays hit every branch and every ragged tail."""
    line = packer.C0_BYTES
    return {
        "_LINES_MIN_BYTES": 0,
        "_STAGE_BYTES": line * draw(st.integers(1, 256)),
        "_STAGE_MAX_BYTES": line * draw(st.integers(1, 512)),
        "_MIN_RUN": draw(st.integers(1, 20)),
        "_TAKE_BYTES": line * draw(st.integers(1, 200)),
        "_GROUP_BYTES": draw(st.sampled_from([0, line * 16, line * 600, 1 << 20])),
        # Threads on tiny arrays too, so every split of bands and groups is compared.
        "_PARALLEL_MIN_BYTES": draw(st.sampled_from([0, 1 << 40])),
        "_WORKERS": draw(st.integers(1, 3)),
    }


@settings(max_examples=300, deadline=None)
@given(shapes_and_dtypes(), small_tunings(), st.integers(0, 2**32 - 1))
def test_pack_and_unpack_match_the_reference_for_any_tiling(shape_dtype, constants, seed):
    shape, dtype = shape_dtype
    a = random_array(shape, dtype, seed)
    want = reference_pack(a)
    with tuning(**constants):
        blocked = pack_nz(a)
        assert_same(blocked, want)
        assert_same(unpack_nz(blocked, shape), a)
        assert_same(unpack_nz(blocked.ravel(), shape), a)
        raw = np.frombuffer(blocked.tobytes(), np.uint8)
        assert_same(unpack_nz(raw, shape, dtype=a.dtype), a)
    if want.shape[1] > 1:  # more than one column block: a fresh array, never a view
        assert not np.shares_memory(blocked, a)


@settings(max_examples=50, deadline=None)
@given(shapes_and_dtypes(), st.integers(0, 2**32 - 1))
def test_default_constants_on_small_arrays(shape_dtype, seed):
    shape, dtype = shape_dtype
    a = random_array(shape, dtype, seed)
    blocked = pack_nz(a)
    assert_same(blocked, reference_pack(a))
    assert_same(unpack_nz(blocked, shape), a)


@pytest.mark.parametrize("shape, dtype", [
    ((256, 8192), np.int8),            # one matrix, banded, whole source rows per stage
    ((8, 64, 1024), np.float16),       # 128 KiB matrices: several gathered per call
    ((2, 16, 65536), np.int8),         # R=16 with 2048 column blocks
    ((81920, 64), np.int8),            # 81920 rows of 2 lines: the stage holds half the rows
    ((3, 48, 4104), np.float32),       # odd column-block count (513)
    ((2, 2, 512, 2048), np.uint16),    # rank 4, bf16 bit patterns
    ((1024, 512), np.dtype(">f4")),    # non-native byte order
])
def test_real_sizes_with_the_shipped_constants(shape, dtype):
    a = random_array(shape, dtype, seed=11)
    assert a.nbytes >= packer._LINES_MIN_BYTES
    blocked = pack_nz(a)
    assert_same(blocked, reference_pack(a))
    assert_same(unpack_nz(blocked, shape), a)
    assert_same(unpack_nz(blocked.ravel(), shape), a)
    raw = np.frombuffer(blocked.tobytes(), np.uint8)
    assert_same(unpack_nz(raw, shape, dtype=a.dtype), a)


def test_strided_and_single_block_inputs_keep_the_plain_path():
    a = random_array((512, 1024), np.int8, seed=3)
    strided = a[:, ::2]                       # not C-contiguous: plain transpose
    assert_same(pack_nz(strided), reference_pack(np.ascontiguousarray(strided)))
    fortran = np.asfortranarray(random_array((256, 1024), np.float16, seed=4))
    assert_same(pack_nz(fortran), reference_pack(np.ascontiguousarray(fortran)))
    tall = random_array((16384, 32), np.int8, seed=5)   # C == c0: NZ order is the logical order
    assert_same(pack_nz(tall), reference_pack(tall))
    assert_same(unpack_nz(pack_nz(tall), tall.shape), tall)
