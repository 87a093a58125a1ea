"""What every cell of a Caribbean All Fours workbook holds: the Rules, Deals and Scores
sheets (the Points sheet is :mod:`.points`), each computed cell with its formula and the
value the library computes for it.

Export writes the plan (:mod:`.render`); audit compares a workbook with it
(:mod:`.audit`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scoresheet.games.caribbean_all_fours.rules import RANK_TEXT
from scoresheet.games.caribbean_all_fours.score import GameScore, dealer_of, team_name
from scoresheet.games.caribbean_all_fours.sheet.layout import (
    D_BEG,
    D_DEAL,
    D_DEALER,
    D_GP,
    D_HIGH,
    D_HOLDER,
    D_IN_PLAY,
    D_LOW,
    D_TEAM,
    D_TRUMP,
    D_TURN,
    D_WON_BY,
    DEALS,
    FORMAT,
    P_RUN,
    P_WON,
    POINTS,
    R_FORMAT,
    R_OPTIONS,
    R_PACK,
    R_PLAYERS,
    R_RANKS,
    R_ROWS,
    R_SPEC,
    R_TEAM_NAMES,
    R_TEAMS,
    R_VALUES,
    R_VERSION,
    RANKS_DESC,
    RULE_VALUES,
    RULES,
    S_DEAL,
    S_DEAL_PTS,
    S_DEALER,
    S_TOTAL,
    S_TRUMP,
    S_TURNED,
    S_WON,
    SCORES,
    SLOTS,
    VERSION,
    DealInputs,
    Layout,
    Plan,
    deals_cell,
    inputs_of,
    lookup,
    rows_for,
    rule_value,
    suit_of,
    trim,
)
from scoresheet.games.caribbean_all_fours.sheet.points import points_sheet
from scoresheet.i18n import N_, _, pgettext
from scoresheet.sheets.plan import Cell, Value, col_letter

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.models import AllFoursGameFile


def plan_workbook(
    record: AllFoursGameFile,
    result: GameScore,
    inputs: Sequence[DealInputs] | None = None,
    rows: int | None = None,
) -> Plan:
    """Every cell of the workbook; formula cells carry the library's values.

    ``inputs`` are the Deals inputs (default: those that write ``result``); deal rows
    beyond ``result.deals`` are planned as empty.
    """
    typed = list(inputs) if inputs is not None else inputs_of(result)
    count = rows if rows is not None else rows_for(result)
    layout = Layout(result.players, result.teams, result.rules, max(count, len(typed), 1))
    plan = Plan(layout)
    _rules_sheet(plan, record)
    typed += [DealInputs() for _row in range(layout.rows - len(typed))]
    _deals_sheet(plan, typed, result)
    points_sheet(plan, typed, result)
    _scores_sheet(plan, typed, result)
    return plan


def _rules_sheet(plan: Plan, record: AllFoursGameFile) -> None:
    lay = plan.layout
    rules = lay.rules
    add = plan.add
    add(Cell(RULES, 1, 1, _("Rules: Caribbean All Fours"), style="title"))
    spec = record["rules"]
    meta: list[tuple[int, str, Value]] = [
        (R_FORMAT, N_("format"), FORMAT),
        (R_VERSION, N_("version"), VERSION),
        (R_SPEC, N_("rules"), spec if isinstance(spec, str) else json.dumps(spec)),
        (R_OPTIONS, N_("options"), json.dumps(record["options"]) if record.get("options") else ""),
        (R_TEAMS, N_("teams"), json.dumps([list(t) for t in lay.teams], ensure_ascii=False)),
        (R_ROWS, N_("deal rows"), lay.rows),
    ]
    for row, label, value in meta:
        add(Cell(RULES, row, 1, _(label), style="label"))
        add(Cell(RULES, row, 2, value, style="fixed"))
    for col, text in enumerate(
        (
            pgettext("sheet heading", "seat"),
            pgettext("sheet heading", "player"),
            pgettext("sheet heading", "team"),
        ),
        start=1,
    ):
        add(Cell(RULES, R_PLAYERS - 1, col, text, style="header"))
    for j, player in enumerate(lay.players):
        add(Cell(RULES, R_PLAYERS + j, 1, _("player {j}").format(j=j + 1), style="label"))
        add(Cell(RULES, R_PLAYERS + j, 2, player, style="fixed"))
        add(Cell(RULES, R_PLAYERS + j, 3, lay.team_number(player), style="fixed"))
    for col, text in enumerate(
        (pgettext("sheet heading", "team"), pgettext("sheet heading", "partners")), start=1
    ):
        add(Cell(RULES, R_TEAM_NAMES - 1, col, text, style="header"))
    for t in range(2):
        add(Cell(RULES, R_TEAM_NAMES + t, 1, _("team {t}").format(t=t + 1), style="label"))
        add(Cell(RULES, R_TEAM_NAMES + t, 2, team_name(lay.teams, t), style="fixed"))
    for col, text in enumerate(
        (pgettext("sheet heading", "rule"), pgettext("sheet heading", "value")), start=1
    ):
        add(Cell(RULES, R_VALUES - 1, col, text, style="header"))
    for i, (_name, label, path) in enumerate(RULE_VALUES):
        add(Cell(RULES, R_VALUES + i, 1, _(label), style="label"))
        add(Cell(RULES, R_VALUES + i, 2, rule_value(rules, path), style="rule"))
    add(Cell(RULES, R_PACK, 1, _("card points in the pack"), style="label"))
    add(
        Cell(
            RULES,
            R_PACK,
            2,
            rules.pack_points,
            formula="4*SUM(card_values)",
            style="formula",
            label=_("card points in the pack"),
        )
    )
    for col, text in enumerate(
        (
            pgettext("sheet heading", "rank"),
            pgettext("sheet heading", "kick"),
            pgettext("sheet heading", "card points"),
        ),
        start=1,
    ):
        add(Cell(RULES, R_RANKS - 1, col, text, style="header"))
    for i, rank in enumerate(RANKS_DESC):
        row = R_RANKS + i
        add(Cell(RULES, row, 1, RANK_TEXT[rank], style="fixed"))
        add(Cell(RULES, row, 2, rules.kick.get(rank, 0), style="rule"))
        add(Cell(RULES, row, 3, rules.card_points.get(rank, 0), style="rule"))
    note = _(
        "Rule values (green) may be changed: the sheet follows, and import keeps the "
        "change in the game's options."
    )
    add(Cell(RULES, R_RANKS + len(RANKS_DESC) + 1, 1, note, style="note"))


def _deals_sheet(plan: Plan, typed: Sequence[DealInputs], result: GameScore) -> None:
    lay = plan.layout
    add = plan.add
    add(Cell(DEALS, 1, 1, _("Deals: what the table reported"), style="title"))
    add(
        Cell(
            DEALS,
            2,
            1,
            _(
                "Cards as AS, TD, 6H; beg: stand, take-one or run; players by name. Leave a deal's "
                "result empty when a kick or the beg point ended the game."
            ),
            style="note",
        )
    )
    headers = {
        D_DEAL: pgettext("sheet heading", "Deal"),
        D_DEALER: pgettext("sheet heading", "Dealer"),
        D_TEAM: pgettext("sheet heading", "Dealer's team"),
        D_TURN[0]: pgettext("sheet heading", "Turned up"),
        D_TURN[1]: pgettext("sheet heading", "Turned up 2"),
        D_TURN[2]: pgettext("sheet heading", "Turned up 3"),
        D_BEG: pgettext("sheet heading", "Beg"),
        D_HIGH: pgettext("sheet heading", "High (dealt)"),
        D_LOW: pgettext("sheet heading", "Low (dealt)"),
        D_HOLDER: pgettext("sheet heading", "Jack held by"),
        D_WON_BY: pgettext("sheet heading", "Jack won by"),
        D_GP[0]: _("{team_name} card points").format(team_name=team_name(lay.teams, 0)),
        D_GP[1]: _("{team_name} card points").format(team_name=team_name(lay.teams, 1)),
        D_TRUMP: pgettext("sheet heading", "Trumps"),
        D_IN_PLAY: pgettext("sheet heading", "Card points in play"),
    }
    for col, text in headers.items():
        add(Cell(DEALS, 3, col, text, style="header"))
    for n in range(1, lay.rows + 1):
        row = lay.deal_row(n)
        inp = typed[n - 1]
        scored = result.deals[n - 1] if n <= len(result.deals) else None
        where = _("deal {n}").format(n=n)
        add(Cell(DEALS, row, D_DEAL, n, style="deal"))
        dealer = dealer_of(lay.players, n)
        seat = f"MOD(1-$A{row},4)+1"
        add(
            Cell(
                DEALS,
                row,
                D_DEALER,
                dealer,
                formula=f"INDEX(players,{seat})",
                style="formula",
                label=_("{where}, dealer").format(where=where),
                deal=n,
            )
        )
        add(
            Cell(
                DEALS,
                row,
                D_TEAM,
                lay.team_number(dealer),
                formula=f"INDEX(team_of,{seat})",
                style="formula",
                label=_("{where}, dealer's team").format(where=where),
                deal=n,
            )
        )
        values: dict[int, Value] = {
            D_TURN[0]: inp.turn_ups[0],
            D_TURN[1]: inp.turn_ups[1],
            D_TURN[2]: inp.turn_ups[2],
            D_BEG: inp.beg,
            D_HIGH: inp.high,
            D_LOW: inp.low,
            D_HOLDER: inp.holder,
            D_WON_BY: inp.won_by,
            D_GP[0]: inp.game_points[0],
            D_GP[1]: inp.game_points[1],
        }
        for col, value in values.items():
            add(Cell(DEALS, row, col, value if value != "" else None, style="input"))
        t1, t2, t3 = (deals_cell(c, row) for c in D_TURN)
        last = f'IF({trim(t3)}<>"",{t3},IF({trim(t2)}<>"",{t2},{t1}))'
        add(
            Cell(
                DEALS,
                row,
                D_TRUMP,
                scored.trump if scored is not None else "",
                formula=f'IF({trim(t1)}="","",{suit_of(last)})',
                style="formula",
                label=_("{where}, trumps").format(where=where),
                deal=n,
            )
        )
        in_play: Value = ""
        if scored is not None:
            in_play = lay.rules.pack_points - sum(lay.rules.card_value(c) for c in scored.turn_ups)
        kicked = "-".join(lookup(t, "card_values") for t in (t1, t2, t3))
        add(
            Cell(
                DEALS,
                row,
                D_IN_PLAY,
                in_play,
                formula=f'IF({trim(t1)}="","",pack_points-{kicked})',
                style="formula",
                label=_("{where}, card points in play").format(where=where),
                deal=n,
            )
        )


def _scores_sheet(plan: Plan, typed: Sequence[DealInputs], result: GameScore) -> None:
    lay = plan.layout
    add = plan.add
    target = lay.rules.target
    add(Cell(SCORES, 1, 1, _("Caribbean All Fours"), style="title"))
    add(
        Cell(
            SCORES,
            2,
            1,
            _(
                "{team_name} v {team_name2}: the first team to reach the target (Rules) wins at "
                "once."
            ).format(team_name=team_name(lay.teams, 0), team_name2=team_name(lay.teams, 1)),
            style="note",
        )
    )
    headers = {
        S_DEAL: pgettext("sheet heading", "Deal"),
        S_DEALER: pgettext("sheet heading", "Dealer"),
        S_TURNED: pgettext("sheet heading", "Turned up"),
        S_TRUMP: pgettext("sheet heading", "Trumps"),
        S_DEAL_PTS[0]: _("{team_name} this deal").format(team_name=team_name(lay.teams, 0)),
        S_DEAL_PTS[1]: _("{team_name} this deal").format(team_name=team_name(lay.teams, 1)),
        S_TOTAL[0]: team_name(lay.teams, 0),
        S_TOTAL[1]: team_name(lay.teams, 1),
        S_WON: pgettext("sheet heading", "Game won"),
    }
    for col, text in headers.items():
        add(Cell(SCORES, 3, col, text, style="header"))
    for n in range(1, lay.rows + 1):
        row = lay.deal_row(n)
        scored = result.deals[n - 1] if n <= len(result.deals) else None
        where = _("deal {n}").format(n=n)
        t1 = deals_cell(D_TURN[0], row)
        blank = f'{trim(t1)}=""'
        add(Cell(SCORES, row, S_DEAL, n, style="deal"))
        add(
            Cell(
                SCORES,
                row,
                S_DEALER,
                dealer_of(lay.players, n),
                formula=deals_cell(D_DEALER, row),
                style="formula",
                label=_("{where}, dealer").format(where=where),
                deal=n,
            )
        )
        turned = '&" "&'.join(trim(deals_cell(c, row)) for c in D_TURN)
        add(
            Cell(
                SCORES,
                row,
                S_TURNED,
                " ".join(t.strip() for t in typed[n - 1].turn_ups if t.strip()) if scored else "",
                formula=f"TRIM({turned})",
                style="formula",
                label=_("{where}, turned up").format(where=where),
                deal=n,
            )
        )
        add(
            Cell(
                SCORES,
                row,
                S_TRUMP,
                scored.trump if scored else "",
                formula=deals_cell(D_TRUMP, row) + '&""',
                style="formula",
                label=_("{where}, trumps").format(where=where),
                deal=n,
            )
        )
        last = lay.point_row(n, len(SLOTS) - 1)
        for t in range(2):
            run_col = col_letter(P_RUN[t])
            now = f"{POINTS}!{run_col}{last}"
            before = f"{POINTS}!{run_col}{lay.point_row(n - 1, len(SLOTS) - 1)}" if n > 1 else "0"
            add(
                Cell(
                    SCORES,
                    row,
                    S_DEAL_PTS[t],
                    scored.score[t] if scored else "",
                    formula=f'IF({blank},"",{now}-{before})',
                    style="points",
                    label=_("{where}, {team_name} this deal").format(
                        where=where, team_name=team_name(lay.teams, t)
                    ),
                    deal=n,
                )
            )
            add(
                Cell(
                    SCORES,
                    row,
                    S_TOTAL[t],
                    scored.running[t] if scored else "",
                    formula=f'IF({blank},"",{now})',
                    style="running",
                    label=_("{where}, {team_name} total").format(
                        where=where, team_name=team_name(lay.teams, t)
                    ),
                    deal=n,
                )
            )
        won_cells = "&".join(
            f"{POINTS}!{col_letter(P_WON)}{lay.point_row(n, s)}" for s in range(len(SLOTS))
        )
        won_value = (
            f"{team_name(lay.teams, scored.winner)} win"
            if scored is not None and scored.winner is not None
            else ""
        )
        add(
            Cell(
                SCORES,
                row,
                S_WON,
                won_value,
                formula=won_cells,
                style="won",
                label=_("{where}, game won").format(where=where),
                deal=n,
            )
        )
    row = lay.totals_row
    add(Cell(SCORES, row, S_DEAL_PTS[1], _("Total"), style="total_label"))
    for t in range(2):
        add(
            Cell(
                SCORES,
                row,
                S_TOTAL[t],
                result.team_totals[t],
                formula=f"{POINTS}!{col_letter(P_RUN[t])}{lay.last_point_row}",
                style="total",
                label=_("{team_name}, total").format(team_name=team_name(lay.teams, t)),
            )
        )
    a, b = (f"{col_letter(c)}{row}" for c in S_TOTAL)
    winner = (
        f"{result.team_name(result.winner)} win" if result.winner is not None else "no winner yet"
    )
    add(
        Cell(
            SCORES,
            row,
            S_WON,
            winner,
            formula=(
                f'IF({a}>=target,INDEX(team_names,1)&" win",'
                f'IF({b}>=target,INDEX(team_names,2)&" win","no winner yet"))'
            ),
            style="won",
            label=_("the winner"),
        )
    )
    add(Cell(SCORES, row + 1, S_DEAL_PTS[1], _("Target"), style="total_label"))
    add(
        Cell(
            SCORES,
            row + 1,
            S_TOTAL[0],
            target,
            formula="target",
            style="total",
            label=_("the target"),
        )
    )
