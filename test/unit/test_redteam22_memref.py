"""Red-team round 22, area memref: pto transfers of memref-typed operands.

- `MemRefType.get_strides_and_offset` aborted the process on a static shape whose
  row-major strides overflow int64, and raised (exit 3) on a non-strided layout; every
  memref's strides are now read by nz/memref_layout.py, which refuses both, located.
- The layout PTOAS moves a GM memref in was read from the transfer operand's own type
  only: a memref.reinterpret_cast with constant size and stride operands, and a
  memref.subview of a source PTOAS infers NZ, are moved NZ by PTOAS (InferPTOLayout infers
  from the cast's operands and from the subview's source) and were accepted as ND.
- `#pto.address_space< gm >` (blanks, which PTOAS's enum parser reads) was taken for a
  local space, so the NZ rule skipped the memref.
- No ND rule read a GM memref: a 64x64 memref loaded into a 16-row tile (tile_buf or
  local memref) was accepted.

The end-to-end tests need /tmp/rt22/memref/verify_pto_nz.patch applied.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline
from nzpass.errors import Refusal
from nzpass.ir.bindings import ir
from nzpass.nz import memref_layout

pytestmark = pytest.mark.usefixtures("ctx")

_GM = "#pto.address_space<gm>"
_VEC = "#pto.address_space<vec>"
_NZ = "moves a GM memref PTOAS takes as NZ"
_NOT_STRIDED = "which is not strided"
_OVERFLOW = "overflows int64"
_TOO_BIG = "to or from a local memref tile of"


def _errors(text: str) -> list[str]:
    module = parse_module(text, "t.pto")
    result = run_pipeline(module, "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _load(gm: str, tile: str = f"memref<16x16xf16, {_VEC}>", prefix: str = "",
          src: str = "%arg0") -> str:
    return f"""
module {{
  func.func @f(%arg0: {gm}) {{
    {prefix}
    %k0 = memref.alloc() : {tile}
    pto.tload ins({src} : {gm if src == '%arg0' else '__SRC__'}) outs(%k0 : {tile})
    return
  }}
}}
"""


def _memref(text: str) -> ir.MemRefType:
    return ir.MemRefType(ir.Type.parse(text))


# -- memref_layout, read directly (pass without the patch) --------------------------


def test_strides_of_identity_and_strided() -> None:
    loc = ir.Location.unknown()
    read = memref_layout.strides_of(_memref("memref<4x8x16xf16>"), loc, "m")
    assert read == memref_layout.MemrefStrides((128, 16, 1), 0)
    read = memref_layout.strides_of(_memref("memref<4x?x16xf16>"), loc, "m")
    assert read.strides == (None, 16, 1)
    read = memref_layout.strides_of(_memref("memref<4x8xf16, strided<[?, 1], offset: ?>>"),
                                    loc, "m")
    assert read == memref_layout.MemrefStrides((None, 1), None) and not read.static


def test_strides_of_refuses_overflow_without_aborting() -> None:
    big = _memref("memref<16x4611686018427387904x16x16xf16>")
    with pytest.raises(Refusal, match=_OVERFLOW):
        memref_layout.strides_of(big, ir.Location.unknown(), "m")


def test_strides_of_refuses_a_non_strided_map() -> None:
    transposed = _memref("memref<16x16xf16, affine_map<(d0, d1) -> (d1, d0)>>")
    with pytest.raises(Refusal, match=_NOT_STRIDED):
        memref_layout.strides_of(transposed, ir.Location.unknown(), "m")


@pytest.mark.parametrize(("shape", "strides", "expected"), [
    ((16, 16, 16), (256, 16, 1), "nz"),
    ((16, 32), (32, 1), "nd"),
    ((16, 32), (1, 16), "dn"),
    ((16, 1), (1, 1), "dn"),
    ((1, 16), (16, 1), "nd"),
    ((16, 32), (64, 1), "nd"),
])
def test_infer_layout_matches_infer_pto_layout(shape, strides, expected) -> None:
    assert memref_layout.infer_layout(shape, strides, 2) == expected


def test_address_space_reads_blanks_as_ptoas_does() -> None:
    blank = _memref('memref<4xf16, "#pto.address_space< gm >">')
    local = _memref('memref<4xf16, "#pto.address_space< vec >">')
    assert memref_layout.address_space(blank) == "gm" and memref_layout.is_global(blank)
    assert memref_layout.address_space(local) == "vec" and not memref_layout.is_global(local)
    assert memref_layout.is_global(_memref("memref<4xf16>"))


# -- end to end (with verify_pto_nz.patch) -----------------------------------------


def test_overflowing_memref_refused_not_aborted() -> None:
    gm = f"memref<16x4611686018427387904x16x16xf16, {_GM}>"
    errors = _errors(_load(gm, tile=f"memref<16x16xf16, {_VEC}>"))
    assert any(_OVERFLOW in e for e in errors), errors


def test_transposed_map_refused_not_internal_error() -> None:
    gm = "memref<16x16xf16, affine_map<(d0, d1) -> (d1, d0)>>"
    errors = _errors(_load(gm))
    assert any(_NOT_STRIDED in e for e in errors), errors


def test_reinterpret_cast_constant_operands_inferred_nz() -> None:
    view = "memref<?x?x?x?x?xf16, strided<[?, ?, ?, ?, ?]>, #pto.address_space<gm>>"
    prefix = """%c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %v = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%c1, %c2, %c2, %c16, %c16], \
strides: [%c1024, %c512, %c256, %c16, %c1] : memref<?xf16, #pto.address_space<gm>> to """ + view
    text = _load("memref<?xf16, #pto.address_space<gm>>", f"memref<32x32xf16, {_VEC}>",
                 prefix, "%v").replace("__SRC__", view)
    errors = _errors(text)
    assert any(_NZ in e and "size and stride operands" in e for e in errors), errors


def test_subview_of_an_nz_source_inferred_nz() -> None:
    sub = f"memref<16x16xf16, strided<[16, 1]>, {_GM}>"
    prefix = (f"%s = memref.subview %arg0[0, 0, 0] [1, 16, 16] [1, 1, 1] : "
              f"memref<16x16x16xf16, {_GM}> to {sub}")
    text = _load(f"memref<16x16x16xf16, {_GM}>", prefix=prefix, src="%s") \
        .replace("__SRC__", sub)
    errors = _errors(text)
    assert any(_NZ in e and "memref.subview" in e for e in errors), errors


def test_blank_gm_space_still_inferred_nz() -> None:
    gm = "memref<16x16x16xf16, #pto.address_space< gm >>"
    errors = _errors(_load(gm, tile=f"memref<16x16x16xf16, {_VEC}>"))
    assert any(_NZ in e for e in errors), errors


def test_gm_memref_window_larger_than_memref_tile() -> None:
    errors = _errors(_load(f"memref<64x64xf16, {_GM}>"))
    assert any(_TOO_BIG in e for e in errors), errors


def test_gm_memref_window_larger_than_tile_buf() -> None:
    tile = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, "
            "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    text = f"""
module {{
  func.func @f(%arg0: memref<64x64xf16, {_GM}>) {{
    %k0 = pto.alloc_tile : {tile}
    pto.tload ins(%arg0 : memref<64x64xf16, {_GM}>) outs(%k0 : {tile})
    return
  }}
}}
"""
    errors = _errors(text)
    assert any("is larger than its 16x64 tile" in e for e in errors), errors


def test_same_shape_dense_memref_load_accepted() -> None:
    gm = f"memref<32x32xf16, {_GM}>"
    assert _errors(_load(gm, tile=f"memref<32x32xf16, {_VEC}>")) == []
