"""Belote's workbook written: the live workbook of a game, and blank workbooks.

The cells come from the plan (:func:`.plan.plan_workbook`); this module adds what a
spreadsheet has around them: the styles, drop-down lists, warning colours, column
widths, and the print setup. The :class:`Writer` does it for any game laid out like
Belote's: Coinche has its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.i18n import _
from scoresheet.partnership.rules import KINDS, RANK_KEYS
from scoresheet.partnership.sheet.layout import (
    DEC,
    DECLARATIONS,
    FIRST,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    Layout,
    Plan,
)
from scoresheet.sheets.plan import col_letter, text_literal
from scoresheet.sheets.read import category
from scoresheet.sheets.write import (
    AMBER_FILL,
    RED_FILL,
    cell_styles,
    check_text,
    print_setup,
    save_with_values,
    write_cells,
)

if TYPE_CHECKING:
    from openpyxl.formatting.rule import Rule
    from openpyxl.worksheet.worksheet import Worksheet


# The kinds of cell here → the kit's styles (scoresheet.sheets.write.STYLES).
STYLE_USES = {"deal": "centered", "formula": "grey", "score": "bold", "total": "bold", "": "fixed"}


@dataclass(frozen=True)
class Writer:
    """How the workbook of a game laid out like Belote's is written (Coinche's too):
    its layout, how a game file is scored and planned, the styles of its cells."""

    layout: type[Layout]
    score_game: Callable[[Mapping[str, Any]], Any]
    plan_workbook: Callable[[Any, Mapping[str, Any], Any], Plan[Any]]
    style_uses: Mapping[str, str]

    def export_workbook(self, record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
        """The workbook of a game file, as the bytes of an ``.xlsx`` file."""
        result = self.score_game(record)
        return self.render(self.layout.of(record, result), record, result, paper=paper)

    def blank_workbook(
        self, players: Sequence[str], rules: str | None = None, *, paper: str = "a4"
    ) -> bytes:
        """A workbook with no deals: to print, or to fill in at the table (``rules``: a
        preset, by default the game's own)."""
        data = {
            "format": "scoresheet-game",
            "version": 1,
            "game": self.layout.GAME,
            "rules": self.layout.GAME if rules is None else rules,
            "players": list(players),
            "deals": [],
        }
        record = rec.from_data(data, source="blank sheet")
        result = self.score_game(record)
        return self.render(self.layout.of(record, result, blank=True), record, result, paper=paper)

    def render(
        self, layout: Layout, record: Mapping[str, Any], result: Any, *, paper: str = "a4"
    ) -> bytes:
        """The workbook of a scored game laid out by ``layout``."""
        check_text(cast("Any", record))
        plan = self.plan_workbook(layout, record, result)
        wb = self._workbook(plan)
        rows = range(FIRST, layout.last + 1)
        hand = {SCORES: rows, RESULTS: rows} if not result.deals else None
        return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)

    def _workbook(self, plan: Plan[Any]) -> Any:
        from openpyxl import Workbook
        from openpyxl.workbook.defined_name import DefinedName

        lay = plan.layout
        wb = Workbook()
        wb.properties.category = category(lay.GAME)
        wb.properties.title = _("{title} score sheet").format(title=lay.TITLE)
        first = wb.active
        assert first is not None
        first.title = SCORES
        sheets: dict[str, Worksheet] = {SCORES: first}
        for title in SHEETS[1:]:
            sheets[title] = wb.create_sheet(title)
        write_cells(sheets, plan.cells, cell_styles(self.style_uses))
        for sheet, row, c1, c2 in plan.merges:
            sheets[sheet].merge_cells(start_row=row, start_column=c1, end_row=row, end_column=c2)
        for key, ref in plan.names.items():
            wb.defined_names[key] = DefinedName(key, attr_text=ref)
        _validations(sheets, lay)
        _conditional_formats(sheets, lay)
        _widths(sheets, lay)
        _print_setup(sheets, lay)
        return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    def add(ws: Worksheet, dv: DataValidation, col: int, first: int, last: int) -> None:
        dv.showErrorMessage = True
        letter = col_letter(col)
        dv.add(f"{letter}{first}:{letter}{last}")
        ws.add_data_validation(dv)

    res, last, cols = sheets[RESULTS], lay.last, lay.RES
    add(
        res,
        DataValidation(type="list", formula1="contracts", allow_blank=True, error=_("A contract.")),
        cols.contract,
        FIRST,
        last,
    )
    for col, formula, error in lay.lists():
        add(
            res,
            DataValidation(type="list", formula1=formula, allow_blank=True, error=error),
            col,
            FIRST,
            last,
        )
    top = max(lay.rules.card_total(c) for c in lay.rules.contracts)
    for col in cols.points:
        add(
            res,
            DataValidation(
                type="whole",
                operator="between",
                formula1="0",
                formula2=str(top),
                allow_blank=True,
                error=_("Card points: a whole number from 0 to {top}.").format(top=top),
            ),
            col,
            FIRST,
            last,
        )
    for col in (cols.last, cols.belote, cols.capot):
        add(
            res,
            DataValidation(type="list", formula1="teams", allow_blank=True, error=_("A team.")),
            col,
            FIRST,
            last,
        )
    dec, dlast = sheets[DECLARATIONS], lay.decl_last
    add(
        dec,
        DataValidation(type="list", formula1="teams", allow_blank=True, error=_("A team.")),
        DEC.team,
        FIRST,
        dlast,
    )
    add(
        dec,
        DataValidation(
            type="list",
            formula1=text_literal(",".join(KINDS)),
            allow_blank=True,
            error=_("A kind."),
        ),
        DEC.kind,
        FIRST,
        dlast,
    )
    add(
        dec,
        DataValidation(
            type="list",
            formula1=text_literal(",".join(reversed(RANK_KEYS))),
            allow_blank=True,
            error=_("A rank."),
        ),
        DEC.rank,
        FIRST,
        dlast,
    )


