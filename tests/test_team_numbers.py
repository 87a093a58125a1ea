"""A player named like a team number (``1``, ``0``) in Belote and Coinche: where a value
may be a team or a player (``last_trick``, ``belote``, ``capot``, ``decl``; in ``add``,
``edit``, ``play`` and the phone form), a name that is also a team number of the other
team is refused, naming both readings; ``:0``/``:1`` always mean the team. When both
readings are one team the answer stands. Caribbean All Fours asks for players only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.games.belote import entry as belote_entry
from scoresheet.serve import form
from scoresheet.session import new_game, open_game
from tests.cli_helpers import deals, refused_unchanged, run

# Seating 1, 0, Ann, Bob: team 0 is 1 & Ann, team 1 is 0 & Bob — each number-named
# player sits in the team of the other number.
CROSSED = ["1", "0", "Ann", "Bob"]
TEAMS = (("1", "Ann"), ("0", "Bob"))
ONE = (
    'last_trick: "1" could be player 1\'s team (0) or team 1; '
    "type :0 for player 1's team, :1 for team 1"
)
ZERO = (
    'last_trick: "0" could be player 0\'s team (1) or team 0; '
    "type :1 for player 0's team, :0 for team 0"
)


def start(tmp_path: Path, game: str, players: list[str], *options: str) -> Path:
    path = tmp_path / "g.json"
    proc = run("new", path, "--game", game, "--players", *players, *options)
    assert proc.returncode == 0, proc.stderr
    return path


# -- the reader --------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "message"), [("1", ONE), ("0", ZERO)])
def test_a_number_named_player_of_the_other_team_is_refused(typed: str, message: str) -> None:
    with pytest.raises(ScoresheetError) as refused:
        belote_entry.team(typed, CROSSED, TEAMS, field="last_trick")
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("typed", "team"),
    [(":1", 1), (":0", 0), ("Ann", 0), ("Bob", 1), ("1A", 0), ("0B", 1), ("none", None)],
)
def test_the_team_is_still_named_every_other_way(typed: str, team: int | None) -> None:
    assert belote_entry.team(typed, CROSSED, TEAMS, field="last_trick") == team


def test_a_number_named_player_of_the_same_team_is_read() -> None:
    players, teams = ["0", "1", "Ann", "Bob"], (("0", "Ann"), ("1", "Bob"))
    assert belote_entry.team("0", players, teams, field="x") == 0
    assert belote_entry.team("1", players, teams, field="x") == 1


def test_a_declaration_takes_the_marked_team() -> None:
    assert belote_entry.declaration(":1:tierce:K", CROSSED, TEAMS)["team"] == 1
    assert belote_entry.declaration("1A:tierce:K", CROSSED, TEAMS)["team"] == 0
    with pytest.raises(ScoresheetError, match=r'^decl: "1" could be player 1\'s team \(0\)'):
        belote_entry.declaration("1:tierce:K", CROSSED, TEAMS)


# -- add / edit ----------------------------------------------------------------------------


def test_belote_add_refuses_last_1_with_a_player_named_1(tmp_path: Path) -> None:
    """The reported case: ``last=1`` was saved as player 1's team (0)."""
    path = start(tmp_path, "belote", CROSSED)
    hearts: list[str | Path] = ["add", path, "h", "--set", "taker=Ann", "--set", "points=62,90"]
    assert refused_unchanged(path, *hearts, "--set", "last=1") == f"scoresheet: {ONE}"
    assert refused_unchanged(path, *hearts, "--set", "last=0") == f"scoresheet: {ZERO}"
    line = refused_unchanged(path, *hearts, "--set", "last=:1", "--set", "belote=0")
    assert 'belote: "0" could be player 0\'s team (1) or team 0' in line
    ok = run(*hearts, "--set", "last=:1", "--set", "belote=:0")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"] == {"points": [62, 90], "last_trick": 1, "belote": 0}
    ok = run("edit", path, "1", "h", "--replace", "--set", "taker=Ann", "--set", "points=62,90",
             "--set", "last=Bob")  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"]["last_trick"] == 1
    line = refused_unchanged(
        path, "edit", path, "1", "h", "--set", "taker=Ann", "--set", "points=62,90",
        "--set", "last=1",
    )  # fmt: skip
    assert line == f"scoresheet: {ONE}"


