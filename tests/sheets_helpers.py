"""Helpers for the spreadsheet tests: LibreOffice as the judge, and filling sheets by hand.

LibreOffice keeps the values a workbook was saved with unless told to recalculate: the
profile made here sets "recalculate on load: always" for Excel and ODF files, so every
value read back was computed by LibreOffice from the formulas.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from scoresheet.games.barbu.score import GameScore
from scoresheet.games.barbu.sheet.layout import DOUBLES, RESULTS, Layout
from scoresheet.games.barbu.sheet.plan import plan_workbook, result_inputs
from scoresheet.sheets.plan import SheetError

_PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
  <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
  <prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


def soffice() -> str:
    """The LibreOffice executable. Skips the test when it is missing, except under CI."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("LibreOffice (soffice) is missing: CI must install libreoffice-calc-nogui")
        pytest.skip("LibreOffice (soffice) is not installed")
    return found


def recalculate(
    paths: Iterable[Path], outdir: Path, profile: Path, *, to: str = "xlsx"
) -> dict[Path, Path]:
    """Open each workbook in LibreOffice (one start for all), recalculate, save as ``to``."""
    exe = soffice()
    paths = list(paths)
    user = profile / "user"
    user.mkdir(parents=True, exist_ok=True)
    (user / "registrymodifications.xcu").write_text(_PROFILE, encoding="utf-8")
    outdir.mkdir(parents=True, exist_ok=True)
    names = [p.name for p in paths]
    assert len(set(names)) == len(names), "workbooks converted together need different names"
    proc = subprocess.run(
        [
            exe,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={profile.resolve().as_uri()}",
            "--convert-to",
            to,
            "--outdir",
            str(outdir),
            *map(str, paths),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    out = {p: outdir / f"{p.stem}.{to}" for p in paths}
    missing = [str(p) for p, o in out.items() if not o.exists()]
    assert not missing, f"LibreOffice did not convert {missing}: {proc.stdout} {proc.stderr}"
    return out


def values(path: Path) -> dict[str, dict[str, Any]]:
    """Every sheet's saved values: sheet → cell reference → value."""
    from openpyxl import load_workbook

    wb = load_workbook(path, data_only=True)
    return {ws.title: {c.coordinate: c.value for row in ws.iter_rows() for c in row} for ws in wb}


def same(expected: Any, got: Any) -> bool:
    if isinstance(expected, SheetError):
        return bool(got == expected.code)
    if expected in ("", None):
        return got in ("", None)
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        return isinstance(got, int | float) and abs(got - expected) < 1e-9
    return bool(expected == got)


def mismatches(record: Any, score: GameScore, path: Path) -> list[str]:
    """Every formula cell whose value in ``path`` differs from what the library computes."""
    plan = plan_workbook(record, score)
    got = values(path)
    out = []
    for cell in plan.formulas():
        value = got[cell.sheet].get(cell.ref)
        if not same(cell.value, value):
            out.append(f"{cell.where} ({cell.label}): {value!r}, the library gives {cell.value!r}")
    return out


def fill_blank(blank: bytes, record: Mapping[str, Any], score: GameScore) -> bytes:
    """Type a game's results and bets into a blank workbook's input cells, as a table would."""
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(blank))
    lay = Layout(record["players"], score.rules)
    index = {p: i for i, p in enumerate(lay.players)}
    for scored in score.deals:
        row = lay.row(scored.number)
        deal = record["deals"][scored.number - 1]
        for col, value in result_inputs(lay, deal, scored).items():
            cell = wb[RESULTS].cell(row=row, column=col)
            cell.value = value  # type: ignore[assignment]
            if isinstance(value, str):
                cell.data_type = "s"
        for bet in scored.bets:
            col = lay.mult_col[(index[bet.doubler], index[bet.doubled])]
            wb[DOUBLES].cell(row=row, column=col).value = bet.multiplier
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def patch_xml(data: bytes, part: str, pattern: bytes, new: bytes) -> bytes:
    """Replace the first match of a regex in one part of a workbook, keeping every value saved."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == part:
                content, count = re.subn(pattern, new, content, count=1)
                assert count == 1, f"{pattern!r} not in {part}"
            target.writestr(info, content)
    return out.getvalue()


def set_cells(data: bytes, changes: Mapping[tuple[str, str], Any]) -> bytes:
    """Change cells with openpyxl (which drops every cached value, as it always does)."""
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(data))
    for (sheet, ref), value in changes.items():
        wb[sheet][ref].value = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
