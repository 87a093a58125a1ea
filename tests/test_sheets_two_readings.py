"""Inputs of a workbook that this tool and the sheet's own formulas would read two ways,
in every game: refused by import, a finding of audit, at that cell.

A number typed as text: spreadsheet formulas skip text (SUM, COUNT, MAX, COUNTIF) or
compare it as text, so a count or bid typed as text ("3", a cell formatted as text, a
list pick some programs store as text) makes the sheet score the deal otherwise than the
number would: in LibreOffice, a Coinche bid of "100" turns a made contract into dedans,
and Barbu's Ravage City, Rosbiratschka and Caribbean All Fours scores change too.
Reading it as the number would give a game file that may disagree with the sheet it came
from (Belote's formulas happen to convert it in LibreOffice; the rule is the same for
every game).

A name with a space around it: to a formula "Bob " is not Bob (LibreOffice then scores
Belote, Coinche and Caribbean All Fours deals without their taker or high-card holder),
so it is not Bob to import either.

A computed cell that shows what the inputs do not give (a score typed over its formula,
a formula changed): the table saw that number, and a game file, made of the inputs
alone, would say another.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.sheets import audit as sheets
from tests.sheets_helpers import recalculate, set_cells

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
        assert f'" {value}" is text, not a number: read as {value} here,' in message, message
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
    assert f'"{value}" is text, not a number: read as {value} here,' in lines[0]


def _name_inputs(data: bytes, players: list[str]) -> list[tuple[str, str, str, bool]]:
    """The cells of the input sheets where a player's name is typed (not a formula; not
    the Doubles sheet, whose names label the ledger), and whether the cell is the dealer's,
    which only informs (the rotation says who deals)."""
    book = load_workbook(io.BytesIO(data))
    found: list[tuple[str, str, str, bool]] = []
    for name in INPUT_SHEETS:
        if name not in book.sheetnames or name == "Doubles":
            continue
        sheet = book[name]
        for row in sheet.iter_rows(min_row=4):
            for cell in row:
                if isinstance(cell.value, str) and cell.value in players:
                    heading = str(sheet.cell(3, cell.column).value).casefold()
                    found.append((name, cell.coordinate, cell.value, heading == "dealer"))
    return found


@pytest.mark.parametrize(("game", "example"), _cases())
def test_a_name_with_a_space_around_it_is_refused_where_it_is(
    game: str, example: Path, tmp_path: Path
) -> None:
    record = rec.load(example)
    data = sheets.export(record)
    names = _name_inputs(data, list(record["players"]))
    assert any(not dealer for *_, dealer in names), f"{game}: no name typed in the input sheets"
    step = max(1, len(names) // PER_GAME)
    for sheet, ref, name, dealer in names[::step][:PER_GAME]:
        path = tmp_path / f"{game}.xlsx"
        path.write_bytes(set_cells(data, {(sheet, ref): f"{name} "}))
        report = sheets.audit_path(path)
        said = [f for f in report.findings if f.cell == f"{sheet}!{ref}"]
        assert said, f"{game} {sheet}!{ref}: {[f.line for f in report.findings]}"
        assert f'"{name} "' in said[0].line
        if dealer:
            continue
        with pytest.raises(ScoresheetError) as info:
            sheets.import_workbook(path)
        message = str(info.value)
        assert message.startswith(f"{path.name}: {sheet}!{ref} "), message
        assert f'"{name} "' in message, message


def test_a_turned_up_card_with_spaces_is_read_as_the_sheet_trims_it(tmp_path: Path) -> None:
    """Caribbean All Fours' formulas TRIM the cards turned up: there, spaces mean nothing."""
    record = rec.load(ROOT / "examples" / "caribbean-all-fours.json")
    data = sheets.export(record)
    path, plain = tmp_path / "g.xlsx", tmp_path / "plain.xlsx"
    plain.write_bytes(data)
    path.write_bytes(set_cells(data, {("Deals", "D4"): " 9S  "}))
    imported, _ = sheets.import_workbook(path)
    assert imported["deals"][0]["turn_ups"] == ["9S"]
    assert imported["deals"] == sheets.import_workbook(plain)[0]["deals"]


def _first_score_formula(data: bytes) -> str:
    """The first formula of the Scores sheet in a deal's row (row 4 on)."""
    scores = load_workbook(io.BytesIO(data))["Scores"]
    for row in scores.iter_rows(min_row=4):
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                return str(cell.coordinate)
    raise AssertionError("no formula in Scores")


@pytest.mark.parametrize(("game", "example"), _cases())
def test_a_value_typed_over_a_formula_stops_import_unless_it_is_what_the_rules_give(
    game: str, example: Path, tmp_path: Path
) -> None:
    """The table saw the typed number; a game made of the inputs would say another."""
    data = sheets.export(rec.load(example))
    ref = _first_score_formula(data)
    path = tmp_path / f"{game}.xlsx"
    path.write_bytes(set_cells(data, {("Scores", ref): 987654}))
    with pytest.raises(ScoresheetError) as info:
        sheets.import_workbook(path)
    message = str(info.value)
    assert message.startswith(f"{path.name}: Scores!{ref} ("), message
    assert "typed over the formula (987654; the rules give " in message
    assert "would not say what this sheet shows" in message
    found = re.search(r"the rules give ([^)]*)\)", message)
    assert found is not None
    given = found.group(1)
    same: Any = "" if given == "empty" else json.loads(given)
    path.write_bytes(set_cells(data, {("Scores", ref): same}))
    imported, _ = sheets.import_workbook(path)
    assert len(imported["deals"]) == len(rec.load(example)["deals"])


