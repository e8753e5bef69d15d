"""verify-pto-nz's strict-bounds option: a batch window whose end nothing bounds (a
dynamic batch extent) warns by default and is refused with the option (the lit tests
cover the default). Every other unbounded window is an error either way."""

from __future__ import annotations

from nzpass import run_pipeline
from nzpass.ir.bindings import ir

UNBOUNDED_BATCH = """
func.func @k(%p: !pto.ptr<i8>, %n: index, %b: index {nz.range = array<i64: 0, 8>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %n, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
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


def test_batch_end_on_a_dynamic_extent_warns_by_default(ctx):
    assert _severities("builtin.module(verify-pto-nz)") == ["warning"]


def test_batch_end_on_a_dynamic_extent_is_refused_with_strict_bounds(ctx):
    assert _severities("builtin.module(verify-pto-nz{strict-bounds=true})") == ["error"]


def test_unbounded_batch_offset_on_a_static_extent_is_refused_by_default(ctx):
    # Found by red team: an argument without facts as the batch offset of a 2-batch view
    # had been a warning, though it may address memory before or after the tensor.
    static = UNBOUNDED_BATCH.replace("%p, %n, %c16", "%p, %c2, %c16").replace(
        " {nz.range = array<i64: 0, 8>}", "")
    module = ir.Module.parse(static)
    severities = [d.severity.value for d in run_pipeline(
        module, "builtin.module(verify-pto-nz)").diagnostics]
    assert severities == ["error"]
