"""verify-pto-nz: check pto IR against the PTOAS 0.61 NZ rules and the pto-isa limits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import prod
from typing import ClassVar, TypeVar

from ..dialects import pl, pto
from ..dialects.common import SEGMENTS
from ..dialects.opaque import OpaqueSyntaxError, show_dims
from ..dialects.opaque_errors import opaque_refusal
from ..dialects.properties import PropertyReader
from ..driver.diagnostics import DiagnosticEngine
from ..driver.pass_base import ModulePass
from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from ..ir.walk import nested_ops
from ..nz.acc_store import check_acc_store_limits
from ..nz.layout import C0_BYTES, FRACTAL_ROWS, NzLayoutError, c0_for_bit_width
from ..nz.offsets import constant_value, unchanging_ir
from ..nz.tensor_types import element_bit_width

NZ_RANK = 5
_CHECKED_OPS = frozenset((pto.MakeTensorView.NAME, pto.PartitionView.NAME, pto.TLoad.NAME,
                          pto.TStore.NAME))
Extent = int | None
_PtoOpT = TypeVar("_PtoOpT", bound=pto.PtoOp)


@dataclass(frozen=True)
class VerifyPtoNz(ModulePass):
    """Check every NZ tensor view of pto IR and every op that reads or writes one;
    the IR is left unchanged.

    The PTOAS 0.61 rules (docs/ir.md section 2): `pto.make_tensor_view` with
    `layout = #pto.layout<nz>` (or an NZ result type) is rank 5, shaped
    `[B, C/c0, R/16, 16, c0]` with strides `[>= C/c0 * S1, >= R/16 * 16*c0, 16*c0, c0, 1]`
    (S0 and S1 multiples of c0), B > 0, over a pointer of its own element type;
    a `pto.partition_view` of it is rank 5 with offsets `[.., .., .., 0, 0]` and
    sizes `[.., .., .., 16, c0]`. Every value a rule needs must be an
    `arith.constant`: what cannot be proven is refused.

    The pto-isa rules PTOAS does not check: `pto.tload` of an NZ view fills only
    a Mat tile in NZ configuration; `pto.tstore` into an NZ view comes from an
    FP32 Acc tile into an FP32 view, at most 65535 x 4095 valid, whose
    allocation fits L0C (128 KiB, 256 KiB with `pl.backend = "a5"`); a load or
    store moves as many elements as the tile's valid region holds.

      %tv = "pto.make_tensor_view"(%p, %c256, %c512, %c512, %c1)
          {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} ...
    is refused with
      'pto.make_tensor_view' op user-specified layout=nz requires a rank-5 view, got rank 2
    """

    name: ClassVar[str] = "verify-pto-nz"
    summary: ClassVar[str] = "Check pto NZ views, partitions, loads and Acc stores (no rewrite)"

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        checker = _Checker(module)
        # One top-level op (a function) at a time, so what is read about its
        # ops is dropped before the next: memory stays that of one function.
        for top in module.regions[0].blocks[0].operations:
            top = top.operation
            with unchanging_ir():  # the pass never changes the IR
                for op in (top, *nested_ops(top)):
                    if op.name in _CHECKED_OPS:
                        checker.check(op)
            checker.forget_ops()
        for refusal in checker.refusals:
            diagnostics.error(refusal.location, refusal.message, refusal.notes)


# ---------------------------------------------------------------- facts the rules read


@dataclass(frozen=True)
class _NzView:
    """An NZ view that passed its own rules: what its users are checked against."""

    element: str
    c0: int


# A view that is NZ but was refused: its users are not checked again (one root cause,
# one error).
_REFUSED = object()


@dataclass(frozen=True)
class _ViewFacts:
    loc: ir.Location
    element: str
    c0: int
    shape: tuple[Extent, ...]
    strides: tuple[Extent, ...]


@dataclass(frozen=True)
class _PartitionFacts:
    loc: ir.Location
    c0: int
    offsets: tuple[Extent, ...]
    sizes: tuple[Extent, ...]
    result_rank: int | None


@dataclass(frozen=True)
class _TransferFacts:
    """A tload or tstore between an NZ view (or its partition) and a tile."""

    loc: ir.Location
    view: _NzView
    extents: tuple[Extent, ...]
    tile: pto.TileBuf
    backend: str
    # SSA values behind the extents and the tile's valid region, for the proofs
    # that a dynamic valid region equals the partition (None where not known).
    size_values: tuple[ir.Value, ...] | None = None
    valid_values: tuple[ir.Value | None, ir.Value | None] = (None, None)


# ---------------------------------------------------------------- the walk


class _Checker:
    def __init__(self, module: ir.Operation):
        self.reader = PropertyReader(module)
        self.refusals: list[Refusal] = []
        self.views: dict[ir.Operation, object] = {}
        self._attrs: dict[ir.Operation, dict[str, ir.Attribute]] = {}
        self._partitions: dict[ir.Operation, pto.PartitionView | None] = {}
        backend = self._guard(lambda: pl.module_backend(module))
        self.backend = backend if isinstance(backend, str) else "a2a3"

    def _guard(self, check: Callable[[], object]) -> object:
        try:
            return check()
        except Refusal as refusal:
            self.refusals.append(refusal)
            return _REFUSED

    def forget_ops(self) -> None:
        """Drop what was read about ops (but not which views were refused:
        one root cause, one error, however far its users are)."""
        self._attrs.clear()
        self._partitions.clear()

    def attrs(self, op: ir.Operation) -> dict[str, ir.Attribute]:
        """Attributes and properties, read once per op: a property read prints the op."""
        if op not in self._attrs:
            needed = (SEGMENTS, "layout") if op.name == pto.MakeTensorView.NAME else (SEGMENTS,)
            self._attrs[op] = self.reader.attributes(op, needed)
        return self._attrs[op]

    def check(self, op: ir.Operation) -> None:
        if op.name == pto.MakeTensorView.NAME:
            self.nz_view(op)
        elif op.name == pto.PartitionView.NAME:
            self._guard(lambda: self._check_partition(op))
        elif op.name == pto.TLoad.NAME:
            self._guard(lambda: self._check_load(op))
        elif op.name == pto.TStore.NAME:
            self._guard(lambda: self._check_store(op))

    def nz_view(self, op: ir.Operation) -> object:
        """The make_tensor_view's _NzView, None when it is not NZ, _REFUSED when
        its rules fail; checked once, however many users ask."""
        if op not in self.views:
            self.views[op] = self._guard(lambda: _check_make_view(op, self.attrs(op)))
        return self.views[op]

    def partition(self, op: ir.Operation) -> pto.PartitionView | None:
        """The partition_view's operand groups; None when malformed, which the
        partition's own check reports (once). Read once per op: a load asks
        for its partition's source, sizes and size values."""
        if op in self._partitions:
            return self._partitions[op]
        try:
            partition = pto.PartitionView(op, self.attrs(op))
        except MalformedOp:
            partition = None
        self._partitions[op] = partition
        return partition

    def source_view(self, value: ir.Value, loc: ir.Location) -> object:
        """The NZ view `value` reads, through partition_view chains."""
        owner = value.owner.operation if isinstance(value, ir.OpResult) else None
        if owner is not None and owner.name == pto.PartitionView.NAME:
            partition = self.partition(owner)
            if partition is None or len(partition.groups["source"]) != 1:
                return _REFUSED
            return self.source_view(partition.groups["source"][0], loc)
        if owner is not None and owner.name == pto.MakeTensorView.NAME:
            return self.nz_view(owner)
        # A view that is an argument (or made elsewhere) is NZ by its type alone.
        vt = opaque_refusal(loc, lambda: pto.view_type(value.type))
        if vt is None or vt.layout != "nz":
            return None
        return _NzView(vt.element, _c0(vt.element, loc))

    def extents(self, value: ir.Value, loc: ir.Location) -> tuple[Extent, ...]:
        """The extents a view value covers: its partition's sizes (or the view's
        shape), constant operands first, static type dims otherwise."""
        vt = opaque_refusal(loc, lambda: pto.view_type(value.type))
        dims = vt.dims if vt is not None else ()
        owner = value.owner.operation if isinstance(value, ir.OpResult) else None
        if owner is not None and owner.name == pto.PartitionView.NAME:
            partition = self.partition(owner)
            return _resolve(partition.groups["sizes"], dims) if partition else (None,)
        if owner is not None and owner.name == pto.MakeTensorView.NAME:
            # Only a view that passed its own rules gets here, so its groups parse.
            return _resolve(pto.MakeTensorView(owner, self.attrs(owner)).groups["shape"], dims)
        return dims

    def groups_if_nz(self, cls: type[_PtoOpT], op: ir.Operation) -> _PtoOpT | None:
        """The op's operand groups. A malformed op is reported only when one of its
        operands is an NZ view: ND IR is none of this pass's business."""
        try:
            return cls(op, self.attrs(op))
        except MalformedOp:
            if any(isinstance(self.source_view(v, op.location), _NzView) for v in op.operands):
                raise
            return None

    def _check_partition(self, op: ir.Operation) -> None:
        partition = self.partition(op) or self.groups_if_nz(pto.PartitionView, op)
        if partition is None:
            return
        view = self.source_view(_single(partition, "source"), partition.location)
        if not isinstance(view, _NzView):
            return
        result = _result_view_type(op)
        facts = _PartitionFacts(
            op.location, view.c0, tuple(constant_value(v) for v in partition.groups["offsets"]),
            _resolve(partition.groups["sizes"], result.dims if result else ()),
            len(result.dims) if result else None)
        for rule in _PARTITION_RULES:
            rule(facts)

    def _transfer(self, op_view: pto.PtoOp | None, view_group: str,
                  tile_group: str) -> _TransferFacts | None:
        if op_view is None:
            return None
        view_value = _single(op_view, view_group)
        view = self.source_view(view_value, op_view.location)
        if not isinstance(view, _NzView):
            return None
        tile_value = _single(op_view, tile_group)
        tile = opaque_refusal(op_view.location, lambda: pto.tile_buf(tile_value.type))
        if tile is None:
            raise MalformedOp(op_view.location, f"'{op_view.NAME}' op with an NZ view needs a "
                              f"!pto.tile_buf {tile_group} operand, got {tile_value.type}")
        return _TransferFacts(op_view.location, view, self.extents(view_value, op_view.location),
                              tile, self.backend, self.size_values(view_value),
                              self.valid_values(tile_value))

    def size_values(self, value: ir.Value) -> tuple[ir.Value, ...] | None:
        owner = value.owner.operation if isinstance(value, ir.OpResult) else None
        if owner is None or owner.name != pto.PartitionView.NAME:
            return None
        partition = self.partition(owner)
        return tuple(partition.groups["sizes"]) if partition else None

    def valid_values(self, tile: ir.Value) -> tuple[ir.Value | None, ir.Value | None]:
        owner = tile.owner.operation if isinstance(tile, ir.OpResult) else None
        if owner is None or owner.name != pto.AllocTile.NAME:
            return None, None
        try:
            alloc = pto.AllocTile(owner, self.attrs(owner))
        except MalformedOp:
            return None, None
        rows, cols = alloc.groups["valid_row"], alloc.groups["valid_col"]
        return (rows[0] if rows else None), (cols[0] if cols else None)

    def _check_load(self, op: ir.Operation) -> None:
        facts = self._transfer(self.groups_if_nz(pto.TLoad, op), "src", "dst")
        for rule in _LOAD_RULES if facts else ():
            rule(facts)

    def _check_store(self, op: ir.Operation) -> None:
        facts = self._transfer(self.groups_if_nz(pto.TStore, op), "dst", "src")
        for rule in _STORE_RULES if facts else ():
            rule(facts)


