"""Red team 26, writes: reads of tile bytes no write surely made (nz/tile_writes.py).

- A write of part of its destination (pto_table.PARTIAL_WRITERS: pto.tsetval at an
  index, pto.tinsert at a row and column, ...) counted as a write of the tile: a tstore
  of a tile only a pto.tsetval (or a pto.tinsert of a smaller tile) wrote stored the rest
  from stale UB, and a tsetval after a load in one branch only made the load's other path
  look written. Such a write now neither starts a tile's data nor covers a read.
- A call counted as a write of every byte of each tile its callee may write: a helper
  loading the top rows of its argument (or loading it in one branch) let its caller
  store the rest from stale UB. A callee's write of an argument now covers it for the
  caller only where a read of the argument at each of its returns would be covered
  (tile_writes.ArgumentAccess.covers); any other is a write of part of it.
- The slots of a multi-buffer counted as one tile: a store of slot 1 after a load of
  slot 0 stored stale UB. A slot at a constant index now lies apart from the others.
- A write through a window whose type leaves its valid rows dynamic counted as a write
  of the whole window: a load into `pto.subview ... valid [%c8, %c64]` of all 16 rows of
  a tile, then a store of the tile, moved rows 8..15 from stale UB. Such a write now
  writes the rows its constant `valid` operands state, and none surely if not constant.
- Two tiles at one address counted as written before every read once either was written
  anywhere: a store of one before, or after a load in one branch only into, the other
  stored stale UB. Tiles placed over one another are now ordered as one tile; a read of
  a tile of no valid byte by an op writing only such tiles takes no byte (PyPTO's idle
  sub-block, which the old rule let through by the alias).
- Writes in different branches covered a read together: `scf.if { load the top rows }
  else { load the bottom rows }`, then a store of the whole tile, stored half of it from
  stale UB on either path. Where no write surely ran by itself, each branch's own writes
  must now cover the read.
- PyPTO fills a tile element by element with pto.tsetval in loops of constant bounds:
  the cells those loops write now cover a read (kept), one short of it does not.
"""

from __future__ import annotations

import pytest

from test_redteam25_writes import (
    _BOTTOM,
    _LOAD_ALL,
    _SETVAL,
    _STORE_ALL,
    _T,
    _TOP,
    _VIEW,
    _errors,
    _kernel,
    _load,
    _sub,
    _tile,
)

pytestmark = pytest.mark.usefixtures("ctx")

_UNCOVERED = "that no write before it is proved to cover"
_INSERT = (f"  %src = pto.alloc_tile : {_tile(8, 64)}\n" + _load("top", "src", 8, 64)
           + f"  pto.tinsert ins(%src, %c0, %c0 : {_tile(8, 64)}, index, index) "
           f"outs(%t : {_T})\n")

ONLY_PARTIAL = {"tsetval": (_SETVAL, "pto.tsetval"), "tinsert": (_INSERT, "pto.tinsert")}


@pytest.mark.parametrize("body, writer", ONLY_PARTIAL.values(), ids=ONLY_PARTIAL.keys())
def test_a_tile_only_a_partial_writer_wrote_is_refused(body: str, writer: str) -> None:
    errors = _errors(_kernel(body + _STORE_ALL))
    assert any(_UNCOVERED in e and "'pto.tstore'" in e and f"'{writer}'" in e
               for e in errors), errors


def test_a_partial_write_does_not_make_a_branch_write_sure() -> None:
    body = f"  scf.if %flag {{\n{_LOAD_ALL}  }}\n" + _SETVAL + _STORE_ALL
    errors = _errors(_kernel(body))
    assert any("that no write before it surely writes" in e and "'pto.tload'" in e
               for e in errors), errors


PARTIAL_AFTER_WHOLE = {
    "tsetval": _LOAD_ALL + _SETVAL + _STORE_ALL,
    "tinsert": _LOAD_ALL + _INSERT + _STORE_ALL,
    "tsetval in a loop after a load": _LOAD_ALL
    + f"  scf.for %j = %c0 to %c4 step %c1 {{\n{_SETVAL}  }}\n" + _STORE_ALL,
}


@pytest.mark.parametrize("body", PARTIAL_AFTER_WHOLE.values(), ids=PARTIAL_AFTER_WHOLE.keys())
def test_a_partial_write_over_a_whole_one_is_kept(body: str) -> None:
    assert _errors(_kernel(body)) == []


_PART_8 = "!pto.partition_tensor_view<8x64xf16>"
_PART_16 = "!pto.partition_tensor_view<16x64xf16>"


def _helper(name: str, body: str, part: str = _PART_8) -> str:
    """A function @name(%t, %p, %flag) of the tile, a window of 16 or 8 rows and a flag."""
    return f"""
func.func private @{name}(%t: {_T}, %p: {part}, %flag: i1) {{
  %c0 = arith.constant 0 : index
{body}  return
}}"""


