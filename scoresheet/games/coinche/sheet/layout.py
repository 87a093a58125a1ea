"""Where every cell of a Coinche workbook sits: the sheets, their columns, the rows of
the deals and declarations, and the named rule cells of the Rules sheet.

What each cell holds is planned by :mod:`.plan` (and :mod:`.scores` for the Scores
sheet) into a :class:`Plan`, which the workbook is written from (:mod:`.render`) and
checked against (:mod:`.audit`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoresheet.games.belote.rules import SEQUENCES, TABLES, TRUMP_ORDER, dealer_of
from scoresheet.games.belote.score import Teams, team_name
from scoresheet.games.coinche.rules import CoincheRules
from scoresheet.games.coinche.score import GameScore
from scoresheet.limits import MAX_DEAL_ROWS, MAX_DECLARATION_ROWS
from scoresheet.sheets.plan import Cell, Value, col_letter

SCORES = "Scores"
RESULTS = "Results"
DECLARATIONS = "Declarations"
RULES = "Rules"
SHEETS = (SCORES, RESULTS, DECLARATIONS, RULES)
FIRST = 4  # the first row of deals (and of declarations), under three header rows
FORMAT = "scoresheet-workbook"
VERSION = 1
GAME = "coinche"


@dataclass(frozen=True, slots=True)
class ResultColumns:
    """The columns of the Results sheet: what the table reported (inputs)."""

    deal: int
    dealer: int
    contract: int
    bid: int  # a number, capot or generale
    taker: int
    coinche: int  # the defender who coinched
    surcoinche: int  # the taker's side who surcoinched
    points: tuple[int, int]  # each team's card points
    last: int  # the team that took the last trick
    belote: int  # the team that announced belote
    capot: int  # the team that took all 8 tricks
    cards: tuple[int, int]  # the cards each team captured (optional)


RES = ResultColumns(
    deal=1,
    dealer=2,
    contract=3,
    bid=4,
    taker=5,
    coinche=6,
    surcoinche=7,
    points=(8, 9),
    last=10,
    belote=11,
    capot=12,
    cards=(13, 14),
)


@dataclass(frozen=True, slots=True)
class DeclarationColumns:
    """The columns of the Declarations sheet: four inputs, then two formulas."""

    deal: int
    team: int
    kind: int
    rank: int
    value: int
    strength: int


DEC = DeclarationColumns(deal=1, team=2, kind=3, rank=4, value=5, strength=6)


@dataclass(frozen=True, slots=True)
class TeamColumns:
    """One team's working columns of the Scores sheet."""

    score: int
    running: int
    taken: int  # card points and the last trick (or the capot)
    belote: int
    declared: int
    best: int  # the strength of its best declaration
    scored: int  # its declarations, if they are the best
    points: int  # the deal's points: taken + belote + declarations scored
    kept: int  # the belote it keeps (the rules may give the loser's to the winner)
    before: int  # its score before its belote


@dataclass(frozen=True, slots=True)
class ScoreColumns:
    """The columns of the Scores sheet: the scores first, then the workings."""

    deal: int
    contract: int
    bid: int
    taker: int
    taking: int
    multiplier: int
    needed: int
    outcome: int
    won: int
    sum: int  # the card points typed …
    of: int  # … and what the contract has
    total_t: int  # the takers' total toward their bid
    total_d: int  # the defenders' total
    capot: int  # 1 if the takers took all 8 tricks
    winner: int  # the team that won the deal
    base: int  # what the points scorings start from: failure base, capot, rounded points
    value: int  # what the deal's winner scores before declarations and belote
    team: tuple[TeamColumns, TeamColumns]

    @property
    def last(self) -> int:
        """The rightmost column."""
        return max(self.team[1].before, self.team[0].before, self.value)


