"""Where an NZ view or partition may be used, so that every transfer of NZ bytes is checked.

A `!pto.partition_tensor_view` (and a `!pto.tensor_view` whose NZ layout is an attribute of
its `pto.make_tensor_view`) does not carry the layout in its type. Once such a value flows
through another op (an `scf.yield`, an `scf.if` or `scf.for` result, a `func.call`, a region
argument, an op verify-pto-nz does not model), the op that finally loads or stores it sees
an ND-looking view, and the transfer would go unchecked. So the value may be used only where
the checks read it; every other use is refused (docs/diagnostics.md, `flows into`).

The other way round, a `pto.partition_view` must take its view straight from the
`pto.make_tensor_view` that makes it, whatever its layout: PTOAS's EmitC reads the view's
strides only from the op defining the partition's source, and of any other source (an
scf.if or scf.for result, a region's or a function's argument, a call's result) takes them
compact from its type (`check_partition_source_made`).
"""

from __future__ import annotations

import typing
from collections.abc import Callable

from ..dialects import pto
from ..errors import Refusal
from ..ir.bindings import ir
from ..ir.walk import function_of_argument, line_and_column

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


def check_partition_source_made(partition: ir.Operation, source: ir.Value) -> None:
    """Refuse a `pto.partition_view` of a tensor view no `pto.make_tensor_view` defines.
    PTOAS's memref path (hw-native-sys/PTOAS, PTOViewToMemref.cpp and PTOToEmitC.cpp; the
    newer tonibohnlein/PTOAS reads such a view's strides from its GlobalTensor at run time,
    and only its layout is lost, ND) lowers a make_tensor_view to a memref.reinterpret_cast
    of fully dynamic type and a partition to a memref.subview of it; SubviewToEmitCPattern
    takes the subview's strides, and so its offsets' distances, from the reinterpret_cast
    only where it defines the subview's source, and otherwise compact from the source's
    type, a dynamic dim counting 1: every stride 1 for a `?x?` view yielded by an scf.if,
    whatever the make_tensor_view said (a function argument's tensor_view PTOAS does not
    lower at all). Found by red team: rows 16..31 of a [32, 64] ND view an scf.if yields
    were accepted, and PTOAS reads them from elements 16.. of its first row. A partition of
    a partition is its own refusal (`source_view`); a memref source is PTOAS's to refuse."""
    owner = source.owner.operation if isinstance(source, ir.OpResult) else None
    if owner is not None and owner.name in (pto.MakeTensorView.NAME, pto.PartitionView.NAME):
        return
    if isinstance(source.type, ir.MemRefType):
        return
    raise Refusal(partition.location, f"'{pto.PartitionView.NAME}' of a tensor view that is "
                  f"{_origin(source)}, not a pto.make_tensor_view's result: PTOAS reads a "
                  "view's strides only from the pto.make_tensor_view that defines a "
                  "partition's source, and of any other source takes them compact from its "
                  "type (a dynamic dim as 1, so every stride of a ?x? view is 1), so the "
                  "partition would move other elements than the view's; partition the "
                  "pto.make_tensor_view itself (make the view where it is partitioned: in "
                  "each branch or iteration, or in the callee from the pointer)")


def _origin(value: ir.Value) -> str:
    """Where a value that is no op's result of interest comes from, for a message."""
    if isinstance(value, ir.OpResult):
        owner = value.owner.operation
        return f"the result of '{owner.name}' (at {line_and_column(owner.location)})"
    assert isinstance(value, ir.BlockArgument)
    if function_of_argument(value) is not None:
        return "a function argument"
    parent = typing.cast(ir.Block, value.owner).owner  # a block argument's owner is its block
    return f"a block argument of '{parent.operation.name}'" if parent is not None \
        else "a block argument"
