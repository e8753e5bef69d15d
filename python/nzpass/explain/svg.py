"""The picture of `--nz-picture`: one NZ load or store on its logical [R, C] plane.

Rows run down, columns across; the grid is the fractal grid (16 rows x c0 columns per
cell, grouped into blocks of cells when the plane is too large to draw every one). On
it: the window the op moves (blue), the GM gap the NZ->NZ load skips between its column
blocks (amber, red when the pto-isa#317 guard refuses it), for an Acc store the places
its column blocks really land when they are misplaced (red), and numbered arrows for the
order in which the op moves the column blocks (the NZ byte order: down one column
block, then on to the next). Pure: a `Transfer` in, SVG text out.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..nz.layout import FRACTAL_ROWS
from . import report
from .axis import Axis, element_scales, grid_step, make_axis
from .transfer import (
    COLUMN_BLOCK,
    ROW_FRACTAL,
    GapStatus,
    Kind,
    PitchStatus,
    Transfer,
    gap_verdict,
    misplaced_landings,
    pitch_verdict,
    plane_cols,
    plane_rows,
)

MAX_WIDTH, MAX_HEIGHT = 640.0, 400.0   # the plane, in pixels
MAX_ELEMENT_PX = 4.0
MAX_DISTORTION = 4.0                   # beyond it, rows and columns get their own scale
MIN_WINDOW_PX = 8.0                    # a thinner window is drawn enlarged
MIN_GRID_PX = 6.0                      # grid lines never closer than this
MIN_ARROW_PX = 12.0                    # arrows never closer than this
MIN_ROW_LABEL_PX, MIN_COL_LABEL_PX = 12.0, 44.0
LEFT, TOP, RIGHT = 80.0, 56.0, 24.0    # margins around the plane
LINE_PX, CHAR_PX, FONT_PX = 16.0, 7.3, 12
FONT = "DejaVu Sans Mono, monospace"
COLORS = {
    "background": "#ffffff", "plane": "#eef1f5", "grid": "#8c97a8", "window": "#3d7ee0",
    "window-edge": "#1d4f9c", "gap": "#f2c14e", "refused": "#d62728", "arrow": "#1b1b1b",
    "text": "#1b1b1b",
}


def _n(value: float) -> str:
    """A coordinate with at most two decimals, the same text on every machine."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


class _Canvas:
    def __init__(self) -> None:
        self.items: list[str] = []

    def rect(self, cls: str, x: float, y: float, w: float, h: float, fill: str,
             extra: str = "") -> None:
        self.items.append(f'<rect class="{cls}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
                          f'height="{_n(h)}" fill="{fill}"{extra}/>')

    def line(self, cls: str, x1: float, y1: float, x2: float, y2: float, extra: str) -> None:
        self.items.append(f'<line class="{cls}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" '
                          f'y2="{_n(y2)}"{extra}/>')

    def text(self, cls: str, x: float, y: float, words: str, anchor: str = "start",
             fill: str = COLORS["text"]) -> None:
        self.items.append(f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" '
                          f'text-anchor="{anchor}" fill="{fill}">{escape(words)}</text>')


class _Plane:
    """Pixel positions of row fractals (down) and column blocks (across)."""

    def __init__(self, t: Transfer):
        rows, cols = plane_rows(t), plane_cols(t)
        assert rows is not None and cols is not None
        down, across = element_scales(rows, cols, MAX_ELEMENT_PX, MAX_WIDTH, MAX_HEIGHT,
                                      MAX_DISTORTION)
        self.rows = make_axis(rows // FRACTAL_ROWS, _focus(t, ROW_FRACTAL),
                              FRACTAL_ROWS * down, MAX_HEIGHT, MIN_WINDOW_PX)
        self.cols = make_axis(cols // t.c0, _focus(t, COLUMN_BLOCK), t.c0 * across,
                              MAX_WIDTH, MIN_WINDOW_PX)

    def x(self, block: float) -> float:
        return LEFT + self.cols.px(_clamp(block, self.cols))

    def y(self, fractal: float) -> float:
        return TOP + self.rows.px(_clamp(fractal, self.rows))

    def box(self, rows: tuple[float, float], cols: tuple[float, float]
            ) -> tuple[float, float, float, float]:
        """x, y, width, height of row fractals `rows` x column blocks `cols`."""
        x, y = self.x(cols[0]), self.y(rows[0])
        return x, y, self.x(cols[1]) - x, self.y(rows[1]) - y


def _clamp(unit: float, axis: Axis) -> float:
    return min(max(unit, 0), axis.units)


