"""Caribbean All Fours workbooks: export, blank sheets, audit and import.

A workbook has four sheets, each with three header rows:

* ``Deals`` (the inputs): per deal the cards turned up, the beg, who was dealt High and
  Low, the trump jack's holder and who won it, each team's card points; the dealer (by
  the rotation), the trump suit and the card points in play are formulas;
* ``Points``: eight rows per deal, one per point in scoring order — kick 1, kick 2,
  kick 3, beg, High, Low, Jack, Game — with the team, the points, whether they count
  (not once the game is won), both teams' running scores, and where the game was won;
* ``Scores``: one row per deal: the points each team counted, the running totals, the
  deal the game was won in; then the totals and the winner;
* ``Rules``: the players and teams, the rule values (target, points, options, the kick
  and card-point tables) as named cells.

Every computed cell is a formula over the inputs and the named rule cells, and carries
the value the library computes as its cached value. An audit reads the inputs back,
scores them with the library, and compares every formula and every value shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours.rules import (
    JACK_RULES,
    KICK_RETURNS,
    RANK_TEXT,
    TIED_GAME,
    AllFoursRules,
)
from scoresheet.games.caribbean_all_fours.score import (
    DealScore,
    GameScore,
    Point,
    dealer_of,
    score_game,
    team_name,
    team_of,
)
from scoresheet.limits import MAX_DEAL_ROWS, SHEET_MARGIN
from scoresheet.sheets.audit import Report, Sheet, check_player_names, compare_cells
from scoresheet.sheets.export import print_setup, save_with_values, write_cells
from scoresheet.sheets.layout import Cell, Value, col_letter
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from scoresheet.games.caribbean_all_fours.models import AllFoursGameFile

GAME = "caribbean-all-fours"
SCORES, DEALS, POINTS, RULES = "Scores", "Deals", "Points", "Rules"
SHEETS = (SCORES, DEALS, POINTS, RULES)
FIRST = 4  # the row of deal 1 on Deals and Scores, and of its first point on Points
SLOTS = ("kick 1", "kick 2", "kick 3", "beg", "high", "low", "jack", "game")
BLANK_ROWS = 30  # deal rows of a blank sheet, and at least of an unfinished game's
SPARE_ROWS = 10  # empty deal rows after the last deal of an unfinished game
FORMAT = "scoresheet-workbook"
VERSION = 1
BEGS = ("stand", "take-one", "run")

# Deals: the input columns, then the computed ones.
D_DEAL, D_DEALER, D_TEAM = 1, 2, 3
D_TURN = (4, 5, 6)
D_BEG, D_HIGH, D_LOW, D_HOLDER, D_WON_BY = 7, 8, 9, 10, 11
D_GP = (12, 13)
D_TRUMP, D_IN_PLAY = 14, 15
# Points columns.
P_DEAL, P_POINT, P_WHAT, P_TEAM, P_NAME, P_POINTS, P_COUNTED, P_RUN, P_WON = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    (8, 9),
    10,
)
# Scores columns.
S_DEAL, S_DEALER, S_TURNED, S_TRUMP, S_DEAL_PTS, S_TOTAL, S_WON = 1, 2, 3, 4, (5, 6), (7, 8), 9

# Rules sheet rows.
R_FORMAT, R_VERSION, R_SPEC, R_OPTIONS, R_TEAMS, R_ROWS = 2, 3, 4, 5, 6, 7
R_PLAYERS = 10  # players 1-4 in rows 10-13: name in B, team number in C
R_TEAM_NAMES = 16  # team 1 and 2 in rows 16-17
R_VALUES = 20
# (named cell, label, option path in a rules object)
RULE_VALUES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("target", "target", ("target",)),
    ("beg_points", "beg (take one)", ("values", "beg")),
    ("high_points", "High", ("values", "high")),
    ("low_points", "Low", ("values", "low")),
    ("jack_points", "Jack", ("values", "jack")),
    ("hang_jack_points", "hang jack", ("values", "hang_jack")),
    ("game_point", "Game", ("values", "game")),
    ("tied_game", "tied Game scored by", ("tied_game",)),
    ("kick_returns", "kicks when running", ("kick_returns",)),
    ("jack_rule", "Jack rule", ("jack_rule",)),
)
R_PACK = R_VALUES + len(RULE_VALUES)  # pack_points, a formula
R_RANKS = R_PACK + 3  # the rank table: rank, kick, card points (A first, 2 last)
RANKS_DESC = tuple(range(14, 1, -1))

INPUT_FILL = "FFF6D5"
HEADER_FILL = "D9D9D9"
RULE_FILL = "E2EFDA"
RED_FILL = "FFC7CE"
WIN_FILL = "C6EFCE"
GREY = "808080"


# -- what the table typed, per deal row --------------------------------------------------


@dataclass
class DealInputs:
    """One deal row of the Deals sheet, as typed (blank cells as "" or None)."""

    turn_ups: tuple[str, str, str] = ("", "", "")
    beg: str = ""
    high: str = ""
    low: str = ""
    holder: str = ""
    won_by: str = ""
    game_points: tuple[int | None, int | None] = (None, None)

    @property
    def blank(self) -> bool:
        return not self.turn_ups[0].strip()


def inputs_of(result: GameScore) -> list[DealInputs]:
    """The Deals inputs that write a scored game (captured cards become card points)."""
    out = []
    for d in result.deals:
        turned = [str(c) for c in d.turn_ups] + ["", "", ""]
        jack = d.jack or ("", "")
        gp: tuple[int | None, int | None] = d.game_points or (None, None)
        out.append(
            DealInputs(
                turn_ups=(turned[0], turned[1], turned[2]),
                beg=d.beg or "",
                high=d.high or "",
                low=d.low or "",
                holder=jack[0],
                won_by=jack[1],
                game_points=gp,
            )
        )
    return out


# -- where everything sits ---------------------------------------------------------------


@dataclass
class Layout:
    players: tuple[str, ...]
    teams: tuple[tuple[str, str], tuple[str, str]]
    rules: AllFoursRules
    rows: int

    def deal_row(self, n: int) -> int:
        return FIRST + n - 1

    def point_row(self, n: int, slot: int) -> int:
        return FIRST + len(SLOTS) * (n - 1) + slot

    @property
    def last_point_row(self) -> int:
        return self.point_row(self.rows, len(SLOTS) - 1)

    @property
    def totals_row(self) -> int:
        return FIRST + self.rows + 1

    def team_number(self, player: str) -> int:
        return team_of(self.teams, player) + 1


@dataclass
class Plan:
    layout: Layout
    cells: list[Cell] = field(default_factory=list)

    def add(self, cell: Cell) -> None:
        self.cells.append(cell)

    def formulas(self) -> list[Cell]:
        return [c for c in self.cells if c.formula is not None]


def rows_for(result: GameScore) -> int:
    played = len(result.deals)
    return played if result.complete else min(max(played + SPARE_ROWS, BLANK_ROWS), MAX_DEAL_ROWS)


# -- formula pieces ----------------------------------------------------------------------


def _d(col: int, row: int) -> str:
    """A Deals cell, column fixed."""
    return f"{DEALS}!${col_letter(col)}{row}"


def _trim(ref: str) -> str:
    return f"TRIM({ref})"


def _rank(ref: str) -> str:
    c = _trim(ref)
    return f'SUBSTITUTE(UPPER(LEFT({c},LEN({c})-1)),"10","T")'


def _suit(ref: str) -> str:
    c = _trim(ref)
    return f'IFERROR(MID("SHDCSHDC",FIND(RIGHT({c},1),"♠♥♦♣♤♡♢♧"),1),UPPER(RIGHT({c},1)))'


def _lookup(ref: str, table: str) -> str:
    return f'IF({_trim(ref)}="",0,IFERROR(INDEX({table},MATCH({_rank(ref)},ranks,0)),0))'


def _team_of(ref: str) -> str:
    return f"SUMPRODUCT(EXACT(players,{ref})*team_of)"


# -- the plan ----------------------------------------------------------------------------


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
    typed += [DealInputs() for _ in range(layout.rows - len(typed))]
    _deals_sheet(plan, typed, result)
    _points_sheet(plan, typed, result)
    _scores_sheet(plan, typed, result)
    return plan


def _rules_sheet(plan: Plan, record: AllFoursGameFile) -> None:
    lay = plan.layout
    rules = lay.rules
    add = plan.add
    add(Cell(RULES, 1, 1, "Rules: Caribbean All Fours", style="title"))
    spec = record["rules"]
    meta: list[tuple[int, str, Value]] = [
        (R_FORMAT, "format", FORMAT),
        (R_VERSION, "version", VERSION),
        (R_SPEC, "rules", spec if isinstance(spec, str) else json.dumps(spec)),
        (R_OPTIONS, "options", json.dumps(record["options"]) if record.get("options") else ""),
        (R_TEAMS, "teams", json.dumps([list(t) for t in lay.teams], ensure_ascii=False)),
        (R_ROWS, "deal rows", lay.rows),
    ]
    for row, label, value in meta:
        add(Cell(RULES, row, 1, label, style="label"))
        add(Cell(RULES, row, 2, value, style="fixed"))
    for col, text in enumerate(("seat", "player", "team"), start=1):
        add(Cell(RULES, R_PLAYERS - 1, col, text, style="header"))
    for j, player in enumerate(lay.players):
        add(Cell(RULES, R_PLAYERS + j, 1, f"player {j + 1}", style="label"))
        add(Cell(RULES, R_PLAYERS + j, 2, player, style="fixed"))
        add(Cell(RULES, R_PLAYERS + j, 3, lay.team_number(player), style="fixed"))
    for col, text in enumerate(("team", "partners"), start=1):
        add(Cell(RULES, R_TEAM_NAMES - 1, col, text, style="header"))
    for t in range(2):
        add(Cell(RULES, R_TEAM_NAMES + t, 1, f"team {t + 1}", style="label"))
        add(Cell(RULES, R_TEAM_NAMES + t, 2, team_name(lay.teams, t), style="fixed"))
    for col, text in enumerate(("rule", "value"), start=1):
        add(Cell(RULES, R_VALUES - 1, col, text, style="header"))
    for i, (_name, label, path) in enumerate(RULE_VALUES):
        add(Cell(RULES, R_VALUES + i, 1, label, style="label"))
        add(Cell(RULES, R_VALUES + i, 2, _rule_value(rules, path), style="rule"))
    add(Cell(RULES, R_PACK, 1, "card points in the pack", style="label"))
    add(
        Cell(
            RULES,
            R_PACK,
            2,
            rules.pack_points,
            formula="4*SUM(card_values)",
            style="formula",
            label="card points in the pack",
        )
    )
    for col, text in enumerate(("rank", "kick", "card points"), start=1):
        add(Cell(RULES, R_RANKS - 1, col, text, style="header"))
    for i, rank in enumerate(RANKS_DESC):
        row = R_RANKS + i
        add(Cell(RULES, row, 1, RANK_TEXT[rank], style="fixed"))
        add(Cell(RULES, row, 2, rules.kick.get(rank, 0), style="rule"))
        add(Cell(RULES, row, 3, rules.card_points.get(rank, 0), style="rule"))
    note = (
        "Rule values (green) may be changed: the sheet follows, and import keeps the "
        "change in the game's options."
    )
    add(Cell(RULES, R_RANKS + len(RANKS_DESC) + 1, 1, note, style="note"))


def _rule_value(rules: AllFoursRules, path: tuple[str, ...]) -> int | str:
    if path == ("target",):
        return rules.target
    if path[0] == "values":
        value: int = getattr(rules.values, path[1])
        return value
    text: str = getattr(rules, path[0])
    return text


def _deals_sheet(plan: Plan, typed: Sequence[DealInputs], result: GameScore) -> None:
    lay = plan.layout
    add = plan.add
    add(Cell(DEALS, 1, 1, "Deals: what the table reported", style="title"))
    add(
        Cell(
            DEALS,
            2,
            1,
            "Cards as AS, TD, 6H; beg: stand, take-one or run; players by name. Leave a deal's "
            "result empty when a kick or the beg point ended the game.",
            style="note",
        )
    )
    headers = {
        D_DEAL: "Deal",
        D_DEALER: "Dealer",
        D_TEAM: "Dealer's team",
        D_TURN[0]: "Turned up",
        D_TURN[1]: "Turned up 2",
        D_TURN[2]: "Turned up 3",
        D_BEG: "Beg",
        D_HIGH: "High (dealt)",
        D_LOW: "Low (dealt)",
        D_HOLDER: "Jack held by",
        D_WON_BY: "Jack won by",
        D_GP[0]: f"{team_name(lay.teams, 0)} card points",
        D_GP[1]: f"{team_name(lay.teams, 1)} card points",
        D_TRUMP: "Trumps",
        D_IN_PLAY: "Card points in play",
    }
    for col, text in headers.items():
        add(Cell(DEALS, 3, col, text, style="header"))
    for n in range(1, lay.rows + 1):
        row = lay.deal_row(n)
        inp = typed[n - 1]
        scored = result.deals[n - 1] if n <= len(result.deals) else None
        where = f"deal {n}"
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
                label=f"{where}, dealer",
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
                label=f"{where}, dealer's team",
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
        t1, t2, t3 = (_d(c, row) for c in D_TURN)
        last = f'IF({_trim(t3)}<>"",{t3},IF({_trim(t2)}<>"",{t2},{t1}))'
        add(
            Cell(
                DEALS,
                row,
                D_TRUMP,
                scored.trump if scored is not None else "",
                formula=f'IF({_trim(t1)}="","",{_suit(last)})',
                style="formula",
                label=f"{where}, trumps",
                deal=n,
            )
        )
        in_play: Value = ""
        if scored is not None:
            in_play = lay.rules.pack_points - sum(lay.rules.card_value(c) for c in scored.turn_ups)
        kicked = "-".join(_lookup(t, "card_values") for t in (t1, t2, t3))
        add(
            Cell(
                DEALS,
                row,
                D_IN_PLAY,
                in_play,
                formula=f'IF({_trim(t1)}="","",pack_points-{kicked})',
                style="formula",
                label=f"{where}, card points in play",
                deal=n,
            )
        )


def _slot_points(scored: DealScore | None) -> list[Point | None]:
    """The point scored in each of the eight slots of a deal (None: nothing scored)."""
    out: list[Point | None] = [None] * len(SLOTS)
    if scored is None:
        return out
    cards = [str(c) for c in scored.turn_ups]
    index = {"beg": 3, "high": 4, "low": 5, "jack": 6, "hang-jack": 6, "game": 7}
    for p in scored.points:
        slot = cards.index(p.card) if p.kind == "kick" and p.card is not None else index[p.kind]
        out[slot] = p
    return out


def _points_sheet(plan: Plan, typed: Sequence[DealInputs], result: GameScore) -> None:
    lay = plan.layout
    add = plan.add
    rules = lay.rules
    add(Cell(POINTS, 1, 1, "Points: in the order they are scored", style="title"))
    add(
        Cell(
            POINTS,
            2,
            1,
            "The first team to reach the target wins at once; later points do not count.",
            style="note",
        )
    )
    headers = {
        P_DEAL: "Deal",
        P_POINT: "Point",
        P_WHAT: "For",
        P_TEAM: "Team",
        P_NAME: "Scored by",
        P_POINTS: "Points",
        P_COUNTED: "Counted",
        P_RUN[0]: team_name(lay.teams, 0),
        P_RUN[1]: team_name(lay.teams, 1),
        P_WON: "Game won",
    }
    for col, text in headers.items():
        add(Cell(POINTS, 3, col, text, style="header"))
    running = [0, 0]
    won = False
    for n in range(1, lay.rows + 1):
        inp = typed[n - 1]
        scored = result.deals[n - 1] if n <= len(result.deals) else None
        slots = _slot_points(scored)
        r = lay.deal_row(n)
        t = [_d(c, r) for c in D_TURN]
        team = _d(D_TEAM, r)
        beg, high, low = _d(D_BEG, r), _d(D_HIGH, r), _d(D_LOW, r)
        holder, won_by = _d(D_HOLDER, r), _d(D_WON_BY, r)
        gp = [_d(c, r) for c in D_GP]
        for slot, name in enumerate(SLOTS):
            row = lay.point_row(n, slot)
            point = slots[slot]
            where = f"deal {n}, {name}"
            pts = f"{col_letter(P_POINTS)}{row}"
            counted = f"{col_letter(P_COUNTED)}{row}"
            team_cell = f"{col_letter(P_TEAM)}{row}"
            add(Cell(POINTS, row, P_DEAL, n, style="deal"))
            add(Cell(POINTS, row, P_POINT, name, style="fixed"))
            # What the point is for, its team and its points.
            what_value: Value = ""
            if slot < 3:
                what_value = inp.turn_ups[slot].strip()
                what = f'IF({_trim(t[slot])}="","",{_trim(t[slot])})'
                value_f = _lookup(t[slot], "kick_values")
                if slot > 0:
                    value_f = (
                        f'IF(OR(kick_returns="every",{_suit(t[slot])}<>{_suit(t[0])}),{value_f},0)'
                    )
                team_f = f'IF({pts}=0,"",{team})'
            elif name == "beg":
                what_value = inp.beg.strip()
                what = f'IF({_trim(beg)}="","",{_trim(beg)})'
                value_f = f'IF({_trim(beg)}="take-one",beg_points,0)'
                team_f = f'IF({pts}=0,"",3-{team})'
            elif name in ("high", "low"):
                who = high if name == "high" else low
                what_value = inp.high if name == "high" else inp.low
                what = f'IF({who}="","",{who})'
                value_f = f'IF({who}="",0,{name}_points)'
                team_f = f'IF({pts}=0,"",{_team_of(who)})'
            elif name == "jack":
                both = f'OR({holder}="",{won_by}="")'
                same = f"{_team_of(holder)}={_team_of(won_by)}"
                if scored is not None and scored.jack is not None:
                    hang = point is not None and point.kind == "hang-jack"
                    what_value = ("hang jack " if hang else "") + "→".join(scored.jack)
                what = (
                    f'IF({both},"",IF(AND(jack_rule<>"captor",NOT({same})),"hang jack ","")'
                    f'&{holder}&"→"&{won_by})'
                )
                value_f = (
                    f'IF({both},0,IF(OR(jack_rule="captor",{same}),jack_points,hang_jack_points))'
                )
                team_f = f'IF({pts}=0,"",{_team_of(won_by)})'
            else:
                a, b = gp
                none = f'AND({a}="",{b}="")'
                if scored is not None and scored.game_points is not None:
                    what_value = f"{scored.game_points[0]}–{scored.game_points[1]}"
                what = f'IF({none},"",N({a})&"–"&N({b}))'
                value_f = f'IF({none},0,IF(AND(N({a})=N({b}),tied_game="nobody"),0,game_point))'
                team_f = (
                    f'IF({pts}=0,"",IF(N({a})>N({b}),1,IF(N({b})>N({a}),2,'
                    f'IF(tied_game="dealer",{team},3-{team}))))'
                )
            add(
                Cell(
                    POINTS,
                    row,
                    P_WHAT,
                    what_value,
                    formula=what,
                    style="formula",
                    label=f"{where}, for",
                    deal=n,
                )
            )
            team_value: Value = "" if point is None else point.team + 1
            add(
                Cell(
                    POINTS,
                    row,
                    P_TEAM,
                    team_value,
                    formula=team_f,
                    style="formula",
                    label=f"{where}, team",
                    deal=n,
                )
            )
            add(
                Cell(
                    POINTS,
                    row,
                    P_NAME,
                    "" if point is None else team_name(lay.teams, point.team),
                    formula=f'IF({team_cell}="","",INDEX(team_names,{team_cell}))',
                    style="formula",
                    label=f"{where}, scored by",
                    deal=n,
                )
            )
            add(
                Cell(
                    POINTS,
                    row,
                    P_POINTS,
                    0 if point is None else point.points,
                    formula=value_f,
                    style="points",
                    label=f"{where}, points",
                    deal=n,
                )
            )
            # Counted, the running scores, the winning point.
            first = n == 1 and slot == 0
            prev = [f"{col_letter(c)}{row - 1}" for c in P_RUN]
            if first:
                counted_f = f'IF({pts}=0,"","yes")'
            else:
                counted_f = f'IF({pts}=0,"",IF(OR({prev[0]}>=target,{prev[1]}>=target),"no","yes"))'
            counted_value: Value = ""
            if point is not None:
                counted_value = "yes" if point.counted else "no"
                if point.counted:
                    running = list(point.running)
            add(
                Cell(
                    POINTS,
                    row,
                    P_COUNTED,
                    counted_value,
                    formula=counted_f,
                    style="formula",
                    label=f"{where}, counted",
                    deal=n,
                )
            )
            for t_index, col in enumerate(P_RUN):
                add_f = f'IF(AND({counted}="yes",{team_cell}={t_index + 1}),{pts},0)'
                add(
                    Cell(
                        POINTS,
                        row,
                        col,
                        running[t_index],
                        formula=add_f if first else f"{prev[t_index]}+{add_f}",
                        style="running",
                        label=f"{where}, {team_name(lay.teams, t_index)} running",
                        deal=n,
                    )
                )
            winning = (
                point is not None
                and point.counted
                and not won
                and (point.running[point.team] >= rules.target)
            )
            won = won or winning
            runs = [f"{col_letter(c)}{row}" for c in P_RUN]
            add(
                Cell(
                    POINTS,
                    row,
                    P_WON,
                    f"{team_name(lay.teams, point.team)} win" if winning and point else "",
                    formula=(
                        f'IF(AND({counted}="yes",OR({runs[0]}>=target,{runs[1]}>=target)),'
                        f'INDEX(team_names,{team_cell})&" win","")'
                    ),
                    style="won",
                    label=f"{where}, game won",
                    deal=n,
                )
            )


def _scores_sheet(plan: Plan, typed: Sequence[DealInputs], result: GameScore) -> None:
    lay = plan.layout
    add = plan.add
    target = lay.rules.target
    add(Cell(SCORES, 1, 1, "Caribbean All Fours", style="title"))
    add(
        Cell(
            SCORES,
            2,
            1,
            f"{team_name(lay.teams, 0)} v {team_name(lay.teams, 1)}: the first team to reach "
            "the target (Rules) wins at once.",
            style="note",
        )
    )
    headers = {
        S_DEAL: "Deal",
        S_DEALER: "Dealer",
        S_TURNED: "Turned up",
        S_TRUMP: "Trumps",
        S_DEAL_PTS[0]: f"{team_name(lay.teams, 0)} this deal",
        S_DEAL_PTS[1]: f"{team_name(lay.teams, 1)} this deal",
        S_TOTAL[0]: team_name(lay.teams, 0),
        S_TOTAL[1]: team_name(lay.teams, 1),
        S_WON: "Game won",
    }
    for col, text in headers.items():
        add(Cell(SCORES, 3, col, text, style="header"))
    for n in range(1, lay.rows + 1):
        row = lay.deal_row(n)
        scored = result.deals[n - 1] if n <= len(result.deals) else None
        where = f"deal {n}"
        t1 = _d(D_TURN[0], row)
        blank = f'{_trim(t1)}=""'
        add(Cell(SCORES, row, S_DEAL, n, style="deal"))
        add(
            Cell(
                SCORES,
                row,
                S_DEALER,
                dealer_of(lay.players, n),
                formula=_d(D_DEALER, row),
                style="formula",
                label=f"{where}, dealer",
                deal=n,
            )
        )
        turned = '&" "&'.join(_trim(_d(c, row)) for c in D_TURN)
        add(
            Cell(
                SCORES,
                row,
                S_TURNED,
                " ".join(t.strip() for t in typed[n - 1].turn_ups if t.strip()) if scored else "",
                formula=f"TRIM({turned})",
                style="formula",
                label=f"{where}, turned up",
                deal=n,
            )
        )
        add(
            Cell(
                SCORES,
                row,
                S_TRUMP,
                scored.trump if scored else "",
                formula=_d(D_TRUMP, row) + '&""',
                style="formula",
                label=f"{where}, trumps",
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
                    label=f"{where}, {team_name(lay.teams, t)} this deal",
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
                    label=f"{where}, {team_name(lay.teams, t)} total",
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
                label=f"{where}, game won",
                deal=n,
            )
        )
    row = lay.totals_row
    add(Cell(SCORES, row, S_DEAL_PTS[1], "Total", style="total_label"))
    for t in range(2):
        add(
            Cell(
                SCORES,
                row,
                S_TOTAL[t],
                result.team_totals[t],
                formula=f"{POINTS}!{col_letter(P_RUN[t])}{lay.last_point_row}",
                style="total",
                label=f"{team_name(lay.teams, t)}, total",
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
            label="the winner",
        )
    )
    add(Cell(SCORES, row + 1, S_DEAL_PTS[1], "Target", style="total_label"))
    add(
        Cell(
            SCORES,
            row + 1,
            S_TOTAL[0],
            target,
            formula="target",
            style="total",
            label="the target",
        )
    )


# -- writing -----------------------------------------------------------------------------


def export_workbook(record: AllFoursGameFile, *, paper: str = "a4") -> bytes:
    """The workbook of a game file (``.xlsx`` bytes). Raises if the game does not score."""
    result = score_game(record)
    return render(record, result, paper=paper)


def blank_workbook(players: Sequence[str], rules: str = GAME, *, paper: str = "a4") -> bytes:
    """A workbook with no deals, to print or to fill in at the table."""
    from scoresheet import record as rec

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
    from scoresheet.sheets.export import check_text

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
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.workbook.defined_name import DefinedName

    from scoresheet.sheets.games import category

    lay = plan.layout
    wb = Workbook()
    wb.properties.category = category(GAME)
    wb.properties.title = "Caribbean All Fours score sheet"
    sheets: dict[str, Worksheet] = {}
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets[SCORES] = first
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)
    thin = Side(style="thin", color="BFBFBF")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    font = Font(name="Arial", size=10)
    bold = Font(name="Arial", size=10, bold=True)
    styles: dict[str, dict[str, Any]] = {
        "title": {"font": Font(name="Arial", size=12, bold=True)},
        "note": {"font": Font(name="Arial", size=9, italic=True, color="595959")},
        "header": {
            "font": bold,
            "fill": PatternFill("solid", fgColor=HEADER_FILL),
            "alignment": Alignment(horizontal="center", vertical="center", wrap_text=True),
            "border": box,
        },
        "input": {"font": font, "fill": PatternFill("solid", fgColor=INPUT_FILL), "border": box},
        "rule": {"font": font, "fill": PatternFill("solid", fgColor=RULE_FILL), "border": box},
        "fixed": {"font": font, "border": box},
        "label": {"font": font},
        "deal": {"font": font, "border": box, "alignment": Alignment(horizontal="center")},
        "formula": {"font": font, "border": box},
        "points": {"font": font, "border": box, "alignment": Alignment(horizontal="right")},
        "running": {"font": bold, "border": box},
        "won": {"font": bold, "border": box},
        "total": {"font": bold, "border": box},
        "total_label": {"font": bold},
    }
    write_cells(sheets, plan.cells, styles, default="formula")

    # Each deal's eight points form a block, as on the paper sheet.
    medium = Side(style="medium", color="000000")
    for n in range(2, lay.rows + 1):
        row = lay.point_row(n, 0)
        for col in range(1, P_WON + 1):
            sheets[POINTS].cell(row=row, column=col).border = Border(
                left=thin, right=thin, top=medium, bottom=thin
            )

    def name(key: str, ref: str) -> None:
        wb.defined_names[key] = DefinedName(key, attr_text=f"{RULES}!{ref}")

    name("players", f"$B${R_PLAYERS}:$B${R_PLAYERS + 3}")
    name("team_of", f"$C${R_PLAYERS}:$C${R_PLAYERS + 3}")
    name("team_names", f"$B${R_TEAM_NAMES}:$B${R_TEAM_NAMES + 1}")
    for i, (key, _, _) in enumerate(RULE_VALUES):
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
            error="stand, take-one or run",
        ),
        [span(D_BEG)],
    )
    add(
        deals,
        DataValidation(type="list", formula1="players", allow_blank=True, error="Pick a player."),
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
            error="A team's card points: a whole number.",
        ),
        [span(c) for c in D_GP],
    )
    rules = sheets[RULES]
    for i, (key, _, _) in enumerate(RULE_VALUES):
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


# -- reading back ------------------------------------------------------------------------


def load_sheets(data: bytes, name: str) -> dict[str, Sheet]:
    """The four sheets' cells, read twice: formulas and inputs, then the saved values."""
    from scoresheet.sheets.audit import read_sheets

    return read_sheets(
        data,
        name,
        SHEETS,
        max_row=len(SLOTS) * MAX_DEAL_ROWS + SHEET_MARGIN,
        max_col=30,
        kind="a Caribbean All Fours workbook",
    )


