"""Chinese Poker: rank the three rows of each hand and compare them row by row.

Each player sets 13 cards as a front row of 3, a middle row of 5 and a back
row of 5.  The back must rank at least as high as the middle and the middle at
least as high as the front, else the hand is *fouled* and loses every row.

Three- and five-card hands rank on one scale, so a front can be compared with
a middle:

>>> hand = parse_hand("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
>>> [category_name(row) for row in hand.rows()]
['pair', 'two-pair', 'straight-flush']
>>> hand.fouled
False
>>> fouled = parse_hand("AS AH 3C", "KS KH 7D 6C 2D", "JD JC 8S 8C 4H")
>>> fouled.rows()[0] > fouled.rows()[1], fouled.fouled
(True, True)
>>> count_beats({"Ann": hand, "Bob": fouled})
{'Ann': {'front': 1, 'middle': 1, 'back': 1}, 'Bob': {'front': 0, 'middle': 0, 'back': 0}}
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from scoresheet.cards import ACE, RANKS, Card, parse_cards, standard_deck
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import NP_, _, pgettext

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
TRIPS = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
QUADS = 7
STRAIGHT_FLUSH = 8

CATEGORY_NAMES = (
    "high-card",
    "pair",
    "two-pair",
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
)

ROWS = ("front", "middle", "back")
_ROW_SIZES = {"front": 3, "middle": 5, "back": 5}
# Each row's name, translated where it is shown (the result keys stay these English words).
ROW_NAMES = {
    "front": NP_("poker row", "front"),
    "middle": NP_("poker row", "middle"),
    "back": NP_("poker row", "back"),
}


def row_word(row: str) -> str:
    """A row's name in the language in force."""
    return pgettext("poker row", ROW_NAMES.get(row, row))


class HandRank(NamedTuple):
    """How strong a 3- or 5-card hand is: a higher value is a better hand.

    ``tiebreak`` lists ranks from most to least significant: the ranks of the
    larger groups first (the trips of a full house, then its pair), then the
    kickers high to low; a straight has only its top card (5 for A-2-3-4-5).
    A front row has fewer kickers than a middle row, so when a front and a
    middle agree on every rank the front has, the middle ranks higher.

    >>> rank_three(parse_cards("KS KD 9C")) < rank_five(parse_cards("KH KC 9D 3S 2S"))
    True
    >>> rank_five(parse_cards("AS 2D 3C 4H 5S"))
    HandRank(category=4, tiebreak=(5,))
    """

    category: int
    tiebreak: tuple[int, ...]


def category_name(rank: HandRank) -> str:
    """The name of a rank's category.

    >>> category_name(HandRank(6, (10, 4)))
    'full-house'
    """
    return CATEGORY_NAMES[rank.category]


# --- the tables ---------------------------------------------------------------------------------
#
# A hand's strength is one integer: its category, then up to five tiebreak ranks, as
# digits in base 15 (ranks are 2..14, so a missing kicker is a 0 digit and a front,
# which has fewer kickers, ranks below a middle that agrees on every rank it has).
# Integers compare in the same order as ``HandRank`` tuples, and faster.
#
# A hand is looked up by its rank pattern: the sum of one 3-bit counter per rank
# (``_RANK_BIT``), the same whatever the cards' order or suits. Five cards of one suit
# are looked up in the flush table instead. The tables hold every 5-card pattern
# (6,175), every flush class (1,287) and every 3-card front (455); they are built
# from the categories themselves, not by ranking each pattern, on first use.

_DIGIT = 15
_POWERS: tuple[int, ...] = tuple(_DIGIT**k for k in range(6))
_CATEGORY_UNIT = _POWERS[5]
_RANK_BIT = tuple(1 << 3 * (rank - 2) if rank >= 2 else 0 for rank in range(ACE + 1))
_DESCENDING = tuple(sorted(RANKS, reverse=True))


