"""Red-team round 25, area ints: poison the analysis did not see.

Two classes, each accepted a row offset in [0, 8] that is poison once PTOAS's C is compiled
(LLVM folds poison through every min and max of it, so the offset may be anything):

- a signed division or remainder of the width's least value by -1 (`divsi(-2**31, -1)`) is
  undefined in MLIR and in C, as a division by 0 is; it was read as an unknown value (a
  remainder even as the constant 0), not as poison;
- poison passed through an op no transfer function reads (`func.call @id`, an unrealized
  cast) came out as an unknown value, not as poison; and a call's result, or an op of a
  dialect with poison rules of its own (index, math, llvm, affine), may be poison itself.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline
from nzpass.nz import intervals as iv
from nzpass.nz.intervals import Fact
from test_intervals import concrete
from test_redteam22_ints import _row_fractal_load

_VERIFY = "builtin.module(verify-pto-nz)"
_NEGATIVE = "offset[2] (row fractals (R/16)) may be negative"
_WIDTHS = range(1, 7)


def _errors(text: str) -> list[str]:
    return [d.message for d in run_pipeline(parse_module(text, "t.pto"), _VERIFY).errors]


# ------------------------------------------------------------------ the domain, exhaustively


@pytest.mark.parametrize("name", ["ceildiv_signed", "div_signed", "floordiv_signed",
                                  "rem_signed"])
@pytest.mark.parametrize("width", _WIDTHS)
def test_an_op_of_constants_is_undefined_exactly_where_mlir_says(name, width):
    """Over every pair of constants of every small width: the poison predicate holds
    exactly where MLIR's semantics give no value (the concrete model of test_intervals)."""
    values = range(iv.signed_min(width), iv.signed_max(width) + 1)
    for x in values:
        for y in values:
            poison = concrete(name, x, y, width) is None
            found = iv.UNDEFINED[name](Fact.const(x, width), Fact.const(y, width))
            assert found == poison, f"{name}({x}, {y}) at i{width}"


# ------------------------------------------------------------------ signed division overflow


def _divided_least(op: str, type_: str) -> str:
    """offset[2] = min(max(op(least, -1) + -1, -1), 8) clamped at 0: [0, 8] of any value."""
    least = iv.signed_min(32 if type_ == "index" else int(type_[1:]))
    cast = "" if type_ == "index" else f"\n  %o = arith.index_cast %n : {type_} to index"
    result = "%o" if type_ == "index" else "%n"
    return f"""  %c8 = arith.constant 8 : index
  %least = arith.constant {least} : {type_}
  %m1 = arith.constant -1 : {type_}
  %zero = arith.constant 0 : {type_}
  %eight = arith.constant 8 : {type_}
  %q = arith.{op} %least, %m1 : {type_}
  %s = arith.addi %q, %m1 : {type_}
  %a = arith.maxsi %s, %zero : {type_}
  {result} = arith.minsi %a, %eight : {type_}{cast}"""


# An index quotient (not a remainder) of literals was refused already: MLIR folds it at
# 64 bits to 2**31, past int32 (round 24's folded_reading).
_DIVISIONS = [(op, type_) for op in ("divsi", "remsi", "floordivsi", "ceildivsi")
              for type_ in ("i16", "i32", "i64")] + [("remsi", "index")]


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("op", "type_"), _DIVISIONS)
def test_the_least_value_divided_by_minus_one_is_poison(op, type_):
    errors = _errors(_row_fractal_load(_divided_least(op, type_)))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_a_division_by_minus_one_of_another_value_is_still_proved():
    body = _divided_least("divsi", "i32").replace("-2147483648 : i32", "-9 : i32")
    assert _errors(_row_fractal_load(body)) == []


def test_a_constant_region_division_is_a_syntactic_poison_source(ctx):
    """Inside a loop the facts of its own values are not known yet, so the form decides:
    the least value by -1 is poison by its constants alone."""
    from nzpass.nz.offsets import syntactic_poison_source

    module = parse_module("""func.func @f() -> i32 {
  %least = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %q = arith.divsi %least, %m1 : i32
  return %q : i32
}""", "t.mlir")
    ops = list(module.body.operations[0].regions[0].blocks[0].operations)
    assert syntactic_poison_source(ops[2]) and not syntactic_poison_source(ops[0])


