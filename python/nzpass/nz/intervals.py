"""The abstract domain of the offset analysis: exact integer facts at a bit width.

Pure Python, no MLIR. A `Fact` describes every value an SSA integer of width
`width` can take at run time, read as a signed two's-complement number (the
reading NZ coordinates get): an inclusive interval `[lo, hi]` and a power of
two `align` that divides every such value. Each transfer function computes the
*mathematical* result of its op on the operands' intervals; a result that can
leave the width's signed range wraps at run time, so its interval becomes the
width's whole range (`Fact.top`): wraparound never yields a false fact. The
alignment survives wraparound (two's-complement arithmetic keeps the low bits),
so it is kept where the op is addition, subtraction, multiplication or a shift.

Every transfer function is checked against brute force over every value of
small widths (test/unit/test_intervals.py): the domain is sound by
construction, whatever program reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import gcd
from typing import NamedTuple

from ..records import record

# The alignment of zero: any power of two divides it; capped to keep numbers small.
MAX_ALIGNMENT = 1 << 62
# `index` is proved at 32 bits: one PTOAS in the field (hw-native-sys, EmitC) spells
# IndexType as `int32_t`, where it wraps (found by red team: a proof at 64 bits held for
# offsets that version computes negative); a newer one spells it `int64_t`
# (WIDE_INDEX_WIDTH). Every fact of an index value holds in both readings: a side a
# derivation bounded holds alike, a side only the 32-bit width bounds (`Fact.open`) is
# open in the wide reading, and an op reading an open index operand is computed in both
# readings and joined (`wide_reading`, `both_readings`). A literal outside int32 is
# known as neither. docs/nz-semantics.md 8.1.
INDEX_WIDTH = 32
WIDE_INDEX_WIDTH = 64


def signed_min(width: int) -> int:
    return -(1 << (width - 1))


def signed_max(width: int) -> int:
    return (1 << (width - 1)) - 1


def wrapped(value: int, width: int) -> int:
    """`value` as a two's-complement integer of `width` bits holds it (an i1 too: true
    is -1, as the signed compares, extsi and min/max read it)."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def largest_power_of_two_dividing(n: int) -> int:
    return MAX_ALIGNMENT if n == 0 else min(n & -n, MAX_ALIGNMENT)


def _floor_to(n: int, align: int) -> int:
    return n // align * align


