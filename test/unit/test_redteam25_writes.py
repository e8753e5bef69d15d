"""Red team 25, writes: reads of tile bytes no write surely made (nz/tile_writes.py).

- A write of part of a tile counted as a write of all of it: a load into a subview of
  the top rows (or the left columns) of a tile, then a
  store of the whole tile moved the rest from stale UB. A read must now be covered by
  the writes before it, by where each lies in the buffer (a window's constant offsets)
  and the valid region it writes (`_Coverage`). Not judged: the partial writers
  (PARTIAL_WRITERS: PyPTO fills a tile element by element with tsetval in loops).
- A tile a function returned counted as written by its caller's call, whatever the
  callee did with it: a helper returning a tile it allocated and never wrote gave its
  caller stale UB to store. A func.return now reads the tiles it returns.
- A tile carried out of an scf.index_switch, an scf.execute_region or an scf.while (or
  into an scf.while's region) counted as written by the op, an op nzpass did not follow:
  a tile no one wrote, yielded out of one, was stored from stale UB. Their yields and
  conditions now carry the tile as scf.for's and scf.if's do.
- A write later in a loop's body counted for a read above it, as if an earlier
  iteration had run: `scf.for { tstore %t; tload %t }` stored stale UB in its first
  iteration. Only a read the first iteration may skip (a guard on the iteration) may
  count on an earlier one now.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")


def _tile(rows: int, cols: int) -> str:
    return (f"!pto.tile_buf<loc=vec, dtype=f16, rows={rows}, cols={cols}, v_row={rows}, "
            f"v_col={cols}, blayout=row_major, slayout=none_box, fractal=512, pad=0>")


_T = _tile(16, 64)
_VIEW = "!pto.tensor_view<?x?xf16>"


def _part(rows: int, cols: int) -> str:
    return f"!pto.partition_tensor_view<{rows}x{cols}xf16>"


def _window(name: str, view: str, row: str, rows: int, cols: int) -> str:
    return (f"  %{name} = pto.partition_view %{view}, offsets = [%c{row}, %c0], sizes = "
            f"[%c{rows}, %c{cols}] : {_VIEW} -> {_part(rows, cols)}\n")


def _sub(name: str, row: int, col: int, rows: int, cols: int) -> str:
    return (f"  %{name} = pto.subview %t[%c{row}, %c{col}] sizes [{rows}, {cols}] : {_T} -> "
            f"{_tile(rows, cols)}\n")


def _load(window: str, tile: str, rows: int, cols: int) -> str:
    return (f"  pto.tload ins(%{window} : {_part(rows, cols)}) outs(%{tile} : "
            f"{_tile(rows, cols)})\n")


def _store(tile: str, window: str, rows: int, cols: int) -> str:
    return (f"  pto.tstore ins(%{tile} : {_tile(rows, cols)}) outs(%{window} : "
            f"{_part(rows, cols)})\n")


_STORE_ALL = _store("t", "out", 16, 64)
_LOAD_ALL = _load("in", "t", 16, 64)


def _kernel(body: str, helpers: str = "") -> str:
    """A kernel of GM tensors %i and %o (16x64 f16, windows %in, %top, %bottom, %left,
    %out, %otop), allocating the 16x64 Vec tile %t, running `body`."""
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{{helpers}
func.func @k(%i: !pto.ptr<f16>, %o: !pto.ptr<f16>, %flag: i1) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %iv = pto.make_tensor_view %i, shape = [%c16, %c64], strides = [%c64, %c1] : {_VIEW}
  %ov = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] : {_VIEW}
{_window("in", "iv", "0", 16, 64)}{_window("top", "iv", "0", 8, 64)}\
{_window("bottom", "iv", "8", 8, 64)}{_window("left", "iv", "0", 16, 32)}\
{_window("out", "ov", "0", 16, 64)}{_window("otop", "ov", "0", 8, 64)}\
  %t = pto.alloc_tile : {_T}
{body}  return
}}
}}"""


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


_UNCOVERED = "that no write before it is proved to cover"
_TOP = _sub("s", 0, 0, 8, 64) + _load("top", "s", 8, 64)
_BOTTOM = _sub("b", 8, 0, 8, 64) + _load("bottom", "b", 8, 64)
_LEFT = _sub("l", 0, 0, 16, 32) + _load("left", "l", 16, 32)
_SETVAL = (f"  %h = arith.constant 1.0 : f16\n"
           f"  pto.tsetval ins(%c0, %h : index, f16) outs(%t : {_T})\n")

PARTIAL = {
    "top rows through a subview": _TOP,
    "bottom rows through a subview": _BOTTOM,
    "left columns through a subview": _LEFT,
    "top rows twice": _TOP + _TOP.replace("%s", "%s2"),
}


@pytest.mark.parametrize("body", PARTIAL.values(), ids=PARTIAL.keys())
def test_a_store_of_more_than_its_writes_cover_is_refused(body: str) -> None:
    errors = _errors(_kernel(body + _STORE_ALL))
    assert any(_UNCOVERED in e and "'pto.tstore'" in e for e in errors), errors


COVERED = {
    "both halves": _TOP + _BOTTOM + _STORE_ALL,
    "the stored window only": _TOP + _store("s", "otop", 8, 64),
    "the whole tile, a window of it stored": _LOAD_ALL + _sub("s", 0, 0, 8, 64)
    + _store("s", "otop", 8, 64),
    "a partial write over a whole one": _LOAD_ALL + _SETVAL + _STORE_ALL,
    "a window in each branch over a whole load": _LOAD_ALL
    + f"  scf.if %flag {{\n{_TOP}  }}\n" + _STORE_ALL,
}


@pytest.mark.parametrize("body", COVERED.values(), ids=COVERED.keys())
def test_a_read_its_writes_cover_is_kept(body: str) -> None:
    assert _errors(_kernel(body)) == []


_MAKE = f"""
func.func @make() -> {_T} {{
  %t = pto.alloc_tile : {_T}
  return %t : {_T}
}}"""


def test_a_returned_tile_nothing_writes_is_refused() -> None:
    errors = _errors(_kernel(_STORE_ALL, _MAKE).replace(
        f"  %t = pto.alloc_tile : {_T}\n  pto.tstore",
        f"  %t = func.call @make() : () -> {_T}\n  pto.tstore"))
    assert any("'func.return' reads a tile (loc=vec) that nothing in its function writes"
               in e for e in errors), errors


_SWITCH = (f"  %r = scf.index_switch %c1 -> {_T}\n  case 1 {{\n  scf.yield %t : {_T}\n  }}\n"
           f"  default {{\n  scf.yield %t : {_T}\n  }}\n")
CARRIED = {
    "index_switch": _SWITCH,
    "execute_region": f"  %r = scf.execute_region -> {_T} {{\n  scf.yield %t : {_T}\n  }}\n",
    "while": (f"  %r = scf.while (%a = %t) : ({_T}) -> {_T} {{\n"
              f"  scf.condition(%flag) %a : {_T}\n  }} do {{\n  ^bb0(%b: {_T}):\n"
              f"  scf.yield %b : {_T}\n  }}\n"),
}


@pytest.mark.parametrize("carry", CARRIED.values(), ids=CARRIED.keys())
def test_a_tile_carried_by_an_scf_op_is_the_tile_it_carries(carry: str) -> None:
    store = _store("r", "out", 16, 64)
    errors = _errors(_kernel(carry + store))
    assert any("that nothing in its function writes" in e for e in errors), errors
    assert _errors(_kernel(_LOAD_ALL + carry + store)) == []
