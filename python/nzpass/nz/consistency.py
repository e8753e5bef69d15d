"""Declared types checked against what their operands say, before any guard
reads them (docs/nz-semantics.md section 8).

A `pl` op states its window twice: in its operands (sizes, valid_shape) and in
its result type (the tile's shape and valid region, a slice's tensor type).
The guards measure one and the lowering moves the other, so where the two can
disagree nothing is proved: every such op is refused unless they provably
agree. Messages speak pl, at the pl op.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..dialects import pl
from ..dialects.opaque import show_extent as _extent
from ..dialects.opaque import show_extent_list
from ..dialects.opaque_errors import opaque_refusal
from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir

Constant = Callable[[ir.Value], "int | None"]


def _show(values: Sequence[ir.Value], constant: Constant) -> str:
    return show_extent_list(constant(v) for v in values)


def load_tile(load: pl.TileLoad) -> pl.TileType:
    """The load's one `!pl.tile` result."""
    if len(load.op.results) != 1:
        raise MalformedOp(load.location, "'pl.tile.load' op must have one result")
    tile = opaque_refusal(load.location, lambda: pl.tile_type(load.op.results[0].type))
    if tile is None:
        raise MalformedOp(load.location, "'pl.tile.load' op result must be a !pl.tile, got "
                          f"{load.op.results[0].type}")
    return tile


def check_load_types(load: pl.TileLoad, constant: Constant) -> pl.TileType:
    """A logical (unblocked) load's sizes, valid_shape and element type agree
    with its result tile; returns the tile."""
    tile = load_tile(load)
    tensor = ir.RankedTensorType(load.single("tensor").type)
    loc = load.location
    if tensor.element_type != tile.element:
        raise Refusal(loc, f"'pl.tile.load' of a {tensor.element_type} tensor into a tile of "
                      f"{tile.element}: a load converts no element type, so the bytes would be "
                      "reinterpreted; give the tile the tensor's element type")
    sizes = load.groups["sizes"]
    leading = [constant(v) for v in sizes[:-2]]
    trailing = [constant(v) for v in sizes[-2:]]
    # A window may fill only the tile's static valid region (a taller physical tile).
    windows: list[list[int | None]] = [[tile.rows, tile.cols]]
    if tile.valid is not None and None not in tile.valid and not load.groups["valid_shape"]:
        windows.append(list(tile.valid))
    if trailing not in windows or any(s != 1 for s in leading):
        raise Refusal(loc, f"'pl.tile.load' sizes {_show(sizes, constant)} disagree with its "
                      f"{tile.rows}x{tile.cols} result tile: the load moves the sizes' window "
                      "while the tile describes another; give constant sizes [1, ..., "
                      f"{tile.rows}, {tile.cols}]")
    _check_valid(load, tile, constant)
    return tile


def _check_valid(load: pl.TileLoad, tile: pl.TileType, constant: Constant) -> None:
    """valid_shape operands against the tile's `valid = VRxVC`: a static extent in
    the type must be that constant; a dynamic one (`?`) needs an operand."""
    valid = load.groups["valid_shape"]
    loc = load.location
    declared = tile.valid or (tile.rows, tile.cols)
    if not valid:
        window = tuple(constant(v) for v in load.groups["sizes"][-2:])
        if None in declared or declared not in ((tile.rows, tile.cols), window):
            raise Refusal(loc, f"'pl.tile.load' result tile has valid = "
                          f"{_extent(declared[0])}x{_extent(declared[1])} but the load gives no "
                          "valid_shape: the type claims a region the load does not size; give "
                          "valid_shape operands or a fully valid tile")
        return
    for axis, (value, extent) in enumerate(zip(valid[-2:], declared, strict=False)):
        if extent is None or constant(value) == extent:
            continue
        name = ("rows", "columns")[axis]
        raise Refusal(loc, f"'pl.tile.load' valid {name} {_show([value], constant)} disagree "
                      f"with the tile's static valid {name} {extent}: the type states one "
                      f"count and the load moves another; write valid = ? for a dynamic "
                      f"count, or give the constant {extent}")