@dataclass
class Book:
    """What a workbook holds: the game its inputs make, and where it came from."""

    record: AllFoursGameFile
    inputs: list[DealInputs]
    sheets: dict[str, Sheet]
    rows: int
    bad: set[int]  # deals with an input that cannot be read


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


_CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC♠♥♦♣♤♡♢♧]$", re.I)


def _read_meta(sheets: dict[str, Sheet], name: str) -> tuple[Any, dict[str, Any], Any, int]:
    rules = sheets[RULES]
    if rules.value(R_FORMAT, 2) != FORMAT:
        raise ScoresheetError(
            f"{name}: not a workbook written by scoresheet (Rules!B{R_FORMAT} should say "
            f'"{FORMAT}")'
        )
    version = _whole(rules.value(R_VERSION, 2))
    if version is None or version > VERSION:
        raise ScoresheetError(
            f"{name}: written by a newer scoresheet (workbook version {version}); this one "
            f"reads up to version {VERSION}"
        )
    spec = rules.value(R_SPEC, 2)
    options_text = rules.value(R_OPTIONS, 2)
    teams_text = rules.value(R_TEAMS, 2)
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
        teams = strict_json(teams_text) if teams_text else None
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged") from None
    rows = _whole(rules.value(R_ROWS, 2))
    if (
        not isinstance(stated, str | dict)
        or not isinstance(options, dict)
        or rows is None
        or not 1 <= rows <= MAX_DEAL_ROWS
    ):
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged")
    return stated, options, teams, rows


