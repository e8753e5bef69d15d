"""In-process timings of the MLIR Python bindings, run by bench/run.py in the
nzpass environment. Prints one JSON object.

    python bench/_inprocess.py FILE
        parse, print (as nzpass-opt prints) and bytecode of one file;
    python bench/_inprocess.py KERNEL --kernel PIPELINE
        one kernel as an embedding toolchain runs it: one context made once and
        reused, then per run parse, `nzpass.run_pipeline` and print (lists of
        seconds, one per run, after warm-up runs), and how much the process's
        resident memory grew per run over their second half (bytes, after a
        collection and giving free heap pages back: what a leak in the bindings
        or in nzpass keeps, once the first runs have filled every cache; 0
        where that cannot be read).
"""

from __future__ import annotations

import ctypes
import gc
import io
import json
import os
import sys
import time

KERNEL_RUNS, KERNEL_WARM_UP = 1000, 20  # 2 to 4 ms each: a median of 1000 holds on a noisy host


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--kernel":
        return kernel(argv[0], argv[2])
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
               "bytecode": t_bytecode, "printed_chars": len(str(printed))}, sys.stdout)
    print()
    return 0


def kernel(path: str, pipeline: str) -> int:
    import nzpass
    from nzpass.ir.bindings import ir

    with open(path, encoding="utf-8") as f:
        text = f.read()
    ctx = nzpass.Context()
    times: dict[str, list[float]] = {"parse": [], "run_pipeline": [], "print": [], "total": []}
    resident_before = 0
    with ctx:
        for run in range(KERNEL_WARM_UP + KERNEL_RUNS):
            t0 = time.perf_counter()
            module = ir.Module.parse(text)
            t1 = time.perf_counter()
            result = nzpass.run_pipeline(module, pipeline)
            t2 = time.perf_counter()
            module.operation.get_asm(binary=True, assume_verified=True)
            t3 = time.perf_counter()
            if not result.success:
                sys.exit(f"in-process: {pipeline} failed on {path}")
            if run == KERNEL_WARM_UP + KERNEL_RUNS // 2 - 1:
                resident_before = _resident_bytes()
            if run >= KERNEL_WARM_UP:
                for key, value in (("parse", t1 - t0), ("run_pipeline", t2 - t1),
                                   ("print", t3 - t2), ("total", t3 - t0)):
                    times[key].append(value)
    growth = (_resident_bytes() - resident_before) / (KERNEL_RUNS - KERNEL_RUNS // 2)
    json.dump({**times, "growth_per_run": [growth]}, sys.stdout)
    print()
    return 0


def _resident_bytes() -> int:
    """Resident memory now, once garbage is collected and the allocator has given
    its free pages back (glibc's malloc_trim): 0 off Linux."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, AttributeError, ValueError):
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
