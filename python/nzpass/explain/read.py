"""Read the NZ loads and stores of a module into `Transfer` facts (the only MLIR here).

pto IR: every `pto.tload` / `pto.tstore` whose view is NZ (a `pto.partition_view` of an
NZ `pto.make_tensor_view`, or an NZ view argument). pl IR after block-nz-tensor-views:
every `pl.tile.load` / `pl.tile.store` of a rank-5 NZ tensor in a function marked
blocked. A value that is not an `arith.constant` stays `None` (printed `?`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..dialects import pl, pto
from ..dialects.common import SEGMENTS
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.properties import PropertyReader
from ..driver.diagnostics import resolve_location
from ..errors import MalformedOp
from ..ir.bindings import ir
from ..ir.walk import functions, nested_ops
from ..nz.layout import NzLayoutError, c0_for_bit_width
from ..nz.offsets import constant_value
from ..nz.tensor_types import element_bit_width
from .transfer import Extent, Kind, Tile, Transfer

NZ_RANK = 5
_PARSER_BUFFER = "-"  # the name the bindings give every parsed buffer


@dataclass(frozen=True)
class NzOp:
    """One NZ load or store: where it is and what it moves (None: it cannot be read)."""

    function: str
    op_name: str
    location: str
    transfer: Transfer | None
    problem: str = ""


class _Unreadable(Exception):
    pass


def nz_ops(module: ir.Operation, file_name: str) -> Iterator[NzOp]:
    """Every NZ load and store of `module`, function by function, in op order."""
    reader = pto.ATTRIBUTE_READER
    for func in functions(module):
        name = ir.StringAttr(func.attributes["sym_name"]).value
        blocked = pl.BLOCKED_MARK in func.attributes
        for op in nested_ops(func):
            read = _READERS.get(op.name)
            if read is None:
                continue
            where = _location(op.location, file_name)
            try:
                transfer = read(op, reader, blocked)
            except (_Unreadable, MalformedOp, OpaqueSyntaxError, NzLayoutError) as err:
                yield NzOp(name, op.name, where, None, str(err))
                continue
            if transfer is not None:
                yield NzOp(name, op.name, where, transfer)


def _location(loc: ir.Location, file_name: str) -> str:
    source = resolve_location(loc)
    if source.file == _PARSER_BUFFER:
        source = source._replace(file=file_name)
    return str(source)


def _c0(element: str) -> int:
    bits = element_bit_width(pl.element_type(element))
    if bits is None:
        raise _Unreadable(f"NZ element type {element} has no size")
    return c0_for_bit_width(bits)


def _owner(value: ir.Value) -> ir.Operation | None:
    return value.owner.operation if isinstance(value, ir.OpResult) else None


def _values(values: Sequence[ir.Value], dims: Sequence[Extent] = ()) -> tuple[Extent, ...]:
    """Each value's constant, else the static dim the type states at that axis, else None."""
    dims = tuple(dims) if len(dims) == len(values) else (None,) * len(values)
    constants = map(constant_value, values)
    return tuple(d if c is None else c for c, d in zip(constants, dims, strict=True))


def _rank5(values: tuple[Extent, ...], what: str) -> tuple[Extent, ...]:
    if len(values) != NZ_RANK:
        raise _Unreadable(f"{what} has rank {len(values)}, not the blocked rank 5")
    return values


# ---------------------------------------------------------------- pto


@dataclass(frozen=True)
class _View:
    element: str
    shape: tuple[Extent, ...]
    strides: tuple[Extent, ...] | None


def _pto_transfer(op: ir.Operation, reader: PropertyReader, _blocked: bool) -> Transfer | None:
    kind = Kind.LOAD if op.name == pto.TLoad.NAME else Kind.STORE
    cls = pto.TLoad if kind is Kind.LOAD else pto.TStore
    groups = cls(op, reader.attributes(op, (SEGMENTS,))).groups
    view_group, tile_group = ("src", "dst") if kind is Kind.LOAD else ("dst", "src")
    if len(groups[view_group]) != 1 or len(groups[tile_group]) != 1:
        return None
    view_value = groups[view_group][0]
    offsets, sizes, source = _partition(view_value, reader)
    view = _nz_view(source, reader)
    if view is None:
        return None
    if offsets is None or sizes is None:  # the whole view
        offsets, sizes = (0,) * NZ_RANK, view.shape
    tile = pto.tile_buf(groups[tile_group][0].type)
    if tile is None:
        raise _Unreadable(f"'{op.name}' of an NZ view needs a !pto.tile_buf")
    c0 = _c0(view.element)
    return Transfer(kind, view.element, c0, _rank5(view.shape, "the NZ view"),
                    view.strides[1] if view.strides else None,
                    _rank5(offsets, "the NZ partition"), _rank5(sizes, "the NZ partition"),
                    Tile(tile.loc, tile.dtype, tile.rows, tile.cols, tile.v_row, tile.v_col))


