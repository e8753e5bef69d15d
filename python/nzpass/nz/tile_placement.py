"""Where placed tiles may not go, beside the overlap rule's dataflow (nz/tile_overlap.py).

The overlap rule compares the tiles one function places at addresses. What else may write
those bytes is refused here, or named for the rule: tiles PTOAS's planner places in the same
memory (PTOPlanMemory skips allocs with an address: it plans around none of them), a
pipe's reserved FIFO region (its peer writes the slots at any time), and calls of functions
that take local memory themselves (PTOPlanMemory plans each function on its own, and the
rule does not follow calls). docs/nz-semantics.md 8.5.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..dialects import pl, pto
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.pto_table import LOCAL_MEMORY_OPS
from ..errors import Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import (
    functions,
    is_declaration,
    line_and_column,
    nested_ops,
    qualified_name,
    symbol_scope,
)
from ..records import record
from . import memref_layout, tile_writes
from .call_facts import describe_call, referenced_function
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
        raise Refusal(alloc.location, f"'{alloc.name}' leaves its tile to PTOAS's memory "
                      f"planner in {memory} (loc={tile.loc}), where the function places the "
                      f"tile of the 'pto.alloc_tile' at {line_and_column(tile.op.location)} "
                      f"at an address: PTOAS plans around no placed tile, so the planned one "
                      "may land on its bytes. Give every tile of the memory an address, or "
                      "none")


_MEMREF_ALLOCS = frozenset(("memref.alloc", "memref.alloca"))


def planned_memref(op: ir.Operation) -> str | None:
    """The local memory a memref.alloc / memref.alloca of a local memref takes (its
    `#pto.address_space<...>`), which PTOAS's planner places (PTOPlanMemory plans every
    memref.alloc and skips a pto.alloc_tile with an `addr`, so it may land on a placed
    tile's bytes: found by red team, a memref.store into an L1 memref.alloc beside an NZ
    Mat tile placed at address 0 was accepted); None for any other op or memory."""
    if op.name not in _MEMREF_ALLOCS or len(op.results) != 1:
        return None
    type_ = op.results[0].type
    if not isinstance(type_, ir.MemRefType):
        return None
    loc = memref_layout.address_space(type_)
    return loc if loc not in (None, "gm") else None


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


def check_no_memory_across_calls(holders: Sequence[ir.Operation],
                                 calls: Sequence[ir.Operation]) -> None:
    """Refuse a call of a function taking local memory (`memory_taking_functions`) in a
    function holding memory the overlap rule does not follow (pipe slots and regions,
    multi-buffers, memrefs, a pl op's tile): PTOPlanMemory plans the callee without the
    caller's bytes, so the callee's tiles may land on them. Tiles of `pto.alloc_tile`
    are followed instead (tile_overlap: a read after such a call is refused). In PTOAS's
    corpus only a lit file does it, calling a function with no body."""
    holder, call = holders[0], calls[0]
    raise Refusal(call.location, f"{describe_call(call)} "
                  f"calls a function that takes local memory (or has no body here) from "
                  f"one holding the local memory of the '{holder.name}' at "
                  f"{line_and_column(holder.location)}: "
                  "PTOAS plans each function's memory on its own, so the callee's tiles may "
                  "land on the caller's bytes, and this rule follows only pto.alloc_tile's "
                  "tiles across a call. Make the call from a function holding no such "
                  "memory, or bring the callee's work into the caller")


def check_no_tile_passed(calls: Sequence[ir.Operation]) -> None:
    """Refuse a tile handed to a call of a function taking local memory: PTOPlanMemory
    plans the callee's tiles without the bytes of the tile it is given, so they may land
    on them before the callee reads it."""
    for call in calls:
        for value in call.operands:
            if not _local_memory_type(value.type):
                continue
            raise Refusal(call.location, f"{describe_call(call)} hands a tile"
                          f"{'' if pto.is_tile_type(value.type) else ' address'} "
                          f"({value.type}) to a function that "
                          "takes local memory, or has no body here: PTOAS plans the "
                          "callee's memory without the bytes it is given, so its own "
                          "tiles may land on them. Do "
                          "the callee's work in the caller, or keep the callee free of "
                          "local memory")


def _local_memory_type(type_: ir.Type) -> bool:
    """Whether a value of `type_` is local memory: a tile, a multi-buffer of tiles, or an
    address in a local memory (a `!pto.ptr` or a memref of any space but GM; found by red
    team: a UB pointer to a tile, pto.tile_buf_addr's, handed to a callee that loads a
    tile of its own)."""
    if isinstance(type_, ir.MemRefType):
        space = str(type_.memory_space) if type_.memory_space is not None else ""
        return "address_space<" in space and not any(s in space for s in ("<gm>", "<zero>"))
    if pto.is_tile_type(type_):
        return True
    if not (isinstance(type_, ir.OpaqueType) and type_.dialect_namespace == pto.DIALECT):
        return False
    try:
        return type_.data.startswith("ptr<") and pto.ptr_space(type_) != "gm"
    except OpaqueSyntaxError:
        return True  # a pointer whose space does not read may be local: its op reports it


def memory_taking_functions(module: ir.Operation) -> frozenset[str]:
    """The functions of `module` a call of which may write over its caller's tiles: those
    taking local memory (an op of `pto_table.LOCAL_MEMORY_OPS` or a pl op making a tile:
    PTOPlanMemory plans each function on its own, so the callee's tiles may land on any
    of the caller's bytes, and a placed one goes where its address says), those without
    a body (what they do is not known), those that call one, and those that call
    indirectly where any function takes memory."""
    calls: dict[str, set[str]] = {}
    taking: set[str] = set()
    indirect: set[str] = set()
    for function in functions(module):
        name = ir.StringAttr(function.attributes["sym_name"]).value
        calls.setdefault(name, set())
        if is_declaration(function):
            taking.add(name)
            continue
        for op in nested_ops(function):
            if op.name in _TAKES_MEMORY:
                taking.add(name)
            elif op.name == op_names.FUNC_CALL:
                callee = referenced_function(op)
                if callee is not None:
                    calls[name].add(callee)
            elif op.name == op_names.FUNC_CALL_INDIRECT:
                indirect.add(name)
    if taking:
        taking |= indirect
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in taking and callees & taking:
                taking.add(name)
                changed = True
    return frozenset(taking)


_TAKES_MEMORY = LOCAL_MEMORY_OPS | pl.FRESH_TILE_OPS


def clobbering_call(op: ir.Operation, taking: frozenset[str]) -> bool:
    """Whether `op` calls a function that may write over its caller's tiles
    (`memory_taking_functions`)."""
    if op.name == op_names.FUNC_CALL_INDIRECT:
        return bool(taking)
    return op.name == op_names.FUNC_CALL and referenced_function(op) in taking


# The ops that place a tile at an address the overlap rule does not follow: pto.tassign
# rebinds its operand's tile to an address (PTOAS's EmitC emits TASSIGN on the operand's
# own C++ tile and replaces the result by it: from the rebind on, every name of the tile,
# the operand's later uses too, names the new bytes), and pto.alloc_multi_tile places its
# slots side by side from its `addr` (PTOOps.td), reached through pto.multi_tile_get.
UNFOLLOWED_PLACEMENTS = frozenset((pto.TASSIGN, pto.ALLOC_MULTI_TILE))


@record
class Placement(NamedTuple):
    """An op of a function that places a tile of memory `loc` at an address."""

    op: ir.Operation
    loc: str


def check_unfollowed_alone(placing: Placement, placements: Sequence[Placement],
                           planned: bool = False) -> None:
    """Refuse a tile an op of `UNFOLLOWED_PLACEMENTS` places at an address, or a
    multi-buffer it leaves to PTOAS's planner (`planned`), in a memory where another of
    the function's `placements` (pto.alloc_tile with an addr, and these ops) places a
    tile: the overlap rule cannot tell which bytes a write through either reaches, and
    the planner plans around no placed tile, so one may overwrite the other unseen (found
    by red team: a tassign to the address of a loaded tile, and a multi-buffer at it or
    planned beside it, overwrote it before its store). None of PTOAS's kernels does it:
    only its lit tests of the two ops."""
    for other in placements:
        if other.op == placing.op or other.loc != placing.loc:
            continue
        memory = MEMORY_NAMES.get(placing.loc, placing.loc)
        where = "leaves a multi-buffer to PTOAS's planner in" if planned else \
            "places a tile at an address of"
        why = ("PTOAS plans it around no placed tile, so its slots may land on the "
               "other's bytes" if planned else
               "the overlap rule follows only pto.alloc_tile's tiles (a pto.tassign "
               "rebinds its operand's own tile, so each name of it names the new bytes "
               "from there on; a multi-buffer's slots are reached through "
               "pto.multi_tile_get), so a write through one may overwrite the other's "
               "data unseen")
        raise Refusal(placing.op.location, f"'{placing.op.name}' {where} {memory} "
                      f"(loc={placing.loc}), where the '{other.op.name}' at "
                      f"{line_and_column(other.op.location)} places a tile at an "
                      f"address: {why}. Place each tile of the memory with a "
                      "pto.alloc_tile addr = ..., whose tiles the rule follows, or leave "
                      "every tile of the memory to PTOAS's planner")


class CallAccess:
    """What a call does to the tiles it hands its callee (`tile_writes.argument_access`,
    the unwritten-read rule run on the callee with its arguments fresh): it reads those
    the callee may read before writing them, so the caller's rule holds them written
    before the call, and writes those the callee may write. A call was taken for a write
    of every tile it takes, and the callee took its argument for its caller's written
    tile, so a tile no one wrote was stored from stale UB by a callee (found by red team).
    Over the module's call graph, to a least fixpoint: first the writes (a callee's calls
    write what their callees write), then the tiles each surely writes all of (a call
    writes the rest in part), then, with them, the reads (each only grows, so the
    rounds end; a cycle reads or writes only what some function on it does). A call of a
    function with no body here, or an indirect call, may read and write every tile it
    takes. Computed once per module, walking only the functions that take a tile."""

    __slots__ = ("_covers", "_defined", "_reads", "_writes")

    def __init__(self, module: ir.Operation,
                 read_groups: Callable[[ir.Operation], pto.PtoOp | None]) -> None:
        self._defined: set[str] = set()
        taking: list[ir.Operation] = []
        for function in functions(module):
            if is_declaration(function):
                continue
            self._defined.add(qualified_name(function))
            if any(_local_memory_type(a.type) for a in function.regions[0].blocks[0].arguments):
                taking.append(function)
        self._reads: dict[str, frozenset[int]] = {}
        self._writes: dict[str, frozenset[int]] = {}
        self._covers: dict[str, frozenset[int]] = {}
        facts = tile_writes.ReadFacts(read_groups, lambda _: [], self,
                                      tile_writes.stated_extents)
        for settled, field in ((self._writes, "writes"), (self._covers, "covers"),
                               (self._reads, "reads")):
            _settle(taking, facts, settled, field)

    def __call__(self, call: ir.Operation) -> tile_writes.ArgumentAccess:
        callee = referenced_function(call) if call.name == op_names.FUNC_CALL else None
        name = None if callee is None else symbol_scope(call) + callee
        if name is None or name not in self._defined:
            every = range(len(call.operands))  # what it calls may do anything to them
            return tile_writes.ArgumentAccess(every, every, every)
        none = frozenset()
        return tile_writes.ArgumentAccess(self._reads.get(name, none),
                                          self._writes.get(name, none),
                                          self._covers.get(name, none))


def _settle(functions_: list[ir.Operation], facts: tile_writes.ReadFacts,
            settled: dict[str, frozenset[int]], field: str) -> None:
    """Walk `functions_` again until `field` of their accesses, kept in `settled`, stops
    growing."""
    changed = bool(functions_)
    while changed:
        changed = False
        for function in functions_:
            name = qualified_name(function)
            found = getattr(tile_writes.argument_access(function, facts), field)
            if found != settled.get(name, frozenset()):
                settled[name] = found
                changed = True
