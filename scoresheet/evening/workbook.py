"""An evening's settlement as a workbook that can be audited: every amount a formula.

Sheet *Settle*: the stake and unit as named cells; one row per game with each player's
figure from that game's ``score --json`` (blank where a player was absent) and the
amount as a formula over it; the rounding worked out in cells (exact units, floor,
fraction, rank, balance); the payments, each the smaller of what the payer still owes
and the payee is still due; and a check that every player ends square. Sheet *Ledger*:
the side bets between every pair, game by game. The library's values are cached in
every formula cell (see :func:`scoresheet.sheets.write.save_with_values`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoresheet import registry
from scoresheet.evening.games import ScoredGame
from scoresheet.evening.settle import (
    RULE_AGAINST_MEAN,
    RULE_PENALTY,
    RULE_PER_GAME,
    RULE_SIDE_BETS,
    Settlement,
)
from scoresheet.evening.stats import Stats, form_result
from scoresheet.i18n import _, ngettext, pgettext
from scoresheet.sheets.plan import Cell, col_letter, ordinal_heading
from scoresheet.sheets.write import (
    HEADER_FILL,
    INPUT_FILL,
    print_setup,
    save_with_values,
    write_cells,
)

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

SETTLE = "Settle"
LEDGER = "Ledger"
FIRST_GAME = 7


class _Plan:
    def __init__(self) -> None:
        self.cells: list[Cell] = []

    def put(
        self,
        sheet: str,
        row: int,
        col: int,
        value: Any,
        formula: str | None = None,
        style: str = "",
        label: str = "",
    ) -> str:
        self.cells.append(Cell(sheet, row, col, value, formula, style, label))
        return f"{col_letter(col)}{row}"


def _amount_formula(rule: str, ref: str, first: str, last: str, stake: str = "stake") -> str:
    row = f"${first}:${last}"
    if rule == RULE_AGAINST_MEAN:
        return f"IF(ISBLANK({ref}),0,({ref}-AVERAGE({row}))*{stake})"
    if rule == RULE_PENALTY:
        return f"IF(ISBLANK({ref}),0,(AVERAGE({row})-{ref})*{stake})"
    if rule == RULE_PER_GAME:
        return f"IF(ISBLANK({ref}),0,IF({ref}=MAX({row}),1,-1)*{stake}/2)"
    if rule == RULE_SIDE_BETS:
        return f"IF(ISBLANK({ref}),0,{ref}*{stake})"
    return f"0*{stake}"


def stake_name(s: Settlement, kind: str) -> str:
    """The workbook's name for the stake of ``kind``: ``stake`` when the evening has one
    stake, else ``stake_barbu``, ``stake_caribbean_all_fours``, …"""
    return "stake" if s.stake is not None else "stake_" + kind.replace("-", "_")


def stake_cells(s: Settlement) -> dict[str, str]:
    """Each stake's name and its cell (row 2 of the settle sheet: B2, or B2, D2, … one
    per kind of game)."""
    if s.stake is not None:
        return {"stake": "$B$2"}
    return {stake_name(s, kind): f"${col_letter(2 + 2 * i)}$2" for i, kind in enumerate(s.stakes)}


def plan_settlement(s: Settlement, games: Sequence[ScoredGame]) -> list[Cell]:
    """Every cell of the workbook, each formula cell with the value the library computed."""
    plan = _Plan()
    players = s.players
    n = len(players)
    put = plan.put
    title = ngettext("Settling {n_games} game", "Settling {n_games} games", len(s.games))
    put(SETTLE, 1, 1, title.format(n_games=len(s.games)), style="title")
    put(SETTLE, 2, 1, _("stake"), style="label")
    if s.stake is not None:
        put(SETTLE, 2, 2, float(s.stake), style="input")
        put(SETTLE, 2, 3, _("per game won") if _per_game(s) else _("per point"), style="label")
    else:  # a stake per kind of game
        for i, (kind, amount) in enumerate(s.stakes.items()):
            teams = registry.game(kind).teams and not s.ledger_only
            put(SETTLE, 2, 2 + 2 * i, float(amount), style="input")
            put(
                SETTLE,
                2,
                3 + 2 * i,
                (_("{game}, per game won") if teams else _("{game}, per point")).format(game=kind),
                style="label",
            )
    put(SETTLE, 3, 1, _("unit"), style="label")
    put(SETTLE, 3, 2, float(s.unit), style="input")
    put(SETTLE, 4, 1, _("currency"), style="label")
    put(SETTLE, 4, 2, s.currency, style="input")
    head = FIRST_GAME - 1
    pcol = {p: 4 + i for i, p in enumerate(players)}  # the games' figures
    acol = {p: 4 + n + i for i, p in enumerate(players)}  # the amounts
    put(SETTLE, head - 1, 4, _("points (score --json totals)"), style="label")
    put(
        SETTLE,
        head - 1,
        4 + n,
        _("amounts ({currency})").format(currency=s.currency) if s.currency else _("amounts"),
        style="label",
    )
    for text, col in (
        (pgettext("sheet heading", "game"), 1),
        (pgettext("sheet heading", "rule"), 2),
        (pgettext("sheet heading", "complete"), 3),
    ):
        put(SETTLE, head, col, text, style="header")
    for p in players:
        put(SETTLE, head, pcol[p], p, style="header")
        put(SETTLE, head, acol[p], p, style="header")
    first_p, last_p = col_letter(4), col_letter(3 + n)
    for i, g in enumerate(s.games):
        row = FIRST_GAME + i
        put(SETTLE, row, 1, g.name, style="fixed")
        put(SETTLE, row, 2, g.rule, style="fixed")
        put(SETTLE, row, 3, "yes" if g.complete else "no", style="fixed")
        for p in players:
            if p in g.points:
                put(SETTLE, row, pcol[p], g.points[p], style="input")
            ref = f"{col_letter(pcol[p])}{row}"
            formula = _amount_formula(
                g.rule, ref, f"{first_p}{row}", f"{last_p}{row}", stake_name(s, g.game)
            )
            value = float(g.amounts.get(p, Fraction(0)))
            put(
                SETTLE,
                row,
                acol[p],
                value,
                formula,
                "money",
                _("{name}, {player}, amount").format(name=g.name, player=p),
            )
    last_game = FIRST_GAME + len(s.games) - 1
    exact_row = last_game + 1
    put(SETTLE, exact_row, 3, _("exact"), style="total_label")
    exact_ref = {}
    for p in players:
        c = col_letter(acol[p])
        exact_ref[p] = put(
            SETTLE,
            exact_row,
            acol[p],
            float(s.exact[p]),
            f"SUM({c}{FIRST_GAME}:{c}{last_game})",
            "money",
            _("{player}, exact amount").format(player=p),
        )
    _balances(plan, s, exact_row + 2, exact_ref)
    _ledger(plan, s, games)
    return plan.cells


def _per_game(s: Settlement) -> bool:
    return not s.ledger_only and any(g.rule == RULE_PER_GAME for g in s.games)


def _balances(plan: _Plan, s: Settlement, top: int, exact_ref: dict[str, str]) -> None:
    put = plan.put
    players = s.players
    unit = Fraction(s.unit)
    headers = [
        pgettext("sheet heading", "player"),
        pgettext("sheet heading", "units"),
        pgettext("sheet heading", "floor"),
        pgettext("sheet heading", "fraction"),
        pgettext("sheet heading", "rank"),
        pgettext("sheet heading", "balance"),
        pgettext("sheet heading", "pays"),
        pgettext("sheet heading", "receives"),
        pgettext("sheet heading", "left"),
    ]
    for j, text in enumerate(headers, 1):
        put(SETTLE, top, j, text, style="header")
    first, last = top + 1, top + len(players)
    left_row = last + 1
    units = {p: s.exact[p] / unit for p in players}
    floors = {p: math.floor(u) for p, u in units.items()}
    fractions = {p: round(float(units[p] - floors[p]), 9) for p in players}
    spare = -sum(floors.values())
    ranks = {
        p: 1
        + sum(1 for q in players if fractions[q] > fractions[p])
        + sum(1 for q in players[:i] if fractions[q] == fractions[p])
        for i, p in enumerate(players)
    }
    payments_top = left_row + 2
    pay_first, pay_last = payments_top + 1, payments_top + len(s.payments)
    row_of = {p: first + i for i, p in enumerate(players)}
    for p in players:
        r = row_of[p]
        put(SETTLE, r, 1, p, style="fixed")
        put(
            SETTLE,
            r,
            2,
            round(float(units[p]), 9),
            f"ROUND({exact_ref[p]}/unit,9)",
            "",
            _("{player}, units").format(player=p),
        )
        put(SETTLE, r, 3, floors[p], f"INT(B{r})", "", _("{player}, floor").format(player=p))
        put(
            SETTLE,
            r,
            4,
            fractions[p],
            f"ROUND(B{r}-C{r},9)",
            "",
            _("{player}, fraction").format(player=p),
        )
        ties = f"+SUMPRODUCT(--(D${first}:D{r - 1}=D{r}))" if r > first else ""
        put(
            SETTLE,
            r,
            5,
            ranks[p],
            f"1+SUMPRODUCT(--(D${first}:D${last}>D{r})){ties}",
            "",
            _("{player}, rank").format(player=p),
        )
        put(
            SETTLE,
            r,
            6,
            float(s.balances[p]),
            f"(C{r}+IF(E{r}<=$C${left_row},1,0))*unit",
            "money",
            _("{player}, balance").format(player=p),
        )
        paid = sum((pay.amount for pay in s.payments if pay.payer == p), start=0)
        got = sum((pay.amount for pay in s.payments if pay.payee == p), start=0)
        pays = f"SUMPRODUCT(--($A${pay_first}:$A${pay_last}=A{r}),$C${pay_first}:$C${pay_last})"
        gets = f"SUMPRODUCT(--($B${pay_first}:$B${pay_last}=A{r}),$C${pay_first}:$C${pay_last})"
        if not s.payments:
            pays = gets = "0"
        put(SETTLE, r, 7, float(paid), pays, "money", _("{player}, pays").format(player=p))
        put(SETTLE, r, 8, float(got), gets, "money", _("{player}, receives").format(player=p))
        put(
            SETTLE,
            r,
            9,
            0.0,
            f"ROUND(F{r}+G{r}-H{r},6)",
            "money",
            _("{player}, left after paying").format(player=p),
        )
    put(SETTLE, left_row, 2, _("units left over"), style="label")
    put(SETTLE, left_row, 3, spare, f"ROUND(-SUM(C{first}:C{last}),0)", "", _("units left over"))
    put(SETTLE, left_row, 5, _("sum"), style="label")
    put(SETTLE, left_row, 6, 0.0, f"ROUND(SUM(F{first}:F{last}),6)", "money", _("sum of balances"))
    for j, text in enumerate(
        [
            pgettext("sheet heading", "pays"),
            pgettext("sheet heading", "to"),
            pgettext("sheet heading", "amount"),
        ],
        1,
    ):
        put(SETTLE, payments_top, j, text, style="header")
    for k, pay in enumerate(s.payments):
        r = pay_first + k
        put(SETTLE, r, 1, pay.payer, style="fixed")
        put(SETTLE, r, 2, pay.payee, style="fixed")
        owe = f"-$F${row_of[pay.payer]}"
        due = f"$F${row_of[pay.payee]}"
        if k:
            owe += f"-SUMPRODUCT(--($A${pay_first}:A{r - 1}=A{r}),$C${pay_first}:C{r - 1})"
            due += f"-SUMPRODUCT(--($B${pay_first}:B{r - 1}=B{r}),$C${pay_first}:C{r - 1})"
        put(
            SETTLE,
            r,
            3,
            float(pay.amount),
            f"ROUND(MIN({owe},{due})/unit,0)*unit",
            "money",
            _("payment {k}").format(k=k + 1),
        )


def _ledger(plan: _Plan, s: Settlement, scored: Sequence[ScoredGame]) -> None:
    put = plan.put
    put(
        LEDGER,
        1,
        1,
        _("Side bets between every pair (points won by the first player)"),
        style="title",
    )
    games = list(s.games)
    head = [
        pgettext("sheet heading", "player"),
        pgettext("sheet heading", "against"),
        *[g.name for g in games],
        pgettext("sheet heading", "net"),
        pgettext("sheet heading", "amount"),
    ]
    for j, text in enumerate(head, 1):
        put(LEDGER, 2, j, text, style="header")
    nets: dict[tuple[str, str], dict[str, int]] = {}
    for g, source in zip(games, scored, strict=True):
        for bet in source.score.get("ledger", {}).get("pairs", []):
            a, b = sorted(bet["players"])
            nets.setdefault((a, b), {})[g.name] = int(bet["net"][a])
    for i, pair in enumerate(s.ledger):
        r = 3 + i
        a, b = pair.players
        put(LEDGER, r, 1, a, style="fixed")
        put(LEDGER, r, 2, b, style="fixed")
        for j, g in enumerate(games):
            if g.name in nets.get(pair.players, {}):
                put(LEDGER, r, 3 + j, nets[pair.players][g.name], style="input")
        first, last = col_letter(3), col_letter(2 + len(games))
        net_col = 3 + len(games)
        put(
            LEDGER,
            r,
            net_col,
            pair.net,
            f"SUM({first}{r}:{last}{r})",
            "",
            _("{a}–{b}, net").format(a=a, b=b),
        )
        if s.stake is not None:
            formula = f"{col_letter(net_col)}{r}*stake"
        else:  # each game's side bets at its own stake
            formula = "+".join(
                f"N({col_letter(3 + j)}{r})*{stake_name(s, g.game)}" for j, g in enumerate(games)
            )
        put(
            LEDGER,
            r,
            net_col + 1,
            float(s.ledger_amount(pair)),
            formula,
            "money",
            _("{a}–{b}, amount").format(a=a, b=b),
        )


def settlement_workbook(s: Settlement, games: Sequence[ScoredGame]) -> bytes:
    """The workbook of a settlement, as the bytes of an ``.xlsx`` file."""
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    cells = plan_settlement(s, games)
    wb = Workbook()
    first = wb.active
    assert first is not None
    first.title = SETTLE
    sheets: dict[str, Worksheet] = {SETTLE: first, LEDGER: wb.create_sheet(LEDGER)}
    places = max(0, -int(s.unit.normalize().as_tuple().exponent))
    money = "0." + "0" * places if places else "0"
    styles = _styles(money)
    write_cells(sheets, cells, styles)
    for name, cell in stake_cells(s).items():
        wb.defined_names[name] = DefinedName(name, attr_text=f"{SETTLE}!{cell}")
    wb.defined_names["unit"] = DefinedName("unit", attr_text=f"{SETTLE}!$B$3")
    longest = max((len(g.name) for g in s.games), default=10)
    for ws in sheets.values():
        ws.column_dimensions["A"].width = min(max(14, longest + 2), 60)
        print_setup(ws, freeze=None, title_rows=None)
    sheets[SETTLE].column_dimensions["B"].width = 22
    return save_with_values(wb, cells, [SETTLE, LEDGER])


PLAYERS = "Players"
FORM = "Form"
HEAD = "Head to head"


def plan_stats(s: Stats) -> list[Cell]:
    """The statistics workbook's cells; the running form is a formula over each game's
    result, with the library's value cached."""
    plan = _Plan()
    put = plan.put
    players = list(s.players)
    n = len(players)
    kinds = sorted({g["game"] for g in s.games})
    most = max((len(g["players"]) for g in s.games), default=4)
    head = [
        pgettext("sheet heading", "player"),
        pgettext("sheet heading", "games"),
        pgettext("sheet heading", "complete"),
        pgettext("sheet heading", "wins"),
        pgettext("sheet heading", "win rate"),
    ]
    head += [ordinal_heading(i) for i in range(1, most + 1)]
    for kind in kinds:
        head += [
            _("{kind} games").format(kind=kind),
            _("{kind} per game").format(kind=kind),
            _("{kind} per deal").format(kind=kind),
        ]
    put(
        PLAYERS,
        1,
        1,
        ngettext(
            "Statistics over {n_games} game", "Statistics over {n_games} games", len(s.games)
        ).format(n_games=len(s.games)),
        style="title",
    )
    for j, text in enumerate(head, 1):
        put(PLAYERS, 2, j, text, style="header")
    for i, p in enumerate(players):
        r = 3 + i
        f = s.players[p]
        put(PLAYERS, r, 1, p, style="fixed")
        put(PLAYERS, r, 2, f["games"], style="fixed")
        put(PLAYERS, r, 3, f["complete_games"], style="fixed")
        put(PLAYERS, r, 4, f["wins"], style="fixed")
        rate: float | str = f["wins"] / f["complete_games"] if f["complete_games"] else ""
        put(
            PLAYERS,
            r,
            5,
            rate,
            f'IF(C{r}=0,"",D{r}/C{r})',
            "rate",
            _("{player}, win rate").format(player=p),
        )
        for k in range(1, most + 1):
            put(PLAYERS, r, 5 + k, f["places"].get(str(k), 0), style="fixed")
        col = 6 + most
        for kind in kinds:
            figures = f["by_game"].get(kind)
            if figures:
                put(PLAYERS, r, col, figures["games"], style="fixed")
                put(PLAYERS, r, col + 1, figures["average_per_game"], style="fixed")
                put(PLAYERS, r, col + 2, figures["average_per_deal"], style="fixed")
            col += 3
    # Running form: one row per game, each player's result and the average so far.
    put(FORM, 1, 1, _("Running form: 1 = always first, 0 = always last"), style="title")
    for j, text in enumerate(
        ["#", pgettext("sheet heading", "game"), pgettext("sheet heading", "file")], 1
    ):
        put(FORM, 2, j, text, style="header")
    for i, p in enumerate(players):
        put(FORM, 2, 4 + i, _("{player} result").format(player=p), style="header")
        put(FORM, 2, 4 + n + i, p, style="header")
    sums = dict.fromkeys(players, 0.0)
    counts = dict.fromkeys(players, 0)
    for gi, g in enumerate(s.games):
        r = 3 + gi
        put(FORM, r, 1, gi + 1, style="fixed")
        put(FORM, r, 2, g["game"], style="fixed")
        put(FORM, r, 3, g["file"], style="fixed")
        if g["places"] is None:
            continue
        for i, p in enumerate(players):
            if p not in g["places"]:
                continue
            result = form_result(g, g["places"][p])
            sums[p] += result
            counts[p] += 1
            rc = col_letter(4 + i)
            put(FORM, r, 4 + i, result, style="rate")
            put(
                FORM,
                r,
                4 + n + i,
                sums[p] / counts[p],
                f"AVERAGE({rc}$3:{rc}{r})",
                "rate",
                _("game {gi}, {player}, form").format(gi=gi + 1, player=p),
            )
    # Head to head: what the row's player won from the column's player in side bets.
    if s.head_to_head:
        put(
            HEAD, 1, 1, _("Side bets: points the row's player won from the column's"), style="title"
        )
        for i, p in enumerate(players):
            put(HEAD, 2, 2 + i, p, style="header")
            put(HEAD, 3 + i, 1, p, style="header")
        index = {p: i for i, p in enumerate(players)}
        for pair in s.head_to_head:
            a, b = pair.players
            if a in index and b in index:
                put(HEAD, 3 + index[a], 2 + index[b], pair.net, style="fixed")
                put(HEAD, 3 + index[b], 2 + index[a], -pair.net, style="fixed")
    # Each game's own sheet, if it has one, kinds of game in name order.
    for kind in kinds:
        own = registry.part(kind, "stats")
        figures = {p: s.players[p][own.KEY] for p in players if own.KEY in s.players[p]}
        table = own.table(figures) if figures else None
        if table is None:
            continue
        sheet, title, header, rows = table
        put(sheet, 1, 1, title, style="title")
        for j, text in enumerate(header, 1):
            put(sheet, 2, j, text, style="header")
        for i, cells in enumerate(rows):
            for j, value in enumerate(cells, 1):
                if value is not None:
                    put(sheet, 3 + i, j, value, style="fixed")
    return plan.cells


