"""In-process timings of the MLIR Python bindings, run by bench/run.py in the
nzpass environment: parse, print (as nzpass-opt prints) and bytecode of one
file. Prints one JSON object.

    python bench/_inprocess.py FILE [--profile OUT.prof --pipeline pl-to-pto]
"""

from __future__ import annotations

import io
import json
import sys
import time


def main(argv: list[str]) -> int:
    path = argv[0]
    t0 = time.perf_counter()
    from mlir import ir

    import nzpass
    t_import = time.perf_counter() - t0
    with open(path, encoding="utf-8") as f:
        text = f.read()
    ctx = nzpass.new_context()
    with ctx:
        t0 = time.perf_counter()
        module = ir.Module.parse(text)
        t_parse = time.perf_counter() - t0
        t0 = time.perf_counter()
        printed = module.operation.get_asm(assume_verified=True)
        t_print = time.perf_counter() - t0
        t0 = time.perf_counter()
        module.operation.write_bytecode(io.BytesIO())
        t_bytecode = time.perf_counter() - t0
    json.dump({"import": t_import, "parse": t_parse, "print": t_print,
               "bytecode": t_bytecode, "printed_chars": len(printed)}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
