"""nzpass-opt driven in-process: exit codes and the user-facing messages of
every CLI behaviour (the lit tests under test/lit/tools check the same paths
end to end)."""

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nzpass import passes
from nzpass.driver.pass_base import ModulePass
from nzpass.ir.bindings import ir
from nzpass.tools.nzpass_opt import EXIT_DIAGNOSED, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE

DIAG_FUNC = """\
func.func @f(%a: i32) {
  "test.op"() {test.diag = "SEVERITY: MESSAGE"} : () -> ()
  return
}
"""


def diag_input(severity="warning", message="look here"):
    return DIAG_FUNC.replace("SEVERITY", severity).replace("MESSAGE", message)


@pytest.fixture
def source(tmp_path):
    """Write MLIR text to a file and give its path."""

    def write(text, name="in.mlir"):
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return write


# --- informational flags ---------------------------------------------------

def test_version(cli):
    result = cli(["--version"])
    assert result.code == EXIT_OK
    assert result.out.startswith("nzpass-opt ")
    assert result.err == ""


def test_help_goes_to_the_tool_stdout(cli):
    result = cli(["--help"])
    assert result.code == EXIT_OK
    assert result.out.startswith("usage: nzpass-opt")
    assert "--verify-diagnostics" in result.out


def test_list_passes_names_every_registered_pass_with_its_options(cli):
    result = cli(["--list-passes"])
    assert result.code == EXIT_OK
    for name in passes.PASSES:
        assert f"  {name}: " in result.out
    assert "    repeat=<int> (default 1): " in result.out
    assert '    prefix=<str> (default ""): ' in result.out


# --- input and output ------------------------------------------------------

def test_input_from_file_and_stdin_agree(cli, source):
    text = "func.func @f() {\n  return\n}\n"
    from_file = cli([source(text)])
    from_dash = cli(["-"], stdin=text)
    implicit = cli([], stdin=text)
    assert from_file.code == from_dash.code == implicit.code == EXIT_OK
    assert from_file.out == from_dash.out == implicit.out
    assert "func.func @f()" in from_file.out


def test_stdin_diagnostics_are_named_stdin(cli):
    result = cli(["-p", "test-emit-diagnostics"], stdin=diag_input())
    assert result.code == EXIT_OK
    assert result.err.startswith("<stdin>:2:3: warning: look here\n")


def test_output_file(cli, source, tmp_path):
    out = tmp_path / "out.mlir"
    result = cli([source(diag_input()), "-o", str(out)])
    assert result.code == EXIT_OK
    assert result.out == ""
    assert "func.func @f" in out.read_text()


@pytest.mark.parametrize("flags", [[], ["--mlir-print-op-generic"], ["--split-input-file"],
                                   ["--pto-syntax=custom"]])
def test_output_file_holds_exactly_what_stdout_gets(cli, source, tmp_path, flags):
    # A lone module is printed straight into the file; split chunks and the
    # custom syntax go through memory. Every way must write the same bytes.
    text = diag_input() + "// -----\n" + diag_input("remark").replace("@f", "@g")
    path = source(text)
    out = tmp_path / "out.mlir"
    to_file = cli([path, "-o", str(out), *flags])
    to_stdout = cli([path, *flags])
    assert to_file.code == to_stdout.code == EXIT_OK
    assert out.read_text() == to_stdout.out
    assert to_stdout.out.endswith("\n")


@pytest.mark.parametrize("flags", [[], ["--mlir-print-op-generic"], ["--mlir-print-debuginfo"]])
def test_both_printers_write_the_same_bytes(cli, tmp_path, monkeypatch, flags):
    # Small inputs go through the bindings' printer, large ones through MLIR's C++
    # printer (driver/output.py): the choice must never show in the output.
    from nzpass.driver import output

    kernel = str(Path(__file__).resolve().parents[2] / "examples" / "matmul_nz.mlir")
    args = [kernel, "-p", "pl-to-pto", *flags]
    by_bindings = cli(args)
    streamed_by_bindings = cli([*args, "-o", str(tmp_path / "a.mlir")])
    monkeypatch.setattr(output, "NATIVE_MIN_INPUT_BYTES", 0)
    by_cxx = cli(args)
    streamed_by_cxx = cli([*args, "-o", str(tmp_path / "b.mlir")])
    assert by_bindings.code == by_cxx.code == streamed_by_bindings.code == \
        streamed_by_cxx.code == EXIT_OK
    assert by_cxx.out == by_bindings.out
    assert (tmp_path / "a.mlir").read_bytes() == (tmp_path / "b.mlir").read_bytes() == \
        by_cxx.out.encode()


