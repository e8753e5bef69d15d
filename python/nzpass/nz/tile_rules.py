"""What a tile must be to exist: a layout PTOAS and pto-isa build, inside its local memory.

Two rules on a `!pto.tile_buf`, read by every pass that meets a tile where it is made:
convert-pl-to-pto before it lowers a `!pl.tile` a pl op makes (as the tile_buf it becomes),
verify-pto-nz on every tile a `pto.alloc_tile` or a pl op makes; the NZ transfer rules hold
the tiles they move to the layout rule without its row exemption.

The layout rule is PTOAS's `verifyTileBufLayoutConstraints`, which its `pto.alloc_tile`
verifier runs (lib/PTO/IR/PTO.cpp in tonibohnlein's PTOAS, August 2026; hw-native-sys's of
April 2026 has no such check), and what pto-isa's `Tile` static_asserts
(include/pto/common/pto_tile.hpp): rows and columns positive; a `none_box` tile's rows
(row-major) or columns (column-major) whole 32-byte lines (16 bytes for packed FP4); a boxed
tile whole inner boxes of its fractal, its rows exempt in Vec, in the MX scale fractal (32)
and for one row (GEMV): fractal 1024 is 16 x 16, fractal 32 is 16 x 2, fractal 512 is
16 x 32/s (inner row-major) or 32/s x 16 (inner column-major). The transfers and the model
lay a tile out box by box (line by line), so a partial box has no layout any of them knows
(found by red team: M = 20 gave 20-row Acc and Mat tiles, f16 tiles of 120 columns and
16 x 60 Vec tiles of 120-byte rows were written out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..dialects import pl, pto
from ..dialects.opaque import OpaqueSyntaxError
from ..dialects.pto_table import LAYOUT_KEEPING_FILLS, written_groups
from ..errors import Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import line_and_column
from .intervals import Fact
from .limits import (
    LOCAL_MEMORY_BYTES,
    MEMORY_NAMES,
    PLANNER_ONLY_BYTES,
    tile_placement_problem,
)
from .tensor_types import check_ptoas_element, element_bit_width
from .tile_regions import COMPACT_ROW_PLUS_ONE

_LINE_BYTES = 32               # a none_box row (column) is whole 32-byte lines
_PACKED_FP4_LINE_BYTES = 16    # ... of 16 bytes for the packed FP4 types
_PACKED_FP4 = frozenset(("!pto.f4E1M2x2", "!pto.f4E2M1x2"))
_BOX_ROWS = 16
_MX_FRACTAL = 32               # the MX scale fractal: 16 x 2, any rows

# The stride of a multi-buffer's slots is a slot's bytes rounded up to its memory's tile
# address alignment (tonibohnlein's PTOAS, PTOResolveBufferSelect.cpp: 512 bytes in L0A,
# L0B, L0C, 32 elsewhere), so `count` small slots span more than `count` slots' bytes.
_SLOT_ALIGNMENT = {"left": 512, "right": 512, "acc": 512}
_SLOT_ALIGNMENT_ELSEWHERE = 32
# element spelling -> its bits (None: no bit width): a pure function of the text.
_BITS: dict[str, int | None] = {}


def element_bits(dtype: str) -> int | None:
    """The bits of one element of a tile of `dtype` (pto's own types by their storage,
    `pto.ELEMENT_BYTES`); None for a type of no bit width."""
    dtype = dtype.strip()
    if dtype not in _BITS:
        own = pto.ELEMENT_BYTES.get(dtype)
        try:
            bits = own * 8 if own is not None else element_bit_width(pl.element_type(dtype))
        except OpaqueSyntaxError:
            bits = None
        _BITS[dtype] = bits
    return _BITS[dtype]


def _bits(buf: pto.TileBuf, loc: ir.Location, what: str) -> int:
    bits = element_bits(buf.dtype)
    if bits is None:
        raise Refusal(loc, f"{what} tile of dtype {buf.dtype} in loc={buf.loc}: an element "
                      "type of no bit width, so its bytes, and whether it fits its memory, "
                      "cannot be known; use an integer or floating-point dtype")
    if buf.dtype.strip() not in pto.ELEMENT_BYTES:  # a builtin type: PTOAS's width?
        check_ptoas_element(pl.element_type(buf.dtype.strip()), loc, f"{what} tile")
    return bits


def tile_element_bytes(buf: pto.TileBuf, loc: ir.Location, what: str) -> int:
    bits = _bits(buf, loc, what)
    if bits % 8:
        raise Refusal(loc, f"{what} tile of dtype {buf.dtype} in loc={buf.loc}: {bits}-bit "
                      "elements, so its 32-byte lines and inner boxes, which PTOAS counts in "
                      "whole bytes, cannot be known; use a dtype of whole bytes (a packed pto "
                      "type for sub-byte data)")
    return bits // 8


def inner_box(buf: pto.TileBuf, element_bytes: int) -> tuple[int, int] | None:
    """The (rows, columns) of one inner box of a boxed tile; None for an unknown fractal
    or s-layout (PTOAS: "expects ... to use a supported boxed tile layout")."""
    if buf.fractal == 1024:
        return _BOX_ROWS, _BOX_ROWS
    if buf.fractal == _MX_FRACTAL:
        return _BOX_ROWS, 2
    if buf.fractal != 512 or _LINE_BYTES % element_bytes:
        return None
    line = _LINE_BYTES // element_bytes
    return {"row_major": (_BOX_ROWS, line), "col_major": (line, _BOX_ROWS)}.get(buf.slayout)


def tile_layout_problem(buf: pto.TileBuf, element_bytes: int,
                        whole_boxes: bool = False) -> str | None:
    """Why the tile is no layout PTOAS and pto-isa build (the module docstring); None
    when it is one. `whole_boxes`: no row exemption (an NZ transfer moves whole boxes)."""
    if buf.rows <= 0 or buf.cols <= 0:
        return "its rows and columns must be positive (an empty tile holds nothing)"
    if buf.slayout == "none_box":
        line = _PACKED_FP4_LINE_BYTES if buf.dtype.strip() in _PACKED_FP4 else _LINE_BYTES
        axis, extent = (("rows", buf.cols) if buf.blayout == "row_major" else
                        ("columns", buf.rows))
        if extent * element_bytes % line:
            return (f"its {axis} are {extent * element_bytes} bytes, not whole {line}-byte "
                    f"lines, as a none_box {buf.blayout} tile's must be (the transfers move "
                    "32-byte blocks, so each would start mid-block)")
        return None
    box = inner_box(buf, element_bytes)
    if box is None:
        return (f"fractal={buf.fractal} with slayout={buf.slayout} is no boxed layout PTOAS "
                "supports")
    rows_exempt = not whole_boxes and (buf.loc == "vec" or buf.fractal == _MX_FRACTAL
                                       or buf.rows == 1)
    if (buf.rows % box[0] and not rows_exempt) or buf.cols % box[1]:
        return (f"it is not a whole number of its {box[0]}x{box[1]} inner boxes (PTOAS: "
                "boxed tile rows a multiple of innerRows, cols of innerCols), and a partial "
                "box has no layout the transfers know")
    return None


def check_tile_layout(buf: pto.TileBuf, loc: ir.Location, what: str,
                      whole_boxes: bool = False) -> None:
    """Refuse a tile of no layout PTOAS and pto-isa build (tile_layout_problem)."""
    problem = tile_layout_problem(buf, tile_element_bytes(buf, loc, what), whole_boxes)
    if problem is None:
        return
    raise Refusal(loc, f"{what} tile {buf.rows}x{buf.cols} {buf.dtype} (loc={buf.loc}, "
                  f"blayout={buf.blayout}, slayout={buf.slayout}, fractal={buf.fractal}) is "
                  f"not a layout PTOAS and pto-isa build: {problem}. Pad the tile's rows and "
                  "columns up to whole boxes (32-byte lines) and state the extent that holds "
                  "data as its valid region")


def tile_elements(buf: pto.TileBuf) -> int:
    """The elements the tile's bytes span: its physical rows x cols, or, row_plus_one
    (each row, a column-major tile's each column, one element longer than the tile:
    PTOAS's padded stride, Utils.cpp getStaticTileStrides),
    (major - 1) * (minor + 1) + minor, the major axis the rows of a row-major tile (else
    its columns), as PTOAS counts a tile's footprint (tonibohnlein PTOAS HEAD,
    lib/PTO/Transforms/PTOPlanMemory.cpp getTileBufferFootprintBytes; the same in
    InsertSync/PTOIRTranslator.cpp and GraphSyncSolver/MemInfo.cpp)."""
    if buf.compact != COMPACT_ROW_PLUS_ONE:
        return buf.rows * buf.cols
    major, minor = (buf.rows, buf.cols) if buf.blayout == "row_major" else \
        (buf.cols, buf.rows)
    return (major - 1) * (minor + 1) + minor


def tile_bytes(buf: pto.TileBuf, loc: ir.Location, what: str) -> int:
    """The bytes the tile spans (`tile_elements`; whole bytes: a sub-byte type packs)."""
    return -(-tile_elements(buf) * _bits(buf, loc, what) // 8)


def check_tile_fits(buf: pto.TileBuf, backend: str, loc: ir.Location, what: str,
                    addr: tuple[int, int] | None = None, slots: int = 1) -> None:
    """Refuse a tile (`slots` tiles side by side: a multi-buffer's) that may not lie
    inside its local memory (docs/hardware-model.md, "Capacities"), placed at any address
    in `addr` (None: the allocator places it): one past the end overlaps another buffer
    or faults, whatever the transfers' rules prove. A memory of no stated capacity (bias,
    scaling) is held to the most PTOAS's planner gives it (`limits.PLANNER_ONLY_BYTES`:
    found by red team, a 4 MiB bias tile at an address no bound held was accepted)."""
    capacity = LOCAL_MEMORY_BYTES[backend].get(buf.loc) or \
        PLANNER_ONLY_BYTES[backend].get(buf.loc)
    if capacity is None:
        return
    problem = tile_placement_problem(_span(buf, loc, what, slots), capacity, addr)
    if problem is None:
        return
    raise Refusal(loc, f"{what} tile does not fit the {capacity // 1024} KiB "
                  f"{MEMORY_NAMES.get(buf.loc, buf.loc)} (loc={buf.loc}) of {backend}: "
                  f"{problem}; a tile "
                  "past the end of its memory overlaps or faults, which no transfer rule "
                  "sees. Use a smaller tile, or an address the offset analysis proves at "
                  "least 0 and at most capacity - tile bytes")


def check_boxed_not_row_plus_one(buf: pto.TileBuf, loc: ir.Location, what: str) -> None:
    """Refuse a boxed compact=row_plus_one tile an NZ transfer or a cube move takes: PTOAS
    strides its major axis by rows (columns) + 1 (Utils.cpp getStaticTileStrides; its lit
    test subview_boxed_row_plus_one_stride_offset: 17 for 16 rows) and places its
    subviews so, while the NZ load, store and the cube moves lay box after box at
    rows x c0: the two disagree on where every box after the first lies (found by red
    team: an NZ load into such a Mat tile, then a textract, was accepted)."""
    if buf.slayout == "none_box" or buf.compact != COMPACT_ROW_PLUS_ONE:
        return
    raise Refusal(loc, f"{what} tile {buf.rows}x{buf.cols} (loc={buf.loc}, "
                  f"slayout={buf.slayout}) is a boxed compact=row_plus_one tile: PTOAS "
                  "strides its major axis by its rows (columns) + 1, off the box grid the "
                  "NZ transfers and cube moves lay its boxes on, so the two place every box "
                  "after the first at other bytes; drop compact=2 from a boxed tile")


# The ops that make a tile over a window of their source tile: offsets (one per axis)
# and sizes (the result's rows and columns).
TILE_WINDOWS = frozenset((pto.SUBVIEW, pto.SUBSET))


def _span(buf: pto.TileBuf, loc: ir.Location, what: str, slots: int) -> int:
    """The bytes `slots` tiles side by side span: the last slot starts `slots - 1` aligned
    slot strides from the first (found by red team: two 32-byte Left slots at the end of
    L0A passed as 64 bytes, the second starts 512 bytes on)."""
    size = tile_bytes(buf, loc, what)
    if slots == 1:
        return size
    align = _SLOT_ALIGNMENT.get(buf.loc, _SLOT_ALIGNMENT_ELSEWHERE)
    return (slots - 1) * (-(-size // align) * align) + size


def check_window_inside(name: str, source: pto.TileBuf, result: pto.TileBuf,
                        offsets: list[tuple[int, int]], loc: ir.Location) -> None:
    """Refuse a subview whose window (the offsets in `offsets`, each the (lo, hi) the
    offset analysis proves, and the result's rows x cols) may leave its source tile: PTOAS
    places it at base + (offset row * row stride + offset column * column stride) * element
    bytes (PTOResolveBufferSelect.cpp, computeTileAddress) and SubViewOp::verify bounds
    neither offset by the source, so a window past the source's rows or columns reads and
    writes another buffer's bytes (or past the memory), which the overlap rule, taking the
    result for a part of its source, never sees (found by red team)."""
    if len(offsets) != 2:
        return  # malformed: PTOAS refuses a subview of other than two offsets
    for axis, (lo, hi), size, extent in zip(("row", "column"), offsets,
                                            (result.rows, result.cols),
                                            (source.rows, source.cols), strict=True):
        if lo >= 0 and hi + size <= extent:
            continue
        bound = f"may be {lo}, below 0" if lo < 0 else \
            f"(up to {hi}) plus the window's {size} {axis}s exceeds the source's {extent}"
        raise Refusal(loc, f"'{name}' window of {result.rows}x{result.cols} may leave its "
                      f"source tile of {source.rows}x{source.cols} (loc={source.loc}): its "
                      f"{axis} offset {bound}. PTOAS places a subview at the source's base "
                      "plus its offsets times the source's strides and bounds neither, so "
                      "the window would read and write the bytes of another buffer, which "
                      "no rule here sees. Keep every offset + size within the source tile "
                      "(an offset the offset analysis bounds: a constant, or a loop's "
                      "induction variable)")


# The fractal a transposing TEXTRACT moves (pto-isa a2a3 TExtract.hpp, `fractalSize`):
# 32 x 32 for one-byte elements, 16 x 16 for the others.
_B8_FRACTAL, _FRACTAL = 32, 16


def box_multiples(buf: pto.TileBuf) -> tuple[int, int] | None:
    """What an offset into the boxed tile `buf` must be a multiple of, per axis (rows,
    columns): its inner box; None for a none_box tile (any offset) or one of no layout
    PTOAS knows (its own verifier refuses it)."""
    if buf.slayout == "none_box":
        return None
    bits = element_bits(buf.dtype)
    return inner_box(buf, bits // 8) if bits is not None and bits % 8 == 0 else None


def check_window_on_boxes(name: str, source: pto.TileBuf, offsets: Sequence[Fact],
                          loc: ir.Location) -> None:
    """Refuse a window (subview) of a boxed tile at an offset not provably a multiple of
    its inner box. PTOAS places the result at base + offset row * row stride + offset
    column * column stride, the strides of whole boxes (PTOResolveBufferSelect.cpp,
    getTilePointerStrides: a col_major tile's column stride is its rows), so an offset
    inside a box starts the result mid-box and every box it reads is another's bytes;
    SubViewOp::verify refuses such an offset only when it is a constant (found by red
    team: a loop stepping a subview of an NZ Mat tile by 8 columns)."""
    multiples = box_multiples(source)
    if multiples is None or len(offsets) != 2:
        return
    _check_on_boxes(name, "offset", source, offsets, multiples, loc,
                    "PTOAS places the window at whole-box strides, so one starting inside a "
                    "box reads and writes other boxes' bytes")


def extract_index_multiples(src: pto.TileBuf, dst: pto.TileBuf) -> tuple[int, int] | None:
    """What a TEXTRACT of the Mat tile `src` into the Left or Right tile `dst` needs its
    index to be a multiple of, per axis: the source's inner box, and where the move
    transposes (the destination's s-layout is not the source's) the fractal it moves on
    both axes (pto-isa a2a3 TExtract.hpp: TExtractToA / TExtractToB). None for any other
    move (no rule read here) or a source of no inner box."""
    if src.loc != "mat" or dst.loc not in ("left", "right"):
        return None
    box = box_multiples(src)
    if box is None or dst.slayout == src.slayout:
        return box
    fractal = _B8_FRACTAL if element_bits(src.dtype) == 8 else _FRACTAL
    return max(box[0], fractal), max(box[1], fractal)


def check_extract_index_on_boxes(name: str, src: pto.TileBuf, dst: pto.TileBuf,
                                 index: Sequence[Fact], backend: str,
                                 loc: ir.Location) -> None:
    """Refuse an A2/A3 TEXTRACT out of a Mat tile at an index not provably a multiple of
    what its load moves (extract_index_multiples). pto-isa checks the index only with
    PTO_ASSERT (debug builds) and turns it into a box number by a shift, so an index
    inside a box is rounded down in a release build and the Left or Right tile gets the
    rows or columns before the ones asked for (found by red team); PTOAS checks only
    that a constant index stays inside the tile. A5's extract starts at any row and
    column (PTOAS's start_row / start_col, its PR #469), another instruction."""
    multiples = extract_index_multiples(src, dst)
    if backend != "a2a3" or multiples is None or len(index) != 2:
        return
    _check_on_boxes(name, "index", src, index, multiples, loc,
                    "pto-isa asserts it only in debug builds and counts boxes by a shift, "
                    "so a release build moves the boxes before the index")


def _check_on_boxes(name: str, what: str, buf: pto.TileBuf, at: Sequence[Fact],
                    multiples: tuple[int, int], loc: ir.Location, why: str) -> None:
    for axis, fact, multiple in zip(("row", "column"), at, multiples, strict=True):
        if fact.is_multiple(multiple):
            continue
        shown = fact.constant if fact.constant is not None else f"proved {fact.show()}"
        raise Refusal(loc, f"'{name}' {axis} {what} {shown} is not provably a multiple of "
                      f"its boxed source tile's inner box ({multiple} {axis}s; "
                      f"{buf.rows}x{buf.cols} {buf.dtype}, loc={buf.loc}, "
                      f"blayout={buf.blayout}, slayout={buf.slayout}, fractal={buf.fractal}): "
                      f"{why}; step the {what} by whole boxes (a multiple of {multiple})")


def check_relabel_keeps_box_order(name: str, source: pto.TileBuf, result: pto.TileBuf,
                                  loc: ir.Location) -> None:
    """Refuse a relabel (pto_table.TILE_RELABELS: a subview, a treshape, a bitcast, ...)
    that gives a boxed tile another box order: another b-layout, s-layout or inner box
    (fractal, or element width). A relabel moves no byte, so the result names the
    source's boxes laid out another way: an NZ Mat tile relabelled ZN holds each box
    transposed, which every move and mad then reads as data. PTOAS refuses it of a
    subview and a bitcast only in tonibohnlein's version, and of a treshape not at all
    (found by red team: a treshape and a subview of an NZ Mat tile to ZN, extracted into
    a Left tile, were accepted)."""
    if source.slayout == "none_box" and result.slayout == "none_box":
        return
    order = [(buf.blayout, buf.slayout, inner_box(buf, tile_element_bytes(buf, loc, name)))
             for buf in (source, result)]
    if order[0] == order[1]:
        return
    raise Refusal(loc, f"'{name}' gives a boxed tile another box order: its source is "
                  f"{_box_order(source)}, its result {_box_order(result)}. A relabel "
                  "moves no byte, so the result reads the source's boxes laid out another "
                  "way (an NZ tile read as ZN holds each box transposed); keep the "
                  "source's blayout, slayout, fractal and element width, and change the "
                  "layout with a move (pto.tmov, pto.textract)")


def check_reshape_keeps_boxed_shape(name: str, source: pto.TileBuf, result: pto.TileBuf,
                                    loc: ir.Location) -> None:
    """Refuse a reshape (pto_table.TILE_RELABELS "reshape": pto.treshape, pto.bind_tile)
    of a boxed tile to another shape. It moves no byte, and a boxed tile's bytes are box
    after box, not row after row: element (i, j) of an NZ R x C tile lies at
    (j / c0) * R * c0 + i * c0 + j % c0, so the result of another shape names the
    source's boxes in other places (a 16 x 32 NZ tile reshaped to 32 x 16 has the source's
    columns 16..31 as its rows 16..31), never the row-major reshape of its data. PTOAS's
    TReshapeOp::verify checks bytes and boxing only (found by red team: a 16 x 32 NZ Mat
    tile reshaped to 32 x 16 and extracted into a Left tile was accepted)."""
    boxed = source.slayout != "none_box" or result.slayout != "none_box"
    if not boxed or (source.rows, source.cols) == (result.rows, result.cols):
        return
    if not (_whole_boxes(source, loc, name) and _whole_boxes(result, loc, name)):
        return  # (the formula places whole boxes: PTOAS's MX scale tiles, 1 x 32 ui8 as
        # 16 x 2, lie in no box of it; found in PTOAS's TquantMx sample)
    raise Refusal(loc, f"'{name}' reshapes a boxed tile ({source.rows}x{source.cols}, "
                  f"loc={source.loc}, slayout={source.slayout}) to {result.rows}x"
                  f"{result.cols}: it moves no byte, and a boxed tile's bytes lie box after "
                  "box, so the result names the source's boxes at other rows and columns, "
                  "not its data reshaped row by row; keep a boxed tile's shape, or reshape "
                  "a none_box (ND) tile and move it into the boxed layout")


def _whole_boxes(buf: pto.TileBuf, loc: ir.Location, what: str) -> bool:
    """Whether a tile is whole inner boxes of a layout PTOAS builds (of whole-byte elements)."""
    if buf.slayout == "none_box":
        return True
    bits = _bits(buf, loc, what)
    return not bits % 8 and tile_layout_problem(buf, bits // 8, whole_boxes=True) is None


def _box_order(buf: pto.TileBuf) -> str:
    return (f"blayout={buf.blayout}, slayout={buf.slayout}, fractal={buf.fractal} of "
            f"{buf.dtype}")


def multi_tile_slots(type_: ir.Type) -> tuple[pto.TileBuf, int] | None:
    """(the slot tile, the slot count) of a `!pto.multi_tile_buf<SLOT, count=N>`, its slot
    written as a tile_buf's body or as a whole `!pto.tile_buf<...>`; None for any other
    type, or a count that is no number. OpaqueSyntaxError for a slot that does not read."""
    if not (isinstance(type_, ir.OpaqueType) and type_.dialect_namespace == pto.DIALECT):
        return None
    data = type_.data
    head, _, count = data.rpartition(", count=")
    if not data.startswith("multi_tile_buf<") or not count.endswith(">") or \
            not count[:-1].isdigit():
        return None
    slot = head[len("multi_tile_buf<"):].strip()
    text = slot if slot.startswith("!pto.tile_buf<") else f"!pto.tile_buf<{slot}>"
    try:
        buf = pto.tile_buf(ir.Type.parse(text))
    except ValueError as err:  # MLIR does not read the slot type
        raise OpaqueSyntaxError(f"the slot type of {data} does not read: {err}") from err
    return (buf, int(count[:-1])) if buf is not None else None


def check_slot_in_range(slot: Fact, count: int, loc: ir.Location) -> None:
    """Refuse a pto.multi_tile_get whose slot the offset analysis does not keep in
    [0, count): PTOAS checks a constant slot only, and PTOResolveBufferSelect picks a
    run-time slot's address by an `arith.select` chain comparing it with 1 .. count - 1
    whose default is slot 0, so a slot out of range silently names slot 0's bytes (found
    by red team: a slot taken from an argument loaded into, and stored from, slot 0)."""
    if slot.lo >= 0 and slot.hi < count:
        return
    raise Refusal(loc, f"'pto.multi_tile_get' slot is not provably in range [0, {count}) "
                  f"of its multi-buffer: it may be {slot.show()}. PTOAS checks a constant "
                  "slot only; a run-time slot out of range selects slot 0's bytes, not "
                  "the ones asked for. Take the slot as a loop index modulo the count "
                  "(arith.remui), or a value the offset analysis bounds")


def check_unknown_op_on_boxed(op: ir.Operation) -> None:
    """Refuse `op`, the maker of a tile a move or a mad reads, when the op table does not
    define it (a PTOAS op of another version, any other dialect's op but a call, an
    scf op the flows do not follow, an unrealized cast that changes a type) and it gives a boxed
    tile: no rule models what it did to the box order or which bytes it names, and the
    reading rules took such a tile for one whose producer's contract it holds (found by
    red team: an NZ Mat tile relabelled ZN by a cast, a pick by arith.select of a loaded
    tile and one nothing wrote, an unknown op's result, were extracted into a Left tile
    and accepted). A table op with regions (pto.fusion_region) gives what its body
    yields, which no flow follows either (found by red team, round 26: a fusion region
    yielding an NZ Mat tile cast to ZN)."""
    if op.name in op_names.CALLS or _keeps_its_types(op):
        return  # a call's tile is its callee's contract
    if op.name in pto.OPS and not len(op.regions):
        return  # a table op's tile is the table's rules'; a region op's is its yields'
    buf = _boxed_tile_of(op.results)
    if buf is None:
        return
    raise Refusal(op.location, f"'{op.name}' gives a boxed tile (loc={buf.loc}, "
                  f"slayout={buf.slayout}) that a move or mad reads, but is an op "
                  "verify-pto-nz does not follow (none the op table defines or one with "
                  "regions, no scf.for or scf.if, no call): no rule models what it did to "
                  "the tile's box (NZ) order or which bytes its result names, so the data "
                  "moved is unchecked. "
                  "Make a boxed tile with the pto ops the op table defines (pto.alloc_tile, "
                  "pto.tload, pto.tmov, pto.subview), and pick between tiles with scf.if")


def _boxed_tile_of(values: Sequence[ir.Value]) -> pto.TileBuf | None:
    """The first boxed tile (any s-layout but none_box: an NZ tile's box order) among
    `values`; None when there is none. A type that does not read is no tile here."""
    for value in values:
        try:
            buf = pto.tile_buf(value.type)
        except OpaqueSyntaxError:
            continue
        if buf is not None and buf.slayout != "none_box":
            return buf
    return None


def _keeps_its_types(op: ir.Operation) -> bool:
    """An unrealized cast that gives each value its own type: a name, no relabel."""
    if op.name != op_names.BUILTIN_UNREALIZED_CONVERSION_CAST:
        return False
    return len(op.operands) == len(op.results) and all(
        a.type == b.type for a, b in zip(op.operands, op.results, strict=True))


def boxed_operands_taken(op: ir.Operation, followed: frozenset[str],
                         read: Callable[[ir.Operation], pto.PtoOp | None]
                         ) -> list[tuple[ir.Value, pto.TileBuf]]:
    """The boxed tiles `op` may write in a way no rule models: every boxed operand of an
    op the op table does not define (an unknown op, scf.while, scf.execute_region,
    scf.index_switch: what it does to the bytes is unknown), the boxed operands in the
    groups a table op writes (pto_table.written_groups) when it is none of `followed`
    (the ops whose effect on a boxed tile verify-pto-nz models) nor a fill keeping its
    tiles' one type (pto_table.LAYOUT_KEEPING_FILLS). Calls, scf.for / scf.if
    and their yields, the function's return and casts keeping their types are followed
    elsewhere; none of them is asked here. `read`: the op's groups by the table (None
    when malformed: PTOAS refuses it)."""
    name = op.name
    if name in followed or name in op_names.CALLS or _keeps_its_types(op):
        return []
    boxed = [(value, buf) for value in op.operands
             if (buf := _boxed_tile_of((value,))) is not None]
    if not boxed or name not in pto.OPS:  # the table is looked up only for a boxed tile
        return boxed
    view = read(op)
    if view is None or _fills_in_its_layout(name, view):
        return []  # malformed (PTOAS refuses it), or a copy keeping every element's box
    written = written_groups(name)
    taken = {value for group, values in view.groups.items() if group in written
             for value in values}
    return [(value, buf) for value, buf in boxed if value in taken]


def _fills_in_its_layout(name: str, view: pto.PtoOp) -> bool:
    """A fill (pto_table.LAYOUT_KEEPING_FILLS) whose tiles are all of one type."""
    groups = LAYOUT_KEEPING_FILLS.get(name)
    if groups is None:
        return False
    types = {value.type for group in groups for value in view.groups.get(group, ())}
    return len(types) == 1


def check_unmodelled_boxed_write(op: ir.Operation, tile: ir.Value, buf: pto.TileBuf,
                                 reader: ir.Operation) -> None:
    """Refuse `op`, which may write the boxed tile `tile` in a way no rule models
    (boxed_operands_taken), when `reader`, a move, mad, store or push, reads its buffer
    later: what that op put in each box, in which order, is unchecked, and the reader
    takes it for the NZ data its rules prove (found by red team: an unknown op taking a
    loaded NZ Mat tile, and a pto.tfillpad / pto.mgather / pto.texpands writing one, each
    then extracted into a Left tile, were accepted)."""
    raise Refusal(op.location, f"'{op.name}' may write a boxed tile (loc={buf.loc}, "
                  f"blayout={buf.blayout}, slayout={buf.slayout}) in a way verify-pto-nz "
                  f"does not model, and '{reader.name}' (at "
                  f"{line_and_column(reader.location)}) then reads it: which bytes the op "
                  "wrote, in which box (NZ) order, is unchecked, so the data moved is too. "
                  "Write a boxed tile only with the ops verify-pto-nz follows (pto.tload, "
                  "pto.tmov, pto.textract, pto.tinsert, the mads), or keep the op's tile "
                  "out of the moves, mads and stores")
