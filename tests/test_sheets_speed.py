"""The fast paths of writing a workbook and printing ``--json`` give what the plain ones
gave: the same XML in every part of a workbook (its timestamps aside), the same JSON text."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record
from scoresheet.cli.output import json_text
from scoresheet.sheets import write
from scoresheet.sheets.audit import export

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# One example of each game, and Barbu's widest (Chinese Poker's hands).
ONE_EACH = ["classic", "chinese-poker", "rosbiratschka", "belote", "coinche", "caribbean-all-fours"]
_STAMPS = re.compile(rb"<dcterms:(created|modified)[^<]*</dcterms:\1>")


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {name: _STAMPS.sub(b"", zf.read(name)) for name in zf.namelist()}


def _plain_put(self: write.Stamp, target: Any) -> None:
    for attr, value in self.attributes.items():
        setattr(target, attr, value)


def _plain_save(wb: Any, buffer: io.BytesIO, values: Any) -> set[str]:
    wb.save(buffer)
    return set()  # every formula's value put in by cache_values


def _odd_names() -> str:
    """The classic example, its players named with what XML and formulas escape."""
    text = (EXAMPLES / "classic.json").read_text("utf-8")
    data = json.loads(text)
    for old, new in zip(data["players"], ["=1+1", "A & <B>", "Cé\"x'", "@Dan x"], strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    return text


@pytest.mark.parametrize("example", [*ONE_EACH, "odd names"])
def test_a_workbook_is_what_openpyxl_setters_write(
    example: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _odd_names() if example == "odd names" else (EXAMPLES / f"{example}.json").read_text()
    game = record.from_data(json.loads(text))
    fast = export(game)
    with monkeypatch.context() as patch:
        patch.setattr(write.Stamp, "put", _plain_put)
        patch.setattr(write, "_save_stored", _plain_save)
        plain = export(game)
    assert _parts(fast) == _parts(plain)
    with zipfile.ZipFile(io.BytesIO(fast)) as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_DEFLATED}


def test_a_stamp_sets_only_its_own_attributes() -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    stamp = write.Stamp({"font": Font(name="Arial", bold=True), "number_format": "0.00"})
    ws["A1"].number_format = "0%"
    ws["B1"].fill = write.cell_styles()["header"]["fill"]
    for ref in ("A1", "B1", "C1"):
        stamp.put(ws[ref])
    for ref in ("A1", "B1", "C1"):
        assert ws[ref].font.b and ws[ref].number_format == "0.00"
    assert ws["B1"].fill.fgColor.rgb == "00" + write.HEADER_FILL
    assert ws["C1"].fill.fill_type is None


JSON_CASES: list[Any] = [
    {},
    [],
    "text",
    1.5,
    None,
    [{}],
    [[[[]]]],
    {"a": [], "b": {}, "c": [[], {}], "d": None, "e": True, "f": [1, [2, {"k": "é\n"}]]},
    {"a,b": "c]", "[]": {}, "x": "{}"},
    ["x\\", "y,", "\\\\", 'say "a, b"', "\u2028"],
    {"q": 'one "quoted", [two]'},
]


@pytest.mark.parametrize("data", JSON_CASES)
def test_json_text_is_the_indented_dump(data: Any) -> None:
    assert json_text(data) == json.dumps(data, ensure_ascii=False, indent=2)


def test_json_text_of_a_whole_game_score() -> None:
    from scoresheet.games.barbu.score import score_game, to_json

    game = record.from_data(json.loads((EXAMPLES / "chinese-poker.json").read_text("utf-8")))
    data = to_json(score_game(game))
    assert json_text(data) == json.dumps(data, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("rounds", [2, 35])
def test_the_headings_of_a_blank_round_are_those_of_every_round(rounds: int) -> None:
    """The audit checks a workbook's headings against a blank plan of one round: the
    headings above the deal rows must not depend on the rounds."""
    from dataclasses import replace

    from scoresheet.games.barbu.score import score_game
    from scoresheet.games.barbu.sheet.book import _blank_plan
    from scoresheet.games.barbu.sheet.layout import Layout
    from scoresheet.games.barbu.sheet.plan import plan_workbook
    from scoresheet.limits import MAX_DEALS
    from scoresheet.rules import list_presets, load_preset

    def headings(cells: Any) -> dict[tuple[str, int, int], Any]:
        return {
            (c.sheet, c.row, c.col): c.value
            for c in cells
            if c.style == "header" and c.row == 3 and c.value
        }

    for preset in list_presets("barbu"):
        rules = load_preset(preset)
        if rules.deals_per_game // rules.rounds * rounds > MAX_DEALS:
            continue
        rules = replace(rules, rounds=rounds)
        players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][: rules.players]
        game: Any = {"format": "scoresheet-game", "version": 1, "rules": preset}
        game |= {"players": players, "deals": []}
        whole = plan_workbook(game, score_game(game, rules))
        assert whole.layout.rows == rules.deals_per_game
        assert len(headings(whole.cells)) > 10
        assert headings(_blank_plan(Layout(players, rules))) == headings(whole.cells), preset
