"""Rosbiratschka rules in force: a rules file's data, checked, with the facts derived from it.

Every check total comes from the values and the deck, never from a constant: with the
32-card pack and 4 players a deal has 8 tricks, 8 hearts and 4 jacks; with the 3-player
pack (7s and 8s removed, 24 cards) it still has 8 tricks (of 3 cards) and 4 jacks, but
6 hearts.

>>> rules = RosbiratschkaRules.from_data(PAGE_RULES)
>>> len(rules.deck), rules.tricks_per_deal, rules.count_in_deck(suit="H")
(32, 8, 8)
>>> [rules.base_total(c) for c in rules.contracts]
[8, 8, 8, 8, 8, 8]
>>> rules.doubled_total("no-jacks"), rules.slam_score("no-jacks")
(16, -8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from scoresheet.cards import JACK, KING, SUITS, Card, parse_card
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import N_, NP_, _, pgettext
from scoresheet.limits import MAX_DEALS

if TYPE_CHECKING:
    from scoresheet.games.rosbiratschka.models import Slam

CONTRACTS = ("no-tricks", "no-hearts", "no-jacks", "king-of-hearts", "hundred", "rosbiratschka")
# Each contract's name, as ``rules show`` titles it (German: "Keinen Stich!"…).
CONTRACT_NAMES = {
    "no-tricks": NP_("rosbiratschka contract", "No Tricks"),
    "no-hearts": NP_("rosbiratschka contract", "No Hearts"),
    "no-jacks": NP_("rosbiratschka contract", "No Jacks"),
    "king-of-hearts": NP_("rosbiratschka contract", "King of Hearts"),
    "hundred": NP_("rosbiratschka contract", "Hundred"),
    "rosbiratschka": NP_("rosbiratschka contract", "Rosbiratschka"),
}
# Each contract as the tables and lines name it (in English its id; German: "Keinen Stich!").
CONTRACT_SHOWN = {
    "no-tricks": NP_("rosbiratschka contract", "no-tricks"),
    "no-hearts": NP_("rosbiratschka contract", "no-hearts"),
    "no-jacks": NP_("rosbiratschka contract", "no-jacks"),
    "king-of-hearts": NP_("rosbiratschka contract", "king-of-hearts"),
    "hundred": NP_("rosbiratschka contract", "hundred"),
    "rosbiratschka": NP_("rosbiratschka contract", "rosbiratschka"),
}
# The shipped presets' descriptions, so that ``rules show`` reads them in the catalogs
# (a table's own description is shown as written).
PRESET_DESCRIPTIONS = (
    N_("Rosbiratschka: 4 players, 32 cards, six contracts in a fixed order, lowest total wins"),
    N_("Rosbiratschka for 3 players: 24 cards (no 7s or 8s), hearts total 6"),
)


def shown(contract: str) -> str:
    """A contract as the views name it, in the language in force (its id in English)."""
    return pgettext("rosbiratschka contract", CONTRACT_SHOWN.get(contract, contract))


def title(contract: str) -> str:
    """A contract's title (``No Tricks``), in the language in force."""
    return pgettext("rosbiratschka contract", CONTRACT_NAMES[contract])


def contract_list(contracts: tuple[str, ...] | list[str]) -> str:
    """The contracts as the views name them, separated by commas."""
    return ", ".join(shown(c) for c in contracts)


# The counting contracts: the result key, and what is counted in the deck.
COUNTED = {"no-tricks": "tricks", "no-hearts": "hearts", "no-jacks": "jacks"}
THRESHOLDS = (25, 50, 100)
HUNDRED_KEYS = tuple(f"past_{t}" for t in THRESHOLDS)
# The result keys each contract takes (what the table reports).
RESULT_KEYS: dict[str, tuple[str, ...]] = {
    "no-tricks": ("tricks",),
    "no-hearts": ("hearts",),
    "no-jacks": ("jacks",),
    "king-of-hearts": ("king_of_hearts",),
    "hundred": HUNDRED_KEYS,
    "rosbiratschka": ("last",),
}
DEFAULT_CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}

