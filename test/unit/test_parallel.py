"""`-j N`: functions through the pipeline in worker processes. The output must be
byte for byte that of one process, and any diagnostic must come exactly as one
process gives it (the run falls back to one process)."""

from pathlib import Path

import pytest

from nzpass.driver import output, parallel
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
    outcomes: list[bool | parallel.PrintedShares] = []
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


@pytest.fixture
def native_printing(monkeypatch):
    """Print any output with the C++ printer, as nzpass-opt does from 64 KB on."""
    monkeypatch.setattr(output, "NATIVE_MIN_INPUT_BYTES", 0)


def _outcome(result: bool | parallel.PrintedShares) -> str:
    return "printed" if isinstance(result, parallel.PrintedShares) else str(result)


@pytest.mark.parametrize("to_file, args", [
    (False, []), (True, []),
    (False, ["--pto-syntax", "custom"]),  # the joined text goes through the pto printer
], ids=["stdout", "file", "custom-pto"])
def test_workers_printing_their_shares_give_what_one_process_prints(
        cli, tmp_path, split_runs, native_printing, to_file, args):
    path = tmp_path / "k.mlir"
    path.write_text(kernels(6))
    outputs = []
    for jobs in ("1", "3"):
        out = tmp_path / f"out-{jobs}.mlir"
        result = cli([str(path), "-p", "pl-to-pto", "-j", jobs, *args,
                      *(["-o", str(out)] if to_file else [])])
        assert (result.code, result.err) == (EXIT_OK, "")
        outputs.append(out.read_text() if to_file else result.out)
    assert [_outcome(r) for r in split_runs] == ["printed"]
    assert outputs[1] == outputs[0]
    assert outputs[0].count("@matmul_nz_") == 6 and outputs[0].endswith("}\n")


# Each function holds an affine map: printed on its own, each share would define `#map`
# itself, so the shares are moved into one module and printed once.
_ALIASED = "".join(f"func.func @f{i}() {{\n"
                   f"  \"test.op\"() {{m = affine_map<(d0) -> (d0 + {i % 2})>}} : () -> ()\n"
                   "  return\n}\n" for i in range(4))


# Each function holds a resource: printed on its own, each share would end in its own
# resource section.
_RESOURCES = "".join(f"func.func @f{i}() {{\n"
                     f"  \"test.op\"() {{r = dense_resource<blob{i % 2}> : tensor<2xi32>}}"
                     " : () -> ()\n"
                     "  return\n}\n" for i in range(4)) + (
    "{-#\n  dialect_resources: {\n    builtin: {\n"
    '      blob0: "0x040000000100000002000000",\n'
    '      blob1: "0x040000000300000004000000"\n    }\n  }\n#-}\n')


@pytest.mark.parametrize("args, text", [
    ([], _ALIASED),  # alias definitions precede the module in a share's text
    (["--mlir-print-debuginfo"], kernels(4)),  # so would location aliases follow it
    (["--verify-each=false"], kernels(4)),  # the printer checks unverified IR whole
    (["--mlir-print-op-generic"], kernels(4)),  # which numbers values across functions
])
def test_shares_that_cannot_be_joined_are_merged_into_one_module(
        cli, tmp_path, split_runs, native_printing, args, text):
    path = tmp_path / "a.mlir"
    path.write_text(text)
    one = cli([str(path), "-p", "cse", "-j", "1", *args])
    many = cli([str(path), "-p", "cse", "-j", "2", *args])
    assert [_outcome(r) for r in split_runs] == ["True"]
    assert (many.code, many.out, many.err) == (one.code, one.out, one.err)
    assert one.code == EXIT_OK and many.out.count("func.func") == 4


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


def test_a_module_with_resources_stays_in_one_process(cli, tmp_path, split_runs,
                                                     native_printing):
    path = tmp_path / "r.mlir"
    path.write_text(_RESOURCES)
    one = cli([str(path), "-p", "cse", "-j", "1"])
    many = cli([str(path), "-p", "cse", "-j", "2"])
    assert split_runs == []
    assert (many.code, many.out, many.err) == (one.code, one.out, one.err)
    assert one.code == EXIT_OK and "blob1:" in one.out and "blob1_" not in one.out


