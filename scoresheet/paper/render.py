"""Laying a :class:`~scoresheet.paper.model.Doc` out on paper with fpdf2.

The main grid flows down columns of blocks: as many side by side as the page width
allows (a pad of a block per declarer puts two blocks in each of two columns on one
landscape page), the headings repeated at the top of each column; a block marked
``new_page`` (a pad's continuation) starts a page, the legend staying under the rows
of the first where it fits. Landscape and portrait are both tried and the one needing
fewer pages wins (landscape on a tie); a pad's rows shrink to its least row height only
where that saves a page. After the grid: the notes, the tables (the standings, the
ledger) and the chart on one page, the chart beside the last tables where the page is
wide enough for it, and as tall as the page leaves room for; then the legend.
Text shrinks to fit its box, but never below :data:`~scoresheet.paper.model.MIN_FONT`.
Where a column (a table's cells, its group headings, its block headings, the chart's
key) is too narrow for a player's name even so, the whole column prints the players'
initials instead (:attr:`~scoresheet.paper.model.Doc.initials`) and the legend says
whose they are. The lines at the top, the notes and the legend wrap; a cell that still
does not fit wraps inside its row and, past that, its longest names are cut with "…":
never a number.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.paper.chart import KEY_LINE, KEY_W, draw_chart, key
from scoresheet.paper.code import draw_code
from scoresheet.paper.fonts import FONT, fit, new_pdf
from scoresheet.paper.kit import continued, initials_line, page_of, page_title
from scoresheet.paper.model import MIN_FONT, Block, Doc, Grid
from scoresheet.paper.scripts import isolated, right_to_left, texts

if TYPE_CHECKING:
    from fpdf import FPDF

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 8.0
GAP = 5.0  # between columns of blocks, and between tables side by side
MIN_GAP = 3.0  # between tables side by side on a page only just wide enough
TITLE_H = 8.0
LINE_H = 5.5
GROUP_H = 5.5
HEAD_H = 5.5
HEADING_H = 5.5  # a block's heading
SPACE = 4.0  # between items after the grid
CHART_H = (60.0, 200.0)  # mm: the chart's height, at least and at most (it fills its page)
CHART_W = 120.0  # mm: the least width of a chart beside the tables after the grid
LEAD = 25.4 / 72 * 1.1  # mm a line of text takes per point of its size, wrapped in a cell
LEGEND_PT = 7.5
GREY = (235, 235, 235)
HEAD_GREY = (215, 215, 215)


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
    head: list[str]  # the lines at the top of the first page, wrapped


def render(doc: Doc, paper: str = "a4") -> bytes:
    """The PDF of ``doc`` on ``paper`` ("a4" or "letter")."""
    return render_all([doc], paper)


def render_all(docs: list[Doc], paper: str = "a4") -> bytes:
    """One PDF of ``docs`` on ``paper``, each starting on a page of its own (a night's
    table cards); the document's title is the first one's."""
    if paper not in PAPER_MM:
        raise ScoresheetError(
            _('--paper: "{paper}" is not a paper size (a4 or letter)').format(paper=paper)
        )

    # One document, its fonts read once; each page is added in the orientation chosen.
    # The words the renderer adds itself are printed too: their letters need a font.
    words = [continued(""), page_title("", 2), page_of(2, 2), _("deal"), initials_line([])]
    every = [t for doc in docs for t in texts(doc)]
    names = [name for doc in docs for name in doc.initials]
    pdf = new_pdf(FONT, "A4" if paper == "a4" else "Letter", [*every, *words], names)
    for doc in docs:
        _render_one(doc, pdf, paper)
    if docs:
        pdf.set_title(docs[0].title)
    return bytes(pdf.output())


def _render_one(doc: Doc, pdf: FPDF, paper: str) -> None:
    """Lay ``doc`` out and draw it on new pages of ``pdf``."""
    rtl = right_to_left(doc)  # Hebrew, Arabic: drawn right to left, Arabic letters joined
    pdf.set_text_shaping(bool(rtl))
    doc = isolated(_shortened(doc, pdf), rtl)
    short, long_ = PAPER_MM[paper]
    # The fewest pages; on a tie the tallest rows, then landscape. A pad's rows shrink
    # (to the grid's least row height, half a millimetre at a time) only to save a page.
    best: tuple[_Layout, Doc] | None = None
    grid = doc.grid
    heights = [grid.row_height]
    while heights[-1] - 0.5 >= (grid.min_row_height or grid.row_height) - 1e-9:
        heights.append(heights[-1] - 0.5)
    for rh in heights:
        sized = doc if rh == grid.row_height else replace(doc, grid=replace(grid, row_height=rh))
        for orientation in ("L", "P"):
            size = (long_, short) if orientation == "L" else (short, long_)
            layout = _layout(sized, pdf, orientation, size)
            if layout is not None and (best is None or len(layout.pages) < len(best[0].pages)):
                best = layout, sized
    if best is None:
        raise ScoresheetError(
            _("PDF: the table needs {width} mm, wider than the paper allows").format(
                width=f"{doc.grid.width:.0f}"
            )
        )
    layout, doc = best
    _draw(doc, pdf, layout)


# -- names too wide for their column ---------------------------------------------------------

PAD = 0.8  # mm: a cell's text from its borders


def _shortened(doc: Doc, pdf: FPDF) -> Doc:
    """``doc`` with the players' initials in every column too narrow for a name at the
    smallest size, the whole column alike, and a legend line saying whose they are."""
    tags = {p: t for p, t in doc.initials.items() if t != p}
    if not tags:
        return doc
    names = re.compile(
        r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(tags, key=len, reverse=True))) + r")(?!\w)"
    )
    used = False

    def short(texts: list[tuple[str, float, str]]) -> bool:
        """Whether some of these (text, room in mm, style) do not fit at the smallest size."""
        nonlocal used
        need = False
        for t, w, style in texts:
            pdf.set_font(FONT, style, MIN_FONT)
            need = need or pdf.get_string_width(t) > w
        used = used or (need and any(names.search(t) for t, _w, _s in texts))
        return need

    def initials(text: str) -> str:
        return names.sub(lambda m: tags[m.group()], text)

    def grid(g: Grid) -> Grid:
        ws = [c.width for c in g.columns]
        cells = [
            (row, "B" if i in b.bold else "") for b in g.blocks for i, row in enumerate(b.rows)
        ]
        cut = {j for j, w in enumerate(ws) if short([(r[j], w - 2 * PAD, st) for r, st in cells])}
        ends = [sum(gr.span for gr in g.groups[: k + 1]) for k in range(len(g.groups))]
        spans = [sum(ws[e - gr.span : e]) - 2 * PAD for gr, e in zip(g.groups, ends, strict=True)]
        titles = short([(gr.title, w, "B") for gr, w in zip(g.groups, spans, strict=True)])
        heads = short([(b.heading, g.width - 2 * PAD, "B") for b in g.blocks])
        groups = [replace(gr, title=initials(gr.title)) if titles else gr for gr in g.groups]
        blocks = [
            replace(
                b,
                rows=[
                    [initials(t) if j in cut else t for j, t in enumerate(row)] for row in b.rows
                ],
                heading=initials(b.heading) if heads else b.heading,
            )
            for b in g.blocks
        ]
        return replace(g, groups=groups, blocks=blocks)

    chart = doc.chart
    if chart is not None:
        keys = [(key(n, vs), KEY_W[1] - KEY_LINE, "") for n, vs in chart.series]
        if short(keys):
            chart = replace(chart, series=[(initials(n), vs) for n, vs in chart.series])
    out = replace(
        doc, grid=grid(doc.grid), after=[[grid(g) for g in row] for row in doc.after], chart=chart
    )
    legend = " ".join(doc.legend)
    pairs = [f"{t} = {p}" for p, t in tags.items()]
    if used and not all(pair in legend for pair in pairs):
        out.legend = [*doc.legend, initials_line(pairs)]
    return out


# -- layout ------------------------------------------------------------------------------------


def _header_height(lines: int) -> float:
    return TITLE_H + lines * LINE_H + 2.0


def _grid_head(grid: Grid) -> float:
    return (
        (GROUP_H if any(g.title for g in grid.groups) else 0.0)
        + HEAD_H
        + (LINE_H if grid.title else 0.0)
    )


def _text_lines(
    pdf: FPDF, text: str, width: float, size: float, style: str = "", *, clauses: bool = False
) -> list[str]:
    """``text`` broken into lines that fit ``width`` at ``size`` pt: between words, or
    with ``clauses`` after a comma or at a wide space (a list of names stays whole where
    a name fits a line); a word wider than the line between its letters."""
    pdf.set_font(FONT, style, size)

    def fits(line: str) -> bool:
        return pdf.get_string_width(line) <= width

    units = re.split(r"((?<=,) +| {2,})" if clauses else r"( +)", text)
    lines: list[str] = []
    line = ""
    for k in range(0, len(units), 2):
        unit, sep = units[k], units[k - 1] if k else ""
        if line and fits(line + sep + unit):
            line += sep + unit
            continue
        if fits(unit) or clauses:
            if line:
                lines.append(line)
            parts = [unit] if fits(unit) else _text_lines(pdf, unit, width, size, style)
        else:
            # A word wider than a line: its letters, from where the line stands.
            parts = [line + sep if line and fits(line + sep + unit[0]) else ""]
            if line and not parts[0]:
                lines.append(line)
            for ch in unit:
                if parts[-1] and not fits(parts[-1] + ch):
                    parts.append("")
                parts[-1] += ch
        lines += parts[:-1]
        line = parts[-1]
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
    code_w = doc.code.size + GAP if doc.code is not None else 0.0
    top_lines = [
        part
        for line in doc.lines
        for part in _text_lines(pdf, line, avail_w - code_w, 10, clauses=True)
    ]

    def new_page() -> _Page:
        top = MARGIN + _header_height(0 if pages else len(top_lines))
        if not pages and doc.code is not None:
            top = max(top, MARGIN + doc.code.size + 2.0)
        xs = [MARGIN + k * (flow_w + GAP) for k in range(n_flow)]
        page = _Page([(x, top) for x in xs], [], [])
        pages.append(page)
        return page

    legend = [line for text in doc.legend for line in _text_lines(pdf, text, avail_w, LEGEND_PT)]
    legend_h = len(legend) * LEGEND_PT * 0.45
    page = new_page()
    col = 0
    y = page.columns[0][1] + _grid_head(grid)
    rh = grid.row_height
    for block in grid.blocks:
        if block.new_page and page.pieces:
            # A continuation page: the legend stays under the first page's rows if it fits.
            low = max(p.y + (HEADING_H if p.heading else 0) + len(p.rows) * rh for p in page.pieces)
            if legend and len(pages) == 1 and low + SPACE + legend_h <= bottom:
                page.items.append(("legend", MARGIN, low + SPACE, legend))
                legend = []
            page = new_page()
            col = 0
            y = page.columns[0][1] + _grid_head(grid)
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
    flow = _Flow(new_page, bottom, page, (max(used) if used else page.columns[0][1]) + SPACE)
    _after(doc, pdf, flow, avail_w, legend)
    return _Layout(orientation, width, height, scale, flow_w, pages, top_lines)


@dataclass(slots=True)
class _Flow:
    """Where the next thing after the grid goes: a page and the height on it."""

    new_page: Callable[[], _Page]
    bottom: float
    page: _Page
    y: float

    def fresh(self) -> None:
        self.page = self.new_page()
        self.y = self.page.columns[0][1]

    def place(self, kind: str, h: float, what: Any, x: float = MARGIN) -> None:
        if self.y + h > self.bottom:
            self.fresh()
        self.page.items.append((kind, x, self.y, what))
        self.y += h + SPACE

    def tables(self, row: list[Grid], h: float, avail_w: float) -> None:
        """A row of tables side by side."""
        if self.y + h > self.bottom:
            self.fresh()
        x = MARGIN
        gap = min(GAP, (avail_w - sum(g.width for g in row)) / max(1, len(row) - 1))
        for g in row:
            self.page.items.append(("grid", x, self.y, g))
            x += g.width + gap
        self.y += h + SPACE


def _after(doc: Doc, pdf: FPDF, flow: _Flow, avail_w: float, legend: list[str]) -> None:
    """The notes, the tables, the chart and the ``legend`` (its lines), after the grid."""
    for note in doc.notes:
        for line in _text_lines(pdf, note, avail_w, 10, "B", clauses=True):
            flow.place("note", LINE_H, line)
    # Tables side by side while the page is wide enough for them, else one under another.
    rows: list[list[Grid]] = []
    for after in doc.after:
        rows.append([])
        for g in after:
            if rows[-1] and sum(x.width + MIN_GAP for x in rows[-1]) + g.width > avail_w:
                rows.append([])
            rows[-1].append(g)
    heights = [
        max(_grid_head(g) + sum(len(b.rows) for b in g.blocks) * g.row_height for g in row)
        for row in rows
    ]
    legend_h = len(legend) * LEGEND_PT * 0.45
    chart = doc.chart if doc.chart is not None and doc.chart.labels else None
    if chart is None:
        for row, h in zip(rows, heights, strict=True):
            flow.tables(row, h, avail_w)
    else:
        # The tables and the chart on one page, the chart beside the last row of tables
        # where the page is wide enough, and as tall as the page leaves room for; all
        # together on the next page when this one has too little room left.
        above, beside = _band(rows, heights, avail_w)

        def space_left() -> float:
            return flow.bottom - flow.y - (legend_h + SPACE if legend else 0.0)

        if above + max(beside, CHART_H[0]) > space_left():
            flow.fresh()
        if above + max(beside, CHART_H[0]) > space_left():
            # Too much for one page: the tables one row after another, then the chart.
            for row, h in zip(rows, heights, strict=True):
                flow.tables(row, h, avail_w)
            rows, heights, above, beside = [], [], 0.0, 0.0
            if CHART_H[0] > space_left():
                flow.fresh()
        chart_h = max(CHART_H[0], min(CHART_H[1], space_left() - above))
        for row, h in zip(rows[:-1] if beside else rows, heights, strict=False):
            flow.tables(row, h, avail_w)
        chart_x = MARGIN
        if beside:
            chart_x += sum(g.width for g in rows[-1]) + GAP * len(rows[-1])
            top = flow.y
            flow.tables(rows[-1], heights[-1], avail_w)
            flow.y = top
        chart_w = avail_w - (chart_x - MARGIN)
        flow.page.items.append(("chart", chart_x, flow.y, (chart, chart_w, chart_h)))
        flow.y += max(chart_h, beside) + SPACE
    if legend:
        flow.place("legend", legend_h, legend)


def _band(rows: list[list[Grid]], heights: list[float], avail_w: float) -> tuple[float, float]:
    """How the tables after the grid and the chart share a page: the height of what is
    above the chart, and that of the tables beside it (0 when the chart goes under
    them all, the page being too narrow for it beside the last row)."""
    if rows and avail_w - sum(g.width + GAP for g in rows[-1]) >= CHART_W:
        return sum(h + SPACE for h in heights[:-1]), heights[-1]
    return sum(h + SPACE for h in heights), 0.0


# -- drawing -----------------------------------------------------------------------------------


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
    room = w - 2 * PAD
    fit(pdf, text, room, size, style)
    lines = [text]
    if pdf.get_string_width(text) > room:
        # Too wide even at the smallest size: over two lines or more, as the row allows.
        for s in (size - 0.5 * k for k in range(int((size - MIN_FONT) / 0.5) + 1)):
            lines = _text_lines(pdf, text, room, s, style)
            if len(lines) * s * LEAD <= h - 0.4:
                break
        else:
            lines = _squeezed(pdf, text, room, int(h / (MIN_FONT * LEAD)), style)
    lh = pdf.font_size_pt * LEAD if len(lines) > 1 else h
    y += (h - lh * len(lines)) / 2
    for line in lines:
        pdf.set_xy(x + PAD, y)
        pdf.cell(room, lh, line, align=align)
        y += lh


def _squeezed(pdf: FPDF, text: str, room: float, most: int, style: str) -> list[str]:
    """At most ``most`` lines of ``text``, its longest words without a digit cut short
    with "…" one letter at a time: a number is never cut."""
    words = text.split(" ")
    while len(lines := _text_lines(pdf, " ".join(words), room, MIN_FONT, style)) > max(1, most):
        cuts = [i for i, w in enumerate(words) if len(w) > 2 and not re.search(r"\d", w)]
        if not cuts:
            return lines[: max(1, most)]
        k = max(cuts, key=lambda i: len(words[i]))
        words[k] = words[k].removesuffix("…")[:-1] + "…"
    return lines


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
            shown = bool(g.title)
            fill = HEAD_GREY if shown else None
            _cell(pdf, cx, y, w, GROUP_H, g.title, size=8.5, style="B", fill=fill, border=shown)
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
        heading = piece.block.heading
        if piece.rows.start != 0:
            heading = continued(heading)
        _cell(pdf, piece.x, y, total, HEADING_H, heading, size=8.5, style="B", align="L", fill=GREY)
        y += HEADING_H
    rh = grid.row_height
    for i in piece.rows:
        row = piece.block.rows[i]
        style = "B" if i in piece.block.bold else ""
        cx = piece.x
        for j, (c, text) in enumerate(zip(grid.columns, row, strict=True)):
            w = c.width * scale
            fill = GREY if c.shaded or (i, j) in piece.block.shade else None
            _cell(pdf, cx, y, w, rh, text, size=grid.font, style=style, align=c.align, fill=fill)
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
        title = doc.title if number == 1 else page_title(doc.title, number)
        pdf.cell(layout.width - 2 * MARGIN, TITLE_H, title)
        y = MARGIN + TITLE_H
        if number == 1 and doc.code is not None:
            draw_code(pdf, doc.code, layout.width - MARGIN - doc.code.size, MARGIN)
        if number == 1:
            pdf.set_font(FONT, "", 10)
            for line in layout.head:
                pdf.set_xy(MARGIN, y)
                pdf.cell(layout.width - 2 * MARGIN, LINE_H, line)
                y += LINE_H
        if len(layout.pages) > 1:
            # Just under the bottom margin, clear of a printer's edge.
            pdf.set_font(FONT, "", 7.5)
            pdf.set_xy(MARGIN, layout.height - MARGIN + 0.5)
            pdf.cell(layout.width - 2 * MARGIN, 3.5, page_of(number, len(layout.pages)), align="R")
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
                chart, w, h = what
                draw_chart(pdf, chart, x, y, w, h)
            elif kind == "legend":
                pdf.set_font(FONT, "", LEGEND_PT)
                for line in what:
                    pdf.set_xy(x, y)
                    pdf.cell(layout.width - 2 * MARGIN, LEGEND_PT * 0.45, line)
                    y += LEGEND_PT * 0.45
