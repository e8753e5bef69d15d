"""The offset analysis: facts about integer SSA values, shared by every pass.

An NZ coordinate is divided by a power-of-two axis factor (16 rows, c0
columns); dividing a value that is not provably a multiple, or that may be
negative (a negative offset floor-divides below zero and is clamped to 0
downstream, silently reading fractal 0), or one that may leave its axis (in
NZ order a row overrun reads the next column block, in bounds and silently),
gives a wrong coordinate with no error anywhere. So every such fact is proved
from the definitions that produced the value, never assumed
(docs/nz-semantics.md section 4 and 8).

The analysis is an abstract interpreter over SSA integers: each value gets a
`nz.intervals.Fact` (exact interval, power-of-two alignment, bit width) from
the transfer function of its defining op (`_BINARY_OPS`, `_CASTS`,
`_LAUNCH_OPS`, loops, declared argument facts). A result that may wrap at its
width is the width's top, never a false fact. Iter_args are never resolved
(each iteration sees a different value). The walk is bounded in depth (too
deep proves nothing, so the offset is refused) and memoised, so deep or shared
arithmetic costs time linear in the number of values it visits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from ..dialects import pl, pto
from ..driver.pass_base import in_source_order, option
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.arith import device_width, integer_value, integer_width
from ..ir.bindings import ir
from ..ir.walk import (
    defined_inside,
    function_of,
    function_of_argument,
    function_type,
    line_and_column,
    nested_ops,
    value_location,
)
from ..records import record
from . import intervals
from .intervals import Fact

if TYPE_CHECKING:
    from fractions import Fraction

DEFAULT_MAX_DEPTH = 64
# Each level of a proof is a Python call frame: keep well inside the interpreter's limit.
MAX_PROOF_DEPTH = 256

# The short list of what the analysis proves, printed once per run (a note on
# the first refusal that needs it: see `provable_forms_once`), not in every message.
PROVABLE_FORMS = (
    "provable offset forms: integer constants; +, - and * whose exact result cannot wrap at "
    "the offset's width (n0 = nb * 256); scf.for induction variables; min, max, select; "
    "div, rem and shifts by constants; get_block_idx and get_block_num; function arguments "
    "with {nz.multiple_of = N : i64} or {nz.range = array<i64: LO, HI>} (half-open). "
    "Loop-carried values (iter_args) are never resolved")


def provable_forms_note(loc: ir.Location) -> tuple[tuple[ir.Location, str], ...]:
    """The note a proof failure carries; `provable_forms_once` keeps only the first."""
    return ((loc, PROVABLE_FORMS),)


def provable_forms_once(refusals: list[Refusal]) -> list[Refusal]:
    """The refusals in source order, the list of provable forms kept on the
    first that carries it and dropped from the others: said once per run."""
    ordered = in_source_order(refusals)
    seen = False
    for refusal in ordered:
        kept = tuple(note for note in refusal.notes if note[1] != PROVABLE_FORMS)
        if len(kept) != len(refusal.notes) and not seen:
            seen = True
            continue
        refusal.notes = kept
    return ordered


# An op as the bindings hand it out: `OpResult.owner` is typed as an OpView.
AnyOp = ir.Operation | ir.OpView


def constant_value(value: ir.Value) -> int | None:
    """The value of an `arith.constant` integer (signed), else None."""
    if not isinstance(value, ir.OpResult):
        return None
    memo = _constant_memo
    if memo is None:
        return _constant_of_op(value.owner)
    constant = memo.get(value, _UNREAD)
    if constant is _UNREAD:
        constant = memo[value] = _constant_of_op(value.owner)
    return constant


def _constant_of(value: ir.OpResult, op: AnyOp) -> int | None:
    """`constant_value(value)` for a result whose defining op is already at hand."""
    memo = _constant_memo
    if memo is None:
        return _constant_of_op(op)
    constant = memo.get(value, _UNREAD)
    if constant is _UNREAD:
        constant = memo[value] = _constant_of_op(op)
    return constant


def _constant_of_op(op: AnyOp) -> int | None:
    """The constant as every PTOAS in the field holds it at run time, for every rule that
    reads one: an `index` literal outside int32 is none (one version's `int32_t` wraps
    `2147483648` to -2^31, the other's `int64_t` keeps it), as the facts say
    (Fact.const); nor is one outside int32 of a width the device does not compute at
    (`device_width`): PTOAS writes the literal into an `int32_t`, which wraps it (found
    by red team: `2147483648 : i33`, sign-extended to i64 and shifted right by 28, was
    proved the row offset 8 and is -8 on the device)."""
    if op.name != _CONSTANT:
        return None
    value = integer_value(op.attributes["value"])
    if value is None or _INT32_MIN <= value <= _INT32_MAX:
        return value  # as its type holds it (a narrower type's attribute is in its range)
    type_ = op.results[0].type
    width = integer_width(type_)
    if width is None:
        return value
    return value if width > intervals.INDEX_WIDTH and device_width(type_) is not None else None


_INT32_MIN, _INT32_MAX = intervals.signed_min(32), intervals.signed_max(32)
_INDEX_WIDTH = intervals.INDEX_WIDTH
# How deep `OffsetAnalysis._may_fold` looks for a run-time operand.
_FOLD_DEPTH = 32


# While the IR cannot change (a pass planning, a verifier checking), a value's
# constant is read once: see `unchanging_ir`.
_constant_memo: dict[ir.Value, int | None] | None = None
_UNREAD: Any = object()  # a memo's "not read yet" (None is an answer: not a constant)


@contextmanager
def unchanging_ir() -> Iterator[None]:
    """Memoise `constant_value` inside the block, which must not change the IR
    (an erased value's address may be reused by a new one). The memo dies with
    the block, so it keeps no module alive."""
    global _constant_memo
    outer = _constant_memo
    _constant_memo = {} if outer is None else outer
    try:
        yield
    finally:
        _constant_memo = outer


# The transfer function of each integer op, by op name: the one table the
# analysis reads (the rules' semantics and their soundness tests live in
# nz.intervals).
_BINARY_OPS: dict[str, Callable[[Fact, Fact], Fact]] = {
    op_names.ARITH_ADDI: intervals.add,
    op_names.ARITH_SUBI: intervals.sub,
    op_names.ARITH_MULI: intervals.mul,
    op_names.ARITH_MINSI: intervals.min_signed,
    op_names.ARITH_MAXSI: intervals.max_signed,
    op_names.ARITH_MINUI: intervals.min_unsigned,
    op_names.ARITH_MAXUI: intervals.max_unsigned,
    op_names.ARITH_FLOORDIVSI: intervals.floordiv_signed,
    op_names.ARITH_DIVSI: intervals.div_signed,
    op_names.ARITH_CEILDIVSI: intervals.ceildiv_signed,
    op_names.ARITH_DIVUI: intervals.div_unsigned,
    op_names.ARITH_REMSI: intervals.rem_signed,
    op_names.ARITH_REMUI: intervals.rem_unsigned,
    op_names.ARITH_SHLI: intervals.shift_left,
    op_names.ARITH_SHRSI: intervals.shift_right_signed,
    op_names.ARITH_SHRUI: intervals.shift_right_unsigned,
    op_names.ARITH_ANDI: intervals.and_,
    op_names.ARITH_ORI: intervals.or_,
    op_names.ARITH_XORI: intervals.xor,
}
_CASTS: dict[str, Callable[[Fact, int], Fact]] = {
    op_names.ARITH_EXTSI: intervals.resize_signed,
    op_names.ARITH_TRUNCI: intervals.resize_signed,
    op_names.ARITH_INDEX_CAST: intervals.index_cast,
    op_names.ARITH_EXTUI: intervals.resize_unsigned,
    op_names.ARITH_INDEX_CASTUI: intervals.resize_unsigned,
}
# The binary ops undefined for some operands (a shift by the width, a division by zero),
# by op name, and the ops an overflow flag (`nsw`, `nuw`) makes poison past it: their
# results, and everything computed from them, are no value the facts describe (see
# intervals.UNDEFINED).
_UNDEFINED_OPS: dict[str, Callable[[Fact, Fact], bool]] = {
    op_names.ARITH_FLOORDIVSI: intervals.UNDEFINED["floordiv_signed"],
    op_names.ARITH_DIVSI: intervals.UNDEFINED["div_signed"],
    op_names.ARITH_CEILDIVSI: intervals.UNDEFINED["ceildiv_signed"],
    op_names.ARITH_REMSI: intervals.UNDEFINED["rem_signed"],
    op_names.ARITH_DIVUI: intervals.UNDEFINED["div_unsigned"],
    op_names.ARITH_REMUI: intervals.UNDEFINED["rem_unsigned"],
    op_names.ARITH_CEILDIVUI: intervals.UNDEFINED["ceildiv_unsigned"],
    op_names.ARITH_SHLI: intervals.UNDEFINED["shift_left"],
    op_names.ARITH_SHRSI: intervals.UNDEFINED["shift_right_signed"],
    op_names.ARITH_SHRUI: intervals.UNDEFINED["shift_right_unsigned"],
}
_FLAGGED_OPS = {op_names.ARITH_ADDI: "add", op_names.ARITH_SUBI: "sub",
                op_names.ARITH_MULI: "mul", op_names.ARITH_SHLI: "shift_left"}
OVERFLOW_FLAGS_ATTR = "overflowFlags"
# The ops an `exact` flag makes poison where they drop a remainder (shift out a set bit):
# intervals.inexact_undefined, by the semantic name of each.
_EXACT_OPS = {op_names.ARITH_DIVSI: "div_signed", op_names.ARITH_DIVUI: "div_unsigned",
              op_names.ARITH_SHRSI: "shift_right_signed",
              op_names.ARITH_SHRUI: "shift_right_unsigned"}
EXACT_ATTR = "isExact"
# The ops whose result is poison itself (an undef is any value at each use).
_POISON_OPS = frozenset(("ub.poison", "llvm.mlir.poison", "llvm.mlir.undef"))
_ARITH_PREFIX = "arith."  # a dialect's namespace: every arith op reads its operands' values
# A call's result is whatever its callee computes, which the analysis does not follow; the ops
# of these dialects compute integers from their operands by poison rules of their own (an
# index.divs by 0, a math.absi of the least value, an llvm.lshr past the width, an affine map's
# mod by 0), which no transfer function here reads: either result may be poison.
_OWN_POISON_RULES = ("index.", "math.", "llvm.", "affine.")
_LAUNCH_OPS: dict[str, Callable[[int], Fact]] = {
    pl.GET_BLOCK_IDX: intervals.block_index, pto.GET_BLOCK_IDX: intervals.block_index,
    pl.GET_BLOCK_NUM: intervals.block_count, pto.GET_BLOCK_NUM: intervals.block_count,
}
# The ops the relational rules below look through, named once.
_CONSTANT = op_names.ARITH_CONSTANT
_ADD, _SUB, _MUL = (op_names.ARITH_ADDI, op_names.ARITH_SUBI,
                    op_names.ARITH_MULI)
_MIN, _MAX = op_names.ARITH_MINSI, op_names.ARITH_MAXSI
_SELECT = op_names.ARITH_SELECT
_FLOORDIV = op_names.ARITH_FLOORDIVSI
_FOR = op_names.SCF_FOR
UNSIGNED_LOOP_ATTR = "unsignedCmp"
MULTIPLE_OF_ATTR = "nz.multiple_of"
RANGE_ATTR = "nz.range"


def _induction_loop(arg: ir.BlockArgument) -> ir.Operation | None:
    """The scf.for whose induction variable `arg` is (not an iter_arg)."""
    if arg.arg_number != 0:
        return None
    parent = arg.owner.owner
    if parent is None or parent.operation.name != _FOR:
        return None
    return parent.operation


def _check_launch_form(op: AnyOp) -> None:
    """A launch op is unregistered, so nothing but this checks its form before its
    result is believed a lane number (docs/ir.md: no operands, no regions, one
    result): another op spelled so proves nothing of its results (found by red team)."""
    if not len(op.operands) and not len(op.regions) and len(op.results) == 1:
        return
    raise MalformedOp(op.location, f"'{op.name}' op takes no operands and no regions and "
                      f"has one result (it has {len(op.operands)} operands, "
                      f"{len(op.regions)} regions, {len(op.results)} results): only that "
                      "form is read as the launch's lane number")


def _launch_met(stated: list) -> bool:
    """Whether some block count n >= 1 meets every (op, is block index, (multiple, lo,
    hi)) fact of a function's launch ops (`OffsetAnalysis._check_launch_meets`)."""
    lo, hi, step = 1, None, 1
    for _, index, (multiple, start, end) in stated:
        if index:
            top = 1 if multiple is not None and multiple > 1 else end
            hi = top if hi is None or (top is not None and top < hi) else hi
            continue
        lo = max(lo, start or 1)
        hi = end - 1 if end is not None and (hi is None or end - 1 < hi) else hi
        step = step * (multiple or 1) // math.gcd(step, multiple or 1)
    return hi is None or -(-lo // step) * step <= hi


def _launch_conflict(function: ir.Operation) -> str | None:
    """The launch ops of `function` that state facts, listed for a refusal, where their
    facts meet in no launch (`_launch_met`); None where they meet."""
    stated = [(inner, _LAUNCH_OPS[inner.name] is intervals.block_index, stated_facts(inner))
              for inner in nested_ops(function) if inner.name in _LAUNCH_OPS]
    if _launch_met(stated):
        return None
    return ", ".join(f"'{other.name}' at {line_and_column(other.location)}"
                     for other, _, facts in stated if facts != (None, None, None))


def _check_block_zero_meets(op: AnyOp, stated: tuple[int | None, int | None, int | None]
                            ) -> None:
    """Every launch runs block 0, so a block index fact 0 breaks holds in no launch, and
    every proof from it would hold vacuously (found by red team: `nz.range = [8, 9)` made
    `get_block_idx - 8` a row offset of 0, which is -8 on block 0)."""
    lo, hi = stated[1], stated[2]
    if lo is None or lo <= 0:  # 0 is a multiple of anything: only a range can exclude it
        return
    raise Refusal(op.location, f"'{op.name}' states {RANGE_ATTR} = [{lo}, {hi}), which block 0 "
                  "breaks: every launch runs block 0, so no launch meets the fact and every "
                  "proof would hold vacuously; state the launch's block count as a range from "
                  "0 (array<i64: 0, N> for at most N blocks)")


def stated_facts(op: AnyOp) -> tuple[int | None, int | None, int | None]:
    """Facts a launch op states of its result (`{nz.range = array<i64: 0, 8>}` on
    get_block_idx: the host launches at most 8 blocks)."""
    entry = op.attributes
    what = f"'{op.name}'"
    return (_declared_multiple(entry, op, what), *_declared_range(entry, op, what))


def declared_facts(func: ir.Operation, index: int) -> tuple[int | None, int | None, int | None]:
    """(multiple_of, lo, hi_exclusive) stated on argument `index` of `func`, each
    None when absent; a malformed statement is refused, never half-believed."""
    if "arg_attrs" not in func.attributes:
        return None, None, None
    attrs = ir.ArrayAttr(func.attributes["arg_attrs"])
    if index >= len(attrs):
        return None, None, None
    entry = ir.DictAttr(attrs[index])
    what = f"argument {index}"
    multiple = _declared_multiple(entry, func, what)
    lo, hi = _declared_range(entry, func, what)
    return multiple, lo, hi


def argument_axiom(func: ir.Operation, index: int, width: int) -> Fact:
    """What every proof inside `func` assumes of its argument `index` (of `width`
    bits): its declared facts as a Fact, the width's top without any. The one
    statement of it, read by the analysis and by the check of calls (nz/call_facts)."""
    index_type = isinstance(function_type(func).inputs[index], ir.IndexType)
    return _believed(func, f"argument {index}", width, declared_facts(func, index),
                     index=index_type)


def _believed(owner: AnyOp, what: str, width: int,
              facts: tuple[int | None, int | None, int | None],
              within: Fact | None = None, index: bool = False) -> Fact:
    """Stated facts as an axiom (of an `index`, in both its readings), `within` what the op
    guarantees anyway (a launch's range); refused where no value meets them all: an empty
    axiom would prove anything."""
    multiple, lo, hi = facts
    if within is not None:
        lo = within.lo if lo is None else max(lo, within.lo)
        hi = within.hi + 1 if hi is None else min(hi, within.hi + 1)
    if intervals.admits_a_value(width, multiple, lo, hi):
        stated = intervals.declared(width, *facts, index=index)
        return stated if within is None else within.intersect(stated)
    stated = [f"{MULTIPLE_OF_ATTR} = {multiple}"] if multiple is not None else []
    stated.append(f"in [{lo}, {hi})" + (", all the op can give" if within is not None else ""))
    raise Refusal(owner.location, f"{what} states facts no {width}-bit value meets "
                  f"({'; '.join(stated)}): every proof would hold vacuously; state facts a "
                  "value can meet")


def _declared_multiple(entry, owner: AnyOp, what: str) -> int | None:
    if MULTIPLE_OF_ATTR not in entry:
        return None
    attr = entry[MULTIPLE_OF_ATTR]
    multiple = integer_value(attr)
    if multiple is not None and multiple > 0:
        return multiple
    raise Refusal(owner.location, f"{what} states {MULTIPLE_OF_ATTR} = {attr}: the "
                  "fact must be a positive integer, e.g. {nz.multiple_of = 256 : i64}")


def _declared_range(entry, owner: AnyOp, what: str) -> tuple[int | None, int | None]:
    if RANGE_ATTR not in entry:
        return None, None
    attr = entry[RANGE_ATTR]
    bounds = list(ir.DenseI64ArrayAttr(attr)) if isinstance(attr, ir.DenseI64ArrayAttr) else []
    if len(bounds) == 2 and bounds[0] < bounds[1]:
        return bounds[0], bounds[1]
    raise Refusal(owner.location, f"{what} states {RANGE_ATTR} = {attr}: the fact must "
                  "be a half-open range array<i64: LO, HI> with LO < HI")


def _overflow_flags(op: AnyOp) -> tuple[bool, bool]:
    """(nsw, nuw) as the op states them."""
    if OVERFLOW_FLAGS_ATTR not in op.attributes:
        return False, False
    flags = str(op.attributes[OVERFLOW_FLAGS_ATTR])
    return "nsw" in flags, "nuw" in flags


def _undefined_for(op: AnyOp, operands: list[Fact], index: bool, width: int) -> bool:
    """Whether the arith op `op` may be poison or undefined for operands of these facts
    (index: in both readings)."""
    name = op.name
    predicate = _UNDEFINED_OPS.get(name)
    if predicate is not None and len(operands) == 2 and _asked(predicate, operands, index):
        return True
    if EXACT_ATTR in op.attributes and _inexact(op, operands, index):
        return True
    signed, unsigned = _overflow_flags(op)
    if not (signed or unsigned):
        return False
    kind = _FLAGGED_OPS.get(name)
    if kind is not None and len(operands) == 2:
        lhs, rhs = operands
        if intervals.overflow_undefined(kind, signed, unsigned, lhs, rhs):
            return True
        return index and intervals.overflow_undefined(
            kind, signed, unsigned, intervals.wide_reading(lhs), intervals.wide_reading(rhs))
    if name == op_names.ARITH_TRUNCI and len(operands) == 1:
        return intervals.truncation_undefined(signed, unsigned, operands[0], width)
    return True  # a flag on an op no rule reads: believe nothing of it


def _inexact(op: AnyOp, operands: list[Fact], index: bool) -> bool:
    """Whether the `exact` op `op` may drop a remainder for operands of these facts (index:
    in both readings); a flag on an op no rule reads believes nothing of it."""
    kind = _EXACT_OPS.get(op.name)
    if kind is None or len(operands) != 2:
        return True
    return _asked(partial(intervals.inexact_undefined, kind), operands, index)


def _asked(predicate: Callable[[Fact, Fact], bool], operands: list[Fact], index: bool) -> bool:
    """`predicate` of the two operands' facts; of an index op, in both readings."""
    return intervals.undefined_in_both(predicate, *operands) if index else predicate(*operands)


def syntactic_poison_source(op: AnyOp) -> bool:
    """Whether `op` may be poison by its form alone: a poison op, a call or an op of a dialect
    with poison rules of its own (`_unfollowed_poison_source`), an overflow or exact flag, a
    shift by a constant outside [0, width), a division by the constant 0 or of the least
    value by -1 (`_undefined_for` by the constants alone). What a region's values may carry
    is judged by it (`OffsetAnalysis._region_may_be_poison`), where the values of its own
    loop are not proved yet."""
    name = op.name
    if name in _POISON_OPS or _unfollowed_poison_source(op):
        return True
    if not name.startswith(_ARITH_PREFIX):
        return False
    if any(_overflow_flags(op)) or EXACT_ATTR in op.attributes:
        return True
    predicate = _UNDEFINED_OPS.get(name)
    if predicate is None or len(op.operands) != 2:
        return False
    width = integer_width(op.operands[0].type)
    lhs, rhs = (constant_value(v) for v in op.operands)
    if width is None or rhs is None:
        return False
    dividend = Fact.top(width) if lhs is None else Fact.const(lhs, width)
    return predicate(dividend, Fact.const(rhs, width))


def _unfollowed_poison_source(op: AnyOp) -> bool:
    """Whether `op` is a call, or an op of a dialect with poison rules of its own
    (`_OWN_POISON_RULES`), whose result may be poison by rules the analysis does not read
    (found by red team: a call yielded from an scf.for or scf.if body made the loop's result
    no poison, and max and min of it a row offset)."""
    name = op.name
    return name in op_names.CALLS or (name.startswith(_OWN_POISON_RULES) and len(op.operands) > 0)


class OffsetAnalysis:
    """Facts (`nz.intervals.Fact`) of integer SSA values, memoised across queries.

    The walk is bounded in depth (what lies deeper proves nothing: the
    width's top). A fact cut short by the bound is only reused by a query with
    no more depth to spend, so the order of queries never changes an answer.

    Every memo here (facts, defining ops, the relational queries below) is a
    pure function of the IR: an analysis lives only while the IR it reads
    cannot change (a pass planning, a verifier checking; see `unchanging_ir`),
    and a pass that rewrites starts a new one.

    No `__slots__`: tests wrap a method of one analysis (`_compute`) to count calls."""

    def __init__(self, max_depth: int = DEFAULT_MAX_DEPTH):
        self.max_depth = max_depth
        self._facts: dict = {}
        # value -> its defining op (None for a block argument): one binding call per value.
        self._owners: dict = {}
        # (query, arguments...) -> answer of the relational queries of this module
        # (upper_bound_of_sum, slack_below, proved_sum_at_most, linear_form).
        self.derived: dict = {}
        # value -> `integer_width` of its type: one type read per value.
        self._widths: dict = {}
        # The values of `index` type among them: facts that hold in two readings.
        self._index_values: set = set()
        # Those of an integer type the device does not compute at (`device_width`: an i3).
        self._unmodelled: set = set()
        # The values that may be poison or undefined (`_undefined_for`, `_POISON_OPS`) and
        # those computed from one: their fact is the top, and nothing is derived from it.
        self._poison: set = set()
        # value -> whether MLIR may fold it to a literal (`_may_fold`).
        self._foldable: dict = {}
        # region op -> whether a value its regions carry (an iter_arg, a result) may be one.
        self._region_poison: dict = {}
        # function -> the launch ops whose facts meet in no launch, as listed in a
        # refusal, or None where they meet (`_check_launch_meets`).
        self._launch_conflicts: dict[ir.Operation, str | None] = {}

    def _check_launch_meets(self, op: AnyOp) -> None:
        """The launch facts `op`'s function states (on every launch op in it, read once per
        function) meet in one launch of n >= 1 blocks, blocks 0 .. n-1: n in every
        get_block_num range and a multiple of its nz.multiple_of, every block in every
        get_block_idx range (n at most its end), and a block index multiple of k > 1 only
        for n = 1 (block 1 breaks it). Facts no launch meets would make every proof from
        them hold vacuously (found by red team: get_block_num of [4, 5) beside
        get_block_idx of [0, 1))."""
        function = function_of(op.operation)
        if function not in self._launch_conflicts:
            self._launch_conflicts[function] = _launch_conflict(function)
        conflict = self._launch_conflicts[function]
        if conflict is not None:
            raise Refusal(op.location, f"'{op.name}' is read under launch facts no launch "
                          f"meets ({conflict}): a launch runs blocks 0 to n - 1 of its n >= 1 "
                          "blocks, and no n meets every get_block_num fact with every block "
                          "meeting every get_block_idx one, so every proof from them would "
                          "hold vacuously; state one launch (get_block_idx in [0, N), "
                          "get_block_num in [1, N + 1))")

    def width(self, value: ir.Value) -> int | None:
        """`integer_width(value.type)`, read once per value."""
        widths = self._widths
        width = widths.get(value, _UNREAD)
        if width is _UNREAD:
            type_ = value.type
            width = widths[value] = integer_width(type_)
            if width == _INDEX_WIDTH and isinstance(type_, ir.IndexType):
                self._index_values.add(value)
            elif width is not None and device_width(type_) is None:
                self._unmodelled.add(value)
        return width

    def fact(self, value: ir.Value) -> Fact:
        """What the value can be at run time (the width's top for a non-integer)."""
        return self._fact(value, self.max_depth)[0]

    def non_negative(self, value: ir.Value) -> bool:
        """True when `value` is provably >= 0."""
        return self.fact(value).non_negative

    def may_be_poison(self, value: ir.Value) -> bool:
        """Whether `value` may be poison or undefined (`_defined`): no relation holds of it
        either, not even to itself (each use of poison may be any value)."""
        _, exact = self._fact(value, self.max_depth)
        return not exact or value in self._poison

    def is_multiple(self, value: ir.Value, divisor: int) -> bool:
        return self.fact(value).is_multiple(divisor)

    def owner(self, value: ir.Value) -> AnyOp | None:
        """The op defining `value`, None for a block argument (read once per value)."""
        owners = self._owners
        op = owners.get(value, _UNREAD)
        if op is _UNREAD:
            op = owners[value] = value.owner if isinstance(value, ir.OpResult) else None
        return op

    def _fact(self, value: ir.Value, budget: int) -> tuple[Fact, bool]:
        facts = self._facts
        memo = facts.get(value)
        # A memo entry is (fact, exact, budget): exact is False when the depth
        # bound cut its walk short, budget the depth that walk had left.
        if budget > 0 and memo is not None and (memo[1] or memo[2] >= budget):
            return memo[0], memo[1]
        width = self.width(value)
        top = Fact.top(width or intervals.INDEX_WIDTH)
        if budget <= 0:
            return top, False
        if width is None:  # not an integer: nothing to prove, and nothing deeper to read
            facts[value] = (top, True, budget)
            return top, True
        # SSA definitions dominate their uses, so a walk never re-enters a
        # value; should it, the placeholder proves nothing.
        facts[value] = (top, False, budget)
        fact, exact = self._compute(value, top, budget - 1)
        facts[value] = (fact, exact, budget)
        return fact, exact

    def _operands(self, values, budget: int) -> tuple[list[Fact], bool]:
        facts = []
        exact = True
        fact_of = self._fact
        for v in values:
            fact, fact_exact = fact_of(v, budget)
            facts.append(fact)
            exact = exact and fact_exact
        return facts, exact

    def _compute(self, value: ir.Value, top: Fact, budget: int) -> tuple[Fact, bool]:
        """The fact of an integer `value` from its definition; `top` is its
        width's top."""
        width = top.width
        if value in self._unmodelled:
            return _unmodelled_fact(value, top), True
        if isinstance(value, ir.BlockArgument):
            return self._argument(value, width, top, budget)
        op = self.owner(value)
        assert op is not None
        name = op.name
        if name == _CONSTANT:
            assert isinstance(value, ir.OpResult)
            const = _constant_of(value, op)
            return (top if const is None else Fact.const(const, width)), True
        if name.startswith(_ARITH_PREFIX):
            defined = self._defined(value, op, width, budget)
            if defined is not None:
                return top, defined
        else:
            opaque = self._opaque_poison(op, budget)
            if opaque is not None:
                if opaque:
                    self._poison.add(value)
                return top, opaque
        binary = _BINARY_OPS.get(name)
        if binary is not None:
            operands = op.operands
            if len(operands) == 2:
                (lhs, rhs), exact = self._operands(operands, budget)
                if lhs.width != width or rhs.width != width:
                    return top, True  # a type that contradicts its operands
                if value in self._index_values:
                    return intervals.index_op(binary, (lhs, rhs),
                                              foldable=self._may_fold(value)), exact
                return binary(lhs, rhs), exact
        cast = _CASTS.get(name)
        if cast is not None:
            operands = op.operands
            if len(operands) == 1:
                (source,), exact = self._operands(operands, budget)
                if operands[0] in self._unmodelled and source.constant is None:
                    return top, exact  # its bits are not the width's: the fact's bounds lie
                return self._cast(cast, value, operands[0], source, width), exact
        if name == _SELECT:
            operands = op.operands
            if len(operands) == 3:
                (_, lhs, rhs), exact = self._operands(operands, budget)
                if lhs.width != width or rhs.width != width:
                    return top, True
                if value in self._index_values:
                    # The hull takes the operands' gcd alignment, which can close a side only
                    # the 32-bit width bounded (found by red team): both readings.
                    return intervals.index_op(intervals.select, (lhs, rhs),
                                              foldable=self._may_fold(value)), exact
                return intervals.select(lhs, rhs), exact
        launch = _LAUNCH_OPS.get(name)
        if launch is not None:
            _check_launch_form(op)
            stated = stated_facts(op)
            believed = _believed(op, f"'{name}'", width, stated, launch(width))
            if launch is intervals.block_index:
                _check_block_zero_meets(op, stated)
            if stated != (None, None, None):  # facts no op states meet in any launch
                self._check_launch_meets(op)
            return believed, True
        return top, True

    def _defined(self, value: ir.Value, op: AnyOp, width: int, budget: int) -> bool | None:
        """None where the arith op `op` yields a value its transfer function describes;
        else whether that answer is exact (False: a deeper walk may still find it defined),
        `value` marked poison where it is. Poison is any value at each use, and so is what
        is computed from it: an operand that may be one, or an operand not proved (the depth
        bound hid its definition), leaves nothing to derive."""
        operands = op.operands
        facts, exact = self._operands(operands, budget)
        if not exact:
            return False
        poison = self._poison
        if any(v in poison for v in operands) or _undefined_for(
                op, facts, value in self._index_values, width):
            poison.add(value)
            return True
        return None

    def _opaque_poison(self, op: AnyOp, budget: int) -> bool | None:
        """None where no result of `op`, an op no transfer function reads, may be poison;
        else, as `_defined`, whether that answer is exact (True: the result is poison). One
        may be where `op` is a poison op, a call or an op of a dialect with poison
        rules of its own (`syntactic_poison_source`), a region op carrying one in, or where
        it reads an operand that may be one or is not proved (found by red team: the poison
        `divui(x, 0)` passed through `func.call @id` or an unrealized cast, and
        max(min(it, 8), 0) was proved a row offset in [0, 8], where LLVM folds all of it to
        poison once it inlines). The operands are read within the walk's depth bound."""
        operands = op.operands
        _, exact = self._operands(operands, budget)
        if not exact:
            return False
        poison = self._poison
        if syntactic_poison_source(op) or any(v in poison for v in operands) or (
                len(op.regions) and self._region_may_be_poison(op)):
            return True
        return None

    def _may_fold(self, value: ir.Value, depth: int = _FOLD_DEPTH) -> bool:
        """Whether MLIR may fold `value` to a literal (`intervals.folded_reading`): an
        integer computed by arith ops from literals alone, or anything the analysis does
        not follow (a region's result may be folded once the region is). A function
        argument and a launch op's result are run-time values, and so is an arith op of
        one. Too deep to tell: foldable (the cautious answer), and not memoised."""
        found = self._foldable.get(value)
        if found is not None:
            return found
        if isinstance(value, ir.BlockArgument):
            found = function_of_argument(value) is None
        else:
            op = self.owner(value)
            assert op is not None
            name = op.name
            if name in _LAUNCH_OPS:
                found = False
            elif name == _CONSTANT or not name.startswith(_ARITH_PREFIX):
                found = True
            elif depth <= 0:
                return True
            else:
                found = all(self._may_fold(v, depth - 1) for v in op.operands)
        self._foldable[value] = found
        return found

    def _region_may_be_poison(self, op: AnyOp) -> bool:
        """Whether a value `op`'s regions carry (a loop's iter_args and results, an scf.if's
        results) may be poison: an operand of it may be, or an op inside may be by its form
        (`syntactic_poison_source`), or a value from outside the op that an op inside reads
        may be. Judged on the form inside, since the facts there may need the carried values
        themselves; read once per op."""
        op = op.operation
        found = self._region_poison.get(op)
        if found is None:
            self._region_poison[op] = False  # re-entered through its own operands: none yet
            found = self._region_poison[op] = self._carries_poison(op)
        return found

    def _carries_poison(self, op: ir.Operation) -> bool:
        """Beyond the forms inside: an op inside whose operands need none of the values `op`
        carries (its regions' block arguments, results of region ops inside), by the facts
        (found by red team: `divui(x, 0 + 0)` in an scf.if body, poison by its facts but not
        by its form, made the scf.if's result no poison, and max and min of it a row
        offset). Those facts never read what is being judged, so they are asked as they are."""
        if self._reads_poison(op.operands):
            return True
        carried: set = set()  # the values inside `op` computed from what it carries
        for inner in nested_ops(op):
            if syntactic_poison_source(inner):
                return True
            operands = list(inner.operands)
            if self._reads_poison(v for v in operands if not defined_inside(v, op)):
                return True
            reads_carried = [v in carried or (isinstance(v, ir.BlockArgument)
                                              and defined_inside(v, op)) for v in operands]
            if len(inner.regions) or any(reads_carried):
                carried.update(inner.results)
                if self._undefined_for_the_rest(inner, reads_carried):
                    return True
            elif self._reads_poison(inner.results):
                return True
        return False

    def _undefined_for_the_rest(self, inner: AnyOp, reads_carried: list[bool]) -> bool:
        """Whether `inner`, a binary op undefined for some operands, is proved so by the facts
        of the operands it reads from outside what its region op carries, a carried one
        taken as anything (`divui(%acc, 0 + 0)` is poison whatever %acc is)."""
        predicate = _UNDEFINED_OPS.get(inner.name)
        operands = list(inner.operands)
        if predicate is None or len(operands) != 2:
            return False
        width = self.width(operands[0])
        if width is None or self.width(operands[1]) != width:
            return False
        facts = [Fact.top(width) if carried else self.fact(v)
                 for v, carried in zip(operands, reads_carried, strict=True)]
        return _asked(predicate, facts, operands[0] in self._index_values)

    def _reads_poison(self, values) -> bool:
        """Whether an integer among `values` may be poison (or is not proved either way)."""
        for v in values:
            if self.width(v) is None:
                continue
            _, exact = self._fact(v, self.max_depth)
            if not exact or v in self._poison:
                return True
        return False

    def _cast(self, cast: Callable[[Fact, int], Fact], value: ir.Value, source_value: ir.Value,
              source: Fact, width: int) -> Fact:
        """A cast's fact; of an index source, in both readings, each time: zero extension
        reads a negative index as value + 2**32 in one and + 2**64 in the other, and an
        open source is open at any width (found by red team: an index product that may
        have wrapped, index_castui to i64 and shifted right, was proved a row offset)."""
        if source_value not in self._index_values:
            return cast(source, width)
        return intervals.cast_of_index(cast, source, width, value in self._index_values)

    def _argument(self, arg: ir.BlockArgument, width: int, top: Fact,
                  budget: int) -> tuple[Fact, bool]:
        loop = _induction_loop(arg)
        if loop is not None:
            bounds, exact = self._operands(loop.operands[:3], budget)
            if any(b.width != width for b in bounds):
                return top, True
            if not exact:
                return top, False  # a bound not proved may be poison: so is the variable
            if any(v in self._poison for v in loop.operands[:3]):
                self._poison.add(arg)
                return top, True
            unsigned = UNSIGNED_LOOP_ATTR in loop.attributes
            def induction(start: Fact, stop: Fact, step: Fact) -> Fact:
                return intervals.induction_variable(start, stop, step, unsigned=unsigned)
            if arg in self._index_values:
                return intervals.index_op(induction, bounds), exact
            return induction(*bounds), exact
        func = function_of_argument(arg)
        if func is None:
            # iter_args and other region arguments: unresolved, and poison where their
            # region op may carry one in.
            owner = arg.owner.owner
            if owner is None or self._region_may_be_poison(owner):
                self._poison.add(arg)
            return top, True
        return argument_axiom(func, arg.arg_number, width), True


def _unmodelled_fact(value: ir.Value, top: Fact) -> Fact:
    """The fact of an integer whose type's width the device does not compute at (an i3,
    an i128: PTOAS holds it as int32_t and never wraps it to its width, found by red team):
    nothing but a non-negative constant (PTOAS writes its literal, and every cast of it
    reads it alike in both); the width's top, which no cast of it believes."""
    constant = unmodelled_constant(value)
    return top if constant is None else Fact.const(constant, top.width)


def unmodelled_constant(value: ir.Value) -> int | None:
    """`value` when it is a non-negative integer constant, the one value of an integer of
    a width the device does not compute at that is known on the device too."""
    constant = constant_value(value)
    return constant if constant is not None and constant >= 0 else None


def strict_bounds_option() -> Any:
    """The option of every pass that bounds windows (one spelling)."""
    return option(False, "refuse (instead of warning about) windows on axes of dynamic "
                  "extent, which no bound can be proved against")


def max_proof_depth_option() -> Any:
    """The option of every pass that proves offsets (one spelling, one bound)."""
    return option(DEFAULT_MAX_DEPTH, "how deep offset proofs follow SSA definitions before "
                  "giving up (and refusing)", bounds=(1, MAX_PROOF_DEPTH))


def _defining(analysis: OffsetAnalysis, value: ir.Value, name: str) -> AnyOp | None:
    op = analysis.owner(value)
    return op if op is not None and op.name == name else None


def upper_bound_of_sum(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value,
                       depth: int = 8) -> int:
    """An upper bound of a + b (exact integers). Intervals alone lose the relation
    of a ragged tail to its offset (rows = min(N - n0, 256) loaded at n0 ends at
    most at N, yet hi(n0) + hi(rows) is larger); these rules keep it:
    a + min(x, y) <= min(a + x, a + y); a + (c - a) = c; a/d + b/d = (a + b)/d
    for exact quotients by one constant d > 0. Each rule is a mathematical
    identity on values that do not wrap (the facts say so), and the bound is
    never worse than the intervals'."""
    key = ("sum", a, b, depth)
    derived = analysis.derived
    if key in derived:
        return derived[key]
    bound = derived[key] = _upper_bound_of_sum(analysis, a, b, depth)
    return bound


# What a side only the width bounds (`Fact.open`) is to a relational rule: no bound. Of an
# index it holds in the 32-bit reading alone (found by red team: the quotient rule had
# bounded max(y * 2^20, 0) / 2^20 by 2047, which is y itself, up to 4095, at 64 bits).
_UNBOUNDED = 1 << 200  # past every width even once divided by one


def show_bound(bound: int) -> str:
    """A relational bound as a message shows it: one past every width (an open side,
    divided or not) is no bound."""
    return "+inf" if bound > intervals.signed_max(64) else str(bound)


def _hi(fact: Fact) -> int:
    return fact.hi if fact.bounded_above or fact.constant is not None else _UNBOUNDED


def _lo(fact: Fact) -> int:
    return fact.lo if fact.bounded_below or fact.constant is not None else -_UNBOUNDED


def _upper_bound_of_sum(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value, depth: int) -> int:
    bound = _hi(analysis.fact(a)) + _hi(analysis.fact(b))
    if depth <= 0 or analysis.may_be_poison(a) or analysis.may_be_poison(b):
        return bound
    for x, y in ((a, b), (b, a)):
        related = _related_bound(analysis, x, y, depth - 1)
        if related is not None:
            bound = min(bound, related)
    return bound


def _related_bound(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value,
                   depth: int) -> int | None:
    """A bound of a + b from how b is defined; None when no rule applies."""
    fb = analysis.fact(b)
    # A wrapped result is the width's top: its fact says nothing, and no identity holds.
    if not fb.bounded_above or fb.lo <= intervals.signed_min(fb.width):
        return None
    smaller = _defining(analysis, b, _MIN)
    if smaller is not None:
        x, y = smaller.operands
        return min(upper_bound_of_sum(analysis, a, x, depth),
                   upper_bound_of_sum(analysis, a, y, depth))
    difference = _defining(analysis, b, _SUB)
    if difference is not None and difference.operands[1] == a:
        return _hi(analysis.fact(difference.operands[0]))
    return _quotient_bound(analysis, a, b, depth)


def _quotient_bound(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value,
                    depth: int) -> int | None:
    """(a0 + b0) / d for exact quotients a = a0 / d, b = b0 / d; None otherwise."""
    qa = _defining(analysis, a, _FLOORDIV)
    qb = _defining(analysis, b, _FLOORDIV)
    if qa is None or qb is None:
        return None
    divisor = constant_value(qa.operands[1])
    if divisor is None or divisor <= 0 or constant_value(qb.operands[1]) != divisor:
        return None
    if not (analysis.is_multiple(qa.operands[0], divisor)
            and analysis.is_multiple(qb.operands[0], divisor)):
        return None
    return upper_bound_of_sum(analysis, qa.operands[0], qb.operands[0], depth) // divisor


def explain_fact(value: ir.Value, fact: Fact) -> str:
    """What the analysis proved of `value`, for a refusal: the user sees which
    definition stopped the proof and what to add."""
    return _explain_definition(value, fact) + _explain_odd_width(value) + _explain_poison(value)


def _explain_poison(value: ir.Value) -> str:
    """Where `value` is computed from an op that may be poison (`syntactic_poison_source`),
    which stops every proof through it: said, or the user sees a division of a product
    "proved [-inf, +inf]" with no why."""
    seen: set[ir.Value] = set()
    pending = [value]
    while pending and len(seen) < _ODD_WIDTH_SEARCH:
        current = pending.pop()
        if current in seen or not isinstance(current, ir.OpResult):
            continue
        seen.add(current)
        op = current.owner
        if syntactic_poison_source(op):
            return (f"; it is computed from '{op.name}' (at "
                    f"{line_and_column(value_location(current))}), which may be poison (an "
                    "overflow flag nsw/nuw or an exact flag the operands may break, a shift "
                    "past the width, a division by 0 or of the least value by -1, a call or "
                    "an op whose poison rules the analysis does not follow): PTOAS folds by "
                    "MLIR's poison rules, so nothing is proved through it; drop the flag, "
                    "bound its operands or compute the value with arith ops")
        pending.extend(op.operands)
    return ""


# How many definitions a refusal's explanation looks through for an odd width.
_ODD_WIDTH_SEARCH = 64


def _explain_odd_width(value: ir.Value) -> str:
    """Where `value` is computed from an integer of a width the device does not compute at
    (`device_width`), which stops every proof through it: said, or the user sees an
    `extui` of an i3 "proved [-inf, +inf]" with no why."""
    seen: set[ir.Value] = set()
    pending = [value]
    while pending and len(seen) < _ODD_WIDTH_SEARCH:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        type_ = current.type
        if (integer_width(type_) is not None and device_width(type_) is None
                and unmodelled_constant(current) is None):
            return (f"; it is computed from a {type_} value (at "
                    f"{line_and_column(value_location(current))}), which PTOAS holds as "
                    f"int32_t, never wrapped to {integer_width(type_)} bits: only integers of "
                    "1, 8, 16, 32 or 64 bits and index compute as MLIR says, so nothing is "
                    "proved through it; compute in one of those")
        if isinstance(current, ir.OpResult):
            pending.extend(current.owner.operands)
    return ""


def _explain_definition(value: ir.Value, fact: Fact) -> str:
    if isinstance(value, ir.BlockArgument):
        func = function_of_argument(value)
        if func is not None:
            return (f"argument {value.arg_number} of the function is proved {fact.show()}; "
                    f"state what the caller guarantees with {{{MULTIPLE_OF_ATTR} = N : i64}} "
                    f"or {{{RANGE_ATTR} = array<i64: LO, HI>}} on it")
        if _induction_loop(value) is None:
            return f"a loop-carried value (never resolved) is proved {fact.show()}"
        return f"the scf.for induction variable is proved {fact.show()}"
    return f"'{value.owner.name}' yields a value proved {fact.show()}"


# ---------------------------------------------------------------- bounds by an SSA value
#
# A dynamic extent (the row count R of a prefill weight) is an SSA value, not a
# number: a window inside it is proved relationally, offset + rows <= R, from
# how the offset is defined against R itself (a loop up to R, R - n, min()),
# not from intervals alone (which only give hi(offset) + rows <= lo(R)).

_RELATION_DEPTH = 8
_QUOTIENTS = (_FLOORDIV,)


def _exact(fact: Fact) -> bool:
    """Whether the op's result is its exact integer value (a result that may
    wrap is the width's top, which this excludes)."""
    return fact.bounded_above and fact.lo > intervals.signed_min(fact.width)


def slack_below(analysis: OffsetAnalysis, value: ir.Value, bound: ir.Value,
                depth: int = _RELATION_DEPTH) -> int:
    """A k with value <= bound - k on every execution (exact integers), never
    worse than the intervals' lo(bound) - hi(value). Rules: value == bound;
    an scf.for induction variable below its stop (by the alignment both share:
    iv < stop, both multiples of m, so iv <= stop - m); min, max, select; a sum
    or difference that does not wrap; floor quotients of value and bound by one
    positive constant."""
    key = ("slack", value, bound, depth)
    derived = analysis.derived
    if key in derived:
        return derived[key]
    slack = derived[key] = _slack_below(analysis, value, bound, depth)
    return slack


def _slack_below(analysis: OffsetAnalysis, value: ir.Value, bound: ir.Value, depth: int) -> int:
    best = _lo(analysis.fact(bound)) - _hi(analysis.fact(value))
    if depth <= 0 or analysis.may_be_poison(value) or analysis.may_be_poison(bound):
        return best  # the top's: no relation holds of poison
    if value == bound:
        best = max(best, 0)
    related = _slack_rule(analysis, value, bound, depth - 1)
    return best if related is None else max(best, related)


def _slack_rule(analysis: OffsetAnalysis, value: ir.Value, bound: ir.Value,
                depth: int) -> int | None:
    op = analysis.owner(value)
    if op is None:
        assert isinstance(value, ir.BlockArgument)
        return _induction_slack(analysis, value, bound, depth)
    name = op.name
    operands = list(op.operands)
    if name in (_MIN, _MAX) and len(operands) == 2:
        slacks = [slack_below(analysis, v, bound, depth) for v in operands]
        return max(slacks) if name == _MIN else min(slacks)
    if name == _SELECT and len(operands) == 3:
        return min(slack_below(analysis, v, bound, depth) for v in operands[1:])
    if not _exact(analysis.fact(value)) or len(operands) != 2:
        return None
    lhs, rhs = operands
    if name == _ADD:
        return max(slack_below(analysis, lhs, bound, depth) - _hi(analysis.fact(rhs)),
                   slack_below(analysis, rhs, bound, depth) - _hi(analysis.fact(lhs)))
    if name == _SUB:
        return slack_below(analysis, lhs, bound, depth) + _lo(analysis.fact(rhs))
    return _quotient_slack(analysis, value, bound, depth)


def _induction_slack(analysis: OffsetAnalysis, iv: ir.BlockArgument, bound: ir.Value,
                     depth: int) -> int | None:
    loop = _induction_loop(iv)
    if loop is None:
        return None
    stop = loop.operands[1]
    stop_fact = analysis.fact(stop)
    # The body runs only while iv < stop (signed), or iv <u stop: the same for a
    # stop proved non-negative.
    if UNSIGNED_LOOP_ATTR in loop.attributes and not stop_fact.non_negative:
        return None
    shared = min(analysis.fact(iv).align, stop_fact.align)
    return shared + slack_below(analysis, stop, bound, depth)


def _quotient_of(analysis: OffsetAnalysis, value: ir.Value) -> tuple[ir.Value, int] | None:
    """(x, d) when value = floordivsi(x, d) by a positive constant d."""
    op = analysis.owner(value)
    if op is None or op.name not in _QUOTIENTS:
        return None
    dividend, divisor = op.operands
    d = constant_value(divisor)
    return (dividend, d) if d is not None and d > 0 else None


def _quotient_slack(analysis: OffsetAnalysis, value: ir.Value, bound: ir.Value,
                    depth: int) -> int | None:
    """x <= B - s gives floor(x/d) <= floor(B/d) - floor(s/d), for any integers."""
    mine, theirs = _quotient_of(analysis, value), _quotient_of(analysis, bound)
    if mine is None or theirs is None or mine[1] != theirs[1]:
        return None
    return slack_below(analysis, mine[0], theirs[0], depth) // mine[1]


def proved_sum_at_most(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value | int,
                       bound: ir.Value, depth: int = _RELATION_DEPTH) -> bool:
    """Whether a + b <= bound on every execution: the symbolic form of
    `upper_bound_of_sum` for an extent that is an SSA value. Beyond the slack
    of either term: a + min(x, y) <= a + x; a + (B - a) = B; and floor
    quotients by one constant, floor(a/d) + floor(b/d) <= floor((a + b)/d)."""
    key = ("at most", a, b, bound, depth)
    derived = analysis.derived
    if key in derived:
        return derived[key]
    proved = derived[key] = _proved_sum_at_most(analysis, a, b, bound, depth)
    return proved


def _proved_sum_at_most(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value | int,
                        bound: ir.Value, depth: int) -> bool:
    if isinstance(b, int):
        return slack_below(analysis, a, bound, depth) >= b
    if analysis.may_be_poison(b):
        return False
    if (slack_below(analysis, a, bound, depth) >= _hi(analysis.fact(b))
            or slack_below(analysis, b, bound, depth) >= _hi(analysis.fact(a))):
        return True
    if depth <= 0:
        return False
    return any(_sum_rule(analysis, x, y, bound, depth - 1) for x, y in ((a, b), (b, a)))


def _sum_rule(analysis: OffsetAnalysis, a: ir.Value, b: ir.Value, bound: ir.Value,
              depth: int) -> bool:
    smaller = _defining(analysis, b, _MIN)
    if smaller is not None:
        return any(proved_sum_at_most(analysis, a, v, bound, depth) for v in smaller.operands)
    difference = _defining(analysis, b, _SUB)
    if difference is not None and difference.operands[1] == a and _exact(analysis.fact(b)):
        return slack_below(analysis, difference.operands[0], bound, depth) >= 0
    qa, qb = _quotient_of(analysis, a), _quotient_of(analysis, b)
    qbound = _quotient_of(analysis, bound)
    if qa is None or qb is None or qbound is None or not qa[1] == qb[1] == qbound[1]:
        return False
    return proved_sum_at_most(analysis, qa[0], qb[0], qbound[0], depth)


# ---------------------------------------------------------------- linear forms


@record
class Linear(NamedTuple):
    """value == scale * base + offset as exact rationals (base None: a constant)."""

    scale: Fraction
    base: ir.Value | None
    offset: Fraction

    def times(self, factor: Fraction | int) -> Linear:
        if self.base is None:
            return Linear(self.scale * 0, None, self.offset * factor)
        return Linear(self.scale * factor, self.base, self.offset * factor)


def linear_form(analysis: OffsetAnalysis, value: ir.Value, depth: int = _RELATION_DEPTH
                ) -> Linear:
    """`value` as scale * base + offset, through arith.muli and arith.addi by
    constants and exact floordivsi by a positive constant (x provably a multiple
    of d, so x / d is the rational quotient), each of whose results provably does
    not wrap. Two values with equal forms are equal on every execution; anything
    else is its own base."""
    key = ("linear", value, depth)
    derived = analysis.derived
    if key in derived:
        return derived[key]
    form = derived[key] = _linear_form(analysis, value, depth)
    return form


def _linear_form(analysis: OffsetAnalysis, value: ir.Value, depth: int) -> Linear:
    # Imported here: only dynamic extents ask for linear forms, and importing fractions
    # (with decimal) is 1.6 ms of a one-kernel nzpass-opt start-up.
    from fractions import Fraction

    fact = analysis.fact(value)
    if fact.constant is not None:
        return Linear(Fraction(0), None, Fraction(fact.constant))
    itself = Linear(Fraction(1), value, Fraction(0))
    if (depth <= 0 or not isinstance(value, ir.OpResult) or not _exact(fact)
            or analysis.may_be_poison(value)):
        return itself
    owner = analysis.owner(value)
    assert owner is not None
    if len(owner.operands) != 2:
        return itself
    lhs, rhs = owner.operands
    quotient = _quotient_of(analysis, value)
    if quotient is not None:
        if not analysis.is_multiple(quotient[0], quotient[1]):
            return itself
        return linear_form(analysis, quotient[0], depth - 1).times(Fraction(1, quotient[1]))
    for x, c in ((lhs, rhs), (rhs, lhs)):
        const = analysis.fact(c).constant
        if const is None:
            continue
        form = linear_form(analysis, x, depth - 1)
        if owner.name == _MUL:
            return form.times(const)
        if owner.name == _ADD:
            return Linear(form.scale, form.base, form.offset + const)
    return itself
