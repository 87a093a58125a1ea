"""Counts read as counts: ``1 game``, ``1 bet``, ``1 point`` (never ``1 games``), in
``settle`` and ``stats``, their text and their workbooks; and every figure column of
``stats`` under a heading."""

from __future__ import annotations

import json
from pathlib import Path

from openpyxl import load_workbook

from tests.cli_helpers import ROOT, run

EXAMPLES = ROOT / "examples"

# One deal of Barbu: Bob doubles everyone, so each of his pairs has exactly one bet.
ONE_DEAL = {
    "format": "scoresheet-game",
    "version": 1,
    "game": "barbu",
    "rules": "classic",
    "players": ["Ann", "Bob", "Cat", "Dan"],
    "deals": [
        {
            "contract": "no-queens",
            "doubles": [{"by": "Bob", "double": "maximum"}],
            "result": {"queens": {"Ann": 2, "Cat": 1, "Dan": 1}},
        }
    ],
}


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(ONE_DEAL), encoding="utf-8")
    return path


def test_one_game_one_bet_in_the_stats_text(tmp_path: Path) -> None:
    proc = run("stats", _game(tmp_path))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Statistics over 1 game (barbu 1), 4 players")
    assert "Ann–Bob: Ann -12 over 1 bet\n" in out
    assert " 1 games" not in out and " 1 bets" not in out


def test_one_bet_in_the_settle_ledger(tmp_path: Path) -> None:
    proc = run("settle", _game(tmp_path), "--stake", "0.10", "--partial")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Settling 1 game at 0.10 a point.")
    assert "1 bet, 0 redoubled" in proc.stdout
    assert " 1 bets" not in proc.stdout


def test_one_point_in_the_caribbean_all_fours_figures() -> None:
    """examples/caribbean-all-fours.json: Bob and Dan's team kicked once, for one point."""
    proc = run("stats", EXAMPLES / "caribbean-all-fours.json")
    assert proc.returncode == 0, proc.stderr
    assert "Bob  hang jacks 1, kicks 1 (1 point), games won 1" in proc.stdout
    assert "Ann  hang jacks 0, kicks 0 (0 points), games won 0" in proc.stdout


def test_the_workbooks_say_one_game(tmp_path: Path) -> None:
    game = _game(tmp_path)
    settled, figures = tmp_path / "settle.xlsx", tmp_path / "stats.xlsx"
    assert run("settle", game, "--stake", "0.10", "--partial", "--xlsx", settled).returncode == 0
    assert run("stats", game, "--xlsx", figures).returncode == 0
    assert load_workbook(settled)["Settle"]["A1"].value == "Settling 1 game"
    titles = [
        c.value
        for ws in load_workbook(figures).worksheets
        for row in ws.iter_rows(max_row=2)
        for c in row
    ]
    assert "Statistics over 1 game" in titles
    assert not any(isinstance(t, str) and " 1 games" in t for t in titles)


def test_every_figure_column_of_the_points_by_game_has_a_heading() -> None:
    """examples/evening: Dan played two of the three classic games, Cat all three."""
    proc = run("stats", EXAMPLES / "evening")
    assert proc.returncode == 0, proc.stderr
    section = proc.stdout.split("barbu: points, average per game / per deal\n")[1]
    head, *rows = section.split("\n\n")[0].splitlines()
    assert head.split() == ["player", "games", "points", "per", "game", "per", "deal"]
    dan = next(r for r in rows if r.split()[0] == "Dan")
    assert dan.split()[1] == "2"
    # each figure ends under the end of its heading
    for name in ("games", "points", "game", "deal"):
        end = head.index(name) + len(name) if name != "game" else head.index("per game") + 8
        assert all(r[end - 1] != " " and (len(r) == end or r[end] == " ") for r in rows)


def test_every_figure_of_barbus_doubles_has_a_heading() -> None:
    """examples/evening: Cat made 47 doubles, 15 won (32%) and 19 lost, received 57,
    redoubled 14 times and was redoubled 20 times, +324 net, with 2 violations."""
    proc = run("stats", EXAMPLES / "evening")
    assert proc.returncode == 0, proc.stderr
    section = proc.stdout.split("net points\n")[1].split("\n\n")[0].splitlines()
    assert section[0].split() == [
        "player",
        "made",
        "won",
        "lost",
        "received",
        "redoubles",
        "redoubled",
        "net",
        "violations",
    ]
    cat = next(r for r in section if r.split()[0] == "Cat")
    assert cat.split() == ["Cat", "47", "15", "(32%)", "19", "57", "14", "20", "+324", "2"]
    contracts = proc.stdout.split("(declared first)\n")[1].splitlines()[0]
    assert contracts.split() == [
        "player",
        "contract",
        "as",
        "declarer",
        "as",
        "defender",
        "declared",
        "first",
        "best",
        "worst",
    ]