def _result_view_type(op: ir.Operation) -> pto.ViewType | None:
    if len(op.results) != 1:
        return None
    return opaque_refusal(op.location, lambda: pto.view_type(op.results[0].type))


def _single(op_view: pto.PtoOp, group: str) -> ir.Value:
    values = op_view.groups[group]
    if len(values) != 1:
        raise MalformedOp(op_view.location, f"'{op_view.NAME}' op expects exactly one {group} "
                          f"operand, got {len(values)}")
    return values[0]


def _resolve(values: Sequence[ir.Value], dims: Sequence[Extent]) -> tuple[Extent, ...]:
    """Each operand's arith.constant value, else the type's static dim at that axis
    (the type states the extent too), else None."""
    dims = tuple(dims) if len(dims) == len(values) else (None,) * len(values)
    constants = (constant_value(v) for v in values)
    return tuple(d if c is None else c for c, d in zip(constants, dims))


def _c0(element: str, loc: ir.Location) -> int:
    """Elements per 32-byte C0 line of `element`, or a refusal of a type NZ cannot hold."""
    try:
        bits = element_bit_width(pl.element_type(element))
    except OpaqueSyntaxError:
        bits = None
    if bits is None:
        raise Refusal(loc, f"NZ view element type {element}: NZ needs an integer or "
                      f"floating-point element type, whose size sets c0 = {C0_BYTES} bytes / "
                      "element size; keep this view ND")
    try:
        return c0_for_bit_width(bits)
    except NzLayoutError as err:
        raise Refusal(loc, f"NZ view element type {element}: {err}") from None


