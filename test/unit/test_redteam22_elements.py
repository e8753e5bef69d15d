"""Red-team round 22, area elements: pto IR whose element types contradict each other
along a GM transfer, which verify-pto-nz accepted although the bytes moved are read as
another type.

- A pto.partition_view typed f16 (or complex<f32>) over an f32 ND view, a generic
  pto.make_tensor_view typed f16 over a !pto.ptr<f32>, and an unrealized cast of a view,
  a pointer or a GM memref to another element type (PTOAS's MakeTensorViewOp::verify and
  PartitionViewOp::verify refuse the first two; the NZ rules did, the ND path did not).
- A pto.tload of f32 GM (an ND view, a DN one, a GM memref) into an i32 or f16 tile:
  every load copies bytes (pto-isa's TLOAD static_asserts only equal sizeof, PTOAS's
  TLoadOp::verify equal widths), so the tile held the floats' bit patterns.
- A pto.tstore of a Vec memref tile into a GM memref of another element type (the store
  rule read tile_buf tiles only).
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline
from nzpass.nz import limits

pytestmark = pytest.mark.usefixtures("ctx")


def _tile(dtype: str, blayout: str = "row_major") -> str:
    return (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows=32, cols=32, v_row=32, v_col=32, "
            f"blayout={blayout}, slayout=none_box, fractal=512, pad=0>")


def _kernel(view: str = "f32", part: str = "f32", tile: str = "f32", out: str = "f32",
            strides: str = "[%c32, %c1]", blayout: str = "row_major",
            target: str = "a2a3") -> str:
    """A 32x32 window of an f32 GM tensor viewed as `view`, partitioned as `part`, loaded
    into a Vec tile of `tile` and stored into an `out` tensor."""
    t = _tile(tile, blayout)
    return f"""
