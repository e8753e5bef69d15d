"""Tile valid regions given by operands (issue 15.1): nz/valid_region.py resolves a tile's
dynamic valid region (`v_row=?, v_col=?`) through its pto.alloc_tile / pto.set_validshape
operands, and pto-block-nz-views and verify-pto-nz, which both call it, accept and refuse the
same tiles; an accepted PyPTO-style load moves exactly the logical window on the model.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import parse_module, run_pipeline
from nzpass.dialects import pto
from nzpass.dialects.common import SEGMENTS
from nzpass.dialects.properties import PropertyReader
from nzpass.errors import Refusal
from nzpass.ir.bindings import ir
from nzpass.ir.walk import nested_ops
from nzpass.model import Simulator, pack_nz
from nzpass.nz.offsets import OffsetAnalysis
from nzpass.nz.valid_region import valid_region

T = ("!pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, "
     "blayout=col_major, slayout=row_major, fractal=512, pad=0>")

CONSTANTS = """
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c32_i32 = arith.constant 32 : i32
  %c64_i32 = arith.constant 64 : i32
"""

# The weight, logical (for pto-block-nz-views) or already blocked (for verify-pto-nz alone).
LOGICAL = """
  %tv = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [%c64, %c1]
          {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c32, %c64]
          : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
"""
BLOCKED = """
  %tv = "pto.make_tensor_view"(%p, %c1, %c2, %c2, %c16, %c32, %c2048, %c1024, %c512, %c32, %c1)
          {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}
          : (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index)
          -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c0, %c0, %c0, %c1, %c2, %c2, %c16, %c32)
          {operandSegmentSizes = array<i32: 1, 5, 5>}
          : (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index,
             index, index, index) -> !pto.partition_tensor_view<1x2x2x16x32xi8>
