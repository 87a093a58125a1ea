from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoresheet.cards import (
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    parse_card,
    parse_cards,
    standard_deck,
)
from scoresheet.errors import ScoresheetError


def test_constants() -> None:
    assert SUITS == ("S", "H", "D", "C")
    assert SUIT_NAMES == {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert list(RANKS) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("AS", 14),
        ("KS", 13),
        ("QS", 12),
        ("JS", 11),
        ("TS", 10),
        ("10S", 10),
        ("9S", 9),
        ("8S", 8),
        ("7S", 7),
        ("6S", 6),
        ("5S", 5),
        ("4S", 4),
        ("3S", 3),
        ("2S", 2),
        ("as", 14),
        ("ks", 13),
        ("qs", 12),
        ("js", 11),
        ("ts", 10),
    ],
)
def test_parse_every_rank(text: str, rank: int) -> None:
    assert parse_card(text) == Card(rank, "S")


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("QS", "S"),
        ("QH", "H"),
        ("QD", "D"),
        ("QC", "C"),
        ("Qs", "S"),
        ("Qh", "H"),
        ("Qd", "D"),
        ("Qc", "C"),
        ("Q♠", "S"),
        ("Q♥", "H"),
        ("Q♦", "D"),
        ("Q♣", "C"),
        ("Q♤", "S"),
        ("Q♡", "H"),
        ("Q♢", "D"),
        ("Q♧", "C"),
        ("Q♠\ufe0f", "S"),
        ("Q♥\ufe0e", "H"),
    ],
)
def test_parse_every_suit(text: str, suit: str) -> None:
    assert parse_card(text) == Card(12, suit)


def test_parse_mixed_forms() -> None:
    assert parse_card("10h") == Card(10, "H")
    assert parse_card("10♦") == Card(10, "D")
    assert parse_card("a♣") == Card(14, "C")
    assert parse_card("  kD ") == Card(13, "D")


def test_str() -> None:
    assert str(Card(12, "S")) == "QS"
    assert str(Card(10, "H")) == "TH"
    assert str(Card(2, "C")) == "2C"
    assert str(Card(14, "D")) == "AD"


@given(st.sampled_from(standard_deck()))
def test_str_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(str(card).lower()) == card


@pytest.mark.parametrize(
    "text",
    ["1X", "", "Q", "S", "QX", "1S", "11S", "0S", "QSS", "SQ", "♠Q", "Q S", "10", "AA", "ZH"],
)
def test_rejects_bad_cards(text: str) -> None:
    with pytest.raises(ScoresheetError) as info:
        parse_card(text)
    message = str(info.value)
    assert message == f'not a card: "{text}" (write rank then suit, e.g. QS, 10H, A♠)'
    assert "\n" not in message


def test_parse_cards_separators() -> None:
    expected = [Card(14, "S"), Card(10, "H"), Card(2, "C"), Card(13, "D")]
    assert parse_cards("AS 10H 2C KD") == expected
    assert parse_cards("AS,10H,2C,KD") == expected
    assert parse_cards(" as, 10h\t2♣\n  K♦ ") == expected
    assert parse_cards("") == []
    assert parse_cards(" , ") == []


def test_parse_cards_names_the_bad_card() -> None:
    with pytest.raises(ScoresheetError, match='not a card: "1X"'):
        parse_cards("AS 1X KD")


def test_standard_deck() -> None:
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert {card.suit for card in deck} == set(SUITS)
    assert all(sum(card.rank == rank for card in deck) == 4 for rank in RANKS)


def test_standard_deck_with_removed_cards() -> None:
    removed = parse_cards("2S 2C")
    deck = standard_deck(removed)
    assert len(deck) == 50
    assert not set(removed) & set(deck)
    assert set(deck) | set(removed) == set(standard_deck())
    assert len(standard_deck(iter(removed))) == 50
