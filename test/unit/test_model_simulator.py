"""The pto simulator (nzpass.model.simulator) on the output of the real passes.

Each test writes a `pl` kernel as generic MLIR text, lowers it with
block-nz-tensor-views, materialize-tensor-strides and convert-pl-to-pto, binds GM buffers
(`pack_nz(logical)` for NZ tensors, the plain array for ND) and checks what the simulated
`pto.tload`s put in the tiles, or what the `pto.tstore`s leave in GM, against numpy.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import run_pipeline
from nzpass.dialects import pto
from nzpass.ir.bindings import ir
from nzpass.model import (
    BUILTIN_HOOKS,
    MATMUL_HOOKS,
    GlobalTensor,
    GmOutOfBounds,
    SimulationError,
    Simulator,
    Tile,
    c0_for_dtype,
    pack_nz,
    tstore_nd,
    unpack_nz,
)
from nzpass.model.simulator import tile_for
from support.lowering import PIPELINE, Kernel, lower, try_lower

MLIR_ELEMENT = {np.dtype(np.int8): "i8", np.dtype(np.float16): "f16",
                np.dtype(np.float32): "f32"}
DTYPES = [np.int8, np.float16, np.float32]
MODES = ["a2a3", "ideal"]


# Every test runs in the conftest's `ctx` (a context set up as nzpass sets it up).
pytestmark = pytest.mark.usefixtures("ctx")


# --------------------------------------------------------------------------- helpers


def values(shape, dtype, seed=0):
    """Distinct-ish values, exact in `dtype`, so a misplaced element shows."""
    rng = np.random.default_rng(seed)
    if np.dtype(dtype) == np.int8:
        return rng.integers(-128, 128, shape).astype(np.int8)
    return rng.integers(-2000, 2000, shape).astype(dtype)


def tensor_t(shape, dtype, nz=True) -> str:
    dims = "x".join("?" if d is None else str(d) for d in shape)
    layout = ", #pl.layout<nz>" if nz else ""
    return f"tensor<{dims}x{MLIR_ELEMENT[np.dtype(dtype)]}{layout}>"


def tile_t(rows, cols, dtype, space="mat", valid=None) -> str:
    extra = f", valid = {valid}" if valid else ""
    return f"!pl.tile<{rows}x{cols}x{MLIR_ELEMENT[np.dtype(dtype)]}, {space}{extra}>"


def op_names(module: ir.Module) -> list[str]:
    names = []
    module.operation.walk(lambda op: names.append(op.operation.name) or ir.WalkResult.ADVANCE,
                          ir.WalkOrder.PRE_ORDER)
    return names


# --------------------------------------------------------------------------- NZ loads


CONSTANT_CASES = {  # rank -> (logical shape in units of (1, 1, 16 rows, c0 cols), offsets, sizes)
    2: ((4, 4), (1, 1), (2, 2)),
    3: ((3, 4, 4), (2, 2, 1), (1, 2, 2)),
    4: ((2, 3, 4, 4), (1, 2, 1, 1), (1, 1, 2, 2)),
}


def scaled(rank_units, c0):
    """Leading axes as given, the last two in units of 16 rows and c0 columns."""
    *lead, rows, cols = rank_units
    return (*lead, rows * 16, cols * c0)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("rank", sorted(CONSTANT_CASES))
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_constant_window_nz_load_equals_logical_window(dtype, rank, mode):
    c0 = c0_for_dtype(dtype)
    units, offset_units, size_units = CONSTANT_CASES[rank]
    shape, offsets, sizes = (scaled(u, c0) for u in (units, offset_units, size_units))
    w = values(shape, dtype)
    tt = tensor_t(shape, dtype)
    k = Kernel(("%w", tt))
    k.load("%t", "%w", tt, offsets, sizes, tile_t(sizes[-2], sizes[-1], dtype))
    module = lower(k.text())
    assert "pl.tile.load" not in op_names(module)

    result = Simulator(module, mode=mode).run("kernel", pack_nz(w))

    (load,) = result.loads
    window = w[tuple(slice(o, o + n) for o, n in zip(offsets, sizes, strict=True))]
    np.testing.assert_array_equal(load.logical, window.reshape(sizes[-2], sizes[-1]))
    assert load.tile.dtype == np.dtype(dtype) and load.tile.is_nz
    assert result.tiles[load.name][0] is load.logical


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_symbolic_offsets_through_loops_and_block_idx(dtype):
    """w[l, n0:n0+32, k0:k0+2c0] for l in range(2), k0 in range(0, 4c0, 2c0), n0 = bi*32."""
    c0 = c0_for_dtype(dtype)
    layers, rows, cols, tr, tc = 2, 64, 4 * c0, 32, 2 * c0
    w = values((layers, rows, cols), dtype, seed=1)
    tt = tensor_t(w.shape, dtype)
    k = Kernel(("%w", tt))
    n0 = k.muli("%n0", k.block_idx(blocks=rows // tr), tr)
    k.emit(f"scf.for %l = {k.idx(0)} to {k.idx(layers)} step {k.idx(1)} {{")
    k.emit(f"  scf.for %k0 = {k.idx(0)} to {k.idx(cols)} step {k.idx(tc)} {{")
    k.load("%t", "%w", tt, ["%l", n0, "%k0"], [1, tr, tc], tile_t(tr, tc, dtype))
    k.emit("  }")
    k.emit("}")
    module = lower(k.text())

    for bi in range(rows // tr):
        result = Simulator(module, block_idx=bi, block_num=rows // tr).run("kernel", pack_nz(w))
        expected = [w[layer, bi * tr:(bi + 1) * tr, k0:k0 + tc]
                    for layer in range(layers) for k0 in range(0, cols, tc)]
        assert len(result.loads) == len(expected)
        for load, window in zip(result.loads, expected, strict=True):
            np.testing.assert_array_equal(load.logical, window)
        (name,) = result.tiles  # one alloc_tile in the loop body: one SSA name, 4 snapshots
        assert len(result.tiles[name]) == len(expected)


def test_folded_batch_offsets_from_block_idx_and_loop():
    """Rank 4 [G, E, R, C]: both leading offsets symbolic, folded into batch g*E + e."""
    dtype, c0 = np.float16, 16
    g_, e_, rows, cols = 2, 3, 32, 2 * c0
    w = values((g_, e_, rows, cols), dtype, seed=2)
    tt = tensor_t(w.shape, dtype)
    k = Kernel(("%w", tt))
    g = k.block_idx(blocks=g_)
    k.emit(f"scf.for %e = {k.idx(0)} to {k.idx(e_)} step {k.idx(1)} {{")
    k.load("%t", "%w", tt, [g, "%e", 16, c0], [1, 1, 16, c0], tile_t(16, c0, dtype))
    k.emit("}")
    module = lower(k.text())
    for gi in range(g_):
        result = Simulator(module, block_idx=gi, block_num=g_).run("kernel", pack_nz(w))
        for e, load in enumerate(result.loads):
            np.testing.assert_array_equal(load.logical, w[gi, e, 16:32, c0:2 * c0])


def _i32_product_kernel(blocks: int | None) -> str:
    """n0 = bi * 32 in i32 over a [64, 64] int8 weight, launched over `blocks` blocks."""
    dtype = np.int8
    tt = tensor_t((64, 64), dtype)
    k = Kernel(("%w", tt))
    bi = k.block_idx(blocks=blocks)
    k.emit(f"%b32 = arith.index_cast {bi} : index to i32")
    k.emit("%c32_i32 = arith.constant 32 : i32")
    k.emit("%c0_i32 = arith.constant 0 : i32")
    k.muli("%n0", "%b32", "%c32_i32", "i32")
    k.load("%t", "%w", tt, ["%n0", "%c0_i32"], [32, 32], tile_t(32, 32, dtype),
           offset_types=["i32", "i32"])
    return k.text()


def test_i32_offsets_are_bounded_then_divided_whole():
    """docs/nz-semantics.md section 8: an i32 product is believed only inside its width.
    Session 1 accepted n0 = bi * 256 with bi unbounded (bi = 2^23 wrapped n0 negative and
    the load fell off the buffer); the analysis now bounds bi by the launch and refuses a
    window that can leave the 64 rows. With two blocks stated, it is divided whole in i32."""
    _, errors = try_lower(_i32_product_kernel(None))
    assert errors and "row window may leave the axis" in errors[0]
    module = lower(_i32_product_kernel(2))
    assert "arith.floordivsi" in op_names(module)
    w = values((64, 64), np.int8, seed=3)
    for bi in range(2):
        result = Simulator(module, block_idx=bi, block_num=2).run("kernel", pack_nz(w))
        np.testing.assert_array_equal(result.loads[0].logical, w[32 * bi:32 * bi + 32, 0:32])


def test_dynamic_batch_binds_its_trailing_extent_argument():
    dtype, c0 = np.float16, 16
    w = values((3, 32, 2 * c0), dtype, seed=4)
    tt = tensor_t((None, 32, 2 * c0), dtype)
    k = Kernel(("%w", tt))
    k.load("%t", "%w", tt, [2, 16, c0], [1, 16, c0], tile_t(16, c0, dtype))
    module = lower(k.text())
    func = module.body.operations[0]
    assert [str(a.type) for a in func.regions[0].blocks[0].arguments] == [
        "!pto.ptr<f16>", "index"]
    result = Simulator(module).run("kernel", pack_nz(w), 3)
    np.testing.assert_array_equal(result.loads[0].logical, w[2, 16:32, c0:2 * c0])


def test_ragged_tile_with_dynamic_valid_rows():
    """valid = ?x64: alloc_tile takes the valid row count; rows past it stay untouched.
    The count is bounded by the argument's stated range (0, 16 or 32 rows)."""
    dtype = np.float16
    w = values((64, 64), dtype, seed=5)
    tt = tensor_t(w.shape, dtype)
    k = Kernel(("%w", tt), ("%rf", "index {nz.range = array<i64: 0, 3>}"))
    k.muli("%rows", "%rf", 16)
    k.load("%t", "%w", tt, [32, 0], [32, 64], tile_t(32, 64, dtype, valid="?x64"),
           valid=["%rows", 64])
    module = lower(k.text())
    result = Simulator(module).run("kernel", pack_nz(w), 1)
    (load,) = result.loads
    assert (load.tile.valid_rows, load.tile.valid_cols) == (16, 64)
    np.testing.assert_array_equal(load.logical[:16], w[32:48])
    assert np.isnan(load.logical[16:]).all()  # untouched: what nothing wrote (poison)


