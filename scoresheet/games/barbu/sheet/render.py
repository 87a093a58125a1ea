"""A Barbu game as a live workbook: formulas over the inputs, the library's values cached.

The cells are planned by :mod:`scoresheet.games.barbu.sheet.plan`; this module writes
them with the kit (:mod:`scoresheet.sheets.write`) and adds what openpyxl draws: the
declarers' blocks, named cells, drop-down lists, conditional formats, the chart, the
column widths and the print setup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast
from unicodedata import east_asian_width

from scoresheet import record as rec
from scoresheet.games.barbu.score import GameScore, score_game
from scoresheet.games.barbu.sheet.layout import (
    DATA_COL,
    DOUBLES,
    FIRST,
    MOST_MARK,
    OBLIGATIONS,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    Layout,
    Plan,
)
from scoresheet.games.barbu.sheet.plan import plan_workbook
from scoresheet.i18n import _
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.write import (
    AMBER_FILL,
    RED_FILL,
    Stamp,
    box_border,
    cell_styles,
    check_text,
    print_setup,
    save_with_values,
    write_cells,
)

if TYPE_CHECKING:
    from openpyxl.formatting.rule import Rule
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from scoresheet.models import GameFile

# Barbu's cells by what they are → the kit's styles by how they look.
STYLE_USES = {
    "deal": "centered",
    "paper": "centered",
    "obligation": "centered",
    "score": "bold_signed",
    "running": "grey_signed",
    "check": "signed",
    "count": "fixed",  # how many bets, how many redoubled: no sign, as any count
    "total": "bold_signed",
    "leader": "total_label",
    "": "signed",
}


def export_workbook(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The workbook of a game file, as the bytes of an ``.xlsx`` file.

    Raises :class:`ScoresheetError` if the game does not score (as ``score`` would).
    """
    game = cast("GameFile", record)
    return render(game, score_game(game), paper=paper)


def blank_workbook(players: Sequence[str], rules: str = "classic", *, paper: str = "a4") -> bytes:
    """A workbook with no deals: the sheet a table prints, or fills in on a tablet."""

    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": rules,
        "players": list(players),
        "deals": [],
    }
    game = rec.from_data(data, source="blank sheet")
    score = score_game(game)
    return render(game, score, paper=paper)


def render(record: GameFile, score: GameScore, *, paper: str = "a4") -> bytes:
    """Write the planned cells with openpyxl, then cache the library's values."""
    check_text(record)
    plan = plan_workbook(record, score)
    wb = _workbook(plan)
    lay = plan.layout
    rows = range(FIRST, lay.last + 1)
    hand = {RESULTS: rows, DOUBLES: rows, SCORES: rows} if not score.deals else None
    return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)


