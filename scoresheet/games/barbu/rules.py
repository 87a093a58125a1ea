"""Barbu rules in force: a rules file's data, checked for consistency, with derived facts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from math import comb
from typing import TYPE_CHECKING, Any, TypeVar, cast

from scoresheet.cards import Card, parse_card, standard_deck
from scoresheet.i18n import NP_, _, ngettext, pgettext
from scoresheet.limits import MAX_DEALS

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Dealer, Rotation, Target

_T = TypeVar("_T")

# Each contract's name as a title (``rules show``, the pad), translated where it is shown.
CONTRACT_NAMES: dict[str, str] = {
    "no-tricks": NP_("barbu contract", "No Tricks"),
    "no-hearts": NP_("barbu contract", "No Hearts"),
    "no-queens": NP_("barbu contract", "No Queens"),
    "no-king": NP_("barbu contract", "No King of Hearts"),
    "no-last-two": NP_("barbu contract", "No Last Two"),
    "no-last-trick": NP_("barbu contract", "No Last Trick"),
    "trumps": NP_("barbu contract", "Trumps"),
    "dominoes": NP_("barbu contract", "Dominoes"),
    "ravage-city": NP_("barbu contract", "Ravage City"),
    "chinese-poker": NP_("barbu contract", "Chinese Poker"),
    "salad": NP_("barbu contract", "Salad"),
}
# Each contract as the sheet, the status and the prompts name it: in English its id (what
# a game file holds); in another language its name there, which a player may type too.
CONTRACT_WORDS: dict[str, str] = {
    "no-tricks": NP_("barbu contract", "no-tricks"),
    "no-hearts": NP_("barbu contract", "no-hearts"),
    "no-queens": NP_("barbu contract", "no-queens"),
    "no-king": NP_("barbu contract", "no-king"),
    "no-last-two": NP_("barbu contract", "no-last-two"),
    "no-last-trick": NP_("barbu contract", "no-last-trick"),
    "trumps": NP_("barbu contract", "trumps"),
    "dominoes": NP_("barbu contract", "dominoes"),
    "ravage-city": NP_("barbu contract", "ravage-city"),
    "chinese-poker": NP_("barbu contract", "chinese-poker"),
    "salad": NP_("barbu contract", "salad"),
}


def contract_word(contract: str) -> str:
    """A contract as the views name it, in the language in force (its id in English).

    >>> contract_word("no-queens")
    'no-queens'
    """
    return pgettext("barbu contract", CONTRACT_WORDS.get(contract, contract))


def contract_title(contract: str) -> str:
    """A contract's title (``No Queens``), in the language in force."""
    name = CONTRACT_NAMES.get(contract)
    return contract if name is None else pgettext("barbu contract", name)


def contract_words(contracts: Iterable[str]) -> str:
    """Contracts as the views name them, separated by commas."""
    return ", ".join(contract_word(c) for c in contracts)


NOT_IN_SALAD = ("salad", "chinese-poker", "dominoes", "ravage-city")


# The rules page's positive contracts (section 3, and "What the variants keep").
NAMED_POSITIVE = frozenset({"trumps", "dominoes", "chinese-poker"})


@dataclass(frozen=True)
class HeartsValue:
    per_heart: int
    ace_extra: int = 0


@dataclass(frozen=True)
class LastTwoValue:
    second_last: int
    last: int


@dataclass(frozen=True)
class ChinesePokerValue:
    per_beat: int = 4
    scoop: int = 0
    royalties: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Values:
    """The contract values; a contract not in play may have none."""

    no_tricks: int | None = None
    no_hearts: HeartsValue | None = None
    no_queens: int | None = None
    no_king: int | None = None
    no_last_two: LastTwoValue | None = None
    no_last_trick: int | None = None
    trumps: int | None = None
    dominoes: tuple[int, ...] | None = None
    ravage_city: int | None = None
    chinese_poker: ChinesePokerValue | None = None
    salad: tuple[str, ...] | None = None

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Values:
        def get(key: str) -> Any:
            return data.get(key)

        hearts = get("no-hearts")
        last_two = get("no-last-two")
        poker = get("chinese-poker")
        dominoes = get("dominoes")
        salad = get("salad")
        return cls(
            no_tricks=get("no-tricks"),
            no_hearts=HeartsValue(**hearts) if hearts is not None else None,
            no_queens=get("no-queens"),
            no_king=get("no-king"),
            no_last_two=LastTwoValue(**last_two) if last_two is not None else None,
            no_last_trick=get("no-last-trick"),
            trumps=get("trumps"),
            dominoes=tuple(dominoes) if dominoes is not None else None,
            ravage_city=get("ravage-city"),
            chinese_poker=ChinesePokerValue(**poker) if poker is not None else None,
            salad=tuple(salad) if salad is not None else None,
        )

    def of(self, contract: str) -> Any:
        return getattr(self, contract.replace("-", "_"))