# --------------------------------------------------------------------------- ND loads


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_nd_loads_into_mat_and_vec_tiles(dtype):
    c0 = c0_for_dtype(dtype)
    x = values((48, 3 * c0), dtype, seed=6)
    tt = tensor_t(x.shape, dtype, nz=False)
    k = Kernel(("%x", tt))
    k.load("%m", "%x", tt, [16, c0], [32, 2 * c0], tile_t(32, 2 * c0, dtype))
    k.load("%v", "%x", tt, [8, 3], [16, 2 * c0], tile_t(16, 2 * c0, dtype, "vec"), "vec")
    module = lower(k.text())
    mat, vec = Simulator(module).run("kernel", x).loads
    assert mat.tile.is_nz and not vec.tile.is_nz
    np.testing.assert_array_equal(mat.logical, x[16:48, c0:3 * c0])
    np.testing.assert_array_equal(vec.logical, x[8:24, 3:3 + 2 * c0])


# --------------------------------------------------------------------------- Acc stores


def fill_hook(data_for_block):
    """A hook for `pl.test.fill`: an Acc tile holding `data_for_block(block_idx)`."""

    def hook(sim, op, operands):
        buf = pto.tile_buf(op.results[0].type)
        assert buf is not None
        tile = tile_for(buf)
        tile.set_logical(data_for_block(sim.block_idx))
        return tile

    return hook


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("batched", [False, True], ids=["rank2", "rank3"])
def test_acc_store_into_nz_unpacks_to_expected_output(mode, batched):
    """Each block stores its [32, 16] Acc tile at column n0 = bi * 16 (whole rows, one
    panel); after all blocks, GM unpacks to the expected [32, 48] output."""
    rows, cols, tn, blocks = 32, 48, 16, 3
    expected = values((rows, cols), np.float32, seed=7)
    shape = (2, rows, cols) if batched else (rows, cols)
    tt = tensor_t(shape, np.float32)
    acc_t = tile_t(rows, tn, np.float32, "acc")
    k = Kernel(("%out", tt))
    n0 = k.muli("%n0", k.block_idx(blocks=blocks), tn)
    k.emit(f'%acc = "pl.test.fill"() : () -> {acc_t}')
    k.store("%acc", acc_t, "%out", tt, ([1] if batched else []) + [0, n0],
            'st_phase = "final"')
    module = lower(k.text())
    assert "pto.tstore" in op_names(module)

    gm = pack_nz(np.zeros(shape, np.float32))
    hooks = {"pl.test.fill": fill_hook(lambda b: expected[:, b * tn:(b + 1) * tn])}
    for bi in range(blocks):
        result = Simulator(module, mode, bi, blocks, hooks).run("kernel", gm)
        assert result.gm[0] is gm
        np.testing.assert_array_equal(result.stores[0].logical,
                                      expected[:, bi * tn:(bi + 1) * tn])
    logical = unpack_nz(gm, shape)
    np.testing.assert_array_equal(logical[1] if batched else logical, expected)
    if batched:
        assert not logical[0].any()


