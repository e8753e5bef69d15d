"""Where a picture of the NZ plane puts each row fractal and column block: pure maps.

An axis maps units (row fractals down, column blocks across) to pixels, to scale when
the window is visible that way; a window too thin to see in a huge plane (16 rows of
65552) is drawn at a minimum size and the rest of the axis shares what is left, so the
map stays monotone and exact at every unit boundary.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

Knot = tuple[int, float]  # (unit, pixel)


@dataclass(frozen=True)
class Axis:
    """A monotone piecewise-linear map, knots from (0, 0) to (units, length)."""

    knots: tuple[Knot, ...]

    @property
    def units(self) -> int:
        return self.knots[-1][0]

    @property
    def length(self) -> float:
        return self.knots[-1][1]

    def px(self, unit: float) -> float:
        for (u0, p0), (u1, p1) in pairwise(self.knots):
            if unit <= u1:
                return p0 + (unit - u0) * (p1 - p0) / (u1 - u0)
        raise ValueError(f"unit {unit} lies past the axis end {self.units}")

    @property
    def to_scale(self) -> bool:
        return len(self.knots) == 2

    def boundaries(self, min_gap_px: float) -> tuple[int, ...]:
        """The unit boundaries worth a grid line: every knot, and inside each segment
        the multiples of the smallest power of two whose cells are at least
        `min_gap_px` wide (draw blocks of fractals, never a smear of lines)."""
        found = {unit for unit, _ in self.knots}
        for (u0, p0), (u1, p1) in pairwise(self.knots):
            step = grid_step((p1 - p0) / (u1 - u0), min_gap_px)
            found.update(range(-(-u0 // step) * step, u1, step))
        return tuple(sorted(found))


def grid_step(unit_px: float, min_gap_px: float) -> int:
    """The smallest power of two `k` with k units at least `min_gap_px` wide."""
    step = 1
    while step * unit_px < min_gap_px:
        step *= 2
    return step


def make_axis(units: int, focus: tuple[int, int] | None, unit_px: float, max_length: float,
              min_focus_px: float) -> Axis:
    """`units` at `unit_px` each, shrunk to fit `max_length`; the unit range `focus`
    (the window) is drawn at least `min_focus_px` long."""
    if units <= 0:
        raise ValueError(f"an axis needs at least one unit, got {units}")
    scale = min(unit_px, max_length / units)
    length = units * scale
    if focus is None:
        return Axis(((0, 0.0), (units, length)))
    start, end = focus
    inside = end - start
    if inside * scale >= min_focus_px or inside >= units:
        return Axis(((0, 0.0), (units, length)))
    focus_px = min(min_focus_px, length / 2)
    rest_scale = (length - focus_px) / (units - inside)
    knots = [(0, 0.0), (start, start * rest_scale), (end, start * rest_scale + focus_px),
             (units, length)]
    return Axis(tuple(_distinct(knots)))


def _distinct(knots: list[Knot]) -> list[Knot]:
    """Knots with strictly increasing units (a focus at either end shares a knot)."""
    kept: list[Knot] = []
    for knot in knots:
        if not kept or knot[0] > kept[-1][0]:
            kept.append(knot)
    return kept


def element_scales(rows: int, cols: int, max_element_px: float, max_width: float,
                   max_height: float, max_distortion: float) -> tuple[float, float]:
    """Pixels per element down and across: one scale for both when the plane fits that
    way within `max_distortion`, else each axis fitted on its own (a tall thin plane)."""
    down = min(max_element_px, max_height / rows)
    across = min(max_element_px, max_width / cols)
    common = min(down, across)
    if max(down, across) <= common * max_distortion:
        return common, common
    return down, across
