"""Red-team round 23, area flow: views PTOAS moves through strides it never read.

- A `pto.partition_view` of a tensor view that reaches it through control flow (an scf.if
  or scf.for result, an scf.for iter_arg, a block or function argument) was accepted, with
  at most a warning that the view's bounds were the caller's contract. PTOAS lowers the
  make_tensor_view to a memref.reinterpret_cast of fully dynamic type and the partition to
  a memref.subview; EmitC's SubviewToEmitCPattern (lib/PTO/Transforms/PTOToEmitC.cpp, both
  mirrors) reads the subview's source strides from the reinterpret_cast only where it
  defines the source, and otherwise takes them compact from the source's type, a dynamic
  dim counting 1: every stride 1 for a `?x?` view. So rows 16..31 of a [32, 64] f16 view an
  scf.if yields were loaded from elements 16..79 of its first row, and its columns 1
  element apart as they should, its rows 1 apart instead of 64. A function argument's
  tensor_view PTOAS does not lower at all (convertPTOTypeToMemRef passes it through).
  The rule: a partition's view is a pto.make_tensor_view's result (nz/escapes.py,
  `check_partition_source_made`), whatever its layout.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline

pytestmark = pytest.mark.usefixtures("ctx")

_UNMADE = "not a pto.make_tensor_view's result"
_VIEW = "!pto.tensor_view<?x?xf16>"
_PART = "!pto.partition_tensor_view<16x64xf16>"
_VEC = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>")


def _diagnostics(text: str) -> list[tuple[str, str]]:
    result = run_pipeline(parse_module(text, "t.pto"), "builtin.module(verify-pto-nz)")
    return [(d.severity.value, d.message) for d in result.diagnostics]


def _errors(text: str) -> list[str]:
    return [message for severity, message in _diagnostics(text) if severity == "error"]


def _kernel(flow: str, args: str = "", source: str = "%v") -> str:
    """Rows 16..31 of a [32, 64] ND f16 view, copied to a [16, 64] output: `flow` makes
    `%v` of the view `%va` (of `%a`) and `%vb` (of `%b`); the partition takes `source`."""
    return f"""
module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %o: !pto.ptr<f16>, %c: i1{args}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : {_VIEW}
    %vb = pto.make_tensor_view %b, shape = [%c32, %c64], strides = [%c64, %c1] : {_VIEW}
    %vo = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] : {_VIEW}
{flow}
    %p = pto.partition_view {source}, offsets = [%c16, %c0], sizes = [%c16, %c64]
        : {_VIEW} -> {_PART}
    %t = pto.alloc_tile : {_VEC}
    pto.tload ins(%p : {_PART}) outs(%t : {_VEC})
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c16, %c64]
        : {_VIEW} -> {_PART}
    pto.tstore ins(%t : {_VEC}) outs(%po : {_PART})
    return
  }}
}}"""


_IF = f"""    %v = scf.if %c -> ({_VIEW}) {{
      scf.yield %va : {_VIEW}
    }} else {{
      scf.yield %vb : {_VIEW}
    }}"""
_FOR_RESULT = f"""    %v = scf.for %i = %c0 to %c2 step %c1 iter_args(%w = %va) -> ({_VIEW}) {{
      scf.yield %vb : {_VIEW}
    }}"""


@pytest.mark.parametrize("flow", [_IF, _FOR_RESULT], ids=["scf.if", "scf.for"])
def test_a_partition_of_a_view_control_flow_yields_is_refused(flow):
    errors = _errors(_kernel(flow))
    assert len(errors) == 1 and _UNMADE in errors[0], errors
    assert f"the result of '{flow.split('=')[1].split()[0]}'" in errors[0]


def test_a_partition_of_a_loop_carried_view_is_refused():
    flow = f"""    scf.for %i = %c0 to %c2 step %c1 iter_args(%w = %va) -> ({_VIEW}) {{
      %p = pto.partition_view %w, offsets = [%c16, %c0], sizes = [%c16, %c64]
          : {_VIEW} -> {_PART}
      %t = pto.alloc_tile : {_VEC}
      pto.tload ins(%p : {_PART}) outs(%t : {_VEC})
      scf.yield %vb : {_VIEW}
    }}"""
    errors = _errors(_kernel(flow, source="%va"))
    assert len(errors) == 1 and _UNMADE in errors[0], errors
    assert "a block argument of 'scf.for'" in errors[0]


def test_a_partition_of_a_block_argument_view_is_refused():
    text = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%a: !pto.ptr<f16>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [%c64, %c1] : {_VIEW}
    cf.br ^bb1(%va : {_VIEW})
  ^bb1(%v: {_VIEW}):
    %p = pto.partition_view %v, offsets = [%c16, %c0], sizes = [%c16, %c64]
        : {_VIEW} -> {_PART}
    %t = pto.alloc_tile : {_VEC}
    pto.tload ins(%p : {_PART}) outs(%t : {_VEC})
    return
  }}
}}"""
    errors = _errors(text)
    assert len(errors) == 1 and _UNMADE in errors[0], errors
    assert "a block argument of 'func.func'" in errors[0]


