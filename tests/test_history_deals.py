"""``scoresheet history`` lists the deals added, with when, beside corrections and undos;
the file keeps when each deal was added (``added``), and a hand-edited ``added`` that
names no deal or holds no moment is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet.session import new_game
from tests.cli_helpers import assert_one_line_error, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    for args in (
        ["no-king", "-d", "Bob=Ann", "--king", "Cat"],
        ["no-queens", "-d", "Bob=Ann", "--queens", "1,1,1,1"],
    ):
        assert run("add", path, *args).returncode == 0
    return path


def test_history_lists_each_deal_added_then_the_undo_in_order(tmp_path: Path) -> None:
    path = _game(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    assert sorted(data["added"]) == ["1", "2"]
    assert run("undo", path, "--yes").returncode == 0
    data = json.loads(path.read_text("utf-8"))
    assert sorted(data["added"]) == ["1"]  # the undone deal's moment goes with it
    lines = run("history", path).stdout.splitlines()
    assert [line.split("  ", 1)[1] for line in lines] == [
        "added deal 1 (no-king)",
        "added deal 2 (no-queens)",
        "removed deal 2 (no-queens)",
    ]


def test_deals_without_a_moment_are_listed_first_as_runs(tmp_path: Path) -> None:
    path = _game(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    del data["added"]["1"]
    path.write_text(json.dumps(data), "utf-8")
    lines = run("history", path).stdout.splitlines()
    assert lines[0] == "?  added deal 1 (the file does not say when)"
    assert lines[1].endswith("  added deal 2 (no-queens)")


@pytest.mark.parametrize(
    ("added", "says"),
    [
        ({"3": "2026-12-05T20:00:00+00:00"}, 'added: "3" is not the number of a deal'),
        ({"01": "2026-12-05T20:00:00+00:00"}, 'added: "01" is not the number of a deal'),
        ({"1": "yesterday"}, 'added: deal 1: "yesterday" is not a date and time'),
        ({"1": 5}, "added"),
    ],
)
def test_a_hand_edited_added_is_refused_in_one_line(
    tmp_path: Path, added: dict[str, object], says: str
) -> None:
    path = _game(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    data["added"] = added
    path.write_text(json.dumps(data), "utf-8")
    before = path.read_bytes()
    line = assert_one_line_error(run("show", path))
    assert says in line, line
    assert path.read_bytes() == before
