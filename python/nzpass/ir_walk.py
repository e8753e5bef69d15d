"""Walking modules: functions, nested ops, and every value an op defines."""

from __future__ import annotations

from collections.abc import Iterator

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


def nested_ops(op: ir.Operation) -> list[ir.Operation]:
    """Every op inside `op`'s regions, in pre-order."""
    found: list[ir.Operation] = []

    def visit(inner) -> ir.WalkResult:
        found.append(inner.operation)
        return ir.WalkResult.ADVANCE

    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                child.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def block_arguments(op: ir.Operation) -> list[ir.BlockArgument]:
    regions = op.regions
    if not len(regions):
        return []  # most ops have no region: answer without building iterators
    return [arg for region in regions for block in region.blocks for arg in block.arguments]


def defined_values(root: ir.Operation,
                   ops: list[ir.Operation]) -> list[tuple[ir.Value, ir.Location]]:
    """Every value defined inside `root` (block arguments of its regions, then
    nested block arguments and results of `ops`, its nested ops), with the
    location a diagnostic about the value should point at."""
    values = [(arg, arg.location) for arg in block_arguments(root)]
    for op in ops:
        values.extend((arg, arg.location) for arg in block_arguments(op))
        loc = op.location
        values.extend((result, loc) for result in op.results)
    return values


def is_declaration(func: ir.Operation) -> bool:
    return len(func.regions[0].blocks) == 0


def function_type(func: ir.Operation) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def set_function_type(func: ir.Operation, inputs, results) -> None:
    func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))
