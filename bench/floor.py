"""What the MLIR Python bindings cost per primitive, on one benchmark module:
the floor under any pass written on them. Run by bench/run.py (--floor), or:

    python bench/floor.py bench/out/kernels-100k-s0.mlir [LOWERED.mlir]

Prints one JSON object of seconds (and counts). LOWERED is the pl-to-pto
output of the same module; its print time is the floor of nzpass-opt's
output step (the lowered module is about 3x the input).
"""

from __future__ import annotations

import io
import json
import sys
import time


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    import nzpass
    from mlir import ir
    result: dict[str, float] = {"import nzpass+mlir": time.perf_counter() - start}
    text = open(argv[0], encoding="utf-8").read()
    ctx = nzpass.new_context()
    with ctx:
        module = ir.Module.parse(text)
        result["parse"] = best(lambda: ir.Module.parse(text), 2)
        op = module.operation
        ops: list = []

        def collect(inner):
            ops.append(inner)
            return ir.WalkResult.ADVANCE

        def visit(inner):
            return ir.WalkResult.ADVANCE

        result["ops"] = 0
        op.walk(collect)
        result["ops"] = len(ops)
        result["walk, empty callback"] = best(lambda: op.walk(visit))
        result["walk + op.name per op"] = best(lambda: op.walk(lambda o: (o.name, 0)[1]))
        result["op.operands + .type per op"] = best(
            lambda: [[v.type for v in o.operands] for o in ops])
        result["op.results + .type per op"] = best(
            lambda: [[r.type for r in o.results] for o in ops])
        result["op.attributes[...] lookups per op (1)"] = best(
            lambda: ["operandSegmentSizes" in o.attributes for o in ops])
        types = [r.type for o in ops for r in o.results]
        result["isinstance(t, OpaqueType) per result"] = best(
            lambda: [isinstance(t, ir.OpaqueType) for t in types])
        result["str(type) per result"] = best(lambda: [str(t) for t in types])
        result["results"] = len(types)

        # Creating ops: N generic constants at the end of the first function.
        n = 100_000
        index = ir.IndexType.get()
        value = ir.IntegerAttr.get(index, 16)
        scratch = ir.Module.create(loc=ir.Location.unknown())
        block = scratch.body

        def create_generic():
            ip = ir.InsertionPoint(block)
            loc = ir.Location.unknown()
            for _ in range(n):
                ir.Operation.create("arith.constant", results=[index],
                                    attributes={"value": value}, loc=loc, ip=ip)

        def create_builder():
            from mlir.dialects import arith
            with ir.InsertionPoint(block), ir.Location.unknown():
                for _ in range(n):
                    arith.ConstantOp(index, 16)

        result[f"create {n} arith.constant (Operation.create)"] = best(create_generic, 1)
        result[f"create {n} arith.constant (arith.ConstantOp)"] = best(create_builder, 1)
        made = list(block.operations)
        result[f"erase {len(made)} unused ops"] = best(lambda: [o.erase() for o in made], 1)

        # Retyping values in place (what every pass does).
        opaque = ir.Type.parse('!pl.tile<16x16xf32, acc>')
        some = [r for o in ops for r in o.results][:n]
        result[f"set_type on {len(some)} values"] = best(
            lambda: [v.set_type(opaque) for v in some], 1)

    if len(argv) > 1:
        lowered = open(argv[1], encoding="utf-8").read()
        with nzpass.new_context():
            out = ir.Module.parse(lowered).operation
            result["lowered: ops"] = 0
            out.walk(lambda o: result.__setitem__("lowered: ops", result["lowered: ops"] + 1)
                     or ir.WalkResult.ADVANCE)
            result["lowered: get_asm (as nzpass-opt prints)"] = best(
                lambda: out.get_asm(assume_verified=True), 2)
            result["lowered: get_asm(binary=True)"] = best(
                lambda: out.get_asm(binary=True, assume_verified=True), 2)

            def to_file():
                with open("/dev/null", "w", encoding="utf-8") as f:
                    out.print(file=f, assume_verified=True)

            result["lowered: print(file=text file)"] = best(to_file, 2)
            result["lowered: write_bytecode"] = best(lambda: out.write_bytecode(io.BytesIO()), 2)
    json.dump(result, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
