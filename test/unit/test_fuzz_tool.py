"""Bad input never crashes nzpass-opt and never silently corrupts its output.

The bounded fuzz profile of the normal suite (bench/fuzz_tool.py runs a longer
one): mutated `pl` and `pto` modules, mutated `--verify-diagnostics` tests and
hand-built hostile inputs, each run in a process of its own (an abort is a
signal, a hang a timeout). Every input must end in success or in a diagnostic
at a location with exit code 1; a successful output must re-parse and be left
unchanged by a second run of the same pipeline. Bugs already reported in files
this harness does not own are listed in fuzz_runner.KNOWN_BUGS; any other bug
fails the test with its reproducer.

Followed by one regression test for each bug fixed in the tool itself.
"""

from __future__ import annotations

import os
import signal
from typing import IO

import pytest

from nzpass.dialects import opaque, pl, pto
from nzpass.driver.diagnostics import resolve_location
from nzpass.driver.source import MAX_NESTING
from nzpass.ir.bindings import ir
from nzpass.tools.nzpass_opt import EXIT_DIAGNOSED, EXIT_OK
from support import fuzz_mutations as fm
from support import fuzz_runner as fr

# Fixed seeds: the profile is the same on every run.
MUTATION_SEED, MUTATION_COUNT = 20261129, 1000
VERIFY_SEED, VERIFY_COUNT = 1129, 300
TIMEOUT = 60.0  # seconds per run; the slowest bounded case takes about 3


def _check(outcomes: list[fr.Outcome]) -> None:
    new = fr.new_bugs(outcomes)
    assert not new, (f"{len(new)} new bugs out of {len(outcomes)} inputs:\n\n"
                     + "\n\n".join(o.report() for o in new[:10]) + "\n\n" + fr.table(outcomes))


def test_structured_inputs_run_in_process():
    outcomes = fr.run_cases(fm.structured_cases(), fr.WorkerRunner, TIMEOUT)
    _check(outcomes)
    # The profile reaches every outcome it is meant to: successes and diagnoses
    # of each family, and usage errors for the malformed command lines.
    classes = {(o.case.family, o.cls) for o in outcomes}
    for family in ("garbage", "negative", "nesting", "overflow", "pipeline", "pto"):
        assert (family, fr.DIAGNOSED) in classes, family
    assert ("pipeline", fr.USAGE) in classes


def test_structured_inputs_through_the_real_tool():
    """The command itself (argument parsing, standard input, exit status) on
    the inputs most likely to kill a process: deep nesting, bytes that are not
    text, and pipelines that do not parse."""
    cases = [c for c in fm.structured_cases() if c.name in _TOOL_SAMPLE]
    assert len(cases) == len(_TOOL_SAMPLE)
    _check(fr.run_cases(cases, fr.ToolRunner, TIMEOUT))


_TOOL_SAMPLE = {
    "nested-loops-deep", "nested-regions-deep", "nested-modules-deep", "deep-attribute",
    "deep-type-alias", "empty", "nul", "nul-inside", "utf16", "binary", "invalid-first-byte",
    "surrogate", "truncated-5/24", "empty|split", "pipeline:''", "pipeline:'pl-to-pto{'",
    "pipeline:'func.func(cse'", "pipeline:'cse{bad=1}'", "pipeline:'canonicalize{top-down=maybe}'",
    f"pipeline:{'func.func(' * 4!r}+55003", "anchored:'builtin.module('", "usage:both-pipelines",
    "usage:unknown-flag", "offset--9223372036854775808",
}


def test_mutated_modules():
    outcomes = fr.run_cases(fm.mutation_cases(MUTATION_SEED, MUTATION_COUNT), fr.WorkerRunner,
                            TIMEOUT)
    _check(outcomes)
    counts = {cls: sum(o.cls == cls for o in outcomes) for cls in (fr.SUCCESS, fr.DIAGNOSED)}
    # Mutants both survive (the passes run on them) and get refused.
    assert counts[fr.SUCCESS] > MUTATION_COUNT // 10 and counts[fr.DIAGNOSED] > MUTATION_COUNT // 3


def test_mutated_invalid_tests_under_verify_diagnostics():
    _check(fr.run_cases(fm.verify_cases(VERIFY_SEED, VERIFY_COUNT), fr.WorkerRunner, TIMEOUT))


@pytest.fixture(scope="module")
def known_bug_outcomes() -> dict[str, fr.Outcome]:
    outcomes = {}
    for runner in (fr.WorkerRunner, fr.ToolRunner):
        cases = [fm.Case(bug.id, bug.reproducer.encode(), list(bug.args))
                 for bug in fr.KNOWN_BUGS + fr.FIXED_BUGS
                 if bug.native == (runner is fr.ToolRunner)]
        outcomes.update((o.case.name, o) for o in fr.run_cases(cases, runner, TIMEOUT))
    return outcomes


