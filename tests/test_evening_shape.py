"""The typed ``score --json`` shape the evening reads (:mod:`scoresheet.evening.shape`) is
what every game writes: each key it requires is there, with the type it states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry
from scoresheet.evening import load_game
from scoresheet.evening.shape import Ledger, LedgerPair, Score, Violation, winning_team
from tests.cli_helpers import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


def _keys(data: dict[str, Any], shape: Any) -> None:
    assert shape.__required_keys__ <= data.keys(), sorted(shape.__required_keys__ - data.keys())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_every_game_writes_the_shape_the_evening_reads(path: Path) -> None:
    g = load_game(path)
    score: dict[str, Any] = dict(g.score)
    _keys(score, Score)
    assert isinstance(score["players"], list) and all(isinstance(p, str) for p in score["players"])
    assert all(type(t) is int for t in score["totals"].values())
    assert set(score["totals"]) == set(score["players"])
    assert type(score["complete"]) is bool
    assert isinstance(score["deals"], list)
    for v in score["violations"]:
        _keys(v, Violation)
        assert isinstance(v["message"], str)
    if "ledger" in score:
        _keys(score["ledger"], Ledger)
        for pair in score["ledger"]["pairs"]:
            _keys(pair, LedgerPair)
            assert len(pair["players"]) == 2 and set(pair["net"]) == set(pair["players"])
    if registry.game(g.game).teams:
        teams = score["teams"]
        assert len(teams) == 2 and sorted(p for t in teams for p in t) == sorted(g.players)
        assert score["winner"] is None or type(score["winner"]) is int
        assert winning_team(g.score) == score["winner"]
