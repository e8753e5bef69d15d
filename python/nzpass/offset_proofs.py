"""Proving facts about integer SSA offsets by walking their definitions.

An NZ coordinate is divided by a power-of-two axis factor (16 rows, c0
columns); dividing a value that is not provably a multiple, or that may be
negative (a negative offset floor-divides below zero and is clamped to 0
downstream, silently reading fractal 0), gives a wrong coordinate with no error
anywhere. So both facts are proved from the bindings that produced the value,
never assumed (nz-semantics section 4):

- alignment: the largest power of two that provably divides the value;
- sign: whether the value is provably >= 0.

Iter_args are never resolved (each iteration sees a different value); a
difference proves divisibility but never sign. The search is bounded in depth
and memoised per query, so deep or shared arithmetic cannot blow up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .bindings import ir
from .dialects import pl

# No offset needs more than 2**62 of alignment; also the "alignment" of zero.
MAX_ALIGNMENT = 1 << 62
DEFAULT_MAX_DEPTH = 64

PROVABLE_FORMS = (
    "integer constants; products with a provable factor (n0 = nb * 256); sums of provable "
    "terms; scf.for induction variables whose start and step are provable; min/max of "
    "provable operands; x % c and x // c by a positive constant (inside a product); "
    "index_cast of a provable value; pl.tile.get_block_idx / get_block_num (sign only). "
    "A difference proves divisibility but not sign, and loop-carried values (iter_args) "
    "are never resolved")


def constant_value(value: ir.Value) -> int | None:
    """The value of an `arith.constant` integer (signed), else None."""
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner
    if op.name != "arith.constant":
        return None
    attr = op.attributes["value"]
    return attr.value if isinstance(attr, ir.IntegerAttr) else None


def _largest_power_of_two_dividing(n: int) -> int:
    if n == 0:
        return MAX_ALIGNMENT
    return min(n & -n, MAX_ALIGNMENT)


def _defining_op(value: ir.Value) -> ir.Operation | None:
    return value.owner if isinstance(value, ir.OpResult) else None


def _loop_of_induction_variable(value: ir.Value) -> ir.Operation | None:
    """The scf.for whose induction variable `value` is (not an iter_arg)."""
    if not isinstance(value, ir.BlockArgument) or value.arg_number != 0:
        return None
    parent = value.owner.owner
    if parent is None or parent.name != "scf.for":
        return None
    return parent.operation


@dataclass
class OffsetProver:
    max_depth: int = DEFAULT_MAX_DEPTH
    _alignment: dict = field(default_factory=dict)
    _sign: dict = field(default_factory=dict)

    def alignment(self, value: ir.Value, depth: int = 0) -> int:
        """The largest power of two that provably divides `value` (1 if none)."""
        if depth > self.max_depth:
            return 1
        key = value  # values hash and compare by the IR value they wrap
        if key not in self._alignment:
            self._alignment[key] = 1  # cycles and re-entry prove nothing
            self._alignment[key] = self._compute_alignment(value, depth + 1)
        return self._alignment[key]

    def non_negative(self, value: ir.Value, depth: int = 0) -> bool:
        """True when `value` is provably >= 0."""
        if depth > self.max_depth:
            return False
        key = value
        if key not in self._sign:
            self._sign[key] = False
            self._sign[key] = self._compute_sign(value, depth + 1)
        return self._sign[key]

    def is_multiple(self, value: ir.Value, divisor: int) -> bool:
        return self.alignment(value) % divisor == 0

    def _compute_alignment(self, value: ir.Value, depth: int) -> int:
        loop = _loop_of_induction_variable(value)
        if loop is not None:
            start, step = loop.operands[0], loop.operands[2]
            return min(self.alignment(start, depth), self.alignment(step, depth))
        op = _defining_op(value)
        if op is None:
            return 1
        const = constant_value(value)
        if const is not None:
            return _largest_power_of_two_dividing(const)
        operands = list(op.operands)
        if op.name in ("arith.addi", "arith.subi", "arith.minsi", "arith.maxsi"):
            return min(self.alignment(v, depth) for v in operands)
        if op.name == "arith.muli":
            product = self.alignment(operands[0], depth) * self.alignment(operands[1], depth)
            return min(product, MAX_ALIGNMENT)
        if op.name == "arith.index_cast":
            return self.alignment(operands[0], depth)
        # x % c and x // c carry no alignment of their own: a product's other
        # factor carries it, as in (blk % 2) * 512.
        return 1

    def _compute_sign(self, value: ir.Value, depth: int) -> bool:
        loop = _loop_of_induction_variable(value)
        if loop is not None:
            start, step = loop.operands[0], loop.operands[2]
            return self.non_negative(start, depth) and self.non_negative(step, depth)
        op = _defining_op(value)
        if op is None:
            return False
        const = constant_value(value)
        if const is not None:
            return const >= 0
        operands = list(op.operands)
        if op.name in pl.LANE_INDEX_OPS:
            return True  # a lane number cannot be negative
        if op.name in ("arith.addi", "arith.muli", "arith.minsi"):
            return all(self.non_negative(v, depth) for v in operands)
        if op.name == "arith.maxsi":
            return any(self.non_negative(v, depth) for v in operands)
        if op.name in ("arith.floordivsi", "arith.remsi"):
            divisor = constant_value(operands[1])
            return (divisor is not None and divisor > 0
                    and self.non_negative(operands[0], depth))
        if op.name == "arith.index_cast":
            return self.non_negative(operands[0], depth)
        return False  # arith.subi among others: a difference has no provable sign

