"""The chart of a printed game, drawn with lines and text only: each player's or team's
running totals, one point per deal, a key naming each line with where it ends, and a
race's target as a dashed line across."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from scoresheet.i18n import _
from scoresheet.paper.fonts import FONT, fit
from scoresheet.paper.kit import signed
from scoresheet.paper.model import Chart

if TYPE_CHECKING:
    from fpdf import FPDF

KEY_W = (35.0, 60.0)  # mm: the chart's key, at least and at most
KEY_LINE = 10.0  # mm: the key's sample line, before each name
LINE_COLOURS = (
    (31, 119, 180),
    (214, 39, 40),
    (44, 160, 44),
    (148, 103, 189),
    (255, 127, 14),
    (23, 190, 207),
)


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


def key(name: str, series: list[int]) -> str:
    """A line's name in the chart's key, with where it ends: ``Ann +219``."""
    return f"{name} {signed(series[-1])}" if series else name


def draw_chart(pdf: FPDF, chart: Chart, x: float, y: float, w: float, h: float) -> None:
    """A line chart of running totals, drawn with lines and text only."""
    pdf.set_font(FONT, "B", 9)
    pdf.set_xy(x, y)
    pdf.cell(w, 5, chart.title)
    values = [v for _name, vs in chart.series for v in vs] + [0]
    if chart.target is not None:
        values.append(chart.target)
    lo, hi = min(values), max(values)
    step = nice_step(hi - lo)
    lo = math.floor(lo / step) * step
    hi = math.ceil(hi / step) * step
    if hi == lo:
        hi = lo + step
    # The key as wide as its longest name needs, within KEY_W.
    pdf.set_font(FONT, "", 8)
    keys = [key(name, series) for name, series in chart.series]
    need = max([pdf.get_string_width(k) for k in keys], default=0.0) + KEY_LINE + 1
    legend_w = min(max(KEY_W[0], need), KEY_W[1])
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
    if chart.target is not None:
        # The target across the chart, dashed, its label above the line's left end (the
        # lines start low, far from it).
        pdf.set_line_width(0.3)
        pdf.set_dash_pattern(dash=1.5, gap=1.0)
        pdf.line(left, py(chart.target), right, py(chart.target))
        pdf.set_dash_pattern()
        fit(pdf, chart.target_label, right - left - 2, 7)
        pdf.set_xy(left + 1, py(chart.target) - 4)
        pdf.cell(right - left - 2, 3.5, chart.target_label, align="L")
        pdf.set_line_width(0.1)
        pdf.set_font(FONT, "", 7)
    every = max(1, math.ceil(n / 30))
    for i, label in enumerate(chart.labels):
        if i % every == 0 or i == n - 1:
            pdf.set_xy(px(i) - 4, bottom + 0.5)
            pdf.cell(8, 4, label, align="C")
    pdf.set_xy(left, bottom + 4)
    # Translators: the chart's horizontal axis: the deals, one after another.
    pdf.cell(right - left, 4, _("deal"), align="C")
    pdf.set_line_width(0.6)
    for k, (_name, series) in enumerate(chart.series):
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        pdf.set_draw_color(*colour)
        points = [(px(i), py(v)) for i, v in enumerate(series)]
        if len(points) == 1:
            pdf.line(points[0][0] - 0.5, points[0][1], points[0][0] + 0.5, points[0][1])
        elif points:
            pdf.polyline(points)
        ly = top + 2 + k * 5
        pdf.line(right + 3, ly, right + 9, ly)
        fit(pdf, keys[k], legend_w - KEY_LINE, 8)
        pdf.set_xy(right + KEY_LINE, ly - 2)
        pdf.cell(legend_w - KEY_LINE, 4, keys[k])
    pdf.set_line_width(0.2)
    pdf.set_draw_color(90, 90, 90)
