from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.cards import RANKS, SUITS, Card, parse_cards, standard_deck
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.poker import (
    CATEGORY_NAMES,
    ROWS,
    ChineseHand,
    HandRank,
    category_name,
    check_disjoint,
    count_beats,
    parse_hand,
    rank_five,
    rank_hand,
    rank_three,
    row_outcomes,
)


def rank(text: str) -> HandRank:
    return rank_hand(parse_cards(text))


def name(text: str) -> str:
    return category_name(rank(text))


# --- single hands -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS KD 9C 4H 2S", HandRank(0, (14, 13, 9, 4, 2))),
        ("7S 7D KC 4H 2S", HandRank(1, (7, 13, 4, 2))),
        ("7S 7D 4C 4H KS", HandRank(2, (7, 4, 13))),
        ("7S 7D 7C 4H KS", HandRank(3, (7, 13, 4))),
        ("9S TD JC QH KS", HandRank(4, (13,))),
        ("AS 2D 3C 4H 5S", HandRank(4, (5,))),
        ("TS JD QC KH AS", HandRank(4, (14,))),
        ("AH 9H 7H 4H 2H", HandRank(5, (14, 9, 7, 4, 2))),
        ("7S 7D 7C 4H 4S", HandRank(6, (7, 4))),
        ("4S 4D 4C 7H 7S", HandRank(6, (4, 7))),
        ("7S 7D 7C 7H 2S", HandRank(7, (7, 2))),
        ("5C 6C 7C 8C 9C", HandRank(8, (9,))),
        ("AD 2D 3D 4D 5D", HandRank(8, (5,))),
        ("TH JH QH KH AH", HandRank(8, (14,))),
    ],
)
def test_rank_five_every_category(text: str, expected: HandRank) -> None:
    assert rank_five(parse_cards(text)) == expected
    assert rank(text) == expected