def _known(value: Extent, what: str, rule: str, loc: ir.Location) -> int:
    """`value`, or a refusal: a rule over a value that is not constant cannot be proven."""
    if value is None:
        raise Refusal(loc, f"{what} is not a constant, so {rule} cannot be proven: PTOAS 0.61 "
                      "checks NZ views statically; define it with arith.constant")
    return value


# ---------------------------------------------------------------- make_tensor_view


def _check_make_view(op: ir.Operation, attrs: dict[str, ir.Attribute]) -> _NzView | None:
    result = _result_view_type(op)
    if "nz" not in (pto.layout_of(attrs.get("layout")), result.layout if result else None):
        return None
    view = pto.MakeTensorView(op, attrs)
    _check_rank(view)
    if result is None:
        raise MalformedOp(op.location, "'pto.make_tensor_view' op with layout=nz must return "
                          f"one !pto.tensor_view, got {[str(r.type) for r in op.results]}")
    _check_result_rank(op.location, result)
    c0 = _c0(result.element, op.location)
    _check_ptr_element(view, result.element)
    facts = _ViewFacts(op.location, result.element, c0,
                       _resolve(view.groups["shape"], result.dims),
                       tuple(constant_value(v) for v in view.groups["strides"]))
    for rule in _VIEW_RULES:
        rule(facts)
    return _NzView(result.element, c0)


