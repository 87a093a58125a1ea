"""Coinche workbooks on paper: the blank workbook of each preset and each example
exported, printed to PDF by LibreOffice (one start for the module) and measured with
poppler: on A4, the scores one page wide, no text under 7 pt, no error value visible,
the players on it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet import record as rec
from scoresheet.sheets.audit import blank, export
from tests.cli_helpers import ROOT
from tests.paper_helpers import A4, MIN_BOX, page_sizes, text, visible, words
from tests.sheets_helpers import recalculate

PRESETS = ("coinche", "coinche-bga", "coinche-bid-only")
NAMES = ["Zoë", "Jérôme", "Ågot", "Łukasz"]
ERRORS = r"#N/A|Err:|#VALUE!|#REF!|#NAME\?|#DIV/0!"


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("coinche-workbooks")
    books = {f"blank-{p}": blank("coinche", NAMES, p) for p in PRESETS}
    for name in PRESETS:
        data = json.loads((ROOT / "examples" / f"{name}.json").read_text(encoding="utf-8"))
        books[f"game-{name}"] = export(rec.from_data(data))
    paths = []
    for name, data in books.items():
        path = work / f"{name}.xlsx"
        path.write_bytes(data)
        paths.append(path)
    out = recalculate(paths, work / "pdf", work / "profile", to="pdf")
    return {p.stem: pdf for p, pdf in out.items()}


@pytest.mark.parametrize("name", [f"{kind}-{p}" for kind in ("blank", "game") for p in PRESETS])
def test_a_workbook_prints_on_a4_legibly_without_errors(
    printed: dict[str, Path], name: str, tmp_path: Path
) -> None:
    path = printed[name]
    assert page_sizes(path) <= A4
    content = text(path)
    players = NAMES if name.startswith("blank") else ["Bob", "Cat", "Dan", "Ann"]
    for player in players:
        assert player in content, player
    # The scores, up to who has won, on the first page: one page wide.
    assert "game won by" in content.split("\f")[0]
    small = [(w, round(h, 1)) for w, h in words(path) if h < MIN_BOX]
    assert not small, small[:5]
    assert not visible(path, ERRORS, tmp_path)