def stats_workbook(s: Stats) -> bytes:
    """The statistics workbook with a line chart of every player's running form."""
    from openpyxl import Workbook
    from openpyxl.chart import LineChart, Reference

    cells = plan_stats(s)
    wb = Workbook()
    first = wb.active
    assert first is not None
    first.title = PLAYERS
    # The sheets in the order planned: players, form, head to head, each game's own.
    titles = list(dict.fromkeys(c.sheet for c in cells))
    sheets: dict[str, Worksheet] = {PLAYERS: first}
    for title in titles[1:]:
        sheets[title] = wb.create_sheet(title)
    write_cells(sheets, cells, _styles("0.00"))
    n = len(s.players)
    games = len(s.games)
    if n and games:
        ws = sheets[FORM]
        chart = LineChart()
        chart.title = "Running form"
        chart.y_axis.title = "form (1 = always first)"
        chart.x_axis.title = "game"
        chart.y_axis.scaling.min = 0
        chart.y_axis.scaling.max = 1
        chart.x_axis.delete = False
        chart.y_axis.delete = False
        chart.height = 9
        chart.width = 24
        data = Reference(ws, min_col=4 + n, max_col=3 + 2 * n, min_row=2, max_row=2 + games)
        chart.add_data(data, titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=1, min_row=3, max_row=2 + games))
        ws.add_chart(chart, f"A{games + 5}")
    for ws in sheets.values():
        ws.column_dimensions["A"].width = 16
        print_setup(ws, freeze=None, title_rows=None)
    return save_with_values(wb, cells, titles)


def _styles(money: str) -> dict[str, dict[str, Any]]:
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    thin = Side(style="thin", color="BFBFBF")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    font = Font(name="Arial", size=10)
    bold = Font(name="Arial", size=10, bold=True)
    return {
        "title": {"font": Font(name="Arial", size=12, bold=True)},
        "header": {
            "font": bold,
            "fill": PatternFill("solid", fgColor=HEADER_FILL),
            "alignment": Alignment(horizontal="center", wrap_text=True),
            "border": box,
        },
        "input": {"font": font, "fill": PatternFill("solid", fgColor=INPUT_FILL), "border": box},
        "fixed": {"font": font, "border": box},
        "label": {"font": font},
        "total_label": {"font": bold},
        "money": {"font": font, "border": box, "number_format": f"{money};-{money};{money}"},
        "rate": {"font": font, "border": box, "number_format": "0.00"},
        "": {"font": font, "border": box},
    }
