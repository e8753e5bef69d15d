"""Red team 24, area model: the cube path (NZ Mat -> textract / tmov -> Left / Right ->
tmatmul -> Acc -> NZ store), judged by the byte model of nzpass.model.cube.

mad has no source stride (pto-isa a2a3 TMatmul: mad(c, a, b, m, k, n)): it reads a Left
tile as ceil16(m) rows of ceil(k / c0) boxes and a Right tile as ceil(k / c0) rows of
ceil16(n) / 16 boxes, while an extract into a tile that is not compact lays its box rows
out at the tile's columns. A Left (Right) tile of more than one box row whose valid columns
leave whole boxes unused therefore feeds mad other rows' boxes. The verifier tests need the
staged patch /tmp/s24/model/patches/mad-operand-pitch.patch (hazards.check_mad_operand_pitch):
on the round's code verify-pto-nz accepts every one of these programs.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import run_pipeline
from nzpass.ir.bindings import ir, new_context
from nzpass.model import Simulator
from nzpass.model.cube import CUBE_HOOKS
from nzpass.model.packer import pack_nz, unpack_nz

PIPELINE = "builtin.module(verify-pto-nz{strict-bounds=true})"
_LAYOUT = {"mat": "col_major, slayout=row_major", "left": "row_major, slayout=row_major",
           "right": "row_major, slayout=col_major", "acc": "col_major, slayout=row_major"}
_BASE = dict(M=32, K=32, N=16, m=32, k=16, n=16, LC=16, RR=16, RC=16, lcompact=0, rcompact=0,
             dtype="f16", acc_op=False, dynamic_k=False)


def _tile(loc, dtype, rows, cols, vr, vc, compact=0):
    extra = f", compact={compact}" if compact else ""
    fractal = 1024 if loc == "acc" else 512
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, v_row={vr}, "
            f"v_col={vc}, blayout={_LAYOUT[loc]}, fractal={fractal}, pad=0{extra}>")


def _view(name, dtype, rows, cols, c0):
    shape = (1, cols // c0, rows // 16, 16, c0)
    strides = (rows * cols, rows * c0, 16 * c0, c0, 1)
    args = ", ".join(f"%c{v}" for v in shape + strides)
    zeros = ", ".join(["%c0"] * 5)
    sizes = ", ".join(f"%c{v}" for v in shape)
    idx = ", ".join(["index"] * 10)
    ty = "x".join(map(str, shape)) + f"x{dtype}"
    text = (f'  %{name}v = "pto.make_tensor_view"(%{name}, {args}) {{layout = #pto.layout<nz>, '
            f'operandSegmentSizes = array<i32: 1, 5, 5>}} : (!pto.ptr<{dtype}>, {idx}) -> '
            f'!pto.tensor_view<{ty}>\n'
            f'  %{name}p = "pto.partition_view"(%{name}v, {zeros}, {sizes}) '
            f'{{operandSegmentSizes = array<i32: 1, 5, 5>}} : (!pto.tensor_view<{ty}>, {idx}) '
            f'-> !pto.partition_tensor_view<{ty}>\n')
    return text, f"!pto.partition_tensor_view<{ty}>", set(shape + strides)


def _alloc(name, t, valid=None):
    if valid is None:
        return (f'  %{name} = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} '
                f': () -> {t}\n')
    return (f'  %{name} = "pto.alloc_tile"({valid[0]}, {valid[1]}) {{operandSegmentSizes = '
            f'array<i32: 0, 1, 1>}} : (index, index) -> {t}\n')


def _program(**kw):
    """x [M, K] and w [K, N] NZ -> Mat -> textract (x) / tmov (w) -> Left [m, LC] valid
    m x k, Right [RR, RC] valid k x n -> tmatmul(.acc) -> Acc [m, n] -> NZ out [m, n] f32.
    `dynamic_k`: the valid k of Left and Right is a kernel argument."""
    p = {**_BASE, **kw}
    dt, c0 = p["dtype"], 32 // (2 if p["dtype"] == "f16" else 4)
    k = "?" if p["dynamic_k"] else p["k"]
    xs, xt, cx = _view("x", dt, p["M"], p["K"], c0)
    ws, wt, cw = _view("w", dt, p["K"], p["N"], c0)
    os_, ot, co = _view("o", "f32", p["m"], p["n"], 8)
    mx = _tile("mat", dt, p["M"], p["K"], p["M"], p["K"])
    mw = _tile("mat", dt, p["K"], p["N"], p["K"], p["N"])
    m, n = ("?", "?") if p["dynamic_k"] else (p["m"], p["n"])  # PTOAS: both dynamic or none
    left = _tile("left", dt, p["m"], p["LC"], m, k, p["lcompact"])
    right = _tile("right", dt, p["RR"], p["RC"], k, n, p["rcompact"])
    acc = _tile("acc", "f32", p["m"], p["n"], p["m"], p["n"])
    consts = cx | cw | co | {0, p["m"], p["n"]}
    body = xs + ws + os_ + _alloc("mx", mx) + _alloc("mw", mw)
    body += _alloc("l", left, (f"%c{p['m']}", "%vk") if p["dynamic_k"] else None)
    body += _alloc("r", right, ("%vk", f"%c{p['n']}") if p["dynamic_k"] else None)
    body += _alloc("a", acc)
    load = '"pto.tload"(%{0}p, %m{0}) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}'
    body += (f"  {load.format('x')} : ({xt}, {mx}) -> ()\n"
             f"  {load.format('w')} : ({wt}, {mw}) -> ()\n")
    body += (f'  "pto.textract"(%mx, %c0, %c0, %l) {{operandSegmentSizes = array<i32: 1, 1, 1, '
             f'1, 0, 0>}} : ({mx}, index, index, {left}) -> ()\n'
             f'  "pto.tmov"(%mw, %r) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}} : '
             f'({mw}, {right}) -> ()\n')
    if p["acc_op"]:  # accumulate onto a first product of the same operands
        body += f'  "pto.tmatmul"(%l, %r, %a) : ({left}, {right}, {acc}) -> ()\n'
        body += f'  "pto.tmatmul.acc"(%a, %l, %r, %a) : ({acc}, {left}, {right}, {acc}) -> ()\n'
    else:
        body += f'  "pto.tmatmul"(%l, %r, %a) : ({left}, {right}, {acc}) -> ()\n'
    body += (f'  "pto.tstore"(%a, %op) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}} : '
             f'({acc}, {ot}) -> ()\n')
    head = "".join(f"  %c{v} = arith.constant {v} : index\n" for v in sorted(consts))
    if p["dynamic_k"]:
        head += "  %vk = arith.index_cast %kv : i32 to index\n"
    extra = ", %kv: i32" if p["dynamic_k"] else ""
    return (f"func.func @kernel(%x: !pto.ptr<{dt}>, %w: !pto.ptr<{dt}>, %o: !pto.ptr<f32>"
            f"{extra}) {{\n{head}{body}  return\n}}\n"), p


def _verify(text):
    result = run_pipeline(ir.Module.parse(text, new_context()), PIPELINE)
    messages = [d.message for d in (result.errors or result.diagnostics)]
    return result.success, "\n".join(messages)


def _run(text, p, mode="a2a3"):
    rng = np.random.default_rng(0)
    dtype = np.float16 if p["dtype"] == "f16" else np.float32
    x = rng.integers(-3, 4, (p["M"], p["K"])).astype(dtype)
    w = rng.integers(-3, 4, (p["K"], p["N"])).astype(dtype)
    o = np.zeros(p["m"] * p["n"], np.float32)
    args = [pack_nz(x).ravel().copy(), pack_nz(w).ravel().copy(), o]
    if p["dynamic_k"]:
        args.append(p["k"])
    module = ir.Module.parse(text, new_context())
    Simulator(module, mode=mode, hooks=CUBE_HOOKS).run("kernel", *args)
    want = x[:p["m"], :p["k"]].astype(np.float64) @ w[:p["k"], :p["n"]].astype(np.float64)
    times = 2 if p["acc_op"] else 1
    return np.array_equal(unpack_nz(o, (p["m"], p["n"])), (times * want).astype(np.float32))


# Operands mad reads at another pitch than their layout: a wide Left (valid k 16 of 32
# columns, two box rows), a wide Right (valid n 16 of 32 columns, two box rows of k), the
# same through a dynamic valid k, an accumulating mad, and f32 operands (c0 = 8).
WRONG = {
    "left_wide": dict(LC=32),
    "right_wide": dict(N=32, RR=32, RC=32, k=32, LC=32),
    "left_wide_dynamic_k": dict(LC=32, dynamic_k=True),
    "left_wide_acc": dict(LC=32, acc_op=True),
    "left_wide_f32": dict(dtype="f32", k=8, LC=32),
}
# What the rule must keep: compact=1 tiles (the extract packs them), one box row, and tiles
# whose valid columns fill their columns.
RIGHT = {
    "left_compact": dict(LC=32, lcompact=1),
    "right_compact": dict(N=32, RR=32, RC=32, k=32, LC=32, rcompact=1),
    "one_box_row": dict(M=16, m=16, LC=32),
    "exact": dict(),
    "exact_f32": dict(dtype="f32", k=8, LC=8, RR=8),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_model_reads_wide_operands_at_the_mads_pitch(case):
    """On the device (a2a3) the wide operand gives a wrong product; pto-isa's CPU
    simulator (ideal) reads through the tile layout and gets it right."""
    text, p = _program(**WRONG[case])
    assert not _run(text, p, "a2a3")
    assert _run(text, p, "ideal")


@pytest.mark.parametrize("case", sorted(RIGHT))
def test_model_moves_the_logical_data(case):
    text, p = _program(**RIGHT[case])
    assert _run(text, p, "a2a3")


@pytest.mark.parametrize("case", sorted(WRONG))
def test_verify_refuses_operand_at_another_pitch(case):
    text, _ = _program(**WRONG[case])
    accepted, message = _verify(text)
    assert not accepted
    assert "at a box-row pitch of" in message


@pytest.mark.parametrize("case", sorted(RIGHT))
def test_verify_accepts_operand_at_its_pitch(case):
    text, _ = _program(**RIGHT[case])
    accepted, message = _verify(text)
    assert accepted, message
