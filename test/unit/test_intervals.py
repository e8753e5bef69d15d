"""The offset analysis's domain against brute force: for every transfer function,
every concrete run-time value the operands' facts allow (at small widths, all of
them) gives a result inside the computed fact. Concrete semantics are LLVM's:
two's-complement wraparound, poison (skipped) for division by zero, signed
overflow of a division and shifts by the width or more."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.nz import intervals as iv
from nzpass.nz.intervals import Fact

WIDTHS = (1, 2, 3, 4, 5, 6)  # i1 too: `arith.constant true` reads as -1


def wrap(x: int, width: int) -> int:
    x &= (1 << width) - 1
    return x - (1 << width) if x >> (width - 1) else x


def unsigned(x: int, width: int) -> int:
    return x & ((1 << width) - 1)


def members(f: Fact) -> list[int]:
    return [v for v in range(f.lo, f.hi + 1) if v % f.align == 0]


@st.composite
def facts(draw, width: int) -> Fact:
    lo = draw(st.integers(iv.signed_min(width), iv.signed_max(width)))
    hi = draw(st.integers(lo, iv.signed_max(width)))
    align = 1 << draw(st.integers(0, width))
    fact = Fact.make(lo, hi, align, width)
    if not members(fact):
        return Fact.const(lo, width)
    return fact


def _trunc(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y > 0) else -q


def concrete(name: str, x: int, y: int, w: int) -> int | None:
    """The op at width w on signed readings, or None where LLVM gives poison/UB."""
    ux, uy, smin = unsigned(x, w), unsigned(y, w), iv.signed_min(w)
    signed_division = name in ("floordiv_signed", "div_signed", "ceildiv_signed", "rem_signed")
    if signed_division and (y == 0 or (x == smin and y == -1)):
        return None
    if name in ("div_unsigned", "rem_unsigned") and uy == 0:
        return None
    if name.startswith("shift") and not 0 <= y < w:
        return None
    table = {
        "add": lambda: x + y, "sub": lambda: x - y, "mul": lambda: x * y,
        "min_signed": lambda: min(x, y), "max_signed": lambda: max(x, y),
        "min_unsigned": lambda: x if ux <= uy else y,
        "max_unsigned": lambda: x if ux >= uy else y,
        "floordiv_signed": lambda: x // y, "div_signed": lambda: _trunc(x, y),
        "ceildiv_signed": lambda: -((-x) // y), "div_unsigned": lambda: ux // uy,
        "rem_signed": lambda: x - _trunc(x, y) * y, "rem_unsigned": lambda: ux % uy,
        "shift_left": lambda: x << y, "shift_right_signed": lambda: x >> y,
        "shift_right_unsigned": lambda: ux >> y,
        "and": lambda: x & y, "or": lambda: x | y, "xor": lambda: x ^ y,
    }
    return wrap(table[name](), w)


def assert_holds(fact: Fact, value: int, context: str) -> None:
    assert fact.lo <= value <= fact.hi, f"{context}: {value} outside {fact}"
    assert value % fact.align == 0, f"{context}: {value} not a multiple of {fact.align}"


@settings(max_examples=400, deadline=None)
@given(st.data(), st.sampled_from(sorted(iv.BINARY)), st.sampled_from(WIDTHS))
def test_binary_transfer_functions_are_sound(data, name, width):
    a, b = data.draw(facts(width)), data.draw(facts(width))
    result = iv.BINARY[name](a, b)
    assert result.width == width
    for x in members(a):
        for y in members(b):
            value = concrete(name, x, y, width)
            if value is not None:
                assert_holds(result, value, f"{name}({x}, {y}) with {a}, {b}")


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(WIDTHS), st.sampled_from(WIDTHS), st.booleans())
def test_casts_are_sound(data, width, to_width, zero_extend):
    a = data.draw(facts(width))
    if zero_extend and to_width < width:
        to_width = width  # zero extension only widens; narrowing is a truncation
    result = (iv.resize_unsigned if zero_extend else iv.resize_signed)(a, to_width)
    for x in members(a):
        value = unsigned(x, width) if zero_extend else x
        assert_holds(result, wrap(value, to_width), f"cast of {x} from {a} to i{to_width}")


def loop_values(start: int, stop: int, step: int, width: int, is_unsigned: bool):
    """The induction variable's values of scf.for with wraparound, as lowered to cf."""
    seen, value = [], start
    less = (lambda a, b: unsigned(a, width) < unsigned(b, width)) if is_unsigned else (
        lambda a, b: a < b)
    for _ in range((1 << width) + 1):
        if not less(value, stop):
            break
        seen.append(value)
        value = wrap(value + step, width)
    return seen


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(WIDTHS), st.booleans())
def test_induction_variables_are_sound(data, width, is_unsigned):
    start, stop, step = (data.draw(facts(width)) for _ in range(3))
    result = iv.induction_variable(start, stop, step, is_unsigned)
    for s in members(start):
        for t in members(stop):
            for p in members(step):
                for value in loop_values(s, t, p, width, is_unsigned):
                    assert_holds(result, value, f"iv of for {s} to {t} step {p}")


