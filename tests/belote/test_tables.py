"""Belote card points: the four tables of the rules page, card by card, and counting.

Rules page (``belote.md``, "Card points"), from the Board Game Arena tables of the seed:
every table totals 152 per deal, 162 with the last trick; counting the cards each team
captured gives what typing the points gives.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.cards import SUITS, Card, parse_card
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote.score import score_game
from scoresheet.partnership.rules import CONTRACTS, DECK, SUIT_OF_CONTRACT, BeloteRules
from scoresheet.partnership.score import GameScore, read_cards
from scoresheet.rules import load_preset

RULES: BeloteRules = load_preset("belote")
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]

# The rules page's table, typed again here: rank → (trump suit, other suits, NT, AT).
PAGE = {
    "J": (20, 2, 2, 13),
    "9": (14, 0, 0, 9),
    "A": (11, 11, 19, 6),
    "10": (10, 10, 10, 5),
    "K": (4, 4, 4, 3),
    "Q": (3, 3, 3, 2),
    "8": (0, 0, 0, 0),
    "7": (0, 0, 0, 0),
}


def _expected(card: Card, contract: str) -> int:
    rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(card.rank, str(card.rank))
    trump, plain, nt, at = PAGE[rank]
    if contract == "no-trumps":
        return nt
    if contract == "all-trumps":
        return at
    return trump if SUIT_OF_CONTRACT[contract] == card.suit else plain


@pytest.mark.parametrize("contract", CONTRACTS)
@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_in_every_contract(card: Card, contract: str) -> None:
    """All 32 cards × 6 contracts against the page's table."""
    assert RULES.card_points(card, contract) == _expected(card, contract)


@pytest.mark.parametrize("contract", CONTRACTS)
def test_every_contract_totals_152_and_162_with_the_last_trick(contract: str) -> None:
    assert sum(RULES.card_points(c, contract) for c in DECK) == 152
    assert RULES.card_total(contract) == 152
    assert RULES.deal_total(contract) == 162


def test_the_page_arithmetic() -> None:
    """62 (trump suit) + 3 × 30 = 152; No Trumps and All Trumps 4 × 38 = 152."""
    suit = {s: sum(RULES.card_points(c, "hearts") for c in DECK if c.suit == s) for s in SUITS}
    assert suit == {"H": 62, "S": 30, "D": 30, "C": 30}
    for contract in ("no-trumps", "all-trumps"):
        assert {
            sum(RULES.card_points(c, contract) for c in DECK if c.suit == s) for s in SUITS
        } == {38}


def test_the_deck_is_32_cards_7_to_ace() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert {c.rank for c in DECK} == set(range(7, 15))


def _game(deal: dict[str, object]) -> GameScore:
    return score_game(
        {
            "format": "scoresheet-game",
            "version": 1,
            "game": "belote",
            "rules": "belote",
            "players": PLAYERS,
            "deals": [deal],
        }
    )


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    contract=st.sampled_from(CONTRACTS),
    split=st.lists(st.integers(0, 1), min_size=8, max_size=8).filter(lambda s: len(set(s)) == 2),
)
def test_counting_the_cards_equals_typing_the_points(
    seed: int, contract: str, split: list[int]
) -> None:
    """Deal the 32 cards into 8 tricks, give each trick to a team: the points counted from
    the captured cards score the deal exactly as the same points typed."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    taken: list[list[str]] = [[], []]
    for i, team in enumerate(split):
        taken[team] += [str(c) for c in deck[4 * i : 4 * i + 4]]
    typed = [sum(_expected(parse_card(c), contract) for c in taken[k]) for k in (0, 1)]
    assert sum(typed) == 152
    base = {"contract": contract, "taker": "Ann"}
    from_cards = _game(
        {**base, "result": {"cards": [" ".join(taken[0]), taken[1]], "last_trick": split[-1]}}
    )
    from_points = _game({**base, "result": {"points": typed, "last_trick": split[-1]}})
    assert from_cards.deals[0].points == tuple(typed)
    assert from_cards.deals[0].from_cards and not from_points.deals[0].from_cards
    for key in ("taken", "deal_points", "outcome", "score", "running"):
        assert getattr(from_cards.deals[0], key) == getattr(from_points.deals[0], key)
    assert from_cards.team_totals == from_points.team_totals


def test_cards_are_read_in_any_notation() -> None:
    """Rank then suit, as everywhere in the project: 10 or T, letters or symbols."""
    deck = [str(c) for c in DECK]
    written = [c.replace("T", "10").lower() for c in deck[:16]]
    symbols = [c[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[c[-1]] for c in deck[16:]]
    a, b = read_cards([", ".join(written), " ".join(symbols)], "deal 1")
    assert {str(c) for c in a} == set(deck[:16]) and {str(c) for c in b} == set(deck[16:])


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["7S 8S 9S TS", "JS QS KS AS"], "24 cards missing (7H, 8H, 9H, TH, JH, QH, KH, AH, …)"),
        (
            [" ".join(str(c) for c in DECK[:16]), " ".join(str(c) for c in DECK[15:])],
            "AH is given for both teams",
        ),
        (["7S 7S"], "7S is given twice"),
        (["6S"], "6S is not in the 32-card deck (7 to A)"),
        (["XS"], 'cards of team 0: not a card: "XS"'),
        (
            [" ".join(str(c) for c in DECK[:15]), " ".join(str(c) for c in DECK[15:])],
            "team 0 took 15 cards; tricks are of 4 cards",
        ),
    ],
)
def test_cards_that_are_not_a_deal_are_refused(cards: list[str], message: str) -> None:
    with pytest.raises(ScoresheetError) as info:
        read_cards(cards, "deal 4, hearts")
    assert str(info.value).startswith("deal 4, hearts")
    assert message in str(info.value)