def test_category_names() -> None:
    assert CATEGORY_NAMES == (
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
    assert name("AS KD 9C 4H 2S") == "high-card"
    assert name("7S 7D 4C 4H KS") == "two-pair"
    assert name("AD 2D 3D 4D 5D") == "straight-flush"
    assert name("QS QH 2C") == "pair"


def test_card_order_does_not_matter() -> None:
    assert rank("5S 4H 3D 2C AS") == rank("AS 2C 3D 4H 5S") == HandRank(4, (5,))
    assert rank("KS 4H KD 4C KH") == rank("4H 4C KS KD KH")


def test_category_order() -> None:
    hands = [
        "AS KD QC JH 9S",  # best high card
        "2S 2D 3C 4H 5S",  # worst pair
        "AS AD KC KH QS",  # best two pair
        "2S 2D 2C 3H 4S",  # worst trips
        "AS AD AC KH QS",  # best trips
        "AS 2D 3C 4H 5S",  # worst straight (wheel)
        "TS JD QC KH AS",  # best straight (broadway)
        "2H 3H 4H 5H 7H",  # worst flush
        "AH KH QH JH 9H",  # best flush
        "2S 2D 2C 3H 3S",  # worst full house
        "AS AD AC KH KS",  # best full house
        "2S 2D 2C 2H 3S",  # worst quads
        "AS AD AC AH KS",  # best quads
        "AD 2D 3D 4D 5D",  # steel wheel
        "TH JH QH KH AH",  # royal flush
    ]
    ranks = [rank(text) for text in hands]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == len(ranks)


def test_straights() -> None:
    wheel = rank("AS 2D 3C 4H 5S")
    six_high = rank("2D 3C 4H 5S 6S")
    king_high = rank("9S TD JC QH KS")
    ace_high = rank("TS JD QC KH AS")
    assert wheel < six_high < king_high < ace_high
    assert wheel > rank("AS AD AC KH QS")  # lowest straight still beats the best trips
    steel_wheel = rank("AD 2D 3D 4D 5D")
    assert category_name(steel_wheel) == "straight-flush"
    assert steel_wheel < rank("2C 3C 4C 5C 6C")
    assert steel_wheel > rank("AS AD AC AH KS")
    # A wrap-around is no straight, and neither is a near miss.
    assert name("QS KD AC 2H 3S") == "high-card"
    assert name("AS 2D 3C 4H 6S") == "high-card"


def test_ties_and_kickers() -> None:
    assert rank("AS KD 9C 4H 2S") == rank("AH KC 9D 4S 2H")
    assert rank("AS KD 9C 4H 3S") > rank("AH KC 9D 4S 2H")
    assert rank("7S 7D KC 4H 3S") > rank("7H 7C KD 4S 2H")
    assert rank("8S 8D 2C 2H 3S") > rank("7S 7D 6C 6H AS")  # top pair first
    assert rank("8S 8D 3C 3H 2S") > rank("8H 8C 2D 2S AS")  # then the second pair
    assert rank("3S 3D 3C 2H 2S") > rank("2D 2C 2H AS AD")  # full house: trips first
    assert rank("AH 9H 7H 4H 3H") > rank("AS 9S 7S 4S 2S")
    assert rank("TS JS QS KS AS") == rank("TH JH QH KH AH")


def test_rank_three() -> None:
    assert rank_three(parse_cards("AS KD 9C")) == HandRank(0, (14, 13, 9))
    assert rank_three(parse_cards("9C 5D 5S")) == HandRank(1, (5, 9))
    assert rank_three(parse_cards("7S 7D 7C")) == HandRank(3, (7,))


@pytest.mark.parametrize("text", ["2S 3S 4S", "QH KH AH", "AS 2S 3S", "5C 6D 7H", "AD 2C 3H"])
def test_three_cards_never_straight_or_flush(text: str) -> None:
    assert name(text) == "high-card"


@given(st.lists(st.sampled_from(standard_deck()), min_size=3, max_size=3, unique=True))
def test_three_cards_only_high_pair_or_trips(cards: list[Card]) -> None:
    assert category_name(rank_three(cards)) in {"high-card", "pair", "trips"}


def test_front_compared_with_middle() -> None:
    assert rank("KS KD 9C") < rank("KH KC 9D 3S 2S")  # a front has fewer kickers
    assert rank("AS KD QC") < rank("AH KC QD 3S 2S")
    assert rank("AS KD QC") > rank("AH KC JD TS 9S")
    assert rank("7S 7D 7C") < rank("7H 7S 7D 3S 2C")  # equal trips: the middle's kickers win
    assert rank("2S 2D 2C") > rank("AS AD KC KH QS")
    assert rank("AS AD AC") < rank("AS 2D 3C 4H 5S")
    assert rank("QS QD 5C") > rank("QH QC 4D 3S 2H") > rank("JS JD AC")


def test_wrong_sizes_and_repeats() -> None:
    with pytest.raises(ScoresheetError, match="3 or 5 cards, not 4"):
        rank("AS KS QS JS")
    with pytest.raises(ScoresheetError, match="3 or 5 cards, not 0"):
        rank_hand([])
    with pytest.raises(ScoresheetError, match="repeats a card"):
        rank("AS AS KD QC JH")
    with pytest.raises(ScoresheetError, match="repeats a card"):
        rank("AS AS KD")
    with pytest.raises(ScoresheetError, match="cannot have 5 cards"):
        rank_three(parse_cards("AS KD QC JH TS"))
    with pytest.raises(ScoresheetError, match="cannot have 3 cards"):
        rank_five(parse_cards("AS KD QC"))


def all_five_card_classes() -> list[list[Card]]:
    """One hand for every distinct 5-card value: each rank multiset, plus a flush when possible."""
    hands: list[list[Card]] = []
    for ranks in itertools.combinations_with_replacement(RANKS, 5):
        seen: Counter[int] = Counter()
        cards: list[Card] = []
        for r in ranks:
            if seen[r] == 4:
                break
            cards.append(Card(r, SUITS[seen[r]]))
            seen[r] += 1
        else:
            if len(seen) == 5:  # all suits are spades: a flush; also add a non-flush twin
                hands.append([*cards[:4], Card(ranks[4], "H")])
            hands.append(cards)
    return hands


def test_every_five_card_value_is_distinct() -> None:
    hands = all_five_card_classes()
    ranks = [rank_five(cards) for cards in hands]
    assert len(hands) == 7462
    assert len(set(ranks)) == 7462
    counts = Counter(category_name(r) for r in ranks)
    assert counts == {
        "high-card": 1277,
        "pair": 2860,
        "two-pair": 858,
        "trips": 858,
        "straight": 10,
        "flush": 1277,
        "full-house": 156,
        "quads": 156,
        "straight-flush": 10,
    }


def test_every_three_card_value_is_distinct() -> None:
    values = {
        rank_three([Card(r, suit) for r, suit in zip(ranks, SUITS, strict=False)])
        for ranks in itertools.combinations_with_replacement(RANKS, 3)
    }
    assert len(values) == 455
    counts = Counter(category_name(r) for r in values)
    assert counts == {"high-card": 286, "pair": 156, "trips": 13}


# --- Chinese hands ------------------------------------------------------------------------------

ANN = ("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
BOB = ("AS KH 3C", "TS TD 6D 6C 2D", "7C 8C 9C TC JC")
FOULED = ("AH AD 3S", "KS KD 7D 6S 2S", "QC QD 8S 8D 4H")


def hand(rows: tuple[str, str, str]) -> ChineseHand:
    return parse_hand(*rows)


def test_parse_hand() -> None:
    ann = hand(ANN)
    assert ann.front == tuple(parse_cards("QS QH 4D"))
    assert ann.middle == tuple(parse_cards("9S 9D 5S 5H 2C"))
    assert ann.back == tuple(parse_cards("7H 8H 9H TH JH"))
    assert [category_name(r) for r in ann.rows()] == ["pair", "two-pair", "straight-flush"]
    assert not ann.fouled
    assert ann == hand(ANN)
    assert hash(ann) == hash(hand(ANN))
    assert ROWS == ("front", "middle", "back")


def test_fouled() -> None:
    fouled = hand(FOULED)
    front, middle, _ = fouled.rows()
    assert middle < front
    assert fouled.fouled
    # The back below the middle fouls too.
    assert parse_hand("2S 3D 4C", "AS AD 8C 8H 5S", "KS KD QC 9H 6S").fouled
    # A front pair above a middle with the same pair but lower kickers fouls.
    assert parse_hand("QS QD AC", "QH QC KD 3S 2S", "AS AD AH 7C 6C").fouled
    # Trips in front above a middle straight is fine; above two pair is not.
    assert not parse_hand("8S 8D 8C", "4S 5D 6C 7H 3S", "AS KS QS JS 2S").fouled
    assert parse_hand("8S 8D 8C", "4S 4D 6C 6H 9S", "AS KS QS JS 2S").fouled


def test_equal_rows_do_not_foul() -> None:
    equal = parse_hand("2C 3S 4D", "AS 9D 7C 6H 5S", "AH 9C 7D 6S 5H")
    _, middle, back = equal.rows()
    assert middle == back
    assert not equal.fouled


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            ("QS QH 4D 5D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH"),
            "deal 12, chinese-poker, Ann: front has 4 cards, a front row has 3",
        ),
        (
            ("QS QH 4D", "9S 9D 5S 5H", "7H 8H 9H TH JH"),
            "deal 12, chinese-poker, Ann: middle has 4 cards, a middle row has 5",
        ),
        (
            ("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH 3C"),
            "deal 12, chinese-poker, Ann: back has 6 cards, a back row has 5",
        ),
        (
            ("QS QH 4D", "9S 9D 5S 5H 2C", ""),
            "deal 12, chinese-poker, Ann: back has 0 cards, a back row has 5",
        ),
        (
            ("QS QH QS", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH"),
            "deal 12, chinese-poker, Ann: QS is twice in the front",
        ),
        (
            ("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H TH QS"),
            "deal 12, chinese-poker, Ann: QS is in both the front and the back",
        ),
        (
            ("QS QH 4D", "9S 9D 5S 5H 2C", "7H 8H 9H 1H JH"),
            'deal 12, chinese-poker, Ann: back: not a card: "1H" '
            "(write rank then suit, e.g. QS, 10H, A♠)",
        ),
    ],
)
def test_parse_hand_errors(rows: tuple[str, str, str], message: str) -> None:
    with pytest.raises(ScoresheetError) as info:
        parse_hand(*rows, where="deal 12, chinese-poker, Ann")
    assert str(info.value) == message


