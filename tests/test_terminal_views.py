"""The terminal views fit the terminal, take colour only on one, and say what is in force.

Widths are measured here in display cells with the Unicode tables of the standard
library (East Asian wide and fullwidth characters two cells, combining marks none),
independently of the width library the views use.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pty
import re
import select
import subprocess
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet import record, registry
from scoresheet.views.term import Term, cells, clip, ranks, wrap
from tests.cli_helpers import ROOT, SCRIPT, assert_one_line_error, run

EXAMPLES = {
    "barbu": ROOT / "examples" / "classic.json",
    "ravage-city": ROOT / "examples" / "ravage-city.json",
    "rosbiratschka": ROOT / "examples" / "rosbiratschka.json",
    "caribbean-all-fours": ROOT / "examples" / "caribbean-all-fours.json",
    "belote": ROOT / "examples" / "belote.json",
}
# A wide name, a precomposed accent, a combining accent, and a name of the most
# characters a player may have (40). The combining accent is one with no precomposed
# form (e with a line below), so the name is already in the composed form (NFC) that
# game files require.
WIDE = {"Ann": "山田", "Bob": "Zoë", "Cat": "Rene\u0331e", "Dan": "Dan"}
LONG = {"Ann": "José", "Bob": "Bartholomew-Alexander von Hohenzollern-S", "Cat": "Cat"}
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def display_cells(text: str) -> int:
    """Display width with the standard library's Unicode tables."""
    width = 0
    for char in ANSI.sub("", text):
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def widest(text: str) -> int:
    return max((display_cells(line) for line in text.splitlines()), default=0)


def renamed(data: Any, names: dict[str, str]) -> Any:
    """A game file's data with its players renamed everywhere they appear."""
    if isinstance(data, dict):
        return {names.get(k, k): renamed(v, names) for k, v in data.items()}
    if isinstance(data, list):
        return [renamed(v, names) for v in data]
    if isinstance(data, str):
        return names.get(data, data)
    return data


def game_file(tmp_path: Path, example: str, names: dict[str, str]) -> Path:
    data = renamed(json.loads(EXAMPLES[example].read_text(encoding="utf-8")), names)
    path = tmp_path / f"{example}.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def scored(path: Path) -> Any:
    rec = record.load(path)
    return registry.part(rec["game"], "score").score_game(rec)


def views(result: Any, term: Term) -> dict[str, str]:
    """Every view a table command prints, for one terminal."""
    game = registry.part(result.game, "views")
    out = {
        "show": game.sheet_text(result, "game.json", term),
        "score": game.score_text(result, "game.json", term),
        "status": game.status_text(result, "game.json", term),
        "after a deal": game.after_deal_text(result, term),
    }
    for deal in result.deals:
        out[f"deal {deal.number}"] = game.deal_text(result, deal.number, term)
    return out


# -- fitting the width ----------------------------------------------------------------------


@pytest.mark.parametrize("names", [WIDE, LONG], ids=["wide-and-accented", "40-characters"])
@pytest.mark.parametrize("example", list(EXAMPLES))
@pytest.mark.parametrize("width", [80, 50])
def test_every_view_fits_the_width(
    tmp_path: Path, example: str, names: dict[str, str], width: int
) -> None:
    result = scored(game_file(tmp_path, example, names))
    for name, text in views(result, Term(width=width)).items():
        assert widest(text) <= width, f"{name} at {width}:\n{text}"
        assert text.strip(), name


@settings(max_examples=25, deadline=None)
@given(width=st.integers(min_value=30, max_value=160), example=st.sampled_from(list(EXAMPLES)))
def test_any_width_from_30_columns_fits(width: int, example: str) -> None:
    result = scored(EXAMPLES[example])
    for name, text in views(result, Term(width=width)).items():
        assert widest(text) <= width, f"{name} at {width}:\n{text}"


def test_a_wide_name_keeps_the_columns_aligned(tmp_path: Path) -> None:
    """山田 takes four cells: the score columns still end in the same place on every row."""
    result = scored(game_file(tmp_path, "barbu", WIDE))
    text = registry.part("barbu", "views").score_text(result, "g", Term(width=200))
    rows = [line for line in text.splitlines() if re.match(r"\d+ ", line)]
    assert len(rows) == 28
    assert len({display_cells(row) for row in rows}) == 1, "\n".join(rows)
    assert "山田" in text.splitlines()[1]  # the names in full in the header when they fit


