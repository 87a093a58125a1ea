"""Text that fits the terminal it is printed on: widths in display cells, tables that
fall back to a compact layout or to blocks rather than wrap a row, and colour only
where it is wanted.

Widths are counted in display cells, not characters: an East Asian wide character
(山) takes two cells, a combining mark none. Colour is plain ANSI SGR codes (no
library: the table commands must start fast), written only on a terminal, never in a
pipe or a file, and never when ``NO_COLOR`` is set.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TextIO

__all__ = [
    "MIN_WIDTH",
    "Layout",
    "Styled",
    "Term",
    "cells",
    "clip",
    "fit_table",
    "plural",
    "ranks",
    "signed_style",
    "wrap",
]

MIN_WIDTH = 30
"""Narrower than this nothing useful fits; a narrower terminal is treated as this wide."""

_SGR = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "cyan": "36",
}


def cells(text: str) -> int:
    """The display width of ``text`` in terminal cells.

    >>> cells("Ann"), cells("山田"), cells("Zoë"), cells("Zoe\\u0308")
    (3, 4, 3, 3)
    """
    if text.isascii() or text.translate(_OWN_SYMBOLS).isascii():
        return len(text)
    return _wide_cells(text)


# The symbols the views print themselves, each one cell wide: text made of ASCII and
# these needs no look-up (nor the width library's import, on most commands).
_OWN_SYMBOLS = str.maketrans(dict.fromkeys(map(ord, "✓✗Σ–—…♠♥♦♣×←→·"), None))


@lru_cache(maxsize=4096)
def _wide_cells(text: str) -> int:
    from wcwidth import wcswidth

    width: int = wcswidth(text)
    if width < 0:  # a control character: count it as one cell, as it is shown escaped
        return sum(_char_cells(c) for c in text)
    return width


def _char_cells(char: str) -> int:
    from wcwidth import wcwidth

    width: int = wcwidth(char)
    return width if width >= 0 else 1


def clip(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` cells, with ``…`` where it was cut, never inside
    a symbol (an accent, a family emoji, a flag stay whole).

    >>> clip("Barbara", 5), clip("山田太郎", 5), clip("Ann", 5)
    ('Barb…', '山田…', 'Ann')
    """
    if cells(text) <= width:
        return text
    out, used = [], 0
    for g in graphemes(text):
        w = 1 if g.isascii() else cells(g)
        if used + w > width - 1:
            break
        out.append(g)
        used += w
    return "".join(out) + "…"


def graphemes(text: str) -> list[str]:
    """``text`` as the symbols a reader sees: a letter with its accents, an emoji with
    its joined parts, skin tone and variation selector, a flag's two letters.

    >>> [len(g) for g in graphemes("Zoe\u0308")], len(graphemes("👩\u200d👩\u200d👧"))
    ([1, 1, 2], 1)
    >>> graphemes("🇫🇷🇫🇮")
    ['🇫🇷', '🇫🇮']
    """
    if text.isascii():
        return list(text)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        if _regional(text[i]) and j < n and _regional(text[j]):
            j += 1  # a flag: two regional indicators
        while j < n:
            if text[j] == ZWJ and j + 1 < n:
                j += 2  # joined to the next symbol
            elif _extends(text[j]):
                j += 1
            else:
                break
        out.append(text[i:j])
        i = j
    return out


ZWJ = "\u200d"


def _regional(c: str) -> bool:
    return "\U0001f1e6" <= c <= "\U0001f1ff"


def _extends(c: str) -> bool:
    """Whether ``c`` belongs to the symbol before it (a mark, a selector, a modifier)."""
    if c.isascii():
        return False
    if c == ZWJ or "\ufe00" <= c <= "\ufe0f" or "\U0001f3fb" <= c <= "\U0001f3ff":
        return True
    if "\U000e0020" <= c <= "\U000e007f":  # tag characters (subdivision flags)
        return True
    return unicodedata.category(c) in ("Mn", "Me", "Mc")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 deal``, ``2 deals``, ``0 deals``.

    >>> plural(1, "deal"), plural(3, "deal"), plural(2, "double", "doubles")
    ('1 deal', '3 deals', '2 doubles')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def ranks(scores: Sequence[int], *, low_wins: bool = False) -> list[int]:
    """Standard competition ranking ("1224"): tied players share the better place and the
    next place is skipped. Used by every game's standings.

    >>> ranks([50, 20, 20, -10])
    [1, 2, 2, 4]
    >>> ranks([5, 9, 5], low_wins=True)
    [1, 3, 1]
    """
    return [1 + sum(1 for o in scores if (o < s if low_wins else o > s)) for s in scores]


class Styled:
    """A table cell with a style (``"red"``, ``"bold green"``): the style is dropped when
    the terminal gets no colour, and never counts towards the width.

    (Plain classes rather than dataclasses here: this module is imported by every table
    command, and building a dataclass costs a millisecond of start-up.)
    """

    __slots__ = ("style", "text")

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def __repr__(self) -> str:
        return f"Styled({self.text!r}, {self.style!r})"