_ATOMIC_ROWS, _ATOMIC_COLS = 16, 32
_ATOMIC_DATA = values((_ATOMIC_ROWS, _ATOMIC_COLS), np.float32, seed=8)


def _atomic_store_kernel() -> str:
    """A kernel storing one Acc tile into an ND tensor with atomic add, lowered."""
    tt = tensor_t((_ATOMIC_ROWS, _ATOMIC_COLS), np.float32, nz=False)
    acc_t = tile_t(_ATOMIC_ROWS, _ATOMIC_COLS, np.float32, "acc")
    k = Kernel(("%out", tt))
    k.emit(f'%acc = "pl.test.fill"() : () -> {acc_t}')
    k.store("%acc", acc_t, "%out", tt, [0, 0], "atomic")
    return str(lower(k.text()))


def _check_it_accumulates(module: ir.Module) -> None:
    """Run twice on GM of ones: an atomic add leaves 1 + 2 * data."""
    gm = np.ones((_ATOMIC_ROWS, _ATOMIC_COLS), np.float32)
    sim = Simulator(module, hooks={"pl.test.fill": fill_hook(lambda b: _ATOMIC_DATA)})
    sim.run("kernel", gm)
    sim.run("kernel", gm)
    np.testing.assert_array_equal(gm, 1 + 2 * _ATOMIC_DATA)


def test_acc_store_into_nd_with_atomic_add_accumulates(ctx):
    _check_it_accumulates(ir.Module.parse(_atomic_store_kernel()))


def test_an_atomic_add_stated_as_a_property_accumulates_too(ctx):
    """atomicType in `<{...}>` beside a dictionary holding the segments, as hand-written
    generic pto may state it: the simulator reads it by name (it had read the dictionary
    alone whenever the segments stood in it, and modelled the store as a plain write)."""
    text = _atomic_store_kernel()
    atomic = "atomicType = #pto<atomic_type atomic_add>"
    assert text.count(f"{{{atomic}, ") == 1
    _check_it_accumulates(ir.Module.parse(text.replace(f"{{{atomic}, ", f"<{{{atomic}}}> {{")))


def test_tstore_nd_refuses_a_valid_region_larger_than_the_window():
    # The ideal mode only: the device writes the partition's rows (test_model_hardware).
    tile = Tile("vec", np.dtype(np.float32), 16, 16)
    view = GlobalTensor.nd(np.zeros(256, np.float32), (16, 16))
    with pytest.raises(ValueError, match="exceeds"):
        tstore_nd(tile, view, (8, 0), (8, 16), mode="ideal")


# --------------------------------------------------------------------------- hand-written pto

GAP_ROWS = 65536 + 16  # parent rows R; a 16-row window leaves a gap of R - 16 = 65536 blocks


def gap_kernel(rows: int) -> str:
    """An int8 NZ view [1, 2, R/16, 16, 32] and a 16-row window spanning both column blocks,
    written by hand (the passes refuse it: nz-semantics §4, GM row gap guard), with the
    `<{...}>` properties PTOAS prints and the compact tile_buf spelling."""
    return f"""
func.func @gap(%p: !pto.ptr<i8>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %rf = arith.constant {rows // 16} : index
  %s1 = arith.constant {rows * 32} : index
  %s0 = arith.constant {rows * 64} : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1)
      <{{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}}> : (!pto.ptr<i8>,
      index, index, index, index, index, index, index, index, index, index) ->
      !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c32)
      <{{operandSegmentSizes = array<i32: 1, 5, 5>}}> : (!pto.tensor_view<?x?x?x?x?xi8>, index,
      index, index, index, index, index, index, index, index, index) ->
      !pto.partition_tensor_view<1x2x1x16x32xi8>
  %t = "pto.alloc_tile"() <{{operandSegmentSizes = array<i32: 0, 0, 0>}}> : () ->
      !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>
  "pto.tload"(%pv, %t) <{{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}> :
      (!pto.partition_tensor_view<1x2x1x16x32xi8>,
       !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>) -> ()
  return
}}
"""