def _check_rank(view: pto.MakeTensorView) -> None:
    # PTOAS's own wording first, so users find it; PTOAS 0.60 accepted rank 2 and 3.
    shape, strides = len(view.groups["shape"]), len(view.groups["strides"])
    if shape == strides == NZ_RANK:
        return
    rank = shape if shape != NZ_RANK else strides
    raise Refusal(view.location, "'pto.make_tensor_view' op user-specified layout=nz requires "
                  f"a rank-5 view, got rank {rank}: an NZ view is always the blocked "
                  "[B, C/c0, R/16, 16, c0] form with strides [R*C, R*c0, 16*c0, c0, 1] (a "
                  "logical [R, C] is [1, C/c0, R/16, 16, c0]); give five shape and five stride "
                  "operands (block-nz-tensor-views produces them from pl IR)")


def _check_result_rank(loc: ir.Location, result: pto.ViewType) -> None:
    # The type, the shape and the strides of an NZ view must agree
    # (docs/nz-semantics.md section 6).
    if len(result.dims) == NZ_RANK:
        return
    raise Refusal(loc, f"NZ view has five shape operands but its type "
                  f"{result.spelling()} has rank {len(result.dims)}: the type, the shape and the "
                  f"strides of an NZ view are all rank 5; use "
                  f"!pto.tensor_view<?x?x?x?x?x{result.element}>")


def _check_ptr_element(view: pto.MakeTensorView, element: str) -> None:
    # c0 and every stride count elements of the view type: a pointer of another
    # element type would reinterpret the NZ bytes with the wrong C0 line.
    ptr = pto.ptr_element(_single(view, "ptr").type)
    if ptr is None or ptr == element:
        return
    raise Refusal(view.location, f"NZ view of element type {element} over a !pto.ptr<{ptr}>: "
                  "the pointer's element type must equal the view's, as PTOAS requires; use "
                  f"a !pto.ptr<{element}> or a view of {ptr}")


def _check_batch(facts: _ViewFacts) -> None:
    # A dynamic batch is fine: only a static empty or negative batch is known wrong.
    batch = facts.shape[0]
    if batch is None or batch > 0:
        return
    raise Refusal(facts.loc, f"NZ view shape[0] = {batch}: the batch extent must be positive, "
                  "as PTOAS requires; an NZ view holds at least one [C/c0, R/16, 16, c0] panel")