def test_the_known_wraps_are_unknown():
    """The reviewer's classes: a product of non-negative i8 values that wraps is not
    non-negative; a truncation of a large index is not; an unsigned loop to 200 (i8)."""
    i8 = 8
    product = iv.mul(Fact.make(0, 100, 1, i8), Fact.const(16, i8))
    assert not product.non_negative and product.is_multiple(16)
    truncated = iv.resize_signed(Fact.make(0, 1 << 40, 16, 64), 32)
    assert not truncated.non_negative
    loop = iv.induction_variable(Fact.const(0, i8), Fact.const(-56, i8), Fact.const(16, i8),
                                 unsigned=True)
    assert not loop.non_negative
    difference = iv.sub(Fact.const(800, 64), Fact.make(0, 544, 16, 64))
    assert difference.non_negative and difference.lo == 256


def test_bounds_are_tightened_to_the_alignment():
    loop = iv.induction_variable(Fact.const(0, 64), Fact.const(800, 64), Fact.const(256, 64))
    assert (loop.lo, loop.hi, loop.align) == (0, 768, 256)
    assert loop.bounded_above and not Fact.top(64, 16).bounded_above


def test_a_constant_step_reaches_its_last_value_exactly():
    # for k = 0 to 192 step 96: k in {0, 96}; a step that is no power of two.
    loop = iv.induction_variable(Fact.const(0, 64), Fact.const(192, 64), Fact.const(96, 64))
    assert (loop.lo, loop.hi, loop.align) == (0, 96, 32)


def test_declared_facts():
    fact = iv.declared(64, 48, 0, 4096)
    assert (fact.lo, fact.hi, fact.align) == (0, 4080, 16)


def test_admits_a_value_over_every_small_statement():
    """Stated facts are refused exactly when no value of the width meets them all (found
    by red team: a multiple of 16 in [1, 16) had been believed, as the constant 0)."""
    for width in (3, 4, 5):
        values = range(iv.signed_min(width), iv.signed_max(width) + 1)
        bounds = [None, *range(iv.signed_min(width) - 2, iv.signed_max(width) + 3)]
        for multiple in (None, 1, 2, 3, 6, 8, 40):
            for lo in bounds:
                for hi in bounds:
                    met = any((multiple is None or v % multiple == 0)
                              and (lo is None or lo <= v) and (hi is None or v < hi)
                              for v in values)
                    assert iv.admits_a_value(width, multiple, lo, hi) == met, (
                        width, multiple, lo, hi)


