"""Coinche rules as data: each row of the rules page's options table is a key of the
rules file, and a full rules object (``rules show --json``) scores like its preset."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.coinche.score import score_game
from scoresheet.games.coinche.views import rules_json
from scoresheet.rules import list_presets, load_preset
from tests.coinche.test_worked_example import EXAMPLE

# One key per row of "Options where sources disagree" (the page's order), its alternative.
OPTIONS: list[dict[str, Any]] = [
    {"scoring": "points-made"},
    {"dedans_points": 162},
    {"coinche_multiplies": "everything"},
    {"surcoinche": 3},
    {"bid_needs": "bid-plus-2"},
    {"made_when": "bid-and-beat", "belote_counts": False},
    {"losing_belote": "to-winner"},
    {"rounding": "nearest-10-5-down"},
    {"capot": 252},
    {"capot_bid_lost": 410},
    {"coinche_capot": False},
    {"coinche_when": "in-turn"},
    {"max_bid": 180},
    {"contracts": ["spades", "hearts", "diamonds", "clubs"]},
    {"belote_all_trumps": False},
    {"target": 1500, "win": "pass"},
    {"generale": True, "generale_value": 1000},
    {"declarations": True},
]


def test_the_presets_are_shipped() -> None:
    assert {"coinche", "coinche-bga", "coinche-bid-only"} <= set(list_presets("coinche"))


@pytest.mark.parametrize("preset", ["coinche", "coinche-bga", "coinche-bid-only"])
def test_a_full_rules_object_scores_like_its_preset(preset: str) -> None:
    data = copy.deepcopy(EXAMPLE)
    data["rules"] = preset
    by_name = score_game(record.from_data(data))
    data["rules"] = rules_json(load_preset(preset))
    by_object = score_game(record.from_data(data))
    assert by_object.rules == by_name.rules
    assert [d.score for d in by_object.deals] == [d.score for d in by_name.deals]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_option_is_a_rules_key(options: dict[str, Any]) -> None:
    data = copy.deepcopy(EXAMPLE)
    data["options"] = options
    rules = score_game(record.from_data(data)).rules
    for key, value in options.items():
        assert rules.data[key] == value


def test_points_made_scores_own_points_and_a_flat_coinche() -> None:
    """FFB "points faits": own points only, dedans 160, coinche a flat 320/640."""
    data = copy.deepcopy(EXAMPLE)
    data["options"] = {"scoring": "points-made"}
    scores = [d.score for d in score_game(record.from_data(data)).deals]
    assert scores == [(60, 130), (20, 320), (640, 0), (0, 160)]


def test_inconsistent_rules_are_refused() -> None:
    data = copy.deepcopy(EXAMPLE)
    data["options"] = {"min_bid": 85}
    with pytest.raises(ScoresheetError, match="multiples of 10"):
        score_game(record.from_data(data))
