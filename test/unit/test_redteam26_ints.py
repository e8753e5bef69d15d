"""Red-team round 26, area ints: an op the operands may make undefined proved a value.

- A signed remainder whose operands may be the width's least value and -1 (`remsi(x, -1)`
  of x in [least, least + 5]) is undefined for that pair, in MLIR and in the C `%` PTOAS
  emits, as a division by 0 is; where the operands only may be that pair the result is an
  unknown value of the width (docs/nz-semantics.md 8.1, session 25), but the remainder's
  transfer function gave the constant 0, so `remsi(x, -1) + 8` was proved the row offset 8.
  Every other division and shift gave the width's top for operands that may be undefined;
  the test below holds each of them to it.
- A signed division whose every operand pair is undefined was proved poison only for
  constants: the least value divided by `select(c, -1, 0)` is undefined for both divisors,
  yet was an unknown value, so max and min of it were a row offset in [0, 8].
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass import parse_module, run_pipeline
from nzpass.nz import intervals as iv
from nzpass.nz.intervals import Fact
from test_intervals import concrete, facts, members
from test_redteam22_ints import _row_fractal_load

_VERIFY = "builtin.module(verify-pto-nz)"
_NEGATIVE = "offset[2] (row fractals (R/16)) may be negative"
_WIDTHS = (1, 2, 3, 4, 5, 6)
# The binary ops some operands make undefined, each with a transfer function.
_PARTIAL = sorted(set(iv.UNDEFINED) & set(iv.BINARY))


def _errors(text: str) -> list[str]:
    return [d.message for d in run_pipeline(parse_module(text, "t.pto"), _VERIFY).errors]


# ------------------------------------------------------------------ the domain


def _every_fact(width: int) -> list[Fact]:
    """Every fact of `width` bits: each interval, each alignment, once."""
    every = [Fact.make(lo, hi, 1 << k, width)
             for lo in range(iv.signed_min(width), iv.signed_max(width) + 1)
             for hi in range(lo, iv.signed_max(width) + 1) for k in range(width + 1)]
    return [f for f in dict.fromkeys(every) if members(f)]


def _some_pair_undefined(name: str, a: Fact, b: Fact) -> bool:
    return any(concrete(name, x, y, a.width) is None for x in members(a) for y in members(b))


def _check_undefined_pairs_give_the_top(name: str, a: Fact, b: Fact) -> None:
    """Where some pair of members is undefined and the facts do not prove the op undefined
    (poison), the result is the width's top: an undefined pair is any value at run time."""
    if iv.UNDEFINED[name](a, b) or not _some_pair_undefined(name, a, b):
        return
    result = iv.BINARY[name](a, b)
    assert result == Fact.top(a.width), f"{name} of {a}, {b}: {result}"


@pytest.mark.parametrize("name", _PARTIAL)
def test_operands_that_may_be_undefined_give_an_unknown_value_at_small_widths(name):
    """Every fact pair of i1 .. i3."""
    for width in (1, 2, 3):
        for a in _every_fact(width):
            for b in _every_fact(width):
                _check_undefined_pairs_give_the_top(name, a, b)


@settings(max_examples=400, deadline=None)
@given(st.data(), st.sampled_from(_PARTIAL), st.sampled_from(_WIDTHS))
def test_operands_that_may_be_undefined_give_an_unknown_value(data, name, width):
    """Up to i6, with the facts of test_intervals (the least value at the dividend's low
    corner, -1 at the divisor's high one, included)."""
    a, b = data.draw(facts(width)), data.draw(facts(width))
    _check_undefined_pairs_give_the_top(name, a, b)


def _all_pairs_undefined(name: str, a: Fact, b: Fact) -> bool:
    return all(concrete(name, x, y, a.width) is None for x in members(a) for y in members(b))


@pytest.mark.parametrize("name", _PARTIAL)
def test_an_op_is_proved_undefined_exactly_where_every_pair_is(name):
    """Every fact pair of i1 .. i3: the poison predicate holds exactly where no pair of
    members has a value (the facts prove the op undefined), not only of constants."""
    for width in (1, 2, 3):
        for a in _every_fact(width):
            for b in _every_fact(width):
                assert iv.UNDEFINED[name](a, b) == _all_pairs_undefined(name, a, b), (
                    f"{name} of {a}, {b}")