def test_too_large_gm_gap_reads_wrong_bytes_in_a2a3_and_right_bytes_in_ideal():
    w = values((GAP_ROWS, 64), np.int8, seed=9)
    module = ir.Module.parse(gap_kernel(GAP_ROWS))
    ideal = Simulator(module, mode="ideal").run("gap", pack_nz(w)).loads[0].logical
    device = Simulator(module, mode="a2a3").run("gap", pack_nz(w)).loads[0].logical
    np.testing.assert_array_equal(ideal, w[:16, :64])
    # Column block 0 is right; the gap field wraps to 0, so block 1 re-reads the next 16
    # rows of column strip 0 instead of rows 0..15 of strip 1 (pto-isa#317).
    np.testing.assert_array_equal(device[:, :32], w[:16, :32])
    np.testing.assert_array_equal(device[:, 32:], w[16:32, :32])
    assert not np.array_equal(device, ideal)


def test_the_passes_refuse_the_load_whose_gap_the_device_truncates():
    tt = tensor_t((GAP_ROWS, 64), np.int8)
    k = Kernel(("%w", tt))
    k.load("%t", "%w", tt, [0, 0], [16, 64], tile_t(16, 64, np.int8))
    module = ir.Module.parse(k.text())
    result = run_pipeline(module, PIPELINE)
    assert not result.success
    assert any("65535" in d.message for d in result.errors)


def test_integer_semantics_at_the_declared_width():
    text = """
func.func @arith(%big: i32, %neg: index) -> (i32, index, index, index, index, i32, index,
    index, i64) {
  %c256 = arith.constant 256 : i32
  %c16 = arith.constant 16 : i32
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %m = arith.muli %big, %c256 : i32
  %q = arith.floordivsi %m, %c16 : i32
  %fd = arith.floordivsi %neg, %c2 : index
  %rm = arith.remsi %neg, %c2 : index
  %mn = arith.minsi %neg, %c3 : index
  %mx = arith.maxsi %neg, %c3 : index
  %bigx = arith.index_cast %big : i32 to index
  %wide = arith.muli %bigx, %bigx : index
  %back = arith.index_cast %wide : index to i32
  %sum = scf.for %i = %c0 to %c5 step %c2 iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  %one = arith.constant 1 : i64
  %min = arith.constant -9223372036854775808 : i64
  %ov = arith.subi %min, %one : i64
  return %q, %fd, %rm, %mn, %mx, %back, %sum, %wide, %ov : i32, index, index, index, index,
      i32, index, index, i64
}
"""
    module = ir.Module.parse(text)
    result = Simulator(module).run("arith", 1 << 24, -7)
    q, fd, rm, mn, mx, back, total, wide, ov = result.returns
    assert q == 0  # (2^24 * 256) wraps to 0 in i32, then / 16
    assert (fd, rm, mn, mx) == (-4, -1, -7, 3)  # floor division, C remainder
    # index is 32 bits wide, as PTOAS emits it (int32_t): 2^48 wraps to 0 there, and the
    # cast back to i32 keeps those low 32 bits.
    assert wide == 0 and back == 0
    assert total == 0 + 2 + 4
    assert ov == (1 << 63) - 1  # i64 wraps
    assert result.gm == {} and result.events == []


def test_bool_and_wide_integer_constants_are_read_exactly():
    # `arith.constant true` is a BoolAttr (it crashed extui), and an i128 value
    # beyond 64 bits aborted the process through IntegerAttr.value.
    text = """
func.func @consts() -> (i32, i32, index, i128, i128, index, i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %lt = arith.cmpi slt, %t, %f : i1
  %mn = arith.minsi %t, %f : i1
  %tz = arith.extui %t : i1 to i32
  %ts = arith.extsi %t : i1 to i32
  %fz = arith.index_castui %f : i1 to index
  %big = arith.constant 18446744073709551632 : i128
  %neg = arith.constant -18446744073709551632 : i128
  %low = arith.index_cast %big : i128 to index
  return %tz, %ts, %fz, %big, %neg, %low, %lt, %mn : i32, i32, index, i128, i128, index, i1, i1
}
"""
    result = Simulator(ir.Module.parse(text)).run("consts")
    # i1 values read as two's complement too: true is -1, below false.
    assert result.returns == (1, -1, 0, (1 << 64) + 16, -((1 << 64) + 16), 16, -1, -1)


# --------------------------------------------------------------------------- errors


def nz_load_module(dtype=np.float16, compute='"pl.tile.matmul"(%t, %t)'):
    tt = tensor_t((32, 32), dtype)
    k = Kernel(("%w", tt))
    k.load("%t", "%w", tt, [16, 0], [16, 32], tile_t(16, 32, dtype))
    k.emit(f'%r = {compute} : ({tile_t(16, 32, dtype)}, '
           f'{tile_t(16, 32, dtype)}) -> {tile_t(16, 16, np.float32, "acc")}')
    return lower(k.text())