def _hand_rank(strength: int) -> HandRank:
    category, value = divmod(strength, _CATEGORY_UNIT)
    tiebreak: list[int] = []
    for _digit in range(5):
        value, digit = divmod(value, _DIGIT)
        if digit:
            tiebreak.append(digit)
    return HandRank(category, tuple(reversed(tiebreak)))


class _Tables(NamedTuple):
    five: dict[int, int]
    flush: dict[int, int]
    three: dict[int, int]


def _runs(ranks: Sequence[int], size: int) -> list[tuple[int, int]]:
    """For each set of ``size`` ranks (taken high to low): its pattern and its ranks as
    base-15 digits, the most significant first."""
    out = []
    for chosen in itertools.combinations(ranks, size):
        key = value = 0
        for rank in chosen:
            key += _RANK_BIT[rank]
            value = value * _DIGIT + rank
        out.append((key, value))
    return out


@cache
def _tables() -> _Tables:
    unit, bit = _CATEGORY_UNIT, _RANK_BIT
    five: dict[int, int] = {}
    flush: dict[int, int] = {}
    three: dict[int, int] = {}
    for key, value in _runs(_DESCENDING, 5):
        five[key] = HIGH_CARD * unit + value
        flush[key] = FLUSH * unit + value
    for top in range(5, ACE + 1):  # the straights, 5-high (the wheel, A-2-3-4-5) to ace-high
        key = sum(bit[ACE if rank == 1 else rank] for rank in range(top - 4, top + 1))
        five[key] = STRAIGHT * unit + top * _POWERS[4]
        flush[key] = STRAIGHT_FLUSH * unit + top * _POWERS[4]
    for key, value in _runs(_DESCENDING, 3):
        three[key] = HIGH_CARD * unit + value * _POWERS[2]
    for high in _DESCENDING:
        rest = [rank for rank in _DESCENDING if rank != high]
        pair, trips = 2 * bit[high], 3 * bit[high]
        three[trips] = TRIPS * unit + high * _POWERS[4]
        for key, value in _runs(rest, 3):
            five[pair + key] = PAIR * unit + high * _POWERS[4] + value * _DIGIT
        for key, value in _runs(rest, 2):
            five[trips + key] = TRIPS * unit + high * _POWERS[4] + value * _POWERS[2]
        for low in rest:
            tiebreak = high * _POWERS[4] + low * _POWERS[3]
            three[pair + bit[low]] = PAIR * unit + tiebreak
            five[trips + 2 * bit[low]] = FULL_HOUSE * unit + tiebreak
            five[4 * bit[high] + bit[low]] = QUADS * unit + tiebreak
            if low < high:
                for kicker in rest:
                    if kicker != low:
                        five[pair + 2 * bit[low] + bit[kicker]] = (
                            TWO_PAIR * unit + tiebreak + kicker * _POWERS[2]
                        )
    return _Tables(five, flush, three)


def _five_strength(cards: Sequence[Card]) -> int:
    a, b, c, d, e = cards
    bit = _RANK_BIT
    key = bit[a.rank] + bit[b.rank] + bit[c.rank] + bit[d.rank] + bit[e.rank]
    tables = _tables()
    if a.suit == b.suit == c.suit == d.suit == e.suit:
        return tables.flush[key]
    return tables.five[key]


def _three_strength(cards: Sequence[Card]) -> int:
    a, b, c = cards
    bit = _RANK_BIT
    return _tables().three[bit[a.rank] + bit[b.rank] + bit[c.rank]]


def _check_cards(cards: Sequence[Card], size: int) -> None:
    if len(cards) != size:
        raise ScoresheetError(
            _("a {size}-card hand cannot have {n} cards").format(size=size, n=len(cards))
        )
    if len(set(cards)) != size:
        raise ScoresheetError(
            _("a hand repeats a card: {cards}").format(cards=" ".join(map(str, cards)))
        )


