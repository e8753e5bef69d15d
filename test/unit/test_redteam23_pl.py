"""Red-team round 23, area pl: what pto-block-nz-views laundered past verify-pto-nz.

- The result types of a logical NZ view and of its partitions state their extents and
  element type too, and pto-block-nz-views rebuilt both ops from their operands alone and
  retyped them `!pto.tensor_view<?x?x?x?x?xT>` / the blocked partition of the view's
  element type. A contradiction verify-pto-nz refuses on a blocked view (a static dim that is
  not its operand, a rank other than the operands', a partition of another element type)
  was erased before it could see it: a view typed 64x256 over shape operands [128, 256]
  was blocked as 128 rows (PTOAS's C++ takes a static shape from the type), a partition
  typed i8 of an f16 view was retyped f16. The rule: every type the pass replaces must
  state what it rebuilds (`_check_stated_dims`, `_check_partition_element`).
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_TILE = ("!pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=128, v_row=128, v_col=128, "
         "blayout=col_major, slayout=row_major, fractal=512, pad=0>")


_VIEW_OPERANDS = "(%p, %c128, %c256, %c256, %c1)"
_SEG2 = "operandSegmentSizes = array<i32: 1, 2, 2>"
_INDEX4 = "index, index, index, index"


def _kernel(view_type: str = "?x?xf16", part_type: str = "128x128xf16") -> str:
    """A logical [128, 256] f16 NZ view, its [128, 128] partition at column 128, loaded."""
    view, part = f"!pto.tensor_view<{view_type}>", f"!pto.partition_tensor_view<{part_type}>"
    lines = [
        "func.func @kernel(%p: !pto.ptr<f16>) {",
        *(f"  %c{n} = arith.constant {n} : index" for n in (0, 1, 128, 256)),
        f'  %tv = "pto.make_tensor_view"{_VIEW_OPERANDS} {{layout = #pto.layout<nz>, {_SEG2}}}'
        f" : (!pto.ptr<f16>, {_INDEX4}) -> {view}",
        f'  %pv = "pto.partition_view"(%tv, %c0, %c128, %c128, %c128) {{{_SEG2}}}'
        f" : ({view}, {_INDEX4}) -> {part}",
        f'  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {_TILE}',
        '  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}'
        f" : ({part}, {_TILE}) -> ()",
        "  return",
        "}",
    ]
    return "\n".join(lines)


def _errors(text: str, pipeline: str = "pto-block-nz-views,verify-pto-nz",
            name: str = "t.mlir") -> list[str]:
    result = run_pipeline(parse_module(text, name), f"builtin.module({pipeline})")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def test_the_consistent_logical_view_is_blocked_and_verified():
    assert _errors(_kernel()) == []
    assert _errors(_kernel(view_type="128x256xf16")) == []  # static dims that are the operands


@pytest.mark.parametrize("view_type, expected", [
    ("64x256xf16", "NZ view type !pto.tensor_view<64x256xf16> states shape[0] = 64 but its "
                   "operand is 128"),
    ("?x512xf16", "states shape[1] = 512 but its operand is 256"),
    ("?x?x?xf16", "NZ view type !pto.tensor_view<?x?x?xf16> has rank 3 for 2 shape operands"),
])
def test_a_logical_view_type_contradicting_its_shape_operands_is_refused(view_type, expected):
    errors = _errors(_kernel(view_type=view_type))
    assert len(errors) == 1 and expected in errors[0], errors


@pytest.mark.parametrize("element", ["i16", "bf16", "f32", "i8"])
def test_a_partition_typed_another_element_than_its_logical_view_is_refused(element):
    errors = _errors(_kernel(part_type=f"128x128x{element}"))
    assert len(errors) == 1 and (
        f"has element type {element}, not its source view's f16") in errors[0], errors


def test_the_blocked_form_of_each_contradiction_is_what_verify_refuses():
    """The rule the pass now holds is verify-pto-nz's on the blocked form: blocking must not
    be the way around it."""
    view = ('"pto.make_tensor_view"(%p, %c1, %c16, %c8, %c16, %c16, %c32768, %c2048, %c256, '
            '%c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} '
            ': (!pto.ptr<f16>, index, index, index, index, index, index, index, index, index, '
            'index) -> !pto.tensor_view<1x16x4x16x16xf16>')
    text = f"""
func.func @kernel(%p: !pto.ptr<f16>) {{
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c2048 = arith.constant 2048 : index
  %c32768 = arith.constant 32768 : index
  %tv = {view}
  return
}}"""
    errors = _errors(text, "verify-pto-nz")
    assert len(errors) == 1 and "states shape[2] = 4 but its operand is 8" in errors[0], errors


def test_the_custom_syntax_view_type_is_held_to_its_operands():
    view, part = "!pto.tensor_view<64x256xf16>", "!pto.partition_tensor_view<128x128xf16>"
    text = "\n".join([
        "func.func @kernel(%p: !pto.ptr<f16>) {",
        *(f"  %c{n} = arith.constant {n} : index" for n in (0, 1, 128, 256)),
        "  %tv = pto.make_tensor_view %p, shape = [%c128, %c256], strides = [%c256, %c1]"
        f" {{layout = #pto.layout<nz>}} : {view}",
        "  %pv = pto.partition_view %tv, offsets = [%c0, %c128], sizes = [%c128, %c128]"
        f" : {view} -> {part}",
        f"  %t = pto.alloc_tile : {_TILE}",
        f"  pto.tload ins(%pv : {part}) outs(%t : {_TILE})",
        "  return",
        "}",
    ])
    errors = _errors(text, name="t.pto")
    assert len(errors) == 1 and "states shape[0] = 64 but its operand is 128" in errors[0], errors
