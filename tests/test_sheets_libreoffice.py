"""Exported and filled-in workbooks, recalculated by LibreOffice, against the library.

LibreOffice is the judge: every workbook below is opened and recalculated by it in one
batch (one start of LibreOffice for the whole module), and every formula cell it
computes (each deal's base, doubles, score and running total, the checks, the totals,
the ledger, the obligations, the rules' totals) is compared with the library's value.
Locally these tests skip when LibreOffice is missing; under CI (CI=true) they fail.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record as rec
from scoresheet.games.barbu.score import GameScore, score_game
from scoresheet.games.barbu.sheet.audit import audit_workbook_bytes
from scoresheet.games.barbu.sheet.layout import RESULTS, RULES, SCORES, Layout
from scoresheet.games.barbu.sheet.render import blank_workbook, export_workbook
from scoresheet.games.barbu.simulate import random_game
from scoresheet.rules import list_presets
from scoresheet.sheets.plan import col_letter
from tests.sheets_helpers import fill_blank, mismatches, recalculate, set_cells, values

ROOT = Path(__file__).resolve().parents[1]
PRESETS = list_presets("barbu")
NAMES = ["=Ann", "+Bob", "-Cat", "@Dan"]


@dataclass
class Case:
    record: Any
    score: GameScore
    data: bytes
    source: Any = None  # the record the workbook was made from, when it differs


def _game(
    preset: str, seed: int, deals: int | None = None, players: list[str] | None = None
) -> Any:
    data = random_game(random.Random(seed), preset, deals=deals, players=players)
    return rec.from_data(data)


def _case(record: Any, data: bytes | None = None) -> Case:
    score = score_game(record)
    return Case(record, score, data if data is not None else export_workbook(record))


def _swap_tricks(record: Any, skip: int = 0) -> tuple[Any, int, tuple[str, str]]:
    """A copy of ``record`` with two players' tricks swapped in a no-tricks/trumps deal."""
    changed = copy.deepcopy(record)
    seen = 0
    for i, deal in enumerate(changed["deals"]):
        tricks = (deal.get("result") or {}).get("tricks")
        if not tricks:
            continue
        players = [
            p for p in record["players"] if tricks.get(p, 0) != tricks.get(record["players"][0], 0)
        ]
        if not players:
            continue
        if seen < skip:
            seen += 1
            continue
        a, b = record["players"][0], players[0]
        tricks[a], tricks[b] = tricks.get(b, 0), tricks.get(a, 0)
        return changed, i + 1, (a, b)
    raise AssertionError("no deal with tricks to swap")