def rank_five(cards: Sequence[Card]) -> HandRank:
    """Rank five distinct cards.

    >>> rank_five(parse_cards("TS JS QS KS AS"))
    HandRank(category=8, tiebreak=(14,))
    >>> rank_five(parse_cards("8C 8D 8H 3S 3C"))
    HandRank(category=6, tiebreak=(8, 3))
    >>> rank_five(parse_cards("AC KC 9D 4D 2S"))
    HandRank(category=0, tiebreak=(14, 13, 9, 4, 2))
    """
    _check_cards(cards, 5)
    return _hand_rank(_five_strength(cards))


def rank_three(cards: Sequence[Card]) -> HandRank:
    """Rank three distinct cards: only high card, pair or trips count.

    >>> rank_three(parse_cards("QH KH AH"))
    HandRank(category=0, tiebreak=(14, 13, 12))
    >>> rank_three(parse_cards("5D 5S 9C"))
    HandRank(category=1, tiebreak=(5, 9))
    """
    _check_cards(cards, 3)
    return _hand_rank(_three_strength(cards))


def rank_hand(cards: Sequence[Card]) -> HandRank:
    """Rank a 3-card or 5-card hand.

    >>> category_name(rank_hand(parse_cards("7S 7H 7D")))
    'trips'
    """
    if len(cards) == 3:
        return rank_three(cards)
    if len(cards) == 5:
        return rank_five(cards)
    raise ScoresheetError(_("a poker hand has 3 or 5 cards, not {n}").format(n=len(cards)))


def _prefix(where: str) -> str:
    return _("{where}: ").format(where=where) if where else ""


def _check_rows(front: Sequence[Card], middle: Sequence[Card], back: Sequence[Card]) -> None:
    """Raise for the first problem of the rows, in reading order (there is one)."""
    seen: dict[Card, str] = {}
    for row, cards in zip(ROWS, (front, middle, back), strict=True):
        size = _ROW_SIZES[row]
        if len(cards) != size:
            raise ScoresheetError(
                _("{row} has {n} cards, a {row} row has {size}").format(
                    row=row_word(row), n=len(cards), size=size
                )
            )
        for card in cards:
            if card in seen:
                first = seen[card]
                if first == row:
                    place = _("{card} is twice in the {row}")
                else:
                    place = _("{card} is in both the {first} and the {row}")
                raise ScoresheetError(
                    place.format(card=card, row=row_word(row), first=row_word(first))
                )
            seen[card] = row


@dataclass(frozen=True)
class ChineseHand:
    """One player's 13 cards set as front (3), middle (5) and back (5) rows."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    strengths: tuple[int, int, int] = field(init=False, repr=False, compare=False)
    """The rows' strengths as integers that compare like their ``HandRank``."""
    fouled: bool = field(init=False, repr=False, compare=False)
    """True when the middle ranks below the front or the back below the middle."""
    played: tuple[int, int, int] = field(init=False, repr=False, compare=False)
    """What each row plays against other hands: the strengths, or -1 for each row of a
    fouled hand, which loses every row to a hand that is not fouled and ties with
    another fouled hand."""
    _held: int = field(init=False, repr=False, compare=False)
    """The hand's cards as one bit each of the standard deck (0 if one is of no standard
    deck), so that hands are compared without hashing cards."""

    def __post_init__(self) -> None:
        front, middle, back = self.front, self.middle, self.back
        if type(front) is not tuple or type(middle) is not tuple or type(back) is not tuple:
            front, middle, back = tuple(front), tuple(middle), tuple(back)
            object.__setattr__(self, "front", front)
            object.__setattr__(self, "middle", middle)
            object.__setattr__(self, "back", back)
        try:
            held = sum(map(_CARD_BIT.__getitem__, front + middle + back))
        except KeyError:
            held = 0
        # 13 bits set by 13 cards: no card repeated (a repeated one would carry).
        if not (
            len(front) == 3
            and len(middle) == 5
            and len(back) == 5
            and (held.bit_count() == 13 or len({*front, *middle, *back}) == 13)
        ):
            _check_rows(front, middle, back)
        # Every hand made is ranked: rank it once, now that its rows are known to be right.
        # (The lookups of _three_strength and _five_strength, written out: this runs for
        # every hand of every deal.)
        five, flush, three = _tables()
        bit = _RANK_BIT
        a, b, c = front
        top = three[bit[a.rank] + bit[b.rank] + bit[c.rank]]
        a, b, c, d, e = middle
        key = bit[a.rank] + bit[b.rank] + bit[c.rank] + bit[d.rank] + bit[e.rank]
        mid = (flush if a.suit == b.suit == c.suit == d.suit == e.suit else five)[key]
        a, b, c, d, e = back
        key = bit[a.rank] + bit[b.rank] + bit[c.rank] + bit[d.rank] + bit[e.rank]
        low = (flush if a.suit == b.suit == c.suit == d.suit == e.suit else five)[key]
        fouled = mid < top or low < mid
        # The fields worked out, set at once (the class is frozen: no setattr).
        self.__dict__.update(
            strengths=(top, mid, low),
            fouled=fouled,
            played=(-1, -1, -1) if fouled else (top, mid, low),
            _held=held if held.bit_count() == 13 else 0,
        )

    def rows(self) -> tuple[HandRank, HandRank, HandRank]:
        """The ranks of the front, middle and back rows."""
        front, middle, back = self.strengths
        return _hand_rank(front), _hand_rank(middle), _hand_rank(back)


