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
from typing import Any, Protocol

from ..dialects import pl
from ..dialects.common import SEGMENTS
from ..dialects.opaque import show_extent as _extent
from ..dialects.opaque import show_extent_list
from ..dialects.opaque_errors import opaque_refusal
from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from .acc_store import ACC_BOX  # mad writes L0C in whole boxes of it
from .intervals import Fact
from .layout import strides_of_layout
from .offsets import explain_fact

Constant = Callable[[ir.Value], "int | None"]
FactOf = Callable[[ir.Value], Fact]


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


def check_load_types(load: pl.TileLoad, constant: Constant,
                     fact_of: FactOf | None = None) -> pl.TileType:
    """A logical (unblocked) load's sizes, valid_shape, element type and target_memory
    agree with its result tile; returns the tile. With `fact_of` (the ND path, whose
    windows nothing else proves) a dynamic valid extent is proved inside the tile."""
    tile = check_load_element_and_memory(load)
    loc = load.location
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
    _check_valid(load, tile, constant, fact_of)
    return tile


def check_load_element_and_memory(load: pl.TileLoad) -> pl.TileType:
    """What a load's tile type must share with the load whatever the window's form
    (logical, or blocked: convert-pl-to-pto holds a blocked NZ load to it, found by red
    team): its memory space and the tensor's element type. Returns the tile."""
    tile = load_tile(load)
    _check_target_memory(load, tile)
    tensor = ir.RankedTensorType(load.single("tensor").type)
    if tensor.element_type != tile.element:
        raise Refusal(load.location, f"'pl.tile.load' of a {tensor.element_type} tensor into "
                      f"a tile of {tile.element}: a load converts no element type, so the bytes "
                      "would be reinterpreted; give the tile the tensor's element type")
    return tile


def _check_target_memory(load: pl.TileLoad, tile: pl.TileType) -> None:
    """The lowering takes the tile's space from its type (the tile_buf's loc): a
    target_memory saying another would be dropped, and the load would go elsewhere than
    the op says (found by red team)."""
    memory = load.string_attr(pl.TileLoad.TARGET_MEMORY)
    if memory is None or memory == tile.space:
        return
    raise Refusal(load.location, f"'pl.tile.load' target_memory = \"{memory}\" contradicts "
                  f"its {tile.space} result tile: the lowering moves the tile the type says, "
                  "so the attribute would be dropped; give them the same memory space")


def _check_valid(load: pl.TileLoad, tile: pl.TileType, constant: Constant,
                 fact_of: FactOf | None) -> None:
    """valid_shape operands against the tile's `valid = VRxVC`: a static extent in
    the type must be that constant; a dynamic one (`?`) needs an operand, proved
    inside the tile when `fact_of` is given; a leading one is the leading size."""
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
    _check_leading_valid(load, constant)
    for axis, (value, extent) in enumerate(zip(valid[-2:], declared, strict=False)):
        name = ("rows", "columns")[axis]
        if extent is None and fact_of is not None:
            _check_valid_inside_tile(load, value, name, (tile.rows, tile.cols)[axis], fact_of)
        if extent is None or constant(value) == extent:
            continue
        raise Refusal(loc, f"'pl.tile.load' valid {name} {_show([value], constant)} disagree "
                      f"with the tile's static valid {name} {extent}: the type states one "
                      f"count and the load moves another; write valid = ? for a dynamic "
                      f"count, or give the constant {extent}")


def _check_leading_valid(load: pl.TileLoad, constant: Constant) -> None:
    """A leading valid extent is the leading size (1): the lowering sizes its window by
    the valid_shape, so a larger one would stack further batches into the tile."""
    valid, sizes = load.groups["valid_shape"][:-2], load.groups["sizes"][:-2]
    for axis, (value, size) in enumerate(zip(valid, sizes, strict=False)):
        if constant(value) is None or constant(value) != constant(size):
            raise Refusal(load.location, f"'pl.tile.load' valid_shape {_show(valid, constant)} "
                          f"disagree with its leading sizes {_show(sizes, constant)} on axis "
                          f"{axis}: the load moves the valid window, so a leading valid extent "
                          "other than the size moves batches the tile does not hold; give the "
                          "leading sizes as valid extents")


