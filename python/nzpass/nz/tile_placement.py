"""Where placed tiles may not go, beside the overlap rule's dataflow (nz/tile_overlap.py).

The overlap rule compares the tiles one function places at addresses. What else may write
those bytes is refused here, or named for the rule: tiles PTOAS's planner places in the same
memory (PTOPlanMemory skips allocs with an address: it plans around none of them), a
pipe's reserved FIFO region (its peer writes the slots at any time), and calls of functions
that place tiles themselves (the rule does not follow calls). docs/nz-semantics.md 8.5.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..dialects import pto
from ..errors import Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import functions, is_declaration, line_and_column, nested_ops
from ..records import record
from .call_facts import referenced_function
from .limits import MEMORY_NAMES
from .tile_overlap import PlacedTile, placed_bytes


def check_placed_or_planned(tiles: Sequence[PlacedTile],
                            planned: Mapping[str, ir.Operation]) -> None:
    """Refuse a function that places tiles of a memory at addresses and leaves others of
    it to PTOAS's planner: PTOPlanMemory skips an alloc with an `addr` (it plans around
    none), so a planned tile may land on placed bytes that this rule takes for the placed
    tile's alone. No function of PTOAS's corpus mixes the two in one memory."""
    for tile in tiles:
        alloc = planned.get(tile.loc)
        if alloc is None:
            continue
        memory = MEMORY_NAMES.get(tile.loc, tile.loc)
        raise Refusal(alloc.location, f"'pto.alloc_tile' leaves its tile to PTOAS's memory "
                      f"planner in {memory} (loc={tile.loc}), where the function places the "
                      f"tile of the 'pto.alloc_tile' at {line_and_column(tile.op.location)} "
                      f"at an address: PTOAS plans around no placed tile, so the planned one "
                      "may land on its bytes. Give every tile of the memory an address, or "
                      "none")


@record
class ReservedBuffer(NamedTuple):
    """A `pto.reserve_buffer`: a pipe's FIFO region of memory `loc`, at bytes
    [base, base + size), or where PTOAS places it (`base` None: auto, or not read)."""

    op: ir.Operation
    loc: str | None
    base: int | None
    size: int


def check_reserved_buffers(tiles: Sequence[PlacedTile],
                           reserved: Sequence[ReservedBuffer]) -> None:
    """Refuse a placed tile over a pipe's reserved FIFO region of its memory (the peer
    writes it at any time, unseen by this rule), and a region PTOAS places (auto) in a
    memory where the function places tiles: PTOAS plans around no placed tile. None in
    PTOAS's corpus: its PyPTO kernels place their tiles past the region they reserve."""
    for buffer in reserved:
        for tile in tiles:
            if buffer.loc is not None and buffer.loc != tile.loc:
                continue
            memory = MEMORY_NAMES.get(tile.loc, tile.loc)
            if buffer.base is None or buffer.loc is None:
                raise Refusal(buffer.op.location, f"'{buffer.op.name}' leaves its region to "
                              f"PTOAS in {memory}, where the function places the tile of "
                              f"the 'pto.alloc_tile' at {line_and_column(tile.op.location)} "
                              "at an address: PTOAS plans around no placed tile, so the pipe's "
                              "slots may land on its bytes. Give the buffer its base "
                              "(auto = false, base = ...) clear of the placed tiles")
            if tile.start < buffer.base + buffer.size and buffer.base < tile.end:
                raise Refusal(tile.op.location, f"'pto.alloc_tile' places its tile at bytes "
                              f"{placed_bytes(tile)} of {memory}, over the region "
                              f"[{buffer.base}, {buffer.base + buffer.size}) the "
                              f"'{buffer.op.name}' at {line_and_column(buffer.op.location)} "
                              "reserves for a pipe, whose peer writes its slots at any time. "
                              "Place the tile clear of the reserved region")


def placing_functions(module: ir.Operation, places: Callable[[ir.Operation], bool]
                      ) -> frozenset[str]:
    """The functions of `module` a call of which may write placed local memory: those
    with an alloc that `places` (a `pto.alloc_tile` with an `addr`), those without a
    body (what it does is not known), and those that call one, or call indirectly
    where any function places."""
    calls: dict[str, set[str]] = {}
    placing: set[str] = set()
    indirect: set[str] = set()
    for function in functions(module):
        name = ir.StringAttr(function.attributes["sym_name"]).value
        calls.setdefault(name, set())
        if is_declaration(function):
            placing.add(name)
            continue
        for op in nested_ops(function):
            if op.name == pto.AllocTile.NAME and places(op):
                placing.add(name)
            elif op.name == op_names.FUNC_CALL:
                callee = referenced_function(op)
                if callee is not None:
                    calls[name].add(callee)
            elif op.name == op_names.FUNC_CALL_INDIRECT:
                indirect.add(name)
    if placing:
        placing |= indirect
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in placing and callees & placing:
                placing.add(name)
                changed = True
    return frozenset(placing)


def clobbering_call(op: ir.Operation, placing: frozenset[str]) -> bool:
    """Whether `op` calls a function that may write placed local memory."""
    if op.name == op_names.FUNC_CALL_INDIRECT:
        return bool(placing)
    return op.name == op_names.FUNC_CALL and referenced_function(op) in placing
