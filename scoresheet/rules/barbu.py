"""The model of a Barbu rules file."""

from __future__ import annotations

from functools import cached_property
from math import comb
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scoresheet.cards import Card, parse_card, standard_deck

_T = TypeVar("_T")

ContractId = Literal[
    "no-tricks",
    "no-hearts",
    "no-queens",
    "no-king",
    "no-last-two",
    "no-last-trick",
    "trumps",
    "dominoes",
    "ravage-city",
    "chinese-poker",
    "salad",
]
CONTRACT_NAMES: dict[str, str] = {
    "no-tricks": "No Tricks",
    "no-hearts": "No Hearts",
    "no-queens": "No Queens",
    "no-king": "No King of Hearts",
    "no-last-two": "No Last Two",
    "no-last-trick": "No Last Trick",
    "trumps": "Trumps",
    "dominoes": "Dominoes",
    "ravage-city": "Ravage City",
    "chinese-poker": "Chinese Poker",
    "salad": "Salad",
}
Target = Literal["anyone", "declarer-only"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class HeartsValue(_Strict):
    """No Hearts: ``per_heart`` for every heart, and ``ace_extra`` more for the A♥ (0: no extra)."""

    per_heart: int
    ace_extra: int = 0


class LastTwoValue(_Strict):
    """No Last Two: the second-to-last trick and the last trick."""

    second_last: int
    last: int


class ChinesePokerValue(_Strict):
    """Chinese Poker: points per beat; a scoop bonus and royalties (in beats), off by default.

    ``scoop`` is the extra beats a player gets from an opponent whose three rows they all
    beat. ``royalties`` maps a row to hand categories and the extra beats such a row earns
    from each opponent (e.g. ``{"back": {"quads": 4}}``).
    """

    per_beat: int = 4
    scoop: int = 0
    royalties: dict[str, dict[str, int]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_rows(self) -> ChinesePokerValue:
        from scoresheet.games.barbu.poker import CATEGORY_NAMES, ROWS

        for row, table in self.royalties.items():
            if row not in ROWS:
                raise ValueError(f'royalties: "{row}" is not a row (front, middle, back)')
            for category in table:
                if category not in CATEGORY_NAMES:
                    raise ValueError(f'royalties.{row}: "{category}" is not a hand category')
        return self


class Values(_Strict):
    """The contract values. A contract in play must have its value here."""

    no_tricks: int | None = Field(None, alias="no-tricks")
    no_hearts: HeartsValue | None = Field(None, alias="no-hearts")
    no_queens: int | None = Field(None, alias="no-queens")
    no_king: int | None = Field(None, alias="no-king")
    no_last_two: LastTwoValue | None = Field(None, alias="no-last-two")
    no_last_trick: int | None = Field(None, alias="no-last-trick")
    trumps: int | None = None
    dominoes: list[int] | None = None
    ravage_city: int | None = Field(None, alias="ravage-city")
    chinese_poker: ChinesePokerValue | None = Field(None, alias="chinese-poker")
    salad: list[ContractId] | None = None


class Doubling(_Strict):
    """Who may double whom, and the declarer doubles each non-declarer owes.

    ``negative`` / ``positive``: in a contract of that sign, whom a non-declarer may
    double: ``anyone`` or ``declarer-only``. The declarer never doubles; they redouble.
    """

    negative: Target = "anyone"
    positive: Target = "declarer-only"
    min_declarer_doubles: int = Field(2, ge=0)
    redoubles: bool = True


class BarbuRules(_Strict):
    """A Barbu rules file: the deck, the contracts and their values, rotation and doubling."""

    name: str = "custom"
    game: Literal["barbu"] = "barbu"
    description: str = ""
    players: int = Field(4, ge=3, le=6)
    removed_cards: list[str] = Field(default_factory=list)
    cards_per_player: int
    tricks_per_deal: int
    contracts: list[ContractId] = Field(min_length=1)
    rounds: int = Field(1, ge=1)
    rotation: Literal["block", "every-deal"] = "block"
    dealer: Literal["declarer", "right-of-declarer"] = "declarer"
    undoubled_split: bool = True
    doubling: Doubling = Field(default_factory=Doubling)
    values: Values

    @model_validator(mode="after")
    def _consistent(self) -> BarbuRules:
        deck = self.deck
        if len(deck) != self.players * self.cards_per_player:
            raise ValueError(
                f"the deck has {len(deck)} cards, but {self.players} players × "
                f"{self.cards_per_player} cards is {self.players * self.cards_per_player}"
            )
        if self.tricks_per_deal != self.cards_per_player:
            raise ValueError("tricks_per_deal must equal cards_per_player")
        if len(set(self.contracts)) != len(self.contracts):
            raise ValueError("a contract is listed twice in contracts")
        for contract in self.contracts:
            self._check_value(contract)
        if "salad" in self.contracts:
            for part in self.salad_parts:
                if part in ("salad", "chinese-poker", "dominoes", "ravage-city"):
                    raise ValueError(f"salad cannot combine {part}")
                self._check_value(part)
        if self.values.dominoes is not None and len(self.values.dominoes) != self.players:
            raise ValueError(f"values.dominoes needs one payout per player ({self.players})")
        if self.values.ravage_city is not None:
            for k in range(1, self.players + 1):
                if self.values.ravage_city % k:
                    raise ValueError(
                        f"values.ravage-city ({self.values.ravage_city}) cannot be split "
                        f"equally between {k} tied players"
                    )
        for card, needed_by in (("KH", "no-king"), ("AH", "no-hearts")):
            if needed_by in self.all_contracts and parse_card(card) not in deck:
                raise ValueError(f"{needed_by} needs {card} in the deck")
        return self

    def _check_value(self, contract: str) -> None:
        if getattr(self.values, contract.replace("-", "_")) is None:
            raise ValueError(f'contract "{contract}" has no value in values')

    # -- derived facts -------------------------------------------------------------------

    @cached_property
    def deck(self) -> frozenset[Card]:
        return frozenset(standard_deck(parse_card(c) for c in self.removed_cards))

    @cached_property
    def salad_parts(self) -> tuple[str, ...]:
        return tuple(self.values.salad or ())

    @cached_property
    def all_contracts(self) -> frozenset[str]:
        """The contracts in play and the ones Salad combines."""
        return frozenset(self.contracts) | frozenset(self.salad_parts)

    @cached_property
    def _deck_counts(self) -> dict[str | int, int]:
        counts: dict[str | int, int] = {}
        for c in self.deck:
            counts[c.suit] = counts.get(c.suit, 0) + 1
            counts[c.rank] = counts.get(c.rank, 0) + 1
        return counts

    def count_in_deck(self, *, suit: str | None = None, rank: int | None = None) -> int:
        """How many cards of a suit, or of a rank, the deck holds."""
        key = suit if suit is not None else rank
        if key is None:
            return len(self.deck)
        return self._deck_counts.get(key, 0)

    @cached_property
    def deals_per_game(self) -> int:
        return self.players * len(self.contracts) * self.rounds

    @cached_property
    def deals_per_declarer(self) -> int:
        return len(self.contracts) * self.rounds

    def contract_total(self, contract: str) -> int | None:
        """A contract's total over the table before doubles, from the values and the deck.

        ``None`` where the total is not fixed (Chinese Poker: ties and fouls change it).
        """
        v = self.values
        if contract in ("no-tricks", "trumps"):
            per = v.no_tricks if contract == "no-tricks" else v.trumps
            return _need(per) * self.tricks_per_deal
        if contract == "no-hearts":
            hearts = _need(v.no_hearts)
            return hearts.per_heart * self.count_in_deck(suit="H") + hearts.ace_extra
        if contract == "no-queens":
            return _need(v.no_queens) * self.count_in_deck(rank=12)
        if contract == "no-king":
            return _need(v.no_king)
        if contract == "no-last-two":
            last_two = _need(v.no_last_two)
            return last_two.second_last + last_two.last
        if contract == "no-last-trick":
            return _need(v.no_last_trick)
        if contract == "dominoes":
            return sum(_need(v.dominoes))
        if contract == "ravage-city":
            return _need(v.ravage_city)
        if contract == "salad":
            parts = [self.contract_total(p) for p in self.salad_parts]
            return sum(_need(p) for p in parts)
        if contract == "chinese-poker":
            return None
        raise ValueError(f"unknown contract {contract}")

    def max_total(self, contract: str) -> int:
        """The largest total a contract can reach (its fixed total where it has one)."""
        total = self.contract_total(contract)
        if total is not None:
            return total
        poker = _need(self.values.chinese_poker)
        return poker.per_beat * 3 * comb(self.players, 2)

    @cached_property
    def positive(self) -> frozenset[str]:
        """Positive contracts are those whose total is above zero (trumps, dominoes, …)."""
        return frozenset(c for c in self.contracts if self.max_total(c) > 0)

    def is_positive(self, contract: str) -> bool:
        return contract in self.positive

    @cached_property
    def zero_sum(self) -> bool:
        """Whether every full game sums to 0 whatever happens at the table."""
        totals = [self.contract_total(c) for c in self.contracts]
        return None not in totals and sum(t for t in totals if t is not None) == 0

    @cached_property
    def game_total(self) -> int:
        """The sum of a full game's scores when every contract reaches its largest total."""
        return sum(self.max_total(c) for c in self.contracts) * self.players * self.rounds

    def may_double(self, contract: str, doubler: str, target: str, declarer: str) -> bool:
        if doubler == declarer:
            return False
        if target == declarer:
            return True
        rule = self.doubling.positive if self.is_positive(contract) else self.doubling.negative
        return rule == "anyone"


def _need(value: _T | None) -> _T:
    if value is None:
        raise ValueError("a contract in play has no value")
    return value