Cell = str | Styled


def _text(cell: Cell) -> str:
    return cell.text if isinstance(cell, Styled) else cell


def _style(cell: Cell) -> str:
    return cell.style if isinstance(cell, Styled) else ""


def signed_style(value: int) -> str:
    """The style of a score: red when negative."""
    return "red" if value < 0 else ""


class Term:
    """Where the text goes: how many cells wide (at least :data:`MIN_WIDTH`), and whether
    it takes colour."""

    __slots__ = ("colour", "width")

    def __init__(self, width: int = 80, colour: bool = False) -> None:
        self.width = max(width, MIN_WIDTH)
        self.colour = colour

    def __repr__(self) -> str:
        return f"Term(width={self.width}, colour={self.colour})"

    @classmethod
    def detect(cls, width: int | None = None, stream: TextIO | None = None) -> Term:
        """The terminal standard output goes to: ``width`` if given, else ``COLUMNS``, else
        the terminal's own width, else 80; colour only on a terminal and without
        ``NO_COLOR`` (``FORCE_COLOR`` asks for it even in a pipe)."""
        out = stream if stream is not None else sys.stdout
        if width is None:
            width = shutil.get_terminal_size((80, 24)).columns or 80
        if os.environ.get("NO_COLOR"):
            colour = False
        elif os.environ.get("FORCE_COLOR", "0") not in ("", "0"):
            colour = True
        else:
            try:
                tty = out.isatty()
            except (AttributeError, ValueError):
                tty = False
            colour = tty and os.environ.get("TERM") != "dumb"
        return cls(width=width, colour=colour)

    def paint(self, text: str, style: str) -> str:
        """``text`` in ``style`` (space-separated names) when colour is on."""
        if not self.colour or not style or not text:
            return text
        codes = ";".join(_SGR[s] for s in style.split())
        return f"\x1b[{codes}m{text}\x1b[0m"

    def lines(self, text: str, *, indent: str = "  ") -> str:
        """Prose fitted to the width: each line of ``text`` wrapped at spaces, continued
        under ``indent``."""
        return "\n".join(
            line for para in text.split("\n") for line in wrap(para, self.width, indent)
        )


