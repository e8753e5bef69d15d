"""The import budget of one nzpass-opt run, guarded by what is imported (never by
a time): the tool's start-up is mostly imports, and a module pulled onto the path
of every run costs every user every run."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nzpass.dialects import pto
from nzpass.dialects.pto_table_views import VIEWED
from nzpass.driver.source import may_hold_pto_syntax, split_input
from nzpass.pto_syntax import to_generic

ROOT = Path(__file__).resolve().parents[2]
KERNEL = ROOT / "examples" / "matmul_nz.mlir"

# Run the tool as its console script does (`from nzpass.tools.nzpass_opt import main`),
# then list every module the run imported.
_RUN_AND_LIST = """
import json, sys
from nzpass.tools.nzpass_opt import NzpassOpt
code = NzpassOpt(sys.argv[1:]).run()
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

# Not needed by a run over `pl` input that prints generic pto: the custom-syntax
# reader and printer, the part of the op table only they read, the off-device model
# and numpy,
# the --nz-explain machinery, the --verify-diagnostics checker; dataclasses and the
# inspect it imports (10 to 17 ms: passes are classes of their own), fractions (1.6 ms,
# only dynamic extents' linear forms read it).
_NOT_ON_THE_PL_PATH = ("numpy", "nzpass.pto_syntax.", "nzpass.dialects.pto_table_rest",
                       "nzpass.model", "nzpass.explain.", "nzpass.driver.verify_diagnostics",
                       "dataclasses", "inspect", "fractions")


def _imported(args: list[str]) -> set[str]:
    result = subprocess.run([sys.executable, "-c", _RUN_AND_LIST, *args],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["code"] == 0, result.stderr
    return set(report["modules"])


def _unwanted(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of `modules` that `names` rules out: a name ending in `.` rules out
    the package's submodules, any other name the module and its submodules."""
    def rules_out(name: str, module: str) -> bool:
        if name.endswith("."):
            return module.startswith(name)
        return module == name or module.startswith(name + ".")

    return sorted(m for m in modules if any(rules_out(n, m) for n in names))


def test_the_main_job_on_pl_input_imports_only_what_it_needs(tmp_path):
    modules = _imported([str(KERNEL), "-p", "pl-to-pto", "-o", str(tmp_path / "out.mlir")])
    assert "nzpass.passes.verify_pto_nz" in modules  # the run did run the pipeline
    assert _unwanted(modules, _NOT_ON_THE_PL_PATH) == []


def test_printing_custom_syntax_loads_the_printer_when_asked(tmp_path):
    modules = _imported([str(KERNEL), "-p", "pl-to-pto", "--pto-syntax", "custom",
                         "-o", str(tmp_path / "out.pto")])
    assert "nzpass.pto_syntax.printer" in modules
    assert _unwanted(modules, ("numpy", "nzpass.model")) == []


def test_every_op_the_pto_views_read_is_in_the_first_part_of_the_op_table():
    """bench/pto_format_table.py's VIEWED_OPS must name every op `dialects.pto` has a
    view of, or a run of the passes builds the whole table. The views are the module's
    classes: `pto.table_op` makes one for any other op as it is read (building the whole
    table then), which would make this test depend on what ran before it."""
    named = {view.NAME for view in vars(pto).values()
             if isinstance(view, type) and issubclass(view, pto.PtoOp) and hasattr(view, "NAME")}
    assert named and named <= set(VIEWED)


def _sources() -> list[Path]:
    return sorted(p for folder in (ROOT / "test", ROOT / "examples")
                  for pattern in ("*.mlir", "*.pto") for p in folder.rglob(pattern))


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_text_the_pto_reader_is_skipped_for_comes_back_unchanged(path):
    """`parse_chunk` skips the pto reader for text `may_hold_pto_syntax` refuses: the
    reader must give every such text back as it is."""
    text = path.read_text(encoding="utf-8", errors="replace")
    chunks, _ = split_input(text, str(path), split=True)
    for chunk in chunks:
        if not may_hold_pto_syntax(chunk.text):
            assert to_generic(chunk.text) == chunk.text


@pytest.mark.parametrize("text", [
    '%v = pto.make_tensor_view %p : !pto.ptr<f16>',  # a custom op
    'func.func @f(%a: !pto.ptr<f16>) { return }',  # a pto type to respell
    '%t = "pl.x"() {s = "//"} : () -> !pto.tile_buf<mat, 16x16xf16>',  # after a string
])
def test_text_naming_pto_outside_strings_and_comments_goes_through_the_reader(text):
    assert may_hold_pto_syntax(text)


@pytest.mark.parametrize("text", [
    '"pl.tile.load"(%a) : (i32) -> i32 // see pto.tload',
    '"test.op"() {note = "pto.tload"} : () -> ()',
])
def test_pto_only_in_strings_and_comments_skips_the_reader(text):
    assert not may_hold_pto_syntax(text)
