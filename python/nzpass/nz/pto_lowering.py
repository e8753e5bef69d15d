"""Building blocks of convert-pl-to-pto: tile types, view operands, pto ops.

Kept apart from the pass so the pass file reads as the wiring of one rewrite
per op, and so the simulator and the tests can build the same canonical
spellings."""

from __future__ import annotations

from collections.abc import Sequence

from ..dialects import pl, pto
from ..dialects.common import SEGMENTS
from ..ir import arith as arith_ops
from ..ir.bindings import ir
from . import layout as nz_layout
from .offsets import constant_value


def tile_buf_for(tile: pl.TileType) -> pto.TileBuf:
    """The canonical tile_buf of a pl tile: Mat tiles take the NZ (fractal 512)
    configuration, Acc tiles the L0C one (fractal 1024)."""
    valid = tile.valid or (tile.rows, tile.cols)
    base = pto.TileBuf(tile.space, str(tile.element), tile.rows, tile.cols, valid[0], valid[1])
    if tile.space == "mat":
        return pto.TileBuf(**{**base.__dict__, **pto.MAT_NZ})
    if tile.space == "acc":
        return pto.TileBuf(**{**base.__dict__, **pto.ACC_NZ})
    return base


class PtoBuilder:
    """Emits pto ops and index constants at one insertion point."""

    def __init__(self, ip: ir.InsertionPoint, loc: ir.Location,
                 constants: PtoBuilder | None = None):
        self.ip = ip
        self.loc = loc
        # Index constants come from `constants` (the function entry's builder),
        # so each value is materialised once per function, dominating all uses.
        self._constant_source = constants
        self._constants: dict[int, ir.Value] = {}
        # The value of each constant this builder made: read without asking
        # the IR (these constants live as long as the function).
        self._made: dict[ir.Value, int] = {}

    def index(self, value: int) -> ir.Value:
        if self._constant_source is not None:
            return self._constant_source.index(value)
        if value not in self._constants:
            made = arith_ops.constant(ir.IndexType.get(), value, self.loc, self.ip)
            self._constants[value] = made
            self._made[made] = value
        return self._constants[value]

    def constant_of(self, value: ir.Value) -> int | None:
        """`value`'s integer constant, if it is one."""
        source = self._constant_source or self
        known = source._made.get(value)
        return known if known is not None else constant_value(value)

    def as_index(self, value: ir.Value) -> ir.Value:
        if isinstance(value.type, ir.IndexType):
            return value
        const = self.constant_of(value)
        if const is not None:
            return self.index(const)
        return arith_ops.index_cast(value, ir.IndexType.get(), self.loc, self.ip)

    def mul(self, a: ir.Value, b: ir.Value) -> ir.Value:
        ca, cb = self.constant_of(a), self.constant_of(b)
        if ca is not None and cb is not None:
            return self.index(ca * cb)
        return arith_ops.binary("muli", a, b, self.loc, self.ip)

    def add(self, a: ir.Value, b: ir.Value) -> ir.Value:
        if self.constant_of(b) == 0:
            return a
        if self.constant_of(a) == 0:
            return b
        return arith_ops.binary("addi", a, b, self.loc, self.ip)

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
    """Stride operands: the materialised encoding strides where static,
    products of the extents where dynamic."""
    static = layout.stride or nz_layout.row_major_strides(pl.tensor_shape(t))
    strides: list[ir.Value] = [builder.index(1)] * len(shape)
    running = builder.index(1)
    for axis in reversed(range(len(shape))):
        strides[axis] = builder.index(static[axis]) if static[axis] is not None else running
        running = builder.mul(strides[axis], shape[axis])
    return strides