def _conditional_formats(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.formatting.rule import FormulaRule as _FormulaRule
    from openpyxl.styles import PatternFill

    FormulaRule = cast("Callable[..., Rule]", _FormulaRule)

    red = PatternFill("solid", fgColor=RED_FILL, bgColor=RED_FILL)
    amber = PatternFill("solid", fgColor=AMBER_FILL, bgColor=AMBER_FILL)
    ws, sc = sheets[SCORES], lay.SC
    s, o = col_letter(sc.sum), col_letter(sc.of)
    ws.conditional_formatting.add(
        f"{s}{FIRST}:{o}{lay.last}",
        FormulaRule(formula=[f'AND(${s}{FIRST}<>"",${s}{FIRST}<>${o}{FIRST})'], fill=red),
    )
    out = col_letter(sc.outcome)
    ws.conditional_formatting.add(
        f"{out}{FIRST}:{out}{lay.last}",
        FormulaRule(formula=[f'${out}{FIRST}="dedans"'], fill=amber),
    )
    if lay.rows > 1:
        # A deal after the game was won.
        w = col_letter(sc.won)
        ws.conditional_formatting.add(
            f"A{FIRST + 1}:{col_letter(sc.last)}{lay.last}",
            FormulaRule(formula=[f'AND(${w}{FIRST}<>"",$B{FIRST + 1}<>"")'], fill=red),
        )


def _widths(sheets: dict[str, Worksheet], lay: Layout) -> None:
    for title, ws in sheets.items():
        for col in range(1, (ws.max_column or 1) + 1):
            ws.column_dimensions[col_letter(col)].width = 12
        ws.column_dimensions["A"].width = 7 if title != RULES else 44
    for col in lay.RES.cards:
        sheets[RESULTS].column_dimensions[col_letter(col)].width = 40
    for col, width in lay.SC.widths().items():
        sheets[SCORES].column_dimensions[col_letter(col)].width = width


def _print_setup(sheets: dict[str, Worksheet], lay: Layout) -> None:
    # Frozen right of the deal's outcome and of who took what: in view while scrolling.
    panes = {
        SCORES: f"{col_letter(lay.SC.outcome + 1)}{FIRST}",
        RESULTS: f"{col_letter(lay.RES.points[0])}{FIRST}",
        DECLARATIONS: f"B{FIRST}",
        RULES: None,
    }
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "2:3",
            landscape=True,
        )
    sheets[SCORES].row_dimensions[3].height = 27
    # On paper, the scores; the working columns to their right are for the screen.
    sheets[SCORES].print_area = f"A1:{col_letter(lay.SC.printed)}{lay.totals_row}"
