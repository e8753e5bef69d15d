"""Red-team round 21, area pl: what the pl-to-pto pipeline accepted and should not have.

- Element types PTOAS has no C type of their width for (an i24, an f8E8M0FNU): PTOAS's
  EmitC spells them as 4-byte `int32_t` / `float`, while every rule counted width / 8 bytes.
- A window of a slice whose extent is dynamic: the slice becomes offsets on its parent's
  view, so nothing bounded a load or store by the slice, only by the parent.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass.errors import Refusal
from nzpass.ir.bindings import ir
from nzpass.model.simulator import Simulator
from nzpass.nz.tensor_types import check_ptoas_element
from support.lowering import lower, try_lower

pytestmark = pytest.mark.usefixtures("ctx")

_NO_C_TYPE = "which has no C type of its width in PTOAS"


def only_refusal(text: str) -> str:
    errors = try_lower(text)[1]
    assert len(errors) == 1, errors
    return errors[0]


# --------------------------------------------------------------------------- element types

def copy_kernel(element: str, rows: int = 16, cols: int = 64) -> str:
    """An ND [rows, 2 * cols] tensor's first [rows, cols] copied through a Vec tile."""
    tensor, tile = f"tensor<{rows}x{2 * cols}x{element}>", f"!pl.tile<{rows}x{cols}x{element}, vec>"
    return f"""
func.func @kernel(%x: {tensor}, %o: {tensor}) {{
  %c0 = arith.constant 0 : index
  %rows = arith.constant {rows} : index
  %cols = arith.constant {cols} : index
  %t = "pl.tile.load"(%x, %c0, %c0, %rows, %cols)
      {{operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}}
      : ({tensor}, index, index, index, index) -> {tile}
  %s = "pl.tile.store"(%t, %o, %c0, %c0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
      : ({tile}, {tensor}, index, index) -> {tensor}
  return
}}"""


@pytest.mark.parametrize("element", ["i24", "si24", "ui48"])
def test_an_integer_of_a_width_ptoas_has_no_c_type_for_is_refused(element):
    # 16 x 64 i24: 3072 bytes by nzpass's count, 4096 in PTOAS's Tile<.., float, 16, 64>
    # over an int32_t GlobalTensor.
    message = only_refusal(copy_kernel(element))
    assert f"has element type {element}, {_NO_C_TYPE}" in message
    assert message.startswith("GM tensor")


def test_the_ub_capacity_nzpass_counted_was_not_ptoass():
    # 64 x 1024 i24 is exactly the 192 KiB of UB at 3 bytes an element, and was accepted;
    # PTOAS makes it 256 KiB.
    assert _NO_C_TYPE in only_refusal(copy_kernel("i24", rows=64, cols=1024))


@pytest.mark.parametrize("element", ["i8", "si8", "ui8", "i16", "ui16", "i32", "si32", "i64",
                                     "ui64", "f16", "bf16", "f32", "f64", "f8E4M3FN",
                                     "f8E5M2"])
def test_the_element_types_ptoas_lowers_at_their_width_are_kept(element):
    lower(copy_kernel(element))


def test_a_tile_of_such_an_element_is_refused_where_a_pl_op_makes_it():
    text = """
func.func @kernel() {
  %z = "pl.tile.zeros"() : () -> !pl.tile<16x64xf8E8M0FNU, vec>
  return
}"""
    message = only_refusal(text)
    assert message.startswith("tile !pl.tile<16x64xf8E8M0FNU, vec> has element type")
    assert _NO_C_TYPE in message


@pytest.mark.parametrize("element", ["f8E8M0FNU", "f8E3M4"])
def test_an_nz_tensor_of_such_an_element_is_refused_when_blocked(cli, element):
    text = f"""
func.func @kernel(%w: tensor<256x512x{element}, #pl.layout<nz>>) {{
  return
}}"""
    result = cli(["-", "-p", "block-nz-tensor-views"], stdin=text)
    assert result.code == 1
    assert f"NZ tensor tensor<256x512x{element}, #pl.layout<nz>> has element type" in result.err
    assert _NO_C_TYPE in result.err


def test_sub_byte_and_non_number_elements_are_left_to_their_own_rules():
    loc = ir.Location.unknown()
    for spelling in ("i1", "i4", "f4E2M1FN", "index", "complex<f32>"):
        check_ptoas_element(ir.Type.parse(spelling), loc, "x")  # no refusal here
    with pytest.raises(Refusal):
        check_ptoas_element(ir.Type.parse("i128"), loc, "x")


# --------------------------------------------------------------------------- dynamic slices

_SLICE_ARGS = ("%n: index {nz.range = array<i64: 16, 33>, nz.multiple_of = 16 : i64}, "
               "%a: index {nz.range = array<i64: 0, 33>}, %r: index {nz.range = array<i64: 0, 48>}")