def parse_hand(front: str, middle: str, back: str, *, where: str = "") -> ChineseHand:
    """Read a hand's three rows; errors start with ``where`` when it is given.

    >>> parse_hand("AS KS", "2C 3C 4C 5C 7D", "8S 8H 8D 8C 9S", where="deal 3, Ann")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: deal 3, Ann: front has 2 cards, a front row has 3
    """
    # Cards written as this tool writes them ("QS", "TH") are looked up; anything else
    # (10h, Q♠, commas, what is not a card) is read by parse_cards.
    card = _CARD_BY_TEXT.__getitem__
    try:
        rows = (
            tuple(map(card, front.split())),
            tuple(map(card, middle.split())),
            tuple(map(card, back.split())),
        )
    except KeyError:
        rows = _parse_rows(front, middle, back, where)
    try:
        return ChineseHand(*rows)
    except ScoresheetError as error:  # the rows' checks, told where they are
        raise ScoresheetError(_prefix(where) + str(error)) from None


_CARD_BY_TEXT: dict[str, Card] = {str(card): card for card in standard_deck()}
_CARD_BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(_CARD_BY_TEXT.values())}


@lru_cache(maxsize=64)
def _deck_bits(deck: frozenset[Card]) -> int:
    return sum(_CARD_BIT.get(card, 0) for card in deck)