module attributes {{pto.target_arch = "{target}"}} {{
func.func @k(%a: !pto.ptr<f32>, %o: !pto.ptr<{out}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %v = "pto.make_tensor_view"(%a, %c32, %c32, %c32, %c1) {{operandSegmentSizes = \
array<i32: 1, 2, 2>}} : (!pto.ptr<f32>, index, index, index, index) -> \
!pto.tensor_view<?x?x{view}>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : \
!pto.tensor_view<?x?x{view}> -> !pto.partition_tensor_view<32x32x{part}>
  %ov = pto.make_tensor_view %o, shape = [%c32, %c32], strides = {strides} : \
!pto.tensor_view<?x?x{out}>
  %op = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c32, %c32] : \
!pto.tensor_view<?x?x{out}> -> !pto.partition_tensor_view<32x32x{out}>
  %t = pto.alloc_tile : {t}
  pto.tload ins(%p : !pto.partition_tensor_view<32x32x{part}>) outs(%t : {t})
  pto.tstore ins(%t : {t}) outs(%op : !pto.partition_tensor_view<32x32x{out}>)
  return
}}
}}"""


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def test_matching_elements_are_accepted():
    assert _errors(_kernel()) == []
    assert _errors(_kernel(view="f32", part="f32", tile="f32", target="a5")) == []


@pytest.mark.parametrize("part", ["f16", "complex<f32>", "i32"])
def test_a_partition_of_another_element_type_is_refused(part):
    tile = part if part != "complex<f32>" else "f32"
    errors = _errors(_kernel(part=part, tile=tile, out=tile))
    assert errors == [f"'pto.partition_view' result !pto.partition_tensor_view<32x32x{part}> "
                      f"has element type {part}, not its source's f32 "
                      "(!pto.tensor_view<?x?xf32>): a view holds its source's bytes, so its "
                      f"transfers would move f32 data as {part}; give the result element "
                      "type f32"]  # one root cause, one error: not the load's too


def test_a_view_of_another_element_type_than_its_pointer_is_refused():
    errors = _errors(_kernel(view="f16", part="f16", tile="f16", out="f16"))
    assert errors == ["'pto.make_tensor_view' result !pto.tensor_view<?x?xf16> has element "
                      "type f16, not its source's f32 (!pto.ptr<f32>): a view holds its "
                      "source's bytes, so its transfers would move f32 data as f16; give "
                      "the result element type f32"]


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize("tile", ["i32", "ui32", "f16"])
def test_an_nd_load_into_another_element_type_is_refused(tile, target):
    """f32 bytes loaded into an i32 tile are bit patterns, on every target (an f16 tile
    is also refused by the widths: one error, the element rule's)."""
    errors = _errors(_kernel(tile=tile, out=tile, target=target))
    assert errors[0] == (f"'pto.tload' of GM of f32 into a tile of {tile} (loc=vec): a load "
                         "copies GM's bytes as they are (no conversion), so its f32 elements "
                         f"would be read as {tile}; load into a tile of dtype=f32 and convert "
                         "it there (pto.tcvt)")


def test_a_dn_load_into_another_element_type_is_refused():
    errors = _errors(_kernel(tile="i32", out="i32", strides="[%c1, %c32]",
                             blayout="col_major"))
    assert any(e.startswith("'pto.tload' of GM of f32 into a tile of i32 (loc=vec)")
               for e in errors)


def test_signed_and_signless_integers_are_one_c_type():
    assert limits.load_element_problem("si32", "i32") is None
    assert limits.load_element_problem("i8", "si8") is None
    assert limits.load_element_problem("ui8", "i8") is not None
    assert limits.load_element_problem("f32", "i32") is not None


_GM32 = "memref<32x32x{e}, #pto.address_space<gm>>"
_VEC32 = "memref<32x32x{e}, #pto.address_space<vec>>"


def _memref_kernel(gm: str, tile: str, out: str, cast: str = "") -> str:
    g, t, o = _GM32.format(e=gm), _VEC32.format(e=tile), _GM32.format(e=out)
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%a: {g}, %o: {o}, %t: {t}) {{
{cast}  pto.tload ins(%a : {g}) outs(%t : {t})
  pto.tstore ins(%t : {t}) outs(%o : {o})
  return
}}
}}"""


def test_memref_transfers_keep_their_elements():
    assert _errors(_memref_kernel("f32", "f32", "f32")) == []
    load = _errors(_memref_kernel("f32", "f16", "f16"))
    assert load == ["'pto.tload' of GM of f32 into a tile of f16 (loc=vec): a load copies "
                    "GM's bytes as they are (no conversion), so its f32 elements would be "
                    "read as f16; load into a tile of dtype=f32 and convert it there "
                    "(pto.tcvt)"]
    store = _errors(_memref_kernel("f32", "f32", "i32"))
    assert len(store) == 1 and store[0].startswith(
        "'pto.tstore' of a tile of f32 (loc=vec) into GM of i32: a vec tile stores its bytes "
        "as they are (no conversion)")


def test_an_unrealized_cast_to_another_element_type_is_refused():
    text = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%a: !pto.ptr<f32>, %t: {_VEC32.format(e="f16")}) {{
  %m = builtin.unrealized_conversion_cast %a : !pto.ptr<f32> to {_GM32.format(e="f16")}
  pto.tload ins(%m : {_GM32.format(e="f16")}) outs(%t : {_VEC32.format(e="f16")})
  return
}}
}}"""
    errors = _errors(text)
    assert len(errors) == 1 and errors[0].startswith(
        "'builtin.unrealized_conversion_cast' result memref<32x32xf16")
    assert "has element type f16, not its source's f32 (!pto.ptr<f32>)" in errors[0]


def test_an_unrealized_cast_of_scalars_or_local_tiles_is_not_a_view():
    text = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%x: ui32, %t: {_VEC32.format(e="f32")}) -> ({_VEC32.format(e="i32")}, i32) {{
  %y = builtin.unrealized_conversion_cast %x : ui32 to i32
  %u = builtin.unrealized_conversion_cast %t : {_VEC32.format(e="f32")} to \
{_VEC32.format(e="i32")}
  return %u, %y : {_VEC32.format(e="i32")}, i32
}}
}}"""
    assert _errors(text) == []