def _rule_overrides(
    sheets: dict[str, Sheet], rules: AllFoursRules, report: Report
) -> dict[str, Any]:
    """Rule values changed in the sheet, as options (each noted, not blocking an import)."""
    from scoresheet.rules import merge_options

    sheet = sheets[RULES]
    out: dict[str, Any] = {}
    for i, (key, label, path) in enumerate(RULE_VALUES):
        row = R_VALUES + i
        got = sheet.value(row, 2)
        expected = _rule_value(rules, path)
        value: Any = _whole(got) if isinstance(expected, int) else _text(got)
        choices = {"tied_game": TIED_GAME, "kick_returns": KICK_RETURNS, "jack_rule": JACK_RULES}
        bad = value is None or (key in choices and value not in choices[key])
        if bad or (isinstance(value, int) and value < (1 if key == "target" else 0)):
            allowed = ", ".join(choices[key]) if key in choices else "a whole number"
            report.add(None, f"{RULES}!B{row}", label, f"{_show(got)} is not {allowed}")
            continue
        if value != expected:
            node: dict[str, Any] = {path[-1]: value}
            for part in reversed(path[:-1]):
                node = {part: node}
            out = merge_options(out, node)
            report.add(
                None,
                f"{RULES}!B{row}",
                label,
                f"changed from {_show(expected)} to {_show(value)}",
                blocking=False,
            )
    for col, key, current in ((2, "kick", rules.kick), (3, "card_points", rules.card_points)):
        table: dict[str, int] = {}
        changed = False
        for i, rank in enumerate(RANKS_DESC):
            row = R_RANKS + i
            got = _whole(sheet.value(row, col))
            if got is None or got < 0:
                report.add(None, f"{RULES}!{col_letter(col)}{row}", key, "not a whole number ≥ 0")
                got = current.get(rank, 0)
            if got != current.get(rank, 0):
                changed = True
                report.add(
                    None,
                    f"{RULES}!{col_letter(col)}{row}",
                    f"{key} of {RANK_TEXT[rank]}",
                    f"changed from {current.get(rank, 0)} to {got}",
                    blocking=False,
                )
            if got:
                table[RANK_TEXT[rank]] = got
        if changed:
            out = merge_options(out, {"values": {key: table}})
            if key == "kick":
                out["tobago"] = False  # the table read back already has the Two or the Six
    return out


