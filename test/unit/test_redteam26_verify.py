"""Red-team round 26, area verify: hand-written pto IR verify-pto-nz accepted on its own
although it moved other bytes than the ones asked for.

- A boxed (NZ) tile written by an op whose effect no rule models, then read by a move:
  an unknown op taking a loaded NZ Mat tile in place (no result, so the rule on the
  makers of a read tile never saw it), and the table ops verify does not model on a
  boxed tile (pto.tfillpad from a tile of another box order, pto.texpands, pto.tadd
  into a Mat tile), each followed by a textract into a Left tile. The rule: such an op
  is refused where a move, mad, store or push reads the tile's buffer (its relabels, its
  scf.for / scf.if values) later (verify_pto_nz `check_unmodelled_writes`,
  tile_rules.boxed_operands_taken / check_unmodelled_boxed_write).
- A pto.treshape of a boxed tile to another shape: it moves no byte, and a boxed
  tile's bytes lie box after box, so a 16 x 32 NZ tile reshaped to 32 x 16 has its
  columns 16..31 as rows 16..31, not its data reshaped. The rule: a reshape of a boxed
  tile keeps its shape (tile_rules.check_reshape_keeps_boxed_shape).
- A boxed compact=row_plus_one tile at an NZ load or a cube move: PTOAS strides its major
  axis by rows + 1, the transfers lay box after box (tile_rules.check_boxed_not_row_plus_one).
- A local memref.alloc (memref.alloca), which PTOAS's planner places anywhere in its
  memory, beside a tile placed at an address there: a memref.store into it may overwrite
  the placed NZ tile. The rule: it counts as a planned tile (tile_placement.planned_memref).
- A pto.fusion_region yielding an NZ Mat tile cast to ZN, extracted into a Left tile: the
  maker rule passed every table op, but a region op's tile is what its body yields, which
  no flow follows (tile_rules.check_unknown_op_on_boxed).
- The unmodelled-write rule also follows a boxed tile across calls (a callee's argument,
  a caller's operand), through a multi-buffer's slots and to the tiles placed at its bytes.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_UNMODELLED = "in a way verify-pto-nz does not model"
_RESHAPE = "reshapes a boxed tile"
_MAT = ("!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
        "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
_LEFT = ("!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
         "blayout=row_major, slayout=row_major, fractal=512, pad=0>")
_VEC = "!pto.tile_buf<vec, 16x64xf16>"
_NZ_PART = "!pto.partition_tensor_view<1x1x1x16x16xf16>"
_NZ_PART2 = "!pto.partition_tensor_view<1x2x1x16x16xf16>"
_ND_PART = "!pto.partition_tensor_view<16x64xf16>"


def _shaped(tile: str, rows: int, cols: int) -> str:
    return tile.replace("rows=16, cols=16, v_row=16, v_col=16",
                        f"rows={rows}, cols={cols}, v_row={rows}, v_col={cols}")


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _module(body: str) -> str:
    """A function with a [16, 16] NZ partition %nz of %q, a [16, 32] one %nz2 of %r, a
    [16, 64] ND partition %pv of %p, %n an index argument, constants %c0 .. %c512."""
    nd = "!pto.tensor_view<?x?xf16>"
    nz = "!pto.tensor_view<?x?x?x?x?xf16>"
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %r: !pto.ptr<f16>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tv = pto.make_tensor_view %q, shape = [%c1, %c1, %c1, %c16, %c16],
      strides = [%c256, %c256, %c256, %c16, %c1] {{layout = #pto.layout<nz>}} : {nz}
  %nz = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c1, %c1, %c16, %c16] : {nz} -> {_NZ_PART}
  %tv2 = pto.make_tensor_view %r, shape = [%c1, %c2, %c1, %c16, %c16],
      strides = [%c512, %c256, %c256, %c16, %c1] {{layout = #pto.layout<nz>}} : {nz}
  %nz2 = pto.partition_view %tv2, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c2, %c1, %c16, %c16] : {nz} -> {_NZ_PART2}
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1]
      {{layout = #pto.layout<nd>}} : {nd}
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : {nd} -> {_ND_PART}
{body}
  return
}}
}}"""


# ---------------------------------------------------------------- unmodelled writes

_WIDE = _shaped(_MAT, 16, 32)

_LOADED = f"""  %m = pto.alloc_tile : {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT})"""


def _extract(source: str = "%m", source_type: str = _MAT) -> str:
    return (f"  %l = pto.alloc_tile : {_LEFT}\n  pto.textract ins({source}, %c0, %c0 : "
            f"{source_type}, index, index) outs(%l : {_LEFT})")


