"""Red-team round 23, area ints: values that are poison, and what is computed from them.

The analysis gave an op that may be poison the width's top, and then derived facts from that
top as from any unknown value: `divsi(muli(x, 2**28) overflow<nsw>, 2**28)` was proved in
[-8, 7] (the wrapped product's quotient), yet PTOAS folds it by MLIR's poison rules, before it
emits C, to `x` itself (DivSIOp's fold of a nsw product; the greedy rewrites and the EmitC
conversion fold every op). Poison, and a compiler's fold of it, is any value at each use: no
fact holds of anything computed from it. Sources: an overflow flag (nsw/nuw) the operands'
facts may break, a shift by an amount proved outside [0, width), a division by the constant 0,
`ub.poison`; carried by arith ops, scf.for bounds, iter_args and region results.
Expectations come from upstream MLIR's own folds (run here), never from the prover.
"""

from __future__ import annotations

import itertools

import pytest
from mlir.passmanager import PassManager

from nzpass import parse_module, run_pipeline
from nzpass.ir.bindings import ir
from nzpass.nz import intervals as iv
from nzpass.nz import offsets
from test_redteam22_ints import _row_fractal_load

_VERIFY = "builtin.module(verify-pto-nz)"
_NEGATIVE = "offset[2] (row fractals (R/16)) may be negative"


def _errors(text: str) -> list[str]:
    return [d.message for d in run_pipeline(parse_module(text, "t.pto"), _VERIFY).errors]


def _clamped(source: str) -> str:
    """offset[2] = index_cast(max(%d, 0)) for the i32 %d that `source` defines from %bi, the
    block index as i32: in [0, 8] only if %d is at most 8."""
    return f"""  %c8 = arith.constant 8 : index
  %b = pto.get_block_idx
  %bi = arith.trunci %b : i64 to i32
  %z = arith.constant 0 : i32
{source}
  %e = arith.maxsi %d, %z : i32
  %o = arith.index_cast %e : i32 to index"""


_NSW_QUOTIENT = """  %k = arith.constant 268435456 : i32
  %m = arith.muli %bi, %k overflow<nsw> : i32
  %d = arith.divsi %m, %k : i32"""
_NUW_QUOTIENT = """  %k = arith.constant 268435456 : i32
  %m = arith.muli %bi, %k overflow<nuw> : i32
  %d = arith.divui %m, %k : i32"""
_SHIFT_PAST_WIDTH = """  %k = arith.constant 40 : i32
  %k29 = arith.constant 29 : i32
  %m = arith.shli %bi, %k : i32
  %d = arith.shrsi %m, %k29 : i32"""
_DIVISION_BY_ZERO = """  %k29 = arith.constant 29 : i32
  %m = arith.divsi %bi, %z : i32
  %d = arith.shrsi %m, %k29 : i32"""
_POISON = """  %k29 = arith.constant 29 : i32
  %m = ub.poison : i32
  %d = arith.shrsi %m, %k29 : i32"""
_POISON_CONDITION = """  %k29 = arith.constant 29 : i32
  %k1 = arith.constant 1 : i32
  %q = ub.poison : i32
  %c = arith.cmpi slt, %q, %z : i32
  %d = arith.select %c, %z, %k1 : i32"""
# Carried in by a loop: an iter_arg whose init is poison, one whose body yields a flagged
# product, and an induction variable from a poison bound.
_CARRIED_INIT = """  %k29 = arith.constant 29 : i32
  %q = ub.poison : i32
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %q) -> (i32) {
    %s = arith.shrsi %a, %k29 : i32
    scf.yield %s : i32
  }
  %d = arith.shrsi %r, %k29 : i32"""
_CARRIED_BODY = """  %k29 = arith.constant 29 : i32
  %k = arith.constant 268435456 : i32
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %bi) -> (i32) {
    %s = arith.muli %a, %k overflow<nsw> : i32
    scf.yield %s : i32
  }
  %d = arith.shrsi %r, %k29 : i32"""
_POISON_BOUND = """  %one = arith.constant 1 : i32
  %q = ub.poison : i32
  %k29 = arith.constant 29 : i32
  %n = arith.shrsi %q, %k29 : i32
  %d = scf.for %i = %z to %n step %one iter_args(%a = %z) -> (i32) : i32 {
    scf.yield %i : i32
  }"""

