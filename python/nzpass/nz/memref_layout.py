"""What a memref states about its bytes, read without the bindings calls that abort or
raise on what the parser accepts, and the layout PTOAS moves a GM memref in.

`MemRefType.get_strides_and_offset` aborts the process (an assertion in MLIR's
makeCanonicalStridedLayoutExpr) on a static shape whose suffix products overflow int64,
and raises on a layout that is not strided (`affine_map<(d0, d1) -> (d1, d0)>`); found by
red team, both from a `pto.tload` of such a memref. Every reader of a memref's strides
asks `strides_of` here, which reads the layout attribute itself and refuses, located,
what it cannot read.

PTOAS (both mirrors, lib/PTO/Transforms/InferPTOLayout.cpp and PTOToEmitC.cpp) takes a
pto.tload / pto.tstore of a GM memref in the layout `ptoas_layout` gives: the transfer's
own `layout`, else the one its operand's defining op has after InferPTOLayout (stated;
for a memref.reinterpret_cast inferred from its size and stride operands; for a
memref.subview copied from its source's op, else inferred from the source's type), else
the one inferred from the operand's own type; a type with a dynamic dim, stride or
offset, or a layout getStridesAndOffset does not read, is ND there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..dialects import pto
from ..dialects.opaque_errors import opaque_refusal
from ..errors import Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..records import record
from .offsets import constant_value
from .tensor_types import element_bit_width

INT64_MAX = 2**63 - 1
_DYNAMIC = ir.ShapedType.get_dynamic_size()
_DYNAMIC_STRIDE = ir.MemRefType.get_dynamic_stride_or_offset()
_SPACE_PREFIX = "#pto.address_space<"
_GLOBAL_SPACES = ("gm", "zero")  # PTOAS's isGlobalMemRef; no pto space at all: GM too
_REINTERPRET_CAST = "memref.reinterpret_cast"
_SUBVIEW = "memref.subview"


@record
class MemrefStrides(NamedTuple):
    """A memref's strides and offset in elements, None where dynamic (`?`)."""

    strides: tuple[int | None, ...]
    offset: int | None

    @property
    def static(self) -> bool:
        return self.offset is not None and all(s is not None for s in self.strides)


def shape_of(type_: ir.MemRefType) -> tuple[int | None, ...]:
    """The memref's dims, None for a `?`."""
    return tuple(None if d == _DYNAMIC else d for d in type_.shape)


def address_space(type_: ir.MemRefType) -> str | None:
    """The pto memory a memref's `#pto.address_space<...>` names as PTOAS's enum parser
    reads it (blanks around the keyword, a quoted keyword; nzpass's reader keeps the
    attribute as a string of its text), None for no space or any other attribute (found
    by red team: `< gm >` was read as a local space, so the NZ rule skipped the memref)."""
    return space_named(type_.memory_space)


def space_named(attr: ir.Attribute | None) -> str | None:
    """The memory a `#pto.address_space<...>` attribute names (`address_space`'s reading),
    wherever it is stated: a memref's memory space, a memref.alloc's."""
    if attr is None:
        return None
    text = attr.value if isinstance(attr, ir.StringAttr) else str(attr)
    if not (text.startswith(_SPACE_PREFIX) and text.endswith(">")):
        return None
    word = text[len(_SPACE_PREFIX):-1].strip()
    if len(word) > 1 and word[0] == word[-1] == '"':
        word = word[1:-1]
    return word if word.isidentifier() else None


def is_global(type_: ir.MemRefType) -> bool:
    """PTOAS's isGlobalMemRef: a GM or zero space, or none of pto's (EmitC's `__gm__`)."""
    space = address_space(type_)
    return space is None or space in _GLOBAL_SPACES


def strides_of(type_: ir.MemRefType, loc: ir.Location, what: str) -> MemrefStrides:
    """The strides and offset `type_`'s layout states: a `strided<[...], offset: ...>` as
    written, the identity layout the row-major suffix products of the shape (dynamic from
    a `?` dim out). Refused: a suffix product past int64 (MLIR asserts on it, PTOAS's C++
    wraps it) and any other affine map (PTOAS's EmitC cannot read one and moves the memref
    as dense row-major instead, whatever order the map states)."""
    layout = type_.layout
    if isinstance(layout, ir.StridedLayoutAttr):
        return MemrefStrides(tuple(_static(s) for s in layout.strides), _static(layout.offset))
    if isinstance(layout, ir.AffineMapAttr) and \
            layout.value == ir.AffineMap.get_identity(type_.rank):
        return MemrefStrides(_row_major(shape_of(type_), loc, what), 0)
    raise Refusal(loc, f"{what} has the layout {layout}, which is not strided: PTOAS's "
                  "EmitC moves a memref whose layout it cannot read as strides as dense "
                  "row-major, whatever order the map states; state the layout as "
                  "strided<[...], offset: ...>")


def _static(value: int) -> int | None:
    return None if value == _DYNAMIC_STRIDE else value