def _partition(value: ir.Value, reader: PropertyReader):
    """Offsets, sizes and source of the partition_view making `value` (None, None,
    value when it is no partition)."""
    owner = _owner(value)
    if owner is None or owner.name != pto.PartitionView.NAME:
        return None, None, value
    partition = pto.PartitionView(owner, reader.attributes(owner, (SEGMENTS,)))
    result = pto.view_type(owner.results[0].type) if len(owner.results) == 1 else None
    sources = partition.groups["source"]
    if len(sources) != 1:
        raise _Unreadable("'pto.partition_view' needs one source view")
    return (_values(partition.groups["offsets"]),
            _values(partition.groups["sizes"], result.dims if result else ()), sources[0])


def _nz_view(value: ir.Value, reader: PropertyReader) -> _View | None:
    vt = pto.view_type(value.type)
    owner = _owner(value)
    if owner is not None and owner.name == pto.MakeTensorView.NAME:
        attrs = reader.attributes(owner, (SEGMENTS, "layout"))
        if vt is None or pto.stated_layout(owner.location, attrs.get("layout"), vt) != "nz":
            return None
        made = pto.MakeTensorView(owner, attrs)
        return _View(vt.element, _values(made.groups["shape"], vt.dims),
                     _values(made.groups["strides"]))
    if vt is None or vt.layout != "nz":
        return None
    return _View(vt.element, vt.dims, None)  # a view argument: NZ by its type alone


# ---------------------------------------------------------------- pl (blocked)


def _pl_transfer(op: ir.Operation, _reader: PropertyReader, blocked: bool) -> Transfer | None:
    if op.name == pl.TileLoad.NAME:
        load = pl.TileLoad(op)
        tensor, tile_type = load.groups["tensor"], op.results[0].type if op.results else None
        kind, offsets = Kind.LOAD, load.groups["offsets"]
        sizes = load.groups["valid_shape"] or load.groups["sizes"]
    else:
        store = pl.TileStore(op)
        tensor, tile_type = store.groups["dest"], store.groups["tile"][0].type
        kind, offsets, sizes = Kind.STORE, store.groups["offsets"], store.groups["shapes"]
    if len(tensor) != 1 or not isinstance(tensor[0].type, ir.RankedTensorType):
        return None
    tensor_type = ir.RankedTensorType(tensor[0].type)
    layout = pl.tensor_layout(tensor_type)
    if layout is None or not layout.is_nz:
        return None
    if not blocked:
        raise _Unreadable("its NZ tensor has logical coordinates: run block-nz-tensor-views "
                          "(or the pl-to-pto pipeline) first")
    if tensor_type.rank != NZ_RANK:
        return None
    tile = pl.tile_type(tile_type) if tile_type is not None else None
    if tile is None:
        raise _Unreadable(f"'{op.name}' of an NZ tensor needs a !pl.tile")
    element = str(tensor_type.element_type)
    valid = tile.valid or (tile.rows, tile.cols)
    return Transfer(kind, element, _c0(element), pl.tensor_shape(tensor_type),
                    layout.stride[1] if layout.stride else None,
                    _rank5(_values(offsets), "the NZ window"),
                    _rank5(_values(sizes), "the NZ window"),
                    Tile(tile.space, str(tile.element), tile.rows, tile.cols, *valid))


_READERS = {pto.TLoad.NAME: _pto_transfer, pto.TStore.NAME: _pto_transfer,
            pl.TileLoad.NAME: _pl_transfer, pl.TileStore.NAME: _pl_transfer}