@pytest.mark.parametrize("tail", [["-p", "pl-to-pto"], ["-p", "test-emit-diagnostics"]])
def test_the_tool_process_writes_everything_before_it_ends(cli, tail):
    # main() ends the process without the interpreter's teardown: whatever it wrote
    # must still arrive whole, with the exit code of the run.
    kernel = str(Path(__file__).resolve().parents[2] / "examples" / "matmul_nz.mlir")
    text = Path(kernel).read_text() + "\n" + diag_input("error").replace("@f", "@g")
    in_process = cli(["-", *tail], stdin=text)
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    process = subprocess.run([sys.executable, "-m", "nzpass.tools.nzpass_opt", "-", *tail],
                             input=text, capture_output=True, text=True, env=buffered)
    assert (process.returncode, process.stdout, process.stderr.replace("<stdin>", "")) == \
        (in_process.code, in_process.out, in_process.err.replace("<stdin>", ""))
    assert process.stdout or process.returncode == EXIT_DIAGNOSED


def test_a_file_half_printed_is_removed(cli, source, tmp_path, monkeypatch):
    from nzpass.driver import output

    monkeypatch.setattr(output, "NATIVE_MIN_INPUT_BYTES", 0)  # the C++ printer's path

    def failing_copy(source, target, size):  # the disk fills up half-way
        target.write(b"module {\n")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output, "copy_range", failing_copy)
    out = tmp_path / "out.mlir"
    result = cli([source(diag_input()), "-o", str(out)])
    assert result.code == EXIT_DIAGNOSED
    assert "No space left on device" in result.err
    assert not out.exists()


def test_failed_run_writes_no_output_file(cli, source, tmp_path):
    out = tmp_path / "out.mlir"
    result = cli([source(diag_input("error")), "-p", "test-emit-diagnostics", "-o", str(out)])
    assert result.code == EXIT_DIAGNOSED
    assert not out.exists()


def test_unwritable_output_is_diagnosed(cli, source, tmp_path):
    out = tmp_path / "missing-dir" / "out.mlir"
    result = cli([source(diag_input()), "-o", str(out)])
    assert result.code == EXIT_DIAGNOSED
    assert result.err == (f"nzpass-opt: error: cannot open output file '{out}': "
                          "No such file or directory\n")


def test_missing_input_file(cli, tmp_path):
    missing = tmp_path / "nope.mlir"
    result = cli([str(missing)])
    assert result.code == EXIT_DIAGNOSED
    assert result.err == (f"nzpass-opt: error: cannot open input file '{missing}': "
                          "No such file or directory\n")


def test_non_utf8_input(cli):
    result = cli([], stdin=b"func.func @f() {\n  return // caf\xe9\n}\n")
    assert result.code == EXIT_DIAGNOSED
    assert result.err == ("<stdin>:2:16: error: input is not valid UTF-8: "
                          "MLIR source must be UTF-8 text\n")


@pytest.mark.parametrize("text", ["", "// only a comment\n", "\n\n"])
def test_empty_input_is_an_empty_module(cli, text):
    result = cli([], stdin=text)
    assert result.code == EXIT_OK
    assert result.out == "module {\n}\n"


def test_unparseable_input(cli):
    result = cli([], stdin="func.func @f(%a i32) {\n  return\n}\n")
    assert result.code == EXIT_DIAGNOSED
    assert result.out == ""
    assert result.err == ("<stdin>:1:16: error: expected ':'\n"
                          "func.func @f(%a i32) {\n"
                          "               ^\n")


