"""Red-team round 25, area verify: hand-written pto IR verify-pto-nz accepted on its own
although it moved other bytes than the ones asked for.

- A `pto.multi_tile_get` at a run-time slot nothing bounds: PTOAS checks a constant slot
  only, and PTOResolveBufferSelect picks a run-time slot's address by an `arith.select`
  chain whose default is slot 0, so slot 5 of a 2-slot buffer is slot 0's bytes. The
  rule: the offset analysis keeps the slot in [0, count) (tile_rules.check_slot_in_range).
- A boxed (NZ) tile a move or a mad reads, made by an op the op table does not define: an
  unknown op's result, an `arith.select` whose other operand nothing wrote, an unrealized
  cast relabelling an NZ Mat tile as a ZN one were all extracted into a Left tile and
  accepted (the reading rules took them for a producer's contract, as a popped tile's).
  So was an scf.index_switch or scf.while result, whose yields no rule follows. The rule:
  such a tile's maker is a pto op the table defines, scf.for / scf.if (followed), a call
  or a cast that keeps its type (tile_rules.check_unknown_op_on_boxed).
- A relabel (pto.subview, pto.treshape, pto.bitcast) of an NZ Mat tile typed ZN: no byte
  moves, so each box is read transposed by the textract after it; PTOAS refuses it of a
  subview and a bitcast in one version only, of a treshape in none. The rule: a relabel
  of a boxed tile keeps its b-layout, s-layout and inner box
  (tile_rules.check_relabel_keeps_box_order).
- A relabel carried by an scf.if or scf.for: a subview past its source's valid rows,
  yielded by an scf.if, was extracted unchecked (the relabel rule of a move or mad saw
  the scf result as out of sight). The rule: the region of a carried tile is its sources'
  (each relabel checked), joined (verify_pto_nz `_flowed_region`).
- A multi-buffer's slots are a slot's bytes rounded up to its memory's tile address
  alignment apart (512 bytes in L0A / L0B / L0C), so two 32-byte Left slots at the end of
  L0A passed the capacity rule as 64 bytes while the second starts 512 bytes on.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_SLOT = "slot is not provably in range"
_UNKNOWN = "is an op verify-pto-nz does not follow"
_FITS = "tile does not fit the"
_MAT = ("!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
        "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
_ZN = _MAT.replace("blayout=col_major, slayout=row_major", "blayout=row_major, slayout=col_major")
_LEFT = ("!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
         "blayout=row_major, slayout=row_major, fractal=512, pad=0>")
_RIGHT = ("!pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
          "blayout=row_major, slayout=col_major, fractal=512, pad=0>")
_ACC = ("!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
        "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
_VEC = "!pto.tile_buf<vec, 16x64xf16>"
_NZ_PART = "!pto.partition_tensor_view<1x1x1x16x16xf16>"
_ND_PART = "!pto.partition_tensor_view<16x64xf16>"


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _module(body: str) -> str:
    """A function with a [16, 16] NZ view %nz and [16, 64] ND views %pv (in) and %ov (out)
    of f16, %n an index argument, %t a run-time condition, constants %c0 .. %c16."""
    nd = "!pto.tensor_view<?x?xf16>"
    nz = "!pto.tensor_view<?x?x?x?x?xf16>"
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %t = arith.cmpi eq, %n, %c0 : index
  %a0 = arith.constant 0 : i64
  %tv = pto.make_tensor_view %q, shape = [%c1, %c1, %c1, %c16, %c16],
      strides = [%c256, %c256, %c256, %c16, %c1] {{layout = #pto.layout<nz>}} : {nz}
  %nz = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c1, %c1, %c16, %c16] : {nz} -> {_NZ_PART}
  %pt = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c1]
      {{layout = #pto.layout<nd>}} : {nd}
  %ot = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1]
      {{layout = #pto.layout<nd>}} : {nd}
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64] : {nd} -> {_ND_PART}
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64] : {nd} -> {_ND_PART}
{body}
  return
}}
}}"""


# ---------------------------------------------------------------- multi-buffer slots

_MULTI = "!pto.multi_tile_buf<vec, 16x64xf16, count=2>"


def _through_slot(slot: str, compute: str = "") -> str:
    """A lone multi-buffer at address 0, one slot (`slot`, computed by `compute`) loaded
    from %pv and stored to %ov."""
    return _module(f"""  %mb = pto.alloc_multi_tile addr = %a0 : {_MULTI}
{compute}  %s = pto.multi_tile_get %mb[{slot}] : {_MULTI} -> {_VEC}
  pto.tload ins(%pv : {_ND_PART}) outs(%s : {_VEC})
  pto.tstore ins(%s : {_VEC}) outs(%ov : {_ND_PART})""")