POISONED = {"a nsw product divided back": _NSW_QUOTIENT,
            "a nuw product divided back": _NUW_QUOTIENT,
            "a shift past the width": _SHIFT_PAST_WIDTH, "a division by 0": _DIVISION_BY_ZERO,
            "ub.poison": _POISON, "a select on a poison condition": _POISON_CONDITION,
            "an iter_arg from poison": _CARRIED_INIT,
            "an iter_arg of a flagged product": _CARRIED_BODY,
            "a loop from a poison bound": _POISON_BOUND}


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("name", sorted(POISONED))
def test_an_offset_computed_from_poison_is_refused(name):
    errors = _errors(_row_fractal_load(_clamped(POISONED[name])))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_the_nsw_quotient_is_the_block_index_after_mlirs_folds():
    """What PTOAS computes: upstream canonicalization folds the quotient to %bi itself (the
    offset is the block index, past the tensor from block 9 on), not to the wrapped
    product's quotient in [-8, 7] the analysis had proved."""
    for body in (_NSW_QUOTIENT, _NUW_QUOTIENT):
        module = ir.Module.parse(f"func.func @f(%bi: i32) -> i32 {{\n{body}\n"
                                 "  return %d : i32\n}")
        PassManager.parse("builtin.module(canonicalize)").run(module.operation)
        ret = module.body.operations[0].regions[0].blocks[0].operations[-1]
        assert isinstance(ret.operands[0], ir.BlockArgument), module


@pytest.mark.usefixtures("ctx")
def test_the_explanation_names_the_poison_source():
    module = ir.Module.parse(f"func.func @f(%bi: i32) -> i32 {{\n{_NSW_QUOTIENT}\n"
                             "  return %d : i32\n}")
    quotient = module.body.operations[0].regions[0].blocks[0].operations[2].result
    text = offsets.explain_fact(quotient, offsets.OffsetAnalysis().fact(quotient))
    assert "computed from 'arith.muli'" in text and "may be poison" in text


_KEPT_FLAGS = """  %k = arith.constant 16 : index
  %c2 = arith.constant 2 : index
  %m = arith.muli %r, %k overflow<nsw, nuw> : index
  %q = arith.divsi %m, %k : index
  %s = arith.shli %q, %c2 overflow<nsw> : index
  %o = arith.addi %s, %c0 overflow<nsw, nuw> : index"""


@pytest.mark.usefixtures("ctx")
def test_flags_the_facts_keep_are_still_proved():
    """A flag the operands cannot break (a block index below 3, times 16) is no poison: the
    offset 4 * b is proved in [0, 8] as without the flags."""
    body = ("  %c8 = arith.constant 8 : index\n"
            '  %r = "pto.get_block_idx"() {nz.range = array<i64: 0, 3>} : () -> i64\n'
            "  %rr = arith.index_cast %r : i64 to index\n"
            + _KEPT_FLAGS.replace("%r,", "%rr,"))
    assert _errors(_row_fractal_load(body)) == []


@pytest.mark.usefixtures("ctx")
def test_poison_relates_to_nothing_not_even_itself():
    module = ir.Module.parse("func.func @f() -> index {\n  %p = ub.poison : index\n"
                             "  return %p : index\n}")
    (poison,) = module.body.operations[0].regions[0].blocks[0].operations[0].results
    analysis = offsets.OffsetAnalysis()
    assert analysis.may_be_poison(poison)
    assert offsets.slack_below(analysis, poison, poison) < 0
    assert not offsets.proved_sum_at_most(analysis, poison, 0, poison)


# ------------------------------------------------------------------ the overflow predicates

_KINDS = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
          "shift_left": lambda x, y: x << y}


def _facts(width: int):
    """Every interval fact of `width` bits (alignment 1), and the values it allows."""
    lo, hi = iv.signed_min(width), iv.signed_max(width)
    for a, b in itertools.combinations_with_replacement(range(lo, hi + 1), 2):
        yield iv.Fact.make(a, b, 1, width), range(a, b + 1)


@pytest.mark.parametrize("kind", sorted(_KINDS))
@pytest.mark.parametrize("width", [2, 3])
def test_an_overflow_flag_is_poison_wherever_some_operands_break_it(kind, width):
    """overflow_undefined says no poison only where no pair of operands overflows, read
    signed (nsw) or unsigned (nuw)."""
    op, mask = _KINDS[kind], (1 << width) - 1
    for (fa, xs), (fb, ys) in itertools.product(list(_facts(width)), repeat=2):
        if kind == "shift_left" and not (fb.lo >= 0 and fb.hi < width):
            continue
        breaks_signed = any(not iv.signed_min(width) <= op(x, y) <= iv.signed_max(width)
                            for x in xs for y in ys)
        breaks_unsigned = any(not 0 <= op(x & mask, y & mask) <= mask for x in xs for y in ys)
        if not iv.overflow_undefined(kind, True, False, fa, fb):
            assert not breaks_signed, (kind, fa, fb)
        if not iv.overflow_undefined(kind, False, True, fa, fb):
            assert not breaks_unsigned, (kind, fa, fb)


def test_a_truncation_flag_is_poison_wherever_a_value_does_not_fit():
    for fact, values in _facts(4):
        for width in (1, 2, 3):
            if not iv.truncation_undefined(True, False, fact, width):
                assert all(iv.signed_min(width) <= v <= iv.signed_max(width) for v in values)
            if not iv.truncation_undefined(False, True, fact, width):
                assert all((v & 15) < (1 << width) for v in values)