SC = ScoreColumns(
    deal=1,
    contract=2,
    bid=3,
    taker=4,
    taking=5,
    multiplier=6,
    needed=7,
    outcome=8,
    team=(
        TeamColumns(
            score=9,
            running=10,
            taken=22,
            belote=23,
            declared=24,
            best=25,
            scored=26,
            points=27,
            kept=28,
            before=29,
        ),
        TeamColumns(
            score=11,
            running=12,
            taken=30,
            belote=31,
            declared=32,
            best=33,
            scored=34,
            points=35,
            kept=36,
            before=37,
        ),
    ),
    won=13,
    sum=14,
    of=15,
    total_t=16,
    total_d=17,
    capot=18,
    winner=19,
    base=20,
    value=21,
)


@dataclass(frozen=True, slots=True)
class RuleCell:
    """A named rule value on the Rules sheet; ``option`` is its path in a rules object."""

    name: str
    label: str
    value: int | bool | str | None
    option: tuple[str, ...]
    row: int
    col: int = 2


# The named rule cells after the card play's: (key of the rules file, label). Each is
# ``r_<key>`` in the workbook. The auction's ``coinche_when`` is not scored: not here.
AUCTION_RULES: tuple[tuple[str, str], ...] = (
    ("scoring", "scoring (points-and-bid, bid-only, points-made)"),
    ("dedans_points", "dedans: the defenders score this (+ the bid)"),
    ("coinche_multiplies", "a coinche multiplies (base-and-bid, bid, everything)"),
    ("coinche", "multiplier of a coinche"),
    ("surcoinche", "multiplier of a surcoinche"),
    ("bid_needs", "a bid needs (82-on-80, bid, bid-plus-2)"),
    ("made_when", "made when the takers reach (bid, bid-and-beat)"),
    ("belote_counts", "the takers' belote counts toward the bid"),
    ("losing_belote", "the losing side's belote (kept, to-winner)"),
    ("capot_bid", "a capot bid made"),
    ("capot_bid_lost", "a capot bid lost: to the defenders"),
    ("coinche_capot", "a capot bid may be coinched"),
    ("min_bid", "lowest bid"),
    ("max_bid", "highest bid"),
    ("generale", "the générale bid"),
    ("generale_value", "a générale bid's value"),
    ("win", "the target must be (reach, pass)"),
)


class Layout:
    """Where everything sits, for one game's players, teams and rules."""

    def __init__(
        self,
        players: Sequence[str],
        teams: Teams,
        rules: CoincheRules,
        rows: int,
        decl_rows: int,
        spec: str,
        options: Mapping[str, Any] | None,
    ) -> None:
        self.players = tuple(players)
        self.teams = teams
        self.rules = rules
        self.rows = rows
        self.decl_rows = decl_rows
        self.spec = spec
        self.options = dict(options or {})
        self.last = FIRST + rows - 1
        self.decl_last = FIRST + decl_rows - 1
        self.totals_row = self.last + 2
        self.labels = (team_name(teams, 0), team_name(teams, 1))
        self.rule_cells: list[RuleCell] = []
        r = rules
        row = 9

        def add(name: str, label: str, value: Any, option: tuple[str, ...]) -> None:
            nonlocal row
            self.rule_cells.append(RuleCell(name, label, value, option, row))
            row += 1

        add("r_target", "target: the first team to reach it wins", r.target, ("target",))
        add("r_last_trick", "last trick (dix de der)", r.last_trick, ("last_trick",))
        add("r_belote", "belote-rebelote", r.belote, ("belote",))
        add("r_capot", "capot not bid: all 8 tricks", r.capot, ("capot",))
        add(
            "r_rounding",
            "rounding (none, nearest-10, nearest-10-5-down)",
            r.rounding,
            ("rounding",),
        )
        add("r_declarations", "declarations in use", r.declarations, ("declarations",))
        add(
            "r_belote_all_trumps",
            "belote in All Trumps",
            r.belote_all_trumps,
            ("belote_all_trumps",),
        )
        add(
            "r_rotation",
            "the deal passes (counter-clockwise, clockwise)",
            r.rotation,
            ("rotation",),
        )
        for key, label in AUCTION_RULES:
            add(f"r_{key}", label, getattr(r, key), (key,))
        row += 1
        self.players_row = row  # player_1 … player_4
        row += len(self.players) + 1
        self.teams_header = row
        self.team_rows = (row + 1, row + 2)  # B, C: the partners; D: the team's name
        row += 4
        self.points_header = row
        self.points_rows = {rank: row + 1 + i for i, rank in enumerate(TRUMP_ORDER)}
        self.points_cols = {table: 2 + i for i, table in enumerate(TABLES)}
        for table in TABLES:
            for rank in TRUMP_ORDER:
                self.rule_cells.append(
                    RuleCell(
                        f"pts:{table}:{rank}",
                        f"{table} {rank}",
                        r.points[table][rank],
                        ("points", table, rank),
                        self.points_rows[rank],
                        self.points_cols[table],
                    )
                )
        row = self.points_rows[TRUMP_ORDER[-1]] + 2
        self.contracts_header = row
        self.contract_rows = {c: row + 1 + i for i, c in enumerate(r.contracts)}
        row += len(r.contracts) + 2
        self.kinds_header = row
        self.kind_rows = {k: row + 1 + i for i, k in enumerate(SEQUENCES)}
        values = r.declaration_values
        for kind in SEQUENCES:
            self.rule_cells.append(
                RuleCell(
                    f"decl:{kind}",
                    kind,
                    getattr(values, kind) if values is not None else None,
                    ("declaration_values", kind),
                    self.kind_rows[kind],
                )
            )
        row += len(SEQUENCES) + 2
        self.ranks_header = row
        self.rank_rows = {rank: row + 1 + i for i, rank in enumerate(TRUMP_ORDER)}
        for rank in TRUMP_ORDER:
            self.rule_cells.append(
                RuleCell(
                    f"carre:{rank}",
                    f"four {rank}s",
                    values.carre.get(rank) if values is not None else None,
                    ("declaration_values", "carre", rank),
                    self.rank_rows[rank],
                )
            )

    def row(self, deal: int) -> int:
        return FIRST + deal - 1

    def dealer(self, deal: int) -> str:
        return dealer_of(self.rules, self.players, deal - 1)

    def rule(self, name: str) -> RuleCell:
        return next(c for c in self.rule_cells if c.name == name)


