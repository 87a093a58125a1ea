"""Workbooks in every language: the labels, headings, notes and titles a table reads are
in the language the workbook is exported in, the formulas and named cells are not, and
``audit`` and ``import`` read a workbook written in any language whatever language they
speak, reporting in theirs (``audit --json`` stays English)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoresheet import i18n, record
from scoresheet.i18n.pseudo import CLOSE, OPEN
from scoresheet.sheets.audit import audit_path, export, import_workbook
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("classic", "chinese-poker", "belote", "coinche", "rosbiratschka", "caribbean-all-fours")
PSEUDO_TEXT = re.compile(re.escape(OPEN) + r"[^" + re.escape(CLOSE) + r"]*" + re.escape(CLOSE))


def _load(name: str) -> Any:
    return record.load(ROOT / "examples" / f"{name}.json")


def _export(name: str, language: str) -> bytes:
    before = i18n.language()
    i18n.set_language(language)
    try:
        return export(_load(name))
    finally:
        i18n.set_language(before)


@pytest.fixture
def english() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language("en")
    try:
        yield
    finally:
        i18n.set_language(before)


def _deals(game: Any) -> Any:
    return json.loads(json.dumps(dict(game)))


@pytest.mark.parametrize("language", ["de", "ja", i18n.PSEUDO])
@pytest.mark.parametrize("name", EXAMPLES)
def test_a_workbook_exported_in_any_language_audits_and_imports_in_english(
    name: str, language: str, tmp_path: Path, english: None
) -> None:
    path = tmp_path / f"{name}.xlsx"
    path.write_bytes(_export(name, language))
    report = audit_path(path)
    assert report.ok, report.text()
    for reader in ("fr", i18n.PSEUDO):  # and read in yet another language
        i18n.set_language(reader)
        try:
            assert audit_path(path).ok
        finally:
            i18n.set_language("en")
    imported, _report = import_workbook(path)
    english_path = tmp_path / "en.xlsx"
    english_path.write_bytes(_export(name, "en"))
    expected, _ = import_workbook(english_path)
    assert _deals(imported) == _deals(expected)
    # The original game, as the sheet holds it (shorthand such as "maximum" written out).
    assert _scored(imported) == _scored(_load(name))


def _scored(game: Any) -> Any:
    from scoresheet import registry

    scorer = registry.part(game.get("game", registry.DEFAULT_GAME), "score")
    return json.loads(json.dumps(scorer.to_json(scorer.score_game(game))))


def _leftovers(data: bytes, allowed: set[str]) -> dict[str, list[str]]:
    """Each sheet's English words left in its text cells once the pseudo spans, formulas,
    names and codes are taken out."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data))
    out: dict[str, list[str]] = {}
    folded = {a.casefold() for a in allowed}
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value
                if not isinstance(value, str) or value.startswith("="):
                    continue
                if _typed_value(cell):
                    continue
                text = PSEUDO_TEXT.sub(" ", value)
                words = [
                    w
                    for w in re.findall(r"[A-Za-z][A-Za-z'-]+", text)
                    if w.casefold() not in folded and not re.fullmatch(r"[A-Z0-9]+", w)
                ]
                if words:
                    out.setdefault(ws.title, []).append(f"{cell.coordinate}: {value!r}")
    return out


def _typed_value(cell: Any) -> bool:
    """An input or a rule value (yellow, green): what the table types and the formulas
    read, in the game file's canonical words (``no-queens``, ``declarer-only``)."""
    from scoresheet.sheets.write import INPUT_FILL, RULE_FILL, UNUSED_FILL

    colour = str(cell.fill.fgColor.rgb or "") if cell.fill is not None else ""
    return colour[-6:] in (INPUT_FILL, RULE_FILL, UNUSED_FILL)


# The workbook's own data, read back by audit at fixed places: keys, not labels.
DATA_KEYS = {"format", "version", "game", "rules", "options", "workbook", "scoresheet-workbook"}
# The canonical words a formula looks up in a named range (contract ids, declarations).
LOOKED_UP = {"tierce", "cinquante", "cent", "carre", *["spades", "hearts", "diamonds", "clubs"]}
LOOKED_UP |= {"no-trumps", "all-trumps", "no", "trumps", "all"}


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_workbook_under_the_pseudo_language_has_no_english_label_left(name: str) -> None:
    game = _load(name)
    players = [str(p) for p in game["players"]]
    rules = str(game["rules"])
    # Names, the rules preset, and what a game file holds as typed (contract ids, cards,
    # the canonical words the formulas compare) are not translated.
    allowed = {p for name in players for p in re.split(r"[^A-Za-z]+", name) if p}
    allowed |= {rules, *rules.split("-"), "scoresheet", "scoresheet-game", *DATA_KEYS, *LOOKED_UP}
    allowed |= {part for d in game["deals"] for part in _typed(d)}
    left = _leftovers(_export(name, i18n.PSEUDO), allowed)
    assert left == {}, f"untranslated in the {name} workbook: {json.dumps(left, indent=1)}"


def _typed(deal: Any) -> set[str]:
    """The words of a deal's values as a game file holds them (``no-queens``, ``stand``)."""
    out: set[str] = set()
    if isinstance(deal, dict):
        for value in deal.values():
            out |= _typed(value)
    elif isinstance(deal, list):
        for value in deal:
            out |= _typed(value)
    elif isinstance(deal, str):
        out |= {w for w in re.split(r"[^A-Za-z'-]+", deal) if w} | {deal}
    return out


