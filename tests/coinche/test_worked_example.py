"""The worked example of the rules page (``rules/coinche.md``, "Worked example" and "In a
game file") reproduces exactly under the three shipped presets, with the variants the
page works out: "80 is enough", pagat's multiplier, a target of 1000."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoresheet import record
from scoresheet.games.coinche.score import GameScore, score_game, to_json

# The page's game file: players in seating order E, S, W, N; team 0 = E–W.
EXAMPLE: dict[str, Any] = {
    "format": "scoresheet-game",
    "version": 1,
    "game": "coinche",
    "rules": "coinche",
    "players": ["Bob", "Cat", "Dan", "Ann"],
    "teams": [["Bob", "Dan"], ["Cat", "Ann"]],
    "deals": [
        {
            "contract": "hearts",
            "bid": 100,
            "taker": "Ann",
            "result": {"points": [56, 96], "last_trick": 1, "belote": 1},
        },
        {
            "contract": "spades",
            "bid": 100,
            "taker": "Bob",
            "coinche": "Ann",
            "result": {"points": [74, 78], "last_trick": 1, "belote": 0},
        },
        {
            "contract": "clubs",
            "bid": 90,
            "taker": "Dan",
            "coinche": "Cat",
            "surcoinche": "Bob",
            "result": {"points": [85, 67], "last_trick": 0},
        },
        {
            "contract": "clubs",
            "bid": 80,
            "taker": "Bob",
            "result": {"points": [71, 81], "last_trick": 0},
        },
    ],
}


def _score(rules: str = "coinche", options: dict[str, Any] | None = None) -> GameScore:
    data = copy.deepcopy(EXAMPLE)
    data["rules"] = rules
    if options:
        data["options"] = options
    return score_game(record.from_data(data))


@pytest.mark.parametrize(
    ("preset", "deals", "totals"),
    [
        ("coinche", [(60, 230), (20, 520), (1000, 0), (0, 240)], (1080, 990)),
        ("coinche-bga", [(56, 226), (20, 524), (740, 0), (0, 242)], (816, 992)),
        ("coinche-bid-only", [(0, 120), (20, 200), (360, 0), (0, 80)], (380, 400)),
    ],
)
def test_the_page_example_under_each_preset(
    preset: str, deals: list[tuple[int, int]], totals: tuple[int, int]
) -> None:
    result = _score(preset)
    assert [d.score for d in result.deals] == deals
    assert result.team_totals == totals
    assert [d.made for d in result.deals] == [True, False, True, False]
    assert [d.multiplier for d in result.deals] == [1, 2, 4, 1]
    assert [d.dealer for d in result.deals] == ["Bob", "Ann", "Dan", "Cat"]
    assert result.winner is None and not result.complete


def test_the_json_keys_of_the_example() -> None:
    out = to_json(_score())
    assert out["teams"] == [["Bob", "Dan"], ["Cat", "Ann"]]
    assert (out["team_totals"], out["target"], out["winner"]) == ([1080, 990], 2000, None)
    assert out["totals"] == {"Bob": 1080, "Cat": 990, "Dan": 1080, "Ann": 990}
    second = out["deals"][1]
    assert second["contract"] == "spades" and second["bid"] == 100
    assert (second["taker"], second["taking_team"], second["coinche"]) == ("Bob", 0, "Ann")
    assert (second["multiplier"], second["made"], second["deal_points"]) == (2, False, [94, 88])
    assert (second["team_score"], second["running"]) == ([20, 520], [80, 750])
    # The spec's per-player maps, in seating order: each player their team's points. The
    # coinche doubled the contract; that is in the deal's points, not in ``doubles``.
    assert list(second["score"].items()) == [("Bob", 20), ("Cat", 520), ("Dan", 20), ("Ann", 520)]
    assert second["base"] == second["score"]
    assert second["doubles"] == {"Bob": 0, "Cat": 0, "Dan": 0, "Ann": 0}
    assert out["deals"][3]["needed"] == 82
    assert (out["violations"], out["complete"]) == ([], False)


def test_eighty_is_enough() -> None:
    """ "Under '80 is enough' deal 4 is made (EW 80 + 80 = 160, NS 80)."""
    fourth = _score(options={"bid_needs": "bid"}).deals[3]
    assert fourth.made and fourth.score == (160, 80)


def test_beating_the_defenders_is_not_required_unless_the_option_says_so() -> None:
    assert _score(options={"bid_needs": "bid", "made_when": "bid-and-beat"}).deals[3].score == (
        0,
        240,
    )


def test_pagat_multiplies_only_the_bid() -> None:
    """ "Pagat's multiplier scores deal 2 as 360 / 20."""
    assert _score(options={"coinche_multiplies": "bid"}).deals[1].score == (20, 360)


def test_with_a_target_of_1000() -> None:
    """ "With a 1000 target E–W win after deal 3 on the default (1080 to 750); on BGA (816)
    play goes on" — and a deal after the game is won is refused."""
    data = copy.deepcopy(EXAMPLE)
    data["options"] = {"target": 1000}
    data["deals"] = data["deals"][:3]
    won = score_game(record.from_data(data))
    assert (won.winner, won.won_at, won.team_totals) == (0, 3, (1080, 750))
    data["rules"] = "coinche-bga"
    assert score_game(record.from_data(data)).winner is None


def test_the_points_column_is_headed_as_it_is_ordered() -> None:
    """The column holds each team's points in the order of the teams' score columns, so
    it is not headed T/D (the page's takers' and defenders' points): in deal 1 the
    takers, Cat & Ann, have 126, shown second."""
    from scoresheet.games.coinche.views import score_table
    from scoresheet.views.term import Term

    for width in (120, 50):
        table = score_table(_score(), Term(width=width))
        assert "T/D" not in table
        head = table.splitlines()[0].split()
        assert "points" in head
        row = next(line.split() for line in table.splitlines() if line.startswith("1 "))
        assert "56/126" in row
