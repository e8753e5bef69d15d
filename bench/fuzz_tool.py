"""The long fuzz profile of nzpass-opt: thousands of mutated `pl` and `pto`
modules, mutated `--verify-diagnostics` tests, and every hand-built hostile
input (at a larger scale) through the real command. Run on demand, not a test;
test/unit/test_fuzz_tool.py runs a bounded profile of the same cases.

    /work/venv/bin/python bench/fuzz_tool.py              # 20000 + 5000 + structured (~7 min)
    python bench/fuzz_tool.py --mutations 50000 --seed 7 --jobs 2
    python bench/fuzz_tool.py --mutations 0 --verify 0    # structured cases only
    python bench/fuzz_tool.py --mutations 0 --verify 0 --corpus PTOAS/test  # the field's .pto

Prints the outcome table (classes by case family), the known bugs it met
(test/support/fuzz_runner.py KNOWN_BUGS) and the report of every new bug, with
its input. Exits 1 when there is a new bug.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test"))

from progress import Progress
from support import fuzz_mutations as fm
from support import fuzz_runner as fr

# Cases per call of run_cases: the bar moves a batch at a time, a group being split in at
# least 50 batches; each call starts its runners again, so a batch holds at most BATCH
# cases (restarting then costs well under 1% of the run).
BATCH = 400
MIN_BATCHES = 50


def run_with_progress(groups, timeout: float, jobs: int) -> list[fr.Outcome]:
    """run_cases over each (cases, runner class) group, batch by batch, with a bar on stderr."""
    groups = [(list(cases), runner) for cases, runner in groups]
    progress = Progress(sum(len(cases) for cases, _ in groups), "fuzz")
    outcomes: list[fr.Outcome] = []
    try:
        for cases, runner in groups:
            size = min(BATCH, max(1, -(-len(cases) // MIN_BATCHES)))
            for start in range(0, len(cases), size):
                batch = cases[start:start + size]
                outcomes += fr.run_cases(batch, runner, timeout, jobs)
                progress.advance(len(batch), f"{len(outcomes)} inputs, "
                                 f"{len(fr.new_bugs(outcomes))} new bugs")
    finally:
        progress.finish(f"{len(outcomes)} inputs")
    return outcomes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations")
    parser.add_argument("--mutations", type=int, default=20000, help="mutated modules")
    parser.add_argument("--verify", type=int, default=5000,
                        help="mutated invalid tests run with --verify-diagnostics")
    parser.add_argument("--corpus", type=Path, action="append", default=[], metavar="DIR",
                        help="also mutate every .pto file under DIR (repeatable: a PTOAS "
                        "checkout's test/)")
    parser.add_argument("--corpus-mutations", type=int, default=5000,
                        help="mutated corpus chunks, with --corpus")
    parser.add_argument("--scale", type=int, default=3,
                        help="growth of the deep structured inputs (1: unit-test size, 0: none)")
    parser.add_argument("--jobs", type=int, default=2, help="processes running cases")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per run")
    parser.add_argument("--show", type=int, default=20, help="new bugs to print in full")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    outcomes = run_with_progress([
        (fm.structured_cases(args.scale) if args.scale else [], fr.ToolRunner),
        (fm.mutation_cases(args.seed, args.mutations) + fm.verify_cases(args.seed, args.verify)
         + (fm.corpus_cases(args.seed, args.corpus_mutations, args.corpus) if args.corpus else []),
         fr.WorkerRunner),
    ], args.timeout, args.jobs)
    elapsed = time.perf_counter() - start

    print(f"{len(outcomes)} inputs in {elapsed:.0f} s (seed {args.seed}, scale {args.scale}, "
          f"{args.jobs} jobs)\n")
    print(fr.table(outcomes))
    by_bug: dict[str, list[fr.Outcome]] = defaultdict(list)
    for outcome in outcomes:
        bug = fr.known_bug(outcome) if outcome.is_bug else None
        if bug is not None:
            by_bug[bug.id].append(outcome)
    for bug in fr.KNOWN_BUGS:
        if by_bug[bug.id]:
            print(f"\nknown bug {bug.id} ({len(by_bug[bug.id])} inputs): {bug.summary}\n"
                  f"  e.g. {by_bug[bug.id][0].case.name}")
    new = fr.new_bugs(outcomes)
    for outcome in new[:args.show]:
        print("\nNEW " + outcome.report())
    slowest = max(outcomes, key=lambda o: o.seconds)
    print(f"\nslowest input: {slowest.case.name} ({slowest.seconds:.1f} s, {slowest.cls})")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