def _call(name: str, window: str, part: str = _PART_8) -> str:
    return (f"  func.call @{name}(%t, %{window}, %flag) : ({_T}, {part}, i1) -> ()\n")


_WHOLE_LOAD = _load("p", "t", 16, 64)
CALLEE_SHORT = {
    "the top rows": (_helper("h", _sub("s", 0, 0, 8, 64) + _load("p", "s", 8, 64)),
                     _call("h", "top")),
    "in one branch": (_helper("h", f"  scf.if %flag {{\n{_WHOLE_LOAD}  }}\n", _PART_16),
                      _call("h", "in", _PART_16)),
    "through another helper's top rows": (
        _helper("g", _sub("s", 0, 0, 8, 64) + _load("p", "s", 8, 64))
        + _helper("h", _call("g", "p")), _call("h", "top")),
}


@pytest.mark.parametrize("helpers, call", CALLEE_SHORT.values(), ids=CALLEE_SHORT.keys())
def test_a_call_writing_part_of_a_tile_does_not_cover_a_read_of_it(helpers: str,
                                                                   call: str) -> None:
    errors = _errors(_kernel(call + _STORE_ALL, helpers))
    assert any(_UNCOVERED in e and "'pto.tstore'" in e and "'func.call'" in e
               for e in errors), errors


CALLEE_WHOLE = {
    "a load of all of it": (_helper("h", _WHOLE_LOAD, _PART_16), _call("h", "in", _PART_16)),
    "through another helper": (_helper("g", _WHOLE_LOAD, _PART_16)
                               + _helper("h", _call("g", "p", _PART_16), _PART_16),
                               _call("h", "in", _PART_16)),
    "in both branches": (_helper("h", f"  scf.if %flag {{\n{_WHOLE_LOAD}  }} else {{\n"
                                      f"{_WHOLE_LOAD}  }}\n", _PART_16),
                         _call("h", "in", _PART_16)),
}


@pytest.mark.parametrize("helpers, call", CALLEE_WHOLE.values(), ids=CALLEE_WHOLE.keys())
def test_a_call_writing_all_of_a_tile_covers_a_read_of_it(helpers: str, call: str) -> None:
    assert _errors(_kernel(call + _STORE_ALL, helpers)) == []


_MULTI = "!pto.multi_tile_buf<vec, 16x64xf16, count=2>"
_SLOT = "!pto.tile_buf<vec, 16x64xf16>"


def _slot(name: str, index: str) -> str:
    return f"  %{name} = pto.multi_tile_get %mb[%c{index}] : {_MULTI} -> {_SLOT}\n"


