"""``settle`` and ``stats`` print text that fits the terminal, counted in display cells."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.views.term import cells
from tests.cli_helpers import ROOT, SCRIPT

EXAMPLES = ROOT / "examples"
WIDE = ["山田太郎", "Ann", "Bob", "Zoë"]


def _run(*args: str | Path, columns: int | None) -> str:
    """Run from the checkout, the examples named relative to it, so that the file names
    printed are as long wherever the project was cloned."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = str(columns)
    named = [
        a.relative_to(ROOT) if isinstance(a, Path) and a.is_relative_to(ROOT) else a for a in args
    ]
    proc = subprocess.run(
        [str(SCRIPT), *map(str, named)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _too_wide(text: str, width: int) -> list[str]:
    return [line for line in text.splitlines() if cells(line) > width]


COMMANDS = [
    ("stats", EXAMPLES / "rosbiratschka.json"),
    ("stats", EXAMPLES / "evening"),
    ("stats", EXAMPLES / "evening", "--player", "Cat"),
    ("settle", EXAMPLES / "classic.json", EXAMPLES / "rosbiratschka.json", "--stake", "1"),
    ("settle", *sorted((EXAMPLES / "evening").glob("belote-*.json")), "--stake", "2"),
    ("settle", *sorted((EXAMPLES / "evening").glob("classic-*.json")), "--stake", "0.01"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(map(str, c[:2]))[-40:])
@pytest.mark.parametrize("columns", [None, 80, 50])
def test_no_line_is_wider_than_the_terminal(command: tuple[str | Path, ...], columns: int) -> None:
    """In a pipe with no COLUMNS the width is 80; file names are kept whole (none here
    is longer than a line)."""
    width = columns or 80
    assert _too_wide(_run(*command, columns=columns), width) == []


def _wide_game(tmp_path: Path) -> Path:
    path = tmp_path / "wide.json"
    game = random_barbu(random.Random(5), "classic", players=WIDE, deals=4)
    path.write_text(json.dumps(game, ensure_ascii=False), "utf-8")
    return path


def test_settle_aligns_wide_names_by_display_cells(tmp_path: Path) -> None:
    out = _run("settle", _wide_game(tmp_path), "--stake", "0.01", "--partial", columns=80)
    lines = out.splitlines()
    start = lines.index("Balances") + 1
    balances = lines[start : start + len(WIDE)]
    assert len({cells(line) for line in balances}) == 1, balances
    rows = [line for line in lines if line.startswith("  ") and line.split()[0] in WIDE]
    rows = rows[: len(WIDE)]  # the game's own rows: name, points, amount
    assert len({cells(line.rsplit("  ", 1)[0]) for line in rows}) == 1, rows


def test_stats_aligns_wide_names_by_display_cells(tmp_path: Path) -> None:
    out = _run("stats", _wide_game(tmp_path), columns=80)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("player")) + 1
    table = lines[start : start + len(WIDE)]
    # The games column ends in the same display cell on every row.
    ends = {cells(line[: line.index(" 1 ") + 2]) for line in table}
    assert len(ends) == 1, table
    points = [line for line in lines if line.startswith("  ") and " games " in line]
    assert len({cells(line.split(" games ")[0]) for line in points}) == 1, points


def test_the_players_table_lines_up_under_its_header() -> None:
    out = _run("stats", EXAMPLES / "evening", columns=80).splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith("player"))
    header, first = out[start], out[start + 1]
    assert header.index("games") + len("games") == first.index(" 6 ") + 2


def test_running_form_says_when_it_shows_only_the_last_games(tmp_path: Path) -> None:
    """A season of 14 games showed the last 12 forms under "after each complete game",
    as though there were only 12."""
    for i in range(14):
        data = random_barbu(random.Random(i), "classic")
        (tmp_path / f"g{i:02}.json").write_text(json.dumps(data), encoding="utf-8")
    proc = subprocess.run(
        [str(SCRIPT), "stats", str(tmp_path), "--player", "Ann"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "120"},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    at = lines.index(
        "Running form (1 = always first, 0 = always last), after each complete game of the last 12"
    )
    assert len(lines[at + 1].split()) == 1 + 12
    proc = subprocess.run(
        [str(SCRIPT), "stats", *sorted(map(str, tmp_path.glob("g0[0-4].json")))],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "120"},
        check=False,
    )
    assert "after each complete game\n" in proc.stdout