"""
PARTITION = {LOGICAL: "!pto.partition_tensor_view<32x64xi8>",
             BLOCKED: "!pto.partition_tensor_view<1x2x2x16x32xi8>"}
LOAD = ('"pto.tload"(%pv, {tile}) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}} '
        ': ({pv}, {T}) -> ()')

# Each tile: the ops that make it and load it ({load_t} is the load of %t), and
# whether its valid region at the load is the partition's 32 x 64.
TILES = {
    "alloc constants": (True, """
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  {load_t}"""),
    "alloc i32 constants": (True, """
  %t = "pto.alloc_tile"(%c32_i32, %c64_i32) {{operandSegmentSizes = array<i32: 0, 1, 1>}}
         : (i32, i32) -> {T}
  {load_t}"""),
    "alloc arith and facts": (True, """
  %vr = arith.muli %c2, %c16 : index
  %t = pto.alloc_tile valid_row = %vr valid_col = %vc : {T}
  {load_t}"""),
    "reallocated in a loop": (True, """
  scf.for %i = %c0 to %c2 step %c1 {{
    %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
    {load_t}
  }}"""),
    "iter_args": (True, """
  %t0 = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %t0) -> ({T}) {{
    {load_t}
    %n = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
    scf.yield %n : {T}
  }}"""),
    "set_validshape before the load": (True, """
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c16 : {T}
  pto.set_validshape %t, %c32, %c64 : {T}
  {load_t}"""),
    "lying alloc": (False, """
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c64 : {T}
  {load_t}"""),
    "lying alloc, same element count": (False, """
  %t = pto.alloc_tile valid_row = %c64 valid_col = %c32 : {T}
  {load_t}"""),
    "alloc argument without facts": (False, """
  %t = pto.alloc_tile valid_row = %any valid_col = %c64 : {T}
  {load_t}"""),
    "iter_args allocs differ": (False, """
  %t0 = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %t0) -> ({T}) {{
    {load_t}
    %n = pto.alloc_tile valid_row = %c16 valid_col = %c64 : {T}
    scf.yield %n : {T}
  }}"""),
    "set_validshape in a branch": (False, """
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  scf.if %flag {{
    pto.set_validshape %t, %c16, %c64 : {T}
  }}
  {load_t}"""),
    "set_validshape after the load in a loop": (False, """
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  scf.for %i = %c0 to %c2 step %c1 {{
    {load_t}
    pto.set_validshape %t, %c16, %c64 : {T}
  }}"""),
    # Each iteration's alloc makes the tile anew: the setter after the load has not run
    # when the load does (PyPTO narrows a ragged tile so).
    "set_validshape after the load of a tile made in the loop": (True, """
  scf.for %i = %c0 to %c2 step %c1 {{
    %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
    {load_t}
    pto.set_validshape %t, %c16, %c64 : {T}
  }}"""),
    # No pto.set_validshape in the function: a subview's name cannot change the region.
    "a subview in a function without setters": (True, """
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  %s = pto.subview %t[%c0, %c0] sizes [32, 64] : {T} -> {T}
  {load_t}"""),
    "set_validshape lying": (False, """
  %t = pto.alloc_tile valid_row = %c32 valid_col = %c64 : {T}
  pto.set_validshape %t, %c16, %c64 : {T}
  {load_t}"""),
}


def kernel(tile: str, weight: str) -> str:
    body = TILES[tile][1].format(T=T, load_t=LOAD.format(tile="%t", pv=PARTITION[weight], T=T))
    return ("func.func @k(%p: !pto.ptr<i8>, %flag: i1, %any: index,\n"
            "             %vc: index {nz.range = array<i64: 64, 65>}) {"
            f"{CONSTANTS}{weight}{body}\n  return\n}}\n")


def _run(text: str, pipeline: str) -> tuple[bool, list[str]]:
    result = run_pipeline(parse_module(text), pipeline)
    return result.success, [d.message for d in result.diagnostics
                            if d.severity.value == "error"]


@pytest.mark.parametrize("tile", sorted(TILES))
def test_both_passes_agree_on_the_valid_region(ctx, tile):
    honest = TILES[tile][0]
    blocked, errors = _run(kernel(tile, LOGICAL), "pto-block-nz-views,verify-pto-nz")
    assert blocked == honest, errors
    verified, errors = _run(kernel(tile, BLOCKED), "verify-pto-nz")
    assert verified == honest, errors
    if not honest:
        assert len(errors) == 1  # one refusal, at the load (or the op it names)


def _load_and_tile(module: ir.Module) -> tuple[ir.Operation, ir.Value]:
    func = module.body.operations[0].operation
    load = next(op for op in nested_ops(func) if op.name == pto.TLoad.NAME)
    return load, load.operands[1]


def _resolve(text: str):
    module = parse_module(text)
    load, tile = _load_and_tile(module)
    buf = pto.tile_buf(tile.type)
    assert buf is not None

    reader = PropertyReader()

    def alloc(op: ir.Operation) -> pto.AllocTile:
        return pto.AllocTile(op, reader.attributes(op, (SEGMENTS,)))

    return valid_region(load, tile, buf, OffsetAnalysis(), alloc)


@pytest.mark.parametrize("tile, rows, cols", [
    ("alloc constants", 32, 64), ("alloc i32 constants", 32, 64),
    ("alloc arith and facts", 32, 64), ("iter_args", 32, 64),
    ("set_validshape before the load", 32, 64), ("set_validshape lying", 16, 64),
    ("lying alloc, same element count", 64, 32),
    ("set_validshape after the load of a tile made in the loop", 32, 64)])
def test_the_resolved_region_is_what_the_operands_say(ctx, tile, rows, cols):
    region = _resolve(kernel(tile, LOGICAL))
    assert (region.rows.fact.constant, region.cols.fact.constant) == (rows, cols)
    assert region.rows.origin is not None and region.rows.value is not None


@pytest.mark.parametrize("tile, says", [
    ("iter_args allocs differ", "different valid_row operands (32 at"),
    ("set_validshape in a branch", "changed by pto.set_validshape"),
    ("set_validshape after the load in a loop", "changed by pto.set_validshape")])
def test_unresolvable_regions_are_refused_with_the_cause(ctx, tile, says):
    with pytest.raises(Refusal, match=r".*") as err:
        _resolve(kernel(tile, LOGICAL))
    assert says in err.value.message


def test_an_argument_without_facts_names_the_attribute_to_add(ctx):
    ok, errors = _run(kernel("alloc argument without facts", LOGICAL), "pto-block-nz-views")
    assert not ok
    assert "valid region is 32" not in errors[0]
    assert "valid_row is the operand of the 'pto.alloc_tile'" in errors[0]
    assert "nz.range" in errors[0]


PYPTO = """
func.func @w(%p: !pto.ptr<i8>) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = pto.make_tensor_view %p, shape = [%c512, %c256], strides = [%c256, %c1]
          {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %kb = %c0 to %c4 step %c1 {
    %k0 = arith.muli %kb, %c128 : index
    %t = pto.alloc_tile addr = %c0_i64 valid_row = %c128 valid_col = %c256 : TILE
    %pv = pto.partition_view %tv, offsets = [%k0, %c0], sizes = [%c128, %c256]
            : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x256xi8>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x256xi8>) outs(%t : TILE)
  }
  return
}
""".replace("TILE", "!pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=?, "
            "v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>")


def test_a_pypto_style_tile_loads_the_logical_window(ctx):
    module = parse_module(PYPTO)
    result = run_pipeline(module, "pto-block-nz-views,verify-pto-nz")
    assert result.success, [d.message for d in result.diagnostics]
    w = np.random.default_rng(0).integers(-128, 128, (512, 256)).astype(np.int8)
    loads = Simulator(module, mode="a2a3").run("w", pack_nz(w)).loads
    assert len(loads) == 4
    for i, load in enumerate(loads):
        np.testing.assert_array_equal(load.logical, w[128 * i:128 * (i + 1)])
