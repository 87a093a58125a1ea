"""``audit``: a deal's number cell that does not hold the deal's number is a finding naming
the cell, in every game's workbook (text typed over it, a number typed as text, another
number, a flag, or nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoresheet import record
from scoresheet.sheets.audit import audit_path, export, import_workbook
from tests.cli_helpers import ROOT, run
from tests.sheets_helpers import set_cells

# Each example's deal-number cells of deal 2: its row on every sheet with one per deal,
# and the first of its rows on Caribbean All Fours' Points sheet (one row per point).
CELLS: dict[str, list[tuple[str, str]]] = {
    "classic": [("Scores", "A5"), ("Results", "A5"), ("Doubles", "A5")],
    "rosbiratschka": [("Scores", "A5"), ("Results", "A5")],
    "belote": [("Scores", "A5"), ("Results", "A5")],
    "coinche": [("Scores", "A5"), ("Results", "A5")],
    "caribbean-all-fours": [("Scores", "A5"), ("Deals", "A5"), ("Points", "A12")],
}
CASES = [(example, sheet, ref) for example, cells in CELLS.items() for sheet, ref in cells]
WRONG: dict[str, Any] = {"text": "two", "number as text": "2", "another number": 9}


def _workbook(tmp_path: Path, example: str, changes: dict[tuple[str, str], Any]) -> Path:
    data = export(record.load(ROOT / "examples" / f"{example}.json"))
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / f"{example}.xlsx"
    path.write_bytes(set_cells(data, changes))
    return path


def _cells(path: Path) -> list[str | None]:
    return [f.cell for f in audit_path(path).findings]


@pytest.mark.parametrize(("example", "sheet", "ref"), CASES)
def test_the_deal_number_cells_hold_the_deal_number(
    tmp_path: Path, example: str, sheet: str, ref: str
) -> None:
    from openpyxl import load_workbook

    path = _workbook(tmp_path, example, {})
    assert load_workbook(path)[sheet][ref].value == 2  # the cell these tests change
    assert _cells(path) == []


@pytest.mark.parametrize("wrong", WRONG)
@pytest.mark.parametrize(("example", "sheet", "ref"), CASES)
def test_a_wrong_deal_number_is_a_finding_naming_its_cell(
    tmp_path: Path, example: str, sheet: str, ref: str, wrong: str
) -> None:
    path = _workbook(tmp_path, example, {(sheet, ref): WRONG[wrong]})
    findings = audit_path(path).findings
    assert [(f.deal, f.cell) for f in findings] == [(2, f"{sheet}!{ref}")]
    line = findings[0].line
    assert line.startswith(f"{sheet}!{ref} (deal 2, number): ") and "type 2" in line
    if wrong == "number as text":
        assert '"2" is text, not a number' in line


@pytest.mark.parametrize("example", CELLS)
def test_the_command_reports_it_and_exits_1(tmp_path: Path, example: str) -> None:
    sheet, ref = CELLS[example][0]
    path = _workbook(tmp_path, example, {(sheet, ref): "two"})
    proc = run("audit", path)
    assert proc.returncode == 1, proc.stderr
    assert f'{sheet}!{ref} (deal 2, number): "two" where the deal\'s number belongs' in proc.stdout


def test_import_still_reads_the_inputs(tmp_path: Path) -> None:
    """The rows are the deals in order: a deal number is never read, so the game
    imported is the one the inputs give."""
    changed = _workbook(tmp_path / "changed", "classic", {("Results", "A5"): "two"})
    unchanged = _workbook(tmp_path, "classic", {})
    assert import_workbook(changed)[0]["deals"] == import_workbook(unchanged)[0]["deals"]