def _through_slots(loaded: str, stored: str) -> str:
    """A kernel loading one slot of a two-slot multi-buffer and storing one (each a
    multi_tile_get of its own, at slot index `loaded` and `stored`)."""
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%pv: {_PART_16}, %ov: {_PART_16}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mb = pto.alloc_multi_tile : {_MULTI}
{_slot("a", loaded)}{_slot("b", stored)}\
  pto.tload ins(%pv : {_PART_16}) outs(%a : {_SLOT})
  pto.tstore ins(%b : {_SLOT}) outs(%ov : {_PART_16})
  return
}}
}}"""


def test_a_store_of_a_slot_no_write_filled_is_refused() -> None:
    errors = _errors(_through_slots("0", "1"))
    assert any(_UNCOVERED in e and "'pto.tstore'" in e and "rows [16, 32)" in e
               for e in errors), errors


def test_a_store_of_the_slot_loaded_is_kept() -> None:
    assert _errors(_through_slots("1", "1")) == []


_DYNAMIC = _T.replace("v_row=16, v_col=64", "v_row=?, v_col=?")


def _valid_window(rows: int, window: str, part: str) -> str:
    """A window of all of %t stating `rows` valid rows (and 64 columns), loaded from GM
    window `window` (of type `part`)."""
    return (f"  %s = pto.subview %t[%c0, %c0] sizes [16, 64] valid [%c{rows}, %c64] : {_T} "
            f"-> {_DYNAMIC}\n  pto.tload ins(%{window} : {part}) outs(%s : {_DYNAMIC})\n")


def test_a_window_stating_fewer_valid_rows_does_not_cover_the_tile() -> None:
    errors = _errors(_kernel(_valid_window(8, "top", _PART_8) + _STORE_ALL))
    assert any(_UNCOVERED in e and "'pto.tstore'" in e for e in errors), errors


def test_a_window_stating_every_row_valid_covers_the_tile() -> None:
    assert _errors(_kernel(_valid_window(16, "in", _PART_16) + _STORE_ALL)) == []


_PLACED = "  %a0 = arith.constant 0 : i64\n" + "".join(
    f"  %{name} = pto.alloc_tile addr = %a0 : {_T}\n" for name in ("A", "B"))
_LOAD_A = _load("in", "A", 16, 64)
_STORE_B = (f"  pto.tstore ins(%B : {_T}) outs(%out : {_PART_16})\n")
ALIAS_UNSURE = {
    "a store before the load into the other": (_STORE_B + _LOAD_A, "before anything"),
    "a store after a load into the other in one branch":
        (f"  scf.if %flag {{\n{_LOAD_A}  }}\n" + _STORE_B, "that no write before it surely"),
}


def _placed(body: str) -> str:
    """A kernel of two 16x64 Vec tiles %A and %B at address 0 (and not %t)."""
    return _kernel(body).replace(f"  %t = pto.alloc_tile : {_T}\n", _PLACED)


@pytest.mark.parametrize("body, why", ALIAS_UNSURE.values(), ids=ALIAS_UNSURE.keys())
def test_a_read_of_a_tile_placed_over_another_needs_a_sure_write_first(body: str,
                                                                        why: str) -> None:
    errors = _errors(_placed(body))
    assert any(why in e and "'pto.tstore'" in e for e in errors), errors


def test_a_read_of_a_tile_placed_over_one_loaded_before_is_kept() -> None:
    assert _errors(_placed(_LOAD_A + _STORE_B)) == []


def _empty_source(valid: str) -> str:
    """An unwritten tile of no valid row or column, read by a pto.texp into a tile of
    `valid` rows and columns (of a kernel taking %n)."""
    return (f"  %e = pto.alloc_tile valid_row = %c0 valid_col = %c0 : {_DYNAMIC}\n"
            f"  %d = pto.alloc_tile valid_row = {valid} valid_col = {valid} : {_DYNAMIC}\n"
            f"  pto.texp ins(%e : {_DYNAMIC}) outs(%d : {_DYNAMIC})\n")


def test_a_read_of_no_valid_byte_into_no_valid_byte_is_kept() -> None:
    # (PyPTO's idle sub-block runs its ops on tiles of 0 valid rows and columns)
    assert _errors(_kernel(_empty_source("%c0"))) == []


def test_a_read_of_no_valid_byte_into_valid_bytes_is_refused() -> None:
    # (pto-isa's vector ops run over their destination's valid region)
    errors = _errors(_kernel(_empty_source("%c16")))
    assert any("'pto.texp' reads a tile (loc=vec) that nothing in its function writes" in e
               for e in errors), errors


_SMALL = _tile(2, 16)


def _fill(upper_rows: str, upper_cols: str, extra: str = "") -> str:
    """A kernel filling the 2x16 Vec tile %f element by element with tsetval in two
    loops (rows to `upper_rows`, columns to `upper_cols`), then storing it."""
    part = "!pto.partition_tensor_view<2x16xf16>"
    return _kernel(f"""  %c2 = arith.constant 2 : index
  %h = arith.constant 1.0 : f16
  %f = pto.alloc_tile : {_SMALL}
  scf.for %r = %c0 to {upper_rows} step %c1 {{
    scf.for %k = %c0 to {upper_cols} step %c1 {{
      %base = arith.muli %r, %c16 : index
      %at = arith.addi %base, %k : index
      pto.tsetval ins(%at, %h : index, f16) outs(%f : {_SMALL})
    }}
  }}
{extra}  %w = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c2, %c16] : {_VIEW} -> {part}
  pto.tstore ins(%f : {_SMALL}) outs(%w : {part})