@pytest.mark.parametrize("write, op", [
    (f'{_LOADED}\n  "pto.frobnicate"(%m) : ({_MAT}) -> ()', "pto.frobnicate"),
    (f"  %m0 = pto.alloc_tile : {_WIDE}\n  pto.tload ins(%nz2 : {_NZ_PART2}) outs(%m0 : "
     f"{_WIDE})\n  %m = pto.alloc_tile : {_MAT}\n"
     f"  pto.tfillpad ins(%m0 : {_WIDE}) outs(%m : {_MAT})", "pto.tfillpad"),
    (f"  %m = pto.alloc_tile : {_MAT}\n  %s = arith.constant 1.0 : f16\n"
     f"  pto.texpands ins(%s : f16) outs(%m : {_MAT})", "pto.texpands"),
    (f"{_LOADED}\n  pto.tadd ins(%m, %m : {_MAT}, {_MAT}) outs(%m : {_MAT})", "pto.tadd"),
])
def test_an_unmodelled_write_of_a_boxed_tile_a_move_reads_is_refused(write, op):
    errors = _errors(_module(f"{write}\n{_extract()}"))
    assert any(_UNMODELLED in e and e.startswith(f"'{op}'") for e in errors), errors


def test_an_unmodelled_write_read_through_a_relabel_and_a_loop_is_refused():
    """The textract reads a subview of the scf.for value the unknown op wrote."""
    body = f"""{_LOADED}
  %z = scf.for %i = %c0 to %n step %c1 iter_args(%a = %m) -> ({_MAT}) {{
    "pto.frobnicate"(%a) : ({_MAT}) -> ()
    scf.yield %a : {_MAT}
  }}
  %w = pto.subview %z[%c0, %c0] sizes [16, 16] : {_MAT} -> {_MAT}
{_extract("%w")}"""
    errors = _errors(_module(body))
    assert any(_UNMODELLED in e and e.startswith("'pto.frobnicate'") for e in errors), errors


def test_a_fill_between_tiles_of_one_type_is_accepted():
    """pto.tfillpad copies its source's valid region element for element: of one tile type
    (PTOAS's MatmulMxLowPrecision sample fills an NZ Mat tile's pad in place), no element
    changes its box."""
    body = (f"{_LOADED}\n  pto.tfillpad ins(%m : {_MAT}) outs(%m : {_MAT})\n{_extract()}")
    assert _errors(_module(body)) == []


def test_an_unmodelled_write_nothing_reads_is_accepted():
    """PTOAS's lowering tests of pto.tfillpad / pto.mgather into a Mat tile read it no more."""
    body = (f"{_LOADED}\n  %m2 = pto.alloc_tile : {_MAT}\n"
            f"  pto.tfillpad ins(%m : {_MAT}) outs(%m2 : {_MAT})")
    assert _errors(_module(body)) == []


def test_an_unknown_op_on_an_nd_tile_is_not_asked():
    body = f"""  %v = pto.alloc_tile : {_VEC}
  pto.tload ins(%pv : {_ND_PART}) outs(%v : {_VEC})
  "pto.frobnicate"(%v) : ({_VEC}) -> ()
  pto.tstore ins(%v : {_VEC}) outs(%pv : {_ND_PART})"""
    assert not any(_UNMODELLED in e for e in _errors(_module(body)))


def test_a_modelled_move_into_a_boxed_tile_is_accepted():
    body = f"{_LOADED}\n  %m2 = pto.alloc_tile : {_MAT}\n" \
           f"  pto.tmov ins(%m : {_MAT}) outs(%m2 : {_MAT})\n{_extract('%m2')}"
    assert _errors(_module(body)) == []


# ---------------------------------------------------------------- boxed reshapes

def _reshaped(result: str, left: str) -> str:
    return _module(f"""  %m = pto.alloc_tile : {_WIDE}
  pto.tload ins(%nz2 : {_NZ_PART2}) outs(%m : {_WIDE})
  %t = pto.treshape %m : {_WIDE} -> {result}
  %l = pto.alloc_tile : {left}
  pto.textract ins(%t, %c0, %c0 : {result}, index, index) outs(%l : {left})""")


def test_a_reshape_of_a_boxed_tile_to_another_shape_is_refused():
    errors = _errors(_reshaped(_shaped(_MAT, 32, 16), _shaped(_LEFT, 32, 16)))
    assert any(_RESHAPE in e and "16x32" in e and "32x16" in e for e in errors), errors


def test_a_reshape_of_a_boxed_tile_to_its_own_shape_is_accepted():
    assert _errors(_reshaped(_WIDE, _shaped(_LEFT, 16, 32))) == []


# ---------------------------------------------------------------- boxed row_plus_one tiles

_ROW_PLUS_ONE = "is a boxed compact=row_plus_one tile"