def _check_fractal_rows(facts: _ViewFacts) -> None:
    rows = _known(facts.shape[3], "NZ view shape[3]", f"shape[3] == {FRACTAL_ROWS}", facts.loc)
    if rows == FRACTAL_ROWS:
        return
    raise Refusal(facts.loc, f"NZ view shape[3] = {rows} must be {FRACTAL_ROWS}: axis 3 is the "
                  f"{FRACTAL_ROWS} rows of one fractal; count the row fractals (R/16) in "
                  "shape[2]")


def _check_c0_line(facts: _ViewFacts) -> None:
    c0 = facts.c0
    line = _known(facts.shape[4], "NZ view shape[4]", f"shape[4] == c0 = {c0}", facts.loc)
    if line == c0:
        return
    raise Refusal(facts.loc, f"NZ view shape[4] = {line} must be c0 = {c0} for {facts.element} "
                  f"({C0_BYTES} bytes / element size): axis 4 is one {C0_BYTES}-byte C0 line; "
                  "count the column blocks (C/c0) in shape[1]")


def _exact_stride(facts: _ViewFacts, axis: int, expected: int, why: str) -> None:
    stride = _known(facts.strides[axis], f"NZ view stride[{axis}]",
                    f"stride[{axis}] == {expected}", facts.loc)
    if stride == expected:
        return
    raise Refusal(facts.loc, f"NZ view stride[{axis}] = {stride} must be {expected}: {why}; "
                  "use the strides [R*C, R*c0, 16*c0, c0, 1] of the blocked shape")


def _check_element_stride(facts: _ViewFacts) -> None:
    _exact_stride(facts, 4, 1, "the elements of a C0 line are contiguous")


def _check_row_stride(facts: _ViewFacts) -> None:
    _exact_stride(facts, 3, facts.c0, f"the rows of a fractal are one C0 line (c0 = {facts.c0} "
                  "elements) apart")


def _check_fractal_stride(facts: _ViewFacts) -> None:
    _exact_stride(facts, 2, FRACTAL_ROWS * facts.c0, "the fractals of a column block follow "
                  f"each other, one 512-byte fractal (16*c0 = {FRACTAL_ROWS * facts.c0} "
                  "elements) apart")


def _outer_stride(facts: _ViewFacts, axis: int, what: str, plural: str) -> None:
    """stride[axis] a multiple of c0 and covering the whole inner axis:
    `stride[axis] >= shape[axis+1] * stride[axis+1]`."""
    c0, loc = facts.c0, facts.loc
    stride = _known(facts.strides[axis], f"NZ view stride[{axis}]",
                    f"stride[{axis}] % c0 == 0", loc)
    if stride % c0:
        raise Refusal(loc, f"NZ view stride[{axis}] = {stride} is not a multiple of c0 = {c0}: "
                      f"every {what} must start on a {C0_BYTES}-byte C0 line; round it up to a "
                      f"multiple of {c0}")
    inner = axis + 1
    rule = f"stride[{axis}] >= shape[{inner}] * stride[{inner}]"
    extent = _known(facts.shape[inner], f"NZ view shape[{inner}]", rule, loc)
    inner_stride = _known(facts.strides[inner], f"NZ view stride[{inner}]", rule, loc)
    if stride >= extent * inner_stride:
        return
    raise Refusal(loc, f"NZ view stride[{axis}] = {stride} is less than shape[{inner}] * "
                  f"stride[{inner}] = {extent} * {inner_stride} = {extent * inner_stride}: "
                  f"consecutive {plural} would overlap; use at least {extent * inner_stride} "
                  f"(the canonical stride of the blocked shape)")


def _check_column_block_stride(facts: _ViewFacts) -> None:
    _outer_stride(facts, 1, "column block", "column blocks")


def _check_batch_stride(facts: _ViewFacts) -> None:
    _outer_stride(facts, 0, "batch", "batches")


_VIEW_RULES: tuple[Callable[[_ViewFacts], None], ...] = (
    _check_batch, _check_fractal_rows, _check_c0_line, _check_element_stride, _check_row_stride,
    _check_fractal_stride, _check_column_block_stride, _check_batch_stride)


# ---------------------------------------------------------------- partition_view


def _check_partition_rank(facts: _PartitionFacts) -> None:
    # Partition coordinates are blocked coordinates: the rank never drops back to 2 or 3.
    ranks = (len(facts.sizes), len(facts.offsets), facts.result_rank)
    wrong = [rank for rank in ranks if rank is not None and rank != NZ_RANK]
    if not wrong:
        return
    rank = wrong[0]
    raise Refusal(facts.loc, f"'pto.partition_view' of an NZ view must be rank 5, got rank "
                  f"{rank}: partition offsets and sizes address the blocked [B, C/c0, R/16, 16, "
                  "c0] axes; give five offsets and five sizes and a rank-5 "
                  "!pto.partition_tensor_view")


