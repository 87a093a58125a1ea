"""Belote rules in force: a rules file's data, checked for consistency, with derived facts.

Card points come from the rules' tables, and every total is derived from them and the
32-card deck: a suit contract counts ``trump`` for its suit and ``plain`` for the three
others (62 + 3 × 30 = 152), No Trumps and All Trumps count their own table for all four
suits (4 × 38 = 152); the last trick adds ``last_trick`` (162).

>>> from scoresheet.rules import load_preset
>>> rules = load_preset("belote")
>>> rules.card_total("hearts"), rules.card_total("no-trumps"), rules.deal_total("all-trumps")
(152, 152, 162)
>>> rules.card_points(parse_card("JH"), "hearts"), rules.card_points(parse_card("JS"), "hearts")
(20, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, cast

from scoresheet.cards import SUIT_NAMES, SUITS, Card, parse_card
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import N_, NP_, _, pgettext

if TYPE_CHECKING:
    pass

SUIT_CONTRACTS = ("spades", "hearts", "diamonds", "clubs")
CONTRACTS = (*SUIT_CONTRACTS, "no-trumps", "all-trumps")
# A contract's name on the sheet, translated where it is shown:
# ``pgettext("belote contract", CONTRACT_NAMES[c])``.
CONTRACT_NAMES = {
    "spades": NP_("belote contract", "♠ Spades"),
    "hearts": NP_("belote contract", "♥ Hearts"),
    "diamonds": NP_("belote contract", "♦ Diamonds"),
    "clubs": NP_("belote contract", "♣ Clubs"),
    "no-trumps": NP_("belote contract", "No Trumps"),
    "all-trumps": NP_("belote contract", "All Trumps"),
}
# A contract as a word in a line or a table, and as a player may type it in the language
# in force (the id itself is read in every language).
CONTRACT_WORDS = {
    "spades": NP_("belote contract", "spades"),
    "hearts": NP_("belote contract", "hearts"),
    "diamonds": NP_("belote contract", "diamonds"),
    "clubs": NP_("belote contract", "clubs"),
    "no-trumps": NP_("belote contract", "no-trumps"),
    "all-trumps": NP_("belote contract", "all-trumps"),
}
SUIT_OF_CONTRACT = {name: suit for suit, name in SUIT_NAMES.items()}
RANK_KEYS = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""The 32-card deck's ranks, low to high in the natural order (sequences use it)."""
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
"""Trick order in a trump suit and in All Trumps, high to low (carrés compare by it)."""
TABLES = ("trump", "plain", "no-trumps", "all-trumps")
SEQUENCES = {"tierce": 3, "cinquante": 4, "cent": 5}
KINDS = (*SEQUENCES, "carre")
# A declaration's kind as shown and as a player may type it in the language in force.
KIND_WORDS = {
    "tierce": NP_("belote declaration", "tierce"),
    "cinquante": NP_("belote declaration", "cinquante"),
    "cent": NP_("belote declaration", "cent"),
    "carre": NP_("belote declaration", "carre"),
}

# The descriptions of the shipped presets (``templates/rules/``), word for word, so that
# ``rules show`` says them in the language in force; a table's own description is shown
# as written.
DESCRIPTIONS = (
    N_("Classic Belote (BGA tables): target 1000, dix de der, belote 20, capot 252, litige"),
    N_("Coinche as on BGA: no rounding, 162 + bid on a failure, a coinche multiplies all"),
    N_("Coinche, bid only: the deal's winner scores bid x m, target 1000"),
    N_("Coinche (contrée): points + bid, coinche x2 / x4 on 160 + bid, target 2000"),
)


def contract_word(contract: str) -> str:
    """A contract as a word, in the language in force (``hearts`` in English)."""
    return pgettext("belote contract", CONTRACT_WORDS.get(contract, contract))


def contract_name(contract: str) -> str:
    """A contract's name on the sheet, in the language in force (``♥ Hearts``)."""
    return pgettext("belote contract", CONTRACT_NAMES.get(contract, contract))


def kind_word(kind: str) -> str:
    """A declaration's kind, in the language in force (``tierce`` in English)."""
    return pgettext("belote declaration", KIND_WORDS.get(kind, kind))


def rank_key(card: Card) -> str:
    """``Card(10, "H")`` → ``"10"``, ``Card(11, "S")`` → ``"J"``."""
    return RANK_KEYS[card.rank - 7] if card.rank >= 7 else str(card.rank)


