"""Rules that take one of a few words (rotation, dealer, whom a double may name): a word
that is not one of them is refused in one line naming the key and the words allowed, from
``--option`` and from a game file's options or full rules object."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet.games.barbu.views import rules_json
from scoresheet.rules import load_preset
from tests.cli_helpers import assert_one_line_error, run
from tests.conftest import game

WRONG = [
    ("rotation", "every-hand", 'rotation: "every-hand" is not block or every-deal'),
    ("dealer", "left", 'dealer: "left" is not declarer or right-of-declarer'),
    (
        "doubling.negative",
        "everyone",
        'doubling.negative: "everyone" is not anyone or declarer-only',
    ),
    ("doubling.positive", "nobody", 'doubling.positive: "nobody" is not anyone or declarer-only'),
]


@pytest.mark.parametrize(("key", "word", "line"), WRONG)
def test_option_with_an_unknown_word_is_refused(
    tmp_path: Path, key: str, word: str, line: str
) -> None:
    path = tmp_path / "game.json"
    proc = run("new", path, "--players", "Ann", "Bob", "Cat", "Dan", "--option", f"{key}={word}")
    assert line in assert_one_line_error(proc)
    assert not path.exists()


def _nested(key: str, word: str) -> dict[str, Any]:
    head, _, tail = key.partition(".")
    return {head: _nested(tail, word)} if tail else {key: word}


@pytest.mark.parametrize(("key", "word", "line"), WRONG)
def test_a_game_files_unknown_word_is_refused(
    tmp_path: Path, key: str, word: str, line: str
) -> None:
    options = tmp_path / "options.json"
    options.write_text(json.dumps(game([], options=_nested(key, word))), "utf-8")
    assert line in assert_one_line_error(run("score", options))
    full = rules_json(load_preset("classic"))
    head, _, tail = key.partition(".")
    if tail:
        full[head] = {**full[head], tail: word}
    else:
        full[key] = word
    inline = tmp_path / "inline.json"
    inline.write_text(json.dumps(game([], rules=full)), "utf-8")
    assert line in assert_one_line_error(run("score", inline))
