"""Property tests of the pure NZ layout math (nzpass.nz.layout).

Expectations come from independent formulas: numpy's own row-major strides, the
spec's reshape/transpose packer (hardware-model.md (a)), explicit sums of
offset * stride, never from the function under test.
"""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.nz.layout import (
    FRACTAL_BYTES,
    FRACTAL_ROWS,
    NzLayoutError,
    block_window,
    blocked_shape,
    c0_for_bit_width,
    column_major_strides,
    fold_leading_offsets,
    fold_leading_sizes,
    gm_gap_fits,
    gm_row_gap,
    layout_str,
    nz_element_coords,
    nz_element_offset,
    nz_strides,
    row_major_strides,
    strides_of_layout,
)
from nzpass.nz.limits import GM_GAP_LIMIT


def static(shape: tuple[int | None, ...]) -> tuple[int, ...]:
    """A shape every extent of which is known (the blocked shape of a static tensor)."""
    extents = tuple(n for n in shape if n is not None)
    assert len(extents) == len(shape), f"dynamic extent in {shape}"
    return extents


FAST = settings(max_examples=60, deadline=None)
WIDTHS = [8, 16, 32]
EXPECTED_C0 = {8: 32, 16: 16, 32: 8}

widths = st.sampled_from(WIDTHS)


@st.composite
def planes(draw, max_row_fractals=4, max_col_blocks=4):
    """(c0, R, C) with R, C aligned for a random dtype width."""
    c0 = 256 // draw(widths)
    rows = FRACTAL_ROWS * draw(st.integers(1, max_row_fractals))
    cols = c0 * draw(st.integers(1, max_col_blocks))
    return c0, rows, cols


