"""Fuzz verify-pto-nz as translation validation: the long profile.

The generator and judge of test/unit/test_verify_fuzz.py, run longer: random hand-written
rank-5 pto programs go through `verify-pto-nz{strict-bounds=true}`; every accepted one is
simulated in a2a3 mode for several bindings and compared with the ideal window; with
--judge-refused every refused one is simulated too, to count how many refusals were
needed (the model would have moved wrong data or left the tensor). Run on demand:

    .venv/bin/python bench/fuzz_verify.py                     # 3000 programs, seed 1
    .venv/bin/python bench/fuzz_verify.py --count 20000 --seed 7 --judge-refused
    .venv/bin/python bench/fuzz_verify.py --cube 400          # the cube path only

--cube N: N random cube programs (NZ Mat -> textract / tmov -> Left / Right -> tmatmul ->
Acc -> NZ store; the generator of test/unit/test_redteam24_model.py) through verify-pto-nz,
every accepted one run in a2a3 mode with nzpass.model.cube's hooks against x @ w.

--nd N: N random ND Vec round trips (GM -> UB -> GM) of every element width (i8, ui8,
i16, f16, bf16, f32, i32) in a row-block loop or at a ranged argument's row, windows not
whole 32-byte blocks, padded row strides, valid regions static or dynamic, smaller or
larger than the window; judged against the input on the windows' valid data.
--widths N: the rank-5 programs, their loads also in ui8, bf16, i16 and i32.
--cube-nd N: the --cube programs storing their product into an ND f32, f16 or bf16 tensor
(the fixpipe's conversions), at a row offset, through a padded row stride.

Prints: generated, accepted, refused by reason, mismatches (accepted but wrong: a
soundness bug; exit status 1), and a progress line every 500 programs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "test" / "unit"))

import test_redteam24_model as cube
import test_verify_fuzz as vf
from nzpass.ir.bindings import ir, new_context
from nzpass.model import (
    GmOutOfBounds,
    HardwareLimitError,
    SimulationError,
    Simulator,
)
from nzpass.model.cube import CUBE_HOOKS
from nzpass.model.packer import pack_nz


def _draw_cube(rng: random.Random) -> dict:
    """Random shapes for cube._program: operands wider than their valid region, compact or
    not, f16 or f32, a static or dynamic valid k, one mad or an accumulating pair."""
    dtype = rng.choice(("f16", "f32"))
    c0 = 16 if dtype == "f16" else 8
    big, ks = (16, 32, 48), [v for v in range(c0, 49, c0)]
    M, K, N = (rng.choice(big) for _ in range(3))
    k = rng.choice([v for v in ks if v <= K])
    n = rng.choice(range(16, N + 1, 16))
    return dict(M=M, K=K, N=N, m=rng.choice(range(16, M + 1, 16)), k=k, n=n, dtype=dtype,
                LC=rng.choice([v for v in range(c0, K + 1, c0) if v >= k]),
                RR=rng.choice([v for v in range(c0, K + 1, c0) if v >= k]),
                RC=rng.choice(range(n, N + 1, 16)), lcompact=rng.choice((0, 0, 1)),
                rcompact=rng.choice((0, 0, 1)), acc_op=rng.random() < 0.3,
                dynamic_k=rng.random() < 0.3)


def run_cube(count: int, seed: int) -> int:
    """The --cube profile: prints generated, accepted, mismatches; 1 on a mismatch."""
    rng = random.Random(seed)
    accepted, mismatches = 0, []
    for index in range(count):
        text, params = cube._program(**_draw_cube(rng))
        if not cube._verify(text)[0]:
            continue
        accepted += 1
        if not cube._run(text, params):
            mismatches.append((index, params))
    print(f"cube: generated {count}  accepted {accepted}  mismatches {len(mismatches)}")
    for index, params in mismatches[:5]:
        print(f"MISMATCH #{index}: {params}")
    return 1 if mismatches else 0


# --------------------------------------------------------------------------- --nd profile
# Idioms the rank-5 generator does not write: ND Vec round trips (GM -> UB -> GM) of every
# element width (i8, ui8, i16, f16, bf16, f32, i32), in an scf.for whose row offset is the
# induction variable times the window (or a kernel argument with a stated range), windows
# whose columns are not whole 32-byte blocks, row strides padded past the columns, tiles
# larger than the window with a valid region static or from alloc_tile operands, smaller
# than the window or larger (the bursts move the partition's rows: pto-isa checks it with
# PTO_ASSERT only). The oracle, from the program's own numbers: after the run the output
# holds the input on every window's rows and columns inside the tile's valid region and
# its first contents everywhere else, and the model touches no memory outside either tensor.

ND_ELEMENTS = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "f16": np.float16,
               "bf16": np.uint16, "f32": np.float32, "i32": np.int32}


@dataclass
class NdProgram:
    element: str
    rows: int            # R, the tensors' rows
    cols: int            # C, their columns
    stride: int          # their row stride (>= C unless the generator attacks it)
    window: tuple[int, int]      # partition rows, columns
    col_offset: int
    tile: tuple[int, int]        # physical rows, columns
    valid: tuple[int, int]       # the tile's valid rows, columns
    dynamic_valid: bool
    loop: tuple[int, int]        # iterations lo, hi of the row-block loop (step 1)
    arg: tuple[int, int] | None  # a row offset argument's nz.range, or None: iv * rows
    extra_row: int = 0           # a constant added to every row offset
    # Placed tiles: (the tile's UB byte address at even and odd iterations, a second tile's
    # address) -- the second tile, loaded from another tensor between the tile's load and
    # its store, clobbers it where the two overlap. None: tiles the model places apart.
    placed: tuple[int, int, int] | None = None

    def row_offsets(self, arg_value: int) -> list[int]:
        """The row offset of each iteration's windows."""
        starts = range(*self.loop)
        if self.arg:
            return [arg_value + self.extra_row for _ in starts]
        return [iv * self.window[0] + self.extra_row for iv in starts]

    def _alloc(self, tile_t: str, name: str, addr: str | None = None) -> str:
        """The tile's pto.alloc_tile, at `addr` (an i64 value) if given."""
        dynamic = int(self.dynamic_valid)
        operands = ([addr] if addr else []) + [f"%c{v}" for v in self.valid] * dynamic
        types = (["i64"] if addr else []) + ["index", "index"] * dynamic
        return (f'%{name} = "pto.alloc_tile"({", ".join(operands)}) {{operandSegmentSizes = '
                f"array<i32: {int(addr is not None)}, {dynamic}, {dynamic}>}} : "
                f"({', '.join(types)}) -> {tile_t}")

    def text(self) -> str:
        e = self.element
        pr, pc = self.window
        tr, tc = self.tile
        vr, vc = self.valid
        consts = {0, 1, 2, self.rows, self.cols, self.stride, pr, pc, self.col_offset, vr, vc,
                  self.loop[0], self.loop[1], self.extra_row}
        if self.placed is not None:
            consts |= {self.placed[1] - self.placed[0], self.placed[0]}
        lines = [f"  %c{v} = arith.constant {v} : index" for v in sorted(consts)]
        view_t, part_t = f"!pto.tensor_view<?x?x{e}>", f"!pto.partition_tensor_view<{pr}x{pc}x{e}>"
        views = (("sv", "%src"), ("dv", "%dst"), ("xv", "%aux"))
        for name, ptr in views[:3 if self.placed is not None else 2]:
            lines.append(f'  %{name} = "pto.make_tensor_view"({ptr}, %c{self.rows}, %c{self.cols}, '
                         f"%c{self.stride}, %c1) {{layout = #pto.layout<nd>, operandSegmentSizes = "
                         f"array<i32: 1, 2, 2>}} : (!pto.ptr<{e}>, index, index, index, index) -> "
                         f"{view_t}")
        shown = ("?", "?") if self.dynamic_valid else (vr, vc)
        tile_t = (f"!pto.tile_buf<loc=vec, dtype={e}, rows={tr}, cols={tc}, v_row={shown[0]}, "
                  f"v_col={shown[1]}, blayout=row_major, slayout=none_box, fractal=512, pad=0>")
        if self.placed is None:
            lines.append("  " + self._alloc(tile_t, "t"))
        lines.append(f"  scf.for %iv = %c{self.loop[0]} to %c{self.loop[1]} step %c1 {{")
        if self.placed is not None:
            even, odd, other = self.placed
            lines += ["    %par = arith.remui %iv, %c2 : index",
                      f"    %step = arith.muli %par, %c{odd - even} : index",
                      f"    %at = arith.addi %step, %c{even} : index",
                      "    %ta = arith.index_cast %at : index to i64",
                      f"    %ua = arith.constant {other} : i64",
                      "    " + self._alloc(tile_t, "t", "%ta"),
                      "    " + self._alloc(tile_t, "u", "%ua")]
        if self.arg:
            lines.append(f"    %r0 = arith.addi %row, %c{self.extra_row} : index")
        else:
            lines.append(f"    %rb = arith.muli %iv, %c{pr} : index")
            lines.append(f"    %r0 = arith.addi %rb, %c{self.extra_row} : index")
        for name, view in (("sp", "%sv"), ("dp", "%dv")):
            lines.append(f'    %{name} = "pto.partition_view"({view}, %r0, %c{self.col_offset}, '
                         f"%c{pr}, %c{pc}) {{operandSegmentSizes = array<i32: 1, 2, 2>}} : "
                         f"({view_t}, index, index, index, index) -> {part_t}")
        lines.append(f'    "pto.tload"(%sp, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, '
                     f"0>}} : ({part_t}, {tile_t}) -> ()")
        if self.placed is not None:
            lines.append(f'    %xp = "pto.partition_view"(%xv, %r0, %c{self.col_offset}, '
                         f"%c{pr}, %c{pc}) {{operandSegmentSizes = array<i32: 1, 2, 2>}} : "
                         f"({view_t}, index, index, index, index) -> {part_t}")
            lines.append(f'    "pto.tload"(%xp, %u) {{operandSegmentSizes = array<i32: 1, 1, 0, '
                         f"0, 0, 0>}} : ({part_t}, {tile_t}) -> ()")
        lines.append(f'    "pto.tstore"(%t, %dp) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}}'
                     f" : ({tile_t}, {part_t}) -> ()")
        lines.append("  }")
        args = [f"%src: !pto.ptr<{e}>", f"%dst: !pto.ptr<{e}>"]
        if self.placed is not None:
            args.append(f"%aux: !pto.ptr<{e}>")
        if self.arg:
            args.append(f"%row: index {{nz.range = array<i64: {self.arg[0]}, {self.arg[1]}>}}")
        body = "\n".join(lines)
        return f"func.func @kernel({', '.join(args)}) {{\n{body}\n  return\n}}\n"


