"""Simulate `pl` matmul kernels over every block and compare them with `x @ w.T`.

    python -m nzpass.model.run examples/matmul_nz.mlir [--mode a2a3|ideal] [--data normal|int]

Every function of the file must be a matmul kernel of the form of examples/matmul_nz.mlir
and bench/gen_kernels.py: arguments `(x, w, out)` with an ND activation `x[..., M, K]`, an
NZ weight `w[..., N, K]` and an f32 output `out[..., M, NP]` (NZ or ND, `NP >= N`, batch
dimensions equal), block `nb` writing the output panel of one `pl.tile.store` of an Acc
tile `[M, NT]`, so `NP / NT` blocks cover the output. The file is lowered with pl-to-pto,
each function runs once per block on seeded random data, and the output must equal
`x @ w.T` in its first N columns and stay zero in the rest. One line per function; the exit
code is 0 when every function matches, 1 when one does not or the file does not lower, 2
for a usage error or a function of another form.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..dialects import pl
from ..dialects.opaque import OpaqueSyntaxError
from ..driver.diagnostics import SourceCache, format_diagnostic
from ..driver.pipeline import run_pipeline
from ..driver.source import ParseError, parse_module
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import nested_ops
from .hardware import MODES
from .packer import pack_nz, unpack_nz
from .simulator import RUN_ERRORS, SimulationError, Simulator, numpy_dtype

EXIT_OK, EXIT_MISMATCH, EXIT_USAGE = 0, 1, 2
# Float data: f32 accumulation of f16 products rounds a little per K step; a layout error
# moves whole values, many orders of magnitude more than this (relative to max |x @ w.T|).
FLOAT_TOLERANCE = 1e-5
INT_RANGE = 4  # integer data is drawn from [-INT_RANGE, INT_RANGE]: every sum is exact


class KernelFormError(ValueError):
    """A function that is not a matmul kernel of the form this tool checks."""


@dataclass(frozen=True)
class MatmulKernel:
    """What the signature and the Acc store of a kernel say about it."""

    name: str
    batch: tuple[int, ...]
    m: int
    n: int
    k: int
    n_padded: int
    dtype: np.dtype   # of x and w
    out_nz: bool
    blocks: int


def _static_tensor(arg: ir.Value, role: str) -> tuple[tuple[int, ...], pl.TensorLayout, str]:
    t = arg.type
    layout = pl.tensor_layout(t)
    if layout is None or not isinstance(t, ir.RankedTensorType) or t.rank < 2:
        raise KernelFormError(f"{role} must be a GM tensor of rank 2 or more, got {t}")
    shape = pl.tensor_shape(t)
    if None in shape:
        raise KernelFormError(f"{role} has a dynamic shape {t}; the simulation needs sizes")
    return tuple(d for d in shape if d is not None), layout, str(t.element_type)


def _acc_tile_cols(func: ir.Operation) -> int:
    """The columns of the Acc tile the function stores (one output panel per block)."""
    found: list[int] = []
    # nested_ops, not a callback walk: an exception in a callback comes out as a
    # RuntimeError wrapping its traceback, and a malformed tile type must reach the caller.
    for op in nested_ops(func):
        if op.name == pl.TileStore.NAME and op.operands:
            tile = pl.tile_type(op.operands[0].type)
            if tile is not None and tile.space == "acc":
                found.append(tile.cols)
    if len(set(found)) != 1:
        raise KernelFormError(f"needs exactly one kind of Acc tile stored by "
                              f"'{pl.TileStore.NAME}' (the output panel), found {len(found)}")
    return found[0]


def kernel_form(func: ir.Operation) -> MatmulKernel:
    """Read a matmul kernel's sizes from its `pl` signature; KernelFormError otherwise."""
    name = ir.StringAttr(func.attributes["sym_name"]).value
    args = list(func.regions[0].blocks[0].arguments)
    if len(args) != 3:
        raise KernelFormError(f"@{name} takes {len(args)} arguments; a matmul kernel takes "
                              "(x, w, out)")
    x_shape, x_layout, x_el = _static_tensor(args[0], "x")
    w_shape, w_layout, w_el = _static_tensor(args[1], "w")
    o_shape, o_layout, o_el = _static_tensor(args[2], "out")
    *batch, m, k = x_shape
    *w_batch, n, w_k = w_shape
    *o_batch, o_m, n_padded = o_shape
    checks = [
        (x_layout.is_nz, "x must be ND"), (not w_layout.is_nz, "w must be NZ"),
        (x_el != w_el, f"x is {x_el} but w is {w_el}"), (o_el != "f32", "out must be f32"),
        (not batch == w_batch == o_batch, "x, w and out must have the same batch dims"),
        (k != w_k, f"x has K = {k} but w has K = {w_k}"), (m != o_m, "out must have x's M"),
        (n_padded < n, f"out has {n_padded} columns, fewer than w's N = {n}"),
    ]
    problems = [message for failed, message in checks if failed]
    if problems:
        raise KernelFormError(f"@{name}: " + "; ".join(problems))
    panel = _acc_tile_cols(func)
    if n_padded % panel:
        raise KernelFormError(f"@{name}: out's {n_padded} columns are not whole {panel}-column "
                              "panels")
    try:
        dtype = numpy_dtype(x_el)
    except SimulationError as err:
        raise KernelFormError(f"@{name}: {err}") from None
    if dtype.kind not in "fiu":
        raise KernelFormError(f"@{name}: {x_el} data has no numpy arithmetic")
    return MatmulKernel(name, tuple(batch), m, n, k, n_padded, dtype, o_layout.is_nz,
                        n_padded // panel)


def random_inputs(kernel: MatmulKernel, rng: np.random.Generator,
                  data: str) -> tuple[np.ndarray, np.ndarray]:
    """x and w (logical), normal floats or small integers (always integers for int types)."""
    def draw(shape: tuple[int, ...]) -> np.ndarray:
        if data == "int" or kernel.dtype.kind in "iu":
            low = 0 if kernel.dtype.kind == "u" else -INT_RANGE
            return rng.integers(low, INT_RANGE + 1, shape).astype(kernel.dtype)
        return rng.standard_normal(shape).astype(kernel.dtype)

    return (draw((*kernel.batch, kernel.m, kernel.k)),
            draw((*kernel.batch, kernel.n, kernel.k)))


def reference(kernel: MatmulKernel, x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """`x @ w.T` in float64, zero-padded to the output's NP columns."""
    out = np.zeros((*kernel.batch, kernel.m, kernel.n_padded))
    out[..., : kernel.n] = x.astype(np.float64) @ np.swapaxes(w.astype(np.float64), -1, -2)
    return out


def simulate(module: ir.Module, kernel: MatmulKernel, x: np.ndarray, w: np.ndarray,
             mode: str) -> np.ndarray:
    """Run the lowered kernel once per block; the logical output."""
    shape = (*kernel.batch, kernel.m, kernel.n_padded)
    out = pack_nz(np.zeros(shape, np.float32)) if kernel.out_nz else np.zeros(shape, np.float32)
    packed_w = pack_nz(w)
    for block in range(kernel.blocks):
        sim = Simulator(module, mode=mode, block_idx=block, block_num=kernel.blocks)
        sim.run(kernel.name, x, packed_w, out)
    return unpack_nz(out, shape) if kernel.out_nz else out


@dataclass(frozen=True)
class Comparison:
    kernel: MatmulKernel
    max_error: float
    max_reference: float
    tolerance: float

    @property
    def ok(self) -> bool:
        return self.max_error <= self.tolerance

    def line(self, mode: str) -> str:
        k = self.kernel
        dims = "x".join(str(d) for d in (*k.batch, k.m, k.n_padded))
        verdict = "ok" if self.ok else f"MISMATCH (tolerance {self.tolerance:.3g})"
        return (f"@{k.name}: {k.blocks} blocks, out {dims} f32 ({mode}): max |out - x @ w.T| "
                f"= {self.max_error:.3g} (max |x @ w.T| = {self.max_reference:.3g}): {verdict}")


def check_kernel(module: ir.Module, kernel: MatmulKernel, mode: str, data: str,
                 seed: int) -> Comparison:
    x, w = random_inputs(kernel, np.random.default_rng(seed), data)
    expected = reference(kernel, x, w)
    got = simulate(module, kernel, x, w, mode).astype(np.float64)
    exact = data == "int" or kernel.dtype.kind in "iu"
    max_reference = float(np.abs(expected).max(initial=0.0))
    tolerance = 0.0 if exact else FLOAT_TOLERANCE * max(1.0, max_reference)
    return Comparison(kernel, float(np.abs(got - expected).max(initial=0.0)), max_reference,
                      tolerance)


def _functions(module: ir.Module) -> list[ir.Operation]:
    return [op.operation for op in module.body.operations
            if op.operation.name == op_names.FUNC_FUNC and op.operation.regions[0].blocks]


def _lowered(module: ir.Module, path: str, text: str, err) -> bool:
    """Run pl-to-pto on the module, printing its diagnostics; whether it lowered."""
    result = run_pipeline(module, "pl-to-pto")
    sources = SourceCache()
    sources.add(path, text)
    for diagnostic in result.diagnostics:
        err.write(format_diagnostic(diagnostic, sources))
    return result.success


def check_file(path: str, mode: str = "a2a3", data: str = "normal", seed: int = 0,
               out=sys.stdout, err=sys.stderr) -> int:
    """Check every function of the file; the exit code (see the module docstring)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        err.write(f"nzpass.model.run: error: cannot read '{path}': {error}\n")
        return EXIT_USAGE
    try:
        module = parse_module(text, path)
    except ParseError as error:
        err.write(f"{error}\n")
        return EXIT_MISMATCH
    with module.context:
        try:
            kernels = [kernel_form(func) for func in _functions(module)]
        except KernelFormError as error:
            err.write(f"nzpass.model.run: error: {path}: {error}\n")
            return EXIT_USAGE
        except (pl.LayoutSyntaxError, OpaqueSyntaxError) as error:
            # A type that does not read: the passes refuse it where it is written.
            if _lowered(module, path, text, err):
                err.write(f"nzpass.model.run: error: {path}: {error}\n")
            return EXIT_MISMATCH
        if not kernels:
            err.write(f"nzpass.model.run: error: {path} defines no function\n")
            return EXIT_USAGE
        if not _lowered(module, path, text, err):
            return EXIT_MISMATCH
        failed = False
        for number, kernel in enumerate(kernels):
            try:
                comparison = check_kernel(module, kernel, mode, data, seed + number)
            except RUN_ERRORS as error:  # e.g. a batch past a dynamic extent the passes warned of
                notes = "".join(f"\n  note: {n}" for n in getattr(error, "__notes__", ()))
                err.write(f"nzpass.model.run: error: {path}: @{kernel.name}: {error}{notes}\n")
                failed = True
                continue
            out.write(comparison.line(mode) + "\n")
            out.flush()
            failed |= not comparison.ok
    return EXIT_MISMATCH if failed else EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nzpass.model.run",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("input", help="a pl file of matmul kernels (x, w, out)")
    parser.add_argument("--mode", choices=MODES, default="a2a3",
                        help="a2a3 models the device defects; ideal follows the view strides")
    parser.add_argument("--data", choices=("normal", "int"), default="normal",
                        help="random normal floats, or small integers (exact: error 0)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random data")
    args = parser.parse_args(argv)
    return check_file(args.input, args.mode, args.data, args.seed)


if __name__ == "__main__":
    sys.exit(main())
