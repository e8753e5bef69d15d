"""The layout PTOAS moves a `pto.make_tensor_view`'s bytes in: the one it states, or,
where it states none, the one PTOAS's InferPTOLayout infers from its static shape and
strides (`pto.ptoas_infers_nz`). Every reader that must agree with the hardware on a
view's byte order (verify-pto-nz, the off-device model) asks this one function."""

from __future__ import annotations

from ..dialects import pl, pto
from ..dialects.opaque import OpaqueSyntaxError
from ..errors import MalformedOp
from ..ir.bindings import ir
from .offsets import constant_value
from .tensor_types import element_bit_width


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
        element = pl.element_type(result.element)
    except (MalformedOp, OpaqueSyntaxError):
        return False  # a malformed view is refused by whoever reads it as NZ or ND
    shape, strides = view.groups["shape"], view.groups["strides"]
    dims = result.dims if len(result.dims) == len(shape) else (None,) * len(shape)
    static = [d if d is not None else constant_value(v) for d, v in zip(dims, shape, strict=True)]
    bits = None if isinstance(element, ir.IndexType) else element_bit_width(element)
    return pto.ptoas_infers_nz(static, [constant_value(v) for v in strides], (bits or 0) // 8)
