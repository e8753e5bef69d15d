"""Red-team round 25, area pl: the NZ windows convert-pl-to-pto lowered unchecked.

A function carrying `nz_tensor_views_blocked` is skipped by block-nz-tensor-views (blocking
is not idempotent), so pl IR written in the blocked form, which docs/ir.md documents, reaches
convert-pl-to-pto with windows nothing planned. convert-pl-to-pto checked the NZ tensor's
shape and the transfer pair, and trusted the window ("NZ loads are checked before
blocking"): run alone, it emitted a partition starting inside a fractal, one of half a C0
line, one twice its tile, one past the tensor, and for a store with no shapes a rank-0
partition, each pto IR that moves other data than the pl says (verify-pto-nz, run after it,
refused most; a pass must not rely on it). The rule (`nz.window.check_blocked_load_window`,
`check_blocked_acc_store_window`): a blocked window is the one planning a logical window
emits, one batch of whole fractals [1, C/c0, R/16, 16, c0] sized by its tile, its
valid_shape the tile's valid region, inside the tensor, under the pto-isa#317 gap guard.
"""

from __future__ import annotations

import pytest

from nzpass import run_pipeline
from nzpass.ir.bindings import ir

pytestmark = pytest.mark.usefixtures("ctx")

_F16 = "tensor<1x32x16x16x16xf16, #pl.layout<nz>>"  # a logical 256 x 512 f16 NZ tensor
_MAT = "!pl.tile<128x128xf16, mat>"
_ACC = "!pl.tile<64x128xf32, acc>"
_OUT = "tensor<1x32x4x16x8xf32, #pl.layout<nz>>"  # a logical 64 x 256 f32 NZ tensor
_CONSTANTS = (0, 1, 2, 3, 4, 5, 8, 16, 24, 32, 64)


def _kernel(args: str, body: str) -> str:
    consts = "\n".join(f"    %c{n} = arith.constant {n} : index" for n in _CONSTANTS)
    return (f'module attributes {{pl.backend = "a2a3"}} {{\n  func.func @k({args}) attributes '
            f"{{nz_tensor_views_blocked}} {{\n{consts}\n    %cm1 = arith.constant -1 : index\n"
            f"{body}\n    return\n  }}\n}}\n")


def _load(offsets: str, sizes: str, tile: str = _MAT, tensor: str = _F16,
          valid: str = "") -> str:
    groups = 5 if not valid else "5, 5"
    operands = ", ".join(x for x in (offsets, sizes, valid) if x)
    count = operands.count("%")
    return (f'    %t = "pl.tile.load"(%w, {operands}) {{operandSegmentSizes = array<i32: 1, 5, '
            f'{groups}{", 0" if not valid else ""}>, target_memory = "mat"}} : ({tensor}, '
            f'{", ".join(["index"] * count)}) -> {tile}')


def _store(offsets: str, shapes: str = "") -> str:
    operands = ", ".join(x for x in (offsets, shapes) if x)
    count = operands.count("%")
    return (f'    %z = "pl.tile.zeros"() : () -> {_ACC}\n'
            f'    %s = "pl.tile.store"(%z, %o, {operands}) {{operandSegmentSizes = array<i32: '
            f'1, 1, 5, {5 if shapes else 0}>}} : ({_ACC}, {_OUT}, {", ".join(["index"] * count)})'
            f" -> {_OUT}")


def _errors(text: str, pipeline: str = "convert-pl-to-pto") -> tuple[ir.Module, list]:
    module = ir.Module.parse(text)
    result = run_pipeline(module, f"builtin.module({pipeline})")
    return module, [d for d in result.diagnostics if d.severity.value == "error"]


_WHOLE = "%c1, %c8, %c8, %c16, %c16"
_SIZES = "sizes [1, 8, 8, 16, 16], not the blocked form"
_OUTSIDE = "window may leave the axis"

