"""Red team 26, area model: transfers the byte model ran with a formula that is not the
device's, judged against numpy references written here from docs/hardware-model.md.

- An NZ Mat tile whose boxes are not 16 x c0 (fractal other than 512): the NZ->NZ and
  ND->NZ loads write 32-byte C0 lines at `(c div c0)*Rows*c0 + r*c0 + k` (section (b) and
  (c)); the model laid the window out through the tile's own boxes, so it showed the
  logical window where the device's bytes read as other elements. Now refused.
- An Acc->NZ store whose window's last sizes are not a fractal and C0 width the fixpipe
  writes for the pair (pto-isa's TStoreAccNz2nz: gShape3 == 16, gShape4 8 only with the
  channel split of an f32 tile into f32, else 16 for 32-bit outputs and 32 / size for the
  others), or whose valid region passes the store's fields: the model took the window's
  last size as its lane count whatever it was. Now refused; the ones it does model are
  checked against the formula of (d).
- The simulator ran a `pto.tload` with `pad_mode` / `init_out_buffer = true` as a plain
  copy, a relu `pto.tstore` of a Vec tile by clamping its storage (pto-isa's relu store
  static_asserts an Acc tile; bf16's raw bits never clamp), and the cube hooks moved b8
  into a Right tile by an element copy (pto-isa transposes 32 x 32 blocks; the docs say it
  is not modelled). Each is now refused.
- bench/fuzz_verify.py's new profiles (--nd, --cube-nd), run small: their oracle sees a
  misplaced window, and no program they make that verify-pto-nz accepts moves wrong data.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from nzpass.ir.bindings import ir, new_context
from nzpass.model import GlobalTensor, HardwareLimitError, SimulationError, Simulator, Tile
from nzpass.model.cube import extract_hook
from nzpass.model.hardware import tload_nd2nz, tload_nz2nz, tstore_acc_nz2nz

C0_BYTES = 32


def _values(shape, dtype) -> np.ndarray:
    """Distinct small values that every dtype here holds exactly (1..127)."""
    return (np.arange(int(np.prod(shape))) % 127 + 1).astype(dtype).reshape(shape)


def _pack(a: np.ndarray) -> np.ndarray:
    """(a) of the spec, element by element: (r, c) of [R, C] at (c div c0)*R*c0 + r*c0 + c
    mod c0 (written here from the formula, not from nzpass.model.packer)."""
    rows, cols = a.shape
    c0 = C0_BYTES // a.dtype.itemsize
    out = np.zeros(rows * cols, a.dtype)
    for r in range(rows):
        for c in range(cols):
            out[(c // c0) * rows * c0 + r * c0 + c % c0] = a[r, c]
    return out


def _mat(dtype, rows: int, cols: int, fractal: int) -> Tile:
    return Tile("mat", np.dtype(dtype), rows, cols, blayout="col_major", slayout="row_major",
                fractal=fractal)


# --------------------------------------------------------------------------- NZ Mat boxes


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.float16, np.float32, np.int32])
def test_nz_load_of_c0_boxes_matches_the_spec(dtype):
    """The control: a fractal=512 Mat tile of every element width holds the window as
    (c) says, the tile element (r, c) at L1 offset (c div c0)*Rows*c0 + r*c0 + c mod c0."""
    c0 = C0_BYTES // np.dtype(dtype).itemsize
    a = _values((32, 2 * c0), dtype)
    view = GlobalTensor.nz(_pack(a), (1, 2, 2, 16, c0))
    tile = _mat(dtype, 32, 2 * c0, 512)
    tload_nz2nz(view, (0,) * 5, (1, 2, 2, 16, c0), tile)
    assert np.array_equal(tile.storage, _pack(a))
    assert np.array_equal(tile.to_logical(), a)


@pytest.mark.parametrize("dtype, fractal", [(np.float32, 1024), (np.float32, 256),
                                            (np.float16, 1024), (np.int8, 1024)])
def test_nz_load_into_other_boxes_is_refused(dtype, fractal):
    """The device writes C0 lines of 32 bytes whatever the tile's boxes: an f32 tile of
    16 x 16 boxes (fractal=1024) reads L1 offset 8 as element (0, 8) where the load put
    element (1, 0). The model wrote through the tile's boxes and showed the window."""
    c0 = C0_BYTES // np.dtype(dtype).itemsize
    a = _values((16, 2 * c0), dtype)
    view = GlobalTensor.nz(_pack(a), (1, 2, 1, 16, c0))
    tile = _mat(dtype, 16, 2 * c0 * 2, fractal)
    with pytest.raises(ValueError, match="fractal=512"):
        tload_nz2nz(view, (0,) * 5, (1, 2, 1, 16, c0), tile)


