"""Red-team round 21, area ptoops: pto ops moving GM data that verify-pto-nz accepted.

- An ND tload / tstore whose view no pto.make_tensor_view in the function gives (a
  partition taken as a function argument, one an scf.if yields, a partition of a view an
  scf.if yields): every ND rule was skipped, so a 32 x 128 window moved into or out of a
  16-row Vec tile, past its end.
- A `layout` stated on an op other than a view's (an scf.if yielding a view, an unrealized
  cast of a GM memref): PTOAS's InferPTOLayout and EmitC take the first `layout` along the
  ops a transfer's GM operand comes from, whatever the op, so they moved NZ what nzpass
  checked as ND.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_F16 = "f16"
_VEC = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_TOO_BIG = "is larger than its 16x128 tile"
_UNMADE = "not a pto.make_tensor_view's result"  # the partition's view
_STRIDES_UNSEEN = "its strides cannot be checked"


def _diagnostics(text: str, strict: bool = False) -> list[tuple[str, str]]:
    module = parse_module(text, "t.pto")
    option = "{strict-bounds=true}" if strict else ""
    result = run_pipeline(module, f"builtin.module(verify-pto-nz{option})")
    return [(d.severity.value, d.message) for d in result.diagnostics]


def _errors(text: str, strict: bool = False) -> list[str]:
    return [message for severity, message in _diagnostics(text, strict) if severity == "error"]


def _argument_partition(rows: int) -> str:
    part = f"!pto.partition_tensor_view<{rows}x128x{_F16}>"
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%pv: {part}) {{
  %t = pto.alloc_tile : {_VEC}
  pto.tload ins(%pv : {part}) outs(%t : {_VEC})
  pto.tstore ins(%t : {_VEC}) outs(%pv : {part})
  return
}}
}}"""


def _view_and_partition(rows: int, through_if: str) -> str:
    """A 64 x 128 ND view, a `rows` x 128 partition of it, loaded into a 16-row Vec tile;
    `through_if` is "view" or "partition": which of the two an scf.if yields."""
    view, part = "!pto.tensor_view<?x?xf16>", f"!pto.partition_tensor_view<{rows}x128xf16>"
    yielded = view if through_if == "view" else part
    source, loaded = ("%w", "%pv") if through_if == "view" else ("%v", "%w")
    if_op = f"""  %w = scf.if %c -> ({yielded}) {{
    scf.yield {'%v' if through_if == 'view' else '%pv'} : {yielded}
  }} else {{
    scf.yield {'%v' if through_if == 'view' else '%pv'} : {yielded}
  }}
"""
    partition = (f"  %pv = pto.partition_view {source}, offsets = [%c0, %c0], sizes = [%rows, "
                 f"%c128] : {view} -> {part}\n")
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<f16>, %c: i1) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %rows = arith.constant {rows} : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c128], strides = [%c128, %c1] : {view}
{if_op + partition if through_if == 'view' else partition + if_op}  %t = pto.alloc_tile : {_VEC}
  pto.tload ins({loaded} : {part}) outs(%t : {_VEC})
  return
}}
}}"""


def test_an_argument_partition_larger_than_its_tile_is_refused():
    errors = _errors(_argument_partition(32))
    assert len(errors) == 2, errors  # the load and the store
    assert all(_TOO_BIG in message for message in errors)


def test_an_argument_partition_that_fits_warns_of_its_unseen_strides():
    diagnostics = _diagnostics(_argument_partition(16))
    assert [severity for severity, _ in diagnostics] == ["warning", "warning"]
    assert all(_STRIDES_UNSEEN in message for _, message in diagnostics)
    assert len(_errors(_argument_partition(16), strict=True)) == 2


def test_a_window_an_scf_if_hides_is_held_to_its_tile():
    errors = _errors(_view_and_partition(32, "partition"))
    assert len(errors) == 1 and _TOO_BIG in errors[0], errors
    assert _errors(_view_and_partition(16, "partition")) == []


@pytest.mark.parametrize("rows", [16, 32])
def test_a_partition_of_a_view_an_scf_if_yields_is_refused(rows):
    # PTOAS takes such a partition's strides compact from the view's type (every stride 1
    # for a ?x? view): test_redteam23_flow.py.
    errors = _errors(_view_and_partition(rows, "view"))
    assert len(errors) == 1 and _UNMADE in errors[0], errors


def test_a_dynamic_dim_of_an_argument_partition_is_not_proved_to_fit():
    text = _argument_partition(32).replace("32x128", "?x128")
    assert _errors(text) == []  # the caller's contract: warned about
    assert any(_TOO_BIG in message for message in _errors(text, strict=True))


_VIEW5 = "!pto.tensor_view<?x?x?x?x?xf16>"
_PART5 = "!pto.partition_tensor_view<1x2x16x16x16xf16>"
_MAT5 = ("!pto.tile_buf<loc=mat, dtype=f16, rows=256, cols=32, v_row=256, v_col=32, "
         "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
# A rank-5 ND view whose fractal stride (512) is not the NZ one (256): as NZ its column
# blocks' gap is (256 - 4096) * 2 / 32, wrapped. LAYOUT: what the scf.if states.
_NZ_BY_IF = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%p: !pto.ptr<f16>, %c: i1) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c2, %c16, %c16, %c16],
      strides = [%c8192, %c256, %c512, %c16, %c1] {{layout = #pto.layout<nd>}} : {_VIEW5}
  %w = scf.if %c -> ({_VIEW5}) {{
    scf.yield %v : {_VIEW5}
  }} else {{
    scf.yield %v : {_VIEW5}
  }} LAYOUT
  %pv = pto.partition_view %w, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c2, %c16, %c16, %c16] PART_ATTRS: {_VIEW5} -> {_PART5}
  %t = pto.alloc_tile : {_MAT5}
  pto.tload ins(%pv : {_PART5}) outs(%t : {_MAT5})
  return
}}
}}"""


