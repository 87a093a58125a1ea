"""A planned cell: what every game's workbook writes, and what its audit compares.

A game's sheet module plans every cell of its workbook as a :class:`Cell` (its place,
the value the library computes, the formula that computes it in the sheet, its style
and what it is); the writer (:mod:`scoresheet.sheets.write`) writes them, the audit
(:mod:`scoresheet.sheets.findings`) compares a workbook with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheet.i18n import NP_, pgettext


@dataclass(frozen=True, slots=True)
class SheetError:
    """An error value shown in a cell, such as ``#N/A``."""

    code: str

    def __str__(self) -> str:
        return self.code


NA = SheetError("#N/A")
Value = int | float | str | bool | SheetError | None


@dataclass(slots=True)
class Cell:
    """One cell to write. For a formula cell ``value`` is what the library computes."""

    sheet: str
    row: int
    col: int
    value: Value
    formula: str | None = None  # without the leading "="
    style: str = ""
    label: str = ""  # what the cell is, for an audit's findings: "deal 7, Bob, score"
    deal: int | None = None

    @property
    def ref(self) -> str:
        return f"{col_letter(self.col)}{self.row}"

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.ref}"


def col_letter(col: int) -> str:
    """``1`` → ``A``, ``28`` → ``AB``.

    >>> col_letter(1), col_letter(26), col_letter(28), col_letter(703)
    ('A', 'Z', 'AB', 'AAA')
    """
    out = _LETTERS.get(col)
    if out is None:
        out, rest = "", col
        while rest:
            rest, rem = divmod(rest - 1, 26)
            out = chr(65 + rem) + out
        _LETTERS[col] = out
    return out


_LETTERS: dict[int, str] = {}  # every column named so far: a workbook names each thousands of times


def ref(
    col: int, row: int, *, sheet: str = "", fixed_col: bool = True, fixed_row: bool = False
) -> str:
    """A cell reference for a formula: ``Results!$E5``."""
    text = f"{'$' if fixed_col else ''}{col_letter(col)}{'$' if fixed_row else ''}{row}"
    return f"{sheet}!{text}" if sheet else text


def text_literal(text: str) -> str:
    """A string as a formula literal: quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


# A place as a column heading (the stats' places, the dominoes' going out).
ORDINALS = (
    NP_("sheet heading", "1st"),
    NP_("sheet heading", "2nd"),
    NP_("sheet heading", "3rd"),
    NP_("sheet heading", "4th"),
    NP_("sheet heading", "5th"),
    NP_("sheet heading", "6th"),
)


def ordinal_heading(n: int) -> str:
    """``1st``… as a heading, in the language in force.

    >>> ordinal_heading(2), ordinal_heading(8)
    ('2nd', '8th')
    """
    if n <= len(ORDINALS):
        return pgettext("sheet heading", ORDINALS[n - 1])
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
