"""A2/A3 data movement model (hardware-model §(c)/(d)): tiles, TLOAD, TSTORE, pto-isa#317."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.model import (
    GlobalTensor,
    GmOutOfBounds,
    HardwareLimitError,
    Tile,
    c0_for_dtype,
    gm_gap_blocks,
    nz_block_shape,
    pack_nz,
    tload_nd2nd,
    tload_nd2nz,
    tload_nz2nz,
    tstore_acc_nz2nz,
    tstore_nd,
    unpack_nz,
)

SENTINEL = 77


def arange_as(shape, dtype):
    """Distinct-ish values that survive the cast, so a misplaced element is visible."""
    return (np.arange(np.prod(shape)) % 127 + 1).astype(dtype).reshape(shape)


def nz_parent(a):
    """A canonical NZ GM view holding the logical array ``a`` ([B, R, C])."""
    return GlobalTensor.nz(pack_nz(a).ravel(), nz_block_shape(a.shape, a.dtype))


def mat_tile(dtype, rows, cols, valid_rows=None):
    tile = Tile("mat", np.dtype(dtype), rows, cols,
                valid_rows=rows if valid_rows is None else valid_rows)
    tile.storage[:] = SENTINEL
    return tile


# --------------------------------------------------------------------------- tile layouts


def test_tile_layouts_follow_the_spec_offsets():
    r, c = np.ogrid[:32, :64]
    nz = Tile("mat", np.dtype(np.float16), 32, 64)
    assert (nz.offsets(r, c) == (c // 16) * 32 * 16 + r * 16 + c % 16).all()
    acc = Tile("acc", np.dtype(np.float32), 32, 64)
    assert (acc.offsets(r, c) == (c // 16) * 32 * 16 + r * 16 + c % 16).all()
    assert Tile("mat", np.dtype(np.float32), 32, 64).box_cols == 8
    vec = Tile("vec", np.dtype(np.float32), 32, 64)
    assert (vec.offsets(r, c) == r * 64 + c).all()


def test_tile_logical_round_trip_and_get():
    tile = Tile("mat", np.dtype(np.int8), 32, 64)
    value = arange_as((32, 64), np.int8)
    tile.set_logical(value)
    assert (tile.to_logical() == value).all()
    assert tile.get(17, 40) == value[17, 40]
    assert (tile.storage == pack_nz(value).ravel()).all()


def test_tile_refuses_unmodelled_or_misaligned_geometry():
    with pytest.raises(ValueError, match="explicit blayout"):
        Tile("left", np.dtype(np.float16), 16, 16)
    with pytest.raises(ValueError, match="whole number"):
        Tile("mat", np.dtype(np.float16), 24, 16)


# --------------------------------------------------------------------------- TLOAD NZ -> NZ


@st.composite
def nz_loads(draw):
    """A canonical parent [B, R, C] and a window (o, n) inside it."""
    dtype = draw(st.sampled_from([np.int8, np.int16, np.float16, np.float32]))
    c0 = c0_for_dtype(dtype)
    B, Rf, Cb = (draw(st.integers(1, 3)) for _ in range(3))
    n0, n1, n2 = draw(st.integers(1, B)), draw(st.integers(1, Cb)), draw(st.integers(1, Rf))
    o = (draw(st.integers(0, B - n0)), draw(st.integers(0, Cb - n1)),
         draw(st.integers(0, Rf - n2)), 0, 0)
    return arange_as((B, 16 * Rf, c0 * Cb), dtype), o, (n0, n1, n2, 16, c0)


@settings(max_examples=100, deadline=None)
@given(nz_loads(), st.sampled_from(["a2a3", "ideal"]), st.integers(0, 2))
def test_tload_nz2nz_reads_the_logical_window(load, mode, extra_row_fractals):
    a, o, n = load
    n0, n1, n2, _, c0 = n
    vr, cols = 16 * n2, n0 * n1 * c0
    tile = mat_tile(a.dtype, vr + 16 * extra_row_fractals, cols + c0, valid_rows=vr)
    tload_nz2nz(nz_parent(a), o, n, tile, mode)
    window = a[o[0]:o[0] + n0, 16 * o[2]:16 * o[2] + vr, c0 * o[1]:c0 * (o[1] + n1)]
    got = tile.to_logical()
    assert (got[:vr, :cols] == window.transpose(1, 0, 2).reshape(vr, cols)).all()
    assert (got[vr:] == SENTINEL).all() and (got[:, cols:] == SENTINEL).all()


def test_gm_gap_blocks_is_rows_skipped_and_wraps_when_negative():
    for dtype in (np.int8, np.int16, np.float32):
        c0, s = c0_for_dtype(dtype), np.dtype(dtype).itemsize
        assert gm_gap_blocks(S1=4104 * 16 * c0, n2=8, c0=c0, itemsize=s) == 65536
    assert gm_gap_blocks(S1=0, n2=1, c0=16, itemsize=2) == 2**32 - 16


def replay_pto_isa_317_inputs():
    """The three int16 NZ inputs of pto-isa#317, regenerated bit for bit.

    pto-isa's tests/npu/a2a3/src/st/testcase/tload_gm2mat/gen_data.py seeds numpy with 19
    and draws ``randint(-5, 5)`` for each case in order; the issue adds its three cases after
    the 18th. Replaying the earlier draws reproduces the exact device data.
    """
    earlier_whole_shapes = [
        (3, 3, 3, 32, 128), (3, 3, 3, 111, 64), (1, 3, 2, 93, 32), (1, 1, 1, 1, 201),
        (3, 3, 3, 128, 32), (3, 3, 3, 64, 111), (1, 3, 2, 32, 93), (1, 1, 1, 156, 1),
        (1, 5, 21, 16, 8), (3, 23, 13, 16, 16), (1, 32, 32, 16, 32), (1, 1, 1, 49, 35),
        (1, 1, 1, 752, 1000), (1, 1, 1, 1024, 1024), (1, 1, 1, 1024, 1024),
        (1, 1, 1, 256, 256), (4, 3, 3, 256, 400), (7, 7, 7, 16, 16),
    ]
    rng = np.random.RandomState(19)
    for shape in earlier_whole_shapes:
        rng.randint(-5, 5, size=shape)
    cases = [((1, 2, 4096, 16, 16), 8), ((1, 2, 4104, 16, 16), 8), ((1, 2, 4104, 16, 16), 16)]
    return [(rng.randint(-5, 5, size=whole).astype(np.int16), n2) for whole, n2 in cases]


def load_317_case(whole, n2, mode, n1=2):
    """TLOAD window (1, n1, n2, 16, 16) at the origin; returns (tile storage, golden)."""
    view = GlobalTensor.nz(whole.ravel(), whole.shape)
    tile = mat_tile(np.int16, 16 * n2, 16 * n1)
    tload_nz2nz(view, (0, 0, 0, 0, 0), (1, n1, n2, 16, 16), tile, mode)
    return tile.storage, whole[:1, :n1, :n2].ravel()


def test_pto_isa_317_device_log_is_reproduced_exactly():
    (ok_rows, n2a), (bad, n2), (ok_tall, n2c) = replay_pto_isa_317_inputs()
    got, golden = load_317_case(bad, n2, "a2a3")
    wrong = np.flatnonzero(got != golden)
    assert (len(wrong), wrong[0]) == (1831, 2048)  # the failing case of the device log
    # The device read e_ideal - j*q*65536*c0 with q = 1: block 1 re-reads strip 0 past row 128.
    assert (got[2048:] == bad.ravel()[2048:4096]).all()
    for whole, rows, mode in [(ok_rows, n2a, "a2a3"), (ok_tall, n2c, "a2a3"), (bad, n2, "ideal")]:
        got, golden = load_317_case(whole, rows, mode)
        assert (got == golden).all()


def test_pto_isa_317_single_column_block_is_exempt():
    bad, n2 = replay_pto_isa_317_inputs()[1]
    got, golden = load_317_case(bad, n2, "a2a3", n1=1)
    assert (got == golden).all()


def test_tload_reports_out_of_bounds_reads():
    a = arange_as((1, 32, 16), np.int16)
    tile = mat_tile(np.int16, 16, 16)
    with pytest.raises(GmOutOfBounds) as err:
        tload_nz2nz(nz_parent(a), (0, 1, 0, 0, 0), (1, 1, 1, 16, 16), tile, "ideal")
    assert err.value.index == 512 and err.value.size == 512
    assert (tile.storage == SENTINEL).all()


def test_tload_refuses_strides_the_device_cannot_encode():
    view = GlobalTensor(np.zeros(512, np.int16), 0, (1, 1, 2, 16, 16),
                        (2**31, 512, 256, 16, 1), "nz")
    with pytest.raises(HardwareLimitError, match="2\\^31"):
        tload_nz2nz(view, (0, 0, 0, 0, 0), (1, 1, 1, 16, 16), mat_tile(np.int16, 16, 16))


# --------------------------------------------------------------------------- TLOAD ND -> ND/NZ


def test_tload_nd2nd_reads_the_window_and_stacks_leading_dims():
    a = arange_as((40, 50), np.float32)
    tile = Tile("vec", np.dtype(np.float32), 16, 32, valid_cols=20)
    tload_nd2nd(GlobalTensor.nd(a.ravel(), a.shape), (3, 5), (10, 20), tile)
    assert (tile.to_logical()[:10, :20] == a[3:13, 5:25]).all()
    tile = Tile("vec", np.dtype(np.float32), 16, 32)
    b = arange_as((3, 8, 32), np.float32)
    tload_nd2nd(GlobalTensor.nd(b.ravel(), b.shape), (1, 0, 0), (2, 8, 32), tile)
    assert (tile.to_logical() == b[1:3].reshape(16, 32)).all()


@pytest.mark.parametrize("valid_cols", [8, 20, 32])
def test_tload_nd2nd_bursts_valid_columns_at_the_partition_gap(valid_cols):
    """A2/A3 moves gShape3 bursts of validCol elements gStride3 - gShape4 apart: row b of
    the window is read from b * (validCol + S - gShape4) past its start, the window's own
    row only when the valid columns are the window's (the ideal mode reads the window)."""
    a = arange_as((40, 50), np.float32)
    view = GlobalTensor.nd(a.ravel(), a.shape)
    device = Tile("vec", np.dtype(np.float32), 16, 32, valid_cols=valid_cols)
    ideal = Tile("vec", np.dtype(np.float32), 16, 32, valid_cols=valid_cols)
    tload_nd2nd(view, (3, 5), (10, 20), device)
    tload_nd2nd(view, (3, 5), (10, 20), ideal, mode="ideal")
    flat = a.ravel()
    for b in range(10):
        start = 3 * 50 + 5 + b * (valid_cols + 50 - 20)
        assert (device.to_logical()[b, :valid_cols] == flat[start:start + valid_cols]).all()
    agree = (device.to_logical()[:10, :min(valid_cols, 20)] ==
             ideal.to_logical()[:10, :min(valid_cols, 20)]).all()
    assert agree == (valid_cols == 20)


