"""`-j N`: functions through the pipeline in worker processes. The output must be
byte for byte that of one process, and any diagnostic must come exactly as one
process gives it (the run falls back to one process)."""

from pathlib import Path

import pytest

from nzpass.driver import parallel
from nzpass.tools.nzpass_opt import EXIT_OK

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "matmul_nz.mlir"


def kernels(count: int) -> str:
    """One module of `count` copies of the bundled example kernel, each under its
    own name."""
    text = EXAMPLE.read_text()
    start = text.index("  func.func @")
    head, func = text[:start], text[start:text.rindex("}")]
    name = func[len("  func.func @"):].split("(", 1)[0]
    return head + "".join(func.replace(f"@{name}(", f"@{name}_{i}(")
                          for i in range(count)) + "}\n"


@pytest.fixture
def split_runs(monkeypatch):
    """Split any input, and record what each split run gave."""
    monkeypatch.setattr(parallel, "MIN_SPLIT_BYTES", 0)
    outcomes: list[bool] = []
    run_split = parallel.run_split

    def recorded(*args, **kwargs):
        outcomes.append(run_split(*args, **kwargs))
        return outcomes[-1]

    monkeypatch.setattr(parallel, "run_split", recorded)
    return outcomes


def test_workers_print_what_one_process_prints(cli, tmp_path, split_runs):
    path = tmp_path / "k.mlir"
    path.write_text(kernels(5))
    one = cli([str(path), "-p", "pl-to-pto", "-j", "1"])
    assert split_runs == []
    many = cli([str(path), "-p", "pl-to-pto", "-j", "3"])
    assert split_runs == [True]
    assert one.code == many.code == EXIT_OK
    assert many.out == one.out and many.err == one.err == ""
    assert many.out.count("func.func @") == 5


def test_a_diagnostic_in_a_worker_falls_back_to_one_process(cli, tmp_path, split_runs,
                                                              monkeypatch):
    monkeypatch.setattr(parallel, "FUNCTION_LOCAL_PASSES",
                        parallel.FUNCTION_LOCAL_PASSES | {"test-emit-diagnostics"})
    funcs = "".join(f'func.func @f{i}() {{\n  "test.op"() {{test.diag = "warning: w{i}"}} : '
                    "() -> ()\n  return\n}\n" for i in range(4))
    path = tmp_path / "w.mlir"
    path.write_text(funcs)
    one = cli([str(path), "-p", "test-emit-diagnostics", "-j", "1"])
    many = cli([str(path), "-p", "test-emit-diagnostics", "-j", "2"])
    assert split_runs == [False]
    assert (many.code, many.out, many.err) == (one.code, one.out, one.err)
    assert next(line for line in many.err.splitlines() if "warning" in line).endswith("w0")


def test_functions_that_refer_to_others_stay_in_one_process(cli, tmp_path, split_runs):
    text = ("func.func @g() {\n  return\n}\n"
            "func.func @f() {\n  func.call @g() : () -> ()\n  return\n}\n") * 1
    path = tmp_path / "c.mlir"
    path.write_text(text.replace("@g", "@g").replace("func.func @f", "func.func @f"))
    result = cli([str(path), "-p", "cse", "-j", "2"])
    assert result.code == EXIT_OK and split_runs == []


def test_jobs_must_be_a_positive_number(cli):
    result = cli(["-j", "0"], stdin="")
    assert result.code != EXIT_OK
    assert "'0' is not a positive number of jobs" in result.err


def test_shares_are_contiguous_and_cover_every_function():
    assert parallel.shares(5, 2) == [range(0, 3), range(3, 5)]
    assert parallel.shares(2, 3) == [range(0, 1), range(1, 2)]
