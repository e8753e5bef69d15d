"""The red team's integer and offset holes in verify-pto-nz (/tmp/redteam/ints), each as
its class: a view extent that changes between executions, integer widths PTOAS does not
compute at, i1's two readings of a signed op, a call fact bounded only by wraparound, and
an index fact that is a constant at 32 bits only. Expectations come from what PTOAS's C
computes, never from the prover."""

from __future__ import annotations

import re

import pytest

from nzpass import run_pipeline
from nzpass.ir.bindings import ir
from nzpass.nz import intervals as iv
from nzpass.nz.intervals import Fact
from nzpass.nz.offsets import OffsetAnalysis
from support.used_values import parse_used

_VERIFY = "builtin.module(verify-pto-nz)"
_VARYING = "may differ between executions of the view"


def _errors(text: str) -> list[str]:
    module = ir.Module.parse(text)
    return [d.message for d in run_pipeline(module, _VERIFY).errors]


# ---------------------------------------------------------------- 1. view extents per launch

# The Mat tiles the loads fill (a PTO type is spelled on one line).
_TILE_16 = ("!pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=16, v_col=512, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
_TILE_128 = ("!pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, "
             "blayout=col_major, slayout=row_major, fractal=512, pad=0>")

# An NZ view of %p whose row-fractal count is %rf (rows %r = 16 * %rf), and one load of its
# first 16x512 rows.
_RF_VIEW = """
  %s1{n} = arith.muli %rf{n}, %c512{n} : index
  %s0{n} = arith.muli %s1{n}, %c16{n} : index
  %tv{n} = "pto.make_tensor_view"(%p, %c1{n}, %c16{n}, %rf{n}, %c16{n}, %c32{n}, %s0{n}, %s1{n},
      %c512{n}, %c32{n}, %c1{n}) {{layout = #pto.layout<nz>, operandSegmentSizes =
      array<i32: 1, 5, 5>}} : (!pto.ptr<i8>, index, index, index, index, index, index, index,
      index, index, index) -> !pto.tensor_view<?x?x?x?x?xi8>
  %pv{n} = "pto.partition_view"(%tv{n}, %c0{n}, %c0{n}, %c0{n}, %c0{n}, %c0{n}, %c1{n},
      %c16{n}, %c1{n}, %c16{n}, %c32{n}) {{operandSegmentSizes = array<i32: 1, 5, 5>}} :
      (!pto.tensor_view<?x?x?x?x?xi8>, index, index, index, index, index, index, index, index,
      index, index) -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t{n} = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {tile}
  "pto.tload"(%pv{n}, %t{n}) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}} :
      (!pto.partition_tensor_view<1x16x1x16x32xi8>, {tile}) -> ()
"""


def _constants(n: str) -> str:
    return "".join(f"  %c{k}{n} = arith.constant {k} : index\n" for k in (0, 1, 16, 32, 512))


def _view(rf: str, n: str = "") -> str:
    """A view of %p with R/16 = `rf` (the SSA name of an index in scope)."""
    return (_constants(n) + f"  %rf{n} = arith.addi {rf}, %c0{n} : index\n"
            + _RF_VIEW.format(n=n, tile=_TILE_16))


def _kernel(body: str, args: str = "") -> str:
    return f"func.func @k(%p: !pto.ptr<i8>{args}) {{\n{body}  return\n}}\n"


def _leaf(name: str = "leaf") -> str:
    """A callee viewing %p with R/16 = its argument %r."""
    return (f"func.func private @{name}(%p: !pto.ptr<i8>, %r: index {{nz.range = "
            f"array<i64: 1, 3>}}) {{\n{_view('%r')}  return\n}}\n")


def _call(rf: str, callee: str = "leaf") -> str:
    return f"  func.call @{callee}(%p, {rf}) : (!pto.ptr<i8>, index) -> ()\n"


def test_a_view_inside_a_loop_of_its_own_extent_is_refused(ctx):
    body = ("  %lo = arith.constant 1 : index\n  %hi = arith.constant 3 : index\n"
            f"  scf.for %i = %lo to %hi step %lo {{\n{_view('%i')}  }}\n")
    errors = _errors(_kernel(body))
    assert len(errors) == 1 and _VARYING in errors[0] and "dim 2 (R/16)" in errors[0], errors


def test_arith_of_a_loop_variable_is_no_fixed_extent(ctx):
    body = ("  %lo = arith.constant 0 : index\n  %hi = arith.constant 2 : index\n"
            "  %one = arith.constant 1 : index\n"
            f"  scf.for %i = %lo to %hi step %one {{\n  %j = arith.addi %i, %one : index\n"
            f"{_view('%j')}  }}\n")
    assert any(_VARYING in e for e in _errors(_kernel(body)))


def test_a_callee_called_with_two_extents_is_refused(ctx):
    body = ("  %a = arith.constant 1 : index\n  %b = arith.constant 2 : index\n"
            + _call("%a") + _call("%b"))
    errors = _errors(_leaf() + _kernel(body))
    assert len(errors) == 1 and _VARYING in errors[0] and "@leaf" in errors[0], errors


def test_a_callee_called_with_one_launch_argument_agrees_with_the_caller(ctx):
    """Fixed extents are compared by what they are, not by SSA value: the kernel's own view
    of %n rows and the callee's view of the %n it is passed (twice) are one plane."""
    args = ", %n: index {nz.range = array<i64: 1, 3>}"
    body = _call("%n") + _call("%n") + _view("%n", "k")
    assert _errors(_leaf() + _kernel(body, args)) == []


def test_a_callee_and_its_caller_disagreeing_is_still_refused(ctx):
    args = ", %n: index {nz.range = array<i64: 1, 2>}"
    body = "  %two = arith.constant 2 : index\n" + _call("%two") + _view("%n", "k")
    errors = _errors(_leaf() + _kernel(body, args))
    assert len(errors) == 1 and "disagrees" in errors[0], errors


def test_a_callee_that_calls_itself_with_another_extent_is_refused(ctx):
    """The host may launch @leaf itself with R/16 = 1; its call of itself then views the
    same bytes with 2."""
    leaf = ("func.func @leaf(%p: !pto.ptr<i8>, %r: index {nz.range = array<i64: 1, 3>}) {\n"
            f"{_view('%r')}  %two = arith.constant 2 : index\n{_call('%two')}  return\n}}\n")
    errors = _errors(leaf)
    assert any(_VARYING in e and "calls itself" in e for e in errors), errors


def test_a_kernel_argument_passed_on_unchanged_is_fixed(ctx):
    """A kernel that passes its own argument back to itself keeps one value per launch."""
    leaf = ("func.func @leaf(%p: !pto.ptr<i8>, %r: index {nz.range = array<i64: 1, 3>}) {\n"
            f"{_view('%r')}{_call('%r')}  return\n}}\n")
    assert not any(_VARYING in e for e in _errors(leaf))


# ---------------------------------------------------------------- 2. widths PTOAS holds as int32


@pytest.mark.parametrize(("type_", "width"), [("i1", 1), ("i8", 8), ("i16", 16), ("i32", 32),
                                              ("i64", 64), ("index", 32), ("i3", None),
                                              ("i4", None), ("i48", None), ("i128", None),
                                              ("si32", None), ("i0", None), ("f32", None)])
def test_only_the_widths_ptoas_computes_at_are_analysed(ctx, type_, width):
    from nzpass.ir.arith import device_width
    assert device_width(ir.Type.parse(type_)) == width


def _facts(body: str, args: str = "") -> list[Fact]:
    analysis = OffsetAnalysis()
    return [analysis.fact(v) for v in parse_used(body, args)[1]]


def test_a_cast_out_of_an_odd_width_is_unknown():
    """PTOAS holds an i3 as int32_t and never masks it: `extui(trunci %a to i3)` is %a
    itself on the device, so neither it nor its extension is bounded by 3 bits."""
    (zext, sext, mul), = [_facts("""
  %t = arith.trunci %a : i32 to i3
  %z = arith.extui %t : i3 to i32
  %s = arith.extsi %t : i3 to i64
  %c5 = arith.constant 5 : i4
  %b4 = arith.trunci %a : i32 to i4
  %m = arith.muli %b4, %c5 : i4
  %mz = arith.extui %m : i4 to i32
  "test.use"(%z, %s, %mz) : (i32, i64, i32) -> ()""", "%a: i32")]
    assert zext == Fact.top(32) and sext == Fact.top(64) and mul == Fact.top(32)


def test_a_cast_through_a_device_width_is_still_proved():
    zext, = _facts("""
  %t = arith.trunci %a : i32 to i8
  %z = arith.extui %t : i8 to i32
  "test.use"(%z) : (i32) -> ()""", "%a: i32")
    assert (zext.lo, zext.hi) == (0, 255)


_ODD_OFFSET = """
func.func @k(%p: !pto.ptr<i8>, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>} :
      (!pto.ptr<i8>, index, index, index, index, index, index, index, index, index, index) ->
      !pto.tensor_view<?x?x?x?x?xi8>
  %tr = arith.trunci %a : i32 to i3
  %e = arith.extui %tr : i3 to i32
  %o = arith.index_cast %e : i32 to index
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c8, %c8, %c16, %c32)
      {operandSegmentSizes = array<i32: 1, 5, 5>} : (!pto.tensor_view<?x?x?x?x?xi8>, index,
      index, index, index, index, index, index, index, index, index) ->
      !pto.partition_tensor_view<1x8x8x16x32xi8>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> TILE
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} :
      (!pto.partition_tensor_view<1x8x8x16x32xi8>, TILE) -> ()
  return
}
""".replace("TILE", _TILE_128)


def test_an_offset_through_an_odd_width_is_refused(ctx):
    assert _errors(_ODD_OFFSET)
    assert _errors(re.sub(r"\bi3\b", "i1", _ODD_OFFSET)) == []  # PTOAS masks a trunci to i1


def test_a_tile_address_through_an_odd_width_is_refused(ctx):
    errors = _errors("""
func.func @k(%a: i64) {
  %k = arith.constant 65536 : i64
  %tr = arith.trunci %a : i64 to i3
  %e = arith.extui %tr : i3 to i64
  %addr = arith.muli %e, %k : i64
  %t = "pto.alloc_tile"(%addr) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> TILE
  return
}""".replace("TILE", _TILE_128.replace("128", "256")))
    assert any("L1" in e for e in errors), errors


def test_facts_on_an_odd_width_argument_are_refused(ctx):
    errors = _errors("func.func @k(%b: i4 {nz.range = array<i64: 0, 8>}) { return }")
    assert len(errors) == 1 and "argument 0 of type i4" in errors[0], errors


def test_the_refusal_says_which_odd_width_stopped_the_proof():
    from nzpass.nz.offsets import explain_fact
    _, (value,) = parse_used("""
  %t = arith.trunci %a : i32 to i3
  %z = arith.extui %t : i3 to i32
  "test.use"(%z) : (i32) -> ()""", "%a: i32")
    assert "i3 value" in explain_fact(value, Fact.top(32))


# ---------------------------------------------------------------- 3. i1 read as C's bool


def _bool_c(name: str, x: int, y: int) -> int | None:
    """The op as PTOAS's C computes it on two i1 (bool, 0 or 1; BINARY's names), as the i1
    pattern it leaves (-1 for true); None where MLIR gives poison (skipped)."""
    if name.startswith("shift") and y != 0:
        return None
    if ("div" in name or "rem" in name) and y == 0:
        return None
    table = {"add": x ^ y, "sub": x ^ y, "mul": x & y, "and": x & y, "or": x | y,
             "xor": x ^ y, "min_signed": min(x, y), "max_signed": max(x, y),
             "min_unsigned": min(x, y), "max_unsigned": max(x, y), "shift_left": x,
             "shift_right_signed": x, "shift_right_unsigned": x}
    result = table.get(name, x // y if "div" in name else x % y if y else 0)
    return -1 if result else 0


def _i1_facts() -> list[Fact]:
    return [Fact.const(-1, 1), Fact.const(0, 1), Fact.top(1)]


@pytest.mark.parametrize("name", sorted(iv.BINARY))
def test_every_i1_transfer_holds_in_the_c_bool_reading(name):
    """MLIR reads true as -1, PTOAS's C `bool` as 1: only ops that order their operands by
    sign read the two differently (maxsi(true, false) is false in one, true in the other),
    so every fact of an i1 must hold in both (as index_cast of i1 already does)."""
    for a in _i1_facts():
        for b in _i1_facts():
            result = iv.BINARY[name](a, b)
            for x in range(a.lo, a.hi + 1):
                for y in range(b.lo, b.hi + 1):
                    value = _bool_c(name, x & 1, y & 1)
                    if value is not None:
                        assert result.lo <= value <= result.hi, (name, a, b, x, y, result)


def test_maxsi_of_i1_is_either_operand():
    assert iv.max_signed(Fact.top(1), Fact.const(0, 1)) == Fact.top(1)
    assert iv.min_signed(Fact.top(1), Fact.const(-1, 1)) == Fact.top(1)
    assert iv.max_signed(Fact.const(0, 1), Fact.const(0, 1)).constant == 0


# ---------------------------------------------------------------- 4. call facts in both readings


def test_an_open_side_is_within_no_closed_side_at_64_bits():
    axiom = iv.declared(32, None, 0, 2147483647, index=True)  # [0, 2**31 - 2], closed
    open_above = Fact.make(0, 2**31 - 2, 2, 32)  # max(a * 2, 0): bounded by wraparound only
    assert open_above.within(axiom)  # at 32 bits alone
    assert not open_above.within_as_index(axiom)
    assert Fact.make(0, 1000, 2, 32).within_as_index(axiom)


_OPEN_CALL = """
func.func private @callee(%r: index {nz.range = array<i64: 0, 2147483647>}) {
  return
}
func.func @k(%a: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = arith.muli %a, %c2 : index
  %m = arith.maxsi %v, %c0 : index
  func.call @callee(%m) : (index) -> ()
  return
}
"""


def test_a_call_passing_a_fact_open_at_64_bits_is_refused(ctx):
    errors = _errors(_OPEN_CALL)
    assert len(errors) == 1 and "'func.call' passes argument 0 of @callee" in errors[0], errors


def test_an_i32_call_fact_is_compared_at_its_own_width(ctx):
    """An i32 is 32 bits on every PTOAS: its width's bound is a bound."""
    assert _errors(_OPEN_CALL.replace("index", "i32")) == []


# ---------------------------------------------------------------- 5. index facts of 2**32 and more


@pytest.mark.parametrize("multiple", [2**32, 2**33, 3 * 2**32])
def test_a_multiple_of_2_to_the_32_is_no_index_constant(multiple):
    fact = iv.declared(32, multiple, None, None, index=True)
    wide = iv.wide_reading(fact)
    assert fact.constant is None and wide.lo <= 2**32 <= wide.hi and wide.lo < 0
    assert 2**32 % wide.align == 0


def test_a_bounded_multiple_stays_exact():
    assert iv.declared(32, 256, 0, 4096, index=True) == iv.declared(32, 256, 0, 4096)
    assert iv.declared(32, 2**32, 0, 100, index=True).constant == 0  # only 0 is in range
    # An i32 argument is 32 bits on every PTOAS: a multiple of 2**32 is 0.
    assert iv.declared(32, 2**32, None, None).constant == 0


def test_an_index_offset_declared_a_multiple_of_2_to_the_32_is_refused(ctx):
    text = _ODD_OFFSET.replace("%a: i32", "%a: index {nz.multiple_of = 4294967296 : i64}")
    for cast in ("%tr = arith.trunci %a : i32 to i3", "%e = arith.extui %tr : i3 to i32"):
        text = text.replace(f"  {cast}\n", "")
    text = text.replace("arith.index_cast %e : i32 to index", "arith.addi %a, %c0 : index")
    assert _errors(text)
