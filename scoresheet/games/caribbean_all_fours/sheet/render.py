"""Caribbean All Fours workbooks written: a game's live workbook, and blank ones to print.

The cells are planned in :mod:`.plan`; this module gives them their look (the style
block below, the one place the workbook's colours and fonts are set), the defined
names, the drop-down lists, the conditional formats, the widths and the print setup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.games.caribbean_all_fours.rules import JACK_RULES, KICK_RETURNS, TIED_GAME
from scoresheet.games.caribbean_all_fours.score import GameScore, score_game
from scoresheet.games.caribbean_all_fours.sheet.layout import (
    BEGS,
    D_BEG,
    D_GP,
    D_HIGH,
    D_HOLDER,
    D_IN_PLAY,
    D_LOW,
    D_WON_BY,
    DEALS,
    FIRST,
    GAME,
    P_COUNTED,
    P_WON,
    POINTS,
    R_PACK,
    R_PLAYERS,
    R_RANKS,
    R_TEAM_NAMES,
    R_VALUES,
    RANKS_DESC,
    RULE_VALUES,
    RULES,
    S_WON,
    SCORES,
    SHEETS,
    Layout,
    Plan,
)
from scoresheet.games.caribbean_all_fours.sheet.plan import plan_workbook
from scoresheet.i18n import _
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.read import category
from scoresheet.sheets.write import (
    GREY,
    RED_FILL,
    WIN_FILL,
    Stamp,
    box_border,
    cell_styles,
    check_text,
    print_setup,
    save_with_values,
    write_cells,
)

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from scoresheet.games.caribbean_all_fours.models import AllFoursGameFile


# The kinds of cell here → the kit's styles (scoresheet.sheets.write.STYLES).
STYLE_USES = {
    "deal": "centered",
    "formula": "fixed",
    "points": "right",
    "running": "bold",
    "won": "bold",
    "total": "bold",
}


def export_workbook(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The workbook of a game file (``.xlsx`` bytes). Raises if the game does not score."""
    game = cast("AllFoursGameFile", record)  # a validated Caribbean All Fours game file
    return render(game, score_game(game), paper=paper)


def blank_workbook(players: Sequence[str], rules: str = GAME, *, paper: str = "a4") -> bytes:
    """A workbook with no deals, to print or to fill in at the table."""

    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": rules,
        "players": list(players),
        "deals": [],
    }
    game = cast("AllFoursGameFile", rec.from_data(data, source="blank sheet"))
    return render(game, score_game(game), paper=paper)


def render(
    record: AllFoursGameFile, result: GameScore, rows: int | None = None, *, paper: str = "a4"
) -> bytes:
    """Write the planned cells with openpyxl, then cache the library's values."""

    check_text(cast("Any", record))
    plan = plan_workbook(record, result, rows=rows)
    wb = _workbook(plan)
    lay = plan.layout
    hand = None
    if not result.deals:
        deal_rows = range(FIRST, lay.deal_row(lay.rows) + 1)
        hand = {SCORES: deal_rows, DEALS: deal_rows}
    return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)