def test_unknown_op_without_a_hook_raises_naming_the_op():
    module = nz_load_module(compute='"pl.tile.mystery"(%t, %t)')
    w = pack_nz(values((32, 32), np.float16))
    with pytest.raises(SimulationError, match=r"no simulation for op 'pl\.tile\.mystery'") as info:
        Simulator(module).run("kernel", w)
    assert info.value.location and "loc(" in info.value.location
    hooks = {"pl.tile.mystery": MATMUL_HOOKS["pl.tile.matmul"]}
    result = Simulator(module, hooks=hooks).run("kernel", w)
    assert [e.kind for e in result.events] == ["pto.tload", "pl.tile.mystery"]


def test_builtin_matmul_runs_without_hooks_and_user_hooks_override_it():
    module = nz_load_module()
    logical = small_values((32, 32), np.float16)
    result = Simulator(module).run("kernel", pack_nz(logical))
    assert BUILTIN_HOOKS["pl.tile.matmul"] is MATMUL_HOOKS["pl.tile.matmul"]
    window = logical[16:32].astype(np.float64)
    assert result.events[-1].kind == "pl.tile.matmul"
    np.testing.assert_array_equal(result.events[-1].logical, window @ window.T)
    seen = []
    override = {"pl.tile.matmul": lambda sim, op, operands: seen.append(op.name) or operands[0]}
    Simulator(module, hooks=override).run("kernel", pack_nz(logical))
    assert seen == ["pl.tile.matmul"]


def acc_kernel(compute: str, zeros: bool = True) -> ir.Module:
    """acc = zeros (or A @ B.T); then `compute` over (acc, a, b) tiles of a [16, 32] f16
    activation x and an NZ [16, 32] weight w, stored into an NZ f32 out [16, 16]."""
    x_t, w_t = tensor_t((16, 32), np.float16, nz=False), tensor_t((16, 32), np.float16)
    out_t = tensor_t((16, 16), np.float32)
    tile, acc = tile_t(16, 32, np.float16), tile_t(16, 16, np.float32, "acc")
    k = Kernel(("%x", x_t), ("%w", w_t), ("%out", out_t))
    k.load("%a", "%x", x_t, [0, 0], [16, 32], tile)
    k.load("%b", "%w", w_t, [0, 0], [16, 32], tile)
    if zeros:
        k.emit(f'%acc = "pl.tile.zeros"() : () -> {acc}')
    else:
        k.emit(f'%acc = "pl.tile.matmul"(%a, %b) : ({tile}, {tile}) -> {acc}')
    k.emit(f"%c = {compute} : ({acc}, {tile}, {tile}) -> {acc}")
    k.store("%c", acc, "%out", out_t, [0, 0])
    return lower(k.text())


def small_values(shape, dtype, seed=0):
    """Small integers: every product and sum is exact in f32, so results compare equal."""
    return np.random.default_rng(seed).integers(-8, 9, shape).astype(dtype)


def run_acc_kernel(module: ir.Module):
    x, w = small_values((16, 32), np.float16, 1), small_values((16, 32), np.float16, 2)
    out = pack_nz(np.zeros((16, 16), np.float32))
    Simulator(module).run("kernel", x, pack_nz(w), out)
    product = x.astype(np.float64) @ w.astype(np.float64).T
    return unpack_nz(out, (16, 16)), product


@pytest.mark.parametrize("zeros", [True, False], ids=["from_zeros", "from_matmul"])
def test_matmul_acc_adds_the_product_to_acc_in_tmatmul_acc_order(zeros):
    got, product = run_acc_kernel(acc_kernel('"pl.tile.matmul_acc"(%acc, %a, %b)', zeros))
    np.testing.assert_array_equal(got, product if zeros else 2 * product)


def test_zeros_gives_a_zero_tile_of_its_result_type():
    x_t, out_t = tensor_t((16, 16), np.float32, nz=False), tensor_t((16, 16), np.float32)
    acc = tile_t(16, 16, np.float32, "acc")
    k = Kernel(("%x", x_t), ("%out", out_t))
    k.emit(f'%z = "pl.tile.zeros"() : () -> {acc}')
    k.store("%z", acc, "%out", out_t, [0, 0])
    out = pack_nz(np.full((16, 16), 7, np.float32))
    result = Simulator(lower(k.text())).run("kernel", np.zeros(256, np.float32), out)
    assert result.stores[0].tile.loc == "acc"
    np.testing.assert_array_equal(unpack_nz(out, (16, 16)), np.zeros((16, 16)))


@pytest.mark.parametrize(("compute", "message"), [
    ('"pl.tile.matmul"(%a, %b, %acc)',
     r"'pl\.tile\.matmul' takes 2 tiles, 'pl\.tile\.matmul'\(A, B\); got 3 operands; to "
     r"accumulate, write 'pl\.tile\.matmul_acc'\(acc, A, B\)"),
    ('"pl.tile.matmul_acc"(%a, %b)',
     r"'pl\.tile\.matmul_acc' takes 3 tiles, 'pl\.tile\.matmul_acc'\(acc, A, B\); got 2"),
])
def test_matmul_operand_counts_are_checked_with_the_documented_order(compute, message):
    text = compute
    x_t, w_t = tensor_t((16, 32), np.float16, nz=False), tensor_t((16, 32), np.float16)
    tile, acc = tile_t(16, 32, np.float16), tile_t(16, 16, np.float32, "acc")
    k = Kernel(("%x", x_t), ("%w", w_t))
    k.load("%a", "%x", x_t, [0, 0], [16, 32], tile)
    k.load("%b", "%w", w_t, [0, 0], [16, 32], tile)
    k.emit(f'%acc = "pl.tile.zeros"() : () -> {acc}')
    operand_types = ", ".join({"%a": tile, "%b": tile, "%acc": acc}[name.strip()]
                              for name in text[text.index("(") + 1:-1].split(","))
    k.emit(f"%c = {text} : ({operand_types}) -> {acc}")
    module = lower(k.text())
    with pytest.raises(SimulationError, match=message):
        Simulator(module).run("kernel", values((16, 32), np.float16), pack_nz(
            values((16, 32), np.float16)))


