"""The one statement of the dense strides (`nz.layout.dense_stride_axes`), checked over
whole domains against numpy's C (row-major) and Fortran (column-major) orders."""

from __future__ import annotations

from typing import Literal

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from nzpass.nz.layout import dense_stride_axes, strides_of_layout

SHAPES = st.lists(st.integers(1, 7), min_size=1, max_size=5)


def _numpy_strides(shape: list[int], order: Literal["C", "F"]) -> tuple[int, ...]:
    return tuple(s // 8 for s in np.empty(shape, dtype=np.int64, order=order).strides)


@given(SHAPES)
def test_dense_strides_are_numpy_orders(shape):
    assert strides_of_layout("nd", shape) == _numpy_strides(shape, "C")
    assert strides_of_layout("nz", shape) == _numpy_strides(shape, "C")
    assert strides_of_layout("dn", shape) == _numpy_strides(shape, "F")


@given(SHAPES, st.data())
def test_a_stride_is_dynamic_exactly_when_a_factor_is(shape, data):
    """Regression (red team): a DN `?` stride was built as the row-major product. Each
    stride is dynamic iff an extent `dense_stride_axes` names for it is."""
    dynamic = data.draw(st.sets(st.integers(0, len(shape) - 1)))
    partial = [None if axis in dynamic else e for axis, e in enumerate(shape)]
    for layout in ("nd", "dn"):
        strides = strides_of_layout(layout, partial)
        for axis, factors in enumerate(dense_stride_axes(layout, len(shape))):
            assert (strides[axis] is None) == bool(dynamic & set(factors))
            assert sorted(factors) == (list(range(axis)) if layout == "dn"
                                       else list(range(axis + 1, len(shape))))
