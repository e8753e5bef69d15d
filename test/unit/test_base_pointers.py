"""When NZ views of one base agree (nz/base_pointers.py): the red team's two views of one
pointer under different planes (t01, t13) were both accepted, and so (rt_verify) were two
views of a kernel that also calls itself."""

from __future__ import annotations

from itertools import permutations

from nzpass.ir.bindings import ir
from nzpass.nz.base_pointers import Geometry, View, ViewGroup


def _arguments(ctx) -> list[ir.Value]:
    module = ir.Module.parse("func.func @f(%a: index, %b: index) { return }")
    return list(module.body.operations[0].regions[0].blocks[0].arguments)


def _geometry(plane, batch_stride=4096, single_batch=False, element="f16") -> Geometry:
    return Geometry(element, tuple(plane), batch_stride, single_batch)


def _agree(*geometries: Geometry) -> bool:
    """Whether one group takes every view, in this order."""
    group = ViewGroup()
    loc = ir.Location.unknown()
    return all(group.disagreeing(View(("k", 0), g, loc)) is None for g in geometries)


def test_a_dynamic_dim_agrees_only_with_the_same_ssa_value(ctx):
    a, b = _arguments(ctx)
    assert _agree(_geometry((4, a, 16, 16, 256)), _geometry((4, a, 16, 16, 256)))
    assert not _agree(_geometry((4, a, 16, 16, 256)), _geometry((4, b, 16, 16, 256)))
    # A dynamic dim never agrees with a constant, even one it may take.
    assert not _agree(_geometry((4, a, 16, 16, 256)), _geometry((4, 16, 16, 16, 256)))


def test_every_plane_field_and_the_element_must_agree(ctx):
    base = _geometry((4, 16, 16, 16, 4096))
    assert _agree(base, _geometry((4, 16, 16, 16, 4096)))
    for axis in range(5):
        other = list(base.plane)
        other[axis] *= 2
        assert not _agree(base, _geometry(other)), axis
    assert not _agree(base, _geometry(base.plane, element="bf16"))


def test_the_batch_stride_matters_only_beyond_one_batch(ctx):
    many, other_stride = _geometry((1, 1, 16, 16, 256)), _geometry((1, 1, 16, 16, 256), 512)
    assert not _agree(many, other_stride)
    assert _agree(many, other_stride._replace(single_batch=True))
    assert _agree(many._replace(single_batch=True), other_stride)


def test_a_group_agrees_only_when_every_pair_does(ctx):
    """Pairwise agreement is not transitive (a single batch agrees with any batch stride),
    so a group must not compare each view with its first only: in every order, two batch
    strides in one group disagree."""
    plane = (1, 1, 16, 16, 256)
    views = [_geometry(plane, single_batch=True), _geometry(plane, 256), _geometry(plane, 512)]
    for order in permutations(views):
        assert not _agree(*order), order
    assert _agree(views[0], views[1], views[1]._replace(single_batch=True), views[1])