def _check_valid_inside_tile(load: pl.TileLoad, value: ir.Value, name: str, limit: int,
                             fact_of: FactOf) -> None:
    """A dynamic valid extent proved inside [0, the tile's extent] by the offset
    analysis (docs/nz-semantics.md section 8): the load moves that many rows or columns
    into the tile, so a larger count writes past it (found by red team: valid rows 96
    on a 64-row tile)."""
    fact = fact_of(value)
    if fact.lo >= 0 and fact.hi <= limit:
        return
    raise Refusal(load.location, f"cannot prove that the 'pl.tile.load' valid {name} lie "
                  f"inside [0, {limit}], the tile's {name} ({explain_fact(value, fact)}): a "
                  "count past the tile moves data it does not hold, a negative one none; bound "
                  f"it, e.g. min(N - n0, {limit}) with n0 bounded")


def check_slice_types(slice_: pl.TensorSlice, constant: Constant) -> None:
    """A slice's result tensor type is its window: the constant sizes with the
    dropped axes removed, the parent's element type, layout kind and strides."""
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
    dropped = dropped_axes(slice_, constant)
    expected = [s for axis, s in enumerate(sizes) if axis not in dropped]
    shape = list(pl.tensor_shape(result))
    parent_kind = pl.tensor_layout(parent)
    result_kind = pl.tensor_layout(result)
    same_kind = (parent_kind is not None and result_kind is not None
                 and parent_kind.kind == result_kind.kind)
    if shape == expected and result.element_type == parent.element_type and same_kind:
        return _check_slice_strides(slice_, parent, result, dropped)
    raise Refusal(loc, f"'pl.tensor.slice' result type {result} disagrees with its window "
                  f"(sizes {_show(slice_.groups['sizes'], constant)}, dropped axes "
                  f"{sorted(dropped)}, element {parent.element_type}, layout of {parent}): "
                  "later ops measure the type while the lowering moves the window; give the "
                  "slice the type of its window")


def effective_strides(t: ir.RankedTensorType) -> tuple[int | None, ...]:
    """A GM tensor's element strides: those its layout states, else the layout's dense
    ones (None where an extent they multiply is dynamic)."""
    layout = pl.tensor_layout(t)
    assert layout is not None  # a GM tensor
    return layout.stride or strides_of_layout(layout.kind, pl.tensor_shape(t))


def slice_strides(parent: ir.RankedTensorType, dropped: set[int]) -> tuple[int | None, ...]:
    """A slice's strides: its parent's, on the axes it keeps. The lowering moves a slice
    through its parent's view, so these are the strides its bytes are at."""
    strides = effective_strides(parent)
    return tuple(s for axis, s in enumerate(strides) if axis not in dropped)


def _check_slice_strides(slice_: pl.TensorSlice, parent: ir.RankedTensorType,
                         result: ir.RankedTensorType, dropped: set[int]) -> None:
    """The strides a slice's result type states are its parent's (`slice_strides`): the
    lowering uses the parent's and ignores the type's, so another stride is one its users
    read and the bytes do not follow (found by red team: a slice of a dense 64 x 512
    tensor typed with rows 1024 apart). A `?` on either side has no value to compare."""
    layout = pl.tensor_layout(result)
    if layout is None or layout.stride is None:
        return  # states none
    expected = slice_strides(parent, dropped)
    if all(s is None or e is None or s == e for s, e in zip(layout.stride, expected,
                                                              strict=True)):
        return
    raise Refusal(slice_.location, f"'pl.tensor.slice' result type {result} states strides "
                  f"{show_extent_list(layout.stride)} but the slice is a window of {parent}, "
                  f"whose strides on the axes it keeps are {show_extent_list(expected)}: the "
                  "lowering moves the slice through its parent's view, so its users would "
                  "read one stride while the bytes are at the other; give the slice its "
                  "parent's strides, or state none")


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


