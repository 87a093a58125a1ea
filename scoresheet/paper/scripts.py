"""The writing of a document's text on paper: all of it, and which way.

Which font draws each character is for :mod:`scoresheet.paper.fonts` to find. Names
written right to left (Hebrew, Arabic): fpdf2 draws such text right to left, Arabic
letters joined, once text shaping is on (HarfBuzz); each such name, and its initials,
is set apart as a unit of its own (a first-strong isolate), so the line around it still
reads left to right.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from scoresheet.paper.model import Doc, Grid


def texts(doc: Doc) -> list[str]:
    """Every text ``doc`` prints."""
    grids = [doc.grid, *(g for row in doc.after for g in row)]
    out = [doc.title, *doc.lines, *doc.notes, *doc.legend]
    for g in grids:
        out += [g.title, *(c.head for c in g.columns), *(gr.title for gr in g.groups)]
        for block in g.blocks:
            out.append(block.heading)
            out += [cell for row in block.rows for cell in row]
    if doc.chart is not None:
        out += [doc.chart.title, doc.chart.target_label]
        out += [name for name, _ in doc.chart.series]
    return out


FSI, PDI = "\u2068", "\u2069"  # first-strong isolate, pop directional isolate


def right_to_left(doc: Doc) -> list[str]:
    """The players whose names are written right to left (Hebrew, Arabic)."""
    return [
        p
        for p in doc.initials
        if any(unicodedata.bidirectional(c) in ("R", "AL") for c in p if not c.isascii())
    ]


def isolated(doc: Doc, names: list[str]) -> Doc:
    """``doc`` with each right-to-left name (and its initials) set apart as a unit of its
    own: drawn right to left inside, while the line around it, and a list of names,
    still reads left to right in seating order. Without it, "علي بن أحمد declares"
    began at the right, and two such names side by side swapped places."""
    if not names:
        return doc

    def alternatives(words: set[str]) -> str:
        return "|".join(map(re.escape, sorted(words, key=len, reverse=True)))

    tags = {doc.initials[p] for p in names}
    whole = re.compile(r"(?<!\w)(?:" + alternatives({*names, *tags}) + r")(?!\w)")
    # Initials run together in a doubles code ("RעדC"): each one a unit too, or two
    # such initials side by side would swap places.
    loose = re.compile(alternatives(tags))
    done = re.compile(f"({FSI}.*?{PDI})")

    def iso(text: str) -> str:
        text = whole.sub(lambda m: FSI + m.group() + PDI, text)
        return "".join(
            part if part.startswith(FSI) else loose.sub(lambda m: FSI + m.group() + PDI, part)
            for part in done.split(text)
        )

    def grid(g: Grid) -> Grid:
        return replace(
            g,
            title=iso(g.title),
            columns=[replace(c, head=iso(c.head)) for c in g.columns],
            groups=[replace(gr, title=iso(gr.title)) for gr in g.groups],
            blocks=[
                replace(b, rows=[[iso(t) for t in row] for row in b.rows], heading=iso(b.heading))
                for b in g.blocks
            ],
        )

    chart = doc.chart
    if chart is not None:
        chart = replace(chart, series=[(iso(n), vs) for n, vs in chart.series])
    return replace(
        doc,
        title=iso(doc.title),
        lines=[iso(t) for t in doc.lines],
        notes=[iso(t) for t in doc.notes],
        legend=[iso(t) for t in doc.legend],
        grid=grid(doc.grid),
        after=[[grid(g) for g in row] for row in doc.after],
        chart=chart,
    )