def _show(value: Any) -> str:
    if value is None or value == "":
        return "an empty cell"
    return f'"{value}"' if isinstance(value, str) else str(value)


def read_book(data: bytes, name: str, report: Report) -> Book:
    """The game a workbook's inputs make, with findings for inputs that cannot be read."""
    from scoresheet.rules import merge_options, resolve

    sheets = load_sheets(data, name)
    stated, options, teams, rows = _read_meta(sheets, name)
    players = []
    for j in range(4):
        got = sheets[RULES].value(R_PLAYERS + j, 2)
        if not isinstance(got, str) or not got.strip():
            raise ScoresheetError(
                f"{name}: Rules!B{R_PLAYERS + j} should hold the name of player {j + 1}"
            )
        players.append(got)
    check_player_names(players, name)
    rules = resolve(stated, options or None)
    if not isinstance(rules, AllFoursRules):
        raise ScoresheetError(f"{name}: the Rules sheet does not hold Caribbean All Fours rules")
    overrides = _rule_overrides(sheets, rules, report)
    if overrides:
        options = merge_options(options, overrides)
    deals: list[dict[str, Any]] = []
    inputs: list[DealInputs] = []
    bad: set[int] = set()
    sheet = sheets[DEALS]
    empty_from: int | None = None
    for n in range(1, rows + 1):
        row = FIRST + n - 1

        def cell(col: int, row: int = row) -> str:
            return _text(sheet.value(row, col))

        def fail(col: int, what: str, message: str, n: int = n, row: int = row) -> None:
            report.add(n, f"{DEALS}!{col_letter(col)}{row}", f"deal {n}, {what}", message)
            bad.add(n)

        typed_cols = (*D_TURN, D_BEG, D_HIGH, D_LOW, D_HOLDER, D_WON_BY, *D_GP)
        if not any(cell(c) for c in typed_cols):
            empty_from = empty_from or n
            continue
        if empty_from is not None:
            fail(D_TURN[0], "turned up", f"deal {empty_from} is empty: deals are filled in order")
            continue
        turned = [cell(c) for c in D_TURN]
        for i, text in enumerate(turned):
            if text and not _CARD.match(text):
                fail(D_TURN[i], "turned up", f'"{text}" is not a card (AS, TD, 6H, …)')
        if not turned[0]:
            fail(D_TURN[0], "turned up", "the first card turned up is missing")
        if turned[2] and not turned[1]:
            fail(D_TURN[1], "turned up", "a third card turned up but no second")
        beg = cell(D_BEG)
        if beg and beg not in BEGS:
            fail(D_BEG, "beg", f'"{beg}" is not stand, take-one or run')
        names = {}
        for col, what in (
            (D_HIGH, "high"),
            (D_LOW, "low"),
            (D_HOLDER, "jack held by"),
            (D_WON_BY, "jack won by"),
        ):
            text = cell(col)
            if text and text not in players:
                fail(col, what, f'"{text}" is not a player ({", ".join(players)})')
            names[col] = text
        gp = [sheet.value(row, c) for c in D_GP]
        points: list[int | None] = []
        for col, value in zip(D_GP, gp, strict=True):
            whole = _whole(value)
            if value not in (None, "") and (whole is None or whole < 0):
                fail(col, "card points", f"{_show(value)} is not a whole number ≥ 0")
            points.append(whole)
        inp = DealInputs(
            turn_ups=(turned[0], turned[1], turned[2]),
            beg=beg,
            high=names[D_HIGH],
            low=names[D_LOW],
            holder=names[D_HOLDER],
            won_by=names[D_WON_BY],
            game_points=(points[0], points[1]),
        )
        inputs.append(inp)
        deal: dict[str, Any] = {"turn_ups": [t for t in turned if t]}
        if beg:
            deal["beg"] = beg
        if any(names.values()) or any(p is not None for p in points):
            if bool(names[D_HOLDER]) != bool(names[D_WON_BY]):
                col = D_WON_BY if names[D_HOLDER] else D_HOLDER
                fail(col, "jack", "give both who held the trump jack and who won it, or neither")
            if (points[0] is None) != (points[1] is None):
                fail(D_GP[0], "card points", "give both teams' card points")
            result: dict[str, Any] = {
                "high": names[D_HIGH] or None,
                "low": names[D_LOW] or None,
                "jack": (
                    {"holder": names[D_HOLDER], "won_by": names[D_WON_BY]}
                    if names[D_HOLDER] and names[D_WON_BY]
                    else None
                ),
            }
            if points[0] is not None and points[1] is not None:
                result["game_points"] = [points[0], points[1]]
            deal["result"] = result
        deals.append(deal)
    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    default = [[players[0], players[2]], [players[1], players[3]]]
    if teams is not None and teams != default:
        record["teams"] = teams
    record["deals"] = deals
    return Book(cast("AllFoursGameFile", record), inputs, sheets, rows, bad)