def test_within_is_containment_over_every_small_fact():
    """`Fact.within` (a call's argument against its callee's declared facts) never claims
    a containment that a member breaks, and finds every one it can state."""
    for width in (2, 3, 4):
        every = {Fact.make(lo, hi, 1 << k, width)
                 for lo in range(iv.signed_min(width), iv.signed_max(width) + 1)
                 for hi in range(lo, iv.signed_max(width) + 1) for k in range(width + 1)}
        for inner in every:
            for outer in every:
                contained = set(members(inner)) <= set(members(outer))
                if inner.within(outer):
                    assert contained, (inner, outer)
                elif outer.lo <= inner.lo and inner.hi <= outer.hi and outer.align == 1:
                    raise AssertionError(f"{inner} within {outer} not found")
    assert not Fact.const(1, 8).within(Fact.const(1, 16))  # another width is another value


@settings(max_examples=200, deadline=None)
@given(st.data(), st.sampled_from(WIDTHS), st.sampled_from(WIDTHS))
def test_index_cast_holds_both_readings(data, width, to_width):
    """index_cast as MLIR reads it (sign extension) and as PTOAS's C cast does (an i1 is a
    C bool: true is 1): the fact holds of both (found by red team)."""
    a = data.draw(facts(width))
    result = iv.index_cast(a, to_width)
    for x in members(a):
        readings = {wrap(x, to_width)}
        if width == 1:
            readings.add(wrap(unsigned(x, 1), to_width))
        for value in readings:
            assert_holds(result, value, f"index_cast of {x} from {a} to i{to_width}")


def test_index_cast_of_i1_reads_true_as_one_too():
    true_or_false = Fact.make(-1, 0, 1, 1)
    assert iv.index_cast(true_or_false, 32).hi == 1
    assert not iv.index_cast(true_or_false, 32).non_negative


# ---------------------------------------------------------------- the two readings of index
#
# An index value is computed by a PTOAS whose index is 32 bits (int32_t) or by one whose
# index is 64 bits (int64_t): one fact must hold in both. Here the narrow reading is
# NARROW bits and the wide one WIDE bits, small enough to try every value: a fact's
# members in the wide reading are those of its `wide_reading`.
NARROW, WIDE = 3, 6


def wide_members(f: Fact) -> list[int]:
    return members(iv.wide_reading(f, WIDE))


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(sorted(iv.BINARY)))
def test_index_ops_hold_in_both_readings(data, name):
    """An op on index operands, as the analysis computes it (`index_op`): every result of
    the narrow reading lies in the fact, every result of the wide reading in its wide
    reading (found by red team: a product that may wrap at 32 bits, shifted right, was
    proved below 16 and is 2**26 * a >> 28 where index is 64 bits)."""
    a, b = data.draw(facts(NARROW)), data.draw(facts(NARROW))
    result = iv.index_op(iv.BINARY[name], (a, b), WIDE)
    assert result.width == NARROW
    for width, allowed, of in ((NARROW, members(result), members),
                               (WIDE, wide_members(result), wide_members)):
        allowed = set(allowed)
        for x in of(a):
            for y in of(b):
                value = concrete(name, x, y, width)
                assert value is None or value in allowed, (
                    f"{name}({x}, {y}) at {width} bits with {a}, {b}: {value} not in {result}")


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from((2, 4, 8)), st.booleans(), st.booleans())
def test_casts_of_index_hold_in_both_readings(data, to_width, zero_extend, to_index):
    """index_cast and index_castui of an index source, to another integer type or
    (from the other side of the wide reading) to index itself."""
    a = data.draw(facts(NARROW))
    cast = iv.resize_unsigned if zero_extend else iv.resize_signed
    width = NARROW if to_index else to_width
    result = iv.cast_of_index(cast, a, width, to_index, WIDE)
    for source_width, of in ((NARROW, members), (WIDE, wide_members)):
        result_width = WIDE if to_index and source_width == WIDE else width
        allowed = set(wide_members(result) if result_width == WIDE else members(result))
        for x in of(a):
            value = unsigned(x, source_width) if zero_extend else x
            assert wrap(value, result_width) in allowed, (
                f"cast of {x} ({source_width} bits) from {a} to {result_width} bits: {result}")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_index_loops_hold_in_both_readings(data):
    start, stop, step = (data.draw(facts(NARROW)) for _ in range(3))
    result = iv.index_op(iv.induction_variable, (start, stop, step), WIDE)
    for width, allowed, of in ((NARROW, members(result), members),
                               (WIDE, wide_members(result), wide_members)):
        allowed = set(allowed)
        for s in of(start):
            for t in of(stop):
                for p in of(step):
                    for value in loop_values(s, t, p, width, False):
                        assert value in allowed, f"iv of for {s} to {t} step {p} ({width})"


