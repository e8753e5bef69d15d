"""`python -m nzpass.model.run`: the bundled example and the kernels bench/gen_kernels.py
writes lower, simulate over every block with no user hook, and equal `x @ w.T`; a wrong
kernel is caught, and a function of another form is refused with a reason."""

from __future__ import annotations

import importlib.util
import io
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nzpass import parse_module, run_pipeline
from nzpass.model.run import (
    EXIT_MISMATCH,
    EXIT_OK,
    EXIT_USAGE,
    KernelFormError,
    check_file,
    kernel_form,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "matmul_nz.mlir"


def _load_gen_kernels():
    spec = importlib.util.spec_from_file_location("gen_kernels", ROOT / "bench" / "gen_kernels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


gen = _load_gen_kernels()


def run(path, *args, **kwargs) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = check_file(str(path), *args, out=out, err=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


def test_the_readme_command_simulates_the_example_over_every_block():
    # Exactly the README's command, from the repository root.
    done = subprocess.run([sys.executable, "-m", "nzpass.model.run", "examples/matmul_nz.mlir"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == EXIT_OK, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("@matmul_nz: 2 blocks, out 64x256 f32 (a2a3): "
                                  "max |out - x @ w.T| = ")
    assert done.stdout.endswith(": ok\n")


@pytest.mark.parametrize("mode", ["a2a3", "ideal"])
def test_the_example_is_exact_on_integer_data(mode):
    code, out, err = run(EXAMPLE, mode=mode, data="int")
    assert (code, err) == (EXIT_OK, "")
    assert f"({mode}): max |out - x @ w.T| = 0 (" in out


def write_kernels(tmp_path: Path, shapes) -> Path:
    emitter = gen._Emitter()
    emitter.text('module attributes {pl.backend = "a2a3"} {')
    for index, shape in enumerate(shapes):
        gen.emit_kernel(emitter, index, shape)
    emitter.text("}")
    path = tmp_path / "kernels.mlir"
    path.write_text("\n".join(emitter.lines) + "\n")
    return path


# Small instances of every feature of the generated kernels: f16 and i8, one to three loads
# per K step, ragged N (the last panel's weight tile is partly valid), a symbolic batch.
SMALL_SHAPES = [
    gen.KernelShape("f16", experts=2, m=16, n=48, k=128, n_tile=32, k_tile=64, unroll=1),
    gen.KernelShape("f16", experts=1, m=32, n=64, k=192, n_tile=64, k_tile=32, unroll=3),
    gen.KernelShape("i8", experts=2, m=16, n=80, k=256, n_tile=32, k_tile=64, unroll=2),
]


@pytest.mark.parametrize("mode", ["a2a3", "ideal"])
def test_generated_kernels_match_x_times_w_transposed(tmp_path, mode):
    path = write_kernels(tmp_path, SMALL_SHAPES)
    code, out, err = run(path, mode=mode, data="int")
    assert (code, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert len(lines) == len(SMALL_SHAPES)
    assert all("max |out - x @ w.T| = 0 (" in line and line.endswith(": ok") for line in lines)
    # the ragged shapes really have padded panels: blocks * n_tile > N
    assert "@gmm_0: 2 blocks, out 2x16x64 f32" in lines[0]
    assert "@gmm_2: 3 blocks, out 2x16x96 f32" in lines[2]


def test_float_data_is_within_the_tolerance(tmp_path):
    code, out, _ = run(write_kernels(tmp_path, SMALL_SHAPES[:2]), data="normal")
    assert code == EXIT_OK
    assert out.count(": ok\n") == 2


def test_every_kernel_the_generator_can_write_has_the_checked_form(ctx):
    rng = random.Random(11)
    shapes = [gen.random_shape(rng) for _ in range(40)]
    shapes.append(gen.random_shape(rng, kernel_ops=400))
    emitter = gen._Emitter()
    emitter.text("module {")
    for index, shape in enumerate(shapes):
        gen.emit_kernel(emitter, index, shape)
    emitter.text("}")
    module = parse_module("\n".join(emitter.lines), "generated.mlir")
    funcs = [op.operation for op in module.body.operations]
    for shape, func in zip(shapes, funcs, strict=True):
        kernel = kernel_form(func)
        assert (kernel.m, kernel.n, kernel.k) == (shape.m, shape.n, shape.k)
        assert kernel.blocks * shape.n_tile == shape.n_padded
        assert kernel.batch == (shape.experts,)
        assert kernel.dtype == np.dtype(np.float16 if shape.dtype == "f16" else np.int8)


@pytest.mark.parametrize("kernel_ops", [400, 20_000])
def test_one_big_kernel_of_the_bench_lowers(ctx, kernel_ops):
    """bench/run.py's one-kernel-per-module sizes lower (found when the ND -> Mat row
    stride rule refused the 1k kernel, whose K had grown to 200704): a big kernel's K is
    capped and its unrolled loads wrap around it."""
    shape = gen.random_shape(random.Random(3), kernel_ops=kernel_ops)
    assert shape.k <= gen.K_CAP
    emitter = gen._Emitter()
    emitter.text('module attributes {pl.backend = "a2a3"} {')
    gen.emit_kernel(emitter, 0, shape)
    emitter.text("}")
    module = parse_module("\n".join(emitter.lines), "big.mlir")
    result = run_pipeline(module, "pl-to-pto")
    assert result.success, [d.message for d in result.errors][:1]


def test_a_wrong_weight_offset_is_a_mismatch(tmp_path):
    # Every block loads the first weight panel: block 1 computes block 0's columns.
    text = EXAMPLE.read_text().replace('"pl.tile.load"(%w, %n0, %k0', '"pl.tile.load"(%w, %c0, %k0')
    assert text != EXAMPLE.read_text()
    path = tmp_path / "wrong.mlir"
    path.write_text(text)
    code, out, _ = run(path, data="int")
    assert code == EXIT_MISMATCH
    assert "MISMATCH (tolerance 0)" in out


def test_a_kernel_that_does_not_lower_reports_its_diagnostics(tmp_path):
    # n0 = nb + 128 is not provably a multiple of 16: blocking refuses the weight load.
    text = EXAMPLE.read_text().replace("arith.muli %nb, %c128", "arith.addi %nb, %c128")
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    code, out, err = run(path)
    assert (code, out) == (EXIT_MISMATCH, "")
    line = int(err.removeprefix(f"{path}:").split(":")[0])
    assert '"pl.tile.' in text.splitlines()[line - 1] and ": error: " in err


@pytest.mark.parametrize(("edit", "reason"), [
    (("tensor<64x256xf32", "tensor<64x256xf16"), "out must be f32"),
    (("tensor<64x512xf16>", "tensor<64x512xf16, #pl.layout<nz>>"), "x must be ND"),
    (("tensor<256x512xf16, #pl.layout<nz>>", "tensor<256x512xf16>"), "w must be NZ"),
    (("tensor<256x512xf16, #pl.layout<nz>>", "tensor<256x520xf16, #pl.layout<nz>>"),
     "x has K = 512 but w has K = 520"),
])
def test_functions_of_another_form_are_refused_with_the_reason(tmp_path, edit, reason):
    path = tmp_path / "other.mlir"
    path.write_text(EXAMPLE.read_text().replace(*edit))
    code, out, err = run(path)
    assert (code, out) == (EXIT_USAGE, "")
    assert err.startswith(f"nzpass.model.run: error: {path}: @matmul_nz: ")
    assert reason in err


def test_two_argument_functions_are_not_matmul_kernels(ctx):
    module = parse_module("func.func @f(%a: tensor<16x16xf16>) { return }", "f.mlir")
    with pytest.raises(KernelFormError, match=r"@f takes 1 arguments"):
        kernel_form(module.body.operations[0].operation)


def test_parse_errors_name_the_file(tmp_path):
    path = tmp_path / "broken.mlir"
    path.write_text("func.func @f() {\n  %x = nope\n}\n")
    code, _, err = run(path)
    assert code == EXIT_MISMATCH
    assert err.startswith(f"{path}:2:8: error: ")


def test_a_run_that_touches_memory_outside_gm_is_an_error_not_a_traceback(monkeypatch):
    # Found by red team: a GmOutOfBounds from the simulated launch escaped as a Python
    # traceback. What a launch raises for its input (the model's RUN_ERRORS) is reported
    # per kernel and fails the run.
    import nzpass.model.run as model_run
    from nzpass.model import GmOutOfBounds

    def out_of_bounds(*args, **kwargs):
        raise GmOutOfBounds(-8192, 16384, "TSTORE Acc->NZ")

    monkeypatch.setattr(model_run, "simulate", out_of_bounds)
    code, out, err = run(EXAMPLE)
    assert code == EXIT_MISMATCH and out == ""
    assert "nzpass.model.run: error: " in err
    assert "@matmul_nz: TSTORE Acc->NZ touches GM element -8192" in err


@pytest.mark.parametrize(("old", "new"), [
    ("tensor<256x512xf16, #pl.layout<nz>>", "tensor<256x512xf16, #pl.layout<nz, nz>>"),
    ("!pl.tile<64x128xf32, acc>", "!pl.tile<64x128xf32, acc, valid = 1x2x3>"),
])
def test_a_type_that_does_not_read_is_diagnosed_where_it_is_written(tmp_path, old, new):
    # Found by red team: the kernel reader met the malformed type first and a traceback
    # escaped (for the tile, from inside an MLIR walk callback). The passes locate it.
    text = EXAMPLE.read_text()
    assert old in text
    path = tmp_path / "bad.mlir"
    path.write_text(text.replace(old, new))
    code, out, err = run(path)
    assert code == EXIT_MISMATCH and out == ""
    assert f"{path}:" in err and ": error: " in err and "Traceback" not in err
