"""Which fuzz programs an older nzpass refused and this one accepts, and the reverse.

The same generated programs (test/support/fuzz_programs.py, seeds 0..N-1 of each level) are
lowered by this nzpass and by an older one (default: commit c5cbdc5, before the soundness
work of issue 13), which runs in its own environment as a worker subprocess. Every program
either accepts is judged with the a2a3 model (the old lowering's output is simulated by
this model), so the table says, for each change of verdict, whether it was right:

- refused before, accepted now: does the model confirm the new lowering moves exactly the
  logical data? (the issue allows these only where the analysis proves them);
- accepted before, refused now, split by the new refusal reason: did the old lowering
  move wrong bytes (a hazard now caught), or were its bytes right on this launch (the new
  proof is stronger than one run, or the program is one that must be refused anyway)?

The old code ignores the nz.* facts (unknown attributes pass through). Set up once:

    git -C /work/main worktree add /work/wt/old c5cbdc5
    cd /work/wt/old && python3 -m venv .venv && .venv/bin/pip install -q -e .
    .venv/bin/python bench/compare_acceptance.py --old-python /work/wt/old/.venv/bin/python \
        --examples 1000
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OLD = "/work/wt/old/.venv/bin/python"


# --------------------------------------------------------------------------- old worker
# Runs in the OLD environment: it may import only what every nzpass version has
# (nzpass.new_context, nzpass.run_pipeline) and the bindings.


def _worker_main() -> int:
    from mlir import ir

    import nzpass

    for line in sys.stdin:
        request = json.loads(line)
        with nzpass.new_context():
            try:
                module = ir.Module.parse(request["text"])
                result = nzpass.run_pipeline(module, request["pipeline"])
                reply = {"success": result.success,
                         "messages": [d.message for d in (result.errors or result.diagnostics)],
                         "output": str(module) if result.success else ""}
            except Exception as err:
                message = f"internal: {type(err).__name__}: {err}"
                reply = {"success": False, "messages": [message], "output": ""}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


class OldNzpass:
    """The old nzpass in a worker process, one JSON request per line."""

    def __init__(self, python: str):
        self.proc = subprocess.Popen([python, str(Path(__file__).resolve()), "--old-worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     cwd="/")  # no worktree on sys.path: the old install only

    def lower(self, text: str, pipeline: str) -> dict:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None  # both are PIPEs
        stdin.write(json.dumps({"text": text, "pipeline": pipeline}) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError("the old nzpass worker died")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# --------------------------------------------------------------------------- judging


def judge_output(fp, prog, output: str) -> str:
    """What the a2a3 model says about a lowered module: "right bytes", "wrong bytes"
    (or a failed simulation), or "no run" (every run left the tensor at run time)."""
    from nzpass.ir.bindings import ir

    with fp._context():
        module = ir.Module.parse(output)
        outcome = fp.Outcome(prog, True)
        runner = fp.Runner(prog, module)
        for bid in range(prog.block_num):
            fp.compare_run(prog, runner, bid, outcome)
    if outcome.mismatches:
        return "wrong bytes"
    return "right bytes" if outcome.runs else "no run compared"


def new_verdict(outcome) -> str:
    """The model's verdict on an accepted program: a simulated difference, or (bytes
    right) a program that had to be refused whatever it moves (fuzz_programs.must_refuse:
    a contradicting type, an active store flag, a window a stated fact lets leave)."""
    if any(not m.text.startswith("accepted although") for m in outcome.mismatches):
        return "wrong bytes"
    if outcome.mismatches:
        finding = outcome.mismatches[0].finding
        return "right bytes, but must be refused" + (f" ({finding})" if finding else "")
    return "right bytes" if outcome.runs else "no run compared"


def compare(level: str, examples: int, first_seed: int, old: OldNzpass, fp) -> dict:
    table: Counter = Counter()
    examples_of: dict = {}
    for seed in range(first_seed, first_seed + examples):
        prog = fp.build_program(level, seed)
        new = fp.check(prog)
        before = old.lower(prog.text(), fp.pipeline_for(prog))
        if before["success"] and new.accepted:
            key = ("accepted by both", new_verdict(new))
        elif not before["success"] and not new.accepted:
            key = ("refused by both", "")
        elif new.accepted:
            verdict = new_verdict(new)
            was = fp.reason_key(before["messages"][0]) if before["messages"] else "?"
            key = ("refused before, accepted now", f"{verdict}; refused before by: {was}")
            examples_of.setdefault(key, seed)
        else:
            verdict = judge_output(fp, prog, before["output"])
            must = " (must refuse)" if prog.must_refuse else ""
            key = ("accepted before, refused now", f"{new.reasons[0]}: old {verdict}{must}")
            examples_of.setdefault(key, seed)
        table[key] += 1
    return {"table": table, "examples": examples_of}


def report(level: str, result: dict, examples: int) -> str:
    table = result["table"]
    lines = [f"[{level}] {examples} programs (seeds of build_program)"]
    for group in ("refused by both", "accepted by both", "refused before, accepted now",
                  "accepted before, refused now"):
        rows = sorted(((k[1], v) for k, v in table.items() if k[0] == group),
                      key=lambda kv: (-kv[1], kv[0]))
        lines.append(f"  {group}: {sum(v for _, v in rows)}")
        for detail, v in rows:
            if detail:
                extra = result["examples"].get((group, detail))
                shown = f"   e.g. seed {extra}" if extra is not None else ""
                lines.append(f"    {v:6d}  {detail}{shown}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--old-python", default=DEFAULT_OLD,
                        help="the interpreter of the old nzpass's environment")
    parser.add_argument("--examples", type=int, default=1000, help="programs per level")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--levels", default="pl,pto")
    parser.add_argument("--json", type=Path, help="write the tables to this file")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "test"))
    from support import fuzz_programs as fp

    old = OldNzpass(args.old_python)
    start = time.perf_counter()
    results = {}
    try:
        for level in args.levels.split(","):
            results[level] = compare(level, args.examples, args.first_seed, old, fp)
            print(report(level, results[level], args.examples), flush=True)
    finally:
        old.close()
    print(f"{time.perf_counter() - start:.1f} s")
    if args.json:
        args.json.write_text(json.dumps({
            level: {" | ".join(filter(None, k)): v for k, v in r["table"].items()}
            for level, r in results.items()}, indent=2))
    wrong_now = sum(v for r in results.values() for k, v in r["table"].items()
                    if k[0] == "refused before, accepted now" and k[1].startswith("wrong"))
    return 1 if wrong_now else 0


if __name__ == "__main__" and sys.argv[1:] == ["--old-worker"]:
    sys.exit(_worker_main())
elif __name__ == "__main__":
    sys.exit(main())
