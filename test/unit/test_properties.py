"""Reading PTOAS's `<{...}>` properties of unregistered ops back from their text."""

import pytest

from nzpass.dialects import properties
from nzpass.dialects.properties import PropertyReader
from nzpass.errors import MalformedOp
from nzpass.ir.bindings import ir

OP = ('"pto.tstore"(%p, %p) <{{{props}}}> {{operandSegmentSizes = array<i32: 1, 1, 0, 0>}} '
      ': (!pto.ptr<f16>, !pto.ptr<f16>) -> ()')


def only_op(ctx, props: str) -> tuple[ir.Operation, ir.Module]:
    text = f"func.func @f(%p: !pto.ptr<f16>) {{\n  {OP.format(props=props)}\n  return\n}}"
    module = ir.Module.parse(text)
    func = module.body.operations[0]
    return func.regions[0].blocks[0].operations[0].operation, module


@pytest.mark.parametrize("props, name, spelled", [
    ("sig = (i32) -> i32", "sig", "(i32) -> i32"),
    ("m = affine_map<(d0, d1) -> (d1, d0)>", "m", "affine_map<(d0, d1) -> (d1, d0)>"),
    ("s = affine_set<(d0) : (d0 - 1 >= 0)>", "s", "affine_set<(d0) : (d0 - 1 >= 0)>"),
    ('note = "a } > ) string"', "note", '"a } > ) string"'),
])
def test_every_property_reads_back_whatever_brackets_it_spells(ctx, props, name, spelled):
    op, module = only_op(ctx, f"{props}, atomicType = #pto<atomic_type atomic_add>")
    attrs = PropertyReader(module.operation).attributes(op, complete=True)
    assert str(attrs[name]) == spelled
    assert str(attrs["atomicType"]) == "#pto<atomic_type atomic_add>"
    assert str(attrs["operandSegmentSizes"]) == "array<i32: 1, 1, 0, 0>"


def test_properties_that_do_not_read_are_the_ops_error(ctx):
    """A text MLIR cannot read back is reported at the op, and the parser's own
    diagnostic (at a position in a buffer the user never wrote) reaches no one."""
    op, _ = only_op(ctx, "x = 1 : i64")
    seen = []
    handler = ctx.attach_diagnostic_handler(lambda d: seen.append(d.message) or True)
    try:
        with pytest.raises(MalformedOp) as caught:
            properties._parse_dictionary("{x = 1 : }", op)
    finally:
        handler.detach()
    assert caught.value.location == op.location
    assert "do not read back as a dictionary" in caught.value.message
    assert seen == []


def _never_printed(monkeypatch):
    """Make printing an op for its properties fail the test: the reader must find what it
    reads by name."""
    def printed(op):
        raise AssertionError(f"{op.name} was printed for its properties")
    monkeypatch.setattr(properties, "all_attributes", printed)


def test_defined_properties_are_read_by_name_without_printing(ctx, monkeypatch):
    """PTOAS's tstore defines atomicType: stated as a property beside a dictionary, it is
    read (the simulator had read only the dictionary when the segments stood in it, and
    modelled an atomic store as a plain one); a property no definition names is not
    (PTOAS never reads it)."""
    from nzpass.dialects import pto
    op, module = only_op(ctx, "atomicType = #pto<atomic_type atomic_add>, stray = 1 : i64")
    _never_printed(monkeypatch)
    attrs = pto.attribute_reader(module.operation).attributes(op)
    assert str(attrs["atomicType"]) == "#pto<atomic_type atomic_add>"
    assert str(attrs["operandSegmentSizes"]) == "array<i32: 1, 1, 0, 0>"
    assert "stray" not in attrs
    assert "stPhase" not in attrs  # stated nowhere
    assert "stray" in PropertyReader(module.operation).attributes(op, ("stray",))


def test_a_name_stated_twice_with_two_values_is_refused(ctx):
    """Read by name, a property hides a dictionary attribute of its name: two values are
    refused, not one of them silently taken."""
    from nzpass.dialects import pto
    text = ('func.func @f(%p: !pto.ptr<f16>) {\n  "pto.tstore"(%p, %p) <{atomicType = '
            '#pto<atomic_type atomic_add>}> {atomicType = #pto<atomic_type atomic_none>, '
            'operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!pto.ptr<f16>, !pto.ptr<f16>) '
            '-> ()\n  return\n}')
    module = ir.Module.parse(text)
    op = module.body.operations[0].regions[0].blocks[0].operations[0].operation
    with pytest.raises(MalformedOp, match="state it once"):
        pto.attribute_reader(module.operation).attributes(op)