def _validate(record: AllFoursGameFile, name: str) -> AllFoursGameFile:
    from scoresheet import record as rec

    return cast("AllFoursGameFile", rec.from_data(record, source=name))


def _score_prefix(
    record: AllFoursGameFile, report: Report, bad: set[int]
) -> tuple[GameScore | None, int | None]:
    """Score the game; on an error, score the deals before it. The first broken deal."""
    first_bad = min(bad) if bad else None
    deals = list(record.get("deals", []))
    if first_bad is None:
        try:
            return score_game(record), None
        except ScoresheetError as exc:
            message = str(exc)
            found = re.match(r"deal (\d+)", message)
            if not found:
                report.add(None, None, "game", message)
                return None, 1
            first_bad = int(found.group(1))
            what, _, rest = message.partition(": ")
            report.add(first_bad, None, what, rest)
    partial = cast("AllFoursGameFile", {**record, "deals": deals[: first_bad - 1]})
    try:
        return score_game(partial), first_bad
    except ScoresheetError:
        return None, first_bad


def _compare(report: Report, book: Book, result: GameScore, first_bad: int | None) -> None:
    plan = plan_workbook(book.record, result, inputs=book.inputs, rows=book.rows)

    def skip(cell: Cell) -> bool:
        broken = first_bad is not None and (cell.deal is None or cell.deal >= first_bad)
        return broken and cell.sheet != RULES

    compare_cells(
        report, plan.formulas(), book.sheets, skip=skip, typed="a value", shown_prefix="shows "
    )