def test_parse_hand_errors_without_where() -> None:
    with pytest.raises(ScoresheetError) as info:
        parse_hand("QS QH", "9S 9D 5S 5H 2C", "7H 8H 9H TH JH")
    assert str(info.value) == "front has 2 cards, a front row has 3"


def test_chinese_hand_checks_direct_construction() -> None:
    cards = parse_cards("QS QH 4D 9S 9D 5S 5H 2C 7H 8H 9H TH JH")
    assert ChineseHand(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:])) == hand(ANN)
    with pytest.raises(ScoresheetError, match="front has 2 cards"):
        ChineseHand(tuple(cards[:2]), tuple(cards[3:8]), tuple(cards[8:]))
    with pytest.raises(ScoresheetError, match="QS is in both the front and the middle"):
        ChineseHand(tuple(cards[:3]), (cards[0], *cards[4:8]), tuple(cards[8:]))


def test_check_disjoint() -> None:
    hands = {"Ann": hand(ANN), "Bob": hand(BOB), "Cat": hand(FOULED)}
    check_disjoint(hands, standard_deck(), where="deal 1")  # a fine deal raises nothing
    with pytest.raises(ScoresheetError) as info:
        check_disjoint(hands | {"Dan": hand(BOB)}, standard_deck(), where="deal 1")
    assert str(info.value) == "deal 1: AS is in both Bob's and Dan's hands"
    clash = {"Ann": hand(ANN), "Cat": parse_hand("QS KH 3C", *FOULED[1:])}
    with pytest.raises(ScoresheetError) as info:
        check_disjoint(clash, standard_deck(), where="deal 2")
    assert str(info.value) == "deal 2: QS is in both Ann's and Cat's hands"
    with pytest.raises(ScoresheetError) as info:
        check_disjoint({"Ann": hand(ANN)}, standard_deck(parse_cards("2S 2C")), where="deal 3")
    assert str(info.value) == "deal 3: 2C is not in this game's deck"
    with pytest.raises(ScoresheetError) as info:
        check_disjoint({"Ann": hand(ANN)}, frozenset(standard_deck(parse_cards("JH"))))
    assert str(info.value) == "JH is not in this game's deck"


