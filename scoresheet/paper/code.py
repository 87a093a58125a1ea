"""A QR code on paper (a night's table card): black squares, drawn as vectors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scoresheet.paper.model import Code

if TYPE_CHECKING:
    from fpdf import FPDF


QUIET = 4  # modules of white around a QR code (its quiet zone)


def draw_code(pdf: FPDF, code: Code, x: float, y: float) -> None:
    """``code`` as black squares, ``code.size`` mm wide with its quiet zone, at (x, y):
    each row's runs of dark modules one rectangle each."""
    n = len(code.modules)
    module = code.size / (n + 2 * QUIET)
    pdf.set_fill_color(0, 0, 0)
    for r, row in enumerate(code.modules):
        c = 0
        while c < n:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < n and row[c]:
                c += 1
            left = x + (QUIET + start) * module
            top = y + (QUIET + r) * module
            pdf.rect(left, top, (c - start) * module, module + 0.01, style="F")  # no hairline
    pdf.set_fill_color(255, 255, 255)
