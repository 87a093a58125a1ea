"""Worked examples from the rules page and the spec, reproduced exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet.games.barbu.score import to_json
from tests.conftest import PLAYERS, game, score

SPEC_DEAL: dict[str, Any] = {
    "contract": "no-queens",
    "declarer": "Ann",
    "doubles": [
        {"by": "Bob", "double": "maximum"},
        {"by": "Cat", "double": ["Dan"]},
        {"by": "Dan", "redouble": ["Cat"]},
    ],
    "result": {"queens": {"Ann": 2, "Bob": 0, "Cat": 1, "Dan": 1}},
}


def test_spec_score_example() -> None:
    """spec/game-file.md, `scoresheet score FILE --json`: the printed object."""
    out = to_json(score(game([SPEC_DEAL])))
    assert out["players"] == PLAYERS
    assert out["totals"] == {"Ann": -24, "Bob": 24, "Cat": -12, "Dan": -12}
    deal = out["deals"][0]
    assert {k: deal[k] for k in ("number", "declarer", "contract")} == {
        "number": 1,
        "declarer": "Ann",
        "contract": "no-queens",
    }
    assert deal["base"] == {"Ann": -12, "Bob": 0, "Cat": -6, "Dan": -6}
    assert deal["doubles"] == {"Ann": -12, "Bob": 24, "Cat": -6, "Dan": -6}
    assert deal["score"] == {"Ann": -24, "Bob": 24, "Cat": -12, "Dan": -12}
    assert out["violations"] == []
    assert out["complete"] is False


def test_rules_page_doubling_example() -> None:
    """Rules page, section 3, published worked example (No Queens).

    Base Denny -12, Annie -6, Connie -6, Benny 0. Benny says "maximum"; Connie doubles
    Annie; Annie redoubles Connie. Final: Benny +24, Annie -12, Connie -12, Denny -24.
    """
    deal = {
        "contract": "no-queens",
        "doubles": [
            {"by": "Benny", "double": "maximum"},
            {"by": "Connie", "double": ["Annie"]},
            {"by": "Annie", "redouble": ["Connie"]},
        ],
        "result": {"queens": {"Denny": 2, "Annie": 1, "Connie": 1}},
    }
    result = score(game([deal], players=["Denny", "Annie", "Benny", "Connie"]))
    assert result.deals[0].score == {"Denny": -24, "Annie": -12, "Benny": 24, "Connie": -12}
    assert result.deals[0].total == -24
    moved = {(b.doubler, b.doubled): (b.multiplier, b.moved) for b in result.deals[0].bets}
    assert moved == {
        ("Benny", "Denny"): (1, 12),
        ("Benny", "Annie"): (1, 6),
        ("Benny", "Connie"): (1, 6),
        ("Connie", "Annie"): (2, 0),
    }


@pytest.mark.parametrize(
    ("contract", "options", "non_declarers", "declarer"),
    [
        # rules page, section 3, "Undoubled negative deals"
        ("no-tricks", {}, -9, 1),
        ("no-hearts", {}, -10, 0),
        ("no-queens", {}, -8, 0),
        ("no-king", {}, -7, 1),
        # "Where the remainder would be +2, e.g. -40, the declarer gets +2"
        ("no-king", {"values": {"no-king": -40}}, -14, 2),
    ],
)
def test_undoubled_split(
    contract: str, options: dict[str, Any], non_declarers: int, declarer: int
) -> None:
    result = score(game([{"contract": contract}], options=options))
    assert result.deals[0].split
    assert result.deals[0].score == {
        "Ann": declarer,
        "Bob": non_declarers,
        "Cat": non_declarers,
        "Dan": non_declarers,
    }


def test_no_split_under_pagat_rules() -> None:
    """Pagat rules play every deal: an undoubled deal without a result is refused."""
    from tests.conftest import refused

    assert "result is missing" in refused(game([{"contract": "no-king"}], rules="pagat"))


@pytest.mark.parametrize(
    ("contract", "result", "expected"),
    [
        # rules page section 2: -2 per trick
        ("no-tricks", {"tricks": {"Ann": 4, "Bob": 3, "Cat": 6}}, [-8, -6, -12, 0]),
        # -2 per heart, the A♥ -6
        (
            "no-hearts",
            {"hearts": {"Ann": 1, "Bob": 5, "Cat": 7}, "ace_of_hearts": "Bob"},
            [-2, -14, -14, 0],
        ),
        ("no-queens", {"queens": {"Dan": 4}}, [0, 0, 0, -24]),
        ("no-king", {"king_of_hearts": "Cat"}, [0, 0, -20, 0]),
        ("no-last-two", {"second_last": "Bob", "last": "Dan"}, [0, -10, 0, -20]),
        ("no-last-two", {"second_last": "Bob", "last": "Bob"}, [0, -30, 0, 0]),
        ("trumps", {"tricks": {"Ann": 13}, "trump": "spades"}, [65, 0, 0, 0]),
        ("dominoes", {"order": ["Cat", "Ann", "Dan", "Bob"], "start": "J"}, [20, -5, 45, 5]),
    ],
)
def test_classic_contract_values(
    contract: str, result: dict[str, Any], expected: list[int]
) -> None:
    """Rules page, section 2 (classic values, seed 000); Bob doubles Ann so the deal is played."""
    deal = {"contract": contract, "doubles": [{"by": "Bob", "double": ["Ann"]}], "result": result}
    base = score(game([deal])).deals[0].base
    assert [base[p] for p in PLAYERS] == expected


@pytest.mark.parametrize(
    ("tied", "each"),
    [(["Bob"], -24), (["Bob", "Cat"], -12), (["Ann", "Bob", "Cat"], -8), (PLAYERS, -6)],
)
def test_ravage_city_ties_split(tied: list[str], each: int) -> None:
    """Rules page, section 4: two tied -12 each, three -8 each, four -6 each."""
    deal = {
        "contract": "ravage-city",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"most": tied},
    }
    base = score(game([deal], rules="ravage-city")).deals[0].base
    assert base == {p: (each if p in tied else 0) for p in PLAYERS}


def test_ravage_city_from_card_counts() -> None:
    """Rules page, section 4: most cards of any one suit, ties split.

    Bob's 6 spades, Cat's 6 diamonds and Dan's 6 clubs tie: -24 / 3 = -8 each.
    """
    cards = {
        "Ann": {"spades": 1, "hearts": 4, "diamonds": 3, "clubs": 4},
        "Bob": {"spades": 6, "hearts": 2, "diamonds": 2, "clubs": 2},
        "Cat": {"spades": 2, "hearts": 3, "diamonds": 6, "clubs": 1},
        "Dan": {"spades": 4, "hearts": 4, "diamonds": 2, "clubs": 6},
    }
    deal = {
        "contract": "ravage-city",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"cards": cards},
    }
    base = score(game([deal], rules="ravage-city")).deals[0].base
    assert base == {"Ann": 0, "Bob": -8, "Cat": -8, "Dan": -8}


def test_salad_scores_all_five_at_once() -> None:
    """Rules page, section 4, Salad: all five contracts at once, one result entry."""
    result = {
        "tricks": {"Ann": 4, "Bob": 4, "Cat": 2, "Dan": 3},
        "last": "Cat",
        "hearts": {"Ann": 13},
        "queens": {"Bob": 2, "Dan": 2},
        "king_of_hearts": "Ann",
    }
    deals = [{"contract": "salad", "result": result}]
    base = score(game(deals, rules="salad")).deals[0].base
    assert base == {
        "Ann": -20 - 130 - 50,
        "Bob": -20 - 40,
        "Cat": -10 - 30,
        "Dan": -15 - 40,
    }
    assert sum(base.values()) == -355


def test_salad_five_players() -> None:
    """Salad for 5: 50 cards, 10 tricks, no-tricks totals -50."""
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    deal = {
        "contract": "no-tricks",
        "result": {"tricks": {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 2, "Eve": 2}},
    }
    result = score(game([deal], rules="salad-5", players=players))
    assert result.deals[0].score == dict.fromkeys(players, -10)


def test_chinese_poker_from_beats() -> None:
    """Rules page, section 4: +4 per beat; 18 beats with 4 players and no ties (+72)."""
    beats = {
        "Ann": {"front": 3, "middle": 2, "back": 0},
        "Bob": {"front": 2, "middle": 3, "back": 1},
        "Cat": {"front": 1, "middle": 0, "back": 3},
        "Dan": {"front": 0, "middle": 1, "back": 2},
    }
    deal = {
        "contract": "chinese-poker",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"beats": beats},
    }
    d = score(game([deal], rules="chinese-poker")).deals[0]
    assert d.base == {"Ann": 20, "Bob": 24, "Cat": 16, "Dan": 12}
    assert d.total == 72


def test_chinese_poker_from_hands_with_a_foul() -> None:
    """A fouled hand loses every row to every unfouled hand; a tie gives no beat."""
    hands = {
        # Ann: trips front, pair middle -> fouled
        "Ann": {"front": "AS AH AD", "middle": "2C 3C 4D 5S 5H", "back": "KS KH KD KC 9S"},
        "Bob": {"front": "2S 3D 4H", "middle": "6S 6H 7D 8C 9D", "back": "TS TH TD 9H 9C"},
        "Cat": {"front": "2D 3H 4C", "middle": "7S 7H 8D JC QD", "back": "JS JH JD 2H 3S"},
        "Dan": {"front": "5D 6C 8S", "middle": "4S 8H QC KC 6D", "back": "QS QH AC 7C TC"},
    }
    # corrected so no card repeats: KC is Ann's, give Dan the 5C instead
    hands["Dan"]["middle"] = "4S 8H QC 5C 6D"
    deal = {
        "contract": "chinese-poker",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"hands": hands},
    }
    d = score(game([deal], rules="chinese-poker")).deals[0]
    # front: Bob (4-high) ties Cat (4-high: 4,3,2 both); Dan 8-high beats both.
    #   Bob 1 (Ann) + 0, Cat 1 + 0, Dan 3 -> Bob 1, Cat 1, Dan 3
    # middle: Cat pair of 7s > Bob pair of 6s > Dan Q-high. Bob 2, Cat 3, Dan 1
    # back: Bob full house > Cat trips > Dan pair. Bob 3, Cat 2, Dan 1
    assert d.base == {"Ann": 0, "Bob": 4 * 6, "Cat": 4 * 6, "Dan": 4 * 5}


def test_examples_are_full_games_that_score() -> None:
    """The bundled examples: a full classic game and a full Ravage City game with doubles."""
    root = Path(__file__).resolve().parents[2] / "examples"
    for name, deals in (("classic.json", 28), ("ravage-city.json", 32)):
        data = json.loads((root / name).read_text(encoding="utf-8"))
        result = score(data)
        assert result.complete and len(result.deals) == deals
        assert any(d.bets for d in result.deals)
        assert sum(result.totals.values()) == 0
