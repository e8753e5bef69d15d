"""Red team 24, loops: tile writes that may not have run (nz/tile_writes.py, "Order").

A write counted for every read after it in pre-order: one in a branch of an scf.if with
no else, one case of an scf.index_switch, an scf.while's `after` region, or an scf.for of
dynamic bounds (or lb >= ub) left the tile unwritten on a path, and a store there stored
what UB held before. A write counts now where it surely ran before the read.
"""

from __future__ import annotations

import pytest

from test_tile_write_order import _LOAD, _PART, _STORE, _V, _errors, _kernel

pytestmark = pytest.mark.usefixtures("ctx")

_UNSURE = "'pto.tstore' reads a tile (loc=vec) that no write before it surely writes"


def _while(before: str, after: str) -> str:
    return (f"scf.while : () -> () {{\n {before} scf.condition(%flag)\n}} do {{\n"
            f" {after} scf.yield\n}}\n")


def _switch(case: str, default: str) -> str:
    return (f"scf.index_switch %sel\ncase 1 {{\n {case} scf.yield\n}}\n"
            f"default {{\n {default} scf.yield\n}}\n")


_MAY_NOT_RUN = {
    "dynamic loop": f"scf.for %x = %c0 to %n step %c1 {{\n {_LOAD} }}\n",
    "empty loop": f"scf.for %x = %c16 to %c0 step %c1 {{\n {_LOAD} }}\n",
    "unsigned loop from -1": f"scf.for unsigned %x = %cm1 to %c16 step %c1 {{\n {_LOAD} }}\n",
    "if without else": f"scf.if %flag {{\n {_LOAD} }}\n",
    "one branch": f"scf.if %flag {{\n {_LOAD} }} else {{\n}}\n",
    "one case": _switch(_LOAD, ""),
    "while after region": _while("", _LOAD),
    "inside a core section": f"pto.section.cube {{\n {_LOAD} }}\n",
    "loop of constant bounds around an if without else": (
        f"scf.for %x = %c0 to %c16 step %c1 {{\n scf.if %flag {{\n {_LOAD} }}\n }}\n"),
}


@pytest.mark.parametrize("writer", _MAY_NOT_RUN.values(), ids=_MAY_NOT_RUN.keys())
def test_a_read_after_a_write_that_may_not_have_run_is_refused(writer):
    errors = _errors(_kernel(writer + _STORE))
    assert len(errors) == 1 and errors[0].startswith(_UNSURE), errors
    assert "which may complete without running it" in errors[0]
    assert "what UB held before" in errors[0]


_SURELY_RUN = {
    "constant loop": f"scf.for %x = %c0 to %c16 step %c1 {{\n {_LOAD} }}\n",
    "both branches": f"scf.if %flag {{\n {_LOAD} }} else {{\n {_LOAD} }}\n",
    "every case": _switch(_LOAD, _LOAD),
    "while before region": _while(_LOAD, ""),
    "execute_region": f"scf.execute_region {{\n {_LOAD} scf.yield\n}}\n",
    "vecscope": f"pto.vecscope {{\n {_LOAD} }}\n",
    "both branches in a constant loop": (
        f"scf.for %x = %c0 to %c16 step %c1 {{\n scf.if %flag {{\n {_LOAD} }} else {{\n"
        f" {_LOAD} }}\n }}\n"),
}


# Each with the kind of writer in `_MAY_NOT_RUN` it proves run.
_PROVED = {"constant loop": "dynamic loop", "both branches": "one branch",
           "every case": "one case", "while before region": "while after region",
           "execute_region": "if without else", "vecscope": "inside a core section",
           "both branches in a constant loop":
           "loop of constant bounds around an if without else"}


@pytest.mark.parametrize("name", _SURELY_RUN, ids=_SURELY_RUN.keys())
def test_a_read_after_a_write_that_surely_ran_is_accepted(name):
    """And the same read after the writer that may not have run is refused."""
    assert _errors(_kernel(_SURELY_RUN[name] + _STORE)) == []
    errors = _errors(_kernel(_MAY_NOT_RUN[_PROVED[name]] + _STORE))
    assert len(errors) == 1 and errors[0].startswith(_UNSURE), errors


def test_a_write_in_while_before_counts_for_a_read_in_after():
    """Not one in `after` for a read after the loop."""
    assert _errors(_kernel(_while(_LOAD, _STORE))) == []
    errors = _errors(_kernel(_while("", _LOAD) + _STORE))
    assert len(errors) == 1 and errors[0].startswith(_UNSURE), errors


def test_a_read_under_the_same_condition_as_the_write_is_accepted():
    """PTOAS's Matmul_transpose sample: a load under `scf.if %c`, its read under another
    `scf.if %c`; under a different condition, or in the other branch, refused."""
    same = f"scf.if %flag {{\n {_LOAD} }}\nscf.if %flag {{\n {_STORE} }}\n"
    assert _errors(_kernel(same)) == []
    other = f"scf.if %flag {{\n {_LOAD} }}\nscf.if %flag {{\n}} else {{\n {_STORE} }}\n"
    errors = _errors(_kernel(other))
    assert len(errors) == 1 and errors[0].startswith(_UNSURE), errors


def test_a_tile_carried_through_a_loop_that_may_not_run_is_unwritten_after_it():
    """The loop's result is its init when no iteration runs."""
    body = (f"%r = scf.for %x = %c0 to %n step %c1 iter_args(%a = %t) -> ({_V}) {{\n"
            f" pto.tload ins(%in : {_PART}) outs(%a : {_V})\n scf.yield %a : {_V}\n}}\n"
            f"pto.tstore ins(%r : {_V}) outs(%out : {_PART})\n")
    errors = _errors(_kernel(body))
    assert len(errors) == 1 and errors[0].startswith(_UNSURE), errors


def test_a_read_in_a_vecscope_above_its_write_there_is_refused():
    """A vecscope runs its region once (it was taken for a loop: an op nzpass did not
    know)."""
    errors = _errors(_kernel(f"pto.vecscope {{\n {_STORE} {_LOAD} }}\n"))
    assert len(errors) == 1 and errors[0].startswith(
        "'pto.tstore' reads a tile (loc=vec) before anything in its function writes it"), errors


def test_a_widening_at_a_loop_end_is_judged_on_the_loop_exit_too():
    """The next use of a widened tile at the end of a loop body was the reload the next
    iteration starts with; a loop that ran once went on to the store after it, which
    stored the 8 rows no load wrote (needs patches/next-use-through-loops.patch)."""
    dyn = _V.replace("v_row=16, v_col=16", "v_row=?, v_col=?")
    body = (f"scf.for %x = %c0 to %c1 step %c1 {{\n"
            f" pto.tload ins(%in : {_PART}) outs(%d : {dyn})\n"
            f" pto.set_validshape %d, %c16, %c16 : {dyn}\n}}\n"
            f"pto.tstore ins(%d : {dyn}) outs(%out : {_PART})\n")
    text = _kernel(body).replace(
        "  %t = pto.alloc_tile", f"  %c8 = arith.constant 8 : index\n"
        f"  %d = pto.alloc_tile valid_row = %c8 valid_col = %c16 : {dyn}\n  %t = pto.alloc_tile")
    errors = _errors(text)
    assert len(errors) == 1 and errors[0].startswith(
        "'pto.set_validshape' may widen its tile's valid rows"), errors
    assert "next use is 'pto.tstore'" in errors[0]
