"""The few `arith` ops the passes emit, created with `Operation.create`, and
the one reader of an integer attribute's value.

They are the same ops the generated builders make (registered, printed in
arith's own syntax), built in half the time: no builder layer, no insertion
point or location context entered per op."""

from __future__ import annotations

from ..errors import Refusal
from ..nz.intervals import INDEX_WIDTH, signed_max, signed_min  # pure Python: no cycle
from . import op_names
from .bindings import ir


def constant(type_: ir.Type, value: int, loc: ir.Location, ip: ir.InsertionPoint) -> ir.Value:
    """An `arith.constant`; an `index` one the device can hold: PTOAS spells index as
    `int32_t`, where a larger literal would wrap (docs/nz-semantics.md 8.1), so no pass
    writes one."""
    if isinstance(type_, ir.IndexType) and not _INDEX_MIN <= value <= _INDEX_MAX:
        raise Refusal(loc, f"the rewrite needs the index constant {value}, which PTOAS's "
                      "32-bit index (int32_t) cannot hold: it would wrap on the device; split "
                      "the tensor into smaller views")
    return ir.Operation.create(op_names.ARITH_CONSTANT, results=[type_],
                               attributes={"value": ir.IntegerAttr.get(type_, value)},
                               loc=loc, ip=ip).result



_INDEX_MIN, _INDEX_MAX = signed_min(INDEX_WIDTH), signed_max(INDEX_WIDTH)


def integer_width(type_: ir.Type) -> int | None:
    """The bit width of a signless integer or index type, None for anything else, and
    None for `i0` too: it holds no bits, so no analysis or model reads a value of it (an
    i0 offset is refused as not an integer, where its width broke the arithmetic). A
    signed or unsigned type (`si16`, `ui16`) is none either: arith computes on signless
    integers only, so the lowering's index casts of it would not verify (found by red
    team), and what its bits mean is the type's, not the two's-complement reading the
    analysis gives every coordinate."""
    if isinstance(type_, ir.IndexType):
        return INDEX_WIDTH
    if isinstance(type_, ir.IntegerType) and type_.width > 0 and type_.is_signless:
        return type_.width
    return None


# The widths PTOAS spells as a C integer of exactly that many bits (i1 as `bool`, i8..i64 as
# `int8_t`..`int64_t`); index is the analysis's own INDEX_WIDTH. PTOAS's type converter maps
# any other signless width to `int32_t` and never masks it (trunci to i3 is a plain C cast):
# on the device an i3 holds any int32 value (found by red team: `extui(trunci %a to i3)` was
# proved in [0, 7] and is `%a` itself on the device).
_DEVICE_WIDTHS = frozenset((1, 8, 16, 32, 64))


def device_width(type_: ir.Type) -> int | None:
    """`integer_width(type_)` where the device computes on values of the type at that
    width, so that the analysis's modular reasoning at it holds; None for any other width
    (nothing is proved of such a value but a non-negative constant, nor of a cast of it:
    nz/offsets) and for non-integers. The model and the checks of what a type may be still
    read `integer_width`: an i3 is an integer, only none whose arithmetic is known."""
    width = integer_width(type_)
    if width is None or isinstance(type_, ir.IndexType) or width in _DEVICE_WIDTHS:
        return width
    return None


# The widest integer whose attribute `IntegerAttr.value` can read: the bindings
# call APInt::getSExtValue, which aborts the process (an assertion, not an
# exception) on a value that needs more than 64 bits.
_WIDEST_READABLE = 64


def integer_value(attr: ir.Attribute) -> int | None:
    """The value of an integer attribute, exact at any width, read as its type
    reads it (unsigned for `ui`, signed otherwise: `true : i1` is -1); None for
    any other attribute. Every reader of an integer constant's value asks this, never
    `.value`: `arith.constant 18446744073709551632 : i128` aborted `.value`."""
    if isinstance(attr, ir.BoolAttr):
        return -1 if attr.value else 0  # i1's signed reading, as every analysis keeps it
    if not isinstance(attr, ir.IntegerAttr):
        return None
    type_ = attr.type
    if isinstance(type_, ir.IntegerType) and type_.width > _WIDEST_READABLE:
        # The C API offers no wider read; MLIR's own printer spells the exact value,
        # signed or unsigned as the type reads it, before the type (`5 : i128`).
        return int(str(attr).partition(" : ")[0])
    value = attr.value
    if isinstance(type_, ir.IntegerType) and type_.is_unsigned:
        # `.value` reads a ui64 through int64_t: 2**63 came back as -2**63.
        return value & ((1 << type_.width) - 1)
    return value