def parse_rank(text: str) -> str:
    """A rank as typed (``j``, ``T``, ``10``) → its key in the rules (``J``, ``10``).

    >>> parse_rank("t"), parse_rank("q")
    ('10', 'Q')
    """

    try:
        card = parse_card(f"{text.strip()}S")
    except ScoresheetError:
        card = None
    if card is None or card.rank < 7:
        raise ScoresheetError(
            _('"{rank}" is not a rank of the 32-card deck (7 to A)').format(rank=text.strip())
        )
    return rank_key(card)


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(7, 15))
"""The 32 cards, 7 to A in each suit."""


# The rule options, each a closed list of words (a rules file with another is refused
# by its schema, naming the key and the words there are).
Rotation = Literal["counter-clockwise", "clockwise"]
Tie = Literal["litige", "dedans"]
LitigeTo = Literal["next-made-contract", "next-deal-winner"]
Rounding = Literal["none", "nearest-10", "nearest-10-5-down"]  # the last: Coinche's


@dataclass(frozen=True)
class DeclarationValues:
    tierce: int
    cinquante: int
    cent: int
    carre: dict[str, int]

    def of(self, kind: str, rank: str) -> int | None:
        """What a declaration scores; ``None`` for a carré the rules give nothing."""
        if kind == "carre":
            return self.carre.get(rank)
        value: int = getattr(self, kind)
        return value


@dataclass(frozen=True)
class BeloteRules:
    """The Belote rules in force. Build one with :meth:`from_data` from a validated rules
    file; ``data`` keeps the file's own form so a game file may carry it in full."""

    data: dict[str, Any] = field(repr=False)
    name: str
    description: str
    players: int
    target: int
    contracts: tuple[str, ...]
    rotation: Rotation
    last_trick: int
    belote: int
    belote_all_trumps: bool
    capot: int
    tie: Tie
    litige_to: LitigeTo
    rounding: Rounding
    declarations: bool
    declaration_values: DeclarationValues | None
    points: dict[str, dict[str, int]]
    game: str = "belote"

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BeloteRules:
        """Rules from validated rules-file data; raises ``ValueError`` when inconsistent."""
        d = cast("dict[str, Any]", data)
        values = d.get("declaration_values")
        rules = cls(
            data=dict(d),
            name=d.get("name", "custom"),
            description=d.get("description", ""),
            players=d.get("players", 4),
            target=d["target"],
            contracts=tuple(d.get("contracts", CONTRACTS)),
            rotation=d.get("rotation", "counter-clockwise"),
            last_trick=d["last_trick"],
            belote=d["belote"],
            belote_all_trumps=d.get("belote_all_trumps", False),
            capot=d["capot"],
            tie=d["tie"],
            litige_to=d.get("litige_to", "next-made-contract"),
            rounding=d["rounding"],
            declarations=d["declarations"],
            declaration_values=DeclarationValues(**values) if values is not None else None,
            points={table: dict(d["points"][table]) for table in TABLES},
        )
        rules._check()
        return rules

    def _check(self) -> None:
        for table in TABLES:
            missing = [r for r in RANK_KEYS if r not in self.points[table]]
            if missing:
                raise ValueError(
                    _("points.{table}: no points for {ranks}").format(
                        table=table, ranks=", ".join(missing)
                    )
                )
        if len(set(self.contracts)) != len(self.contracts):
            raise ValueError(_("a contract is listed twice in contracts"))
        if self.declarations and self.declaration_values is None:
            raise ValueError(_("declarations are on, but declaration_values is missing"))
        for contract in self.contracts:
            if self.card_total(contract) <= 0:
                raise ValueError(
                    _("{contract}: the cards are worth nothing in this contract").format(
                        contract=contract
                    )
                )

    # -- derived facts -------------------------------------------------------------------

    @property
    def deals_per_game(self) -> None:
        """A Belote game has no fixed number of deals: it ends at the target."""
        return None

    @cached_property
    def deck(self) -> frozenset[Card]:
        return frozenset(DECK)

    def table_of(self, card: Card, contract: str) -> str:
        """The points table that counts ``card`` in ``contract``."""
        if contract in ("no-trumps", "all-trumps"):
            return contract
        return "trump" if SUIT_OF_CONTRACT[contract] == card.suit else "plain"

    def card_points(self, card: Card, contract: str) -> int:
        """What one card is worth in ``contract``."""
        return self.points[self.table_of(card, contract)][rank_key(card)]

    def card_total(self, contract: str) -> int:
        """The card points of a whole deal (152 with the BGA tables)."""
        return sum(self.card_points(card, contract) for card in DECK)

    def deal_total(self, contract: str) -> int:
        """The card points and the last trick (162): what a dedans gives the defenders."""
        return self.card_total(contract) + self.last_trick

    def has_belote(self, contract: str) -> bool:
        """Whether belote-rebelote can be announced in ``contract``."""
        if contract == "no-trumps":
            return False
        return contract != "all-trumps" or self.belote_all_trumps

    def round(self, points: int) -> int:
        """A deal's score as the rules round it (to the nearest 10, 5 rounding up).

        >>> from scoresheet.rules import load_preset
        >>> rules = load_preset("belote")
        >>> rules.round(85)
        85
        >>> rounded = rules.with_options(rounding="nearest-10")
        >>> rounded.round(85), rounded.round(84), rounded.round(162)
        (90, 80, 160)
        """
        if self.rounding == "nearest-10":
            return (points + 5) // 10 * 10
        return points

    def with_options(self, **changes: Any) -> BeloteRules:
        """These rules with some top-level keys changed (for examples and tests)."""
        return BeloteRules.from_data({**self.data, **changes})

    def declaration_value(self, kind: str, rank: str) -> int | None:
        if self.declaration_values is None:
            return None
        return self.declaration_values.of(kind, rank)

    def declaration_strength(self, kind: str, rank: str) -> int:
        """How declarations compare: by value, then a carré before a sequence, then by
        rank (a sequence by its highest card, A high; a carré by trick order, J high).

        The Scores sheet computes the same number: value × 100, + 50 for a carré, + the
        rank's place (1 to 8).
        """
        value = self.declaration_value(kind, rank) or 0
        if kind == "carre":
            return value * 100 + 50 + (len(TRUMP_ORDER) - TRUMP_ORDER.index(rank))
        return value * 100 + RANK_KEYS.index(rank) + 1


