"""Coinche rules in force: a rules file's data, checked, with what the auction adds.

Coinche is Belote with an auction instead of a turned card: the same 32 cards, card-point
tables, last trick, belote and declarations. :class:`CoincheRules` is therefore Belote's
rules (:class:`~scoresheet.partnership.rules.BeloteRules`: card points, totals, belote in
a contract, declaration values) with the auction's options on top: the bids, what a
coinche multiplies, the scoring system, the target. Every row of the options table of the
rules page is a key of the rules file; the defaults are the page's.

>>> from scoresheet.rules import load_preset
>>> rules = load_preset("coinche")
>>> rules.needed(80), rules.needed(100), rules.multiplier(1), rules.multiplier(2)
(82, 100, 2, 4)
>>> rules.round(85), rules.round(84), rules.with_options(rounding="nearest-10-5-down").round(85)
(90, 80, 80)
>>> rules.card_total("hearts"), rules.deal_total("all-trumps")
(152, 162)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.partnership.rules import BeloteRules

CAPOT = "capot"
GENERALE = "generale"
BID_STEP = 10  # numbers run in tens: 80, 90, … (the rules page)
SCORINGS = ("points-and-bid", "bid-only", "points-made")
# The rule options, each a closed list of words (a rules file with another is refused
# by its schema, naming the key and the words there are).
Scoring = Literal["points-and-bid", "bid-only", "points-made"]
CoincheMultiplies = Literal["base-and-bid", "bid", "everything"]
BidNeeds = Literal["82-on-80", "bid", "bid-plus-2"]
MadeWhen = Literal["bid", "bid-and-beat"]
LosingBelote = Literal["kept", "to-winner", "lost-by-coinched-defenders"]
CoincheWhen = Literal["any-time", "in-turn", "escapable"]
Win = Literal["reach", "pass"]
LEVELS = ("", "coinché", "surcoinché")  # the coinche level (0, 1, 2) as the table says it


@dataclass(frozen=True, kw_only=True)
class CoincheRules(BeloteRules):
    """The Coinche rules in force. Build one with :meth:`from_data` from a validated
    rules file; ``data`` keeps the file's own form so a game file may carry it in full.

    The card play is counted as in Belote (the inherited fields); a Coinche deal has no
    litige (``tie`` is always ``dedans``)."""

    game: str = "coinche"
    scoring: Scoring  # points-and-bid | bid-only | points-made
    dedans_points: int  # the failure base (c): 160 + the bid by default
    coinche_multiplies: CoincheMultiplies  # base-and-bid | bid | everything
    coinche: int  # the multiplier of a coinche
    surcoinche: int  # … and of a surcoinche
    bid_needs: BidNeeds  # 82-on-80 | bid | bid-plus-2
    made_when: MadeWhen  # bid | bid-and-beat
    belote_counts: bool  # the takers' belote counts toward the contract
    losing_belote: LosingBelote  # kept | to-winner | lost-by-coinched-defenders
    capot_bid: int  # a capot bid made
    capot_bid_lost: int  # … and lost: to the defenders
    coinche_capot: bool  # a capot bid may be coinched
    coinche_when: CoincheWhen  # any-time | in-turn | escapable (how the auction runs; not scored)
    min_bid: int
    max_bid: int
    generale: bool  # the générale bid: the bidder alone takes all 8 tricks
    generale_value: int
    win: Win  # reach | pass: reaching the target is enough, or it must be passed

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CoincheRules:
        """Rules from validated rules-file data; raises ``ValueError`` when inconsistent."""
        d = dict(data)
        # The card play: Belote's rules read the same keys; a Coinche deal has no litige,
        # and rounds by its own rule (see :meth:`round`).
        play = BeloteRules.from_data({**d, "tie": "dedans", "rounding": "none"})
        shared = {f.name: getattr(play, f.name) for f in fields(BeloteRules) if f.init}
        rules = cls(
            **{**shared, "data": d, "rounding": d["rounding"], "game": "coinche"},
            scoring=d["scoring"],
            dedans_points=d["dedans_points"],
            coinche_multiplies=d["coinche_multiplies"],
            coinche=d.get("coinche", 2),
            surcoinche=d.get("surcoinche", 4),
            bid_needs=d["bid_needs"],
            made_when=d.get("made_when", "bid"),
            belote_counts=d.get("belote_counts", True),
            losing_belote=d.get("losing_belote", "kept"),
            capot_bid=d["capot_bid"],
            capot_bid_lost=d.get("capot_bid_lost", d["capot_bid"]),
            coinche_capot=d.get("coinche_capot", True),
            coinche_when=d.get("coinche_when", "any-time"),
            min_bid=d.get("min_bid", 80),
            max_bid=d.get("max_bid", 160),
            generale=d.get("generale", False),
            generale_value=d.get("generale_value", 500),
            win=d.get("win", "reach"),
        )
        rules._check_auction()
        return rules

    def _check_auction(self) -> None:
        if self.min_bid % BID_STEP or self.max_bid % BID_STEP:
            raise ValueError(
                _("min_bid and max_bid must be multiples of {step}").format(step=BID_STEP)
            )
        if self.min_bid > self.max_bid:
            raise ValueError(
                _("min_bid {low} is above max_bid {high}").format(
                    low=self.min_bid, high=self.max_bid
                )
            )

    def with_options(self, **changes: Any) -> CoincheRules:
        """These rules with some top-level keys changed (for examples and tests)."""
        return CoincheRules.from_data({**self.data, **changes})

    # -- the auction ---------------------------------------------------------------------

    def bids(self) -> list[int | str]:
        """Every bid these rules allow, low to high."""
        numbers: list[int | str] = list(range(self.min_bid, self.max_bid + 1, BID_STEP))
        return [*numbers, CAPOT, *([GENERALE] if self.generale else [])]

    def check_bid(self, bid: int | str, where: str) -> None:
        """Refuse a bid these rules do not allow, naming the deal."""
        if bid == CAPOT:
            return
        if bid == GENERALE:
            if not self.generale:
                raise ScoresheetError(
                    _("{where}: these rules have no générale (option generale)").format(where=where)
                )
            return
        if not isinstance(bid, int) or isinstance(bid, bool):
            raise ScoresheetError(
                _('{where}: bid "{bid}" is not a number, capot or generale').format(
                    where=where, bid=bid
                )
            )
        if not self.min_bid <= bid <= self.max_bid:
            raise ScoresheetError(
                _("{where}: a bid of {bid} is outside these rules' {low} to {high}").format(
                    where=where, bid=bid, low=self.min_bid, high=self.max_bid
                )
            )
        if bid % BID_STEP:
            raise ScoresheetError(
                _("{where}: a bid of {bid} is not a multiple of {step}").format(
                    where=where, bid=bid, step=BID_STEP
                )
            )

    def bid_value(self, bid: int | str) -> int:
        """What a bid is worth: its number, or the value of a capot or générale bid."""
        if bid == CAPOT:
            return self.capot_bid
        if bid == GENERALE:
            return self.generale_value
        return int(bid)

    def needed(self, bid: int) -> int:
        """The points the takers need to make a numbered bid (82 on a bid of 80)."""
        if self.bid_needs == "bid-plus-2":
            return bid + 2
        if self.bid_needs == "82-on-80" and bid == 80:
            return 82
        return bid

    def multiplier(self, level: int) -> int:
        """The multiplier *m* of a coinche level: 0 none, 1 coinche, 2 surcoinche."""
        return (1, self.coinche, self.surcoinche)[level]

    def round(self, points: int) -> int:
        """Points as the rules round them: to the nearest 10 with 5 up (the default) or
        down, or not at all."""
        if self.rounding == "nearest-10":
            return (points + 5) // 10 * 10
        if self.rounding == "nearest-10-5-down":
            return (points + 4) // 10 * 10
        return points

    def reached(self, total: int) -> bool:
        """Whether a team's total wins the game (reaching the target, or passing it)."""
        return total > self.target if self.win == "pass" else total >= self.target


rules_from_data = CoincheRules.from_data
"""The rules role (:class:`scoresheet.roles.Rules`): rules in force from a rules file."""
