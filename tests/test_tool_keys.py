"""The keys the tool keeps beside the spec's (``added``, ``saves``) are checked as any
part of a game file: a hand-edited one that is wrong is refused in one line, naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet.session import new_game
from tests.cli_helpers import assert_one_line_error, run


@pytest.mark.parametrize(
    "saves",
    [
        5,
        [{"id": "short", "deal": 1}],
        [{"id": "abcdefgh", "deal": 0}],
        [{"id": "abcdefgh", "deal": 1, "more": True}],
        [{"id": "abc defgh", "deal": 1}],
    ],
)
def test_a_hand_edited_saves_is_refused_in_one_line(tmp_path: Path, saves: object) -> None:
    path = tmp_path / "g.json"
    new_game(path, ["Ann", "Bob", "Cat", "Dan"])
    data = json.loads(path.read_text("utf-8"))
    data["saves"] = saves
    path.write_text(json.dumps(data), "utf-8")
    before = path.read_bytes()
    line = assert_one_line_error(run("show", path))
    assert "saves" in line, line
    assert path.read_bytes() == before


def test_saves_a_phone_made_are_read(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, ["Ann", "Bob", "Cat", "Dan"])
    data = json.loads(path.read_text("utf-8"))
    data["saves"] = [{"id": "a1B2-c3_d4", "deal": 1}]
    path.write_text(json.dumps(data), "utf-8")
    assert run("show", path).returncode == 0
