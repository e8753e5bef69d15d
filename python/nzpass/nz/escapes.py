"""Where an NZ view or partition may be used, so that every transfer of NZ bytes is checked.

A `!pto.partition_tensor_view` (and a `!pto.tensor_view` whose NZ layout is an attribute of
its `pto.make_tensor_view`) does not carry the layout in its type. Once such a value flows
through another op (an `scf.yield`, an `scf.if` or `scf.for` result, a `func.call`, a region
argument, an op verify-pto-nz does not model), the op that finally loads or stores it sees
an ND-looking view, and the transfer would go unchecked. So the value may be used only where
the checks read it; every other use is refused (docs/diagnostics.md, `flows into`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..dialects import pto
from ..errors import Refusal
from ..ir.bindings import ir

# The one table of checked uses: the op, and the operand group in which it reads an NZ
# view or partition. A use anywhere else (another op, another group of these) escapes.
CHECKED_USES: dict[str, tuple[type[pto.PtoOp], str]] = {
    pto.PartitionView.NAME: (pto.PartitionView, "source"),
    pto.TLoad.NAME: (pto.TLoad, "src"),
    pto.TStore.NAME: (pto.TStore, "dst"),
}

# An op's operand groups as the view reads them; raises MalformedOp for an op its
# definition does not allow (a tload with one operand, a partition with two results).
ReadOp = Callable[[type[pto.PtoOp], ir.Operation], "pto.PtoOp"]


def check_nz_uses_checked(value: ir.Value, what: str, read_op: ReadOp) -> None:
    """Refuse the first use of the NZ `value` that is not in `CHECKED_USES`. `read_op`
    gives an op's operand groups; a malformed user is refused here, whatever the type of
    the value says (a partition's does not say NZ), not left to the user's own check."""
    for use in value.uses:
        user = use.owner.operation
        escape = _escape(user, use.operand_number, read_op)
        if escape is not None:
            raise Refusal(user.location, f"{what} flows into {escape}: verify-pto-nz proves "
                          "NZ data movement only where a pto.partition_view, pto.tload or "
                          "pto.tstore reads the view directly, and the type of a partition "
                          "does not say NZ, so past this op a transfer of these bytes would "
                          "go unchecked; take the partition and its tload/tstore where the "
                          "view is used, with no op in between")


def _escape(user: ir.Operation, operand_number: int, read_op: ReadOp) -> str | None:
    """None for a checked use, else what the use is, for the message."""
    checked = CHECKED_USES.get(user.name)
    if checked is None:
        return f"'{user.name}'"
    cls, group = checked
    op_view = read_op(cls, user)
    used_as = _group_of(op_view, operand_number)
    if used_as == group:
        return None
    return f"the {used_as} operand of '{user.name}'"


def _group_of(op_view: pto.PtoOp, operand_number: int) -> str:
    """The operand group holding operand `operand_number` (groups are laid out in order)."""
    start = 0
    for name in op_view.GROUPS:
        start += len(op_view.groups[name])
        if operand_number < start:
            return name
    return "extra"
