"""``scoresheet history FILE --trim N`` / ``--before DATE`` [``--archive FILE``]: old
corrections and undos removed from a game's history, the deals and every other key kept,
what was removed said (and written to the archive first); nonsense refused in one line
with no file changed. A save refused for size, or for a full history, says how to trim."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import EXIT_REFUSED
from scoresheet.limits import MAX_GAME_BYTES, MAX_HISTORY, MAX_HISTORY_READ
from scoresheet.session import new_game
from tests.cli_helpers import assert_one_line_error, refused_unchanged, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
DEAL = {"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}]}
NEXT_ARGS = ["no-queens", "-d", "Bob=Ann", "--queens", "1,1,1,1"]


def _entry(day: int, king: str = "Cat") -> dict[str, Any]:
    """An undo made on 2026-11-<day> at 20:00 UTC (kings tell the entries apart)."""
    deal = {**DEAL, "result": {"king_of_hearts": king}}
    return {"at": f"2026-11-{day:02d}T20:00:00+00:00", "action": "undo", "deal": 2, "before": deal}


def _game(tmp_path: Path, history: list[dict[str, Any]], name: str = "g.json") -> Path:
    path = tmp_path / name
    new_game(path, PLAYERS)
    assert run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat").returncode == 0
    data = json.loads(path.read_text("utf-8"))
    data["history"] = history
    data["tool"] = {"kept": True}
    path.write_text(json.dumps(data, indent=2), "utf-8")
    return path


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")}


HISTORY = [_entry(day, king) for day, king in [(1, "Ann"), (2, "Bob"), (3, "Dan"), (4, "Cat")]]


def test_trim_keeps_the_newest_entries_and_every_deal_and_says_what_it_removed(
    tmp_path: Path,
) -> None:
    path = _game(tmp_path, HISTORY)
    before = json.loads(path.read_text("utf-8"))
    proc = run("history", path, "--trim", "1", "--archive", tmp_path / "old.json")
    assert proc.returncode == 0, proc.stderr

    saved = json.loads(path.read_text("utf-8"))
    assert saved["history"] == HISTORY[-1:]
    assert {k: v for k, v in saved.items() if k != "history"} == {
        k: v for k, v in before.items() if k != "history"
    }
    archive = json.loads((tmp_path / "old.json").read_text("utf-8"))
    assert archive == {
        "format": "scoresheet-history",
        "version": 1,
        "game_file": "g.json",
        "game": "barbu",
        "players": PLAYERS,
        "history": HISTORY[:-1],
    }
    lines = proc.stdout.splitlines()
    assert [line.split()[0] for line in lines[:3]] == [e["at"] for e in HISTORY[:3]]
    assert lines[-1] == (
        "g.json: removed the 3 entries above, written to "
        f"{tmp_path / 'old.json'}; it keeps 1 history entry and every deal"
    )
    assert run("history", path).stdout.split()[0] == HISTORY[-1]["at"]


def test_trim_to_none_leaves_no_history_and_a_game_that_reads(tmp_path: Path) -> None:
    path = _game(tmp_path, HISTORY)
    proc = run("history", path, "--trim", "0")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1].endswith("it keeps 0 history entries and every deal")
    assert "history" not in json.loads(path.read_text("utf-8"))
    # the deal added stays in the history the command lists: it is not a history entry
    (line,) = run("history", path).stdout.splitlines()
    assert line.endswith("  added deal 1 (no-king)"), line


@pytest.mark.parametrize(
    ("date", "kept"),
    [
        ("2026-11-03", HISTORY[2:]),  # midnight UTC: the entries of the 1st and 2nd go
        ("2026-11-03T20:00", HISTORY[2:]),  # made at 20:00 exactly: not before, kept
        ("2026-11-03T20:00:01", HISTORY[3:]),
        ("2026-11-03T21:30+02:00", HISTORY[2:]),  # 19:30 UTC
    ],
)
def test_before_removes_the_entries_made_earlier(
    tmp_path: Path, date: str, kept: list[dict[str, Any]]
) -> None:
    path = _game(tmp_path, HISTORY)
    proc = run("history", path, "--before", date)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(path.read_text("utf-8"))["history"] == kept
    removed = len(HISTORY) - len(kept)
    assert f"removed the {removed} entries above" in proc.stdout


@pytest.mark.parametrize(
    "args", [["--trim", "4"], ["--trim", "100"], ["--before", "2026-11-01"]], ids=str
)
def test_nothing_to_remove_saves_nothing(tmp_path: Path, args: list[str]) -> None:
    path = _game(tmp_path, HISTORY)
    before = _files(tmp_path)
    mtime = path.stat().st_mtime_ns
    proc = run("history", path, *args, "--archive", tmp_path / "old.json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "g.json: nothing removed; it keeps 4 history entries"
    assert _files(tmp_path) == before and path.stat().st_mtime_ns == mtime


REFUSALS: dict[str, tuple[list[str], str]] = {
    "a negative count": (["--trim", "-1"], "--trim: -1 is not a number of entries to keep"),
    "not a number": (["--trim", "all"], "Invalid value for '--trim'"),
    "not a date": (["--before", "last week"], '--before: "last week" is not a date'),
    "both": (["--trim", "1", "--before", "2026-11-03"], "--trim, --before: give one of them"),
    "an archive alone": (["--archive", "old.json"], "--archive: give --trim N or --before"),
    "an archive that exists": (["--trim", "1", "--archive", "kept.json"], "already exists"),
    "the game as its archive": (
        ["--trim", "1", "--archive", "g.json"],
        "is the file being read (g.json)",
    ),
    "an archive not .json": (
        ["--trim", "1", "--archive", "old.txt"],
        "the name of a history archive must end in .json",
    ),
    "--trim twice": (["--trim", "1", "--trim", "2"], "--trim is given twice (1, then 2)"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_nonsense_is_refused_in_one_line_and_nothing_changes(tmp_path: Path, case: str) -> None:
    _game(tmp_path, HISTORY)
    (tmp_path / "kept.json").write_text("{}", "utf-8")
    before = _files(tmp_path)
    args, message = REFUSALS[case]
    proc = run("history", "g.json", *args, cwd=tmp_path)
    line = assert_one_line_error(proc)
    assert proc.returncode == EXIT_REFUSED
    assert message in line
    assert _files(tmp_path) == before


def test_an_entry_without_a_date_is_named_when_trimming_by_date(tmp_path: Path) -> None:
    path = _game(tmp_path, [*HISTORY[:2], {**HISTORY[2], "at": "yesterday"}, HISTORY[3]])
    line = refused_unchanged(path, "history", path, "--before", "2026-11-03")
    assert 'g.json: history entry 3, at: "yesterday" is not a date and time' in line
    assert run("history", path, "--trim", "1").returncode == 0  # by count it can be trimmed


def test_the_archive_is_removed_again_when_the_game_cannot_be_saved(tmp_path: Path) -> None:
    path = _game(tmp_path, HISTORY)
    path.chmod(0o444)
    before = _files(tmp_path)
    proc = run("history", "g.json", "--trim", "1", "--archive", "old.json", cwd=tmp_path)
    assert "is write-protected" in assert_one_line_error(proc)
    assert _files(tmp_path) == before  # no old.json


def test_a_history_longer_than_a_game_keeps_is_read_and_trimmed_before_a_correction(
    tmp_path: Path,
) -> None:
    """A file written when more history was kept (up to 10,000 entries) is still read and
    scored; a correction or undo, which would lengthen the history, is refused saying how
    to make room, and that command works."""
    path = _game(tmp_path, [_entry(1 + i % 28) for i in range(MAX_HISTORY + 50)])
    assert run("score", path).returncode == 0
    assert run("show", path).returncode == 0
    line = refused_unchanged(path, "undo", path, "--yes")
    assert f"history already holds {MAX_HISTORY + 50:,} corrections and undos" in line
    assert f"scoresheet history g.json --trim {MAX_HISTORY // 2}" in line
    proc = run("history", "g.json", "--trim", str(MAX_HISTORY // 2), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"removed the {MAX_HISTORY // 2 + 50} entries above" in proc.stdout
    assert run("undo", path, "--yes").returncode == 0


def test_a_history_past_what_any_file_held_is_refused_naming_the_trim(tmp_path: Path) -> None:
    path = _game(tmp_path, [_entry(1 + i % 28) for i in range(MAX_HISTORY_READ + 1)])
    line = refused_unchanged(path, "score", path)
    assert line == (
        f"scoresheet: g.json: history: {MAX_HISTORY_READ + 1:,} entries, more than a game "
        f"file keeps (at most {MAX_HISTORY_READ:,}); keep the newest with: scoresheet history "
        f"g.json --trim {MAX_HISTORY}"
    )
    proc = run("history", "g.json", "--trim", str(MAX_HISTORY), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert run("score", path).returncode == 0


def test_a_save_too_large_says_how_much_history_to_trim_and_that_works(tmp_path: Path) -> None:
    # Corrections carrying another tool's notes, and the game a few bytes under the cap.
    note = "n" * 100_000
    path = _game(tmp_path, [])
    data = json.loads(path.read_text("utf-8"))
    data["history"] = [
        {**_entry(1 + i % 28), "note": note} for i in range(MAX_GAME_BYTES // 100_500)
    ]
    room = MAX_GAME_BYTES - len(record.dumps(record.from_data(data)).encode())
    data["tool"]["pad"] = "p" * (room - 50)
    path.write_text(record.dumps(record.from_data(data)), "utf-8")
    assert MAX_GAME_BYTES - 100 < path.stat().st_size <= MAX_GAME_BYTES
    assert run("score", path).returncode == 0

    line = refused_unchanged(path, "add", path, *NEXT_ARGS)
    assert "more than a game file may hold" in line and "nothing was saved" in line
    hint = re.search(r"\(make room: (scoresheet history \S+ --trim (\d+)) keeps the newest", line)
    assert hint is not None, line
    assert f"of its {len(data['history'])} history entries)" in line
    command = shlex.split(hint.group(1))[1:]
    assert run(*command, cwd=tmp_path).returncode == 0
    assert len(json.loads(path.read_text("utf-8"))["history"]) == int(hint.group(2))
    assert run("add", path, *NEXT_ARGS).returncode == 0
    assert path.stat().st_size <= MAX_GAME_BYTES * 7 // 8  # and room to spare


def test_each_history_entry_is_saved_on_one_line(tmp_path: Path) -> None:
    """Indented, each correction took some forty lines: the history, not the deals, filled
    a game file."""
    path = _game(tmp_path, HISTORY)
    assert run("add", path, *NEXT_ARGS).returncode == 0
    assert run("edit", path, "2", *NEXT_ARGS[:-1], "2,0,1,1").returncode == 0
    text = path.read_text("utf-8")
    saved = json.loads(text)["history"]
    assert len(saved) == 5
    lines = text.splitlines()
    first = lines.index('  "history": [')
    assert [json.loads(line.strip().rstrip(",")) for line in lines[first + 1 : first + 6]] == saved
    assert lines[first + 6] == "  ],"