def test_unsigned_ops_bound_a_dividend_of_any_sign():
    """remui by a positive divisor, divui by one of at least 2 and shrui by at least 1
    bound their result whatever the dividend's sign (an argument nothing bounds,
    `remui 16`, was refused as possibly negative); a divisor that may be 0 or 1, or a
    shift by 0, leaves it unbounded."""
    anything = Fact.top(8)
    assert iv.rem_unsigned(anything, Fact.const(16, 8)) == Fact.make(0, 15, 1, 8)
    assert iv.rem_unsigned(Fact.top(8, 4), Fact.make(8, 16, 8, 8)) == Fact.make(0, 15, 4, 8)
    assert iv.div_unsigned(anything, Fact.const(16, 8)) == Fact.make(0, 15, 1, 8)
    assert iv.div_unsigned(anything, Fact.make(2, 3, 1, 8)) == Fact.make(0, 127, 1, 8)
    assert iv.shift_right_unsigned(anything, Fact.const(4, 8)) == Fact.make(0, 15, 1, 8)
    assert iv.rem_unsigned(anything, Fact.make(0, 16, 1, 8)) == Fact.top(8)
    assert iv.div_unsigned(anything, Fact.make(1, 16, 1, 8)) == Fact.top(8)
    assert iv.shift_right_unsigned(anything, Fact.const(0, 8)) == Fact.top(8)


def test_the_red_team_index_wraps_are_open():
    """a * 65536 of a in {0, 65536} is 0 at 32 bits and 2**32 at 64: no constant; an
    unbounded index product, shifted right, is bounded in neither reading."""
    a = Fact.make(0, 65536, 65536, 32)
    product = iv.index_op(iv.mul, (a, Fact.const(65536, 32)))
    assert product.constant is None and product.open
    unknown = iv.index_op(iv.mul, (Fact.make(0, 1023, 1, 32), Fact.const(1 << 26, 32)))
    shifted = iv.index_op(iv.shift_right_signed, (unknown, Fact.const(28, 32)))
    assert shifted.open
    widened = iv.cast_of_index(iv.resize_unsigned, unknown, 64, False)
    # Zero-extended to i64 it may be any 64-bit value: shifted right unsigned, it is bounded
    # by the width alone, (2**64 - 1) >> 28, never by the product's 32-bit reading.
    assert iv.shift_right_unsigned(widened, Fact.const(28, 64)).hi == ((1 << 64) - 1) >> 28
    # A clamp keeps its bounds: min(max(x, 0), 100) of an x nothing bounds.
    clamped = iv.index_op(iv.min_signed, (
        iv.index_op(iv.max_signed, (Fact.top(32), Fact.const(0, 32))), Fact.const(100, 32)))
    assert (clamped.lo, clamped.hi) == (0, 100) and not clamped.open


def test_index_select_holds_in_both_readings():
    """select's hull takes the gcd of its operands' alignments, which can close a side only
    the narrow width bounds (found by red team): as an index op, both readings hold. Every
    pair of narrow facts."""
    every = {Fact.make(lo, hi, 1 << k, NARROW)
             for lo in range(iv.signed_min(NARROW), iv.signed_max(NARROW) + 1)
             for hi in range(lo, iv.signed_max(NARROW) + 1) for k in range(NARROW + 1)}
    for a in every:
        for b in every:
            result = iv.index_op(iv.select, (a, b), WIDE)
            assert set(members(a)) | set(members(b)) <= set(members(result)), (a, b)
            assert set(wide_members(a)) | set(wide_members(b)) <= set(wide_members(result)), (
                a, b, result)