def _nz_by_if(layout: str, partition_attrs: str = "") -> str:
    return _NZ_BY_IF.replace("LAYOUT", layout).replace("PART_ATTRS", partition_attrs)


def test_a_layout_stated_on_the_scf_if_yielding_the_view_is_the_transfers():
    # InferPTOLayout's resolveLayoutFromViewValue stops at the first op stating a layout:
    # the scf.if, so the load moves NZ->NZ through strides nothing checked as NZ.
    # Refused at the partition since round 23: PTOAS reads no strides of a view it takes
    # through an scf.if (test_redteam23_flow.py), whatever layout the scf.if states.
    errors = _errors(_nz_by_if("{layout = #pto.layout<nz>}"))
    assert len(errors) == 1, errors
    assert _UNMADE in errors[0]


def test_a_layout_of_another_dialect_on_the_scf_if_is_not_read():
    # PTOAS reads only its own LayoutAttr there; a string is nothing to it: the load is
    # ND, through strides PTOAS never read (the partition's refusal, test_redteam23_flow.py).
    for text in (_nz_by_if('{layout = "nz"}'), _nz_by_if("")):
        errors = _errors(text)
        assert len(errors) == 1 and _UNMADE in errors[0], errors


def test_a_partition_stating_nd_of_a_view_an_scf_if_states_nz_is_refused():
    errors = _errors(_nz_by_if("{layout = #pto.layout<nz>}", "{layout = #pto.layout<nd>} "))
    assert any("states layout nd, but the pto.make_tensor_view its data comes from is nz"
               in message for message in errors), errors


_MEMREF = "memref<1x2x8x16x16xf16, strided<[8192, 256, 512, 16, 1]>>"
_MAT = ("!pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=32, v_row=128, v_col=32, "
        "blayout=col_major, slayout=row_major, fractal=512, pad=0>")


def _memref_cast(op: str, attr: str) -> str:
    return f"""
func.func @k(%arg: {_MEMREF}) {{
  %src = "{op}"(%arg) {attr} : ({_MEMREF}) -> {_MEMREF}
  %t = pto.alloc_tile : {_MAT}
  "pto.tload"(%src, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
      : ({_MEMREF}, {_MAT}) -> ()
  return
}}"""


@pytest.mark.parametrize("op", ["builtin.unrealized_conversion_cast", "memref.cast"])
def test_a_gm_memref_an_unrealized_cast_states_nz_is_refused(op):
    # Shape and strides PTOAS infers ND; the cast's layout makes it NZ (EmitC's
    # resolveLayoutFromValueChain reads every op's layout and peels unrealized casts).
    errors = _errors(_memref_cast(op, "{layout = #pto.layout<nz>}"))
    assert len(errors) == 1 and f"its '{op}' states it" in errors[0], errors
    # Without the layout the cast is ND: its only error is the window (256 rows stacked
    # from the leading dims) overrunning the 128-row tile, never the NZ one.
    plain = _errors(_memref_cast(op, ""))
    assert len(plain) == 1 and "is larger than its 128x32 tile" in plain[0], plain


def _pto_element_view(element: str, ptr: str | None = None) -> str:
    """A canonical blocked [1, 2, 16, 16, 32] view of a 1-byte element that states no
    layout, loaded whole into an NZ Mat tile (A5: the types are A5's)."""
    view = f"!pto.tensor_view<?x?x?x?x?x{element}>"
    part = f"!pto.partition_tensor_view<1x2x16x16x32x{element}>"
    tile = (f"!pto.tile_buf<loc=mat, dtype={element}, rows=256, cols=64, v_row=256, v_col=64, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    return f"""
module attributes {{pto.target_arch = "a5"}} {{
func.func @k(%p: !pto.ptr<{ptr or element}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c16384 = arith.constant 16384 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c2, %c16, %c16, %c32],
      strides = [%c16384, %c8192, %c512, %c32, %c1] : {view}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c2, %c16, %c16, %c32] : {view} -> {part}
  %t = pto.alloc_tile : {tile}
  pto.tload ins(%pv : {part}) outs(%t : {tile})
  return
}}
}}"""


@pytest.mark.parametrize("element", ["!pto.hif8", "!pto.f8E8M0"])
def test_a_view_of_a_pto_element_ptoas_may_infer_nz_is_held_to_the_nz_rules(element):
    # PTOAS sizes these 1 byte (getPTOStorageElemBitWidth): the canonical blocked form of
    # c0 = 32 is NZ to newer InferPTOLayout; nzpass, which does not size them, read it ND.
    errors = _errors(_pto_element_view(element))
    assert len(errors) == 1, errors
    assert f"NZ view element type {element}: NZ needs" in errors[0]
    assert "InferPTOLayout infers nz" in errors[0]


def test_the_same_view_of_a_sized_element_is_checked_as_nz_and_accepted():
    assert _errors(_pto_element_view("i8")) == []