@pytest.mark.parametrize("bug", fr.FIXED_BUGS, ids=lambda bug: bug.id)
def test_fixed_bug_stays_fixed(bug, known_bug_outcomes):
    """Each bug the harness found in nzpass, by its minimal reproducer: now a
    success or a diagnostic at a location, never again an internal error."""
    outcome = known_bug_outcomes[bug.id]
    assert not outcome.is_bug, outcome.report()


@pytest.mark.parametrize("bug", fr.KNOWN_BUGS, ids=lambda bug: bug.id)
def test_known_bug_reproducer(bug, known_bug_outcomes):
    """Each reported bug, by its minimal reproducer: an expected failure while
    it lasts, a failure asking to drop it from KNOWN_BUGS once it is fixed."""
    outcome = known_bug_outcomes[bug.id]
    if not outcome.is_bug:
        pytest.fail(f"known bug {bug.id} is fixed: remove it from fuzz_runner.KNOWN_BUGS")
    assert bug.matches(outcome), f"the reproducer of {bug.id} shows another bug:\n" \
                                 + outcome.report()
    pytest.xfail(f"reported, not fixed here: {bug.summary}")


# --- the runner judges what it is meant to ------------------------------------


def _judged(code: int | None, out: str = "", err: str = "", case_args=("-p", "cse"), rerun=None):
    def run(args, data):
        if rerun is not None and data != b"input":
            return rerun(args, data)
        return fr.Run(code, out, err, 0.0)
    return fr.judge(fm.Case("case", b"input", list(case_args)), run).cls


def test_runner_classifies_each_kind_of_failure():
    assert _judged(None) == fr.HANG
    assert fr.judge(fm.Case("c", b"", []), lambda a, d: fr.Run(-6, "", "", 0.0, 6)).cls == fr.CRASH
    assert _judged(1, err="Traceback (most recent call last):\n") == fr.TRACEBACK
    assert _judged(3, err="internal error: KeyError\n") == fr.INTERNAL
    assert _judged(1, err="<stdin>:1:1: error: no\n") == fr.DIAGNOSED
    assert _judged(1, err="<stdin>:9:1: error: past the end\n") == fr.BAD_LOCATION
    assert _judged(1, err="<unknown>:0: error: somewhere\n") == fr.DIAGNOSED_UNKNOWN
    assert _judged(1, err="<stdin>:1:1: warning: only a warning\n") == fr.UNDIAGNOSED
    assert _judged(0, err="<stdin>:1:1: error: but exit 0\n") == fr.ERROR_ON_SUCCESS
    assert _judged(0, out="a", rerun=lambda a, d: fr.Run(1, "", "", 0.0)) == fr.NOT_REPARSED
    assert _judged(0, out="a", rerun=lambda a, d: fr.Run(0, "b" if a else "a", "", 0.0)) \
        == fr.NOT_IDEMPOTENT
    assert _judged(0, out=str(2 ** 64), rerun=lambda a, d: fr.Run(0, d.decode(), "", 0.0)) \
        == fr.OVERFLOW_OUTPUT
    assert _judged(0, out="a", rerun=lambda a, d: fr.Run(0, "a", "", 0.0)) == fr.SUCCESS


# --- regression tests for the bugs fixed in the tool --------------------------


def test_nesting_past_the_parser_limit_is_a_diagnostic_not_a_segfault():
    """Bug: ~2300 nested regions (or ~8000 nested attribute arrays, or a deep
    chain of type aliases) overflowed the MLIR parser's C stack: SIGSEGV.
    Run through the real tool: without the guard the process dies."""
    regions = fm.nested_regions(5000)
    aliases = fm.alias_chain(1500)
    cases = [fm.Case("regions", regions.encode(), ["-p", "cse"]),
             fm.Case("aliases", aliases.encode(), []),
             fm.Case("attribute", fm.deep_attribute(20000).encode(), [])]
    outcomes = fr.run_cases(cases, fr.ToolRunner, TIMEOUT)
    assert [o.cls for o in outcomes] == [fr.DIAGNOSED] * 3, [o.report() for o in outcomes]
    # At the bracket that opens level MAX_NESTING + 1, and at the alias that does.
    line = next(n for n, text in enumerate(regions.splitlines(), 1)
                if text.lstrip().startswith('"test.wrap"')) + (MAX_NESTING - 1) // 2
    assert outcomes[0].detail.startswith(f"<stdin>:{line}:18: error: ")
    assert outcomes[1].detail.startswith(f"<stdin>:{MAX_NESTING + 2}:1: error: ")


