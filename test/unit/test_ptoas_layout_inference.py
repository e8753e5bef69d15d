"""pto.ptoas_infers_nz, PTOAS's InferPTOLayout NZ rule: a view that states no layout was
read as ND and checked for nothing though PTOAS moves it in NZ order (red team rt3
infer_nz.pto)."""

from __future__ import annotations

import itertools

from nzpass.dialects.pto import ptoas_infers_nz


def _row_major(shape):
    strides, step = [], 1
    for extent in reversed(shape):
        strides.insert(0, step)
        step *= extent
    return strides


def test_the_red_team_view_and_its_rank_3_form_are_nz():
    assert ptoas_infers_nz([1, 1, 16, 16, 16], [4096, 4096, 256, 16, 1], 2)
    assert ptoas_infers_nz([16, 16, 16], [256, 16, 1], 2)  # right-aligned to rank 5


def test_dense_views_are_nz_exactly_where_the_rule_says():
    """Every dense (row-major) view of extents in {1, 8, 16, 32} of rank 1..5 and elements
    of 1, 2 and 4 bytes: NZ exactly when, right-aligned, shape[2] == 16 and shape[2] *
    shape[3] * bytes == 512 (a dense view has stride[4] == 1 and stride[3] == shape[4]),
    the older PTOAS's rule; or, newer PTOAS's, a rank-5 view [1, C1, R1, 16, 32 / bytes]
    of more than one fractal (a dense view has the canonical strides)."""
    for rank in range(1, 6):
        for shape in itertools.product((1, 8, 16, 32), repeat=rank):
            padded = [1] * (5 - rank) + list(shape)
            for size in (1, 2, 4):
                older = padded[2] == 16 and 16 * padded[3] * size == 512
                newer = (rank == 5 and shape[3] == 16 and shape[4] * size == 32
                         and shape[0] == 1 and (shape[1] > 1 or shape[2] > 1))
                expected = older or newer
                assert ptoas_infers_nz(list(shape), _row_major(shape), size) == expected


def test_newer_ptoas_infers_the_canonical_root_of_one_batch():
    """The red team's int8 view [1, 2, 4097, 16, 32]: newer PTOAS moves it as NZ (the older
    rule's shape[2] == 16 does not hold); one fractal, several batches, a padded column-block
    stride or another c0 are left to an explicit layout."""
    assert ptoas_infers_nz([1, 2, 4097, 16, 32], [4195328, 2097664, 512, 32, 1], 1)
    assert not ptoas_infers_nz([1, 1, 1, 16, 32], [512, 512, 512, 32, 1], 1)
    # PTOAS requires only shape[0] positive: an empty column-block axis is still NZ.
    assert ptoas_infers_nz([1, 0, 4097, 16, 32], [0, 2097664, 512, 32, 1], 1)
    assert not ptoas_infers_nz([2, 2, 4, 16, 32], [4096, 2048, 512, 32, 1], 1)
    assert not ptoas_infers_nz([1, 2, 4, 16, 32], [4608, 2304, 512, 32, 1], 1)
    assert not ptoas_infers_nz([1, 2, 4, 16, 16], [2048, 1024, 256, 16, 1], 1)
    assert not ptoas_infers_nz([2, 4, 16, 32], [2048, 512, 32, 1], 1)  # rank 4


def test_dynamic_values_ranks_and_sizes_are_never_inferred():
    assert not ptoas_infers_nz([1, 1, 16, None, 16], [4096, 4096, 256, 16, 1], 2)
    assert not ptoas_infers_nz([1, 1, 16, 16, 16], [4096, 4096, 256, None, 1], 2)
    assert not ptoas_infers_nz([1, 1, 16, 16, 16], [4096, 4096, 256, 16, 1], 0)
    assert not ptoas_infers_nz([], [], 2)
    assert not ptoas_infers_nz([1] * 6, [1] * 6, 2)
    # A padded row pitch (stride[3] != shape[4]) is not NZ.
    assert not ptoas_infers_nz([1, 1, 16, 16, 16], [8192, 8192, 512, 32, 1], 2)