def wrap(text: str, width: int, indent: str = "  ", *, clip_words: bool = True) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` cells; continuation lines
    start with ``indent``; a word longer than a line is clipped (or, with ``clip_words``
    false, kept whole on a line of its own: a file name must not lose its end).

    >>> wrap("Next, deal 3: Ann declares.", 14)
    ['Next, deal 3:', '  Ann', '  declares.']
    >>> wrap("see a-very-long-name.json now", 12, clip_words=False)
    ['see', '  a-very-long-name.json', '  now']
    """
    cut = clip if clip_words else _whole
    if cells(text) <= width:
        return [text]
    lead = text[: len(text) - len(text.lstrip(" "))]
    out: list[str] = []
    line = ""
    for word in text.split():
        if not line:
            line = cut((indent if out else lead) + word, width)
        elif cells(f"{line} {word}") <= width:
            line = f"{line} {word}"
        else:
            out.append(line)
            line = cut(indent + word, width)
    if line:
        out.append(line)
    return out


def _whole(text: str, width: int) -> str:
    return text


_LAST_COLUMN = re.compile(r"\S {2,}(?=\S)")


def fit_lines(text: str, width: int, *, columns: bool = True) -> str:
    """Text laid out in columns (two spaces or more between them) or as indented prose,
    fitted to ``width``: a line too long is broken at spaces, never cut. With
    ``columns``, its continuation is indented under its last column; otherwise (or when
    that column starts too far right to leave room) two cells further in than the line,
    each piece keeping its spacing, so the columns before the break stay aligned.

    >>> print(fit_lines("name   a description that runs on", 24))
    name   a description
           that runs on
    >>> print(fit_lines("  doubling: each player doubles twice", 20))
      doubling: each
        player doubles
        twice
    >>> print(fit_lines("  Ann  no-tricks 2, no-hearts 0, no-jacks 4", 30, columns=False))
      Ann  no-tricks 2, no-hearts
        0, no-jacks 4
    """
    out: list[str] = []
    for line in text.split("\n"):
        if cells(line) <= width:
            out.append(line)
            continue
        starts = [m.end() for m in _LAST_COLUMN.finditer(line)] if columns else []
        col = max((c for c in starts if cells(line[:c]) <= width - 16), default=0)
        if not col:
            out.extend(_break_at_spaces(line, width))
            continue
        head, tail = line[:col], line[col:]
        first, *rest = wrap(tail, width - cells(head), "", clip_words=False)
        out.append(head + first)
        out.extend(" " * cells(head) + part for part in rest)
    return "\n".join(out)


def _break_at_spaces(line: str, width: int) -> list[str]:
    """A line broken at its last spaces that fit, each piece keeping its own spacing,
    continued two cells further in than the line (indented as far as leaves room for
    words); a word wider than the line is kept whole."""
    lead = line[: len(line) - len(line.lstrip(" "))][: max(width - 16, 0)]
    line = lead + line.lstrip(" ")
    out: list[str] = []
    while cells(line) > width:
        spaces = [i for i, c in enumerate(line) if c == " " and i > len(lead)]
        fits = [i for i in spaces if cells(line[:i].rstrip()) <= width]
        cut = fits[-1] if fits else next(iter(spaces), None)
        if cut is None or not line[:cut].strip():
            break  # one word wider than the terminal: kept whole
        out.append(line[:cut].rstrip())
        line = f"{lead}  {line[cut:].lstrip()}"
    out.append(line)
    return out


class Layout:
    """One way to lay out a table: the header, the rows, the right-aligned columns, how
    many leading columns identify a row (repeated in every block when the table is
    stacked), the legend lines that explain its abbreviations, whether a rule underlines
    the header, a style for whole rows, and the columns that start a group kept together
    in one block where it fits (the running totals after the scores)."""

    def __init__(
        self,
        header: Sequence[Cell],
        rows: Sequence[Sequence[Cell]],
        *,
        right: set[int] | None = None,
        keep: int = 1,
        legend: Sequence[str] = (),
        rule: bool = True,
        row_style: Callable[[int], str] | None = None,
        groups: Sequence[int] = (),
    ) -> None:
        self.header = header
        self.rows = rows
        self.right = right or set()
        self.keep = keep
        self.legend = legend
        self.rule = rule
        self.row_style = row_style
        self.groups = groups
        every = [header, *rows]
        self.widths = [max(cells(_text(r[i])) for r in every) for i in range(len(header))]
        """Each column's width in cells: its widest cell, header included."""


def _widths(layout: Layout, columns: Sequence[int]) -> list[int]:
    return [layout.widths[i] for i in columns]


def _render(term: Term, layout: Layout, columns: Sequence[int], limit: int | None) -> list[str]:
    widths = _widths(layout, columns)
    # Only when a column cannot fit beside the row keys: cut the widest cells, by a cell
    # at a time, until the line fits.
    while limit is not None and sum(widths) + 2 * (len(widths) - 1) > limit:
        widest = max(range(len(widths)), key=lambda i: widths[i])
        if widths[widest] <= 1:
            break
        widths[widest] -= 1

    def line(row: Sequence[Cell], style: str = "") -> str:
        parts = []
        for col, w in zip(columns, widths, strict=True):
            cell = row[col]
            text = _text(cell)
            used = cells(text)
            if used > w:
                text = clip(text, w)
                used = cells(text)
            pad = " " * (w - used)
            shown = term.paint(text, _style(cell) or style)
            parts.append(pad + shown if col in layout.right else shown + pad)
        return "  ".join(parts).rstrip()

    out = [line(layout.header)]
    if layout.rule:
        out.append("  ".join("-" * w for w in widths))
    for i, row in enumerate(layout.rows):
        style = layout.row_style(i) if layout.row_style else ""
        out.append(line(row, style))
    return out


def _natural(layout: Layout, columns: Sequence[int]) -> int:
    widths = _widths(layout, columns)
    return sum(widths) + 2 * (len(widths) - 1)


def fit_table(term: Term, layouts: Sequence[Layout]) -> str:
    """The first layout that fits the terminal whole; if none does, the last one stacked
    in blocks: each block repeats the row keys and takes as many further columns as
    fit. No line is ever wider than the terminal."""
    for layout in layouts:
        every = range(len(layout.header))
        if _natural(layout, every) <= term.width:
            return "\n".join([*_render(term, layout, every, None), *_legend(term, layout)])
    layout = layouts[-1]
    keys = list(range(min(layout.keep, len(layout.header))))
    starts = sorted({len(keys), *(g for g in layout.groups if g > len(keys))})
    groups = [
        list(range(a, b))
        for a, b in zip(starts, [*starts[1:], len(layout.header)], strict=True)
        if a < b
    ]
    blocks: list[list[int]] = []
    current: list[int] = []
    for group in groups:
        if current and _natural(layout, [*keys, *current, *group]) > term.width:
            blocks.append(current)
            current = []
        for col in group:
            if current and _natural(layout, [*keys, *current, col]) > term.width:
                blocks.append(current)
                current = []
            current.append(col)
    if current:
        blocks.append(current)
    out: list[str] = []
    for block in blocks:
        if out:
            out.append("")
        out += _render(term, layout, [*keys, *block], term.width)
    return "\n".join([*out, *_legend(term, layout)])


def _legend(term: Term, layout: Layout) -> list[str]:
    return [line for text in layout.legend for line in wrap(text, term.width)]
