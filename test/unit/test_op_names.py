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
for dialect in ("builtin", "func", "arith", "scf"):
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


_RUN = """
import sys
{before}
from nzpass.tools.nzpass_opt import NzpassOpt
import io
out, err = io.StringIO(), io.StringIO()
code = NzpassOpt(sys.argv[1:], stdout=out, stderr=err).run()
loaded = sorted(m for m in {stood_in!r} if m in sys.modules)
sys.stdout.write(repr((code, loaded, err.getvalue())) + "\\n" + out.getvalue())
"""


def run_tool(before: str, *args: str) -> tuple[str, str]:
    text = child(_RUN.format(before=before, stood_in=STOOD_IN), *args)
    head, _, output = text.partition("\n")
    return head, output


def test_a_run_imports_no_upstream_dialect_module():
    head, output = run_tool("", "-j", "1", "-p", "pl-to-pto", str(EXAMPLE))
    assert head == repr((0, [], ""))
    assert "pto.tload" in output


def test_upstream_views_give_the_same_output_and_diagnostics(tmp_path):
    # The same run in a process whose ops come back as mlir.dialects' views (a func.func
    # as FuncOp, whose `.name` is its symbol): nzpass must read them the same way.
    upstream = "import mlir.dialects.builtin, mlir.dialects.func, mlir.dialects.arith, " \
               "mlir.dialects.scf"
    refused = tmp_path / "refused.mlir"
    refused.write_text(EXAMPLE.read_text().replace("array<i64: 0, 2>", "array<i64: 0, 3>"))
    for args in (["-j", "1", "-p", "pl-to-pto", str(EXAMPLE)],
                 ["-j", "1", "-p", "pl-to-pto,verify-pto-nz", str(EXAMPLE)],
                 ["-j", "1", "-p", "pl-to-pto", str(refused)]):
        lean = run_tool("", *args)
        viewed = run_tool(upstream, *args)
        assert viewed[0].replace(repr(sorted(STOOD_IN)), "[]") == lean[0]
        assert viewed[1] == lean[1]
    assert lean[0].startswith("(1, [], ") and "refused.mlir:26:13: error: NZ load" in lean[0]
    head = run_tool(upstream, "-j", "1", "-p", "pl-to-pto", str(EXAMPLE))[0]
    assert repr(sorted(STOOD_IN)) in head