def test_attribute_aliases_with_several_top_level_ops(cli):
    text = ("#nz = #pl.layout<nz>\n"
            "func.func @a(%t: tensor<4xi8, #nz>) {\n  return\n}\n"
            "func.func @b() {\n  return\n}\n")
    result = cli([], stdin=text)
    assert result.code == EXIT_OK, result.err
    assert "tensor<4xi8, #pl.layout<nz>>" in result.out
    assert "func.func @b()" in result.out


# --- pipelines -------------------------------------------------------------

CSE_INPUT = """\
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
"""


@pytest.mark.parametrize("args", [
    ["--pass-pipeline=builtin.module(test-emit-diagnostics,cse)"],
    ["-pass-pipeline", "any(test-emit-diagnostics, cse)"],
    ["-p", "test-emit-diagnostics,cse"],
])
def test_pipeline_spellings_agree(cli, args):
    reference = cli(["-p", "test-emit-diagnostics,cse"], stdin=CSE_INPUT)
    result = cli(args, stdin=CSE_INPUT)
    assert result.code == EXIT_OK
    assert result.out == reference.out
    assert result.out.count("arith.addi") == 2


def test_unknown_pass_is_located_in_the_pipeline(cli):
    result = cli(["--pass-pipeline=builtin.module(cse,foo)"], stdin=CSE_INPUT)
    assert result.code == EXIT_DIAGNOSED
    assert result.err == (
        "MLIR Textual PassPipeline Parser:1:20: error: "
        "'foo' does not refer to a registered pass or pass pipeline\n"
        "builtin.module(cse,foo)\n"
        "                   ^\n")


@pytest.mark.parametrize("pipeline, message", [
    ("test-emit-diagnostics{bogus=1}", "1:23: error: pass 'test-emit-diagnostics' has no option "
                                       "'bogus' (its options: with-note, prefix, repeat)"),
    ("test-emit-diagnostics{repeat=two}", "1:23: error: option 'repeat' of pass "
                                          "'test-emit-diagnostics' expects an integer; got 'two'"),
    ("test-emit-diagnostics{with-note=2}", "1:23: error: option 'with-note' of pass "
                                           "'test-emit-diagnostics' expects true or false; "
                                           "got '2'"),
    ("canonicalize{max-iterations=x}", "1:1: error: failed to add `canonicalize` with options "
                                       "`max-iterations=x`: for the --max-iterations option: "
                                       "'x' value invalid for long argument!"),
    ("func.func(test-emit-diagnostics)", "1:11: error: nzpass pass 'test-emit-diagnostics' runs "
                                         "on the module and cannot be nested under 'func.func'"),
    ("cse,,cse", "1:5: error: expected a pass name"),
])
def test_bad_pipelines_are_diagnosed(cli, pipeline, message):
    result = cli(["-p", pipeline], stdin=CSE_INPUT)
    assert result.code == EXIT_DIAGNOSED
    assert result.err.startswith("MLIR Textual PassPipeline Parser:" + message)
    assert result.out == ""


def test_good_options_are_applied(cli):
    result = cli(["-p", 'test-emit-diagnostics{with-note repeat=2 prefix="P: "}'],
                 stdin=diag_input())
    assert result.code == EXIT_OK
    assert result.err.count("<stdin>:2:3: warning: P: look here\n") == 2
    assert result.err.count("<stdin>:1:1: note: in this function\n") == 2


def test_nested_upstream_passes(cli):
    result = cli(["--pass-pipeline=builtin.module(func.func(cse),test-emit-diagnostics)"],
                 stdin=CSE_INPUT)
    assert result.code == EXIT_OK
    assert result.out.count("arith.addi") == 2


def test_print_ir_after_all_follows_pipeline_order(cli, capfd):
    result = cli(["-p", "test-emit-diagnostics,cse,canonicalize", "--mlir-print-ir-after-all"],
                 stdin=CSE_INPUT)
    dumps = [line for line in capfd.readouterr().err.splitlines() if "IR Dump After" in line]
    assert result.code == EXIT_OK
    assert dumps == [
        "// -----// IR Dump After test-emit-diagnostics (test-emit-diagnostics) //----- //",
        "// -----// IR Dump After CSE (cse) //----- //",
        "// -----// IR Dump After Canonicalizer (canonicalize) //----- //",
    ]


