"""Where every cell of a Rosbiratschka workbook sits: the sheets, the columns of each
contract's inputs, the rows of the totals, and the named rule cells of the Rules sheet.

The cells themselves (what each holds, and the formula of each computed one) are
planned in :mod:`.plan`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoresheet.games.rosbiratschka.rules import (
    COUNTED,
    HUNDRED_KEYS,
    RESULT_KEYS,
    RosbiratschkaRules,
)
from scoresheet.games.rosbiratschka.rules import title as contract_title
from scoresheet.i18n import N_, NP_, _, pgettext
from scoresheet.limits import MAX_DEALS, SHEET_MARGIN
from scoresheet.sheets.plan import Value

GAME = "rosbiratschka"
SCORES = "Scores"
RESULTS = "Results"
RULES = "Rules"
SHEETS = (SCORES, RESULTS, RULES)
FIRST = 4  # the row of deal 1 on the Scores and Results sheets
FORMAT = "scoresheet-workbook"
VERSION = 1
OK = "✓"
BAD = "✗"
WINNER = "winner"
MAX_ROWS = MAX_DEALS + SHEET_MARGIN  # a row per deal, and the headings and totals
MAX_COLS = 200

IN_DECK = {"tricks": "tricks_in_deal", "hearts": "hearts_in_deck", "jacks": "jacks_in_deck"}
SINGULAR = {"tricks": "trick", "hearts": "heart", "jacks": "jack"}
# The rule labels of each counted contract, one whole sentence for each thing counted.
PER = {
    "trick": N_("{contract_names}: per trick"),
    "heart": N_("{contract_names}: per heart"),
    "jack": N_("{contract_names}: per jack"),
}
AVOIDED = {
    "trick": N_("{contract_names}: × when a player took no trick"),
    "heart": N_("{contract_names}: × when a player took no heart"),
    "jack": N_("{contract_names}: × when a player took no jack"),
}
TAKER_PENALTY = {
    "king_of_hearts": "king_penalty",
    "past_25": "past_25_penalty",
    "past_50": "past_50_penalty",
    "past_100": "past_100_penalty",
    "last": "last_penalty",
}
TAKER_TITLES = {
    "king_of_hearts": NP_("sheet heading", "taken by"),
    "past_25": NP_("sheet heading", "past 25"),
    "past_50": NP_("sheet heading", "past 50"),
    "past_100": NP_("sheet heading", "past 100"),
    "last": NP_("sheet heading", "left holding"),
}


def contract_id(contract: str) -> str:
    """A contract id as part of a defined name: ``no-jacks`` → ``no_jacks``."""
    return contract.replace("-", "_")


# The heading over the counts of each kind a player took.
TAKEN = {"tricks": N_("Tricks taken"), "hearts": N_("Hearts taken"), "jacks": N_("Jacks taken")}


@dataclass(frozen=True, slots=True)
class RuleCell:
    """A named cell on the Rules sheet. ``option`` is where its value sits in a rules
    object (so an edited value can be carried into a game's ``options``); ``None`` for
    the facts of the deck, which follow from the rules and are not to be edited."""

    name: str
    label: str
    value: int
    option: tuple[str, ...] | None
    row: int


def _rule_cells(rules: RosbiratschkaRules) -> list[tuple[str, str, int, tuple[str, ...] | None]]:
    out: list[tuple[str, str, int, tuple[str, ...] | None]] = []
    counting = [c for c in rules.contracts if c in COUNTED]
    for c in counting:
        key = COUNTED[c]
        what = SINGULAR[key]
        v = rules.counts[c]
        out.append(
            (
                f"each_{what}",
                _(PER[what]).format(contract_names=contract_title(c)),
                v.each,
                ("values", c, "each"),
            )
        )
        out.append(
            (
                f"avoided_{what}",
                _(AVOIDED[what]).format(contract_names=contract_title(c)),
                v.avoided,
                ("values", c, "avoided"),
            )
        )
    if counting:
        out.append(
            (
                "slam_sign",
                _("Slam: −1 the taker scores minus the total, +1 plus"),
                -1 if rules.slam == "minus" else 1,
                ("slam",),
            )
        )
    if "king-of-hearts" in rules.contracts and rules.king_of_hearts is not None:
        out.append(
            (
                "king_penalty",
                _("King of Hearts: to the K♥'s taker"),
                rules.king_of_hearts,
                ("values", "king-of-hearts"),
            )
        )
    if "hundred" in rules.contracts and rules.hundred is not None:
        for key in HUNDRED_KEYS:
            mark = key.removeprefix("past_")
            out.append(
                (
                    f"{key}_penalty",
                    _("Hundred: past {mark}").format(mark=mark),
                    rules.hundred.of(key),
                    ("values", "hundred", key),
                )
            )
    if "rosbiratschka" in rules.contracts and rules.last is not None:
        out.append(
            (
                "last_penalty",
                _("Rosbiratschka: left holding cards"),
                rules.last,
                ("values", "rosbiratschka"),
            )
        )
    out += [
        ("n_players", _("players"), rules.players, None),
        ("tricks_in_deal", _("tricks in a deal"), rules.tricks_per_deal, None),
        ("hearts_in_deck", _("hearts in the deck"), rules.count_in_deck(suit="H"), None),
        ("jacks_in_deck", _("jacks in the deck"), rules.in_deal("no-jacks"), None),
        ("deals_per_game", _("deals in a game"), rules.deals_per_game, None),
    ]
    return out


class Group(NamedTuple):
    """A contract's input columns on the Results sheet, under one heading."""

    contract: str
    title: str  # the heading over the group (row 2)
    cols: tuple[int, ...]
    subtitles: tuple[str, ...]  # the heading of each column (row 3)


class Layout:
    """Where every cell of the workbook sits, for one game's players and rules."""

    def __init__(self, players: Sequence[str], rules: RosbiratschkaRules) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.n = n = len(self.players)
        self.rows = rules.deals_per_game
        self.last = FIRST + self.rows - 1
        self.contracts = tuple(dict.fromkeys(rules.contracts))

        # Results: #, dealer, leads, contract, then one group of inputs per contract.
        self.fields: dict[str, tuple[int, ...]] = {}
        self.groups: list[Group] = []
        col = 5
        for c in self.contracts:
            if c in COUNTED:
                key = COUNTED[c]
                cols = tuple(range(col, col + n))
                self.fields[key] = cols
                self.groups.append(Group(c, _(TAKEN[key]), cols, self.players))
                col += n
            else:
                keys = RESULT_KEYS[c]
                cols = tuple(range(col, col + len(keys)))
                for k, cc in zip(keys, cols, strict=True):
                    self.fields[k] = (cc,)
                title = "K♥" if c == "king-of-hearts" else contract_title(c)
                self.groups.append(
                    Group(
                        c,
                        title,
                        cols,
                        tuple(pgettext("sheet heading", TAKER_TITLES[k]) for k in keys),
                    )
                )
                col += len(keys)
        self.results_width = col - 1

        # Scores: #, dealer, contract, a column per player, sum, should be, check, running.
        self.score_cols = tuple(4 + j for j in range(n))
        self.sum_col = 4 + n
        self.should_col = self.sum_col + 1
        self.ok_col = self.should_col + 1
        self.run_cols = tuple(self.ok_col + 1 + j for j in range(n))
        self.scores_width = self.run_cols[-1]
        self.totals_row = self.last + 1
        self.place_row = self.last + 2
        self.winner_row = self.last + 3
        self.played_row = self.last + 4
        self.note_row = self.last + 6

        # Rules: the stored rules, the players, the rule values and facts, the contracts.
        self.player_rows = tuple(9 + j for j in range(n))
        row = self.player_rows[-1] + 2
        self.values_header = row
        self.facts_header = row
        self.rule_cells: list[RuleCell] = []
        for name, label, value, option in _rule_cells(rules):
            row += 1
            if option is None and not any(r.option is None for r in self.rule_cells):
                row += 1  # a blank row, then the facts of the deck
                self.facts_header = row
                row += 1
            self.rule_cells.append(RuleCell(name, label, value, option, row))
        self.contracts_header = row + 2
        self.contract_rows = {
            c: self.contracts_header + 1 + i for i, c in enumerate(self.contracts)
        }

    def row(self, number: int) -> int:
        return FIRST + number - 1

    def rule(self, name: str) -> RuleCell:
        return next(r for r in self.rule_cells if r.name == name)

    def contract_fields(self, contract: str) -> tuple[int, ...]:
        """The input columns a deal of ``contract`` fills."""
        return tuple(c for k in RESULT_KEYS[contract] for c in self.fields[k])


def result_inputs(layout: Layout, deal: Mapping[str, Any]) -> dict[int, Value]:
    """The Results cells (column → value) a deal of the game file fills."""
    out: dict[int, Value] = {}
    result = deal.get("result") or {}
    for key, value in result.items():
        if value is None or key not in layout.fields:
            continue
        cols = layout.fields[key]
        if isinstance(value, dict):
            for j, p in enumerate(layout.players):
                if p in value:
                    out[cols[j]] = value[p]
        else:
            out[cols[0]] = str(value)
    return out
