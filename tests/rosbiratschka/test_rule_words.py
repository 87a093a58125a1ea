"""Rules that take one of a few words (the slam's sign): a word that is not one of them is refused
in one line naming the key and the words allowed, from ``--option`` and from a game
file's options or full rules object."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.cli_helpers import ROOT, assert_one_line_error, run

GAME = "rosbiratschka"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
WRONG = [
    ("slam", "minus-8", 'slam: "minus-8" is not minus or plus'),
]


@pytest.mark.parametrize(("key", "word", "line"), WRONG)
def test_option_with_an_unknown_word_is_refused(
    tmp_path: Path, key: str, word: str, line: str
) -> None:
    path = tmp_path / "game.json"
    proc = run("new", path, "--game", GAME, "--players", *PLAYERS, "--option", f"{key}={word}")
    assert line in assert_one_line_error(proc)
    assert not path.exists()


@pytest.mark.parametrize(("key", "word", "line"), WRONG)
def test_a_game_files_unknown_word_is_refused(
    tmp_path: Path, key: str, word: str, line: str
) -> None:
    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": GAME,
        "players": PLAYERS,
        "deals": [],
    }
    options = tmp_path / "options.json"
    options.write_text(json.dumps({**data, "options": {key: word}}), "utf-8")
    assert line in assert_one_line_error(run("score", options))
    inline = tmp_path / "inline.json"
    preset = tomllib.loads((ROOT / "templates" / "rules" / f"{GAME}.toml").read_text("utf-8"))
    full = {**preset, key: word}
    inline.write_text(json.dumps({**data, "rules": full}), "utf-8")
    assert line in assert_one_line_error(run("score", inline))
