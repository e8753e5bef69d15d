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

