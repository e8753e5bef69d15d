"""pl result types that claim more than their operands make (red team "pl", findings 3-5):
a matmul's valid region, a slice's strides, an NZ flatten's extent and element type.

Each kernel is lowered by the pl-to-pto pipeline (support.lowering); a refused one names the
op that states the type, with the cause and the fix.
"""

from __future__ import annotations

import pytest

from nzpass import run_pipeline
from nzpass.ir.bindings import ir
from support.lowering import try_lower

pytestmark = pytest.mark.usefixtures("ctx")

F16, F32 = "f16", "f32"


def refusals(text: str) -> list[str]:
    return try_lower(text)[1]


def only_refusal(text: str) -> str:
    errors = refusals(text)
    assert len(errors) == 1, errors
    return errors[0]


# --------------------------------------------------------------------------- matmul

_ARGS = {"%m": "index {nz.range = array<i64: 1, 65>}",
         "%mf": "index {nz.range = array<i64: 1, 5>}"}


def _tile(rows: int, cols: int, element: str, space: str, valid: str | None = None) -> str:
    extra = f", valid = {valid}" if valid else ""
    return f"!pl.tile<{rows}x{cols}x{element}, {space}{extra}>"


def _load(name: str, tensor: str, rows: int, cols: int, tile: str, valid=None) -> str:
    """An ND load into Mat of `tensor<ROWSxCOLSxf16>` at [0, 0] (valid: two SSA names)."""
    operands = [tensor, "%c0", "%c0", f"%c{rows}", f"%c{cols}", *(valid or ())]
    types = ", ".join([f"tensor<{rows}x{cols}xf16>"] + ["index"] * (len(operands) - 1))
    return (f'{name} = "pl.tile.load"({", ".join(operands)}) {{operandSegmentSizes = '
            f'array<i32: 1, 2, 2, {len(valid or ())}>, target_memory = "mat"}} : ({types}) '
            f"-> {tile}")


def matmul_kernel(body: list[str], a=(64, 128), b=(16, 128)) -> str:
    """@kernel(x: A's tensor, w: B's tensor, %m, %mf) with `body`; the constants it uses."""
    args = [f"%x: tensor<{a[0]}x{a[1]}xf16>", f"%w: tensor<{b[0]}x{b[1]}xf16>",
            *(f"{n}: {t}" for n, t in _ARGS.items())]
    consts = [f"  %c{n} = arith.constant {n} : index" for n in (0, 16, 20, 32, 64, 128)]
    return "\n".join([f"func.func @kernel({', '.join(args)}) {{", *consts,
                      "  %m16 = arith.muli %mf, %c16 : index",
                      *(f"  {line}" for line in body), "  return", "}"])


def matmul(result: str, op: str, operands: list[tuple[str, str]], result_type: str) -> str:
    names = ", ".join(n for n, _ in operands)
    types = ", ".join(t for _, t in operands)
    return f'{result} = "{op}"({names}) : ({types}) -> {result_type}'


A_DYN = _tile(64, 128, F16, "mat", "?x128")
A_FULL = _tile(64, 128, F16, "mat")
B_FULL = _tile(16, 128, F16, "mat")
ACC = _tile(64, 16, F32, "acc")


def test_matmul_result_claiming_rows_mad_did_not_write_is_refused():
    """Red team mm2: A has 1..64 valid rows, the result claims all 64."""
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_DYN, ("%m", "%c128")),
        _load("%b", "%w", 16, 128, B_FULL),
        matmul("%c", "pl.tile.matmul", [("%a", A_DYN), ("%b", B_FULL)], ACC)])
    message = only_refusal(text)
    assert "'pl.tile.matmul' result tile claims 64 valid rows but mad writes only its A " \
           "operand's valid rows (1 to 64)" in message
    assert "what L0C held before" in message


def test_the_refusal_is_located_at_the_matmul(cli):
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_DYN, ("%m", "%c128")),
        _load("%b", "%w", 16, 128, B_FULL),
        matmul("%c", "pl.tile.matmul", [("%a", A_DYN), ("%b", B_FULL)], ACC)])
    result = cli(["-p", "pl-to-pto", "-"], stdin=text)
    assert result.code != 0
    matmul_line = next(n for n, line in enumerate(text.splitlines(), 1)
                       if '"pl.tile.matmul"' in line)
    assert f":{matmul_line}:" in result.err.splitlines()[0]


def test_matmul_result_claiming_columns_past_b_rows_is_refused():
    """C's columns are B's rows (C = A @ B.T): B of 16..64 valid rows, C claims 64."""
    b_dyn, acc = _tile(64, 128, F16, "mat", "?x128"), _tile(64, 64, F32, "acc")
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_FULL),
        _load("%b", "%w", 64, 128, b_dyn, ("%m16", "%c128")),
        matmul("%c", "pl.tile.matmul", [("%a", A_FULL), ("%b", b_dyn)], acc)], b=(64, 128))
    assert "claims 64 valid columns but mad writes only its B operand's valid rows (16 to 64" \
        in only_refusal(text)


