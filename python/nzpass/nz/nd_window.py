"""ND windows kept inside their tensor's static extents (docs/nz-semantics.md section 8.7).

An ND transfer adds sum(offset * stride) to the view's base and moves its window with no
bounds check, so a window past a static extent moves the next rows (or memory before or
after the tensor) silently. convert-pl-to-pto proves every ND load, store and slice window
inside each axis of static extent with the offset analysis, as the NZ path does
(nz/window.check_window_bounds, one rule); an axis of dynamic extent has no bound to prove
against and stays the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Refusal
from ..ir.bindings import ir
from .offsets import OffsetAnalysis, constant_value, explain_fact
from .window import WindowProofs, check_window_bounds

_OVERRUN = ("an ND transfer moves its window through the strides unchecked, so it reads or "
            "writes the next rows, or memory outside the tensor, silently")


def _axis_name(axis: int, rank: int) -> str:
    return {rank - 1: "column", rank - 2: "row"}.get(axis, f"leading axis {axis}")


def check_nd_window_inside(offsets: Sequence[ir.Value], sizes: Sequence[ir.Value | int],
                           shape: Sequence[int | None], loc: ir.Location, what: str,
                           analysis: OffsetAnalysis) -> None:
    """On every axis of static extent, offset >= 0 and offset + size <= extent for every
    value the facts allow (a ragged size min(N - o, T) at o ends at N: the analysis's
    relational bound of a sum). Found by red team: rows 60..75 of a 64-row tensor, columns
    192..319 of a 256-column one, a 16x256 tile stored into a 16x128 tensor, all accepted."""
    rank = len(shape)
    proofs = WindowProofs(analysis)
    for axis, (offset, size, extent) in enumerate(zip(offsets, sizes, shape, strict=True)):
        if extent is None:
            continue  # no bound to prove against: the caller's (docs/nz-semantics.md 8.7)
        name = _axis_name(axis, rank)
        fact = analysis.fact(offset)
        if fact.lo < 0:
            raise Refusal(loc, f"{what} {name} offset may be negative "
                          f"({explain_fact(offset, fact)}): the window would start before the "
                          f"tensor; {_OVERRUN}. Use an offset proved >= 0 (a loop from 0, "
                          "max(), a declared nz.range fact)")
        used = size if isinstance(size, int) else constant_value(size)
        check_window_bounds(offset, size if used is None else used, extent, name, loc, proofs,
                            what, _OVERRUN)