def _row_major(shape: Sequence[int | None], loc: ir.Location, what: str
               ) -> tuple[int | None, ...]:
    strides: list[int | None] = []
    product: int | None = 1
    for dim in reversed(shape):
        strides.append(product)
        product = None if product is None or dim is None else product * dim
        if product is not None and product > INT64_MAX:
            raise Refusal(loc, f"{what} has {len(shape)} dims whose element count past "
                          f"dim {len(shape) - len(strides)} overflows int64 (a row-major "
                          "stride MLIR and PTOAS cannot hold); give it dims whose product "
                          f"is at most {INT64_MAX}")
    return tuple(reversed(strides))


def ptoas_layout(op: ir.Operation, value: ir.Value) -> tuple[str, str]:
    """(the layout "nd", "dn" or "nz" PTOAS moves the GM memref `value` in as `op`'s
    transfer operand, where it comes from: "" where inferred ND by default). Refuses a
    memref whose strides do not read (`strides_of`)."""
    stated = _pto_layout(op)
    if stated is not None:
        return stated, f"the '{op.name}' states it"
    along = _stated_along_chain(value)
    if along is not None and along[0] == "nz":
        return along  # EmitC's reading, where no transfer layout were left to it
    owner = _owner(value)
    found = _op_layout(owner) if owner is not None else None
    # At the transfer: what reads the memref's layout (an argument's type has no op).
    return found if found is not None else _inferred_from_type(
        ir.MemRefType(value.type), op.location, "the memref")


def _owner(value: ir.Value) -> ir.Operation | None:
    return value.owner.operation if isinstance(value, ir.OpResult) else None


def _stated_along_chain(value: ir.Value) -> tuple[str, str] | None:
    """The first pto layout stated along the memref ops and unrealized casts `value`
    comes from (PTOToEmitC.cpp, resolveLayoutFromValueChain and peelUnrealized: EmitC's
    reading where the transfer states none)."""
    owner = _owner(value)
    while owner is not None:
        stated = _pto_layout(owner)
        if stated is not None:
            return stated, f"its '{owner.name}' states it"
        cast = op_names.BUILTIN_UNREALIZED_CONVERSION_CAST
        if not (owner.name.startswith("memref.") or owner.name == cast) \
                or not len(owner.operands):
            return None
        owner = _owner(owner.operands[0])
    return None


def _op_layout(owner: ir.Operation) -> tuple[str, str] | None:
    """The layout InferPTOLayout leaves on the memref op `owner` (None: none)."""
    stated = _pto_layout(owner)
    if stated is not None:
        return stated, f"its '{owner.name}' states it"
    result = owner.results[0].type if len(owner.results) == 1 else None
    if not isinstance(result, ir.MemRefType) or not is_global(result):
        return None
    if owner.name == _REINTERPRET_CAST:
        return _reinterpret_cast_layout(owner, result)
    if owner.name == _SUBVIEW and len(owner.operands):
        source = owner.operands[0]
        source_owner = _owner(source)
        if source_owner is not None:
            found = _op_layout(source_owner)  # a layout InferPTOLayout left there
            if found is not None:
                return found[0], f"its '{owner.name}' takes it from its source" \
                    if found[1] else ""
        if not isinstance(source.type, ir.MemRefType):
            return "nd", ""
        layout, _ = _inferred_from_type(source.type, owner.location,
                                        f"the source of '{owner.name}'")
        return layout, (f"InferPTOLayout infers its '{owner.name}''s from the source's "
                        "static shape and strides" if layout != "nd" else "")
    return None


def _reinterpret_cast_layout(op: ir.Operation, result: ir.MemRefType) -> tuple[str, str]:
    """InferPTOLayout's reading of a GM memref.reinterpret_cast: its size and stride
    operands (static, or arith.constant), whatever its result type says (found by red
    team: constant operands under a `?` result type inferred NZ there, ND here)."""
    sizes = _mixed(op, "static_sizes", 2)
    strides = _mixed(op, "static_strides", 3)
    if sizes is None or strides is None:
        return "nd", ""
    layout = infer_layout(sizes, strides, _element_bytes(result))
    return layout, (f"InferPTOLayout infers it from the '{op.name}''s size and stride "
                    "operands" if layout != "nd" else "")


def _mixed(op: ir.Operation, name: str, segment: int) -> list[int | None] | None:
    """The static values of a memref op's mixed sizes or strides, each SSA operand's
    arith.constant value (None: not one); None where the op does not read."""
    static = op.attributes.get(name)
    segments = op.attributes.get("operandSegmentSizes")
    if not isinstance(static, ir.DenseI64ArrayAttr) or \
            not isinstance(segments, ir.DenseI32ArrayAttr) or len(segments) <= segment:
        return None
    counts = list(segments)
    operands = list(op.operands)[sum(counts[:segment]):sum(counts[:segment + 1])]
    values: list[int | None] = []
    for item in static:
        if item != _DYNAMIC:
            values.append(item)
        elif operands:
            values.append(constant_value(operands.pop(0)))
        else:
            return None
    return values


