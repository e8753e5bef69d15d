"""The layout PTOAS moves a `pto.make_tensor_view`'s bytes in: the one it states, or,
where it states none, the one PTOAS's InferPTOLayout infers from its static shape and
strides (`pto.ptoas_infers_nz`). Every reader that must agree with the hardware on a
view's byte order (verify-pto-nz, the off-device model) asks this one function."""

from __future__ import annotations

from ..dialects import pto
from ..errors import MalformedOp
from ..ir import op_names
from ..ir.arith import integer_value
from ..ir.bindings import ir
from .offsets import constant_value
from .tile_rules import element_bits

_CONSTANT = op_names.ARITH_CONSTANT


def view_layout(op: ir.Operation, attrs: dict[str, ir.Attribute],
                result: pto.ViewType | None) -> tuple[str, bool]:
    """(the layout, whether PTOAS infers it rather than the op stating it)."""
    layout = pto.stated_layout(op.location, attrs.get("layout"), result)
    stated = attrs.get("layout") is not None or (result is not None and result.layout)
    if stated or layout == "nz" or not _ptoas_infers_nz(op, attrs, result):
        return layout, False
    return "nz", True


def _ptoas_infers_nz(op: ir.Operation, attrs: dict[str, ir.Attribute],
                     result: pto.ViewType | None) -> bool:
    """pto.ptoas_infers_nz on what PTOAS reads of the op: each dim static in the type,
    else its arith.constant operand; the arith.constant strides; the element's bytes."""
    if result is None:
        return False
    try:
        view = pto.MakeTensorView(op, attrs)
    except MalformedOp:
        return False  # a malformed view is refused by whoever reads it as NZ or ND
    # PTOAS's inference counts an element as its width / 8, a !pto type's as its storage
    # (found by red team: a canonical blocked !pto.hif8 view, which PTOAS may infer NZ,
    # was read as ND because nzpass did not size the type; as NZ its rules refuse it).
    element_bytes = (element_bits(result.element) or 0) // 8
    if not element_bytes:
        return False  # index, a sub-byte or unknown type: PTOAS sizes it 0, never NZ
    shape, strides = view.groups["shape"], view.groups["strides"]
    dims = result.dims if len(result.dims) == len(shape) else (None,) * len(shape)
    # Either PTOAS in the field: one holds an index literal outside int32 wrapped, the
    # other exact (offsets.constant_value reads it as neither). A view either infers NZ
    # is held to the NZ rules (found by red team: a batch stride of 2^31 hid an inferred
    # NZ view, whose column-block gap then wrapped unchecked).
    for reading in (_exact, _wrapped):
        static = [d if d is not None else reading(v) for d, v in zip(dims, shape, strict=True)]
        read_strides = [reading(v) for v in strides]
        if pto.ptoas_infers_nz(static, read_strides, element_bytes):
            return True
    return False


def _exact(value: ir.Value) -> int | None:
    """An arith.constant's value as a PTOAS of 64-bit index holds it."""
    found = constant_value(value)
    if found is not None or not isinstance(value, ir.OpResult):
        return found
    owner = value.owner
    return integer_value(owner.attributes["value"]) if owner.name == _CONSTANT else None


def _wrapped(value: ir.Value) -> int | None:
    """An arith.constant's value as a PTOAS of 32-bit index holds it (int32_t)."""
    found = _exact(value)
    if found is None or not isinstance(value.type, ir.IndexType):
        return found
    return (found + 2**31) % 2**32 - 2**31