def dropped_axes(slice_: pl.TensorSlice, constant: Constant) -> set[int]:
    """The axes of the slice's source that its result drops (`drop_dims`): each an axis
    of the window, of size 1. Dropping a wider axis would keep only its first index
    without the type saying so, and an axis past the rank drops nothing while the
    result type claims one fewer axis (found by red team)."""
    attr = slice_.attr(pl.TensorSlice.DROP_DIMS)
    if attr is None:
        return set()
    if not isinstance(attr, ir.DenseI64ArrayAttr):
        raise MalformedOp(slice_.location, f"'pl.tensor.slice' op {pl.TensorSlice.DROP_DIMS} "
                          "must be array<i64: ...>")
    sizes = slice_.groups["sizes"]
    dropped = set(ir.DenseI64ArrayAttr(attr))
    for axis in sorted(dropped):
        if 0 <= axis < len(sizes) and constant(sizes[axis]) == 1:
            continue
        what = (f"of size {_extent(constant(sizes[axis]))}" if 0 <= axis < len(sizes)
                else "that does not exist")
        raise Refusal(slice_.location, f"'pl.tensor.slice' drop_dims drops axis {axis}, "
                      f"{what} in its rank-{len(sizes)} window: only an axis of size 1 can "
                      "be dropped, since the result keeps one index of it; give that axis "
                      "size 1 or keep it")
    inner = [axis for axis in sorted(dropped) if axis >= len(sizes) - 2]
    if inner:
        # A transfer moves the view's last two axes as the tile's rows and columns: with
        # one dropped, the partition's last two axes are no longer the window's (found by
        # red team: a [16, 32, 1] view sliced to [16, 32] loaded 32 rows of 1 column).
        raise Refusal(slice_.location, f"'pl.tensor.slice' drop_dims drops axis {inner[0]}, "
                      f"one of the last two axes of its rank-{len(sizes)} source: a load or "
                      "store moves the view's last two axes as the tile's rows and columns, "
                      "so the window's would not be the ones moved; keep the axis, or give "
                      "the kernel a tensor of the rank it loads")
    return dropped


# What the ND lowering of a slice reads of its attributes; any other it would drop.
_SLICE_ATTRIBUTES = frozenset((SEGMENTS, pl.TensorSlice.DROP_DIMS))


def slice_valid_is_its_window(slice_: pl.TensorSlice, constant: Constant) -> bool:
    """Whether a slice's valid_shape, when it states one, is provably its whole window:
    neither a pto view nor a blocked NZ tensor has a valid region of its own."""
    valid, sizes = slice_.groups["valid_shape"], slice_.groups["sizes"]
    return not valid or [constant(v) for v in valid] == [constant(v) for v in sizes]


def check_slice_is_a_window(slice_: pl.TensorSlice, constant: Constant) -> None:
    """A slice the lowering turns into offsets on its parent's view carries nothing
    else: a valid_shape narrower than its window (a pto view has no valid region) or an
    attribute it does not read would be dropped silently (found by red team)."""
    valid, sizes = slice_.groups["valid_shape"], slice_.groups["sizes"]
    if not slice_valid_is_its_window(slice_, constant):
        raise Refusal(slice_.location, f"'pl.tensor.slice' valid_shape {_show(valid, constant)} "
                      f"is not its window {_show(sizes, constant)}: a pto view has no valid "
                      "region, so the lowering would drop it; give the valid extents on the "
                      "tile loads (their valid_shape) instead")
    unknown = sorted(name for name in slice_.attributes if name not in _SLICE_ATTRIBUTES)
    if unknown:
        raise Refusal(slice_.location, f"'pl.tensor.slice' attribute '{unknown[0]}' is not "
                      "one the lowering carries (operandSegmentSizes, drop_dims): it would "
                      "be dropped; remove it")


