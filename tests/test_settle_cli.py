"""``scoresheet settle`` through the installed console script."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

from scoresheet.evening import load_game
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from tests.cli_helpers import ROOT, assert_one_line_error, run

EXAMPLES = ROOT / "examples"


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _json(*args: str | Path) -> dict[str, Any]:
    proc = run("settle", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def test_the_classic_example_at_a_cent_a_point() -> None:
    """examples/classic.json totals Ann +219, Bob −215, Cat −85, Dan +81: at a cent a point
    Bob pays Ann 2.15, and Cat's 0.85 goes 0.81 to Dan and 0.04 to Ann."""
    out = _json(EXAMPLES / "classic.json", "--stake", "0.01")
    assert out["currency"] == "" and out["stake"] == "0.01"  # no currency unless given
    assert out["balances"] == {"Ann": "2.19", "Bob": "-2.15", "Cat": "-0.85", "Dan": "0.81"}
    assert out["payments"] == [
        {"from": "Bob", "to": "Ann", "amount": "2.15"},
        {"from": "Cat", "to": "Dan", "amount": "0.81"},
        {"from": "Cat", "to": "Ann", "amount": "0.04"},
    ]
    assert [g["file"] for g in out["games"]] == [str(EXAMPLES / "classic.json")]
    ann_bob = next(p for p in out["ledger"] if p["players"] == ["Ann", "Bob"])
    assert ann_bob["net"] == {"Ann": 93, "Bob": -93}
    assert ann_bob["amount"] == {"Ann": "0.93", "Bob": "-0.93"}
    assert out["partial"] is False
    assert out["games"][0]["violations"] == 0


def test_a_game_with_violations_is_settled_as_scored_and_says_so() -> None:
    """examples/evening/classic-1.json: two players short of their declarer doubles."""
    path = EXAMPLES / "evening" / "classic-1.json"
    assert _json(path, "--stake", "0.01")["games"][0]["violations"] == 2
    proc = run("settle", path, "--stake", "0.01")
    assert f"2 rule violations, settled as scored (scoresheet score {path} lists them)" in (
        proc.stdout
    )


def test_the_text_names_each_rule_the_payments_and_the_ledger() -> None:
    proc = run(
        "settle",
        EXAMPLES / "classic.json",
        EXAMPLES / "rosbiratschka.json",
        "--stake",
        "0.05",
        "--currency",
        "CHF",
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "zero-sum: each player's total × the stake" in out
    assert "penalty points, lowest wins" in out
    assert "pays" in out and "CHF" in out
    assert "Doubling ledger over the evening (already counted in the totals above)" in out


def test_ledger_only_settles_just_the_side_bets() -> None:
    out = _json(EXAMPLES / "classic.json", "--stake", "0.01", "--ledger-only")
    # Ann's side bets: +93 against Bob, +108 against Cat, −2 against Dan.
    assert out["balances"]["Ann"] == "1.99"
    assert out["ledger_only"] is True


def test_a_belote_evening_at_a_stake_per_game(tmp_path: Path) -> None:
    """examples/belote.json is won by Bob & Dan: at 2 € a game each winner gets 1 €."""
    other = _write(tmp_path / "second.json", random_belote(random.Random(7)))
    first = load_game(other)
    winner = first.score["winner"]
    assert isinstance(winner, int)
    winners = set(first.score["teams"][winner])
    out = _json(EXAMPLES / "belote.json", other, "--stake", "2")
    expected = {p: Decimal(0) for p in ("Ann", "Bob", "Cat", "Dan")}
    for p in expected:
        expected[p] += Decimal(1) if p in ("Bob", "Dan") else Decimal(-1)
        expected[p] += Decimal(1) if p in winners else Decimal(-1)
    assert {p: Decimal(v) for p, v in out["balances"].items()} == expected
    assert "per game won" in out["games"][0]["explanation"]


def test_refusals_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    half = _write(tmp_path / "half.json", random_barbu(random.Random(1), "classic", deals=3))
    out = tmp_path / "out.xlsx"
    line = assert_one_line_error(run("settle", half, "--stake", "0.01", "--xlsx", out))
    assert "half.json: the game is not complete (3 deals of 28 played)" in line
    assert "--partial" in line
    mixed = assert_one_line_error(
        run("settle", EXAMPLES / "classic.json", EXAMPLES / "belote.json", "--stake", "1")
    )
    assert "per point in" in mixed and "per game won in" in mixed
    assert "no such file" in assert_one_line_error(
        run("settle", tmp_path / "x.json", "--stake", "1")
    )
    assert "not a positive amount" in assert_one_line_error(
        run("settle", EXAMPLES / "classic.json", "--stake", "-3")
    )
    twice = assert_one_line_error(
        run("settle", EXAMPLES / "classic.json", EXAMPLES / "classic.json", "--stake", "1")
    )
    assert "classic.json: named twice" in twice
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert "bad.json" in assert_one_line_error(run("settle", bad, "--stake", "1"))
    assert not out.exists()


def test_partial_says_so(tmp_path: Path) -> None:
    half = _write(tmp_path / "half.json", random_barbu(random.Random(1), "classic", deals=3))
    proc = run("settle", half, "--stake", "0.01", "--partial")
    assert proc.returncode == 0, proc.stderr
    assert "PARTIAL: not every game is complete" in proc.stdout
    assert "half.json (barbu, classic, NOT COMPLETE)" in proc.stdout
    assert _json(half, "--stake", "0.01", "--partial")["partial"] is True


def test_an_existing_workbook_is_kept_without_force(tmp_path: Path) -> None:
    out = tmp_path / "evening.xlsx"
    out.write_bytes(b"mine")
    assert_one_line_error(run("settle", EXAMPLES / "classic.json", "--stake", "1", "--xlsx", out))
    assert out.read_bytes() == b"mine"
    proc = run("settle", EXAMPLES / "classic.json", "--stake", "1", "--xlsx", out, "--force")
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:2] == b"PK"


def test_the_order_of_the_files_changes_nothing_but_the_list_of_games() -> None:
    files = [EXAMPLES / "evening" / f"classic-{i}.json" for i in (1, 2, 3)]
    forward = _json(*files, "--stake", "0.01")
    backward = _json(*reversed(files), "--stake", "0.01")
    for key in ("balances", "payments", "ledger"):
        assert forward[key] == backward[key]
    assert [g["file"] for g in backward["games"]] == [str(f) for f in reversed(files)]
    # Eve sat in for the third game only, Dan not at all: each settles only their games.
    assert forward["games"][2]["points"].keys() == {"Ann", "Bob", "Cat", "Eve"}
    assert forward["balances"]["Eve"] == "1.46"