def _check_partition_fractal_offsets(facts: _PartitionFacts) -> None:
    # An offset inside a fractal would start the partition mid-fractal, which NZ
    # moves only whole.
    for axis in (3, 4):
        offset = _known(facts.offsets[axis], f"NZ partition offset[{axis}]",
                        f"offset[{axis}] == 0", facts.loc)
        if offset != 0:
            raise Refusal(facts.loc, f"NZ partition offset[{axis}] = {offset} must be 0: a "
                          "partition of an NZ view keeps every fractal whole; address rows "
                          "and columns by fractal in offset[2] (R/16) and offset[1] (C/c0)")


def _check_partition_fractal_sizes(facts: _PartitionFacts) -> None:
    for axis, whole in ((3, FRACTAL_ROWS), (4, facts.c0)):
        size = _known(facts.sizes[axis], f"NZ partition size[{axis}]",
                      f"size[{axis}] == {whole}", facts.loc)
        if size != whole:
            raise Refusal(facts.loc, f"NZ partition size[{axis}] = {size} must be {whole}: a "
                          "partition of an NZ view keeps d3 (16 rows) and d4 (c0 = "
                          f"{facts.c0}) whole; size rows and columns by fractal in size[2] "
                          "and size[1]")


_PARTITION_RULES: tuple[Callable[[_PartitionFacts], None], ...] = (
    _check_partition_rank, _check_partition_fractal_offsets, _check_partition_fractal_sizes)


# ---------------------------------------------------------------- tload / tstore


def _tile_text(tile: pto.TileBuf) -> str:
    return (f"loc={tile.loc}, blayout={tile.blayout}, slayout={tile.slayout}, "
            f"fractal={tile.fractal}")


def _check_load_into_mat_nz(facts: _TransferFacts) -> None:
    # pto-isa loads an NZ view only NZ->NZ (TLoadGm2L1Nz2nz), the cube operand path into L1.
    if facts.tile.is_nz_mat:
        return
    raise Refusal(facts.loc, f"'pto.tload' of an NZ view into a tile with {_tile_text(facts.tile)}"
                  ": pto-isa loads NZ only NZ->NZ into a Mat tile (loc=mat, blayout=col_major, "
                  "slayout=row_major, fractal=512); load into such a tile, or keep the tensor "
                  "ND for other tiles")


def _check_element_count(facts: _TransferFacts, verb: str) -> None:
    # The transfer moves the tile's valid region one to one into the partition.
    tile = facts.tile
    if None in facts.extents or tile.v_row is None or tile.v_col is None:
        return
    moved, valid = prod(facts.extents), tile.v_row * tile.v_col
    if moved == valid:
        return
    raise Refusal(facts.loc, f"'pto.{verb}' between an NZ partition "
                  f"{show_dims(facts.extents, facts.view.element)} ({moved} elements) and a tile "
                  f"whose valid region {tile.v_row}x{tile.v_col} holds {valid}: the transfer "
                  "moves the tile's valid region one to one; size the partition "
                  f"[1, v_col/c0, v_row/16, 16, c0] = [1, {tile.v_col // facts.view.c0}, "
                  f"{tile.v_row // FRACTAL_ROWS}, 16, {facts.view.c0}]")


def _check_load_element_count(facts: _TransferFacts) -> None:
    _check_element_count(facts, "tload")


def _scaled(value: ir.Value, factor: int) -> ir.Value | None:
    """X when `value` is `arith.muli` of X and the constant `factor`."""
    owner = value.owner.operation if isinstance(value, ir.OpResult) else None
    if owner is None or owner.name != "arith.muli":
        return None
    lhs, rhs = owner.operands
    if constant_value(rhs) == factor:
        return lhs
    return rhs if constant_value(lhs) == factor else None


