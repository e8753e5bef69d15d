"""Calls inside the module keep the facts their callees declare.

A function argument's `nz.range` / `nz.multiple_of` is an axiom of every proof inside
the function (`OffsetAnalysis` reads it, `intervals.declared` states it): for the entry
function the host's launch keeps it (the model checks that), but a `func.call` in the
module may pass anything. So every call of a function that declares facts must pass,
for each such argument, a value the caller's own analysis proves within them; a
function that declares facts and is referenced any other way (`func.constant`, whose
calls are indirect) is refused, since no call site can be checked.
"""

from __future__ import annotations

from ..errors import Refusal
from ..ir import op_names
from ..ir.arith import device_width, integer_width
from ..ir.bindings import ir
from ..ir.walk import functions, nested_ops
from . import intervals
from .offsets import MULTIPLE_OF_ATTR, RANGE_ATTR, OffsetAnalysis, argument_axiom, declared_facts

_CALL = op_names.FUNC_CALL
_CONSTANT = op_names.FUNC_CONSTANT


def unproved_calls(module: ir.Operation, max_depth: int) -> list[Refusal]:
    """A refusal per call (or reference) that may break a callee's declared facts."""
    refusals: list[Refusal] = []
    axioms = _axioms_by_callee(module, refusals)
    if not axioms:
        return refusals
    for caller in functions(module):
        analysis = OffsetAnalysis(max_depth)
        for op in nested_ops(caller):
            if op.name == _CALL:
                _check_call(op, axioms, analysis, refusals)
            elif op.name == _CONSTANT and referenced_function(op) in axioms:
                refusals.append(Refusal(op.location, f"'{_CONSTANT}' of @{referenced_function(op)}"
                                        ", which declares argument facts (nz.range / "
                                        "nz.multiple_of): its indirect calls cannot be checked "
                                        "against them; call it directly, or drop the facts"))
    return refusals


def _axioms_by_callee(module: ir.Operation, refusals: list[Refusal]
                      ) -> dict[str, list[dict[int, intervals.Fact]]]:
    """For each function name, the axioms of each function of that name that has a body
    and declares facts: argument index -> the fact its proofs assume."""
    found: dict[str, list[dict[int, intervals.Fact]]] = {}
    for fn in functions(module):
        if "arg_attrs" not in fn.attributes or not fn.regions[0].blocks:
            continue
        try:
            axioms = _axioms(fn)
        except Refusal as refusal:  # a malformed fact: refused where it is declared
            refusals.append(refusal)
            continue
        if axioms:
            found.setdefault(ir.StringAttr(fn.attributes["sym_name"]).value, []).append(axioms)
    return found


def _axioms(fn: ir.Operation) -> dict[int, intervals.Fact]:
    """The integer arguments that declare facts, and what the proofs assume of each."""
    axioms = {}
    for index, arg in enumerate(fn.regions[0].blocks[0].arguments):
        if integer_width(arg.type) is None or declared_facts(fn, index) == (None, None, None):
            continue
        width = device_width(arg.type)
        if width is None:
            raise _unbelieved_width(fn, index, arg.type)
        axioms[index] = argument_axiom(fn, index, width)
    return axioms


def _unbelieved_width(fn: ir.Operation, index: int, type_: ir.Type) -> Refusal:
    """Facts on an integer the device does not compute at its width (`device_width`): the
    analysis believes nothing of such a value, so the facts would be silently unused."""
    return Refusal(fn.location, f"argument {index} of type {type_} states {MULTIPLE_OF_ATTR} "
                   f"/ {RANGE_ATTR} facts, which no proof can use: PTOAS holds {type_} values "
                   f"as int32_t, never wrapped to {integer_width(type_)} bits, so nothing is "
                   "proved of its arithmetic at that width; declare the argument as i8, i16, "
                   "i32, i64 or index")


def _check_call(call: ir.Operation, axioms: dict[str, list[dict[int, intervals.Fact]]],
                analysis: OffsetAnalysis, refusals: list[Refusal]) -> None:
    name = referenced_function(call)
    if name is None:
        return  # MLIR's verifier refuses a call without a callee
    operands = list(call.operands)
    for callee in axioms.get(name, ()):
        for index, axiom in callee.items():
            if index >= len(operands):
                continue  # MLIR's verifier refuses a call of the wrong arity
            if _proved_within(analysis, operands[index], axiom):
                continue
            passed = analysis.fact(operands[index])
            refusals.append(Refusal(call.location, f"'{_CALL}' passes argument {index} of "
                                    f"@{name} a value proved {passed.show()}, outside what "
                                    f"@{name} declares of it ({axiom.show()}) in some reading "
                                    "of its type (an index at 64 bits too), which every "
                                    "proof inside it assumes; pass a value proved within the "
                                    "facts (bound it, or state facts on the caller's own "
                                    "argument), or drop them"))
            return


def _proved_within(analysis: OffsetAnalysis, passed: ir.Value, axiom: intervals.Fact) -> bool:
    """Whether every value `passed` may hold meets `axiom`; an index in both its readings,
    since the callee's proofs hold at 32 and 64 bits alike."""
    fact = analysis.fact(passed)
    if isinstance(passed.type, ir.IndexType):
        return fact.within_as_index(axiom)
    return fact.within(axiom)


def describe_call(call: ir.Operation) -> str:
    """A call as a diagnostic names it: `'func.call' of @f`, or `'func.call_indirect'`."""
    callee = referenced_function(call) if call.name == _CALL else None
    return f"'{call.name}' of @{callee}" if callee else f"'{call.name}'"


def referenced_function(op: ir.Operation) -> str | None:
    """The function a func.call (its `callee`) or func.constant (its `value`) names;
    None without the attribute (MLIR's verifier refuses such an op)."""
    attr = "callee" if op.name == _CALL else "value"
    if attr not in op.attributes:
        return None
    return ir.FlatSymbolRefAttr(op.attributes[attr]).value
