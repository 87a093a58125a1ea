"""Playing cards: a rank and a suit, parsed from what a player types.

A card is written rank then suit: ``QS``, ``10h``, ``A♠``, ``t♡``.

>>> card = parse_card("Q♠")
>>> card
Card(rank=12, suit='S')
>>> str(card)
'QS'
>>> [str(c) for c in parse_cards("AS 10h, 2♣")]
['AS', 'TH', '2C']
>>> len(standard_deck())
52
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

JACK = 11
QUEEN = 12
KING = 13
ACE = 14
RANKS = tuple(range(2, ACE + 1))
"""Ranks from low to high: 2..10, then J=11, Q=12, K=13, A=14."""

_RANK_CHARS = {rank: "23456789TJQKA"[rank - 2] for rank in RANKS}
_RANKS_BY_TEXT = {char: rank for rank, char in _RANK_CHARS.items()} | {"10": 10}
_SUITS_BY_TEXT = {suit: suit for suit in SUITS} | {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
}
# Phones often append a variation selector to suit symbols (text or emoji style).
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


class Card(NamedTuple):
    """A playing card; ``rank`` is 2..14 (ace high), ``suit`` one of ``SUITS``.

    >>> str(Card(10, "H")), str(Card(ACE, "C"))
    ('TH', 'AC')
    """

    rank: int
    suit: str

    def __str__(self) -> str:
        return f"{_RANK_CHARS[self.rank]}{self.suit}"


def parse_card(text: str) -> Card:
    """Read one card written rank then suit, in any case, with letter or symbol suits.

    >>> parse_card("10h")
    Card(rank=10, suit='H')
    >>> parse_card("a♧")
    Card(rank=14, suit='C')
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: not a card: "1X" (write rank then suit, e.g. QS, 10H, A♠)
    """
    return _parse_card(text)


@cache  # a game names the same 52 cards over and over; errors are not cached
def _parse_card(text: str) -> Card:
    cleaned = text.strip().translate(_VARIATION_SELECTORS).upper()
    rank = _RANKS_BY_TEXT.get(cleaned[:-1])
    suit = _SUITS_BY_TEXT.get(cleaned[-1:])
    if rank is None or suit is None:
        raise ScoresheetError(
            _('not a card: "{text}" (write rank then suit, e.g. QS, 10H, A♠)').format(text=text)
        )
    return Card(rank, suit)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas; blank text gives no cards.

    >>> parse_cards("KD, kc  2s")
    [Card(rank=13, suit='D'), Card(rank=13, suit='C'), Card(rank=2, suit='S')]
    >>> parse_cards("  ")
    []
    """
    return list(map(_parse_card, text.replace(",", " ").split()))


def standard_deck(removed: Iterable[Card] = ()) -> list[Card]:
    """The 52-card deck, by suit then rank, without the ``removed`` cards.

    >>> deck = standard_deck(parse_cards("2S 2C"))
    >>> len(deck), Card(2, "S") in deck, Card(2, "H") in deck
    (50, False, True)
    """
    gone = set(removed)
    return [card for suit in SUITS for rank in RANKS if (card := Card(rank, suit)) not in gone]
