"""Where every cell of a Coinche workbook sits: the sheets, their columns, the rows of
the deals and declarations, and the named rule cells of the Rules sheet.

The sheets, the Declarations and Rules sheets and the card play's columns sit as in
Belote's workbook (:mod:`scoresheet.partnership.sheet.layout`); :class:`Layout` adds the
auction's columns, lists and rule values. What each cell holds is planned by :mod:`.plan`
(and :mod:`.scores` for the Scores sheet) into a :class:`Plan`, which the workbook is
written from (:mod:`.render`) and checked against (:mod:`.audit`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scoresheet.games.coinche.rules import CoincheRules
from scoresheet.i18n import N_, pgettext
from scoresheet.partnership.sheet import layout as kit
from scoresheet.partnership.sheet.layout import (
    CARD_RULES,
    DECLARATIONS,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    TABLE_RULES,
    Plan,
    res_cell,
)
from scoresheet.sheets.plan import Value, text_literal

# What the other modules and the tests read here: the sheets, as Belote names them, and
# where Coinche's cells sit.
__all__ = [
    "DECLARATIONS",
    "GAME",
    "RES",
    "RESULTS",
    "RULES",
    "SC",
    "SCORES",
    "SHEETS",
    "Layout",
    "Plan",
    "layout_for",
    "res_cell",
]

GAME = "coinche"


@dataclass(frozen=True, slots=True)
class ResultColumns(kit.ResultColumns):
    """The columns of the Results sheet: Belote's, and the auction's."""

    bid: int  # a number, capot or generale
    coinche: int  # the defender who coinched
    surcoinche: int  # the taker's side who surcoinched


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
class TeamColumns(kit.PlayColumns):
    """One team's columns of the Scores sheet: Belote's card play, then its belote and
    score."""

    kept: int  # the belote it keeps (the rule losing_belote may take it, or add the loser's)
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

    @property
    def printed(self) -> int:
        """The rightmost column on paper: the working columns are for the screen."""
        return self.won

    def widths(self) -> dict[int, int]:
        """The columns not of the common width: the short columns of the scores narrower,
        so the printed scores fit one page wide."""
        short = {self.contract: 11, self.bid: 8, self.multiplier: 5, self.needed: 8}
        short[self.outcome] = 9
        for team in self.team:
            short |= {team.score: 9, team.running: 9}
        return short | {self.won: 14}


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


# The named rule cells after the card play's: (key of the rules file, label). Each is
# ``r_<key>`` in the workbook. The auction's ``coinche_when`` is not scored: not here.
AUCTION_RULES: tuple[tuple[str, str], ...] = (
    ("scoring", "scoring (points-and-bid, bid-only, points-made)"),
    ("dedans_points", N_("dedans: the defenders score this (+ the bid)")),
    ("coinche_multiplies", N_("a coinche multiplies (base-and-bid, bid, everything)")),
    ("coinche", "multiplier of a coinche"),
    ("surcoinche", "multiplier of a surcoinche"),
    ("bid_needs", N_("a bid needs (82-on-80, bid, bid-plus-2)")),
    ("made_when", N_("made when the takers reach (bid, bid-and-beat)")),
    ("belote_counts", N_("the takers' belote counts toward the bid")),
    ("losing_belote", N_("the losing side's belote (kept, to-winner, lost-by-coinched-defenders)")),
    ("capot_bid", N_("a capot bid made")),
    ("capot_bid_lost", N_("a capot bid lost: to the defenders")),
    ("coinche_capot", N_("a capot bid may be coinched")),
    ("min_bid", N_("lowest bid")),
    ("max_bid", N_("highest bid")),
    ("generale", "the générale bid"),
    ("generale_value", N_("a générale bid's value")),
    ("win", "the target must be (reach, pass)"),
)


class Layout(kit.Layout):
    """Where everything sits: Belote's layout with the auction's columns and rules."""

    GAME: ClassVar[str] = GAME
    TITLE: ClassVar[str] = "Coinche"
    RULES_TYPE: ClassVar[type[CoincheRules]] = CoincheRules
    RES: ClassVar[ResultColumns] = RES
    SC: ClassVar[ScoreColumns] = SC
    RULE_VALUES: ClassVar[tuple[tuple[str, str], ...]] = (
        *CARD_RULES,
        ("capot", "capot not bid: all 8 tricks"),
        ("rounding", "rounding (none, nearest-10, nearest-10-5-down)"),
        *TABLE_RULES,
        *AUCTION_RULES,
    )
    rules: CoincheRules

    def headings(self) -> list[tuple[int, int, str]]:
        return [
            (RES.coinche, RES.surcoinche, pgettext("sheet heading", "Player (pick from the list)")),
            *super().headings(),
        ]

    def heads(self) -> dict[int, str]:
        return {
            **super().heads(),
            RES.bid: pgettext("sheet heading", "bid"),
            RES.coinche: pgettext("sheet heading", "coinche"),
            RES.surcoinche: pgettext("sheet heading", "surcoinche"),
        }

    def auction(self, deal: Mapping[str, Any]) -> dict[int, Value]:
        return {
            RES.bid: deal["bid"],
            RES.coinche: deal.get("coinche"),
            RES.surcoinche: deal.get("surcoinche"),
        }

    def lists(self) -> list[tuple[int, str, str]]:
        bids = ",".join(str(b) for b in self.rules.bids())
        return [
            *((col, "players", "A player.") for col in (RES.taker, RES.coinche, RES.surcoinche)),
            (RES.bid, text_literal(bids), pgettext("sheet heading", "A bid.")),
        ]


layout_for = Layout.of
