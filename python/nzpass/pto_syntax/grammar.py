"""Which pto ops have a custom form nzpass reads and prints, and how their
custom operands map to the generic operand groups (docs/ir.md, section 2).

View ops have a form of their own each:
  %tv = pto.make_tensor_view %ptr, shape = [%d...], strides = [%s...] {attrs}? : VIEW
  %pv = pto.partition_view %tv, offsets = [%o...], sizes = [%z...] {attrs}? : VIEW (-> PART)?
  %t  = pto.alloc_tile (addr = %a)? (valid_row = %r)? (valid_col = %c)? {attrs}? : TILE
  %q  = pto.addptr %ptr, %offset {attrs}? : PTR -> PTR
Tile ops share the destination-passing form
  pto.OP ins(%a, %b : Ta, Tb) outs(%c : Tc) {attrs}? CLAUSES (-> RESULT)?
where an ins/outs list may also give each operand its type (`%a : Ta, %b : Tb`)
and CLAUSES are `keyword = %v : T` (an optional operand) or `keyword = ATTR`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAKE_TENSOR_VIEW = "pto.make_tensor_view"
PARTITION_VIEW = "pto.partition_view"
ALLOC_TILE = "pto.alloc_tile"
ADDPTR = "pto.addptr"
VIEW_OPS = (MAKE_TENSOR_VIEW, PARTITION_VIEW, ALLOC_TILE, ADDPTR)

# The operand groups of the view ops and the types their index-like operands
# have by definition (the pointer and source types come from the text).
ALLOC_TILE_GROUPS = (("addr", "i64"), ("valid_row", "index"), ("valid_col", "index"))

# Optional extra ins operands of the store/move ops: which group an operand
# of each kind of type fills.
FP, PRE_QUANT = "fp", "preQuantScalar"


@dataclass(frozen=True)
class TileOp:
    """A destination-passing tile op. Without `optional` groups its generic
    operands are the ins then the outs operands, with no operandSegmentSizes;
    with them, one group per required operand and one per optional operand."""

    name: str
    ins: tuple[str, ...]
    outs: tuple[str, ...] = ("dst",)
    optional: tuple[str, ...] = ()
    # Optional groups filled by further ins operands, told apart by type.
    extra_ins: tuple[str, ...] = ()
    # `keyword = %v : T` clauses after the attributes: keyword -> group.
    operand_clauses: dict[str, str] = field(default_factory=dict)
    # `keyword = ATTR` clauses, read into the attribute dictionary.
    attribute_clauses: tuple[str, ...] = ()

    @property
    def segmented(self) -> bool:
        return bool(self.optional)

    @property
    def groups(self) -> tuple[str, ...]:
        return self.ins + self.outs + self.optional


def _plain(name: str, ins: int) -> TileOp:
    return TileOp(name, tuple(f"in{k}" for k in range(ins)))


_STORE_LIKE = dict(optional=(FP, PRE_QUANT), extra_ins=(FP, PRE_QUANT))

TILE_OPS: dict[str, TileOp] = {op.name: op for op in [
    TileOp("pto.tload", ("src",), ("dst",),
           optional=("pad_value", "left_padding", "right_padding", "unit_flag"),
           operand_clauses={"pad_value": "pad_value", "left_padding_num": "left_padding",
                            "right_padding_num": "right_padding"},
           attribute_clauses=("pad_mode", "init_out_buffer")),
    TileOp("pto.tstore", ("src",), ("dst",), **_STORE_LIKE),
    TileOp("pto.tmov", ("src",), ("dst",), **_STORE_LIKE),
    TileOp("pto.textract", ("src", "indexRow", "indexCol"), ("dst",), **_STORE_LIKE),
    # Matrix ops.
    _plain("pto.tmatmul", 2), _plain("pto.tmatmul.acc", 3), _plain("pto.tmatmul.bias", 3),
    _plain("pto.tmatmul.mx", 4), _plain("pto.tmatmul.mx.acc", 5),
    _plain("pto.tmatmul.mx.bias", 5),
    _plain("pto.tgemv", 2), _plain("pto.tgemv.acc", 3), _plain("pto.tgemv.bias", 3),
    # Tile-tile and tile-scalar elementwise ops, transposition.
    *(_plain(f"pto.{name}", 2) for name in (
        "tadd", "tsub", "tmul", "tdiv", "tmax", "tmin", "trem", "tpartadd", "tpartmax",
        "tpartmin", "tprelu", "tadds", "tsubs", "tmuls", "tmaxs", "tmins", "ttrans")),
    # Unary ops.
    *(_plain(f"pto.{name}", 1) for name in (
        "texp", "tlog", "tsqrt", "trsqrt", "trecip", "tabs", "tneg", "trelu", "treshape")),
]}

KNOWN_OPS = frozenset(VIEW_OPS) | frozenset(TILE_OPS)


_DECIMAL = re.compile(r"[0-9]+")


def segment_sizes_entry(sizes: list[int]) -> str:
    return "operandSegmentSizes = array<i32: " + ", ".join(map(str, sizes)) + ">"


def parse_segment_sizes(value: str) -> list[int] | None:
    """`array<i32: 1, 5, 5>` -> [1, 5, 5]; None for anything else."""
    text = value.replace(" ", "")
    if not (text.startswith("array<i32") and text.endswith(">")):
        return None
    body = text[len("array<i32"):-1]
    if body == "":
        return []
    if not body.startswith(":"):
        return None
    items = body[1:].split(",")
    if not all(_DECIMAL.fullmatch(item) for item in items):
        return None
    return [int(item) for item in items]