_HAND_BLOCKED = {
    # offsets [b, C/c0, R/16, 16, c0]
    "offset_inside_a_fractal": (f"%w: {_F16}", _load("%c0, %c8, %c8, %c5, %c3", _WHOLE),
                                "has offset[3] = 5, not 0"),
    "half_a_c0_line": (f"%w: {_F16}", _load("%c0, %c0, %c0, %c0, %c0",
                                            "%c1, %c8, %c8, %c16, %c8"),
                       "sizes [1, 8, 8, 16, 8], not the blocked form [1, 8, 8, 16, 16]"),
    "tile_other_than_its_window": (f"%w: {_F16}", _load("%c0, %c0, %c0, %c0, %c0", _WHOLE,
                                                        "!pl.tile<64x256xf16, mat>"), _SIZES),
    "two_batches_in_one_tile": (
        "%w: tensor<2x32x16x16x16xf16, #pl.layout<nz>>",
        _load("%c0, %c0, %c0, %c0, %c0", "%c2, %c8, %c8, %c16, %c16",
              tensor="tensor<2x32x16x16x16xf16, #pl.layout<nz>>"),
        "sizes [2, 8, 8, 16, 16], not the blocked form [1, 8, 8, 16, 16]"),
    "past_the_column_blocks": (f"%w: {_F16}", _load("%c0, %c32, %c0, %c0, %c0", _WHOLE),
                               f"column block {_OUTSIDE}"),
    "past_the_row_fractals": (f"%w: {_F16}", _load("%c0, %c0, %c16, %c0, %c0", _WHOLE),
                              f"row fractal {_OUTSIDE}"),
    "negative_column_block": (f"%w: {_F16}", _load("%c0, %cm1, %c0, %c0, %c0", _WHOLE),
                              "column block offset -1 is negative"),
    "past_the_batches": (f"%w: {_F16}", _load("%c1, %c0, %c0, %c0, %c0", _WHOLE),
                         "leading axis 0 window may leave the axis"),
    "gm_gap_past_16_bits": (
        "%w: tensor<1x2x4097x16x16xf16, #pl.layout<nz>>",
        _load("%c0, %c0, %c0, %c0, %c0", "%c1, %c2, %c1, %c16, %c16",
              "!pl.tile<16x32xf16, mat>", "tensor<1x2x4097x16x16xf16, #pl.layout<nz>>"),
        "GM gap of 65536 32-byte blocks"),
    "valid_shape_past_its_window": (
        f"%w: {_F16}", _load("%c0, %c0, %c0, %c0, %c0", _WHOLE,
                             "!pl.tile<128x128xf16, mat, valid = ?x128>",
                             valid="%c1, %c8, %c16, %c16, %c16"),
        "row fractals 16 lie outside [0, 8]"),
    "valid_shape_other_than_the_tiles": (
        f"%w: {_F16}", _load("%c0, %c0, %c0, %c0, %c0", _WHOLE,
                             "!pl.tile<128x128xf16, mat, valid = 64x128>",
                             valid="%c1, %c8, %c8, %c16, %c16"),
        "gives row fractals 8 but the tile's valid region has 64 rows"),
    "valid_shape_narrowing_inside_the_fractal": (
        f"%w: {_F16}", _load("%c0, %c0, %c0, %c0, %c0", _WHOLE,
                             "!pl.tile<128x128xf16, mat, valid = 128x?>",
                             valid="%c1, %c8, %c8, %c16, %c8"),
        "valid_shape of a blocked NZ tensor narrows axis 4"),
    "partly_valid_tile_moved_whole": (
        f"%w: {_F16}", _load("%c0, %c0, %c0, %c0, %c0", _WHOLE,
                             "!pl.tile<128x128xf16, mat, valid = 64x128>"),
        "sizes [1, 8, 8, 16, 16], not the blocked form [1, 8, 4, 16, 16] of its tile's 64 x "
        "128 valid region (there is no valid_shape)"),
    "store_with_no_shapes": (f"%o: {_OUT}", _store("%c0, %c0, %c0, %c0, %c0"),
                             "has shapes [], not the blocked form [1, 16, 4, 16, 8]"),
    "store_of_half_the_tile": (f"%o: {_OUT}", _store("%c0, %c0, %c0, %c0, %c0",
                                                     "%c1, %c8, %c4, %c16, %c8"),
                               "shapes [1, 8, 4, 16, 8], not the blocked form"),
    "store_below_row_0": (
        f"%o: {_OUT}", _store("%c0, %c0, %c1, %c0, %c0", "%c1, %c16, %c4, %c16, %c8"),
        "must cover the whole 64-row axis of the tensor at row offset 0"),
    "store_past_the_column_blocks": (
        f"%o: {_OUT}", _store("%c0, %c24, %c0, %c0, %c0", "%c1, %c16, %c4, %c16, %c8"),
        f"column block {_OUTSIDE}"),
}


@pytest.mark.parametrize("case", sorted(_HAND_BLOCKED))
def test_a_hand_blocked_window_is_refused_by_convert_pl_to_pto_alone(case):
    args, body, expected = _HAND_BLOCKED[case]
    _, errors = _errors(_kernel(args, body))
    assert len(errors) == 1, [e.message for e in errors]
    assert expected in errors[0].message


