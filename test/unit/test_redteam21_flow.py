"""Red-team round 21, area flow: integer facts the two PTOAS readings of `index` do not share.

- An unsigned op (divui, shrui) on an index operand that is bounded but may be negative was
  computed once, at 32 bits: the int64-index PTOAS reads -1 as 2**64 - 1, not 2**32 - 1, so
  `divui(x, 3) >> 28` of x in [-10, 65524] was proved at most 5 and is 2**34-odd there.
- Two NZ views' dynamic dims were keyed alike when spelled by the same casts of constants of
  different types (index_castui of -1 : i32 and of -1 : i64), which differ where index is 64
  bits (2**32 - 1 and 2**64 - 1), so two planes of different heights passed as one.
- A block index fact that excludes block 0 (`nz.range = [8, 9)`) was believed, though every
  launch runs block 0: `bid - 8` was proved a row offset of 0 and is -8 there.
Expectations come from what PTOAS's C computes (`uint64_t` arithmetic on an `int64_t` index in
tonibohnlein/PTOAS's PTOToEmitC.cpp), never from the prover.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nzpass import run_pipeline
from nzpass.ir.bindings import ir
from nzpass.nz import intervals as iv
from nzpass.nz import offsets
from nzpass.nz.intervals import Fact

# The two readings of index at sizes small enough to try every value (test_intervals' own).
NARROW, WIDE = 3, 6
_UNSIGNED = ("div_unsigned", "rem_unsigned", "shift_right_unsigned", "min_unsigned",
             "max_unsigned")


def _wrap(x: int, width: int) -> int:
    x &= (1 << width) - 1
    return x - (1 << width) if x >> (width - 1) else x


def _unsigned_op(name: str, x: int, y: int, width: int) -> int | None:
    """The op on the unsigned readings of x and y at `width` bits (None: poison)."""
    ux, uy = x & ((1 << width) - 1), y & ((1 << width) - 1)
    if name in ("div_unsigned", "rem_unsigned") and uy == 0:
        return None
    if name == "shift_right_unsigned" and not 0 <= y < width:
        return None
    value = {"div_unsigned": lambda: ux // uy, "rem_unsigned": lambda: ux % uy,
             "shift_right_unsigned": lambda: ux >> uy,
             "min_unsigned": lambda: x if ux <= uy else y,
             "max_unsigned": lambda: x if ux >= uy else y}[name]()
    return _wrap(value, width)


def _members(fact: Fact) -> list[int]:
    return [v for v in range(fact.lo, fact.hi + 1) if v % fact.align == 0]


@st.composite
def _closed_facts(draw) -> Fact:
    """A fact some derivation bounds on both sides (not `open`), of either sign: the operands
    the analysis computed in one reading only."""
    lo = draw(st.integers(iv.signed_min(NARROW) + 1, iv.signed_max(NARROW) - 1))
    hi = draw(st.integers(lo, iv.signed_max(NARROW) - 1))
    fact = Fact.make(lo, hi, 1, NARROW)
    return fact if not fact.open else Fact.const(lo, NARROW)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_UNSIGNED), _closed_facts(), _closed_facts())
@example("div_unsigned", Fact(-2, 2, 1, NARROW), Fact(3, 3, 1, NARROW))
@example("shift_right_unsigned", Fact(-2, 2, 1, NARROW), Fact(2, 2, 2, NARROW))
def test_unsigned_index_ops_of_bounded_negative_operands_hold_in_both_readings(name, a, b):
    """Every value an unsigned index op gives in either reading lies in its fact (read at
    that width), for operands bounded on both sides that may be negative."""
    result = iv.index_op(iv.BINARY[name], (a, b), WIDE)
    wide = iv.wide_reading(result, WIDE)
    for width, fact in ((NARROW, result), (WIDE, wide)):
        allowed = set(_members(fact))
        for x in _members(a):
            for y in _members(b):
                value = _unsigned_op(name, x, y, width)
                assert value is None or value in allowed, (name, x, y, width, value, result)


def test_the_red_team_division_is_open_above():
    """divui by 3 of x in [-10, 65524] (a block index minus 10): 1431655762 at 32 bits,
    6148914691236517202 where index is 64 bits; no bound below 2**31 holds of both."""
    x = Fact.make(-10, 65524, 1, iv.INDEX_WIDTH)
    quotient = iv.index_op(iv.div_unsigned, (x, Fact.const(3, iv.INDEX_WIDTH)))
    assert not quotient.bounded_above
    assert iv.wide_reading(quotient).hi >= ((1 << 64) - 10) // 3


# ------------------------------------------------------------------ verify-pto-nz on pto IR

_VERIFY = "builtin.module(verify-pto-nz)"
_TILE = ("!pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, "
         "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
_TILE_16 = _TILE.replace("rows=128", "rows=16").replace("v_row=128", "v_row=16")
_VIEW_TYPE = "!pto.tensor_view<?x?x?x?x?xi8>"
_INDEX10 = ", ".join(["index"] * 10)


def _errors(text: str) -> list[str]:
    return [d.message for d in run_pipeline(ir.Module.parse(text), _VERIFY).errors]


def _row_fractal_load(body: str) -> str:
    """A [256, 512] i8 NZ weight (16 row fractals) and a load of 8 row fractals at offset[2]
    = %o, which `body` defines: in bounds only for %o in [0, 8]."""
    return f"""
