"""nzpass.records: named tuples that compare as frozen dataclasses (equal only within
their own class, never to a plain tuple, unordered), and the field holders that keep
a public dataclass's repr and equality."""

from __future__ import annotations

import operator
from typing import NamedTuple

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from nzpass.dialects import pl, pto
from nzpass.driver import diagnostics, pass_base, pipeline
from nzpass.ir import walk
from nzpass.nz import base_pointers, coords, hazards, intervals, offsets, valid_region
from nzpass.passes import verify_pto_nz
from nzpass.records import Fields, record


@record
class Point(NamedTuple):
    x: int
    label: str = ""


@record
class Pair(NamedTuple):  # the same fields as Point, another class
    x: int
    label: str = ""


class Holder(Fields):
    _fields = ("first", "second")
    __slots__ = _fields

    def __init__(self, first: object, second: object):
        self.first = first
        self.second = second


values = st.tuples(st.integers(), st.text(max_size=4))
ORDERINGS = (operator.lt, operator.le, operator.gt, operator.ge)


def assert_unequal(a: object, b: object) -> None:
    """`a` and `b` unequal by `==` and by `!=`, whichever operand Python asks first."""
    for left, right in ((a, b), (b, a)):
        assert operator.ne(left, right) and not operator.eq(left, right), (left, right)


@given(values)
def test_equal_fields_of_one_class_are_equal_and_hash_alike(fields):
    a, b = Point(*fields), Point(*fields)
    assert operator.eq(a, b) and not operator.ne(a, b)
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


@given(values, values)
def test_different_fields_are_unequal(first, second):
    assume(first != second)
    assert_unequal(Point(*first), Point(*second))


@given(values)
def test_another_record_class_of_the_same_values_is_unequal(fields):
    point, pair = Point(*fields), Pair(*fields)
    assert_unequal(point, pair)
    keyed: dict[object, str] = {point: "point"}
    assert pair not in keyed and hash(pair) == hash(point)  # same hash, still another key


@given(values)
def test_a_plain_tuple_of_the_same_values_is_unequal(fields):
    point = Point(*fields)
    assert_unequal(point, fields)  # in both orders: asked first, the tuple compares values
    assert fields not in {point} and point not in {fields}


@pytest.mark.parametrize("compare", ORDERINGS, ids=lambda f: f.__name__)
@given(fields=values)
def test_records_are_not_ordered(compare, fields):
    point = Point(*fields)
    for left, right in ((point, point), (point, fields), (fields, point), (point, Pair(*fields))):
        with pytest.raises(TypeError, match="not supported between instances"):
            compare(left, right)


def test_a_record_compared_with_no_tuple_lets_the_other_operand_decide():
    class Anything:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    assert Point(1) == Anything() and Point(1) != object()


def test_record_takes_only_a_named_tuple_that_leaves_the_comparisons_to_it():
    with pytest.raises(TypeError, match="NamedTuple"):
        record(type("Plain", (), {}))

    class OwnEquality(NamedTuple):
        x: int

        def __eq__(self, other):
            return True

    with pytest.raises(TypeError, match="__eq__"):
        record(OwnEquality)


# Every value record nzpass compares: a class missing @record would compare as a tuple.
NZPASS_RECORDS = [
    diagnostics.SourceLoc, pl.TensorLayout, walk.PreOrder, coords.Const, coords.Divided,
    coords.Folded, pto.TileBuf, pto.ViewType, intervals.Fact, offsets.Linear,
    hazards.GmWindow, hazards.TileRegion, valid_region.ValidExtent, valid_region.ValidRegion,
    verify_pto_nz._NzView, verify_pto_nz._UnresolvedView, verify_pto_nz._ViewFacts,
    verify_pto_nz._PartitionFacts, verify_pto_nz._Transfer, pass_base.OptionSpec,
    base_pointers.Geometry, base_pointers.View, base_pointers._Pass, base_pointers._Reference,
]


@pytest.mark.parametrize("cls", NZPASS_RECORDS, ids=lambda cls: cls.__name__)
def test_every_nzpass_record_compares_as_a_record(cls):
    for name in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(cls, name) is getattr(Point, name) is not getattr(tuple, name), name
    assert cls.__hash__ is tuple.__hash__  # the hash a frozen dataclass computes


def test_nzpass_records_never_equal_the_tuple_of_their_values():
    const = coords.Const(4)
    fact = intervals.Fact.const(4, 64)
    assert_unequal(const, (4, None))
    assert_unequal(fact, tuple(fact))
    assert_unequal(fact, fact._replace(width=32))
    assert diagnostics.SourceLoc("a.mlir", 1, 2) == diagnostics.SourceLoc("a.mlir", 1, 2)


def test_fields_keep_the_dataclass_repr_and_equality():
    holder = Holder(1, [2])
    assert repr(holder) == "Holder(first=1, second=[2])"
    assert holder == Holder(1, [2]) and holder != Holder(1, [3])
    assert holder != (1, [2])
    with pytest.raises(TypeError, match="unhashable"):
        hash(holder)


def test_the_public_results_print_and_compare_by_their_fields():
    loc = diagnostics.SourceLoc("k.mlir", 3, 5)
    diag = diagnostics.Diagnostic(diagnostics.Severity.ERROR, loc, "bad")
    assert repr(diag) == ("Diagnostic(severity=<Severity.ERROR: 'error'>, loc=SourceLoc("
                          "file='k.mlir', line=3, col=5, label=''), message='bad', notes=[], "
                          "called_from=[], span=0)")
    same = diagnostics.Diagnostic(diagnostics.Severity.ERROR, loc, "bad")
    assert diag == same and diag.notes is not same.notes  # a fresh list each
    result = pipeline.PipelineResult(False, [diag])
    assert result == pipeline.PipelineResult(False, [same])
    assert repr(result).startswith("PipelineResult(success=False, diagnostics=[Diagnostic(")