def test_the_docstrings_name_only_documented_attributes():
    # Every `sim.x` / `result.x` the help text uses is an attribute help() documents.
    import pydoc
    import re

    from nzpass.model import RunResult, TileSnapshot

    plain = pydoc.plaintext  # pyright: ignore[reportAttributeAccessIssue] (not in the stubs)
    sim_help = pydoc.render_doc(Simulator, renderer=plain)
    result_help = pydoc.render_doc(RunResult, renderer=plain)
    snapshot_help = pydoc.render_doc(TileSnapshot, renderer=plain)
    for attr in re.findall(r"\bresult\.(\w+)", sim_help):
        assert f"`{attr}`" in result_help or f"\n |  {attr}\n" in result_help, attr
    for attr in re.findall(r"\.loads\[0\]\.(\w+)", sim_help):
        assert f"`{attr}`" in snapshot_help, attr
    sim = Simulator(nz_load_module())
    for attr in (name for name in vars(sim) if not name.startswith("_")):
        assert f"`{attr}`" in sim_help, attr
    for field in ("kind", "location", "name", "tile", "logical"):
        assert f"`{field}`" in snapshot_help, field
    for field in ("gm", "returns", "events", "loads", "stores", "tiles"):
        assert f"`{field}`" in result_help, field


def test_out_of_bounds_gm_access_raises_gm_out_of_bounds_unwrapped():
    module = nz_load_module()
    short = pack_nz(values((32, 32), np.float16)).ravel()[:-256].copy()
    with pytest.raises(GmOutOfBounds) as info:
        Simulator(module, hooks=MATMUL_HOOKS).run("kernel", short)
    assert any("pto.tload" in note for note in getattr(info.value, "__notes__", []))


def test_bad_bindings_are_reported():
    module = nz_load_module()
    sim = Simulator(module, hooks=MATMUL_HOOKS)
    with pytest.raises(SimulationError, match="takes 1 arguments"):
        sim.run("kernel")
    with pytest.raises(SimulationError, match="float16 buffer"):
        sim.run("kernel", np.zeros(32 * 32, np.float32))
    with pytest.raises(SimulationError, match="no function @nope"):
        sim.run("nope")
    with pytest.raises(ValueError, match="mode"):
        Simulator(module, mode="device")


def test_a_launch_that_breaks_a_stated_fact_is_refused():
    """docs/nz-semantics.md section 8: facts are a contract the model checks at every
    simulated launch (an argument's range and multiple, the launch's block index)."""
    from nzpass.model import FactViolation
    dtype = np.int8
    tt = tensor_t((64, 64), dtype)
    k = Kernel(("%w", tt), ("%r", "index {nz.range = array<i64: 0, 3>, nz.multiple_of = 2 : i64}"))
    k.muli("%n0", k.block_idx(blocks=2), 32)
    k.load("%t", "%w", tt, ["%n0", 0], [32, 32], tile_t(32, 32, dtype))
    module = lower(k.text())
    w = values((64, 64), dtype, seed=9)
    assert "nz.range" in str(module)  # the facts stay visible in the output
    Simulator(module, block_idx=1, block_num=2).run("kernel", pack_nz(w), 2)
    with pytest.raises(FactViolation, match=r"argument 1 = 3 breaks its stated fact nz.range"):
        Simulator(module, block_idx=1, block_num=2).run("kernel", pack_nz(w), 3)
    with pytest.raises(FactViolation, match=r"argument 1 = 1 breaks its stated fact nz.multiple"):
        Simulator(module, block_idx=1, block_num=2).run("kernel", pack_nz(w), 1)
    with pytest.raises(FactViolation, match="the block index = 2 breaks its stated fact"):
        Simulator(module, block_idx=2, block_num=3).run("kernel", pack_nz(w), 0)


# --------------------------------------------------------------------------- what PTOAS refuses