def _build_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for name in ("classic", "ravage-city"):
        cases[f"example-{name}"] = _case(rec.load(ROOT / "examples" / f"{name}.json"))
    for k, preset in enumerate(PRESETS):
        cases[f"random-{preset}"] = _case(_game(preset, 100 + k))
        rules = score_game(_game(preset, 0, deals=0)).rules
        partial = random.Random(k).randint(1, rules.deals_per_game - 1)
        cases[f"partial-{preset}"] = _case(_game(preset, 200 + k, deals=partial))
        filled = _game(preset, 300 + k)
        blank = blank_workbook(filled["players"], preset)
        cases[f"filled-{preset}"] = _case(filled, fill_blank(blank, filled, score_game(filled)))
    half = _game("chinese-poker", 400, deals=13)
    cases["filled-partial-chinese-poker"] = _case(
        half, fill_blank(blank_workbook(half["players"], "chinese-poker"), half, score_game(half))
    )
    empty = _game("classic", 0, deals=0)
    cases["blank-classic"] = _case(empty, blank_workbook(empty["players"], "classic"))
    cases["names"] = _case(_game("classic", 500, players=NAMES))

    # An input changed with openpyxl (a valid change: two players' tricks swapped).
    example = rec.load(ROOT / "examples" / "classic.json")
    changed, number, (a, b) = _swap_tricks(example)
    lay = Layout(example["players"], score_game(example).rules)
    tricks = lay.fields["tricks"].cols
    i, j = example["players"].index(a), example["players"].index(b)
    row = lay.row(number)
    edits = {
        (RESULTS, f"{col_letter(tricks[i])}{row}"): changed["deals"][number - 1]["result"][
            "tricks"
        ][a],
        (RESULTS, f"{col_letter(tricks[j])}{row}"): changed["deals"][number - 1]["result"][
            "tricks"
        ][b],
    }
    edited = set_cells(export_workbook(example), edits)
    cases["edited-input"] = Case(changed, score_game(changed), edited, example)

    # A rule value changed in the sheet: every score follows it.
    king = lay.rule("v_no_king")
    house = copy.deepcopy(example)
    house["options"] = {"values": {"no-king": -15}}
    cases["edited-rule"] = Case(
        house,
        score_game(house),
        set_cells(export_workbook(example), {(RULES, f"B{king.row}"): -15}),
        example,
    )

    # A number typed over a score: the totals LibreOffice computes no longer match.
    score = score_game(example)
    sc = lay.score_cols[0][3]
    typed = score.deals[2].score[example["players"][0]] + 2
    cases["typed-over"] = Case(
        example,
        score,
        set_cells(export_workbook(example), {(SCORES, f"{col_letter(sc)}{lay.row(3)}"): typed}),
    )
    return cases


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Case, Path]]:
    cases = _build_cases()
    folder = tmp_path_factory.mktemp("sheets")
    paths = {}
    for name, case in cases.items():
        path = folder / f"{name}.xlsx"
        path.write_bytes(case.data)
        paths[name] = path
    out = recalculate(paths.values(), folder / "recalculated", folder / "profile")
    return {name: (cases[name], out[path]) for name, path in paths.items()}


LIBRARY_CASES = [
    "example-classic",
    "example-ravage-city",
    *(f"random-{p}" for p in PRESETS),
    *(f"partial-{p}" for p in PRESETS),
    *(f"filled-{p}" for p in PRESETS),
    "filled-partial-chinese-poker",
    "blank-classic",
    "names",
    "edited-input",
    "edited-rule",
]


