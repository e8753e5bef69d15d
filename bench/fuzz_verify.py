"""Fuzz verify-pto-nz as translation validation: the long profile.

The generator and judge of test/unit/test_verify_fuzz.py, run longer: random hand-written
rank-5 pto programs go through `verify-pto-nz{strict-bounds=true}`; every accepted one is
simulated in a2a3 mode for several bindings and compared with the ideal window; with
--judge-refused every refused one is simulated too, to count how many refusals were
needed (the model would have moved wrong data or left the tensor). Run on demand:

    .venv/bin/python bench/fuzz_verify.py                     # 3000 programs, seed 1
    .venv/bin/python bench/fuzz_verify.py --count 20000 --seed 7 --judge-refused

Prints: generated, accepted, refused by reason, mismatches (accepted but wrong: a
soundness bug; exit status 1), and a progress line every 500 programs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "test" / "unit"))

import test_verify_fuzz as vf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-refused", action="store_true",
                        help="simulate refused programs too (how many refusals were needed)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    total = vf.Tally()
    chunk = 500
    for first in range(0, args.count, chunk):
        n = min(chunk, args.count - first)
        part = vf.run(n, seed=args.seed * 100003 + first, judge_refused=args.judge_refused)
        total.generated += part.generated
        total.accepted += part.accepted
        total.refused.update(part.refused)
        total.refused_wrong += part.refused_wrong
        total.mismatches.extend(part.mismatches)
        print(f"[{total.generated}/{args.count}] accepted {total.accepted}, mismatches "
              f"{len(total.mismatches)}, {time.monotonic() - start:.0f} s", file=sys.stderr)
    refused = sum(total.refused.values())
    print(f"generated {total.generated}  accepted {total.accepted}  refused {refused}  "
          f"mismatches {len(total.mismatches)}  ({time.monotonic() - start:.0f} s)")
    if args.judge_refused:
        print(f"refused programs the a2a3 model gets wrong (refusal needed): "
              f"{total.refused_wrong} of {refused}")
    print("refused by reason:")
    for reason, count in total.refused.most_common():
        print(f"  {count:6d}  {reason}")
    for index, problem, text in total.mismatches[:5]:
        print(f"\nMISMATCH #{index}: {problem}\n{text}")
    return 1 if total.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
