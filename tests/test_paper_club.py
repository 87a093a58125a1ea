"""Paper for clubs: the race pads' litige column and continuation page, Barbu's running
total under each declarer's deals, the target across a race's chart, and the printed
game's chart sharing its page with the standings (and the doubling ledger).

The document model is pinned first (no PDF); then one rendered PDF of each, read back
with poppler.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record, registry
from scoresheet.paper.model import Block, Doc
from scoresheet.paper.render import render
from scoresheet.views.common import initials
from tests.paper_helpers import (
    A4,
    MIN_BOX,
    off_the_page,
    overlapping,
    page_sizes,
    page_words,
    pages,
    pages_with_words,
    text,
    words,
)

ROOT = Path(__file__).resolve().parents[1]


def _scored(example: str) -> Any:
    data = json.loads((ROOT / "examples" / f"{example}.json").read_text(encoding="utf-8"))
    return registry.part(data["game"], "score").score_game(record.from_data(data))


def _paper(result: Any) -> Any:
    return registry.part(result.game, "paper")


def _pdf(doc: Doc, tmp_path: Path, name: str) -> Path:
    """``doc`` rendered on A4, with the players' initials the commands give it."""
    doc.initials = doc.initials or initials(["Ann", "Bob", "Cat", "Dan"])
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(render(doc))
    return path


# -- the race pads: a litige column, a continuation page ------------------------------------


@pytest.mark.parametrize(
    ("example", "held"),
    [("belote", True), ("coinche", False)],  # Coinche has no litige (coinche.md)
)
def test_a_race_pad_goes_on_over_a_second_page_bringing_the_totals_forward(
    example: str, held: bool
) -> None:
    result = _scored(example)
    doc = _paper(result).pad(result)
    heads = [c.head for c in doc.grid.columns]
    assert ("litige pending" in heads) is held
    carried = 3 if held else 2  # the running totals, and the points a litige holds
    if held:
        assert heads[-1] == "litige pending"
    assert [g.title for g in doc.grid.groups][-1] == ("" if held else "running")
    first, more = doc.grid.blocks
    assert not first.new_page and more.new_page
    assert [row[0] for row in first.rows] == [str(n) for n in range(1, 17)]
    forward, rows = more.rows[0], more.rows[1:]
    assert forward[2] == "brought forward"
    assert all(cell == "" for j, cell in enumerate(forward) if j != 2)
    assert more.bold == frozenset({0})
    # Nothing to write in the brought-forward row but the totals carried.
    width = len(heads)
    assert more.shade == {(0, j) for j in range(width - carried) if j != 2}
    assert [row[0] for row in rows] == [str(n) for n in range(17, 33)]
    # The dealers go on turning: four players, so row 17 is dealt as row 1.
    assert [row[1] for row in rows] == [row[1] for row in first.rows]
    assert all(cell == "" for row in [*first.rows, *rows] for cell in row[2:])


def test_a_belote_pad_whose_tie_is_dedans_has_no_litige_column() -> None:
    result = _scored("belote")
    result = dataclasses.replace(result, rules=dataclasses.replace(result.rules, tie="dedans"))
    doc = _paper(result).pad(result)
    heads = [c.head for c in doc.grid.columns]
    assert "litige pending" not in heads
    assert heads[-2:] == heads[-4:-2]  # the teams' score, then their running totals
    more = doc.grid.blocks[1]
    assert more.shade == {(0, j) for j in range(len(heads) - 2) if j != 2}


def test_the_belote_pad_prints_its_continuation_on_a_page_of_its_own(tmp_path: Path) -> None:
    result = _scored("belote")
    path = _pdf(_paper(result).pad(result), tmp_path, "belote-pad")
    assert pages(path) == 2 and page_sizes(path) <= A4
    one, two = text(path, page=1), text(path, page=2)
    numbers = [re.findall(r"^\s*(\d+)\s+(?:Ann|Bob|Cat|Dan)\b", t, re.M) for t in (one, two)]
    assert numbers == [[str(n) for n in range(1, 17)], [str(n) for n in range(17, 33)]]
    assert "brought" in two and "forward" in two and "brought" not in one
    assert "litige pending" in one and "litige pending" in two
    assert "Date:" in one and "Date:" not in two
    # The legend under the first page's rows, where it has room, not after the second.
    assert "dix de der" in one and "dix de der" not in two
    for word, height in words(path):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"
    assert off_the_page(path) == [] and overlapping(path) == []


# -- Barbu's pad: a running total under each declarer's deals ---------------------------------


def _barbu_pad(preset: str, players: list[str]) -> Doc:
    paper = registry.part("barbu", "paper")
    score = registry.part("barbu", "score")
    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": preset,
        "players": players,
        "deals": [],
    }
    return paper.pad(score.score_game(record.from_data(data)))


PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize(
    ("preset", "checks"),
    [
        # Every classic contract's checks add up to 0 for each declarer (barbu rules page).
        ("classic", ["0", "0", "0", "0"]),
        # Salad: −65 −30 −130 −80 −50 −355 = −710 for each declarer, so far.
        ("salad", ["−710", "−1420", "−2130", "−2840"]),
        # Chinese Poker's deal has no fixed total: no check from the first block on.
        ("chinese-poker", ["", "", "", ""]),
    ],
)
def test_each_declarers_block_ends_with_the_running_total_and_its_check(
    preset: str, checks: list[str]
) -> None:
    doc = _barbu_pad(preset, PLAYERS)
    blocks = doc.grid.blocks
    assert len(blocks) == 4  # one per declarer: the game's total is the last one's row
    heads = [c.head for c in doc.grid.columns]
    check = heads.index("check")
    last_rows = [b.rows[-1] for b in blocks]
    assert [r[1] for r in last_rows] == ["Running total"] * 3 + ["Total"]
    assert [r[check] for r in last_rows] == checks
    for block in blocks:
        end = len(block.rows) - 1
        assert block.bold == frozenset({end})
        # The number and the doubles are greyed: only the scores are written there.
        assert block.shade == {(end, j) for j, h in enumerate(heads) if h in ("#", "dbl")}
        assert all(cell == "" for cell in block.rows[end][2:check])
    assert any("Running total:" in line for line in doc.legend)


def test_the_classic_pad_with_running_totals_is_still_one_landscape_page(tmp_path: Path) -> None:
    path = _pdf(_barbu_pad("classic", PLAYERS), tmp_path, "classic-pad")
    assert pages(path) == 1 and page_sizes(path) == {(842, 595)}
    content = text(path)
    # Two blocks side by side: a line holds two running totals, or one and the total.
    lines = [line for line in content.splitlines() if "Running total " in line]
    assert sum(line.count("Running total ") for line in lines) == 3
    assert re.search(r"Running total\s+0\s+Total\s+0\s*$", content, re.M)
    assert off_the_page(path) == [] and overlapping(path) == []


# -- printed games: the target line, and the chart beside the standings ------------------------


@pytest.mark.parametrize(("example", "target"), [("belote", 1000), ("coinche", 2000)])
def test_a_race_chart_carries_its_target(example: str, target: int) -> None:
    result = _scored(example)
    chart = _paper(result).printed(result).chart
    assert chart is not None
    assert chart.target == target == result.rules.target
    assert chart.target_label == f"target {target}"


def _box(path: Path, page: int, word: str) -> tuple[float, float, float, float]:
    found = [b for w, *b in page_words(path)[page - 1] if w == word]
    assert found, (word, page)
    x1, y1, x2, y2 = found[0]
    return x1, y1, x2, y2


def test_a_short_belote_game_prints_on_one_page_the_chart_beside_the_standings(
    tmp_path: Path,
) -> None:
    result = _scored("belote")
    path = _pdf(_paper(result).printed(result), tmp_path, "belote")
    assert pages(path) == 1
    content = text(path)
    assert "Standings" in content and "Running totals" in content
    assert "target 1000" in content
    standings = _box(path, 1, "Standings")
    chart = _box(path, 1, "Running")
    assert abs(chart[1] - standings[1]) < 2  # side by side, their titles on one line
    assert chart[0] > standings[2] + 100  # to the right of the standings' 76 mm table
    assert off_the_page(path) == [] and overlapping(path) == []


def test_a_long_race_prints_its_standings_and_chart_together_on_the_next_page(
    tmp_path: Path,
) -> None:
    result = _scored("coinche")
    doc = _paper(result).printed(result)
    rows = doc.grid.blocks[0].rows
    deals, total = rows[:-1], rows[-1]
    more = [[str(n + 1), *deals[n % len(deals)][1:]] for n in range(24)]
    doc.grid.blocks = [Block([*more, total], bold=frozenset({24}))]
    path = _pdf(doc, tmp_path, "long")
    assert pages(path) == 2
    one, two = text(path, page=1), text(path, page=2)
    assert "Standings" not in one and "Running totals" not in one
    assert "Standings" in two and "Running totals" in two and "target 2000" in two
    # The chart fills the page: its axis ("deal") near the bottom.
    (_width, height, _boxes) = pages_with_words(path)[1]
    assert _box(path, 2, "deal")[3] > 0.85 * height


def test_a_printed_barbu_game_gives_page_two_to_the_standings_ledger_and_chart(
    tmp_path: Path,
) -> None:
    result = _scored("classic")
    path = _pdf(_paper(result).printed(result), tmp_path, "classic")
    assert pages(path) == 2
    one, two = text(path, page=1), text(path, page=2)
    assert "Total" in one and "Standings" not in one
    for title in ("Standings", "Doubling ledger", "Running totals"):
        assert title in two, title
    (_width, height, _boxes) = pages_with_words(path)[1]
    # The chart takes the page down to the legend, not a fixed 80 mm band.
    assert _box(path, 2, "deal")[3] > 0.8 * height
    assert off_the_page(path) == [] and overlapping(path) == []
