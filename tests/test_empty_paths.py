"""An empty path is refused by every command and option that takes a path.

``Path("")`` is the current folder: read as given, ``stats ""`` would count every game
under it and ``export ""`` failed with an internal error. Every path parameter is listed
below, and the list is checked against the commands themselves, so a new one cannot be
left out.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.models import TyperPath

from scoresheet.cli import app
from tests.cli_helpers import ROOT, assert_one_line_error, run

CLASSIC = ROOT / "examples" / "classic.json"

# A command line of each command taking a path; <name> stands for its argument ``name``,
# a game file there unless the command reads a workbook. Each path the command takes,
# argument or option, is tried empty in turn (an option's added to the line).
LINES: dict[str, list[str]] = {
    "score": ["<game>"],
    "new": ["<game>", "--players", "Ann,Bob,Cat,Dan"],
    "add": ["<game>", "no-king", "--king", "Bob"],
    "edit": ["<game>", "1", "no-king", "--king", "Bob"],
    "play": ["<game>"],
    "undo": ["<game>", "--yes"],
    "show": ["<game>"],
    "status": ["<game>"],
    "history": ["<game>"],
    "export": ["<game>"],
    "blank": ["--players", "Ann,Bob,Cat,Dan"],
    "audit": ["<file>"],
    "import": ["<sheet>", "-o", "new.json"],
    "settle": ["<games>", "--stake", "1", "--partial"],
    "stats": ["<paths>"],
    "rate": ["<paths>"],
    "serve": ["<game>", "--port", "0"],
    "night new": ["<night>", "--game", "barbu", "--players-file", "<players_file>"],
    "night draw": ["<night>"],
    "night standings": ["<night>"],
    "night next": ["<night>"],
    "night cards": ["<night>", "-o", "<output>"],
}
WORKBOOKS = {"file", "sheet"}  # the arguments that name a workbook


def _path_parameters() -> list[tuple[str, str, tuple[str, ...]]]:
    """Every (command, parameter, option's spellings) of the command line that takes a
    path; no spelling for an argument."""
    found: list[tuple[str, str, tuple[str, ...]]] = []

    def walk(command: Any, name: str) -> None:
        for param in getattr(command, "params", ()):
            if isinstance(param.type, TyperPath):
                option = param.opts if param.param_type_name == "option" else []
                found.append((name, str(param.name), tuple(option)))
        for sub_name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{name} {sub_name}".strip())

    walk(get_command(app), "")
    return found


PATHS = _path_parameters()


def _line(command: str, empty: str, option: tuple[str, ...]) -> list[str]:
    """The command line of ``command`` with the argument ``empty``, or the option spelt
    ``option``, empty."""
    args = command.split()  # a sub-command's group first: night new
    for word in LINES[command]:
        if word.startswith("<"):
            name = word[1:-1]
            word = "" if name == empty and not option else "g.json"
            word = "g.xlsx" if word and name in WORKBOOKS else word
        elif args[-1] in option:
            word = ""
        args.append(word)
    return args if "" in args else [*args, option[0], ""]


def test_every_path_is_tried_and_every_command_has_a_line() -> None:
    assert {command for command, _, _ in PATHS} == set(LINES)
    assert ("stats", "xlsx", ("--xlsx",)) in PATHS and ("export", "game", ()) in PATHS


CASES = [_line(command, param, option) for command, param, option in PATHS]
CASES.append(["stats", "g.json", ""])  # one empty among others
CASES.append(["settle", "g.json", "", "--stake", "1"])


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_an_empty_path_is_refused(tmp_path: Path, args: list[str]) -> None:
    shutil.copy(CLASSIC, tmp_path / "g.json")
    assert run("export", tmp_path / "g.json", "-o", tmp_path / "g.xlsx").returncode == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    proc = run(*args, cwd=tmp_path)
    line = assert_one_line_error(proc)
    assert proc.returncode == 2
    where = args.index("")
    named = args[where - 1] if args[where - 1].startswith("-") else None
    shown = "'-o' / '--output'" if named == "-o" else f"'{named}'" if named else None
    command = " ".join(args[:2]) if args[0] == "night" else args[0]
    assert line.startswith(f"scoresheet {command}: Invalid value for "), line
    assert "the path is empty" in line, line
    if shown is not None:
        assert shown in line, line
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
