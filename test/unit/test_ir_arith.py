"""The one reader of integer attributes (`nzpass.ir.arith.integer_value`): exact at
every width, as the type reads it. `IntegerAttr.value` aborts the process (an APInt
assertion) on a value beyond 64 bits, so the reader must never reach it there."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.ir.arith import integer_value, integer_width
from nzpass.ir.bindings import ir

pytestmark = pytest.mark.usefixtures("ctx")

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "nzpass"


@st.composite
def typed_integers(draw) -> tuple[int, str]:
    width = draw(st.sampled_from([1, 2, 7, 8, 31, 32, 63, 64, 65, 127, 128, 129, 256]))
    kind = draw(st.sampled_from(["i", "si", "ui"]))
    if kind == "ui":
        value = draw(st.integers(0, (1 << width) - 1))
    else:
        value = draw(st.integers(-(1 << (width - 1)), (1 << (width - 1)) - 1))
    return value, f"{kind}{width}"


@settings(max_examples=600, deadline=None)
@given(typed_integers())
def test_every_width_reads_exactly(case):
    value, type_ = case
    if type_ == "i1":  # `-1 : i1` parses as the BoolAttr `true`
        attr = ir.Attribute.parse("true" if value else "false")
    else:
        attr = ir.Attribute.parse(f"{value} : {type_}")
    assert integer_value(attr) == value


@pytest.mark.parametrize(("text", "value"), [
    ("true", -1), ("false", 0), ("-9223372036854775808 : index", -(1 << 63)),
    ("18446744073709551632 : i128", (1 << 64) + 16), ("-18446744073709551632 : i128",
                                                      -((1 << 64) + 16)),
])
def test_bools_index_and_wide_values(text, value):
    assert integer_value(ir.Attribute.parse(text)) == value


_WIDTHS = [2, 7, 8, 31, 32, 63, 64, 65, 127, 128, 129, 256]


@pytest.mark.parametrize("width", _WIDTHS)
@pytest.mark.parametrize("kind", ["i", "si", "ui"])
def test_every_width_reads_its_edges_exactly(kind, width):
    """The edges a random draw can miss (the CI run that first drew 2**63 : ui64
    found `.value` reading it signed): both ends of the range and either side of
    every sign bit."""
    low, high = (0, (1 << width) - 1) if kind == "ui" else (-(1 << (width - 1)),
                                                           (1 << (width - 1)) - 1)
    edges = {low, low + 1, high - 1, high, 0}
    edges |= {v for bit in (31, 32, 63, 64) for v in ((1 << bit) - 1, 1 << bit, -(1 << bit))}
    for value in sorted(v for v in edges if low <= v <= high):
        attr = ir.Attribute.parse(f"{value} : {kind}{width}")
        assert integer_value(attr) == value, f"{value} : {kind}{width}"


@pytest.mark.parametrize("text", ['"7"', "7.0 : f32", "unit", "array<i64: 7>", "[7 : i64]"])
def test_anything_else_is_not_an_integer(text):
    assert integer_value(ir.Attribute.parse(text)) is None


def _reads_integer_attr_outside_the_reader(path: Path) -> list[int]:
    """Lines that name `IntegerAttr` other than to build one (`IntegerAttr.get`)."""
    tree = ast.parse(path.read_text(), str(path))
    builders = {id(node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and node.attr == "get"}
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "IntegerAttr"
            and id(node) not in builders]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_reader_reads_integer_attributes(path):
    if path == PACKAGE / "ir" / "arith.py":
        return
    assert not _reads_integer_attr_outside_the_reader(path)


def test_the_guard_sees_a_read(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("a = ir.IntegerAttr.get(t, 1)\nb = isinstance(x, ir.IntegerAttr)\n")
    assert _reads_integer_attr_outside_the_reader(source) == [2]


def test_integer_width_reads_index_and_integers_and_not_i0():
    assert integer_width(ir.IndexType.get()) == 32  # PTOAS emits index as int32_t
    assert [integer_width(ir.IntegerType.get_signless(w)) for w in (1, 8, 128)] == [1, 8, 128]
    # i0 holds no bits: no analysis reads it (its width broke the interval arithmetic).
    assert integer_width(ir.IntegerType.get_signless(0)) is None
    assert integer_width(ir.F32Type.get()) is None