def test_wide_enough_the_sheet_is_whole_narrow_it_is_compact_then_in_blocks() -> None:
    result = scored(EXAMPLES["barbu"])
    wide = registry.part("barbu", "views").sheet_text(result, "g", Term(width=200))
    assert "players:" not in wide and "no-last-two" in wide
    compact = registry.part("barbu", "views").sheet_text(result, "g", Term(width=80))
    assert "players: A Ann, B Bob, C Cat, D Dan" in compact
    assert "NLT no-last-two" in compact.replace("\n  ", " ")
    # At 80 columns the scores fit in one block, the running totals in a second one.
    headers = [line.split() for line in compact.splitlines() if line.startswith("#  ")]
    assert headers == [
        ["#", "by", "ct", "A", "B", "C", "D", "ok"],
        ["#", "by", "ct", "ΣA", "ΣB", "ΣC", "ΣD"],
    ]
    narrow = registry.part("barbu", "views").sheet_text(result, "g", Term(width=40))
    blocks = [line for line in narrow.splitlines() if line.startswith("#  ")]
    assert len(blocks) >= 3
    assert all(line.split()[:3] == ["#", "by", "ct"] for line in blocks)


def test_the_symbols_measured_without_the_library_are_one_cell_for_it_too() -> None:
    from wcwidth import wcswidth

    from scoresheet.views.term import _OWN_SYMBOLS

    for code in _OWN_SYMBOLS:
        assert wcswidth(chr(code)) == 1 == display_cells(chr(code)), chr(code)
        assert cells(f"a{chr(code)}山") == 4


def test_cells_clip_and_wrap_count_display_cells() -> None:
    assert [cells(t) for t in ("Ann", "山田", "Zoë", "Rene\u0301e", "♠")] == [3, 4, 3, 5, 1]
    assert display_cells(clip("山田太郎", 5)) <= 5 and clip("山田太郎", 5).endswith("…")
    lines = wrap("山田 must double Bob twice in Bob's last 2 deals", 20)
    assert all(display_cells(line) <= 20 for line in lines)
    assert " ".join(line.strip() for line in lines) == (
        "山田 must double Bob twice in Bob's last 2 deals"
    )


# -- through the console script ---------------------------------------------------------------


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return {**env, **extra}


def script(*args: str | Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *map(str, args)], capture_output=True, text=True, env=env, timeout=60
    )


@pytest.mark.parametrize("example", ["barbu", "rosbiratschka", "caribbean-all-fours", "belote"])
def test_the_commands_fit_columns_and_width(tmp_path: Path, example: str) -> None:
    path = game_file(tmp_path, example, WIDE)
    show = script("show", path, env=_env(COLUMNS="50"))
    score = script("score", path, "--width", "80", env=_env(COLUMNS="200"))
    status = script("status", path, "--width", "50", env=_env(COLUMNS="200"))
    for proc, width in ((show, 50), (score, 80), (status, 50)):
        assert proc.returncode == 0, proc.stderr
        assert widest(proc.stdout) <= width, proc.stdout
        assert "\x1b[" not in proc.stdout  # a pipe: no colour


def test_a_width_below_30_is_refused(tmp_path: Path) -> None:
    line = assert_one_line_error(run("show", EXAMPLES["barbu"], "--width", "12"))
    assert "--width" in line and "12" in line