def test_the_remainder_of_a_dividend_that_may_be_least_by_minus_one_is_unknown():
    least = iv.signed_min(32)
    for divisor in (Fact.const(-1, 32), Fact.make(-7, -1, 1, 32)):
        assert iv.rem_signed(Fact.make(least, least + 5, 1, 32), divisor) == Fact.top(32)
    # A dividend above the least value keeps its remainder: 0 by -1.
    assert iv.rem_signed(Fact.make(least + 1, least + 6, 1, 32), Fact.const(-1, 32)) == (
        Fact.const(0, 32))


# ------------------------------------------------------------------ the program


def _remainder_by_minus_one(type_: str, least: int) -> str:
    """offset[2] = index_cast(remsi(least + min(max(t, 0), 5), -1)) + 8, t the block index
    at `type_`: 8 for every dividend but the least, undefined for it (block 0)."""
    narrowed = {"index": "  %bt = arith.index_cast %b : i64 to index",
                "i64": "  %bt = arith.addi %b, %zero : i64"}.get(
        type_, f"  %bt = arith.trunci %b : i64 to {type_}")
    cast = "" if type_ == "index" else f"\n  %r0 = arith.index_cast %r : {type_} to index"
    result = "%r" if type_ == "index" else "%r0"
    return f"""  %c8 = arith.constant 8 : index
  %b = pto.get_block_idx
  %zero = arith.constant 0 : {type_}
  %five = arith.constant 5 : {type_}
  %least = arith.constant {least} : {type_}
  %m1 = arith.constant -1 : {type_}
{narrowed}
  %lo = arith.maxsi %bt, %zero : {type_}
  %y = arith.minsi %lo, %five : {type_}
  %x = arith.addi %least, %y : {type_}
  %r = arith.remsi %x, %m1 : {type_}{cast}
  %o = arith.addi {result}, %c8 : index"""


_TYPES = ("i8", "i16", "i32", "i64", "index")


def _least(type_: str) -> int:
    return iv.signed_min(iv.INDEX_WIDTH if type_ == "index" else int(type_[1:]))


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("type_", _TYPES)
def test_a_remainder_by_minus_one_of_a_dividend_that_may_be_least_is_refused(type_):
    errors = _errors(_row_fractal_load(_remainder_by_minus_one(type_, _least(type_))))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("type_", _TYPES)
def test_a_remainder_by_minus_one_of_a_dividend_above_least_is_still_proved(type_):
    assert _errors(_row_fractal_load(_remainder_by_minus_one(type_, _least(type_) + 1))) == []


def _least_by_minus_one_or_zero(op: str, type_: str) -> str:
    """offset[2] = index_cast(min(max(op(least, select(c, -1, 0)), 0), 8)): undefined for
    either divisor."""
    cast = "" if type_ == "index" else f"\n  %o = arith.index_cast %n : {type_} to index"
    result = "%o" if type_ == "index" else "%n"
    return f"""  %b = pto.get_block_idx
  %bt = arith.trunci %b : i64 to i32
  %least = arith.constant {_least(type_)} : {type_}
  %m1 = arith.constant -1 : {type_}
  %zero = arith.constant 0 : {type_}
  %eight = arith.constant 8 : {type_}
  %z32 = arith.constant 0 : i32
  %c8 = arith.constant 8 : index
  %c = arith.cmpi eq, %bt, %z32 : i32
  %d = arith.select %c, %m1, %zero : {type_}
  %q = arith.{op} %least, %d : {type_}
  %a = arith.maxsi %q, %zero : {type_}
  {result} = arith.minsi %a, %eight : {type_}{cast}"""


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("op", ["divsi", "floordivsi", "ceildivsi", "remsi"])
@pytest.mark.parametrize("type_", ["i32", "index"])
def test_the_least_value_by_minus_one_or_zero_is_poison(op, type_):
    errors = _errors(_row_fractal_load(_least_by_minus_one_or_zero(op, type_)))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_another_value_by_minus_one_or_zero_is_still_an_unknown_value():
    """A dividend above the least value is defined by -1: the result is an unknown value of
    the width (the divisor may be 0), whose max and min bound the offset, as before."""
    body = _least_by_minus_one_or_zero("divsi", "i32").replace(
        "-2147483648 : i32", "-2147483647 : i32")
    assert _errors(_row_fractal_load(body)) == []