def test_an_nz_load_into_a_boxed_row_plus_one_tile_is_refused():
    """PTOAS strides the 16 x 32 NZ tile's columns 17 apart; the NZ load lays its second
    column block 16 x 16 elements on."""
    wide = _WIDE.replace("pad=0>", "pad=0, compact=2>")
    body = f"""  %m = pto.alloc_tile : {wide}
  pto.tload ins(%nz2 : {_NZ_PART2}) outs(%m : {wide})"""
    errors = _errors(_module(body))
    assert any(_ROW_PLUS_ONE in e and e.startswith("'pto.tload'") for e in errors), errors


def test_a_cube_move_of_a_boxed_row_plus_one_tile_is_refused():
    source = _WIDE.replace("pad=0>", "pad=0, compact=2>")
    left = _shaped(_LEFT, 16, 32)
    body = f"""  %m = pto.alloc_tile : {source}
  %l = pto.alloc_tile : {left}
  pto.textract ins(%m, %c0, %c0 : {source}, index, index) outs(%l : {left})"""
    errors = _errors(_module(body))
    assert any(_ROW_PLUS_ONE in e and e.startswith("'pto.textract'") for e in errors), errors


def test_an_nz_load_into_a_normal_compact_boxed_tile_is_accepted():
    wide = _WIDE.replace("pad=0>", "pad=0, compact=1>")
    body = f"""  %m = pto.alloc_tile : {wide}
  pto.tload ins(%nz2 : {_NZ_PART2}) outs(%m : {wide})"""
    assert _errors(_module(body)) == []


def _with_function(function: str, body: str) -> str:
    head = 'module attributes {pto.target_arch = "a2a3"} {'
    return _module(body).replace(head, head + function, 1)


def test_a_callee_writing_its_boxed_argument_unmodelled_is_refused_where_the_caller_reads():
    callee = f"""
func.func private @fill(%t: {_MAT}) {{
  %s = arith.constant 1.0 : f16
  pto.texpands ins(%s : f16) outs(%t : {_MAT})
  return
}}"""
    body = f"{_LOADED}\n  func.call @fill(%m) : ({_MAT}) -> ()\n{_extract()}"
    errors = _errors(_with_function(callee, body))
    assert any(_UNMODELLED in e and e.startswith("'pto.texpands'") for e in errors), errors


def test_a_caller_writing_a_boxed_tile_unmodelled_is_refused_where_the_callee_reads():
    callee = f"""
func.func private @use(%t: {_MAT}) {{
  %c0 = arith.constant 0 : index
{_extract("%t")}
  return
}}"""
    body = f'{_LOADED}\n  "pto.frobnicate"(%m) : ({_MAT}) -> ()\n' \
           f"  func.call @use(%m) : ({_MAT}) -> ()"
    errors = _errors(_with_function(callee, body))
    assert any(_UNMODELLED in e and e.startswith("'pto.frobnicate'") for e in errors), errors


# ---------------------------------------------------------------- planned memrefs

_PLANNED = "leaves its tile to PTOAS's memory planner"


@pytest.mark.parametrize("alloc", ["memref.alloc", "memref.alloca"])
def test_a_local_memref_beside_a_placed_tile_of_its_memory_is_refused(alloc):
    """PTOAS's planner places the memref anywhere in L1, the placed NZ tile's bytes too."""
    memref = "memref<256xf16, #pto.address_space<mat>>"
    body = f"""  %a0 = arith.constant 0 : i64
  %buf = {alloc}() : {memref}
  %m = pto.alloc_tile addr = %a0 : {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT})
  %z = arith.constant 0.0 : f16
  memref.store %z, %buf[%c0] : {memref}
{_extract()}"""
    errors = _errors(_module(body))
    assert any(_PLANNED in e and e.startswith(f"'{alloc}'") for e in errors), errors


def test_a_local_memref_beside_a_placed_tile_of_another_memory_is_accepted():
    memref = "memref<256xf16, #pto.address_space<vec>>"
    body = f"""  %a0 = arith.constant 0 : i64
  %buf = memref.alloc() : {memref}
  %m = pto.alloc_tile addr = %a0 : {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT})
{_extract()}"""
    assert not any(_PLANNED in e for e in _errors(_module(body)))


def test_an_unmodelled_write_of_a_slot_read_through_another_get_is_refused():
    """Two pto.multi_tile_get of slot 0 name the same bytes."""
    multi = f"!pto.multi_tile_buf<{_MAT}, count=2>"
    body = f"""  %mb = pto.alloc_multi_tile : {multi}
  %s = pto.multi_tile_get %mb[%c0] : {multi} -> {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%s : {_MAT})
  "pto.frobnicate"(%s) : ({_MAT}) -> ()
  %g = pto.multi_tile_get %mb[%c0] : {multi} -> {_MAT}
{_extract("%g")}"""
    errors = _errors(_module(body))
    assert any(_UNMODELLED in e and e.startswith("'pto.frobnicate'") for e in errors), errors


