"""``settle`` and ``stats`` read and write files as every other command does.

Game files are read with the store's one safe reading (a FIFO, a device or an endless
file is refused at once, never waited on nor read without end); an output is never a
file being read, by name, symbolic link or hard link; a game file counts once, however
it is named.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import subprocess
from pathlib import Path

import pytest

from scoresheet.games.barbu.simulate import random_game as random_barbu
from tests.cli_helpers import ROOT, SCRIPT, assert_one_line_error, run

EXAMPLES = ROOT / "examples"
unix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev")


def _bounded(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the console script with at most 15 seconds and 1 GB of address space."""

    def limit() -> None:  # pragma: no cover - runs in the child
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        timeout=15,
        preexec_fn=limit,
    )


def _game(tmp_path: Path, name: str = "g.json") -> Path:
    path = tmp_path / name
    shutil.copyfile(EXAMPLES / "classic.json", path)
    return path


def _partial(tmp_path: Path, name: str = "g.json") -> Path:
    import json

    path = tmp_path / name
    path.write_text(json.dumps(random_barbu(random.Random(1), "classic", deals=3)), "utf-8")
    return path


# --- 1. an output is never a file being read ----------------------------------------------


@pytest.mark.parametrize("command", ["settle", "stats"])
def test_the_workbook_cannot_be_a_game_being_read(tmp_path: Path, command: str) -> None:
    game = _partial(tmp_path)
    before = game.read_bytes()
    extra = ["--stake", "0.01", "--partial"] if command == "settle" else []
    line = assert_one_line_error(run(command, game, *extra, "--xlsx", game, "--force"))
    assert "must end in .xlsx" in line
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", ["settle", "stats"])
def test_a_link_to_a_game_being_read_is_no_output_either(tmp_path: Path, command: str) -> None:
    game = _partial(tmp_path, "g.xlsx")  # a game file may have any name when named
    before = game.read_bytes()
    hard = tmp_path / "hard.xlsx"
    os.link(game, hard)
    soft = tmp_path / "soft.xlsx"
    soft.symlink_to(game)
    extra = ["--stake", "0.01", "--partial"] if command == "settle" else []
    for output in (game, hard, soft):
        line = assert_one_line_error(run(command, game, *extra, "--xlsx", output, "--force"))
        assert "is the file being read" in line and str(output) in line
    assert game.read_bytes() == before


def test_stats_checks_the_files_a_folder_stands_for(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    game = _game(folder, "b.json")
    before = game.read_bytes()
    line = assert_one_line_error(run("stats", folder, "--xlsx", game, "--force"))
    assert "must end in .xlsx" in line
    hard = tmp_path / "out.xlsx"
    os.link(game, hard)
    line = assert_one_line_error(run("stats", folder, "--xlsx", hard, "--force"))
    assert "is the file being read" in line and "b.json" in line
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", ["settle", "stats"])
def test_a_workbook_name_must_end_in_xlsx(tmp_path: Path, command: str) -> None:
    out = tmp_path / "out.txt"
    extra = ["--stake", "0.01"] if command == "settle" else []
    line = assert_one_line_error(run(command, EXAMPLES / "classic.json", *extra, "--xlsx", out))
    assert f"{out}: the name of a workbook must end in .xlsx" in line
    assert not out.exists()


# --- 2. only regular files are read, never waited on ---------------------------------------


@unix_only
@pytest.mark.parametrize("command", ["settle", "stats"])
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    extra = ["--stake", "1"] if command == "settle" else []
    line = assert_one_line_error(_bounded(command, fifo, *extra))
    assert f"{fifo}: is a pipe (FIFO), not a game file; refused" in line


@unix_only
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
@pytest.mark.parametrize("command", ["settle", "stats"])
def test_a_device_is_refused_without_reading_it(command: str, device: str) -> None:
    extra = ["--stake", "1"] if command == "settle" else []
    line = assert_one_line_error(_bounded(command, device, *extra))
    assert f"{device}: is a device, not a game file; refused" in line


def test_a_game_file_too_large_is_refused_by_the_store_limit(tmp_path: Path) -> None:
    from scoresheet.store import MAX_GAME_BYTES

    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(MAX_GAME_BYTES + 1)
    line = assert_one_line_error(_bounded("settle", big, "--stake", "1"))
    assert "big.json" in line and "too large for a game file" in line


def test_a_game_file_is_decoded_as_everywhere(tmp_path: Path) -> None:
    """UTF-16 with a byte-order mark, as Notepad saves it, reads as it does for ``score``."""
    game = tmp_path / "g.json"
    game.write_bytes((EXAMPLES / "classic.json").read_text("utf-8").encode("utf-16"))
    proc = run("settle", game, "--stake", "0.01", "--json")
    assert proc.returncode == 0, proc.stderr


# --- 3. a game file counts once, whatever its names ----------------------------------------


def test_a_hard_linked_game_is_refused_by_settle(tmp_path: Path) -> None:
    game = _partial(tmp_path)
    other = tmp_path / "h.json"
    os.link(game, other)
    line = assert_one_line_error(run("settle", game, other, "--stake", "0.01", "--partial"))
    assert str(other) in line and str(game) in line and "counts once" in line


def test_a_hard_linked_game_counts_once_in_stats(tmp_path: Path) -> None:
    import json

    game = _game(tmp_path)
    os.link(game, tmp_path / "h.json")
    proc = run("stats", tmp_path, "--json")
    assert proc.returncode == 0, proc.stderr
    assert [g["file"] for g in json.loads(proc.stdout)["games"]] == [str(game)]
