"""``stats FOLDER``: a folder that vanishes or cannot be read while the games under it are
found is an unreadable entry like a bad file: refused by name, or left out and listed
with ``--skip-bad``."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.evening import find_games
from tests.cli_helpers import ROOT

CLASSIC = ROOT / "examples" / "classic.json"
REAL_SCANDIR = os.scandir


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """``season/`` with a game, and ``season/2025/`` with another."""
    folder = tmp_path / "season"
    (folder / "2025").mkdir(parents=True)
    shutil.copy(CLASSIC, folder / "1.json")
    shutil.copy(CLASSIC, folder / "2025" / "2.json")
    return folder


def _failing(
    monkeypatch: pytest.MonkeyPatch, target: Path, error: Callable[[Path], OSError]
) -> None:
    """``os.scandir`` raises ``error(target)`` for ``target``, as a folder that is gone or
    may not be read does."""

    def scandir(path: Any = ".") -> Any:
        if not isinstance(path, int) and Path(path) == target:
            raise error(target)
        return REAL_SCANDIR(path)

    monkeypatch.setattr(os, "scandir", scandir)


ERRORS: dict[str, Callable[[Path], OSError]] = {
    "vanished": lambda p: FileNotFoundError(2, "No such file or directory", str(p)),
    "forbidden": lambda p: PermissionError(13, "Permission denied", str(p)),
}


@pytest.mark.parametrize("error", ERRORS)
def test_an_unreadable_folder_is_refused_by_name(
    season: Path, monkeypatch: pytest.MonkeyPatch, error: str
) -> None:
    _failing(monkeypatch, season / "2025", ERRORS[error])
    with pytest.raises(ScoresheetError, match=r"2025: cannot read this folder \("):
        find_games([season])


@pytest.mark.parametrize("error", ERRORS)
def test_an_unreadable_folder_is_left_out_when_asked(
    season: Path, monkeypatch: pytest.MonkeyPatch, error: str
) -> None:
    _failing(monkeypatch, season / "2025", ERRORS[error])
    unreadable: list[tuple[str, str]] = []
    assert find_games([season], unreadable=unreadable) == [season / "1.json"]
    ((where, message),) = unreadable
    assert where == str(season / "2025") + os.sep
    assert message.startswith(f"{season / '2025'}: cannot read this folder (")


def test_a_folder_removed_during_the_walk_is_left_out(
    season: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The season's listing names ``2025/``; it is removed before it is read."""

    def scandir(path: Any = ".") -> Any:
        listing = REAL_SCANDIR(path)
        if not isinstance(path, int) and Path(path) == season:
            entries = list(listing)
            listing.close()
            shutil.rmtree(season / "2025")
            return _Listing(entries)
        return listing

    monkeypatch.setattr(os, "scandir", scandir)
    unreadable: list[tuple[str, str]] = []
    assert find_games([season], unreadable=unreadable) == [season / "1.json"]
    assert [where for where, _ in unreadable] == [str(season / "2025") + os.sep]


class _Listing(list[os.DirEntry[str]]):
    """A folder's entries, listed already, as ``os.scandir`` gives them."""

    def __enter__(self) -> _Listing:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def _stats(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from scoresheet.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["stats", *args])
    out, err = capsys.readouterr()
    return int(stop.value.code or 0), out, err


@pytest.mark.parametrize("error", ERRORS)
def test_stats_skip_bad_lists_the_folder_and_goes_on(
    season: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: str
) -> None:
    _failing(monkeypatch, season / "2025", ERRORS[error])
    code, out, err = _stats([str(season), "--skip-bad", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert [g["file"] for g in data["games"]] == [str(season / "1.json")]
    assert [s["file"] for s in data["skipped"]] == [str(season / "2025") + os.sep]
    code, out, err = _stats([str(season), "--skip-bad"], capsys)
    assert code == 0, err
    said = " ".join(out.split())  # as wrapped to the terminal
    assert "Skipped 1 unreadable folder" in said and "2025: cannot read this folder" in said


@pytest.mark.parametrize("error", ERRORS)
def test_stats_without_skip_bad_stops_in_one_line(
    season: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: str
) -> None:
    _failing(monkeypatch, season / "2025", ERRORS[error])
    code, out, err = _stats([str(season)], capsys)
    assert code == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert f"{season / '2025'}: cannot read this folder" in line and "--skip-bad" in line


def test_a_folder_with_only_unreadable_folders_says_so(
    season: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (season / "1.json").unlink()
    _failing(monkeypatch, season / "2025", ERRORS["forbidden"])
    code, _, err = _stats([str(season), "--skip-bad"], capsys)
    assert code == 2
    assert err.strip().endswith("no game files (*.json) in this folder, 1 folder unread")
