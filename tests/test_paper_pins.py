"""Direct pins on the paper's document model (no PDF): the race pads' rows,
Rosbiratschka's pad rows and check column, and the printed games' row check, whose cross
only a row that does not add up gets."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record, registry
from scoresheet.paper.kit import RACE_ROWS
from scoresheet.paper.model import Doc

ROOT = Path(__file__).resolve().parents[1]


def _scored(example: str) -> Any:
    data = json.loads((ROOT / "examples" / f"{example}.json").read_text(encoding="utf-8"))
    return registry.part(data["game"], "score").score_game(record.from_data(data))


def _rows(doc: Doc) -> list[list[str]]:
    return [row for block in doc.grid.blocks for row in block.rows]


@pytest.mark.parametrize(
    ("example", "dealers"),
    [
        ("belote", ["Ann", "Dan", "Cat", "Bob"]),
        ("coinche", ["Bob", "Ann", "Dan", "Cat"]),
        ("caribbean-all-fours", ["Ann", "Dan", "Cat", "Bob"]),
    ],
)
def test_a_race_pad_is_sixteen_numbered_rows_with_their_dealers(
    example: str, dealers: list[str]
) -> None:
    result = _scored(example)
    doc = registry.part(result.game, "paper").pad(result)
    rows = doc.grid.blocks[0].rows  # the first page (Belote's and Coinche's go on over a second)
    assert RACE_ROWS == 16
    assert len(rows) == 16
    assert [row[0] for row in rows] == [str(n) for n in range(1, 17)]
    assert [row[1] for row in rows] == dealers * 4
    assert all(cell == "" for row in rows for cell in row[2:])


@pytest.mark.parametrize(
    ("example", "dealers", "checks"),
    [
        # Every contract's base penalties total 8 (the rules page) …
        ("rosbiratschka", ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob"], ["+8"] * 6),
        # … but with three players there are 6 hearts (the 7s and 8s removed).
        ("rosbiratschka-3", ["Ann", "Bob", "Cat", "Ann", "Bob", "Cat"], ["+8", "+6", *["+8"] * 4]),
    ],
)
def test_the_rosbiratschka_pad_rows_and_check_column(
    example: str, dealers: list[str], checks: list[str]
) -> None:
    result = _scored(example)
    doc = registry.part("rosbiratschka", "paper").pad(result)
    heads = [c.head for c in doc.grid.columns]
    check = heads.index("check")
    assert doc.grid.columns[check].shaded
    assert check == 3 + 2 * len(result.players)
    rows = _rows(doc)
    assert len(rows) == 7  # six deals and the total
    deals, total = rows[:-1], rows[-1]
    assert [r[0] for r in deals] == ["1", "2", "3", "4", "5", "6"]
    assert [r[1] for r in deals] == dealers
    assert [r[2] for r in deals] == [
        "no-tricks",
        "no-hearts",
        "no-jacks",
        "king-of-hearts",
        "hundred",
        "rosbiratschka",
    ]
    assert [r[check] for r in deals] == checks
    assert total[2] == "Total" and total[check] == ""
    assert doc.grid.blocks[-1].bold == frozenset({6})


def _broken(result: Any, field: str) -> Any:
    """The result with its first deal's first score one point off (a row that does not
    add up, as a hand-edited or mis-scored file could give)."""
    deal = result.deals[0]
    scores = getattr(deal, field)
    first = next(iter(scores))
    changed = dataclasses.replace(deal, **{field: {**scores, first: scores[first] + 1}})
    return dataclasses.replace(result, deals=(changed, *result.deals[1:]))


@pytest.mark.parametrize(("example", "field"), [("rosbiratschka", "base"), ("classic", "score")])
def test_the_printed_row_check_crosses_a_row_that_does_not_add_up(example: str, field: str) -> None:
    result = _scored(example)
    paper = registry.part(result.game, "paper")
    ok = [c.head for c in paper.printed(result).grid.columns].index("ok")
    good = _rows(paper.printed(result))
    assert {row[ok] for row in good[:-1]} == {"✓"}
    bad = _rows(paper.printed(_broken(result, field)))
    assert bad[0][ok] == "✗"
    assert {row[ok] for row in bad[1:-1]} == {"✓"}