def _nz_i8_load(view_type: str, layout_attr: str, setter: str = "",
                valid: tuple[str, str] = ("32", "64"),
                operands_for: tuple[str, str] | None = None) -> ir.Module:
    """A hand-written rank-5 load of the whole logical 32 x 64 i8 NZ tensor; the alloc
    gives a valid operand for each axis `operands_for` (default: `valid`) leaves `?`."""
    tile = (f"!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row={valid[0]}, "
            f"v_col={valid[1]}, blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    pv = "!pto.partition_tensor_view<1x2x2x16x32xi8>"
    ten = ", ".join(["index"] * 10)
    shape_and_strides = "%c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1"
    offsets_and_sizes = "%c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32"
    given = operands_for or valid
    dynamic = [extent for extent, v in zip(("%c32", "%c64"), given, strict=True) if v == "?"]
    segments = ", ".join(str(int(v == "?")) for v in given)
    operands = (f"({', '.join(dynamic)}) {{operandSegmentSizes = array<i32: 0, {segments}>}} "
                f": ({', '.join(['index'] * len(dynamic))})")
    return ir.Module.parse(f"""
func.func @kernel(%p: !pto.ptr<i8>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %tv = "pto.make_tensor_view"(%p, {shape_and_strides})
      {{{layout_attr}operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.ptr<i8>, {ten}) -> {view_type}
  %pv = "pto.partition_view"(%tv, {offsets_and_sizes})
      {{operandSegmentSizes = array<i32: 1, 5, 5>}} : ({view_type}, {ten}) -> {pv}
  %t = "pto.alloc_tile"{operands} -> {tile}
  {setter.replace("TILE", tile)}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}} : ({pv}, {tile}) -> ()
  return
}}
""")


_NZ_ATTR = "layout = #pto.layout<nz>, "
_PLAIN_VIEW = "!pto.tensor_view<?x?x?x?x?xi8>"
_NZ_TYPED_VIEW = "!pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>"


def test_a_layout_stated_by_the_type_alone_is_read_as_the_passes_read_it():
    # verify-pto-nz took a view NZ by its type alone; the model took it ND (an ND->NZ
    # load, which refused to fit the tile): the two must read one layout.
    logical = values((32, 64), np.int8)
    gm = pack_nz(logical).ravel()
    by_attr = Simulator(_nz_i8_load(_PLAIN_VIEW, _NZ_ATTR)).run("kernel", gm.copy())
    by_type = Simulator(_nz_i8_load(_NZ_TYPED_VIEW, "")).run("kernel", gm.copy())
    np.testing.assert_array_equal(by_attr.loads[0].logical, logical)
    np.testing.assert_array_equal(by_type.loads[0].logical, logical)


def test_a_layout_the_attribute_and_the_type_contradict_is_refused():
    module = _nz_i8_load(_NZ_TYPED_VIEW, "layout = #pto.layout<nd>, ")
    with pytest.raises(SimulationError, match="states layout nd in its attribute but nz"):
        Simulator(module).run("kernel", np.zeros(2048, np.int8))


@pytest.mark.parametrize("valid", [("32", "64"), ("32", "?")])
def test_set_validshape_of_a_tile_with_a_stated_valid_extent_is_refused(valid):
    # The type states v_row = 32, the setter 16: PTOAS refuses the setter.
    setter = '"pto.set_validshape"(%t, %c16, %c64) : (TILE, index, index) -> ()'
    module = _nz_i8_load(_PLAIN_VIEW, _NZ_ATTR, setter, valid)
    with pytest.raises(SimulationError, match="PTOAS requires both dynamic"):
        Simulator(module).run("kernel", np.zeros(2048, np.int8))


@pytest.mark.parametrize(("valid", "operands_for", "problem"), [
    (("32", "64"), ("?", "64"), "valid_row operand must be absent"),
    (("32", "?"), ("32", "32"), "valid_col operand is required"),
])
def test_an_alloc_whose_operands_contradict_its_type_is_refused(valid, operands_for, problem):
    # A row operand beside the type's 32 rows (even one that says 32 too: two statements
    # of one fact), or no column operand for v_col=?: PTOAS refuses both, and so do
    # the model and verify-pto-nz.
    module = _nz_i8_load(_PLAIN_VIEW, _NZ_ATTR, "", valid, operands_for)
    with pytest.raises(SimulationError, match=problem):
        Simulator(module).run("kernel", np.zeros(2048, np.int8))


def test_set_validshape_is_read_as_its_definition():
    setter = '"pto.set_validshape"(%t, %c16) : (TILE, index) -> ()'
    module = _nz_i8_load(_PLAIN_VIEW, _NZ_ATTR, setter, ("?", "?"))
    with pytest.raises(SimulationError, match=r"takes 3 operands \(source, valid_row, "
                       r"valid_col\), got 2"):
        Simulator(module).run("kernel", np.zeros(2048, np.int8))


def _f16_view_load(layout_attr: str) -> ir.Module:
    """A whole load of the logical 256 x 32 f16 NZ tensor [1, 2, 16, 16, 16], a shape
    PTOAS's InferPTOLayout reads as NZ when the view states no layout (two column
    blocks: with one, NZ order is row-major order and ND would read the same)."""
    tile = ("!pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    pv = "!pto.partition_tensor_view<1x2x16x16x16xf16>"
    ten = ", ".join(["index"] * 10)
    return ir.Module.parse(f"""
func.func @kernel(%p: !pto.ptr<f16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c2 = arith.constant 2 : index
  %c4096 = arith.constant 4096 : index
  %c8192 = arith.constant 8192 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c16, %c16, %c16, %c8192, %c4096, %c256, %c16,
      %c1) {{{layout_attr}operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.ptr<f16>, {ten}) -> !pto.tensor_view<1x2x16x16x16xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c16, %c16, %c16)
      {{operandSegmentSizes = array<i32: 1, 5, 5>}} : (!pto.tensor_view<1x2x16x16x16xf16>,
      {ten}) -> {pv}
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {tile}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}} : ({pv}, {tile}) -> ()
  return
}}
""")


def test_a_view_ptoas_infers_nz_is_moved_as_nz():
    # A view that states no layout but whose static shape and strides PTOAS's
    # InferPTOLayout tags NZ moves its bytes in NZ order on the device: the model reads
    # it as verify-pto-nz does (nz/view_layout.py), not as ND.
    logical = values((256, 32), np.float16)
    gm = pack_nz(logical).ravel()
    stated = Simulator(_f16_view_load(_NZ_ATTR)).run("kernel", gm.copy())
    inferred = Simulator(_f16_view_load("")).run("kernel", gm.copy())
    np.testing.assert_array_equal(stated.loads[0].logical, logical)
    np.testing.assert_array_equal(inferred.loads[0].logical, logical)


def test_index_cast_of_i1_is_a_c_bool_cast():
    """PTOAS emits index_cast as a C cast and an i1 is a C bool: true is 1, not MLIR's -1
    (found by red team); index_castui and extsi are unchanged."""
    text = """
func.func @casts(%x: index) -> (index, index, i32) {
  %t = arith.cmpi eq, %x, %x : index
  %a = arith.index_cast %t : i1 to index
  %b = arith.index_castui %t : i1 to index
  %c = arith.extsi %t : i1 to i32
  return %a, %b, %c : index, index, i32
}
"""
    module = ir.Module.parse(text)
    assert tuple(Simulator(module).run("casts", 3).returns) == (1, 1, -1)


@pytest.mark.parametrize(("a", "b", "expected"), [
    (14, 4, 4), (0, 7, 0), ((1 << 31) - 1, 2, 1 << 30), (-3, 3, 0x55555555),
    (-1, 1, -1), (-2, 3, None), (-1, 2, None)])
def test_ceildivui_is_the_devices_or_refused(a, b, expected):
    """PTOAS emits ceildivui as (a + (b - 1)) / b in unsigned arithmetic: where that sum
    passes 2**32 the device's quotient is not MLIR's ceiling, and the model gives none
    (0xfffffffd by 3 does not pass it: its ceiling is 0x55555555)."""
    text = """
func.func @q(%a: i32, %b: i32) -> i32 {
  %q = arith.ceildivui %a, %b : i32
  return %q : i32
}
"""
    simulator = Simulator(ir.Module.parse(text))
    if expected is None:
        with pytest.raises(SimulationError, match=r"wraps past 2\^width"):
            simulator.run("q", a, b)
        return
    assert tuple(simulator.run("q", a, b).returns) == (expected,)


def _vec(rows: int, cols: int) -> str:
    return (f"!pto.tile_buf<loc=vec, dtype=f16, rows={rows}, cols={cols}, v_row={rows}, "
            f"v_col={cols}, blayout=row_major, slayout=none_box, fractal=512, pad=0>")


def _placed_tiles_kernel(second_addr: str, rows: int) -> ir.Module:
    """q's first `rows` x 64 f16 rows loaded into a tile B placed at `second_addr`; a
    16 x 64 tile A at byte 0 (never written itself) stored to o; then a tile without an
    address loaded from q and stored to o2."""
    a, b = _vec(16, 64), _vec(rows, 64)
    segments = "operandSegmentSizes = array<i32: 1, 2, 2>"
    index4 = "index, index, index, index"

    def view(name: str, ptr: str) -> str:
        return (f'  %{name} = "pto.make_tensor_view"(%{ptr}, %c16, %c64, %c64, %c1) '
                f'{{layout = #pto.layout<nd>, {segments}}}\n'
                f'      : (!pto.ptr<f16>, {index4}) -> !pto.tensor_view<?x?xf16>\n')

    def part(name: str, of: str, height: str, count: int) -> str:
        return (f'  %{name} = "pto.partition_view"(%{of}, %c0, %c0, %{height}, %c64) '
                f'{{{segments}}}\n      : (!pto.tensor_view<?x?xf16>, {index4})'
                f' -> !pto.partition_tensor_view<{count}x64xf16>\n')

    def move(op: str, src: str, dst: str, types: str) -> str:
        groups = "1, 1, 0, 0, 0, 0" if op == "tload" else "1, 1, 0, 0"
        return (f'  "pto.{op}"(%{src}, %{dst}) {{operandSegmentSizes = array<i32: {groups}>}}'
                f'\n      : ({types}) -> ()\n')

    def alloc(name: str, addr: str, tile: str) -> str:
        segments, args = ("1, 0, 0", "i64") if addr else ("0, 0, 0", "")
        return (f'  %{name} = "pto.alloc_tile"({addr}) {{operandSegmentSizes = '
                f'array<i32: {segments}>}} : ({args}) -> {tile}\n')

    window, whole = (f"!pto.partition_tensor_view<{n}x64xf16>" for n in (rows, 16))
    return ir.Module.parse(
        "func.func @k(%q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %o2: !pto.ptr<f16>) {\n"
        + "".join(f"  %c{n} = arith.constant {n} : index\n" for n in sorted({0, 1, 16, 64, rows}))
        + f"  %a0 = arith.constant 0 : i64\n  %ab = arith.constant {second_addr} : i64\n"
        + view("qt", "q") + view("ot", "o") + view("o2t", "o2")
        + part("qv", "qt", f"c{rows}", rows) + part("qw", "qt", "c16", 16)
        + part("ov", "ot", "c16", 16) + part("o2v", "o2t", "c16", 16)
        + alloc("A", "%a0", a) + alloc("B", "%ab", b) + alloc("F", "", a)
        + move("tload", "qv", "B", f"{window}, {b}") + move("tstore", "A", "ov", f"{a}, {whole}")
        + move("tload", "qw", "F", f"{whole}, {a}") + move("tstore", "F", "o2v", f"{a}, {whole}")
        + "  return\n}\n")


@pytest.mark.parametrize(("addr", "rows_seen"), [("0", slice(0, 8)), ("1024", slice(8, 16))])
def test_placed_tiles_are_views_of_the_local_memory(addr, rows_seen):
    """A tile placed at an address is a view of those bytes, as on the device: a 16 x 64
    tile at byte 0 that nothing wrote holds the 8 x 64 rows loaded into a tile placed over
    its first (at 0) or second (at 1024) half, elsewhere what nothing wrote (the model's
    poison, NaN in f16: the device keeps old contents, never zeros); a tile without an address
    is a buffer of its own (it was zero-filled and private before: the PyPTO accumulator
    re-declared at its address read zeros)."""
    q = values((16, 64), np.float16, seed=11)
    o, o2 = np.zeros((16, 64), np.float16), np.zeros((16, 64), np.float16)
    Simulator(_placed_tiles_kernel(addr, 8)).run("k", q, o, o2)
    expected = np.full((16, 64), np.nan, np.float16)
    expected[rows_seen] = q[:8]
    np.testing.assert_array_equal(o, expected)
    np.testing.assert_array_equal(o2, q)


def test_a_placed_tile_past_its_memory_is_refused():
    with pytest.raises(SimulationError, match="outside the memory's"):
        Simulator(_placed_tiles_kernel("262144", 8)).run(
            "k", *(np.zeros((16, 64), np.float16) for _ in range(3)))