def check_store_shapes(store: pl.TileStore, tile: pl.TileType,
                       valid: tuple[int | None, int | None], constant: Constant) -> None:
    """An ND store's `shapes`, when given, are its tile's valid region: the store writes
    that region while the partition it is lowered into has the shapes, so a smaller one
    makes the write overrun the window and a larger one claims bytes never written (found
    by red team). A dynamic valid extent has no constant shape to give."""
    shapes = store.groups["shapes"]
    expected = [1] * (len(shapes) - 2) + list(valid)
    if not shapes or (None not in valid and [constant(v) for v in shapes] == expected):
        return
    region = f"{_extent(valid[0])}x{_extent(valid[1])}"
    fix = (f"give constant shapes {show_extent_list(expected)} or none" if None not in valid
           else "give none: the lowering sizes the window by the valid extents")
    raise Refusal(store.location, f"'pl.tile.store' shapes {_show(shapes, constant)} "
                  f"disagree with its {tile.rows}x{tile.cols} tile's valid {region} region: "
                  "the store writes the valid region while the lowering sizes the window by "
                  f"the shapes; {fix}")


# The tile operands of each pl matmul, in pto.tmatmul's order (docs/ir.md): C = acc + A @ B.T
# with A [M, K] and B [N, K] (the weight as its NZ load leaves it), so C's rows are A's and
# its columns B's rows.
MATMUL_ROLES = {pl.TILE_MATMUL: ("A", "B"), pl.TILE_MATMUL_ACC: ("acc", "A", "B")}

class TileShape(Protocol):
    """What the matmul rules read of a tile type: !pl.tile (pl.TileType) and
    !pto.tile_buf (pto.TileBuf) both give it."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def valid(self) -> tuple[int | None, int | None] | None: ...


# A tile operand's valid rows and columns as the caller proves them, from the value and
# its type (the type `tile_of` reads).
ValidOf = Callable[[ir.Value, Any], tuple[Fact, Fact]]
TileOf = Callable[[ir.Type], "TileShape | None"]


def check_matmul_result(op: ir.Operation, valid_of: ValidOf, tile_of: TileOf = pl.tile_type
                        ) -> None:
    """A pl matmul's result type claims no more than its operands make it: the result is
    a fresh tile of the type's valid region (pl.FRESH_TILE_OPS), which every later check
    and the store trust, while the mad writes only A's valid rows x B's valid rows of it
    (found by red team: an Acc tile typed fully valid from A of 1..64 valid rows stored
    stale L0C rows as data). `tile_of` reads the tile types: !pl.tile in pl IR, and
    !pto.tile_buf where convert-pl-to-pto kept the matmul in pto IR (verify-pto-nz holds
    the same rule on its own). Another arity, or an operand that is no tile, is not the
    matmul nzpass knows; the model refuses it where it runs."""
    tiles = _matmul_tiles(op, tile_of)
    if tiles is None:
        return
    result, operands = tiles
    facts = {role: valid_of(value, tile) for role, (value, tile) in operands.items()}
    (a_rows, a_cols), (b_rows, b_cols) = facts["A"], facts["B"]
    _check_reduction(op, a_cols, b_cols)
    for axis, (product, source) in enumerate(((a_rows, "its A operand's valid rows"),
                                              (b_rows, "its B operand's valid rows"))):
        _check_product_fits(op, result, axis, product, source)
        _check_valid_claim(op, result, axis, product, source, facts.get("acc"))


def _matmul_tiles(op: ir.Operation, tile_of: TileOf
                  ) -> tuple[TileShape, dict[str, tuple[ir.Value, TileShape]]] | None:
    """The result tile and each operand (value, tile) by role; None for another form."""
    roles = MATMUL_ROLES.get(op.name)
    if roles is None or len(op.operands) != len(roles) or len(op.results) != 1:
        return None
    result = opaque_refusal(op.location, lambda: tile_of(op.results[0].type))
    operands = {}
    for role, value in zip(roles, op.operands, strict=True):
        tile = opaque_refusal(op.location, lambda value=value: tile_of(value.type))
        if tile is None:
            return None
        operands[role] = (value, tile)
    return None if result is None else (result, operands)


def _show_count(fact: Fact) -> str:
    """A count as proved: the constant, else its range (and alignment, where known)."""
    if fact.constant is not None:
        return str(fact.constant)
    aligned = f", a multiple of {fact.align}" if fact.align > 1 else ""
    return f"{fact.lo} to {fact.hi}{aligned}"


def _check_reduction(op: ir.Operation, a_cols: Fact, b_cols: Fact) -> None:
    """mad sums over A's valid columns (its k) of both operands: each must be one of B's
    valid columns, or the product sums B's stale columns."""
    if a_cols.hi <= b_cols.lo:
        return
    raise Refusal(op.location, f"'{op.name}' sums over its A operand's valid columns "
                  f"({_show_count(a_cols)}) but its B operand's valid columns are "
                  f"{_show_count(b_cols)}: mad reads A's count of columns of both, so the "
                  "product would sum B's columns past its valid ones, which hold stale data; "
                  "give A and B the same valid K")