@pytest.mark.parametrize("slot, compute", [
    ("%n", ""),
    ("%k", "  %k = arith.addi %n, %c1 : index\n"),
    ("%c2", ""),
])
def test_a_slot_not_provably_below_the_count_is_refused(slot, compute):
    errors = _errors(_through_slot(slot, compute))
    assert any(_SLOT in e and "[0, 2)" in e for e in errors), errors


def test_a_slot_that_may_be_negative_is_refused():
    compute = "  %k = arith.subi %c0, %c1 : index\n"
    assert any(_SLOT in e for e in _errors(_through_slot("%k", compute)))


@pytest.mark.parametrize("op", ["remui", "remsi"])
def test_a_loop_index_modulo_the_count_is_a_slot_in_range(op):
    text = _module(f"""  %mb = pto.alloc_multi_tile addr = %a0 : {_MULTI}
  scf.for %i = %c0 to %n step %c1 {{
    %k = arith.{op} %i, %c2 : index
    %s = pto.multi_tile_get %mb[%k] : {_MULTI} -> {_VEC}
    pto.tload ins(%pv : {_ND_PART}) outs(%s : {_VEC})
    pto.tstore ins(%s : {_VEC}) outs(%ov : {_ND_PART})
  }}""")
    assert _errors(text) == []


def test_a_constant_slot_in_range_is_accepted():
    assert _errors(_through_slot("%c1")) == []


_SMALL_LEFT = ("!pto.tile_buf<loc=left, dtype=f32, rows=1, cols=8, v_row=1, v_col=8, "
               "blayout=row_major, slayout=none_box, fractal=512, pad=0>")


@pytest.mark.parametrize("addr, fits", [(65472, False), (65000, False), (0, True), (64992, True)])
def test_small_cube_slots_lie_a_512_byte_stride_apart(addr, fits):
    """Two 32-byte Left slots: the second starts at addr + 512, ends at addr + 544."""
    text = _module(f"""  %a = arith.constant {addr} : i64
  %mb = pto.alloc_multi_tile addr = %a : !pto.multi_tile_buf<{_SMALL_LEFT}, count=2>""")
    errors = _errors(text)
    assert (not any(_FITS in e for e in errors)) == fits, errors


# ---------------------------------------------------------------- ops the table lacks


def _extracted(through: str, source: str = "%z", source_type: str = _MAT) -> str:
    """The NZ partition loaded into the Mat tile %m, then `through` (which makes `source`)
    and a textract of `source` into a Left tile."""
    return _module(f"""  %m = pto.alloc_tile : {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT})
{through}
  %l = pto.alloc_tile : {_LEFT}
  pto.textract ins({source}, %c0, %c0 : {source_type}, index, index) outs(%l : {_LEFT})""")


@pytest.mark.parametrize("through, source, source_type, op", [
    (f'  %z = "pto.frobnicate"(%m) : ({_MAT}) -> {_MAT}', "%z", _MAT, "pto.frobnicate"),
    (f"  %b = pto.alloc_tile : {_MAT}\n  %z = arith.select %t, %m, %b : {_MAT}", "%z", _MAT,
     "arith.select"),
    (f"  %z = builtin.unrealized_conversion_cast %m : {_MAT} to {_ZN}", "%z", _ZN,
     "builtin.unrealized_conversion_cast"),
    (f"  %b = pto.alloc_tile : {_MAT}\n  %z = scf.index_switch %n -> {_MAT}\n"
     f"  case 0 {{\n    scf.yield %m : {_MAT}\n  }}\n"
     f"  default {{\n    scf.yield %b : {_MAT}\n  }}", "%z", _MAT, "scf.index_switch"),
])
def test_an_op_the_table_lacks_on_a_boxed_tile_is_refused(through, source, source_type, op):
    errors = _errors(_extracted(through, source, source_type))
    assert any(_UNKNOWN in e and e.startswith(f"'{op}'") for e in errors), errors


def test_a_cast_keeping_a_boxed_tiles_type_is_accepted():
    through = f"  %z = builtin.unrealized_conversion_cast %m : {_MAT} to {_MAT}"
    assert _errors(_extracted(through)) == []


def test_a_boxed_tile_through_scf_if_is_accepted():
    through = (f"  %z = scf.if %t -> ({_MAT}) {{\n    scf.yield %m : {_MAT}\n  }} else {{\n"
               f"    scf.yield %m : {_MAT}\n  }}")
    assert _errors(_extracted(through)) == []


def test_a_mad_operand_an_unknown_op_makes_is_refused():
    """A Right operand picked by arith.select out of a tile nothing wrote."""
    through = (f"  %l = pto.alloc_tile : {_LEFT}\n"
               f"  pto.textract ins(%m, %c0, %c0 : {_MAT}, index, index) outs(%l : {_LEFT})\n"
               f"  %r = pto.alloc_tile : {_RIGHT}\n"
               f"  %y = arith.select %t, %r, %r : {_RIGHT}\n"
               f"  %acc = pto.alloc_tile : {_ACC}\n"
               f"  pto.tmatmul ins(%l, %y : {_LEFT}, {_RIGHT}) outs(%acc : {_ACC})")
    text = _module(f"""  %m = pto.alloc_tile : {_MAT}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT})
{through}""")
    errors = _errors(text)
    assert any(_UNKNOWN in e and "'arith.select'" in e for e in errors), errors