def test_timing_reports_each_pass(cli, capfd):
    result = cli(["-p", "cse,test-emit-diagnostics", "--mlir-timing"], stdin=CSE_INPUT)
    report = capfd.readouterr().err
    assert result.code == EXIT_OK
    assert "Execution time report" in report
    assert "  CSE\n" in report and "  test-emit-diagnostics\n" in report


def test_print_op_generic(cli):
    result = cli(["--mlir-print-op-generic"], stdin=CSE_INPUT)
    assert result.code == EXIT_OK
    assert result.out.startswith('"builtin.module"() ({')


# --- mlir-opt's flags ------------------------------------------------------
# Each is compared with mlir-opt's output in test/lit/tools (the CHECK lines there come from
# running mlir-opt 22.1.8); these pin the in-process behaviour and the corner cases.


class BreakFunctionSignature(ModulePass):
    """Test only: retype the first argument of every function without touching its
    signature, leaving IR the func verifier refuses."""

    name: ClassVar[str] = "test-break-signature"
    summary: ClassVar[str] = "Test only: leave IR that does not verify"

    def apply(self, module, diagnostics) -> None:
        i64 = ir.IntegerType.get_signless(64)
        for op in module.regions[0].blocks[0].operations:
            op.regions[0].blocks[0].arguments[0].set_type(i64)


@pytest.fixture
def break_signature(monkeypatch):
    monkeypatch.setitem(passes.PASSES, BreakFunctionSignature.name,
                        lambda: BreakFunctionSignature)


SIGNATURE_INPUT = "func.func @f(%a: i32) {\n  return\n}\n"


def test_verify_each_refuses_ir_a_pass_broke(cli, break_signature):
    result = cli(["-p", "test-break-signature"], stdin=SIGNATURE_INPUT)
    assert (result.code, result.out) == (EXIT_DIAGNOSED, "")
    assert result.err.startswith("<stdin>:1:1: error: 'func.func' op type of entry block "
                                 "argument #0('i64') must match the type of the corresponding "
                                 "argument in function signature('i32')")


@pytest.mark.parametrize("spelling", ["--verify-each=false", "-verify-each=0",
                                      "--verify-each=FALSE"])
def test_without_verify_each_broken_ir_is_printed_in_generic_form(cli, break_signature,
                                                                  spelling):
    # As mlir-opt: the printer checks the IR itself and prints it generically.
    result = cli(["-p", "test-break-signature", spelling], stdin=SIGNATURE_INPUT)
    assert (result.code, result.err) == (EXIT_OK, "")
    assert result.out.startswith('"builtin.module"() ({')
    assert "^bb0(%arg0: i64):" in result.out


def test_a_boolean_flag_never_takes_the_next_argument(cli, source):
    path = source("func.func @f() {\n  return\n}\n")
    for flags in (["--verify-each", path], ["--verify-each=true", path],
                  ["--mlir-print-debuginfo=1", path, "--mlir-print-debuginfo=0"]):
        result = cli(flags)
        assert result.code == EXIT_OK, (flags, result.err)
        assert "func.func @f()" in result.out and "loc(" not in result.out


def test_dump_pass_pipeline_goes_to_stderr_before_the_run(cli):
    text = diag_input()
    result = cli(["-p", "test-emit-diagnostics,cse", "--dump-pass-pipeline"], stdin=text)
    assert result.code == EXIT_OK
    assert result.err == ("Pass Manager with 2 passes:\nbuiltin.module(\n"
                          '  test-emit-diagnostics{with-note=false prefix="" repeat=1},\n'
                          "  cse\n)\n\n<stdin>:2:3: warning: look here\n"
                          '  "test.op"() {test.diag = "warning: look here"} : () -> ()\n  ^\n')


def test_debuginfo_names_locations_after_the_input_file(cli, source):
    path = source("func.func @f(%a: i32) {\n  return\n}\n", name="kernel.mlir")
    result = cli([path, "--mlir-print-debuginfo", "--mlir-print-local-scope"])
    assert result.code == EXIT_OK
    assert f'func.func @f(%arg0: i32 loc("{path}":1:14)) {{' in result.out
    assert f'return loc("{path}":2:3)' in result.out
    written = source("", name="out.mlir")
    assert cli([path, "--mlir-print-debuginfo", "-o", written]).code == EXIT_OK
    assert f'loc("{path}":2:3)' in Path(written).read_text()  # streamed output too


