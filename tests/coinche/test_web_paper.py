"""Coinche's phone sheet and paper documents (not wired to ``serve`` and ``export``
yet): the contract as the table says it, scores and running totals, and PDFs that
render."""

from __future__ import annotations

import json

from scoresheet.games.coinche import paper, web
from scoresheet.games.coinche.score import score_game
from scoresheet.paper.render import render
from tests.cli_helpers import ROOT


def test_the_phone_sheet() -> None:
    result = score_game(json.loads((ROOT / "examples" / "coinche.json").read_text("utf-8")))
    sheet = web.sheet(result)
    deals = [r for r in sheet["rows"] if r["kind"] == "deal"]
    assert deals[1]["cells"] == ["2", "Ann", "Bob 100♠ coinché by Ann", "dedans ×2", "20", "520"]
    assert deals[2]["cells"][2] == "Dan 90♣ surcoinché by Bob"
    running = [r for r in sheet["rows"] if r["kind"] == "running"]
    assert running[-1]["cells"][-2:] == [str(t) for t in result.team_totals]
    assert sheet["standings"][0] == {"place": 1, "name": "Bob & Dan", "total": "2110"}


def test_the_pad_and_the_printed_game_render() -> None:
    result = score_game(json.loads((ROOT / "examples" / "coinche.json").read_text("utf-8")))
    printed = paper.printed(result)
    assert printed.title == "Coinche — rules coinche, target 2000"
    assert printed.grid.blocks[0].rows[0][2] == "Ann 100♥"
    pad = paper.pad(result)
    assert [row[1] for row in pad.grid.blocks[0].rows[:4]] == ["Bob", "Ann", "Dan", "Cat"]
    for doc in (printed, pad):
        assert render(doc).startswith(b"%PDF")