def test_matmul_result_of_its_operands_valid_region_is_accepted():
    a20, acc20 = _tile(32, 128, F16, "mat", "20x128"), _tile(32, 16, F32, "acc", "20x16")
    text = matmul_kernel([
        _load("%a", "%x", 32, 128, a20, ("%c20", "%c128")),
        _load("%b", "%w", 16, 128, B_FULL),
        matmul("%c", "pl.tile.matmul", [("%a", a20), ("%b", B_FULL)], acc20)], a=(32, 128))
    assert refusals(text) == []


def test_matmul_result_with_a_dynamic_valid_extent_claims_no_count():
    acc_dyn = _tile(64, 16, F32, "acc", "?x16")
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_DYN, ("%m", "%c128")),
        _load("%b", "%w", 16, 128, B_FULL),
        matmul("%c", "pl.tile.matmul", [("%a", A_DYN), ("%b", B_FULL)], acc_dyn)])
    assert refusals(text) == []


@pytest.mark.parametrize(("rows", "refused"), [("%m16", False), ("%m", True)],
                         ids=["whole_boxes", "ragged"])
def test_matmul_acc_keeps_the_accumulator_past_a_product_of_whole_boxes(rows, refused):
    """In place, mad leaves the accumulator past its boxes: a zeroed accumulator stays
    logical there (the ragged-N kernels of bench/gen_kernels.py), unless the product ends
    inside a box, whose rest mad rewrites from A's stale rows."""
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_DYN, (rows, "%c128")),
        _load("%b", "%w", 16, 128, B_FULL),
        f'%z = "pl.tile.zeros"() : () -> {ACC}',
        matmul("%c", "pl.tile.matmul_acc", [("%z", ACC), ("%a", A_DYN), ("%b", B_FULL)], ACC)])
    errors = refusals(text)
    if not refused:
        assert errors == []
    else:
        assert len(errors) == 1
        assert "'pl.tile.matmul_acc' result tile claims 64 valid rows" in errors[0]
        assert "the rest of the last box computed from the operand's stale rows" in errors[0]


def test_matmul_acc_result_claiming_more_than_its_accumulator_is_refused():
    acc32 = _tile(64, 16, F32, "acc", "32x16")
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_FULL),
        _load("%b", "%w", 16, 128, B_FULL),
        f'%z = "pl.tile.zeros"() : () -> {acc32}',
        matmul("%c", "pl.tile.matmul_acc", [("%z", acc32), ("%a", A_FULL), ("%b", B_FULL)],
               ACC)])
    assert "claims 64 valid rows but its accumulator's valid rows are 32" in only_refusal(text)


def test_matmul_over_b_columns_past_its_valid_ones_is_refused():
    b64 = _tile(16, 128, F16, "mat", "16x64")
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_FULL),
        _load("%b", "%w", 16, 128, b64, ("%c16", "%c64")),
        matmul("%c", "pl.tile.matmul", [("%a", A_FULL), ("%b", b64)], ACC)])
    assert "'pl.tile.matmul' sums over its A operand's valid columns (128) but its B " \
           "operand's valid columns are 64" in only_refusal(text)


def test_matmul_product_larger_than_its_result_tile_is_refused():
    acc32 = _tile(32, 16, F32, "acc")
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_FULL),
        _load("%b", "%w", 16, 128, B_FULL),
        matmul("%c", "pl.tile.matmul", [("%a", A_FULL), ("%b", B_FULL)], acc32)])
    assert "'pl.tile.matmul' writes up to 64 rows (its A operand's valid rows) into its " \
           "32x16 result tile" in only_refusal(text)


def test_a_matmul_form_nzpass_does_not_model_passes_through():
    """docs/ir.md's three-operand pl.tile.matmul: not the matmul the check knows."""
    text = matmul_kernel([
        _load("%a", "%x", 64, 128, A_FULL),
        _load("%b", "%w", 16, 128, B_FULL),
        f'%z = "pl.tile.zeros"() : () -> {ACC}',
        matmul("%c", "pl.tile.matmul", [("%a", A_FULL), ("%b", B_FULL), ("%z", ACC)], ACC)])
    assert refusals(text) == []


# --------------------------------------------------------------------------- slices