def _equals_scaled(static: Extent, dynamic: ir.Value | None, size: ir.Value,
                   factor: int) -> bool:
    """Whether the tile extent (static, or the alloc operand) provably equals
    size * factor: by constants, or by being that very product."""
    size_const = constant_value(size)
    if static is not None:
        return size_const is not None and static == size_const * factor
    if dynamic is None:
        return False
    dynamic_const = constant_value(dynamic)
    if dynamic_const is not None and size_const is not None:
        return dynamic_const == size_const * factor
    scaled = _scaled(dynamic, factor)
    return scaled is not None and scaled == size


def _check_valid_region(facts: _TransferFacts, verb: str) -> None:
    # The NZ load and the Acc store step column blocks by the tile's valid rows
    # but skip the GM gap of the partition's rows (docs/hardware-model.md (c), (d)):
    # unless the two are provably equal, the second column block is misplaced.
    sizes = facts.size_values
    if sizes is None or len(sizes) != NZ_RANK:
        return
    tile, c0 = facts.tile, facts.view.c0
    batches = constant_value(sizes[0])
    # One column block is one burst: the step between blocks is never taken.
    one_block = batches == 1 and constant_value(sizes[1]) == 1
    rows_ok = one_block or _equals_scaled(tile.v_row, facts.valid_values[0], sizes[2],
                                          FRACTAL_ROWS)
    cols_ok = batches == 1 and _equals_scaled(tile.v_col, facts.valid_values[1], sizes[1], c0)
    if rows_ok and cols_ok:
        return
    axis = "rows" if not rows_ok else "columns"
    extent = "16 * sizes[2]" if not rows_ok else "sizes[0] = 1 and c0 * sizes[1]"
    raise Refusal(facts.loc, f"'pto.{verb}' cannot prove that the tile's valid {axis} equal the "
                  f"NZ partition's ({extent}): "
                  "the A2/A3 transfer steps column blocks by the tile's valid rows but skips "
                  "the GM gap of the partition's rows, so a mismatch misplaces every column "
                  "block after the first. Give the tile a static valid region equal to the "
                  "partition, or valid_row = sizes[2] * 16 computed with arith.muli")


def _check_load_valid_region(facts: _TransferFacts) -> None:
    _check_valid_region(facts, "tload")


def _check_store_valid_region(facts: _TransferFacts) -> None:
    _check_valid_region(facts, "tstore")


def _check_store_from_acc(facts: _TransferFacts) -> None:
    # The only write-back into NZ is TSTORE Acc->NZ (TStoreAccNz2nz).
    if facts.tile.is_acc_nz:
        return
    raise Refusal(facts.loc, f"'pto.tstore' into an NZ view from a tile with "
                  f"{_tile_text(facts.tile)}: pto-isa writes NZ only from an Acc tile (loc=acc, "
                  "blayout=col_major, slayout=row_major, fractal=1024); store other tiles to an "
                  "ND view")


def _check_store_f32(facts: _TransferFacts) -> None:
    # The Acc->NZ path has no dtype conversion and writes FP32 C0 lines (c0 = 8).
    if facts.tile.dtype == "f32" and facts.view.element == "f32":
        return
    raise Refusal(facts.loc, f"'pto.tstore' of an Acc tile of {facts.tile.dtype} into an NZ "
                  f"view of {facts.view.element}: the Acc->NZ write-back supports only an FP32 "
                  "Acc tile into an FP32 NZ view (no dtype conversion); store to an FP32 NZ view "
                  "or to an ND view")


def _store_rows(tile: pto.TileBuf) -> int:
    # A dynamic valid extent is checked at its worst case, the whole physical tile.
    return tile.rows if tile.v_row is None else tile.v_row


def _store_cols(tile: pto.TileBuf) -> int:
    return tile.cols if tile.v_col is None else tile.v_col


def _check_store_limits(facts: _TransferFacts) -> None:
    # A dynamic valid extent is checked at its worst case, the whole physical tile.
    tile = facts.tile
    check_acc_store_limits("'pto.tstore' Acc->NZ", _store_rows(tile), _store_cols(tile),
                           tile.rows, tile.cols, facts.backend, facts.loc)


def _check_store_element_count(facts: _TransferFacts) -> None:
    _check_element_count(facts, "tstore")


_LOAD_RULES: tuple[Callable[[_TransferFacts], None], ...] = (
    _check_load_into_mat_nz, _check_load_element_count, _check_load_valid_region)
_STORE_RULES: tuple[Callable[[_TransferFacts], None], ...] = (
    _check_store_from_acc, _check_store_f32, _check_store_limits, _check_store_element_count,
    _check_store_valid_region)