def _inferred_from_type(type_: ir.MemRefType, loc: ir.Location, what: str
                        ) -> tuple[str, str]:
    """InferPTOLayout's inferFromStaticMemRefTy: ND unless GM, static in shape, strides
    and offset, of rank 1 to 5."""
    if not is_global(type_):
        return "nd", ""
    read = strides_of(type_, loc, what)
    shape = shape_of(type_)
    if any(d is None for d in shape) or not read.static:
        return "nd", ""
    layout = infer_layout(shape, read.strides, _element_bytes(type_))
    return layout, ("InferPTOLayout infers it from the static shape and strides"
                    if layout != "nd" else "")


def infer_layout(shape: Sequence[int | None], strides: Sequence[int | None],
                 element_bytes: int) -> str:
    """InferPTOLayout's inferLayout5D on static values (a None, rank 0 or above 5, an
    element of no bytes: ND): NZ as pto.ptoas_infers_nz reads it, else DN where only the
    column-major minor-2D pattern matches, or where both do for a column (cols 1, rows
    not); else ND."""
    if pto.ptoas_infers_nz(shape, strides, element_bytes):
        return "nz"
    rank = len(shape)
    if rank != len(strides) or not 1 <= rank <= 5 or element_bytes == 0 or \
            any(v is None for v in (*shape, *strides)):
        return "nd"
    dims = [int(d or 0) for d in shape]
    steps = [int(s or 0) for s in strides]
    rows, cols = (1, dims[0]) if rank == 1 else (dims[-2], dims[-1])
    row_stride, col_stride = ((dims[0] * steps[0], steps[0]) if rank == 1 else
                              (steps[-2], steps[-1]))
    nd = (cols == 1 or col_stride == 1) and (
        rows == 1 or (row_stride == 1 if cols == 1 else row_stride == cols))
    dn = (rows == 1 or row_stride == 1) and (
        cols == 1 or (col_stride == 1 if rows == 1 else col_stride == rows))
    if nd and dn:
        return "dn" if cols == 1 and rows != 1 else "nd"
    return "dn" if dn else "nd"


def _element_bytes(type_: ir.MemRefType) -> int:
    return (element_bit_width(type_.element_type) or 0) // 8


def _pto_layout(op: ir.Operation) -> str | None:
    """The layout a pto `layout` attribute of `op` names (PTOAS reads only its own
    LayoutAttr there); None for none or another dialect's."""
    attr = op.attributes.get("layout")  # by name: properties too
    if not (isinstance(attr, ir.OpaqueAttr) and attr.dialect_namespace == pto.DIALECT):
        return None
    return opaque_refusal(op.location, lambda: pto.layout_of(
        attr, f"'{op.name}' op attribute 'layout'")) or "nd"


def memref_window(op: ir.Operation, value: ir.Value
                  ) -> tuple[tuple[int | None, ...], list[int | None], str] | None:
    """(the sizes, strides and layout, "nd" or "dn") of the window a transfer moves of
    the GM memref `value`: its type's static dims (None: `?`) and strides, as PTOAS's
    EmitC builds the GlobalTensor from them; None for a local memref, another type, a
    rank below 2, or an NZ one (`ptoas_layout`'s rule has it)."""
    type_ = value.type
    if not isinstance(type_, ir.MemRefType) or not is_global(type_) or type_.rank < 2:
        return None
    layout, _ = ptoas_layout(op, value)
    if layout == "nz":
        return None
    read = strides_of(type_, op.location, "the memref")
    return shape_of(type_), list(read.strides), layout


def check_local_memref_tile(op: ir.Operation, gm: ir.Value, tile: ir.Value) -> None:
    """A transfer between a GM memref and a local memref tile moves the GM memref's whole
    window (leading dims stacked as rows) from the tile's start; PTOAS's EmitC makes the
    tile a Tile of the local memref's dims 0 and 1 (PTOToEmitC.cpp, the pto.pointer_cast
    lowering), so a window larger than those, or one it cannot bound, overruns the tile
    into the local memory after it (found by red team: a 64x64 GM memref loaded into a
    16x16 Vec memref was accepted; no rule read a memref tile)."""
    gm_type, tile_type = gm.type, tile.type
    if not (isinstance(gm_type, ir.MemRefType) and isinstance(tile_type, ir.MemRefType)) \
            or not is_global(gm_type) or is_global(tile_type):
        return
    window, room = shape_of(gm_type), shape_of(tile_type)
    rows: int | None = 1
    for dim in window[:-1]:
        rows = None if rows is None or dim is None else rows * dim
    extents = (rows, window[-1] if window else None)
    limits = room[:2] if len(room) >= 2 else (None, None)
    for name, moved, held in zip(("rows", "columns"), extents, limits, strict=True):
        if moved is not None and held is not None and moved <= held:
            continue
        raise Refusal(op.location, f"'{op.name}' moves a GM memref window of "
                      f"{'unknown' if moved is None else moved} {name} (leading dims "
                      f"stacked as rows) to or from a local memref tile of "
                      f"{'unknown' if held is None else held} {name} (PTOAS makes the "
                      "tile of the memref's dims 0 and 1): the transfer moves the window "
                      "from the tile's start, past the tile into the local memory after "
                      "it; give both memrefs static shapes, the window no larger than the "
                      "tile")
