"""Random NZ programs with their logical numpy semantics, for differential fuzzing.

Shared by test_fuzz_differential.py (bounded profile) and bench/fuzz_differential.py
(long profile). Two generators (hypothesis strategies) build small kernels as MLIR text:

- `pl_programs()`: `pl` kernels for `pl-to-pto` (logical NZ tensors of rank 2-4,
  `pl.tile.load` windows into Mat with constant and symbolic offsets, ragged `valid_shape`
  rows, FP32 `pl.tile.store` of Acc tiles);
- `pto_programs()`: hand-written `pto` kernels with logical (rank 2-4) NZ
  `pto.make_tensor_view`s, `pto.partition_view` windows, `pto.tload` into NZ Mat tiles and
  `pto.tstore` from Acc tiles, for `pto-block-nz-views` (then `verify-pto-nz`).

Element types i8, f16, f32 and bf16 (bound as raw uint16 bits). Offsets are expression
trees over constants, `get_block_idx`/`get_block_num`, `scf.for` induction variables
(constant or symbolic starts; index, i32 or i64 loops), loop-carried iter_args, an index
function argument, and `arith.addi/subi/muli/minsi/maxsi/remsi/floordivsi/index_cast` in
index, i32 or i64. Each tree is evaluated in Python with the same two's complement
semantics, so the logical result of every load and store is known for every block index
and loop iteration: `Program.execute(bid)` returns it.

`check(program)` runs the pipeline; a refused program is recorded by a short reason key
(`reason_key`), an accepted one is simulated (a2a3 mode) for every block index with
GM = pack_nz(logical) and every loaded tile (valid region) and every GM tensor after the
stores is compared with numpy. Anything else than equality is a mismatch, unless it is
explained by one of the KNOWN_FINDINGS (pass defects reported and pinned by xfail tests).

The generator also attacks the proofs (at every noise level, recorded as features):
offsets computed in i8/i16/i32 and cast by index_cast/index_castui/extsi/extui/trunci,
truncating casts of large values, products and sums that wrap near the width limits,
`scf.for unsigned` loops whose iv passes the signed maximum, stated `nz.range` facts whose
top reaches exactly the tensor's edge (or past it), valid rows from a stated argument
(bounded, past the tile, unbounded), declared types that contradict their operands (tile
element, tile valid region, partition type) and store flags in both spellings. The oracle
evaluates every one of them as LLVM does (checked against MLIR constant folding).
An accepted program must move exactly the logical data; besides, its row/column windows
and valid extents must stay inside at run time, and a program in `must_refuse` (a type
contradiction, an active store flag, a stated range that allows a window outside the
tensor) must not be accepted at all.

The shapes are fitted after the offsets: each tensor is made just large enough for every
window its ops address at run time (plus some slack), and sometimes deliberately too small
or unaligned, so that refusals and run-time out-of-range windows both occur. Tensors stay
a few KiB (the rare tall-tensor programs that exercise the pto-isa#317 gap guard hold 4 MiB).
"""

from __future__ import annotations

import builtins
import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from math import prod
from typing import TypeVar

import numpy as np
from hypothesis import HealthCheck
from hypothesis import strategies as st

from nzpass import run_pipeline
from nzpass.dialects import pto
from nzpass.ir.bindings import ir, new_context
from nzpass.model import (
    GmOutOfBounds,
    HardwareLimitError,
    SimulationError,
    Simulator,
    pack_nz,
    unpack_nz,
)
from nzpass.model.simulator import tile_for

T = TypeVar("T")

# Every health check, for fuzz runs that suppress them all. hypothesis' HealthCheckMeta.__iter__
# (it skips the deprecated checks) has no annotation, so its items type as the metaclass.
ALL_HEALTH_CHECKS: list[HealthCheck] = list(HealthCheck)  # pyright: ignore[reportAssignmentType]

PL_PIPELINE = "builtin.module(pl-to-pto)"
PTO_PIPELINE = "builtin.module(pto-block-nz-views,verify-pto-nz)"
# The op that makes each stored Acc tile: a real one (the passes trust a tile's stated
# valid region only when a pto.alloc_tile or a pl op that makes a new tile backs it),
# whose contents the simulator takes from a hook (fill_hook) rather than zeros, so that
# every stored element tells where it went.
FILL_OP = "pl.tile.zeros"
GAP_ROWS = 65536  # parent rows at which the pto-isa#317 gap guard starts to matter


# --------------------------------------------------------------------------- dtypes


@dataclass(frozen=True)
class DType:
    mlir: str
    np: np.dtype
    c0: int


DTYPES = {
    "i8": DType("i8", np.dtype(np.int8), 32),
    "f16": DType("f16", np.dtype(np.float16), 16),
    "bf16": DType("bf16", np.dtype(np.uint16), 16),  # raw bits, as the simulator binds bf16
    "f32": DType("f32", np.dtype(np.float32), 8),
}
F32 = DTYPES["f32"]
WIDTH = {"index": 64, "i64": 64, "i32": 32, "i16": 16, "i8": 8}
NARROW = ("i8", "i16", "i32")


def wrap(value: int, type_: str) -> int:
    """`value` as a two's complement integer of `type_` (as LLVM computes it)."""
    bits = WIDTH[type_]
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def unsigned(value: int, type_: str) -> int:
    """The bits of `value` at `type_`'s width, read as an unsigned integer."""
    return value & ((1 << WIDTH[type_]) - 1)