def _rows_for(result: GameScore, blank: bool) -> tuple[int, int]:
    """How many deal and declaration rows a workbook has: room to go on, unless complete."""
    room = max(30, result.rules.target // 50)
    played = len(result.deals)
    declared = sum(len(d.play.declarations) for d in result.deals)
    if blank:
        return room, room
    if result.complete:
        return max(played, 1), max(declared, 10)
    # The bounds every reader keeps to (a game holds at most MAX_DEALS deals).
    return (
        min(max(played + 10, room), MAX_DEAL_ROWS),
        min(max(declared + 20, room), MAX_DECLARATION_ROWS),
    )


def layout_for(record: Mapping[str, Any], result: GameScore, *, blank: bool = False) -> Layout:
    """The layout of a game's workbook (``blank``: a sheet to fill in by hand)."""
    rows, decl_rows = _rows_for(result, blank)
    spec = record["rules"] if isinstance(record["rules"], str) else json.dumps(record["rules"])
    return Layout(
        result.players, result.teams, result.rules, rows, decl_rows, spec, record.get("options")
    )


@dataclass
class Plan:
    """Every cell of a workbook, with the defined names and the merged headings."""

    layout: Layout
    cells: list[Cell] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # defined name → target
    merges: list[tuple[str, int, int, int]] = field(default_factory=list)  # sheet, row, c1, c2

    def add(
        self,
        sheet: str,
        row: int,
        col: int,
        value: Value,
        formula: str | None = None,
        style: str = "",
        label: str = "",
        deal: int | None = None,
    ) -> None:
        self.cells.append(Cell(sheet, row, col, value, formula, style, label, deal))

    def formulas(self) -> list[Cell]:
        return [c for c in self.cells if c.formula is not None]


def res_cell(col: int, row: int) -> str:
    """A cell of the Results sheet, from another sheet."""
    return f"{RESULTS}!${col_letter(col)}{row}"


def score_cell(col: int, row: int) -> str:
    """A cell of the Scores sheet, from the Scores sheet."""
    return f"${col_letter(col)}{row}"
