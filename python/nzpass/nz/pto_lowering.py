"""Building blocks of convert-pl-to-pto: tile types, view operands, pto ops.

Kept apart from the pass so the pass file reads as the wiring of one rewrite
per op, and so the simulator and the tests can build the same canonical
spellings."""

from __future__ import annotations

from collections.abc import Sequence

from ..dialects import pl, pto
from ..dialects.common import SEGMENTS
from ..ir.bindings import ir
from . import layout as nz_layout
from . import limits
from .coords import ADD, INDEX_CAST, MUL, FunctionScope
from .offsets import constant_value

# The transfers the lowering emits, by instruction: the (GM layout, tile space) pairs that
# pto-isa's A2/A3 TLOAD / TSTORE implement for nzpass's canonical tile_bufs (ND->ND into a
# row-major Vec tile, ND->NZ and NZ->NZ into an NZ Mat tile; Acc->NZ, Acc->ND and Vec->ND
# out) and the byte model simulates (docs/hardware-model.md, "ND transfers", (c), (d)).
# Anything else is refused: TLOAD does not write L0A/L0B/L0C, DN->NZ is no mode of it
# (its DN path fills a zN or DN tile, which nzpass never makes), and a Mat tile is no
# TSTORE source on A2/A3 (found by red team).
SUPPORTED_TRANSFERS = {
    "tload": frozenset({("nd", "vec"), ("nd", "mat"), ("nz", "mat")}),
    "tstore": frozenset({("nd", "vec"), ("nd", "acc"), ("nz", "acc")}),
}


def unsupported_transfer(instruction: str, layout: str, space: str) -> str | None:
    """Why `instruction` ("tload" or "tstore") between a `layout` GM tensor and a
    `space` tile is not lowered; None when it is one of SUPPORTED_TRANSFERS."""
    supported = SUPPORTED_TRANSFERS[instruction]
    if (layout, space) in supported:
        return None
    listed = ", ".join(_transfer(instruction, gm, tile) for gm, tile in sorted(supported))
    return (f"{instruction.upper()} {_transfer(instruction, layout, space)} is not a transfer "
            f"A2/A3 supports with nzpass's tiles (only {listed}): pto-isa has no such copy, "
            "or none the byte model checks")


def nd_transfer_problem(instruction: str, space: str, tensor: ir.RankedTensorType,
                        cols: int) -> str | None:
    """Why an ND `instruction` between GM `tensor` (the kernel argument whose view the
    lowering partitions: a slice is offsets on its parent's view, so its strides are the
    parent's) and a `space` tile, `cols` columns wide, would not move the window the
    strides describe on the device (`limits.nd_addressing_problems`, and the 16-bit row
    stride of ND -> Mat); None when it does. pto-isa reads stride[-2] as the row stride
    and never reads stride[-1] (found by red team: a [1, 64]-strided tensor and rows
    overlapping in GM were lowered, and the device read other data)."""
    layout = pl.tensor_layout(tensor)
    assert layout is not None and not layout.is_nz  # only ND transfers are asked
    strides = layout.stride or nz_layout.strides_of_layout(layout.kind, pl.tensor_shape(tensor))
    inner = strides[-1]
    row_stride = strides[-2] if len(strides) >= 2 else None
    assert inner is not None  # a dense innermost ND stride is the empty product, 1
    problems = limits.nd_addressing_problems(space, inner, row_stride, cols)
    field = (limits.nd2nz_row_stride_problem(row_stride)
             if instruction == "tload" and space == "mat" and len(strides) >= 2 else None)
    problems += [field] if field is not None else []
    if not problems:
        return None
    return (f"{instruction.upper()} {_transfer(instruction, layout.kind, space)} of {tensor}: "
            f"{'; '.join(problems)}; lay the tensor out with innermost stride 1 and rows at "
            "least a window wide apart (at most "
            f"{limits.ND2NZ_MAX_ROW_STRIDE} elements apart for a load into Mat), or copy it "
            "into such a tensor first")


def _transfer(instruction: str, layout: str, space: str) -> str:
    gm, tile = layout.upper(), space.capitalize()
    return f"{gm} -> {tile}" if instruction == "tload" else f"{tile} -> {gm}"


def tile_buf_for(tile: pl.TileType) -> pto.TileBuf:
    """The canonical tile_buf of a pl tile: Mat tiles take the NZ (fractal 512)
    configuration, Acc tiles the L0C one (fractal 1024)."""
    valid = tile.valid or (tile.rows, tile.cols)
    base = pto.TileBuf(tile.space, str(tile.element), tile.rows, tile.cols, valid[0], valid[1])
    if tile.space == "mat":
        return base._replace(**pto.MAT_NZ)
    if tile.space == "acc":
        return base._replace(**pto.ACC_NZ)
    return base