def test_statistics_report_each_pass(cli, capfd):
    result = cli(["-p", "test-emit-diagnostics,cse", "--mlir-pass-statistics"], stdin=CSE_INPUT)
    report = capfd.readouterr().err
    assert result.code == EXIT_OK
    assert "... Pass statistics report ..." in report
    assert "\ntest-emit-diagnostics\nCSE\n  (S) " in report


@pytest.mark.parametrize("flags, dumped", [
    (["--mlir-print-ir-after-failure"], ["test-emit-diagnostics Failed"]),
    (["--mlir-print-ir-after-all", "--mlir-print-ir-after-failure"],
     ["test-emit-diagnostics Failed"]),
    (["--mlir-print-ir-after-all", "--mlir-print-ir-after-change"],
     ["CSE", "test-emit-diagnostics Failed"]),
    (["--mlir-print-ir-after-all"], ["CSE", "test-emit-diagnostics Failed"]),
    (["--mlir-print-ir-after-change"], []),
    (["--mlir-print-ir-module-scope"], []),
])
def test_ir_dumps_after_passes_as_mlir_opt_selects_them(cli, capfd, flags, dumped):
    # cse changes the IR, then test-emit-diagnostics fails; the selection is mlir-opt's.
    text = CSE_INPUT.replace("return", '"test.op"() {test.diag = "error: no"} : () -> ()\n'
                             "  return")
    result = cli(["-p", "cse,test-emit-diagnostics", *flags], stdin=text)
    assert result.code == EXIT_DIAGNOSED
    headers = [line for line in capfd.readouterr().err.splitlines() if "IR Dump" in line]
    assert headers == [f"// -----// IR Dump After {name} ({name.split()[0].lower()}) //----- //"
                       for name in dumped]


# --- diagnostics -----------------------------------------------------------

def test_warnings_do_not_fail_the_run(cli):
    result = cli(["-p", "test-emit-diagnostics{with-note}"], stdin=diag_input("remark"))
    assert result.code == EXIT_OK
    assert result.err == (
        "<stdin>:2:3: remark: look here\n"
        '  "test.op"() {test.diag = "remark: look here"} : () -> ()\n'
        "  ^\n"
        "<stdin>:1:1: note: in this function\n"
        "func.func @f(%a: i32) {\n"
        "^\n")
    assert "func.func @f" in result.out


def test_errors_fail_the_run_and_print_no_ir(cli):
    result = cli(["-p", "test-emit-diagnostics"], stdin=diag_input("error", "broken"))
    assert result.code == EXIT_DIAGNOSED
    assert result.err.startswith("<stdin>:2:3: error: broken\n")
    assert result.out == ""


def test_argument_location(cli):
    text = diag_input().replace('test.diag = "warning: look here"', 'test.arg_diag = "argument"')
    result = cli(["-p", "test-emit-diagnostics"], stdin=text)
    assert result.err.startswith("<stdin>:1:14: error: argument\n")


def test_split_input_file_keeps_line_numbers(cli):
    text = diag_input("error", "one") + "\n// -----\n\n" + diag_input("warning", "two")
    result = cli(["--split-input-file", "-p", "test-emit-diagnostics"], stdin=text)
    assert result.code == EXIT_DIAGNOSED
    assert "<stdin>:2:3: error: one\n" in result.err
    assert "<stdin>:9:3: warning: two\n" in result.err
    assert result.out.startswith("// -----\nmodule {")


# --- --verify-diagnostics --------------------------------------------------

def test_verify_diagnostics_all_expected(cli):
    text = ("func.func @f() {\n"
            "  // expected-error @+1 {{broken}}\n"
            '  "test.op"() {test.diag = "error: broken"} : () -> ()\n'
            "  return\n"
            "}\n")
    result = cli(["--verify-diagnostics", "-p", "test-emit-diagnostics"], stdin=text)
    assert (result.code, result.out, result.err) == (EXIT_OK, "", "")


