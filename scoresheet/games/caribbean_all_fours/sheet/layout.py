"""Where every cell of a Caribbean All Fours workbook sits: the sheets, their columns,
the rows of each deal and of each of its points, the rows of the Rules sheet; what the
table typed on a deal row; and the references the formulas are made of.

The cells themselves (what each holds, and the formula of each computed one) are
planned in :mod:`.plan` and :mod:`.points`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from scoresheet.games.caribbean_all_fours.rules import AllFoursRules
from scoresheet.games.caribbean_all_fours.score import GameScore, team_of
from scoresheet.i18n import N_, NP_
from scoresheet.limits import MAX_DEAL_ROWS
from scoresheet.sheets.plan import Cell, col_letter

GAME = "caribbean-all-fours"
SCORES, DEALS, POINTS, RULES = "Scores", "Deals", "Points", "Rules"
SHEETS = (SCORES, DEALS, POINTS, RULES)
FIRST = 4  # the row of deal 1 on Deals and Scores, and of its first point on Points
# The points of a deal in scoring order, as the Points sheet names them.
SLOTS = (
    NP_("all fours", "kick 1"),
    NP_("all fours", "kick 2"),
    NP_("all fours", "kick 3"),
    NP_("all fours", "beg"),
    NP_("all fours", "high"),
    NP_("all fours", "low"),
    NP_("all fours", "jack"),
    NP_("all fours", "game"),
)
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
P_DEAL, P_POINT, P_WHAT, P_TEAM, P_NAME, P_POINTS, P_COUNTED = 1, 2, 3, 4, 5, 6, 7
P_RUN = (8, 9)  # each team's running score
P_WON = 10
# Scores columns.
S_DEAL, S_DEALER, S_TURNED, S_TRUMP, S_DEAL_PTS, S_TOTAL, S_WON = 1, 2, 3, 4, (5, 6), (7, 8), 9

# Rules sheet rows.
R_FORMAT, R_VERSION, R_SPEC, R_OPTIONS, R_TEAMS, R_ROWS = 2, 3, 4, 5, 6, 7
R_PLAYERS = 10  # players 1-4 in rows 10-13: name in B, team number in C
R_TEAM_NAMES = 16  # team 1 and 2 in rows 16-17
R_VALUES = 20


class RuleValue(NamedTuple):
    """A rule value on the Rules sheet (column B, from row ``R_VALUES`` on)."""

    name: str  # the cell's defined name, as the formulas use it
    label: str  # column A, translated where it is written
    option: tuple[str, ...]  # where the value sits in a rules object (and its options)


RULE_VALUES: tuple[RuleValue, ...] = (
    RuleValue("target", N_("target"), ("target",)),
    RuleValue("beg_points", N_("beg (take one)"), ("values", "beg")),
    RuleValue("high_points", N_("High"), ("values", "high")),
    RuleValue("low_points", N_("Low"), ("values", "low")),
    RuleValue("jack_points", N_("Jack"), ("values", "jack")),
    RuleValue("hang_jack_points", N_("hang jack"), ("values", "hang_jack")),
    RuleValue("game_point", N_("Game"), ("values", "game")),
    RuleValue("tied_game", N_("tied Game scored by"), ("tied_game",)),
    RuleValue("kick_returns", N_("kicks when running"), ("kick_returns",)),
    RuleValue("jack_rule", N_("Jack rule"), ("jack_rule",)),
)
R_PACK = R_VALUES + len(RULE_VALUES)  # pack_points, a formula
R_RANKS = R_PACK + 3  # the rank table: rank, kick, card points (A first, 2 last)
RANKS_DESC = tuple(range(14, 1, -1))


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
    """Where the rows of each deal and point sit, for one game's players and rules."""

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
    """Every cell of the workbook, with the library's value for every formula (planned
    by :func:`.plan.plan_workbook`)."""

    layout: Layout
    cells: list[Cell] = field(default_factory=list)

    def add(self, cell: Cell) -> None:
        self.cells.append(cell)

    def formulas(self) -> list[Cell]:
        return [c for c in self.cells if c.formula is not None]


def rows_for(result: GameScore) -> int:
    """The deal rows of a game's workbook: its deals, and spare rows while it is played."""
    played = len(result.deals)
    return played if result.complete else min(max(played + SPARE_ROWS, BLANK_ROWS), MAX_DEAL_ROWS)


def rule_value(rules: AllFoursRules, path: tuple[str, ...]) -> int | str:
    """The value of ``rules`` at ``path`` (a :attr:`RuleValue.option`)."""
    if path == ("target",):
        return rules.target
    if path[0] == "values":
        value: int = getattr(rules.values, path[1])
        return value
    text: str = getattr(rules, path[0])
    return text


# -- formula pieces ----------------------------------------------------------------------


def deals_cell(col: int, row: int) -> str:
    """A Deals cell, column fixed."""
    return f"{DEALS}!${col_letter(col)}{row}"


def trim(ref: str) -> str:
    """A typed cell, blanks around it ignored."""
    return f"TRIM({ref})"


def rank_of(ref: str) -> str:
    """The rank of a typed card (``10`` read as ``T``), as the rank table writes it."""
    c = trim(ref)
    return f'SUBSTITUTE(UPPER(LEFT({c},LEN({c})-1)),"10","T")'


def suit_of(ref: str) -> str:
    """The suit of a typed card as a letter (S, H, D, C), a suit symbol read too."""
    c = trim(ref)
    return f'IFERROR(MID("SHDCSHDC",FIND(RIGHT({c},1),"♠♥♦♣♤♡♢♧"),1),UPPER(RIGHT({c},1)))'


def lookup(ref: str, table: str) -> str:
    """A typed card's value in a rank table (``kick_values``, ``card_values``); 0 if blank."""
    return f'IF({trim(ref)}="",0,IFERROR(INDEX({table},MATCH({rank_of(ref)},ranks,0)),0))'


def team_of_player(ref: str) -> str:
    """The team number (1 or 2) of the player named in a cell."""
    return f"SUMPRODUCT(EXACT(players,{ref})*team_of)"
