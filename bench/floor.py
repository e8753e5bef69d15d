"""What the MLIR Python bindings cost per primitive, on one benchmark module:
the floor under any pass written on them. Run by bench/run.py, or:

    python bench/floor.py bench/out/kernels-100k-s0.mlir [LOWERED.mlir]

Prints one JSON object: {"totals": {name: seconds}, "per_call_us": {name:
microseconds}, "counts": {...}}. LOWERED is the pl-to-pto output of the same
module (about 3x the input); its print time is the floor of nzpass-opt's
output step.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path

# How nzpass-opt prints a lone module into its output file.
PRINT_AS_NZPASS_OPT = "lowered: print(file=open(..., 'w')) (as nzpass-opt prints)"


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    from mlir import ir
    # The bindings' default walk order, which their stubs make a required argument.
    POST_ORDER = ir.WalkOrder.POST_ORDER
    from mlir.dialects import arith

    import nzpass
    from nzpass.dialects import pl, pto

    # The ops whose operands the passes must read: what block-nz-tensor-views and
    # convert-pl-to-pto rewrite, and what verify-pto-nz checks.
    pl_memory_ops = (pl.TileLoad.NAME, pl.TileStore.NAME, pl.TensorSlice.NAME)
    pto_memory_ops = (pto.MakeTensorView.NAME, pto.PartitionView.NAME, pto.TLoad.NAME,
                      pto.TStore.NAME, pto.AllocTile.NAME)

    totals: dict[str, float] = {"import nzpass + mlir": time.perf_counter() - start}
    per_call: dict[str, float] = {}
    counts: dict[str, int] = {}
    text = Path(argv[0]).read_text(encoding="utf-8")
    with nzpass.new_context():
        totals["Module.parse"] = best(lambda: ir.Module.parse(text), 2)
        module = ir.Module.parse(text)
        root = module.operation
        ops: list = []
        root.walk(lambda o: ops.append(o.operation) or ir.WalkResult.ADVANCE, POST_ORDER)
        results = [r for o in ops for r in o.results]
        operands = [v for o in ops for v in o.operands]
        types = [r.type for r in results]
        counts.update(ops=len(ops), results=len(results), operands=len(operands))
        counts["block arguments"] = sum(len(b.arguments) for o in ops for r in o.regions
                                        for b in r.blocks)
        counts["operands of pl memory ops"] = sum(
            len(o.operands) for o in ops if o.name in pl_memory_ops)
        counts["pl memory ops"] = sum(1 for o in ops if o.name in pl_memory_ops)

        def per(name, fn, n, repeat=3):
            per_call[name] = best(fn, repeat) / n * 1e6

        per("walk, empty Python callback (per op)",
            lambda: root.walk(lambda o: ir.WalkResult.ADVANCE, POST_ORDER), len(ops))
        per("op.name", lambda: [o.name for o in ops], len(ops))
        per("op.location", lambda: [o.location for o in ops], len(ops))
        per("'x' in op.attributes", lambda: ["value" in o.attributes for o in ops], len(ops))
        per("len(op.regions)", lambda: [len(o.regions) for o in ops], len(ops))
        per("list(op.operands) (per operand)", lambda: [list(o.operands) for o in ops],
            len(operands))
        per("list(op.results) (per result)", lambda: [list(o.results) for o in ops],
            len(results))
        per("value.type", lambda: [v.type for v in results], len(results))
        per("value.owner", lambda: [v.owner for v in operands], len(operands))
        per("list(value.uses)", lambda: [list(v.uses) for v in results], len(results))
        per("hash(value)", lambda: [hash(v) for v in operands], len(operands))
        per("dict lookup by ir.Type", lambda: [{}.get(t) for t in types], len(types))
        per("str(type)", lambda: [str(t) for t in types], len(types))

        n = 50_000
        index = ir.IndexType.get()
        value = ir.IntegerAttr.get(index, 16)
        scratch = ir.Module.create(loc=ir.Location.unknown())
        block = scratch.body

        def create_generic():
            ip, loc = ir.InsertionPoint(block), ir.Location.unknown()
            for _ in range(n):
                ir.Operation.create(arith.ConstantOp.OPERATION_NAME, results=[index],
                                    attributes={"value": value}, loc=loc, ip=ip)

        def create_builder():
            with ir.InsertionPoint(block), ir.Location.unknown():
                for _ in range(n):
                    arith.ConstantOp(index, 16)

        per("Operation.create (generic arith.constant)", create_generic, n)
        per("arith.ConstantOp(...) builder", create_builder, n)
        made = [o.operation for o in block.operations]
        per("op.erase (unused)", lambda: [o.erase() for o in made[:n]], n, repeat=1)
        tile = ir.Type.parse("!pl.tile<16x16xf32, acc>")
        per("value.set_type", lambda: [v.set_type(tile) for v in results], len(results))

    if len(argv) > 1:
        lowered = Path(argv[1]).read_text(encoding="utf-8")
        with nzpass.new_context():
            out = ir.Module.parse(lowered).operation
            count = [0]
            out.walk(lambda o: count.__setitem__(0, count[0] + 1) or ir.WalkResult.ADVANCE,
                     POST_ORDER)
            counts["lowered ops"] = count[0]
            lowered_ops: list = []
            out.walk(lambda o: lowered_ops.append(o.operation) or ir.WalkResult.ADVANCE,
                     POST_ORDER)
            counts["lowered values"] = sum(len(o.results) for o in lowered_ops) + sum(
                len(b.arguments) for o in lowered_ops for r in o.regions for b in r.blocks)
            counts["operands of pto memory ops"] = sum(
                len(o.operands) for o in lowered_ops if o.name in pto_memory_ops)
            del lowered_ops
            counts["lowered bytes"] = len(lowered.encode())
            totals["lowered: get_asm"] = best(lambda: out.get_asm(assume_verified=True), 2)
            totals["lowered: get_asm(binary=True)"] = best(
                lambda: out.get_asm(binary=True, assume_verified=True), 2)

            def to_file():
                with open(os.devnull, "w", encoding="utf-8") as f:
                    out.print(file=f, assume_verified=True)

            totals[PRINT_AS_NZPASS_OPT] = best(to_file, 2)
            totals["lowered: write_bytecode"] = best(
                lambda: out.write_bytecode(io.BytesIO()), 2)
    json.dump({"totals": totals, "per_call_us": per_call, "counts": counts}, sys.stdout,
              indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
