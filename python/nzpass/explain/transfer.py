"""What one NZ load or store moves, and what the hardware does with it: pure facts, no MLIR.

A `Transfer` holds the blocked coordinates an op addresses (`None` where a value is
symbolic); the functions below derive the logical window, the column blocks and row
fractals it touches, the GM gap of the A2/A3 NZ->NZ load and its pto-isa#317 verdict, and
the column-block pitch of the A2/A3 Acc->NZ store (docs/hardware-model.md (c), (d)).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..nz.layout import FRACTAL_ROWS, gm_gap_fits, gm_row_gap

Extent = int | None
# Blocked axes: [batch, column block, row fractal, row in fractal, element in C0 line].
BATCH, COLUMN_BLOCK, ROW_FRACTAL = 0, 1, 2


class Kind(enum.Enum):
    LOAD = "load"
    STORE = "store"


@dataclass(frozen=True)
class Tile:
    loc: str
    dtype: str
    rows: int
    cols: int
    valid_rows: Extent
    valid_cols: Extent


@dataclass(frozen=True)
class Transfer:
    """An NZ load (GM -> tile) or store (tile -> GM) in blocked coordinates.

    `parent` is the blocked shape [B, C/c0, R/16, 16, c0] of the GM view and
    `column_pitch` its stride[1] in elements (R * c0 when canonical); `offsets` and
    `sizes` are the rank-5 partition."""

    kind: Kind
    element: str
    c0: int
    parent: tuple[Extent, ...]
    column_pitch: Extent
    offsets: tuple[Extent, ...]
    sizes: tuple[Extent, ...]
    tile: Tile


@dataclass(frozen=True)
class Span:
    """A half-open range [start, start + length) of rows, columns, fractals or blocks."""

    start: Extent
    length: Extent

    @property
    def end(self) -> Extent:
        return None if self.start is None or self.length is None else self.start + self.length

    def scaled(self, factor: int) -> Span:
        return Span(_times(self.start, factor), _times(self.length, factor))


def _times(value: Extent, factor: int) -> Extent:
    return None if value is None else value * factor


def plane_rows(t: Transfer) -> Extent:
    """R of the logical [R, C] plane."""
    return _times(t.parent[ROW_FRACTAL], FRACTAL_ROWS)


def plane_cols(t: Transfer) -> Extent:
    return _times(t.parent[COLUMN_BLOCK], t.c0)


def column_blocks(t: Transfer) -> Span:
    return Span(t.offsets[COLUMN_BLOCK], t.sizes[COLUMN_BLOCK])


def row_fractals(t: Transfer) -> Span:
    return Span(t.offsets[ROW_FRACTAL], t.sizes[ROW_FRACTAL])


def window_rows(t: Transfer) -> Span:
    return row_fractals(t).scaled(FRACTAL_ROWS)


def window_cols(t: Transfer) -> Span:
    return column_blocks(t).scaled(t.c0)


def batches(t: Transfer) -> Span:
    return Span(t.offsets[BATCH], t.sizes[BATCH])


def pitch_rows(t: Transfer) -> Extent:
    """The parent's distance between column blocks in rows (C0 lines): stride[1] / c0,
    or R when the stride is not known (a canonical view)."""
    if t.column_pitch is None or t.column_pitch % t.c0:
        return plane_rows(t)
    return t.column_pitch // t.c0


# ---------------------------------------------------------------- the #317 load guard


class GapStatus(enum.Enum):
    EXEMPT = "exempt"     # one column block: the gap field is never read
    FITS = "fits"
    REFUSED = "refused"   # the guard against pto-isa#317 refuses the load
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class GapVerdict:
    gap: Extent            # GM gap between column blocks, in 32-byte blocks
    status: GapStatus
    worst_case: bool       # the loaded rows are symbolic: judged at 0 rows, as the guard does


def gap_verdict(t: Transfer) -> GapVerdict:
    """The GM gap R - TR between adjacent column blocks (TR = the partition's rows) and
    whether the A2/A3 load's 16-bit gap field holds it."""
    parent, loaded = pitch_rows(t), window_rows(t).length
    worst_case = loaded is None
    gap = None if parent is None else gm_row_gap(parent, 0 if worst_case else loaded)
    blocks = t.sizes[COLUMN_BLOCK]
    if blocks == 1:
        return GapVerdict(None if worst_case else gap, GapStatus.EXEMPT, worst_case)
    if parent is None:
        return GapVerdict(None, GapStatus.UNKNOWN, worst_case)
    # An unknown number of column blocks is judged as more than one.
    fits = gm_gap_fits(parent, 0 if worst_case else loaded, 2 if blocks is None else blocks)
    return GapVerdict(gap, GapStatus.FITS if fits else GapStatus.REFUSED, worst_case)


# ---------------------------------------------------------------- the Acc store pitch


class PitchStatus(enum.Enum):
    SINGLE = "single"       # one column block: the pitch is never used
    MATCHES = "matches"     # partition height = parent rows: every block lands in its strip
    MISPLACED = "misplaced"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class PitchVerdict:
    pitch: Extent           # rows between the column blocks the store writes
    parent: Extent          # rows between the parent's column blocks
    status: PitchStatus


def pitch_verdict(t: Transfer) -> PitchVerdict:
    """TStoreAccNz2nz steps column blocks by the partition height 16 * sizes[2], not by
    the parent's stride: right only for one block or a partition of every row."""
    pitch, parent = window_rows(t).length, pitch_rows(t)
    blocks, panels = t.sizes[COLUMN_BLOCK], t.sizes[BATCH]
    if blocks == 1 and panels == 1:
        return PitchVerdict(pitch, parent, PitchStatus.SINGLE)
    if pitch is None or parent is None:
        return PitchVerdict(pitch, parent, PitchStatus.UNKNOWN)
    status = PitchStatus.MATCHES if pitch == parent else PitchStatus.MISPLACED
    return PitchVerdict(pitch, parent, status)


@dataclass(frozen=True)
class Landing:
    """Where the store writes rows [row, row + rows) of its column block `block`:
    rows [row, row + rows) of the parent's column block `strip`."""

    block: int
    strip: int
    row: int
    rows: int


def acc_landings(t: Transfer) -> tuple[Landing, ...] | None:
    """Where each column block of an Acc store really lands (docs/hardware-model.md (d)): block J
    continues the stack in strip o1 at rows 16 * (o2 + J * n2) and spills into the next
    strips past R. None when a coordinate is symbolic."""
    parent, height = pitch_rows(t), window_rows(t).length
    first_row, first_strip = window_rows(t).start, t.offsets[COLUMN_BLOCK]
    blocks = t.sizes[COLUMN_BLOCK]
    if None in (parent, height, first_row, first_strip, blocks) or not parent:
        return None
    assert parent is not None and height is not None and first_row is not None
    assert first_strip is not None and blocks is not None
    pieces: list[Landing] = []
    for block in range(blocks):
        flat, left = first_row + block * height, height
        while left:
            strip, row = divmod(flat, parent)
            rows = min(left, parent - row)
            pieces.append(Landing(block, first_strip + strip, row, rows))
            flat, left = flat + rows, left - rows
    return tuple(pieces)


def misplaced_landings(t: Transfer) -> tuple[Landing, ...]:
    """The pieces of `acc_landings` that are not where the partition says (block J in
    column block o1 + J, at the partition's rows)."""
    first_strip, rows = t.offsets[COLUMN_BLOCK], window_rows(t)
    return tuple(p for p in acc_landings(t) or ()
                 if (p.strip, p.row, p.rows) != (_plus(first_strip, p.block), rows.start,
                                                 rows.length))


def _plus(value: Extent, addend: int) -> Extent:
    return None if value is None else value + addend
