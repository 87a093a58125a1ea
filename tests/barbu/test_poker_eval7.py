"""Check the hand evaluator against eval7, a poker library used only by these tests.

eval7 ranks 3- and 5-card hands on one scale (a higher value is a better hand),
so every comparison our evaluator makes, a front with a middle included, must
come out the same way in eval7.
"""

from __future__ import annotations

import itertools
import warnings
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.cards import ACE, RANKS, SUITS, Card, parse_cards, standard_deck
from scoresheet.games.barbu.poker import category_name, rank_hand

with warnings.catch_warnings():
    # eval7 builds its range parser with pyparsing names that newer pyparsing deprecates.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

EVAL7_CARDS = {card: eval7.Card(str(card)[0] + card.suit.lower()) for card in standard_deck()}


def eval7_value(cards: list[Card]) -> int:
    return int(eval7.evaluate([EVAL7_CARDS[card] for card in cards]))


def eval7_category(cards: list[Card]) -> str:
    return str(eval7.handtype(eval7_value(cards))).lower().replace(" ", "-")


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


def assert_same_order(first: list[Card], second: list[Card]) -> None:
    ours_first, ours_second = rank_hand(first), rank_hand(second)
    ours = (ours_first > ours_second) - (ours_first < ours_second)
    theirs = sign(eval7_value(first) - eval7_value(second))
    shown = f"{' '.join(map(str, first))} vs {' '.join(map(str, second))}"
    assert ours == theirs, shown
    assert category_name(ours_first) == eval7_category(first), shown
    assert category_name(ours_second) == eval7_category(second), shown


def test_card_conversion() -> None:
    assert len(set(EVAL7_CARDS.values())) == 52
    assert str(EVAL7_CARDS[Card(10, "H")]) == "Th"
    assert str(EVAL7_CARDS[Card(ACE, "S")]) == "As"


def test_every_hand_value_in_eval7_order() -> None:
    """All 7462 distinct 5-card values and all 455 distinct 3-card values, sorted together."""
    hands: list[list[Card]] = []
    for ranks in itertools.combinations_with_replacement(RANKS, 5):
        counts = Counter(ranks)
        if max(counts.values()) == 5:
            continue
        seen: Counter[int] = Counter()
        cards = []
        for r in ranks:
            cards.append(Card(r, SUITS[seen[r]]))
            seen[r] += 1
        hands.append(cards)  # all distinct ranks: a flush (all spades)
        if len(counts) == 5:
            hands.append([*cards[:4], Card(ranks[4], "H")])
    for three in itertools.combinations_with_replacement(RANKS, 3):
        hands.append([Card(r, suit) for r, suit in zip(three, SUITS, strict=False)])
        if len(set(three)) == 3:
            hands.append([Card(r, "S") for r in three])  # three of a suit: still no flush
    assert len(hands) == 7462 + 455 + 286

    hands.sort(key=rank_hand)
    values = [eval7_value(cards) for cards in hands]
    for lower, higher, value_lower, value_higher in zip(
        hands, hands[1:], values, values[1:], strict=False
    ):
        if rank_hand(lower) == rank_hand(higher):
            assert value_lower == value_higher, (lower, higher)
        else:
            assert value_lower < value_higher, (lower, higher)
    for cards in hands:
        assert category_name(rank_hand(cards)) == eval7_category(cards), cards


@st.composite
def hands_from_one_deck(draw: st.DrawFn, sizes: tuple[int, int]) -> tuple[list[Card], list[Card]]:
    """Two hands of distinct cards, often drawn from a narrow deck to hit rare categories.

    A deck of few suits and a run of ranks gives flushes and straights; a deck of
    few ranks in every suit gives trips, full houses and quads.
    """
    needed = sum(sizes)
    deck = standard_deck()
    narrowing = draw(st.sampled_from(["none", "suits and a run", "few ranks"]))
    if narrowing == "suits and a run":
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True))
        shortest = max(5, -(-needed // len(suits)))
        length = draw(st.just(shortest) | st.integers(min_value=shortest, max_value=13))
        ace_low_ranks = [ACE, *RANKS[:-1], ACE]  # an ace ends or starts a run
        start = draw(st.integers(min_value=0, max_value=len(ace_low_ranks) - length))
        run = set(ace_low_ranks[start : start + length])
        deck = [card for card in deck if card.suit in suits and card.rank in run]
    elif narrowing == "few ranks":
        fewest = -(-needed // len(SUITS))
        ranks = draw(st.lists(st.sampled_from(RANKS), min_size=fewest, max_size=5, unique=True))
        deck = [card for card in deck if card.rank in ranks]
    cards = draw(
        st.lists(st.sampled_from(deck), min_size=sum(sizes), max_size=sum(sizes), unique=True)
    )
    return cards[: sizes[0]], cards[sizes[0] :]


@settings(max_examples=2000, deadline=None)
@given(hands_from_one_deck((5, 5)))
def test_five_against_five(hands: tuple[list[Card], list[Card]]) -> None:
    assert_same_order(*hands)


@settings(max_examples=2000, deadline=None)
@given(hands_from_one_deck((3, 3)))
def test_three_against_three(hands: tuple[list[Card], list[Card]]) -> None:
    assert_same_order(*hands)


@settings(max_examples=2000, deadline=None)
@given(hands_from_one_deck((3, 5)))
def test_three_against_five(hands: tuple[list[Card], list[Card]]) -> None:
    assert_same_order(*hands)


def test_front_with_fewer_kickers_ranks_below_middle() -> None:
    for front_text, middle_text in [
        ("KS KD 9C", "KH KC 9D 3S 2S"),
        ("AS KD QC", "AH KC QD 3S 2S"),
        ("7S 7D 7C", "7H 7S 7D 3S 2C"),
    ]:
        front, middle = parse_cards(front_text), parse_cards(middle_text)
        assert rank_hand(front) < rank_hand(middle)
        assert eval7_value(front) < eval7_value(middle)