def pack_reference(logical: np.ndarray, c0: int) -> np.ndarray:
    """Spec (a): NZ = A.reshape(B, R/16, 16, C/c0, c0).transpose(0,3,1,2,4), flattened."""
    b, r, c = logical.shape
    return logical.reshape(b, r // 16, 16, c // c0, c0).transpose(0, 3, 1, 2, 4).ravel()


def dot(index, strides):
    return sum(i * s for i, s in zip(index, strides, strict=True))


# ---------------------------------------------------------------- constants and c0

def test_constants():
    assert FRACTAL_ROWS * 32 == FRACTAL_BYTES
    assert GM_GAP_LIMIT == 2**16 - 1


@pytest.mark.parametrize("bits", WIDTHS)
def test_c0_fills_one_32_byte_line(bits):
    c0 = c0_for_bit_width(bits)
    assert c0 == EXPECTED_C0[bits]
    assert c0 * bits == 32 * 8
    assert FRACTAL_ROWS * c0 * bits // 8 == FRACTAL_BYTES


def test_64_bit_elements_have_no_nz_transfer():
    # c0 would be 4, but pto-isa's TLOAD and TSTORE move 64-bit elements only ND->ND or
    # DN->DN (found by red team: an i64 NZ tensor was lowered, to fail PTOAS's build).
    with pytest.raises(NzLayoutError, match="64-bit elements have no NZ transfer"):
        c0_for_bit_width(64)


@pytest.mark.parametrize("bits", [128, 256])
def test_widths_no_hardware_moves_refused(bits):
    # 128 and 256 divide a 32-byte line (c0 = 2, 1), but no element of the hardware is
    # that wide: found by red team (an i128 NZ tensor was blocked with c0 = 2).
    with pytest.raises(NzLayoutError, match="wider than any element type"):
        c0_for_bit_width(bits)


@pytest.mark.parametrize("bits", [1, 2, 4])
def test_sub_byte_widths_refused(bits):
    with pytest.raises(NzLayoutError, match="sub-byte"):
        c0_for_bit_width(bits)


@pytest.mark.parametrize("bits", [12, 24, 48, 96])
def test_widths_not_tiling_a_c0_line_refused(bits):
    with pytest.raises(NzLayoutError, match="32-byte"):
        c0_for_bit_width(bits)


# ---------------------------------------------------------------- blocked shape and strides

@FAST
@given(planes(max_row_fractals=16, max_col_blocks=16), st.integers(1, 64))
def test_blocked_strides_equal_pto_isa_formula(plane, batch):
    c0, rows, cols = plane
    blocked = static(blocked_shape((batch, rows, cols), c0))
    assert blocked == (batch, cols // c0, rows // 16, 16, c0)
    numpy_strides = tuple(s // 8 for s in np.empty(blocked, dtype=np.int64).strides)
    assert row_major_strides(blocked) == numpy_strides
    assert nz_strides(rows, cols, c0) == numpy_strides
    assert nz_strides(rows, cols, c0) == (cols * rows, rows * c0, 16 * c0, c0, 1)


@FAST
@given(planes(max_row_fractals=16, max_col_blocks=16))
def test_rank2_gets_batch_one(plane):
    c0, rows, cols = plane
    assert blocked_shape([rows, cols], c0) == (1, cols // c0, rows // 16, 16, c0)


@FAST
@given(st.lists(st.integers(1, 9), min_size=1, max_size=5))
def test_dn_strides_are_column_major(shape):
    # numpy's Fortran order is column-major; PTOAS infers DN from these strides.
    fortran = tuple(s // 8 for s in np.empty(shape, dtype=np.int64, order="F").strides)
    assert column_major_strides(shape) == strides_of_layout("dn", shape) == fortran
    assert strides_of_layout("nd", shape) == row_major_strides(shape)
    dynamic_first = column_major_strides([None, *shape])
    assert dynamic_first[0] == 1 and all(s is None for s in dynamic_first[1:])


def test_rank3_dynamic_batch_is_kept():
    assert blocked_shape([None, 64, 128], 32) == (None, 4, 4, 16, 32)
    assert row_major_strides((None, 4, 4, 16, 32)) == (8192, 2048, 512, 32, 1)


@FAST
@given(st.lists(st.one_of(st.none(), st.integers(1, 9)), max_size=6))
def test_row_major_strides_any_rank(shape):
    strides = row_major_strides(shape)
    assert len(strides) == len(shape)
    for i in range(len(shape)):
        tail = shape[i + 1:]
        expected = None if None in tail else int(np.prod(tail, dtype=np.int64))
        assert strides[i] == expected


@FAST
@given(planes(), st.integers(1, 3))
def test_element_offset_through_blocked_strides(plane, batch):
    c0, rows, cols = plane
    strides = row_major_strides(blocked_shape((batch, rows, cols), c0))
    logical = np.arange(batch * rows * cols).reshape(batch, rows, cols)
    packed = pack_reference(logical, c0)
    for b in range(batch):
        for r in range(rows):
            for c in range(cols):
                offset = nz_element_offset(b, r, c, rows, cols, c0)
                assert offset == dot((b, c // c0, r // 16, r % 16, c % c0), strides)
                assert packed[offset] == logical[b, r, c]


@FAST
@given(planes(max_row_fractals=64, max_col_blocks=64), st.integers(1, 8), st.data())
def test_offset_and_coords_are_inverse(plane, batch, data):
    c0, rows, cols = plane
    e = data.draw(st.integers(0, batch * rows * cols - 1))
    b, r, c = nz_element_coords(e, rows, cols, c0)
    assert 0 <= b < batch and 0 <= r < rows and 0 <= c < cols
    assert nz_element_offset(b, r, c, rows, cols, c0) == e
    r2 = data.draw(st.integers(0, rows - 1))
    c2 = data.draw(st.integers(0, cols - 1))
    assert nz_element_coords(nz_element_offset(b, r2, c2, rows, cols, c0), rows, cols, c0) \
        == (b, r2, c2)


@pytest.mark.parametrize("bits", WIDTHS)
@pytest.mark.parametrize("batch,rows,col_blocks", [(1, 16, 1), (2, 16, 3), (3, 48, 2)])
def test_bijection_exhaustive(bits, batch, rows, col_blocks):
    c0 = EXPECTED_C0[bits]
    cols = c0 * col_blocks
    total = batch * rows * cols
    offsets = [nz_element_offset(b, r, c, rows, cols, c0)
               for b in range(batch) for r in range(rows) for c in range(cols)]
    assert sorted(offsets) == list(range(total))
    coords = [nz_element_coords(e, rows, cols, c0) for e in range(total)]
    assert len(set(coords)) == total
    assert all(nz_element_offset(*bc, rows, cols, c0) == e for e, bc in enumerate(coords))


@FAST
@given(planes(max_row_fractals=2, max_col_blocks=2), st.integers(1, 3), st.integers(1, 3),
       st.data())
def test_rank4_folds_into_row_major_batch(plane, g_extent, e_extent, data):
    c0, rows, cols = plane
    shape = (g_extent, e_extent, rows, cols)
    blocked = blocked_shape(shape, c0)
    assert blocked == (g_extent * e_extent, cols // c0, rows // 16, 16, c0)
    strides = row_major_strides(blocked)
    logical = np.arange(math.prod(shape)).reshape(shape)
    packed = pack_reference(logical.reshape(g_extent * e_extent, rows, cols), c0)
    for _ in range(20):
        g = data.draw(st.integers(0, g_extent - 1))
        e = data.draw(st.integers(0, e_extent - 1))
        r = data.draw(st.integers(0, rows - 1))
        c = data.draw(st.integers(0, cols - 1))
        batch = fold_leading_offsets((g, e), (g_extent, e_extent))
        offset = dot((batch, c // c0, r // 16, r % 16, c % c0), strides)
        assert packed[offset] == logical[g, e, r, c]


def test_rank5_folds_all_leading_axes():
    assert blocked_shape([2, 3, 5, 32, 64], 16) == (30, 4, 2, 16, 16)


# ---------------------------------------------------------------- folding

@FAST
@given(st.lists(st.integers(1, 7), max_size=5), st.data())
def test_fold_leading_offsets_matches_ravel(leading_shape, data):
    offsets = [data.draw(st.integers(0, n - 1)) for n in leading_shape]
    expected = sum(o * math.prod(leading_shape[i + 1:]) for i, o in enumerate(offsets))
    assert fold_leading_offsets(offsets, leading_shape) == expected
    if leading_shape:
        assert fold_leading_offsets(offsets, leading_shape) == \
            int(np.ravel_multi_index(offsets, leading_shape))
    assert fold_leading_sizes(leading_shape) == math.prod(leading_shape)


@FAST
@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(-9, 9)), max_size=5))
def test_fold_leading_offsets_exact_for_any_ints(pairs):
    offsets = [o for o, _ in pairs]
    leading_shape = [n for _, n in pairs]
    expected = sum(o * math.prod(leading_shape[i + 1:]) for i, o in enumerate(offsets))
    assert fold_leading_offsets(offsets, leading_shape) == expected


def test_fold_leading_sizes_empty_is_one():
    assert fold_leading_sizes([]) == 1
    assert fold_leading_offsets([], []) == 0
    assert fold_leading_offsets([3], [None]) == 3  # the outermost extent may be dynamic
    assert fold_leading_offsets([1, 2], [None, 5]) == 7
    with pytest.raises(NzLayoutError, match="only the outermost extent may be dynamic"):
        fold_leading_offsets([1, 2], [3, None])


# ---------------------------------------------------------------- block_window

@st.composite
def windows(draw):
    """(c0, shape, offsets, sizes): an aligned in-bounds window with a contiguous batch range."""
    c0, rows, cols = draw(planes(max_row_fractals=3, max_col_blocks=2))
    leading = draw(st.lists(st.integers(1, 3), max_size=2))
    shape = (*leading, rows, cols)
    lead_offsets, lead_sizes, outer_takes_many = [], [], False
    for extent in leading:
        if outer_takes_many:
            size = extent
        else:
            size = draw(st.integers(1, extent))
            outer_takes_many = size > 1
        lead_sizes.append(size)
        lead_offsets.append(draw(st.integers(0, extent - size)))
    row_count = 16 * draw(st.integers(1, rows // 16))
    n0 = 16 * draw(st.integers(0, (rows - row_count) // 16))
    col_count = c0 * draw(st.integers(1, cols // c0))
    k0 = c0 * draw(st.integers(0, (cols - col_count) // c0))
    return c0, shape, (*lead_offsets, n0, k0), (*lead_sizes, row_count, col_count)


@FAST
@given(windows())
def test_block_window_addresses_exactly_the_logical_window(window):
    c0, shape, offsets, sizes = window
    boffsets, bsizes = block_window(offsets, sizes, shape, c0)
    blocked = static(blocked_shape(shape, c0))
    strides = row_major_strides(blocked)
    rows, cols = shape[-2:]
    n0, k0 = offsets[-2:]
    row_count, col_count = sizes[-2:]
    lead_shape = shape[:-2]
    assert bsizes[3:] == (16, c0) and boffsets[3:] == (0, 0)
    assert all(o + s <= n for o, s, n in zip(boffsets, bsizes, blocked, strict=True))
    assert math.prod(bsizes) == math.prod(sizes)
    # The window's logical batches, in the order the blocked batch slot walks them.
    lead_ranges = [range(o, o + s) for o, s in zip(offsets[:-2], sizes[:-2], strict=True)]
    logical_batches = [sum(i * math.prod(lead_shape[a + 1:]) for a, i in enumerate(idx))
                       for idx in itertools.product(*lead_ranges)]
    assert len(logical_batches) == bsizes[0]
    for nb, batch in enumerate(logical_batches):
        for r in range(row_count):
            for c in range(col_count):
                index = (boffsets[0] + nb, boffsets[1] + c // c0, boffsets[2] + r // 16,
                         r % 16, c % c0)
                assert dot(index, strides) == \
                    nz_element_offset(batch, n0 + r, k0 + c, rows, cols, c0)


def test_block_window_spec_example():
    # A [256, 512] INT8 window at [1, 256, 512] of an [E, N, K] weight.
    offsets, sizes = block_window([1, 256, 512], [1, 256, 512], [4, 1024, 1024], 32)
    assert offsets == (1, 16, 16, 0, 0)
    assert sizes == (1, 16, 16, 16, 32)


def test_block_window_rank4_batch_and_dynamic_batch():
    assert block_window([1, 2, 0, 0], [1, 1, 16, 16], [3, 5, 32, 32], 16) == \
        ((7, 0, 0, 0, 0), (1, 1, 1, 16, 16))
    assert block_window([1, 0, 0, 0], [2, 5, 16, 16], [3, 5, 32, 32], 16) == \
        ((5, 0, 0, 0, 0), (10, 1, 1, 16, 16))
    assert block_window([7, 32, 64], [1, 16, 32], [None, 64, 128], 32) == \
        ((7, 2, 2, 0, 0), (1, 1, 1, 16, 32))


@pytest.mark.parametrize("offsets,sizes,shape,c0,words", [
    ([0, 8, 0], [1, 16, 32], [2, 64, 64], 32, ["row offset", "16"]),
    ([0, 0, 16], [1, 16, 32], [2, 64, 64], 32, ["column offset", "c0 = 32"]),
    ([0, 0, 0], [1, 24, 32], [2, 64, 64], 32, ["row count", "16"]),
    ([0, 0, 0], [1, 16, 40], [2, 64, 64], 32, ["column count", "c0 = 32"]),
    ([0, 0, 0], [1, 16, 0], [2, 64, 64], 32, ["sizes positive"]),
    ([0, -16, 0], [1, 16, 32], [2, 64, 64], 32, ["non-negative"]),
    ([0, 0], [1, 16, 32], [2, 64, 64], 32, ["same rank"]),
    ([0, 48, 0], [1, 32, 32], [2, 64, 64], 32, ["axis 1", "outside"]),
    ([2, 0, 0], [1, 16, 32], [2, 64, 64], 32, ["axis 0", "outside"]),
    ([0, 1, 0, 0], [2, 1, 16, 16], [3, 5, 32, 32], 16, ["axis 1", "not contiguous"]),
    ([0, 0, 0, 0, 0], [1, 2, 2, 16, 16], [3, 5, 4, 32, 32], 16, ["axis 2", "not contiguous"]),
    ([0, 0, 0], [1, 16, 32], [2, 64, 60], 32, ["columns 60", "[2, 64, 60]"]),
])
def test_block_window_refusals(offsets, sizes, shape, c0, words):
    with pytest.raises(NzLayoutError) as err:
        block_window(offsets, sizes, shape, c0)
    for word in words:
        assert word in str(err.value)


# ---------------------------------------------------------------- blocked_shape refusals

@pytest.mark.parametrize("shape,c0,words", [
    ([256, 500], 32, ["[256, 500]", "columns 500", "c0 = 32", "1-byte"]),
    ([40, 64], 16, ["[40, 64]", "rows 40", "multiple of 16", "2-byte"]),
    ([512], 32, ["[512]", "rank 1", "fractal plane"]),
    ([], 32, ["rank 0"]),
    ([None, 64], 32, ["rows", "dynamic"]),
    ([64, None], 32, ["columns", "dynamic"]),
    ([4, None, 64, 64], 8, ["axis 1 is dynamic", "static"]),
    ([None, 4, 64, 64], 8, ["axis 0 is dynamic"]),
    ([0, 64], 32, ["positive"]),
    ([0, 16, 32], 32, ["positive"]),
])
def test_blocked_shape_refusals(shape, c0, words):
    with pytest.raises(NzLayoutError) as err:
        blocked_shape(shape, c0)
    for word in words:
        assert word in str(err.value)


@FAST
@given(widths, st.integers(1, 200), st.integers(1, 200))
def test_blocked_shape_refuses_exactly_the_unaligned(bits, rows, cols):
    c0 = c0_for_bit_width(bits)
    aligned = rows % 16 == 0 and cols % c0 == 0
    if aligned:
        assert blocked_shape([rows, cols], c0)[1:3] == (cols // c0, rows // 16)
    else:
        with pytest.raises(NzLayoutError, match="not a multiple"):
            blocked_shape([rows, cols], c0)


# ---------------------------------------------------------------- GM gap guard (pto-isa #317)

@pytest.mark.parametrize("rows,loaded,blocks,fits", [
    (65536, 16, 2, True),
    (65552, 16, 2, False),
    (65552, 32, 2, True),
    (65552, 16, 1, True),
    (65535, 0, 4, True),
    (65536, 0, 4, False),
])
def test_gm_gap_boundaries(rows, loaded, blocks, fits):
    assert gm_gap_fits(rows, loaded, blocks) is fits


@FAST
@given(widths, st.integers(1, 8192), st.integers(0, 8192), st.integers(2, 64))
def test_gm_row_gap_is_dtype_independent(bits, row_fractals, loaded_fractals, col_blocks):
    # The gap the hardware computes: (S1 - 16*n2*c0) * sizeof / 32 blocks, S1 = R*c0.
    c0 = c0_for_bit_width(bits)
    rows, loaded = 16 * row_fractals, 16 * min(loaded_fractals, row_fractals)
    hardware_gap = (rows * c0 - loaded * c0) * (bits // 8) // 32
    assert gm_row_gap(rows, loaded) == hardware_gap
    assert gm_gap_fits(rows, loaded, col_blocks) == (hardware_gap < 2**16)


# ---------------------------------------------------------------- spec examples and printing

def test_spec_examples():
    c0 = c0_for_bit_width(8)
    assert blocked_shape([32, 2048, 4096], c0) == (32, 128, 128, 16, 32)
    blocked = blocked_shape([256, 512], c0)
    assert blocked == (1, 16, 16, 16, 32)
    assert row_major_strides(blocked) == (131072, 8192, 512, 32, 1)
    assert nz_strides(256, 512, c0) == (131072, 8192, 512, 32, 1)
    assert layout_str(blocked, row_major_strides(blocked)) == \
        "(1,16,16,16,32):(131072,8192,512,32,1)"


def test_layout_str_dynamic():
    assert layout_str((None, 4, 4, 16, 32), (8192, 2048, 512, 32, 1)) == \
        "(?,4,4,16,32):(8192,2048,512,32,1)"
    assert layout_str((None, 3), (None, 1)) == "(?,3):(?,1)"

