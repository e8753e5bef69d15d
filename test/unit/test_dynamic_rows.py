"""Dynamic NZ row counts (issue 15.3): a pto weight view of shape [R, C] with R a kernel
argument carrying facts is blocked with symbolic extents and strides, verified, and moves
exactly the logical data on the a2a3 model for every R the facts allow; the relational bound
proofs (nz.offsets.slack_below, proved_sum_at_most, linear_form) are checked against the
values they speak about.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import parse_module, run_pipeline
from nzpass.ir.bindings import ir
from nzpass.ir.walk import nested_ops
from nzpass.model import FactViolation, Simulator, pack_nz
from nzpass.nz.offsets import OffsetAnalysis, linear_form, proved_sum_at_most, slack_below

TILE = ("!pto.tile_buf<loc=mat, dtype=i8, rows={rows}, cols={cols}, v_row={rows}, "
        "v_col={cols}, blayout=col_major, slayout=row_major, fractal=512, pad=0>")

PREFILL = """
func.func @kernel(%w: !pto.ptr<i8>, %r: index {{nz.multiple_of = 128 : i64,
                                               nz.range = array<i64: 128, 1025>}}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %tv = pto.make_tensor_view %w, shape = [%r, %c256], strides = [%c256, %c1]
          {{layout = #pto.layout<nz>}} : !pto.tensor_view<?x?xi8>
  scf.for %n0 = %c0 to %r step %c128 {{
    %pv = pto.partition_view %tv, offsets = [%n0, %c64], sizes = [%c128, %c64]
            : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x64xi8>
    %t = pto.alloc_tile : {tile}
    pto.tload ins(%pv : !pto.partition_tensor_view<128x64xi8>) outs(%t : {tile})
  }}
  return
}}
""".format(tile=TILE.format(rows=128, cols=64))


def _blocked(text: str) -> ir.Module:
    module = parse_module(text)
    result = run_pipeline(module, "pto-block-nz-views,verify-pto-nz")
    assert result.success, [d.message for d in result.diagnostics]
    return module


@pytest.mark.parametrize("rows", [128, 256, 640, 1024])
def test_every_load_of_a_dynamic_row_weight_is_the_logical_window(ctx, rows):
    module = _blocked(PREFILL)
    w = np.random.default_rng(rows).integers(-128, 128, (rows, 256)).astype(np.int8)
    loads = Simulator(module, mode="a2a3").run("kernel", pack_nz(w), rows).loads
    assert len(loads) == rows // 128
    for i, load in enumerate(loads):
        np.testing.assert_array_equal(load.logical, w[128 * i:128 * (i + 1), 64:128])


def test_a_row_count_outside_the_facts_is_refused_by_the_model(ctx):
    module = _blocked(PREFILL)
    w = np.zeros((1152, 256), np.int8)
    with pytest.raises(FactViolation):
        Simulator(module, mode="a2a3").run("kernel", pack_nz(w), 1152)


# A hand-written blocked view whose range lets the #317 gap reach 65536 blocks: the verifier
# refuses it, and the a2a3 model shows why (the second column block is read from the wrong
# place); one row count lower, the gap is 65520 and the same load is exact.
GAP = """
func.func @kernel(%w: !pto.ptr<i8>, %r: index {{nz.multiple_of = 16 : i64,
                                               nz.range = array<i64: 16, {hi}>}}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %rf = arith.floordivsi %r, %c16 : index
  %s1 = arith.muli %r, %c32 : index
  %s0 = arith.muli %r, %c64 : index
  %tv = "pto.make_tensor_view"(%w, %c1, %c2, %rf, %c16, %c32, %s0, %s1, %c512, %c32, %c1)
      {{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index)
      -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c1, %c16, %c32)
      {{operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index,
         index, index) -> !pto.partition_tensor_view<1x2x1x16x32xi8>
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {tile}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
      : (!pto.partition_tensor_view<1x2x1x16x32xi8>, {tile}) -> ()
  return
}}
"""


def _gap_kernel(hi: int) -> str:
    return GAP.format(hi=hi, tile=TILE.format(rows=16, cols=64))


def _first_load(module: ir.Module, rows: int) -> tuple[np.ndarray, np.ndarray]:
    w = np.random.default_rng(rows).integers(-128, 128, (rows, 64)).astype(np.int8)
    load = Simulator(module, mode="a2a3").run("kernel", pack_nz(w), rows).loads[0]
    return load.logical, w[:16, :]


def test_the_gap_guard_uses_the_range_upper_bound(ctx):
    refused = parse_module(_gap_kernel(65553))  # R up to 65552: gap 65536
    result = run_pipeline(refused, "verify-pto-nz")
    assert not result.success
    assert any("GM gap of 65536" in d.message for d in result.diagnostics)
    got, want = _first_load(refused, 65552)
    assert not np.array_equal(got, want)  # the wrapped gap reads another fractal

    accepted = parse_module(_gap_kernel(65537))  # R up to 65536: gap 65520
    assert run_pipeline(accepted, "verify-pto-nz").success
    got, want = _first_load(accepted, 65536)
    np.testing.assert_array_equal(got, want)


# ------------------------------------------------------------------ the relational proofs

LOOP = """
func.func @f(%r: index {nz.multiple_of = {align} : i64, nz.range = array<i64: 16, 1025>},
             %k: index {nz.range = array<i64: 0, 64>}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %step = arith.constant {step} : index
  scf.for %i = %c0 to %r step %step {
    %d = arith.subi %r, %i : index
    %m = arith.minsi %d, %k : index
    %q = arith.floordivsi %i, %c16 : index
    %rq = arith.floordivsi %r, %c16 : index
    "test.use"(%i, %m, %q, %rq) : (index, index, index, index) -> ()
  }
  return
}
"""


def _test_use(module: ir.Module) -> ir.Operation:
    return next(op for op in nested_ops(module.operation) if op.name == "test.use")


def _uses(text: str):
    module = parse_module(text)
    r = module.body.operations[0].regions[0].blocks[0].arguments[0]
    return module, r, list(_test_use(module).operands)


@pytest.mark.parametrize(("align", "step"), [(128, 128), (16, 128), (128, 64), (32, 16)])
def test_induction_variable_slack_is_the_shared_alignment_and_sound(ctx, align, step):
    _module, r, (i, _m, q, rq) = _uses(LOOP.replace("{align}", str(align))
                                       .replace("{step}", str(step)))
    analysis = OffsetAnalysis()
    slack = slack_below(analysis, i, r)
    assert slack == min(align, step)
    # Sound: every iv of every run the facts allow keeps iv <= R - slack.
    for rows in range(align, 1025, align):
        assert all(iv <= rows - slack for iv in range(0, rows, step))
    # The quotient rule: floor(i/16) <= floor(R/16) - floor(slack/16).
    assert slack_below(analysis, q, rq) == slack // 16


def test_a_ragged_tail_ends_at_the_row_count(ctx):
    _module, r, (i, m, _q, _rq) = _uses(LOOP.replace("{align}", "16").replace("{step}", "16"))
    analysis = OffsetAnalysis()
    assert proved_sum_at_most(analysis, i, m, r)       # i + min(R - i, k) <= R
    assert not proved_sum_at_most(analysis, i, 32, r)  # 32 rows past a 16-aligned R: no


def test_linear_forms_see_through_exact_quotients_only(ctx):
    text = """
    func.func @f(%r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 1025>},
                 %s: index {nz.multiple_of = 8 : i64, nz.range = array<i64: 16, 1025>}) {
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c512 = arith.constant 512 : index
      %rq = arith.floordivsi %r, %c16 : index
      %sq = arith.floordivsi %s, %c16 : index
      %r32 = arith.muli %r, %c32 : index
      %rq512 = arith.muli %rq, %c512 : index
      %s32 = arith.muli %s, %c32 : index
      %sq512 = arith.muli %sq, %c512 : index
      "test.use"(%r32, %rq512, %s32, %sq512) : (index, index, index, index) -> ()
      return
    }
    """
    module = parse_module(text)
    r32, rq512, s32, sq512 = _test_use(module).operands
    analysis = OffsetAnalysis()
    assert linear_form(analysis, r32) == linear_form(analysis, rq512)  # R a multiple of 16
    assert linear_form(analysis, s32) != linear_form(analysis, sq512)  # S only of 8
