"""The embedding API a larger MLIR toolchain uses: run a pipeline on its own
`mlir.ir.Module`, or add nzpass passes to its own `PassManager`."""

import nzpass
import pytest
from nzpass import DiagnosticEngine, PipelineError, Severity
from nzpass.ir.bindings import ir, passmanager

# canonicalize folds the first addi away; cse merges the two muli.
TEXT = """\
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.muli %0, %0 : i32
  "test.op"() {test.diag = "warning: seen"} : () -> ()
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
"""


def parse(text=TEXT):
    return ir.Module.parse(text)


def summary(diagnostics):
    return [(d.severity, d.loc.line, d.loc.col, d.message) for d in diagnostics]


def test_run_pipeline_returns_diagnostics_and_rewrites_in_place(ctx):
    module = parse()
    result = nzpass.run_pipeline(module, "builtin.module(test-emit-diagnostics,canonicalize)")
    assert result.success
    assert summary(result.diagnostics) == [(Severity.WARNING, 6, 3, "seen")]
    assert result.errors == []
    assert str(module).count("arith.addi") == 1  # canonicalize ran on the caller's module


def test_run_pipeline_accepts_the_shorthand_and_an_operation(ctx):
    module = parse()
    result = nzpass.run_pipeline(module.operation, "test-emit-diagnostics{prefix=P:},cse")
    assert result.success
    assert [d.message for d in result.diagnostics] == ["P:seen"]
    assert str(module).count("arith.muli") == 1


def test_run_pipeline_reports_errors_and_notes(ctx):
    module = parse(TEXT.replace("warning: seen", "error: refused"))
    result = nzpass.run_pipeline(module, "test-emit-diagnostics{with-note}")
    assert not result.success
    (error,) = result.errors
    assert (error.message, [n.message for n in error.notes]) == ("refused", ["in this function"])


def test_run_pipeline_reports_a_bad_pipeline_as_a_diagnostic(ctx):
    result = nzpass.run_pipeline(parse(), "builtin.module(cse,no-such-pass)")
    assert not result.success
    (error,) = result.diagnostics
    assert (error.loc.file, error.loc.col) == ("MLIR Textual PassPipeline Parser", 20)
    assert error.message == "'no-such-pass' does not refer to a registered pass or pass pipeline"


def test_run_pipeline_collects_upstream_diagnostics(ctx):
    # The caller broke the function type; the verifier that runs after
    # canonicalize changed the IR reports it.
    module = parse(TEXT)
    module.body.operations[0].attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get([], []))
    result = nzpass.run_pipeline(module, "canonicalize")
    assert not result.success
    assert "'func.func' op entry block must have 0 arguments" in result.errors[0].message


def test_add_passes_to_a_callers_pass_manager(ctx):
    module = parse()
    engine = DiagnosticEngine()
    pm = passmanager.PassManager()
    pm.add("canonicalize")  # the caller's own pass, before ours
    nzpass.add_passes(pm, "test-emit-diagnostics,cse", engine)
    with engine.capturing(ctx):
        pm.run(module.operation)
    assert summary(engine.diagnostics) == [(Severity.WARNING, 6, 3, "seen")]
    assert (str(module).count("arith.addi"), str(module).count("arith.muli")) == (1, 1)


def test_add_passes_fails_the_callers_run_on_an_error(ctx):
    module = parse(TEXT.replace("warning: seen", "error: refused"))
    engine = DiagnosticEngine()
    pm = passmanager.PassManager()
    nzpass.add_passes(pm, "builtin.module(test-emit-diagnostics)", engine)
    with engine.capturing(ctx), pytest.raises(ir.MLIRError):
        pm.run(module.operation)
    assert [d.message for d in engine.diagnostics] == ["refused"]


@pytest.mark.parametrize("pipeline", ["any(cse)", "  builtin.module(cse)", "cse", ""])
def test_add_passes_takes_both_pipeline_forms(ctx, pipeline):
    pm = passmanager.PassManager()
    nzpass.add_passes(pm, pipeline, DiagnosticEngine())
    pm.run(parse().operation)


def test_add_passes_raises_on_a_bad_pipeline(ctx):
    with pytest.raises(PipelineError) as caught:
        nzpass.add_passes(passmanager.PassManager(), "cse,test-emit-diagnostics{repeat=x}",
                          DiagnosticEngine())
    assert caught.value.col == 27
    assert "expects an integer" in caught.value.message
