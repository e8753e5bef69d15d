"""The runtime scenario of the source document, simulated end to end.

An ND activation x [M, K] times an NZ weight w [N, K] (packed by `pack_nz` on the host)
equals x @ w.T. Each kernel is written at the `pl` level, lowered by
block-nz-tensor-views, materialize-tensor-strides and convert-pl-to-pto, and simulated: the x
tile goes ND -> Mat (fractal conversion), the w tile NZ -> NZ. The product is computed from the
simulated tile contents with numpy (and, end to end, by the matmul hook and the Acc store).
Data are small integers in float16/float32, so every product and sum is exact.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass.ir.bindings import ir
from nzpass.model import MATMUL_HOOKS, Simulator, pack_nz, unpack_nz
from support.lowering import Kernel, lower

M, N, K = 32, 48, 64
N_TILE, K_TILE = 16, 32
LAYERS = 3
ELEMENT = {np.dtype(np.float16): "f16", np.dtype(np.float32): "f32"}
DTYPES = pytest.mark.parametrize("dtype", [np.float16, np.float32],
                                 ids=lambda d: np.dtype(d).name)


# Every test runs in the conftest's `ctx` (a context set up as nzpass sets it up).
pytestmark = pytest.mark.usefixtures("ctx")


# --------------------------------------------------------------------------- kernel text


def tensor_t(shape, dtype, nz) -> str:
    layout = ", #pl.layout<nz>" if nz else ""
    return f"tensor<{'x'.join(map(str, shape))}x{ELEMENT[np.dtype(dtype)]}{layout}>"


def tile_t(rows, cols, element, space="mat") -> str:
    return f"!pl.tile<{rows}x{cols}x{element}, {space}>"


# --------------------------------------------------------------------------- data


def scenario(dtype, layers=None):
    rng = np.random.default_rng(42)
    x = rng.integers(-4, 5, (M, K)).astype(dtype)
    w_shape = (N, K) if layers is None else (layers, N, K)
    w = rng.integers(-4, 5, w_shape).astype(dtype)
    return x, w


def reference(x, w):
    """x @ w.T in float64 (exact for these data), as float32."""
    return (x.astype(np.float64) @ w.astype(np.float64).T).astype(np.float32)


def products(loads, pairs_per_result=1):
    """The loads alternate (x tile, w tile); multiply each pair's logical contents and sum
    every `pairs_per_result` consecutive products (the K tiles of one output)."""
    assert len(loads) % 2 == 0
    pairs = [(a.logical, b.logical) for a, b in zip(loads[0::2], loads[1::2], strict=True)]
    out = []
    for start in range(0, len(pairs), pairs_per_result):
        acc = 0
        for xt, wt in pairs[start:start + pairs_per_result]:
            acc = acc + xt.astype(np.float32) @ wt.astype(np.float32).T
        out.append(acc)
    return out


def x_w_kernel(dtype) -> tuple[np.ndarray, np.ndarray, Kernel, str, str, str]:
    """The scenario's data and a kernel over them: (x, w, kernel, ND x type, NZ w type,
    element type)."""
    x, w = scenario(dtype)
    xt_, wt_ = tensor_t(x.shape, dtype, False), tensor_t(w.shape, dtype, True)
    return x, w, Kernel(("%x", xt_), ("%w", wt_)), xt_, wt_, ELEMENT[np.dtype(dtype)]


# --------------------------------------------------------------------------- (a)-(d)


@DTYPES
def test_a_full_load(dtype):
    x, w, k, xt_, wt_, el = x_w_kernel(dtype)
    k.load("%xt", "%x", xt_, [0, 0], [M, K], tile_t(M, K, el))
    k.load("%wt", "%w", wt_, [0, 0], [N, K], tile_t(N, K, el))
    module = lower(k.text())

    result = Simulator(module).run("kernel", x, pack_nz(w))
    x_tile, w_tile = result.loads
    np.testing.assert_array_equal(x_tile.logical, x)
    np.testing.assert_array_equal(w_tile.logical, w)
    (c,) = products(result.loads)
    np.testing.assert_array_equal(c, reference(x, w))


@DTYPES
def test_b_n_sliced_load_by_block_idx(dtype):
    """Block nb loads rows n0 = nb * N_TILE of w and computes C[:, n0:n0+N_TILE]."""
    x, w, k, xt_, wt_, el = x_w_kernel(dtype)
    k.block_idx("%nb", blocks=N // N_TILE)
    k.emit(f"%n0 = arith.muli %nb, {k.idx(N_TILE)} : index")
    k.load("%xt", "%x", xt_, [0, 0], [M, K], tile_t(M, K, el))
    k.load("%wt", "%w", wt_, ["%n0", 0], [N_TILE, K], tile_t(N_TILE, K, el))
    module = lower(k.text())

    blocks = N // N_TILE
    c = np.zeros((M, N), np.float32)
    for nb in range(blocks):
        result = Simulator(module, block_idx=nb, block_num=blocks).run("kernel", x, pack_nz(w))
        (c[:, nb * N_TILE:(nb + 1) * N_TILE],) = products(result.loads)
    np.testing.assert_array_equal(c, reference(x, w))


@DTYPES
def test_c_k_sliced_load_by_loop_iv(dtype):
    """k0 = the loop iv: the column offset of both tiles; the products accumulate over K."""
    x, w, k, xt_, wt_, el = x_w_kernel(dtype)
    k.for_("%k0", 0, K, K_TILE)
    k.load("%xt", "%x", xt_, [0, "%k0"], [M, K_TILE], tile_t(M, K_TILE, el))
    k.load("%wt", "%w", wt_, [0, "%k0"], [N, K_TILE], tile_t(N, K_TILE, el))
    k.emit("}")
    module = lower(k.text())

    result = Simulator(module).run("kernel", x, pack_nz(w))
    assert len(result.loads) == 2 * (K // K_TILE)
    for i, w_tile in enumerate(result.loads[1::2]):
        np.testing.assert_array_equal(w_tile.logical, w[:, i * K_TILE:(i + 1) * K_TILE])
    (c,) = products(result.loads, K // K_TILE)
    np.testing.assert_array_equal(c, reference(x, w))


def layer_kernel(dtype, via_slice: bool) -> str:
    """Stacked weight [LAYERS, N, K]: for each layer, block nb's N slice, K-tiled. Either a
    rank-3 load at [layer, n0, k0], or a pl.tensor.slice of the layer axis then a load."""
    el = ELEMENT[np.dtype(dtype)]
    xt_ = tensor_t((M, K), dtype, False)
    wt_ = tensor_t((LAYERS, N, K), dtype, True)
    layer_t = tensor_t((1, N, K), dtype, True)
    k = Kernel(("%x", xt_), ("%w", wt_))
    k.block_idx("%nb", blocks=N // N_TILE)
    k.emit(f"%n0 = arith.muli %nb, {k.idx(N_TILE)} : index")
    k.for_("%layer", 0, LAYERS, 1)
    if via_slice:
        k.emit(f'%wl = "pl.tensor.slice"(%w, %layer, {k.idx(0)}, {k.idx(0)}, {k.idx(1)}, '
               f'{k.idx(N)}, {k.idx(K)}) {{operandSegmentSizes = array<i32: 1, 3, 3, 0>}} : '
               f'({wt_}, index, index, index, index, index, index) -> {layer_t}')
    k.for_("%k0", 0, K, K_TILE)
    k.load("%xt", "%x", xt_, [0, "%k0"], [M, K_TILE], tile_t(M, K_TILE, el))
    if via_slice:
        k.load("%wt", "%wl", layer_t, [0, "%n0", "%k0"], [1, N_TILE, K_TILE],
               tile_t(N_TILE, K_TILE, el))
    else:
        k.load("%wt", "%w", wt_, ["%layer", "%n0", "%k0"], [1, N_TILE, K_TILE],
               tile_t(N_TILE, K_TILE, el))
    k.emit("}")
    k.emit("}")
    return k.text()


@DTYPES
@pytest.mark.parametrize("via_slice", [False, True], ids=["rank3_load", "tensor_slice"])
def test_d_layer_sliced_load_of_a_stacked_weight(dtype, via_slice):
    x, w = scenario(dtype, LAYERS)
    module = lower(layer_kernel(dtype, via_slice))
    blocks = N // N_TILE
    c = np.zeros((LAYERS, M, N), np.float32)
    for nb in range(blocks):
        sim = Simulator(module, block_idx=nb, block_num=blocks)
        result = sim.run("kernel", x, pack_nz(w))
        per_layer = products(result.loads, K // K_TILE)
        assert len(per_layer) == LAYERS
        for layer, tile_product in enumerate(per_layer):
            c[layer, :, nb * N_TILE:(nb + 1) * N_TILE] = tile_product
    for layer in range(LAYERS):
        np.testing.assert_array_equal(c[layer], reference(x, w[layer]))


def test_lowered_slice_leaves_no_pl_tensor_op_behind():
    module = lower(layer_kernel(np.float16, via_slice=True))
    names = []
    module.operation.walk(lambda op: names.append(op.operation.name) or ir.WalkResult.ADVANCE,
                          ir.WalkOrder.PRE_ORDER)
    assert "pl.tensor.slice" not in names
    x, w = scenario(np.float16, LAYERS)
    Simulator(module, block_num=N // N_TILE).run("kernel", x, pack_nz(w))  # no hook needed


# --------------------------------------------------------------------------- end to end


def e2e_kernel(dtype, out_nz: bool) -> str:
    """Block nb: acc = sum over k0 of x[:, k0:k0+TK] @ w[n0:n0+TN, k0:k0+TK].T, carried
    through the K loop as an iter_arg, then stored at out[:, n0:n0+TN] (Acc -> NZ or ND)."""
    el = ELEMENT[np.dtype(dtype)]
    xt_, wt_ = tensor_t((M, K), dtype, False), tensor_t((N, K), dtype, True)
    out_t = tensor_t((M, N), np.float32, out_nz)
    acc_t = tile_t(M, N_TILE, "f32", "acc")
    x_tile, w_tile = tile_t(M, K_TILE, el), tile_t(N_TILE, K_TILE, el)
    k = Kernel(("%x", xt_), ("%w", wt_), ("%out", out_t))
    k.block_idx("%nb", blocks=N // N_TILE)
    k.emit(f"%n0 = arith.muli %nb, {k.idx(N_TILE)} : index")
    k.load("%x0", "%x", xt_, [0, 0], [M, K_TILE], x_tile)
    k.load("%w0", "%w", wt_, ["%n0", 0], [N_TILE, K_TILE], w_tile)
    k.emit(f'%a0 = "pl.tile.matmul"(%x0, %w0) : ({x_tile}, {w_tile}) -> {acc_t}')
    k.emit(f"%acc = scf.for %k0 = {k.idx(K_TILE)} to {k.idx(K)} step {k.idx(K_TILE)} "
           f"iter_args(%a = %a0) -> ({acc_t}) {{")
    k.load("  %xt", "%x", xt_, [0, "%k0"], [M, K_TILE], x_tile)
    k.load("  %wt", "%w", wt_, ["%n0", "%k0"], [N_TILE, K_TILE], w_tile)
    k.emit(f'  %an = "pl.tile.matmul_acc"(%a, %xt, %wt) : ({acc_t}, {x_tile}, {w_tile}) '
           f'-> {acc_t}')
    k.emit(f"  scf.yield %an : {acc_t}")
    k.emit("}")
    k.emit(f'%r = "pl.tile.store"(%acc, %out, {k.idx(0)}, %n0) {{operandSegmentSizes = '
           f'array<i32: 1, 1, 2, 0>, st_phase = "final"}} : ({acc_t}, {out_t}, index, index) '
           f'-> {out_t}')
    return k.text()


@DTYPES
@pytest.mark.parametrize("mode", ["a2a3", "ideal"])
@pytest.mark.parametrize("out_nz", [True, False], ids=["nz_out", "nd_out"])
def test_end_to_end_matmul_hook_and_acc_store(dtype, mode, out_nz):
    x, w = scenario(dtype)
    module = lower(e2e_kernel(dtype, out_nz))
    out = pack_nz(np.zeros((M, N), np.float32)) if out_nz else np.zeros((M, N), np.float32)
    blocks = N // N_TILE
    for nb in range(blocks):
        sim = Simulator(module, mode=mode, block_idx=nb, block_num=blocks, hooks=MATMUL_HOOKS)
        result = sim.run("kernel", x, pack_nz(w), out)
        # The hook's partial sums agree with the products of the loaded tiles.
        (expected_block,) = products(result.loads, K // K_TILE)
        np.testing.assert_array_equal(result.stores[0].logical, expected_block)
    got = unpack_nz(out, (M, N)) if out_nz else out
    np.testing.assert_array_equal(got, reference(x, w))