def test_the_refusal_is_located_at_the_memory_op(cli, tmp_path):
    path = tmp_path / "blocked.mlir"
    path.write_text(_kernel(f"%w: {_F16}", _load("%c0, %c8, %c8, %c5, %c3", _WHOLE)))
    result = cli([str(path), "-p", "convert-pl-to-pto"])
    assert result.code != 0
    line = 1 + next(n for n, text in enumerate(path.read_text().splitlines())
                    if "pl.tile.load" in text)
    assert f"blocked.mlir:{line}:10: error: NZ load of a blocked NZ tensor" in result.err
    assert "Traceback" not in result.err


def test_the_hand_blocked_whole_fractal_windows_are_lowered():
    body = "\n".join([_load("%c0, %c8, %c8, %c0, %c0", _WHOLE), _store(
        "%c0, %c16, %c0, %c0, %c0", "%c1, %c16, %c4, %c16, %c8")])
    module, errors = _errors(_kernel(f"%w: {_F16}, %o: {_OUT}", body),
                             "convert-pl-to-pto,verify-pto-nz")
    assert errors == []
    assert "pl.tile.load" not in str(module) and "pl.tile.store" not in str(module)


_RAGGED = """module attributes {pl.backend = "a2a3"} {
  func.func @ragged(%w: tensor<800x512xi8, #pl.layout<nz>>) {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c800 = arith.constant 800 : index
    scf.for %o0 = %c0 to %c800 step %c256 {
      %rest = arith.subi %c800, %o0 : index
      %rows = arith.minsi %rest, %c256 : index
      %wt = "pl.tile.load"(%w, %o0, %c0, %c256, %c512, %rows, %c512) {operandSegmentSizes =
          array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<800x512xi8,
          #pl.layout<nz>>, index, index, index, index, index, index)
          -> !pl.tile<256x512xi8, mat, valid = ?x512>
    }
    return
  }
}"""


@pytest.mark.parametrize("source", ["example", "ragged"])
def test_what_block_nz_tensor_views_emits_is_lowered_alone_as_in_the_pipeline(source):
    """The rule holds what planning a logical window emits: block-nz-tensor-views' output,
    printed and lowered by convert-pl-to-pto alone, is the pipeline's pto IR."""
    if source == "example":
        from pathlib import Path
        text = (Path(__file__).parents[2] / "examples" / "matmul_nz.mlir").read_text()
    else:
        text = _RAGGED
    blocked, errors = _errors(text, "block-nz-tensor-views,materialize-tensor-strides")
    assert errors == []
    alone, errors = _errors(str(blocked))
    assert errors == []
    whole, errors = _errors(text, "block-nz-tensor-views,materialize-tensor-strides,"
                                  "convert-pl-to-pto")
    assert errors == []
    assert str(alone) == str(whole)


# --------------------------------------------------------------------------- blocked slices
#
# A blocked NZ slice became offsets on its parent's view, and the windows of its loads were
# proved (now) against the slice's type alone: a slice of column blocks 24..40 of 32, or one
# starting inside a fractal, made every load inside it move other data than the pl says.

_STACK = "tensor<4x32x16x16x16xf16, #pl.layout<nz>>"  # four logical 256 x 512 f16 layers


def _slice(offsets: str, sizes: str, result: str) -> str:
    return (f'    %s = "pl.tensor.slice"(%w, {offsets}, {sizes}) {{operandSegmentSizes = '
            f"array<i32: 1, 5, 5, 0>}} : ({_STACK}, {', '.join(['index'] * 10)}) -> {result}")


_SLICES = {
    "of_column_blocks": ("%c0, %c24, %c0, %c0, %c0", "%c1, %c16, %c16, %c16, %c16",
                         "tensor<1x16x16x16x16xf16, #pl.layout<nz>>",
                         "sizes [1, 16, 16, 16, 16], not the blocked form [1, 32, 16, 16, 16]"),
    "of_row_fractals": ("%c0, %c0, %c8, %c0, %c0", "%c1, %c32, %c8, %c16, %c16",
                        "tensor<1x32x8x16x16xf16, #pl.layout<nz>>",
                        "sizes [1, 32, 8, 16, 16], not the blocked form"),
    "inside_a_fractal": ("%c0, %c0, %c0, %c5, %c0", "%c1, %c32, %c16, %c16, %c16",
                         "tensor<1x32x16x16x16xf16, #pl.layout<nz>>",
                         "has offset[3] not 0: a blocked slice takes whole batches"),
    "past_the_batches": ("%c3, %c0, %c0, %c0, %c0", "%c2, %c32, %c16, %c16, %c16",
                         "tensor<2x32x16x16x16xf16, #pl.layout<nz>>",
                         "leading axis 0 window may leave the axis"),
}