@pytest.mark.parametrize("dtype, vc", [(np.float16, 32), (np.float16, 21), (np.int8, 40)])
def test_tload_nd2nz_equals_pack_of_the_padded_window(dtype, vc):
    a = arange_as((50, 70), dtype)
    c0 = c0_for_dtype(dtype)
    cols = -(-vc // c0) * c0
    tile = mat_tile(dtype, 32, cols)
    tload_nd2nz(GlobalTensor.nd(a.ravel(), a.shape), (2, 3), (32, vc), tile)
    padded = np.zeros((32, cols), dtype)
    padded[:, :vc] = a[2:34, 3:3 + vc]
    assert (tile.storage == pack_nz(padded).ravel()).all()


def test_tload_nd2nz_refuses_a_row_stride_that_wraps():
    view = GlobalTensor.nd(np.zeros(2 * 65552, np.float16), (2, 65552))
    with pytest.raises(HardwareLimitError, match="row stride 65552"):
        tload_nd2nz(view, (0, 0), (2, 16), mat_tile(np.float16, 16, 16))


def column_major_as_nd():
    """A 64 x 64 fp16 matrix stored column-major and described as ND with strides [1, 64]."""
    logical = arange_as((64, 64), np.float16)
    return logical, GlobalTensor(np.ascontiguousarray(logical.T).ravel(), 0, (64, 64), (1, 64))


@pytest.mark.parametrize("mode", ["a2a3", "ideal"])
def test_nd_transfers_refuse_an_innermost_stride_other_than_1(mode):
    # pto-isa's ND TLOAD/TSTORE never read gStride4: row r is 16 contiguous elements from
    # p + r * stride[-2], not the strided column a read through every stride would give
    # (found by red team: the model read logical[0:16, 16:32], the device other data).
    _, view = column_major_as_nd()
    with pytest.raises(HardwareLimitError, match="innermost stride is 64, not 1"):
        tload_nd2nd(view, (0, 16), (16, 16), Tile("vec", np.dtype(np.float16), 16, 16))
    with pytest.raises(HardwareLimitError, match="innermost stride is 64, not 1"):
        tload_nd2nz(view, (0, 16), (16, 16), mat_tile(np.float16, 16, 16), mode)
    for loc in ("vec", "acc"):
        tile = Tile(loc, np.dtype(np.float16 if loc == "vec" else np.float32), 16, 16)
        with pytest.raises(HardwareLimitError, match="innermost stride is 64, not 1"):
            tstore_nd(tile, view, (0, 16), (16, 16), mode=mode)


def test_nd_vec_transfers_refuse_overlapping_rows():
    # Rows 16 apart, a window 32 wide: the burst gap (16 - 32) * 2 bytes wraps as a uint32.
    a = arange_as((64 * 16 + 16,), np.float16)
    view = GlobalTensor(a, 0, (64, 64), (16, 1))
    with pytest.raises(HardwareLimitError, match="row stride 16 is less than the window's 32"):
        tload_nd2nd(view, (0, 0), (16, 32), Tile("vec", np.dtype(np.float16), 16, 32))
    with pytest.raises(HardwareLimitError, match="row stride 16 is less than the window's 32"):
        tstore_nd(Tile("vec", np.dtype(np.float16), 16, 32), view, (0, 0), (16, 32))
    # The ND -> NZ load reads row r from p + r * srcDValue: overlapping rows read right.
    tile = mat_tile(np.float16, 16, 32)
    tload_nd2nz(view, (0, 0), (16, 32), tile)
    rows = np.stack([a[16 * r:16 * r + 32] for r in range(16)])
    assert (tile.to_logical() == rows).all()


@pytest.mark.parametrize("rows, cols", [(16, 4096), (8208, 16)])
def test_tstore_nd_refuses_acc_regions_past_the_store_fields(rows, cols):
    # TStoreAccNz2nd packs the columns as nSize & 0xfff (4096 columns write none) and
    # asserts validRow <= 8192; the ideal mode, like the CPU simulator, writes them.
    tile = Tile("acc", np.dtype(np.float32), rows, cols)
    tile.storage[:] = 1
    view = GlobalTensor.nd(np.zeros(rows * cols, np.float32), (rows, cols))
    with pytest.raises(HardwareLimitError, match="TSTORE Acc->ND"):
        tstore_nd(tile, view, (0, 0), (rows, cols))
    tstore_nd(tile, view, (0, 0), (rows, cols), mode="ideal")
    assert (view.buffer == 1).all()


def vec_tile(rows, cols, valid_rows, valid_cols):
    tile = Tile("vec", np.dtype(np.float16), rows, cols, valid_rows, valid_cols)
    tile.set_logical(arange_as((rows, cols), np.float16) + 1)
    return tile


def device_vec_store(tile, stride, part_rows, part_cols):
    """TStoreUb2gmNd2nd transcribed: nBurst = gShape3, lenBurst = validCol,
    gmGap = gStride3 - gShape4."""
    gm = np.zeros(64 * stride, np.float16)
    vc = tile.valid_cols
    for b in range(part_rows):
        start = b * (vc + stride - part_cols)
        gm[start:start + vc] = tile.to_logical()[b, :vc]
    return gm


@pytest.mark.parametrize("valid, part", [((16, 100), (16, 128)), ((5, 128), (16, 128)),
                                         ((16, 100), (16, 100)), ((5, 96), (5, 96))])
def test_tstore_nd_vec_moves_the_partitions_rows_at_its_pitch(valid, part):
    # A partition of the tile's physical 16 x 128 with 100 valid columns puts GM row r at
    # r * 100, not r * 128; with 5 valid rows it writes all 16, the stale ones too (found
    # by red team: the ragged-tail store). Sized by the valid region it lands right.
    tile = vec_tile(16, 128, *valid)
    view = GlobalTensor.nd(np.zeros(64 * 128, np.float16), (64, 128))
    tstore_nd(tile, view, (0, 0), part)
    np.testing.assert_array_equal(view.buffer, device_vec_store(tile, 128, *part))
    ideal = GlobalTensor.nd(np.zeros(64 * 128, np.float16), (64, 128))
    tstore_nd(tile, ideal, (0, 0), part, mode="ideal")
    assert (view.buffer == ideal.buffer).all() == (part == valid)


def test_tstore_nd_vec_refuses_a_partition_taller_than_the_tile():
    tile = vec_tile(16, 128, 16, 128)
    view = GlobalTensor.nd(np.zeros(64 * 128, np.float16), (64, 128))
    with pytest.raises(HardwareLimitError, match="partition's 32 rows are more than"):
        tstore_nd(tile, view, (0, 0), (32, 128))


def test_tstore_nd_acc_writes_its_valid_rows_and_refuses_other_partition_columns():
    # TStoreAccNz2nd: validRow rows at p + r * gStride3 whatever the partition's rows;
    # validCol / gShape4 ND blocks, none for a wider partition.
    tile = Tile("acc", np.dtype(np.float32), 32, 64, 20, 48)
    tile.set_logical(arange_as((32, 64), np.float32) + 1)
    view = GlobalTensor.nd(np.zeros(64 * 128, np.float32), (64, 128))
    with pytest.raises(HardwareLimitError, match="partition's 64 columns are not the tile's 48"):
        tstore_nd(tile, view, (0, 0), (32, 64))
    tstore_nd(tile, view, (8, 0), (32, 48))
    expected = np.zeros((64, 128), np.float32)
    expected[8:28, :48] = tile.to_logical()[:20, :48]
    np.testing.assert_array_equal(view.buffer.reshape(64, 128), expected)


# --------------------------------------------------------------------------- TSTORE Acc -> NZ


def acc_tile(value):
    """An fp32 Acc tile whose valid region holds ``value``; L0C columns come in 16s."""
    rows, cols = value.shape
    tile = Tile("acc", np.dtype(np.float32), rows, -(-cols // 16) * 16, valid_cols=cols)
    tile.set_logical(np.pad(value, ((0, 0), (0, tile.cols - cols))))
    return tile


@pytest.mark.parametrize("mode", ["a2a3", "ideal"])
def test_tstore_acc_64x16_fills_the_whole_nz_parent(mode):
    value = arange_as((64, 16), np.float32)
    view = GlobalTensor.nz(np.zeros(64 * 16, np.float32), (1, 2, 4, 16, 8))
    tstore_acc_nz2nz(acc_tile(value), view, (0,) * 5, (1, 2, 4, 16, 8), mode)
    assert (view.buffer == pack_nz(value).ravel()).all()
    tstore_acc_nz2nz(acc_tile(value), view, (0,) * 5, (1, 2, 4, 16, 8), mode, atomic_add=True)
    assert (view.buffer == pack_nz(2 * value).ravel()).all()


def test_tstore_worked_example_stacks_block_1_under_block_0():
    """§(d): parent R=256, window (1,2,4,16,8): block 1 lands on rows 64..127 of strip 0."""
    value = arange_as((64, 16), np.float32)
    results = {}
    for mode in ("a2a3", "ideal"):
        view = GlobalTensor.nz(np.full(256 * 16, -1, np.float32), (1, 2, 16, 16, 8))
        tstore_acc_nz2nz(acc_tile(value), view, (0,) * 5, (1, 2, 4, 16, 8), mode)
        results[mode] = unpack_nz(view.buffer, (256, 16))
    device, ideal = results["a2a3"], results["ideal"]
    assert (device[:64, :8] == value[:, :8]).all()
    assert (device[64:128, :8] == value[:, 8:]).all()
    assert (device[:, 8:] == -1).all()
    assert (ideal[:64] == value).all() and (ideal[64:] == -1).all()


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 2), st.integers(1, 3), st.integers(1, 4), st.data())
def test_tstore_modes_agree_iff_the_spec_condition_holds(n0, n1, n2, data):
    """Device and intended maps coincide iff n0*n1 = 1 or (S1 = L and (n0 = 1 or S0 = n1*L))."""
    B = n0 + data.draw(st.integers(0, 1))
    Rf, Cb = n2 + data.draw(st.integers(0, 2)), n1 + data.draw(st.integers(0, 1))
    o = (data.draw(st.integers(0, B - n0)), data.draw(st.integers(0, Cb - n1)),
         data.draw(st.integers(0, Rf - n2)), 0, 0)
    shape, n = (B, Cb, Rf, 16, 8), (n0, n1, n2, 16, 8)
    value = np.arange(128 * n2 * n0 * n1, dtype=np.float32).reshape(16 * n2, -1) + 1
    L, S0, S1 = 16 * n2 * 8, Cb * Rf * 128, Rf * 128
    buffers = []
    for mode in ("a2a3", "ideal"):
        view = GlobalTensor.nz(np.zeros(B * Cb * Rf * 128 + n0 * n1 * L, np.float32), shape)
        tstore_acc_nz2nz(acc_tile(value), view, o, n, mode)
        buffers.append(view.buffer)
    agree = n0 * n1 == 1 or (S1 == L and (n0 == 1 or n1 * L == S0))
    assert np.array_equal(*buffers) == agree


@pytest.mark.parametrize("mode", ["a2a3", "ideal"])
def test_tstore_is_not_clipped_to_the_view_and_reports_out_of_bounds(mode):
    """A 64x32 tile stored through a 16-column window writes blocks 2 and 3 past the end."""
    view = GlobalTensor.nz(np.zeros(64 * 16, np.float32), (1, 2, 4, 16, 8))
    tile = acc_tile(arange_as((64, 32), np.float32))
    with pytest.raises(GmOutOfBounds) as err:
        tstore_acc_nz2nz(tile, view, (0,) * 5, (1, 2, 4, 16, 8), mode)
    assert err.value.index == 1024
    assert (view.buffer == 0).all()