func.func @k(%p: !pto.ptr<i8>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.ptr<i8>, {_INDEX10}) -> {_VIEW_TYPE}
{body}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32)
      {{operandSegmentSizes = array<i32: 1, 5, 5>}} : ({_VIEW_TYPE}, {_INDEX10})
      -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {_TILE}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
      : (!pto.partition_tensor_view<1x16x8x16x32xi8>, {_TILE}) -> ()
  return
}}"""


_BLOCK_MINUS_10 = """
  %bid = "pto.get_block_idx"() : () -> index
  %c10 = arith.constant 10 : index
  %x = arith.subi %bid, %c10 : index
"""


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("unsigned_op", [
    # divui by 3 then >> 28: 5 at 32 bits, 22906492245 where index is 64 bits.
    "%c3 = arith.constant 3 : index\n  %q = arith.divui %x, %c3 : index\n"
    "  %c28 = arith.constant 28 : index\n  %o = arith.shrui %q, %c28 : index",
    # shrui by 2 then by 27: 7 at 32 bits, 2**35 - 1 where index is 64 bits.
    "%c2 = arith.constant 2 : index\n  %q = arith.shrui %x, %c2 : index\n"
    "  %c27 = arith.constant 27 : index\n  %o = arith.shrui %q, %c27 : index",
])
def test_an_unsigned_op_of_a_bounded_negative_index_is_refused(unsigned_op):
    errors = _errors(_row_fractal_load(_BLOCK_MINUS_10 + "  " + unsigned_op))
    assert len(errors) == 1 and "past the view's shape[2] = 16" in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_an_unsigned_op_of_a_non_negative_bounded_index_is_still_proved():
    # bid remui 2 is 0 or 1 in both readings; times 8 it is a row offset of 0 or 8.
    body = """
  %bid = "pto.get_block_idx"() : () -> index
  %c2 = arith.constant 2 : index
  %r = arith.remui %bid, %c2 : index
  %q = arith.divui %r, %c1 : index
  %o = arith.muli %q, %c8 : index"""
    assert _errors(_row_fractal_load(body)) == []


def _two_views(cast_a: str, cast_b: str) -> str:
    """Two NZ views of %p whose row-fractal count is (cast(-1) remui 7) + 1 with the casts
    given (`index_castui %m1_i32 : i32`), each loaded at its first row fractal."""
    views = []
    for n, cast in (("a", cast_a), ("b", cast_b)):
        value, type_ = cast.split(" : ")
        views.append(f"""
  %u{n} = arith.index_castui {value} : {type_} to index
  %r{n} = arith.remui %u{n}, %c7 : index
  %rf{n} = arith.addi %r{n}, %c1 : index
  %s1{n} = arith.muli %rf{n}, %c512 : index
  %s0{n} = arith.muli %s1{n}, %c16 : index
  %tv{n} = "pto.make_tensor_view"(%p, %c1, %c16, %rf{n}, %c16, %c32, %s0{n}, %s1{n}, %c512,
      %c32, %c1) {{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.ptr<i8>, {_INDEX10}) -> {_VIEW_TYPE}
  %pv{n} = "pto.partition_view"(%tv{n}, %c0, %c0, %c0, %c0, %c0, %c1, %c16, %c1, %c16, %c32)
      {{operandSegmentSizes = array<i32: 1, 5, 5>}} : ({_VIEW_TYPE}, {_INDEX10})
      -> !pto.partition_tensor_view<1x16x1x16x32xi8>
  %t{n} = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {_TILE_16}
  "pto.tload"(%pv{n}, %t{n}) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
      : (!pto.partition_tensor_view<1x16x1x16x32xi8>, {_TILE_16}) -> ()""")
    return f"""
func.func @k(%p: !pto.ptr<i8>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %m1_i32 = arith.constant -1 : i32
  %m1_i64 = arith.constant -1 : i64
{"".join(views)}
  return
}}"""


@pytest.mark.usefixtures("ctx")
def test_views_of_casts_of_constants_of_two_types_disagree():
    # Where index is 64 bits the row-fractal counts are (2**32 - 1) % 7 + 1 = 4 and
    # (2**64 - 1) % 7 + 1 = 2: column block j at j * 2048 bytes in one, j * 1024 in the other.
    errors = _errors(_two_views("%m1_i32 : i32", "%m1_i64 : i64"))
    assert len(errors) == 1 and "disagrees with its NZ view" in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_views_of_the_same_casts_of_constants_of_one_type_agree():
    assert _errors(_two_views("%m1_i32 : i32", "%m1_i32 : i32")) == []


# ------------------------------------------------------------------ launch facts

@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("op", ["pto.get_block_idx", "pl.tile.get_block_idx"])
def test_a_block_index_fact_block_0_breaks_is_refused(op):
    # nz.range = [8, 9) made bid - 8 a row offset of 0; block 0 runs in every launch, and
    # there it is -8: 8 row fractals before the tensor.
    body = f"""
  %bid = "{op}"() {{nz.range = array<i64: 8, 9>}} : () -> index
  %o = arith.subi %bid, %c8 : index"""
    errors = _errors(_row_fractal_load(body))
    assert len(errors) == 1 and "states nz.range = [8, 9), which block 0 breaks" in errors[0], (
        errors)


@pytest.mark.usefixtures("ctx")
def test_a_block_index_fact_from_0_is_still_believed():
    body = """
  %bid = "pto.get_block_idx"() {nz.range = array<i64: 0, 2>, nz.multiple_of = 1 : i64}
      : () -> index
  %o = arith.muli %bid, %c8 : index"""
    assert _errors(_row_fractal_load(body)) == []


# ---- launch facts that meet in one launch (OffsetAnalysis._check_launch_meets) ----

_RANGE = st.one_of(st.none(), st.tuples(st.integers(0, 12), st.integers(1, 14)))
_FACT = st.tuples(st.booleans(), st.one_of(st.none(), st.integers(1, 4)), _RANGE)


def _met_by_enumeration(stated) -> bool:
    """Some n in 1..40 (every bound here is below it) meets every fact, blocks 0..n-1."""
    def meets(n, index, multiple, rng):
        values = range(n) if index else (n,)
        return all((multiple is None or v % multiple == 0)
                   and (rng is None or rng[0] <= v < rng[1]) for v in values)
    return any(all(meets(n, index, multiple, rng) for _, index, (multiple, *rng_) in stated
                   for rng in [None if rng_ == [None, None] else tuple(rng_)])
               for n in range(1, 40))


@settings(max_examples=400, deadline=None)
@given(st.lists(_FACT, min_size=1, max_size=4))
def test_launch_facts_meet_exactly_when_some_launch_meets_them(facts):
    """_launch_met agrees with enumerating every block count (with block 0 in each index
    range: a range that leaves it out is refused on its own, _check_block_zero_meets)."""
    stated = []
    for index, multiple, rng in facts:
        lo, hi = (None, None) if rng is None else (min(rng), max(rng) + 1)
        if index and lo is not None:
            lo = 0
        stated.append((None, index, (multiple, lo, hi)))
    assert offsets._launch_met(stated) == _met_by_enumeration(stated)
