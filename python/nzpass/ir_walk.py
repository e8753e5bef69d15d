"""Walking modules: functions, nested ops, and every value an op defines."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from .bindings import ir

FUNC = "func.func"


def functions(module: ir.Operation) -> Iterator[ir.Operation]:
    """Every func.func of the module, nested modules included (iteratively:
    nesting is bounded by memory, not by Python's call stack)."""
    pending = [module]
    while pending:
        current = pending.pop()
        nested = []
        for block in current.regions[0].blocks:
            for op in block.operations:
                op = op.operation
                if op.name == FUNC:
                    yield op
                elif op.name == "builtin.module":
                    nested.append(op)
        pending.extend(reversed(nested))


@dataclass(frozen=True)
class PreOrder:
    """Every op nested in a root op, in pre-order, and the positions of those
    directly in the root's first block (the entry block of a function)."""

    ops: Sequence[ir.Operation] | Mapping[int, ir.Operation]  # indexed by position
    entry_positions: list[int]


def pre_order(op: ir.Operation) -> PreOrder:
    """One walk of `op`'s regions (the walk itself runs in C++, iteratively)."""
    found: list[ir.Operation] = []
    entry_positions: list[int] = []
    append = found.append

    def visit(inner) -> ir.WalkResult:
        append(inner)
        return ir.WalkResult.ADVANCE

    for region_index, region in enumerate(op.regions):
        for block_index, block in enumerate(region.blocks):
            is_entry = region_index == 0 and block_index == 0
            for child in block.operations:
                if is_entry:
                    entry_positions.append(len(found))
                child.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return PreOrder(found, entry_positions)


def nested_ops(op: ir.Operation) -> list[ir.Operation]:
    """Every op inside `op`'s regions, in pre-order."""
    return pre_order(op).ops


def block_arguments(op: ir.Operation) -> list[ir.BlockArgument]:
    regions = op.regions
    if not len(regions):
        return []  # most ops have no region: answer without building iterators
    return [arg for region in regions for block in region.blocks for arg in block.arguments]


def defined_values(root: ir.Operation, ops: list[ir.Operation]) -> list[ir.Value]:
    """Every value defined inside `root`: block arguments of its regions, then
    nested block arguments and results of `ops`, its nested ops. Locations are
    left to `value_location`, asked only when a diagnostic needs one."""
    values: list[ir.Value] = block_arguments(root)
    extend = values.extend
    for op in ops:
        if len(op.regions):
            extend(block_arguments(op))
        extend(op.results)
    return values


def value_location(value: ir.Value) -> ir.Location:
    """Where a diagnostic about `value` points: a block argument's own
    location, else its defining op's."""
    if isinstance(value, ir.BlockArgument):
        return value.location
    return value.owner.location


def is_declaration(func: ir.Operation) -> bool:
    return len(func.regions[0].blocks) == 0


def function_type(func: ir.Operation) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def set_function_type(func: ir.Operation, inputs, results) -> None:
    func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))
