"""Differential fuzzing of the NZ passes against numpy: the long profile.

The same generators as test/unit/test_fuzz_differential.py (test/support/fuzz_programs.py),
run longer. Random `pl` programs go through `pl-to-pto`, random `pto` programs through
`pto-block-nz-views,verify-pto-nz`; every accepted program is simulated in a2a3 mode for
every block index with GM = pack_nz(logical) and each loaded tile (valid region) and each
GM tensor after the stores is compared with numpy; each refused program is recorded by
reason. Run on demand, not a test:

    /work/venv/bin/python bench/fuzz_differential.py                   # 5000 pl + 5000 pto
    python bench/fuzz_differential.py --examples 20000 --levels pl --seed 3
    python bench/fuzz_differential.py --guards                         # + guard necessity
    python bench/fuzz_differential.py --bypass align                   # whole run, 1 guard off
    python bench/fuzz_differential.py --show pl:329                    # one program, replayed

--guards: every program refused *only* by one of the four guards (GM gap, sign proof,
alignment proof, whole-row Acc store) is run again with that guard bypassed; the report
counts how many then produce wrong bytes, touch memory outside the tensor, are still
refused for another reason, or happen to come out right (a proof obligation is stronger
than the run-time values of one program). --bypass runs the whole fuzz with one guard off
(its mismatches show the differential check catches what the guard prevents).

The programs include the generator's attacks (narrow and mixed integer widths, wrapping
casts and arithmetic, unsigned loops, stated ranges at the tensor's edge, contradicting
types, store flags in both spellings); the report counts, per attack, the programs
accepted of those generated. An accepted program whose row/column window or valid extent
leaves the tensor at run time, or that had to be refused (fuzz_programs.must_refuse), is a
mismatch too. bench/compare_acceptance.py runs the same programs through an older nzpass.

Exit status 1 when an unexplained mismatch is found (KNOWN_FINDINGS are reported apart).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "test"))

from hypothesis import Phase, given, seed, settings  # noqa: E402

from support import fuzz_programs as fp  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from progress import Progress  # noqa: E402


def guard_effect(outcome) -> str:
    """What a program did once its guard was bypassed."""
    if outcome is None:
        return "refused by another reason too (not rerun)"
    if not outcome.accepted:
        return "still refused (another check)"
    if any("GmOutOfBounds" in m.text for m in outcome.mismatches):
        return "touched GM outside the tensor"
    if outcome.mismatches:
        return "wrong bytes, silently"
    if not outcome.runs:
        return "only runs with windows outside the tensor"
    return "right bytes anyway"


def run(level: str, examples: int, seed_value: int, stats: fp.Stats, guards: bool,
        guard_stats: Counter, guard_examples: dict, progress: Progress) -> None:
    @seed(seed_value)
    @settings(max_examples=examples, deadline=None, database=None,
              phases=[Phase.generate], suppress_health_check=fp.ALL_HEALTH_CHECKS)
    @given(fp.programs(level))
    def body(prog):
        outcome = fp.run_and_record(prog, stats)
        progress.advance(1, f"{level}: {sum(stats.generated.values())} programs, "
                         f"{stats.n_mismatches()} mismatches")
        if not guards or outcome.accepted:
            return
        for guard, reasons in fp.GUARD_REASONS.items():
            if set(outcome.reasons) & set(reasons):
                effect = guard_effect(fp.check_guard(prog, guard, outcome))
                guard_stats[(level, guard, effect)] += 1
                if effect.startswith(("wrong", "touched")):
                    guard_examples.setdefault((level, guard), prog)

    body()


def show(level: str, seed_text: str, bypass: str | None = None) -> int:
    """Replay the program a report names by its seed."""
    prog = fp.build_program(level, int(seed_text))
    print(prog.text())
    print("//", prog.describe())
    print("// features:", ", ".join(sorted(prog.features)) or "none")
    if bypass:
        with fp.bypassed(bypass):
            outcome = fp.check(prog)
    else:
        outcome = fp.check(prog)
    if not outcome.accepted:
        for message in outcome.messages:
            print("// refused:", message)
        return 0
    print(f"// accepted: {outcome.runs} block runs compared, skipped "
          f"{dict(outcome.skipped_runs) or 'none'}")
    for m in outcome.mismatches:
        print(f"// MISMATCH{f' ({m.finding})' if m.finding else ''}: {m.text}")
    return 1 if outcome.unexplained else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="programs per level")
    parser.add_argument("--levels", default="pl,pto")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed")
    parser.add_argument("--guards", action="store_true",
                        help="rerun each program refused only by a guard with it bypassed")
    parser.add_argument("--bypass", choices=sorted(fp.GUARD_REASONS),
                        help="run the whole fuzz with this guard switched off")
    parser.add_argument("--json", type=Path, help="write the counts to this file")
    parser.add_argument("--show", metavar="LEVEL:SEED",
                        help="print one program (MLIR text, description, outcome) and exit")
    args = parser.parse_args(argv)
    if args.show:
        return show(*args.show.split(":"), bypass=args.bypass)

    stats = fp.Stats()
    guard_stats: Counter = Counter()
    guard_examples: dict = {}
    start = time.perf_counter()
    levels = args.levels.split(",")
    # Hypothesis may stop a level early (no new example): the bar then jumps at its end.
    progress = Progress(args.examples * len(levels), "fuzz")
    try:
        for number, level in enumerate(levels, 1):
            if args.bypass:
                with fp.bypassed(args.bypass):
                    run(level, args.examples, args.seed, stats, False, guard_stats,
                        guard_examples, progress)
            else:
                run(level, args.examples, args.seed, stats, args.guards, guard_stats,
                    guard_examples, progress)
            progress.advance(number * args.examples - progress.done)
    finally:
        progress.finish(f"{sum(stats.generated.values())} programs")
    stats.seconds = time.perf_counter() - start

    title = f"differential fuzz, seed {args.seed}"
    if args.bypass:
        title += f", guard '{args.bypass}' BYPASSED"
    print(f"{title}: {sum(stats.generated.values())} programs in {stats.seconds:.1f} s")
    print(stats.report(examples=10))
    for level in args.levels.split(","):
        for finding, text in fp.KNOWN_FINDINGS.items():
            if stats.findings[(level, finding)]:
                print(f"[{level}] {finding}: {text}")
                example = next(o for o in stats.known if finding in o.findings
                               and o.program.level == level)
                print(f"    e.g. seed={example.program.seed}: {example.program.describe()}")
    if args.guards:
        print("guard necessity: programs refused by the guard, rerun with it bypassed")
        for (level, guard, effect), n in sorted(guard_stats.items()):
            print(f"    [{level}] {guard:8s} {n:6d}  {effect}")
        for (level, guard), prog in sorted(guard_examples.items()):
            print(f"    e.g. [{level}] {guard}: seed={prog.seed}: {prog.describe()}")
    if args.json:
        args.json.write_text(json.dumps({
            "seed": args.seed, "seconds": stats.seconds, "bypass": args.bypass,
            "generated": dict(stats.generated), "accepted": dict(stats.accepted),
            "refused": {f"{lv}: {k}": v for (lv, k), v in stats.refused.items()},
            "mismatches": stats.n_mismatches(),
            "findings": {f"{lv}: {f}": v for (lv, f), v in stats.findings.items()},
            "guards": {f"{lv}: {g}: {e}": v for (lv, g, e), v in guard_stats.items()},
        }, indent=2))
    return 1 if stats.n_mismatches() and not args.bypass else 0


if __name__ == "__main__":
    sys.exit(main())