def test_affine_constraints_do_not_hide_nesting_past_the_parser_limit():
    """Bug: the `>` of each `>=` (an integer set's constraint) counted as a closing
    bracket, so 6000 of them before 2600 nested regions let the input past the
    guard and the parser overflowed its stack: SIGSEGV. Run through the real tool."""
    sets = ", ".join(f"s{i} = affine_set<(d0) : (d0 >= 0)>" for i in range(6000))
    depth = 2600
    text = (f'"test.sets"() {{{sets}}} : () -> ()\n' + '"test.wrap"() ({\n' * depth
            + '"test.leaf"() : () -> ()\n' + "}) : () -> ()\n" * depth)
    [outcome] = fr.run_cases([fm.Case("sets", text.encode(), [])], fr.ToolRunner, TIMEOUT)
    assert outcome.cls == fr.DIAGNOSED, outcome.report()
    # Each region line opens two levels: past the limit on the 501st, line 502.
    assert outcome.detail.startswith(f"<stdin>:{MAX_NESTING // 2 + 2}:12: error: ")


def test_nesting_limit_leaves_strings_comments_and_arrows_alone(cli):
    deep = "[" * (MAX_NESTING - 1) + "]" * (MAX_NESTING - 1)
    text = f'// {"{" * 5000}\n"test.op"() {{a = "{"(" * 5000}", b = {deep}}} : () -> ()\n'
    result = cli([], stdin=text)
    assert result.code == EXIT_OK, result.err


def test_nesting_error_is_placed_in_its_split_chunk(cli):
    text = "// -----\n" + "module {\n" * (MAX_NESTING + 1) + "}\n" * (MAX_NESTING + 1)
    result = cli(["--split-input-file"], stdin="module {}\n" + text)
    assert result.code == EXIT_DIAGNOSED
    assert result.err.startswith(f"<stdin>:{MAX_NESTING + 3}:8: error: the input nests deeper "
                                 f"than {MAX_NESTING} levels")


@pytest.mark.parametrize("kind", ["callsite", "name"])
def test_deeply_nested_location_is_resolved(cli, kind):
    """Bug: resolving a diagnostic's location recursed once per nested
    callsite/name location: RecursionError, exit 3."""
    result = cli(["-p", "block-nz-tensor-views"], stdin=fm.deep_location(990, kind))
    assert result.code == EXIT_DIAGNOSED, result.err
    assert result.err.startswith("x.mlir:1:1: error: NZ load with target_memory")


def test_location_walks_keep_mlir_order(ctx):
    callee, caller = ir.Location.file("a.mlir", 3, 4), ir.Location.file("b.mlir", 5, 6)
    site = ir.Location.callsite(callee, [caller])
    fused = ir.Location.fused([ir.Location.name("n"), ir.Location.name("m", site)])
    assert str(resolve_location(fused)) == "a.mlir:3:4"


def test_deeply_nested_pipeline_is_a_pipeline_error(cli):
    """Bug: the pipeline reader recursed once per op anchor; some 500 nested
    anchors were a RecursionError (exit 3)."""
    pipeline = "func.func(" * 500 + "cse" + ")" * 500
    result = cli(["-p", pipeline], stdin="module {}\n")
    assert result.code == EXIT_DIAGNOSED
    assert result.err.startswith("MLIR Textual PassPipeline Parser:1:650: error: the pipeline "
                                 "nests op anchors deeper than 64 levels")
    assert cli(["-p", "func.func(" * 63 + "cse" + ")" * 63], stdin="module {}\n").code == EXIT_OK


@pytest.mark.parametrize("digit", ["\u00b2", "\u2460"])
def test_extent_with_a_non_ascii_digit_is_malformed(cli, digit):
    """Bug: `str.isdigit` accepts `²`, then `int("²")` raised ValueError (exit 3)."""
    text = (f"func.func @k(%o: tensor<64x16xf32>, %acc: !pl.tile<{digit}x16xf32, "
            "acc>) {\n  return\n}\n")
    result = cli(["-p", "convert-pl-to-pto"], stdin=text)
    assert result.code == EXIT_DIAGNOSED, result.err
    assert result.err.startswith("<stdin>:1:37: error: malformed type: ")
    with pytest.raises(opaque.OpaqueSyntaxError):
        pto.parse_tile_buf(f"tile_buf<mat, 16x16xi8, fractal={digit}>")


