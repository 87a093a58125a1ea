"""The exported workbook's shape: sheets, named cells, drop-downs, print setup, chart, values."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from scoresheet import record as rec
from scoresheet.games.barbu.score import score_game
from scoresheet.games.barbu.sheet.layout import SHEETS
from scoresheet.games.barbu.sheet.plan import plan_workbook
from scoresheet.games.barbu.sheet.render import blank_workbook, export_workbook
from tests.sheets_helpers import same

ROOT = Path(__file__).resolve().parents[2]


def test_sheets_names_and_print_setup() -> None:
    data = export_workbook(rec.load(ROOT / "examples" / "ravage-city.json"))
    wb = load_workbook(io.BytesIO(data))
    assert wb.sheetnames == list(SHEETS)
    for name in ("v_no_tricks", "v_no_king", "v_dominoes", "v_ravage_city", "contracts", "players"):
        assert name in wb.defined_names
    for ws in wb.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert ws.page_setup.paperSize == 9  # A4 unless --paper letter
        setup = ws.sheet_properties.pageSetUpPr
        assert setup is not None
        if setup.fitToPage:  # one page wide...
            assert ws.page_setup.fitToWidth == 1
        else:  # ...or too wide for that: split across pages, key columns repeated
            assert ws.page_setup.scale == 85
            assert ws.print_title_cols is not None, ws.title
    scores = wb["Scores"]
    assert isinstance(scores, Worksheet)
    assert scores.freeze_panes == "F4"
    assert scores.print_title_rows == "$2:$3"
    assert scores.column_dimensions["D"].width > 8


def test_values_saved_and_recalculation_asked_for() -> None:
    data = export_workbook(rec.load(ROOT / "examples" / "classic.json"))
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")
    chart = archive.read("xl/charts/chart1.xml")
    assert b"<c:numCache>" in chart or b"numCache" in chart
    game = rec.load(ROOT / "examples" / "classic.json")
    values = load_workbook(io.BytesIO(data), data_only=True)
    plan = plan_workbook(game, score_game(game))
    cells = list(plan.formulas())
    assert len(cells) > 1000
    for cell in cells:
        assert same(cell.value, values[cell.sheet][cell.ref].value), cell.where


def test_a_blank_sheet_has_drop_downs_and_formulas_ready() -> None:
    wb = load_workbook(io.BytesIO(blank_workbook(["Ann", "Bob", "Cat", "Dan"], "chinese-poker")))
    lists = {dv.formula1 for dv in wb["Results"].data_validations.dataValidation}
    assert {"contracts", "players"} <= lists
    scores = wb["Scores"]
    assert all(scores[f"G{row}"].data_type == "f" for row in range(4, 4 + 36))
    assert scores["D4"].value.startswith("=IF(Results!$D4")
    results = wb["Results"]
    assert [results[f"B{r}"].value for r in (4, 12, 13)] == ["Ann", "Ann", "Bob"]


# -- refusals name the file and the cell, as Belote's do ---------------------------------------


def _refusals(tmp_path: Path, changes: dict[tuple[str, str], object]) -> tuple[str, list[str]]:
    """What ``import`` says of an edited classic export, and the lines ``audit`` gives."""
    import pytest

    from scoresheet.errors import ScoresheetError
    from scoresheet.sheets.audit import audit_path, import_workbook
    from tests.sheets_helpers import set_cells

    path = tmp_path / "bc.xlsx"
    path.write_bytes(
        set_cells(export_workbook(rec.load(ROOT / "examples" / "classic.json")), changes)
    )
    with pytest.raises(ScoresheetError) as info:
        import_workbook(path)
    return str(info.value), [f.line for f in audit_path(path).findings]


def test_a_contract_the_rules_do_not_have_is_named_at_its_cell(tmp_path: Path) -> None:
    said, lines = _refusals(tmp_path, {("Results", "D8"): "No-Tricks"})
    assert said.startswith('bc.xlsx: Results!D8 (deal 5, contract): "No-Tricks" is not a contract')
    assert any(line.startswith('Results!D8 (deal 5, contract): "No-Tricks"') for line in lines)


def test_a_result_that_does_not_add_up_is_named_at_its_cells(tmp_path: Path) -> None:
    said, lines = _refusals(tmp_path, {("Results", "E8"): 3})
    expected = "Results!E8:H8 (deal 5, no-tricks): tricks add up to 14, a deal has 13"
    assert said == f"bc.xlsx: {expected}"
    assert expected in lines


def test_a_redouble_the_rules_do_not_have_is_named_at_its_cell(tmp_path: Path) -> None:
    said, lines = _refusals(tmp_path, {("Rules", "B17"): False})
    expected = "Doubles!M5 (deal 2, doubles): these rules have no redoubles"
    assert said == f"bc.xlsx: {expected}"
    assert expected in lines


def test_true_typed_in_a_count_is_shown_as_the_sheet_shows_it(tmp_path: Path) -> None:
    said, _ = _refusals(tmp_path, {("Results", "E8"): True})
    assert (
        said == "bc.xlsx: Results!E8 (deal 5, Ann, tricks): TRUE is not a whole number of 0 or more"
    )


def test_obligations_counts_are_unsigned_and_scores_signed() -> None:
    """Issue 26: the Obligations sheet printed a count of deals as "+7". Its counts are
    written without a sign; the scores of the Scores sheet keep theirs."""
    wb = load_workbook(io.BytesIO(export_workbook(rec.load(ROOT / "examples" / "classic.json"))))
    ob = wb["Obligations"]
    counts = [ob.cell(row=row, column=col) for row in range(4, 8) for col in (2, 3, 4, 5, 6, 7)]
    assert [c.number_format for c in counts if "+" in c.number_format] == []
    assert {ob.cell(row=4, column=2).number_format, ob.cell(row=4, column=3).number_format} == {
        "General"
    }
    scores = wb["Scores"]
    signed = {
        scores.cell(row=row, column=col).number_format
        for row in range(4, 10)
        for col in range(6, scores.max_column + 1)
        if isinstance(scores.cell(row=row, column=col).value, str)
        and str(scores.cell(row=row, column=col).value).startswith("=")
    }
    assert "+0;-0;0" in signed