def test_shares_that_end_in_more_than_the_module_are_not_joined(tmp_path):
    """A text ending in anything but the module's brace (a section after it) is
    merged instead: its last line is not the module's."""
    texts = [b"module {\n  func.func @a() {\n    return\n  }\n}\n",
             b"module {\n  func.func @b() {\n    return\n  }\n}\n\n{-#\n#-}\n"]
    paths = [tmp_path / f"share-{i}.mlir" for i in range(2)]
    for path, text in zip(paths, texts, strict=True):
        path.write_bytes(text)
    assert parallel._printed_shares([str(p) for p in paths]) is None
    paths[1].write_bytes(texts[1][:texts[1].index(b"\n\n{-#") + 1])
    joined = parallel._printed_shares([str(p) for p in paths])
    assert joined is not None
    try:
        assert joined.read() == (b"module {\n  func.func @a() {\n    return\n  }\n"
                                 b"  func.func @b() {\n    return\n  }\n}\n")
    finally:
        joined.close()


def test_functions_that_refer_to_others_stay_in_one_process(cli, tmp_path, split_runs):
    text = ("func.func @g() {\n  return\n}\n"
            "func.func @f() {\n  func.call @g() : () -> ()\n  return\n}\n") * 1
    path = tmp_path / "c.mlir"
    path.write_text(text.replace("@g", "@g").replace("func.func @f", "func.func @f"))
    result = cli([str(path), "-p", "cse", "-j", "2"])
    assert result.code == EXIT_OK and split_runs == []


def test_a_function_in_generic_form_does_not_hide_a_call(cli, tmp_path, split_runs):
    # The generic function names itself without an `@`, which leaves one `@` per function
    # although @f calls @g: counting `@` alone would split the caller from its callee.
    text = ('"func.func"() <{function_type = () -> (), sym_name = "d"}> ({\n'
            "  func.return\n}) : () -> ()\n"
            "func.func @g() {\n  return\n}\n"
            "func.func @f() {\n  func.call @g() : () -> ()\n  return\n}\n")
    assert text.count("@") == 3
    path = tmp_path / "c.mlir"
    path.write_text(text)
    result = cli([str(path), "-p", "cse", "-j", "2", "--verify-each=false"])
    assert result.code == EXIT_OK and split_runs == []
    assert "call @g()" in result.out


def test_jobs_must_be_a_positive_number(cli):
    result = cli(["-j", "0"], stdin="")
    assert result.code != EXIT_OK
    assert "'0' is not a positive number of jobs" in result.err


def test_shares_are_contiguous_and_cover_every_function():
    assert parallel.shares(5, 2) == [range(0, 3), range(3, 5)]
    assert parallel.shares(2, 3) == [range(0, 1), range(1, 2)]


@pytest.mark.parametrize("printing", ["merged", "printed"])
def test_a_module_attribute_a_pass_writes_survives_the_split(
        cli, tmp_path, split_runs, monkeypatch, printing):
    # convert-pl-to-pto writes pto.target_arch on an A5 module (PTOAS builds for A3
    # without it): every share writes it, and the joined output keeps it.
    if printing == "printed":
        monkeypatch.setattr(output, "NATIVE_MIN_INPUT_BYTES", 0)
    text = kernels(4).replace('module attributes {pl.backend = "a2a3"}',
                              'module attributes {pl.backend = "a5"}').replace(
        "tensor<64x256xf32, #pl.layout<nz>>", "tensor<64x256xf32>")  # A5 stores Acc to ND
    assert 'pl.backend = "a5"' in text and "f32, #pl.layout<nz>" not in text
    path = tmp_path / "a5.mlir"
    path.write_text(text)
    one = cli([str(path), "-p", "pl-to-pto", "-j", "1"])
    many = cli([str(path), "-p", "pl-to-pto", "-j", "2"])
    assert len(split_runs) == 1 and split_runs[0]  # the split ran and was joined
    assert one.code == many.code == EXIT_OK, one.err
    assert many.out == one.out
    assert 'pto.target_arch = "a5"' in one.out.splitlines()[0]
