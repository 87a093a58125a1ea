"""A number typed as text in a workbook's input cell, in every game: refused by import,
a finding of audit, at that cell, naming both readings.

Spreadsheet formulas skip text (SUM, COUNT, MAX, COUNTIF) or compare it as text, so a
count or bid typed as text ("3", a cell formatted as text, a list pick some programs
store as text) makes the sheet score the deal otherwise than the number would: in
LibreOffice, a Coinche bid of "100" turns a made contract into dedans, and Barbu's
Ravage City, Rosbiratschka and Caribbean All Fours scores change too. Reading it as the
number would give a game file that disagrees with the sheet it came from.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.sheets import audit as sheets
from tests.sheets_helpers import set_cells

ROOT = Path(__file__).resolve().parents[1]
# The sheets where the table types its results (what a game's import reads per deal).
INPUT_SHEETS = ("Results", "Doubles", "Declarations", "Deals")
PER_GAME = 12  # input cells tried per game, spread over the example's deals


def _numeric_inputs(data: bytes) -> list[tuple[str, str, int]]:
    """The cells of the input sheets that hold a typed whole number (not a formula); in
    column A only where it is an input (the deal a declaration belongs to)."""
    book = load_workbook(io.BytesIO(data))
    found: list[tuple[str, str, int]] = []
    for name in INPUT_SHEETS:
        if name not in book.sheetnames:
            continue
        for row in book[name].iter_rows(min_row=3):
            for cell in row:
                if type(cell.value) is not int or (cell.column == 1 and name != "Declarations"):
                    continue
                found.append((name, cell.coordinate, cell.value))
    return found


def _cases() -> list[Any]:
    cases = []
    for game in registry.names():
        example = ROOT / "examples" / f"{registry.game(game).preset}.json"
        cases.append(pytest.param(game, example, id=game))
    return cases


@pytest.mark.parametrize(("game", "example"), _cases())
def test_a_number_typed_as_text_is_refused_where_it_is(
    game: str, example: Path, tmp_path: Path
) -> None:
    data = sheets.export(rec.load(example))
    inputs = _numeric_inputs(data)
    assert len(inputs) >= 4, f"{game}: too few numeric inputs to try"
    step = max(1, len(inputs) // PER_GAME)
    for sheet, ref, value in inputs[::step][:PER_GAME]:
        path = tmp_path / f"{game}.xlsx"
        path.write_bytes(set_cells(data, {(sheet, ref): f" {value}"}))
        with pytest.raises(ScoresheetError) as info:
            sheets.import_workbook(path)
        message = str(info.value)
        assert f"{sheet}!{ref} " in message, message
        assert f'" {value}" is text, not a number: read as {value},' in message, message
        assert "type it as a number" in message
        report = sheets.audit_path(path)
        assert any(f.cell == f"{sheet}!{ref}" and f.blocking for f in report.findings), (
            f"{game} {sheet}!{ref}: {[f.line for f in report.findings]}"
        )


@pytest.mark.parametrize(("game", "example"), _cases())
def test_a_rule_value_typed_as_text_is_a_finding(game: str, example: Path, tmp_path: Path) -> None:
    """The rule values on the Rules sheet feed every score's formula: the same holds."""
    data = sheets.export(rec.load(example))
    rules = load_workbook(io.BytesIO(data))["Rules"]
    rows = [row for row in rules.iter_rows(min_row=9) if type(row[1].value) is int]
    assert rows, f"{game}: no rule value on the Rules sheet"
    ref, value = rows[0][1].coordinate, rows[0][1].value
    path = tmp_path / f"{game}.xlsx"
    path.write_bytes(set_cells(data, {("Rules", ref): str(value)}))
    report = sheets.audit_path(path)
    lines = [f.line for f in report.findings if f.cell == f"Rules!{ref}"]
    assert lines, f"{game}: nothing said of Rules!{ref}: {[f.line for f in report.findings]}"
    assert f'"{value}" is text, not a number: read as {value},' in lines[0]