class PtoBuilder:
    """Emits pto ops right before `anchor`, at pre-order `position`, and the
    index arithmetic they need through the function's `FunctionScope` (one
    constant per value per function; arithmetic hoisted out of the loops it is
    invariant in and shared)."""

    def __init__(self, anchor: ir.Operation, scope: FunctionScope, position: int,
                 loc: ir.Location | None = None):
        self.anchor = anchor
        self.ip = ir.InsertionPoint(anchor)
        self.loc = loc or anchor.location
        self.scope = scope
        self.position = position

    def index(self, value: int) -> ir.Value:
        return self.scope.constant(value, ir.IndexType.get(), self.position, self.loc)

    def constant_of(self, value: ir.Value) -> int | None:
        """`value`'s integer constant, if it is one."""
        known = self.scope.value_of(value)
        return known if known is not None else constant_value(value)

    def as_index(self, value: ir.Value) -> ir.Value:
        if isinstance(value.type, ir.IndexType):
            return value
        const = self.constant_of(value)
        if const is not None:
            return self.index(const)
        return self._arith(INDEX_CAST, [value], ir.IndexType.get())

    def mul(self, a: ir.Value, b: ir.Value) -> ir.Value:
        ca, cb = self.constant_of(a), self.constant_of(b)
        if ca is not None and cb is not None:
            return self.index(ca * cb)
        if ca == 1 or cb == 1:
            return b if ca == 1 else a
        return self._arith(MUL, [a, b], a.type)

    def add(self, a: ir.Value, b: ir.Value) -> ir.Value:
        if self.constant_of(b) == 0:
            return a
        if self.constant_of(a) == 0:
            return b
        return self._arith(ADD, [a, b], a.type)

    def _arith(self, name: str, operands: list[ir.Value], result: ir.Type) -> ir.Value:
        return self.scope.arith(name, operands, result, self.anchor, self.loc)

    def op(self, name: str, operands: Sequence[Sequence[ir.Value]], results: Sequence[ir.Type],
           attributes: dict[str, ir.Attribute] | None = None) -> ir.Operation:
        attrs = dict(attributes or {})
        attrs[SEGMENTS] = ir.DenseI32ArrayAttr.get([len(g) for g in operands])
        return ir.Operation.create(name, results=list(results),
                                   operands=[v for g in operands for v in g],
                                   attributes=attrs, loc=self.loc, ip=self.ip)

    def make_tensor_view(self, ptr: ir.Value, shape: list[ir.Value], strides: list[ir.Value],
                         layout: str, element: ir.Type) -> ir.Value:
        view = pto.ViewType("tensor_view", (None,) * len(shape), str(element))
        return self.op(pto.MakeTensorView.NAME, [[ptr], shape, strides], [view.type()],
                       {"layout": pto.layout_attr(layout)}).result

    def partition_view(self, view: ir.Value, offsets: list[ir.Value], sizes: list[ir.Value],
                       element: str) -> ir.Value:
        dims = tuple(self.constant_of(v) for v in sizes)
        part = pto.ViewType("partition_tensor_view", dims, element)
        return self.op(pto.PartitionView.NAME, [[view], offsets, sizes], [part.type()]).result

    def alloc_tile(self, tile: pto.TileBuf, valid_row: ir.Value | None,
                   valid_col: ir.Value | None) -> ir.Value:
        groups = [[], [valid_row] if tile.v_row is None else [],
                  [valid_col] if tile.v_col is None else []]
        return self.op(pto.AllocTile.NAME, groups, [tile.type()]).result


def view_strides(builder: PtoBuilder, t: ir.RankedTensorType, layout: pl.TensorLayout,
                 shape: list[ir.Value]) -> list[ir.Value]:
    """Stride operands: the materialised encoding strides where static; where `?`, the
    layout's dense product of the extent operands (row-major for ND and NZ,
    column-major for DN: `nz.layout.dense_stride_axes`), the only meaning a `?` stride
    has (`nz.layout.check_stride_products` refuses any other before this runs)."""
    kind = layout.kind
    stated = layout.stride or nz_layout.strides_of_layout(kind, pl.tensor_shape(t))
    factors = nz_layout.dense_stride_axes(kind, len(shape))
    # Made from the last axis back, the order the constants have always been made in.
    strides = [builder.index(known) if known is not None else _product(builder, shape, axes)
               for known, axes in reversed(list(zip(stated, factors, strict=True)))]
    strides.reverse()
    return strides


def _product(builder: PtoBuilder, shape: list[ir.Value], axes: Sequence[int]) -> ir.Value:
    """The product of the extents of `axes`, folded from the unit-stride end so each
    stride reuses the one before it (the scope shares equal arithmetic)."""
    product = builder.index(1)
    for axis in axes:
        product = builder.mul(product, shape[axis])
    return product