def test_verify_diagnostics_unexpected_and_missing(cli):
    text = ("func.func @f() {\n"
            '  "test.op"() {test.diag = "error: surprise"} : () -> ()\n'
            "  // expected-warning @+1 {{never}}\n"
            "  return\n"
            "}\n")
    result = cli(["--verify-diagnostics", "-p", "test-emit-diagnostics"], stdin=text)
    assert result.code == EXIT_DIAGNOSED
    assert result.err == (
        "<stdin>:2:3: error: unexpected error: surprise\n"
        '  "test.op"() {test.diag = "error: surprise"} : () -> ()\n'
        "  ^\n"
        '<stdin>:3:6: error: expected warning "never" was not produced\n'
        "  // expected-warning @+1 {{never}}\n"
        "     ^~~~~\n")


# --- internal errors and usage errors --------------------------------------

def test_internal_error_has_a_reproducer_and_no_traceback(cli, source):
    path = source(diag_input())
    result = cli([path, "-p", "test-internal-error", "-o", "-"])
    assert result.code == EXIT_INTERNAL
    assert "Traceback" not in result.err
    first, second, command = result.err.splitlines()
    assert first == ("internal error: nzpass.passes.testing.test_internal_error.SimulatedBug: "
                     "test-internal-error ran: simulated bug in a pass")
    assert second == "this is a bug in nzpass; please report it with the reproducer:"
    argv = shlex.split(command)
    assert argv[0] == "nzpass-opt" and argv[2:] == ["-p", "test-internal-error", "-o", "-"]
    with open(argv[1]) as f:
        assert f.read() == diag_input()
    assert cli(argv[1:]).code == EXIT_INTERNAL


@pytest.mark.parametrize("args, message", [
    (["--pass-pipeline=builtin.module(cse)", "-p", "cse"],
     "give either --pass-pipeline or -p, not both"),
    (["--no-such-flag"], "unrecognized arguments: --no-such-flag"),
    (["--split"], "unrecognized arguments: --split"),
    (["-o"], "argument -o: expected one argument"),
])
def test_usage_errors(cli, args, message):
    result = cli(args, stdin="")
    assert result.code == EXIT_USAGE
    assert result.err == (f"nzpass-opt: error: {message}\n"
                          "usage: nzpass-opt [options] [input] (see --help)\n")


# --- no traceback for any input --------------------------------------------

MLIR_PIECES = st.sampled_from([
    "func.func", "@f", "(", ")", "{", "}", "%a", ":", "i32", "return", "\n", " ", ",",
    "arith.addi", "=", "\"test.op\"", "{test.diag = \"error: x\"}", "#nz = #pl.layout<nz>",
    "// -----", "// expected-error {{x}}", "loc(unknown)", "\"", "<", ">", "\xe9", "\t",
])
PIPELINE_PIECES = st.sampled_from([
    "cse", "canonicalize", "test-emit-diagnostics", "builtin.module", "func.func", "any",
    "(", ")", "{", "}", ",", " ", "=", "\"", "with-note", "repeat", "prefix", "1", "x",
    "max-iterations", "foo",
])


# The `cli` fixture holds no state between runs, so sharing it across examples is safe.
STATELESS_FIXTURE = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@settings(max_examples=150, deadline=None, suppress_health_check=STATELESS_FIXTURE)
@given(text=st.lists(MLIR_PIECES, max_size=25).map("".join),
       pipeline=st.lists(PIPELINE_PIECES, max_size=10).map("".join),
       split=st.booleans(), verify=st.booleans())
def test_no_input_reaches_the_user_as_a_traceback(cli, text, pipeline, split, verify):
    args = ["-p", pipeline] + ["--split-input-file"] * split + ["--verify-diagnostics"] * verify
    result = cli(args, stdin=text)
    assert result.code in (EXIT_OK, EXIT_DIAGNOSED), result.err
    assert "Traceback" not in result.err and "internal error" not in result.err


@settings(max_examples=50, deadline=None, suppress_health_check=STATELESS_FIXTURE)
@given(data=st.binary(max_size=40))
def test_no_bytes_reach_the_user_as_a_traceback(cli, data):
    result = cli([], stdin=data)
    assert result.code in (EXIT_OK, EXIT_DIAGNOSED), result.err