def dealer_of(rules: BeloteRules, players: tuple[str, ...] | list[str], index: int) -> str:
    """The dealer of deal ``index + 1``: ``players[0]`` first, then to the dealer's right
    (counter-clockwise: the previous player in seating order) or left (clockwise).

    >>> from scoresheet.rules import load_preset
    >>> rules = load_preset("belote")
    >>> [dealer_of(rules, ["Ann", "Bob", "Cat", "Dan"], i) for i in range(5)]
    ['Ann', 'Dan', 'Cat', 'Bob', 'Ann']
    """
    n = len(players)
    step = -1 if rules.rotation == "counter-clockwise" else 1
    return players[(step * index) % n]


def dealer_after(rules: BeloteRules, players: Sequence[str], dealer: str) -> str:
    """Who deals after ``dealer`` (and speaks first when ``dealer`` deals): the player on
    their right (counter-clockwise) or left (clockwise).

    >>> from scoresheet.rules import load_preset
    >>> dealer_after(load_preset("belote"), ["Ann", "Bob", "Cat", "Dan"], "Ann")
    'Dan'
    """
    step = -1 if rules.rotation == "counter-clockwise" else 1
    return players[(players.index(dealer) + step) % len(players)]


def dealers(rules: BeloteRules, players: Sequence[str], named: Sequence[str | None]) -> list[str]:
    """Each deal's dealer, then the next deal's, for deals naming ``named`` dealers (``None``:
    not named).

    A hand thrown in (all four pass; in Belote, nobody takes) is not recorded, and the
    deal passes on to the next dealer all the same: the deal after it names its real
    dealer, and that name re-anchors the rotation from that deal on. Any player can be
    that dealer (one to three hands thrown in, or four and more), so only a name that is
    no player's is wrong; it is refused where the deal is scored, and ignored here.

    >>> from scoresheet.rules import load_preset
    >>> dealers(load_preset("belote"), ["Ann", "Bob", "Cat", "Dan"], [None, "Bob", None])
    ['Ann', 'Bob', 'Ann', 'Dan']
    """
    out: list[str] = []
    current = players[0]
    for name in named:
        if name is not None and name in players:
            current = name
        out.append(current)
        current = dealer_after(rules, players, current)
    out.append(current)
    return out