def _workbook(plan: Plan) -> Workbook:
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    lay = plan.layout
    wb = Workbook()
    sheets: dict[str, Worksheet] = {}
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets[SCORES] = first
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)

    write_cells(sheets, plan.cells, cell_styles(STYLE_USES))
    for sheet, row, c1, c2 in plan.merges:
        sheets[sheet].merge_cells(start_row=row, start_column=c1, end_row=row, end_column=c2)

    # Each declarer's deals form a block, as on the paper sheet.
    medium = Stamp({"border": box_border(top="medium")})
    for deal in range(2, lay.rows + 1):
        if lay.declarer(deal) == lay.declarer(deal - 1):
            continue
        row = lay.row(deal)
        for title, width in (
            (SCORES, lay.expected_col),
            (RESULTS, lay.results_width),
            (DOUBLES, lay.doubles_width),
        ):
            for col in range(1, width + 1):
                medium.put(sheets[title].cell(row=row, column=col))

    # Named cells: the players, the rule values, the contracts and their totals.
    def name(key: str, target: str) -> None:
        wb.defined_names[key] = DefinedName(key, attr_text=target)

    for rv in lay.rule_values:
        end = f":${col_letter(1 + len(rv.values))}${rv.row}" if len(rv.values) > 1 else ""
        name(rv.name, f"{RULES}!$B${rv.row}{end}")
    first_player = lay.rule("player_1").row
    name("players", f"{RULES}!$B${first_player}:$B${first_player + lay.n - 1}")
    c_rows = list(lay.contract_rows.values())
    for key, letter in (("contracts", "A"), ("c_total", "C"), ("c_max", "D")):
        name(key, f"{RULES}!${letter}${c_rows[0]}:${letter}${c_rows[-1]}")

    _validations(sheets, lay)
    _conditional_formats(sheets, lay)
    _chart(sheets[SCORES], plan)
    _widths(sheets, plan)
    _print_setup(sheets, lay)
    return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    rows = f"{FIRST}:{lay.last}"

    def span(cols: Sequence[int]) -> str:
        lo, hi = rows.split(":")
        return " ".join(f"{col_letter(c)}{lo}:{col_letter(c)}{hi}" for c in cols)

    def add(ws: Worksheet, dv: DataValidation, cols: Sequence[int]) -> None:
        if not cols:
            return
        dv.showErrorMessage = True
        for part in span(cols).split():
            dv.add(part)
        ws.add_data_validation(dv)

    r = lay.rules
    res = sheets[RESULTS]
    f = lay.fields
    add(
        res,
        DataValidation(
            type="list",
            formula1="contracts",
            allow_blank=True,
            error=_("Pick a contract of these rules."),
        ),
        [4],
    )
    takers = [
        f[k].cols[0] for k in ("ace_of_hearts", "king_of_hearts", "second_last", "last") if k in f
    ]
    takers += list(f["order"].cols) if "order" in f else []
    add(
        res,
        DataValidation(
            type="list", formula1="players", allow_blank=True, error=_("Pick a player.")
        ),
        takers,
    )
    limits = {
        "tricks": r.tricks_per_deal,
        "hearts": r.count_in_deck(suit="H"),
        "queens": r.count_in_deck(rank=12),
    }
    for key, top in limits.items():
        if key in f:
            add(
                res,
                DataValidation(
                    type="whole",
                    operator="between",
                    formula1="0",
                    formula2=str(top),
                    allow_blank=True,
                    error=_("A whole number from 0 to {top}.").format(top=top),
                ),
                f[key].cols,
            )
    cards = [c for k, fld in f.items() if k.startswith("cards:") for c in fld.cols]
    add(
        res,
        DataValidation(
            type="whole",
            operator="between",
            formula1="0",
            formula2=str(max(r.count_in_deck(suit=s) for s in "SHDC")),
            allow_blank=True,
            error=_("A whole number of cards."),
        ),
        cards,
    )
    beats = [c for k, fld in f.items() if k.startswith("beats:") for c in fld.cols]
    add(
        res,
        DataValidation(
            type="whole",
            operator="between",
            formula1="0",
            formula2=str(lay.n - 1),
            allow_blank=True,
            error=_("Beats in a row: a whole number from 0 to {n}.").format(n=lay.n - 1),
        ),
        beats,
    )
    if "most" in f:
        add(
            res,
            DataValidation(type="list", formula1=f'"{MOST_MARK}"', allow_blank=True),
            f["most"].cols,
        )
    if "trump" in f:
        add(
            res,
            DataValidation(
                type="list", formula1='"spades,hearts,diamonds,clubs"', allow_blank=True
            ),
            f["trump"].cols,
        )
    choices = '"1,2"' if r.doubling.redoubles else '"1"'
    add(
        sheets[DOUBLES],
        DataValidation(
            type="list",
            formula1=choices,
            allow_blank=True,
            error=_("1 for a double, 2 for a redouble (in the column of the one who doubled)."),
        ),
        list(lay.mult_col.values()),
    )