def _parse_rows(
    front: str, middle: str, back: str, where: str
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    try:
        return tuple(parse_cards(front)), tuple(parse_cards(middle)), tuple(parse_cards(back))
    except ScoresheetError:  # name the row that holds what is not a card
        for row, text in zip(ROWS, (front, middle, back), strict=True):
            try:
                parse_cards(text)
            except ScoresheetError as error:
                raise ScoresheetError(
                    _prefix(where) + _("{row}: {problem}").format(row=row_word(row), problem=error)
                ) from None
        raise


def check_disjoint(
    hands: Mapping[str, ChineseHand], deck: Collection[Card], *, where: str = ""
) -> None:
    """Check that no card is in two hands and that every card is in ``deck``.

    >>> from scoresheet.cards import standard_deck
    >>> ann = parse_hand("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
    >>> bob = parse_hand("QS 3H 4H", "TS TD 6D 6C 2D", "7C 8C 9C TC JC")
    >>> check_disjoint({"Ann": ann, "Bob": bob}, standard_deck(), where="deal 1")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: deal 1: QS is in both Ann's and Bob's hands
    >>> check_disjoint({"Ann": ann}, standard_deck(parse_cards("2S 2C")))
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: 2C is not in this game's deck
    """
    in_deck = deck if isinstance(deck, frozenset) else frozenset(deck)
    held = [hand._held for hand in hands.values()]
    together = sum(held)
    if (
        0 not in held
        and together.bit_count() == 13 * len(held)
        and not together & ~_deck_bits(in_deck)
    ):
        return
    dealt: set[Card] = set()
    for hand in hands.values():  # each hand's 13 cards were checked distinct when it was made
        dealt.update(hand.front, hand.middle, hand.back)
    if len(dealt) == 13 * len(hands) and dealt <= in_deck:
        return
    # Something is wrong: find the first problem, in reading order, and name it.
    prefix = _prefix(where)
    owners: dict[Card, str] = {}
    for player, hand in hands.items():
        for card in hand.front + hand.middle + hand.back:
            if card not in in_deck:
                raise ScoresheetError(
                    prefix + _("{card} is not in this game's deck").format(card=card)
                )
            owner = owners.setdefault(card, player)
            if owner != player:
                raise ScoresheetError(
                    prefix
                    + _("{card} is in both {owner}'s and {player}'s hands").format(
                        card=card, owner=owner, player=player
                    )
                )


def row_outcomes(
    hands: Mapping[str, ChineseHand],
) -> dict[tuple[str, str], tuple[int, int, int]]:
    """For each pair of players (in the mapping's order), who wins each row.

    Per row (front, middle, back): +1 when the first player wins, -1 when the
    second does, 0 for a tie.  A fouled hand loses every row to a hand that
    is not fouled; two fouled hands tie every row.

    >>> ann = parse_hand("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
    >>> bob = parse_hand("AS KH 3C", "TS TD 6D 6C 2D", "7C 8C 9C TC JC")
    >>> row_outcomes({"Ann": ann, "Bob": bob})
    {('Ann', 'Bob'): (1, -1, 0)}
    """
    outcomes: dict[tuple[str, str], tuple[int, int, int]] = {}
    for (a, hand_a), (b, hand_b) in itertools.combinations(hands.items(), 2):
        front_a, middle_a, back_a = hand_a.played
        front_b, middle_b, back_b = hand_b.played
        outcomes[a, b] = (
            (front_a > front_b) - (front_a < front_b),
            (middle_a > middle_b) - (middle_a < middle_b),
            (back_a > back_b) - (back_a < back_b),
        )
    return outcomes


def beats_won(hands: Mapping[str, ChineseHand]) -> dict[str, int]:
    """For each player, the rows of opponents they beat, all rows together: the sum of
    their :func:`count_beats`.

    >>> ann = parse_hand("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
    >>> bob = parse_hand("AS KH 3C", "TS TD 6D 6C 2D", "7C 8C 9C TC JC")
    >>> beats_won({"Ann": ann, "Bob": bob})
    {'Ann': 1, 'Bob': 1}
    """
    played = [hand.played for hand in hands.values()]
    if not played:
        return {}
    fronts, middles, backs = (sorted(row) for row in zip(*played, strict=True))
    return {
        player: bisect_left(fronts, front) + bisect_left(middles, middle) + bisect_left(backs, back)
        for player, (front, middle, back) in zip(hands, played, strict=True)
    }


def count_beats(hands: Mapping[str, ChineseHand]) -> dict[str, dict[str, int]]:
    """For each player and row, how many opponents' same row they beat (ties count for no one).

    >>> ann = parse_hand("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
    >>> bob = parse_hand("AS KH 3C", "TS TD 6D 6C 2D", "7C 8C 9C TC JC")
    >>> count_beats({"Ann": ann, "Bob": bob})["Bob"]
    {'front': 0, 'middle': 1, 'back': 0}
    """
    played = [hand.played for hand in hands.values()]
    # In a row, a player beats every opponent whose row plays lower: its place in the
    # row's sorted values.
    fronts, middles, backs = (
        (sorted(row) for row in zip(*played, strict=True)) if played else ((), (), ())
    )
    return {
        player: {
            "front": bisect_left(fronts, front),
            "middle": bisect_left(middles, middle),
            "back": bisect_left(backs, back),
        }
        for player, (front, middle, back) in zip(hands, played, strict=True)
    }
