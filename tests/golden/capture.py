"""What the golden files hold, produced through the command line in this process."""

from __future__ import annotations

import io
import json
import posixpath
import re
import tempfile
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from typer.testing import CliRunner

from scoresheet.cli import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOLDEN = Path(__file__).resolve().parent

SPREADSHEET = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_INTEGER = re.compile(r"-?[0-9]+")


def examples() -> list[Path]:
    return sorted(EXAMPLES.glob("*.json"))


def golden_paths(example: Path) -> tuple[Path, Path]:
    """The expected ``score --json`` output and cells of an example."""
    return GOLDEN / f"{example.stem}.score.json", GOLDEN / f"{example.stem}.cells.json"


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    if result.exit_code != 0:
        raise AssertionError(
            f"scoresheet {' '.join(args)}: exit {result.exit_code}\n{result.output}"
        )
    return result.stdout


def score_json(example: Path) -> str:
    """The exact text ``scoresheet score EXAMPLE --json`` prints."""
    return _invoke("score", str(example), "--json")


def export_bytes(example: Path) -> bytes:
    """The workbook ``scoresheet export EXAMPLE`` writes."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / f"{example.stem}.xlsx"
        _invoke("export", str(example), "-o", str(target))
        return target.read_bytes()


def _number(text: str) -> int | float:
    return int(text) if _INTEGER.fullmatch(text) else float(text)


def _cached(cell: ElementTree.Element, strings: list[str]) -> Any:
    """A cell's value as the sheet XML stores it, typed by its ``t`` attribute."""
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        return "".join(t.text or "" for t in cell.iter(f"{SPREADSHEET}t"))
    v = cell.find(f"{SPREADSHEET}v")
    if v is None:
        return None
    text = v.text or ""
    if kind == "s":
        return strings[int(text)]
    if kind == "b":
        return text == "1"
    if kind == "e":
        return {"error": text}
    if kind in ("str", "d"):
        return text
    return _number(text)


def cells(workbook: bytes) -> dict[str, Any]:
    """Every non-empty cell of every sheet, in sheet order, and the defined names.

    A cell is ``value``, or ``{"formula": …, "value": cached value}`` when it holds a
    formula. The names the application uses for print setup (``_xlnm.…``) are left out.
    """
    archive = zipfile.ZipFile(io.BytesIO(workbook))
    strings: list[str] = []
    if "xl/sharedStrings.xml" in archive.namelist():
        root = ElementTree.fromstring(archive.read("xl/sharedStrings.xml"))
        strings = ["".join(t.text or "" for t in si.iter(f"{SPREADSHEET}t")) for si in root]
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target", "") for rel in rels.iter(f"{_PKG_REL}Relationship")}
    sheets: dict[str, dict[str, Any]] = {}
    for sheet in book.iter(f"{SPREADSHEET}sheet"):
        target = targets[sheet.get(f"{_REL}id")]
        part = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
        root = ElementTree.fromstring(archive.read(part))
        found: dict[str, Any] = {}
        for cell in root.iter(f"{SPREADSHEET}c"):
            value = _cached(cell, strings)
            formula = cell.find(f"{SPREADSHEET}f")
            if formula is not None:
                entry: dict[str, Any] = {"formula": formula.text, "value": value}
                entry |= {f"formula {key}": text for key, text in sorted(formula.attrib.items())}
                found[cell.get("r", "")] = entry
            elif value is not None and value != "":
                found[cell.get("r", "")] = value
        sheets[sheet.get("name", "")] = found
    names = {
        name.get("name", ""): name.text
        for name in book.iter(f"{SPREADSHEET}definedName")
        if not name.get("name", "").startswith("_xlnm.")
    }
    return {"sheets": sheets, "names": names}


def cells_text(example: Path) -> str:
    """The cells of an example's workbook as the text of its golden file."""
    return json.dumps(cells(export_bytes(example)), indent=1, ensure_ascii=False) + "\n"