def ceil_to(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


# --------------------------------------------------------------------------- emission


class Writer:
    """Lines of MLIR text with fresh SSA names."""

    def __init__(self):
        self.lines: list[str] = []
        self.depth = 1
        self.count = 0

    def fresh(self, prefix: str = "v") -> str:
        self.count += 1
        return f"%{prefix}{self.count}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.depth + line)

    def value(self, rhs: str, prefix: str = "v") -> str:
        name = self.fresh(prefix)
        self.emit(f"{name} = {rhs}")
        return name

    def const(self, value: int, type_: str = "index") -> str:
        return self.value(f"arith.constant {value} : {type_}", "c")


# --------------------------------------------------------------------------- expressions


class Env:
    """Run-time values: block index and count, function arguments, loop ivs and iter_args."""

    def __init__(self, bid: int, bnum: int, args: dict[str, int]):
        self.bid, self.bnum, self.args = bid, bnum, args
        self.iv: dict[int, int] = {}
        self.it: dict[int, int] = {}


class Expr:
    type: str = "index"

    def ev(self, env: Env) -> int:
        raise NotImplementedError

    def emit(self, w: Writer, prog: Program) -> str:
        raise NotImplementedError

    def text(self) -> str:
        raise NotImplementedError


@dataclass(eq=False)
class Const(Expr):
    value: int
    type: str = "index"

    def ev(self, env):
        return wrap(self.value, self.type)

    def emit(self, w, prog):
        return w.const(wrap(self.value, self.type), self.type)

    def text(self):
        return str(self.value)


@dataclass(eq=False)
class Dim(Expr):
    """A tensor extent, known once the shapes are fitted (valid extents only)."""

    tensor: Tensor
    axis: int
    type: str = "index"

    def ev(self, env):
        return self.extent()

    def emit(self, w, prog):
        return w.const(self.extent(), self.type)

    def extent(self) -> int:
        return wrap(self.tensor.shape[self.axis], self.type)

    def text(self):
        return f"{self.tensor.name}.shape[{self.axis}]"


@dataclass(eq=False)
class Lane(Expr):
    """get_block_idx ("idx") or get_block_num ("num"); `op` is the op name to emit."""

    which: str
    op: str = "pl.tile.get_block_idx"
    type: str = "index"

    def ev(self, env):
        return env.bid if self.which == "idx" else env.bnum

    def emit(self, w, prog):
        # The launch is stated as a fact (the passes prove windows with it, and the
        # simulated launch of every block keeps it).
        op = self.op if self.which == "idx" else self.op.replace("_idx", "_num")
        lo, hi = (0, prog.block_num) if self.which == "idx" else (prog.block_num,
                                                                  prog.block_num + 1)
        return w.value(f'"{op}"() {{nz.range = array<i64: {lo}, {hi}>}} : () -> index', "b")

    def text(self):
        return "bid" if self.which == "idx" else "bnum"


@dataclass(eq=False)
class Arg(Expr):
    name: str
    type: str = "index"

    def ev(self, env):
        return env.args[self.name]

    def emit(self, w, prog):
        return f"%{self.name}"

    def text(self):
        return self.name


@dataclass(eq=False)
class Iv(Expr):
    loop: Loop
    type: str = field(init=False, default="index")  # the loop's (fixed once built)

    def __post_init__(self):
        self.type = self.loop.type

    def ev(self, env):
        return env.iv[self.loop.id]

    def emit(self, w, prog):
        return f"%iv{self.loop.id}"

    def text(self):
        return f"iv{self.loop.id}"


@dataclass(eq=False)
class IterArg(Expr):
    loop: Loop
    type: str = "index"

    def ev(self, env):
        return env.it[self.loop.id]

    def emit(self, w, prog):
        return f"%it{self.loop.id}"

    def text(self):
        return f"it{self.loop.id}"


# The programs' own arithmetic, written apart from nzpass.model.simulator's on
# purpose: it is the oracle the simulated IR is compared with.
def _floordiv(a, b):
    return a // b


def _remsi(a, b):
    r = abs(a) % abs(b)
    return -r if a < 0 else r


BINARY = {
    "addi": lambda a, b: a + b,
    "subi": lambda a, b: a - b,
    "muli": lambda a, b: a * b,
    "minsi": min,
    "maxsi": max,
    "remsi": _remsi,
    "floordivsi": _floordiv,
}
SYMBOL = {"addi": "+", "subi": "-", "muli": "*", "remsi": "%", "floordivsi": "//"}


@dataclass(eq=False)
class Bin(Expr):
    op: str
    a: Expr
    b: Expr
    type: str = field(init=False, default="index")  # the operands' (fixed once built)

    def __post_init__(self):
        self.type = self.a.type

    def ev(self, env):
        return wrap(BINARY[self.op](self.a.ev(env), self.b.ev(env)), self.type)

    def emit(self, w, prog):
        a, b = self.a.emit(w, prog), self.b.emit(w, prog)
        return w.value(f"arith.{self.op} {a}, {b} : {self.type}")

    def text(self):
        if self.op in SYMBOL:
            return f"({self.a.text()} {SYMBOL[self.op]} {self.b.text()})"
        return f"{self.op[:3]}({self.a.text()}, {self.b.text()})"


UNSIGNED_CASTS = ("index_castui", "extui")  # the source's bits read as unsigned


@dataclass(eq=False)
class Cast(Expr):
    """arith.index_cast / index_castui (to or from index), extsi / extui (to a wider
    integer), trunci (to a narrower one): two's complement, as LLVM computes them."""

    a: Expr
    type: str = "index"
    op: str = "index_cast"

    def ev(self, env):
        value = self.a.ev(env)
        if self.op in UNSIGNED_CASTS:
            value = unsigned(value, self.a.type)
        return wrap(value, self.type)

    def emit(self, w, prog):
        a = self.a.emit(w, prog)
        return w.value(f"arith.{self.op} {a} : {self.a.type} to {self.type}")

    def text(self):
        mark = {"index_castui": "u", "extui": "u", "trunci": "t"}.get(self.op, "")
        return f"{self.type}{mark}({self.a.text()})"


def cast_ops(source: str, target: str) -> list[str]:
    """The arith casts that take an integer of `source` to `target`."""
    if source == target:
        return []
    if "index" in (source, target):
        return ["index_cast", "index_castui"]
    if WIDTH[target] > WIDTH[source]:
        return ["extsi", "extui"]
    return ["trunci"]


def as_type(e: Expr, type_: str) -> Expr:
    """`e` in `type_`, by casts that keep its value whenever it fits `type_`."""
    if e.type == type_:
        return e
    if isinstance(e, Const):
        return Const(e.value, type_)
    if "index" not in (e.type, type_):  # through index: a signed cast keeps the value
        return Cast(Cast(e, "index"), type_)
    return Cast(e, type_)


# --------------------------------------------------------------------------- program


@dataclass(eq=False)
class Tensor:
    name: str
    dtype: DType
    rank: int
    shape: list = field(default_factory=list)  # fitted later
    dynamic_batch: bool = False
    data: np.ndarray | None = None  # logical contents (seeded per program; None: unaligned)
    strides: list[int] | None = None  # pto: padded strides in place of the dense ones

    def contents(self) -> np.ndarray:
        """The logical contents of a tensor that has them (an aligned, seeded one)."""
        if self.data is None:
            raise ValueError(f"{self.name} has no contents (unaligned, or not seeded)")
        return self.data

    @property
    def nbytes(self) -> int:
        return prod(self.shape) * self.dtype.np.itemsize

    def mlir_type(self) -> str:
        dims = ["?" if (a == 0 and self.dynamic_batch) else str(d)
                for a, d in enumerate(self.shape)]
        return f"tensor<{'x'.join(dims)}x{self.dtype.mlir}, #pl.layout<nz>>"


@dataclass(eq=False)
class Loop:
    id: int
    start: Expr
    stop: int
    step: int
    type: str = "index"
    carry: tuple[int, int] | None = None  # (init, increment) of an index iter_arg
    unsigned: bool = False  # `scf.for unsigned`: bounds compared as unsigned integers

    def values(self, env: Env) -> range:
        """The iv's run-time values (as the loop counts them, before the iv's type)."""
        start = self.start.ev(env)
        if self.unsigned:
            start = unsigned(start, self.type)
        return range(start, self.stop, self.step)


@dataclass(eq=False)
class Load:
    tensor: Tensor
    offsets: list[Expr]
    sizes: list[int]
    depth: int
    valid: list[Expr] | None = None  # pl valid_shape operands
    target: str = "mat"
    tile_shape: tuple[int, int] = (0, 0)  # (rows, cols) of the tile type
    # pto only: valid extents of the alloc_tile (int static, Expr dynamic), tile layout
    tile_valid: tuple | None = None
    tile_nz: bool = True
    tile_element: str | None = None  # a contradicting tile element type
    partition_type: list | None = None  # pto: a contradicting partition type's sizes
    # pl: the tile type's valid region spelled in place of the one valid_shape implies
    valid_type: tuple | None = None
    lane_op: str = "pl.tile.get_block_idx"
    tags: set = field(default_factory=set)  # known findings this op exercises
    source: Store | None = None  # pl: load the SSA result of this earlier store

    @property
    def batches(self) -> int:
        return prod(self.sizes[:-2])


@dataclass(eq=False)
class Store:
    tensor: Tensor
    offsets: list[Expr]
    rows: int
    cols: int
    depth: int
    shapes: list[int] | None = None
    attrs: str = 'st_phase = "final"'
    space: str = "acc"
    tile_valid: tuple[int, int] | None = None  # a partly valid tile type (refused)
    result: str | None = None  # pl: the SSA name of the store's result, once emitted


@dataclass
class Event:
    """The logical effect of one executed load or store.

    status: "ok" (the logical result is defined: `expected`), "neg" (a trailing offset is
    negative: no logical window, the sign proof must have refused it), "oob" (the window
    leaves the tensor: a user error no static check can see), "valid" (a valid extent
    outside [0, window]: a user error too). `unaligned` names a run-time trailing offset or
    valid extent that is not fractal-aligned; its logical result is well defined (and
    compared), and an NZ program can only produce it if the proofs are unsound."""

    op: Load | Store
    status: str
    detail: str = ""
    expected: np.ndarray | None = None  # load: expected valid tile region; store: the data
    offsets: tuple = ()
    unaligned: str = ""


@dataclass(eq=False)
class Program:
    level: str  # "pl" or "pto"
    dtype: DType
    tensors: list[Tensor]
    args: dict[str, int]
    block_num: int
    loops: list[Loop]
    ops: list
    features: set = field(default_factory=set)
    seed: int = 0
    # Stated facts chosen by an attack: argument -> (lo, hi) half-open range, or None for
    # no fact at all (arguments not named here get arg_facts' true facts on half the seeds).
    declared: dict = field(default_factory=dict)
    # Argument values the shapes are also fitted for (e.g. the top of a declared range).
    fit_args: list = field(default_factory=list)
    # Why the pipeline must refuse this program whatever the run-time values (a type that
    # contradicts its operands, a store flag the oracle does not model, a window a stated
    # range lets leave the tensor): accepting it is a mismatch.
    must_refuse: list = field(default_factory=list)
    _text: str | None = None

    # ------------------------------------------------------------ text

    def stated_range(self, name: str) -> tuple[int, int, int] | None:
        """(lo, hi, multiple) the text states for argument `name` (hi exclusive), or None."""
        if name in self.declared:
            bounds = self.declared[name]
            return None if bounds is None else (bounds[0], bounds[1], 1)
        if (self.seed + len(name)) % 2:
            return None
        value = self.args[name]
        return (value - self.seed % 3, value + 1 + self.seed % 5,
                value & -value if value else 1 << 20)

    def stated_extremes(self):
        """Argument values at the ends of each stated range (the multiples of its stated
        alignment nearest to them): executions the facts allow, whatever the launch."""
        for name in self.args:
            stated = self.stated_range(name)
            if stated is None:
                continue
            lo, hi, multiple = stated
            for value in {ceil_to(lo, multiple), (hi - 1) // multiple * multiple}:
                if lo <= value < hi:
                    yield {**self.args, name: value}

    def arg_facts(self, name: str) -> str:
        """True facts stated on half of the arguments (by a hash of the seed): a
        range around the value the launch passes, and its largest power of two."""
        value = self.args[name]
        if name in self.declared:
            bounds = self.declared[name]
            return "" if bounds is None else f" {{nz.range = array<i64: {bounds[0]}, {bounds[1]}>}}"
        if (self.seed + len(name)) % 2:
            return ""
        multiple = value & -value if value else 1 << 20
        return (f" {{nz.multiple_of = {multiple} : i64, "
                f"nz.range = array<i64: {value - (self.seed % 3)}, {value + 1 + self.seed % 5}>}}")

    def text(self) -> str:
        if self._text is None:
            self._text = (_PlEmitter if self.level == "pl" else _PtoEmitter)(self).text()
        return self._text

    # ------------------------------------------------------------ logical semantics

    def envs(self, bid: int, args: dict | None = None):
        """(env, op) for every op execution of block `bid`, in program order."""
        env = Env(bid, self.block_num, self.args if args is None else args)

        def run(depth):
            for op in self.ops:
                if op.depth == depth:
                    yield env, op
            if depth < len(self.loops):
                loop = self.loops[depth]
                carried = loop.carry[0] if loop.carry else 0  # read only if it carries
                for iv in loop.values(env):
                    env.iv[loop.id] = wrap(iv, loop.type)
                    if loop.carry:
                        env.it[loop.id] = carried
                    yield from run(depth + 1)
                    if loop.carry:
                        carried = wrap(carried + loop.carry[1], "index")

        yield from run(0)

    def trip_count(self) -> int:
        return max(sum(1 for _ in self.envs(b)) for b in range(self.block_num))

    def execute(self, bid: int, gm: dict[Tensor, np.ndarray] | None = None,
                args: dict | None = None) -> list[Event]:
        """The logical events of block `bid`; stores are applied to `gm` (logical arrays)."""
        events, fills = [], 0
        for env, op in self.envs(bid, args):
            if isinstance(op, Load):
                events.append(_load_event(op, env, gm))
            else:
                event = _store_event(op, env, fills)
                fills += 1
                if event.status == "ok" and gm is not None:
                    assert event.expected is not None  # an "ok" store event has its data
                    index = _window_index(event.offsets, (1,) * (op.tensor.rank - 2)
                                          + (op.rows, op.cols))
                    gm[op.tensor][index] = event.expected.reshape(gm[op.tensor][index].shape)
                events.append(event)
        return events

    def describe(self) -> str:
        parts = [f"{self.level} {self.dtype.mlir} bnum={self.block_num} args={self.args}"]
        for t in self.tensors:
            parts.append(f"{t.name}{list(t.shape)}{' dyn-batch' if t.dynamic_batch else ''}")
        for loop in self.loops:
            parts.append(f"for iv{loop.id} in range({loop.start.text()}, {loop.stop}, "
                         f"{loop.step}):{loop.type}" + (f" carry{loop.carry}" if loop.carry
                                                         else ""))
        for op in self.ops:
            offs = ", ".join(e.text() for e in op.offsets)
            if isinstance(op, Load):
                valid = (" valid=[" + ", ".join(e.text() for e in op.valid) + "]"
                         if op.valid else "")
                parts.append(f"load@{op.depth} {op.tensor.name}[{offs}] sizes={op.sizes} "
                             f"tile={op.tile_shape[0]}x{op.tile_shape[1]}{valid}")
            else:
                parts.append(f"store@{op.depth} {op.rows}x{op.cols} -> {op.tensor.name}[{offs}]")
        return "; ".join(parts)


def _window_index(offsets, sizes):
    return tuple(slice(o, o + n) for o, n in zip(offsets, sizes, strict=False))


def _check_trailing(offsets, aligns) -> tuple[str, str]:
    """("neg", detail) for a negative trailing offset, ("", unaligned note) otherwise."""
    notes = []
    for value, align, what in zip(offsets, aligns, ("row offset", "column offset"), strict=False):
        if value < 0:
            return "neg", f"{what} {value} < 0"
        if value % align:
            notes.append(f"{what} {value} not a multiple of {align}")
    return "", "; ".join(notes)


def _check_range(offsets, sizes, shape) -> tuple[str, str]:
    """(status, detail) of the first axis whose window leaves the tensor: "oob" for a
    row or column axis (the passes must prove these inside), "lead-oob" for a leading
    axis (only a warning when the passes cannot bound it)."""
    rank = len(shape)
    for axis, (o, n, extent) in enumerate(zip(offsets, sizes, shape, strict=False)):
        if o < 0 or o + n > extent:
            status = "oob" if axis >= rank - 2 else "lead-oob"
            return status, f"axis {axis} window [{o}, {o + n}) outside extent {extent}"
    return "", ""


def _load_event(op: Load, env: Env, gm: dict | None = None) -> Event:
    """A load reads the tensor as the earlier stores of the run left it (`gm`)."""
    t = op.tensor
    offsets = tuple(e.ev(env) for e in op.offsets)
    tr, tc = op.sizes[-2:]
    c0 = t.dtype.c0
    neg, unaligned = _check_trailing(offsets[-2:], (16, c0))
    if neg:
        return Event(op, "neg", unaligned, offsets=offsets)
    vr, vc = tr, tc
    moved = list(op.sizes)  # the window the load moves: a valid_shape's rows (ragged tail)
    if op.valid is not None:
        vr, vc = op.valid[-2].ev(env), op.valid[-1].ev(env)
        for value, align, size, what in ((vr, 16, tr, "valid rows"), (vc, c0, tc, "valid cols")):
            if not 0 <= value <= size:
                return Event(op, "valid", f"{what} {value} outside [0, {size}]",
                             offsets=offsets)
            if value % align:
                note = f"{what} {value} not a multiple of {align}"
                unaligned = "; ".join(filter(None, [unaligned, note]))
        moved[-2] = vr
    elif op.tile_valid is not None:  # pto: the alloc_tile's valid rows
        v = op.tile_valid[0]
        vr = v.ev(env) if isinstance(v, Expr) else v
        if not 0 < vr <= tr:
            return Event(op, "valid", f"tile valid rows {vr} outside (0, {tr}]",
                         offsets=offsets)
    status, oob = _check_range(offsets, moved, t.shape)
    if oob:
        return Event(op, status, oob, offsets=offsets)
    source = gm[t] if gm is not None else t.data
    if source is None:  # an unaligned tensor (refused): only the statuses are asked for
        return Event(op, "ok", offsets=offsets, unaligned=unaligned)
    window = source[_window_index(offsets, moved)]
    window = window.reshape(op.batches, moved[-2], tc)[:, :vr, :vc]
    # NZ->NZ places batch i of the window at column blocks [i*n1, (i+1)*n1) of the tile.
    expected = np.concatenate(list(window), axis=1)
    return Event(op, "ok", expected=expected, offsets=offsets, unaligned=unaligned)


def fill_data(k: int, rows: int, cols: int) -> np.ndarray:
    """The Acc tile of the k-th executed fill of a run: distinct, exact f32 values."""
    return ((k + 1) * 8192 + np.arange(rows * cols, dtype=np.float32)).reshape(rows, cols)


def _store_event(op: Store, env: Env, fill_index: int) -> Event:
    t = op.tensor
    offsets = tuple(e.ev(env) for e in op.offsets)
    neg, unaligned = _check_trailing(offsets[-2:], (16, 8))
    if neg:
        return Event(op, "neg", unaligned, offsets=offsets)
    sizes = (1,) * (t.rank - 2) + (op.rows, op.cols)
    status, oob = _check_range(offsets, sizes, t.shape)
    if oob:
        return Event(op, status, oob, offsets=offsets)
    return Event(op, "ok", expected=fill_data(fill_index, op.rows, op.cols), offsets=offsets,
                 unaligned=unaligned)


# --------------------------------------------------------------------------- emitters


def _tile_pl(rows, cols, element, space, valid=None) -> str:
    extra = f", valid = {valid[0]}x{valid[1]}" if valid else ""
    return f"!pl.tile<{rows}x{cols}x{element}, {space}{extra}>"


def tile_buf(loc, dtype, rows, cols, v_row, v_col, nz=True) -> str:
    layout = ("blayout=col_major, slayout=row_major, fractal=" + ("1024" if loc == "acc"
                                                                   else "512")
              if nz else "blayout=row_major, slayout=none_box, fractal=512")
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, v_row={v_row}, "
            f"v_col={v_col}, {layout}, pad=0>")


class _Emitter:
    def __init__(self, prog: Program):
        self.prog = prog
        self.w = Writer()

    def op(self, op: Load | Store) -> None:
        raise NotImplementedError  # each IR level spells its ops its own way

    def body(self):
        self.block(0)

    def block(self, depth: int):
        w = self.w
        for op in self.prog.ops:
            if op.depth == depth:
                self.op(op)
        if depth == len(self.prog.loops):
            return
        loop = self.prog.loops[depth]
        start = as_type(loop.start, loop.type).emit(w, self.prog)
        stop = w.const(wrap(loop.stop, loop.type), loop.type)
        step = w.const(loop.step, loop.type)
        suffix = f" : {loop.type}" if loop.type != "index" else ""
        head = f"scf.for {'unsigned ' if loop.unsigned else ''}%iv{loop.id}"
        if loop.carry:
            init = w.const(loop.carry[0])
            w.emit(f"%r{loop.id} = {head} = {start} to {stop} step {step} "
                   f"iter_args(%it{loop.id} = {init}) -> (index){suffix} {{")
        else:
            w.emit(f"{head} = {start} to {stop} step {step}{suffix} {{")
        w.depth += 1
        self.block(depth + 1)
        if loop.carry:
            inc = w.const(loop.carry[1])
            nxt = w.value(f"arith.addi %it{loop.id}, {inc} : index")
            w.emit(f"scf.yield {nxt} : index")
        w.depth -= 1
        w.emit("}")


class _PlEmitter(_Emitter):
    def text(self) -> str:
        prog = self.prog
        params = [f"%{t.name}: {t.mlir_type()}" for t in prog.tensors]
        params += [f"%{name}: index{prog.arg_facts(name)}" for name in prog.args]
        self.body()
        return "\n".join([f"func.func @kernel({', '.join(params)}) {{", *self.w.lines,
                          "  return", "}", ""])

    def op(self, op):
        w, prog = self.w, self.prog
        t = op.tensor
        tt = t.mlir_type()
        offsets = [e.emit(w, prog) for e in op.offsets]
        types = [e.type for e in op.offsets]
        if isinstance(op, Load):
            sizes = [w.const(s) for s in op.sizes]
            valid = [e.emit(w, prog) for e in op.valid] if op.valid else []
            vtypes = [e.type for e in op.valid] if op.valid else []
            tile_valid = None
            if op.valid:
                # The valid region of the tile the window fills: batches side by side in
                # columns (or stacked in rows for a row-stacked tile, finding F1).
                stacked = op.tile_shape[0] != op.sizes[-2]
                scale = (op.batches, 1) if stacked else (1, op.batches)
                tile_valid = tuple(str(e.value * k) if isinstance(e, Const) else "?"
                                   for e, k in zip(op.valid[-2:], scale, strict=False))
            if op.tile_valid is not None and not op.valid:
                tile_valid = op.tile_valid
            tile_valid = op.valid_type or tile_valid
            tile = _tile_pl(*op.tile_shape, op.tile_element or t.dtype.mlir, "mat", tile_valid)
            source = f"%{t.name}"
            if op.source is not None:
                assert op.source.result is not None, "a store is emitted before its loads"
                source = op.source.result
            operands = ", ".join([source, *offsets, *sizes, *valid])
            all_types = ", ".join([tt, *types, *(["index"] * len(sizes)), *vtypes])
            target = f', target_memory = "{op.target}"' if op.target else ""
            w.emit(f'{w.fresh("t")} = "pl.tile.load"({operands}) {{operandSegmentSizes = '
                   f"array<i32: 1, {len(offsets)}, {len(sizes)}, {len(valid)}>{target}}} : "
                   f"({all_types}) -> {tile}")
        else:
            tile = _tile_pl(op.rows, op.cols, "f32", op.space, op.tile_valid)
            fill = w.value(f'"{FILL_OP}"() : () -> {tile}', "f")
            shapes = [w.const(s) for s in op.shapes] if op.shapes else []
            operands = ", ".join([fill, f"%{t.name}", *offsets, *shapes])
            all_types = ", ".join([tile, tt, *types, *(["index"] * len(shapes))])
            attrs = f", {op.attrs}" if op.attrs else ""
            op.result = w.fresh("s")
            w.emit(f'{op.result} = "pl.tile.store"({operands}) {{operandSegmentSizes = '
                   f"array<i32: 1, 1, {len(offsets)}, {len(shapes)}>{attrs}}} : "
                   f"({all_types}) -> {tt}")


class _PtoEmitter(_Emitter):
    def text(self) -> str:
        prog = self.prog
        params = [f"%{t.name}: !pto.ptr<{t.dtype.mlir}>" for t in prog.tensors]
        params += [f"%{name}: index{prog.arg_facts(name)}" for name in prog.args]
        params += [f"%{t.name}_b: index" for t in prog.tensors if t.dynamic_batch]
        w = self.w
        self.views = {}
        for t in prog.tensors:
            dims = [f"%{t.name}_b" if (a == 0 and t.dynamic_batch) else w.const(d)
                    for a, d in enumerate(t.shape)]
            strides = [w.const(s) for s in t.strides or _dense(t.shape)]
            vt = f"!pto.tensor_view<{'x'.join('?' * t.rank)}x{t.dtype.mlir}>"
            operands = ", ".join([f"%{t.name}", *dims, *strides])
            types = ", ".join([f"!pto.ptr<{t.dtype.mlir}>", *(["index"] * (2 * t.rank))])
            name = w.value(f'"pto.make_tensor_view"({operands}) {{layout = #pto.layout<nz>, '
                           f"operandSegmentSizes = array<i32: 1, {t.rank}, {t.rank}>}} : "
                           f"({types}) -> {vt}", "tv")
            self.views[t] = (name, vt)
        self.body()
        return "\n".join([f"func.func @kernel({', '.join(params)}) {{", *w.lines,
                          "  return", "}", ""])

    def partition(self, t, offsets, sizes, claimed=None):
        w = self.w
        view, vt = self.views[t]
        offs = [as_type(e, "index").emit(w, self.prog) for e in offsets]
        sz = [w.const(s) for s in sizes]
        shown = "x".join(map(str, claimed or sizes))
        pt = f"!pto.partition_tensor_view<{shown}x{t.dtype.mlir}>"
        types = ", ".join([vt, *(["index"] * (2 * t.rank))])
        part = w.value(f'"pto.partition_view"({", ".join([view, *offs, *sz])}) '
                       f"{{operandSegmentSizes = array<i32: 1, {t.rank}, {t.rank}>}} : "
                       f"({types}) -> {pt}", "pv")
        return part, pt

    def op(self, op):
        w, prog = self.w, self.prog
        t = op.tensor
        if isinstance(op, Load):
            part, pt = self.partition(t, op.offsets, op.sizes, op.partition_type)
            rows, cols = op.tile_shape
            v_row, v_col = op.tile_valid or (rows, cols)
            operands = []
            if isinstance(v_row, Expr):
                operands.append(as_type(v_row, "index").emit(w, prog))
                v_row = "?"
            tb = tile_buf("mat", op.tile_element or t.dtype.mlir, rows, cols, v_row, v_col,
                          op.tile_nz)
            tile = w.value(f'"pto.alloc_tile"({", ".join(operands)}) {{operandSegmentSizes = '
                           f"array<i32: 0, {len(operands)}, 0>}} : "
                           f"({', '.join(['index'] * len(operands))}) -> {tb}", "t")
            w.emit(f'"pto.tload"({part}, {tile}) {{operandSegmentSizes = '
                   f"array<i32: 1, 1, 0, 0, 0, 0>}} : ({pt}, {tb}) -> ()")
        else:
            v = op.tile_valid or (op.rows, op.cols)
            tb = tile_buf(op.space, "f32", op.rows, op.cols, v[0], v[1], True)
            fill = w.value(f'"{FILL_OP}"() : () -> {tb}', "f")
            sizes = op.shapes or [1] * (t.rank - 2) + [op.rows, op.cols]
            part, pt = self.partition(t, op.offsets, sizes)
            attrs = f", {op.attrs}" if op.attrs else ""
            w.emit(f'"pto.tstore"({fill}, {part}) {{operandSegmentSizes = '
                   f"array<i32: 1, 1, 0, 0>{attrs}}} : ({tb}, {pt}) -> ()")


def _dense(shape) -> list[int]:
    strides, step = [], 1
    for d in reversed(shape):
        strides.append(step)
        step *= d
    return list(reversed(strides))


# --------------------------------------------------------------------------- strategies
#
# Every program draws a noise level. At noise 0 every choice is one the passes should
# accept (aligned constants, provable symbolic forms, whole fractals, in-range windows,
# whole-row FP32 Acc stores); each "bad" choice (an unprovable form, an unaligned or
# negative value, a wrong tile, a refused store flavour, a too small or unaligned tensor)
# is taken with probability `noise`. Provable forms that are merely unusual (max(x - 16, 0),
# (bid % 2) * 32, i32 arithmetic and casts, symbolic loop starts, ragged valid rows) are
# drawn at any noise level.

ALIGN_ROWS = 16
SMALL_DIVISORS = (2, 3, 4)
NOISE_LEVELS = (0.0, 0.0, 0.0, 0.02, 0.08, 0.25)


class Gen:
    """The random source and the program-wide choices the builders share. Choices come
    from a `random.Random` seeded by one hypothesis-drawn integer: hypothesis' own draws
    favour boundary values and replay earlier examples, which skews the probabilities
    below and repeats programs; one seed per program keeps every program distinct and
    reproducible (`build_program(level, seed)`)."""

    def __init__(self, rng: random.Random, noise: float, lane_op: str, features: set,
                 level: str):
        self.rng, self.noise, self.lane_op = rng, noise, lane_op
        self.features, self.level = features, level
        self.args: dict[str, int] = {}  # arguments an attack adds (name -> run-time value)
        self.declared: dict = {}  # their stated ranges (see Program.declared)
        self.fit_args: list = []
        self.must_refuse: list[str] = []

    def stated_arg(self, name: str, value: int, bounds) -> Arg:
        """An index argument of run-time `value` with stated range `bounds` (or None)."""
        if name not in self.args:
            self.args[name], self.declared[name] = value, bounds
        return Arg(name)

    def bad(self, feature: str | None = None, scale: float = 1.0) -> bool:
        """Take a bad choice? (probability noise * scale); records `feature` if so."""
        hit = self.noise > 0 and self.rng.random() < self.noise * scale
        if hit and feature:
            self.features.add(feature)
        return hit

    def chance(self, feature: str, probability: float) -> bool:
        """Take an attack (at any noise level)? Records `feature` if so."""
        hit = self.rng.random() < probability
        if hit:
            self.features.add(feature)
        return hit

    def pick(self, options: Iterable[T]) -> T:
        return self.rng.choice(list(options))

    def int(self, lo: builtins.int, hi: builtins.int) -> builtins.int:
        return self.rng.randint(lo, hi)

    def lane(self, which: str = "idx") -> Lane:
        return Lane(which, self.lane_op)


def _loop_alignment(loop: Loop) -> int:
    """The alignment the prover can see on an iv: min over start and step (power of two)."""
    def pow2(v):
        return (v & -v) if v else 1 << 30
    start = loop.start
    while isinstance(start, Cast):
        start = start.a
    if isinstance(start, Const):
        a = pow2(start.value)
    elif isinstance(start, Bin) and start.op == "muli" and isinstance(start.b, Const):
        a = pow2(start.b.value)
    elif isinstance(start, Iv):
        a = _loop_alignment(start.loop)
    else:
        a = 1
    return min(a, pow2(loop.step))


def offset_expr(g: Gen, scope: list[Loop], align: int, type_: str, depth: int = 0) -> Expr:
    """A trailing (row or column) offset: a provable non-negative multiple of `align`
    unless a bad choice is drawn."""
    if g.bad("unprovable offset form", 0.5):
        return _bad_offset(g, scope, align, type_, depth)
    if depth == 0 and g.chance("width attack", ATTACK_RATE):
        return width_attack(g, scope, align, type_)
    if depth == 0 and g.chance("stated range edge", 0.05):
        value = g.int(0, 2)
        hi = value + g.int(1, 3)
        arg = g.stated_arg("m", value, (g.pick([0, 0, 0, -1]), hi))
        if g.int(0, 1):  # the tensor ends exactly where the stated range's top reaches
            g.fit_args.append({"m": g.declared["m"][1] - 1})
        return as_type(Bin("muli", arg, Const(align)), type_)
    kinds = ["const", "lane", "lane", "iv", "iv", "iv"]
    if depth < 2:
        kinds += ["add", "min", "max", "clamp", "remk", "divk", "mulk", "cast"]
    kind = g.pick(kinds)
    if kind == "iv" and not scope:
        kind = "lane"
    k = g.pick([1, 1, 2])
    if kind == "const":
        return Const(align * g.int(0, 3), type_)
    if kind == "lane":
        which = g.pick(["idx"] * 4 + ["num"])
        parts = [g.lane(which), Const(align * k)]
        return as_type(Bin("muli", *(parts if g.int(0, 1) else parts[::-1])), type_)
    if kind == "iv":
        loop = g.pick(scope)
        if _loop_alignment(loop) % align == 0 and g.int(0, 2):
            return as_type(Iv(loop), type_)
        return as_type(Bin("muli", as_type(Iv(loop), "index"), Const(align * k)), type_)
    if kind in ("add", "min", "max"):
        op = {"add": "addi", "min": "minsi", "max": "maxsi"}[kind]
        return Bin(op, offset_expr(g, scope, align, type_, depth + 1),
                   offset_expr(g, scope, align, type_, depth + 1))
    if kind == "clamp":  # max(x - y, 0) or max(arg * a, a): the max needs one side's sign
        inner = g.pick(["sub", "arg"])
        if inner == "sub":
            x = Bin("subi", offset_expr(g, scope, align, type_, depth + 1),
                    Const(align * g.int(0, 2), type_))
        else:
            x = as_type(Bin("muli", Arg("n"), Const(align)), type_)
        floor = Const(align * g.int(0, 1), type_)
        return Bin("maxsi", *([x, floor] if g.int(0, 1) else [floor, x]))
    if kind in ("remk", "divk"):  # (x % c) * k*align, (x // c) * k*align
        op = "remsi" if kind == "remk" else "floordivsi"
        inner = Bin(op, small_expr(g, scope, type_), Const(g.pick(SMALL_DIVISORS), type_))
        return Bin("muli", inner, Const(align * k, type_))
    if kind == "mulk":
        return Bin("muli", small_expr(g, scope, type_), Const(align * k, type_))
    other = g.pick([t for t in WIDTH if t != type_])
    return as_type(offset_expr(g, scope, align, other, depth + 1), type_)


def _bad_offset(g: Gen, scope, align, type_, depth) -> Expr:
    kind = g.pick(["unaligned", "negative", "sub", "arg", "iter", "rem_raw", "div_raw",
                   "lane_half", "neg_factor", "iv_raw", "min_neg"])
    if kind == "iter" and not any(lp.carry for lp in scope):
        kind = "sub"
    if kind == "iv_raw" and not scope:
        kind = "lane_half"
    good = offset_expr(g, scope, align, type_, depth + 1) if depth < 2 else Const(align, type_)
    if kind == "unaligned":
        return Const(align * g.int(0, 2) + g.pick(sorted({1, max(1, align // 2), align - 1})),
                     type_)
    if kind == "negative":
        return Const(-align * g.int(1, 2), type_)
    if kind == "sub":
        return Bin("subi", good, Const(align * g.int(0, 1), type_))
    if kind == "arg":
        return as_type(Bin("muli", Arg("n"), Const(align)), type_)
    if kind == "iter":
        return as_type(IterArg(g.pick([lp for lp in scope if lp.carry])), type_)
    if kind == "rem_raw":  # aligned at run time, but % carries no alignment proof
        return Bin("remsi", good, Const(align * 2, type_))
    if kind == "div_raw":
        return Bin("floordivsi", good, Const(2, type_))
    if kind == "lane_half":
        return as_type(Bin("muli", g.lane(), Const(max(1, align // 2))), type_)
    if kind == "neg_factor":
        return Bin("muli", Const(-g.int(1, 2), type_), Const(align, type_)) \
            if g.int(0, 1) else Bin("muli", small_expr(g, scope, type_, neg=True),
                                     Const(align, type_))
    if kind == "iv_raw":  # an iv whose start or step is not aligned
        return as_type(Iv(g.pick(scope)), type_)
    return Bin("minsi", good, Const(-align, type_))


def small_expr(g: Gen, scope: list[Loop], type_: str, neg: bool = False) -> Expr:
    """A small factor: block index, iv, constant (an argument or a negative constant is
    a bad choice: no sign proof)."""
    if neg or g.bad("unprovable factor", 0.3):
        return g.pick([as_type(Arg("n"), type_), Const(-g.int(1, 3), type_),
                       Bin("subi", as_type(g.lane(), type_), Const(1, type_))])
    options = ["lane", "const"] + (["iv", "iv"] if scope else [])
    kind = g.pick(options)
    if kind == "lane":
        return as_type(g.lane(), type_)
    if kind == "const":
        return Const(g.int(0, 3), type_)
    return as_type(Iv(g.pick(scope)), type_)


# --------------------------------------------------------------------------- width attacks
#
# Offsets whose value depends on the integer width: narrow arithmetic that wraps, casts that
# truncate or read a negative value as unsigned, products and sums near the width limits.
# Some are provable (the value never wraps), most are not; the oracle computes each one
# exactly as LLVM does, so an accepted program is judged by what its IR computes.

ATTACK_RATE = 0.12  # per top-level trailing offset
ATTACK_FEATURES = ("width attack:", "unsigned loop", "stated range", "valid rows from",
                   "type contradiction", "store flag")
WIDTH_ATTACKS = ("narrow arithmetic", "truncating cast", "wrapping product",
                 "sum near the limit", "wrap and return", "unsigned cast of a negative")


def leaf_expr(g: Gen, scope: list[Loop], align: int, type_: str) -> Expr:
    """A small aligned non-negative leaf: constant, block index times align, or an iv."""
    return offset_expr(g, scope, align, type_, depth=2)


def cast_to(g: Gen, e: Expr, type_: str) -> Expr:
    """`e` in `type_` by one randomly chosen arith cast (maybe not value-preserving)."""
    ops = cast_ops(e.type, type_)
    return Cast(e, type_, g.pick(ops)) if ops else e


def width_attack(g: Gen, scope: list[Loop], align: int, type_: str) -> Expr:
    kind = g.pick(WIDTH_ATTACKS)
    g.features.add(f"width attack: {kind}")
    narrow = g.pick(NARROW)
    bits = WIDTH[narrow]
    if kind == "narrow arithmetic":  # the usual forms, computed in i8/i16/i32
        return cast_to(g, offset_expr(g, scope, align, narrow, depth=1), type_)
    if kind == "truncating cast":  # a large value truncated, then widened again
        wide = g.pick(["i64", "index"])
        big = g.pick([1 << 8, 1 << 16, 1 << 32, (1 << 31) - align, (1 << 15) - align])
        value = Bin("addi", leaf_expr(g, scope, align, wide), Const(big, wide))
        target = g.pick([t for t in NARROW if WIDTH[t] < 64])
        trunc = Cast(value, target, "index_cast" if wide == "index" else "trunci")
        return cast_to(g, trunc, type_)
    if kind == "wrapping product":  # factor * 2^(w-2): wraps negative at factor 2
        factor = small_expr(g, scope, narrow)
        k = max(align, 1 << (bits - g.pick([2, 3])))
        return cast_to(g, Bin("muli", factor, Const(k, narrow)), type_)
    if kind == "sum near the limit":  # (2^(w-1) - j*align) + x wraps once x >= j*align
        base = Const((1 << (bits - 1)) - align * g.int(1, 2), narrow)
        return cast_to(g, Bin("addi", base, leaf_expr(g, scope, align, narrow)), type_)
    if kind == "wrap and return":  # (x + K) - K: exact modulo 2^w, the middle may wrap
        base = Const((1 << (bits - 1)) - align, narrow)
        inner = Bin("addi", leaf_expr(g, scope, align, narrow), base)
        return cast_to(g, Bin("subi", inner, base), type_)
    # x - j*align in a narrow type (negative for small x), read as unsigned: 2^w - j*align
    small = g.pick(["i8", "i16"])
    value = Bin("subi", leaf_expr(g, scope, align, small), Const(align * g.int(1, 2), small))
    wider = g.pick([t for t in WIDTH if WIDTH[t] > WIDTH[small]])
    return as_type(Cast(value, wider, "index_castui" if wider == "index" else "extui"), type_)


def leading_expr(g: Gen, scope: list[Loop], type_: str) -> Expr:
    """A leading (batch) offset: folded, never proved; only range matters."""
    if g.bad("leading offset negative", 0.3):
        return g.pick([Const(-1, type_), Bin("subi", as_type(g.lane(), type_), Const(1, type_))])
    kind = g.pick(["const"] * 4 + ["lane", "iv", "add"])
    if kind == "iv" and not scope:
        kind = "lane"
    if kind == "const":
        return Const(g.int(0, 2), type_)
    if kind == "lane":
        return as_type(g.lane(), type_)
    if kind == "iv":
        return as_type(Iv(g.pick(scope)), type_)
    return Bin("addi", small_expr(g, scope, type_), Const(g.int(0, 1), type_))


def loops_strategy(g: Gen, c0: int) -> list[Loop]:
    loops: list[Loop] = []
    for i in range(g.int(0, 2)):
        type_ = g.pick(["index"] * 4 + ["i32", "i64", "i16", "i8"])
        step = g.pick([1, 1, 2, 16, 16, 32, c0, c0 * 2, 8])
        if type_ in ("i8", "i16") and g.chance("unsigned loop", 0.5):
            loops.append(_unsigned_loop(g, i, type_, step))
            continue
        start_kind = g.pick(["zero"] * 3 + ["const", "lane", "outer"])
        if start_kind == "zero":
            start, smax = Const(0, type_), 0
        elif start_kind == "const":
            v = g.pick([step, 16, 32, 8, 1])
            start, smax = Const(v, type_), v
        elif start_kind == "lane" or not loops:
            k = g.pick([step, 16, c0, 1])
            start, smax = as_type(Bin("muli", g.lane(), Const(k)), type_), 2 * k
        else:
            outer = loops[-1]
            start, smax = as_type(Iv(outer), type_), outer.stop
        carry = None
        if g.int(0, 4) == 0:
            carry = (g.pick([0, 16, c0]), g.pick([16, c0, 8]))
        stop = smax + g.int(1, 3) * step
        if stop + step >= 1 << (WIDTH[type_] - 1):  # the signed loop would wrap: widen it
            type_ = "i32"
            start = as_type(start, type_)
        loops.append(Loop(i, start, stop, step, type_, carry))
    return loops


def _unsigned_loop(g: Gen, i: int, type_: str, step: int) -> Loop:
    """`scf.for unsigned` in i8/i16 whose iv may pass the signed maximum (as a signed
    value it turns negative there)."""
    half = 1 << (WIDTH[type_] - 1)
    step = max(step, 16)
    if g.int(0, 1):
        start = half - step * g.int(1, 2)
        g.features.add("unsigned loop past the signed maximum")
    else:
        start = step * g.int(0, 2)
    stop = min(start + step * g.int(1, 3), 2 * half - step)
    return Loop(i, Const(start, type_), stop, step, type_, None, unsigned=True)


def _index_type(g: Gen) -> str:
    return g.pick(["index"] * 8 + ["i32", "i32", "i64", "i16", "i8"])


def load_op(g: Gen, tensor: Tensor, scope: list[Loop], depth: int) -> Load:
    t = tensor
    c0 = t.dtype.c0
    ltype = _index_type(g)
    lead = [leading_expr(g, scope, ltype) for _ in range(t.rank - 2)]
    if len(lead) == 2 and g.bad("leading offsets of two types", 0.5):
        other = g.pick([t for t in WIDTH if t != ltype])
        lead = [as_type(Lane("idx", g.lane_op), ltype), as_type(Lane("num", g.lane_op), other)]
    lead_sizes = [1] * (t.rank - 2)
    if t.rank > 2 and g.int(0, 14) == 0:
        lead_sizes[-1] = 2
        g.features.add("multi-batch window")
    rows = offset_expr(g, scope, ALIGN_ROWS, _index_type(g))
    cols = offset_expr(g, scope, c0, _index_type(g))
    tr = g.pick([16, 16, 32, 32, 48])
    tc = g.pick([c0, c0, 2 * c0, 2 * c0, 3 * c0])
    if g.bad("tile rows not whole fractals", 0.3):
        tr = g.pick([8, 24])
    if g.bad("tile columns not whole C0 lines", 0.3):
        tc = g.pick([c0 // 2, c0 + c0 // 2])
    op = Load(t, [*lead, rows, cols], [*lead_sizes, tr, tc], depth, lane_op=g.lane_op)
    nb = op.batches
    op.tile_shape = (tr, tc * nb)
    if nb > 1 and g.int(0, 1):
        op.tile_shape = (tr * nb, tc)  # leading axes stacked as rows (ND flattening)
        g.features.add("multi-batch row-stacked tile")
    if g.bad("load target not mat", 0.2):
        op.target = g.pick(["vec", "acc", ""])
    if g.level == "pl" and g.int(0, 9) < 3:
        op.valid = valid_shape(g, op)
    elif g.int(0, 11) == 0:  # a taller tile whose valid region is the window
        op.tile_valid = op.tile_shape
        op.tile_shape = (op.tile_shape[0] + 16, op.tile_shape[1])
        g.features.add("tile taller than the window")
    elif g.bad("tile type differs from the window", 0.2):
        op.tile_shape = (op.tile_shape[0] + g.pick([-16, 16]), op.tile_shape[1])
        if op.tile_shape[0] <= 0:
            op.tile_shape = (op.tile_shape[0] + 32, op.tile_shape[1])
        g.must_refuse.append("the tile type's rows differ from the window's")
    elif g.level == "pto" and g.int(0, 11) == 0:
        short = tr - 16 if tr > 16 else tr
        kind = g.pick(["dynamic, full"] + (["dynamic, short", "static, short"]
                                             if short < tr else []))
        g.features.add(f"pto tile valid rows {kind}")
        dynamic = Bin("muli", Arg("n"), Const(0))  # 0 at run time, but not a constant
        if kind == "dynamic, full":
            op.tile_valid = (Bin("addi", Const(tr), dynamic), tc * nb)
        elif kind == "dynamic, short":
            op.tile_valid = (Bin("addi", Const(short), dynamic), tc * nb)
        else:
            op.tile_valid = (short, tc * nb)
    if g.level == "pto" and g.bad("tload into a non-NZ tile", 0.1):
        op.tile_nz = False
    if g.chance("type contradiction: tile element", 0.03):
        op.tile_element = g.pick([d for d in DTYPES if d != t.dtype.mlir])
        g.must_refuse.append(f"the tile's element {op.tile_element} is not the tensor's "
                             f"{t.dtype.mlir}")
    if g.level == "pto" and g.chance("type contradiction: partition type", 0.03):
        op.partition_type = [*op.sizes[:-2], op.sizes[-2] + 16, op.sizes[-1]]
        g.must_refuse.append("the partition type disagrees with its sizes")
        op.tags.add("F3")
    return op


def valid_shape(g: Gen, op: Load) -> list[Expr]:
    t = op.tensor
    c0 = t.dtype.c0
    tr, tc = op.sizes[-2:]
    lead = [Const(s) for s in op.sizes[:-2]]
    if lead and g.bad("valid_shape narrows a leading axis", 0.3):
        lead[-1] = Const(0)
    row_off = op.offsets[-2]
    rt = row_off.type
    if g.bad("valid rows unprovable or unaligned", 0.5):
        kind = g.pick(["ragged, unaligned bound", "arg * 8", "const, unaligned",
                       "const, beyond the window"])
        if kind == "ragged, unaligned bound":
            rows = Bin("minsi", Bin("subi", Dim(t, t.rank - 2, rt), row_off),
                       Const(tr - 8, rt))
        elif kind == "arg * 8":
            rows = Bin("muli", Arg("n"), Const(8))
        elif kind == "const, unaligned":
            rows = Const(tr - 8)
        else:
            rows = Const(tr + 16)
    else:
        kind = g.pick(["ragged"] * 4 + ["const", "arg * 16", "min(arg * 16, TR)",
                                         "rows left"])
        if kind == "ragged":  # min(R - row_offset, TR): the ragged last tile
            rows = Bin("minsi", Bin("subi", Dim(t, t.rank - 2, rt), row_off), Const(tr, rt))
        elif kind == "rows left":  # R - row_offset: larger than TR unless the last tile
            rows = Bin("subi", Dim(t, t.rank - 2, rt), row_off)
        elif kind == "const":
            rows = Const(g.pick(sorted({tr, max(16, tr - 16), 16})))
        elif kind == "arg * 16":
            rows = Bin("muli", Arg("n"), Const(16))
        else:
            rows = Bin("minsi", Bin("muli", Arg("n"), Const(16)), Const(tr))
    if g.chance("valid rows from a stated argument", 0.15):
        kind = "stated argument * 16"
        bounds = g.pick([None, (0, tr // 16 + 1), (0, tr // 16 + 1), (0, tr // 16 + 2),
                         (-1, tr // 16 + 1)])
        rows = Bin("muli", g.stated_arg("v", g.int(0, tr // 16), bounds), Const(16))
        if g.declared["v"] is None:
            g.must_refuse.append("the valid rows have no bound")
    g.features.add(f"valid rows {kind}")
    if not isinstance(rows, Const) and g.chance("type contradiction: static valid type", 0.05):
        op.valid_type = (str(tr), str(tc * op.batches))  # judged by _static_valid_claims
    elif isinstance(rows, Const) and g.chance("type contradiction: valid type", 0.05):
        op.valid_type = (str(rows.value + 16), str(tc * op.batches))
        g.must_refuse.append("the tile type's valid rows differ from valid_shape")
    col_kind = g.pick(["full"] * 4 + ["const", "ragged"])
    if col_kind == "full":
        cols = Const(tc)
    elif col_kind == "const":
        cols = Const(g.pick(sorted({c0, tc})))
    else:
        col_off = op.offsets[-1]
        cols = Bin("minsi", Bin("subi", Dim(t, t.rank - 1, col_off.type), col_off),
                   Const(tc, col_off.type))
        g.features.add("valid cols ragged")
    return [*lead, rows, cols]


def store_op(g: Gen, tensor: Tensor, scope: list[Loop], depth: int) -> Store:
    t = tensor
    ltype = _index_type(g)
    lead = [leading_expr(g, scope, ltype) for _ in range(t.rank - 2)]
    rows = g.pick([16, 32, 48])
    cols = g.pick([16, 16, 32])
    if g.bad("acc tile columns not 16-aligned", 0.2):
        cols = g.pick([8, 24])
    ctype = _index_type(g)
    col = offset_expr(g, scope, 8, ctype)
    row = Const(0, ctype)
    if g.bad("store row offset", 0.2):
        row = g.pick([Const(16, ctype), Const(8, ctype),
                      as_type(Bin("muli", g.lane(), Const(16)), ctype)])
    op = Store(t, [*lead, row, col], rows, cols, depth)
    if g.level == "pto":
        op.attrs = "stPhase = #pto<st_phase final>"
    if g.level == "pto" or g.int(0, 1):
        op.shapes = [1] * (t.rank - 2) + [rows, cols]
        if g.bad("store shapes not one panel", 0.2):
            op.shapes = ([2] * (t.rank - 2) + [rows, cols]) if t.rank > 2 \
                else [rows, cols * 2]
    if g.bad("store atomic", 0.1):
        op.attrs += (", atomic" if g.level == "pl"
                     else ", atomicType = #pto<atomic_type atomic_add>")
        g.must_refuse.append("an atomic store")
    elif g.chance("store flag in another spelling", 0.04):
        flag = g.pick(STORE_FLAGS)
        op.attrs += f", {flag}"
        pl_spelling = "#pto<" not in flag  # means nothing on a pto.tstore (a plain store)
        active = not flag.endswith(("none>", "no_relu>"))
        if active and (g.level == "pl" or not pl_spelling):
            g.must_refuse.append(f"the store flag {flag}")
    if g.bad("store from a non-Acc tile", 0.1):
        op.space = "vec" if g.level == "pl" else "mat"
    if rows > 16 and g.bad("store of a partly valid tile", 0.1):
        op.tile_valid = (rows - 16, cols)
    return op


# Store flags in both spellings; the oracle models a plain overwrite, so a store with any
# active flag must be refused (the last two are the inactive values, which are accepted;
# on a pto.tstore the pl spellings are attributes PTOAS does not read).
STORE_FLAGS = (
    "atomicType = #pto<atomic_type atomic_add>",
    "reluPreMode = #pto<relu_pre_mode normal_relu>",
    'atomic = "atomic_add"',
    'pre_relu = "normal_relu"',
    "atomicType = #pto<atomic_type atomic_none>",
    "reluPreMode = #pto<relu_pre_mode no_relu>",
)


def _fit_shapes(g: Gen, prog: Program) -> bool:
    """Size every tensor for the windows its ops address at run time (plus slack); a bad
    choice makes one axis too small or unaligned. False when it cannot stay small."""
    need: dict[Tensor, list[int]] = {t: [1] * t.rank for t in prog.tensors}
    runs = [(bid, args) for bid in range(prog.block_num)
            for args in [prog.args, *({**prog.args, **alt} for alt in prog.fit_args)]]
    for bid, args in runs:
        for env, op in prog.envs(bid, args):
            offsets = [e.ev(env) for e in op.offsets]
            sizes = (op.sizes if isinstance(op, Load)
                     else [1] * (op.tensor.rank - 2) + [op.rows, op.cols])
            for axis, (o, n) in enumerate(zip(offsets, sizes, strict=False)):
                need[op.tensor][axis] = max(need[op.tensor][axis], max(o, 0) + n)
    for t in prog.tensors:
        c0 = t.dtype.c0
        shape = list(need[t])
        for axis in range(t.rank - 2):
            shape[axis] += g.pick([0, 0, 1])
        shape[-2] = ceil_to(shape[-2], 16) + 16 * g.pick([0, 0, 1])
        shape[-1] = ceil_to(shape[-1], c0) + c0 * g.pick([0, 0, 1])
        stores = [op for op in prog.ops if isinstance(op, Store) and op.tensor is t]
        if stores:  # an Acc store covers the whole row axis
            shape[-2] = ceil_to(max(op.rows for op in stores), 16)
            if g.bad("store not whole-row", 0.3):
                shape[-2] += 16
        if g.bad("tensor too small", 0.3):
            axis = g.int(0, t.rank - 1)
            step = 16 if axis == t.rank - 2 else c0 if axis == t.rank - 1 else 1
            if shape[axis] > step:
                shape[axis] -= step
        elif g.bad("tensor shape unaligned", 0.2):
            if g.int(0, 1):
                shape[-2] += 8
            else:
                shape[-1] += c0 // 2
        t.shape = shape
        if t.nbytes > (1 << 19):
            return False
    return True


def _tall(g: Gen) -> Program:
    """A 2-D tensor with about 65536 rows: the pto-isa#317 gap guard's territory."""
    dtype = DTYPES[g.pick(["i8", "f16", "f32", "bf16"])]
    c0 = dtype.c0
    rows = GAP_ROWS + 16 * g.int(-1, 2)
    tr = g.pick([16, 32])
    tc = c0 * g.int(1, 3)
    t = Tensor("w0", dtype, 2, [rows, tc])
    block_num = g.int(1, 2)
    row = g.pick([Const(0), Const(rows - tr), Bin("muli", g.lane(), Const(16)), Const(32)])
    op = Load(t, [row, Const(0)], [tr, tc], 0, lane_op=g.lane_op)
    op.tile_shape = (tr, tc)
    g.features.add("tall tensor")
    if g.level == "pl" and g.int(0, 1):
        op.valid = [Bin("minsi", Bin("subi", Dim(t, 0), row), Const(tr)), Const(tc)]
        g.features.add("valid rows ragged")
    return Program(g.level, dtype, [t], {"n": 1}, block_num, [], [op], g.features)


def build_program(level: str, seed: int, tall: bool = True) -> Program:
    """The program of `seed` (deterministic): `level` is "pl" or "pto"."""
    rng = random.Random(seed)
    features: set = set()
    lane_op = "pl.tile.get_block_idx"
    if level == "pto" and rng.random() < 0.5:
        lane_op = "pto.get_block_idx"
        features.add("pto.get_block_idx")
    g = Gen(rng, rng.choice(NOISE_LEVELS), lane_op, features, level)
    if tall and g.int(0, 39) == 0:
        prog = _tall(g)
    else:
        dtype = DTYPES[g.pick(["i8", "f16", "f32", "bf16"])]
        loops = loops_strategy(g, dtype.c0)
        ops, tensors = [], []
        for i in range(g.int(1, 3)):
            rank = g.pick([2, 2, 3, 3, 4])
            depth = g.int(0, len(loops))
            scope = loops[:depth]
            is_store = g.int(0, 3) == 0
            dt = dtype
            if is_store:
                dt = DTYPES["f16"] if g.bad("store into f16", 0.2) else F32
            shared = [t for t in tensors if t.dtype == dt]
            t = g.pick(shared) if shared and g.int(0, 4) == 0 else None
            if t is not None:  # two ops on one tensor: e.g. a load after a store
                features.add("tensor shared by two ops")
            else:
                t = Tensor(f"{'o' if is_store else 'w'}{i}", dt, rank)
                if rank == 3 and g.int(0, 7) == 0:
                    t.dynamic_batch = True
                    features.add("dynamic batch")
                tensors.append(t)
            if is_store:
                ops.append(store_op(g, t, scope, depth))
            else:
                op = load_op(g, t, scope, depth)
                source = [s for s in ops if isinstance(s, Store) and s.tensor is t
                          and s.depth <= depth]
                if level == "pl" and source and g.int(0, 1):
                    op.source = source[-1]  # load the store's result (an alias of t)
                    features.add("load of a store result")
                ops.append(op)
        prog = Program(level, dtype, tensors, {"n": g.int(0, 3), **g.args}, g.int(1, 3),
                       loops, ops, features, declared=g.declared, fit_args=g.fit_args)
        if prog.trip_count() > 48 or not _fit_shapes(g, prog):
            features.add("oversized, shrunk")
            prog.loops = []
            for op in prog.ops:
                op.depth = 0
                op.offsets = [Const(0, e.type) if _uses_loops(e) else e for e in op.offsets]
                if isinstance(op, Load) and op.valid:
                    op.valid = [Const(0, e.type) if _uses_loops(e) else e for e in op.valid]
            if not _fit_shapes(g, prog):
                for t in prog.tensors:
                    t.shape = [1] * (t.rank - 2) + [64, 4 * t.dtype.c0]
    prog.seed = seed
    prog.must_refuse = list(g.must_refuse)
    if level == "pto":
        for t in prog.tensors:
            if g.bad("pto padded strides", 0.1):
                strides = _dense(t.shape)
                strides[-2] += t.dtype.c0
                t.strides = strides
    for t in prog.tensors:
        t.data = _data(t, seed)
    prog.must_refuse += _stated_violations(prog) + _static_valid_claims(prog)
    prog.features = features
    return prog


def _stated_violations(prog: Program) -> list[str]:
    """Executions the stated facts allow (ends of every stated range, every block) whose
    row/column window is negative or leaves the tensor, or whose valid extent leaves the
    tile: the facts do not prove the program, so the passes must refuse it."""
    found = []
    for args in prog.stated_extremes():
        for bid in range(prog.block_num):
            for e in prog.execute(bid, None, args):
                if e.status in ("neg", "oob", "valid"):
                    found.append(f"the stated facts allow args {args}, block {bid}, where "
                                 f"the {e.detail}")
                    return found
    return found


def _static_valid_claims(prog: Program) -> list[str]:
    """Loads whose tile type states static valid rows for dynamic valid_shape rows that
    take another value in some execution: a contradiction the passes must refuse (where
    the value is always the stated one, accepting is right)."""
    claims = [op for op in prog.ops if isinstance(op, Load) and op.valid_type and op.valid
              and not isinstance(op.valid[-2], Const)]
    for bid in range(prog.block_num):
        for env, op in prog.envs(bid):
            if op in claims and op.valid[-2].ev(env) != int(op.valid_type[0]):
                return [f"the tile type states {op.valid_type[0]} valid rows, and block "
                        f"{bid} computes {op.valid[-2].ev(env)}"]
    return []


def _uses_loops(e: Expr) -> bool:
    if isinstance(e, (Iv, IterArg)):
        return True
    if isinstance(e, Bin):
        return _uses_loops(e.a) or _uses_loops(e.b)
    if isinstance(e, Cast):
        return _uses_loops(e.a)
    return False


def programs(level: str, tall: bool = True):
    """Hypothesis strategy of `level` programs (one drawn seed each)."""
    return st.integers(0, 2 ** 32 - 1).map(lambda seed: build_program(level, seed, tall))


def pl_programs():
    return programs("pl")


def pto_programs():
    return programs("pto")


def _data(t: Tensor, seed: int) -> np.ndarray | None:
    if t.shape[-2] % 16 or t.shape[-1] % t.dtype.c0:
        return None  # unaligned: refused before anything runs
    rng = np.random.default_rng(seed)
    n = prod(t.shape)
    kind = t.dtype.np
    if kind == np.int8:
        flat = rng.integers(-128, 128, n)
    elif t.dtype.mlir == "f16":
        flat = (np.arange(n) % 4093) - 2046  # distinct over any small window, exact in f16
    elif t.dtype.mlir == "bf16":
        flat = (np.arange(n) * 7 + seed) % 65536
    else:
        flat = np.arange(n) - n // 2
    return flat.astype(kind).reshape(t.shape)


# --------------------------------------------------------------------------- reasons

REASONS: list[tuple[str, str]] = [
    ("gap guard (pto-isa#317)", r"GM gap of"),
    ("sign unproven", r"cannot prove that the .* is non-negative"),
    ("valid extent alignment unproven", r"cannot prove that the .* valid .* multiple"),
    ("alignment unproven", r"cannot prove that the .* multiple"),
    ("constant offset negative", r"offset -\d+ is negative"),
    ("constant offset unaligned", r"offset -?\d+ is not a multiple"),
    ("valid extent unaligned", r"valid (rows|columns) -?\d+ are not a multiple"),
    ("valid extent outside window", r"valid (rows|columns) -?\d+ lie outside"),
    ("valid_shape narrows a leading axis", r"valid_shape narrows leading"),
    ("tile not whole fractals", r"is not whole fractals"),
    ("window larger than the plane", r"is larger than the"),
    ("window rows outside the tensor", r"rows \[-?\d+, -?\d+\) lie outside"),
    ("window columns outside the tensor", r"columns \[-?\d+, -?\d+\) lie outside"),
    ("leading window outside the tensor", r"leading axis \d+ window"),
    ("leading axis over-taken", r"indices of leading axis"),
    ("leading offsets mix integer types", r"leading offsets mix integer types"),
    ("tensor rows unaligned", r"rows \d+ are not a multiple of 16"),
    ("tensor columns unaligned", r"columns \d+ are not a multiple of c0"),
    ("load target not mat", r"NZ load with"),
    ("acc store not whole-row", r"must cover the whole"),
    ("acc store tile not 16-aligned", r"rows and columns must be positive multiples"),
    ("acc store dtype", r"only FP32 Acc"),
    ("acc store atomic/relu", r"NZ accumulator store with"),
    ("acc store partly valid", r"partly valid or dynamic"),
    ("acc store shapes/sizes not one panel", r"shapes must be the whole tile|"
     r"partition sizes .* must be"),
    ("store from non-Acc tile", r"NZ store from a|tstore into an NZ view from|"
     r"'pto.tstore' into an NZ view from"),
    ("tload into non-NZ tile", r"tload of an NZ view into"),
    ("logical strides not dense", r"strides .* are not the dense row-major"),
    ("element count tile/partition", r"moves the tile's valid region one to one"),
    ("store field/L0C limits", r"exceeds the store|L0C"),
    ("tile valid region differs from the partition", r"into a tile whose valid region is"),
    ("multi-batch partition into one tile", (r"NZ partition of \d+ batches into|"
                                             r"takes \d+ batches into one")),
    ("window may leave the axis", r"window may leave the axis"),
    ("leading offset may be negative", r"\(batches\) may be negative"),
    ("type contradicts operands", r"disagree|into a tile of|of an NZ view of .* into a"),
    ("func arg attributes not extended (F4)", r"argument attribute array to have the same"),
]


def reason_key(message: str) -> str:
    for key, pattern in REASONS:
        if re.search(pattern, message):
            return key
    short = re.sub(r"-?\d+", "N", message.split(":")[0])[:70]
    return "other: " + short


# --------------------------------------------------------------------------- checking

# Known pass defects the fuzzer keeps exercising; a mismatch explained by one of them is
# counted under its key, any other mismatch is a new bug (test_fuzz_differential.py pins
# each of these with a minimal reproducer, as a strict xfail).
# F1 (a multi-batch window into a row-stacked tile) and F2 (dynamic valid rows shorter
# than the partition) are fixed; F3 is open.
KNOWN_FINDINGS: dict[str, str] = {
    "F3": "pto-block-nz-views accepts a pto.partition_view whose result type contradicts its "
          "constant sizes (it lowers the sizes; test_finding_f3_* pins it, strict xfail)",
}
_FINDING_SIGNATURES: dict[str, str] = {"F3": "the partition type disagrees with its sizes"}


@dataclass
class Mismatch:
    text: str
    tensor: str | None = None  # the tensor whose tile or GM differs, when known
    finding: str | None = None  # a KNOWN_FINDINGS key that explains it


@dataclass
class Outcome:
    program: Program
    accepted: bool
    reasons: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    runs: int = 0  # simulated block runs compared
    skipped_runs: Counter = field(default_factory=Counter)  # run status -> count (user errors)
    loads: int = 0
    stores: int = 0
    unaligned_runs: int = 0  # compared runs with a run-time unaligned offset or extent
    # pto: refused, but accepted once pto.get_block_idx/num are spelled pl.tile.* (the
    # offset prover knows only the pl block-index ops are non-negative)
    lane_op_refusal: bool = False

    @property
    def unexplained(self) -> list[Mismatch]:
        return [m for m in self.mismatches if m.finding is None]

    @property
    def findings(self) -> set[str]:
        return {m.finding for m in self.mismatches if m.finding}


def fill_hook(state: dict):
    """FILL_OP: the next Acc tile of the run (see `fill_data`), not zeros."""

    def hook(sim, op, operands):
        buf = pto.tile_buf(op.results[0].type)
        if buf is None:
            raise SimulationError(f"{FILL_OP} must yield a !pto.tile_buf")
        tile = tile_for(buf)
        tile.set_logical(fill_data(state["k"], tile.rows, tile.cols))
        state["k"] += 1
        return tile

    return hook


def pipeline_for(prog: Program) -> str:
    return PL_PIPELINE if prog.level == "pl" else PTO_PIPELINE


def lower(text: str, pipeline: str):
    """Parse and run `pipeline` (needs an entered context); (module, PipelineResult)."""
    module = ir.Module.parse(text)
    return module, run_pipeline(module, pipeline)


_CONTEXT = {"context": None, "uses": 0}
CONTEXT_REUSE = 100  # programs per MLIR context (a fresh context costs ~8 ms)


def _context():
    """A context shared by up to CONTEXT_REUSE programs (their modules are dropped)."""
    if _CONTEXT["context"] is None or _CONTEXT["uses"] >= CONTEXT_REUSE:
        _CONTEXT["context"], _CONTEXT["uses"] = new_context(), 0
    _CONTEXT["uses"] += 1
    return _CONTEXT["context"]


def refusal_reasons(prog: Program) -> list[str]:
    """The pipeline's refusal reason keys for `prog` (empty when accepted); no simulation."""
    with _context():
        _, result = lower(prog.text(), pipeline_for(prog))
        return [] if result.success else [reason_key(d.message)
                                          for d in (result.errors or result.diagnostics)]


def check(prog: Program, mode: str = "a2a3") -> Outcome:
    """Run the pipeline on `prog`; if it is accepted, simulate every block and compare."""
    with _context():
        module, result = lower(prog.text(), pipeline_for(prog))
        if not result.success:
            messages = [d.message for d in (result.errors or result.diagnostics)]
            outcome = Outcome(prog, False, [reason_key(m) for m in messages], messages)
            if "pto.get_block_idx" in prog.features:
                text = prog.text().replace('"pto.get_block_', '"pl.tile.get_block_')
                outcome.lane_op_refusal = lower(text, pipeline_for(prog))[1].success
            return outcome
        outcome = Outcome(prog, True)
        for why in prog.must_refuse:
            outcome.mismatches.append(Mismatch(f"accepted although {why}"))
        runner = Runner(prog, module, mode)
        for bid in range(prog.block_num):
            compare_run(prog, runner, bid, outcome)
        _explain(outcome)
        return outcome


class Runner:
    """Simulates one lowered program block by block (one compiled Simulator)."""

    def __init__(self, prog: Program, module, mode: str = "a2a3"):
        self.prog = prog
        self.state = {"k": 0}
        self.sim = Simulator(module, mode=mode, block_idx=0, block_num=prog.block_num,
                             hooks={FILL_OP: fill_hook(self.state)})

    def run(self, bid: int):
        """(RunResult, {tensor: packed GM buffer}) of block `bid`, GM = pack_nz(logical)."""
        prog = self.prog
        buffers = {t: pack_nz(t.contents()) for t in prog.tensors}
        args = [buffers[t] for t in prog.tensors] + [prog.args[n] for n in prog.args]
        args += [t.shape[0] for t in prog.tensors if t.dynamic_batch]
        self.state["k"] = 0
        self.sim.block_idx = bid  # the compiled function is reused across blocks
        return self.sim.run("kernel", *args), buffers


def compare_run(prog: Program, runner: Runner, bid: int, outcome: Outcome):
    gm_logical = {t: t.contents().copy() for t in prog.tensors}  # accepted: all aligned
    events = prog.execute(bid, gm_logical)
    skip = [e for e in events if e.status == "lead-oob"]
    if skip:  # a batch outside the tensor at run time: a warning only, where unbounded
        outcome.skipped_runs[skip[0].status] += 1
        return
    for e in events:
        if e.status in ("oob", "valid"):  # row, column and valid extents must be proved
            outcome.mismatches.append(Mismatch(
                f"block {bid}: accepted although at run time the {e.detail} "
                f"(offsets {e.offsets})", e.op.tensor.name))
    if any(e.status in ("oob", "valid") for e in events):
        return
    neg = [e for e in events if e.status == "neg"]
    for e in neg:  # there is no logical window: the sign proof must have refused this
        outcome.mismatches.append(Mismatch(
            f"block {bid}: accepted although at run time the {e.detail} "
            f"(offsets {e.offsets})", e.op.tensor.name))
    try:
        result, buffers = runner.run(bid)
    except (GmOutOfBounds, HardwareLimitError, SimulationError) as err:
        outcome.mismatches.append(Mismatch(f"block {bid}: simulation failed: "
                                           f"{type(err).__name__}: {err}"))
        return
    if neg:
        outcome.mismatches.append(Mismatch(f"block {bid}: ... and the simulator read or wrote "
                                           "GM silently (no out-of-bounds access)"))
        return
    outcome.runs += 1
    outcome.unaligned_runs += any(e.unaligned for e in events)
    loads = [e for e in events if isinstance(e.op, Load)]
    if len(result.loads) != len(loads):
        outcome.mismatches.append(Mismatch(f"block {bid}: {len(result.loads)} loads "
                                           f"simulated, {len(loads)} expected"))
        return
    for n, (got, exp) in enumerate(zip(result.loads, loads, strict=False)):
        outcome.loads += 1
        expected = exp.expected
        assert expected is not None  # only "ok" events are left: each has its window
        vr, vc = expected.shape
        tile = got.logical[:vr, :vc]
        if tile.shape != expected.shape or not np.array_equal(tile, expected):
            wrong = int((tile != expected).sum()) if tile.shape == expected.shape else "shape"
            note = f" [run-time {exp.unaligned}]" if exp.unaligned else ""
            outcome.mismatches.append(Mismatch(
                f"block {bid}: load #{n} of {exp.op.tensor.name} at {exp.offsets}: the tile "
                f"differs from the logical window ({wrong} of {expected.size} "
                f"elements){note}", exp.op.tensor.name))
    outcome.stores += sum(1 for e in events if isinstance(e.op, Store))
    for t in prog.tensors:
        got = unpack_nz(buffers[t], t.shape)
        if not np.array_equal(got, gm_logical[t]):
            wrong = int((got != gm_logical[t]).sum())
            outcome.mismatches.append(Mismatch(
                f"block {bid}: GM of {t.name} differs from the logical result after the run "
                f"({wrong} elements)", t.name))


def _explain(outcome: Outcome) -> None:
    """Attribute each mismatch to a known finding when the op it concerns carries its tag
    (or, for a simulation failure, when its message is the finding's signature)."""
    tags: dict[str, set] = {}
    for op in outcome.program.ops:
        if isinstance(op, Load):
            tags.setdefault(op.tensor.name, set()).update(op.tags)
    every = set().union(*tags.values()) if tags else set()
    for m in outcome.mismatches:
        if m.tensor is not None:
            found = sorted(tags.get(m.tensor, ()))
        else:
            found = [f for f in sorted(every) if _FINDING_SIGNATURES.get(f, "\0") in m.text]
        if found:
            m.finding = found[0]


# --------------------------------------------------------------------------- guard bypasses
#
# Each guard the necessity tests switch off, as (module attribute, replacement) pairs for
# monkeypatch.setattr / unittest.mock.patch. Only the whole-row Acc store rule is not a
# function of its own: it is an `if` inside nz_window.plan_acc_store_window, so its bypass
# wraps that function and hands it a geometry whose row axis is the tile's (row offset 0 is
# still required). Extracting `check_acc_store_whole_rows(geom, tile_rows, row_offset, loc)`
# in nz_window (as check_gm_gap is) would make it a one-line no-op patch like the others.

GUARD_REASONS = {
    "gap": ("gap guard (pto-isa#317)",),
    "sign": ("sign unproven",),
    "align": ("alignment unproven", "valid extent alignment unproven"),
    "wholerow": ("acc store not whole-row",),
}


def _whole_row_bypass():
    from nzpass.nz import window as nz_window

    original = nz_window.plan_acc_store_window

    def plan_acc_store_window(geom, tile_rows, tile_cols, offsets, loc, prover):
        fake = nz_window.NzGeometry((*tuple(geom.shape[:-2]), tile_rows, geom.cols), geom.c0)
        return original(fake, tile_rows, tile_cols, offsets, loc, prover)

    return plan_acc_store_window


def bypass_patches(guard: str) -> list[tuple[object, str, object]]:
    """(object, attribute, replacement) triples that switch `guard` off, in the
    blocking passes and in its verify-pto-nz counterpart (which would refuse what
    the pass let through: see test_verifier_catches_a_bypassed_pass_guard)."""
    import nzpass.nz.hazards as hazards
    import nzpass.nz.window as nz_window
    import nzpass.passes.block_nz_tensor_views as pl_pass
    import nzpass.passes.pto_block_nz_views as pto_pass
    from nzpass.nz.intervals import Fact

    if guard == "gap":
        return [(nz_window, "check_gm_gap", lambda *args, **kwargs: None),
                (hazards, "check_gm_gap", lambda *args, **kwargs: None)]
    if guard == "sign":
        return [(Fact, "non_negative", property(lambda self: True))]
    if guard == "align":
        return [(Fact, "is_multiple", lambda self, divisor: True)]
    if guard == "wholerow":
        plan = _whole_row_bypass()
        # convert-pl-to-pto holds a blocked store to the rule itself (check_blocked_acc_
        # store_window), on blocked coordinates no fake geometry reaches.
        return [(pl_pass, "plan_acc_store_window", plan),
                (pto_pass, "plan_acc_store_window", plan),
                (nz_window, "check_acc_store_whole_rows", lambda *args, **kwargs: None),
                (hazards, "check_acc_write_set", lambda *args, **kwargs: None)]
    raise ValueError(f"unknown guard {guard!r}; one of {sorted(GUARD_REASONS)}")


class bypassed:
    """Context manager: `guard` switched off (for scripts; tests use monkeypatch)."""

    def __init__(self, guard: str):
        self.patches = bypass_patches(guard)
        self.saved: list = []

    def __enter__(self):
        for obj, name, value in self.patches:
            self.saved.append((obj, name, getattr(obj, name)))
            setattr(obj, name, value)
        return self

    def __exit__(self, *exc):
        for obj, name, value in reversed(self.saved):
            setattr(obj, name, value)
        self.saved.clear()


def check_guard(prog: Program, guard: str, outcome: Outcome | None = None):
    """For a program the pipeline refuses only by `guard`: its outcome with the guard
    bypassed (None when some other reason refuses it too)."""
    outcome = outcome or check(prog)
    if outcome.accepted or not set(outcome.reasons) <= set(GUARD_REASONS[guard]):
        return None
    with bypassed(guard):
        return check(prog)


# --------------------------------------------------------------------------- statistics


@dataclass
class Stats:
    generated: Counter = field(default_factory=Counter)
    accepted: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)  # (level, first reason)
    skipped: Counter = field(default_factory=Counter)  # (level, run status)
    runs: Counter = field(default_factory=Counter)
    loads: Counter = field(default_factory=Counter)
    stores: Counter = field(default_factory=Counter)
    unaligned_runs: Counter = field(default_factory=Counter)
    lane_op_refusals: Counter = field(default_factory=Counter)
    findings: Counter = field(default_factory=Counter)  # (level, finding) -> programs
    features: Counter = field(default_factory=Counter)  # (level, feature, accepted?)
    mismatches: list = field(default_factory=list)  # outcomes with unexplained mismatches
    known: list = field(default_factory=list)  # outcomes whose mismatches are all explained
    seconds: float = 0.0

    def record(self, outcome: Outcome) -> None:
        prog = outcome.program
        level = prog.level
        self.generated[level] += 1
        for f in prog.features:
            self.features[(level, f, outcome.accepted)] += 1
        if outcome.accepted:
            self.accepted[level] += 1
            self.runs[level] += outcome.runs
            self.loads[level] += outcome.loads
            self.stores[level] += outcome.stores
            self.unaligned_runs[level] += outcome.unaligned_runs
            for status, n in outcome.skipped_runs.items():
                self.skipped[(level, status)] += n
        else:
            self.refused[(level, outcome.reasons[0])] += 1
            self.lane_op_refusals[level] += outcome.lane_op_refusal
        for f in outcome.findings:
            self.findings[(level, f)] += 1
        if outcome.unexplained:
            self.mismatches.append(outcome)
        elif outcome.mismatches:
            self.known.append(outcome)

    def n_mismatches(self, level: str | None = None) -> int:
        return sum(1 for o in self.mismatches if level in (None, o.program.level))

    def report(self, examples: int = 5) -> str:
        lines = []
        for level, pipeline in (("pl", PL_PIPELINE), ("pto", PTO_PIPELINE)):
            n = self.generated[level]
            if not n:
                continue
            refused = sum(v for (lv, _), v in self.refused.items() if lv == level)
            skipped = sum(v for (lv, _), v in self.skipped.items() if lv == level)
            lines.append(f"[{level}] {pipeline}")
            lines.append(f"  programs generated {n}: accepted {self.accepted[level]}, refused "
                         f"{refused}; mismatches {self.n_mismatches(level)} (unexplained)")
            lines.append(f"  accepted programs: {self.runs[level]} block runs compared "
                         f"({self.loads[level]} tiles, {self.stores[level]} Acc stores)"
                         + (f"; {skipped} runs skipped, window outside the tensor at run "
                            "time (" + ", ".join(f"{s} {v}" for (lv, s), v
                                                 in sorted(self.skipped.items())
                                                 if lv == level) + ")" if skipped else ""))
            for (lv, f), v in sorted(self.findings.items()):
                if lv == level:
                    lines.append(f"  known finding {f}: {v} programs accepted wrongly")
            if self.lane_op_refusals[level]:
                lines.append(f"  refused only because pto.get_block_idx/num is not known "
                             f"non-negative: {self.lane_op_refusals[level]}")
            attacks = sorted({f for (lv, f, _) in self.features
                              if lv == level and f.startswith(ATTACK_FEATURES)})
            if attacks:
                lines.append("  attacks (programs carrying one: accepted / generated):")
            for f in attacks:
                yes, no = self.features[(level, f, True)], self.features[(level, f, False)]
                lines.append(f"    {yes:6d} / {yes + no:<6d} {f}")
            lines.append("  refused, by reason (the first error of each program):")
            for (lv, key), v in sorted(self.refused.items(), key=lambda kv: (-kv[1], kv[0])):
                if lv == level:
                    lines.append(f"    {v:6d}  {key}")
        for o in self.mismatches[:examples]:
            lines.append(f"MISMATCH seed={o.program.seed} {o.program.describe()}")
            for m in o.unexplained[:3]:
                lines.append(f"    {m.text}")
        return "\n".join(lines)


def run_and_record(prog: Program, stats: Stats) -> Outcome:
    outcome = check(prog)
    stats.record(outcome)
    return outcome
