"""The end of a Barbu game: the winner named in ``score``, ``show``, ``status`` and in
``score --json`` (the highest total; players tied for first share it, as the standings'
1, 1, 3, 4 do)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli_helpers import ROOT, run
from tests.conftest import game

# One contract, so a game is four deals. Three undoubled No Queens deals are split (the
# declarer 0, the others -8 each); in the fourth Ann doubles Dan and they take two queens
# each (-12 each, the bet moves nothing): Ann -28, Bob -16, Cat -16, Dan -36.
ONE_CONTRACT = {"contracts": ["no-queens"], "doubling": {"min_declarer_doubles": 0}}
SPLIT = {"contract": "no-queens"}
PLAYED = {
    "contract": "no-queens",
    "doubles": [{"by": "Ann", "double": ["Dan"]}],
    "result": {"queens": {"Ann": 2, "Dan": 2}},
}


def write(tmp_path: Path, deals: list[dict[str, Any]]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game(deals, options=ONE_CONTRACT)), encoding="utf-8")
    return path


def ok(*args: str | Path) -> str:
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_winner_of_the_example_game_is_named() -> None:
    """examples/classic.json ends Ann +219, Bob -215, Cat -85, Dan +81."""
    example = ROOT / "examples" / "classic.json"
    assert "winner: Ann (highest total, +219)" in ok("score", example)
    assert "winner: Ann (highest total, +219)" in ok("show", example)
    assert "winner: Ann (highest total, +219)" in ok("status", example)
    assert json.loads(ok("score", "--json", example))["winner"] == ["Ann"]


def test_joint_winners_are_named_together(tmp_path: Path) -> None:
    path = write(tmp_path, [SPLIT, SPLIT, SPLIT, PLAYED])
    line = "winners, tied on the highest total (-16): Bob, Cat"
    for command in ("score", "show", "status"):
        assert line in ok(command, path), command
    shown = ok("show", path)
    assert "1. Bob  -16" in shown and "1. Cat  -16" in shown and "3. Ann  -28" in shown
    data = json.loads(ok("score", "--json", path))
    assert data["totals"] == {"Ann": -28, "Bob": -16, "Cat": -16, "Dan": -36}
    assert data["winner"] == ["Bob", "Cat"]


def test_everyone_tied_shares_the_win(tmp_path: Path) -> None:
    path = write(tmp_path, [SPLIT] * 4)  # -24 each
    assert "winners, tied on the highest total (-24): Ann, Bob, Cat, Dan" in ok("score", path)
    assert json.loads(ok("score", "--json", path))["winner"] == ["Ann", "Bob", "Cat", "Dan"]


def test_no_winner_before_the_game_is_complete(tmp_path: Path) -> None:
    path = write(tmp_path, [SPLIT, SPLIT, SPLIT])
    for command in ("score", "show", "status"):
        assert "winner" not in ok(command, path), command
    assert json.loads(ok("score", "--json", path))["winner"] is None
