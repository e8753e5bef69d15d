"""Fuzz verify-pto-nz as translation validation: the long profile.

The generator and judge of test/unit/test_verify_fuzz.py, run longer: random hand-written
rank-5 pto programs go through `verify-pto-nz{strict-bounds=true}`; every accepted one is
simulated in a2a3 mode for several bindings and compared with the ideal window; with
--judge-refused every refused one is simulated too, to count how many refusals were
needed (the model would have moved wrong data or left the tensor). Run on demand:

    .venv/bin/python bench/fuzz_verify.py                     # 3000 programs, seed 1
    .venv/bin/python bench/fuzz_verify.py --count 20000 --seed 7 --judge-refused
    .venv/bin/python bench/fuzz_verify.py --cube 400          # the cube path only

--cube N: N random cube programs (NZ Mat -> textract / tmov -> Left / Right -> tmatmul ->
Acc -> NZ store; the generator of test/unit/test_redteam24_model.py) through verify-pto-nz,
every accepted one run in a2a3 mode with nzpass.model.cube's hooks against x @ w.

Prints: generated, accepted, refused by reason, mismatches (accepted but wrong: a
soundness bug; exit status 1), and a progress line every 500 programs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "test" / "unit"))

import test_redteam24_model as cube
import test_verify_fuzz as vf


def _draw_cube(rng: random.Random) -> dict:
    """Random shapes for cube._program: operands wider than their valid region, compact or
    not, f16 or f32, a static or dynamic valid k, one mad or an accumulating pair."""
    dtype = rng.choice(("f16", "f32"))
    c0 = 16 if dtype == "f16" else 8
    big, ks = (16, 32, 48), [v for v in range(c0, 49, c0)]
    M, K, N = (rng.choice(big) for _ in range(3))
    k = rng.choice([v for v in ks if v <= K])
    n = rng.choice(range(16, N + 1, 16))
    return dict(M=M, K=K, N=N, m=rng.choice(range(16, M + 1, 16)), k=k, n=n, dtype=dtype,
                LC=rng.choice([v for v in range(c0, K + 1, c0) if v >= k]),
                RR=rng.choice([v for v in range(c0, K + 1, c0) if v >= k]),
                RC=rng.choice(range(n, N + 1, 16)), lcompact=rng.choice((0, 0, 1)),
                rcompact=rng.choice((0, 0, 1)), acc_op=rng.random() < 0.3,
                dynamic_k=rng.random() < 0.3)


def run_cube(count: int, seed: int) -> int:
    """The --cube profile: prints generated, accepted, mismatches; 1 on a mismatch."""
    rng = random.Random(seed)
    accepted, mismatches = 0, []
    for index in range(count):
        text, params = cube._program(**_draw_cube(rng))
        if not cube._verify(text)[0]:
            continue
        accepted += 1
        if not cube._run(text, params):
            mismatches.append((index, params))
    print(f"cube: generated {count}  accepted {accepted}  mismatches {len(mismatches)}")
    for index, params in mismatches[:5]:
        print(f"MISMATCH #{index}: {params}")
    return 1 if mismatches else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-refused", action="store_true",
                        help="simulate refused programs too (how many refusals were needed)")
    parser.add_argument("--cube", type=int, default=0,
                        help="run N random cube programs instead (textract, tmov, tmatmul)")
    args = parser.parse_args(argv)
    if args.cube:
        return run_cube(args.cube, args.seed)
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