def _conditional_formats(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.formatting.rule import FormulaRule as _FormulaRule
    from openpyxl.styles import Font, PatternFill

    FormulaRule = cast("Callable[..., Rule]", _FormulaRule)
    red = PatternFill("solid", fgColor=RED_FILL, bgColor=RED_FILL)
    amber = PatternFill("solid", fgColor=AMBER_FILL, bgColor=AMBER_FILL)
    scores = sheets[SCORES]
    chk, exp = col_letter(lay.check_col), col_letter(lay.expected_col)
    scores.conditional_formatting.add(
        f"{chk}{FIRST}:{exp}{lay.last}",
        FormulaRule(formula=[f'AND($D{FIRST}<>"",${chk}{FIRST}<>${exp}{FIRST})'], fill=red),
    )
    for j in range(lay.n):
        run = col_letter(lay.score_cols[j][4])
        scores.conditional_formatting.add(
            f"{run}{FIRST}:{run}{lay.last}",
            FormulaRule(formula=[f"ISNA({run}{FIRST})"], font=Font(color="FFFFFF")),
        )
    ob = sheets[OBLIGATIONS]
    first = col_letter(lay.ob_first_col)
    area = f"{first}{FIRST}:{col_letter(lay.ob_first_col + lay.n - 1)}{FIRST + lay.n - 1}"
    short = f"ISNUMBER({first}{FIRST}),{first}{FIRST}<min_declarer_doubles"
    ob.conditional_formatting.add(
        area, FormulaRule(formula=[f"AND({short},$B{FIRST}>=deals_per_declarer)"], fill=red)
    )
    ob.conditional_formatting.add(
        area, FormulaRule(formula=[f"AND({short},$B{FIRST}<deals_per_declarer)"], fill=amber)
    )
    # A bet the rules forbid: by the declarer, both ways between two players, or against a
    # non-declarer where only the declarer may be doubled.
    dbl = sheets[DOUBLES]
    for (a, b), col in lay.mult_col.items():
        c = col_letter(col)
        back = col_letter(lay.mult_col[(b, a)])
        who = f"IF(INDEX(c_max,MATCH($C{FIRST},contracts,0))>0,doubling_positive,doubling_negative)"
        bad = (
            f"AND(N({c}{FIRST})>0,OR(EXACT($B{FIRST},player_{a + 1}),N({back}{FIRST})>0,"
            f'AND(NOT(EXACT($B{FIRST},player_{b + 1})),{who}="declarer-only"),'
            f"AND({c}{FIRST}=2,NOT(redoubles))))"
        )
        dbl.conditional_formatting.add(
            f"{c}{FIRST}:{c}{lay.last}", FormulaRule(formula=[bad], fill=red)
        )


def _chart(ws: Worksheet, plan: Plan) -> None:
    from openpyxl.chart import LineChart, Reference, Series
    from openpyxl.chart.data_source import (
        NumData,
        NumDataSource,
        NumRef,
        NumVal,
        StrData,
        StrRef,
        StrVal,
    )
    from openpyxl.chart.series import SeriesLabel

    lay = plan.layout
    by_ref = {c.ref: c.value for c in plan.cells if c.sheet == SCORES}
    chart = LineChart()
    chart.title = _("Running totals")
    chart.y_axis.title = _("points")
    chart.x_axis.title = _("deal")
    chart.x_axis.delete = False
    chart.x_axis.tickLblPos = "low"  # deal numbers below the plot, not on the zero line
    chart.y_axis.delete = False
    # Signed whole numbers, not linked to the cells (an empty blank chart read "+1, +1, 0").
    chart.y_axis.number_format = "+General;-General;0"
    chart.height = 9
    chart.width = 16  # cm: within the first page across, right of the repeated key columns
    # A game's chart covers the deals played: LibreOffice draws the #N/A of the rows still
    # to play as 0, Excel leaves them out; stopping the series at the last deal played
    # shows a game in progress the same in both. A blank workbook's chart covers every
    # row, to follow the results as they are typed in.
    first_run = col_letter(lay.score_cols[0][4])
    played = sum(
        isinstance(by_ref.get(f"{first_run}{FIRST + i}"), int | float) for i in range(lay.rows)
    )
    rows = played or lay.rows
    last = FIRST + rows - 1
    deals = Reference(ws, min_col=1, min_row=FIRST, max_row=last)
    for j, player in enumerate(lay.players):
        run = lay.score_cols[j][4]
        values = Reference(ws, min_col=run, min_row=FIRST, max_row=last)
        series = Series(values)
        # The values the library computed, so that the chart shows without recalculating.
        points = []
        for i in range(rows):
            v = by_ref.get(f"{col_letter(run)}{FIRST + i}")
            if isinstance(v, int | float) and not isinstance(v, bool):
                points.append(NumVal(idx=i, v=v))
        series.val = NumDataSource(
            numRef=NumRef(f=str(values), numCache=NumData(pt=points, ptCount=rows))
        )
        name_cell = f"'{SCORES}'!${col_letter(lay.score_cols[j][0])}$2"
        series.tx = SeriesLabel(
            strRef=StrRef(f=name_cell, strCache=StrData(ptCount=1, pt=[StrVal(idx=0, v=player)]))
        )
        series.smooth = False
        chart.series.append(series)
    chart.set_categories(deals)
    # Right of the key columns (A:E), which print on every page across: a chart over them
    # would print on every page too.
    chart.anchor = f"{col_letter(lay.score_cols[0][0])}{lay.chart_row}"
    ws.add_chart(chart)


def _widths(sheets: dict[str, Worksheet], plan: Plan) -> None:
    widths: dict[tuple[str, int], float] = {}
    merged = {(s, r, c) for s, r, c1, c2 in plan.merges for c in range(c1, c2 + 1)}
    lay = plan.layout
    for cell in plan.cells:
        if (
            cell.style in ("title", "note", "leader", "total_label")
            or (cell.sheet, cell.row, cell.col) in merged
            # The ledger under the deals wraps its headings rather than widen the
            # columns of every pair above it.
            or (cell.sheet == DOUBLES and cell.row > lay.last)
        ):
            continue
        value = cell.value
        if isinstance(value, bool) or value is None:
            text = "FALSE"
        elif isinstance(value, int | float):
            text = f"{value:+d}" if isinstance(value, int) else str(value)
        else:
            text = str(value)
        longest = max(map(len, text.split("\n"))) if "\n" in text else len(text)
        if cell.style == "header":
            longest = min(longest, 14)  # headers wrap
        key = (cell.sheet, cell.col)
        widths[key] = max(widths.get(key, 4.0), min(longest * 1.1 + 2, 40))
    # The doubles and what they moved: one width for every pair, as even as on paper.
    pairs = list(range(4, lay.doubles_width + 1))
    even = max(widths.get((DOUBLES, c), 4.0) for c in pairs)
    for col in pairs:
        widths[(DOUBLES, col)] = even
    for (sheet, col), width in widths.items():
        sheets[sheet].column_dimensions[col_letter(col)].width = width
    # The deal numbers' column is narrow, as wide as its heading in the sheet's language
    # ("deal", "donne", "ディール": a wide character takes two).
    for sheet in (SCORES, RESULTS):
        headings = [
            str(c.value) for c in plan.cells if (c.sheet, c.col, c.style) == (sheet, 1, "header")
        ]
        cells = max(
            (sum(2 if east_asian_width(ch) in "WF" else 1 for ch in h) for h in headings),
            default=0,
        )
        sheets[sheet].column_dimensions["A"].width = max(5, cells + 1)
    sheets[DOUBLES].row_dimensions[lay.ledger_title_row + 1].height = 40


def _print_setup(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.pagebreak import Break

    panes = {SCORES: "F4", RESULTS: "E4", DOUBLES: "D4", OBLIGATIONS: "B4", RULES: None}
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "2:3",
            landscape=True,
        )
    sheets[SCORES].row_dimensions[3].height = 27
    # The chart starts a page of its own, whole, rather than straddling a page break.
    sheets[SCORES].row_breaks.append(Break(id=lay.chart_row - 1))
    # So does the doubling ledger: below a game's deals it overran the page by a row or
    # two, and its last pair printed alone on a page of its own.
    sheets[DOUBLES].row_breaks.append(Break(id=lay.ledger_title_row - 1))
    # The workbook data audit reads (Rules!J:K) is not for the table: printing it made
    # its text overflow to the right and the whole sheet shrink below 7 pt.
    rules = sheets[RULES]
    rules.print_area = f"A1:{col_letter(DATA_COL - 1)}{rules.max_row}"
