"""The few `arith` ops the passes emit, created with `Operation.create`.

They are the same ops the generated builders make (registered, printed in
arith's own syntax), built in half the time: no builder layer, no insertion
point or location context entered per op."""

from __future__ import annotations

from .bindings import arith, ir


def constant(type_: ir.Type, value: int, loc: ir.Location, ip: ir.InsertionPoint) -> ir.Value:
    return ir.Operation.create(arith.ConstantOp.OPERATION_NAME, results=[type_],
                               attributes={"value": ir.IntegerAttr.get(type_, value)},
                               loc=loc, ip=ip).result


def binary(name: str, lhs: ir.Value, rhs: ir.Value, loc: ir.Location,
           ip: ir.InsertionPoint) -> ir.Value:
    """`arith.<name>` of two operands of one integer type, giving that type."""
    return ir.Operation.create(f"arith.{name}", results=[lhs.type], operands=[lhs, rhs],
                               loc=loc, ip=ip).result


def index_cast(value: ir.Value, type_: ir.Type, loc: ir.Location,
               ip: ir.InsertionPoint) -> ir.Value:
    return ir.Operation.create(arith.IndexCastOp.OPERATION_NAME, results=[type_], operands=[value],
                               loc=loc, ip=ip).result