def _ceil_to(n: int, align: int) -> int:
    return -(-n // align) * align


@record
class Fact(NamedTuple):
    """lo <= v <= hi and align | v for every run-time value v (signed reading)."""

    lo: int
    hi: int
    align: int
    width: int

    @staticmethod
    def top(width: int, align: int = 1) -> Fact:
        """Nothing known but the width (and, where wraparound keeps it, the alignment:
        a multiple of 2**width wraps to 0, a constant)."""
        if align == 1:
            found = _TOPS.get(width)
            if found is None:
                found = _TOPS[width] = Fact.make(signed_min(width), signed_max(width), 1, width)
            return found
        return Fact.make(signed_min(width), signed_max(width), align, width)

    @staticmethod
    def const(value: int, width: int) -> Fact:
        """The constant; one outside the width's signed range is no value it holds alike
        everywhere (`4294967296 : index` is 0 in one PTOAS's `int32_t` and itself in the
        other's `int64_t`), so nothing is known of it but the width."""
        if not signed_min(width) <= value <= signed_max(width):
            return Fact.top(width)
        return Fact(value, value, largest_power_of_two_dividing(value), width)

    @staticmethod
    def make(lo: int, hi: int, align: int, width: int) -> Fact:
        """A fact, or the width's top where [lo, hi] leaves the signed range.
        The bounds are tightened to the alignment (a multiple of 256 below 800
        is at most 768), which keeps them exact for loop induction variables."""
        align = max(1, min(align, MAX_ALIGNMENT))
        if lo < signed_min(width) or hi > signed_max(width):
            return Fact.top(width, align)
        if align > 1:
            lo, hi = _ceil_to(lo, align), _floor_to(hi, align)
            if lo > hi:  # no multiple in range: only reachable on dead paths; stay sound
                return Fact(0, 0, MAX_ALIGNMENT, width)
        if lo == hi:
            align = max(align, largest_power_of_two_dividing(lo))
        return Fact(lo, hi, align, width)

    @property
    def constant(self) -> int | None:
        return self.lo if self.lo == self.hi else None

    @property
    def open(self) -> bool:
        """Whether a side of the fact is only the width's own bound (a value that may have
        wrapped, or one nothing bounds): of `index`, such a side holds in the 32-bit
        reading alone (`wide_reading`). A constant is never open."""
        lo, hi, align, width = self
        if lo == hi:
            return False
        half = 1 << (width - 1)  # bounded_below and bounded_above, inline: a hot path
        return lo - align < -half or hi + align >= half

    @property
    def non_negative(self) -> bool:
        return self.lo >= 0

    @property
    def bounded_above(self) -> bool:
        """Whether something other than the width bounds the value from above
        (the top's upper bound is the width's largest multiple of `align`)."""
        return self.hi + self.align <= signed_max(self.width)

    @property
    def bounded_below(self) -> bool:
        return self.lo - self.align >= signed_min(self.width)

    def intersect(self, other: Fact) -> Fact:
        """Both facts hold (an axiom narrowing what the op itself guarantees)."""
        return Fact.make(max(self.lo, other.lo), min(self.hi, other.hi),
                         max(self.align, other.align), self.width)

    def within(self, other: Fact) -> bool:
        """Whether every value this fact allows, `other` allows too (one width)."""
        return (self.width == other.width and other.lo <= self.lo and self.hi <= other.hi
                and self.align % other.align == 0)

    def within_as_index(self, other: Fact) -> bool:
        """`within` in both readings of index: a side only the 32-bit width bounds (`open`)
        is no bound at 64 bits, so it is never within a closed side of `other` (found
        by red team: a call passed max(a * 2, 0), bounded above by wraparound alone, to an
        argument that declares [0, 2**31 - 1), and the callee's proof believed it)."""
        return self.within(other) and wide_reading(self).within(wide_reading(other))

    def is_multiple(self, divisor: int) -> bool:
        return self.align % divisor == 0

    def show(self) -> str:
        # A bound only the width sets (the top, tightened to the alignment) is no bound; a
        # constant is bounded whatever its alignment (0's is larger than the width's range).
        single = self.lo == self.hi
        lo = str(self.lo) if self.bounded_below or single else "-inf"
        hi = str(self.hi) if self.bounded_above or single else "+inf"
        return f"[{lo}, {hi}], a multiple of {self.align}"


# The top of each width (facts are immutable: one object serves every value).
_TOPS: dict[int, Fact] = {}


def _hull(width: int, align: int, values: Sequence[int]) -> Fact:
    return Fact.make(min(values), max(values), align, width)


def _corners(a: Fact, b: Fact, op: Callable[[int, int], int]) -> list[int]:
    return [op(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]


# ---------------------------------------------------------------- arithmetic


def add(a: Fact, b: Fact) -> Fact:
    return Fact.make(a.lo + b.lo, a.hi + b.hi, min(a.align, b.align), a.width)


def sub(a: Fact, b: Fact) -> Fact:
    return Fact.make(a.lo - b.hi, a.hi - b.lo, min(a.align, b.align), a.width)


def mul(a: Fact, b: Fact) -> Fact:
    return _hull(a.width, a.align * b.align, _corners(a, b, lambda x, y: x * y))


def min_signed(a: Fact, b: Fact) -> Fact:
    if a.width == 1:
        return _either_bool(a, b)
    return Fact.make(min(a.lo, b.lo), min(a.hi, b.hi), min(a.align, b.align), a.width)


def max_signed(a: Fact, b: Fact) -> Fact:
    if a.width == 1:
        return _either_bool(a, b)
    return Fact.make(max(a.lo, b.lo), max(a.hi, b.hi), min(a.align, b.align), a.width)


def _either_bool(a: Fact, b: Fact) -> Fact:
    """A signed min or max of i1 in both readings of it: MLIR's, where true is -1 (the
    smaller), and PTOAS's, which compares C `bool`s, where true is 1 (found by red team:
    `maxsi(%flag, false)` was proved false and is `%flag` on the device). Either way the
    result is one of the operands. The other i1 ops agree in both readings: add, sub and
    mul are xor and and, a division's only divisor is true, a shift's only amount 0 (the
    brute-force test holds every one to both)."""
    return select(a, b)


def _unsigned_operands(*facts: Fact) -> bool:
    """Unsigned ops read the same number as signed ones while the sign bit is clear."""
    return all(f.non_negative for f in facts)


def min_unsigned(a: Fact, b: Fact) -> Fact:
    if not _unsigned_operands(a, b):
        return Fact.top(a.width)
    return min_signed(a, b)


def max_unsigned(a: Fact, b: Fact) -> Fact:
    if not _unsigned_operands(a, b):
        return Fact.top(a.width)
    return max_signed(a, b)


def _floordiv(x: int, y: int) -> int:
    return x // y


def _truncdiv(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y > 0) else -q


def _ceildiv(x: int, y: int) -> int:
    return -((-x) // y)


def _quotient_align(a: Fact, b: Fact) -> int:
    """x = a.align * m and a constant divisor d with d | a.align: x / d = (a.align / d) * m."""
    d = b.constant
    if d is None or d <= 0 or a.align % d:
        return 1
    return a.align // d


def _divide(a: Fact, b: Fact, op: Callable[[int, int], int]) -> Fact:
    # Integer division is monotonic in each operand once the divisor's sign is fixed,
    # so the extremes lie at the corners. A divisor that may be 0 is undefined behaviour.
    if b.lo <= 0 <= b.hi:
        return Fact.top(a.width)
    return _hull(a.width, _quotient_align(a, b), _corners(a, b, op))


def floordiv_signed(a: Fact, b: Fact) -> Fact:
    return _divide(a, b, _floordiv)


def div_signed(a: Fact, b: Fact) -> Fact:
    return _divide(a, b, _truncdiv)


def ceildiv_signed(a: Fact, b: Fact) -> Fact:
    return _divide(a, b, _ceildiv)


def _unsigned_max(width: int) -> int:
    return (1 << width) - 1


def div_unsigned(a: Fact, b: Fact) -> Fact:
    if _unsigned_operands(a, b):
        return _divide(a, b, _floordiv)
    if b.lo >= 2:
        # A dividend of any sign is at most 2**w - 1 unsigned; a divisor of at least 2
        # (its own unsigned reading) brings the quotient below the sign bit.
        return Fact.make(0, _unsigned_max(a.width) // b.lo, 1, a.width)
    return Fact.top(a.width)


def rem_signed(a: Fact, b: Fact) -> Fact:
    """The remainder takes the dividend's sign and stays below the divisor's magnitude.
    Where the operands may be the least value and -1, which is undefined as a divisor of 0
    is, the result is an unknown value of the width, as for a divisor that may be 0 (found
    by red team: `remsi(least + min(block index, 5), -1)` was proved the constant 0)."""
    if b.lo <= 0 <= b.hi or (a.lo == signed_min(a.width) and b.lo <= -1 <= b.hi):
        return Fact.top(a.width)
    bound = max(abs(b.lo), abs(b.hi)) - 1
    align = min(a.align, b.align)
    if a.non_negative:
        if a.hi <= min(abs(b.lo), abs(b.hi)) - 1:  # the dividend is its own remainder
            return a
        return Fact.make(0, min(a.hi, bound), align, a.width)
    if a.hi <= 0:
        return Fact.make(max(a.lo, -bound), 0, align, a.width)
    return Fact.make(max(a.lo, -bound), min(a.hi, bound), align, a.width)


def rem_unsigned(a: Fact, b: Fact) -> Fact:
    if _unsigned_operands(a, b):
        return rem_signed(a, b)
    if b.lo >= 1:
        # Whatever the dividend's sign, the unsigned remainder lies below a positive
        # divisor (its own unsigned reading), and keeps the alignment both share: the
        # unsigned reading of a multiple of 2**k is one too, for 2**k up to 2**w.
        return Fact.make(0, b.hi - 1, min(a.align, b.align), a.width)
    return Fact.top(a.width)


def _shift_amount(b: Fact, width: int) -> int | None:
    """A constant shift below the width (a shift by the width or more is poison)."""
    s = b.constant
    return s if s is not None and 0 <= s < width else None


def shift_left(a: Fact, b: Fact) -> Fact:
    s = _shift_amount(b, a.width)
    if s is None:
        return Fact.top(a.width)
    return Fact.make(a.lo << s, a.hi << s, a.align << s, a.width)


def shift_right_signed(a: Fact, b: Fact) -> Fact:
    s = _shift_amount(b, a.width)
    if s is None:
        return Fact.top(a.width)
    return Fact.make(a.lo >> s, a.hi >> s, max(1, a.align >> s), a.width)


def shift_right_unsigned(a: Fact, b: Fact) -> Fact:
    if _unsigned_operands(a):
        return shift_right_signed(a, b)
    s = _shift_amount(b, a.width)
    if s is not None and s >= 1:  # zeros shifted in at the top: below the sign bit
        return Fact.make(0, _unsigned_max(a.width) >> s, 1, a.width)
    return Fact.top(a.width)


def and_(a: Fact, b: Fact) -> Fact:
    """x & mask: bounded by a non-negative operand; `x & -2**k` rounds down to 2**k."""
    for x, m in ((a, b), (b, a)):
        mask = m.constant
        if mask is None:
            continue
        align = max(x.align, largest_power_of_two_dividing(mask))
        if mask >= 0:
            return Fact.make(0, min(mask, x.hi) if x.non_negative else mask, align, a.width)
        step = -mask
        if step & (step - 1) == 0:  # x & -2**k rounds down to a multiple of 2**k
            return Fact.make(_floor_to(x.lo, step), _floor_to(x.hi, step), align, a.width)
        if x.non_negative:
            return Fact.make(0, x.hi, align, a.width)
        return Fact.top(a.width, align)
    if a.non_negative or b.non_negative:
        his = [f.hi for f in (a, b) if f.non_negative]
        return Fact.make(0, min(his), max(a.align, b.align), a.width)
    return Fact.top(a.width, max(a.align, b.align))


def _disjoint_bits(a: Fact, b: Fact) -> bool:
    """One operand lies in [0, 2**k) and the other is a multiple of 2**k: no common bit."""
    return (b.lo >= 0 and b.hi < a.align) or (a.lo >= 0 and a.hi < b.align)


def or_(a: Fact, b: Fact) -> Fact:
    """x | y of disjoint bits is x + y; anything else is not tracked."""
    return add(a, b) if _disjoint_bits(a, b) else Fact.top(a.width)


def xor(a: Fact, b: Fact) -> Fact:
    return add(a, b) if _disjoint_bits(a, b) else Fact.top(a.width)


def select(a: Fact, b: Fact) -> Fact:
    return Fact.make(min(a.lo, b.lo), max(a.hi, b.hi), gcd(a.align, b.align), a.width)


# ---------------------------------------------------------------- undefined results
#
# An op that is poison (MLIR) or undefined (PTOAS's C) yields no value the transfer functions
# describe, and neither does anything computed from it: PTOAS folds by MLIR's poison rules
# before it emits C, and the device compiler by C's (found by red team: `divsi(muli(x, 2**28)
# overflow<nsw>, 2**28)` is `x` after PTOAS's folds, where the wrapped product gave [-8, 7]).
# An overflow flag (`nsw`, `nuw`) is poison wherever the facts leave room for the overflow:
# MLIR's folds read the flag, not the operands. A shift or a division is poison where the
# facts prove it so (an amount outside [0, width), a divisor of 0, the width's least value
# divided by a divisor in [-1, 0]: undefined for every pair the facts allow): a compiler
# folds those and what reads them; an operand that only may be one is an unknown value at
# run time, of the width's range (the top every transfer function gives wherever a pair of
# its operands' members is undefined). An `index` op is asked in both readings
# (`undefined_in_both`).


def _unsigned_range(fact: Fact) -> tuple[int, int]:
    """The unsigned readings a fact allows, as an interval."""
    if fact.lo >= 0:
        return fact.lo, fact.hi
    if fact.hi < 0:
        return fact.lo + (1 << fact.width), fact.hi + (1 << fact.width)
    return 0, _unsigned_max(fact.width)


def _divisor_zero(_: Fact, b: Fact) -> bool:
    return b.constant == 0


def _signed_division_undefined(a: Fact, b: Fact) -> bool:
    """A divisor of 0, or the one quotient past the width, the width's least value by -1:
    MLIR's signed divisions and remainders are undefined for both, and so are C's `/` and
    `%` that PTOAS emits for them (found by red team: `divsi(-2**31, -1)` was read as an
    unknown i32, so max(min(it, 8), 0) was proved a row offset in [0, 8], where LLVM folds
    the quotient, and every min and max of it, to poison). Undefined for every pair the facts
    allow, not only for constants: the least value by a divisor of -1 or 0 is either
    (found by red team: `divsi(least, select(c, -1, 0))` was an unknown value)."""
    return _divisor_zero(a, b) or (a.constant == signed_min(a.width) and -1 <= b.lo <= b.hi <= 0)


def _shift_out_of_range(a: Fact, b: Fact) -> bool:
    """Every amount outside [0, width): poison in MLIR, and in C past 32 bits."""
    return b.hi < 0 or b.lo >= a.width


def _signed_result(kind: str, a: Fact, b: Fact) -> tuple[int, int]:
    """The exact result's interval of an op an overflow flag may name."""
    if kind == "add":
        return a.lo + b.lo, a.hi + b.hi
    if kind == "sub":
        return a.lo - b.hi, a.hi - b.lo
    if kind == "mul":
        values = _corners(a, b, lambda x, y: x * y)
    else:  # shift_left, by an amount in [0, width) (else undefined anyway)
        values = [x << max(y, 0) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    return min(values), max(values)


def _unsigned_result(kind: str, a: Fact, b: Fact) -> tuple[int, int]:
    (alo, ahi), (blo, bhi) = _unsigned_range(a), _unsigned_range(b)
    if kind == "add":
        return alo + blo, ahi + bhi
    if kind == "sub":
        return alo - bhi, ahi - blo
    if kind == "mul":
        return alo * blo, ahi * bhi
    return alo << max(b.lo, 0), ahi << max(b.hi, 0)


def overflow_undefined(kind: str, signed: bool, unsigned: bool, a: Fact, b: Fact) -> bool:
    """Whether `kind` (add, sub, mul, shift_left) with the `nsw` (signed) or `nuw`
    (unsigned) flag may overflow, which makes it poison."""
    if signed:
        lo, hi = _signed_result(kind, a, b)
        if lo < signed_min(a.width) or hi > signed_max(a.width):
            return True
    if unsigned:
        lo, hi = _unsigned_result(kind, a, b)
        if lo < 0 or hi > _unsigned_max(a.width):
            return True
    return False


def truncation_undefined(signed: bool, unsigned: bool, a: Fact, width: int) -> bool:
    """Whether `trunci` to `width` bits with `nsw` / `nuw` may drop bits its flags say it
    keeps (the value fits the narrow width read signed / unsigned)."""
    if signed and (a.lo < signed_min(width) or a.hi > signed_max(width)):
        return True
    return unsigned and _unsigned_range(a)[1] > _unsigned_max(width)


def inexact_undefined(kind: str, a: Fact, b: Fact) -> bool:
    """Whether `kind` (div_signed, div_unsigned, shift_right_signed, shift_right_unsigned)
    with the `exact` flag may drop a non-zero remainder (shift out a set bit), which makes it
    poison (found by red team: `divsi(x, 16) exact` of x in [0, 136] was proved in [0, 8],
    and MLIR's semantics let a compiler rewrite `(x / 16 exact) * 16` to x). Exact only where
    the facts prove it: a constant amount whose bits the dividend's alignment clears, a
    dividend that is a multiple of a constant power-of-two divisor (read signed or unsigned
    as the op does), or two constants that divide."""
    d = b.constant
    if d is None:
        return True
    if kind.startswith("shift"):
        return not 0 <= d < a.width or not a.is_multiple(1 << d)
    signed = kind == "div_signed"
    divisor = abs(d) if signed else d % (1 << a.width)
    if divisor == 0:
        return True
    x = a.constant
    if x is not None:
        return (x if signed else x % (1 << a.width)) % divisor != 0
    return divisor & (divisor - 1) != 0 or not a.is_multiple(divisor)


UNDEFINED: dict[str, Callable[[Fact, Fact], bool]] = {
    "floordiv_signed": _signed_division_undefined, "div_signed": _signed_division_undefined,
    "ceildiv_signed": _signed_division_undefined, "rem_signed": _signed_division_undefined,
    "div_unsigned": _divisor_zero, "rem_unsigned": _divisor_zero,
    "ceildiv_unsigned": _divisor_zero,
    "shift_left": _shift_out_of_range, "shift_right_signed": _shift_out_of_range,
    "shift_right_unsigned": _shift_out_of_range,
}
"""The binary ops proved poison by their operands' facts, by semantic name (nzpass.nz.offsets
maps op names onto them); every other op is poison only by its overflow flags."""


def undefined_in_both(predicate: Callable[[Fact, Fact], bool], a: Fact, b: Fact) -> bool:
    """`predicate` of index operands in both readings: undefined in either is undefined."""
    return predicate(a, b) or predicate(wide_reading(a), wide_reading(b))


# ---------------------------------------------------------------- casts


def _align_at(align: int, width: int) -> int:
    """An alignment that holds of the low `width` bits: at most 2**(width-1)."""
    return min(align, 1 << (width - 1))


def resize_signed(a: Fact, width: int) -> Fact:
    """Sign extension, or truncation (exact only while the value fits the new width)."""
    align = _align_at(a.align, width)
    if a.lo < signed_min(width) or a.hi > signed_max(width):
        return Fact.top(width, align)
    return Fact.make(a.lo, a.hi, align, width)


def index_cast(a: Fact, width: int) -> Fact:
    """`arith.index_cast` as both readings of it: MLIR's sign extension, and the C cast
    PTOAS emits, which reads an i1 (a C `bool`) as 0 or 1 where MLIR reads true as -1
    (found by red team: `0 - index_cast(true)` was proved >= 0 and was -1 on the device).
    Every wider source is a signed C integer, read alike."""
    signed = resize_signed(a, width)
    return signed if a.width != 1 else select(signed, resize_unsigned(a, width))


def resize_unsigned(a: Fact, width: int) -> Fact:
    """Zero extension (index_castui, extui): a negative value reads as value + 2**W."""
    if a.non_negative:
        return resize_signed(a, width)
    if width <= a.width:
        return Fact.top(width, _align_at(a.align, width))
    wrap = 1 << a.width
    if a.hi < 0:
        return Fact.make(a.lo + wrap, a.hi + wrap, min(a.align, wrap), width)
    return Fact.make(0, wrap - 1, 1, width)


# ---------------------------------------------------------------- the two readings of index


def wide_reading(fact: Fact, width: int = WIDE_INDEX_WIDTH) -> Fact:
    """What an index fact says of the value where index is `width` bits: a side some
    derivation bounded holds alike (no wrap at 32 bits, none at 64), a side only the
    32-bit width bounds (`Fact.open`) is open to the wide width's own bound. The
    alignment holds in both: both readings agree in the low bits of every op that keeps
    one."""
    if not fact.open:
        return Fact.make(fact.lo, fact.hi, fact.align, width)
    lo = fact.lo if fact.bounded_below else signed_min(width)
    hi = fact.hi if fact.bounded_above else signed_max(width)
    return Fact.make(lo, hi, fact.align, width)


def both_readings(narrow: Fact, wide: Fact) -> Fact:
    """The fact, at the narrow reading's width, of an op's result computed in both
    readings of index: their hull, where a side past the narrow width's range is left
    open (the width's own bound, which `wide_reading` reads as none). `wide` is at the
    wide width for an index result, at the result's own width for any other."""
    width = narrow.width
    lo, hi = min(narrow.lo, wide.lo), max(narrow.hi, wide.hi)
    align = min(narrow.align, wide.align)
    if signed_min(width) <= lo and hi <= signed_max(width):
        return Fact.make(lo, hi, align, width)
    # Open a side at the width's bound: an alignment below 2**(width-2) keeps the bound,
    # tightened to it, open and the fact no constant; where the kept side would meet the
    # opened one, nothing is known but the alignment.
    align = min(align, 1 << max(width - 2, 0))
    fact = Fact.make(max(lo, signed_min(width)), min(hi, signed_max(width)), align, width)
    opened_below, opened_above = lo < signed_min(width), hi > signed_max(width)
    if fact.constant is None and not (opened_below and fact.bounded_below) and not (
            opened_above and fact.bounded_above):
        return fact
    return Fact.top(width, align)


def index_op(transfer: Callable[..., Fact], operands: Sequence[Fact],
             wide_width: int = WIDE_INDEX_WIDTH, foldable: bool = False) -> Fact:
    """The fact of an op on index operands (and an index result): computed once where
    every operand is bounded and non-negative and the result is no constant (then neither
    reading wraps and the two agree), in both readings otherwise. A constant result may be
    a wrap: a multiple of 2**32 is 0 at 32 bits alone (found by red team: `a * 65536` of a
    in {0, 65536} was proved 0, which is 2**32 in int64_t). An unsigned op reads a negative
    operand as value + 2**32 in one reading and value + 2**64 in the other (found by red
    team: `divui` by 3 of a value in [-10, 65524] was proved below 2**31 / 1.5, and is
    about 2**62.4 in int64_t). A `foldable` op (MLIR may fold it to a literal) has a
    third reading, `folded_reading`."""
    fact = transfer(*operands)
    if fact.constant is not None:
        return _in_both_readings(transfer, operands, fact, wide_width, foldable)
    for operand in operands:
        if operand.open or operand.lo < 0:
            return _in_both_readings(transfer, operands, fact, wide_width, foldable)
    return fact


def _in_both_readings(transfer: Callable[..., Fact], operands: Sequence[Fact], narrow: Fact,
                      wide_width: int, foldable: bool) -> Fact:
    wide = transfer(*(wide_reading(f, wide_width) for f in operands))
    if foldable:
        return folded_reading(narrow, wide)
    return both_readings(narrow, wide)


def folded_reading(narrow: Fact, wide: Fact) -> Fact:
    """`both_readings` of an op MLIR may fold to a literal (every operand a literal once
    folded): MLIR folds `index` arithmetic at 64 bits (its attributes' width), and the
    32-bit PTOAS writes the folded literal into an `int32_t`, which wraps it. So the narrow
    reading also holds the wide result wrapped to the narrow width: anything but its
    alignment where the wide result may leave the narrow range (found by red team:
    `divui(-16, 2**28)` was proved >= 0 in both readings, and is the literal 2**36 - 1,
    -1 in int32_t)."""
    width = narrow.width
    if signed_min(width) <= wide.lo and wide.hi <= signed_max(width):
        return both_readings(narrow, wide)
    return Fact.top(width, min(narrow.align, wide.align, 1 << max(width - 2, 0)))


def cast_of_index(cast: Callable[[Fact, int], Fact], source: Fact, width: int,
                  to_index: bool, wide_width: int = WIDE_INDEX_WIDTH) -> Fact:
    """A cast of an index source to `width` bits (index itself when `to_index`), in both
    readings each time: zero extension reads a negative index as value + 2**32 in one
    and value + 2**64 in the other."""
    wide = cast(wide_reading(source, wide_width), wide_width if to_index else width)
    return both_readings(cast(source, width), wide)


# ---------------------------------------------------------------- loops and launches


def induction_variable(start: Fact, stop: Fact, step: Fact, unsigned: bool = False) -> Fact:
    """The induction variable of `for iv = start to stop step step`: iv = start + k*step,
    iv < stop. Its interval holds while the increment cannot wrap (stop - 1 + step
    fits the width) and the step is positive; otherwise only the alignment is known."""
    width = start.width
    align = min(start.align, step.align)
    if step.lo < 1 or stop.hi - 1 + step.hi > signed_max(width):
        return Fact.top(width, align)
    if unsigned and not _unsigned_operands(start, stop):
        return Fact.top(width, align)
    last = stop.hi - 1
    s, p = start.constant, step.constant
    if s is not None and p is not None and last >= s:
        last = s + (last - s) // p * p  # the last value the steps from s reach
    return Fact.make(start.lo, max(start.lo, last), align, width)


# A launch has at most this many blocks: the block-dimension field of an Ascend
# kernel launch is 16 bits wide (documented in docs/nz-semantics.md).
MAX_LAUNCH_BLOCKS = 65535


def block_index(width: int) -> Fact:
    return Fact.make(0, MAX_LAUNCH_BLOCKS - 1, 1, width)


def block_count(width: int) -> Fact:
    return Fact.make(1, MAX_LAUNCH_BLOCKS, 1, width)


def admits_a_value(width: int, multiple_of: int | None, lo: int | None,
                   hi_exclusive: int | None) -> bool:
    """Whether some value of the width is a multiple of `multiple_of` in [lo, hi)
    (None: unstated). Facts no value meets prove anything at all, so they are refused
    rather than believed (a multiple of 16 in [1, 16) would fold the value to 0)."""
    low = signed_min(width) if lo is None else max(lo, signed_min(width))
    high = signed_max(width) if hi_exclusive is None else min(hi_exclusive - 1, signed_max(width))
    step = multiple_of or 1
    return _ceil_to(low, step) <= high


def declared(width: int, multiple_of: int | None, lo: int | None, hi_exclusive: int | None,
             index: bool = False) -> Fact:
    """The axioms a function argument's facts state (`nz.multiple_of`, `nz.range`); of an
    `index` one, in both readings of index, as every index op's fact (`index_op`): at 32
    bits a multiple of 2**32 is the constant 0, which a 64-bit index need not be (found by
    red team: `nz.multiple_of = 4294967296` made an offset 0, and the host may pass 2**32)."""
    if index:
        return both_readings(declared(width, multiple_of, lo, hi_exclusive),
                             declared(WIDE_INDEX_WIDTH, multiple_of, lo, hi_exclusive))
    low = signed_min(width) if lo is None else lo
    high = signed_max(width) if hi_exclusive is None else hi_exclusive - 1
    align = 1 if multiple_of is None else largest_power_of_two_dividing(multiple_of)
    return Fact.make(low, high, align, width)


BINARY: dict[str, Callable[[Fact, Fact], Fact]] = {
    "add": add, "sub": sub, "mul": mul,
    "min_signed": min_signed, "max_signed": max_signed,
    "min_unsigned": min_unsigned, "max_unsigned": max_unsigned,
    "floordiv_signed": floordiv_signed, "div_signed": div_signed,
    "ceildiv_signed": ceildiv_signed, "div_unsigned": div_unsigned,
    "rem_signed": rem_signed, "rem_unsigned": rem_unsigned,
    "shift_left": shift_left, "shift_right_signed": shift_right_signed,
    "shift_right_unsigned": shift_right_unsigned,
    "and": and_, "or": or_, "xor": xor,
}
"""Every binary transfer function by its semantic name; the MLIR side maps op
names onto these (nzpass.nz.offsets), the tests check each against brute force."""
