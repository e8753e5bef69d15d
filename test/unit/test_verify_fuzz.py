"""Attack verify-pto-nz with random hand-written rank-5 pto programs, judged by the model.

Each program is one NZ `pto.tload` (into a Mat tile) or one Acc `pto.tstore` (from a
filled FP32 Acc tile) of a `pto.partition_view` (or of the whole view) of a blocked NZ
`pto.make_tensor_view`, written as a human would: offsets and sizes near and past the
view's extents, constant or from an `scf.for` induction variable (signed or unsigned,
index or i32), a block index (bounded by `remui` or not), function arguments of every
integer width with or without declared facts, truncating casts and products that may
wrap; padded strides; valid regions static, dynamic from `pto.alloc_tile` operands
(constants or `sizes * 16`) or wrong; Acc stores with row sub-windows and batch pitches;
multi-column-block loads over tensors tall enough for the pto-isa#317 gap.

Every program goes through `verify-pto-nz{strict-bounds=true}`. Each accepted one is run
by `nzpass.model.Simulator` in a2a3 mode for several bindings (block indices up to the
launch limit, argument values at the ends of their declared ranges, every loop
iteration); the oracle, computed here in Python from the program's own expressions,
requires that every window lies inside the view on every axis and that the tile (load)
or the whole GM buffer (store) holds exactly the ideal data of hardware-model.md (the
strided reads and writes of the logical window). Any difference is a soundness bug of
the verifier. bench/fuzz_verify.py runs the same generator longer and prints counts.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from nzpass import run_pipeline
from nzpass.ir.bindings import ir, new_context
from nzpass.model import GmOutOfBounds, HardwareLimitError, SimulationError, Simulator

PIPELINE = "builtin.module(verify-pto-nz{strict-bounds=true})"
FILL_OP = "test.fill"
C0 = {"i8": 32, "f16": 16, "f32": 8}
NP = {"i8": np.int8, "f16": np.float16, "f32": np.float32}
BITS = {"index": 64, "i64": 64, "i32": 32, "i16": 16, "i8": 8}
BLOCK_LIMIT = 65535  # the launch range the analysis assumes (get_block_idx < 65535)


def wrap(value: int, type_: str) -> int:
    bits = BITS[type_]
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


# --------------------------------------------------------------------------- expressions


@dataclass
class Env:
    bid: int
    args: dict[str, int]
    iv: int = 0


class Expr:
    """An integer expression: its MLIR emission and its run-time value (exact, wrapped)."""

    type = "index"

    def ev(self, env: Env) -> int:
        raise NotImplementedError

    def emit(self, prog: Program) -> str:
        raise NotImplementedError


@dataclass
class Const(Expr):
    value: int
    type: str = "index"

    def ev(self, env):
        return wrap(self.value, self.type)

    def emit(self, prog):
        return prog.const(self.value, self.type)


@dataclass
class Arg(Expr):
    name: str
    fact: tuple[int, int] | None  # declared nz.range (half-open)
    type: str = "index"
    multiple: int | None = None

    def ev(self, env):
        return env.args[self.name]

    def emit(self, prog):
        return self.name


@dataclass
class BlockIdx(Expr):
    def ev(self, env):
        return env.bid

    def emit(self, prog):
        return prog.value('"pto.get_block_idx"() : () -> index')


@dataclass
class Iv(Expr):
    type: str = "index"

    def ev(self, env):
        return env.iv

    def emit(self, prog):
        return "%iv"


@dataclass
class Binary(Expr):
    op: str
    lhs: Expr
    rhs: Expr

    @property
    def type(self):  # type: ignore[override]
        return self.lhs.type

    def ev(self, env):
        a, b = self.lhs.ev(env), self.rhs.ev(env)
        t = self.type
        if self.op == "muli":
            return wrap(a * b, t)
        if self.op == "addi":
            return wrap(a + b, t)
        if self.op == "subi":
            return wrap(a - b, t)
        if self.op == "remui":
            mask = (1 << BITS[t]) - 1
            return wrap((a & mask) % (b & mask), t)
        if self.op == "floordivsi":
            return wrap(a // b, t)
        raise AssertionError(self.op)

    def emit(self, prog):
        a, b = self.lhs.emit(prog), self.rhs.emit(prog)
        return prog.value(f"arith.{self.op} {a}, {b} : {self.type}")


@dataclass
class Cast(Expr):
    op: str  # index_cast | trunci | extsi
    source: Expr
    type: str = "index"

    def ev(self, env):
        return wrap(self.source.ev(env), self.type)

    def emit(self, prog):
        src = self.source.emit(prog)
        return prog.value(f"arith.{self.op} {src} : {self.source.type} to {self.type}")


# --------------------------------------------------------------------------- programs


@dataclass
class Program:
    kind: str                 # "load" | "store"
    element: str
    shape: list[int]          # logical view extents [B, C/c0, R/16] (B may be dynamic)
    strides: list[int]        # the five view strides
    offsets: list[Expr]       # partition offsets of axes 0..2
    sizes: list[Expr]         # partition sizes of axes 0..2
    tile_rows: int
    tile_cols: int
    valid: tuple[str, str]    # per axis: "static" | "static-wrong" | "const" | "scaled" | "off"
    whole_view: bool = False
    dynamic_batch: Arg | None = None
    loop: tuple[int, int, int, str, bool] | None = None  # lo, hi, step, type, unsigned
    args: list[Arg] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    _count: int = 0

    @property
    def c0(self) -> int:
        return C0[self.element]

    # ---------------------------------------------------------------- emission

    def value(self, rhs: str) -> str:
        self._count += 1
        name = f"%v{self._count}"
        self.lines.append(f"  {name} = {rhs}")
        return name

    def const(self, value: int, type_: str = "index") -> str:
        return self.value(f"arith.constant {value} : {type_}")

    def text(self) -> str:
        self.lines, self._count = [], 0
        c0, e = self.c0, self.element
        shape5 = [self.shape[0], self.shape[1], self.shape[2], 16, c0]
        shape_ops = [self.dynamic_batch.name if self.dynamic_batch else self.const(shape5[0])]
        shape_ops += [self.const(x) for x in shape5[1:]]
        stride_ops = [self.const(s) for s in self.strides]
        view_t = f"!pto.tensor_view<?x?x?x?x?x{e}>"
        index10 = ", ".join(["index"] * 10)
        view = self.value(f'"pto.make_tensor_view"(%p, {", ".join(shape_ops + stride_ops)}) '
                          "{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}"
                          f" : (!pto.ptr<{e}>, {index10}) -> {view_t}")
        if self.loop:
            lo, hi, step, t, unsigned = self.loop
            a, b, s = self.const(lo, t), self.const(hi, t), self.const(step, t)
            keyword = "unsigned " if unsigned else ""
            suffix = "" if t == "index" else f" : {t}"
            self.lines.append(f"  scf.for {keyword}%iv = {a} to {b} step {s}{suffix} {{")
        src, src_t = view, view_t
        if not self.whole_view:
            offs = [o.emit(self) for o in self.offsets] + [self.const(0), self.const(0)]
            sizes = [s.emit(self) for s in self.sizes] + [self.const(16), self.const(c0)]
            types = [x.type for x in self.offsets] + ["index"] * 2
            types += [x.type for x in self.sizes] + ["index"] * 2
            dims = "x".join(str(s.value) if isinstance(s, Const) else "?" for s in self.sizes)
            src_t = f"!pto.partition_tensor_view<{dims}x16x{c0}x{e}>"
            src = self.value(f'"pto.partition_view"({view}, {", ".join(offs + sizes)}) '
                             "{operandSegmentSizes = array<i32: 1, 5, 5>} : "
                             f"({view_t}, {', '.join(types)}) -> {src_t}")
        tile_t, operands = self.tile_type()
        seg = f"0, {int(self.valid[0] in DYNAMIC)}, {int(self.valid[1] in DYNAMIC)}"
        op_types = ", ".join(["index"] * len(operands))
        tile = self.value(f'"pto.alloc_tile"({", ".join(operands)}) {{operandSegmentSizes = '
                          f"array<i32: {seg}>}} : ({op_types}) -> {tile_t}")
        if self.kind == "load":
            self.lines.append(f'  "pto.tload"({src}, {tile}) {{operandSegmentSizes = array<i32: '
                              f"1, 1, 0, 0, 0, 0>}} : ({src_t}, {tile_t}) -> ()")
        else:
            self.lines.append(f'  "{FILL_OP}"({tile}) : ({tile_t}) -> ()')
            self.lines.append(f'  "pto.tstore"({tile}, {src}) {{operandSegmentSizes = array<i32: '
                              f"1, 1, 0, 0>}} : ({tile_t}, {src_t}) -> ()")
        if self.loop:
            self.lines.append("  }")
        args = [f"%p: !pto.ptr<{e}>"] + [_arg_text(a) for a in self.all_args()]
        body = "\n".join(self.lines)
        return f"func.func @kernel({', '.join(args)}) {{\n{body}\n  return\n}}\n"

    def all_args(self) -> list[Arg]:
        return ([self.dynamic_batch] if self.dynamic_batch else []) + self.args

    def tile_type(self) -> tuple[str, list[str]]:
        vr, vc = self.valid_values_text()
        rows = vr if isinstance(vr, int) else "?"
        cols = vc if isinstance(vc, int) else "?"
        operands = [x for x in (vr, vc) if isinstance(x, str)]
        if self.kind == "load":
            t = (f"!pto.tile_buf<loc=mat, dtype={self.element}, rows={self.tile_rows}, "
                 f"cols={self.tile_cols}, v_row={rows}, v_col={cols}, blayout=col_major, "
                 "slayout=row_major, fractal=512, pad=0>")
        else:
            t = (f"!pto.tile_buf<loc=acc, dtype=f32, rows={self.tile_rows}, "
                 f"cols={self.tile_cols}, v_row={rows}, v_col={cols}, blayout=col_major, "
                 "slayout=row_major, fractal=1024, pad=0>")
        return t, operands

    def valid_values_text(self) -> tuple[int | str, int | str]:
        out: list[int | str] = []
        for axis, how in enumerate(self.valid):
            size_expr = self.sizes[2] if axis == 0 else self.sizes[1]
            factor = 16 if axis == 0 else self.c0
            static = self.static_valid(axis)
            if how in ("static", "static-wrong"):
                out.append(static)
            elif how == "const":
                out.append(self.const(static))
            elif how == "scaled":
                scaled = Binary("muli", size_expr, Const(factor)) if axis == 0 else Binary(
                    "muli", Binary("muli", self.sizes[0], self.sizes[1]), Const(self.c0))
                out.append(scaled.emit(self))
            else:  # "off": one fractal row / one C0 line more than the window
                window = (Binary("muli", size_expr, Const(factor)) if axis == 0 else Binary(
                    "muli", Binary("muli", self.sizes[0], self.sizes[1]), Const(self.c0)))
                out.append(Binary("addi", window, Const(factor)).emit(self))
        return out[0], out[1]

    def static_valid(self, axis: int) -> int:
        n = [s.value if isinstance(s, Const) else 1 for s in self.sizes]
        good = 16 * n[2] if axis == 0 else n[0] * n[1] * self.c0
        wrong = 16 if axis == 0 else self.c0
        return good + (wrong if self.valid[axis] == "static-wrong" else 0)

    # ---------------------------------------------------------------- oracle

    def valid_at(self, env: Env, sizes: list[int]) -> tuple[int, int]:
        out = []
        for axis, how in enumerate(self.valid):
            good = 16 * sizes[2] if axis == 0 else sizes[0] * sizes[1] * self.c0
            factor = 16 if axis == 0 else self.c0
            if how in ("static", "static-wrong", "const"):
                out.append(self.static_valid(axis))
            elif how == "scaled":
                out.append(good)
            else:
                out.append(good + factor)
        return out[0], out[1]


DYNAMIC = ("const", "scaled", "off")


def _arg_text(arg: Arg) -> str:
    attrs = []
    if arg.fact is not None:
        attrs.append(f"nz.range = array<i64: {arg.fact[0]}, {arg.fact[1]}>")
    if arg.multiple is not None:
        attrs.append(f"nz.multiple_of = {arg.multiple} : i64")
    suffix = f" {{{', '.join(attrs)}}}" if attrs else ""
    return f"{arg.name}: {arg.type}{suffix}"


# --------------------------------------------------------------------------- generator


class Generator:
    """Random programs, biased to the edges of every rule."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.n_args = 0

    def arg(self, type_: str, lo: int, hi: int, with_fact: bool) -> Arg:
        self.n_args += 1
        return Arg(f"%a{self.n_args}", (lo, hi) if with_fact else None, type_)

    def program(self) -> Program:
        r = self.rng
        self.n_args = 0
        kind = "store" if r.random() < 0.3 else "load"
        element = "f32" if kind == "store" else r.choice(("i8", "f16", "f32"))
        c0 = C0[element]
        tall = kind == "load" and r.random() < 0.08
        batches = r.choice((1, 1, 2, 3))
        col_blocks = r.choice((1, 2, 3, 4)) if not tall else 2
        row_fractals = r.choice((1, 2, 3, 4, 6)) if not tall else r.choice((4096, 4097))
        shape = [batches, col_blocks, row_fractals]
        pad_rows = r.choice((0, 0, 0, 1, 2))
        s1 = (row_fractals + pad_rows) * 16 * c0
        s0 = col_blocks * s1 + r.choice((0, 0, 0, 1, 8)) * c0
        strides = [s0, s1, 16 * c0, c0, 1]
        prog = Program(kind, element, shape, strides, [], [], 0, 0, ("static", "static"))
        if r.random() < 0.15:
            lo = r.choice((0, batches, batches + 1))
            prog.dynamic_batch = self.arg("index", lo, lo + r.choice((1, 5)), r.random() < 0.7)
        prog.whole_view = prog.dynamic_batch is None and r.random() < 0.08
        if r.random() < 0.4:
            t = r.choice(("index", "index", "i32"))
            lo = r.choices((0, 1, -1), (8, 2, 1))[0]
            step = r.choice((1, 2))
            hi = lo + step * r.choice((1, 2, 3))
            prog.loop = (lo, hi, step, t, t != "index" and r.random() < 0.3)
        sizes = []
        for axis, extent in enumerate(shape):
            n = r.choices((1, extent, max(1, extent - 1), extent + 1), (10, 10, 4, 1))[0]
            if tall and axis == 2:
                n = r.choice((1, 2))
            sizes.append(Const(max(1, min(n, 4 if axis < 2 else 8) if not tall else n)))
        if r.random() < 0.25 and not tall:
            hi = r.choice((shape[2], shape[2] + 1))
            sizes[2] = self.arg("index", 1, hi + 1, r.random() < 0.85)
            prog.args.append(sizes[2])
        prog.sizes = sizes
        prog.offsets = [self.offset(prog, axis) for axis in range(3)]
        self.tile(prog)
        return prog

    def offset(self, prog: Program, axis: int) -> Expr:
        r = self.rng
        extent = prog.shape[axis]
        size_expr = prog.sizes[axis]
        size = size_expr.value if isinstance(size_expr, Const) else 1
        room = extent - size
        kind = r.choices(("const", "loop", "bid", "arg", "narrow", "trunc"),
                         (12, 4, 3, 4, 1, 1))[0]
        if kind == "loop" and prog.loop is not None:
            lo, hi, _, t, _ = prog.loop
            iv: Expr = Iv(t)
            if t != "index":
                iv = Cast("index_cast", iv)
            if r.random() < 0.5 and room >= 1:
                return Binary("addi", iv, Const(r.choice((0, 1, room))))
            return iv
        if kind == "bid":
            modulus = r.choices((1, 2, room + 1, room + 2, 0), (2, 2, 6, 1, 1))[0]
            if modulus <= 0:
                return BlockIdx()
            return Binary("remui", BlockIdx(), Const(modulus))
        if kind == "arg":
            t = r.choice(("index", "i64", "i32", "i16", "i8"))
            lo = r.choices((0, -1), (10, 1))[0]
            hi = r.choices((room + 1, room + 2), (10, 1))[0]
            arg = self.arg(t, lo, max(hi, lo + 1), r.random() < 0.92)
            prog.args.append(arg)
            if t in ("index",) or r.random() < 0.5:
                return arg  # every integer width straight into the partition
            return Cast("index_cast", arg)
        if kind == "narrow":
            # A product that wraps at a narrow width unless the fact bounds it.
            t = r.choice(("i8", "i16"))
            arg = self.arg(t, 0, r.choice((2, 200)), r.random() < 0.8)
            prog.args.append(arg)
            return Cast("index_cast", Binary("muli", arg, Const(r.choice((1, 64)), t)))
        if kind == "trunc":
            lo = r.choice((0, 0, (1 << 32) - 1))
            arg = self.arg("i64", lo, max(lo + 1, r.choice((room + 1, 1 << 33))), True)
            prog.args.append(arg)
            return Cast("index_cast", Cast("trunci", arg, "i32"))
        good = r.choice((0, room, r.randint(0, max(room, 0))))
        value = r.choices((good, room + 1, -1), (40, 1, 1))[0]
        return Const(value, r.choice(("index", "index", "index", "i32")))

    def tile(self, prog: Program) -> None:
        r = self.rng
        n = [s.value if isinstance(s, Const) else None for s in prog.sizes]
        rows = 16 * (n[2] if n[2] is not None else prog.shape[2] + 1)
        cols = (n[0] or 1) * (n[1] or 1) * prog.c0
        if prog.whole_view:
            rows, cols = 16 * prog.shape[2], prog.shape[0] * prog.shape[1] * prog.c0
        if prog.kind == "store":
            cols = -(-cols // 16) * 16
        rows += 16 * r.choices((0, 1), (3, 1))[0]
        cols += (16 if prog.kind == "store" else prog.c0) * r.choices((0, 1), (3, 1))[0]
        prog.tile_rows, prog.tile_cols = rows, cols
        choices, weights = ("static", "static-wrong", "const", "scaled", "off"), (8, 1, 3, 3, 1)
        row_how = ("scaled" if n[2] is None and r.random() < 0.7
                   else r.choices(choices, weights)[0])
        col_how = r.choices(choices, weights)[0]
        if prog.whole_view:
            row_how, col_how = r.choice(("static", "static-wrong")), "static"
            prog.sizes = [Const(x) for x in prog.shape]
        prog.valid = (row_how, col_how)


# --------------------------------------------------------------------------- judging


@dataclass
class Verdict:
    accepted: bool
    reason: str = ""
    mismatch: str = ""


def reason_key(message: str) -> str:
    """A short key for a refusal: its words up to the first colon, digits dropped."""
    head = message.split(": ")[0]
    while re.search(r"\([^()]*\)", head):
        head = re.sub(r" ?\([^()]*\)", "", head)
    head = re.sub(r"-?\d+", "N", head)
    return " ".join(head.split()[:10])


def verify(text: str) -> tuple[bool, str]:
    with new_context():
        module = ir.Module.parse(text)
        result = run_pipeline(module, PIPELINE)
        errors = [d for d in result.diagnostics if d.severity.value == "error"]
        return (not errors), (reason_key(errors[0].message) if errors else "")


def _fill(tile_data: dict):
    def hook(sim, op, operands):
        tile = operands[0]
        logical = tile_data["values"][: tile.rows, : tile.cols]
        tile.set_logical(logical)

    return hook


def _remui(sim, op, operands):
    """arith.remui, which the simulator leaves to hooks: unsigned at the result width."""
    width = BITS.get(str(op.results[0].type), 64)
    mask = (1 << width) - 1
    a, b = (int(v) & mask for v in operands)
    return wrap(a % b, str(op.results[0].type))


def bindings(prog: Program, rng: random.Random) -> list[Env]:
    """Block indices up to the launch limit; argument values at both ends of their facts
    that the argument's type can hold (a launch keeps its contract: the model refuses one
    that breaks a fact), random in a wide range without one."""
    envs = []
    for bid in (0, 1, 2, BLOCK_LIMIT - 1):
        for pick in range(2):
            args = {}
            for arg in prog.all_args():
                if arg.fact is not None:
                    lo, hi = arg.fact
                    value = lo if pick == 0 else hi - 1
                    while wrap(value, arg.type) != value and value > lo:
                        value = (value + lo) // 2  # keep the contract: a value the type holds
                else:
                    value = rng.choice((0, 1, -1, 3, 1 << 20))
                args[arg.name] = wrap(value, arg.type)
            envs.append(Env(bid, args))
    return envs


def logical_tensor(prog: Program, batches: int, rng: np.random.Generator) -> np.ndarray:
    rows, cols = prog.shape[2] * 16, prog.shape[1] * prog.c0
    if prog.element == "i8":
        return rng.integers(-128, 128, (batches, rows, cols)).astype(np.int8)
    return rng.integers(-1000, 1000, (batches, rows, cols)).astype(NP[prog.element])


def gm_index(prog: Program, b, r, c):
    s0, s1, s2, s3, _ = prog.strides
    c0 = prog.c0
    return b * s0 + (c // c0) * s1 + (r // 16) * s2 + (r % 16) * s3 + c % c0


def judge(prog: Program, text: str, seed: int) -> str:
    """'' when the model moves exactly the ideal data of every window inside the view
    for every binding; else what went wrong."""
    rng = random.Random(seed)
    data_rng = np.random.default_rng(seed)
    with new_context():
        module = ir.Module.parse(text)
        for env in bindings(prog, rng):
            problem = _judge_one(prog, module, env, data_rng)
            if problem:
                return problem
    return ""


def _iterations(prog: Program) -> list[int]:
    if prog.loop is None:
        return [0]
    lo, hi, step, t, unsigned = prog.loop
    if unsigned:
        mask = (1 << BITS[t]) - 1
        lo, hi = lo & mask, hi & mask
    return [wrap(v, t) for v in range(lo, hi, step)][:64]


def _judge_one(prog: Program, module, env: Env, data_rng) -> str:
    batches = env.args[prog.dynamic_batch.name] if prog.dynamic_batch else prog.shape[0]
    if batches <= 0 or batches > 8:
        return f"view batch extent {batches} at run time"
    x = logical_tensor(prog, batches, data_rng)
    b, r, c = np.indices(x.shape)
    footprint = int(gm_index(prog, batches - 1, x.shape[1] - 1, x.shape[2] - 1)) + 1
    gm = data_rng.integers(-100, 100, footprint + prog.strides[0]).astype(NP[prog.element])
    gm[gm_index(prog, b, r, c)] = x
    initial = gm.copy()
    fill = {"values": data_rng.integers(-500, 500, (prog.tile_rows, prog.tile_cols))
            .astype(np.float32)}
    sim = Simulator(module, mode="a2a3", block_idx=env.bid, block_num=BLOCK_LIMIT,
                    hooks={FILL_OP: _fill(fill), "arith.remui": _remui})
    call = [gm] + [env.args[a.name] for a in prog.all_args()]
    try:
        result = sim.run("kernel", *call)
    except (GmOutOfBounds, HardwareLimitError, SimulationError, ValueError) as err:
        return f"model: {type(err).__name__}: {err}"
    expected = initial.copy()
    events = iter(result.loads if prog.kind == "load" else result.stores)
    for iv in _iterations(prog):
        env.iv = iv
        offsets = [o.ev(env) for o in prog.offsets] if not prog.whole_view else [0, 0, 0]
        sizes = [s.ev(env) for s in prog.sizes] if not prog.whole_view else prog.shape[:]
        extents = [batches, prog.shape[1], prog.shape[2]]
        for axis in range(3):
            if offsets[axis] < 0 or offsets[axis] + sizes[axis] > extents[axis]:
                return (f"window axis {axis} [{offsets[axis]}, {offsets[axis] + sizes[axis]}) "
                        f"outside [0, {extents[axis]}) at iv={iv} bid={env.bid} {env.args}")
        vr, vc = prog.valid_at(env, sizes)
        window = _window(x, offsets, sizes, prog.c0)  # [16*n2, n0*n1*c0]
        if (vr, vc) != window.shape:
            return f"valid {vr}x{vc} differs from the window {window.shape}"
        event = next(events, None)
        if event is None:
            return "a transfer did not run"
        if prog.kind == "load":
            got = event.logical[:vr, :vc]
            if not np.array_equal(got, window):
                return f"tile differs from the window at iv={iv} bid={env.bid} {env.args}"
        else:
            _ideal_store(prog, expected, offsets, sizes, event.logical[:vr, :vc])
    if prog.kind == "store" and not np.array_equal(result.gm[0], expected):
        return f"GM after the stores differs from the ideal write set (bid={env.bid} {env.args})"
    return ""


def _window(x: np.ndarray, offsets, sizes, c0: int) -> np.ndarray:
    """The logical window as the tile holds it: batch i, column block j at column
    block i*n1 + j."""
    o0, o1, o2 = offsets
    n0, n1, n2 = sizes
    blocks = []
    for i in range(n0):
        plane = x[o0 + i, 16 * o2: 16 * (o2 + n2), c0 * o1: c0 * (o1 + n1)]
        blocks.append(plane)
    return np.concatenate(blocks, axis=1) if blocks else np.zeros((16 * n2, 0), x.dtype)


def _ideal_store(prog: Program, gm: np.ndarray, offsets, sizes, values: np.ndarray) -> None:
    o0, o1, o2 = offsets
    n1 = sizes[1]
    c0 = prog.c0
    rows, cols = np.indices(values.shape)
    block = cols // c0
    b = o0 + block // n1
    c = c0 * (o1 + block % n1) + cols % c0
    gm[gm_index(prog, b, 16 * o2 + rows, c)] = values.astype(gm.dtype)


@dataclass
class Tally:
    generated: int = 0
    accepted: int = 0
    refused: Counter = field(default_factory=Counter)
    mismatches: list[tuple[int, str, str]] = field(default_factory=list)
    # Refused programs the model would also have got wrong (the refusal was needed).
    refused_wrong: int = 0


def run(count: int, seed: int, judge_refused: bool = False) -> Tally:
    tally = Tally()
    gen = Generator(random.Random(seed))
    for index in range(count):
        prog = gen.program()
        text = prog.text()
        tally.generated += 1
        accepted, reason = verify(text)
        if not accepted:
            tally.refused[reason] += 1
            if judge_refused and judge(prog, text, seed * 1000003 + index):
                tally.refused_wrong += 1
            continue
        tally.accepted += 1
        problem = judge(prog, text, seed * 1000003 + index)
        if problem:
            tally.mismatches.append((index, problem, text))
    return tally


def test_verify_pto_nz_fuzz_bounded():
    tally = run(250, seed=13)
    detail = "\n\n".join(f"#{i}: {p}\n{t}" for i, p, t in tally.mismatches[:3])
    assert not tally.mismatches, f"{len(tally.mismatches)} accepted programs wrong:\n{detail}"
    # The generator reaches both sides of the rules (a broken generator proves nothing).
    assert tally.accepted >= 30, tally
    assert len(tally.refused) >= 12, tally
