"""verify-pto-nz: a local tile read before anything in its function writes it
(nz/tile_writes.py, "Order").

Session 22 refused reads of tiles nothing writes at all; a read above the only write (a
store of an Acc tile above the mad that fills it, a store of a Vec tile above its load)
was still accepted and moved what the memory held before. A write counts when it comes
earlier in the function, or when a loop around both the read and the write may run the
write in an earlier iteration (an scf.for, an scf.while, a region of several blocks);
an scf.if runs its regions once, so a write below it comes after.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_V = ("!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
      "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_PART = "!pto.partition_tensor_view<16x16xf32>"
_LOAD = f"pto.tload ins(%in : {_PART}) outs(%t : {_V})\n"
_STORE = f"pto.tstore ins(%t : {_V}) outs(%out : {_PART})\n"
_EARLY = "'pto.tstore' reads a tile (loc=vec) before anything in its function writes it"


def _kernel(body: str) -> str:
    """A function with 16x16 f32 GM windows %in and %out and a Vec tile %t around `body`
    (and, for bodies that branch or index, the arguments %n, %flag, %sel and the constant
    %cm1 = -1)."""
    windows = "".join(
        f"  %{name}v = pto.make_tensor_view %{ptr}, shape = [%c16, %c16], strides = "
        f"[%c16, %c1] : !pto.tensor_view<?x?xf32>\n"
        f"  %{name} = pto.partition_view %{name}v, offsets = [%c0, %c0], sizes = "
        f"[%c16, %c16] : !pto.tensor_view<?x?xf32> -> {_PART}\n"
        for name, ptr in (("in", "i"), ("out", "o")))
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%i: !pto.ptr<f32>, %o: !pto.ptr<f32>, %n: index, %flag: i1, %sel: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cm1 = arith.constant -1 : index
{windows}  %t = pto.alloc_tile : {_V}
{body}  return
}}
}}"""


def _errors(text: str) -> list[str]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [d.message for d in result.diagnostics if d.severity.value == "error"]


def test_a_store_above_the_only_load_is_refused():
    errors = _errors(_kernel(_STORE + _LOAD))
    assert len(errors) == 1 and errors[0].startswith(_EARLY), errors
    assert "its first write is the 'pto.tload' at line " in errors[0]
    assert "what UB held before" in errors[0]


def test_a_store_below_the_load_is_accepted():
    assert _errors(_kernel(_LOAD + _STORE)) == []


def test_a_read_in_a_loop_that_writes_later_in_its_body_is_taken_as_written():
    """The write of an earlier iteration may be what it reads: not proved either way (the
    first iteration's read is left, as the accumulation order is)."""
    body = f"scf.for %x = %c0 to %n step %c1 {{\n  {_STORE}  {_LOAD}}}\n"
    assert _errors(_kernel(body)) == []


def test_a_read_above_a_loop_that_writes_is_refused():
    body = _STORE + f"scf.for %x = %c0 to %n step %c1 {{\n  {_LOAD}}}\n"
    errors = _errors(_kernel(body))
    assert len(errors) == 1 and errors[0].startswith(_EARLY), errors


def test_a_read_in_a_loop_whose_write_comes_after_the_loop_is_refused():
    body = f"scf.for %x = %c0 to %n step %c1 {{\n  {_STORE}}}\n" + _LOAD
    errors = _errors(_kernel(body))
    assert len(errors) == 1 and errors[0].startswith(_EARLY), errors


def test_an_scf_if_runs_once_so_a_write_below_it_comes_after_a_read_in_it():
    body = f"scf.if %flag {{\n  {_STORE}}}\n" + _LOAD
    errors = _errors(_kernel(body))
    assert len(errors) == 1 and errors[0].startswith(_EARLY), errors


def test_a_write_in_one_branch_is_no_write_for_a_read_after_the_branch():
    """A write counts where it surely ran (session 24: a write in one branch counted, and
    the other path stored what UB held; test_redteam24_loops.py)."""
    body = f"scf.if %flag {{\n  {_LOAD}}}\n" + _STORE
    errors = _errors(_kernel(body))
    assert len(errors) == 1 and "that no write before it surely writes" in errors[0], errors


def test_a_read_in_an_scf_while_body_writing_later_is_taken_as_written():
    body = ("%r = scf.while (%a = %c0) : (index) -> index {\n"
            "  %go = arith.cmpi slt, %a, %n : index\n"
            "  scf.condition(%go) %a : index\n"
            "} do {\n"
            "^bb0(%b: index):\n"
            f"  {_STORE}  {_LOAD}"
            "  %next = arith.addi %b, %c1 : index\n"
            "  scf.yield %next : index\n"
            "}\n")
    assert _errors(_kernel(body)) == []


