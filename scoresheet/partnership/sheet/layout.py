"""Where every cell of a Belote workbook sits: the sheets, their columns, the rows of
the deals and declarations, and the named rule cells of the Rules sheet.

What each cell holds is planned by :mod:`.plan` (and :mod:`.scores` for the Scores
sheet) into a :class:`Plan`, which the workbook is written from (:mod:`.render`) and
checked against (:mod:`.audit`). Coinche's layout is this one with the auction's
columns, lists and rule values (see :class:`Layout`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from scoresheet.i18n import N_, _, pgettext
from scoresheet.limits import MAX_DEAL_ROWS, MAX_DECLARATION_ROWS
from scoresheet.partnership.rules import SEQUENCES, TABLES, TRUMP_ORDER, BeloteRules, dealers
from scoresheet.partnership.score import Declared, Teams, team_name
from scoresheet.sheets.plan import Cell, Value, col_letter

SCORES = "Scores"
RESULTS = "Results"
DECLARATIONS = "Declarations"
RULES = "Rules"
SHEETS = (SCORES, RESULTS, DECLARATIONS, RULES)
FIRST = 4  # the first row of deals (and of declarations), under three header rows
FORMAT = "scoresheet-workbook"
VERSION = 1


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
class PlayColumns:
    """One team's columns of the Scores sheet: its score, and its card play's workings
    (Coinche's too)."""

    score: int
    running: int
    taken: int  # card points and the last trick (or the capot)
    belote: int
    declared: int
    best: int  # the strength of its best declaration
    scored: int  # its declarations, if they are the best
    points: int  # the deal's points: taken + belote + declarations scored


@dataclass(frozen=True, slots=True)
class TeamColumns(PlayColumns):
    """One team's columns of the Scores sheet."""

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

    @property
    def printed(self) -> int:
        """The rightmost column on paper: the working columns are for the screen."""
        return self.pending

    def widths(self) -> dict[int, int]:
        """The columns not of the common width."""
        return {self.won: 16}


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


class ScoreEdges(Protocol):
    """What the code shared with Coinche reads of a game's Scores columns."""

    @property
    def deal(self) -> int: ...
    @property
    def contract(self) -> int: ...
    @property
    def outcome(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def sum(self) -> int: ...
    @property
    def of(self) -> int: ...
    @property
    def last(self) -> int: ...
    @property
    def printed(self) -> int: ...
    def widths(self) -> dict[int, int]: ...


# The named rule cells, in the order of the Rules sheet: (key of the rules file, label).
# Each is ``r_<key>`` in the workbook; Coinche shares the card play's first and last.
CARD_RULES: tuple[tuple[str, str], ...] = (
    ("target", "target: the first team to reach it wins"),
    ("last_trick", N_("last trick (dix de der)")),
    ("belote", "belote-rebelote"),
)
TABLE_RULES: tuple[tuple[str, str], ...] = (
    ("declarations", "declarations in use"),
    ("belote_all_trumps", N_("belote in All Trumps")),
    ("rotation", "the deal passes (counter-clockwise, clockwise)"),
)


class Layout:
    """Where everything sits, for one game's players, teams and rules.

    The class attributes are what a game laid out like Belote (Coinche) changes: its
    name, its Results and Scores columns and its named rule values.
    """

    GAME: ClassVar[str]  # the game's name (``belote``), set by the game's own layout
    TITLE: ClassVar[str]  # … and its title (``Belote``)
    RULES_TYPE: ClassVar[type[BeloteRules]] = BeloteRules
    RES: ClassVar[ResultColumns] = RES
    SC: ClassVar[ScoreEdges] = SC
    RULE_VALUES: ClassVar[tuple[tuple[str, str], ...]] = (
        *CARD_RULES,
        ("capot", "capot: all 8 tricks"),
        ("tie", "a tie is (litige, dedans)"),
        ("litige_to", N_("litige points go to (next-made-contract, next-deal-winner)")),
        ("rounding", "rounding (none, nearest-10)"),
        *TABLE_RULES,
    )

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

        for key, label in self.RULE_VALUES:
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
                    _("four {rank}s").format(rank=rank),
                    values.carre.get(rank) if values is not None else None,
                    ("declaration_values", "carre", rank),
                    self.rank_rows[rank],
                )
            )

    def row(self, deal: int) -> int:
        return FIRST + deal - 1

    def dealers(self, named: Sequence[str | None]) -> list[str]:
        """The dealer of every row, ``named`` the dealers the game's deals name (``None``:
        not named): a named dealer re-anchors the rotation after a hand thrown in."""
        given = list(named[: self.rows])
        return dealers(self.rules, self.players, given + [None] * (self.rows - len(given)))

    def rule(self, name: str) -> RuleCell:
        return next(c for c in self.rule_cells if c.name == name)

    def headings(self) -> list[tuple[int, int, str]]:
        """The group headings of the Results sheet's row 2: first column, last, text."""
        res = self.RES
        return [
            (res.points[0], res.points[1], pgettext("sheet heading", "Card points")),
            (res.last, res.capot, pgettext("sheet heading", "Team (pick from the list)")),
            (
                res.cards[0],
                res.cards[1],
                pgettext("sheet heading", "Cards captured (optional, checked by audit)"),
            ),
        ]

    def heads(self) -> dict[int, str]:
        """The headings of the Results sheet's row 3, by column."""
        res, labels = self.RES, self.labels
        return {
            res.deal: pgettext("sheet heading", "deal"),
            res.dealer: pgettext("sheet heading", "dealer"),
            res.contract: pgettext("sheet heading", "contract"),
            res.taker: pgettext("sheet heading", "taker"),
            res.points[0]: labels[0],
            res.points[1]: labels[1],
            res.last: pgettext("sheet heading", "last trick"),
            res.belote: pgettext("sheet heading", "belote"),
            res.capot: pgettext("sheet heading", "capot"),
            res.cards[0]: labels[0],
            res.cards[1]: labels[1],
        }

    def auction(self, deal: Mapping[str, Any]) -> dict[int, Value]:
        """The inputs of a deal other than the card play's, by column (Belote: none)."""
        return {}

    def lists(self) -> list[tuple[int, str, str]]:
        """The Results columns picked from a list other than the contract's and the
        teams': column, the list (a named range or a literal), the error it shows."""
        return [(self.RES.taker, "players", "A player.")]

    @classmethod
    def of(cls, record: Mapping[str, Any], result: Scored, *, blank: bool = False) -> Self:
        """The layout of a game's workbook (``blank``: a sheet to fill in by hand)."""
        rows, decl_rows = _rows_for(result, blank)
        spec = record["rules"] if isinstance(record["rules"], str) else json.dumps(record["rules"])
        return cls(
            result.players, result.teams, result.rules, rows, decl_rows, spec, record.get("options")
        )


class _DealPlay(Protocol):
    """What the shared code reads of a deal scored: its card play."""

    @property
    def points(self) -> tuple[int, int]: ...
    @property
    def last_trick(self) -> int: ...
    @property
    def declarations(self) -> tuple[Declared, ...]: ...


class Scored(Protocol):
    """What the shared code reads of a game scored (Belote's or Coinche's)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def teams(self) -> Teams: ...
    @property
    def rules(self) -> BeloteRules: ...
    @property
    def deals(self) -> Sequence[_DealPlay]: ...
    @property
    def complete(self) -> bool: ...


def _rows_for(result: Scored, blank: bool) -> tuple[int, int]:
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


L = TypeVar("L", bound=Layout)


@dataclass
class Plan(Generic[L]):
    """Every cell of a workbook, with the defined names and the merged headings."""

    layout: L
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
