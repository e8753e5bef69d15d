"""The memos of the offset analysis (facts, defining ops, relational queries,
constants) attacked: a rewrite must never be answered from a stale entry, and a
memoised answer must equal the one a fresh analysis gives, whatever the order
of the queries.
"""

from collections.abc import Callable, Iterable

from nzpass.ir.bindings import ir
from nzpass.ir.walk import nested_ops
from nzpass.nz.offsets import (
    OffsetAnalysis,
    constant_value,
    linear_form,
    proved_sum_at_most,
    slack_below,
    unchanging_ir,
    upper_bound_of_sum,
)
from support.used_values import parse_used


def _op_named(module: ir.Module, name: str) -> ir.Operation:
    return next(op for op in nested_ops(module.operation) if op.name == name)


def test_a_rewrite_is_never_answered_from_a_stale_fact():
    # %v = %blk * 16 is a multiple of 16; rewritten to %blk * 3 it is not.
    module, (v,) = parse_used("""
  %c16 = arith.constant 16 : index
  %blk = "pl.tile.get_block_idx"() {nz.range = array<i64: 0, 4>} : () -> index
  %v = arith.muli %blk, %c16 : index
  "test.use"(%v) : (index) -> ()""")
    with module.context, ir.Location.unknown():
        with unchanging_ir():
            before = OffsetAnalysis()
            assert before.is_multiple(v, 16)
            assert before.fact(v).hi == 48
            assert constant_value(_op_named(module, "arith.muli").operands[1]) == 16
        # Rewritten in place: the same SSA value (the same memo key) now holds 3.
        _op_named(module, "arith.constant").attributes["value"] = ir.IntegerAttr.get(
            ir.IndexType.get(), 3)
        mul = _op_named(module, "arith.muli")
        # Outside an unchanging block nothing is memoised; inside a new one the
        # memo starts empty; a new analysis (as every pass run makes) re-derives.
        assert constant_value(mul.operands[1]) == 3
        with unchanging_ir():
            assert constant_value(mul.operands[1]) == 3
            after = OffsetAnalysis()
            assert not after.is_multiple(mul.results[0], 16)
            assert after.fact(mul.results[0]).hi == 9


# Loops, min, sub, floor quotients and sums: every rule the relational queries follow.
RELATIONAL = """
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c656 = arith.constant 656 : index
  %blk = "pl.tile.get_block_idx"() {nz.range = array<i64: 0, 11>} : () -> index
  %n0 = arith.muli %blk, %c64 : index
  %rem = arith.subi %c656, %n0 : index
  %rows = arith.minsi %rem, %c64 : index
  %q0 = arith.floordivsi %n0, %c16 : index
  %qr = arith.floordivsi %rows, %c16 : index
  %end = arith.addi %n0, %rows : index
  %rq = arith.floordivsi %r, %c16 : index
  scf.for %i = %c0 to %r step %c16 {
    %qi = arith.floordivsi %i, %c16 : index
    %rest = arith.subi %r, %i : index
    %take = arith.minsi %rest, %c64 : index
    "test.use"(%i, %qi, %rest, %take, %rq) : (index, index, index, index, index) -> ()
  }
  "test.use"(%n0, %rem, %rows, %q0, %qr, %end, %r)
      : (index, index, index, index, index, index, index) -> ()"""
RELATIONAL_ARGS = "%r: index {nz.multiple_of = 16 : i64, nz.range = array<i64: 16, 4097>}"


def _answers(analysis_for: Callable[[], OffsetAnalysis], values: list[ir.Value],
             order: Iterable[tuple[int, int]]) -> dict:
    answers = {}
    for a, b in order:
        analysis = analysis_for()
        answers[a, b] = (
            upper_bound_of_sum(analysis, values[a], values[b]),
            slack_below(analysis, values[a], values[b]),
            proved_sum_at_most(analysis, values[a], values[b], values[-1]),
            proved_sum_at_most(analysis, values[a], 16, values[b]),
            linear_form(analysis, values[a]),
        )
    return answers


def test_memoised_relational_queries_answer_as_a_fresh_analysis_would():
    _, values = parse_used(RELATIONAL, RELATIONAL_ARGS)
    pairs = [(a, b) for a in range(len(values)) for b in range(len(values))]
    with unchanging_ir():
        fresh = _answers(OffsetAnalysis, values, pairs)
        shared = OffsetAnalysis()
        forwards = _answers(lambda: shared, values, pairs)
        other = OffsetAnalysis()
        backwards = _answers(lambda: other, values, reversed(pairs))
    assert forwards == fresh
    assert backwards == fresh
    # The memo is what answered: a second round adds no entry.
    entries = len(shared.derived)
    _answers(lambda: shared, values, pairs)
    assert len(shared.derived) == entries
    # The rules are exercised, not just the intervals: a ragged tail ends at N.
    n0, rows = values[5], values[7]
    assert upper_bound_of_sum(shared, n0, rows) == 656
