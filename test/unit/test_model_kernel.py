"""Whole-kernel launches and the ND-vs-NZ load check (nzpass.model.kernel, nzpass-sim).

The kernels are PyPTO-style `.pto` texts (custom syntax): an ND original, and the same
kernel with its weight view switched to NZ, blocked by the real pto-block-nz-views and
verified by verify-pto-nz. The check must find them equal, and must fail once a blocked
coordinate is wrong.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nzpass
from nzpass.dialects import pto
from nzpass.ir.bindings import ir, new_context
from nzpass.model import (
    FactViolation,
    GmData,
    Kernel,
    LaunchError,
    Simulator,
    ViewRequest,
    check_nz_against_nd,
    pack_nz,
)
from nzpass.tools.nzpass_sim import NzpassSim

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIPELINE = "builtin.module(pto-block-nz-views,verify-pto-nz)"
ELEMENT = {"bf16": 2, "i8": 1, "f32": 4}  # bytes per element


@pytest.fixture(autouse=True)
def ctx():
    with new_context() as context:
        yield context


def kernel_text(dtype: str, k: int, n: int, tk: int, tn: int, blocks: int, nz: bool) -> str:
    """out[16, n] (ND) loads x[16, k] and w[k, n] tile by tile, block b at columns
    b * tn: the shape of the corpus's decode projections."""
    layout = "nz" if nz else "nd"
    fact = f" {{nz.range = array<i64: 0, {blocks}>}}" if nz else ""
    mat = (f"!pto.tile_buf<loc=mat, dtype={dtype}, rows={tk}, cols={tn}, v_row={tk}, "
           f"v_col={tn}, blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    xmat = (f"!pto.tile_buf<loc=mat, dtype={dtype}, rows=16, cols={tk}, v_row=?, v_col=?, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    view = f"!pto.tensor_view<?x?x{dtype}>"
    xpart = f"!pto.partition_tensor_view<16x{tk}x{dtype}>"
    wpart = f"!pto.partition_tensor_view<{tk}x{tn}x{dtype}>"
    return f"""module {{
  func.func @k(%arg0: !pto.ptr<{dtype}>, %arg1: !pto.ptr<{dtype}>,
               %__pypto_spmd_block_idx: i32{fact}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %ck = arith.constant {k} : index
  %cn = arith.constant {n} : index
  %ctk = arith.constant {tk} : index
  %ctn = arith.constant {tn} : index
  %x = pto.make_tensor_view %arg0, shape = [%c16, %ck], strides = [%ck, %c1]
       {{layout = #pto.layout<nd>}} : {view}
  %w = pto.make_tensor_view %arg1, shape = [%ck, %cn], strides = [%cn, %c1]
       {{layout = #pto.layout<{layout}>}} : {view}
  %blk = arith.index_cast %__pypto_spmd_block_idx : i32 to index
  %n0 = arith.muli %blk, %ctn : index
  scf.for %k0 = %c0 to %ck step %ctk {{
    %xt = pto.alloc_tile valid_row = %c16 valid_col = %ctk : {xmat}
    %xp = pto.partition_view %x, offsets = [%c0, %k0], sizes = [%c16, %ctk]
          : {view} -> {xpart}
    pto.tload ins(%xp : {xpart}) outs(%xt : {xmat})
    %wt = pto.alloc_tile : {mat}
    %wk = arith.maxsi %k0, %c0 : index
    %wp = pto.partition_view %w, offsets = [%wk, %n0], sizes = [%ctk, %ctn]
          : {view} -> {wpart}
    pto.tload ins(%wp : {wpart}) outs(%wt : {mat})
  }}
  return
  }}
}}
"""


def blocked(text: str, name: str = "nz.pto") -> ir.Module:
    module = nzpass.parse_module(text, name)
    result = nzpass.run_pipeline(module, PIPELINE)
    assert result.success, [d.message for d in result.diagnostics]
    return module


def nz_partition(module: ir.Module) -> ir.Operation:
    found = []
    module.operation.walk(lambda op: found.append(op.operation) or ir.WalkResult.ADVANCE,
                          ir.WalkOrder.PRE_ORDER)
    return next(op for op in found if op.name == pto.PartitionView.NAME
                and len(op.operands) == 11)


# --------------------------------------------------------------------------- the check


GEOMETRIES = st.sampled_from(["bf16", "i8", "f32"]).flatmap(lambda dtype: st.tuples(
    st.just(dtype), st.integers(1, 3), st.integers(1, 3), st.integers(1, 2),
    st.integers(1, 2)))


FIXTURE = [HealthCheck.function_scoped_fixture]


@settings(max_examples=6, deadline=None, suppress_health_check=FIXTURE)
@given(geometry=GEOMETRIES, seed=st.integers(0, 2**16))
def test_blocked_loads_equal_the_nd_originals_and_a_wrong_coordinate_is_caught(geometry, seed):
    dtype, k_tiles, blocks, tk_units, tn_units = geometry
    c0 = 32 // ELEMENT[dtype]
    tk, tn = max(16, c0) * tk_units, c0 * 2 * tn_units  # tk is x tiles' columns too
    k, n = tk * k_tiles, tn * blocks
    nd_text = kernel_text(dtype, k, n, tk, tn, blocks, False)
    reference = Kernel(nzpass.parse_module(nd_text, "nd.pto"), source=nd_text,
                       filename="nd.pto", mode="ideal")
    module = blocked(kernel_text(dtype, k, n, tk, tn, blocks, True))
    report = check_nz_against_nd(Kernel(module), reference, seed=seed)
    assert report.equal, report.mismatches
    assert report.blocks == blocks  # the launch the block index's fact states
    assert (report.loads, report.nz_loads) == (2 * k_tiles * blocks, k_tiles * blocks)

    # Mutate one blocked coordinate (offsets [b, column block, row fractal, 0, 0]) to the
    # batch's constant 0: caught exactly when some load needs it non-zero.
    part = nz_partition(module)
    for operand, needed in ((3, k_tiles > 1), (2, blocks > 1)):
        original = part.operands[operand]
        part.operands[operand] = part.operands[1]
        mutant = check_nz_against_nd(Kernel(module), reference, seed=seed)
        assert mutant.equal != needed
        if needed:
            assert "valid elements differ" in mutant.mismatches[0].message
        part.operands[operand] = original


def test_the_bundled_example_is_blocked_verified_and_equal_over_a_full_launch():
    nz_text = (EXAMPLES / "cube_matmul_nz.pto").read_text()
    nd_path = EXAMPLES / "cube_matmul_nd.pto"
    nd_text = nd_path.read_text()
    reference = Kernel(nzpass.parse_module(nd_text, str(nd_path)), source=nd_text,
                       filename=str(nd_path), mode="ideal")
    assert [a.name for a in reference.arguments][3:] == [
        "col0", "__pypto_spmd_block_idx", "__pypto_spmd_block_num"]
    candidate = Kernel(blocked(nz_text))
    for col0 in (0, 256, 1024):
        report = check_nz_against_nd(candidate, reference, {"col0": col0})
        assert report.equal and (report.blocks, report.loads, report.nz_loads) == (4, 32, 16)
    # Three launches of 4 blocks, 4 iterations each: 2 textracts and 1 matmul per iteration.
    assert candidate.simulator.skipped == {"pto.textract": 96, "pto.tmatmul": 12,
                                           "pto.tmatmul.acc": 36}
    with pytest.raises(FactViolation, match=r"nz\.multiple_of = 256"):
        check_nz_against_nd(candidate, reference, {"col0": 128})
    with pytest.raises(LaunchError, match="needs a value: --arg col0=VALUE"):
        check_nz_against_nd(candidate, reference, {})


def test_cli_checks_the_example_and_diagnoses_bad_inputs(tmp_path):
    out_path = tmp_path / "blocked.mlir"
    with nzpass.new_context():
        module = blocked((EXAMPLES / "cube_matmul_nz.pto").read_text())
        out_path.write_text(str(module))
    nd = str(EXAMPLES / "cube_matmul_nd.pto")

    def sim(*argv):
        out, err = io.StringIO(), io.StringIO()
        code = NzpassSim(list(argv), out, err).run()
        return code, out.getvalue(), err.getvalue()

    code, out, _ = sim(str(out_path), "--against", nd, "--arg", "col0=512")
    assert code == 0 and "every load equals the ND original's: ok" in out
    code, _, err = sim(str(out_path), "--against", nd, "--arg", "col0=0", "--blocks", "9")
    assert code == 1 and "blocked.mlir:" in err and "breaks its stated fact" in err
    code, _, err = sim(nd, "--arg", "nope=1")
    assert code == 1 and "cube_matmul_nd.pto:" in err and "has no argument 'nope'" in err
    code, _, err = sim(nd, "--arg", "col0")
    assert code == 2 and "expected NAME=VALUE" in err
    assert "Traceback" not in err


# --------------------------------------------------------------------------- pieces


def test_gm_data_packs_the_plain_contents_of_the_same_pointer():
    data = GmData(seed=3)
    nd = ViewRequest((64, 32), (32, 1), "nd", np.dtype(np.int8))
    plain = data.plain(1, nd).copy()
    nz = ViewRequest((1, 1, 4, 16, 32), (2048, 2048, 512, 32, 1), "nz", np.dtype(np.int8))
    assert np.array_equal(data.packed(1, nz), pack_nz(plain.reshape(64, 32)).reshape(-1))
    with pytest.raises(LaunchError, match="viewed with 4096 elements but holds 2048"):
        data.plain(1, ViewRequest((64, 64), (64, 1), "nd", np.dtype(np.int8)))


_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


@settings(max_examples=40, deadline=None, suppress_health_check=FIXTURE)
@given(a=st.integers(-128, 127), b=st.integers(-128, 127))
def test_cmpi_select_and_if_follow_i8_semantics(a, b):
    lines = [f"%r{i} = arith.cmpi {p}, %a, %b : i8" for i, p in enumerate(_PREDICATES)]
    types = ", ".join(["i1"] * 10) + ", i8, i8, i8"
    results = ", ".join(f"%r{i}" for i in range(10)) + ", %m, %u, %v"
    text = f"""func.func @f(%a: i8, %b: i8) -> ({types}) {{
      {chr(10).join(lines)}
      %m = arith.select %r2, %a, %b : i8
      %u = arith.maxui %a, %b : i8
      %v = scf.if %r6 -> (i8) {{ scf.yield %a : i8 }} else {{ scf.yield %b : i8 }}
      return {results} : {types}
    }}"""
    returns = Simulator(nzpass.parse_module(text)).run("f", a, b).returns
    ua, ub = a % 256, b % 256  # the unsigned reading of the same bits
    want = [a == b, a != b, a < b, a <= b, a > b, a >= b, ua < ub, ua <= ub, ua > ub, ua >= ub]
    assert [bool(r) for r in returns[:10]] == want
    assert returns[10] == min(a, b)
    assert returns[11] == (a if ua >= ub else b)
    assert returns[12] == (a if ua < ub else b)
