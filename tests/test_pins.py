"""Direct pins on behaviour a refactor must keep: stats places and form, settle's payments."""

from __future__ import annotations

from typing import Any

from scoresheet.evening.games import ScoredGame
from scoresheet.evening.settle import plan_payments
from scoresheet.evening.shape import shaped
from scoresheet.evening.stats import form_result, places


def _game(game: str, totals: dict[str, int]) -> ScoredGame:
    score: dict[str, Any] = {"complete": True, "totals": totals, "deals": [], "violations": []}
    return ScoredGame(
        name="g", game=game, rules=game, players=tuple(totals), score=shaped(score), zero_sum=False
    )


def test_tied_players_share_a_place_and_the_next_place_is_skipped() -> None:
    got = places(_game("barbu", {"A": 10, "B": 10, "C": -5, "D": -15}))
    assert got == {"A": 1, "B": 1, "C": 3, "D": 4}


def test_in_a_penalty_game_the_lowest_total_is_first() -> None:
    got = places(_game("rosbiratschka", {"A": -15, "B": -5, "C": 10, "D": 10}))
    assert got == {"A": 1, "B": 2, "C": 3, "D": 3}
    got = places(_game("rosbiratschka", {"A": 10, "B": 10, "C": -5, "D": -15}))
    assert got == {"A": 3, "B": 3, "C": 2, "D": 1}


def test_form_over_four_seats_is_one_two_thirds_one_third_zero() -> None:
    g = _game("barbu", {"A": 1, "B": 2, "C": 3, "D": 4})
    assert [form_result(g, place) for place in (1, 2, 3, 4)] == [1.0, 2 / 3, 1 / 3, 0.0]


def test_payment_pairs_themselves_are_pinned() -> None:
    assert plan_payments({"Ann": 5, "Bob": -5, "Cat": 3, "Dan": -3}) == [
        ("Bob", "Ann", 5),
        ("Dan", "Cat", 3),
    ]
    # One creditor, three debtors: each pays the creditor directly.
    assert plan_payments({"Ann": -18, "Bob": 30, "Cat": -6, "Dan": -6}) == [
        ("Ann", "Bob", 18),
        ("Cat", "Bob", 6),
        ("Dan", "Bob", 6),
    ]
    # No zero-sum pair: the largest debt meets the largest credit first.
    assert plan_payments({"Ann": 7, "Bob": -4, "Cat": 2, "Dan": -5}) == [
        ("Dan", "Ann", 5),
        ("Bob", "Ann", 2),
        ("Bob", "Cat", 2),
    ]
    assert plan_payments({"Ann": 0, "Bob": 0}) == []


def test_settle_pays_the_pairs_of_its_plan() -> None:
    from scoresheet.evening.settle import settle

    queens = {
        "contract": "no-queens",
        "doubles": [{"by": "Bob", "double": "maximum"}],
        "result": {"queens": {"Ann": 2, "Cat": 1, "Dan": 1}},
    }
    game = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": "classic",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "deals": [queens],
    }
    s = settle([game], "0.10", partial=True)  # totals -24, 24, -12, -12
    assert [(p.payer, p.payee, str(p.amount)) for p in s.payments] == [
        ("Ann", "Bob", "1.80"),
        ("Cat", "Bob", "0.60"),
        ("Dan", "Bob", "0.60"),
    ]