def _focus(t: Transfer, axis: int) -> tuple[int, int] | None:
    start, length = t.offsets[axis], t.sizes[axis]
    return None if start is None or length is None else (start, start + length)


def window_box(t: Transfer) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The window's row fractals and column blocks; a symbolic start is drawn at 0."""
    rows, cols = t.sizes[ROW_FRACTAL], t.sizes[COLUMN_BLOCK]
    if rows is None or cols is None:
        return None
    top, left = t.offsets[ROW_FRACTAL] or 0, t.offsets[COLUMN_BLOCK] or 0
    return (top, top + rows), (left, left + cols)


def _symbolic_window(t: Transfer) -> bool:
    return t.offsets[ROW_FRACTAL] is None or t.offsets[COLUMN_BLOCK] is None


def picture(t: Transfer, heading: str, op_name: str) -> str | None:
    """The SVG of `t`; None when the plane itself is symbolic (nothing to draw on)."""
    if plane_rows(t) is None or plane_cols(t) is None:
        return None
    plane, canvas = _Plane(t), _Canvas()
    width, height = plane.cols.length, plane.rows.length
    canvas.rect("plane", LEFT, TOP, width, height, COLORS["plane"])
    box = window_box(t)
    if box is not None:
        _draw_window(canvas, plane, t, box)
    _draw_grid(canvas, plane, width, height)
    if box is not None:
        _draw_order(canvas, plane, box)
    _draw_labels(canvas, plane, t, box)
    captions = _captions(t, plane, f"{heading}: {report.title(t, op_name)}")
    first = TOP + height + 2 * LINE_PX + 4
    for number, (words, color) in enumerate(captions):
        canvas.text("caption", 12, first + number * LINE_PX, words, fill=color)
    total_w = max(LEFT + width + RIGHT, 24 + CHAR_PX * max(len(w) for w, _ in captions))
    total_h = first + (len(captions) - 1) * LINE_PX + LINE_PX
    return _document(canvas, round(total_w), round(total_h))


def _document(canvas: _Canvas, width: int, height: int) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family={quoteattr(FONT)} '
            f'font-size="{FONT_PX}">')
    defs = ('<defs><marker id="head" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="8" '
            f'markerHeight="8" orient="auto"><path d="M0,0 L8,4 L0,8 z" '
            f'fill="{COLORS["arrow"]}"/></marker></defs>')
    background = (f'<rect class="background" x="0" y="0" width="{width}" height="{height}" '
                  f'fill="{COLORS["background"]}"/>')
    return "\n".join([head, defs, background, *canvas.items, "</svg>"]) + "\n"


def _draw_window(canvas: _Canvas, plane: _Plane, t: Transfer, box) -> None:
    rows, cols = box
    if _symbolic_window(t):
        x, y, w, h = plane.box(rows, cols)
        canvas.rect("window-symbolic", x, y, w, h, "none",
                    f' stroke="{COLORS["window-edge"]}" stroke-width="1.5" '
                    'stroke-dasharray="5 3"')
        return
    if t.kind is Kind.LOAD:
        _draw_gap(canvas, plane, t, rows, cols)
    edge = f' stroke="{COLORS["window-edge"]}" stroke-width="1"'
    canvas.rect("window", *plane.box(rows, cols), COLORS["window"], edge)
    if t.kind is Kind.STORE and pitch_verdict(t).status is PitchStatus.MISPLACED:
        for piece in misplaced_landings(t):
            if piece.strip < plane.cols.units:  # past the plane: outside the tensor
                area = (piece.row / FRACTAL_ROWS, (piece.row + piece.rows) / FRACTAL_ROWS)
                canvas.rect("misplaced", *plane.box(area, (piece.strip, piece.strip + 1)),
                            COLORS["refused"])


def _draw_gap(canvas: _Canvas, plane: _Plane, t: Transfer, rows, cols) -> None:
    """The rows a load skips between column blocks: below the window in every block but
    the last, above it in every block but the first (R - TR rows per step)."""
    status = gap_verdict(t).status
    if status is GapStatus.EXEMPT or cols[1] - cols[0] < 2:
        return
    fill = COLORS["refused"] if status is GapStatus.REFUSED else COLORS["gap"]
    below = ((rows[1], plane.rows.units), (cols[0], cols[1] - 1))
    above = ((0, rows[0]), (cols[0] + 1, cols[1]))
    for area in (below, above):
        if area[0][1] > area[0][0]:
            canvas.rect("gap", *plane.box(*area), fill)


