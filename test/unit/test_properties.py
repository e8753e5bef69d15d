"""Reading PTOAS's `<{...}>` properties of unregistered ops back from their text."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.dialects import properties
from nzpass.dialects.properties import PropertyReader
from nzpass.errors import MalformedOp
from nzpass.ir.bindings import ir, new_context

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
    op, _module = only_op(ctx, f"{props}, atomicType = #pto<atomic_type atomic_add>")
    attrs = PropertyReader().attributes(op, complete=True)
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
    op, _module = only_op(ctx, "atomicType = #pto<atomic_type atomic_add>, stray = 1 : i64")
    _never_printed(monkeypatch)
    attrs = pto.ATTRIBUTE_READER.attributes(op)
    assert str(attrs["atomicType"]) == "#pto<atomic_type atomic_add>"
    assert str(attrs["operandSegmentSizes"]) == "array<i32: 1, 1, 0, 0>"
    assert "stray" not in attrs
    assert "stPhase" not in attrs  # stated nowhere
    assert "stray" in PropertyReader().attributes(op, ("stray",))


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
        pto.ATTRIBUTE_READER.attributes(op)


# What MLIR's lexer takes for whitespace between tokens, and a comment (to the line's end).
_GAPS = ("", " ", "\t", "\n", "\r", "\r\n", "  \n\t ", " // a comment ) <\n", "\n// c\n  ")
_PROPERTY_FORMS = ("{a = 1 : i64}", "#p", "{}", "dense<1> : tensor<i32>", '"s"', "[1, 2]")


@given(gap=st.sampled_from(_GAPS), form=st.sampled_from(_PROPERTY_FORMS),
       successors=st.booleans(), inner=st.sampled_from(("", " ", "\n")))
@settings(max_examples=300, deadline=None)
def test_every_spelling_of_properties_is_seen_in_the_text(gap, form, successors, inner):
    """Whatever separates the operand list (or the successors) from `<`, and whatever
    attribute stands inside, MLIR parses the op with properties, and the text scan that
    lets nzpass-opt skip printing ops for them says the text may state some."""
    aliases = "#p = {a = 1 : i64}\n" if form == "#p" else ""
    if successors:
        op = f'"pl.x"()[^bb1]{gap}<{inner}{form}{inner}> : () -> ()'
        text = (f"{aliases}func.func @f() {{\n  {op}\n^bb1:\n  return\n}}")
    else:
        text = f'{aliases}"pl.x"(){gap}<{inner}{form}{inner}> : () -> ()'
    ctx = new_context()
    with ctx:
        module = ir.Module.parse(text)
        op = module.body.operations[-1].operation
        if successors:
            op = op.regions[0].blocks[0].operations[0].operation
        printed = str(op.get_asm(print_generic_op_form=True))
    assert "<" in printed.split(")", 1)[1]  # MLIR read properties
    assert properties.may_state_properties(text)


@given(gap=st.sampled_from(_GAPS), window=st.integers(1, 40), lead=st.integers(0, 40))
@settings(max_examples=300, deadline=None)
def test_the_scan_sees_properties_across_its_windows(gap, window, lead):
    """The scan reads a window at a time: a `)` at the end of one, whitespace and a `<` in
    the next (or a window of whitespace between) are seen as one."""
    text = " " * lead + f'"pl.x"(){gap}<{{a = 1 : i64}}> : () -> ()'
    assert properties.may_state_properties(text, window)
    plain = " " * lead + '"pl.x"() {a = 1} : () -> ()\n"pl.y"()[^bb1] : () -> ()'
    assert not properties.may_state_properties(plain, window)


def test_text_without_properties_is_told_apart(ctx):
    """Types, attributes and affine maps open `<` after a name, never after `)` or `]`:
    the bundled example and a generated benchmark kernel state no properties."""
    root = Path(__file__).parents[2]
    assert not properties.may_state_properties((root / "examples" / "matmul_nz.mlir")
                                               .read_text())
    assert not properties.may_state_properties(
        "#m = affine_map<(d0)[s0] -> (d0 + s0)>\n"
        'func.func @f(%a: tensor<4x?xf16, #pl.layout<nz>>) -> !llvm.struct<(i32)> {\n'
        '  %0 = "pl.y"(%a) {m = #m, v = array<i32: 1>} : (tensor<4x?xf16, #pl.layout<nz>>)'
        " -> vector<[4]xf32>\n  return\n}")


def test_inside_a_text_stating_no_properties_ops_are_not_printed(ctx, monkeypatch):
    """`stated_in` a text with no properties: an unregistered op's attributes are its
    dictionary, read without printing; a registered op is printed still (its inherent
    attributes may be properties of an op a pass built)."""
    text = ('func.func @f() {\n  "pl.x"() {a = 1 : i64} : () -> ()\n'
            "  %c = arith.constant 1 : index\n  return\n}")
    module = ir.Module.parse(text)
    pl_op, constant = (op.operation for op in
                       list(module.body.operations[0].regions[0].blocks[0].operations)[:2])
    printed = []
    monkeypatch.setattr(properties, "_properties_text",
                        lambda t: printed.append(t) or None)
    with properties.stated_in(text):
        assert set(properties.all_attributes(pl_op)) == {"a"}
        assert printed == []
        properties.all_attributes(constant)
        assert len(printed) == 1
    with properties.stated_in(text.replace("() {a", "() <{b = 2}> {a")):
        properties.all_attributes(pl_op)
        assert len(printed) == 2