def test_row_outcomes_and_beats() -> None:
    ann, bob, cat = hand(ANN), hand(BOB), hand(FOULED)
    assert row_outcomes({"Ann": ann, "Bob": bob}) == {("Ann", "Bob"): (1, -1, 0)}
    assert row_outcomes({"Bob": bob, "Ann": ann}) == {("Bob", "Ann"): (-1, 1, 0)}
    outcomes = row_outcomes({"Ann": ann, "Bob": bob, "Cat": cat})
    assert list(outcomes) == [("Ann", "Bob"), ("Ann", "Cat"), ("Bob", "Cat")]
    # Cat's front (a pair of aces) would beat both, but a fouled hand loses every row.
    assert outcomes[("Ann", "Cat")] == (1, 1, 1)
    assert outcomes[("Bob", "Cat")] == (1, 1, 1)
    assert count_beats({"Ann": ann, "Bob": bob, "Cat": cat}) == {
        "Ann": {"front": 2, "middle": 1, "back": 1},
        "Bob": {"front": 1, "middle": 2, "back": 1},
        "Cat": {"front": 0, "middle": 0, "back": 0},
    }


def test_two_fouled_hands_tie() -> None:
    cat = hand(FOULED)
    dan = parse_hand("AC JS JD", "4S 4C 7S 2H 3H", "6H 3D 5D 5C KC")
    assert dan.fouled
    assert row_outcomes({"Cat": cat, "Dan": dan}) == {("Cat", "Dan"): (0, 0, 0)}
    assert row_outcomes({"Dan": dan, "Cat": cat}) == {("Dan", "Cat"): (0, 0, 0)}
    beats = count_beats({"Cat": cat, "Dan": dan, "Ann": hand(ANN)})
    assert beats["Cat"] == beats["Dan"] == {"front": 0, "middle": 0, "back": 0}
    assert beats["Ann"] == {"front": 2, "middle": 2, "back": 2}


