"""The NZ packer against np.copy of the same array, in the same process:

    python bench/packer_bench.py                      # 256 MiB int8 [8192, 32768], 9 repeats
    python bench/packer_bench.py --repeat 15 --reference
    python bench/packer_bench.py --shape 16,4096,2048 --dtype float16 --json

Each repeat runs, one after the other: np.copy(a), pack_nz(a), unpack_nz(packed, a.shape)
(and with --reference the plain reshape/transpose that pack_nz/unpack_nz used before the
staged path, for a before/after in one run). Interleaving matters on a shared machine: the
copy baseline drifts by 10-20 % over a minute, and every figure here is taken in the same
minutes as its baseline. All timings are wall time around one call, allocation and page
faults of the result included (np.copy pays them too). Bandwidth is bytes of the logical
array per second; a ratio is copy time / other time (>= 0.5 is the packer's target), given
as min/min and median/median over the repeats, like bench/run.py.

The output is checked once against the plain expression before timing (--no-check skips).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))

from nzpass.model import nz_block_shape, pack_nz, unpack_nz

MIB = 1 << 20


def reference_pack(a: np.ndarray) -> np.ndarray:
    batch, col_blocks, row_fractals, fractal, c0 = nz_block_shape(a.shape, a.dtype)
    split = a.reshape(batch, row_fractals, fractal, col_blocks, c0)
    return np.ascontiguousarray(split.transpose(0, 3, 1, 2, 4))


def reference_unpack(blocked: np.ndarray, shape) -> np.ndarray:
    logical = blocked.reshape(nz_block_shape(shape, blocked.dtype)).transpose(0, 2, 3, 1, 4)
    return np.ascontiguousarray(logical).reshape(tuple(shape))


def random_array(shape, dtype, seed: int = 0) -> np.ndarray:
    dtype = np.dtype(dtype)
    raw = np.random.default_rng(seed).integers(0, 256, int(np.prod(shape)) * dtype.itemsize,
                                               dtype=np.uint8)
    return raw.view(dtype).reshape(shape)


def run(shape, dtype, repeat: int, reference: bool, check: bool) -> dict:
    a = random_array(shape, dtype)
    packed = pack_nz(a)
    if check:
        want = reference_pack(a)
        if packed.shape != want.shape or packed.tobytes() != want.tobytes():
            sys.exit("packer_bench: pack_nz(a) differs from the reshape/transpose reference")
        del want
        if unpack_nz(packed, shape).tobytes() != a.tobytes():
            sys.exit("packer_bench: unpack_nz(pack_nz(a)) != a")
    calls = {"np.copy": lambda: np.copy(a),
             "pack_nz": lambda: pack_nz(a),
             "unpack_nz": lambda: unpack_nz(packed, shape)}
    if reference:
        calls["reference pack"] = lambda: reference_pack(a)
        calls["reference unpack"] = lambda: reference_unpack(packed, shape)
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(repeat):
        for name, fn in calls.items():
            start = time.perf_counter()
            out = fn()
            times[name].append(time.perf_counter() - start)
            del out
    return {"shape": list(shape), "dtype": np.dtype(dtype).str, "bytes": a.nbytes,
            "repeat": repeat, "seconds": times}


def summarise(record: dict) -> list[dict]:
    nbytes, times = record["bytes"], record["seconds"]
    copy_min, copy_med = min(times["np.copy"]), statistics.median(times["np.copy"])
    rows = []
    for name, values in times.items():
        lo, med = min(values), statistics.median(values)
        rows.append({"name": name, "min_s": lo, "median_s": med,
                     "mib_s_best": nbytes / MIB / lo, "mib_s_median": nbytes / MIB / med,
                     "ratio_min": copy_min / lo, "ratio_median": copy_med / med})
    return rows


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description="pack_nz / unpack_nz bandwidth against np.copy")
    p.add_argument("--shape", default="8192,32768", help="logical shape, comma separated")
    p.add_argument("--dtype", default="int8")
    p.add_argument("--repeat", type=int, default=9)
    p.add_argument("--reference", action="store_true",
                   help="also time the plain reshape/transpose (the pre-staging packer)")
    p.add_argument("--no-check", action="store_true", help="skip the correctness check")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = p.parse_args(argv)
    shape = tuple(int(d) for d in args.shape.split(","))
    record = run(shape, args.dtype, args.repeat, args.reference, not args.no_check)
    rows = summarise(record)
    if args.json:
        print(json.dumps({**record, "summary": rows}))
        return 0
    print(f"{'x'.join(map(str, shape))} {np.dtype(args.dtype).name} "
          f"({record['bytes'] / MIB:.0f} MiB), {args.repeat} repeats, interleaved")
    print(f"{'':18}{'MiB/s best':>12}{'MiB/s median':>14}{'ratio min/min':>15}"
          f"{'ratio med/med':>15}")
    for r in rows:
        print(f"{r['name']:18}{r['mib_s_best']:12.0f}{r['mib_s_median']:14.0f}"
              f"{r['ratio_min']:15.3f}{r['ratio_median']:15.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
