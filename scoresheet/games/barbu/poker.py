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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import NamedTuple

from scoresheet.cards import ACE, Card, parse_cards
from scoresheet.errors import ScoresheetError

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
_WHEEL = [ACE, 5, 4, 3, 2]

# Category of a hand that is not a straight or flush, by its rank-group sizes
# (largest group first), e.g. (3, 2) is a full house.
_CATEGORY_BY_SHAPE = {
    (1, 1, 1, 1, 1): HIGH_CARD,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL_HOUSE,
    (4, 1): QUADS,
    (1, 1, 1): HIGH_CARD,
    (2, 1): PAIR,
    (3,): TRIPS,
}


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


def _rank_groups(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Group sizes (largest first) and the group ranks in tiebreak order."""
    return _groups(tuple(sorted([card.rank for card in cards])))


@cache  # a few thousand rank patterns cover every hand: score many deals, rank each once
def _groups(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return tuple(size for _, size in groups), tuple(rank for rank, _ in groups)


def _check_cards(cards: Sequence[Card], size: int) -> None:
    if len(cards) != size:
        raise ScoresheetError(f"a {size}-card hand cannot have {len(cards)} cards")
    if len(set(cards)) != size:
        raise ScoresheetError(f"a hand repeats a card: {' '.join(map(str, cards))}")


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
    return _rank_five(cards)


def _rank_five(cards: Sequence[Card]) -> HandRank:
    shape, ranks = _rank_groups(cards)
    if len(ranks) == 5:
        flush = len({card.suit for card in cards}) == 1
        if ranks[0] - ranks[4] == 4:
            return HandRank(STRAIGHT_FLUSH if flush else STRAIGHT, ranks[:1])
        if list(ranks) == _WHEEL:
            return HandRank(STRAIGHT_FLUSH if flush else STRAIGHT, (5,))
        return HandRank(FLUSH if flush else HIGH_CARD, ranks)
    return HandRank(_CATEGORY_BY_SHAPE[shape], ranks)


def rank_three(cards: Sequence[Card]) -> HandRank:
    """Rank three distinct cards: only high card, pair or trips count.

    >>> rank_three(parse_cards("QH KH AH"))
    HandRank(category=0, tiebreak=(14, 13, 12))
    >>> rank_three(parse_cards("5D 5S 9C"))
    HandRank(category=1, tiebreak=(5, 9))
    """
    _check_cards(cards, 3)
    return _rank_three(cards)


def _rank_three(cards: Sequence[Card]) -> HandRank:
    shape, ranks = _rank_groups(cards)
    return HandRank(_CATEGORY_BY_SHAPE[shape], ranks)


def rank_hand(cards: Sequence[Card]) -> HandRank:
    """Rank a 3-card or 5-card hand.

    >>> category_name(rank_hand(parse_cards("7S 7H 7D")))
    'trips'
    """
    if len(cards) == 3:
        return rank_three(cards)
    if len(cards) == 5:
        return rank_five(cards)
    raise ScoresheetError(f"a poker hand has 3 or 5 cards, not {len(cards)}")


def _prefix(where: str) -> str:
    return f"{where}: " if where else ""


def _check_rows(rows: Mapping[str, Sequence[Card]], where: str) -> None:
    prefix = _prefix(where)
    seen: dict[Card, str] = {}
    for row, cards in rows.items():
        size = _ROW_SIZES[row]
        if len(cards) != size:
            raise ScoresheetError(f"{prefix}{row} has {len(cards)} cards, a {row} row has {size}")
        for card in cards:
            if card in seen:
                first = seen[card]
                place = (
                    f"twice in the {row}" if first == row else f"in both the {first} and the {row}"
                )
                raise ScoresheetError(f"{prefix}{card} is {place}")
            seen[card] = row


@dataclass(frozen=True)
class ChineseHand:
    """One player's 13 cards set as front (3), middle (5) and back (5) rows."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]

    def __post_init__(self) -> None:
        for row in ROWS:
            cards = getattr(self, row)
            if type(cards) is not tuple:
                object.__setattr__(self, row, tuple(cards))
        _check_rows({"front": self.front, "middle": self.middle, "back": self.back}, "")

    @cached_property
    def _ranks(self) -> tuple[HandRank, HandRank, HandRank]:
        # The rows were checked when the hand was made: rank them without checking again.
        return _rank_three(self.front), _rank_five(self.middle), _rank_five(self.back)

    def rows(self) -> tuple[HandRank, HandRank, HandRank]:
        """The ranks of the front, middle and back rows."""
        return self._ranks

    @property
    def fouled(self) -> bool:
        """True when the middle ranks below the front or the back below the middle."""
        front, middle, back = self._ranks
        return middle < front or back < middle


def parse_hand(front: str, middle: str, back: str, *, where: str = "") -> ChineseHand:
    """Read a hand's three rows; errors start with ``where`` when it is given.

    >>> parse_hand("AS KS", "2C 3C 4C 5C 7D", "8S 8H 8D 8C 9S", where="deal 3, Ann")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: deal 3, Ann: front has 2 cards, a front row has 3
    """
    texts = {"front": front, "middle": middle, "back": back}
    rows: dict[str, list[Card]] = {}
    for row, text in texts.items():
        try:
            rows[row] = parse_cards(text)
        except ScoresheetError as error:
            raise ScoresheetError(f"{_prefix(where)}{row}: {error}") from None
    try:
        return ChineseHand(tuple(rows["front"]), tuple(rows["middle"]), tuple(rows["back"]))
    except ScoresheetError as error:  # the rows' checks, told where they are
        raise ScoresheetError(f"{_prefix(where)}{error}") from None


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
    prefix = _prefix(where)
    in_deck = deck if isinstance(deck, set | frozenset) else set(deck)
    owners: dict[Card, str] = {}
    for player, hand in hands.items():
        for card in hand.front + hand.middle + hand.back:
            if card not in in_deck:
                raise ScoresheetError(f"{prefix}{card} is not in this game's deck")
            owner = owners.setdefault(card, player)
            if owner != player:
                raise ScoresheetError(f"{prefix}{card} is in both {owner}'s and {player}'s hands")


def _compare(a: HandRank, b: HandRank) -> int:
    return (a > b) - (a < b)


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
        if hand_a.fouled or hand_b.fouled:
            sign = hand_b.fouled - hand_a.fouled
            outcomes[a, b] = (sign, sign, sign)
        else:
            front_a, middle_a, back_a = hand_a.rows()
            front_b, middle_b, back_b = hand_b.rows()
            outcomes[a, b] = (
                _compare(front_a, front_b),
                _compare(middle_a, middle_b),
                _compare(back_a, back_b),
            )
    return outcomes


def count_beats(hands: Mapping[str, ChineseHand]) -> dict[str, dict[str, int]]:
    """For each player and row, how many opponents' same row they beat (ties count for no one).

    >>> ann = parse_hand("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
    >>> bob = parse_hand("AS KH 3C", "TS TD 6D 6C 2D", "7C 8C 9C TC JC")
    >>> count_beats({"Ann": ann, "Bob": bob})["Bob"]
    {'front': 0, 'middle': 1, 'back': 0}
    """
    beats = {player: dict.fromkeys(ROWS, 0) for player in hands}
    for (a, b), results in row_outcomes(hands).items():
        for row, result in zip(ROWS, results, strict=True):
            if result > 0:
                beats[a][row] += 1
            elif result < 0:
                beats[b][row] += 1
    return beats
