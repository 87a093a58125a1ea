"""Rosbiratschka workbooks written: a game's live workbook, and blank ones to print.

The cells are planned in :mod:`.plan`; this module gives them their look (the style
block below, the one place the workbook's colours and fonts are set), the defined
names, the drop-down lists, the conditional formats, the widths and the print setup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.rules import COUNTED, RESULT_KEYS
from scoresheet.games.rosbiratschka.score import GameScore, score_game
from scoresheet.games.rosbiratschka.sheet.layout import (
    BAD,
    FIRST,
    GAME,
    IN_DECK,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    WINNER,
    Layout,
    contract_id,
)
from scoresheet.games.rosbiratschka.sheet.plan import Plan, plan_workbook
from scoresheet.i18n import _
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.read import category
from scoresheet.sheets.write import (
    RED_FILL,
    WIN_FILL,
    cell_styles,
    print_setup,
    save_with_values,
    write_cells,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from openpyxl.formatting.rule import Rule
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet


# The kinds of cell here → the kit's styles (scoresheet.sheets.write.STYLES).
STYLE_USES = {
    "input": "input_centered",
    "deal": "centered",
    "score": "bold_signed",
    "running": "grey_signed",
    "check": "signed",
    "ok": "centered",
    "total": "bold_signed",
    "place": "centered",
    "winner": "bold_centered",
    "": "fixed",
}


def export_workbook(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The workbook of a game file, as the bytes of an ``.xlsx`` file.

    Raises :class:`ScoresheetError` if the game does not score (as ``score`` would).
    """
    return render(record, score_game(record), paper=paper)


def blank_workbook(
    players: Sequence[str], rules: str | Mapping[str, Any] = GAME, *, paper: str = "a4"
) -> bytes:
    """A workbook with no deals: the sheet a table prints, or fills in on a tablet."""

    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": rules if isinstance(rules, str) else dict(rules),
        "players": list(players),
        "deals": [],
    }
    game = rec.from_data(data, source="blank sheet")
    return render(game, score_game(game), paper=paper)