def test_single_player_and_empty_table() -> None:
    assert row_outcomes({"Ann": hand(ANN)}) == {}
    assert count_beats({"Ann": hand(ANN)}) == {"Ann": {"front": 0, "middle": 0, "back": 0}}
    assert count_beats({}) == {}


@st.composite
def deals(draw: st.DrawFn) -> dict[str, ChineseHand]:
    """2 to 4 players' hands dealt from one shuffled deck; some set carefully, some fouled."""
    players = draw(st.integers(min_value=2, max_value=4))
    deck = draw(st.permutations(standard_deck()))
    hands: dict[str, ChineseHand] = {}
    for i in range(players):
        cards = deck[13 * i : 13 * (i + 1)]
        front, middle, back = cards[:3], cards[3:8], cards[8:]
        if draw(st.booleans()):  # set the bigger five-card row at the back
            middle, back = sorted([middle, back], key=rank_five)
        hands["ABCD"[i]] = ChineseHand(tuple(front), tuple(middle), tuple(back))
    return hands


@settings(max_examples=300, deadline=None)
@given(deals())
def test_beats_and_ties_add_up_to_pairs(hands: dict[str, ChineseHand]) -> None:
    outcomes = row_outcomes(hands)
    beats = count_beats(hands)
    pairs = len(hands) * (len(hands) - 1) // 2
    assert len(outcomes) == pairs
    for index, row in enumerate(ROWS):
        ties = sum(result[index] == 0 for result in outcomes.values())
        assert sum(beats[player][row] for player in hands) + ties == pairs


@settings(max_examples=300, deadline=None)
@given(deals())
def test_row_outcomes_agree_with_ranks(hands: dict[str, ChineseHand]) -> None:
    reversed_outcomes = row_outcomes(dict(reversed(hands.items())))
    for (a, b), results in row_outcomes(hands).items():
        assert reversed_outcomes[b, a] == tuple(-result for result in results)
        hand_a, hand_b = hands[a], hands[b]
        if hand_a.fouled and hand_b.fouled:
            assert results == (0, 0, 0)
        elif hand_a.fouled or hand_b.fouled:
            assert results == ((-1,) * 3 if hand_a.fouled else (1,) * 3)
        else:
            for result, row_a, row_b in zip(results, hand_a.rows(), hand_b.rows(), strict=True):
                assert result == (row_a > row_b) - (row_a < row_b)


@given(deals())
def test_fouled_matches_rows(hands: dict[str, ChineseHand]) -> None:
    for each in hands.values():
        front, middle, back = each.rows()
        assert each.fouled == (not front <= middle <= back)


# --- the precomputed tables ---------------------------------------------------------------------


def test_tables_hold_every_pattern_once() -> None:
    from scoresheet.games.barbu.poker import _tables

    tables = _tables()
    # Rank multisets of five cards (no five of a kind), five distinct ranks, three cards.
    assert (len(tables.five), len(tables.flush), len(tables.three)) == (6175, 1287, 455)
    assert len(set(tables.five.values()) | set(tables.flush.values())) == 7462
    assert len(set(tables.three.values())) == 455


@settings(max_examples=300, deadline=None)
@given(deals())
def test_strengths_compare_like_ranks(hands: dict[str, ChineseHand]) -> None:
    rows = [
        (strength, rank)
        for each in hands.values()
        for strength, rank in zip(each.strengths, each.rows(), strict=True)
    ]
    for (strength_a, rank_a), (strength_b, rank_b) in itertools.combinations(rows, 2):
        assert (strength_a < strength_b) == (rank_a < rank_b)
        assert (strength_a == strength_b) == (rank_a == rank_b)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_beats_follow_the_rule(hands: dict[str, ChineseHand]) -> None:
    """A player beats an opponent's row when it ranks higher and neither hand is fouled,
    or when only the opponent's hand is fouled."""
    expected = {
        player: {
            row: sum(
                not mine.fouled and (other.fouled or mine.rows()[index] > other.rows()[index])
                for other in hands.values()
                if other is not mine
            )
            for index, row in enumerate(ROWS)
        }
        for player, mine in hands.items()
    }
    assert count_beats(hands) == expected
