"""nzpass.ir.op_names against the upstream bindings, and nzpass read through either view.

The upstream dialect modules are imported only in child processes: importing them here
would register their views for every later test in this process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from nzpass.ir import op_names

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "matmul_nz.mlir"
STOOD_IN = [f"mlir.dialects.{name}" for name in op_names.STOOD_IN_DIALECTS]


def child(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


_UPSTREAM_NAMES = """
import importlib, json
names = {}
for dialect in ("builtin", "func", "arith", "scf", "memref"):
    module = importlib.import_module("mlir.dialects." + dialect)
    for value in vars(module).values():
        name = getattr(value, "OPERATION_NAME", None)
        if isinstance(name, str):
            names[name] = value.__name__
from mlir.dialects import arith
print(json.dumps([names, {p.name: p.value for p in arith.CmpIPredicate}]))
"""


def test_every_name_is_an_upstream_op_spelled_as_its_constant():
    upstream, predicates = json.loads(child(_UPSTREAM_NAMES))
    constants = {key: value for key, value in vars(op_names).items()
                 if key.isupper() and isinstance(value, str)}
    assert len(constants) > 30
    for key, name in constants.items():
        assert name in upstream, f"{key} = {name!r} is no op of the upstream modules"
        assert key == name.upper().replace(".", "_"), key
    assert predicates == op_names.CMPI_PREDICATES


_RUNS = """
import io, json, shlex, sys
{before}
from nzpass.tools.nzpass_opt import NzpassOpt
results = []
for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    code = NzpassOpt(args, stdout=out, stderr=err).run()
    results.append([code, out.getvalue(), err.getvalue()])
loaded = sorted(m for m in {stood_in!r} if m in sys.modules)
print(json.dumps([loaded, results]))
"""
UPSTREAM = ("import mlir.dialects.builtin, mlir.dialects.func, mlir.dialects.arith, "
            "mlir.dialects.scf")


def run_tool(before: str, runs: list[list[str]]) -> tuple[list[str], list[list]]:
    """Each argument list run by the tool in one child process: the upstream modules it
    holds at the end, and (exit code, output, diagnostics) of each run."""
    loaded, results = json.loads(child(_RUNS.format(before=before, stood_in=STOOD_IN),
                                       json.dumps(runs)))
    return loaded, results


def lit_runs() -> list[list[str]]:
    """The tool's runs of the lit goldens (each `nzpass-opt %s ...` RUN line), and every
    pl golden through pl-to-pto: every pass reads every kind of op there."""
    runs = []
    for path in sorted((ROOT / "test" / "lit").glob("*.mlir")):
        for line in path.read_text().splitlines():
            if line.startswith("// RUN: nzpass-opt %s "):
                args = line.removeprefix("// RUN: nzpass-opt %s ").split("|")[0].split()
                runs.append([str(path), "-j", "1", *args])
        if path.name.startswith(("block-nz-tensor-views", "convert-pl-to-pto",
                                 "materialize-tensor-strides")):
            runs.append([str(path), "-j", "1", "-p", "pl-to-pto", "--split-input-file"])
    return runs


def test_a_run_imports_no_upstream_dialect_module():
    loaded, [(code, output, errors)] = run_tool("", [["-j", "1", "-p", "pl-to-pto",
                                                      str(EXAMPLE)]])
    assert (loaded, code, errors) == ([], 0, "")
    assert "pto.tload" in output


def test_upstream_views_give_the_same_output_and_diagnostics(tmp_path):
    # The same runs in a process whose ops come back as mlir.dialects' views (a func.func
    # as FuncOp, whose `.name` is its symbol): nzpass must read them the same way.
    refused = tmp_path / "refused.mlir"
    refused.write_text(EXAMPLE.read_text().replace("array<i64: 0, 2>", "array<i64: 0, 3>"))
    runs = [["-j", "1", "-p", "pl-to-pto", str(EXAMPLE)],
            ["-j", "1", "-p", "pl-to-pto", str(refused)], *lit_runs()]
    assert len(runs) > 15
    lean_loaded, lean = run_tool("", runs)
    viewed_loaded, viewed = run_tool(UPSTREAM, runs)
    assert lean_loaded == [] and viewed_loaded == sorted(STOOD_IN)
    for args, a, b in zip(runs, lean, viewed, strict=True):
        assert a == b, f"nzpass-opt {' '.join(args)} differs under the upstream views"
    assert lean[1][0] == 1 and "refused.mlir:26:13: error: NZ load" in lean[1][2]
    assert sum(code == 0 for code, _, _ in lean) > 10