@pytest.mark.parametrize("name", LIBRARY_CASES)
def test_libreoffice_computes_what_the_library_computes(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    """Every deal's scores, running totals, checks, totals, ledger and obligations agree."""
    case, path = recalculated[name]
    assert mismatches(case.record, case.score, path) == []
    shown = values(path)[SCORES]
    lay = Layout(case.record["players"], case.score.rules)
    for j, p in enumerate(lay.players):
        total = shown[f"{col_letter(lay.score_cols[j][3])}{lay.totals_row}"]
        assert total == case.score.totals[p]
        for deal in case.score.deals:
            assert (
                shown[f"{col_letter(lay.score_cols[j][3])}{lay.row(deal.number)}"] == deal.score[p]
            )


@pytest.mark.parametrize("name", [n for n in LIBRARY_CASES if n != "edited-rule"])
def test_recalculated_workbooks_audit_clean(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    """After LibreOffice, the audit finds nothing but the players' missing declarer doubles."""
    case, path = recalculated[name]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    others = [f.line for f in report.findings if f.what != "declarer doubles"]
    assert others == []
    assert len(report.findings) == len(case.score.violations)
    assert report.notes == []  # LibreOffice saved values for every formula
    assert report.score is not None
    assert report.score.totals == case.score.totals


@pytest.mark.parametrize("preset", PRESETS)
def test_blank_sheet_filled_by_hand_imports_to_the_same_totals(
    recalculated: dict[str, tuple[Case, Path]], preset: str
) -> None:
    case, path = recalculated[f"filled-{preset}"]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    assert report.record is not None
    again = score_game(rec.from_data(report.record))
    assert again.totals == case.score.totals
    assert [d.score for d in again.deals] == [d.score for d in case.score.deals]


def test_an_edited_rule_value_is_one_finding(recalculated: dict[str, tuple[Case, Path]]) -> None:
    _, path = recalculated["edited-rule"]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    others = [f for f in report.findings if f.what != "declarer doubles"]
    assert [f.line for f in others] == [
        f'{others[0].cell} (No King of Hearts: the K♥): -15, the rules "classic" give -20'
    ]
    assert report.record is not None
    assert report.record.get("options") == {"values": {"no-king": -15}}


def test_a_number_typed_over_a_score_is_found_with_the_totals_it_breaks(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["typed-over"]
    lay = Layout(case.record["players"], case.score.rules)
    ann = case.record["players"][0]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    lines = [f.line for f in report.findings]
    sc = col_letter(lay.score_cols[0][3])
    want = case.score.deals[2].score[ann]
    assert (
        f"{SCORES}!{sc}{lay.row(3)} (deal 3, {ann}, score): a number typed over the formula "
        f"({want + 2:d}; the rules give {want:d})"
    ) in lines
    total = case.score.totals[ann]
    assert (
        f"{SCORES}!{sc}{lay.totals_row} (total, {ann}): {total + 2}, the rules give {total}"
        in lines
    )
    assert any(
        re.match(rf"deal 3: the row adds up to {case.score.deals[2].total + 2}, ", x) for x in lines
    )


def test_recalculation_really_happens(recalculated: dict[str, tuple[Case, Path]]) -> None:
    """The edited workbook's values were computed by LibreOffice, not kept from the file."""
    case, path = recalculated["edited-input"]
    before = score_game(case.source)
    changed = [
        (d.number, p)
        for d, e in zip(before.deals, case.score.deals, strict=True)
        for p in d.score
        if d.score[p] != e.score[p]
    ]
    assert changed, "the edit must change a score"
    lay = Layout(case.record["players"], case.score.rules)
    number, player = changed[0]
    j = lay.players.index(player)
    ref = f"{col_letter(lay.score_cols[j][3])}{lay.row(number)}"
    assert values(path)[SCORES][ref] == case.score.deals[number - 1].score[player]


def test_names_that_look_like_formulas_stay_text(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["names"]
    shown = values(path)
    lay = Layout(NAMES, case.score.rules)
    for j, name in enumerate(NAMES):
        assert shown[RULES][f"B{lay.rule(f'player_{j + 1}').row}"] == name
        assert shown[SCORES][f"{col_letter(lay.score_cols[j][0])}2"] == name
    from openpyxl import load_workbook

    formulas = load_workbook(path)
    for j in range(len(NAMES)):
        cell = formulas[RULES][f"B{lay.rule(f'player_{j + 1}').row}"]
        assert cell.data_type == "s"


@dataclass
class Printed:
    path: Path  # the workbook
    pages: list[str]  # the text of each printed page, as pdftotext lays it out


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Printed]:
    """examples/classic.json and chinese-poker.json (36 deals) exported and printed to
    PDF by LibreOffice, read back."""
    import subprocess

    from tests.paper_helpers import poppler

    pdftotext = poppler("pdftotext")  # skipped where poppler is missing, except under CI
    tmp_path = tmp_path_factory.mktemp("printed")
    paths = {name: tmp_path / f"{name}.xlsx" for name in ("classic", "chinese-poker")}
    for name, path in paths.items():
        path.write_bytes(export_workbook(rec.load(ROOT / "examples" / f"{name}.json")))
    pdfs = recalculate(list(paths.values()), tmp_path / "out", tmp_path / "profile", to="pdf")
    out = {}
    for name, path in paths.items():
        text = subprocess.run(
            [pdftotext, "-layout", str(pdfs[path]), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        out[name] = Printed(path, text.split("\f"))
    return out


@pytest.fixture(scope="module")
def printed_classic(printed: dict[str, Printed]) -> Printed:
    return printed["classic"]


def test_printed_groups_of_columns_are_not_split_across_pages(printed_classic: Printed) -> None:
    """LibreOffice without Calibri (CI has only DejaVu) draws every column about 20% wider
    than Calibri's digits give: the page breaks between groups must allow for it, or a
    group's heading ("Queens taken", "Ann won from") is cut at the page's edge."""
    from openpyxl import load_workbook

    wb = load_workbook(printed_classic.path)
    headings = {
        str(ws.cell(row=2, column=rng.min_col).value)
        for ws in wb.worksheets
        if ws.col_breaks.brk  # printed over several pages across
        for rng in ws.merged_cells.ranges
        if rng.min_row == 2 and rng.max_col > rng.min_col
    }
    headings = {h for h in headings if len(h) >= 6}  # a cut name ("An") says too little
    assert "Queens taken" in headings and "Ann won from" in headings
    for number, page in enumerate(printed_classic.pages, 1):
        for heading in headings:
            cut = re.findall(re.escape(heading[: len(heading) - 2]) + r"\S*", page)
            assert all(word.endswith(heading[-2:]) for word in cut), (
                f"page {number}: {heading!r} is cut: {cut}"
            )


def test_printed_doubling_ledger_is_whole_on_one_page(printed_classic: Printed) -> None:
    """The ledger under a full game's 28 deals overran the Doubles page: its last pair
    printed alone on the next page, under the deals' headings. It is printed whole, its
    title and all six pairs on one page, and no page holds a ledger row without it."""
    pairs = [
        (a, b)
        for i, a in enumerate(["Ann", "Bob", "Cat", "Dan"])
        for b in ["Ann", "Bob", "Cat", "Dan"][i + 1 :]
    ]
    # A ledger row: the two names, then bets, redoubled and what was won, as numbers.
    row = {
        pair: re.compile(rf"^\s*{pair[0]}\s+{pair[1]}\s+\d+\s+\d+\s+[+−-]?\d+\s*$")
        for pair in pairs
    }
    pages = [
        page
        for page in printed_classic.pages
        if any(pattern.search(line) for pattern in row.values() for line in page.splitlines())
    ]
    assert len(pages) == 1, f"the ledger is printed over {len(pages)} pages"
    (page,) = pages
    assert "Doubling ledger: every pair of players over the game" in page
    lines = page.splitlines()
    for pair, pattern in row.items():
        assert any(pattern.search(line) for line in lines), f"{pair} is missing from the page"


def test_printed_scores_keep_totals_and_leader_with_the_deals(printed: dict[str, Printed]) -> None:
    """A Chinese Poker game has 36 deals: at the scale of a sheet printed over several
    pages across, its leader row fell alone on a page of its own, under the headings.
    The scale is lowered just enough (never below 7 pt text) to keep the deals, the
    totals and the leader on each page of the Scores sheet."""
    for name, sheet in printed.items():
        scores = [page for page in sheet.pages if "Scores, page" in page]
        with_deals = [page for page in scores if re.search(r"^\s*1\s+Ann\s+Ann\s", page, re.M)]
        assert with_deals, f"{name}: no Scores page holds the deals"
        for page in scores:
            lines = [line for line in page.splitlines() if line.strip()]
            has_leader = any(line.split()[:1] == ["Leader"] for line in lines)
            has_deals = page in with_deals
            assert has_leader <= has_deals, (
                f"{name}: the leader row is printed apart from the deals"
            )
        first = with_deals[0]
        assert re.search(r"^\s*36\s", first, re.M) or name == "classic"
        assert "Total" in first and "Leader" in first, f"{name}: totals or leader cut off"


def test_printed_obligations_show_counts_without_a_sign(printed_classic: Printed) -> None:
    """Issue 26: the Obligations sheet's counts (deals declared, doubles required, doubles
    made) print as 7, not +7."""
    pages = [p for p in printed_classic.pages if "Obligations: how many times" in p]
    assert pages, "no printed page of the Obligations sheet"
    for page in pages:
        rows = [line for line in page.splitlines() if line.strip().startswith(("Ann", "Bob"))]
        assert rows, page
        assert [line for line in rows if re.search(r"\+\d", line)] == []
        assert all(re.search(r"\b\d+\b", line) for line in rows)