def test_nd_to_nz_load_into_other_boxes_is_refused():
    """TLoadGm2L1Nd2nz static_asserts SFractalSize == 512: the model converted into the
    tile's 16 x 16 f32 boxes instead."""
    a = _values((16, 16), np.float32)
    tile = _mat(np.float32, 16, 16, 1024)
    with pytest.raises(ValueError, match="fractal=512"):
        tload_nd2nz(GlobalTensor.nd(a.ravel().copy(), (16, 16)), (0, 0), (16, 16), tile)


# --------------------------------------------------------------------------- Acc -> NZ


def _acc(value: np.ndarray) -> Tile:
    rows, cols = value.shape
    tile = Tile("acc", value.dtype, rows, cols)
    tile.set_logical(value)
    return tile


def _spec_store(value: np.ndarray, n2: int, c0o: int, size: int) -> np.ndarray:
    """(d): GM[p + (c div c0o)*L + r*c0o + c mod c0o] := V(r, c), L = 16*n2*c0o, p = 0."""
    out = np.zeros(size, value.dtype)
    rows, cols = value.shape
    for r in range(rows):
        for c in range(cols):
            out[(c // c0o) * 16 * n2 * c0o + r * c0o + c % c0o] = value[r, c]
    return out


@pytest.mark.parametrize("dtype, c0o", [(np.float32, 8), (np.float32, 16), (np.int32, 16)])
def test_acc_nz_store_widths_the_fixpipe_writes_match_the_spec(dtype, c0o):
    """f32 -> f32 with the channel split (8) or without (16), i32 -> i32 at 16: each
    written as (d) says."""
    value = _values((32, 32), dtype)
    size = 32 * 32
    view = GlobalTensor.nz(np.zeros(size, dtype), (1, 32 // c0o, 2, 16, c0o))
    tstore_acc_nz2nz(_acc(value), view, (0,) * 5, (1, 32 // c0o, 2, 16, c0o))
    assert np.array_equal(view.buffer, _spec_store(value, 2, c0o, size))


@pytest.mark.parametrize("tile_dtype, gm_dtype, sizes", [
    (np.int32, np.int32, (1, 4, 2, 16, 8)),      # no channel split for i32
    (np.int32, np.float32, (1, 4, 2, 16, 8)),    # nor for an i32 tile into f32
    (np.float32, np.float16, (1, 4, 2, 16, 8)),  # f16 lines are 16 wide
    (np.float32, np.float32, (1, 4, 4, 8, 8)),   # fractals are 16 rows
    (np.float32, np.float32, (1, 1, 2, 16, 32)),
])
def test_acc_nz_store_of_a_width_the_fixpipe_does_not_write_is_refused(tile_dtype, gm_dtype,
                                                                       sizes):
    """The model wrote these with the window's last size as its lane count: an i32 store
    into a c0 = 8 view came out as channel-split halves, which only f32 -> f32 has."""
    value = _values((32, 32), tile_dtype)
    view = GlobalTensor.nz(np.zeros(32 * 32, gm_dtype), sizes)
    with pytest.raises(HardwareLimitError, match="the fixpipe writes"):
        tstore_acc_nz2nz(_acc(value), view, (0,) * 5, sizes)
    assert not view.buffer.any()


def test_acc_nz_store_past_the_column_field_is_refused():
    """nSize & 0xfff: 4096 valid columns encode 0 and the store writes nothing."""
    tile = Tile("acc", np.dtype(np.float32), 16, 4096)
    tile.storage[:] = 1
    view = GlobalTensor.nz(np.zeros(16 * 4096, np.float32), (1, 512, 1, 16, 8))
    with pytest.raises(HardwareLimitError, match="fields"):
        tstore_acc_nz2nz(tile, view, (0,) * 5, (1, 512, 1, 16, 8))


# --------------------------------------------------------------------------- simulator


def _vec_round_trip(load_attr: str = "", store_attr: str = "", dtype: str = "f16") -> str:
    """A 16 x 32 partition loaded into a Vec tile and stored back whole; `load_attr` and
    `store_attr` are added to the ops' attribute dictionaries."""
    tile = (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows=16, cols=32, v_row=16, v_col=32, "
            "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    view, part = f"!pto.tensor_view<?x?x{dtype}>", f"!pto.partition_tensor_view<16x32x{dtype}>"
    extra_load = f", {load_attr}" if load_attr else ""
    extra_store = f", {store_attr}" if store_attr else ""
    return f"""
func.func @kernel(%src: !pto.ptr<{dtype}>, %dst: !pto.ptr<{dtype}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %sv = "pto.make_tensor_view"(%src, %c16, %c32, %c32, %c1)
    {{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}}
    : (!pto.ptr<{dtype}>, index, index, index, index) -> {view}
  %dv = "pto.make_tensor_view"(%dst, %c16, %c32, %c32, %c1)
    {{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}}
    : (!pto.ptr<{dtype}>, index, index, index, index) -> {view}
  %sp = "pto.partition_view"(%sv, %c0, %c0, %c16, %c32)
    {{operandSegmentSizes = array<i32: 1, 2, 2>}} : ({view}, index, index, index, index) -> {part}
  %dp = "pto.partition_view"(%dv, %c0, %c0, %c16, %c32)
    {{operandSegmentSizes = array<i32: 1, 2, 2>}} : ({view}, index, index, index, index) -> {part}
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {tile}
  "pto.tload"(%sp, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>{extra_load}}}
    : ({part}, {tile}) -> ()
  "pto.tstore"(%t, %dp) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>{extra_store}}}
    : ({tile}, {part}) -> ()
  return
}}
"""


def _simulate(text: str, src: np.ndarray) -> np.ndarray:
    with new_context():
        out = np.zeros_like(src)
        Simulator(ir.Module.parse(text)).run("kernel", src, out)
        return out


def test_plain_vec_round_trip_copies_the_window():
    """The control, with the plain values of both load attributes spelled out."""
    src = (np.arange(16 * 32) % 200 - 100).astype(np.float16)
    text = _vec_round_trip("pad_mode = #pto.padmode<PadNull>, init_out_buffer = false")
    assert np.array_equal(_simulate(text, src), src)


@pytest.mark.parametrize("attr", ["init_out_buffer = true",
                                  "pad_mode = #pto.padmode<PadFirstElem>",
                                  "pad_mode = #pto.padmode<PadValue>"])
def test_padding_load_is_refused(attr):
    """The model ran these as plain copies: a load that initialises or pads its tile
    writes bytes the model does not know."""
    with pytest.raises(SimulationError, match="not modelled"):
        _simulate(_vec_round_trip(load_attr=attr), np.ones(16 * 32, np.float16))


@pytest.mark.parametrize("dtype", ["f16", "bf16", "f32"])
def test_relu_store_of_a_vec_tile_is_refused(dtype):
    """pto-isa's TSTORE_IMPL with a reluPreMode static_asserts an Acc tile: the relu is
    the fixpipe's. The model clamped the Vec tile's storage at zero: -1.0 became 0 in f16
    and f32, and stayed -1.0 in bf16 (raw uint16 bits, never below zero)."""
    src = np.full(16 * 32, -1.0, np.float32)
    if dtype == "bf16":
        src = (src.view(np.uint32) >> 16).astype(np.uint16)
    elif dtype == "f16":
        src = src.astype(np.float16)
    text = _vec_round_trip(store_attr="reluPreMode = #pto<relu_pre_mode normal_relu>",
                           dtype=dtype)
    with pytest.raises(SimulationError, match="fixpipe"):
        _simulate(text, src)


def test_b8_move_into_a_right_tile_is_refused():
    """docs/hardware-model.md lists b8 (32 x 32) transposes into L0B as not modelled;
    the extract hook copied i8 elements into the Right tile all the same."""
    src = _mat(np.int8, 32, 32, 512)
    src.set_logical(_values((32, 32), np.int8))
    right = Tile("right", np.dtype(np.int8), 32, 32, blayout="row_major",
                 slayout="col_major", fractal=512)
    op = SimpleNamespace(name="pto.tmov", location="loc(test)")
    with pytest.raises(SimulationError, match="transposes"):
        extract_hook(None, op, [src, right])  # type: ignore[arg-type]


def test_b8_move_into_a_left_tile_copies_the_elements():
    """The control: into a Left (zZ) tile the b8 move is the element copy (16 x 32 boxes,
    row-major inside, at (r div 16)*(Cols/32)*512 + (c div 32)*512 + (r mod 16)*32 + c mod
    32: docs/hardware-model.md "Cube moves and mad")."""
    a = _values((32, 64), np.int8)
    src = _mat(np.int8, 32, 64, 512)
    src.set_logical(a)
    left = Tile("left", np.dtype(np.int8), 32, 64, blayout="row_major", slayout="row_major",
                fractal=512)
    extract_hook(None, SimpleNamespace(name="pto.tmov", location="loc(test)"),  # type: ignore[arg-type]
                 [src, left])
    r, c = np.indices(a.shape)
    expected = np.zeros(a.size, np.int8)
    expected[(r // 16) * 2 * 512 + (c // 32) * 512 + (r % 16) * 32 + c % 32] = a
    assert np.array_equal(left.storage, expected)


# --------------------------------------------------------------------------- fuzz profiles


def _fuzz_verify():
    bench = str(Path(__file__).resolve().parents[2] / "bench")
    if bench not in sys.path:
        sys.path.insert(0, bench)
    import fuzz_verify

    return fuzz_verify


def test_nd_profile_oracle_sees_a_misplaced_window():
    """The --nd oracle (bench/fuzz_verify.py): an accepted round trip is judged right, and
    the same program judged for windows one row lower is judged wrong (an oracle that
    passes everything proves nothing)."""
    fz = _fuzz_verify()
    prog = fz.NdProgram("bf16", 12, 40, 48, (4, 16), 8, (4, 16), (4, 16), False, (0, 2), None)
    text = prog.text()
    assert fz.vf.verify(text)[0]
    assert fz.judge_nd(prog, text, 0) == ""
    prog.extra_row = 1
    assert fz.judge_nd(prog, text, 0).startswith("output differs")


def test_fuzz_profiles_accept_programs_and_find_no_mismatch(capsys):
    """Small deterministic runs of the new profiles: no accepted program moves wrong data,
    and each profile reaches both sides of the verifier."""
    fz = _fuzz_verify()
    assert fz.run_nd(30, seed=3) == 0
    assert fz.run_cube_nd(12, seed=2) == 0
    out = capsys.readouterr().out
    nd = re.search(r"nd: generated 30  accepted (\d+)", out)
    cube = re.search(r"cube-nd: generated 12  accepted (\d+)", out)
    assert nd and 5 <= int(nd.group(1)) < 30, out
    assert cube and 3 <= int(cube.group(1)) < 12, out