def render(record: Mapping[str, Any], score: GameScore, *, paper: str = "a4") -> bytes:
    """Write the planned cells with openpyxl, then cache the library's values."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    for name in record["players"]:
        if ILLEGAL_CHARACTERS_RE.search(name):
            raise ScoresheetError(
                _(
                    "players: {name!r} holds a control character, which a workbook cannot hold"
                ).format(name=name)
            )
    plan = plan_workbook(record, score)
    wb = _workbook(plan)
    rows = range(FIRST, plan.layout.last + 1)
    hand = {SCORES: rows, RESULTS: rows} if not score.deals else None
    return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)


def _workbook(plan: Plan) -> Workbook:
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    lay = plan.layout
    wb = Workbook()
    wb.properties.category = category(GAME)
    wb.properties.title = _("Rosbiratschka score sheet")
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets: dict[str, Worksheet] = {SCORES: first}
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)

    write_cells(sheets, plan.cells, cell_styles(STYLE_USES))
    for sheet, row, c1, c2 in plan.merges:
        sheets[sheet].merge_cells(start_row=row, start_column=c1, end_row=row, end_column=c2)

    def name(key: str, target: str) -> None:
        wb.defined_names[key] = DefinedName(key, attr_text=target)

    for rc in lay.rule_cells:
        name(rc.name, f"{RULES}!$B${rc.row}")
    for j, row in enumerate(lay.player_rows):
        name(f"player_{j + 1}", f"{RULES}!$B${row}")
    name("players", f"{RULES}!$B${lay.player_rows[0]}:$B${lay.player_rows[-1]}")
    rows = list(lay.contract_rows.values())
    name("contracts", f"{RULES}!$A${rows[0]}:$A${rows[-1]}")
    for c, row in lay.contract_rows.items():
        name(f"total_{contract_id(c)}", f"{RULES}!$C${row}")
        if c in COUNTED:
            name(f"doubled_{contract_id(c)}", f"{RULES}!$D${row}")
            name(f"slam_{contract_id(c)}", f"{RULES}!$E${row}")

    _validations(sheets, lay)
    _conditional_formats(sheets, lay)
    _widths(sheets, plan)
    _print_setup(sheets)
    return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    res = sheets[RESULTS]
    for key, cols in lay.fields.items():
        if key in IN_DECK:
            contract = next(c for c, k in COUNTED.items() if k == key)
            top = lay.rules.in_deal(contract)
            dv = DataValidation(
                type="whole",
                operator="between",
                formula1="0",
                formula2=str(top),
                allow_blank=True,
                error=_("A whole number from 0 to {top}.").format(top=top),
            )
        else:
            dv = DataValidation(
                type="list", formula1="players", allow_blank=True, error=_("Pick a player.")
            )
        dv.showErrorMessage = True
        for number in range(1, lay.rows + 1):
            if key in RESULT_KEYS[lay.rules.contract_of(number)]:
                row = lay.row(number)
                dv.add(f"{col_letter(cols[0])}{row}:{col_letter(cols[-1])}{row}")
        res.add_data_validation(dv)
    rules = sheets[RULES]
    for rc in lay.rule_cells:
        if rc.option is None:
            continue
        if rc.name == "slam_sign":
            dv = DataValidation(type="list", formula1='"-1,1"', allow_blank=False)
        else:
            dv = DataValidation(type="whole", operator="between", formula1="-1000", formula2="1000")
        dv.showErrorMessage = True
        dv.add(f"B{rc.row}")
        rules.add_data_validation(dv)


def _conditional_formats(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.formatting.rule import CellIsRule as _CellIsRule
    from openpyxl.formatting.rule import FormulaRule as _FormulaRule
    from openpyxl.styles import PatternFill

    FormulaRule = cast("Callable[..., Rule]", _FormulaRule)
    CellIsRule = cast("Callable[..., Rule]", _CellIsRule)

    red = PatternFill("solid", fgColor=RED_FILL, bgColor=RED_FILL)
    green = PatternFill("solid", fgColor=WIN_FILL, bgColor=WIN_FILL)
    scores = sheets[SCORES]
    ok = col_letter(lay.ok_col)
    s, e = col_letter(lay.sum_col), col_letter(lay.ok_col)
    scores.conditional_formatting.add(
        f"{s}{FIRST}:{e}{lay.last}",
        FormulaRule(formula=[f'${ok}{FIRST}="{BAD}"'], fill=red),
    )
    first, last = col_letter(lay.score_cols[0]), col_letter(lay.score_cols[-1])
    scores.conditional_formatting.add(
        f"{first}{lay.winner_row}:{last}{lay.winner_row}",
        CellIsRule(operator="equal", formula=[f'"{WINNER}"'], fill=green),
    )


def _widths(sheets: dict[str, Worksheet], plan: Plan) -> None:
    widths: dict[tuple[str, int], float] = {}
    merged = {(s, r, c) for s, r, c1, c2 in plan.merges for c in range(c1, c2 + 1)}
    for cell in plan.cells:
        if (
            cell.style in ("title", "note", "total_label")
            or (cell.sheet, cell.row, cell.col) in merged
        ):
            continue
        text = "" if cell.value is None else str(cell.value)
        longest = min(len(text), 14) if cell.style == "header" else len(text)
        key = (cell.sheet, cell.col)
        widths[key] = max(widths.get(key, 5.0), min(longest * 1.1 + 2, 48))
    for (sheet, col), width in widths.items():
        sheets[sheet].column_dimensions[col_letter(col)].width = width
    sheets[SCORES].column_dimensions["A"].width = 5
    sheets[RESULTS].column_dimensions["A"].width = 5


def _print_setup(sheets: dict[str, Worksheet]) -> None:
    panes = {SCORES: "D4", RESULTS: "E4", RULES: None}
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "2:3",
            landscape=True,
        )
