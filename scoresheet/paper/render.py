"""Laying a :class:`~scoresheet.paper.model.Doc` out on paper with fpdf2.

The main grid flows down columns of blocks: as many side by side as the page width
allows (a pad of a block per declarer puts two blocks in each of two columns on one
landscape page), the headings repeated at the top of each column. Landscape and
portrait are both tried and the one needing fewer pages wins (landscape on a tie).
Text shrinks to fit its box, but never below :data:`~scoresheet.paper.model.MIN_FONT`;
what still does not fit is cut with "…".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scoresheet.errors import ScoresheetError
from scoresheet.paper.fonts import font_files
from scoresheet.paper.model import MIN_FONT, Block, Chart, Doc, Grid

if TYPE_CHECKING:
    from fpdf import FPDF

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 8.0
GAP = 5.0  # between columns of blocks, and between tables side by side
TITLE_H = 8.0
LINE_H = 5.5
GROUP_H = 5.5
HEAD_H = 5.5
HEADING_H = 5.5  # a block's heading
SPACE = 4.0  # between items after the grid
CHART_H = 80.0
LEGEND_PT = 7.5
FONT = "DejaVu"
GREY = (235, 235, 235)
HEAD_GREY = (215, 215, 215)
LINE_COLOURS = (
    (31, 119, 180),
    (214, 39, 40),
    (44, 160, 44),
    (148, 103, 189),
    (255, 127, 14),
    (23, 190, 207),
)


@dataclass(slots=True)
class _Piece:
    """A block, or the part of one that fits, at a place on a page."""

    block: Block
    rows: range
    x: float
    y: float
    heading: bool


@dataclass(slots=True)
class _Page:
    columns: list[tuple[float, float]]  # (x, y of the first heading row) per flow column
    pieces: list[_Piece]
    items: list[tuple[str, float, float, Any]]  # (kind, x, y, what) after the grid


@dataclass(slots=True)
class _Layout:
    orientation: str
    width: float
    height: float
    col_scale: float
    flow_width: float
    pages: list[_Page]


def render(doc: Doc, paper: str = "a4") -> bytes:
    """The PDF of ``doc`` on ``paper`` ("a4" or "letter")."""
    if paper not in PAPER_MM:
        raise ScoresheetError(f'--paper: "{paper}" is not a paper size (a4 or letter)')

    files = font_files()
    from fpdf import FPDF

    # One document, its fonts read once; each page is added in the orientation chosen.
    pdf = FPDF(unit="mm", format="A4" if paper == "a4" else "Letter")
    for style, path in files.items():
        pdf.add_font(FONT, style, str(path))
    _check_glyphs(doc, getattr(pdf.fonts[FONT.lower()], "cmap", {}))
    short, long_ = PAPER_MM[paper]
    best: _Layout | None = None
    for orientation in ("L", "P"):
        size = (long_, short) if orientation == "L" else (short, long_)
        layout = _layout(doc, pdf, orientation, size)
        if layout is not None and (best is None or len(layout.pages) < len(best.pages)):
            best = layout
    if best is None:
        raise ScoresheetError(
            f"PDF: the table needs {doc.grid.width:.0f} mm, wider than the paper allows"
        )
    layout = best
    _draw(doc, pdf, layout)
    return bytes(pdf.output())


def _texts(doc: Doc) -> list[str]:
    grids = [doc.grid, *(g for row in doc.after for g in row)]
    out = [doc.title, *doc.lines, *doc.notes, *doc.legend]
    for g in grids:
        out += [g.title, *(c.head for c in g.columns), *(gr.title for gr in g.groups)]
        for block in g.blocks:
            out.append(block.heading)
            out += [cell for row in block.rows for cell in row]
    if doc.chart is not None:
        out += [name for name, _ in doc.chart.series]
    return out


def _check_glyphs(doc: Doc, cmap: Any) -> None:
    """Refuse text the font cannot draw (it would vanish from the page), naming it."""
    for text in _texts(doc):
        missing = sorted({c for c in text if c.isprintable() and ord(c) not in cmap})
        if missing:
            raise ScoresheetError(
                f'PDF: "{text}" has characters the font (DejaVu Sans) cannot print: '
                + " ".join(missing)
            )


# -- layout ------------------------------------------------------------------------------------


def _header_height(doc: Doc, first: bool) -> float:
    return TITLE_H + (len(doc.lines) * LINE_H if first else 0.0) + 2.0


def _grid_head(grid: Grid) -> float:
    return (
        (GROUP_H if any(g.title for g in grid.groups) else 0.0)
        + HEAD_H
        + (LINE_H if grid.title else 0.0)
    )


def _text_lines(pdf: FPDF, text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines that fit ``width`` at ``size`` pt."""
    pdf.set_font(FONT, "", size)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and pdf.get_string_width(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return lines


def _layout(doc: Doc, pdf: FPDF, orientation: str, size: tuple[float, float]) -> _Layout | None:
    """Where everything goes on pages of this orientation; ``None`` if the grid is too wide."""
    width, height = size
    avail_w = width - 2 * MARGIN
    bottom = height - MARGIN
    grid = doc.grid
    need = grid.width
    if need > avail_w:
        return None
    n_flow = max(1, min(len(grid.blocks), int((avail_w + GAP) // (need + GAP))))
    flow_w = (avail_w - GAP * (n_flow - 1)) / n_flow
    scale = min(1.5, flow_w / need)
    pages: list[_Page] = []

    def new_page() -> _Page:
        top = MARGIN + _header_height(doc, not pages)
        xs = [MARGIN + k * (flow_w + GAP) for k in range(n_flow)]
        page = _Page([(x, top) for x in xs], [], [])
        pages.append(page)
        return page

    page = new_page()
    col = 0
    y = page.columns[0][1] + _grid_head(grid)
    rh = grid.row_height
    for block in grid.blocks:
        start = 0
        while start < len(block.rows):
            head = HEADING_H if block.heading else 0.0
            room = int((bottom - y - head) // rh)
            at_top = math.isclose(y, page.columns[col][1] + _grid_head(grid))
            if room < len(block.rows) - start and not (at_top and room >= 1):
                # Move the block (or its rest) to the next column or page.
                col += 1
                if col == n_flow:
                    page = new_page()
                    col = 0
                y = page.columns[col][1] + _grid_head(grid)
                continue
            take = min(room, len(block.rows) - start)
            page.pieces.append(
                _Piece(block, range(start, start + take), page.columns[col][0], y, bool(head))
            )
            y += head + take * rh
            start += take
    # Everything after the grid, below the lowest column of the last page.
    used = [p.y + (HEADING_H if p.heading else 0) + len(p.rows) * rh for p in page.pieces]
    y = (max(used) if used else page.columns[0][1]) + SPACE

    def place(kind: str, h: float, what: Any, x: float = MARGIN) -> None:
        nonlocal page, y
        if y + h > bottom:
            page = new_page()
            y = page.columns[0][1]
        page.items.append((kind, x, y, what))
        y += h + SPACE

    for line in doc.notes:
        place("note", LINE_H, line)
    for row in doc.after:
        h = max(_grid_head(g) + sum(len(b.rows) for b in g.blocks) * g.row_height for g in row)
        if y + h > bottom:
            page = new_page()
            y = page.columns[0][1]
        x = MARGIN
        for g in row:
            page.items.append(("grid", x, y, g))
            x += g.width + GAP
        y += h + SPACE
    if doc.chart is not None and doc.chart.labels:
        place("chart", CHART_H, doc.chart)
    legend = [line for text in doc.legend for line in _text_lines(pdf, text, avail_w, LEGEND_PT)]
    if legend:
        place("legend", len(legend) * LEGEND_PT * 0.45, legend)
    return _Layout(orientation, width, height, scale, flow_w, pages)


# -- drawing -----------------------------------------------------------------------------------


def _fit(pdf: FPDF, text: str, width: float, size: float, style: str = "") -> float:
    """The largest size from ``size`` down to MIN_FONT at which ``text`` fits; sets it."""
    while size > MIN_FONT:
        pdf.set_font(FONT, style, size)
        if pdf.get_string_width(text) <= width:
            return size
        size = max(MIN_FONT, size - 0.5)
    pdf.set_font(FONT, style, MIN_FONT)
    return MIN_FONT


def _cell(
    pdf: FPDF,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    *,
    size: float,
    style: str = "",
    align: str = "C",
    fill: tuple[int, int, int] | None = None,
    border: bool = True,
) -> None:
    if fill is not None:
        pdf.set_fill_color(*fill)
        pdf.rect(x, y, w, h, style="F")
    if border:
        pdf.rect(x, y, w, h)
    if not text:
        return
    pad = 0.8
    _fit(pdf, text, w - 2 * pad, size, style)
    if pdf.get_string_width(text) > w - 2 * pad:
        while text and pdf.get_string_width(text + "…") > w - 2 * pad:
            text = text[:-1]
        text += "…"
    pdf.set_xy(x + pad, y)
    pdf.cell(w - 2 * pad, h, text, align=align)


def _draw_head(pdf: FPDF, grid: Grid, x: float, y: float, scale: float) -> float:
    if grid.title:
        pdf.set_font(FONT, "B", 9)
        pdf.set_xy(x, y)
        pdf.cell(grid.width * scale, LINE_H, grid.title)
        y += LINE_H
    if any(g.title for g in grid.groups):
        cx = x
        k = 0
        for g in grid.groups:
            w = sum(c.width for c in grid.columns[k : k + g.span]) * scale
            _cell(
                pdf,
                cx,
                y,
                w,
                GROUP_H,
                g.title,
                size=8.5,
                style="B",
                fill=HEAD_GREY if g.title else None,
                border=bool(g.title),
            )
            cx += w
            k += g.span
        y += GROUP_H
    cx = x
    for c in grid.columns:
        _cell(pdf, cx, y, c.width * scale, HEAD_H, c.head, size=7.5, style="B", fill=HEAD_GREY)
        cx += c.width * scale
    return y + HEAD_H


def _draw_rows(pdf: FPDF, grid: Grid, piece: _Piece, scale: float) -> None:
    y = piece.y
    total = grid.width * scale
    if piece.heading:
        heading = piece.block.heading + ("" if piece.rows.start == 0 else " (continued)")
        _cell(pdf, piece.x, y, total, HEADING_H, heading, size=8.5, style="B", align="L", fill=GREY)
        y += HEADING_H
    for i in piece.rows:
        row = piece.block.rows[i]
        style = "B" if i in piece.block.bold else ""
        cx = piece.x
        for c, text in zip(grid.columns, row, strict=True):
            w = c.width * scale
            _cell(
                pdf,
                cx,
                y,
                w,
                grid.row_height,
                text,
                size=grid.font,
                style=style,
                align=c.align,
                fill=GREY if c.shaded else None,
            )
            cx += w
        y += grid.row_height


def _draw(doc: Doc, pdf: FPDF, layout: _Layout) -> None:
    pdf.set_auto_page_break(False)
    pdf.set_title(doc.title)
    pdf.set_creator("scoresheet")
    pdf.set_line_width(0.2)
    pdf.set_draw_color(90, 90, 90)
    grid = doc.grid
    for number, page in enumerate(layout.pages, start=1):
        pdf.add_page(orientation=layout.orientation)
        pdf.set_font(FONT, "B", 13)
        pdf.set_xy(MARGIN, MARGIN)
        title = doc.title if number == 1 else f"{doc.title} (page {number})"
        pdf.cell(layout.width - 2 * MARGIN, TITLE_H, title)
        y = MARGIN + TITLE_H
        if number == 1:
            for line in doc.lines:
                _fit(pdf, line, layout.width - 2 * MARGIN, 10)
                pdf.set_xy(MARGIN, y)
                pdf.cell(layout.width - 2 * MARGIN, LINE_H, line)
                y += LINE_H
        if len(layout.pages) > 1:
            pdf.set_font(FONT, "", 7.5)
            pdf.set_xy(MARGIN, layout.height - MARGIN + 2)
            pdf.cell(
                layout.width - 2 * MARGIN, 4, f"page {number} of {len(layout.pages)}", align="R"
            )
        used_columns = {p.x for p in page.pieces}
        for x, top in page.columns:
            if x in used_columns:
                _draw_head(pdf, grid, x, top, layout.col_scale)
        for piece in page.pieces:
            _draw_rows(pdf, grid, piece, layout.col_scale)
        for kind, x, y, what in page.items:
            if kind == "note":
                pdf.set_font(FONT, "B", 10)
                pdf.set_xy(x, y)
                pdf.cell(layout.width - 2 * MARGIN, LINE_H, what)
            elif kind == "grid":
                g: Grid = what
                yy = _draw_head(pdf, g, x, y, 1.0)
                for block in g.blocks:
                    piece = _Piece(block, range(len(block.rows)), x, yy, bool(block.heading))
                    _draw_rows(pdf, g, piece, 1.0)
                    yy += (HEADING_H if block.heading else 0) + len(block.rows) * g.row_height
            elif kind == "chart":
                _chart(pdf, what, x, y, layout.width - 2 * MARGIN, CHART_H)
            elif kind == "legend":
                pdf.set_font(FONT, "", LEGEND_PT)
                for line in what:
                    pdf.set_xy(x, y)
                    pdf.cell(layout.width - 2 * MARGIN, LEGEND_PT * 0.45, line)
                    y += LEGEND_PT * 0.45


def signed(n: int) -> str:
    """A score with its sign, as the sheets print it: ``+5``, ``−12``, ``0``."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def nice_step(span: float, ticks: int = 6) -> int:
    """A round step for about ``ticks`` ticks over ``span``: 1, 2, 5, 10, 20, 50, …

    >>> nice_step(400), nice_step(7), nice_step(0)
    (100, 2, 1)
    """
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return int(m * power)
    return int(10 * power)


def _chart(pdf: FPDF, chart: Chart, x: float, y: float, w: float, h: float) -> None:
    """A line chart of running totals, drawn with lines and text only."""
    pdf.set_font(FONT, "B", 9)
    pdf.set_xy(x, y)
    pdf.cell(w, 5, chart.title)
    values = [v for _, vs in chart.series for v in vs] + [0]
    lo, hi = min(values), max(values)
    step = nice_step(hi - lo)
    lo = math.floor(lo / step) * step
    hi = math.ceil(hi / step) * step
    if hi == lo:
        hi = lo + step
    legend_w = 35.0
    left, right = x + 14, x + w - legend_w
    top, bottom = y + 8, y + h - 8
    n = len(chart.labels)

    def px(i: int) -> float:
        return left + (right - left) * (i + 0.5) / n

    def py(v: float) -> float:
        return bottom - (bottom - top) * (v - lo) / (hi - lo)

    pdf.set_line_width(0.1)
    pdf.set_draw_color(200, 200, 200)
    pdf.set_font(FONT, "", 7)
    tick = lo
    while tick <= hi:
        pdf.line(left, py(tick), right, py(tick))
        label = signed(tick)
        pdf.set_xy(x, py(tick) - 2)
        pdf.cell(13, 4, label, align="R")
        tick += step
    pdf.set_draw_color(60, 60, 60)
    pdf.line(left, py(0), right, py(0))
    pdf.line(left, top, left, bottom)
    every = max(1, math.ceil(n / 30))
    for i, label in enumerate(chart.labels):
        if i % every == 0 or i == n - 1:
            pdf.set_xy(px(i) - 4, bottom + 0.5)
            pdf.cell(8, 4, label, align="C")
    pdf.set_xy(left, bottom + 4)
    pdf.cell(right - left, 4, "deal", align="C")
    pdf.set_line_width(0.6)
    for k, (name, series) in enumerate(chart.series):
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        pdf.set_draw_color(*colour)
        points = [(px(i), py(v)) for i, v in enumerate(series)]
        if len(points) == 1:
            pdf.line(points[0][0] - 0.5, points[0][1], points[0][0] + 0.5, points[0][1])
        elif points:
            pdf.polyline(points)
        ly = top + 2 + k * 5
        pdf.line(right + 3, ly, right + 9, ly)
        pdf.set_font(FONT, "", 8)
        pdf.set_xy(right + 10, ly - 2)
        pdf.cell(legend_w - 10, 4, f"{name} {signed(series[-1])}" if series else name)
    pdf.set_line_width(0.2)
    pdf.set_draw_color(90, 90, 90)