def test_an_accumulating_mad_of_a_fresh_acc_tile_reads_it_first():
    """tmatmul.acc reads its accumulator before it writes it: the op's own write is no
    write before its read."""
    layouts = {"left": "blayout=row_major, slayout=row_major, fractal=512",
               "right": "blayout=row_major, slayout=col_major, fractal=512",
               "acc": "blayout=col_major, slayout=row_major, fractal=1024",
               "mat": "blayout=col_major, slayout=row_major, fractal=512"}
    tile = {loc: (f"!pto.tile_buf<loc={loc}, dtype={'f32' if loc == 'acc' else 'f16'}, "
                  f"rows=16, cols=16, v_row=16, v_col=16, {text}, pad=0>")
            for loc, text in layouts.items()}
    mads = {
        "fresh": "",
        "started": (f"  pto.tmatmul ins(%l, %r : {tile['left']}, {tile['right']}) "
                    f"outs(%c : {tile['acc']})\n"),
    }
    found = {}
    for name, first in mads.items():
        text = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%ma: {tile['mat']}, %mb: {tile['mat']}) {{
  %l = pto.alloc_tile : {tile['left']}
  %r = pto.alloc_tile : {tile['right']}
  %c = pto.alloc_tile : {tile['acc']}
  pto.tmov ins(%ma : {tile['mat']}) outs(%l : {tile['left']})
  pto.tmov ins(%mb : {tile['mat']}) outs(%r : {tile['right']})
{first}  pto.tmatmul.acc ins(%c, %l, %r : {tile['acc']}, {tile['left']}, {tile['right']})
      outs(%c : {tile['acc']})
  return
}}
}}"""
        found[name] = [e for e in _errors(text) if "before anything in its function" in e]
    assert len(found["fresh"]) == 1 and found["fresh"][0].startswith(
        "'pto.tmatmul.acc' reads a tile (loc=acc) before anything in its function writes it")
    assert found["started"] == []


_UB = "memref<16x16xf16, #pto.address_space<vec>>"
_GM = "memref<16x16xf16, #pto.address_space<gm>>"


def _memref_kernel(body: str) -> str:
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%g: {_GM}, %h: {_GM}) {{
  %ub0 = memref.alloc() : {_UB}
  %ub1 = memref.alloc() : {_UB}
{body}  return
}}
}}"""


_MEMREF_ADD = f"  pto.tadd ins(%ub0, %ub0 : {_UB}, {_UB}) outs(%ub1 : {_UB})\n"
_MEMREF_LOAD = f"  pto.tload ins(%g : {_GM}) outs(%ub0 : {_UB})\n"


def test_a_local_memref_nothing_writes_is_refused():
    """The memref form's tile (a memref.alloc in UB) was not followed (left alone in
    session 22): a tadd of two memrefs nothing wrote passed."""
    errors = _errors(_memref_kernel(_MEMREF_ADD))
    assert len(errors) == 1 and errors[0].startswith(
        "'pto.tadd' reads a tile (loc=vec) that nothing in its function writes (the "
        "'memref.alloc' at line "), errors
    assert "what UB held before" in errors[0]


def test_a_local_memref_read_above_its_load_is_refused_and_below_it_accepted():
    early = _errors(_memref_kernel(_MEMREF_ADD + _MEMREF_LOAD))
    assert len(early) == 1 and early[0].startswith(
        "'pto.tadd' reads a tile (loc=vec) before anything in its function writes it"), early
    assert _errors(_memref_kernel(_MEMREF_LOAD + _MEMREF_ADD)) == []


def test_a_memref_view_is_the_buffer_it_views():
    """A load into a subview writes the memref it views; a read through a subview of
    a memref nothing wrote is refused."""
    sub = "memref<16x16xf16, strided<[16, 1]>, #pto.address_space<vec>>"
    view = f"  %s = memref.subview %ub0[0, 0] [16, 16] [1, 1] : {_UB} to {sub}\n"
    written = view + f"  pto.tload ins(%g : {_GM}) outs(%s : {sub})\n" + _MEMREF_ADD
    assert _errors(_memref_kernel(written)) == []
    read = view + f"  pto.tadd ins(%s, %s : {sub}, {sub}) outs(%ub1 : {_UB})\n"
    errors = _errors(_memref_kernel(read))
    assert len(errors) == 1 and "that nothing in its function writes" in errors[0], errors


def test_a_tile_redeclared_over_a_written_one_holds_its_data_before_every_read():
    """PyPTO's idiom (its Qwen3 and DeepSeek kernels): each mad of a K loop writes a fresh
    pto.alloc_tile at the same address as the one before; a tmatmul.acc of the re-declared
    tile accumulates onto what the earlier mad wrote there."""
    acc = ("!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
           "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
    left = ("!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
            "blayout=row_major, slayout=row_major, fractal=512, pad=0>")
    right = ("!pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
             "blayout=row_major, slayout=col_major, fractal=512, pad=0>")
    text = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%l: {left}, %r: {right}) {{
  %a0 = arith.constant 0 : i64
  %first = pto.alloc_tile addr = %a0 : {acc}
  pto.tmatmul ins(%l, %r : {left}, {right}) outs(%first : {acc})
  %again = pto.alloc_tile addr = %a0 : {acc}
  pto.tmatmul.acc ins(%again, %l, %r : {acc}, {left}, {right}) outs(%again : {acc})
  return
}}
}}"""
    assert [e for e in _errors(text) if "writes it" in e] == []
    # Placed elsewhere, the re-declared tile holds what L0C held there.
    apart = text.replace("%again = pto.alloc_tile addr = %a0", "%a1 = arith.constant 4096 : i64\n"
                         "  %again = pto.alloc_tile addr = %a1")
    found = [e for e in _errors(apart) if "before anything in its function writes it" in e]
    assert len(found) == 1 and found[0].startswith("'pto.tmatmul.acc' reads a tile (loc=acc)")
