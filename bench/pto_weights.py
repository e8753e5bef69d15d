"""Switch every ND weight view of a corpus's cube kernels to NZ, block, verify, simulate.

    python bench/pto_weights.py DIR [--only SUBSTR] [--list] [--no-sim]

For every cube kernel `DIR/**/kernels/aic/*.pto` (PTOAS's test/samples), a weight view is
an ND `pto.make_tensor_view` whose partitions only feed `pto.tload`s into NZ Mat tiles
that feed the matmul's B operand (a `loc=right` tile, through textract / tmov). Each
weight is switched to `#pto.layout<nz>` (every weight view of the same pointer at once),
given the facts the kernel's structure allows, run through
`pto-block-nz-views,verify-pto-nz` (the Python API), and, when blocked, checked with
`nzpass.model.check_nz_against_nd` against the kernel as written over a full launch.

The facts are decided from the ND kernel by walking its coordinates on the model (no data
moved), see `decide_facts`: the launch has B blocks, B the first block index whose partitions
leave a view's axis, whose simulation fails or that moves nothing (no load or an empty
window; the block index argument
gets `nz.range = [0, B)`); a row-count argument (a view's extent, as in prefill kernels) gets
`nz.multiple_of = 16` and a range from the rows its windows reach to 65536; a trip count (an
argument that changes how many loads run, or bounds an scf.for) the largest range that keeps
the windows inside and that the passes prove; an integer argument that moves a partition
offset by `a` per unit gets `nz.multiple_of = S / gcd(a, S)` (S the partition's size on that
axis) and the range that keeps the window inside the axis, the room shared between the
arguments summed into one offset; the other integer arguments are 16. The check launches
every block with the offset arguments at 0, then at their largest value with the trip counts
at theirs.

Prints: weight views found, blocked (and verified), refused by reason, simulated equal,
with a progress bar. The corpus is read in place, never copied.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import nzpass
from nzpass.dialects import pto
from nzpass.driver.source import ParseError
from nzpass.ir import op_names
from nzpass.ir.bindings import ir
from nzpass.ir.walk import FUNC
from nzpass.model import GmSource, SimulationError, ViewRequest
from nzpass.model.hardware import GmOutOfBounds, HardwareLimitError
from nzpass.model.kernel import Kernel, KernelArgument, LaunchError, check_nz_against_nd
from progress import Progress

PIPELINE = "builtin.module(pto-block-nz-views,verify-pto-nz)"
MAX_BLOCKS = 256  # the probe's cap on a launch
# The value an integer argument without an offset fact gets: PyPTO passes token counts
# and sizes as index arguments, and 0 would make their loops empty (no load to probe).
DEFAULT_VALUE = 16
_NUMBER = re.compile(r"\d+")


@dataclass
class Weight:
    path: str
    function: str
    pointer: int  # the argument number of the weight's pointer
    views: list[int]  # source lines of its make_tensor_view ops
    outcome: str = "-"  # blocked | refused | skipped
    reason: str = ""
    simulated: str = "-"  # equal | differs | failed | -
    detail: str = ""
    facts: dict[str, str] = field(default_factory=dict)


# --------------------------------------------------------------------------- finding weights


def _users(value: ir.Value) -> list[ir.Operation]:
    return [use.owner.operation for use in value.uses]


def _feeds_right_tile(tile: ir.Value) -> bool:
    """The Mat tile reaches a `loc=right` tile (the matmul's B operand) through an op
    that reads it into another tile (textract, tmov)."""
    for user in _users(tile):
        for operand in user.operands:
            buf = pto.tile_buf(operand.type)
            if operand != tile and buf is not None and buf.loc == "right":
                return True
    return False


def _is_weight_view(view: ir.Operation) -> bool | None:
    """True for a weight view, False for another used view, None for an unused one."""
    partitions = _users(view.results[0])
    if not partitions:
        return None
    for part in partitions:
        if part.name != pto.PartitionView.NAME:
            return False
        loads = _users(part.results[0])
        if not loads:
            return False
        for load in loads:
            if load.name != pto.TLoad.NAME or len(load.operands) < 2:
                return False
            buf = pto.tile_buf(load.operands[1].type)
            if buf is None or not buf.is_nz_mat or not _feeds_right_tile(load.operands[1]):
                return False
    return True


def _layout(view: ir.Operation) -> str:
    if "layout" not in view.attributes:
        return "nd"
    return pto.layout_of(view.attributes["layout"]) or "nd"


def find_weights(path: str, module: ir.Module) -> list[Weight]:
    weights = []
    for func in module.body.operations:
        if func.operation.name != FUNC or not func.regions[0].blocks:
            continue
        name = ir.StringAttr(func.attributes["sym_name"]).value
        by_pointer: dict[int, list[tuple[ir.Operation, bool | None]]] = {}
        args = list(func.regions[0].blocks[0].arguments)
        func.operation.walk(lambda op, by=by_pointer, a=args: _collect(op.operation, by, a)
                            or ir.WalkResult.ADVANCE, ir.WalkOrder.PRE_ORDER)
        for number, views in sorted(by_pointer.items()):
            kinds = [kind for _, kind in views]
            if True in kinds and False not in kinds:
                lines = [_line(v) for v, kind in views if kind]
                weights.append(Weight(path, name, number, lines))
    return weights


def _collect(op: ir.Operation, by_pointer: dict, args: list) -> None:
    if op.name != pto.MakeTensorView.NAME or _layout(op) != "nd":
        return
    source = op.operands[0]
    if source not in args:
        return
    by_pointer.setdefault(args.index(source), []).append((op, _is_weight_view(op)))


def _line(op: ir.Operation) -> int:
    return op.location.start_line if op.location.is_a_file() else 0


# --------------------------------------------------------------------------- facts


class _Empty(GmSource):
    def buffer(self, request: ViewRequest) -> np.ndarray:
        return np.empty(0, request.dtype)


def _probe(kernel: Kernel, values: dict[str, int], blocks: int, first: int = 0):
    """The (view shape, partition offsets, sizes, is-weight) of every load and store of
    blocks first..blocks-1, one list per block, with no data moved."""
    kernel.simulator.moves_data = False
    try:
        for block in range(first, blocks):
            args = kernel.launch_arguments(
                block, blocks, lambda arg: _Empty(),
                lambda arg: values.get(arg.name, DEFAULT_VALUE))
            result = kernel.simulator.run(kernel.function, *args)
            yield [(e.partition.view.shape, e.partition.offsets, e.partition.sizes,
                    e.partition.view.buffer) for e in result.events if e.partition is not None]
    finally:
        kernel.simulator.moves_data = True


def _inside(events) -> bool:
    return all(o >= 0 and o + s <= d for shape, offs, sizes, _ in events
               for d, o, s in zip(shape, offs, sizes, strict=True))


@dataclass
class Facts:
    """What the probe decided: facts per argument name (multiple_of, lo, hi), the block
    count, the largest value of each offset argument, and the value every other integer
    argument gets in the check (row counts at their smallest, token counts at 16)."""

    facts: dict[str, tuple] = field(default_factory=dict)
    blocks: int = 1
    largest: dict[str, int] = field(default_factory=dict)
    values: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)  # trip counts at their largest


def _arguments_used_as(kernel: Kernel, role: str) -> list[int]:
    """The integer arguments that are a view's extent (role "shape": a prefill weight's
    row count) or an scf.for upper bound (role "bound": a trip count, which block 0 alone
    may not show when the loop starts at the block index)."""
    func = next(op for op in kernel.module.regions[0].blocks[0].operations
                if op.operation.name == FUNC
                and ir.StringAttr(op.attributes["sym_name"]).value == kernel.function)
    args = list(func.regions[0].blocks[0].arguments)
    found: list[int] = []
    func.operation.walk(lambda op: _role_operands(op.operation, role, args, found)
                        or ir.WalkResult.ADVANCE, ir.WalkOrder.PRE_ORDER)
    return sorted(set(found))


def _role_operands(op: ir.Operation, role: str, args: list, found: list[int]) -> None:
    if role == "shape" and op.name == pto.MakeTensorView.NAME:
        rank = (len(op.operands) - 1) // 2
        operands = list(op.operands[1:1 + rank])
    elif role == "bound" and op.name == op_names.SCF_FOR:
        operands = [op.operands[1]]
    else:
        return
    found += [args.index(v) for v in operands if v in args]


def _largest_count(kernel: Kernel, values: dict[str, int], name: str, blocks: int) -> int:
    """The largest trip count (up to _MAX_COUNT) whose windows all stay inside their axes."""
    def fits(count: int) -> bool:
        try:
            return all(_inside(events)
                       for events in _probe(kernel, {**values, name: count}, blocks))
        except (SimulationError, GmOutOfBounds, HardwareLimitError):
            return False
    if not fits(DEFAULT_VALUE):
        return DEFAULT_VALUE  # the pass refuses what the facts cannot bound
    low, high = DEFAULT_VALUE, _MAX_COUNT + 1
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def _spent(events) -> bool:
    """A block with an empty window: PyPTO clamps a tail (min(n - x, 16) tokens) to 0 rows in
    the blocks past the work, which a host does not launch."""
    return any(s <= 0 for _, _, sizes, _ in events for s in sizes)


def _blocks(kernel: Kernel, values: dict[str, int]) -> int:
    """The launch: blocks up to the first whose partitions leave a view's axis, whose
    simulation fails (a negative valid count) or that moves nothing (no load, an empty
    window: the token count is spent)."""
    if kernel.block_idx_arg is None:
        return 1
    probe = _probe(kernel, values, MAX_BLOCKS)
    for block in range(MAX_BLOCKS):
        try:
            events = next(probe)
        except (SimulationError, GmOutOfBounds, HardwareLimitError):
            if block == 0:
                raise
            return block
        if block > 0 and (not events or _spent(events)):
            return block  # the blocks from here on move nothing: the launch ends here
        if not _inside(events):
            if block == 0:
                raise LaunchError("block 0 already leaves a view's axis with every integer "
                                  f"argument at {DEFAULT_VALUE}")
            return block
    return MAX_BLOCKS


def decide_facts(kernel: Kernel, weight: Weight) -> Facts:
    """The facts of the launch the check runs, decided on the ND kernel with no data moved.

    A row-count argument (an extent of a view) is first probed large enough for block 0
    (_probe_rows), then set to the rows its windows reach plus room for the offset arguments
    (_ROW_ROOM windows), rounded up to 256; its facts are that row count up to 65536 (the
    largest the pto-isa#317 gap guard accepts for any row tile), a multiple of 16. An offset
    argument moves some partition offset by `step` per unit: its range keeps every window it
    moves inside its axis, the room of an axis that several arguments move split evenly
    between them (a joint bound has no per-argument fact)."""
    ints = [a for a in kernel.arguments if a.is_integer
            and a not in (kernel.block_idx_arg, kernel.block_num_arg)]
    sizes = [kernel.arguments[n] for n in _arguments_used_as(kernel, "shape")]
    big = _probe_rows(kernel, sizes)
    others = [a for a in ints if a.name not in big]
    steps, counted = _roles(kernel, big, others)
    counted += [kernel.arguments[n].name for n in _arguments_used_as(kernel, "bound")
                if kernel.arguments[n].name not in (*big, *steps, *counted)]
    at_zero = dict.fromkeys(steps, 0)
    result = Facts(blocks=_blocks(kernel, {**big, **at_zero}))
    reached = list(_probe(kernel, {**big, **at_zero}, result.blocks))
    for arg in sizes:
        rows = _rows_needed(reached, big[arg.name])
        result.values[arg.name] = rows
        if _sizes_weight(kernel, arg, weight):
            result.facts[arg.name] = (FRACTAL_ROWS, rows, max(rows, _ROWS_LIMIT) + 1)
    for name in counted:
        top = _largest_count(kernel, {**result.values, **at_zero}, name, result.blocks)
        _set_counts(result, {name: top})
    # The offsets again at the row counts decided and the trip counts at their largest
    # (a loop runs its most iterations, its windows reach furthest).
    at_counts = {**result.values, **result.counts}
    steps, _ = _roles(kernel, at_counts, [a for a in others if a.name in steps])
    base = next(_probe(kernel, at_counts, 1))
    reached = list(_probe(kernel, {**at_counts, **at_zero}, result.blocks))
    for name, (multiple, top) in _offset_ranges(base, reached, steps).items():
        result.facts[name] = (multiple if multiple > 1 else None, 0, top + 1)
        result.largest[name] = top
    if kernel.block_idx_arg is not None:
        result.facts[kernel.block_idx_arg.name] = (None, 0, result.blocks)
    return result


def _roles(kernel: Kernel, values: dict[str, int], args
           ) -> tuple[dict[str, list[tuple[int, int, int]]], list[str]]:
    """Offset arguments, with the (event, axis, step) of block 0 by which each moves a
    partition offset per unit, and trip counts: the arguments whose unit more changes the
    number of loads and stores (the others at DEFAULT_VALUE)."""
    base = next(_probe(kernel, values, 1))
    steps, counted = {}, []
    for arg in args:
        moved = next(_probe(kernel, {**values, arg.name: DEFAULT_VALUE + 1}, 1))
        if len(moved) != len(base):
            counted.append(arg.name)
            continue
        found = [(event, axis, o1 - o0)
                 for event, ((_, offs, _, _), (_, offs1, _, _))
                 in enumerate(zip(base, moved, strict=True))
                 for axis, (o0, o1) in enumerate(zip(offs, offs1, strict=True)) if o1 > o0]
        if found:
            steps[arg.name] = found
    return steps, counted


_PROBE_ROWS = 1 << 17  # the most rows a probe gives a row-count argument
_MAX_COUNT = 256  # the largest trip count the probe gives an argument that bounds a loop
_ROW_ROOM = 2  # windows of room past the rows reached, for the offset arguments to move in
_ROWS_LIMIT = 65536  # R - TR <= 65535 for every row tile TR >= 16 (pto-isa#317)
FRACTAL_ROWS = 16


def _probe_rows(kernel: Kernel, sizes: list[KernelArgument]) -> dict[str, int]:
    """Row counts for the probe at which block 0 stays inside every row axis: doubled from
    256 (distinct per argument, to tell their axes apart). Not one huge value: a loop up to
    the row count would run as many times."""
    rows = {a.name: 256 + FRACTAL_ROWS * i for i, a in enumerate(sizes)}
    while rows:
        events = next(_probe(kernel, rows, 1))
        short = {name for name, r in rows.items() for shape, offs, sz, _ in events
                 for d, o, n in zip(shape, offs, sz, strict=True) if d == r and o + n > d}
        if not short:
            return rows
        if max(rows.values()) > _PROBE_ROWS:
            raise LaunchError(f"block 0 needs more than {_PROBE_ROWS} rows")
        rows = {name: r * 2 if name in short else r for name, r in rows.items()}
    return rows


def _rows_needed(reached, probe_rows: int) -> int:
    """Rows the windows of the axes of extent `probe_rows` reach, plus room, rounded up."""
    ends = [o + s for events in reached for shape, offs, sizes, _ in events
            for d, o, s in zip(shape, offs, sizes, strict=True) if d == probe_rows]
    tall = [s for events in reached for shape, _, sizes, _ in events
            for d, s in zip(shape, sizes, strict=True) if d == probe_rows]
    rows = max(ends, default=0) + _ROW_ROOM * max(tall, default=FRACTAL_ROWS)
    return -(-rows // 256) * 256


def _sizes_weight(kernel: Kernel, arg: KernelArgument, weight: Weight) -> bool:
    """Whether `arg` is an extent of one of the weight's views (their source lines)."""
    func = next(op for op in kernel.module.regions[0].blocks[0].operations
                if op.operation.name == FUNC
                and ir.StringAttr(op.attributes["sym_name"]).value == kernel.function)
    value = list(func.regions[0].blocks[0].arguments)[arg.number]
    return any(use.owner.operation.name == pto.MakeTensorView.NAME
               and _line(use.owner.operation) in weight.views for use in value.uses)


def _offset_ranges(first, reached, steps: dict[str, list[tuple[int, int, int]]]
                   ) -> dict[str, tuple[int, int]]:
    """(multiple, largest value) per offset argument: every window it moves stays inside
    its axis with every offset argument at its largest, and on a fractal boundary."""
    movers: dict[tuple[int, int], int] = {}
    for found in steps.values():
        for event, axis, _ in found:
            movers[event, axis] = movers.get((event, axis), 0) + 1
    ranges = {}
    for name, found in steps.items():
        multiple, top = 1, None
        for event, axis, step in found:
            shape, _, sizes, _ = first[event]
            size, extent = sizes[axis], shape[axis]
            multiple = math.lcm(multiple, size // math.gcd(step, size))
            reach = max(e[1][axis] for events in reached for e in events
                        if e[0] == shape and len(e[1]) > axis)
            limit = (extent - size - reach) // movers[event, axis] // step
            top = limit if top is None else min(top, limit)
        assert top is not None  # every argument in `steps` moves some offset
        top -= top % multiple
        if top < 0:
            raise LaunchError(f"offset argument %{name} cannot move its windows and keep "
                              "them inside their axes")
        ranges[name] = (multiple, top)
    return ranges


def _launches(reference: Kernel, found: Facts):
    """The checked launches: arguments with an offset fact at 0, then at their largest
    value; row counts at their smallest; every other integer argument at DEFAULT_VALUE."""
    rest = {a.name: found.values.get(a.name, DEFAULT_VALUE) for a in reference.arguments
            if a.is_integer and a.name not in found.largest
            and a not in (reference.block_idx_arg, reference.block_num_arg)}
    low = {**rest, **dict.fromkeys(found.largest, 0)}
    high = {**rest, **found.largest, **found.counts}
    return [low, high] if high != low else [low]


# --------------------------------------------------------------------------- rewriting


def _fact_text(multiple, lo, hi) -> str:
    items = []
    if multiple is not None:
        items.append(f"nz.multiple_of = {multiple} : i64")
    items.append(f"nz.range = array<i64: {lo}, {hi}>")
    return "{" + ", ".join(items) + "}"


def rewrite(text: str, weight: Weight, facts: dict[str, tuple]) -> str:
    lines = text.split("\n")
    for line in weight.views:
        lines[line - 1] = lines[line - 1].replace("{layout = #pto.layout<nd>}",
                                                  "{layout = #pto.layout<nz>}")
    out = "\n".join(lines)
    for name, fact in facts.items():
        out, count = re.subn(rf"(%{re.escape(name)}: (?:index|i\d+))(?=[,)])",
                             lambda m, f=fact: f"{m[1]} {_fact_text(*f)}", out, count=1)
        if count != 1:
            raise LaunchError(f"cannot place facts on %{name}")
    return out


# --------------------------------------------------------------------------- one weight


def _reason(diagnostics) -> str:
    for diag in diagnostics:
        if diag.severity.value == "error":
            message = diag.message.split(":")[0]
            return _NUMBER.sub("N", message)[:120]
    return "failed without a diagnostic"


def _blocked(text: str, weight: Weight, found: Facts):
    """The switched kernel, blocked and verified. A trip count whose largest value the
    simulation keeps inside its axes may still be refused: the offset analysis bounds a
    loop's induction variable by the bound minus one, whatever the step and the start (a
    block index); its range is then bisected down to the largest the passes prove."""
    module, result = _run_passes(text, weight, found)
    if result.success or not found.counts:
        return module, result
    good, tops = None, dict(found.counts)
    low, high = DEFAULT_VALUE - 1, max(tops.values())
    while high - low > 1:
        middle = (low + high) // 2
        _set_counts(found, {n: min(t, middle) for n, t in tops.items()})
        attempt = _run_passes(text, weight, found)
        if attempt[1].success:
            low, good = middle, attempt
        else:
            high = middle
    if good is None:
        _set_counts(found, tops)
        return module, result
    _set_counts(found, {n: min(t, low) for n, t in tops.items()})
    return good


def _set_counts(found: Facts, counts: dict[str, int]) -> None:
    for name, top in counts.items():
        found.counts[name] = top
        found.facts[name] = (None, 0, top + 1)


def _run_passes(text: str, weight: Weight, found: Facts):
    module = nzpass.parse_module(rewrite(text, weight, found.facts), weight.path)
    return module, nzpass.run_pipeline(module, PIPELINE)


def run_weight(weight: Weight, text: str, simulate: bool) -> None:
    ctx = nzpass.new_context()
    with ctx:
        original = nzpass.parse_module(text, weight.path)
        reference = Kernel(original, weight.function, text, weight.path, mode="ideal")
        try:
            found = decide_facts(reference, weight)
        except (SimulationError, GmOutOfBounds, HardwareLimitError) as err:
            weight.outcome, weight.reason = "skipped", f"probe: {_NUMBER.sub('N', str(err))}"
            return
        module, result = _blocked(text, weight, found)
        weight.facts = {n: _fact_text(*f) for n, f in found.facts.items()}
        if not result.success:
            weight.outcome, weight.reason = "refused", _reason(result.diagnostics)
            weight.detail = next((f"{d.loc}: {d.message}" for d in result.diagnostics
                                  if d.severity.value == "error"), "")
            return
        weight.outcome = "blocked"
        if not simulate:
            return
        candidate = Kernel(module, weight.function)
        try:
            for given in _launches(reference, found):
                report = check_nz_against_nd(candidate, reference, given, found.blocks)
                if not report.equal:
                    weight.simulated = "differs"
                    weight.detail = report.mismatches[0].message if report.mismatches else ""
                    return
            weight.simulated = "equal"
        except (SimulationError, GmOutOfBounds, HardwareLimitError) as err:
            weight.simulated, weight.detail = "failed", str(err)[:200]


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("dir", help="the corpus root (PTOAS checkout)")
    p.add_argument("--only", help="kernels whose path contains this")
    p.add_argument("--list", action="store_true", help="print every weight's outcome")
    p.add_argument("--no-sim", action="store_true", help="skip the simulation check")
    args = p.parse_args(argv)
    paths = sorted(str(f) for f in Path(args.dir).glob("**/kernels/aic/*.pto")
                   if not args.only or args.only in str(f))
    weights: list[tuple[Weight, str]] = []
    unread = 0
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        try:
            with nzpass.new_context():
                module = nzpass.parse_module(text, path)
                weights += [(w, text) for w in find_weights(path, module)]
        except ParseError:
            unread += 1
    start = time.perf_counter()
    progress = Progress(len(weights), "weights")
    for weight, text in weights:
        run_weight(weight, text, not args.no_sim)
        progress.advance(1, Path(weight.path).stem)
    progress.finish()
    _print(weights, len(paths), unread, time.perf_counter() - start, args.list)
    return 0


def _print(weights, kernels: int, unread: int, seconds: float, listing: bool) -> None:
    views = sum(len(w.views) for w, _ in weights)
    count = Counter(w.outcome for w, _ in weights)
    print(f"{kernels} cube kernels ({unread} unread), {len(weights)} weights "
          f"({views} weight views), {seconds:.0f} s")
    print(f"blocked and verified: {count['blocked']} / {len(weights)}")
    for outcome, label in (("refused", "refused by the passes"),
                           ("skipped", "not tried (the facts probe failed)")):
        for reason, n in Counter(w.reason for w, _ in weights
                                 if w.outcome == outcome).most_common():
            print(f"  {label} ({n}): {reason}")
    simulated = Counter(w.simulated for w, _ in weights if w.outcome == "blocked")
    print(f"simulated equal to the ND original over a full launch: {simulated['equal']} / "
          f"{count['blocked']} blocked ({simulated['differs']} differ, "
          f"{simulated['failed']} could not be simulated)")
    for w, _ in weights:
        if listing or w.simulated in ("differs", "failed"):
            print(f"  {w.path} @{w.function} arg {w.pointer}: {w.outcome} {w.simulated} "
                  f"{w.facts} {w.reason or ''} {w.detail}")


if __name__ == "__main__":
    sys.exit(main())