""")


def test_a_tile_filled_element_by_element_is_kept() -> None:
    # (PyPTO's route_hash kernels fill their index tiles so)
    assert _errors(_fill("%c2", "%c16")) == []


FILL_SHORT = {
    "a column short": ("%c2", "%c8"),
    "a loop of dynamic bound": ("%c2", "%n"),
}


@pytest.mark.parametrize("rows, cols", FILL_SHORT.values(), ids=FILL_SHORT.keys())
def test_a_tile_filled_element_by_element_in_part_is_refused(rows: str, cols: str) -> None:
    text = _fill(rows, cols).replace("%flag: i1)", "%flag: i1, %n: index)")
    errors = _errors(text)
    assert any(_UNCOVERED in e and "'pto.tsetval'" in e for e in errors), errors


def test_inserts_of_both_halves_cover_the_tile() -> None:
    bottom = _INSERT.replace("%src", "%src2").replace('"top"', '"bottom"') \
        .replace("%top", "%bottom").replace("%c0, %c0 :", "%c8, %c0 :")
    assert _errors(_kernel(_INSERT + bottom + _STORE_ALL)) == []


def _branches(then: str, otherwise: str) -> str:
    return _kernel(f"  scf.if %flag {{\n{then}  }} else {{\n{otherwise}  }}\n" + _STORE_ALL)


def test_halves_in_two_branches_do_not_cover_the_tile() -> None:
    errors = _errors(_branches(_TOP, _BOTTOM))
    assert any(_UNCOVERED in e and "'pto.tstore'" in e for e in errors), errors


def test_each_branch_covering_the_tile_covers_it() -> None:
    assert _errors(_branches(_TOP + _BOTTOM, _BOTTOM + _TOP.replace("%s", "%s2"))) == []


# A vector op iterates over its destination's valid region and reads each source there
# (pto-isa: dst.GetValidRow() x GetValidCol()); PTOAS checks the two valid shapes equal
# only where both types state them. Found by red team: a tadd, tmov or texp of a tile whose
# alloc states 8 valid rows, into a tile of 16, stored rows 8..15 from stale UB.
_NARROWER = "reads its source over a larger valid region"


def _vec(valid_rows: str) -> str:
    return _tile(16, 64).replace("v_row=16", f"v_row={valid_rows}")


def _src_then(op: str, src_rows: str, dst: str = "%t", dst_type: str = _T,
              dst_alloc: str = "") -> str:
    src = _vec("?")
    return (f"  %rows = arith.select %flag, %c8, %c16 : index\n{dst_alloc}"
            f"  %a = pto.alloc_tile valid_row = {src_rows} : {src}\n"
            + _load("in", "a", 16, 64).replace(_tile(16, 64), src)
            + f"  pto.{op.format(src=src, a='%a')} outs({dst} : {dst_type})\n")


NARROWER_SOURCES = {
    "tadd of 8 valid rows into 16": "tadd ins({a}, {a} : {src}, {src})",
    "tmov of 8 valid rows into 16": "tmov ins({a} : {src})",
    "texp of 8 valid rows into 16": "texp ins({a} : {src})",
}


@pytest.mark.parametrize("op", NARROWER_SOURCES.values(), ids=NARROWER_SOURCES.keys())
@pytest.mark.parametrize("rows", ["%c8", "%rows"])
def test_a_source_of_fewer_valid_rows_than_its_destination_is_refused(op: str,
                                                                       rows: str) -> None:
    errors = _errors(_kernel(_src_then(op, rows) + _STORE_ALL))
    assert any(_NARROWER in e for e in errors), errors


def test_a_source_and_destination_of_one_valid_operand_are_kept() -> None:
    dst = _vec("?")
    body = _src_then("tadd ins({a}, {a} : {src}, {src})", "%rows", "%d", dst,
                     f"  %d = pto.alloc_tile valid_row = %rows : {dst}\n")
    assert _errors(_kernel(body)) == []


def test_a_source_of_more_valid_rows_than_its_destination_is_kept() -> None:
    dst = _vec("8")
    body = _src_then("tmov ins({a} : {src})", "%c16", "%d", dst,
                     f"  %d = pto.alloc_tile : {dst}\n")
    assert _errors(_kernel(body)) == []


def test_a_partial_add_of_a_narrower_source_is_kept() -> None:
    """pto-isa's TPARTADD copies an element only one source defines: it reads each
    source over its own valid region (pto_table.OWN_REGION_READERS)."""
    body = _src_then("tpartadd ins({a}, %t : {src}, " + _T + ")", "%c8") \
        .replace("  %a = pto.alloc_tile", _LOAD_ALL + "  %a = pto.alloc_tile")
    assert _errors(_kernel(body + _STORE_ALL)) == []


_MASK = "!pto.tile_buf<vec, 16x64xi8, valid=16x8>"  # a bit per element of a 16 x 64 tile
_MASK_AND_TMP = f"  %m = pto.alloc_tile : {_MASK}\n  %tmp = pto.alloc_tile : {_T}\n"


def test_a_select_mask_of_fewer_valid_columns_is_not_judged() -> None:
    """pto.tsel's mask holds a bit per element of the destination (its valid columns are
    bytes): only the `src*` groups are read where the op writes (found on PTOAS's A5 tsel
    test, refused while the mask was judged as a source)."""
    body = _MASK_AND_TMP + _LOAD_ALL + f"  %d = pto.alloc_tile : {_T}\n" \
        f"  pto.tsel ins(%m, %t, %t, %tmp : {_MASK}, {_T}, {_T}, {_T}) outs(%d : {_T})\n"
    assert not any(_NARROWER in e for e in _errors(_kernel(body)))


def test_a_select_source_of_fewer_valid_rows_is_refused() -> None:
    op = "tsel ins(%m, {a}, {a}, %tmp : " + _MASK + ", {src}, {src}, " + _T + ")"
    errors = _errors(_kernel(_src_then(op, "%c8", dst_alloc=_MASK_AND_TMP) + _STORE_ALL))
    assert any(_NARROWER in e for e in errors), errors