def slice_kernel(result_type: str, sizes=(32, 512), parent="tensor<64x512xf16>") -> str:
    rows, cols = sizes
    return f"""func.func @kernel(%x: {parent}) {{
  %c0 = arith.constant 0 : index
  %r = arith.constant {rows} : index
  %k = arith.constant {cols} : index
  %s = "pl.tensor.slice"(%x, %c0, %c0, %r, %k) {{operandSegmentSizes = array<i32: 1, 2, 2, 0>}}
      : ({parent}, index, index, index, index) -> {result_type}
  %t = "pl.tile.load"(%s, %c0, %c0, %r, %k)
      {{operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}}
      : ({result_type}, index, index, index, index) -> !pl.tile<{rows}x{cols}xf16, vec>
  return
}}"""


def test_slice_stating_strides_other_than_its_parents_is_refused():
    """Red team s1: a window of a dense 64 x 512 tensor typed with rows 1024 apart."""
    text = slice_kernel("tensor<32x512xf16, #pl.layout<nd, stride = [1024, 1]>>")
    message = only_refusal(text)
    assert "'pl.tensor.slice' result type tensor<32x512xf16, #pl.layout<nd, stride = " \
           "[1024, 1]>> states strides [1024, 1] but the slice is a window of" in message
    assert "whose strides on the axes it keeps are [512, 1]" in message


def test_slice_stating_its_parents_strides_is_accepted():
    text = slice_kernel("tensor<32x128xf16, #pl.layout<nd, stride = [512, 1]>>", (32, 128))
    assert refusals(text) == []


def _materialized_slice_type(text: str) -> str:
    module = ir.Module.parse(text)
    result = run_pipeline(module, "builtin.module(block-nz-tensor-views,"
                                  "materialize-tensor-strides)")
    assert not [d for d in result.diagnostics if d.severity.value == "error"]
    slices = [op for op in module.body.operations[0].regions[0].blocks[0].operations
              if op.operation.name == "pl.tensor.slice"]
    return str(slices[-1].results[0].type)


def test_materialize_gives_a_narrower_slice_its_parents_strides():
    """Not the dense strides of its own 32 x 128 shape ([128, 1]), which its check refuses:
    the pipeline accepts the slice it writes."""
    text = slice_kernel("tensor<32x128xf16>", (32, 128))
    assert _materialized_slice_type(text) == "tensor<32x128xf16, #pl.layout<nd, stride = " \
                                             "[512, 1]>>"
    assert refusals(text) == []


def test_materialize_gives_a_slice_of_a_slice_and_a_dropped_axis_the_parents_strides():
    text = """func.func @kernel(%x: tensor<4x64x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c128 = arith.constant 128 : index
  %s = "pl.tensor.slice"(%x, %c1, %c0, %c0, %c1, %c32, %c256)
      {operandSegmentSizes = array<i32: 1, 3, 3, 0>, drop_dims = array<i64: 0>}
      : (tensor<4x64x512xf16>, index, index, index, index, index, index) -> tensor<32x256xf16>
  %s2 = "pl.tensor.slice"(%s, %c0, %c0, %c16, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2, 0>}
      : (tensor<32x256xf16>, index, index, index, index) -> tensor<16x128xf16>
  %t = "pl.tile.load"(%s2, %c0, %c0, %c16, %c128)
      {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}
      : (tensor<16x128xf16>, index, index, index, index) -> !pl.tile<16x128xf16, vec>
  return
}"""
    assert _materialized_slice_type(text) == "tensor<16x128xf16, #pl.layout<nd, stride = " \
                                             "[512, 1]>>"
    assert refusals(text) == []


# --------------------------------------------------------------------------- NZ flatten


def flatten_kernel(result_type: str, count: int = 131072) -> str:
    return f"""module attributes {{pl.backend = "a2a3"}} {{
  func.func @kernel(%w: tensor<256x512xi8, #pl.layout<nz>>) {{
    %n = arith.constant {count} : index
    %flat = "pl.tensor.reshape"(%w, %n) : (tensor<256x512xi8, #pl.layout<nz>>, index)
        -> {result_type}
    "pl.prefetch.async_prefetch"(%flat) : ({result_type}) -> ()
    return
  }}
}}"""


@pytest.mark.parametrize("result_type", ["tensor<64xf32>", "tensor<65536xi8>",
                                         "tensor<131072xi16>"],
                         ids=["red_team_r1", "fewer_elements", "other_element"])
def test_nz_flatten_typed_other_than_its_source_is_refused(result_type):
    message = only_refusal(flatten_kernel(result_type))
    assert f"NZ whole-tensor flatten typed {result_type} but its source " \
           "tensor<256x512xi8, #pl.layout<nz>> holds 131072 i8 elements" in message
    assert "give it the type tensor<131072xi8>" in message


def test_nz_flatten_of_every_element_is_accepted():
    assert refusals(flatten_kernel("tensor<131072xi8>")) == []