def audit_workbook_bytes(data: bytes, name: str) -> Report:
    """Audit a workbook's bytes (already passed through :mod:`scoresheet.sheets.safety`)."""
    report = Report(name)
    book = read_book(data, name, report)
    try:
        record = _validate(book.record, name)
    except ScoresheetError as exc:
        report.add(None, None, "game", str(exc))
        return report
    report.record = cast("Any", record)
    result, first_bad = _score_prefix(record, report, book.bad)
    if result is not None:
        report.score = cast("Any", result)
        _compare(report, book, result, first_bad)
    report.findings.sort(key=lambda f: (f.deal is None, f.deal or 0))
    return report


def import_workbook_bytes(data: bytes, name: str) -> tuple[AllFoursGameFile, Report]:
    """The game a workbook holds. Raises ScoresheetError when an input is wrong."""
    report = Report(name)
    book = read_book(data, name, report)
    for finding in report.findings:
        if finding.blocking:
            raise ScoresheetError(f"{name}: {finding.line}")
    record = _validate(book.record, name)
    score_game(record)  # raises, naming the deal, if a deal is wrong
    return record, report


def audit_game(record: AllFoursGameFile, name: str) -> Report:
    """Audit a game file: score it, and report what the rules refuse."""
    report = Report(name, record=cast("Any", record))
    result, _ = _score_prefix(record, report, set())
    if result is not None:
        report.score = cast("Any", result)
        for v in result.violations:
            report.add(v.deal, None, f"deal {v.deal}", v.message)
    return report


__all__ = [
    "audit_game",
    "audit_workbook_bytes",
    "blank_workbook",
    "export_workbook",
    "import_workbook_bytes",
    "plan_workbook",
]
