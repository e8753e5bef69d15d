"""The valid region a tile has at a transfer, resolved once for every pass.

A tile type states its valid extents (`v_row=256`) or leaves them dynamic (`v_row=?`);
PyPTO writes the latter and gives the extents as operands of the `pto.alloc_tile`
(`valid_row = %c256_index`), or later with `pto.set_validshape`. Which operands reach a
`pto.tload` / `pto.tstore` is found here, following the tile through `scf.for`
loop-carried values and `scf.if` / `scf.for` results; what the operands are is then the
offset analysis's business (constants, arith ops, arguments with facts). One function,
`valid_region`, used by pto-block-nz-views and verify-pto-nz alike, so that the two
passes never disagree on what a tile's valid region is.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from ..dialects import pl, pto
from ..dialects.opaque import OpaqueSyntaxError, show_extent
from ..errors import MalformedOp, Refusal
from ..ir import op_names
from ..ir.arith import integer_width
from ..ir.bindings import ir
from ..ir.walk import function_of_argument, line_and_column
from ..records import record
from .intervals import INDEX_WIDTH, Fact
from .offsets import OffsetAnalysis, explain_fact, linear_form

_AXES = ("valid_row", "valid_col")
_FOR, _IF, _YIELD = (op_names.SCF_FOR, op_names.SCF_IF,
                     op_names.SCF_YIELD)
_RETURN = op_names.FUNC_RETURN
# The dialects whose ops with tile results compute new tiles (no cast among them).
_COMPUTE_DIALECTS = (pto.DIALECT, pl.DIALECT)
_FOR_BOUNDS = 3  # lower bound, upper bound, step: the operands before the iter_args
# The operand groups of an alloc_tile, read by the caller (properties are the caller's).
AllocReader = Callable[[ir.Operation], "pto.AllocTile | None"]


@record
class ValidExtent(NamedTuple):
    """One valid extent of a tile at a transfer: what it can be, and the operand that
    gives it (None when the tile's type states it)."""

    fact: Fact
    value: ir.Value | None
    origin: ir.Operation | None  # the pto.alloc_tile or pto.set_validshape of `value`

    def show(self) -> str:
        const = self.fact.constant
        return "?" if const is None else str(const)

    def explain(self, what: str) -> str:
        """Where the extent comes from and what was proved of it, for a refusal."""
        if self.value is None or self.origin is None:
            return f"{what} is {self.show()} (the tile's type)"
        return (f"{what} is the operand of the '{self.origin.name}' at "
                f"{line_and_column(self.origin.location)}, and "
                f"{explain_fact(self.value, self.fact)}")


@record
class ValidRegion(NamedTuple):
    rows: ValidExtent
    cols: ValidExtent


def valid_region(transfer: ir.Operation, tile: ir.Value, buf: pto.TileBuf,
                 analysis: OffsetAnalysis, allocs: AllocReader,
                 setters_possible: bool = True) -> ValidRegion:
    """The valid region of `tile` (of type `buf`) at the op `transfer` using it: the
    type's static extents, else the operands of the one `pto.set_validshape` that runs
    last before the transfer, else those of every `pto.alloc_tile` the tile can come
    from, which must agree. Refused (Refusal) when no operand gives a dynamic extent.
    `setters_possible`: False when the function holds no `pto.set_validshape` (the
    caller has read every op's name), so a tile whose type states its valid region has
    no setter to look for among the uses of its aliases."""
    static = (buf.v_row, buf.v_col)
    verb, loc = transfer.name, transfer.location
    if buf.v_row is not None and buf.v_col is not None:
        sources = _sources(tile, verb, loc, trace_allocs=False, find_setters=setters_possible)
        _check_no_setter(sources.setters, buf)
        return ValidRegion(_stated(buf.v_row), _stated(buf.v_col))
    sources = _sources(tile, verb, loc, find_setters=setters_possible)
    if not buf.valid_settable:
        _check_no_setter(sources.setters, buf)
    setter = _last_setter(transfer, tile, sources.setters)
    extents = []
    for axis, (what, extent) in enumerate(zip(_AXES, static, strict=True)):
        if extent is not None:
            extents.append(_stated(extent))
        elif setter is not None:
            extents.append(_operand(setter, setter.operands[1 + axis], what, analysis))
        else:
            extents.append(_from_allocs(sources.allocs, allocs, axis, what, analysis, verb,
                                        loc))
    return ValidRegion(*extents)


def equals_size(analysis: OffsetAnalysis, extent: ValidExtent, size: ir.Value) -> bool:
    """Whether the extent provably equals the partition size `size` on every execution:
    both constants and equal, or the same linear form of one SSA value."""
    const = extent.fact.constant
    if const is not None:
        return analysis.fact(size).constant == const
    if extent.value is None:
        return False
    return linear_form(analysis, extent.value) == linear_form(analysis, size)


# ---------------------------------------------------------------- where a tile comes from


class _Sources:
    __slots__ = ("allocs", "setters")

    def __init__(self, allocs: list[ir.Operation], setters: list[ir.Operation]):
        self.allocs = allocs  # every pto.alloc_tile the tile can be
        self.setters = setters  # every pto.set_validshape of any value aliasing it


def _sources(tile: ir.Value, verb: str, loc: ir.Location, trace_allocs: bool = True,
             find_setters: bool = True) -> _Sources:
    """The allocs the tile can come from (backwards through loop-carried values and
    region results) and the set_validshape ops of every value that may alias it (both
    ways: a tile passed into a loop is the same buffer as the loop's argument), each
    read as the op table defines it. With `trace_allocs` False (a tile whose type states
    its valid region), a value no alloc can be followed to is refused for what it may
    relabel, and the uses are searched for setters only; with `find_setters` False as
    well (the function holds none), not at all. With `find_setters` False alone, an alias
    is refused only where it may leave the function's sight (`_names_in_sight`)."""
    allocs: list[ir.Operation] = []
    setters: list[ir.Operation] = []
    memory = _memory(tile.type)
    seen: set[ir.Value] = set()
    backward, aliases = deque([tile]), []
    while backward:
        value = backward.popleft()  # first found, first reported: an init before its yield
        if value in seen:
            continue
        seen.add(value)
        aliases.append(value)
        try:
            found = _defining_sources(value, verb, loc)
        except Refusal:
            if trace_allocs:
                raise
            if not _fresh(value):
                raise _unbacked_refusal(verb, loc, value) from None
            continue
        if isinstance(found, ir.Operation):
            allocs.append(found)
        else:
            backward.extend(found)
    # Forward, through every use of every alias: the setters, and (tracing allocs) the
    # users that may hide an alias. Neither to find: no use is read (an iteration over
    # uses ends in a C++ exception in the bindings, about 3 us).
    forward = list(aliases) if trace_allocs or find_setters else []
    while forward:
        value = forward.pop()
        for use in value.uses:
            user = use.owner.operation
            if user.name == pto.SET_VALIDSHAPE:
                # Read as defined (tile, valid_row, valid_col), whichever operand the tile is.
                pto.SetValidShape(user, {})
                if use.operand_number == 0:
                    setters.append(user)
            elif trace_allocs and not keeps_its_name(user, memory) and \
                    (find_setters or not _names_in_sight(user)):
                raise _hidden_alias(verb, loc, user)
            for alias in aliases_through_use(user, use.operand_number):
                if alias not in seen:
                    seen.add(alias)
                    forward.append(alias)
    return _Sources(allocs, setters)


def flow_sources(value: ir.Value) -> list[ir.Value] | None:
    """The values `value` is one of where it flows through scf: an scf.for result or
    iter_arg, its init and its yield; an scf.if result, its yields. None for any other
    value."""
    if isinstance(value, ir.OpResult):
        owner = value.owner.operation
        if owner.name == _FOR:
            index = value.result_number
            return [owner.operands[_FOR_BOUNDS + index], _yielded(owner.regions[0], index)]
        if owner.name == _IF:
            return [_yielded(region, value.result_number) for region in owner.regions
                    if region.blocks]
        return None
    assert isinstance(value, ir.BlockArgument)
    parent = _region_owner(value)
    if parent is not None and parent.name == _FOR and value.arg_number > 0:
        index = value.arg_number - 1
        loop = parent.operation
        return [loop.operands[_FOR_BOUNDS + index], _yielded(loop.regions[0], index)]
    return None


def _defining_sources(value: ir.Value, verb: str, loc: ir.Location
                      ) -> ir.Operation | list[ir.Value]:
    """The alloc that defines `value`, or the values it is one of (flow_sources)."""
    if isinstance(value, ir.OpResult) and value.owner.operation.name == pto.AllocTile.NAME:
        return value.owner.operation
    sources = flow_sources(value)
    if sources is not None:
        return sources
    if isinstance(value, ir.OpResult):
        raise _untraced(verb, loc, f"the result of '{value.owner.operation.name}'")
    assert isinstance(value, ir.BlockArgument)
    parent = _region_owner(value)
    if parent is None or parent.name == op_names.FUNC_FUNC:
        raise _untraced(verb, loc, "a function argument")
    raise _untraced(verb, loc, f"an argument of '{parent.name}'")


def _computes(op: ir.Operation) -> bool:
    """Whether `op` is of a dialect whose ops with tile results compute new tiles."""
    return op.name.split(".", 1)[0] in _COMPUTE_DIALECTS


def _fresh(value: ir.Value) -> bool:
    """Whether `value` is the result of a pl op that makes a new tile (pl.FRESH_TILE_OPS)."""
    return isinstance(value, ir.OpResult) and value.owner.operation.name in pl.FRESH_TILE_OPS


def _unbacked_refusal(verb: str, loc: ir.Location, value: ir.Value) -> Refusal:
    """A tile whose type states its valid region, reached from no pto.alloc_tile: any
    op that makes a tile of another (a cast, pto.treshape, pto.bitcast, pto.subview, a
    call, a branch's block argument) may relabel a buffer allocated with other valid
    extents, and which the hardware then moves is not something nzpass can prove."""
    if isinstance(value, ir.OpResult):
        owner = value.owner.operation
        origin = f"the result of '{owner.name}' (at {line_and_column(owner.location)})"
    else:
        assert isinstance(value, ir.BlockArgument)
        parent = _region_owner(value)
        origin = ("a function argument" if parent is None or function_of_argument(value)
                  else f"an argument of a block of '{parent.name}'")
    return Refusal(loc, f"'{verb}' tile is {origin}, which may relabel a buffer allocated "
                   "with other valid extents: the valid region its type states is then a "
                   "claim no pto.alloc_tile backs, and the transfer would move what the "
                   "buffer holds; allocate the tile with pto.alloc_tile in this function (a "
                   "type of its own valid region; scf.for iter_args and scf.if / scf.for "
                   "results are followed)")


def keeps_its_name(user: ir.Operation, memory: str | None) -> bool:
    """Whether `user` cannot hand the tile (in `memory`) on under another name that a
    pto.set_validshape out of sight could then change: the scf.for and the scf.yield of
    an scf.for / scf.if followed here, the function's return, or a pto or pl op with no
    regions and no successors whose every result is a scalar or a tile in another
    memory (a matmul's Acc result of a Mat tile is another buffer; a cast's result, a
    callee's argument, a region's argument may be the same one, whatever its type)."""
    name = user.name
    if name in (_FOR, _RETURN):
        return True
    if name == _YIELD:  # into the results (and next iteration) of the loop or branch only
        parent = user.parent
        return parent is not None and parent.operation.name in (_FOR, _IF)
    if not _plain(user):
        return False  # a cast, a call, a branch: the same buffer may come out of it
    return all(_scalar(r.type) or _memory(r.type) not in (None, memory) for r in user.results)


def _plain(op: ir.Operation) -> bool:
    """A pto or pl op of no regions and no successors."""
    return _computes(op) and not len(op.regions) and not len(op.successors)


def _names_in_sight(user: ir.Operation) -> bool:
    """Whether every name `user` may give the tile stays in the function, where no
    pto.set_validshape runs (the caller found none): a pto or pl op of no regions or
    successors whose results all read, as tiles or scalars (a pto.subview of it). A
    call, a cast or an op nzpass does not know may hand it to a setter out of sight."""
    return _plain(user) and all(_scalar(r.type) or _memory(r.type) is not None
                                for r in user.results)


def _scalar(type_: ir.Type) -> bool:
    return isinstance(type_, (ir.IntegerType, ir.IndexType, ir.FloatType))


def _memory(type_: ir.Type) -> str | None:
    """The memory of a pto or pl tile type (`loc=mat`, `!pl.tile<..., mat>`), else None
    (a type that does not read included: it may be the tile's)."""
    try:
        buf = pto.tile_buf(type_)
        tile = pl.tile_type(type_) if buf is None else None
    except OpaqueSyntaxError:
        return None
    if buf is not None:
        return buf.loc
    return tile.space if tile is not None else None


def _hidden_alias(verb: str, loc: ir.Location, user: ir.Operation) -> Refusal:
    return Refusal(loc, f"'{verb}' tile with a dynamic valid region also flows into "
                   f"'{user.name}' (at {line_and_column(user.location)}), which may hand it "
                   "on under another name (a call's argument, a cast's result, a region's "
                   "argument) "
                   "whose pto.set_validshape nzpass does not see: the valid region the "
                   "transfer moves could not be proved; keep the tile to pto ops, scf.for "
                   "iter_args and scf.if / scf.for results, or give it a static valid region")


def _region_owner(arg: ir.BlockArgument) -> ir.Operation | None:
    parent = arg.owner.owner
    return parent.operation if parent is not None else None


def aliases_through_use(user: ir.Operation, number: int) -> list[ir.Value]:
    """The values `user` makes the same buffer as its operand `number`."""
    if user.name == _FOR and number >= _FOR_BOUNDS:
        index = number - _FOR_BOUNDS
        return [user.regions[0].blocks[0].arguments[1 + index], user.results[index]]
    if user.name == _YIELD:
        parent = user.parent.operation if user.parent is not None else None
        if parent is None:
            return []
        found: list[ir.Value] = ([parent.results[number]] if number < len(parent.results)
                                 else [])
        if parent.name == _FOR:
            found.append(parent.regions[0].blocks[0].arguments[1 + number])
        return found
    return []


def _yielded(region: ir.Region, index: int) -> ir.Value:
    block = region.blocks[0]
    return block.operations[len(block.operations) - 1].operands[index]


def _untraced(verb: str, loc: ir.Location, origin: str) -> Refusal:
    return Refusal(loc, f"'{verb}' tile with a dynamic valid region is {origin}, which no "
                   "pto.alloc_tile operand can be followed through: the transfer moves as "
                   "many elements as the valid region holds, which cannot be proved equal to "
                   "the window; allocate the tile in this function with pto.alloc_tile and "
                   "valid_row / valid_col operands (scf.for iter_args and scf.if results are "
                   "followed)")


# ---------------------------------------------------------------- set_validshape


def _check_no_setter(setters: list[ir.Operation], buf: pto.TileBuf) -> None:
    """A tile whose type states a valid extent has no pto.set_validshape: PTOAS
    requires the tile of one to leave both dynamic (v_row=?, v_col=?), and the
    passes (which read the type) and the model (which runs the setter) would
    disagree on what the transfer moves."""
    if not setters:
        return
    raise Refusal(setters[0].location, f"'{pto.SET_VALIDSHAPE}' of a tile whose type states "
                  f"its valid extents (v_row={show_extent(buf.v_row)}, "
                  f"v_col={show_extent(buf.v_col)}): "
                  "PTOAS requires both dynamic (v_row=?, v_col=?), and whether a transfer "
                  "moves the region the type states or the one set here is then not defined; "
                  "give the tile v_row=? and v_col=?, or drop the pto.set_validshape")



def _last_setter(transfer: ir.Operation, tile: ir.Value,
                 setters: list[ir.Operation]) -> ir.Operation | None:
    """The pto.set_validshape that gives the tile its valid region at the transfer:
    the last one of this very value before the transfer in the transfer's block, with
    no other set_validshape of an alias run in between. None when the tile has none;
    refused when one may run elsewhere (before the transfer by a loop's back edge, in
    a branch), since which one ran last is then a run-time matter."""
    if not setters:
        return None
    block = transfer.block
    position = {op.operation: n for n, op in enumerate(block.operations)}
    here = position[transfer]
    same_value = [s for s in setters if s.operands[0] == tile and s in position
                  and position[s] < here]
    last = max(same_value, key=position.__getitem__, default=None)
    if last is not None:
        start = position[last]
        between = [s for s in setters if s != last
                   and start <= _position_in(position, _ancestor_in(s, block)) <= here]
        if not between:
            return last
    elif _made_here_and_set_later(tile, setters, position, here):
        return None
    where = ", ".join(line_and_column(s.location) for s in setters)
    raise Refusal(transfer.location, f"'{transfer.name}' tile's valid region is changed by "
                  f"pto.set_validshape (at {where}), which may run before the transfer on "
                  "another path than the one that reaches it: which valid region the transfer "
                  "sees is then a run-time matter, and the NZ->NZ load steps column blocks by "
                  "it; call "
                  "pto.set_validshape on the tile right before the transfer, in its block, "
                  "or give the extents to pto.alloc_tile")


def _made_here_and_set_later(tile: ir.Value, setters: list[ir.Operation],
                             position: dict[ir.Operation, int], here: int) -> bool:
    """Whether the tile's own pto.alloc_tile runs in the transfer's block before it and
    every setter of it runs in that block after the transfer: then none has run when the
    transfer does, even in a loop (each iteration's alloc makes the tile anew, with its
    own extents). PyPTO loads a ragged tile at its full extents and narrows it after."""
    owner = tile.owner
    if isinstance(owner, ir.Block) or owner.name != pto.AllocTile.NAME:
        return False
    made = position.get(owner.operation)
    return made is not None and made < here and all(
        position.get(setter, -1) > here for setter in setters)


def _position_in(position: dict[ir.Operation, int], op: ir.Operation | None) -> int:
    return position.get(op, -1) if op is not None else -1


def _ancestor_in(op: ir.Operation, block: ir.Block | None) -> ir.Operation | None:
    """`op` or the op enclosing it that lies directly in `block`, else None."""
    current = op
    while True:
        parent = current.parent
        if parent is None:
            return None  # the module: no block holds it
        if current.block == block:
            return current
        current = parent.operation


# ---------------------------------------------------------------- alloc operands


def _from_allocs(found: list[ir.Operation], allocs: AllocReader, axis: int, what: str,
                 analysis: OffsetAnalysis, verb: str, loc: ir.Location) -> ValidExtent:
    """The extent every alloc the tile can come from gives: one SSA value, or equal
    constants."""
    extents = []
    for op in found:
        alloc = allocs(op)
        values = alloc.groups[what] if alloc is not None else []
        if not values:
            raise Refusal(loc, f"'{verb}' tile has a dynamic {what} (?) that does not come "
                          f"from a pto.alloc_tile operand (the 'pto.alloc_tile' at "
                          f"{line_and_column(op.location)} gives none): the transfer moves as many "
                          "elements as the valid region holds, which cannot be proved equal "
                          f"to the window; allocate the tile with pto.alloc_tile and its {what} "
                          "operand")
        extents.append(_operand(op, values[0], what, analysis))
    first = extents[0]
    for other in extents[1:]:
        if other.value == first.value or (other.fact.constant is not None
                                          and other.fact.constant == first.fact.constant):
            continue
        raise Refusal(loc, f"'{verb}' tile reaches the transfer from pto.alloc_tile ops with "
                      f"different {what} operands ({first.show()} at "
                      f"{line_and_column(_origin(first).location)}, {other.show()} at "
                      f"{line_and_column(_origin(other).location)}): one transfer must see "
                      "one valid region to be proved; give every alloc that flows into the "
                      "tile the same "
                      f"{what} value")
    return first


def _operand(origin: ir.Operation, value: ir.Value, what: str,
             analysis: OffsetAnalysis) -> ValidExtent:
    if integer_width(value.type) is None:
        raise MalformedOp(origin.location, f"'{origin.name}' op {what} operand of type "
                          f"{value.type}: a valid extent is an index (or integer) value")
    return ValidExtent(analysis.fact(value), value, origin)


def _origin(extent: ValidExtent) -> ir.Operation:
    assert extent.origin is not None  # an extent read from an operand names its op
    return extent.origin


def _stated(extent: int) -> ValidExtent:
    return ValidExtent(Fact.const(extent, INDEX_WIDTH), None, None)

