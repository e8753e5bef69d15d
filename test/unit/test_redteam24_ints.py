"""Red-team round 24, area ints: index arithmetic MLIR folds at 64 bits.

MLIR folds an op whose operands are literals at its attributes' width, 64 bits for `index`;
the 32-bit PTOAS (index as `int32_t`) then writes the folded literal into an `int32_t`,
which wraps it. The analysis read that PTOAS as computing each op at 32 bits: `divui(-16,
2**28)` was proved >= 0 in both readings (at 32 bits it is 15, at 64 bits 2**36 - 1), yet it
folds to the literal 68719476735, -1 on the device, and min(it, block index) is a negative
row offset. The rule (intervals.folded_reading): an index op MLIR may fold (no operand from a
function argument or a launch op: `OffsetAnalysis._runtime`) whose wide result may leave
int32 is known only by its alignment. Expectations come from upstream MLIR's folds.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mlir.passmanager import PassManager

from nzpass import parse_module, run_pipeline
from nzpass.ir.arith import integer_value
from nzpass.ir.bindings import ir
from nzpass.nz import intervals as iv
from test_intervals import NARROW, WIDE, concrete, facts, members, wide_members, wrap
from test_redteam22_ints import _row_fractal_load

_VERIFY = "builtin.module(verify-pto-nz)"
_NEGATIVE = "offset[2] (row fractals (R/16)) may be negative"

# 2**36 - 1 once folded at 64 bits: -1 in int32_t.
_WIDE_LITERALS = {
    "divui": """  %neg = arith.constant -16 : index
  %k = arith.constant 268435456 : index
  %big = arith.divui %neg, %k : index""",
    "shrui": """  %neg = arith.constant -16 : index
  %k = arith.constant 28 : index
  %big = arith.shrui %neg, %k : index""",
    "maxsi of divui": """  %neg = arith.constant -16 : index
  %k = arith.constant 268435456 : index
  %zero = arith.constant 0 : index
  %q = arith.divui %neg, %k : index
  %big = arith.maxsi %q, %zero : index""",
    "select of divui": """  %neg = arith.constant -16 : index
  %k = arith.constant 268435456 : index
  %zero = arith.constant 0 : index
  %yes = arith.constant true
  %q = arith.divui %neg, %k : index
  %big = arith.select %yes, %q, %zero : index""",
}


def _offset(source: str) -> str:
    """offset[2] = min(min(%big, block index), 8): in [0, 8] only while %big >= 0."""
    return f"""  %c8 = arith.constant 8 : index
{source}
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %m = arith.minsi %big, %bi : index
  %o = arith.minsi %m, %c8 : index"""


def _errors(text: str) -> list[str]:
    return [d.message for d in run_pipeline(parse_module(text, "t.pto"), _VERIFY).errors]


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("name", sorted(_WIDE_LITERALS))
def test_mlir_folds_the_source_to_a_literal_past_int32(name):
    module = ir.Module.parse(f"func.func @f() -> index {{\n{_WIDE_LITERALS[name]}\n"
                             "  return %big : index\n}")
    PassManager.parse("builtin.module(canonicalize)").run(module.operation)
    ret = module.body.operations[0].regions[0].blocks[0].operations[-1]
    literal = integer_value(ret.operands[0].owner.attributes["value"])
    assert literal == 2**36 - 1 and wrap(literal, 32) == -1


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("name", sorted(_WIDE_LITERALS))
def test_an_offset_from_a_literal_folded_past_int32_is_refused(name):
    errors = _errors(_row_fractal_load(_offset(_WIDE_LITERALS[name])))
    assert len(errors) == 1 and _NEGATIVE in errors[0], errors


@pytest.mark.usefixtures("ctx")
def test_the_same_arithmetic_of_a_function_argument_is_still_proved():
    """No fold writes a literal of a run-time value: the 32-bit PTOAS computes
    shrui(%a, 28) at 32 bits, in [0, 15]."""
    source = """  %k = arith.constant 28 : index
  %big = arith.shrui %a, %k : index"""
    text = _row_fractal_load(_offset(source)).replace(
        "%p: !pto.ptr<i8>)", "%p: !pto.ptr<i8>, %a: index)", 1)
    assert _errors(text) == []


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(sorted(iv.BINARY)))
def test_a_foldable_index_op_holds_its_wide_result_wrapped(data, name):
    """index_op of a foldable op: beside both readings, the narrow reading holds the wide
    result wrapped to the narrow width (the folded literal in the narrow PTOAS)."""
    a, b = data.draw(facts(NARROW)), data.draw(facts(NARROW))
    result = iv.index_op(iv.BINARY[name], (a, b), WIDE, foldable=True)
    narrow, wide = set(members(result)), set(wide_members(result))
    for x in wide_members(a):
        for y in wide_members(b):
            value = concrete(name, x, y, WIDE)
            if value is None:
                continue
            assert value in wide, f"{name}({x}, {y}) with {a}, {b}: {value} not in {result}"
            assert wrap(value, NARROW) in narrow, (
                f"{name}({x}, {y}) folded with {a}, {b}: {wrap(value, NARROW)} not in {result}")
    for x in members(a):
        for y in members(b):
            value = concrete(name, x, y, NARROW)
            assert value is None or value in narrow