def test_audit_reports_in_its_language_and_json_stays_english(tmp_path: Path) -> None:
    """A wrong cell in a German workbook: the terminal report is in the language the
    command runs in; ``--json`` is the same in every language."""
    from openpyxl import load_workbook

    path = tmp_path / "classic.xlsx"
    book = load_workbook(io.BytesIO(_export("classic", "de")))
    book["Scores"]["H4"] = 999  # a number typed over a formula
    book.save(path)
    runs = {
        lang: run("--lang", lang, "audit", path, *extra)
        for lang, extra in (("en", ["--json"]), ("ja", ["--json"]), (i18n.PSEUDO, []))
    }
    assert runs["en"].returncode == 1, runs["en"].stderr
    assert runs["en"].stdout == runs["ja"].stdout
    assert "typed over the formula" in runs["en"].stdout
    terminal = runs[i18n.PSEUDO].stdout
    assert OPEN in terminal and "typed over the formula" not in terminal


def test_libreoffice_recalculates_translated_workbooks_as_the_library_does(
    tmp_path: Path, english: None
) -> None:
    """Workbooks exported in Japanese and German (one LibreOffice start for all), saved
    recalculated: every value LibreOffice computes is the library's, which the audit in
    English checks cell by cell."""
    from tests.sheets_helpers import recalculate

    paths = []
    for name, language in (
        ("classic", "ja"),
        ("belote", "de"),
        ("coinche", "ja"),
        ("rosbiratschka", "de"),
        ("caribbean-all-fours", "ja"),
    ):
        path = tmp_path / "in" / f"{name}-{language}.xlsx"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(_export(name, language))
        paths.append(path)
    out = recalculate(paths, tmp_path / "out", tmp_path / "profile")
    for source, recalculated in out.items():
        report = audit_path(recalculated)
        assert report.ok, f"{source.name}: {report.text()}"
        assert not report.notes, report.notes  # LibreOffice saved every value


@pytest.fixture
def pseudo() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.set_language(before)


def test_the_evening_workbooks_under_the_pseudo_language_have_no_english_label(
    pseudo: None,
) -> None:
    """``settle -o`` and ``stats -o``: their titles, headings, labels and notes."""
    from scoresheet.evening import load_game, settle, stats
    from scoresheet.evening.workbook import plan_settlement, plan_stats

    points = [load_game(ROOT / "examples" / f"{n}.json") for n in ("classic", "rosbiratschka")]
    races = [load_game(ROOT / "examples" / f"{n}.json") for n in ("belote", "coinche")]
    games = [*points, *races]
    cells = [
        *plan_settlement(settle(points, stake="0.01"), points),
        *plan_settlement(settle(races, stake="1"), races),
        *plan_settlement(settle(points, stake="1", ledger_only=True), points),
        *plan_stats(stats(games)),
    ]
    allowed: set[str] = {"scoresheet", "json", "EUR"}
    for game in games:
        allowed |= {p for name in game.players for p in re.split(r"[^A-Za-z]+", name) if p}
        allowed |= set(re.split(r"[^A-Za-z]+", str(game.name))) | {game.rules}
    left = []
    for cell in cells:
        if cell.style not in ("title", "header", "label", "note", "total_label"):
            continue
        if not isinstance(cell.value, str):
            continue
        words = re.findall(r"[A-Za-z][A-Za-z'-]+", PSEUDO_TEXT.sub(" ", cell.value))
        if [w for w in words if w not in allowed and not re.fullmatch(r"[A-Z0-9]+", w)]:
            left.append(f"{cell.where}: {cell.value!r}")
    assert left == [], f"untranslated in the evening workbooks: {left}"


def test_an_audit_in_any_language_points_at_the_same_cells(tmp_path: Path) -> None:
    """A refused deal is placed on the sheet from the refusal's English words, so the
    audit names the same cells in every language, in that language."""
    from openpyxl import load_workbook

    path = tmp_path / "classic.xlsx"
    book = load_workbook(io.BytesIO(_export("classic", "fr")))
    book["Results"]["E8"] = 99  # deal 5, no-tricks: tricks that cannot add up
    book["Doubles"]["D5"] = 7  # not a double
    book.save(path)
    found = {}
    for language in ("en", i18n.PSEUDO):
        before = i18n.language()
        i18n.set_language(language)
        try:
            report = audit_path(path)
            found[language] = ([f.cell for f in report.findings], report.text())
        finally:
            i18n.set_language(before)
    assert any(c and c.startswith("Results!") for c in found["en"][0]), found["en"][1]
    assert found["en"][0] == found[i18n.PSEUDO][0]
    assert OPEN in found[i18n.PSEUDO][1]


@pytest.mark.parametrize(
    ("language", "heading", "width"),
    [
        ("en", "deal", 5),
        ("fr", "donne", 6),
        ("de", "Spiel", 6),
        ("ja", "ディール", 9),
        ("zh", "局", 5),
    ],
)
def test_the_deal_column_is_as_wide_as_its_heading(language: str, heading: str, width: int) -> None:
    """The narrow first column of the Scores and Results sheets fits its heading in the
    workbook's language (a wide character counting two), so it does not break in two."""
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(_export("classic", language)))
    for sheet in (book.worksheets[0], book.worksheets[1]):
        assert sheet.cell(3, 1).value == heading, sheet.title
        assert sheet.column_dimensions["A"].width == width, sheet.title