def dynamic_slice_kernel(body: str) -> str:
    """@kernel(x, o: tensor<64x512xf16>, n, a, r): %s and %os, n rows of x and o at a."""
    return f"""
func.func @kernel(%x: tensor<64x512xf16>, %o: tensor<64x512xf16>, {_SLICE_ARGS}) {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %s = "pl.tensor.slice"(%x, %a, %c0, %n, %c512) {{operandSegmentSizes = array<i32: 1, 2, 2, 0>}}
      : (tensor<64x512xf16>, index, index, index, index) -> tensor<?x512xf16>
  %os = "pl.tensor.slice"(%o, %a, %c0, %n, %c512) {{operandSegmentSizes = array<i32: 1, 2, 2, 0>}}
      : (tensor<64x512xf16>, index, index, index, index) -> tensor<?x512xf16>
{body}
  return
}}"""


def _load(tensor: str, row: str) -> str:
    return (f'  %t = "pl.tile.load"({tensor}, {row}, %c0, %c16, %c128) {{operandSegmentSizes '
            '= array<i32: 1, 2, 2, 0>, target_memory = "vec"} : (tensor<?x512xf16>, index, '
            "index, index, index) -> !pl.tile<16x128xf16, vec>")


def _store(tensor: str, row: str) -> str:
    return (f'  %st = "pl.tile.store"(%t, {tensor}, {row}, %c0) {{operandSegmentSizes = '
            "array<i32: 1, 1, 2, 0>} : (!pl.tile<16x128xf16, vec>, tensor<?x512xf16>, index, "
            "index) -> tensor<?x512xf16>")


def test_a_load_past_a_dynamic_slice_inside_its_parent_is_refused():
    # Rows [r, r + 16) with r up to 47 of a slice of n >= 16 rows: inside x, not the slice.
    message = only_refusal(dynamic_slice_kernel(_load("%s", "%r") + "\n" + _store("%os", "%c0")))
    assert message.startswith("'pl.tile.load' row window may leave the axis")
    assert "past the dynamic extent" in message


def test_a_store_past_a_dynamic_slice_inside_its_parent_is_refused():
    message = only_refusal(dynamic_slice_kernel(_load("%s", "%c0") + "\n" + _store("%os", "%r")))
    assert message.startswith("'pl.tile.store' row window may leave the axis")


def test_a_slice_of_a_store_alias_of_a_dynamic_slice_is_bounded_by_the_slice():
    body = "\n".join([_load("%s", "%c0"), _store("%os", "%c0"),
                      '  %inner = "pl.tensor.slice"(%st, %r, %c0, %c16, %c512) '
                      "{operandSegmentSizes = array<i32: 1, 2, 2, 0>} : (tensor<?x512xf16>, "
                      "index, index, index, index) -> tensor<16x512xf16>"])
    assert only_refusal(dynamic_slice_kernel(body)).startswith(
        "'pl.tensor.slice' row window may leave the axis")


def test_windows_bounded_by_the_slices_own_extent_move_its_rows():
    body = "\n".join(["  scf.for %i = %c0 to %n step %c16 {", "  " + _load("%s", "%i"),
                      "  " + _store("%os", "%i"), "  }"])
    module = lower(dynamic_slice_kernel(body))
    for a, n in ((0, 16), (5, 32), (32, 32)):
        x = (np.arange(64 * 512) % 1000).astype(np.float16)
        out = np.zeros(64 * 512, np.float16)
        Simulator(module.operation).run("kernel", x, out, n, a, 0)
        want = np.zeros((64, 512), np.float16)
        want[a:a + n, :128] = x.reshape(64, 512)[a:a + n, :128]
        assert np.array_equal(out.reshape(64, 512), want)


# --------------------------------------------------------------------------- the blocked mark

def test_a_declaration_of_an_nz_tensor_that_blocks_to_its_own_shape_is_marked(cli):
    # [2, 1, 1, 16, 32] i8 blocks to [2 * 1 * 1, 32 / 32, 16 / 16, 16, 32], itself: no type
    # changed, the declaration was left unmarked, and materialize-tensor-strides took it
    # for an NZ tensor no one had blocked.
    text = """
func.func private @ext(tensor<2x1x1x16x32xi8, #pl.layout<nz>>)
func.func @kernel(%x: tensor<64x512xf16>) {
  return
}"""
    result = cli(["-", "-p", "pl-to-pto"], stdin=text)
    assert result.code == 0, result.err
    assert "internal invariant" not in result.err
    assert ("func.func private @ext(tensor<2x1x1x16x32xi8, #pl.layout<nz, stride = "
            "[512, 512, 512, 32, 1]>>) attributes {nz_tensor_views_blocked}") in result.out
