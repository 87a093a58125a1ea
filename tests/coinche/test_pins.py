"""Direct pins on Coinche's scoring that a refactor must keep: a lost capot bid under each
preset (the rules page's table), the simulator bidding capot and losing it, both teams
reaching the target with equal totals on one deal, a coinched unbid capot, and BGA's
"everything" multiplying the winner's belote."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoresheet import record
from scoresheet.games.coinche.score import GameScore, score_game
from scoresheet.games.coinche.simulate import random_game

PLAYERS = ["Bob", "Cat", "Dan", "Ann"]  # team 0: Bob & Dan; team 1: Cat & Ann


def _score(deals: list[dict[str, Any]], rules: str = "coinche", **options: Any) -> GameScore:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "coinche",
        "rules": rules,
        "players": PLAYERS,
        "teams": [["Bob", "Dan"], ["Cat", "Ann"]],
        "deals": deals,
    }
    if options:
        data["options"] = options
    return score_game(record.from_data(data))


def _capot_bid_lost(belote: int | None) -> dict[str, Any]:
    # Ann (team 1) bids capot; the defenders Bob & Dan take tricks worth 30 and the last.
    return {
        "contract": "hearts",
        "bid": "capot",
        "taker": "Ann",
        "result": {"points": [20, 132], "last_trick": 0, "belote": belote},
    }


@pytest.mark.parametrize(
    ("preset", "belote", "score"),
    [
        # The page: "capot bid: lost" — the takers their belote only, the defenders
        # 500 (+ their belote); BGA's lost capot bid is 412 = 162 + 250.
        ("coinche", None, (500, 0)),
        ("coinche", 0, (520, 0)),
        ("coinche", 1, (500, 20)),
        ("coinche-bga", None, (412, 0)),
        ("coinche-bga", 0, (432, 0)),
        ("coinche-bga", 1, (412, 20)),
    ],
)
def test_a_lost_capot_bid_goes_to_the_defenders(
    preset: str, belote: int | None, score: tuple[int, int]
) -> None:
    deal = _score([_capot_bid_lost(belote)], preset).deals[0]
    assert not deal.made
    assert deal.score == score


def test_a_lost_capot_bid_coinched_is_multiplied() -> None:
    deal = _capot_bid_lost(None) | {"coinche": "Bob"}
    assert _score([deal]).deals[0].score == (1000, 0)
    deal["surcoinche"] = "Cat"
    assert _score([deal]).deals[0].score == (2000, 0)


@pytest.mark.parametrize("preset", ["coinche", "coinche-bga"])
def test_the_simulator_bids_capot_and_loses_it(preset: str) -> None:
    rng = random.Random(25)
    lost = 0
    for _ in range(30):
        result = score_game(record.from_data(random_game(rng, preset)))
        for deal in result.deals:
            if deal.bid == "capot" and not deal.made:
                lost += 1
                taking = deal.play.taking_team
                assert deal.score[taking] in (0, 20)
                assert deal.score[1 - taking] >= 412
    assert lost > 0


def test_both_teams_reaching_the_target_with_equal_totals_play_another_deal() -> None:
    deals: list[dict[str, Any]] = [
        # Ann's 80 made with 82: 80 + 80 to her team, 80 to the defenders.
        {
            "contract": "hearts",
            "bid": 80,
            "taker": "Ann",
            "result": {"points": [80, 72], "last_trick": 1},
        },
        # Bob's 80 made the same way: 240 each, both past the target of 200.
        {
            "contract": "spades",
            "bid": 80,
            "taker": "Bob",
            "result": {"points": [72, 80], "last_trick": 0},
        },
    ]
    tied = _score(deals, target=200)
    assert [d.score for d in tied.deals] == [(80, 160), (160, 80)]
    assert tied.team_totals == (240, 240)
    assert tied.winner is None and not tied.complete
    deals.append(dict(deals[1]))
    after = _score(deals, target=200)
    assert after.team_totals == (400, 320)
    assert after.winner == 0 and after.won_at == 3 and after.complete


@pytest.mark.parametrize(
    ("preset", "options", "score"),
    [
        # Choice (score.py): an unbid capot coinched keeps its capot value in place of
        # the failure base: (250 + 100) × 2.
        ("coinche", {}, (700, 0)),
        ("coinche", {"capot": 252}, (704, 0)),
        # pagat's multiplier: only the bid is doubled, 250 + 2 × 100.
        ("coinche", {"coinche_multiplies": "bid"}, (450, 0)),
        # BGA: everything, (250 + 100) × 2.
        ("coinche-bga", {}, (700, 0)),
    ],
)
def test_a_coinched_unbid_capot(
    preset: str, options: dict[str, Any], score: tuple[int, int]
) -> None:
    deal = {
        "contract": "spades",
        "bid": 100,
        "taker": "Bob",
        "coinche": "Cat",
        "result": {"points": [152, 0], "last_trick": 0, "capot": 0},
    }
    scored = _score([deal], preset, **options).deals[0]
    assert scored.made
    assert scored.score == score


def test_bga_everything_multiplies_the_winners_belote() -> None:
    # Bob bids 90, coinched; his team takes 90 + the last trick with belote: T = 120.
    deal: dict[str, Any] = {
        "contract": "hearts",
        "bid": 90,
        "taker": "Bob",
        "coinche": "Ann",
        "result": {"points": [90, 62], "last_trick": 0, "belote": 0},
    }
    # (100 + 90 + 20) × 2; the defenders 0.
    assert _score([deal], "coinche-bga").deals[0].score == (420, 0)
    # Under the default the belote is not multiplied: (160 + 90) × 2 + 20.
    assert _score([deal]).deals[0].score == (520, 0)
    # The defenders' belote: lost on BGA when the coinched contract is made.
    deal["result"]["belote"] = 1
    assert _score([deal], "coinche-bga").deals[0].score == (380, 0)
    assert _score([deal]).deals[0].score == (500, 20)
