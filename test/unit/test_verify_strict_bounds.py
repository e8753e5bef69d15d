"""verify-pto-nz's strict-bounds option: a window nothing bounds warns by default and is
refused with the option (the lit tests cover the default)."""

from __future__ import annotations

from nzpass import run_pipeline
from nzpass.ir.bindings import ir

UNBOUNDED_BATCH = """
func.func @k(%p: !pto.ptr<i8>, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c2, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.ptr<i8>,
      index, index, index, index, index, index, index, index, index, index) ->
      !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %b, %c0, %c0, %c0, %c0, %c1, %c16, %c16, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index, index,
      index, index, index, index, index, index, index, index) ->
      !pto.partition_tensor_view<1x16x16x16x32xi8>
  return
}
"""


def _severities(pipeline: str) -> list[str]:
    module = ir.Module.parse(UNBOUNDED_BATCH)
    return [d.severity.value for d in run_pipeline(module, pipeline).diagnostics]


def test_unbounded_batch_offset_warns_by_default(ctx):
    assert _severities("builtin.module(verify-pto-nz)") == ["warning"]


def test_unbounded_batch_offset_is_refused_with_strict_bounds(ctx):
    assert _severities("builtin.module(verify-pto-nz{strict-bounds=true})") == ["error"]
