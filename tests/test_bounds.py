"""Hostile sizes and shapes: every number that sizes work is bounded, and whatever the
input, a command ends with a result or one line and the documented exit code."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from scoresheet import limits
from scoresheet.errors import EXIT_FINDINGS, EXIT_REFUSED
from tests.cli_helpers import ROOT, assert_one_line_error, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HUGE = "9" * 5000  # past Python's 4,300-digit limit on int <-> str


def _game(tmp_path: Path, **changes: Any) -> Path:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": "classic",
        "players": PLAYERS,
        "deals": [],
    }
    data.update(changes)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refused(*args: str | Path) -> str:
    proc = run(*args)
    line = assert_one_line_error(proc)
    assert proc.returncode == EXIT_REFUSED, (proc.returncode, line)
    return line


# -- item 11: sizes bounded at the model -------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "option", "says"),
    [
        ("barbu", "rounds=100000000", "less than or equal to 100"),
        ("barbu", "rounds=40", "a game holds at most 1000"),
        ("rosbiratschka", "rounds=100000000", "less than or equal to 100"),
        ("belote", "target=10000000", "less than or equal to 10000"),
        ("barbu", "values.no-king=-100000000000", "greater than or equal to -1000000"),
    ],
)
def test_new_refuses_a_size_past_its_bound(
    tmp_path: Path, game: str, option: str, says: str
) -> None:
    players = PLAYERS[:3] if game == "rosbiratschka" else PLAYERS
    start = time.monotonic()
    line = _refused("new", tmp_path / "g.json", "--game", game, "-p", *players, "-o", option)
    assert says in line
    assert time.monotonic() - start < 10
    assert not (tmp_path / "g.json").exists()


def test_a_hand_edited_file_with_huge_rounds_is_refused_at_once(tmp_path: Path) -> None:
    path = _game(tmp_path, options={"rounds": 100000000})
    for command in ("show", "status", "score", "export"):
        start = time.monotonic()
        line = _refused(command, path)
        assert "rounds" in line, command
        assert time.monotonic() - start < 10, command
    proc = run("audit", path)  # the game file is read: its rules are a finding
    assert proc.returncode == EXIT_FINDINGS and "rounds" in proc.stdout


def test_a_game_file_holds_a_bounded_number_of_deals_players_and_history(
    tmp_path: Path,
) -> None:
    deal = {"contract": "no-king", "result": {"king_of_hearts": "Ann"}}
    path = _game(tmp_path, deals=[deal] * (limits.MAX_DEALS + 1))
    assert "deals" in _refused("score", path)
    path = _game(tmp_path, players=[f"P{k}" for k in range(limits.MAX_PLAYERS + 1)])
    assert "players" in _refused("score", path)
    entry = {"at": "2026-12-01T00:00:00Z", "action": "undo"}
    path = _game(tmp_path, history=[entry] * (limits.MAX_HISTORY + 1))
    assert "history" in _refused("score", path)


# -- item 14: one line, never a traceback ---------------------------------------------------


def test_deep_nesting_is_one_line(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    path = tmp_path / "g.json"
    path.write_text('{"format": "scoresheet-game", "x": ' + deep + "}", encoding="utf-8")
    assert "g.json: nested too deeply" in _refused("score", path)
    game = _game(tmp_path)
    proc = run("add", game, "--deal", "-", stdin=deep)
    assert "--deal: nested too deeply" in assert_one_line_error(proc)
    assert proc.returncode == EXIT_REFUSED


def test_a_5000_digit_integer_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    text = json.dumps({"format": "scoresheet-game", "version": 1, "players": PLAYERS})
    path.write_text(text.replace('"version": 1', f'"version": {HUGE}'), encoding="utf-8")
    assert "g.json" in _refused("score", path)
    game = _game(tmp_path)
    line = _refused("add", game, "no-queens", "--queens", f"Ann={HUGE}")
    assert "queens" in line and len(line) < 200
    assert "rounds" in _refused("new", tmp_path / "n.json", "-p", *PLAYERS, "-o", f"rounds={HUGE}")


def test_an_option_set_whole_and_in_part_is_refused(tmp_path: Path) -> None:
    for first, second in (("values=3", "values.no-king=1"), ("values.no-king=1", "values=3")):
        line = _refused("new", tmp_path / "g.json", "-p", *PLAYERS, "-o", first, "-o", second)
        assert "give one or the other" in line
    assert not (tmp_path / "g.json").exists()


def test_a_full_output_device_is_one_line(tmp_path: Path) -> None:
    import subprocess

    from tests.cli_helpers import SCRIPT

    game = _game(tmp_path)
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [str(SCRIPT), "show", str(game)], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert proc.returncode == EXIT_REFUSED
    assert proc.stderr.strip().splitlines() == [
        "scoresheet: standard output: cannot write (No space left on device)"
    ]


def test_the_last_resort_boundary_prints_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fault of scoresheet's own still ends in one line and exit 3, not a traceback."""
    from scoresheet.cli import main
    from scoresheet.errors import EXIT_INTERNAL
    from scoresheet.games.barbu import game as barbu

    def broken(*args: Any) -> Any:
        raise TypeError("a bug")

    monkeypatch.setattr(barbu, "score_game", broken)
    with pytest.raises(SystemExit) as exc:
        main(["score", str(ROOT / "examples" / "classic.json")])
    assert exc.value.code == EXIT_INTERNAL
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "internal error (TypeError)" in err[0]


# -- item 15: one exit-code convention ----------------------------------------------------


def test_every_command_refuses_with_exit_2_and_audit_findings_exit_1(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    for args in (
        ("score", missing),
        ("show", missing),
        ("audit", missing),
        ("export", missing),
        ("import", tmp_path / "missing.xlsx", "-o", tmp_path / "o.json"),
        ("score",),  # a usage error
    ):
        proc = run(*args)
        assert_one_line_error(proc)
        assert proc.returncode == EXIT_REFUSED, args
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    data["deals"][0]["result"] = {"tricks": {"Ann": 13}}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert run("audit", bad).returncode == EXIT_FINDINGS


# -- item 3: a preset belongs to a game -------------------------------------------------------


def test_a_preset_of_another_game_is_refused_by_new_and_blank(tmp_path: Path) -> None:
    for command, out in (("new", "g.json"), ("blank", "b.xlsx")):
        target = tmp_path / out
        args = ("-o", target) if command == "blank" else (target,)
        line = _refused(
            command, *args, "--game", "belote", "--rules", "classic", "--players", ",".join(PLAYERS)
        )
        assert '"classic" is a preset of barbu, not of belote' in line, command
        assert not target.exists()


def test_a_preset_alone_names_its_game(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    proc = run("new", path, "--rules", "rosbiratschka", "-p", *PLAYERS)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "rosbiratschka"
    sheet = tmp_path / "b.xlsx"
    proc = run("blank", "-o", sheet, "--rules", "belote", "--players", ",".join(PLAYERS))
    assert proc.returncode == 0, proc.stderr
    audit = run("audit", sheet)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_game_file_naming_a_preset_of_another_game_is_refused(tmp_path: Path) -> None:
    path = _game(tmp_path, rules="belote")
    assert '"belote" is a preset of belote, not of barbu' in _refused("score", path)
    data = json.loads((ROOT / "examples" / "belote.json").read_text(encoding="utf-8"))
    data["rules"] = "classic"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert '"classic" is a preset of barbu, not of belote' in _refused("score", path)
