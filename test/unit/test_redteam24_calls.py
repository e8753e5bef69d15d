"""Red-team round 24, area calls: values across function boundaries.

- A tile handed to a `func.call` counted as written by the call (an op nzpass does not
  know may write every tile it takes), and the callee took its tile argument for its
  caller's written tile, so neither side saw a read of bytes no one wrote: a Vec tile a
  kernel allocated and passed, unwritten, to a helper that stored it moved stale UB into
  GM, and so through a helper of a helper, a recursive helper and a helper's loop. The
  rule: a call reads the tiles its callee may read before writing them (the unwritten-read
  rule of nz/tile_writes.py run on the callee with its arguments fresh, over the call
  graph to a fixpoint: tile_placement.CallAccess; any tile for a call of a function with no
  body or an indirect call), so the caller must write them before the call, and a call
  writes only the tiles its callee may write. A helper that
  writes its argument first (an out-parameter) or reads only its valid shape
  (pto.tile_valid_rows, now metadata) asks nothing of its caller.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_UNWRITTEN = ("that nothing in its function writes", "before anything in its function writes it")
_VEC = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_VIEW = "!pto.tensor_view<?x?xf16>"
_PART = "!pto.partition_tensor_view<16x64xf16>"
_PTR = "!pto.ptr<f16>"


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def _partition(ptr: str, name: str) -> str:
    """`%{name}`: the whole [16, 64] f16 ND tensor at `ptr`."""
    return f"""
    %v{name} = pto.make_tensor_view {ptr}, shape = [%c16, %c64], strides = [%c64, %c1]
        : {_VIEW}
    %{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = [%c16, %c64]
        : {_VIEW} -> {_PART}"""


_CONSTANTS = """
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index"""
_LOAD = f"    pto.tload ins(%pi : {_PART}) outs(%t : {_VEC})"
# @store(%t, %o): stores the tile it is given; @fill(%t, %i): loads into it.
_STORE = f"""
  func.func @store(%t: {_VEC}, %o: {_PTR}) {{{_CONSTANTS}{_partition("%o", "po")}
    pto.tstore ins(%t : {_VEC}) outs(%po : {_PART})
    return
  }}"""
_FILL = f"""
  func.func @fill(%t: {_VEC}, %i: {_PTR}) {{{_CONSTANTS}{_partition("%i", "pi")}
{_LOAD}
    return
  }}"""
# @mid hands its tile on to @store.
_MID = f"""
  func.func @mid(%t: {_VEC}, %o: {_PTR}) {{
    func.call @store(%t, %o) : ({_VEC}, {_PTR}) -> ()
    return
  }}"""
# @rec(%t, %o, %c) stores its tile, calling itself first while %c holds.
_REC = f"""
  func.func @rec(%t: {_VEC}, %o: {_PTR}, %c: i1) {{{_CONSTANTS}{_partition("%o", "po")}
    %f = arith.constant false
    scf.if %c {{
      func.call @rec(%t, %o, %f) : ({_VEC}, {_PTR}, i1) -> ()
    }}
    pto.tstore ins(%t : {_VEC}) outs(%po : {_PART})
    return
  }}"""


def _module(helpers: str, body: str) -> str:
    """A kernel @k(%i, %o, %c) allocating the Vec tile `%t` and running `body`."""
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{{helpers}
  func.func @k(%i: {_PTR}, %o: {_PTR}, %c: i1) {{{_CONSTANTS}{_partition("%i", "pi")}
    %t = pto.alloc_tile : {_VEC}
{body}
    return
  }}
}}"""


_CALL_STORE = f"    func.call @store(%t, %o) : ({_VEC}, {_PTR}) -> ()"
# @loop stores its tile from an scf.for iter_arg.
_LOOP = f"""
  func.func @loop(%t: {_VEC}, %o: {_PTR}) {{{_CONSTANTS}{_partition("%o", "po")}
    %c2 = arith.constant 2 : index
    %r = scf.for %j = %c0 to %c2 step %c1 iter_args(%u = %t) -> ({_VEC}) {{
      pto.tstore ins(%u : {_VEC}) outs(%po : {_PART})
      scf.yield %u : {_VEC}
    }}
    return
  }}"""

REFUSED = {
    # The kernel never writes %t: @store moves stale UB into GM.
    "direct": (_STORE, _CALL_STORE),
    # Written after the call only.
    "written-after": (_STORE, f"{_CALL_STORE}\n{_LOAD}"),
    # Through a helper of a helper, a recursive helper (which the walk sees write its
    # tile, by the call of itself, unless a call writes only what its callee does), a
    # loop's iter_arg in the helper.
    "transitive": (_STORE + _MID, f"    func.call @mid(%t, %o) : ({_VEC}, {_PTR}) -> ()"),
    "recursive": (_REC, f"    func.call @rec(%t, %o, %c) : ({_VEC}, {_PTR}, i1) -> ()"),
    "iter-arg": (_LOOP, f"    func.call @loop(%t, %o) : ({_VEC}, {_PTR}) -> ()"),
}


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_a_call_reads_the_tiles_its_callee_reads_first(case: str) -> None:
    errors = _errors(_module(*REFUSED[case]))
    assert any(key in e and "'func.call" in e for e in errors for key in _UNWRITTEN), errors


_VALID_ROWS = f"""
  func.func @rows(%t: {_VEC}) -> index {{
    %r = pto.tile_valid_rows %t : {_VEC} -> index
    return %r : index
  }}"""
ACCEPTED = {
    # Loaded before the call, or filled by a callee that writes it first.
    "loaded-first": (_STORE, f"{_LOAD}\n{_CALL_STORE}"),
    "out-parameter": (_STORE + _FILL, f"""    func.call @fill(%t, %i) : ({_VEC}, {_PTR}) -> ()
{_CALL_STORE}"""),
    "helper-of-loaded": (_STORE + _MID, f"""{_LOAD}
    func.call @mid(%t, %o) : ({_VEC}, {_PTR}) -> ()"""),
    # A callee reading the valid shape only touches no byte.
    "valid-shape-only": (_VALID_ROWS, f"""    %r = func.call @rows(%t) : ({_VEC}) -> index
{_LOAD}"""),
}


@pytest.mark.parametrize("case", ACCEPTED, ids=list(ACCEPTED))
def test_a_call_of_a_written_tile_or_one_its_callee_writes_is_kept(case: str) -> None:
    assert _errors(_module(*ACCEPTED[case])) == []