# ------------------------------------------------------------------ poison through opaque ops

_CALLEES = """
func.func private @id(%x: i32) -> i32 {
  return %x : i32
}
func.func private @least() -> i32 {
  %least = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %q = arith.divsi %least, %m1 : i32
  return %q : i32
}
"""

_PASSED = {
    "func.call of poison": "  %q = func.call @id(%pz) : (i32) -> i32",
    "unrealized cast of poison": "  %q = builtin.unrealized_conversion_cast %pz : i32 to i32",
    "func.call computing poison": "  %q = func.call @least() : () -> i32",
    "func.call yielded by scf.for": """  %r = scf.for %i = %c0 to %c1 step %c1
      iter_args(%acc = %z) -> (i32) {
    %v = func.call @least() : () -> i32
    scf.yield %v : i32
  }
  %q = arith.addi %r, %z : i32""",
    "func.call yielded by scf.if": """  %flag = arith.constant true
  %q = scf.if %flag -> (i32) {
    %v = func.call @least() : () -> i32
    scf.yield %v : i32
  } else {
    scf.yield %z : i32
  }""",
    "index.divs by 0": """  %iz = arith.index_cast %z : i32 to index
  %bx = arith.index_cast %bi : i32 to index
  %d = index.divs %bx, %iz
  %q = arith.index_cast %d : index to i32""",
}


def _opaque(source: str) -> str:
    """offset[2] = index_cast(min(max(%q, 0), 8)), %q from `source`; %pz = divui(x, 0)."""
    return f"""  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %e = arith.constant 8 : i32
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %pz = arith.divui %bi, %z : i32
{source}
  %m = arith.maxsi %q, %z : i32
  %n = arith.minsi %m, %e : i32
  %o = arith.index_cast %n : i32 to index"""


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("name", sorted(_PASSED))
def test_poison_through_an_op_the_analysis_does_not_read_stays_poison(name):
    errors = _errors(_row_fractal_load(_opaque(_PASSED[name])) + _CALLEES)
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_an_opaque_op_of_defined_values_is_no_poison():
    """An unrealized cast of the block index is an unknown value, no poison: max and min
    of it still bound the offset."""
    source = "  %q = builtin.unrealized_conversion_cast %bi : i32 to i32"
    assert _errors(_row_fractal_load(_opaque(source)) + _CALLEES) == []


def test_the_refusal_names_the_call(ctx):
    from nzpass.nz.offsets import explain_fact

    module = parse_module(_row_fractal_load(_opaque(_PASSED["func.call computing poison"]))
                          + _CALLEES, "t.pto")
    ops = list(module.body.operations[0].regions[0].blocks[0].operations)
    call = next(op for op in ops if op.name == "func.call")
    text = explain_fact(call.results[0], Fact.top(32))
    assert "computed from 'func.call'" in text and "may be poison" in text


# ------------------------------------------------------------------ the exact flag

_EXACT_KINDS = ("div_signed", "div_unsigned", "shift_right_signed", "shift_right_unsigned")


def _drops_something(kind: str, x: int, y: int, width: int) -> bool | None:
    """Whether `kind` of x by y with `exact` is poison for its remainder (None: poison or
    undefined without the flag already)."""
    if concrete(kind, x, y, width) is None:
        return None
    if kind.startswith("shift"):
        return x % (1 << y) != 0
    if kind == "div_signed":
        return x % y != 0
    return (x % (1 << width)) % (y % (1 << width)) != 0


@pytest.mark.parametrize("kind", _EXACT_KINDS)
@pytest.mark.parametrize("width", range(1, 6))  # every fact pair of i6 takes seconds each
def test_exact_is_proved_only_where_no_member_drops_a_remainder(kind, width):
    """Over every fact pair of every small width (an interval and an alignment each): where
    the flag is believed, no member pair drops a remainder; of constants, it is believed
    exactly where none is dropped."""
    values = range(iv.signed_min(width), iv.signed_max(width) + 1)
    facts = {Fact.make(lo, hi, 1 << k, width) for lo in values for hi in values if lo <= hi
             for k in range(width + 1)}
    members = {f: [v for v in range(f.lo, f.hi + 1) if v % f.align == 0] for f in facts}
    for a in facts:
        for b in facts:
            if iv.inexact_undefined(kind, a, b):
                continue
            for x in members[a]:
                for y in members[b]:
                    assert not _drops_something(kind, x, y, width), f"{kind}({x}, {y}) {a} {b}"
    for x in values:
        for y in values:
            drops = _drops_something(kind, x, y, width)
            if drops is not None:
                found = iv.inexact_undefined(kind, Fact.const(x, width), Fact.const(y, width))
                assert found == drops, f"{kind}({x}, {y}) at i{width}"