def test_an_op_the_table_lacks_on_a_vec_tile_is_not_this_rules():
    """A none_box tile is no NZ tile: this rule leaves it alone."""
    text = _module(f"""  %a = pto.alloc_tile : {_VEC}
  %b = pto.alloc_tile : {_VEC}
  pto.tload ins(%pv : {_ND_PART}) outs(%a : {_VEC})
  pto.tload ins(%pv : {_ND_PART}) outs(%b : {_VEC})
  %z = arith.select %t, %a, %b : {_VEC}
  pto.tstore ins(%z : {_VEC}) outs(%ov : {_ND_PART})""")
    assert not any(_UNKNOWN in e for e in _errors(text))


# ---------------------------------------------------------------- relabels of boxed tiles

_BOX_ORDER = "gives a boxed tile another box order"
_F32_MAT = _MAT.replace("dtype=f16", "dtype=f32")


@pytest.mark.parametrize("relabel", [
    f"  %z = pto.subview %m[%c0, %c0] sizes [16, 16] : {_MAT} -> {_ZN}",
    f"  %z = pto.treshape %m : {_MAT} -> {_ZN}",
    f"  %z = pto.bitcast %m : {_MAT} -> {_ZN.replace('dtype=f16', 'dtype=bf16')}",
])
def test_a_relabel_of_an_nz_tile_as_zn_is_refused(relabel):
    source_type = _ZN.replace("dtype=f16", "dtype=bf16") if "bitcast" in relabel else _ZN
    errors = _errors(_extracted(relabel, "%z", source_type))
    assert any(_BOX_ORDER in e for e in errors), errors


def test_a_bitcast_of_a_boxed_tile_to_another_element_width_is_refused():
    """f32 boxes are 16 x 8: the same bytes as f16 16 x 16 boxes hold other elements."""
    text = _module(f"""  %f = pto.alloc_tile : {_F32_MAT}
  %z = pto.bitcast %f : {_F32_MAT} -> {_MAT}""")
    assert any(_BOX_ORDER in e for e in _errors(text))


@pytest.mark.parametrize("relabel, source_type", [
    (f"  %z = pto.subview %m[%c0, %c0] sizes [16, 16] : {_MAT} -> {_MAT}", _MAT),
    (f"  %z = pto.bitcast %m : {_MAT} -> {_MAT.replace('dtype=f16', 'dtype=bf16')}",
     _MAT.replace("dtype=f16", "dtype=bf16")),
])
def test_a_relabel_keeping_the_box_order_is_accepted(relabel, source_type):
    assert not any(_BOX_ORDER in e for e in _errors(_extracted(relabel, "%z", source_type)))


# ---------------------------------------------------------------- relabels through scf

_UNBACKED = "that its source's valid region does not back"
_MAT32 = _MAT.replace("rows=16, cols=16, v_row=16", "rows=32, cols=16, v_row=16")


def _half_loaded(carry: str) -> str:
    """A 32-row Mat tile loaded with its 16 valid rows, a window of rows 16 .. 31 (what
    nothing wrote) taken as %w, `carry` making %z of it, and %z extracted into Left."""
    return _module(f"""  %m = pto.alloc_tile : {_MAT32}
  pto.tload ins(%nz : {_NZ_PART}) outs(%m : {_MAT32})
  %w = pto.subview %m[%c16, %c0] sizes [16, 16] : {_MAT32} -> {_MAT}
{carry}
  %l = pto.alloc_tile : {_LEFT}
  pto.textract ins(%z, %c0, %c0 : {_MAT}, index, index) outs(%l : {_LEFT})""")


@pytest.mark.parametrize("carry", [
    f"  %z = scf.if %t -> ({_MAT}) {{\n    scf.yield %w : {_MAT}\n  }} else {{\n"
    f"    scf.yield %w : {_MAT}\n  }}",
    f"  %z = scf.for %i = %c0 to %n step %c1 iter_args(%a = %w) -> ({_MAT}) {{\n"
    f"    scf.yield %a : {_MAT}\n  }}",
])
def test_a_relabel_past_the_valid_rows_carried_by_scf_is_refused(carry):
    errors = _errors(_half_loaded(carry))
    assert any(_UNBACKED in e for e in errors), errors


def test_a_relabel_inside_the_valid_rows_carried_by_scf_is_accepted():
    carry = (f"  %z = scf.if %t -> ({_MAT}) {{\n    scf.yield %w : {_MAT}\n  }} else {{\n"
             f"    scf.yield %w : {_MAT}\n  }}")
    text = _half_loaded(carry).replace("%m[%c16, %c0]", "%m[%c0, %c0]")
    assert _errors(text) == []