@dataclass(frozen=True)
class Doubling:
    """Whom a non-declarer may double (``anyone`` / ``declarer-only``) per contract sign.

    The declarer never doubles; they redouble.
    """

    negative: Target = "anyone"
    positive: Target = "declarer-only"
    min_declarer_doubles: int = 2
    redoubles: bool = True


@dataclass(frozen=True)
class BarbuRules:
    """The Barbu rules in force: the deck, the contracts and their values, rotation, doubling.

    Build one with :meth:`from_data` from a validated rules file; ``data`` keeps the file's
    own form so ``scoresheet rules show --json`` can print it back.
    """

    data: dict[str, Any] = field(repr=False, compare=True)
    name: str
    description: str
    players: int
    removed_cards: tuple[str, ...]
    cards_per_player: int
    tricks_per_deal: int
    contracts: tuple[str, ...]
    rounds: int
    rotation: Rotation
    dealer: Dealer
    undoubled_split: bool
    doubling: Doubling
    values: Values
    game: str = "barbu"

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BarbuRules:
        """Rules from validated rules-file data; raises ``ValueError`` when inconsistent."""
        d = cast("dict[str, Any]", data)
        rules = cls(
            data=dict(d),
            name=d.get("name", "custom"),
            description=d.get("description", ""),
            players=d.get("players", 4),
            removed_cards=tuple(d.get("removed_cards", ())),
            cards_per_player=d["cards_per_player"],
            tricks_per_deal=d["tricks_per_deal"],
            contracts=tuple(d["contracts"]),
            rounds=d.get("rounds", 1),
            rotation=d.get("rotation", "block"),
            dealer=d.get("dealer", "declarer"),
            undoubled_split=d.get("undoubled_split", True),
            doubling=Doubling(**d.get("doubling", {})),
            values=Values.from_data(d["values"]),
        )
        rules._check()
        return rules

    def _check(self) -> None:
        deck = self.deck
        if len(deck) != self.players * self.cards_per_player:
            raise ValueError(
                _(
                    "the deck has {cards} cards, but {players} players × {each} cards is {need}"
                ).format(
                    cards=len(deck),
                    players=self.players,
                    each=self.cards_per_player,
                    need=self.players * self.cards_per_player,
                )
            )
        if self.deals_per_game > MAX_DEALS:
            raise ValueError(
                _("rounds: {rounds} rounds make {deals} deals; a game holds at most {most}").format(
                    rounds=self.rounds, deals=self.deals_per_game, most=MAX_DEALS
                )
            )
        if self.tricks_per_deal != self.cards_per_player:
            raise ValueError(_("tricks_per_deal must equal cards_per_player"))
        if len(set(self.contracts)) != len(self.contracts):
            twice = next(c for c in self.contracts if self.contracts.count(c) > 1)
            raise ValueError(_('"{contract}" is listed twice in contracts').format(contract=twice))
        for contract in self.contracts:
            self._check_value(contract)
        if "salad" in self.contracts:
            for part in self.salad_parts:
                if part in NOT_IN_SALAD:
                    raise ValueError(_("salad cannot combine {contract}").format(contract=part))
                self._check_value(part)
        dominoes = self.values.dominoes
        if dominoes is not None and len(dominoes) != self.players:
            raise ValueError(
                _("values.dominoes needs one payout per player ({players})").format(
                    players=self.players
                )
            )
        penalty = self.values.ravage_city
        if penalty is not None:
            for k in range(1, self.players + 1):
                if penalty % k:
                    raise ValueError(
                        _(
                            "values.ravage-city ({penalty}) cannot be split equally between "
                            "{n} tied players"
                        ).format(penalty=penalty, n=k)
                    )
        for card, needed_by in (("KH", "no-king"), ("AH", "no-hearts")):
            if needed_by in self.all_contracts and parse_card(card) not in deck:
                raise ValueError(
                    _("{contract} needs {card} in the deck").format(contract=needed_by, card=card)
                )
        poker = self.values.chinese_poker
        if poker is not None:
            # The poker tables are built on import: only with Chinese Poker.
            from scoresheet.games.barbu.poker import CATEGORY_NAMES

            for row, table in poker.royalties.items():
                for category in table:
                    if category not in CATEGORY_NAMES:
                        raise ValueError(
                            _(
                                'values.chinese-poker.royalties.{row}: "{category}" is not a '
                                "hand category ({categories})"
                            ).format(
                                row=row, category=category, categories=", ".join(CATEGORY_NAMES)
                            )
                        )
        most = self.deals_per_declarer  # a non-declarer doubles a declarer once a deal at most
        if self.doubling.min_declarer_doubles > most:
            raise ValueError(
                ngettext(
                    "doubling.min_declarer_doubles: {doubles} doubles of a declarer cannot be "
                    "made in the declarer's {n} deal (one a deal)",
                    "doubling.min_declarer_doubles: {doubles} doubles of a declarer cannot be "
                    "made in the declarer's {n} deals (one a deal)",
                    most,
                ).format(doubles=self.doubling.min_declarer_doubles, n=most)
            )

    def _check_value(self, contract: str) -> None:
        if self.values.of(contract) is None:
            raise ValueError(
                _('contract "{contract}" has no value in values').format(contract=contract)
            )

    # -- derived facts -------------------------------------------------------------------

    @cached_property
    def deck(self) -> frozenset[Card]:
        return frozenset(standard_deck(parse_card(c) for c in self.removed_cards))

    @cached_property
    def salad_parts(self) -> tuple[str, ...]:
        return self.values.salad or ()

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
            per: int = _need(v.of(contract))
            return per * self.tricks_per_deal
        if contract == "no-hearts":
            hearts = _need(v.no_hearts)
            return hearts.per_heart * self.count_in_deck(suit="H") + hearts.ace_extra
        if contract == "no-queens":
            return _need(v.no_queens) * self.count_in_deck(rank=12)
        if contract == "no-last-two":
            last_two = _need(v.no_last_two)
            return last_two.second_last + last_two.last
        if contract in ("no-king", "no-last-trick", "ravage-city"):
            value: int = _need(v.of(contract))
            return value
        if contract == "dominoes":
            return sum(_need(v.dominoes))
        if contract == "salad":
            return sum(_need(self.contract_total(p)) for p in self.salad_parts)
        if contract == "chinese-poker":
            return None
        raise ValueError(_("unknown contract {contract}").format(contract=contract))

    def max_total(self, contract: str) -> int:
        """The largest total a contract can reach (its fixed total where it has one)."""
        total = self.contract_total(contract)
        if total is not None:
            return total
        poker = _need(self.values.chinese_poker)
        return poker.per_beat * 3 * comb(self.players, 2)

    @cached_property
    def positive(self) -> frozenset[str]:
        """The positive contracts: trumps, dominoes and Chinese Poker, as the rules page
        names them whatever their values, and any other whose total is above zero."""
        return frozenset(c for c in self.contracts if c in NAMED_POSITIVE or self.max_total(c) > 0)

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
        """Whether ``doubler`` may double ``target`` in this contract (not redoubles)."""
        if doubler == declarer:
            return False
        if target == declarer:
            return True
        rule = self.doubling.positive if self.is_positive(contract) else self.doubling.negative
        return rule == "anyone"


def _need(value: _T | None) -> _T:
    if value is None:
        raise ValueError(_("a contract in play has no value"))
    return value


# The role of a game's rules module (see :class:`scoresheet.roles.Rules`).
rules_from_data = BarbuRules.from_data
