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
