"""Every example scores and exports exactly as its golden files say (see ``__init__.py``)."""

from __future__ import annotations

import io
import json
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.golden.capture import (
    GOLDEN,
    ROOT,
    SPREADSHEET,
    cells,
    cells_text,
    examples,
    golden_paths,
    score_json,
)

REGENERATE = "python -m tests.golden.regenerate"


def _first_difference(expected: Any, actual: Any, path: str = "") -> str:
    """Where two JSON values first differ: ``sheets.Scores.I10.value: expected -12, got -14``."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                return f"{where}: missing"
            if key not in expected:
                return f"{where}: unexpected {actual[key]!r}"
            if expected[key] != actual[key]:
                return _first_difference(expected[key], actual[key], where)
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for index, (e, a) in enumerate(zip(expected, actual, strict=True)):
            if e != a:
                return _first_difference(e, a, f"{path}[{index}]")
    return f"{path or 'the whole file'}: expected {expected!r}, got {actual!r}"


def _compare(expected_text: str, actual_text: str, what: str) -> None:
    expected, actual = json.loads(expected_text), json.loads(actual_text)
    if expected != actual:
        pytest.fail(f"{what} changed at {_first_difference(expected, actual)} ({REGENERATE})")
    assert actual_text == expected_text, f"{what}: same values, different text ({REGENERATE})"


@pytest.mark.parametrize("example", examples(), ids=lambda p: p.stem)
def test_score_json_is_unchanged(example: Path) -> None:
    expected, _ = golden_paths(example)
    _compare(expected.read_text(encoding="utf-8"), score_json(example), f"{example.name} score")


@pytest.mark.parametrize("example", examples(), ids=lambda p: p.stem)
def test_exported_cells_are_unchanged(example: Path) -> None:
    _, expected = golden_paths(example)
    actual = cells_text(example)
    golden = json.loads(expected.read_text(encoding="utf-8"))
    assert list(json.loads(actual)["sheets"]) == list(golden["sheets"]), "the sheets' order"
    _compare(expected.read_text(encoding="utf-8"), actual, f"{example.name} cells")


def test_every_example_has_golden_files_and_every_golden_file_an_example() -> None:
    stems = {p.stem for p in examples()}
    expected = {f"{s}.score.json" for s in stems} | {f"{s}.cells.json" for s in stems}
    assert {p.name for p in GOLDEN.glob("*.json")} == expected


def test_every_preset_has_a_complete_example_without_violations() -> None:
    presets = {p.stem for p in (ROOT / "templates" / "rules").glob("*.toml")}
    used: dict[str, Path] = {}
    for example in examples():
        data = json.loads(example.read_text(encoding="utf-8"))
        used.setdefault(data["rules"], example)
    assert presets <= set(used), f"presets without an example: {sorted(presets - set(used))}"
    for preset, example in used.items():
        game = tomllib.loads((ROOT / "templates" / "rules" / f"{preset}.toml").read_text())["game"]
        assert json.loads(example.read_text(encoding="utf-8")).get("game", "barbu") == game
        score = json.loads(golden_paths(example)[0].read_text(encoding="utf-8"))
        assert score["complete"] is True, example.name
        assert score["violations"] == [], example.name


def test_the_cells_reader_sees_every_kind_of_cell() -> None:
    """A hand-made sheet: a shared string, a number, a formula with a cached value and
    one with a cached text, a boolean, an error and an inline string."""
    sheet = (
        f'<worksheet xmlns="{SPREADSHEET[1:-1]}"><sheetData><row r="1">'
        '<c r="A1" t="s"><v>0</v></c><c r="B1"><v>-12</v></c><c r="C1"><v>2.5</v></c>'
        '<c r="D1"><f>SUM(B1:C1)</f><v>-9.5</v></c>'
        '<c r="E1" t="str"><f>IF(B1&lt;0,"x","")</f><v>x</v></c>'
        '<c r="F1" t="b"><v>1</v></c><c r="G1" t="e"><f>1/0</f><v>#DIV/0!</v></c>'
        '<c r="H1" t="inlineStr"><is><t>=Ann</t></is></c><c r="I1" t="s"><v>1</v></c>'
        "</row></sheetData></worksheet>"
    )
    buffer = io.BytesIO()
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{SPREADSHEET[1:-1]}" xmlns:r="{rel}"><sheets>'
            '<sheet name="Scores" sheetId="1" r:id="rId1"/></sheets><definedNames>'
            '<definedName name="v_no_king">Rules!$B$4</definedName>'
            '<definedName name="_xlnm.Print_Titles" localSheetId="0">Scores!$1:$2</definedName>'
            "</definedNames></workbook>",
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Target="/xl/worksheets/sheet1.xml" Type="x"/>'
            "</Relationships>",
        )
        archive.writestr(
            "xl/sharedStrings.xml",
            f'<sst xmlns="{SPREADSHEET[1:-1]}"><si><t>Deal</t></si><si><t></t></si></sst>',
        )
        archive.writestr("xl/worksheets/sheet1.xml", sheet)
    assert cells(buffer.getvalue()) == {
        "sheets": {
            "Scores": {
                "A1": "Deal",
                "B1": -12,
                "C1": 2.5,
                "D1": {"formula": "SUM(B1:C1)", "value": -9.5},
                "E1": {"formula": 'IF(B1<0,"x","")', "value": "x"},
                "F1": True,
                "G1": {"formula": "1/0", "value": {"error": "#DIV/0!"}},
                "H1": "=Ann",
            }
        },
        "names": {"v_no_king": "Rules!$B$4"},
    }
