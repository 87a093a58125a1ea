"""What JSON allows and no game file may hold: a lone surrogate (``"\\ud800"``, half of
a UTF-16 pair, which no UTF-8 file can hold, so a game holding one could never be saved
again), a number that is not finite (``NaN``, ``Infinity``, ``1e400``, which other JSON
readers refuse), and more values than a game file may hold. Each is refused as the file
is read, wherever it stands, in one line naming where, and nothing is written."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from scoresheet.errors import EXIT_REFUSED
from scoresheet.limits import MAX_VALUES
from scoresheet.session import new_game
from tests.cli_helpers import assert_one_line_error, refused_unchanged, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
DEAL = {"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}]}
DEAL_ARGS = ["no-king", "-d", "Bob=Ann", "--king", "Cat"]
NEXT_ARGS = ["no-queens", "-d", "Bob=Ann", "--queens", "1,1,1,1"]  # deal 2, as the game stands

# Every command that reads a game, and the ones that save it (which exited 3, "internal
# error", on a lone surrogate, and wrote NaN back out).
COMMANDS: list[list[str]] = [
    ["score"],
    ["show"],
    ["status"],
    ["history"],
    ["add", *NEXT_ARGS],
    ["undo", "--yes"],
    ["edit", "1", *DEAL_ARGS],  # back to Cat: the fixture corrected it to Dan
]


def _game(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    assert run("add", path, *DEAL_ARGS).returncode == 0
    assert run("edit", path, "1", *DEAL_ARGS[:-1], "Dan").returncode == 0
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    assert len(data["history"]) == 1
    return path, data


# -- lone surrogates -----------------------------------------------------------------------------

# The escape as a file has it: json.dumps writes a lone surrogate so, as a hand edit would.
SURROGATES: dict[str, tuple[Any, str]] = {
    "another tool's key": (lambda d: d.update(note="x\ud800"), "g.json: note: "),
    "another tool's key, nested": (
        lambda d: d.update(tool={"log": ["ok", "\udfff"]}),
        "g.json: tool.log entry 2: ",
    ),
    "a key of the top level": (lambda d: d.update({"n\udc00": 1}), "a key of the top level: "),
    "a history entry": (
        lambda d: d["history"][0].update(at="2026\udc00"),
        "g.json: history entry 1, at: ",
    ),
    "a deal kept in the history": (
        lambda d: d["history"][0]["before"].update(contract="\ud83d"),
        "g.json: history entry 1, before.contract: ",
    ),
}


@pytest.mark.parametrize("where", list(SURROGATES))
def test_a_lone_surrogate_anywhere_is_refused_naming_where(tmp_path: Path, where: str) -> None:
    path, data = _game(tmp_path)
    change, place = SURROGATES[where]
    change(data)
    path.write_text(json.dumps(data), "utf-8")  # ensure_ascii: the surrogate as \udXXX
    assert "\\ud" in path.read_text("utf-8")
    for args in COMMANDS:
        line = refused_unchanged(path, args[0], path, *args[1:])
        assert place in line and "the lone surrogate \\ud" in line, (args, line)
        assert "is refused (half of a UTF-16 pair, not a character" in line


def test_a_surrogate_pair_is_one_character_and_saved_as_such(tmp_path: Path) -> None:
    """An emoji written as two escapes (as json.dumps writes it by default) is one
    character: read, kept and saved; and an escaped backslash before "ud800" is text."""
    path, data = _game(tmp_path)
    data["note"] = "🂡 \\ud800"
    path.write_text(json.dumps(data), "utf-8")
    assert "\\ud83c\\udca1" in path.read_text("utf-8")
    assert run("add", path, *NEXT_ARGS).returncode == 0
    assert json.loads(path.read_text("utf-8"))["note"] == "🂡 \\ud800"


def test_a_typed_lone_surrogate_is_refused_before_anything_is_saved(tmp_path: Path) -> None:
    """A byte that is not UTF-8 on the command line reaches Python as a lone surrogate: a
    game holding it could not be written (it exited 3, "internal error")."""
    path = tmp_path / "g.json"
    proc = run("new", path, "-p", *PLAYERS, "-o", "description=caf\udce9")
    line = assert_one_line_error(proc)
    assert proc.returncode == EXIT_REFUSED
    assert "g.json: options.description: the lone surrogate \\udce9 is refused" in line
    assert not path.exists()
    game, _ = _game(tmp_path)
    deal = json.dumps({**DEAL, "result": {"king_of_hearts": "Cat"}, "x": 1})
    line = refused_unchanged(game, "add", game, "--deal", deal.replace('"x"', '"x\udce9"'))
    assert "--deal: a key of the top level: the lone surrogate \\udce9" in line


# -- numbers that are not finite -----------------------------------------------------------------

NOT_FINITE: dict[str, tuple[str, str]] = {
    "NaN": ('"note": NaN', "g.json: note: NaN is not a finite number"),
    "Infinity": ('"note": [1, Infinity]', "g.json: note entry 2: Infinity is not a finite"),
    "-Infinity": ('"note": {"a": -Infinity}', "g.json: note.a: -Infinity is not a finite"),
    "1e400": ('"note": 1e400', "g.json: note: 1e400 is not a finite number"),
    "-1E999": ('"note": -1E999', "g.json: note: -1E999 is not a finite number"),
}


@pytest.mark.parametrize("number", list(NOT_FINITE))
def test_a_number_that_is_not_finite_is_refused_anywhere(tmp_path: Path, number: str) -> None:
    """NaN and Infinity in another tool's key were read and written back, so the next
    save made a file other JSON readers refuse."""
    path, data = _game(tmp_path)
    member, message = NOT_FINITE[number]
    text = json.dumps(data, indent=2)
    path.write_text(text.replace('"format"', member + ', "format"', 1), "utf-8")
    for args in COMMANDS:
        line = refused_unchanged(path, args[0], path, *args[1:])
        assert message in line and "refused (JSON has no NaN or Infinity" in line, (args, line)


def test_a_number_that_is_not_finite_in_a_deal_or_the_history_names_it(tmp_path: Path) -> None:
    path, data = _game(tmp_path)
    text = json.dumps(data).replace('"deal": 1', '"deal": NaN', 1)
    path.write_text(text, "utf-8")
    assert "g.json: history entry 1, deal: NaN is not a finite" in refused_unchanged(
        path, "score", path
    )
    deal = json.dumps({**DEAL, "result": {"king_of_hearts": "Cat"}}).replace("[", "[Infinity, ")
    game = tmp_path / "h.json"
    new_game(game, PLAYERS)
    line = refused_unchanged(game, "add", game, "--deal", deal)
    assert "--deal: doubles entry 1: Infinity is not a finite number" in line


def test_finite_numbers_of_another_tool_are_kept(tmp_path: Path) -> None:
    path, data = _game(tmp_path)
    data["tool"] = {"weights": [0.5, -1.25e-3, 1e308], "count": 3}
    path.write_text(json.dumps(data), "utf-8")
    assert run("add", path, *NEXT_ARGS).returncode == 0
    assert json.loads(path.read_text("utf-8"))["tool"] == data["tool"]


# -- how many values ------------------------------------------------------------------------------


def test_a_file_of_more_values_than_a_game_holds_is_refused_at_once(tmp_path: Path) -> None:
    """Each value parsed takes up to a hundred bytes: a file of millions of ``{}`` took
    seconds and a gigabyte to refuse as too large to save."""
    path, data = _game(tmp_path)
    head = json.dumps(data)[:-1]
    path.write_text(head + ', "x": [' + ",".join(["{}"] * (MAX_VALUES + 1)) + "]}", "utf-8")
    start = time.monotonic()
    line = refused_unchanged(path, "add", path, *NEXT_ARGS)
    assert f"g.json: more than {MAX_VALUES:,} values (objects, lists, texts, numbers)" in line
    assert time.monotonic() - start < 5


def test_commas_inside_texts_are_not_counted_as_values(tmp_path: Path) -> None:
    path, data = _game(tmp_path)
    data["notes"] = ["a,b:c[d{e" * 1000] * (MAX_VALUES // 4000)
    path.write_text(json.dumps(data), "utf-8")
    assert run("score", path).returncode == 0