def test_a_partition_of_a_function_argument_view_is_refused():
    # The helper a kernel would call with its view: PTOAS lowers no tensor_view argument.
    text = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @helper(%v: {_VIEW}) {{
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %p = pto.partition_view %v, offsets = [%c16, %c0], sizes = [%c16, %c64]
        : {_VIEW} -> {_PART}
    %t = pto.alloc_tile : {_VEC}
    pto.tload ins(%p : {_PART}) outs(%t : {_VEC})
    return
  }}
}}"""
    errors = _errors(text)
    assert len(errors) == 1 and _UNMADE in errors[0] and "a function argument" in errors[0], \
        errors


def test_a_partition_of_an_nz_typed_argument_view_gets_one_error():
    """An NZ-typed argument view was refused at the load (no shape to prove); now at the
    partition, with the load's error left out (one root cause, one error)."""
    view = "!pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>"
    part = "!pto.partition_tensor_view<1x16x16x16x32xi8>"
    mat = ("!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, "
           "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    text = f"""
func.func @k(%tv: {view}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %pv = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c16, %c16, %c16, %c32] : {view} -> {part}
  %t = pto.alloc_tile : {mat}
  pto.tload ins(%pv : {part}) outs(%t : {mat})
  return
}}"""
    errors = _errors(text)
    assert len(errors) == 1 and _UNMADE in errors[0], errors


def test_views_yielded_but_partitioned_where_made_are_accepted():
    """PyPTO's form (Qwen3 decode): an scf.if yields a view it never partitions, and each
    partition takes the pto.make_tensor_view itself, in a branch as well."""
    flow = f"""    %v = scf.if %c -> ({_VIEW}) {{
      %p = pto.partition_view %va, offsets = [%c16, %c0], sizes = [%c16, %c64]
          : {_VIEW} -> {_PART}
      %t = pto.alloc_tile : {_VEC}
      pto.tload ins(%p : {_PART}) outs(%t : {_VEC})
      scf.yield %va : {_VIEW}
    }} else {{
      scf.yield %vb : {_VIEW}
    }}"""
    assert _errors(_kernel(flow, source="%vb")) == []


def test_a_partition_of_a_partition_keeps_its_own_refusal():
    view = "!pto.tensor_view<?x?x?x?x?xi8>"
    text = f"""
func.func @k(%p: !pto.ptr<i8>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %tv = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32],
      strides = [%c8192, %c8192, %c512, %c32, %c1] {{layout = #pto.layout<nz>}} : {view}
  %a = pto.partition_view %tv, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c16, %c16, %c16, %c32] : {view} -> {view}
  %b = pto.partition_view %a, offsets = [%c0, %c0, %c0, %c0, %c0],
      sizes = [%c1, %c16, %c16, %c16, %c32] : {view} -> {view}
  return
}}"""
    errors = _errors(text)
    assert errors and all(_UNMADE not in e for e in errors), errors