# The rules as on the rules page, for the doctests (the shipped preset says the same).
PAGE_RULES: dict[str, Any] = {
    "name": "rosbiratschka",
    "game": "rosbiratschka",
    "players": 4,
    "ranks": ["7", "8", "9", "10", "J", "Q", "K", "A"],
    "contracts": list(CONTRACTS),
    "values": {
        "no-tricks": {"each": 1, "avoided": 2},
        "no-hearts": {"each": 1, "avoided": 2},
        "no-jacks": {"each": 2, "avoided": 2},
        "king-of-hearts": 8,
        "hundred": {"past_25": 1, "past_50": 2, "past_100": 5},
        "rosbiratschka": 8,
    },
}


@dataclass(frozen=True)
class CountValue:
    """``each`` per card (or trick) taken; ``avoided`` times that when anyone took none."""

    each: int
    avoided: int = 2


@dataclass(frozen=True)
class HundredValue:
    past_25: int
    past_50: int
    past_100: int

    def of(self, key: str) -> int:
        value: int = getattr(self, key)
        return value


@dataclass(frozen=True)
class RosbiratschkaRules:
    """The Rosbiratschka rules in force. Build one with :meth:`from_data`."""

    data: dict[str, Any] = field(repr=False, compare=True)
    name: str
    description: str
    players: int
    ranks: tuple[int, ...]
    contracts: tuple[str, ...]
    rounds: int
    slam: Slam  # "minus": the slam taker scores minus the deal's total; "plus": plus it
    card_points: dict[int, int]
    counts: dict[str, CountValue]
    king_of_hearts: int | None
    hundred: HundredValue | None
    last: int | None
    game: str = "rosbiratschka"

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> RosbiratschkaRules:
        """Rules from validated rules-file data; raises ``ValueError`` when inconsistent."""
        d = cast("dict[str, Any]", data)
        values = d["values"]
        ranks = []
        for text in d["ranks"]:
            try:
                ranks.append(parse_card(f"{text}S").rank)
            except ScoresheetError:
                raise ValueError(
                    _('ranks: "{text}" is not a rank (7, 8, 9, 10, J, Q, K, A)').format(text=text)
                ) from None
        if len(set(ranks)) != len(ranks):
            raise ValueError(_("ranks: a rank is listed twice"))
        points: dict[int, int] = {}
        for text, value in d.get("card_points", DEFAULT_CARD_POINTS).items():
            try:
                points[parse_card(f"{text}S").rank] = value
            except ScoresheetError:
                raise ValueError(
                    _('card_points: "{text}" is not a rank').format(text=text)
                ) from None
        hundred = values.get("hundred")
        rules = cls(
            data=dict(d),
            name=d.get("name", "custom"),
            description=d.get("description", ""),
            players=d.get("players", 4),
            ranks=tuple(sorted(ranks)),
            contracts=tuple(d.get("contracts", CONTRACTS)),
            rounds=d.get("rounds", 1),
            slam=d.get("slam", "minus"),
            card_points=points,
            counts={c: CountValue(**values[c]) for c in COUNTED if c in values},
            king_of_hearts=values.get("king-of-hearts"),
            hundred=HundredValue(**hundred) if hundred is not None else None,
            last=values.get("rosbiratschka"),
        )
        rules._check()
        return rules

    def _check(self) -> None:
        if len(set(self.contracts)) != len(self.contracts):
            raise ValueError(_("a contract is listed twice in contracts"))
        if self.deals_per_game > MAX_DEALS:
            raise ValueError(
                _("rounds: {rounds} rounds make {deals} deals; a game holds at most {most}").format(
                    rounds=self.rounds, deals=self.deals_per_game, most=MAX_DEALS
                )
            )
        deck = len(self.deck)
        if deck % self.players:
            if self.players == 3:
                message = _(
                    "the deck has {deck} cards, which {players} players cannot share "
                    "equally (3 players: ranks 9 to A, 24 cards)"
                )
            else:
                message = _(
                    "the deck has {deck} cards, which {players} players cannot share equally"
                )
            raise ValueError(message.format(deck=deck, players=self.players))
        for contract in self.contracts:
            if self.value_of(contract) is None:
                raise ValueError(
                    _('contract "{contract}" has no value in values').format(contract=contract)
                )
        needs = {
            "no-hearts": (
                self.count_in_deck(suit="H") > 0,
                N_("{contract} needs hearts in the deck"),
            ),
            "no-jacks": (JACK in self.ranks, N_("{contract} needs jacks in the deck")),
            "king-of-hearts": (
                Card(KING, "H") in self.deck,
                N_("{contract} needs the K♥ in the deck"),
            ),
            "rosbiratschka": (
                JACK in self.ranks,
                N_("{contract} needs jacks (the layout starts from them) in the deck"),
            ),
        }
        for contract, (ok, what) in needs.items():
            if contract in self.contracts and not ok:
                raise ValueError(_(what).format(contract=contract))
        if "hundred" in self.contracts and self.pack_points <= THRESHOLDS[-1]:
            raise ValueError(
                _(
                    "the hundred can never pass {most}: the pack holds {points} points "
                    "(card_points)"
                ).format(most=THRESHOLDS[-1], points=self.pack_points)
            )

    # -- derived facts -------------------------------------------------------------------

    @cached_property
    def deck(self) -> frozenset[Card]:
        return frozenset(Card(rank, suit) for suit in SUITS for rank in self.ranks)

    @property
    def cards_per_player(self) -> int:
        return len(self.deck) // self.players

    @property
    def tricks_per_deal(self) -> int:
        """One card from each player per trick: as many tricks as cards in a hand."""
        return self.cards_per_player

    def count_in_deck(self, *, suit: str | None = None, rank: int | None = None) -> int:
        """How many cards of a suit, or of a rank, the deck holds."""
        return sum(1 for c in self.deck if c.suit == suit or c.rank == rank)

    def in_deal(self, contract: str) -> int:
        """How many tricks (hearts, jacks) a counting contract shares out."""
        if contract == "no-tricks":
            return self.tricks_per_deal
        if contract == "no-hearts":
            return self.count_in_deck(suit="H")
        if contract == "no-jacks":
            return self.count_in_deck(rank=JACK)
        raise ValueError(f"{contract} is not a counting contract")

    @cached_property
    def pack_points(self) -> int:
        """The hundred: the points of the whole pack (120 with the usual values)."""
        return sum(self.card_points.get(c.rank, 0) for c in self.deck)

    @property
    def deals_per_game(self) -> int:
        return len(self.contracts) * self.rounds

    def value_of(self, contract: str) -> Any:
        if contract in COUNTED:
            return self.counts.get(contract)
        return {
            "king-of-hearts": self.king_of_hearts,
            "hundred": self.hundred,
            "rosbiratschka": self.last,
        }[contract]

    def contract_of(self, number: int) -> str:
        """The contract of deal ``number`` (from 1): the fixed order, round after round."""
        return self.contracts[(number - 1) % len(self.contracts)]

    def base_total(self, contract: str) -> int:
        """A deal's total when nothing doubles it: the check total of the paper sheet."""
        if contract in COUNTED:
            return self.counts[contract].each * self.in_deal(contract)
        if contract == "hundred":
            h = self.hundred
            assert h is not None
            return h.past_25 + h.past_50 + h.past_100
        value: int = self.value_of(contract)
        return value

    def doubled_total(self, contract: str) -> int:
        """A counting deal's total when a player took none."""
        return self.base_total(contract) * self.counts[contract].avoided

    def slam_score(self, contract: str) -> int:
        """What the player who took every trick (heart, jack) scores; the others score 0."""
        sign = -1 if self.slam == "minus" else 1
        return sign * self.base_total(contract)

    def possible_totals(self, contract: str) -> tuple[int, ...]:
        """Every total a deal of ``contract`` can have."""
        if contract in COUNTED:
            return tuple(
                dict.fromkeys(
                    (
                        self.base_total(contract),
                        self.doubled_total(contract),
                        self.slam_score(contract),
                    )
                )
            )
        return (self.base_total(contract),)


__all__ = [
    "CONTRACTS",
    "CONTRACT_NAMES",
    "COUNTED",
    "HUNDRED_KEYS",
    "RESULT_KEYS",
    "THRESHOLDS",
    "CountValue",
    "HundredValue",
    "RosbiratschkaRules",
    "rules_from_data",
]


# The role of a game's rules module (see :class:`scoresheet.roles.Rules`).
rules_from_data = RosbiratschkaRules.from_data