def check_slice_types(slice_: pl.TensorSlice, constant: Constant) -> None:
    """A slice's result tensor type is its window: the constant sizes with the
    dropped axes removed, the parent's element type and layout kind."""
    loc = slice_.location
    if len(slice_.op.results) != 1 or not isinstance(slice_.op.results[0].type,
                                                      ir.RankedTensorType):
        raise MalformedOp(loc, "'pl.tensor.slice' op must return one ranked tensor")
    parent_type = slice_.single("tensor").type
    if not isinstance(parent_type, ir.RankedTensorType):
        raise MalformedOp(loc, "'pl.tensor.slice' op needs a GM tensor (a ranked tensor, "
                          f"optionally with #pl.layout) as operand 0, got {parent_type}")
    parent = ir.RankedTensorType(parent_type)
    result = ir.RankedTensorType(slice_.op.results[0].type)
    sizes = [constant(v) for v in slice_.groups["sizes"]]
    dropped = dropped_axes(slice_)
    expected = [s for axis, s in enumerate(sizes) if axis not in dropped]
    shape = list(pl.tensor_shape(result))
    parent_kind = pl.tensor_layout(parent)
    result_kind = pl.tensor_layout(result)
    same_kind = (parent_kind is not None and result_kind is not None
                 and parent_kind.kind == result_kind.kind)
    if shape == expected and result.element_type == parent.element_type and same_kind:
        return
    raise Refusal(loc, f"'pl.tensor.slice' result type {result} disagrees with its window "
                  f"(sizes {_show(slice_.groups['sizes'], constant)}, dropped axes "
                  f"{sorted(dropped)}, element {parent.element_type}, layout of {parent}): "
                  "later ops measure the type while the lowering moves the window; give the "
                  "slice the type of its window")


def check_store_result(store: pl.TileStore) -> None:
    """A store's one result is its destination, of the destination's type
    (docs/ir.md): the lowering replaces it by the destination, so a result typed
    otherwise (another layout, another shape) would have its users measure one
    tensor while the bytes are another's."""
    results = store.op.results
    dest = store.single("dest").type
    if len(results) == 1 and results[0].type == dest:
        return
    got = ", ".join(str(r.type) for r in results) or "no result"
    raise Refusal(store.location, f"'pl.tile.store' result type ({got}) is not its "
                  f"destination's type {dest}: the result is an alias of the destination, "
                  "which its users read; give the store one result of the destination's type")


# The operand a tensor-defining pl op makes its result from (a slice's parent, a store's
# destination).
_SOURCE_OPERAND = {pl.TensorSlice.NAME: 0, pl.TileStore.NAME: 1}


def tensor_source(value: ir.Value) -> ir.Value | None:
    """The tensor a slice or store result is made from; None for any other value."""
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner.operation
    index = _SOURCE_OPERAND.get(op.name)
    if index is None or len(op.operands) <= index:
        return None
    return op.operands[index]


def check_tensor_producer(value: ir.Value, constant: Constant) -> None:
    """A GM tensor an op defines from another (a slice's window, a store's alias):
    its declared type must be the one its operands give, or a tensor typed NZ could be
    made from ND bytes (and the reverse) without any check seeing a layout change."""
    if tensor_source(value) is None:
        return
    op = value.owner.operation
    if op.name == pl.TensorSlice.NAME:
        check_slice_types(pl.TensorSlice(op), constant)
    else:
        check_store_result(pl.TileStore(op))


def dropped_axes(slice_: pl.TensorSlice) -> set[int]:
    """The axes of the slice's source that its result drops (`drop_dims`)."""
    attr = slice_.attr(pl.TensorSlice.DROP_DIMS)
    if attr is None:
        return set()
    if not isinstance(attr, ir.DenseI64ArrayAttr):
        raise MalformedOp(slice_.location, f"'pl.tensor.slice' op {pl.TensorSlice.DROP_DIMS} "
                          "must be array<i64: ...>")
    return set(ir.DenseI64ArrayAttr(attr))