@pytest.mark.parametrize("case", sorted(_SLICES))
def test_a_hand_blocked_slice_other_than_whole_batches_is_refused(case):
    offsets, sizes, result, expected = _SLICES[case]
    load = _load("%c0, %c0, %c0, %c0, %c0", _WHOLE, tensor=result).replace('(%w,', '(%s,')
    _, errors = _errors(_kernel(f"%w: {_STACK}", _slice(offsets, sizes, result) + "\n" + load))
    assert len(errors) == 1, [e.message for e in errors]
    assert errors[0].message.startswith("NZ slice")
    assert expected in errors[0].message


def test_a_hand_blocked_slice_of_a_dynamic_batch_count_is_refused():
    dynamic = "tensor<?x32x16x16x16xf16, #pl.layout<nz>>"
    slice_ = _slice("%c0, %c0, %c0, %c0, %c0", "%n, %c32, %c16, %c16, %c16", dynamic)
    load = _load("%c0, %c0, %c0, %c0, %c0", _WHOLE, tensor=dynamic).replace('(%w,', '(%s,')
    _, errors = _errors(_kernel(f"%w: {_STACK}, %n: index", slice_ + "\n" + load))
    assert len(errors) == 1, [e.message for e in errors]
    assert "has a batch size that is not a positive arith.constant" in errors[0].message


def test_a_hand_blocked_slice_of_whole_batches_is_lowered():
    result = "tensor<2x32x16x16x16xf16, #pl.layout<nz>>"
    load = _load("%c1, %c8, %c8, %c0, %c0", _WHOLE, tensor=result).replace('(%w,', '(%s,')
    body = _slice("%c2, %c0, %c0, %c0, %c0", "%c2, %c32, %c16, %c16, %c16", result)
    module, errors = _errors(_kernel(f"%w: {_STACK}", body + "\n" + load),
                             "convert-pl-to-pto,verify-pto-nz")
    assert errors == []
    assert "pl.tensor.slice" not in str(module)


# --------------------------------------------------------------------------- blocked stores
#
# The rules of an Acc -> NZ store that are not geometry (an FP32 Acc tile into an FP32
# tensor, fully valid, a plain write) were block-nz-tensor-views' alone: convert-pl-to-pto
# run alone wrote an f32 Acc tile's bits into an f16 NZ tensor, and an atomic add into NZ.

_F16_OUT = "tensor<1x8x4x16x16xf16, #pl.layout<nz>>"
_STORE_RULES = {
    "into_f16": (_F16_OUT, "%c1, %c8, %c4, %c16, %c16", "", "NZ accumulator store from f32 "
                 "into f16: only FP32 Acc into an FP32 NZ tensor"),
    "atomic_add": (_OUT, "%c1, %c16, %c4, %c16, %c8", ', atomic = "add"',
                   "NZ accumulator store with atomic"),
}


@pytest.mark.parametrize("case", sorted(_STORE_RULES))
def test_a_hand_blocked_store_is_held_to_the_acc_write_back_rules(case):
    dest, shapes, attrs, expected = _STORE_RULES[case]
    body = _store("%c0, %c0, %c0, %c0, %c0", shapes).replace(_OUT, dest).replace(
        "array<i32: 1, 1, 5, 5>}", f"array<i32: 1, 1, 5, 5>{attrs}}}")
    _, errors = _errors(_kernel(f"%o: {dest}", body))
    assert len(errors) == 1, [e.message for e in errors]
    assert expected in errors[0].message


@pytest.mark.parametrize("tile, attrs, expected", [
    ("!pl.tile<128x128xi16, mat>", "", "'pl.tile.load' of a f16 tensor into a tile of i16"),
    (_MAT, 'target_memory = "vec"', "target_memory = \"vec\" contradicts its mat result tile"),
])
def test_a_hand_blocked_load_shares_its_element_and_memory_with_its_tile(tile, attrs, expected):
    body = _load("%c0, %c0, %c0, %c0, %c0", _WHOLE, tile)
    if attrs:
        body = body.replace('target_memory = "mat"', attrs)
    _, errors = _errors(_kernel(f"%w: {_F16}", body))
    assert len(errors) == 1, [e.message for e in errors]
    assert expected in errors[0].message
