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


# ND partitions (docs/nz-semantics.md 8.7): one rule with convert-pl-to-pto's, whose
# unproved windows are the caller's in hand-written pto (PyPTO states no facts).
ND_WINDOW = """
func.func @k(%p: !pto.ptr<f16>, %n: index EXTENT_FACTS,
             %r: index {nz.range = array<i64: 0, 4097>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %tv = "pto.make_tensor_view"(%p, %n, %c512, %c512, %c1) {layout = #pto.layout<nd>,
      operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index)
      -> !pto.tensor_view<?x?xf16>
  scf.for %i = %c0 to STOP step %c16 {
    %pv = "pto.partition_view"(%tv, %i, %c0, %c16, %c512) {operandSegmentSizes =
        array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) ->
        !pto.partition_tensor_view<16x512xf16>
  }
  return
}
"""


def _nd_severities(pipeline: str, stop: str, facts: str = "") -> list[str]:
    text = ND_WINDOW.replace("STOP", stop).replace("EXTENT_FACTS", facts)
    module = ir.Module.parse(text)
    return [d.severity.value for d in run_pipeline(module, pipeline).diagnostics]


def test_nd_window_nothing_bounds_warns_by_default_and_is_refused_with_strict_bounds(ctx):
    # A loop up to another argument than the view's row count: nothing relates the two.
    assert _nd_severities("builtin.module(verify-pto-nz)", "%r") == ["warning"]
    assert _nd_severities("builtin.module(verify-pto-nz{strict-bounds=true})", "%r") == ["error"]


def test_nd_window_proved_against_its_dynamic_extent_is_accepted_strictly(ctx):
    # A loop up to the extent itself, in steps dividing its stated alignment.
    facts = "{nz.multiple_of = 16 : i64}"
    assert _nd_severities("builtin.module(verify-pto-nz{strict-bounds=true})", "%n",
                          facts) == []