def test_a_play_transcript_fits_50_columns(tmp_path: Path) -> None:
    """What `play` prints after a deal (the deal, the totals, what comes next) fits."""
    path = tmp_path / "g.json"
    players = ["山田", "Zoë", "José-María", "Dan"]
    made = run("new", path, "--game", "rosbiratschka", "--players", *players)
    assert made.returncode == 0, made.stderr
    proc = subprocess.run(
        [str(SCRIPT), "play", str(path)],
        input="2 3 1 2\nquit\n",
        capture_output=True,
        text=True,
        env=_env(COLUMNS="50"),
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    report = out[out.index("deal 1: no-tricks") :].split("\n\n")[0]
    assert "totals:" in report and "山田" in report
    assert widest(report) <= 50, report


# -- colour ------------------------------------------------------------------------------------


def on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """Run the console script with its output on a pseudo-terminal; what it printed."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [str(SCRIPT), *args], stdout=slave, stderr=slave, stdin=subprocess.DEVNULL, env=env
    )
    os.close(slave)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # the other end closed
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
        proc.wait(timeout=60)
    assert proc.returncode == 0
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def _violations_game(tmp_path: Path) -> Path:
    """Ann's set played without a double: every non-declarer ends it short (rules, 3)."""
    data = json.loads(EXAMPLES["barbu"].read_text(encoding="utf-8"))
    deals = data["deals"][:7]
    for deal in deals:
        deal.pop("doubles", None)
        if deal["contract"] not in ("trumps", "dominoes"):
            deal.pop("result", None)  # undoubled negative deals are split, not played
    data["deals"] = deals
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_colour_on_a_terminal_marks_leader_negatives_and_violations(tmp_path: Path) -> None:
    path = _violations_game(tmp_path)
    shown = on_a_terminal(["show", str(path)], _env(COLUMNS="100", TERM="xterm"))
    assert "\x1b[1;32mAnn\x1b[0m" in shown  # the leader, in the standings
    assert re.search(r"\x1b\[31m-\d+\x1b\[0m", shown)  # a negative score
    assert "\x1b[1;31mviolation (deal 7): Bob doubled Ann 0 times" in shown
    assert "\x1b[33m" in shown  # doubles still owed, in yellow
    status = on_a_terminal(["status", str(path)], _env(COLUMNS="100", TERM="xterm"))
    assert "\x1b[1;31mviolation (deal 7)" in status  # status lists violations, as show does
    assert widest(shown) <= 100


def test_no_colour_in_a_pipe_or_under_no_color(tmp_path: Path) -> None:
    path = _violations_game(tmp_path)
    piped = script("show", path, env=_env(COLUMNS="100", TERM="xterm"))
    assert piped.returncode == 0 and "\x1b" not in piped.stdout
    assert "violation (deal 7)" in piped.stdout
    plain = on_a_terminal(["show", str(path)], _env(COLUMNS="100", TERM="xterm", NO_COLOR="1"))
    assert "\x1b" not in plain and "violation (deal 7)" in plain
    assert ANSI.sub("", on_a_terminal(["show", str(path)], _env(COLUMNS="100"))) == plain
    forced = script("show", path, env=_env(COLUMNS="100", FORCE_COLOR="1"))
    assert "\x1b[1;31mviolation (deal 7)" in forced.stdout  # asked for, even in a pipe
    assert ANSI.sub("", forced.stdout) == piped.stdout


def test_a_row_that_does_not_add_up_is_marked(tmp_path: Path) -> None:
    """A row whose scores miss the contract's total (rules: every row adds up) is yellow
    with a red cross; the check mark of a good row is green."""
    result = scored(EXAMPLES["barbu"])
    deal = result.deals[0]
    broken = dataclasses.replace(deal, score={**deal.score, "Ann": deal.score["Ann"] + 1})
    bad = dataclasses.replace(result, deals=(broken, *result.deals[1:]))
    text = registry.part("barbu", "views").score_text(bad, "g", Term(width=200, colour=True))
    first = next(line for line in text.splitlines() if ANSI.sub("", line).startswith("1 "))
    assert "\x1b[1;31m✗\x1b[0m" in first and "\x1b[33m" in first
    second = next(line for line in text.splitlines() if ANSI.sub("", line).startswith("2 "))
    assert "\x1b[32m✓\x1b[0m" in second


# -- what is in force, words ------------------------------------------------------------------


def test_show_score_status_name_the_house_options(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    made = run(
        "new", path, "--players", "Ann", "Bob", "Cat", "Dan",
        "--option", "values.no-king=-25", "--option", "rotation=every-deal",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    for command in ("show", "score", "status"):
        proc = run(command, path)
        assert proc.returncode == 0, proc.stderr
        first = proc.stdout.splitlines()[0]
        assert first.endswith(
            ("rules classic; rotation every-deal; no-king -25", "-25 — 0 of 28 deals played")
        ), first
    plain = tmp_path / "plain.json"
    assert run("new", plain, "--players", "Ann", "Bob", "Cat", "Dan").returncode == 0
    assert (
        run("status", plain).stdout.splitlines()[0].endswith("rules classic — 0 of 28 deals played")
    )


def test_ties_share_a_place_in_every_game() -> None:
    """Standard competition ranking: Rosbiratschka's example ends Cat -5, Ann and Dan +14,
    Bob +17 (lowest wins) — places 1, 2, 2, 4."""
    result = scored(EXAMPLES["rosbiratschka"])
    standings = registry.part("rosbiratschka", "views").status_text(result, "g", Term(width=80))
    places = [line.split()[0] for line in standings.split("Standings")[1].splitlines()[1:5]]
    assert places == ["1.", "2.", "2.", "4."]


def test_a_barbu_tie_shares_a_place(tmp_path: Path) -> None:
    """An undoubled No King is split (classic: the declarer +1, the others -7 each): three
    players share second place, and a fifth player would be fifth (1, 2, 2, 2)."""
    path = tmp_path / "g.json"
    assert run("new", path, "--players", "Ann", "Bob", "Cat", "Dan").returncode == 0
    assert run("add", path, "no-king").returncode == 0
    out = run("status", path).stdout.split("Standings")[1]
    assert [line.split()[0] for line in out.strip().splitlines()] == ["1.", "2.", "2.", "2."]


@given(st.lists(st.integers(min_value=-50, max_value=50), min_size=1, max_size=6))
def test_ranks_are_standard_competition_ranking(scores: list[int]) -> None:
    for low_wins, better in ((False, int.__gt__), (True, int.__lt__)):
        places = ranks(scores, low_wins=low_wins)
        for score, place in zip(scores, places, strict=True):
            assert place == 1 + len([s for s in scores if better(s, score)])


@pytest.mark.parametrize(
    ("args", "words", "jargon"),
    [
        (
            ["--players", "A" * 41, "Bob", "Cat", "Dan"],
            'player 1: "AAAAAAAAAAAAAAAAAAAAAAA…" is too long: at most 40 characters (41 given)',
            "players.0",
        ),
        (
            ["--players", "Ann", "Bob", "Cat", "Dan", "--option", "rotation=null"],
            "rotation: none is not block or every-deal",
            "None",
        ),
        (
            [
                "--players",
                "Ann",
                "Bob",
                "Cat",
                "Dan",
                "--option",
                "doubling.min_declarer_doubles=x",
            ],
            'doubling.min_declarer_doubles: "x" is not a whole number',
            "Input should",
        ),
    ],
)
def test_refusals_speak_the_players_words(
    tmp_path: Path, args: list[str], words: str, jargon: str
) -> None:
    line = assert_one_line_error(run("new", tmp_path / "g.json", *args))
    assert words in line and jargon not in line
    assert not (tmp_path / "g.json").exists()


def test_version() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout == f"scoresheet {pyproject['project']['version']}\n"


def test_plurals_in_what_the_table_reads(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    assert run("new", path, "--players", "Ann", "Bob", "Cat", "Dan").returncode == 0
    for contract in ("no-king", "no-queens"):
        assert run("add", path, contract).returncode == 0
    assert "removed; 1 deal left" in run("undo", path, "--yes").stdout


def test_what_add_and_edit_print_fits_40_columns(tmp_path: Path) -> None:
    """The deal, the totals and the doubles owed after `add`, and the `corrected …` line."""
    path = tmp_path / "g.json"
    assert run("new", path, "--players", *WIDE.values()).returncode == 0
    env = _env(COLUMNS="40")
    added = script("add", path, "no-king", "-d", "Zoë=山田", "--king", "Dan", env=env)
    edited = script("edit", path, "1", "no-king", "-d", "Zoë=山田", "--king", "Zoë", env=env)
    for proc in (added, edited):
        assert proc.returncode == 0, proc.stderr
        assert "totals:" in proc.stdout and "must still double 山田" in proc.stdout
        assert widest(proc.stdout) <= 40, proc.stdout
    assert edited.stdout.startswith("corrected deal 1: 山田 declared no-king")


@pytest.mark.parametrize("width", [80, 50, 30])
def test_rules_list_and_show_fit_the_width_without_losing_a_word(width: int) -> None:
    """The presets' descriptions and values, wrapped under their column, never cut."""
    from scoresheet.rules import list_presets

    env = {**os.environ, "COLUMNS": str(width)}
    for args in (["rules", "list"], *(["rules", "show", p] for p in list_presets())):
        proc = subprocess.run(
            [str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=60
        )
        assert proc.returncode == 0, proc.stderr
        assert all(cells(line) <= width for line in proc.stdout.splitlines()), (args, width)
        wide = subprocess.run(
            [str(SCRIPT), *args],
            capture_output=True,
            text=True,
            env={**env, "COLUMNS": "1000"},
            timeout=60,
        ).stdout
        assert proc.stdout.split() == wide.split()  # every word kept, in order
