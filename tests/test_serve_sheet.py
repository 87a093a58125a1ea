"""The phone's sheet (scoresheet.serve.sheet) against the one scoring result, for every
preset of every game: random legal games from each game's simulator."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet import registry, session
from scoresheet.rules import list_presets, load_preset
from scoresheet.serve.sheet import view
from tests.serve_helpers import with_players

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PRESETS = [(name, load_preset(name).game) for name in list_presets()]


def number(cell: str) -> int:
    """The score in a sheet cell: its last word (``A*\\n+20`` → 20, ``0`` → 0)."""
    return int(cell.split()[-1]) if cell.split() else 0


def random_result(preset: str, game: str, seed: int, deals: int | None) -> Any:
    simulate = registry.part(game, "simulate")
    data = simulate.random_game(random.Random(seed), preset, deals=deals)
    return session.rescore(data, "game.json")[1]


def test_every_game_has_presets_here() -> None:
    assert {game for _, game in PRESETS} == set(registry.names())


@pytest.mark.parametrize(("preset", "game"), PRESETS, ids=[p for p, _ in PRESETS])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), deals=st.one_of(st.none(), st.integers(0, 5)))
def test_the_sheet_shows_the_scores_of_the_result(
    preset: str, game: str, seed: int, deals: int | None
) -> None:
    result = random_result(preset, game, seed, deals)
    sheet = view(result, "game.json")
    score = sheet["score"]
    json.dumps(sheet)  # what the server sends
    deal_rows = [r for r in sheet["rows"] if r["kind"] == "deal"]
    assert [r["number"] for r in deal_rows] == [d["number"] for d in score["deals"]]
    assert all(len(r["cells"]) in (1, len(sheet["columns"])) for r in sheet["rows"])
    assert sheet["deals"] == len(score["deals"])
    assert len(sheet["violations"]) == len(score["violations"])
    if sheet["teams"] is None:
        # One column per player: each deal's scores add up to the totals, and the last
        # running row is the totals.
        players = score["players"]
        first = sheet["columns"].index(players[0])
        for i, p in enumerate(players):
            column = [number(r["cells"][first + i]) for r in deal_rows]
            assert sum(column) == score["totals"][p]
        running = [r for r in sheet["rows"] if r["kind"] == "running"]
        if running:
            last = running[-1]["cells"][first : first + len(players)]
            assert [number(c) for c in last] == [score["totals"][p] for p in players]
        totals = [number(s["total"]) for s in sheet["standings"]]
        assert sorted(totals, reverse=not registry.game(game).penalty) == totals
        assert sorted(s["name"] for s in sheet["standings"]) == sorted(players)
    else:
        totals = [int(s["total"]) for s in sheet["standings"]]
        assert sorted(totals, reverse=True) == totals
        assert sorted(totals) == sorted(score["team_totals"])
        if deal_rows:
            # The running totals after the last deal, in the teams' columns: in a row of
            # their own under the deal, or in the deal's own row (the layout says which).
            labels = [team.split(" = ")[0] for team in sheet["teams"]]
            columns = [sheet["columns"].index(label) for label in labels]
            last = sheet["rows"][-1]
            if last["kind"] != "running":
                assert last is deal_rows[-1]
            running = [last["cells"][c] for c in columns]
            assert [int(c) for c in running] == score["team_totals"]


def test_barbu_shows_the_doubles_owed_then_the_violations() -> None:
    """Nobody ever doubles. Classic rules oblige every non-declarer to double each
    declarer twice in the declarer's seven deals: after five deals each still owes Ann
    both; after the whole game each obligation is a violation."""
    from scoresheet.games.barbu.simulate import random_game

    data = random_game(random.Random(3), "classic", eagerness=0.0)
    assert all(not deal.get("doubles") for deal in data["deals"])
    early = view(session.rescore({**data, "deals": data["deals"][:5]}, "g.json")[1], "g.json")
    (owed,) = [s for s in early["sections"] if s["title"] == "Doubles still owed to declarers"]
    for player in ("Bob", "Cat", "Dan"):
        assert f"{player} must double Ann in both of Ann's last 2 deals" in owed["lines"]
    assert early["violations"] == []
    late = view(session.rescore(data, "g.json")[1], "g.json")
    assert (
        "deal 7: Bob doubled Ann 0 times in Ann's set; the rules require 2" in (late["violations"])
    )
    # Four declarers, three others each: twelve obligations broken.
    assert len(late["violations"]) == 12


@pytest.mark.parametrize(("preset", "game"), PRESETS, ids=[p for p, _ in PRESETS])
def test_what_the_next_deal_needs_does_not_depend_on_the_servers_terminal(
    preset: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The status view wrapped to a narrow terminal once put the tail of its title
    ("2000" of "first team to 2000") on the phones as a line of its own."""
    result = random_result(preset, game, 7, 1)
    monkeypatch.setenv("COLUMNS", "40")
    narrow = view(result, "a-game-file-with-a-long-name.json")["next"]
    monkeypatch.setenv("COLUMNS", "1000")
    wide = view(result, "a-game-file-with-a-long-name.json")["next"]
    assert narrow == wide


def test_the_sheet_offers_initials_and_their_legend_for_a_narrow_screen() -> None:
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    names = ["Alexandra", "Christopher", "Maximilian", "Jacqueline"]
    result = session.rescore(with_players(data, names), "game.json")[1]
    sheet = view(result, "game.json")
    assert sheet["columns"] == ["#", "contract", *names, "ok"]
    assert sheet["short_columns"] == ["#", "contract", "A", "C", "M", "J", "ok"]
    assert sheet["legend"] == "players: A Alexandra, C Christopher, M Maximilian, J Jacqueline"