def _draw_grid(canvas: _Canvas, plane: _Plane, width: float, height: float) -> None:
    style = (f' stroke="{COLORS["grid"]}" stroke-width="1" stroke-opacity="0.6"'
             ' shape-rendering="crispEdges"')
    for unit in plane.rows.boundaries(MIN_GRID_PX):
        y = plane.y(unit)
        canvas.line("grid-row", LEFT, y, LEFT + width, y, style)
    for unit in plane.cols.boundaries(MIN_GRID_PX):
        x = plane.x(unit)
        canvas.line("grid-col", x, TOP, x, TOP + height, style)


def arrow_blocks(first: int, count: int, block_px: float) -> list[int]:
    """The column blocks that get an arrow: every k-th (k a power of two keeping arrows
    MIN_ARROW_PX apart) and always the last."""
    step = grid_step(block_px, MIN_ARROW_PX)
    chosen = list(range(first, first + count, step))
    return chosen if chosen[-1] == first + count - 1 else [*chosen, first + count - 1]


def _draw_order(canvas: _Canvas, plane: _Plane, box) -> None:
    """Numbered arrows down each column block the op moves, dashed jumps between them."""
    rows, (first, end) = box
    block_px = (plane.x(end) - plane.x(first)) / (end - first)
    top, bottom = plane.y(rows[0]), plane.y(rows[1])
    inset = min(3.0, (bottom - top) / 4)
    style = f' stroke="{COLORS["arrow"]}" stroke-width="1.5"'
    previous: float | None = None
    for block in arrow_blocks(first, end - first, block_px):
        x = plane.x(block + 0.5)
        if previous is not None:
            canvas.line("jump", previous, bottom - inset, x, top + inset,
                        style + ' stroke-dasharray="3 3" stroke-opacity="0.7"')
        canvas.line("arrow", x, top + inset, x, bottom - inset,
                    style + ' marker-end="url(#head)"')
        canvas.text("order", x, TOP - 8, str(block - first + 1), anchor="middle")
        previous = x


def _spread(candidates: list[tuple[float, str]], gap: float) -> list[tuple[float, str]]:
    """Labels at least `gap` pixels apart, earlier candidates first."""
    kept: list[tuple[float, str]] = []
    for position, words in candidates:
        if all(abs(position - other) >= gap for other, _ in kept):
            kept.append((position, words))
    return kept


def _draw_labels(canvas: _Canvas, plane: _Plane, t: Transfer, box) -> None:
    rows, cols = plane.rows.units, plane.cols.units
    row_marks = [0, rows]
    col_marks = [0, cols]
    if box is not None and not _symbolic_window(t):
        row_marks = [*box[0], *row_marks]
        col_marks = [*box[1], *col_marks]
    for y, words in _spread([(plane.y(m), str(m * FRACTAL_ROWS)) for m in row_marks],
                            MIN_ROW_LABEL_PX):
        canvas.text("row-label", LEFT - 6, y + 4, words, anchor="end")
    below = TOP + plane.rows.length + 14
    for x, words in _spread([(plane.x(m), str(m * t.c0)) for m in col_marks],
                            MIN_COL_LABEL_PX):
        canvas.text("col-label", x, below, words, anchor="middle")
    canvas.text("axis", 12, TOP - 8, "rows")
    canvas.text("axis", LEFT + plane.cols.length + 28, below, "columns")


def _captions(t: Transfer, plane: _Plane, heading: str) -> list[tuple[str, str]]:
    text = COLORS["text"]
    lines = [(heading, text),
             (report.window_line(t), text)]
    if t.kind is Kind.LOAD:
        refused = gap_verdict(t).status is GapStatus.REFUSED
        lines.append((report.gap_line(t), text))
        lines.append((f"#317: {report.gap_verdict_text(t)}",
                      COLORS["refused"] if refused else text))
    else:
        misplaced = pitch_verdict(t).status is PitchStatus.MISPLACED
        lines.append((report.pitch_head(t) + ":", text))
        lines.append(("  " + report.pitch_verdict_text(t),
                      COLORS["refused"] if misplaced else text))
    if _symbolic_window(t):
        lines.append(("the window's offsets are symbolic: drawn dashed at offset 0", text))
    for axis, name in ((plane.rows, "rows"), (plane.cols, "columns")):
        if not axis.to_scale:
            lines.append((f"{name} not to scale: the window is drawn enlarged", text))
    legend = ("blue: the window; amber: the GM gap skipped between column blocks; "
              "red: refused; arrows: the column-block order")
    lines.append((legend, text))
    return lines
