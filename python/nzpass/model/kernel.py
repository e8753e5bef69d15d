"""Whole launches of a `.pto` kernel as PyPTO writes it, and the ND-vs-NZ load check.

`Kernel` wraps one function of a module (read with `nzpass.read_pto` or
`nzpass.parse_module`): it names the arguments as the source spells them, binds the
values a caller gives by name, makes seeded GM contents for every pointer the caller does
not give (sized by the views the kernel makes of it, so dynamic shapes work), and runs the
memory path of every block of a launch on `Simulator` with on-chip compute skipped.

`check_nz_against_nd(candidate, reference, ...)` runs an NZ-blocked kernel and its ND
original over the same launch: the ND original reads the plain weight, the blocked kernel
the same weight packed by `pack_nz`, every other buffer is shared, and every load of the
blocked kernel must put in its tile what the original's load does (valid region and valid
extents), over every block and loop iteration.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..dialects import pto
from ..errors import Refusal
from ..ir import op_names
from ..ir.arith import integer_width
from ..ir.bindings import ir
from ..nz.offsets import declared_facts
from .packer import FRACTAL_ROWS, pack_nz
from .simulator import (
    FactViolation,
    GmSource,
    RunResult,
    SimulationError,
    Simulator,
    TileSnapshot,
    ViewRequest,
    _find_function,
)

__all__ = ["BLOCK_IDX_ARGUMENTS", "BLOCK_NUM_ARGUMENTS", "GmData", "Kernel", "KernelArgument",
           "LaunchError", "LoadMismatch", "NzCheck", "check_nz_against_nd"]

# How PyPTO passes the block index and count of an SPMD launch to a kernel.
BLOCK_IDX_ARGUMENTS = ("__pypto_spmd_block_idx",)
BLOCK_NUM_ARGUMENTS = ("__pypto_spmd_block_num",)

Facts = tuple[int | None, int | None, int | None]  # (multiple_of, lo, hi exclusive)
Value = int | np.ndarray


class LaunchError(SimulationError):
    """The launch asked for cannot be made: an unknown argument name, a value of the wrong
    kind, an integer argument with no value, mismatched kernels."""


@dataclass(frozen=True)
class KernelArgument:
    """One function argument: its number, its name as the source spells it (without `%`;
    `argN` when the source is not known), its type and its declared facts."""

    number: int
    name: str
    type: ir.Type
    facts: Facts

    @property
    def is_pointer(self) -> bool:
        return pto.ptr_element(self.type) is not None

    @property
    def is_integer(self) -> bool:
        return integer_width(self.type) is not None


_LOC = re.compile(r'^loc\("(?P<file>(?:[^"\\]|\\.)*)":(?P<line>\d+):(?P<col>\d+)')
_SSA_NAME = re.compile(r"%([A-Za-z0-9_$.-]+)")


def _source_name(arg: ir.BlockArgument, source: str | None, filename: str | None
                 ) -> str | None:
    """The name `%x` the source gives the argument, read at its location (the bindings
    keep no SSA names; a function argument's location is where its name is written)."""
    match = _LOC.match(str(arg.location))
    if match is None or source is None or match["file"] != filename:
        return None
    lines = source.splitlines()
    line, col = int(match["line"]), int(match["col"])
    if not 0 < line <= len(lines):
        return None
    name = _SSA_NAME.match(lines[line - 1], col - 1)
    return name[1] if name else None


@dataclass
class LoadMismatch:
    """A load of the candidate that does not read what the reference's load reads."""

    block: int
    index: int  # the load's number in its block's run, from 0
    location: str  # the candidate's load
    reference_location: str
    message: str


@dataclass
class NzCheck:
    """What `check_nz_against_nd` found: `loads` compared (`nz_loads` of them through an
    NZ view of the candidate), over `blocks` blocks, and every mismatch (the check stops
    at the end of the block where there are enough)."""

    function: str
    blocks: int
    loads: int = 0
    nz_loads: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    mismatches: list[LoadMismatch] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        return not self.mismatches and self.loads > 0


# --------------------------------------------------------------------------- GM contents


def _random(size: int, dtype: np.dtype, rng: np.random.Generator) -> np.ndarray:
    """Values exact in `dtype` and varied enough that a misplaced element shows (raw bits
    for the integer stand-ins of bf16 and f8)."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size, dtype=dtype, endpoint=True)
    return rng.integers(-1024, 1024, size).astype(dtype)


class GmData:
    """The GM contents of one launch, per pointer argument: seeded random values (or the
    caller's array), made on the first view of the pointer with the extent it needs. A
    rank-5 NZ view gets `pack_nz` of the same logical contents the plain buffer holds (its
    first B*R*C elements as a row-major [B, R, C] tensor), so an NZ kernel reads the weight
    its ND original reads."""

    def __init__(self, seed: int = 0, given: Mapping[int, np.ndarray] | None = None):
        self.seed = seed
        self._plain: dict[int, np.ndarray] = {n: a.reshape(-1) for n, a in (given or {}).items()}
        self._packed: dict[int, np.ndarray] = {}

    def source(self, number: int) -> GmSource:
        return _ArgumentSource(self, number)

    def plain(self, number: int, request: ViewRequest) -> np.ndarray:
        buffer = self._plain.get(number)
        if buffer is None:
            rng = np.random.default_rng([self.seed, number])
            buffer = self._plain[number] = _random(request.extent, request.dtype, rng)
        if buffer.size < request.extent:
            raise LaunchError(f"argument {number} is viewed with {request.extent} elements "
                              f"but holds {buffer.size} (a smaller view made it first, or the "
                              "given array is too small): give its contents in full")
        return buffer

    def packed(self, number: int, request: ViewRequest) -> np.ndarray:
        batch, col_blocks, row_fractals, _, c0 = request.shape
        logical = (batch, row_fractals * FRACTAL_ROWS, col_blocks * c0)
        size = int(np.prod(logical))
        key = self._packed.get(number)
        if key is None or key.size < size:
            flat = self.plain(number, ViewRequest((size,), (1,), "nd", request.dtype))
            key = self._packed[number] = pack_nz(flat[:size].reshape(logical)).reshape(-1)
        return key


class _ArgumentSource(GmSource):
    def __init__(self, data: GmData, number: int):
        self.data = data
        self.number = number

    def buffer(self, request: ViewRequest) -> np.ndarray:
        if request.layout == "nz":
            return self.data.packed(self.number, request)
        return self.data.plain(self.number, request)


# --------------------------------------------------------------------------- kernels


def _functions_with_bodies(module: ir.Operation) -> list[str]:
    names = []
    for block in module.regions[0].blocks:
        for op in block.operations:
            op = op.operation
            if op.name == op_names.FUNC_FUNC and op.regions[0].blocks:
                names.append(ir.StringAttr(op.attributes["sym_name"]).value)
    return names


class Kernel:
    """One function of a pto module, launched as a host launches it.

        kernel = Kernel(nzpass.parse_module(text, "q.pto"), source=text, filename="q.pto")
        for block, result in kernel.launch({"arg3": 0}, blocks=32):
            result.loads            # every tile loaded by that block

    `function`: the function's name (None: the module's only function with a body).
    `source` and `filename`: the text the module was read from and the file name its
    locations carry (`nzpass.parse_module(source, filename)`), for the argument names
    (without them, or for arguments located elsewhere, they are `argN`). `mode`: the
    hardware mode of every run ("a2a3" or "ideal").

    A launch binds, per argument: the value given by name (`name`, `%name` or the
    argument's number); the block index / count to the argument PyPTO names
    `__pypto_spmd_block_idx` / `__pypto_spmd_block_num` (`block_args` to name others),
    and to `get_block_idx` / `get_block_num`; a `GmData` source to each pointer not given
    (an array given for a pointer is its contents). The block count is `blocks`, else the
    high end of the block index argument's `nz.range` fact, else 1. Stated facts are
    checked on every block (`FactViolation`).
    """

    def __init__(self, module: ir.Module | ir.Operation, function: str | None = None,
                 source: str | None = None, filename: str | None = None, mode: str = "a2a3",
                 block_args: tuple[Sequence[str], Sequence[str]] | None = None):
        self.module = module.operation
        names = _functions_with_bodies(self.module)
        if function is None:
            if len(names) != 1:
                raise LaunchError("the module has " + (
                    f"{len(names)} functions ({', '.join('@' + n for n in names)}): name one"
                    if names else "no function with a body"))
            function = names[0]
        self.function = function
        func_op = _find_function(self.module, function)
        self.location = str(func_op.location)
        self.mode = mode
        idx_names, num_names = block_args or (BLOCK_IDX_ARGUMENTS, BLOCK_NUM_ARGUMENTS)
        try:
            self.arguments = [
                KernelArgument(i, _source_name(a, source, filename) or f"arg{i}", a.type,
                               declared_facts(func_op, i))
                for i, a in enumerate(func_op.regions[0].blocks[0].arguments)]
        except Refusal as err:
            raise LaunchError(err.message, self.location) from None
        self.block_idx_arg = self._launch_argument(idx_names)
        self.block_num_arg = self._launch_argument(num_names)
        self.simulator = Simulator(self.module, mode=mode, skip_compute=True)

    def _launch_argument(self, names: Sequence[str]) -> KernelArgument | None:
        for arg in self.arguments:
            if arg.name in names and arg.is_integer:
                return arg
        return None

    def argument(self, name: str) -> KernelArgument:
        """The argument called `name` (`x`, `%x`, or its number)."""
        bare = name.removeprefix("%")
        for arg in self.arguments:
            if arg.name == bare:
                return arg
        if bare.isdigit() and int(bare) < len(self.arguments):
            return self.arguments[int(bare)]
        known = ", ".join(f"%{a.name}" for a in self.arguments)
        raise LaunchError(f"@{self.function} has no argument '{name}' (it has {known})",
                          self.location)

    def block_count(self, blocks: int | None = None) -> int:
        if blocks is not None:
            if blocks < 1:
                raise LaunchError(f"a launch needs at least one block, got {blocks}")
            return blocks
        if self.block_idx_arg is not None:
            _, lo, hi = self.block_idx_arg.facts
            if lo == 0 and hi is not None:
                return hi
        return 1

    def values(self, given: Mapping[str, Value]) -> dict[int, Value]:
        """The given values by argument number, each checked for its argument's kind."""
        bound: dict[int, Value] = {}
        for name, value in given.items():
            arg = self.argument(name)
            if arg in (self.block_idx_arg, self.block_num_arg):
                raise LaunchError(f"%{arg.name} is the block index or count: set the launch "
                                  "with the block count instead", self.location)
            if arg.is_pointer != isinstance(value, np.ndarray):
                kind = "an array" if arg.is_pointer else "an integer"
                raise LaunchError(f"%{arg.name} ({arg.type}) takes {kind}, got "
                                  f"{type(value).__name__}", self.location)
            bound[arg.number] = value
        return bound

    def require(self, values: Mapping[int, Value], arg: KernelArgument) -> None:
        """Refuse a launch that gives no value to an integer argument."""
        if arg.number not in values and arg not in (self.block_idx_arg, self.block_num_arg):
            raise LaunchError(f"@{self.function} argument %{arg.name} ({arg.type}) "
                              f"needs a value: --arg {arg.name}=VALUE", self.location)

    def launch(self, given: Mapping[str, Value] | None = None, blocks: int | None = None,
               data: GmData | None = None) -> Iterator[tuple[int, RunResult]]:
        """Run every block of the launch, yielding (block index, its `RunResult`)."""
        count = self.block_count(blocks)
        for block in range(count):
            yield block, self.run_block(block, count, given or {}, data)

    def launch_arguments(self, block: int, count: int,
                         pointer: Callable[[KernelArgument], object],
                         scalar: Callable[[KernelArgument], object]) -> list[object]:
        """The arguments of block `block` of a launch of `count` blocks, in the
        function's order: the block index and count where the kernel takes them
        as arguments, `pointer(arg)` for a GM pointer, `scalar(arg)` for any
        other; the simulator's own block index and count set to the same."""
        args: list[object] = []
        for arg in self.arguments:
            if arg is self.block_idx_arg:
                args.append(block)
            elif arg is self.block_num_arg:
                args.append(count)
            elif arg.is_pointer:
                args.append(pointer(arg))
            else:
                args.append(scalar(arg))
        self.simulator.block_idx, self.simulator.block_num = block, count
        return args

    def run_block(self, block: int, count: int, given: Mapping[str, Value],
                  data: GmData | None = None) -> RunResult:
        values = self.values(given)
        gm = data if data is not None else GmData(given={
            n: v for n, v in values.items() if isinstance(v, np.ndarray)})

        def scalar(arg: KernelArgument) -> object:
            self.require(values, arg)
            return values[arg.number]

        args = self.launch_arguments(block, count, lambda arg: gm.source(arg.number), scalar)
        try:
            return self.simulator.run(self.function, *args)
        except FactViolation as err:
            if err.location is not None:
                raise
            raise FactViolation(f"block {block} of {count}: {err}", self.location) from None


# --------------------------------------------------------------------------- the check


def _valid(snapshot: TileSnapshot) -> np.ndarray:
    tile = snapshot.tile
    return snapshot.logical[: tile.valid_rows, : tile.valid_cols]


def _is_nz(snapshot: TileSnapshot) -> bool:
    return snapshot.partition is not None and snapshot.partition.view.layout == "nz"


def _difference(got: TileSnapshot, want: TileSnapshot) -> str | None:
    """Why the candidate's tile is not the reference's (None: it is)."""
    g, w = got.tile, want.tile
    if (g.rows, g.cols, g.valid_rows, g.valid_cols) != (w.rows, w.cols, w.valid_rows,
                                                        w.valid_cols):
        return (f"tile {g.rows}x{g.cols} valid {g.valid_rows}x{g.valid_cols}, the ND "
                f"original's is {w.rows}x{w.cols} valid {w.valid_rows}x{w.valid_cols}")
    a, b = _valid(got), _valid(want)
    if np.array_equal(a, b):
        return None
    wrong = np.argwhere(a != b)
    r, c = (int(x) for x in wrong[0])
    return (f"{len(wrong)} of {a.size} valid elements differ, first at tile [{r}, {c}]: "
            f"{a[r, c]} where the ND original loads {b[r, c]}")


def _check_signatures(candidate: Kernel, reference: Kernel) -> None:
    ours = [str(a.type) for a in candidate.arguments]
    theirs = [str(a.type) for a in reference.arguments]
    if ours != theirs:
        raise LaunchError(f"@{candidate.function} takes ({', '.join(ours)}) but the ND "
                          f"original @{reference.function} takes ({', '.join(theirs)}): the "
                          "check needs the same arguments", candidate.location)


def check_nz_against_nd(candidate: Kernel, reference: Kernel,
                        given: Mapping[str, Value] | None = None, blocks: int | None = None,
                        seed: int = 0, max_mismatches: int = 10) -> NzCheck:
    """Run `candidate` (the NZ-blocked kernel) and `reference` (its ND original) over the
    same launch and compare their loads, in execution order, block by block.

    Argument names and the launch arguments are the reference's (it is the kernel as PyPTO
    wrote it); the block count is `blocks`, else the larger of the two kernels' (the
    blocked kernel's facts are checked on every run). Pointer contents are one `GmData`
    for both; give the reference mode "ideal" (the semantics of its loads) and the
    candidate "a2a3" (the device, pto-isa#317 included). Stops after `max_mismatches`."""
    _check_signatures(candidate, reference)
    # The blocked kernel was printed with argN names: it launches as the original does.
    for role in ("block_idx_arg", "block_num_arg"):
        arg = getattr(reference, role)
        setattr(candidate, role, None if arg is None else candidate.arguments[arg.number])
    values = reference.values(given or {})
    for arg in reference.arguments:
        if not arg.is_pointer:
            reference.require(values, arg)
    by_number = {str(n): v for n, v in values.items()}
    data = GmData(seed, {n: v for n, v in values.items() if isinstance(v, np.ndarray)})
    count = blocks if blocks is not None else max(candidate.block_count(),
                                                  reference.block_count())
    report = NzCheck(candidate.function, count)
    for block in range(count):
        # The candidate first: its facts refuse a launch before the original runs off.
        got = candidate.run_block(block, count, by_number, data).loads
        want = reference.run_block(block, count, by_number, data).loads
        report.loads += len(got)
        report.nz_loads += sum(map(_is_nz, got))
        if len(got) != len(want):
            report.mismatches.append(LoadMismatch(
                block, min(len(got), len(want)), candidate.location, reference.location,
                f"block {block} makes {len(got)} loads, the ND original {len(want)}"))
        for index, (g, w) in enumerate(zip(got, want, strict=False)):
            why = _difference(g, w)
            if why is not None:
                report.mismatches.append(LoadMismatch(block, index, g.location, w.location,
                                                      f"block {block}, load {index}: {why}"))
        if len(report.mismatches) >= max_mismatches:
            break
    report.skipped = dict(candidate.simulator.skipped)
    return report
