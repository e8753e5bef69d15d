"""The words of `--nz-explain`: what one NZ load or store moves, and the hardware's verdict."""

from __future__ import annotations

from ..dialects.opaque import show_extent as show
from ..dialects.opaque import show_extent_list as show_list
from ..nz.layout import FRACTAL_ROWS
from ..nz.limits import GM_GAP_LIMIT
from .transfer import (
    GapStatus,
    Kind,
    PitchStatus,
    Span,
    Transfer,
    batches,
    column_blocks,
    gap_verdict,
    misplaced_landings,
    pitch_rows,
    pitch_verdict,
    plane_cols,
    plane_rows,
    row_fractals,
    window_cols,
    window_rows,
)


def show_span(span: Span) -> str:
    """[a, b); a symbolic start keeps its length visible: [?, ?+128)."""
    if span.start is None:
        end = show(None) if span.length is None else f"?+{span.length}"
        return f"[?, {end})"
    return f"[{span.start}, {show(span.end)})"


def title(t: Transfer, op_name: str) -> str:
    tile = t.tile
    into = "into" if t.kind is Kind.LOAD else "from"
    article = "an" if tile.loc[:1] in "aeiou" else "a"
    return (f"{op_name} of an NZ {t.element} view {into} {article} {tile.loc} tile "
            f"{tile.rows}x{tile.cols}x{tile.dtype}")


def plane_line(t: Transfer) -> str:
    logical = show_list((plane_rows(t), plane_cols(t)))
    return (f"plane: logical {logical} {t.element} (c0 = {t.c0}) = blocked "
            f"{show_list(t.parent)}, column blocks {show(pitch_rows(t))} rows apart")


def window_line(t: Transfer) -> str:
    lead = batches(t)
    batch = f"batch {show(lead.start)}" if lead.length == 1 else f"batches {show_span(lead)}"
    return (f"window: rows {show_span(window_rows(t))} x columns {show_span(window_cols(t))} "
            f"of {batch} -> partition offsets {show_list(t.offsets)}, sizes "
            f"{show_list(t.sizes)}")


def touches_line(t: Transfer) -> str:
    return (f"touches: column blocks {show_span(column_blocks(t))} of {show(t.parent[1])}, "
            f"row fractals {show_span(row_fractals(t))} of {show(t.parent[2])}")


def gap_line(t: Transfer) -> str:
    verdict = gap_verdict(t)
    loaded = "0 (rows ?, worst case)" if verdict.worst_case else show(window_rows(t).length)
    return (f"GM gap: {show(pitch_rows(t))} - {loaded} = {show(verdict.gap)} 32-byte blocks "
            "between column blocks")


def gap_verdict_text(t: Transfer) -> str:
    verdict = gap_verdict(t)
    if verdict.status is GapStatus.EXEMPT:
        return "exempt: a single column block (the gap field is never read)"
    if verdict.status is GapStatus.UNKNOWN:
        return "? (the parent's rows are symbolic)"
    if verdict.status is GapStatus.FITS:
        return f"fits: {verdict.gap} <= {GM_GAP_LIMIT}"
    assert verdict.gap is not None
    reason = "negative" if verdict.gap < 0 else f"> {GM_GAP_LIMIT}"
    return (f"would be refused: gap {verdict.gap} {reason}; the 16-bit gap field of the A2/A3 "
            "NZ load wraps and the load silently reads the wrong fractal")


def pitch_head(t: Transfer) -> str:
    verdict = pitch_verdict(t)
    height = f"partition height {FRACTAL_ROWS} x {show(t.sizes[2])}"
    return (f"Acc pitch: column blocks written {show(verdict.pitch)} rows apart ({height}), "
            f"parent column blocks {show(verdict.parent)} rows apart")


def pitch_verdict_text(t: Transfer) -> str:
    status = pitch_verdict(t).status
    if status is PitchStatus.SINGLE:
        return "one column block, the pitch is never used"
    if status is PitchStatus.MATCHES:
        return "every column block lands in its own column block of the parent"
    if status is PitchStatus.UNKNOWN:
        return "? (a height or the parent's rows are symbolic)"
    return ("misplaced, would be refused (the store must cover every row): "
            + "; ".join(landing_texts(t)))


MAX_LANDINGS = 3  # a store of many blocks: the first few say it all


def landing_texts(t: Transfer) -> list[str]:
    pieces = misplaced_landings(t)
    texts = [f"block {p.block} lands in column block {p.strip} rows [{p.row}, {p.row + p.rows})"
             for p in pieces[:MAX_LANDINGS]]
    if len(pieces) > MAX_LANDINGS:
        texts.append(f"{len(pieces) - MAX_LANDINGS} more pieces")
    return texts


def describe(t: Transfer, op_name: str) -> list[str]:
    """The lines of one op after its location line: plane, window, touches, verdicts."""
    lines = [plane_line(t), window_line(t), touches_line(t)]
    if t.kind is Kind.LOAD:
        lines += [gap_line(t), f"#317: {gap_verdict_text(t)}"]
    else:
        lines.append(f"{pitch_head(t)}: {pitch_verdict_text(t)}")
    return lines
