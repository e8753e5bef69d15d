"""Generate large, realistic `pl` modules for benchmarking nzpass-opt.

Each kernel is a grouped-matmul-style function (ir-contract section 1):

- an ND activation `x : tensor<E x M x K x T>` and an NZ weight
  `w : tensor<E x N x K x T, #pl.layout<nz>>` (T is f16 or i8), one group per
  expert `e` (an outer `scf.for`, so the batch offset is symbolic);
- the block's output panel `n0 = nb * N_TILE` from `pl.tile.get_block_idx`;
- a ragged tail: the weight tile's valid rows are `min(N - n0, N_TILE)`, a
  `arith.minsi` of terms that are multiples of 16 (N is a multiple of 16 that
  is often not a multiple of N_TILE);
- a K loop (`scf.for` with an Acc tile in `iter_args`), unrolled 1-3 times,
  loading an ND activation tile and an NZ weight tile per step (offsets
  `k0 + j * K_TILE`) and accumulating with `pl.tile.matmul_acc(acc, A, B)`;
- a final FP32 Acc `pl.tile.store` into `out : tensor<E x M x NP x f32,
  #pl.layout<nz>>` at `[e, 0, n0]` (the tile covers all M rows; NP pads N to a
  whole number of panels).

With --kernel-ops every kernel is one big function of about that many ops
(the K loop unrolled), to check that a pass stays linear inside one function.

The module is deterministic for a given seed and target op count. The op
count is exact (every operation, the module and implicit terminators
included); it is written next to the file as `<name>.ops`.

    python bench/gen_kernels.py --ops 100k            # -> bench/out/kernels-100k.mlir
    python bench/gen_kernels.py --ops 1000 -o /tmp/k.mlir --seed 7
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from dataclasses import dataclass
from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent / "out"
SIZE_WORDS = {"k": 1_000, "m": 1_000_000}


def parse_size(text: str) -> int:
    """`1k`, `10k`, `1m`, `2500` -> an op count."""
    text = text.strip().lower()
    if text and text[-1] in SIZE_WORDS:
        return int(float(text[:-1]) * SIZE_WORDS[text[-1]])
    return int(text)


def size_label(ops: int) -> str:
    for suffix, scale in (("m", 1_000_000), ("k", 1_000)):
        if ops >= scale and ops % scale == 0:
            return f"{ops // scale}{suffix}"
    return str(ops)


@dataclass(frozen=True)
class KernelShape:
    dtype: str        # weight/activation element type: f16 or i8
    experts: int      # E
    m: int            # activation rows = output rows = Acc tile rows
    n: int            # weight rows (ragged: a multiple of 16)
    k: int            # reduction extent
    n_tile: int       # output panel width (Acc tile columns)
    k_tile: int       # K step of one load
    unroll: int       # loads per loop iteration

    @property
    def n_padded(self) -> int:
        return -(-self.n // self.n_tile) * self.n_tile


K_CAP = 8192  # the reduction extent of one big kernel (see random_shape)


def ops_per_kernel(unroll: int) -> int:
    """Exact op count of one kernel (see emit_kernel)."""
    return 19 + 5 * unroll


def random_shape(rng: random.Random, kernel_ops: int | None = None) -> KernelShape:
    """A random kernel; `kernel_ops` fixes its size (by unrolling the K loop)."""
    dtype = rng.choice(("f16", "f16", "i8"))
    c0 = 16 if dtype == "f16" else 32
    k_tile = rng.choice((4, 8)) * c0           # 64/128 (f16) or 128/256 (i8) columns
    n_tile = rng.choice((64, 128))
    m = rng.choice((16, 32, 64, 128))
    unroll = rng.choice((1, 2, 2, 3))
    if kernel_ops is not None:
        unroll = max(1, (kernel_ops - ops_per_kernel(0)) // 5)
    factor = rng.randint(2, 16)
    # One big kernel keeps K at most K_CAP (its unrolled loads wrap around K): an ND ->
    # Mat load's row stride (K) fits 16 bits, and every partition starts below 2^32.
    k = k_tile * (unroll * factor if kernel_ops is None else min(unroll, K_CAP // k_tile))
    # Ragged N: whole fractals (multiple of 16), usually not whole panels.
    n = n_tile * rng.randint(2, 24) - 16 * rng.randint(0, n_tile // 16 - 1)
    return KernelShape(dtype, rng.choice((1, 4, 8, 16)), m, n, k, n_tile, k_tile, unroll)


class _Emitter:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.ops = 0

    def op(self, text: str, count: int = 1) -> None:
        self.lines.append(text)
        self.ops += count

    def text(self, text: str) -> None:
        self.lines.append(text)


def emit_kernel(out: _Emitter, index: int, s: KernelShape) -> None:
    t = s.dtype
    x_t = f"tensor<{s.experts}x{s.m}x{s.k}x{t}>"
    w_t = f"tensor<{s.experts}x{s.n}x{s.k}x{t}, #pl.layout<nz>>"
    o_t = f"tensor<{s.experts}x{s.m}x{s.n_padded}xf32, #pl.layout<nz>>"
    acc = f"!pl.tile<{s.m}x{s.n_tile}xf32, acc>"
    xt_t = f"!pl.tile<{s.m}x{s.k_tile}x{t}, mat>"
    wt_t = f"!pl.tile<{s.n_tile}x{s.k_tile}x{t}, mat, valid = ?x{s.k_tile}>"
    idx6 = ", ".join(["index"] * 6)
    idx9 = ", ".join(["index"] * 9)
    step = s.k_tile * s.unroll

    out.op(f"  func.func @gmm_{index}(%x: {x_t}, %w: {w_t}, %out: {o_t}) {{")
    constants = {"c0": 0, "c1": 1, "cE": s.experts, "cM": s.m, "cN": s.n, "cK": s.k,
                 "cNT": s.n_tile, "cKT": s.k_tile, "cStep": step}
    for name, value in constants.items():
        out.op(f"    %{name} = arith.constant {value} : index")
    # The launch (one block per output panel) is stated as a fact: it bounds n0.
    blocks = s.n_padded // s.n_tile
    out.op(f'    %nb = "pl.tile.get_block_idx"() {{nz.range = array<i64: 0, {blocks}>}} '
           ': () -> index')
    out.op("    %n0 = arith.muli %nb, %cNT : index")
    out.text("    // ragged tail: the last panel holds min(N - n0, N_TILE) valid weight rows")
    out.op("    %rem = arith.subi %cN, %n0 : index")
    out.op("    %rows = arith.minsi %rem, %cNT : index")
    out.op("    scf.for %e = %c0 to %cE step %c1 {", count=2)  # + its implicit scf.yield
    out.op(f'      %zero = "pl.tile.zeros"() : () -> {acc}')
    out.op(f"      %acc = scf.for %k0 = %c0 to %cK step %cStep iter_args(%p = %zero) -> ({acc}) {{")
    partial = "%p"
    for j in range(s.unroll):
        k = "%k0"
        if j:
            # Column block j of the loop's step, wrapped around K (a big kernel's K is
            # capped; an ordinary one's step lies inside K, so j stays j).
            kofs = j % (s.k // s.k_tile) * s.k_tile
            out.op(f"        %kofs{j} = arith.constant {kofs} : index")
            out.op(f"        %k{j} = arith.addi %k0, %kofs{j} : index")
            k = f"%k{j}"
        out.op(f'        %xt{j} = "pl.tile.load"(%x, %e, %c0, {k}, %c1, %cM, %cKT) '
               f'{{operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"}} '
               f": ({x_t}, {idx6}) -> {xt_t}")
        out.op(f'        %wt{j} = "pl.tile.load"(%w, %e, %n0, {k}, %c1, %cNT, %cKT, '
               f'%c1, %rows, %cKT) {{operandSegmentSizes = array<i32: 1, 3, 3, 3>, '
               f'target_memory = "mat"}} : ({w_t}, {idx9}) -> {wt_t}')
        out.op(f'        %mm{j} = "pl.tile.matmul_acc"({partial}, %xt{j}, %wt{j}) '
               f": ({acc}, {xt_t}, {wt_t}) -> {acc}")
        partial = f"%mm{j}"
    out.op(f"        scf.yield {partial} : {acc}")
    out.text("      }")
    out.op(f'      %st = "pl.tile.store"(%acc, %out, %e, %c0, %n0) '
           f'{{operandSegmentSizes = array<i32: 1, 1, 3, 0>, st_phase = "final"}} '
           f": ({acc}, {o_t}, index, index, index) -> {o_t}")
    out.text("    }")
    out.op("    return")
    out.text("  }")


def generate(target_ops: int, seed: int = 0,
             kernel_ops: int | None = None) -> tuple[str, int, int]:
    """(module text, exact op count, kernel count) with at least `target_ops` ops;
    `kernel_ops` makes every kernel about that big (one K loop unrolled)."""
    rng = random.Random(seed)
    out = _Emitter()
    out.text(f"// nzpass benchmark module: seed {seed}, target {target_ops} ops "
             "(bench/gen_kernels.py)")
    out.op('module attributes {pl.backend = "a2a3"} {')
    kernels = 0
    while out.ops < target_ops:
        emit_kernel(out, kernels, random_shape(rng, kernel_ops))
        kernels += 1
    out.text("}")
    return "\n".join(out.lines) + "\n", out.ops, kernels


def write(target_ops: int, path: Path | None = None, seed: int = 0,
          reuse: bool = True, kernel_ops: int | None = None) -> tuple[Path, int]:
    """Write the module (reused when the same seed and target were written
    before) and return its path and exact op count."""
    suffix = f"-k{kernel_ops}" if kernel_ops else ""
    path = path or OUT_DIR / f"kernels-{size_label(target_ops)}-s{seed}{suffix}.mlir"
    count_file = path.with_suffix(".ops")
    # A module written by another version of this generator is not reused (a changed
    # generator's stale big kernel had failed a run).
    version = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    if reuse and path.exists() and count_file.exists():
        fields = count_file.read_text().split()
        if fields[-1:] == [version]:
            return path, int(fields[0])
    text, ops, kernels = generate(target_ops, seed, kernel_ops)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    count_file.write_text(f"{ops} ops {kernels} kernels {version}\n")
    return path, ops


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--ops", default="1k", help="target op count: 1k, 10k, 100k, 1m, or a number")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--kernel-ops", help="make every kernel about this many ops (e.g. 4k: one "
                   "big kernel per 4k ops) instead of the usual 24-34")
    p.add_argument("-o", dest="output", type=Path, help="output file (default: bench/out/...)")
    args = p.parse_args(argv)
    kernel_ops = parse_size(args.kernel_ops) if args.kernel_ops else None
    path, ops = write(parse_size(args.ops), args.output, args.seed, reuse=False,
                      kernel_ops=kernel_ops)
    print(f"{path}: {ops} ops", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