def test_an_unmodelled_write_read_through_a_tile_at_the_same_address_is_refused():
    body = f"""  %a0 = arith.constant 0 : i64
  %m = pto.alloc_tile addr = %a0 : {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT})
  "pto.frobnicate"(%m) : ({_MAT}) -> ()
  %again = pto.alloc_tile addr = %a0 : {_MAT}
{_extract("%again")}"""
    errors = _errors(_module(body))
    assert any(_UNMODELLED in e and e.startswith("'pto.frobnicate'") for e in errors), errors


# ---------------------------------------------------------------- table region ops

_NOT_FOLLOWED = "is an op verify-pto-nz does not follow"


def test_a_fusion_region_yielding_a_relabelled_boxed_tile_is_refused():
    """The body casts the loaded NZ Mat tile to ZN and yields it: each box transposed."""
    zn = _MAT.replace("blayout=col_major, slayout=row_major",
                      "blayout=row_major, slayout=col_major")
    body = f"""  %fr = pto.fusion_region {{
  {_LOADED}
    %z = builtin.unrealized_conversion_cast %m : {_MAT} to {zn}
    pto.yield (%z) : ({zn}) -> ()
  }} : {zn}
{_extract("%fr", zn)}"""
    errors = _errors(_module(body))
    assert any(_NOT_FOLLOWED in e and e.startswith("'pto.fusion_region'") for e in errors), errors


def test_a_cast_handing_a_boxed_tile_to_a_memref_store_is_refused():
    """The cast names the loaded NZ Mat tile's bytes as a memref a memref.store writes."""
    memref = "memref<256xf16, #pto.address_space<mat>>"
    body = f"""{_LOADED}
  %mr = builtin.unrealized_conversion_cast %m : {_MAT} to {memref}
  %z = arith.constant 0.0 : f16
  memref.store %z, %mr[%c0] : {memref}
{_extract()}"""
    errors = _errors(_module(body))
    assert any(_UNMODELLED in e and e.startswith("'builtin.unrealized_conversion_cast'")
               for e in errors), errors


def test_a_reshape_outside_whole_boxes_is_not_judged_and_one_of_whole_boxes_is():
    """The box formula places whole inner boxes: PTOAS's MX scale tiles (its TquantMx
    sample reshapes a 1 x 32 ui8 Vec tile into the 16 x 2 zZ one the quantisation writes)
    lie in no box of it, and are not judged; whole boxes of another shape are refused."""
    from nzpass.dialects.pto import TileBuf
    from nzpass.errors import Refusal
    from nzpass.ir.bindings import ir
    from nzpass.nz.tile_rules import check_reshape_keeps_boxed_shape

    loc = ir.Location.unknown()
    scale = TileBuf("vec", "ui8", 1, 32, 1, 32, "row_major", "row_major")
    check_reshape_keeps_boxed_shape("pto.treshape", scale, scale._replace(
        rows=16, cols=2, v_row=16, v_col=2), loc)
    wide = TileBuf("mat", "f16", 16, 32, 16, 32, "col_major", "row_major")
    with pytest.raises(Refusal, match=_RESHAPE):
        check_reshape_keeps_boxed_shape("pto.treshape", wide, wide._replace(
            rows=32, cols=16, v_row=32, v_col=16), loc)


def test_a_callee_is_the_function_of_the_calls_own_module():
    """A callee name names a function only inside the call's nearest module: the
    unmodelled-write rule followed the tile into another module's @use of that name,
    which reads nothing, and the @use the call runs extracted the written tile (found on
    review: its call table was keyed by the bare name)."""
    use = f"""
func.func private @use(%t: {_MAT}, %l: {_LEFT}) {{
  %c0 = arith.constant 0 : index
  pto.textract ins(%t, %c0, %c0 : {_MAT}, index, index) outs(%l : {_LEFT})
  return
}}
module @other {{
  func.func private @use(%t: {_MAT}, %l: {_LEFT}) {{
    return
  }}
}}"""
    body = f'{_LOADED}\n  "pto.frobnicate"(%m) : ({_MAT}) -> ()\n' \
           f"  %l = pto.alloc_tile : {_LEFT}\n" \
           f"  func.call @use(%m, %l) : ({_MAT}, {_LEFT}) -> ()"
    errors = _errors(_with_function(use, body))
    assert any(_UNMODELLED in e and e.startswith("'pto.frobnicate'") for e in errors), errors
