"""Proving facts about integer SSA offsets by walking their definitions.

An NZ coordinate is divided by a power-of-two axis factor (16 rows, c0
columns); dividing a value that is not provably a multiple, or that may be
negative (a negative offset floor-divides below zero and is clamped to 0
downstream, silently reading fractal 0), gives a wrong coordinate with no error
anywhere. So both facts are proved from the bindings that produced the value,
never assumed (docs/nz-semantics.md section 4):

- alignment: the largest power of two that provably divides the value;
- sign: whether the value is provably >= 0.

Iter_args are never resolved (each iteration sees a different value); a
difference proves divisibility but never sign. The walk is bounded in depth
(too deep proves nothing, so the offset is refused) and memoised, so deep or
shared arithmetic costs time linear in the number of values it visits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..dialects import pl
from ..driver.pass_base import option
from ..ir.bindings import ir

# No offset needs more than 2**62 of alignment; also the "alignment" of zero.
MAX_ALIGNMENT = 1 << 62
DEFAULT_MAX_DEPTH = 64
# Each level of a proof is a Python call frame: keep well inside the interpreter's limit.
MAX_PROOF_DEPTH = 256

PROVABLE_FORMS = (
    "integer constants; products with a provable factor (n0 = nb * 256); sums of provable "
    "terms; scf.for induction variables whose start and step are provable; min/max of "
    "provable operands; x % c and x // c by a positive constant (inside a product); "
    "index_cast of a provable value; "
    "pl.tile.get_block_idx / get_block_num, pto.get_block_idx / get_block_num (sign only). "
    "A difference proves divisibility but not sign, and loop-carried values (iter_args) are "
    "never resolved")

T = TypeVar("T")


def constant_value(value: ir.Value) -> int | None:
    """The value of an `arith.constant` integer (signed), else None."""
    memo = _constant_memo
    if memo is not None:
        found = memo.get(value, _UNSEEN)
        if found is not _UNSEEN:
            return found
    if not isinstance(value, ir.OpResult):
        return None
    constant = _constant_of_op(value.owner)
    if memo is not None:
        memo[value] = constant
    return constant


def _constant_of_op(op: ir.Operation) -> int | None:
    if op.name != "arith.constant":
        return None
    attr = op.attributes["value"]
    return attr.value if isinstance(attr, ir.IntegerAttr) else None


# While the IR cannot change (a pass planning, a verifier checking), a value's
# constant is read once: see `unchanging_ir`.
_UNSEEN = object()
_constant_memo: dict[ir.Value, int | None] | None = None


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


def _largest_power_of_two_dividing(n: int) -> int:
    if n == 0:
        return MAX_ALIGNMENT
    return min(n & -n, MAX_ALIGNMENT)


def _induction_loop(arg: ir.BlockArgument) -> ir.Operation | None:
    """The scf.for whose induction variable `arg` is (not an iter_arg)."""
    if arg.arg_number != 0:
        return None
    parent = arg.owner.owner
    if parent is None or parent.name != "scf.for":
        return None
    return parent.operation


@dataclass
class OffsetProver:
    """Alignment and sign facts of integer SSA values, memoised across queries.

    A fact cut short by the depth bound is only reused by a query with no
    more depth to spend, so the order of queries never changes an answer."""

    max_depth: int = DEFAULT_MAX_DEPTH
    _alignment: dict = field(default_factory=dict)
    _sign: dict = field(default_factory=dict)

    def alignment(self, value: ir.Value) -> int:
        """The largest power of two that provably divides `value` (1 if none)."""
        return self._align(value, self.max_depth)[0]

    def non_negative(self, value: ir.Value) -> bool:
        """True when `value` is provably >= 0."""
        return self._non_negative(value, self.max_depth)[0]

    def is_multiple(self, value: ir.Value, divisor: int) -> bool:
        return self.alignment(value) % divisor == 0

    def _memo(self, memo: dict, value: ir.Value, budget: int, unknown: T,
              compute: Callable[[ir.Value, int], tuple[T, bool]]) -> tuple[T, bool]:
        if budget <= 0:
            return unknown, False
        fact = memo.get(value)
        # A fact is (value, exact, budget): exact is False when the depth bound
        # cut its walk short, budget the depth that walk had left.
        if fact is not None and (fact[1] or fact[2] >= budget):
            return fact[0], fact[1]
        # SSA definitions dominate their uses, so a walk never re-enters a
        # value; should it, the placeholder proves nothing.
        memo[value] = (unknown, False, budget)
        result, exact = compute(value, budget - 1)
        memo[value] = (result, exact, budget)
        return result, exact

    def _align(self, value: ir.Value, budget: int) -> tuple[int, bool]:
        return self._memo(self._alignment, value, budget, 1, self._compute_alignment)

    def _non_negative(self, value: ir.Value, budget: int) -> tuple[bool, bool]:
        return self._memo(self._sign, value, budget, False, self._compute_sign)

    def _align_all(self, values, budget: int) -> tuple[list[int], bool]:
        facts = [self._align(v, budget) for v in values]
        return [a for a, _ in facts], all(exact for _, exact in facts)

    def _sign_all(self, values, budget: int) -> tuple[list[bool], bool]:
        facts = [self._non_negative(v, budget) for v in values]
        return [s for s, _ in facts], all(exact for _, exact in facts)

    def _compute_alignment(self, value: ir.Value, budget: int) -> tuple[int, bool]:
        if isinstance(value, ir.BlockArgument):
            loop = _induction_loop(value)
            if loop is None:
                return 1, True  # function arguments and iter_args are never resolved
            found, exact = self._align_all((loop.operands[0], loop.operands[2]), budget)
            return min(found), exact
        op = value.owner
        name = op.name
        if name == "arith.constant":
            const = _constant_of_op(op)
            return (1, True) if const is None else (_largest_power_of_two_dividing(const), True)
        if name in ("arith.addi", "arith.subi", "arith.minsi", "arith.maxsi"):
            found, exact = self._align_all(op.operands, budget)
            return min(found), exact
        if name == "arith.muli":
            (lhs, rhs), exact = self._align_all(op.operands, budget)
            return min(lhs * rhs, MAX_ALIGNMENT), exact
        if name == "arith.index_cast":
            # Truncating to W bits keeps a multiple of a power of two below 2**W one.
            return self._align(op.operands[0], budget)
        # x % c and x // c carry no alignment of their own: a product's other
        # factor carries it, as in (blk % 2) * 512.
        return 1, True

    def _compute_sign(self, value: ir.Value, budget: int) -> tuple[bool, bool]:
        if isinstance(value, ir.BlockArgument):
            loop = _induction_loop(value)
            if loop is None:
                return False, True
            found, exact = self._sign_all((loop.operands[0], loop.operands[2]), budget)
            return all(found), exact
        op = value.owner
        name = op.name
        if name == "arith.constant":
            const = _constant_of_op(op)
            return const is not None and const >= 0, True
        if name in _LANE_OPS:
            return True, True  # a lane number cannot be negative
        if name in ("arith.addi", "arith.muli", "arith.minsi"):
            found, exact = self._sign_all(op.operands, budget)
            return all(found), exact
        if name == "arith.maxsi":
            found, exact = self._sign_all(op.operands, budget)
            return any(found), exact
        if name in ("arith.floordivsi", "arith.remsi"):
            divisor = constant_value(op.operands[1])
            if divisor is None or divisor <= 0:
                return False, True
            return self._non_negative(op.operands[0], budget)
        if name == "arith.index_cast":
            # Like the product rule, sign proofs reason about the value the
            # arithmetic denotes; a cast of a lane-sized value keeps its sign.
            return self._non_negative(op.operands[0], budget)
        return False, True  # arith.subi among others: a difference has no provable sign


_LANE_OPS = frozenset((*pl.LANE_INDEX_OPS, "pto.get_block_idx", "pto.get_block_num"))


def max_proof_depth_option() -> Any:
    """The option of every pass that proves offsets (one spelling, one bound)."""
    return option(DEFAULT_MAX_DEPTH, "how deep offset proofs follow SSA definitions before "
                  "giving up (and refusing)", bounds=(1, MAX_PROOF_DEPTH))