def _exact_quotient(op: str, amount: int, scale: str) -> str:
    """offset[2] = op(x, amount) exact, x = min(block index, 136) (times 16 by `scale`)."""
    scaled = ("  %s16 = arith.constant 16 : i32\n  %x = arith.muli %x0, %s16 : i32"
              if scale else "  %x = arith.addi %x0, %z : i32")
    limit = 8 if scale else 136
    return f"""  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %k = arith.constant {amount} : i32
  %lim = arith.constant {limit} : i32
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %x0 = arith.minui %bi, %lim : i32
{scaled}
  %q = arith.{op} %x, %k exact : i32
  %o = arith.index_cast %q : i32 to index"""


_EXACT = [("divsi", 16), ("divui", 16), ("shrsi", 4), ("shrui", 4)]


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("op", "amount"), _EXACT)
def test_an_exact_division_that_may_drop_a_remainder_is_poison(op, amount):
    errors = _errors(_row_fractal_load(_exact_quotient(op, amount, "")))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize(("op", "amount"), _EXACT)
def test_an_exact_division_of_a_proved_multiple_is_still_proved(op, amount):
    assert _errors(_row_fractal_load(_exact_quotient(op, amount, "scaled"))) == []


def test_the_refusal_names_the_exact_flag(ctx):
    from nzpass.nz.offsets import explain_fact

    module = parse_module(_row_fractal_load(_exact_quotient("divsi", 16, "")), "t.pto")
    ops = list(module.body.operations[0].regions[0].blocks[0].operations)
    quotient = next(op for op in ops if op.name == "arith.divsi")
    text = explain_fact(quotient.results[0], Fact.top(32))
    assert "computed from 'arith.divsi'" in text and "exact flag" in text


@pytest.mark.usefixtures("ctx")
def test_a_long_chain_of_opaque_ops_is_a_diagnostic_not_a_crash():
    """Each op no transfer function reads now reads its operands, within the walk's depth
    bound: a chain deeper than it proves nothing, and says so."""
    chain = ["  %q0 = arith.addi %bi, %z : i32"] + [
        f"  %q{i} = builtin.unrealized_conversion_cast %q{i - 1} : i32 to i32"
        for i in range(1, 3000)]
    chain.append("  %q = arith.addi %q2999, %z : i32")
    errors = _errors(_row_fractal_load(_opaque("\n".join(chain))))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


# ------------------------------------------------------------------ poison by facts in a body

_BODIES = {
    "scf.if": """  %z2 = arith.addi %z, %z : i32
  %flag = arith.constant true
  %q = scf.if %flag -> (i32) {
    %v = arith.divui %bi, %z2 : i32
    scf.yield %v : i32
  } else {
    scf.yield %z : i32
  }""",
    "scf.for": """  %z2 = arith.addi %z, %z : i32
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %z) -> (i32) {
    %v = arith.divui %bi, %z2 : i32
    scf.yield %v : i32
  }
  %q = arith.addi %r, %z : i32""",
    "scf.for of its iter_arg": """  %z2 = arith.addi %z, %z : i32
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %bi) -> (i32) {
    %v = arith.divui %acc, %z2 : i32
    scf.yield %v : i32
  }
  %q = arith.addi %r, %z : i32""",
}


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("name", sorted(_BODIES))
def test_poison_by_the_facts_inside_a_body_is_carried_out(name):
    """`divui(x, 0 + 0)` is poison by its divisor's fact, not by its form: yielded from a
    body, the region op's result is poison too."""
    errors = _errors(_row_fractal_load(_opaque(_BODIES[name])))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_a_body_dividing_by_a_proved_non_zero_still_proves():
    body = _BODIES["scf.for of its iter_arg"].replace("arith.addi %z, %z", "arith.addi %e, %z")
    assert _errors(_row_fractal_load(_opaque(body))) == []
