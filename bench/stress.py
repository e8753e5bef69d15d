"""Run the test suites again and again, several copies at once, to find flaky tests.

    .venv/bin/python bench/stress.py                   # 2 streams x 10 rounds = 20 runs
    .venv/bin/python bench/stress.py --streams 3 --rounds 4 --keep-going

Each stream works in its own copy of the committed tree (`git archive HEAD`, so lit's
output folders and the tests' scratch files never collide), installs it into its own venv
as the README's test command does (`pip install '.[test]'`, once per stream), and runs,
round after round, that command's suites: `lit -sv test/lit`, then
`python -m pytest test/unit`, with NZPASS_REQUIRE_BROWSER=1 as in CI. The streams
run at the same time, so every run is under the load of the others (on the 2-core
machine, two streams keep both cores busy). A run that fails keeps its log under
bench/out/stress/; the summary says how many runs passed in a row, and the exit status
is non-zero if any failed. Run on demand, not a test.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "bench" / "out" / "stress"


@dataclass
class Run:
    stream: int
    round: int
    ok: bool
    seconds: float
    log: Path | None


def copy_of_head(into: Path) -> Path:
    """The committed tree, unpacked: what CI would test."""
    archive = into / "head.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), "HEAD"], check=True)
    tree = into / "tree"
    tree.mkdir()
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    archive.unlink()
    return tree


def install(tree: Path) -> None:
    """The copy's own environment, made as the README's test command makes it."""
    subprocess.run([sys.executable, "-m", "venv", str(tree / ".venv")], check=True)
    subprocess.run([str(tree / ".venv" / "bin" / "pip"), "install", "-q", ".[test]"],
                   cwd=tree, check=True, capture_output=True)


def suite_commands(tree: Path) -> list[list[str]]:
    bin_dir = tree / ".venv" / "bin"
    return [[str(bin_dir / "lit"), "-sv", "test/lit"],
            [str(bin_dir / "python"), "-m", "pytest", "-p", "no:cacheprovider", "test/unit"]]


def run_round(stream: int, number: int, tree: Path) -> Run:
    env = dict(os.environ, NZPASS_REQUIRE_BROWSER="1")
    start = time.monotonic()
    output = []
    ok = True
    for command in suite_commands(tree):
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
        output.append(f"$ {' '.join(command)}\n{done.stdout}{done.stderr}")
        if done.returncode != 0:
            ok = False
            break
    seconds = time.monotonic() - start
    log = None
    if not ok:
        LOGS.mkdir(parents=True, exist_ok=True)
        log = LOGS / f"stream{stream}-round{number}.log"
        log.write_text("\n".join(output))
    return Run(stream, number, ok, seconds, log)


def stream_worker(stream: int, rounds: int, keep_going: bool, runs: list[Run],
                  lock: threading.Lock, stop: threading.Event) -> None:
    with tempfile.TemporaryDirectory(prefix=f"nzpass-stress{stream}-") as scratch:
        tree = copy_of_head(Path(scratch))
        install(tree)
        for number in range(1, rounds + 1):
            if stop.is_set():
                return
            run = run_round(stream, number, tree)
            with lock:
                runs.append(run)
                verdict = "pass" if run.ok else f"FAIL (log {run.log})"
                print(f"stream {stream} round {number}: {verdict} in {run.seconds:.0f} s",
                      flush=True)
            if not run.ok and not keep_going:
                stop.set()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=2, help="copies run at once")
    parser.add_argument("--rounds", type=int, default=10, help="runs per stream")
    parser.add_argument("--keep-going", action="store_true",
                        help="finish every round even after a failure")
    args = parser.parse_args(argv)
    runs: list[Run] = []
    lock, stop = threading.Lock(), threading.Event()
    start = time.monotonic()
    workers = [threading.Thread(target=stream_worker,
                                args=(s, args.rounds, args.keep_going, runs, lock, stop))
               for s in range(1, args.streams + 1)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    passed = sum(run.ok for run in runs)
    times = sorted(run.seconds for run in runs)
    print(f"{passed} of {len(runs)} runs passed ({args.streams} streams at once), "
          f"{time.monotonic() - start:.0f} s in all; a run took {times[0]:.0f} to "
          f"{times[-1]:.0f} s" if times else "no run finished")
    return 0 if runs and passed == len(runs) else 1


if __name__ == "__main__":
    sys.exit(main())
