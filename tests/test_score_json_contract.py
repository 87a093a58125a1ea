"""`scoresheet score FILE --json` keeps the public contract of every game.

The contract is /work/shared/spec/game-file.md, "`scoresheet score FILE --json`": each
deal has ``base``, ``doubles`` and ``score`` as player → number maps with ``score`` =
``base`` + ``doubles``; ``totals`` is the sum of ``score`` over all deals; ``violations``
is a list of objects with ``deal`` and ``message``; ``complete`` is a bool. Other games
use the same output and may only add keys. Checked through the installed console
script, as a tool reading the output would run it, for every example of every game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry
from tests.cli_helpers import ROOT, run

EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))


def _game(example: Path) -> str:
    data = json.loads(example.read_text(encoding="utf-8"))
    return str(data.get("game", registry.DEFAULT_GAME))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _player_map(deal: dict[str, Any], key: str, players: list[str]) -> dict[str, Any]:
    where = f"deal {deal.get('number')}, {key}"
    value = deal.get(key)
    assert isinstance(value, dict), f"{where}: a player → number map, got {value!r}"
    assert sorted(value) == sorted(players), f"{where}: exactly the players, got {list(value)}"
    for p, points in value.items():
        assert _is_number(points), f"{where}, {p}: a number, got {points!r}"
    return value


def test_every_game_has_an_example() -> None:
    assert set(registry.names()) <= {_game(e) for e in EXAMPLES}


@pytest.mark.parametrize(
    "example", EXAMPLES, ids=lambda p: p.relative_to(ROOT / "examples").as_posix()
)
def test_score_json_keeps_the_spec(example: Path) -> None:
    proc = run("score", example, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    data = json.loads(example.read_text(encoding="utf-8"))

    players = out["players"]
    assert players == data["players"]
    assert isinstance(out["deals"], list)
    assert len(out["deals"]) == len(data["deals"])
    summed = dict.fromkeys(players, 0)
    for deal in out["deals"]:
        base = _player_map(deal, "base", players)
        doubles = _player_map(deal, "doubles", players)
        score = _player_map(deal, "score", players)
        for p in players:
            assert score[p] == base[p] + doubles[p], f"deal {deal['number']}, {p}"
            summed[p] += score[p]

    totals = out["totals"]
    assert isinstance(totals, dict) and sorted(totals) == sorted(players)
    assert totals == summed, "totals: the sum of score over all deals"

    assert isinstance(out["violations"], list)
    for v in out["violations"]:
        assert isinstance(v, dict) and {"deal", "message"} <= set(v), v
        assert v["deal"] is None or isinstance(v["deal"], int), v
        assert isinstance(v["message"], str), v
    assert isinstance(out["complete"], bool)
