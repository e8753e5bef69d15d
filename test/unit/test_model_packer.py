"""NZ packing (hardware-model §(a)/(b)): round trip, element formula, refusals."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.model import NzPackError, c0_for_dtype, nz_strides, pack_nz, unpack_nz

# bfloat16 has no numpy dtype: it travels as its uint16 bit pattern.
DTYPES = [np.int8, np.uint8, np.int16, np.float16, np.uint16, np.int32, np.float32]


def random_array(shape, dtype, seed):
    """Arbitrary bit patterns (NaNs included), so comparisons are done on bytes."""
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    raw = np.random.default_rng(seed).integers(0, 256, nbytes, dtype=np.uint8)
    return raw.view(dtype).reshape(shape)


def same_bytes(a, b):
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


@st.composite
def nz_arrays(draw):
    dtype = draw(st.sampled_from(DTYPES))
    c0 = c0_for_dtype(dtype)
    lead = draw(st.lists(st.integers(1, 3), max_size=2))
    shape = (*lead, 16 * draw(st.integers(1, 3)), c0 * draw(st.integers(1, 3)))
    return random_array(shape, dtype, draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=150, deadline=None)
@given(nz_arrays())
def test_round_trip_blocked_and_flat(a):
    blocked = pack_nz(a)
    assert blocked.flags.c_contiguous
    assert same_bytes(unpack_nz(blocked, a.shape), a)
    assert same_bytes(unpack_nz(blocked.ravel(), a.shape), a)
    raw = np.frombuffer(blocked.tobytes(), np.uint8)
    assert same_bytes(unpack_nz(raw, a.shape, dtype=a.dtype), a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_pack_matches_element_formula(dtype):
    B, R, C = 2, 32, 2 * c0_for_dtype(dtype)
    c0 = c0_for_dtype(dtype)
    a = random_array((B, R, C), dtype, seed=7)
    expected = np.empty(B * R * C, dtype)
    for b in range(B):
        for r in range(R):
            for c in range(C):
                expected[b * R * C + (c // c0) * R * c0 + r * c0 + c % c0] = a[b, r, c]
    blocked = pack_nz(a)
    assert blocked.shape == (B, C // c0, R // 16, 16, c0)
    assert same_bytes(blocked.ravel(), expected)


def test_blocked_strides_are_the_canonical_nz_strides():
    R, C, c0 = 48, 32, 8
    blocked = pack_nz(np.zeros((R, C), np.float32))
    assert tuple(s // 4 for s in blocked.strides) == (R * C, R * c0, 16 * c0, c0, 1)
    assert nz_strides(blocked.shape) == (R * C, R * c0, 16 * c0, c0, 1)


@pytest.mark.parametrize("dtype, c0", [(np.int8, 32), (np.float16, 16), (np.uint16, 16),
                                       (np.float32, 8), (np.int32, 8), (np.int64, 4)])
def test_c0_for_dtype(dtype, c0):
    assert c0_for_dtype(dtype) == c0


@pytest.mark.parametrize("dtype, message", [
    (np.bool_, "bool"), ("int4", "sub-byte"), ("fp4x2", "sub-byte"),
    (np.dtype("V3"), "does not divide 32"), (object, "object"), ("nonsense", "unknown dtype"),
])
def test_bad_dtypes_are_refused(dtype, message):
    with pytest.raises(NzPackError, match=message):
        c0_for_dtype(dtype)


@pytest.mark.parametrize("shape, dtype, message", [
    ((20, 16), np.float16, "rows 20"),
    ((16, 24), np.float16, "columns 24 .* c0=16"),
    ((32, 16), np.int8, "columns 16 .* c0=32"),
    ((16,), np.float16, "rank >= 2"),
    ((16, 16), np.bool_, "bool"),
])
def test_unaligned_shapes_and_bad_dtypes_are_refused(shape, dtype, message):
    with pytest.raises(NzPackError, match=message):
        pack_nz(np.zeros(shape, dtype))


def test_unpack_refuses_a_buffer_of_the_wrong_size():
    with pytest.raises(NzPackError, match="needs 256"):
        unpack_nz(np.zeros(255, np.float16), (16, 16))
    with pytest.raises(NzPackError, match="does not match"):
        unpack_nz(np.zeros((1, 2, 1, 16, 8), np.float32), (32, 8))
