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
moved): the launch has B blocks, B the first block index whose partitions leave a view's
axis (the block index argument gets `nz.range = [0, B)`); an integer argument that moves a
weight partition's offset by `a` per unit gets `nz.multiple_of = S / gcd(a, S)` (S the
partition's size on that axis) and the range that keeps the window inside the axis; the
other integer arguments (token counts, sizes) are 16 in the probe and the check. The check
launches every block with the offset arguments at 0 and at their largest value.

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
from nzpass.ir.bindings import ir
from nzpass.model import GmSource, SimulationError, ViewRequest
from nzpass.model.hardware import GmOutOfBounds, HardwareLimitError
from nzpass.model.kernel import Kernel, LaunchError, check_nz_against_nd
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
        if func.operation.name != "func.func" or not func.regions[0].blocks:
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
            args = []
            for arg in kernel.arguments:
                if arg is kernel.block_idx_arg:
                    args.append(block)
                elif arg is kernel.block_num_arg:
                    args.append(blocks)
                elif arg.is_pointer:
                    args.append(_Empty())
                else:
                    args.append(values.get(arg.name, DEFAULT_VALUE))
            kernel.simulator.block_idx, kernel.simulator.block_num = block, blocks
            result = kernel.simulator.run(kernel.function, *args)
            yield [(e.partition.view.shape, e.partition.offsets, e.partition.sizes,
                    e.partition.view.buffer) for e in result.events if e.partition is not None]
    finally:
        kernel.simulator.moves_data = True


def _inside(events) -> bool:
    return all(o >= 0 and o + s <= d for shape, offs, sizes, _ in events
               for d, o, s in zip(shape, offs, sizes, strict=True))


def decide_facts(kernel: Kernel, weight: Weight) -> tuple[dict[str, tuple], int, dict]:
    """Facts per argument name (multiple_of, lo, hi), the block count, and the largest
    value of each offset argument."""
    facts: dict[str, tuple] = {}
    blocks = 1
    if kernel.block_idx_arg is not None:
        blocks = MAX_BLOCKS
        for block, events in enumerate(_probe(kernel, {}, MAX_BLOCKS)):
            if not _inside(events):
                blocks = block
                break
        if blocks == 0:
            raise LaunchError("block 0 already leaves a view's axis with every integer "
                              f"argument at {DEFAULT_VALUE}")
        facts[kernel.block_idx_arg.name] = (None, 0, blocks)
    base = list(_probe(kernel, {}, blocks))
    largest: dict[str, int] = {}
    for arg in kernel.arguments:
        if not arg.is_integer or arg in (kernel.block_idx_arg, kernel.block_num_arg):
            continue
        moved = next(_probe(kernel, {arg.name: DEFAULT_VALUE + 1}, 1))
        found = _offset_fact(base, moved, weight, kernel)
        if found is not None:
            facts[arg.name], largest[arg.name] = found
    return facts, blocks, largest


def _offset_fact(base, moved, weight: Weight, kernel: Kernel):
    """(facts, largest value) for an argument that moves weight partition offsets."""
    multiple, top = 1, None
    for (shape, offs, sizes, _), (_, offs1, _, _) in zip(base[0], moved, strict=False):
        for axis, (o0, o1) in enumerate(zip(offs, offs1, strict=True)):
            step = o1 - o0
            if step <= 0:
                continue
            size, extent = sizes[axis], shape[axis]
            multiple = math.lcm(multiple, size // math.gcd(step, size))
            reach = max(e[1][axis] for events in base for e in events
                        if e[0] == shape and len(e[1]) > axis)
            limit = (extent - size - reach) // step
            top = limit if top is None else min(top, limit)
    if top is None:
        return None
    top -= top % multiple
    if top < 0:
        raise LaunchError("an offset argument cannot move the window and stay inside")
    return (multiple if multiple > 1 else None, 0, top + 1), top


def _launches(reference: Kernel, facts: dict[str, tuple], largest: dict[str, int]):
    """The checked launches: arguments with an offset fact at 0, then at their largest
    value; every other integer argument at DEFAULT_VALUE."""
    rest = {a.name: DEFAULT_VALUE for a in reference.arguments if a.is_integer
            and a.name not in facts and a not in (reference.block_idx_arg,
                                                  reference.block_num_arg)}
    low = {**rest, **dict.fromkeys(largest, 0)}
    return [low, {**rest, **largest}] if largest else [low]


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


_ALLOC_VALID = re.compile(r"pto\.alloc_tile (addr = %\w+ )?valid_row = (%\w+) valid_col = (%\w+) : "
                          r"(!pto\.tile_buf<loc=mat, [^>]*v_row=\?, v_col=\?[^>]*>)")
_TILE_DIMS = re.compile(r"rows=(\d+), cols=(\d+)")


def fold_valid(text: str, module: ir.Module) -> str:
    """Mat tile types `v_row=?, v_col=?` whose every alloc gives constants equal to the
    tile's rows and cols, spelled static (what the type then says is what the operands
    said): a stand-in for issue 15 point 1 until the passes resolve alloc operands."""
    constants: dict[str, int] = {}
    for match in re.finditer(r"(%\w+) = arith\.constant (-?\d+) : index", text):
        constants[match[1]] = int(match[2])
    verdict: dict[str, bool] = {}
    for match in _ALLOC_VALID.finditer(text):
        dims = _TILE_DIMS.search(match[4])
        assert dims is not None  # the pattern above requires rows= and cols=
        rows, cols = (int(x) for x in dims.groups())
        same = (constants.get(match[2]), constants.get(match[3])) == (rows, cols)
        verdict[match[4]] = verdict.get(match[4], True) and same
    for type_text, foldable in verdict.items():
        if not foldable:
            continue
        dims = _TILE_DIMS.search(type_text)
        assert dims is not None
        rows, cols = dims.groups()
        static = type_text.replace("v_row=?, v_col=?", f"v_row={rows}, v_col={cols}")
        text = re.sub(r"valid_row = %\w+ valid_col = %\w+ : " + re.escape(type_text),
                      ": " + static, text)
        text = text.replace(type_text, static)
    return text


# --------------------------------------------------------------------------- one weight


def _reason(diagnostics) -> str:
    for diag in diagnostics:
        if diag.severity.value == "error":
            message = diag.message.split(":")[0]
            return _NUMBER.sub("N", message)[:120]
    return "failed without a diagnostic"


def run_weight(weight: Weight, text: str, simulate: bool, fold: bool) -> None:
    ctx = nzpass.new_context()
    with ctx:
        original = nzpass.parse_module(text, weight.path)
        if fold:
            text = fold_valid(text, original)
            original = nzpass.parse_module(text, weight.path)
        reference = Kernel(original, weight.function, text, weight.path, mode="ideal")
        try:
            facts, blocks, largest = decide_facts(reference, weight)
        except (SimulationError, GmOutOfBounds, HardwareLimitError) as err:
            weight.outcome, weight.reason = "skipped", f"probe: {_NUMBER.sub('N', str(err))}"
            return
        weight.facts = {n: _fact_text(*f) for n, f in facts.items()}
        switched = rewrite(text, weight, facts)
        module = nzpass.parse_module(switched, weight.path)
        result = nzpass.run_pipeline(module, PIPELINE)
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
            for given in _launches(reference, facts, largest):
                report = check_nz_against_nd(candidate, reference, given, blocks)
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
    p.add_argument("--fold-valid", action="store_true",
                   help="first spell static the Mat tiles' constant valid regions (a "
                        "stand-in for issue 15 point 1)")
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
        run_weight(weight, text, not args.no_sim, args.fold_valid)
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
