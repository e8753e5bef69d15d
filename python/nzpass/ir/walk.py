"""Walking modules: functions, nested ops, and every value an op defines."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from ..records import record
from . import op_names
from .bindings import MODULE, ir

FUNC = op_names.FUNC_FUNC


def module_level_ops(module: ir.Operation) -> list[ir.Operation]:
    """Every op directly in the module or in a module nested in it, in source order (a
    nested module's ops right after it), the nested `builtin.module` ops included. One
    walk run by MLIR, called back at each of these ops only: it steps over everything
    else (a function's body), a quarter of what iterating the blocks' op lists costs."""
    found: list[ir.Operation] = []
    append = found.append
    into, over = ir.WalkResult.ADVANCE, ir.WalkResult.SKIP

    def visit(op: ir.Operation) -> ir.WalkResult:
        append(op)
        # Into `module` itself (the first op visited) and every module nested in it.
        return into if len(found) == 1 or op.name == MODULE else over

    module.walk(visit, ir.WalkOrder.PRE_ORDER)
    del found[0]  # `module` itself
    return found


def functions(module: ir.Operation) -> Iterator[ir.Operation]:
    """Every func.func of the module, nested modules included: the functions the passes
    rewrite (one inside another op's region is none of them: `outside_functions`)."""
    return (op for op in module_level_ops(module) if op.name == FUNC)


def nested_modules(module: ir.Operation) -> Iterator[ir.Operation]:
    """Every builtin.module nested in the module, at any depth of modules."""
    return (op for op in module_level_ops(module) if op.name == MODULE)


def misplaced_modules(module: ir.Operation) -> list[ir.Operation]:
    """Every builtin.module below `module` that is not directly in a builtin.module: one in
    another op's region, a function's body included. MLIR allows it anywhere; nzpass reads
    symbols, targets and functions along the chain of modules nested directly in modules
    (`module_level_ops`), and PTOAS the target from an op's nearest enclosing module.
    Found by MLIR's walk of symbol tables, which visits every op in C++ and calls back at
    modules only (17 ms on a 100k-op module, where a Python call per op takes 90 ms)."""
    found: list[ir.Operation] = []

    def visit(table: ir.Operation, _all_uses_visible: bool) -> None:
        table = table.operation
        parent = table.parent
        if table.name == MODULE and parent is not None and parent.operation.name != MODULE:
            found.append(table)

    ir.SymbolTable.walk_symbol_tables(module, True, visit)
    return found


def outside_functions(module: ir.Operation) -> Iterator[ir.Operation]:
    """Every op at module level that is neither a function nor a module, and every op
    nested in one: what a pass that rewrites `functions` never sees."""
    for op in module_level_ops(module):
        if op.name not in (FUNC, MODULE):
            yield op
            yield from nested_ops(op)


@record
class PreOrder(NamedTuple):
    """Every op nested in a root op, in pre-order, and the positions of those
    directly in the root's first block (the entry block of a function)."""

    ops: Sequence[ir.Operation] | Mapping[int, ir.Operation]  # indexed by position
    entry_positions: list[int]


def pre_order(op: ir.Operation) -> PreOrder:
    """`nested_ops(op)` and the positions of the entry block's ops in it."""
    found = nested_ops(op)
    regions = op.regions
    has_entry = len(regions) and len(regions[0].blocks)
    entry = list(regions[0].blocks[0].operations) if has_entry else []
    return PreOrder(found, _entry_positions(found, entry))


def _entry_positions(found: list[ir.Operation], entry: list) -> list[int]:
    """Where each entry op is in `found`: right after the one before when that
    one has no regions, else after its subtree, found by comparing ops."""
    positions: list[int] = []
    position = 0
    for index, wanted in enumerate(entry):
        if index and len(entry[index - 1].regions):
            while found[position] != wanted:
                position += 1
        positions.append(position)
        position += 1
    return positions


def nested_ops(op: ir.Operation) -> list[ir.Operation]:
    """Every op inside `op`'s regions, in pre-order: one walk, run by MLIR
    (iteratively: no recursion limit)."""
    found: list[ir.Operation] = []
    append = found.append
    advance = ir.WalkResult.ADVANCE  # looked up once, not once per op

    def visit(inner) -> ir.WalkResult:
        append(inner)
        return advance

    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    del found[0]  # `op` itself
    return found


def block_arguments(op: ir.Operation) -> list[ir.BlockArgument]:
    regions = op.regions
    count = len(regions)
    if not count:
        return []  # most ops have no region: answer without building iterators
    # By index: the bindings end an iteration over regions or blocks by throwing a C++
    # exception (2 us each, more than the reads); a region holds few blocks.
    found: list[ir.BlockArgument] = []
    for r in range(count):
        blocks = regions[r].blocks
        for b in range(len(blocks)):
            found.extend(blocks[b].arguments)
    return found


def defined_values(root: ir.Operation, ops: list[ir.Operation]) -> list[ir.Value]:
    """Every value defined inside `root`: block arguments of its regions, then
    nested block arguments and results of `ops`, its nested ops. Locations are
    left to `value_location`, asked only when a diagnostic needs one."""
    values: list[ir.Value] = [*block_arguments(root)]
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


def function_of(op: ir.Operation) -> ir.Operation:
    """The op right inside a builtin.module that holds `op` (its function)."""
    current = op
    while True:
        parent = current.parent
        if parent is None or parent.operation.name == op_names.BUILTIN_MODULE:
            return current
        current = parent.operation


def function_of_argument(value: ir.Value) -> ir.Operation | None:
    """The func.func whose entry-block argument `value` is; None for any other value
    (an op's result, an scf region's or a branch block's argument)."""
    if not isinstance(value, ir.BlockArgument):
        return None
    block = typing.cast(ir.Block, value.owner)  # a block argument's owner is its block
    parent = block.owner
    if parent is None or parent.operation.name != FUNC:  # `.operation`: not a FuncOp view
        return None
    op = parent.operation
    return op if op.regions[0].blocks[0] == block else None


def symbol_scope(op: ir.Operation) -> str:
    """The nested modules `op` sits in below the root, spelled as MLIR nests symbol
    references (`a::@b::@`; empty at the root's own level): a function's name and a
    call's callee name a function only inside their nearest module (its symbol table),
    so two nested modules may each define an @ext of their own (found by red team: a
    declaration in one was taken for the other's definition). An unnamed nested module
    is spelled by its position."""
    scope: list[str] = []
    current = op.parent
    while current is not None:
        current = current.operation
        parent = current.parent
        if current.name == MODULE and parent is not None:
            scope.append(_scope_name(current))
        current = parent
    return "".join(f"{name}::@" for name in reversed(scope))


_PLAIN_SYMBOL = re.compile(r"[A-Za-z_][\w$.]*")


def _scope_name(module: ir.Operation) -> str:
    """A nested module's part of a scope: its name where it is a plain identifier, else
    quoted as MLIR spells it (a name `a::@b` is no nesting); an unnamed module by its
    position among its parent block's ops, which no two siblings share (a location could
    be: two `loc(unknown)` modules had one scope; found by red team)."""
    name = module.attributes.get("sym_name")
    if name is not None:
        text = ir.StringAttr(name).value
        return text if _PLAIN_SYMBOL.fullmatch(text) else f'"{text}"'
    siblings = module.block.operations  # a nested module sits in its parent's block
    position = next(i for i, op in enumerate(siblings) if op.operation == module)
    return f"<module {position}>"


def qualified_name(func: ir.Operation) -> str:
    """The function's name as a reference from the root names it (`b::@ext`)."""
    return symbol_scope(func) + ir.StringAttr(func.attributes["sym_name"]).value


def line_and_column(loc: ir.Location) -> str:
    """`line L:C` of a file location, for a message that points at a second place (the
    diagnostic names the file already); any other location as MLIR prints it."""
    if loc.is_a_file():
        line, col = file_position(loc)
        return f"line {line}:{col}"
    return str(loc)


_UINT32 = (1 << 32) - 1


def file_position(loc: ir.Location) -> tuple[int, int]:
    """The line and column of a file location as MLIR holds them, unsigned 32-bit: the C
    API hands them over as `int`, so `loc("a.mlir":4294967295:1)` would read line -1
    (mlir-opt prints 4294967295)."""
    return loc.start_line & _UINT32, loc.start_col & _UINT32


def is_declaration(func: ir.Operation) -> bool:
    return len(func.regions[0].blocks) == 0


def function_type(func: ir.Operation) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def set_function_type(func: ir.Operation, inputs, results) -> None:
    """Retype `func`; an argument attribute list grows with the inputs (a new
    argument gets an empty dictionary), as func.func requires one entry each."""
    func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))
    if "arg_attrs" not in func.attributes:
        return
    attrs = list(ir.ArrayAttr(func.attributes["arg_attrs"]))
    if len(attrs) < len(inputs):
        attrs += [ir.DictAttr.get({})] * (len(inputs) - len(attrs))
        func.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)


def parent_op(op: ir.Operation) -> ir.Operation | None:
    """The op holding `op`, as an operation (a view of func.func names its symbol); None
    for a top-level op."""
    parent = op.parent
    return parent.operation if parent is not None else None


def defined_inside(value: ir.Value, region_op: ir.Operation) -> bool:
    """Whether `value` is defined in one of `region_op`'s regions (by an op there, or as
    an argument of one of its blocks)."""
    op: ir.Operation | None
    if isinstance(value, ir.BlockArgument):
        owner = typing.cast(ir.Block, value.owner).owner  # the block's op: the value is inside it
        op = owner.operation if owner is not None else None
    else:
        op = parent_op(value.owner.operation)
    while op is not None:
        if op == region_op:
            return True
        op = parent_op(op)
    return False
