"""Coinche's workbook written: the live workbook of a game, and blank workbooks.

The cells come from the plan (:func:`.plan.plan_workbook`); this module adds what a
spreadsheet has around them: the styles (the kit's table,
:data:`scoresheet.sheets.write.STYLES`), drop-down lists, warning colours, column widths,
and the print setup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.games.belote.rules import KINDS, RANK_KEYS
from scoresheet.games.coinche.score import GameScore, score_game
from scoresheet.games.coinche.sheet.layout import (
    DEC,
    DECLARATIONS,
    FIRST,
    GAME,
    RES,
    RESULTS,
    RULES,
    SC,
    SCORES,
    SHEETS,
    Layout,
    Plan,
    layout_for,
)
from scoresheet.games.coinche.sheet.plan import plan_workbook
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

# The names this game's plan gives its cells → the styles of the kit's table.
STYLE_USES = {"deal": "centered", "formula": "grey", "score": "bold", "total": "bold"}


def export_workbook(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The workbook of a Coinche game file, as the bytes of an ``.xlsx`` file."""
    result = score_game(record)
    return render(layout_for(record, result), record, result, paper=paper)


def blank_workbook(players: Sequence[str], rules: str = "coinche", *, paper: str = "a4") -> bytes:
    """A workbook with no deals: to print, or to fill in at the table."""
    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": rules,
        "players": list(players),
        "deals": [],
    }
    record = rec.from_data(data, source="blank sheet")
    result = score_game(record)
    return render(layout_for(record, result, blank=True), record, result, paper=paper)


def render(
    layout: Layout, record: Mapping[str, Any], result: GameScore, *, paper: str = "a4"
) -> bytes:
    """The workbook of a scored game laid out by ``layout``."""
    check_text(cast("Any", record))
    plan = plan_workbook(layout, record, result)
    wb = _workbook(plan)
    rows = range(FIRST, layout.last + 1)
    hand = {SCORES: rows, RESULTS: rows} if not result.deals else None
    return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)


def _workbook(plan: Plan) -> Any:
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    lay = plan.layout
    wb = Workbook()
    wb.properties.category = category(GAME)
    wb.properties.title = "Coinche score sheet"
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets: dict[str, Worksheet] = {SCORES: first}
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)
    write_cells(sheets, plan.cells, cell_styles(STYLE_USES))
    for sheet, row, c1, c2 in plan.merges:
        sheets[sheet].merge_cells(start_row=row, start_column=c1, end_row=row, end_column=c2)
    for key, ref in plan.names.items():
        wb.defined_names[key] = DefinedName(key, attr_text=ref)
    _validations(sheets, lay)
    _conditional_formats(sheets, lay)
    _widths(sheets)
    _print_setup(sheets, lay)
    return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    def add(ws: Worksheet, dv: DataValidation, col: int, first: int, last: int) -> None:
        dv.showErrorMessage = True
        letter = col_letter(col)
        dv.add(f"{letter}{first}:{letter}{last}")
        ws.add_data_validation(dv)

    res, last = sheets[RESULTS], lay.last
    add(
        res,
        DataValidation(type="list", formula1="contracts", allow_blank=True, error="A contract."),
        RES.contract,
        FIRST,
        last,
    )
    for col in (RES.taker, RES.coinche, RES.surcoinche):
        add(
            res,
            DataValidation(type="list", formula1="players", allow_blank=True, error="A player."),
            col,
            FIRST,
            last,
        )
    bids = ",".join(str(b) for b in lay.rules.bids())
    add(
        res,
        DataValidation(type="list", formula1=text_literal(bids), allow_blank=True, error="A bid."),
        RES.bid,
        FIRST,
        last,
    )
    top = max(lay.rules.card_total(c) for c in lay.rules.contracts)
    for col in RES.points:
        add(
            res,
            DataValidation(
                type="whole",
                operator="between",
                formula1="0",
                formula2=str(top),
                allow_blank=True,
                error=f"Card points: a whole number from 0 to {top}.",
            ),
            col,
            FIRST,
            last,
        )
    for col in (RES.last, RES.belote, RES.capot):
        add(
            res,
            DataValidation(type="list", formula1="teams", allow_blank=True, error="A team."),
            col,
            FIRST,
            last,
        )
    dec, dlast = sheets[DECLARATIONS], lay.decl_last
    add(
        dec,
        DataValidation(type="list", formula1="teams", allow_blank=True, error="A team."),
        DEC.team,
        FIRST,
        dlast,
    )
    add(
        dec,
        DataValidation(
            type="list", formula1=text_literal(",".join(KINDS)), allow_blank=True, error="A kind."
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
            error="A rank.",
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
    ws = sheets[SCORES]
    s, o = col_letter(SC.sum), col_letter(SC.of)
    ws.conditional_formatting.add(
        f"{s}{FIRST}:{o}{lay.last}",
        FormulaRule(formula=[f'AND(${s}{FIRST}<>"",${s}{FIRST}<>${o}{FIRST})'], fill=red),
    )
    out = col_letter(SC.outcome)
    ws.conditional_formatting.add(
        f"{out}{FIRST}:{out}{lay.last}",
        FormulaRule(formula=[f'${out}{FIRST}="dedans"'], fill=amber),
    )
    if lay.rows > 1:
        # A deal after the game was won.
        w = col_letter(SC.won)
        ws.conditional_formatting.add(
            f"A{FIRST + 1}:{col_letter(SC.last)}{lay.last}",
            FormulaRule(formula=[f'AND(${w}{FIRST}<>"",$B{FIRST + 1}<>"")'], fill=red),
        )


def _widths(sheets: dict[str, Worksheet]) -> None:
    for title, ws in sheets.items():
        for col in range(1, (ws.max_column or 1) + 1):
            ws.column_dimensions[col_letter(col)].width = 12
        ws.column_dimensions["A"].width = 7 if title != RULES else 44
    sheets[RESULTS].column_dimensions[col_letter(RES.cards[0])].width = 40
    sheets[RESULTS].column_dimensions[col_letter(RES.cards[1])].width = 40
    # The short columns of the scores narrower, so the printed scores fit one page wide.
    scores = sheets[SCORES].column_dimensions
    short = {SC.contract: 11, SC.bid: 8, SC.multiplier: 5, SC.needed: 8, SC.outcome: 9}
    for team in SC.team:
        short |= {team.score: 9, team.running: 9}
    for col, width in (short | {SC.won: 14}).items():
        scores[col_letter(col)].width = width


def _print_setup(sheets: dict[str, Worksheet], lay: Layout) -> None:
    panes = {SCORES: "I4", RESULTS: "H4", DECLARATIONS: "B4", RULES: None}
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "2:3",
            landscape=True,
        )
    sheets[SCORES].row_dimensions[3].height = 27
    # On paper, the scores; the working columns to their right are for the screen.
    sheets[SCORES].print_area = f"A1:{col_letter(SC.won)}{lay.totals_row}"
