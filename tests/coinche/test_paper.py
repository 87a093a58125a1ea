"""Coinche's phone sheet, served by ``serve``, and its paper documents, made by
``blank -o X.pdf`` and ``export GAME.json -o X.pdf`` and read back with poppler: the
contract as the table says it, scores and running totals."""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

from scoresheet.games.coinche import paper, web
from scoresheet.games.coinche.score import score_game
from scoresheet.paper.render import render
from tests.cli_helpers import ROOT, run
from tests.paper_helpers import A4, MIN_BOX, page_sizes, pages, text, words
from tests.serve_helpers import post_json, request, serving

EXAMPLE = ROOT / "examples" / "coinche.json"
PLAYERS = ["Zoë", "Jérôme", "Ågot", "Łukasz"]


def test_the_phone_sheet() -> None:
    result = score_game(json.loads(EXAMPLE.read_text("utf-8")))
    sheet = web.sheet(result)
    deals = [r for r in sheet["rows"] if r["kind"] == "deal"]
    assert deals[1]["cells"] == ["2", "Ann", "Bob 100♠ coinché by Ann", "dedans ×2", "20", "520"]
    assert deals[2]["cells"][2] == "Dan 90♣ surcoinché by Bob"
    running = [r for r in sheet["rows"] if r["kind"] == "running"]
    assert running[-1]["cells"][-2:] == [str(t) for t in result.team_totals]
    assert sheet["standings"][0] == {"place": 1, "name": "Bob & Dan", "total": "2110"}


def test_the_pad_and_the_printed_game_render() -> None:
    result = score_game(json.loads(EXAMPLE.read_text("utf-8")))
    printed = paper.printed(result)
    assert printed.title == "Coinche — rules coinche, target 2000"
    assert printed.grid.blocks[0].rows[0][2] == "Ann 100♥"
    pad = paper.pad(result)
    assert [row[1] for row in pad.grid.blocks[0].rows[:4]] == ["Bob", "Ann", "Dan", "Cat"]
    for doc in (printed, pad):
        assert render(doc).startswith(b"%PDF")


def test_blank_writes_a_pad_of_every_preset(tmp_path: Path) -> None:
    for preset in ("coinche", "coinche-bga", "coinche-bid-only"):
        path = tmp_path / f"{preset}.pdf"
        proc = run("blank", "-o", path, "--players", ",".join(PLAYERS), "--rules", preset)
        assert proc.returncode == 0, proc.stderr
        assert pages(path) == 2 and page_sizes(path) <= A4  # and a continuation page
        content = text(path)
        assert f"Coinche score pad — rules {preset}" in content and "Date:" in content
        for name in PLAYERS:
            assert name in content, name
        # Every row's dealer, in turn: the deal passes to the right.
        dealers = re.findall(rf"^\s*\d+\s+({'|'.join(PLAYERS)})\b", content, re.M)
        assert dealers[:5] == [PLAYERS[0], PLAYERS[3], PLAYERS[2], PLAYERS[1], PLAYERS[0]]
        for word, height in words(path):
            assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"


def test_export_prints_the_game_as_score_json_has_it(tmp_path: Path) -> None:
    for name in ("coinche", "coinche-bga", "coinche-bid-only"):
        game = ROOT / "examples" / f"{name}.json"
        path = tmp_path / f"{name}.pdf"
        proc = run("export", game, "-o", path)
        assert proc.returncode == 0, proc.stderr
        scored = json.loads(run("score", game, "--json").stdout)
        content = text(path)
        for deal in scored["deals"]:
            line = next(
                line
                for line in content.splitlines()
                if re.match(rf"\s*{deal['number']}\s+{deal['dealer']}\s", line)
            )
            outcome = "made" if deal["made"] else "dedans"
            numbers = [int(t) for t in line.split(f" {outcome} ", 1)[1].split()]
            assert numbers == [*deal["team_score"], *deal["running"]], (name, line)
        total = next(line for line in content.splitlines() if re.match(r"\s*Total\s", line))
        assert [int(t) for t in total.split()[1:]] == scored["team_totals"]
        assert "Standings" in content and pages(path) <= 2


def _state(view: str, count: int) -> dict[str, Any]:
    deadline = time.monotonic() + 5
    while True:
        state: dict[str, Any] = json.loads(request("GET", view + "state")[1])
        if state.get("deals") == count or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


def test_serve_shows_the_sheet_and_takes_a_deal(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text("utf-8"))
    last = data["deals"].pop()
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    twin = tmp_path / "twin.json"
    shutil.copy(game, twin)
    with serving(game) as s:
        state = _state(s.view, 7)
        assert state["game"] == "coinche"
        assert state["score"] == json.loads(run("score", game, "--json").stdout)
        rows = [r for r in state["rows"] if r["kind"] == "deal"]
        assert rows[2]["cells"][2] == "Dan 90♣ surcoinché by Bob"
        status, answer = post_json(s.score, "deals/8", last)
        assert status == 200, answer
        assert answer["deals"] == 8
        state = _state(s.view, 8)
        assert state["complete"] and state["standings"][0]["total"] == "2110"
    assert run("add", twin, "--deal", json.dumps(last)).returncode == 0
    assert (
        json.loads(game.read_text("utf-8"))["deals"] == json.loads(twin.read_text("utf-8"))["deals"]
    )