def test_extent_beyond_int64_is_malformed(cli):
    """Bug: an extent no int64 holds reached MLIR builders: TypeError (exit 3)."""
    big = 2 ** 63
    text = (f"func.func @k(%o: tensor<64x16xf32>, %acc: !pl.tile<{big}x16xf32, acc>) {{\n"
            "  %c0 = arith.constant 0 : index\n"
            '  %r = "pl.tile.store"(%acc, %o, %c0, %c0) {operandSegmentSizes = array<i32: 1, 1, '
            f"2, 0>}} : (!pl.tile<{big}x16xf32, acc>, tensor<64x16xf32>, index, index) -> "
            "tensor<64x16xf32>\n  return\n}\n")
    result = cli(["-p", "pl-to-pto"], stdin=text)
    assert result.code == EXIT_DIAGNOSED, result.err
    assert f"extent {big} does not fit in 64 bits" in result.err
    assert opaque.parse_integer(str(big - 1), "x") == big - 1
    with pytest.raises(pl.LayoutSyntaxError, match="does not fit in 64 bits"):
        pl.parse_layout(f"layout<nd, stride = [{big}, 1]>")
    with pytest.raises(opaque.OpaqueSyntaxError, match="tile_buf field rows"):
        pto.parse_tile_buf(f"tile_buf<mat, 16x16xi8, rows={big}>")


def test_worker_survives_and_reports_a_dying_run(tmp_path, monkeypatch):
    """The harness itself: a worker killed mid-run is a crash, a worker that
    died between runs is replaced before the next run, and the run after a
    crash gets a fresh worker.

    A worker killed before `run` may already be reaped at run's liveness check
    and replaced (correctly: that death is no run's fault), so "mid-run" must
    be made certain rather than hoped for: the worker is stopped (and seen
    stopped) before the request, and killed only once the request is written,
    so it can neither answer nor be replaced, whatever the load."""
    module = b"module {}\n"
    runner = fr.WorkerRunner(TIMEOUT, str(tmp_path))
    try:
        assert runner.run(["-p", "cse"], module).code == EXIT_OK
        between_runs = runner.proc
        assert between_runs is not None
        between_runs.kill()
        between_runs.wait()
        assert runner.run(["-p", "cse"], module).code == EXIT_OK
        assert runner.proc is not between_runs

        worker = runner.proc
        assert worker is not None
        worker.send_signal(signal.SIGSTOP)
        os.waitpid(worker.pid, os.WUNTRACED)  # returns once it is stopped
        read_reply = runner._read_line

        def kill_then_read(stdout: IO[bytes], start: float) -> bytes | None:
            worker.kill()
            return read_reply(stdout, start)

        monkeypatch.setattr(runner, "_read_line", kill_then_read)
        dead = runner.run(["-p", "cse"], module)
        monkeypatch.undo()
        assert dead.signal == signal.SIGKILL
        assert runner.run([], module).code == EXIT_OK
        assert runner.proc is not worker
    finally:
        runner.close()


def test_layout_lists_must_match_the_tensor_rank(cli):
    """Bug: a `stride` (or `valid_shape`) list shorter than the tensor's rank
    passed as well-formed; convert-pl-to-pto then indexed past its end
    (IndexError in pto_lowering.view_strides, exit 3)."""
    text = "func.func @k(%w: tensor<4x64x64xi8, #pl.layout<nd, stride = [1, 2]>>) {\n  return\n}\n"
    result = cli(["-p", "pl-to-pto"], stdin=text)
    assert result.code == EXIT_DIAGNOSED, result.err
    assert result.err.startswith("<stdin>:1:14: error: malformed '#pl.layout<nd, stride = [1, 2]>"
                                 "': 2 stride values for a rank-3 tensor; give one per axis\n")


def test_refusal_escaping_a_pass_is_a_diagnostic(cli):
    """Bug: convert-pl-to-pto validated slices only while lowering, so their
    MalformedOp escaped the pass: an internal error (exit 3) for malformed
    input. A refusal that leaves a pass is now reported at its location."""
    text = ("func.func @k(%w: tensor<4x64x64xf32>) {\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            '  %s = "pl.tensor.slice"(%w, %c0, %c0, %c0, %c1, %c1) {operandSegmentSizes = '
            "array<i32: 1, 3, 3, 0>} : (tensor<4x64x64xf32>, index, index, index, index, index) "
            "-> tensor<1x64x64xf32>\n  return\n}\n")
    result = cli(["-p", "pl-to-pto"], stdin=text)
    assert result.code == EXIT_DIAGNOSED, result.err
    assert result.out == ""
    assert result.err.startswith("<stdin>:4:8: error: 'pl.tensor.slice' op operandSegmentSizes "
                                 "[1, 3, 3, 0] add up to 7 operands, but the op has 6\n")