def test_belote_declarations_with_a_player_named_1(tmp_path: Path) -> None:
    path = start(tmp_path, "belote", CROSSED, "--option", "declarations=true")
    hearts: list[str | Path] = [
        "add", path, "h", "--set", "taker=Ann", "--set", "points=62,90", "--set", "last=Ann"
    ]  # fmt: skip
    line = refused_unchanged(path, *hearts, "--set", "decl=1:tierce:K")
    assert line.startswith('scoresheet: decl: "1" could be player 1\'s team (0) or team 1')
    ok = run(*hearts, "--set", "decl=:1:tierce:K")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"]["declarations"] == [{"team": 1, "kind": "tierce", "rank": "K"}]


def test_belote_add_reads_a_number_named_player_of_that_team(tmp_path: Path) -> None:
    path = start(tmp_path, "belote", ["0", "1", "Ann", "Bob"])
    ok = run("add", path, "h", "--set", "taker=Ann", "--set", "points=62,90", "--set", "last=1")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"]["last_trick"] == 1


def test_coinche_add_refuses_last_1_with_a_player_named_1(tmp_path: Path) -> None:
    path = start(tmp_path, "coinche", CROSSED)
    deal: list[str | Path] = [
        "add", path, "h", "--set", "bid=80", "--set", "taker=Ann", "--set", "points=92,60"
    ]  # fmt: skip
    assert refused_unchanged(path, *deal, "--set", "last=1") == f"scoresheet: {ONE}"
    ok = run(*deal, "--set", "last=:0")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"]["last_trick"] == 0


def test_a_file_with_number_named_players_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, CROSSED, game="belote")
    data = json.loads(path.read_text("utf-8"))
    data["deals"] = [{"contract": "hearts", "taker": "Ann",
                      "result": {"points": [62, 90], "last_trick": 1}}]  # fmt: skip
    path.write_text(json.dumps(data), encoding="utf-8")
    shown = run("score", path, "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["team_totals"] == [0, 162]
    ok = run("add", path, "--deal", json.dumps(data["deals"][0]))
    assert ok.returncode == 0, ok.stderr


def test_caribbean_all_fours_reads_players_only(tmp_path: Path) -> None:
    """No team-or-player answer there: ``high=1`` is the player 1."""
    path = start(tmp_path, "caribbean-all-fours", CROSSED)
    ok = run("add", path, "--set", "turn_ups=JS", "--set", "beg=stand", "--set", "high=1",
             "--set", "low=0", "--set", "jack=none", "--set", "game_points=38,40")  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"]["high"] == "1"
    assert deals(path)[0]["result"]["low"] == "0"


# -- play and the phone form ------------------------------------------------------------


def test_play_asks_again_and_takes_the_marked_team(tmp_path: Path) -> None:
    path = start(tmp_path, "belote", CROSSED)
    answers = ["h", "Ann", "62", "1", ":1", "0", ":0", "quit"]
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    flat = " ".join(proc.stdout.split())
    assert f"✗ {ONE}" in flat
    assert '✗ belote: "0" could be player 0\'s team (1) or team 0' in flat
    assert deals(path)[0]["result"] == {"points": [62, 90], "last_trick": 1, "belote": 0}


def test_coinche_play_asks_again(tmp_path: Path) -> None:
    path = start(tmp_path, "coinche", CROSSED)
    answers = ["h", "80", "Ann", "", "92", "1", "Bob", "", "quit"]
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"✗ {ONE}" in " ".join(proc.stdout.split())
    assert deals(path)[0]["result"]["last_trick"] == 1


def test_the_phone_form_refuses_it_too(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, CROSSED, game="belote")
    game = open_game(path)
    reply = form.ask(game, [])
    for text in ("h", "Ann", "62"):
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], text)
        assert "error" not in reply, reply
    refused = form.ask(game, [tuple(p) for p in reply["answers"]], "1")
    assert refused["question"]["key"] == "last_trick"
    assert refused["error"] == ONE
    taken = form.ask(game, [tuple(p) for p in reply["answers"]], ":1")
    assert "error" not in taken and taken["question"]["key"] == "belote"
