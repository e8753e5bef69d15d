"""Execute a `pto` function (the output of pl-to-pto) on numpy buffers: `Simulator`.

`help(Simulator)` documents the whole interface: how arguments are bound, which ops run,
the built-in compute ops (`BUILTIN_HOOKS`), and what `RunResult` and `TileSnapshot` hold.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..dialects import pl, pto
from ..errors import Refusal
from ..ir import op_names
from ..ir.arith import integer_value, integer_width
from ..ir.bindings import ir
from ..nz.acc_store import ACC_BOX
from ..nz.intervals import wrapped
from ..nz.limits import LOCAL_MEMORY_BYTES
from ..nz.offsets import declared_facts, stated_facts
from ..nz.view_layout import view_layout
from .hardware import (
    MODES,
    NUMPY_DTYPES,
    POISON_BYTE,
    GlobalTensor,
    GmOutOfBounds,
    HardwareLimitError,
    Tile,
    tload_nd2nd,
    tload_nd2nz,
    tload_nz2nz,
    tstore_acc_nz2nz,
    tstore_nd,
)

__all__ = [
    "BUILTIN_HOOKS",
    "MATMUL_HOOKS",
    "GmSource",
    "Partition",
    "RunResult",
    "SimulationError",
    "Simulator",
    "TileSnapshot",
    "UnmodelledTile",
    "ViewRequest",
    "matmul_acc_hook",
    "matmul_hook",
    "numpy_dtype",
    "tile_for",
    "zeros_hook",
]

Hook = Callable[["Simulator", ir.Operation, list], Any]


class SimulationError(Exception):
    """The simulator cannot execute an op (unknown op, malformed operands, bad binding)."""

    def __init__(self, message: str, location: str | None = None):
        super().__init__(f"{location}: {message}" if location else message)
        self.location = location


# Everything a simulated run raises for its input (the program, its data, its launch):
# what a tool reports as a diagnostic rather than as a bug.
RUN_ERRORS = (SimulationError, GmOutOfBounds, HardwareLimitError)


class FactViolation(SimulationError):
    """A launch breaks a fact the kernel states (`nz.range`, `nz.multiple_of` on an
    argument or a launch op): the passes proved the kernel under that contract,
    so the launch is refused rather than run (docs/nz-semantics.md section 8)."""


def _check_facts(facts: tuple[int | None, int | None, int | None], value: int,
                 what: str) -> None:
    multiple, lo, hi = facts
    if lo is not None and hi is not None and not lo <= value < hi:
        raise FactViolation(f"{what} = {value} breaks its stated fact nz.range = [{lo}, {hi}): "
                            "nzpass proved the kernel for that range only; launch it inside "
                            "the range, or state the range the caller really guarantees")
    if multiple is not None and value % multiple:
        raise FactViolation(f"{what} = {value} breaks its stated fact nz.multiple_of = "
                            f"{multiple}: nzpass proved the kernel for multiples only")


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, eq=False)
class Partition:
    """The value of `pto.partition_view`: a window of a GM view."""

    view: GlobalTensor
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class TileSnapshot:
    """One tile event: the tile after `pto.tload`, the tile stored by `pto.tstore`, or a tile
    a hook produced.

    `kind`: the op name. `location`: the op's location, as printed. `name`: the SSA name of
    the tile value, e.g. "%7". `tile`: the model `Tile` itself (it may change later).
    `logical`: a copy of `tile.to_logical()` taken at that moment. `partition`: the GM
    window a `pto.tload` read or a `pto.tstore` wrote (None for a hook's tile).
    """

    kind: str
    location: str
    name: str
    tile: Tile = field(repr=False)
    logical: np.ndarray = field(repr=False)
    partition: Partition | None = field(default=None, repr=False)


@dataclass
class RunResult:
    """What `Simulator.run` returns.

    `gm`: argument number -> the array bound to that `!pto.ptr` argument (written in place).
    `returns`: the values of `func.return`. `events`: every `TileSnapshot` in execution
    order; `loads`, `stores` and `tiles` select from them.
    """

    gm: dict[int, np.ndarray]
    returns: tuple
    events: list[TileSnapshot]

    @property
    def loads(self) -> list[TileSnapshot]:
        """The snapshots taken after each `pto.tload`, in execution order."""
        return [e for e in self.events if e.kind == pto.TLoad.NAME]

    @property
    def stores(self) -> list[TileSnapshot]:
        """The tiles stored by each `pto.tstore`, in execution order."""
        return [e for e in self.events if e.kind == pto.TStore.NAME]

    @property
    def tiles(self) -> dict[str, list[np.ndarray]]:
        """SSA name of each tile value -> its logical snapshots, in execution order."""
        out: dict[str, list[np.ndarray]] = {}
        for event in self.events:
            out.setdefault(event.name, []).append(event.logical)
        return out


# --------------------------------------------------------------------------- types

def numpy_dtype(element: str) -> np.dtype:
    """The numpy dtype holding an MLIR element type (raw bits for bf16 and f8)."""
    try:
        return np.dtype(NUMPY_DTYPES[element])
    except KeyError:
        raise SimulationError(f"element type '{element}' has no numpy representation "
                              "in the simulator") from None


def _unsigned(value: int, bits: int) -> int:
    return value & ((1 << bits) - 1)


# --------------------------------------------------------------------------- integer ops
# Each takes the two operands (two's complement at the operand width `bits`) and returns
# the exact result, which the caller wraps to the result width; a division by zero or an
# out-of-range shift (undefined behaviour in arith) raises instead of guessing.


def _divisor(b: int) -> int:
    if b == 0:
        raise ZeroDivisionError("division by zero")
    return b


def _truncdiv(a: int, b: int) -> int:
    q = abs(a) // abs(_divisor(b))
    return -q if (a < 0) != (b < 0) else q


def _remsi(a: int, b: int, _bits: int) -> int:
    r = abs(a) % abs(_divisor(b))
    return -r if a < 0 else r


def _shift(b: int, bits: int) -> int:
    if not 0 <= b < bits:
        raise ValueError(f"shift by {b} at width {bits} is undefined")
    return b


def _ceildivsi(a: int, b: int, _bits: int) -> int:
    return -(-a // _divisor(b))


def _ceildivui(a: int, b: int, bits: int) -> int:
    ua, ub = _unsigned(a, bits), _divisor(_unsigned(b, bits))
    if (ua + ub - 1) >> bits:
        # PTOAS (both in the field) emits ceildivui as (a + (b - 1)) / b in unsigned
        # arithmetic, which wraps here (or not, where C promotes a narrow type): the
        # device's quotient is not MLIR's, so the model gives none.
        raise ValueError(f"ceildivui of {ua} by {ub} at width {bits}: PTOAS computes "
                         "(a + b - 1) / b, which wraps past 2^width")
    return -(-ua // ub)


def _min_unsigned(a: int, b: int, bits: int) -> int:
    return a if _unsigned(a, bits) <= _unsigned(b, bits) else b


def _max_unsigned(a: int, b: int, bits: int) -> int:
    return a if _unsigned(a, bits) >= _unsigned(b, bits) else b


IntegerOp = Callable[[int, int, int], int]
_INTEGER_BINARY: dict[str, IntegerOp] = {
    op_names.ARITH_ADDI: lambda a, b, _: a + b,
    op_names.ARITH_SUBI: lambda a, b, _: a - b,
    op_names.ARITH_MULI: lambda a, b, _: a * b,
    op_names.ARITH_DIVSI: lambda a, b, _: _truncdiv(a, b),
    op_names.ARITH_DIVUI:
        lambda a, b, bits: _unsigned(a, bits) // _divisor(_unsigned(b, bits)),
    op_names.ARITH_FLOORDIVSI: lambda a, b, _: a // _divisor(b),
    op_names.ARITH_CEILDIVSI: _ceildivsi,
    op_names.ARITH_CEILDIVUI: _ceildivui,
    op_names.ARITH_REMSI: _remsi,
    op_names.ARITH_REMUI:
        lambda a, b, bits: _unsigned(a, bits) % _divisor(_unsigned(b, bits)),
    op_names.ARITH_MINSI: lambda a, b, _: min(a, b),
    op_names.ARITH_MAXSI: lambda a, b, _: max(a, b),
    op_names.ARITH_MINUI: _min_unsigned,
    op_names.ARITH_MAXUI: _max_unsigned,
    op_names.ARITH_SHLI: lambda a, b, bits: a << _shift(b, bits),
    op_names.ARITH_SHRSI: lambda a, b, bits: a >> _shift(b, bits),
    op_names.ARITH_SHRUI: lambda a, b, bits: _unsigned(a, bits) >> _shift(b, bits),
    op_names.ARITH_ANDI: lambda a, b, _: a & b,
    op_names.ARITH_ORI: lambda a, b, _: a | b,
    op_names.ARITH_XORI: lambda a, b, _: a ^ b,
}
# arith.cmpi predicates, by their number in the attribute (arith.CmpIPredicate).
_CMPI: dict[int, IntegerOp] = {
    op_names.CMPI_PREDICATES["eq"]: lambda a, b, _: a == b,
    op_names.CMPI_PREDICATES["ne"]: lambda a, b, _: a != b,
    op_names.CMPI_PREDICATES["slt"]: lambda a, b, _: a < b,
    op_names.CMPI_PREDICATES["sle"]: lambda a, b, _: a <= b,
    op_names.CMPI_PREDICATES["sgt"]: lambda a, b, _: a > b,
    op_names.CMPI_PREDICATES["sge"]: lambda a, b, _: a >= b,
    op_names.CMPI_PREDICATES["ult"]: lambda a, b, bits: _unsigned(a, bits) < _unsigned(b, bits),
    op_names.CMPI_PREDICATES["ule"]: lambda a, b, bits: _unsigned(a, bits) <= _unsigned(b, bits),
    op_names.CMPI_PREDICATES["ugt"]: lambda a, b, bits: _unsigned(a, bits) > _unsigned(b, bits),
    op_names.CMPI_PREDICATES["uge"]: lambda a, b, bits: _unsigned(a, bits) >= _unsigned(b, bits),
}
# Casts that keep the value (re-wrapped at the result width), and those that read their
# source as unsigned first.
_SIGNED_CASTS = (op_names.ARITH_INDEX_CAST, op_names.ARITH_EXTSI,
                 op_names.ARITH_TRUNCI)
_UNSIGNED_CASTS = (op_names.ARITH_INDEX_CASTUI, op_names.ARITH_EXTUI)
# PTOAS emits index_cast as a C cast, and an i1 is a C `bool`: true casts to 1, where
# MLIR's sign extension gives -1. The model moves what the device moves.
_C_BOOL_CASTS = (op_names.ARITH_INDEX_CAST,)


def tile_for(buf: pto.TileBuf, valid_rows: int | None = None,
             valid_cols: int | None = None, memory: LocalMemory | None = None,
             addr: int | None = None) -> Tile:
    """A model `Tile` for a `!pto.tile_buf` (valid extents from the type unless it says
    `?`): fresh, holding what nothing wrote (`hardware.poisoned`), or, placed at `addr` of
    `memory`, over those bytes."""
    vr = buf.v_row if buf.v_row is not None else valid_rows
    vc = buf.v_col if buf.v_col is not None else valid_cols
    if vr is None or vc is None:
        raise SimulationError(f"tile_buf {buf.spelling()} has a dynamic valid extent and "
                              "no valid_row/valid_col value")
    slayout = "none" if buf.slayout == "none_box" else buf.slayout
    dtype = numpy_dtype(buf.dtype)
    storage = None
    if memory is not None and addr is not None:
        storage = memory.placed(buf.loc, addr, buf.rows * buf.cols, dtype, buf.spelling())
    layout = (buf.loc, dtype, buf.rows, buf.cols, vr, vc, buf.blayout, slayout, buf.fractal)
    try:
        return Tile(*layout, storage, buf.compact or 0)  # type: ignore[arg-type]
    except ValueError as err:
        raise SimulationError(f"cannot model tile {buf.spelling()}: {err}") from None


class LocalMemory:
    """The on-chip memories of one run, byte by byte, POISON_BYTE at the start (what
    nothing wrote: the device keeps whatever ran before): a tile a
    `pto.alloc_tile` places at an address is a view of its bytes there, so two tiles at
    the same bytes are one buffer and a tile over another's bytes reads what it wrote, as
    on the device (PyPTO re-declares an accumulator at its address in the loop updating
    it; verify-pto-nz refuses reads that see another tile's data, nz/tile_overlap.py)."""

    def __init__(self) -> None:
        self._bytes: dict[str, np.ndarray] = {}

    def placed(self, loc: str, addr: int, count: int, dtype: np.dtype, what: str
               ) -> np.ndarray:
        """The `count` elements of `dtype` at byte `addr` of memory `loc`."""
        capacity = max(sizes[loc] for sizes in LOCAL_MEMORY_BYTES.values())
        end = addr + count * dtype.itemsize
        if addr < 0 or end > capacity:
            raise SimulationError(f"{what} placed at byte {addr} of {loc} ends at byte {end}, "
                                  f"outside the memory's {capacity}")
        memory = self._bytes.get(loc)
        if memory is None:
            memory = self._bytes[loc] = np.full(capacity, POISON_BYTE, np.uint8)
        return memory[addr:end].view(dtype)


# --------------------------------------------------------------------------- lazy GM


@dataclass(frozen=True)
class ViewRequest:
    """What a view (or a scalar read) asks of a `GmSource`: its shape, element strides,
    layout ("nd", "dn" or "nz", rank 5) and element type."""

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    layout: str
    dtype: np.dtype

    @property
    def extent(self) -> int:
        """Elements from the view's first to its last, plus one (0 for an empty view)."""
        if any(d <= 0 for d in self.shape):
            return 0
        return 1 + sum((d - 1) * s for d, s in zip(self.shape, self.strides, strict=True))


class GmSource:
    """A `!pto.ptr` binding whose buffer is made when the kernel first views it, for
    callers that do not know the sizes before the run (they may depend on arguments).
    `buffer(request)` returns a flat numpy array of `request.dtype` that holds at least
    `request.extent` elements; it may return the same array to every request."""

    def buffer(self, request: ViewRequest) -> np.ndarray:
        raise NotImplementedError


# --------------------------------------------------------------------------- compiled IR


Runner = Callable[["Simulator", "_Step", dict], None]
Planner = Callable[["_Compiler", ir.Operation, "_Step"], None]


@dataclass(frozen=True)
class _OpRule:
    """How the simulator treats one op: `plan` reads what the op needs once, when the
    function is compiled (None: nothing); `run` executes it; a terminator ends its block
    with its operands as the block's results."""

    run: Runner
    plan: Planner | None = None
    terminator: bool = False


@dataclass
class _Block:
    args: tuple[int, ...]
    steps: list[_Step]


@dataclass
class _Step:
    op: ir.Operation
    name: str
    location: str
    operands: tuple[int, ...]
    results: tuple[int, ...]
    widths: tuple[int | None, ...]  # integer width of each result (None: not an integer)
    rule: _OpRule
    bodies: tuple[_Block | None, ...] = ()  # the regions' entry blocks (None: empty)
    names: tuple[str, ...] = ()  # SSA names of the tile operands/results we snapshot
    data: Any = None


class _Compiler:
    """Turns a function body into `_Step`s over integer value slots, once per function,
    each step bound to its rule of `_RULES` (or a hook, or the on-chip skip)."""

    def __init__(self, sim: Simulator, func: ir.Operation):
        self.sim = sim
        self.slots: dict[ir.Value, int] = {}
        self.state = ir.AsmState(func)

    def slot(self, value: ir.Value) -> int:
        if value not in self.slots:
            self.slots[value] = len(self.slots)
        return self.slots[value]

    def block(self, block: ir.Block) -> _Block:
        args = tuple(self.slot(a) for a in block.arguments)
        return _Block(args, [self.step(op.operation) for op in block.operations])

    def region_entry(self, region: ir.Region) -> _Block | None:
        blocks = list(region.blocks)
        return self.block(blocks[0]) if blocks else None

    def step(self, op: ir.Operation) -> _Step:
        rule = self.rule_for(op)
        step = _Step(
            op, op.name, str(op.location), tuple(self.slot(v) for v in op.operands),
            tuple(self.slot(r) for r in op.results),
            tuple(integer_width(r.type) for r in op.results), rule)
        if rule.plan is not None:
            try:
                rule.plan(self, op, step)
            except Refusal as err:
                raise SimulationError(err.message, step.location) from None
        return step

    def rule_for(self, op: ir.Operation) -> _OpRule:
        rule = _RULES.get(op.name)
        if rule is not None:
            return rule
        if op.name in self.sim.hooks:
            return _HOOK
        if self.sim.skip_compute and _on_chip(op):
            return _SKIP
        return _HOOK  # raises at run time, naming the op, if it is ever reached

    def name(self, value: ir.Value) -> str:
        return value.get_name(self.state)

    def attrs(self, op: ir.Operation, needed: tuple[str, ...] = ()):
        return self.sim._properties.attributes(op, needed)

    def groups(self, view_cls, op: ir.Operation, needed: tuple[str, ...] = ()
               ) -> dict[str, tuple[int, ...]]:
        """Operand groups as positions into `op.operands` (properties read when needed)."""
        view = view_cls(op, self.attrs(op, ("operandSegmentSizes", *needed)))
        positions: dict[str, tuple[int, ...]] = {}
        start = 0
        for group in view_cls.GROUPS:
            n = len(view.groups[group])
            positions[group] = tuple(range(start, start + n))
            start += n
        return positions


def _on_chip(op: ir.Operation) -> bool:
    """A pto op that only moves data between tiles (textract, tmov, tmatmul...): every
    operand a tile or an integer, no result. Skipping it leaves every GM buffer and every
    integer the run computes as they would be; only tile contents it writes are not
    modelled."""
    if op.name.split(".", 1)[0] != pto.DIALECT or len(op.results) or len(op.regions):
        return False
    return all(pto.tile_buf(v.type) is not None or integer_width(v.type) is not None
               for v in op.operands)


def _enum_value(attr: ir.Attribute | None, enum: str) -> str | None:
    """`#pto<atomic_type atomic_add>` -> "atomic_add"; None when absent."""
    if attr is None:
        return None
    text = str(attr)
    prefix = f"#pto<{enum} "
    if text.startswith(prefix) and text.endswith(">"):
        return text[len(prefix):-1].strip()
    if isinstance(attr, ir.StringAttr):
        return attr.value
    return text


# --------------------------------------------------------------------------- plans


def _plan_constant(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    attr = op.attributes["value"]
    value = integer_value(attr)
    if value is not None:
        step.data = wrapped(value, integer_width(op.results[0].type) or 64)
    elif isinstance(attr, ir.FloatAttr):
        step.data = attr.value
    else:
        step.data = attr  # anything else (dense constants...) is passed through as is


def _plan_operand_width(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    step.data = integer_width(op.operands[0].type) or 64


def _plan_cmpi(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    predicate = integer_value(op.attributes["predicate"])
    if predicate not in _CMPI:
        raise SimulationError(f"'{op.name}' predicate {predicate} is unknown", step.location)
    step.data = (_CMPI[predicate], integer_width(op.operands[0].type) or 64)


def _plan_for(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    step.bodies = (c.region_entry(op.regions[0]),)
    step.data = (integer_width(op.operands[0].type) or 64, "unsignedCmp" in op.attributes)


def _plan_if(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    step.bodies = tuple(c.region_entry(r) for r in op.regions)


def _plan_launch_op(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    step.data = stated_facts(op)


def _plan_make_tensor_view(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    attrs = c.attrs(op, ("operandSegmentSizes", "layout"))
    groups = c.groups(pto.MakeTensorView, op, ("layout",))
    element = pto.ptr_element(op.operands[0].type)
    view = pto.view_type(op.results[0].type)
    layout, _ = view_layout(op, attrs, view)  # PTOAS's byte order, inferred NZ included
    if element is None and view is not None:
        element = view.element
    step.data = groups, layout, element


def _plan_partition_view(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    step.data = c.groups(pto.PartitionView, op)


def _plan_alloc_tile(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    buf = pto.tile_buf(op.results[0].type)
    if buf is None:
        raise SimulationError(f"'{op.name}' result is not a !pto.tile_buf: "
                              f"{op.results[0].type}", step.location)
    groups = c.groups(pto.AllocTile, op)
    problem = buf.alloc_operand_mismatch(groups)
    if problem is not None:  # which extent the tile has would not be defined
        raise SimulationError(f"'{op.name}' of {buf.spelling()}: {problem}", step.location)
    step.data = groups, buf
    step.names = (c.name(op.results[0]),)


def _plan_tload(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    groups = c.groups(pto.TLoad, op)
    extra = [g for g in pto.TLoad.GROUPS[2:] if groups[g]]
    if extra:
        raise SimulationError(f"'{op.name}' operands {', '.join(extra)} are not modelled",
                              step.location)
    _refuse_padding_attrs(c, op, step)
    step.data = groups
    step.names = (c.name(op.operands[groups["dst"][0]]),)


def _refuse_padding_attrs(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    """A load that pads or initialises its tile (a `pad_mode` other than PadNull,
    `init_out_buffer = true`) writes bytes the model does not know: refused, as its pad
    operands are (found by red team: the model ran such ND loads as plain copies)."""
    attrs = c.attrs(op, tuple(pto.TLoad.PLAIN_ATTRS))
    for name, plain in pto.TLoad.PLAIN_ATTRS.items():
        attr = attrs.get(name)
        if attr is not None and str(attr) != plain:
            raise SimulationError(f"'{op.name}' with {name} = {attr} is not modelled (only "
                                  f"a plain copy, {name} = {plain})", step.location)


def _plan_tstore(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    attrs = c.attrs(op, ("operandSegmentSizes",))
    groups = c.groups(pto.TStore, op)
    if groups["fp"] or groups["preQuantScalar"]:
        raise SimulationError(f"'{op.name}' with fp/preQuantScalar operands (quantised "
                              "store) is not modelled", step.location)
    atomic = _enum_value(attrs.get("atomicType"), "atomic_type")
    if atomic not in (None, "atomic_none", "atomic_add"):
        raise SimulationError(f"'{op.name}' atomicType {atomic} is not modelled",
                              step.location)
    relu = _enum_value(attrs.get("reluPreMode"), "relu_pre_mode")
    if relu not in (None, "no_relu", "normal_relu"):
        raise SimulationError(f"'{op.name}' reluPreMode {relu} is not modelled",
                              step.location)
    buf = pto.tile_buf(op.operands[groups["src"][0]].type)
    if relu == "normal_relu" and (buf is None or buf.loc != "acc"):
        # The relu is a fixpipe stage (TStoreAccNz2nz / Nz2nd's reluPreMode field); a
        # Vec store's bursts have none. The model clamped the tile's storage at zero,
        # which for bf16 (raw uint16 bits) changed nothing and for f16 / f32 clamped
        # (found by red team: one op, two answers, neither the device's known one).
        raise SimulationError(f"'{op.name}' reluPreMode {relu} of a tile that is not in "
                              "L0C: the relu is a stage of the Acc store's fixpipe, which "
                              "other stores do not go through; not modelled", step.location)
    step.data = groups, atomic == "atomic_add", relu == "normal_relu"
    step.names = (c.name(op.operands[groups["src"][0]]),)


def _plan_load_scalar(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    element = pto.ptr_element(op.operands[0].type)
    if element is None or len(op.operands) != 2:
        raise SimulationError(f"'{op.name}' needs a !pto.ptr and an offset", step.location)
    step.data = numpy_dtype(element)


def _plan_hook(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    step.names = tuple(c.name(r) for r in op.results)


# --------------------------------------------------------------------------- runs


def _run_constant(sim: Simulator, step: _Step, env: dict) -> None:
    env[step.results[0]] = step.data


def _run_binary(sim: Simulator, step: _Step, env: dict) -> None:
    a, b = (env[v] for v in step.operands)
    bits = step.widths[0] or 64
    env[step.results[0]] = wrapped(_INTEGER_BINARY[step.name](a, b, bits), bits)


def _run_cmpi(sim: Simulator, step: _Step, env: dict) -> None:
    compare, bits = step.data
    # An i1 result: true is -1, its two's complement reading.
    env[step.results[0]] = -1 if compare(env[step.operands[0]], env[step.operands[1]], bits) else 0


def _run_select(sim: Simulator, step: _Step, env: dict) -> None:
    condition, if_true, if_false = step.operands
    env[step.results[0]] = env[if_true] if env[condition] else env[if_false]


def _run_signed_cast(sim: Simulator, step: _Step, env: dict) -> None:
    value = env[step.operands[0]]
    if step.name in _C_BOOL_CASTS and step.data == 1:
        value = _unsigned(value, 1)  # a C bool: true is 1
    env[step.results[0]] = wrapped(value, step.widths[0] or 64)


def _run_unsigned_cast(sim: Simulator, step: _Step, env: dict) -> None:
    value = _unsigned(env[step.operands[0]], step.data)
    env[step.results[0]] = wrapped(value, step.widths[0] or 64)


def _run_terminator(sim: Simulator, step: _Step, env: dict) -> None:
    raise AssertionError("terminators end their block in Simulator._run_block")


def _run_for(sim: Simulator, step: _Step, env: dict) -> None:
    ops = step.operands
    lb, ub, stride = (env[v] for v in ops[:3])
    carried = [env[v] for v in ops[3:]]
    width, unsigned = step.data
    if stride <= 0:
        raise SimulationError(f"scf.for step {stride} is not positive", step.location)
    if unsigned:
        lb, ub = _unsigned(lb, width), _unsigned(ub, width)
    body = step.bodies[0]
    if body is None:
        raise SimulationError("scf.for has no body", step.location)
    for iv in range(lb, ub, stride):
        env[body.args[0]] = wrapped(iv, width)
        for slot, value in zip(body.args[1:], carried, strict=False):
            env[slot] = value
        carried = sim._run_block(body)
    for slot, value in zip(step.results, carried, strict=False):
        env[slot] = value


def _run_if(sim: Simulator, step: _Step, env: dict) -> None:
    then_body, else_body = (*step.bodies, None)[:2]
    body = then_body if env[step.operands[0]] else else_body
    results = sim._run_block(body) if body is not None else []
    if len(results) != len(step.results):
        raise SimulationError(f"scf.if branch yields {len(results)} values for "
                              f"{len(step.results)} results", step.location)
    for slot, value in zip(step.results, results, strict=True):
        env[slot] = value


def _run_block_idx(sim: Simulator, step: _Step, env: dict) -> None:
    _check_facts(step.data, sim.block_idx, f"{step.location}: the block index")
    env[step.results[0]] = wrapped(sim.block_idx, step.widths[0] or 64)


def _run_block_num(sim: Simulator, step: _Step, env: dict) -> None:
    _check_facts(step.data, sim.block_num, f"{step.location}: the block count")
    env[step.results[0]] = wrapped(sim.block_num, step.widths[0] or 64)


def _gm_buffer(step: _Step, bound, request: ViewRequest) -> np.ndarray:
    """The flat buffer a pointer operand is bound to, made by its `GmSource` if lazy."""
    buffer = bound.buffer(request) if isinstance(bound, GmSource) else bound
    if not isinstance(buffer, np.ndarray):
        raise SimulationError(f"'{step.name}' pointer is not bound to a buffer", step.location)
    if buffer.dtype != request.dtype:
        raise SimulationError(f"'{step.name}' of {request.dtype} over a {buffer.dtype} buffer",
                              step.location)
    return buffer


def _run_make_tensor_view(sim: Simulator, step: _Step, env: dict) -> None:
    groups, layout, element = step.data
    ops = step.operands
    shape = tuple(env[ops[i]] for i in groups["shape"])
    strides = tuple(env[ops[i]] for i in groups["strides"])
    if layout == "nz" and len(shape) != 5:
        raise SimulationError(f"NZ view of logical rank {len(shape)}: the device reads NZ "
                              "views in the rank-5 blocked form only; block it first "
                              "(nzpass-opt -p pto-block-nz-views)", step.location)
    bound = env[ops[groups["ptr"][0]]]
    dtype = numpy_dtype(element) if element is not None else getattr(bound, "dtype", None)
    if dtype is None:
        raise SimulationError(f"'{step.name}' has no element type", step.location)
    buffer = _gm_buffer(step, bound, ViewRequest(shape, strides, layout, np.dtype(dtype)))
    env[step.results[0]] = GlobalTensor(buffer, 0, shape, strides, layout, element)


def _run_partition_view(sim: Simulator, step: _Step, env: dict) -> None:
    groups = step.data
    ops = step.operands
    source = env[ops[groups["source"][0]]]
    if not isinstance(source, GlobalTensor):
        raise SimulationError(f"'{step.name}' source is not a tensor view", step.location)
    env[step.results[0]] = Partition(source, tuple(env[ops[i]] for i in groups["offsets"]),
                                     tuple(env[ops[i]] for i in groups["sizes"]))


@dataclass
class UnmodelledTile:
    """What `pto.alloc_tile` gives, under `skip_compute`, for a tile whose layout the
    model has no storage for (Left/Right tiles of some platforms): only the on-chip ops
    that are skipped may use it."""

    buf: pto.TileBuf
    valid_rows: int | None
    valid_cols: int | None


def _run_alloc_tile(sim: Simulator, step: _Step, env: dict) -> None:
    groups, buf = step.data
    ops = step.operands
    vr = env[ops[groups["valid_row"][0]]] if groups["valid_row"] else None
    vc = env[ops[groups["valid_col"][0]]] if groups["valid_col"] else None
    addr = env[ops[groups["addr"][0]]] if groups["addr"] else None
    try:
        env[step.results[0]] = tile_for(buf, vr, vc, sim.memory, addr)
    except SimulationError:
        if not sim.skip_compute or buf.loc in ("mat", "acc", "vec"):
            raise
        env[step.results[0]] = UnmodelledTile(buf, vr, vc)


def _plan_set_validshape(c: _Compiler, op: ir.Operation, step: _Step) -> None:
    c.groups(pto.SetValidShape, op)  # (tile, valid_row, valid_col), as the op table defines
    buf = pto.tile_buf(op.operands[0].type)
    if buf is not None and not buf.valid_settable:
        raise SimulationError(f"'{op.name}' of a tile whose type states its valid extents: "
                              "PTOAS requires both dynamic (v_row=?, v_col=?)", step.location)


def _run_set_validshape(sim: Simulator, step: _Step, env: dict) -> None:
    rows, cols = (env[v] for v in step.operands[1:3])
    value = env[step.operands[0]]
    if isinstance(value, UnmodelledTile):
        value.valid_rows, value.valid_cols = rows, cols
        return
    tile = _tile(step, value)
    if not (0 <= rows <= tile.rows and 0 <= cols <= tile.cols):
        raise SimulationError(f"valid shape {rows}x{cols} outside the {tile.rows}x{tile.cols} "
                              "tile", step.location)
    tile.valid_rows, tile.valid_cols = rows, cols


def _run_load_scalar(sim: Simulator, step: _Step, env: dict) -> None:
    pointer, offset = (env[v] for v in step.operands)
    request = ViewRequest((offset + 1,), (1,), "nd", step.data)
    buffer = _gm_buffer(step, pointer, request)
    if not 0 <= offset < buffer.size:
        raise GmOutOfBounds(offset, buffer.size, pto.LOAD_SCALAR)
    value = buffer[offset].item()
    width = step.widths[0]
    env[step.results[0]] = wrapped(int(value), width) if width is not None else value


def _window(step: _Step, value) -> Partition:
    if isinstance(value, Partition):
        return value
    if isinstance(value, GlobalTensor):
        return Partition(value, (0,) * len(value.shape), value.shape)
    raise SimulationError(f"'{step.name}' GM operand is not a tensor or partition view",
                          step.location)


def _tile(step: _Step, value) -> Tile:
    if isinstance(value, UnmodelledTile):
        raise SimulationError(f"'{step.name}' of a {value.buf.spelling()}: the model has no "
                              "storage for that tile layout", step.location)
    if not isinstance(value, Tile):
        raise SimulationError(f"'{step.name}' tile operand is not a tile "
                              f"(got {type(value).__name__})", step.location)
    return value


def _record_only(sim: Simulator, step: _Step, tile: Tile, part: Partition) -> bool:
    if sim.moves_data:
        return False
    sim._events.append(TileSnapshot(step.name, step.location, step.names[0], tile,
                                    np.empty(0, tile.dtype), part))
    return True


def _run_tload(sim: Simulator, step: _Step, env: dict) -> None:
    groups = step.data
    part = _window(step, env[step.operands[groups["src"][0]]])
    tile = _tile(step, env[step.operands[groups["dst"][0]]])
    if _record_only(sim, step, tile, part):
        return
    view = part.view
    if view.layout == "nz":
        tload_nz2nz(view, part.offsets, part.sizes, tile, sim.mode)
    elif view.layout == "nd" and tile.is_nz:
        tload_nd2nz(view, part.offsets, part.sizes, tile, sim.mode)
    elif view.layout == "nd":
        tload_nd2nd(view, part.offsets, part.sizes, tile, sim.mode)
    else:
        raise SimulationError(f"'{step.name}' from a {view.layout} view is not modelled",
                              step.location)
    sim._snapshot(step, tile, part)


def _run_tstore(sim: Simulator, step: _Step, env: dict) -> None:
    groups, atomic_add, relu = step.data
    tile = _tile(step, env[step.operands[groups["src"][0]]])
    part = _window(step, env[step.operands[groups["dst"][0]]])
    if _record_only(sim, step, tile, part):
        return
    sim._snapshot(step, tile, part)
    if relu:
        tile = Tile(tile.loc, tile.dtype, tile.rows, tile.cols, tile.valid_rows,
                    tile.valid_cols, tile.blayout, tile.slayout, tile.fractal,
                    np.maximum(tile.storage, 0).astype(tile.dtype), tile.compact)
    view = part.view
    if view.layout == "nz" and tile.loc == "acc":
        tstore_acc_nz2nz(tile, view, part.offsets, part.sizes, sim.mode, atomic_add)
    elif view.layout == "nd" and tile.loc in ("acc", "vec"):
        tstore_nd(tile, view, part.offsets, part.sizes, atomic_add, sim.mode)
    else:
        raise SimulationError(f"'{step.name}' of a {tile.loc} tile into a {view.layout} "
                              "view is not modelled", step.location)


def _run_skip(sim: Simulator, step: _Step, env: dict) -> None:
    sim.skipped[step.name] = sim.skipped.get(step.name, 0) + 1


def _run_hook(sim: Simulator, step: _Step, env: dict) -> None:
    hook = sim.hooks.get(step.name)
    if hook is None:
        raise SimulationError(f"no simulation for op '{step.name}': it is not on the "
                              "memory path; pass hooks={'" + step.name + "': fn} to "
                              "Simulator to give it semantics (or skip_compute=True to "
                              "skip on-chip tile ops)", step.location)
    out = hook(sim, step.op, [env[v] for v in step.operands])
    n = len(step.results)
    if out is None:
        values = []
    elif n == 1 and not isinstance(out, (tuple, list)):
        values = [out]
    else:
        values = list(out)
    if len(values) != n:
        raise SimulationError(f"hook for '{step.name}' returned {len(values)} values for "
                              f"{n} results", step.location)
    for slot, name, value in zip(step.results, step.names, values, strict=False):
        env[slot] = value
        if isinstance(value, Tile):
            sim._snapshot(step, value, None, name)


_HOOK = _OpRule(_run_hook, _plan_hook)
_SKIP = _OpRule(_run_skip)
_TERMINATOR = _OpRule(_run_terminator, terminator=True)

# The one table of what the simulator runs: op name -> rule. The planner (`_Compiler`)
# and the executor (`Simulator._run_block`) both read it, through `_Step.rule`.
_RULES: dict[str, _OpRule] = {
    op_names.ARITH_CONSTANT: _OpRule(_run_constant, _plan_constant),
    **dict.fromkeys(_INTEGER_BINARY, _OpRule(_run_binary)),
    op_names.ARITH_CMPI: _OpRule(_run_cmpi, _plan_cmpi),
    op_names.ARITH_SELECT: _OpRule(_run_select),
    **dict.fromkeys(_SIGNED_CASTS, _OpRule(_run_signed_cast, _plan_operand_width)),
    **dict.fromkeys(_UNSIGNED_CASTS, _OpRule(_run_unsigned_cast, _plan_operand_width)),
    op_names.SCF_FOR: _OpRule(_run_for, _plan_for),
    op_names.SCF_IF: _OpRule(_run_if, _plan_if),
    op_names.SCF_YIELD: _TERMINATOR,
    op_names.FUNC_RETURN: _TERMINATOR,
    **dict.fromkeys((pl.GET_BLOCK_IDX, pto.GET_BLOCK_IDX),
                    _OpRule(_run_block_idx, _plan_launch_op)),
    **dict.fromkeys((pl.GET_BLOCK_NUM, pto.GET_BLOCK_NUM),
                    _OpRule(_run_block_num, _plan_launch_op)),
    pto.MakeTensorView.NAME: _OpRule(_run_make_tensor_view, _plan_make_tensor_view),
    pto.PartitionView.NAME: _OpRule(_run_partition_view, _plan_partition_view),
    pto.AllocTile.NAME: _OpRule(_run_alloc_tile, _plan_alloc_tile),
    pto.SET_VALIDSHAPE: _OpRule(_run_set_validshape, _plan_set_validshape),
    pto.LOAD_SCALAR: _OpRule(_run_load_scalar, _plan_load_scalar),
    pto.TLoad.NAME: _OpRule(_run_tload, _plan_tload),
    pto.TStore.NAME: _OpRule(_run_tstore, _plan_tstore),
}


# --------------------------------------------------------------------------- simulator


class Simulator:
    """Interpreter of one module in `pto` form (docs/ir.md section 2), byte by byte.

        sim = Simulator(module, mode="a2a3", block_idx=0, block_num=2)
        result = sim.run("kernel", x_gm, w_gm, out_gm)
        result.loads[0].logical      # logical [rows, cols] contents after the 1st tload
        result.tiles["%7"]           # every snapshot of the tile value %7, in order
        result.gm[2]                 # the buffer bound to argument 2 (written in place)

    Constructor arguments, kept as attributes of the same names:
    - `module`: an `ir.Module` or its operation (the attribute holds the operation).
    - `mode`: "a2a3" models the A2/A3 device defects (pto-isa#317 gap truncation, packed
      Acc->NZ column-block pitch); "ideal" goes through the view strides like pto-isa's CPU
      simulator.
    - `block_idx`, `block_num`: the values `get_block_idx` / `get_block_num` return.
    - `hooks`: `{op_name: hook}` added to (or replacing entries of) `BUILTIN_HOOKS`; the
      attribute holds the merged table.
    - `skip_compute`: skip on-chip pto ops (a pto op with no result whose operands are all
      tiles or integers: `pto.textract`, `pto.tmov`, `pto.tmatmul`, `pto.tmatmul.acc`,
      `pto.tadd`...) instead of refusing them; `skipped` counts the executions skipped per
      op name. GM and every integer stay exact; the contents of tiles such ops would write
      are not modelled, so only the loads of such a run say something (what
      `nzpass.model.kernel` compares).
    - `moves_data` (an attribute, True unless set): False makes `pto.tload` / `pto.tstore`
      record their event (tile and partition, an empty `logical`) without moving data, for
      a quick walk of the coordinates a launch touches.
    - `memory` (an attribute, new at each run): the run's `LocalMemory`, the bytes of the
      on-chip memories the tiles placed at an address are views of.

    `run(func_name, *args)` binds one value per function argument, in order:
    - `!pto.ptr<T>`: a C-contiguous numpy array of T (any rank: it is used flat, so
      `pack_nz` output can be passed as is); stores write into it in place. bf16 and f8
      buffers hold raw bits: pass them as uint16 / uint8. Or a `GmSource`, asked for the
      buffer when a view or a `pto.load_scalar` first needs it (with a `ViewRequest`).
    - `index` and `iN`: a Python int, wrapped to the declared width.
    - anything else: passed through untouched (for hooks).
    Facts the kernel states are its contract with the launch: an integer argument with
    `{nz.range = array<i64: LO, HI>}` / `{nz.multiple_of = N : i64}`, and the block index or
    count of a `get_block_idx` / `get_block_num` op with the same attributes, must keep them,
    or the run raises `FactViolation` (the passes proved the kernel under those facts only).

    Executed ops, one rule each in the simulator's op table: `arith.constant`; the integer
    arith ops (`addi subi muli divsi divui floordivsi ceildivsi ceildivui remsi remui minsi
    maxsi minui maxui shli shrsi shrui andi ori xori`), `cmpi` (every predicate) and
    `select`, and the casts (`index_cast index_castui extsi extui trunci`), with exact two's
    complement semantics at the result width (`index` is 32-bit, as PTOAS emits it; an i1
    true is -1; a constant wraps at its width; a division by zero, an out-of-range shift or
    a ceildivui whose a + b - 1 passes the width, where PTOAS's (a + b - 1) / b is not
    MLIR's ceiling, is refused); `scf.for` (iter_args, results), `scf.if` (results) and
    `scf.yield`; `func.return`; `pto.make_tensor_view` (a `GlobalTensor` over the bound
    buffer), `pto.partition_view` (a `Partition` window), `pto.alloc_tile` (a zero-filled
    `Tile` per execution, or with an `addr` a view of those bytes of the run's
    `LocalMemory`; dynamic valid extents from its operands), `pto.set_validshape`
    (the tile's valid region), `pto.load_scalar` (one GM element), `pto.tload` (NZ view ->
    `tload_nz2nz`; ND view into an NZ Mat tile -> `tload_nd2nz`; ND into an ND tile ->
    `tload_nd2nd`), `pto.tstore` (Acc tile into an NZ view -> `tstore_acc_nz2nz`; Acc/Vec
    tile into an ND view -> `tstore_nd`; `atomicType atomic_add` adds, `reluPreMode
    normal_relu` clamps at zero), and `pl.tile.get_block_idx` / `get_block_num`
    (`pto.get_block_idx` / `get_block_num` too).

    Built-in compute ops (`BUILTIN_HOOKS`, the `pl` ops that stay in pl form after
    pl-to-pto, in the operand order of `pto.tmatmul` / `pto.tmatmul.acc`):
    `pl.tile.zeros() -> C` (a zero tile), `pl.tile.matmul(A, B) -> C` with `C = A @ B.T`,
    `pl.tile.matmul_acc(acc, A, B) -> C` with `C = acc + A @ B.T` (`A` an activation tile
    `[M, K]`, `B` a weight tile `[N, K]` as the NZ load of `w[N, K]` leaves it).

    Any other op goes to `hooks[op_name](sim, op, operand_values)`, which returns None (no
    result), one value (one result) or a tuple/list of values; without a hook it raises
    `SimulationError` naming the op and its location. GM accesses outside a buffer raise
    `GmOutOfBounds` and transfers the instruction cannot encode raise
    `HardwareLimitError`, unwrapped (a note names the op).
    """

    def __init__(self, module_op, mode: str = "a2a3", block_idx: int = 0, block_num: int = 1,
                 hooks: Mapping[str, Hook] | None = None, skip_compute: bool = False):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        if not 0 <= block_idx < block_num:
            raise ValueError(f"block_idx {block_idx} outside [0, block_num={block_num})")
        self.module = module_op.operation
        self.mode = mode
        self.block_idx = block_idx
        self.block_num = block_num
        self.hooks = {**BUILTIN_HOOKS, **(hooks or {})}
        self.skip_compute = skip_compute
        self.moves_data = True
        self.skipped: dict[str, int] = {}  # op name -> executions skipped (skip_compute)
        self._properties = pto.ATTRIBUTE_READER
        self._compiled: dict[str, tuple[_Block, list[ir.Type]]] = {}
        self._facts: dict[str, list[tuple[int | None, int | None, int | None]]] = {}
        self._env: dict[int, Any] = {}
        self._events: list[TileSnapshot] = []
        self.memory = LocalMemory()

    # ---------------------------------------------------------------- public

    def run(self, func_name: str, *args) -> RunResult:
        """Run `func_name` with `args` bound to its arguments in order."""
        with self.module.context:  # see `_function`
            return self._run(func_name, args)

    def _run(self, func_name: str, args: tuple) -> RunResult:
        body, arg_types = self._function(func_name)
        if len(args) != len(arg_types):
            raise SimulationError(f"@{func_name} takes {len(arg_types)} arguments "
                                  f"({', '.join(str(t) for t in arg_types)}), got {len(args)}")
        self._env = {}
        self._events = []
        self.memory = LocalMemory()
        gm = {}
        facts = self._facts[func_name]
        for number, (slot, t, value) in enumerate(zip(body.args, arg_types, args, strict=False)):
            self._env[slot] = self._bind(func_name, number, t, value)
            if integer_width(t) is not None:
                _check_facts(facts[number], self._env[slot], f"@{func_name} argument {number}")
            if pto.ptr_element(t) is not None:
                gm[number] = value
        returns = self._run_block(body)
        return RunResult(gm, tuple(returns), self._events)

    def argument_types(self, func_name: str) -> list[ir.Type]:
        """The types of `func_name`'s arguments, in order."""
        return list(self._function(func_name)[1])

    # ---------------------------------------------------------------- binding

    def _function(self, func_name: str):
        """The compiled body and argument types of `func_name`, compiled at its first use.
        Inside the module's context: the planning reads types the way the passes do
        (`view_layout` parses an element type), which needs the context a pass runs in
        and a caller of the model may have left (found by red team: every view stating no
        layout crashed nzpass-sim)."""
        with self.module.context:
            return self._compiled_function(func_name)

    def _compiled_function(self, func_name: str):
        if func_name not in self._compiled:
            func = _find_function(self.module, func_name)
            compiler = _Compiler(self, func)
            entry = func.regions[0].blocks[0]
            self._compiled[func_name] = (compiler.block(entry), [a.type for a in entry.arguments])
            try:
                self._facts[func_name] = [declared_facts(func, i)
                                          for i in range(len(entry.arguments))]
            except Refusal as err:
                raise SimulationError(err.message, str(func.location)) from None
        return self._compiled[func_name]

    def _bind(self, func_name: str, number: int, t: ir.Type, value):
        where = f"@{func_name} argument {number} ({t})"
        element = pto.ptr_element(t)
        if element is not None:
            if isinstance(value, GmSource):
                return value
            if not isinstance(value, np.ndarray):
                raise SimulationError(f"{where} needs a numpy array or a GmSource, got "
                                      f"{type(value).__name__}")
            expected = numpy_dtype(element)
            if value.dtype != expected:
                raise SimulationError(f"{where} needs a {expected} buffer, got {value.dtype}")
            if not value.flags.c_contiguous or not value.flags.writeable:
                raise SimulationError(f"{where} needs a writeable C-contiguous buffer")
            return value.reshape(-1)  # a view: stores reach the caller's array
        width = integer_width(t)
        if width is not None:
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                raise SimulationError(f"{where} needs an int, got {type(value).__name__}")
            return wrapped(int(value), width)
        return value

    # ---------------------------------------------------------------- execution

    def _run_block(self, block: _Block) -> list:
        env = self._env
        for step in block.steps:
            if step.rule.terminator:
                return [env[v] for v in step.operands]
            try:
                step.rule.run(self, step, env)
            except (GmOutOfBounds, HardwareLimitError) as err:
                if not getattr(err, "__notes__", None):  # the innermost op only
                    # What BaseException.add_note (Python >= 3.11) does, on 3.10 too.
                    setattr(err, "__notes__",  # noqa: B010 (the stubs know no __notes__)
                            [f"while simulating '{step.name}' at {step.location}"])
                raise
            except SimulationError:
                raise
            except (ValueError, ZeroDivisionError, KeyError, TypeError) as err:
                raise SimulationError(f"'{step.name}': {err}", step.location) from err
            except Refusal as err:
                raise SimulationError(f"'{step.name}': {err.message}", step.location) from None
        return []

    def _snapshot(self, step: _Step, tile: Tile, partition: Partition | None = None,
                  name: str | None = None) -> None:
        self._events.append(TileSnapshot(step.name, step.location, name or step.names[0],
                                         tile, tile.to_logical().copy(), partition))


def _find_function(module: ir.Operation, func_name: str) -> ir.Operation:
    names = []
    for block in module.regions[0].blocks:
        for op in block.operations:
            op = op.operation
            if op.name != op_names.FUNC_FUNC:
                continue
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if name == func_name:
                if not op.regions[0].blocks:
                    raise SimulationError(f"@{func_name} is a declaration; nothing to run")
                return op
            names.append(name)
    raise SimulationError(f"no function @{func_name} in the module (have: "
                          f"{', '.join('@' + n for n in names) or 'none'})")


# --------------------------------------------------------------------------- compute ops
# The `pl` compute ops that stay in pl form after pl-to-pto, in the operand order of
# pto.tmatmul / pto.tmatmul.acc: `pl.tile.matmul(A, B)` and `pl.tile.matmul_acc(acc, A, B)`.


def _result_tile(op: ir.Operation) -> Tile:
    """A fresh tile of the op's one `!pto.tile_buf` result, holding what nothing wrote."""
    buf = pto.tile_buf(op.results[0].type) if len(op.results) == 1 else None
    if buf is None:
        raise SimulationError(f"'{op.name}' must return one !pto.tile_buf (lower the module "
                              "with pl-to-pto first)", str(op.location))
    return tile_for(buf)


def zeros_hook(sim: Simulator, op: ir.Operation, operands: list) -> Tile:
    """`pl.tile.zeros() -> tile`: a fresh tile of the result type, every element zero."""
    if operands:
        raise SimulationError(f"'{op.name}' takes no operands, got {len(operands)}",
                              str(op.location))
    tile = _result_tile(op)
    tile.storage[:] = 0
    return tile


def _expect_tiles(op: ir.Operation, operands: list, roles: tuple[str, ...]) -> None:
    if len(operands) == len(roles) and all(isinstance(t, Tile) for t in operands):
        return
    usage = f"'{op.name}'({', '.join(roles)})"
    hint = ("; to accumulate, write 'pl.tile.matmul_acc'(acc, A, B)"
            if op.name == pl.TILE_MATMUL and len(operands) == 3 else "")
    raise SimulationError(f"'{op.name}' takes {len(roles)} tiles, {usage}; got "
                          f"{len(operands)} operands{hint}", str(op.location))


def _product(op: ir.Operation, a: Tile, b: Tile, acc: Tile | None) -> Tile:
    """What mad leaves in the result tile: `acc + A @ B.T` over whole 16 x 16 boxes, the
    rest as it was. mad computes m = A's valid rows, n = B's valid rows, k = A's valid
    columns, but writes L0C in boxes, so the rows and columns up to the next multiple of 16
    come from the operands' rows past their valid ones (whatever their storage holds).
    Outside the boxes nothing is written: the accumulator's contents for matmul_acc (in
    place, as pto.tmatmul.acc), what nothing wrote for matmul (found by red team: the model
    zeroed both, so a result typed more valid than mad wrote stored plausible zeros)."""
    out = _result_tile(op)
    if acc is not None:
        _keep_accumulator(op, acc, out)
    k = a.valid_cols
    rows, cols = _mad_boxes(a.valid_rows, a.rows), _mad_boxes(b.valid_rows, b.rows)
    if k != b.valid_cols:
        raise SimulationError(f"'{op.name}': A is {a.valid_rows}x{k} and B is "
                              f"{b.valid_rows}x{b.valid_cols}; C = A @ B.T needs equal K",
                              str(op.location))
    if rows > out.rows or cols > out.cols:
        raise SimulationError(f"'{op.name}': the {rows}x{cols} product (whole 16 x 16 boxes) "
                              f"does not fit the {out.rows}x{out.cols} result tile",
                              str(op.location))
    integral = all(np.issubdtype(t.dtype, np.integer) for t in (a, b))
    wide = np.int64 if integral else np.float64
    where = _mad_offsets(out, rows, cols)
    with np.errstate(invalid="ignore", over="ignore"):  # a product over unwritten bytes
        product = a.to_logical()[:rows, :k].astype(wide) @ b.to_logical()[:cols, :k].astype(wide).T
        if acc is not None:
            product += out.storage[where].astype(wide)
        out.storage[where] = product.astype(out.dtype)
    return out


def _mad_offsets(out: Tile, rows: int, cols: int) -> np.ndarray:
    """Where mad puts element (r, c) of its `rows` x `cols` boxes: mad has no destination
    stride, so in L0C its column blocks are `rows` (ceil16(m)) rows apart, whatever the
    tile's physical rows (docs/hardware-model.md (d)); the tile's own layout elsewhere.
    The model wrote them at the tile's rows, so a store reading at its rows read right
    here and wrong on the device (found by red team: hazards.check_acc_pitch was proved by
    no run)."""
    r, c = np.ogrid[:rows, :cols]
    if out.loc != "acc":
        return out.offsets(r, c)
    return (c // ACC_BOX) * rows * ACC_BOX + r * ACC_BOX + c % ACC_BOX


def _mad_boxes(valid: int, extent: int) -> int:
    """The rows (or columns) mad writes for `valid` ones: up to the next whole box."""
    return min(-(-valid // ACC_BOX) * ACC_BOX, extent)


def _keep_accumulator(op: ir.Operation, acc: Tile, out: Tile) -> None:
    """The accumulator's bytes in the result: mad accumulates in place."""
    if (acc.rows, acc.cols, acc.dtype) != (out.rows, out.cols, out.dtype):
        raise SimulationError(f"'{op.name}' accumulates in place: its {acc.rows}x{acc.cols} "
                              f"{acc.dtype} accumulator is not its {out.rows}x{out.cols} "
                              f"{out.dtype} result tile", str(op.location))
    out.storage[:] = acc.storage  # the same bytes: mad adds at its own pitch


def matmul_hook(sim: Simulator, op: ir.Operation, operands: list) -> Tile:
    """`pl.tile.matmul(A, B) -> C` with C = A @ B.T over the valid regions of the logical
    tile contents, written in whole 16 x 16 boxes (`_product`; the rest of C holds what
    nothing wrote).

    `A` holds an activation window `[TM, TK]` and `B` a weight window `[TN, TK]` (the weight
    `w[N, K]`, as the NZ->NZ load leaves it: docs/nz-semantics.md section 1, where `x @ w.T` is the
    result). The result is a fresh tile of the op's result type (Acc); the product is
    computed in float64 (int64 for integer inputs) and converted once to the result dtype.
    """
    _expect_tiles(op, operands, ("A", "B"))
    return _product(op, operands[0], operands[1], None)


def matmul_acc_hook(sim: Simulator, op: ir.Operation, operands: list) -> Tile:
    """`pl.tile.matmul_acc(acc, A, B) -> C` with C = acc + A @ B.T (see `matmul_hook`);
    `acc` is read, never written: C is a fresh tile of the result type holding acc's
    contents where mad does not write (it accumulates in place on the device)."""
    _expect_tiles(op, operands, ("acc", "A", "B"))
    return _product(op, operands[1], operands[2], operands[0])


MATMUL_HOOKS: dict[str, Hook] = {pl.TILE_MATMUL: matmul_hook, pl.TILE_MATMUL_ACC: matmul_acc_hook}
# What every Simulator executes beyond the memory path; `hooks=` adds to it or overrides it.
BUILTIN_HOOKS: dict[str, Hook] = {pl.TILE_ZEROS: zeros_hook, **MATMUL_HOOKS}
