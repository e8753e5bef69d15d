"""The pure facts and picture geometry of --nz-explain, checked over whole small domains
against independent oracles: the #317 guard of block-nz-tensor-views itself, and the
element-level write map of the A2/A3 Acc store (hardware-model.md (d))."""

import itertools

import pytest

from nzpass import new_context
from nzpass.errors import Refusal
from nzpass.explain.axis import element_scales, grid_step, make_axis
from nzpass.explain.transfer import (
    GapStatus,
    Kind,
    PitchStatus,
    Tile,
    Transfer,
    acc_landings,
    gap_verdict,
    misplaced_landings,
    pitch_verdict,
)
from nzpass.ir.bindings import ir
from nzpass.nz.window import check_gm_gap

MAT = Tile("mat", "f16", 16, 16, 16, 16)
ACC = Tile("acc", "f32", 16, 16, 16, 16)


def transfer(kind, rows, cols, c0, offsets, sizes, pitch=None, tile=MAT):
    parent = (1, cols // c0, rows // 16, 16, c0)
    return Transfer(kind, "f16" if c0 == 16 else "f32", c0, parent, pitch, tuple(offsets),
                    tuple(sizes), tile)


# ---------------------------------------------------------------- axis maps


@pytest.mark.parametrize("max_length", [40.0, 97.0, 400.0])
def test_axis_is_monotone_exact_and_shows_every_window(max_length):
    for units in range(1, 41):
        for start, end in itertools.combinations(range(units + 1), 2):
            axis = make_axis(units, (start, end), 20.0, max_length, 8.0)
            pixels = [axis.px(u) for u in range(units + 1)]
            assert pixels[0] == 0 and pixels[-1] == pytest.approx(axis.length)
            assert all(a < b for a, b in itertools.pairwise(pixels))
            assert axis.length <= max_length + 1e-9
            scale = min(20.0, max_length / units)
            window = pixels[end] - pixels[start]
            assert window >= min(8.0, axis.length / 2) - 1e-9
            if axis.to_scale:
                assert pixels == pytest.approx([u * scale for u in range(units + 1)])
            else:  # enlarged only when to scale it would be too thin to see
                assert (end - start) * scale < 8.0


def test_axis_without_window_is_to_scale():
    axis = make_axis(4097, None, 20.0, 400.0, 8.0)
    assert axis.to_scale and axis.length == pytest.approx(400.0)


def test_grid_step_is_the_smallest_power_of_two():
    for tenths in range(1, 400):
        unit_px = tenths / 10
        step = grid_step(unit_px, 6.0)
        assert step & (step - 1) == 0 and step * unit_px >= 6.0
        assert step == 1 or (step // 2) * unit_px < 6.0


def test_grid_boundaries_keep_knots_and_spacing():
    for units in (1, 7, 64, 4097):
        for focus in ((0, 1), (units - 1, units), (units // 2, units // 2 + 1)):
            axis = make_axis(units, focus, 20.0, 400.0, 8.0)
            found = axis.boundaries(6.0)
            assert {u for u, _ in axis.knots} <= set(found)
            assert len(found) <= 2 * 400 / 6 + len(axis.knots)
            knots = {u for u, _ in axis.knots}
            for a, b in itertools.pairwise(found):
                if a not in knots and b not in knots:  # a knot may fall between multiples
                    assert axis.px(b) - axis.px(a) >= 6 - 1e-9


def test_element_scales_keep_fractals_square_unless_too_distorted():
    assert element_scales(256, 512, 4, 640, 400, 4) == (1.25, 1.25)
    down, across = element_scales(65552, 32, 4, 640, 400, 4)
    assert (down, across) == (400 / 65552, 4)


# ---------------------------------------------------------------- #317 verdict


def _guard_refuses(parent_rows, loaded_rows, blocks):
    with new_context():
        try:
            check_gm_gap(parent_rows, loaded_rows, blocks, ir.Location.unknown())
        except Refusal:
            return True
    return False


def test_gap_verdict_agrees_with_the_guard_of_block_nz_tensor_views():
    for rows, loaded, blocks in itertools.product(
            (16, 65536, 65552, 65568, 131088), (16, 32, 48, 65536), (1, 2, 3)):
        if loaded > rows:
            continue
        t = transfer(Kind.LOAD, rows, 16 * blocks, 16, (0, 0, 0, 0, 0),
                     (1, blocks, loaded // 16, 16, 16))
        verdict = gap_verdict(t)
        assert verdict.gap == rows - loaded
        assert (verdict.status is GapStatus.REFUSED) == _guard_refuses(rows, loaded, blocks)
        assert (verdict.status is GapStatus.EXEMPT) == (blocks == 1)


def test_gap_verdict_of_symbolic_rows_is_the_worst_case():
    for rows in (65520, 65536, 65552):
        t = transfer(Kind.LOAD, rows, 32, 16, (0, 0, 0, 0, 0), (1, 2, None, 16, 16))
        verdict = gap_verdict(t)
        assert verdict.worst_case and verdict.gap == rows
        assert (verdict.status is GapStatus.REFUSED) == _guard_refuses(rows, 0, 2)


def test_gap_counts_the_parent_stride_not_only_its_rows():
    # A padded parent: column blocks 65552 rows apart in a 64-row tensor.
    t = transfer(Kind.LOAD, 64, 32, 16, (0, 0, 0, 0, 0), (1, 2, 1, 16, 16), pitch=65552 * 16)
    assert gap_verdict(t).gap == 65536 and gap_verdict(t).status is GapStatus.REFUSED


# ---------------------------------------------------------------- Acc store pitch


def _written_places(rows, o1, o2, blocks, height, c0=8):
    """Oracle: hardware-model (d), element by element. Returns {(strip, row)}."""
    places = set()
    base = o1 * rows * c0 + 16 * o2 * c0  # p, the partition's base element
    for block in range(blocks):
        for r in range(height):
            element = base + block * height * c0 + r * c0
            strip, within = divmod(element, rows * c0)
            places.add((block, strip, within // c0))
    return places


def test_acc_landings_match_the_element_write_map():
    for fractals, o1, o2, blocks, n2 in itertools.product(
            range(1, 6), range(3), range(5), range(1, 4), range(1, 5)):
        rows = 16 * fractals
        t = transfer(Kind.STORE, rows, 8 * 8, 8, (0, o1, o2, 0, 0), (1, blocks, n2, 16, 8),
                     tile=ACC)
        landings = acc_landings(t)
        assert landings is not None  # every coordinate is a constant
        got = {(p.block, p.strip, p.row + r) for p in landings for r in range(p.rows)}
        assert got == _written_places(rows, o1, o2, blocks, 16 * n2)
        for j in range(blocks):
            intended = {(j, o1 + j, 16 * o2 + r) for r in range(16 * n2)}
            written = {place for place in got if place[0] == j}
            wrong = [p for p in misplaced_landings(t) if p.block == j]
            assert bool(wrong) == (written != intended)
        status = pitch_verdict(t).status
        if blocks == 1:
            assert status is PitchStatus.SINGLE
        else:
            assert (status is PitchStatus.MATCHES) == (16 * n2 == rows)
            if status is PitchStatus.MATCHES and o2 == 0:
                assert not misplaced_landings(t)


def test_acc_landings_need_known_coordinates():
    t = transfer(Kind.STORE, 64, 64, 8, (0, None, 0, 0, 0), (1, 2, 4, 16, 8), tile=ACC)
    assert acc_landings(t) is None and misplaced_landings(t) == ()