def draw_nd(rng: random.Random) -> NdProgram:
    """One ND round trip, biased to the edges of the ND rules."""
    element = rng.choice(tuple(ND_ELEMENTS))
    per_block = 32 // np.dtype(ND_ELEMENTS[element]).itemsize
    pr = rng.choice((1, 2, 4, 8))
    pc = rng.choice((per_block, 2 * per_block, per_block // 2 or 1, per_block + 1))
    blocks = rng.choice((1, 2, 3))
    rows = pr * blocks + rng.choice((0, 0, 0, 1))
    col_offset = rng.choice((0, 0, per_block, 1))
    cols = col_offset + pc + rng.choice((0, 0, per_block))
    stride = cols + rng.choice((0, 0, per_block, 1))
    tc = -(-pc // per_block) * per_block + rng.choice((0, 0, per_block))
    tr = pr + rng.choice((0, 0, 1, 8))
    valid = (rng.choices((pr, pr - 1, pr + 1), (8, 1, 1))[0],
             rng.choices((pc, pc - 1, pc + 1), (8, 1, 1))[0])
    valid = (max(1, min(valid[0], tr)), max(1, min(valid[1], tc)))
    arg = None
    loop = (0, blocks + rng.choices((0, 1), (6, 1))[0])
    if rng.random() < 0.3:
        hi = rows - pr + 1 + rng.choices((0, 1), (6, 1))[0]
        arg = (0, max(1, hi))
        loop = (0, rng.choice((1, 2)))
    extra = rng.choices((0, 1), (8, 1))[0]
    prog = NdProgram(element, rows, cols, stride, (pr, pc), col_offset, (tr, tc), valid,
                     rng.random() < 0.3, loop, arg, extra)
    if rng.random() < 0.35:
        size = tr * tc * np.dtype(ND_ELEMENTS[element]).itemsize
        even = rng.choice((0, 1024))
        odd = even + rng.choice((0, size, 2 * size))
        prog.placed = (even, odd, rng.choice((even + size, odd + size, odd, even + size // 2,
                                              max(even, odd) + size, 4096)))
    return prog


def judge_nd(prog: NdProgram, text: str, seed: int) -> str:
    """'' when every run moves exactly the windows' valid data and nothing else."""
    rng = np.random.default_rng(seed)
    np_type = ND_ELEMENTS[prog.element]
    values = [prog.arg[0], prog.arg[1] - 1] if prog.arg else [0]
    size = (prog.rows - 1) * prog.stride + prog.cols
    for value in values:
        src = rng.integers(1, 100, size).astype(np_type)
        dst = rng.integers(100, 120, size).astype(np_type)
        aux = (rng.integers(-100, -1, size) if prog.placed else src[:0]).astype(np_type)
        expected = dst.copy()
        pr, pc = prog.window
        rows, cols = min(pr, prog.valid[0]), min(pc, prog.valid[1])
        for iv, r0 in zip(range(*prog.loop), prog.row_offsets(value), strict=True):
            if r0 < 0 or r0 + pr > prog.rows or prog.col_offset + pc > prog.cols:
                return f"window rows [{r0}, {r0 + pr}) cols +{pc} outside the tensor (row={value})"
            r, c = np.ogrid[r0:r0 + rows, prog.col_offset:prog.col_offset + cols]
            expected[r * prog.stride + c] = _stored(prog, iv, src, aux)[r * prog.stride + c]
        with new_context():
            sim = Simulator(ir.Module.parse(text), mode="a2a3")
            call = [src, dst] + ([aux] if prog.placed else []) + ([value] if prog.arg else [])
            try:
                sim.run("kernel", *call)
            except (GmOutOfBounds, HardwareLimitError, SimulationError, ValueError) as err:
                return f"model: {type(err).__name__}: {err}"
        if not np.array_equal(dst, expected):
            bad = np.flatnonzero(dst != expected)
            return (f"output differs at {bad.size} elements, first {int(bad[0])} "
                    f"(row={value}): {dst[bad[0]]} for {expected[bad[0]]}")
    return ""


def _stored(prog: NdProgram, iv: int, src: np.ndarray, aux: np.ndarray) -> np.ndarray:
    """What iteration `iv` stores: the input, or the other tensor where the second tile
    is placed at the tile's own address (allocs of the same bytes are one buffer,
    nz/tile_overlap.py: the second load then writes the tile; a partial overlap the
    verifier must refuse, and the input is then the expectation that catches it)."""
    if prog.placed is None:
        return src
    even, odd, other = prog.placed
    return aux if other == (odd if iv % 2 else even) else src


def run_nd(count: int, seed: int) -> int:
    """The --nd profile: prints generated, accepted, refused by reason, mismatches."""
    rng = random.Random(seed)
    accepted, refused, mismatches = 0, Counter(), []
    for index in range(count):
        prog = draw_nd(rng)
        text = prog.text()
        ok, reason = vf.verify(text)
        if not ok:
            refused[reason] += 1
            continue
        accepted += 1
        problem = judge_nd(prog, text, seed * 1000003 + index)
        if problem:
            mismatches.append((index, problem, text))
    return _report(f"nd: generated {count}  accepted {accepted}", refused, mismatches)


# --------------------------------------------------------------------------- --widths profile
# The rank-5 generator's loads in the element types it does not draw: each of its i8, f16
# and f32 loads is also written in a type of the same width (ui8; bf16, i16; i32), which
# keeps c0 and every stride and changes what the tile, the view and the bytes are typed.

SAME_WIDTH = {"i8": ("ui8",), "f16": ("bf16", "i16"), "f32": ("i32",)}
WIDTH_NUMPY = {"ui8": np.uint8, "bf16": np.uint16, "i16": np.int16, "i32": np.int32}


class WidthGenerator(vf.Generator):
    """vf.Generator whose loads take a same-width element type half the time."""

    def program(self) -> vf.Program:
        prog = super().program()
        if prog.kind == "load" and self.rng.random() < 0.5:
            prog.element = self.rng.choice(SAME_WIDTH[prog.element])
        return prog


def run_widths(count: int, seed: int) -> int:
    """The --widths profile: prints generated, accepted, mismatches; 1 on a mismatch."""
    for element, np_type in WIDTH_NUMPY.items():  # the judge's tables, for the new types
        vf.C0.setdefault(element, 32 // np.dtype(np_type).itemsize)
        vf.NP.setdefault(element, np_type)
    gen = WidthGenerator(random.Random(seed))
    accepted, elements, mismatches = 0, Counter(), []
    for index in range(count):
        prog = gen.program()
        text = prog.text()
        if not vf.verify(text)[0]:
            continue
        accepted += 1
        elements[prog.element] += 1
        problem = vf.judge(prog, text, seed * 1000003 + index)
        if problem:
            mismatches.append((index, problem, text))
    return _report(f"widths: generated {count}  accepted {accepted} ({dict(elements)})",
                   Counter(), mismatches)


def _report(head: str, refused: Counter, mismatches: list[tuple[int, str, str]]) -> int:
    """A profile's summary: its counts, each refusal's count, the first mismatches; the
    exit code (1 where any accepted program moved other data than the oracle's)."""
    print(f"{head}  mismatches {len(mismatches)}")
    for reason, n in refused.most_common():
        print(f"  {n:6d}  {reason}")
    for index, problem, text in mismatches[:3]:
        print(f"\nMISMATCH #{index}: {problem}\n{text}")
    return 1 if mismatches else 0


# --------------------------------------------------------------------------- --cube-nd profile
# The cube programs of --cube with their product stored into an ND tensor through the
# fixpipe's conversions (TStoreAccNz2nd: f32 into f32, f16 or bf16; limits.ACC_STORE_MODES),
# its row stride the product's columns or padded past them, the window at a row offset.
# The oracle: the output holds cvt(x @ w) on the window (the products are small integers,
# exact in every type) and its first contents everywhere else.

ND_OUT = {"f32": np.float32, "f16": np.float16, "bf16": np.uint16}


def _cube_nd_program(rng: random.Random) -> tuple[str, dict]:
    text, params = cube._program(**_draw_cube(rng))
    m, n = params["m"], params["n"]
    out = rng.choice(tuple(ND_OUT))
    stride = n + rng.choice((0, 0, 16, 8))
    row0 = rng.choice((0, 0, 1, 16))
    rows = row0 + m + rng.choice((0, 0, 1))
    params.update(out=out, stride=stride, row0=row0, rows=rows)
    part = f"!pto.partition_tensor_view<{m}x{n}x{out}>"
    view = f"!pto.tensor_view<?x?x{out}>"
    consts = "".join(f"  %nd{v} = arith.constant {v} : index\n"
                     for v in sorted({0, 1, m, n, stride, row0, rows}))
    new_view = (f'  %ov = "pto.make_tensor_view"(%o, %nd{rows}, %nd{n}, %nd{stride}, %nd1) '
                f"{{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}} : "
                f"(!pto.ptr<{out}>, index, index, index, index) -> {view}\n"
                f'  %op = "pto.partition_view"(%ov, %nd{row0}, %nd0, %nd{m}, %nd{n}) '
                f"{{operandSegmentSizes = array<i32: 1, 2, 2>}} : ({view}, index, index, index, "
                f"index) -> {part}\n")
    lines = text.splitlines(keepends=True)
    old_part = cube._view("o", "f32", m, n, 8)[1]  # the NZ output window _program writes
    body = [li for li in lines if not li.startswith(("  %ov = ", "  %op = "))]
    first = next(i for i, li in enumerate(body) if li.startswith("  %c"))
    body[first:first] = [consts, new_view]
    text = "".join(body).replace("%o: !pto.ptr<f32>", f"%o: !pto.ptr<{out}>")
    return text.replace(f"%op) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}} : ("
                        f"{cube._tile('acc', 'f32', m, n, m, n)}, {old_part})",
                        f"%op) {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}} : ("
                        f"{cube._tile('acc', 'f32', m, n, m, n)}, {part})"), params


def _bf16_bits(values: np.ndarray) -> np.ndarray:
    """Integers below 256 in bf16: exact, the f32 bits' top half."""
    return (values.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def _judge_cube_nd(text: str, p: dict) -> str:
    rng = np.random.default_rng(0)
    dtype = np.float16 if p["dtype"] == "f16" else np.float32
    x = rng.integers(-3, 4, (p["M"], p["K"])).astype(dtype)
    w = rng.integers(-3, 4, (p["K"], p["N"])).astype(dtype)
    size = (p["rows"] - 1) * p["stride"] + p["n"]
    out = np.full(size, 7, np.float32)
    out = _bf16_bits(out) if p["out"] == "bf16" else out.astype(ND_OUT[p["out"]])
    expected = out.copy()
    want = x[:p["m"], :p["k"]].astype(np.float64) @ w[:p["k"], :p["n"]].astype(np.float64)
    want *= 2 if p["acc_op"] else 1
    r, c = np.indices(want.shape)
    cast = _bf16_bits(want) if p["out"] == "bf16" else want.astype(ND_OUT[p["out"]])
    expected[(p["row0"] + r) * p["stride"] + c] = cast
    args = [pack_nz(x).ravel().copy(), pack_nz(w).ravel().copy(), out]
    if p["dynamic_k"]:
        args.append(p["k"])
    with new_context():
        try:
            Simulator(ir.Module.parse(text), mode="a2a3", hooks=CUBE_HOOKS).run("kernel", *args)
        except (GmOutOfBounds, HardwareLimitError, SimulationError, ValueError) as err:
            return f"model: {type(err).__name__}: {err}"
    if not np.array_equal(out, expected):
        return f"output differs at {int((out != expected).sum())} elements"
    return ""


def run_cube_nd(count: int, seed: int) -> int:
    """The --cube-nd profile: prints generated, accepted, mismatches; 1 on a mismatch."""
    rng = random.Random(seed)
    accepted, refused, mismatches = 0, Counter(), []
    for index in range(count):
        text, params = _cube_nd_program(rng)
        ok, reason = vf.verify(text)
        if not ok:
            refused[reason] += 1
            continue
        accepted += 1
        problem = _judge_cube_nd(text, params)
        if problem:
            mismatches.append((index, problem, text))
    return _report(f"cube-nd: generated {count}  accepted {accepted}", refused, mismatches)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-refused", action="store_true",
                        help="simulate refused programs too (how many refusals were needed)")
    parser.add_argument("--cube", type=int, default=0,
                        help="run N random cube programs instead (textract, tmov, tmatmul)")
    parser.add_argument("--nd", type=int, default=0,
                        help="run N random ND Vec round trips instead (every element width, "
                             "loops, valid regions other than the window)")
    parser.add_argument("--widths", type=int, default=0,
                        help="run N rank-5 programs whose loads also take ui8, bf16, i16, i32")
    parser.add_argument("--cube-nd", type=int, default=0,
                        help="run N cube programs storing into ND f32 / f16 / bf16 instead")
    args = parser.parse_args(argv)
    if args.cube_nd:
        return run_cube_nd(args.cube_nd, args.seed)
    if args.widths:
        return run_widths(args.widths, args.seed)
    if args.cube:
        return run_cube(args.cube, args.seed)
    if args.nd:
        return run_nd(args.nd, args.seed)
    start = time.monotonic()
    total = vf.Tally()
    chunk = 500
    for first in range(0, args.count, chunk):
        n = min(chunk, args.count - first)
        part = vf.run(n, seed=args.seed * 100003 + first, judge_refused=args.judge_refused)
        total.generated += part.generated
        total.accepted += part.accepted
        total.refused.update(part.refused)
        total.refused_wrong += part.refused_wrong
        total.mismatches.extend(part.mismatches)
        print(f"[{total.generated}/{args.count}] accepted {total.accepted}, mismatches "
              f"{len(total.mismatches)}, {time.monotonic() - start:.0f} s", file=sys.stderr)
    refused = sum(total.refused.values())
    print(f"generated {total.generated}  accepted {total.accepted}  refused {refused}  "
          f"mismatches {len(total.mismatches)}  ({time.monotonic() - start:.0f} s)")
    if args.judge_refused:
        print(f"refused programs the a2a3 model gets wrong (refusal needed): "
              f"{total.refused_wrong} of {refused}")
    print("refused by reason:")
    for reason, count in total.refused.most_common():
        print(f"  {count:6d}  {reason}")
    for index, problem, text in total.mismatches[:5]:
        print(f"\nMISMATCH #{index}: {problem}\n{text}")
    return 1 if total.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
