"""The Declarations sheet of a workbook laid out like Belote's (Coinche's too), read
back: each row put into its deal's result, or a finding naming the cell."""

from __future__ import annotations

from typing import Any, cast

from scoresheet.i18n import _
from scoresheet.partnership.rules import KINDS, RANK_KEYS
from scoresheet.partnership.sheet.layout import DEC, DECLARATIONS, FIRST, Layout
from scoresheet.sheets.findings import Report
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.read import Sheet, cell_text, number_message, show_value, whole_number


def read_declarations(
    layout: Layout,
    decl: Sheet,
    deals: list[dict[str, Any]],
    decl_rows: int,
    report: Report,
    bad: set[int],
) -> tuple[dict[int, tuple[int, dict[str, Any]]], set[int]]:
    """The Declarations sheet's rows (``decl``), each put into its deal's result; the rows
    placed, and those that cannot be read (a deal with a row that cannot be read is added
    to ``bad``)."""
    labels = {layout.labels[0]: 0, layout.labels[1]: 1}
    placed: dict[int, tuple[int, dict[str, Any]]] = {}
    bad_rows: set[int] = set()
    for i in range(decl_rows):
        row = FIRST + i
        cells = [decl.value(row, c) for c in (DEC.deal, DEC.team, DEC.kind, DEC.rank)]
        if all(c is None for c in cells):
            continue
        number = whole_number(cells[0]) if cells[0] is not None else None
        if number is None or not 1 <= number <= len(deals):
            report.add(
                None,
                f"{DECLARATIONS}!A{row}",
                _("declaration row {row}").format(row=row),
                number_message(
                    cells[0],
                    _("{show_value} is not a deal of the game").format(
                        show_value=show_value(cells[0])
                    ),
                ),
            )
            bad_rows.add(row)
            continue
        team = cell_text(cells[1])
        kind = (cell_text(cells[2]) or "").casefold()
        rank = (cell_text(cells[3]) or "").upper()
        # The sheet's lookups ignore case, as spreadsheets do; anything else is refused.
        problem = (
            (DEC.team, _("{show_value} is not a team").format(show_value=show_value(cells[1])))
            if team not in labels
            else (
                DEC.kind,
                _("{show_value} is not a declaration ({kinds})").format(
                    show_value=show_value(cells[2]), kinds=", ".join(KINDS)
                ),
            )
            if kind not in KINDS
            else (
                DEC.rank,
                _("{show_value} is not a rank (A, K, Q, J, 10, 9, 8, 7)").format(
                    show_value=show_value(cells[3])
                ),
            )
            if rank not in RANK_KEYS
            else None
        )
        if problem is not None:
            col, message = problem
            report.add(
                number,
                f"{DECLARATIONS}!{col_letter(col)}{row}",
                _("deal {number}, declaration").format(number=number),
                message,
            )
            bad.add(number)
            bad_rows.add(row)
            continue
        x = {"team": labels[cast("str", team)], "kind": kind, "rank": rank}
        deals[number - 1]["result"].setdefault("declarations", []).append(x)
        placed[row] = (number, x)
    return placed, bad_rows