def _check_product_fits(op: ir.Operation, result: TileShape, axis: int, product: Fact,
                        source: str) -> None:
    """mad writes every row and column of the product, whatever the result's extents."""
    extent = (result.rows, result.cols)[axis]
    if product.hi <= extent:
        return
    name = ("rows", "columns")[axis]
    raise Refusal(op.location, f"'{op.name}' writes up to {product.hi} {name} ({source}) "
                  f"into its {result.rows}x{result.cols} result tile: mad has no bound of its "
                  "destination, so the product past the tile overwrites the L0C after it; give "
                  f"the result at least {product.hi} {name}")


def _check_valid_claim(op: ir.Operation, result: TileShape, axis: int, product: Fact,
                       source: str, acc: tuple[Fact, Fact] | None) -> None:
    """The result's static valid extent on `axis` is one mad makes logical on every run.
    mad writes the product's extent, rounded up to whole 16 x 16 boxes from the operands'
    stale rows past their valid ones, and leaves the rest of L0C as it was: stale for
    pl.tile.matmul, the accumulator's own for pl.tile.matmul_acc (in place), which is
    logical only inside the accumulator's valid region and past a product of whole boxes.
    A dynamic extent (`?`) claims no count."""
    claimed = (result.valid or (result.rows, result.cols))[axis]
    if claimed is None:
        return
    kept = acc is None or claimed <= acc[axis].lo  # the accumulator's part is logical
    if kept and (claimed <= product.lo or (acc is not None and product.is_multiple(ACC_BOX))):
        return
    name = ("rows", "columns")[axis]
    if not kept:
        assert acc is not None
        why = (f"its accumulator's valid {name} are {_show_count(acc[axis])}: adding to "
               "what the accumulator does not hold makes nothing logical")
    elif acc is not None:
        why = (f"mad writes {source} ({_show_count(product)}) in whole 16 x 16 boxes, the "
               "rest of the last box computed from the operand's stale rows past its valid "
               "ones")
    else:
        why = (f"mad writes only {source} ({_show_count(product)}) and leaves the {name} "
               "past them what L0C held before")
    raise Refusal(op.location, f"'{op.name}' result tile claims {claimed} valid {name} but "
                  f"{why}, which a store writes out as data; type the result with the valid "
                  f"{name} its operands prove, or give the operands valid extents covering it "
                  "(load whole, zero-padded rows; with pl.tile.matmul_acc, a multiple of 16)")
