"""An empty path is refused by every command and option that takes a path.

``Path("")`` is the current folder: read as given, ``stats ""`` would count every game
under it and ``export ""`` failed with an internal error. Every path parameter is listed
below, and the list is checked against the commands themselves, so a new one cannot be
left out.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.main import get_command
from typer.models import TyperPath

from scoresheet.cli import app
from tests.cli_helpers import ROOT, assert_one_line_error, run

CLASSIC = ROOT / "examples" / "classic.json"
PLAYERS = ("--players", "Ann,Bob,Cat,Dan")

# (command, parameter, the command line with "" where that parameter's path goes)
EMPTY: list[tuple[str, str, tuple[str, ...]]] = [
    ("score", "game", ("score", "")),
    ("new", "game", ("new", "", *PLAYERS)),
    ("add", "game", ("add", "", "no-king", "--king", "Bob")),
    ("edit", "game", ("edit", "", "1", "no-king", "--king", "Bob")),
    ("play", "game", ("play", "")),
    ("undo", "game", ("undo", "", "--yes")),
    ("show", "game", ("show", "")),
    ("status", "game", ("status", "")),
    ("history", "game", ("history", "")),
    ("export", "game", ("export", "")),
    ("export", "output", ("export", "g.json", "-o", "")),
    ("blank", "output", ("blank", "-o", "", *PLAYERS)),
    ("audit", "file", ("audit", "")),
    ("import", "sheet", ("import", "", "-o", "new.json")),
    ("import", "output", ("import", "g.xlsx", "-o", "")),
    ("settle", "games", ("settle", "g.json", "", "--stake", "1")),
    ("settle", "xlsx", ("settle", "g.json", "--stake", "1", "--partial", "--xlsx", "")),
    ("stats", "paths", ("stats", "")),
    ("stats", "paths", ("stats", "g.json", "")),
    ("stats", "xlsx", ("stats", "g.json", "--xlsx", "")),
    ("serve", "game", ("serve", "", "--port", "0")),
]


def _path_parameters() -> set[tuple[str, str]]:
    """Every (command, parameter) of the command line that takes a path."""
    found: set[tuple[str, str]] = set()

    def walk(command: object, name: str) -> None:
        for param in getattr(command, "params", ()):
            if isinstance(param.type, TyperPath):
                found.add((name, str(param.name)))
        for sub_name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{name} {sub_name}".strip())

    walk(get_command(app), "")
    return found


def test_the_list_holds_every_path_the_commands_take() -> None:
    assert _path_parameters() == {(command, param) for command, param, _ in EMPTY}


@pytest.mark.parametrize(
    ("command", "param", "args"), EMPTY, ids=[" ".join(a) for _, _, a in EMPTY]
)
def test_an_empty_path_is_refused(
    tmp_path: Path, command: str, param: str, args: tuple[str, ...]
) -> None:
    shutil.copy(CLASSIC, tmp_path / "g.json")
    assert run("export", tmp_path / "g.json", "-o", tmp_path / "g.xlsx").returncode == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    proc = run(*args, cwd=tmp_path)
    line = assert_one_line_error(proc)
    assert proc.returncode == 2
    shown = {"output": "'-o' / '--output'", "xlsx": "'--xlsx'"}.get(param, f"'{param}'")
    assert line.startswith(f"scoresheet {command}: ")
    assert shown in line and "the path is empty" in line, line
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("folder", [".", "/", ".."])
def test_export_of_a_folder_is_refused_by_name(tmp_path: Path, folder: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    proc = run("export", folder, cwd=work)
    line = assert_one_line_error(proc)
    assert proc.returncode == 2
    assert line == f"scoresheet: {folder}: is a folder, not a game file; refused"
    assert list(tmp_path.rglob("*")) == [work]