def test_a_changed_formula_that_shows_otherwise_stops_import(tmp_path: Path) -> None:
    """Recalculated by LibreOffice, every game's sheet with its first score formula
    changed shows another value there: import refuses it, saying what it shows."""
    paths = []
    for game in registry.names():
        data = sheets.export(rec.load(ROOT / "examples" / f"{registry.game(game).preset}.json"))
        ref = _first_score_formula(data)
        path = tmp_path / f"{game}.xlsx"
        path.write_bytes(set_cells(data, {("Scores", ref): "=987654"}))
        paths.append((path, ref))
    done = recalculate([p for p, _ in paths], tmp_path / "lo", tmp_path / "profile")
    for path, ref in paths:
        with pytest.raises(ScoresheetError) as info:
            sheets.import_workbook(done[path])
        message = str(info.value)
        assert f"Scores!{ref} (" in message, message
        assert "the formula was changed to =987654 (it shows 987654; the rules give" in message


def test_import_names_the_input_before_the_computed_cells_it_throws_off(
    tmp_path: Path,
) -> None:
    """A rule value typed as text, recalculated by LibreOffice: every sheet then shows
    scores the rules do not give, but import names the cause, the rule value's cell."""
    paths = []
    for game in registry.names():
        data = sheets.export(rec.load(ROOT / "examples" / f"{registry.game(game).preset}.json"))
        rules = load_workbook(io.BytesIO(data))["Rules"]
        cell = next(row[1] for row in rules.iter_rows(min_row=9) if type(row[1].value) is int)
        path = tmp_path / f"{game}.xlsx"
        path.write_bytes(set_cells(data, {("Rules", cell.coordinate): str(cell.value)}))
        paths.append((path, cell.coordinate))
    done = recalculate([p for p, _ in paths], tmp_path / "lo", tmp_path / "profile")
    for path, ref in paths:
        with pytest.raises(ScoresheetError) as info:
            sheets.import_workbook(done[path])
        assert str(info.value).startswith(f"{path.name}: Rules!{ref} ("), str(info.value)


def _flag_cells(data: bytes) -> list[tuple[str, bool]]:
    rules = load_workbook(io.BytesIO(data))["Rules"]
    return [
        (c.coordinate, c.value)
        for row in rules.iter_rows()
        for c in row
        if c.value in (0, 1) and isinstance(c.value, bool)
    ]


# The games whose Rules sheet has a flag (TRUE/FALSE) cell: the tests below try each one.
FLAG_GAMES = ("barbu", "belote", "coinche")


def test_every_game_with_flags_is_tried() -> None:
    with_flags = {
        game
        for game in registry.names()
        if _flag_cells(
            sheets.export(rec.load(ROOT / "examples" / f"{registry.game(game).preset}.json"))
        )
    }
    assert with_flags == set(FLAG_GAMES)


def _flag_cases() -> list[Any]:
    return [case for case in _cases() if case.values[0] in FLAG_GAMES]


@pytest.mark.parametrize(("game", "example"), _flag_cases())
@pytest.mark.parametrize("word", ["FALSE", "TRUE", " false"])
def test_a_flag_typed_as_text_is_refused_where_it_is(
    game: str, example: Path, word: str, tmp_path: Path
) -> None:
    """A rule flag typed as text ("FALSE"): formulas such as AND() skip text, so the sheet
    would read the rule otherwise than the game made of it (Barbu's undoubled split: the
    sheet still split the deal that import read as not split)."""
    data = sheets.export(rec.load(example))
    flags = _flag_cells(data)
    assert flags, f"{game}: no flag on the Rules sheet"
    for ref, _ in flags:
        path = tmp_path / f"{game}.xlsx"
        path.write_bytes(set_cells(data, {("Rules", ref): word}))
        with pytest.raises(ScoresheetError) as info:
            sheets.import_workbook(path)
        message = str(info.value)
        assert message.startswith(f"{game}.xlsx: Rules!{ref} "), message
        assert (
            f'"{word}" is text, not TRUE or FALSE: read as {word.strip().upper()} here,' in message
        )
        assert "type TRUE or FALSE" in message, message
        report = sheets.audit_path(path)
        assert any(f.cell == f"Rules!{ref}" and f.blocking for f in report.findings), (
            f"{game} Rules!{ref}: {[f.line for f in report.findings]}"
        )


@pytest.mark.parametrize(("game", "example"), _flag_cases())
def test_a_flag_typed_as_a_value_still_reads(game: str, example: Path, tmp_path: Path) -> None:
    """TRUE or FALSE typed as such, or as LibreOffice saves them (=TRUE()), is a flag."""
    data = sheets.export(rec.load(example))
    for ref, value in _flag_cells(data):
        path = tmp_path / f"{game}.xlsx"
        path.write_bytes(set_cells(data, {("Rules", ref): "=TRUE()" if value else "=FALSE()"}))
        report = sheets.audit_path(path)
        assert not [f for f in report.findings if f.cell == f"Rules!{ref}"], report.text()
