"""Where every cell of a Belote workbook sits: the sheets, their columns, the rows of
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

from scoresheet.games.belote.rules import SEQUENCES, TABLES, TRUMP_ORDER, BeloteRules, dealer_of
from scoresheet.games.belote.score import GameScore, Teams, team_name
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
GAME = "belote"


@dataclass(frozen=True, slots=True)
class ResultColumns:
    """The columns of the Results sheet: what the table reported (inputs)."""

    deal: int
    dealer: int
    contract: int
    taker: int
    points: tuple[int, int]  # each team's card points
    last: int  # the team that took the last trick
    belote: int  # the team that announced belote
    capot: int  # the team that made a capot
    cards: tuple[int, int]  # the cards each team captured (optional)


RES = ResultColumns(
    deal=1,
    dealer=2,
    contract=3,
    taker=4,
    points=(5, 6),
    last=7,
    belote=8,
    capot=9,
    cards=(10, 11),
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
    """One team's columns of the Scores sheet."""

    score: int
    running: int
    taken: int  # card points and the last trick (or the capot)
    belote: int
    declared: int
    best: int  # the strength of its best declaration
    scored: int  # its declarations, if they are the best
    points: int  # the deal's points
    raw: int
    rounded: int
    released: int  # litige points it receives


@dataclass(frozen=True, slots=True)
class ScoreColumns:
    """The columns of the Scores sheet: the scores first, then the workings."""

    deal: int
    contract: int
    taker: int
    taking: int
    outcome: int
    won: int
    held: int
    pending: int
    sum: int  # the card points typed …
    of: int  # … and what the contract has
    team: tuple[TeamColumns, TeamColumns]

    @property
    def last(self) -> int:
        """The rightmost column."""
        return max(self.team[1].released, self.team[0].released, self.of)


SC = ScoreColumns(
    deal=1,
    contract=2,
    taker=3,
    taking=4,
    outcome=5,
    won=10,
    held=11,
    pending=12,
    sum=13,
    of=14,
    team=(
        TeamColumns(
            score=6,
            running=7,
            taken=15,
            belote=16,
            declared=17,
            best=18,
            scored=19,
            points=20,
            raw=27,
            rounded=28,
            released=29,
        ),
        TeamColumns(
            score=8,
            running=9,
            taken=21,
            belote=22,
            declared=23,
            best=24,
            scored=25,
            points=26,
            raw=30,
            rounded=31,
            released=32,
        ),
    ),
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


class Layout:
    """Where everything sits, for one game's players, teams and rules."""

    def __init__(
        self,
        players: Sequence[str],
        teams: Teams,
        rules: BeloteRules,
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
        add("r_capot", "capot: all 8 tricks", r.capot, ("capot",))
        add("r_tie", "a tie is (litige, dedans)", r.tie, ("tie",))
        add(
            "r_litige_to",
            "litige points go to (next-made-contract, next-deal-winner)",
            r.litige_to,
            ("litige_to",),
        )
        add("r_rounding", "rounding (none, nearest-10)", r.rounding, ("rounding",))
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
    declared = sum(len(d.declarations) for d in result.deals)
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
