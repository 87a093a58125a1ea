"""Coinche through the installed console script, as a table would use it: the page's
worked example entered with ``add``, then ``show``, ``status``, ``score --json``,
``edit``, ``history`` and ``undo``; a refused deal leaves the file as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import assert_one_line_error, run

PLAYERS = ("--players", "Bob", "Cat", "Dan", "Ann", "--team", "Bob,Dan", "--team", "Cat,Ann")


def _new(tmp_path: Path, preset: str = "coinche") -> Path:
    path = tmp_path / "g.json"
    proc = run("new", path, "--game", "coinche", "--rules", preset, *PLAYERS)
    assert proc.returncode == 0, proc.stderr
    assert f"a new coinche game ({preset} rules)" in proc.stdout
    return path


def _json(path: Path) -> dict[str, Any]:
    proc = run("score", path, "--json")
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def _set(*items: str) -> list[str]:
    return [word for item in items for word in ("--set", item)]


def test_the_page_example_at_the_table(tmp_path: Path) -> None:
    g = _new(tmp_path)
    proc = run("add", g, "h", *_set("bid=100", "taker=Ann", "points=56,96", "last=1", "belote=Ann"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("deal 1: Ann 100♥ (Cat & Ann, 126 to 56) — made:")
    assert "Next, deal 2: Ann deals, Dan speaks first." in proc.stdout
    proc = run(
        "add",
        g,
        "spades",
        *_set("bid=100", "taker=Bob", "coinche=Ann", "points=74,78", "last=CA", "belote=Bob"),
    )
    assert proc.returncode == 0, proc.stderr
    assert "Bob 100♠ coinché by Ann" in proc.stdout
    deal = {
        "contract": "clubs",
        "bid": 90,
        "taker": "Dan",
        "coinche": "Cat",
        "surcoinche": "Bob",
        "result": {"points": [85, 67], "last_trick": 0},
    }
    assert run("add", g, "--deal", json.dumps(deal)).returncode == 0
    proc = run("add", g, "♣", *_set("bid=80", "taker=Bob", "points=71,81", "last=0"))
    assert proc.returncode == 0, proc.stderr
    assert "totals: Bob & Dan 1080, Cat & Ann 990 (target 2000)" in proc.stdout
    out = _json(g)
    assert (out["team_totals"], out["winner"], out["complete"]) == ([1080, 990], None, False)
    assert [d["team_score"] for d in out["deals"]] == [[60, 230], [20, 520], [1000, 0], [0, 240]]
    assert [d["multiplier"] for d in out["deals"]] == [1, 2, 4, 1]
    saved = json.loads(g.read_text(encoding="utf-8"))
    assert saved["deals"][1]["coinche"] == "Ann" and saved["deals"][0]["bid"] == 100

    status = run("status", g).stdout
    assert "Next, deal 5: Bob deals, Ann speaks first." in status
    assert "Bob & Dan 920 to go" in status
    show = run("show", g, "--width", "200").stdout
    assert "Dan 90♣ surcoinché by Bob" in show and "Standings" in show
    assert "Dan 90♣ surcoinché by Bob" in run("score", g, "--width", "200").stdout

    proc = run("edit", g, "4", "clubs", *_set("bid=80", "taker=Bob", "points=72,80", "last=0"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("corrected deal 4: Bob 80♣ (Bob & Dan, 82 to 80) — made")
    assert "corrected deal 4" in run("history", g).stdout
    proc = run("undo", g, "--yes")
    assert proc.returncode == 0 and "removed; 3 deals left" in proc.stdout
    assert _json(g)["team_totals"] == [1080, 750]


def test_play_asks_the_auction_then_the_result_as_belote(tmp_path: Path) -> None:
    g = _new(tmp_path)
    answers = ["h", "100", "Ann", "", "56", "1", "Ann"]  # no coinche: no surcoinche asked
    answers += ["s", "95", "100", "Bob", "Dan", "Ann", "", "74", "1", "Bob", "quit"]
    proc = run("play", g, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "Surcoinched by? (Bob or Dan; Enter for none)" in proc.stdout
    assert "not a multiple of 10" in proc.stdout + proc.stderr
    assert "Dan cannot coinche: only a defender (Cat & Ann) may" in proc.stdout + proc.stderr
    assert "Bob 100♠ coinché by Ann (Bob & Dan, 94 to 88) — dedans" in proc.stdout
    # Who deals and speaks next is said once, in the next deal's heading.
    assert proc.stdout.count("Next, deal 2: ") == 1
    assert proc.stdout.count("Next, deal 3: ") == 1
    assert [d["team_score"] for d in _json(g)["deals"]] == [[60, 230], [20, 520]]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["h", *_set("taker=Ann", "points=56,96", "last=1")], "--set bid=NUMBER is missing"),
        (["h", *_set("bid=95", "taker=Ann", "points=56,96", "last=1")], "not a multiple of 10"),
        (["h", *_set("bid=100", "taker=Ann", "coinche=Cat", "points=56,96", "last=1")], "Cat"),
        (["h", *_set("bid=100", "taker=Ann", "points=56,90", "last=1")], "add up to 146"),
        (["nt", *_set("bid=100", "taker=Ann", "points=56,96", "last=1", "belote=1")], "No Tr"),
        (["h", *_set("bid=100", "taker=Ann", "points=56,96", "last=1", "bet=3")], "Coinche key"),
    ],
)
def test_a_refused_deal_leaves_the_file(tmp_path: Path, args: list[str], fragment: str) -> None:
    g = _new(tmp_path)
    before = g.read_bytes()
    line = assert_one_line_error(run("add", g, *args))
    assert fragment in line
    assert g.read_bytes() == before


def test_the_rules_presets_show(tmp_path: Path) -> None:
    listed = run("rules", "list").stdout
    for preset in ("coinche", "coinche-bga", "coinche-bid-only"):
        assert preset in listed
    assert "dedans: 162 + bid" in run("rules", "show", "coinche-bga").stdout
    shown = json.loads(run("rules", "show", "coinche-bid-only", "--json").stdout)
    assert (shown["scoring"], shown["target"]) == ("bid-only", 1000)
    assert _json(_new(tmp_path, "coinche-bid-only"))["target"] == 1000
