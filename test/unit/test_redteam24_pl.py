"""Red-team round 24, area pl: what the pl-to-pto pipeline kept reading a bare pointer,
and a store alias it refused for a type it wrote itself.

- convert-pl-to-pto lowers the memory path (loads, stores, slices) and lowers every GM
  tensor argument to `!pto.ptr<T>`; every other op "passes through unchanged". An op off
  that path that reads a tensor (`pl.remote_load`, `pl.prefetch.async_prefetch`, a
  `pl.tensor.reshape` that is not a whole flatten, any pl op) was kept with the pointer
  as its operand: the tensor's shape, strides and layout were gone, and verify-pto-nz,
  which knows no such op, accepted it (a remote load of a 32 x 128-strided tensor would
  read dense rows; a prefetch of a strided tensor covered no extent at all). The rule
  (`_check_off_path_readers`): a lowered tensor (a kernel argument, a slice, a store's
  alias) is read only by the ops the lowering rewrites or has a rule for, or by a flatten
  of a whole, dense, static kernel tensor to `tensor<N x T>`, whose type alone says the
  bytes it covers (`_check_flatten_reader`).
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass.model.simulator import Simulator
from support.lowering import try_lower

pytestmark = pytest.mark.usefixtures("ctx")

_ND = "tensor<32x64xf16>"
_STRIDED = "tensor<32x64xf16, #pl.layout<nd, stride = [128, 1]>>"
_DIST = "tensor<32x64xf16, #pl.layout<nd, stride = [128, 1], distributed>>"
_NZ = "tensor<256x512xi8, #pl.layout<nz>>"
_STACK = "tensor<4x32x64xf16>"
_LAYER = "tensor<1x32x64xf16>"
_VEC = "!pl.tile<16x64xf16, vec>"
_SEG = "operandSegmentSizes = array<i32: 1, {}, {}, 0>"


def _kernel(args: str, body: str) -> str:
    consts = "\n".join(f"  %c{n} = arith.constant {n} : index"
                       for n in (0, 1, 16, 32, 64, 128, 2048, 131072))
    return f"func.func @kernel({args}) {{\n{consts}\n{body}\n  return\n}}"


def _layer_slice(result: str = "%s") -> str:
    """Layer 1 of the %w: tensor<4x32x64xf16> stack."""
    return (f'  {result} = "pl.tensor.slice"(%w, %c1, %c0, %c0, %c1, %c32, %c64) '
            f"{{{_SEG.format(3, 3)}}} : ({_STACK}, index, index, index, index, index, "
            f"index) -> {_LAYER}")


def _store_into(dest: str, dest_type: str) -> str:
    return (f'  %z = "pl.tile.zeros"() : () -> {_VEC}\n'
            f'  %st = "pl.tile.store"(%z, {dest}, %c0, %c0) {{operandSegmentSizes = '
            f"array<i32: 1, 1, 2, 0>}} : ({_VEC}, {dest_type}, index, index) -> {dest_type}")


def _flatten(source: str, source_type: str, result: str = "tensor<2048xf16>",
             shape: str = "%c2048") -> str:
    return (f'  %f = "pl.tensor.reshape"({source}, {shape}) : ({source_type}, '
            f'{", ".join(["index"] * len(shape.split(",")))}) -> {result}\n'
            f'  "pl.prefetch.async_prefetch"(%f) : ({result}) -> ()')


def _errors(text: str) -> list[str]:
    return try_lower(text)[1]


def _only(text: str) -> str:
    errors = _errors(text)
    assert len(errors) == 1, errors
    return errors[0]


_READER = "which convert-pl-to-pto lowers to a bare !pto.ptr"
_RESHAPE = "a reshape kept reading it says by its type alone which bytes it covers"

_READERS = {
    "remote_load_of_a_strided_tensor": (
        f"%w: {_DIST}", f'  %t = "pl.remote_load"(%w, %c0, %c0) : ({_DIST}, index, index) '
        f"-> {_VEC}", "'pl.remote_load'"),
    "prefetch_of_a_strided_tensor": (
        f"%w: {_STRIDED}", f'  "pl.prefetch.async_prefetch"(%w) : ({_STRIDED}) -> ()',
        "'pl.prefetch.async_prefetch'"),
    "view_of_a_tensor": (
        f"%w: {_ND}", f'  %v = "pl.tensor.view"(%w) : ({_ND}) -> tensor<16x128xf16>',
        "'pl.tensor.view'"),
    "unknown_op": (f"%w: {_ND}", f'  %t = "pl.foo"(%w) : ({_ND}) -> {_VEC}', "'pl.foo'"),
    "prefetch_of_a_slice": (
        f"%w: {_STACK}", _layer_slice() + f'\n  "pl.prefetch.async_prefetch"(%s) : '
        f"({_LAYER}) -> ()", "'pl.prefetch.async_prefetch'"),
}


@pytest.mark.parametrize("case", sorted(_READERS))
def test_a_pl_op_reading_a_lowered_tensor_is_refused(case):
    args, body, op = _READERS[case]
    message = _only(_kernel(args, body))
    assert message.startswith(f"{op} reads the GM tensor")
    assert _READER in message


# What would slip past a rule that looked only at kernel arguments, or only at the ops of
# the entry block: a store's alias, a reader nested in scf.if / scf.for, a slice of a slice.
_SLIPS = {
    "store_alias": (f"%w: {_ND}", _store_into("%w", _ND)
                    + f'\n  "pl.prefetch.async_prefetch"(%st) : ({_ND}) -> ()'),
    "inside_scf_if": (f"%w: {_ND}, %b: i1",
                      f'  scf.if %b {{\n    "pl.prefetch.async_prefetch"(%w) : ({_ND}) '
                      "-> ()\n  }"),
    "inside_scf_for": (f"%w: {_ND}",
                       f'  scf.for %i = %c0 to %c16 step %c1 {{\n    %t = "pl.foo"(%w, %i) '
                       f": ({_ND}, index) -> {_VEC}\n  }}"),
    "slice_of_a_slice": (
        f"%w: {_STACK}", _layer_slice() + '\n  %s2 = "pl.tensor.slice"(%s, %c0, %c0, %c0, '
        f"%c1, %c16, %c64) {{{_SEG.format(3, 3)}}} : ({_LAYER}, index, index, index, index, "
        "index, index) -> tensor<1x16x64xf16>\n"
        '  "pl.prefetch.async_prefetch"(%s2) : (tensor<1x16x64xf16>) -> ()'),
}


@pytest.mark.parametrize("case", sorted(_SLIPS))
def test_a_reader_reached_another_way_is_refused_too(case):
    args, body = _SLIPS[case]
    assert _READER in _only(_kernel(args, body))


_BAD_FLATTENS = {
    "strided": (f"%w: {_STRIDED}", _flatten("%w", _STRIDED), "it is not dense"),
    "another_shape": (f"%w: {_ND}", _flatten("%w", _ND, "tensor<16x128xf16>", "%c16, %c128"),
                      "the flatten is not its whole tensor<2048xf16>"),
    "partial": (f"%w: {_ND}", _flatten("%w", _ND, "tensor<1024xf16>", "%c1024"),
                "the flatten is not its whole tensor<2048xf16>"),
    "another_element": (f"%w: {_ND}", _flatten("%w", _ND, "tensor<1024xi32>", "%c1024"),
                        "the flatten is not its whole tensor<2048xf16>"),
    "dynamic": ("%w: tensor<?x64xf16>", _flatten("%w", "tensor<?x64xf16>"),
                "its extent is dynamic"),
    "of_a_slice": (f"%w: {_STACK}", _layer_slice() + "\n" + _flatten("%s", _LAYER),
                   "it is a slice"),
}


@pytest.mark.parametrize("case", sorted(_BAD_FLATTENS))
def test_a_reshape_that_is_not_a_whole_dense_flatten_is_refused(case):
    args, body, why = _BAD_FLATTENS[case]
    text = _kernel(args, body).replace("%c2048 = arith", "%c1024 = arith.constant 1024 : "
                                       "index\n  %c2048 = arith")
    message = _only(text)
    assert message.startswith("'pl.tensor.reshape' of ")
    assert _RESHAPE in message and why in message


def test_the_whole_dense_flatten_is_kept_and_its_strided_twin_refused():
    for args, body in ((f"%w: {_ND}", _flatten("%w", _ND)),
                       (f"%w: {_NZ}", _flatten("%w", _NZ, "tensor<131072xi8>", "%c131072")),
                       (f"%w: {_ND}", _store_into("%w", _ND) + "\n" + _flatten("%st", _ND))):
        assert _errors(_kernel(args, body)) == []
    assert _RESHAPE in _only(_kernel(f"%w: {_STRIDED}", _flatten("%w", _STRIDED)))


# --------------------------------------------------------------------------- store aliases
#
# materialize-tensor-strides wrote a store's result the dense strides of its own shape.
# The result is an alias of its destination, of the destination's type; for a slice of
# columns ([16, 128] of a [64, 512] tensor, strides [512, 1]) the dense ones are [128, 1],
# so convert-pl-to-pto refused every store into such a window (its result no longer had
# the destination's type), blaming the program. The fix (`_as_alias`): the result takes
# the destination's type as retyped.

_X = "tensor<64x512xf16>"
_COLS = "tensor<16x128xf16>"
_TILE = "!pl.tile<16x128xf16, vec>"


def _tile_load(result: str, tensor: str, tensor_type: str) -> str:
    return (f'  {result} = "pl.tile.load"({tensor}, %c0, %c0, %c16, %c128) '
            f'{{{_SEG.format(2, 2)}, target_memory = "vec"}} : ({tensor_type}, index, index, '
            f"index, index) -> {_TILE}")


def _tile_store(result: str, tile: str, dest: str, dest_type: str) -> str:
    return (f'  {result} = "pl.tile.store"({tile}, {dest}, %c0, %c0) {{operandSegmentSizes = '
            f"array<i32: 1, 1, 2, 0>}} : ({_TILE}, {dest_type}, index, index) -> {dest_type}")


def _column_slice(result: str, parent: str, parent_type: str, col: str = "%c128") -> str:
    return (f'  {result} = "pl.tensor.slice"({parent}, %c16, {col}, %c16, %c128) '
            f"{{{_SEG.format(2, 2)}}} : ({parent_type}, index, index, index, index) -> {_COLS}")


_COPY_BACK = "\n".join([_tile_load("%t2", "%st", _COLS), _tile_store("%o2", "%t2", "%o", _X)])
_ALIASES = {
    # y[0:16, 0:128] -> x[16:32, 128:256] through a slice, read back through the alias to o.
    "direct": "\n".join([_column_slice("%s", "%x", _X), _tile_load("%t", "%y", _X),
                         _tile_store("%st", "%t", "%s", _COLS), _COPY_BACK]),
    "alias_of_an_alias": "\n".join([
        _column_slice("%s", "%x", _X), _tile_load("%t", "%y", _X),
        _tile_store("%st0", "%t", "%s", _COLS), _tile_store("%st", "%t", "%st0", _COLS),
        _COPY_BACK]),
    "inside_scf_for": "\n".join([
        _column_slice("%s", "%x", _X), "  scf.for %i = %c0 to %c1 step %c1 {",
        _tile_load("%t", "%y", _X), _tile_store("%st", "%t", "%s", _COLS), _COPY_BACK, "  }"]),
}


@pytest.mark.parametrize("case", sorted(_ALIASES))
def test_a_store_into_a_window_of_columns_is_lowered_and_moves_its_rows(case):
    module, errors = try_lower(_kernel(f"%x: {_X}, %y: {_X}, %o: {_X}", _ALIASES[case]))
    assert errors == []
    x, o = np.zeros(64 * 512, np.float16), np.zeros(64 * 512, np.float16)
    y = (np.arange(64 * 512) % 1000).astype(np.float16)
    Simulator(module.operation).run("kernel", x, y, o)
    window = y.reshape(64, 512)[:16, :128]
    want_x = np.zeros((64, 512), np.float16)
    want_x[16:32, 128:256] = window
    want_o = np.zeros((64, 512), np.float16)
    want_o[:16, :128] = window
    assert np.array_equal(x.reshape(64, 512), want_x)
    assert np.array_equal(o.reshape(64, 512), want_o)


def test_a_store_result_typed_otherwise_than_its_destination_is_still_refused():
    body = "\n".join([_column_slice("%s", "%x", _X), _tile_load("%t", "%x", _X),
                      '  %st = "pl.tile.store"(%t, %s, %c0, %c0) {operandSegmentSizes = '
                      f"array<i32: 1, 1, 2, 0>}} : ({_TILE}, {_COLS}, index, index) -> "
                      "tensor<16x128xf16, #pl.layout<nd, stride = [128, 1]>>"])
    message = _only(_kernel(f"%x: {_X}", body))
    assert message.startswith("'pl.tile.store' result type")
    # and the column window itself is stored (refused as a whole on the old code)
    assert _errors(_kernel(f"%x: {_X}, %y: {_X}, %o: {_X}", _ALIASES["direct"])) == []