def _workbook(plan: Plan) -> Workbook:
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    lay = plan.layout
    wb = Workbook()
    wb.properties.category = category(GAME)
    wb.properties.title = _("Caribbean All Fours score sheet")
    sheets: dict[str, Worksheet] = {}
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets[SCORES] = first
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)
    write_cells(sheets, plan.cells, cell_styles(STYLE_USES), default="formula")

    # Each deal's eight points form a block, as on the paper sheet.
    medium = Stamp({"border": box_border(top="medium")})
    for n in range(2, lay.rows + 1):
        row = lay.point_row(n, 0)
        for col in range(1, P_WON + 1):
            medium.put(sheets[POINTS].cell(row=row, column=col))

    def name(key: str, ref: str) -> None:
        wb.defined_names[key] = DefinedName(key, attr_text=f"{RULES}!{ref}")

    name("players", f"$B${R_PLAYERS}:$B${R_PLAYERS + 3}")
    name("team_of", f"$C${R_PLAYERS}:$C${R_PLAYERS + 3}")
    name("team_names", f"$B${R_TEAM_NAMES}:$B${R_TEAM_NAMES + 1}")
    for i, (key, _label, _option) in enumerate(RULE_VALUES):
        name(key, f"$B${R_VALUES + i}")
    name("pack_points", f"$B${R_PACK}")
    last_rank = R_RANKS + len(RANKS_DESC) - 1
    for key, letter in (("ranks", "A"), ("kick_values", "B"), ("card_values", "C")):
        name(key, f"${letter}${R_RANKS}:${letter}${last_rank}")
    _validations(sheets, lay)
    _conditional_formats(sheets, lay)
    _widths(sheets)
    _print_setup(sheets)
    return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    last = lay.deal_row(lay.rows)

    def add(ws: Worksheet, dv: DataValidation, ranges: Sequence[str]) -> None:
        dv.showErrorMessage = True
        for r in ranges:
            dv.add(r)
        ws.add_data_validation(dv)

    def span(col: int) -> str:
        return f"{col_letter(col)}{FIRST}:{col_letter(col)}{last}"

    deals = sheets[DEALS]
    add(
        deals,
        DataValidation(
            type="list",
            formula1='"' + ",".join(BEGS) + '"',
            allow_blank=True,
            error=_("stand, take-one or run"),
        ),
        [span(D_BEG)],
    )
    add(
        deals,
        DataValidation(
            type="list", formula1="players", allow_blank=True, error=_("Pick a player.")
        ),
        [span(c) for c in (D_HIGH, D_LOW, D_HOLDER, D_WON_BY)],
    )
    add(
        deals,
        DataValidation(
            type="whole",
            operator="between",
            formula1="0",
            formula2=str(lay.rules.pack_points),
            allow_blank=True,
            error=_("A team's card points: a whole number."),
        ),
        [span(c) for c in D_GP],
    )
    rules = sheets[RULES]
    for i, (key, _label, _option) in enumerate(RULE_VALUES):
        choices = {"tied_game": TIED_GAME, "kick_returns": KICK_RETURNS, "jack_rule": JACK_RULES}
        if key in choices:
            add(
                rules,
                DataValidation(type="list", formula1='"' + ",".join(choices[key]) + '"'),
                [f"B{R_VALUES + i}"],
            )


def _conditional_formats(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.styles import Font, PatternFill

    red = PatternFill("solid", fgColor=RED_FILL, bgColor=RED_FILL)
    green = PatternFill("solid", fgColor=WIN_FILL, bgColor=WIN_FILL)
    last = lay.deal_row(lay.rows)
    a, b = (col_letter(c) for c in D_GP)
    play = col_letter(D_IN_PLAY)
    sheets[DEALS].conditional_formatting.add(
        f"{a}{FIRST}:{b}{last}",
        FormulaRule(  # type: ignore[no-untyped-call]
            formula=[f'AND(${play}{FIRST}<>"",N(${a}{FIRST})+N(${b}{FIRST})>${play}{FIRST})'],
            fill=red,
        ),
    )
    counted, won = col_letter(P_COUNTED), col_letter(P_WON)
    sheets[POINTS].conditional_formatting.add(
        f"A{FIRST}:{won}{lay.last_point_row}",
        FormulaRule(formula=[f'${won}{FIRST}<>""'], fill=green),  # type: ignore[no-untyped-call]
    )
    sheets[POINTS].conditional_formatting.add(
        f"A{FIRST}:{won}{lay.last_point_row}",
        FormulaRule(  # type: ignore[no-untyped-call]
            formula=[f'${counted}{FIRST}="no"'], font=Font(color=GREY, strike=True)
        ),
    )
    s_won = col_letter(S_WON)
    sheets[SCORES].conditional_formatting.add(
        f"A{FIRST}:{s_won}{last}",
        FormulaRule(formula=[f'${s_won}{FIRST}<>""'], fill=green),  # type: ignore[no-untyped-call]
    )


def _widths(sheets: dict[str, Worksheet]) -> None:
    widths = {
        SCORES: [6, 10, 14, 8, 12, 12, 12, 12, 18],
        DEALS: [6, 10, 9, 9, 9, 9, 10, 11, 11, 11, 11, 13, 13, 8, 11],
        POINTS: [6, 8, 18, 6, 16, 8, 9, 12, 12, 18],
        RULES: [24, 28, 12],
    }
    for title, cols in widths.items():
        for i, width in enumerate(cols, start=1):
            sheets[title].column_dimensions[col_letter(i)].width = width


def _print_setup(sheets: dict[str, Worksheet]) -> None:
    panes = {SCORES: "B4", DEALS: "B4", POINTS: "C4", RULES: None}
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "1:3",
            landscape=title != RULES,
        )
        if title != RULES:
            # Headings such as "Ann & Cat this deal" wrap to three lines: a row tall enough
            # keeps them off the subtitle above.
            ws.row_dimensions[3].height = 40
