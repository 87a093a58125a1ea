"""Coinche workbooks: their shape, audit and import, and LibreOffice as the judge.

Every workbook of ``_build_cases`` is recalculated by LibreOffice in one batch (one start
for the module); every formula cell it computes — each deal's taking team, multiplier,
points needed, outcome, the deal's winner and its value, each team's score and running
total, the winner, the declarations' values and strengths, the contracts' totals — is
compared with the library's value. Random games of every preset (and of options that
change how a deal is scored) are the property; a hand-made game adds the générale and
coinched capot bids the simulation does not bid. Locally the LibreOffice tests skip
when it is missing; under CI (CI=true) they fail.
"""

from __future__ import annotations

import copy
import io
import random
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.coinche.score import GameScore, score_game
from scoresheet.games.coinche.sheet.audit import (
    audit_game,
    audit_workbook_bytes,
    import_workbook_bytes,
)
from scoresheet.games.coinche.sheet.layout import (
    DECLARATIONS,
    RESULTS,
    RULES,
    SC,
    SCORES,
    SHEETS,
    Layout,
    Plan,
    layout_for,
)
from scoresheet.games.coinche.sheet.plan import plan_workbook
from scoresheet.games.coinche.sheet.render import blank_workbook, export_workbook
from scoresheet.games.coinche.sheet.scores import workings
from scoresheet.games.coinche.simulate import random_game
from scoresheet.sheets.plan import col_letter
from tests.sheets_helpers import patch_xml, recalculate, same, set_cells, values

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    name: ROOT / "examples" / f"{name}.json"
    for name in ("coinche", "coinche-bga", "coinche-bid-only")
}
EXAMPLE = EXAMPLES["coinche"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
# Every preset, and options that change how a deal is scored (few: LibreOffice is slow).
PRESETS: list[tuple[str, dict[str, Any]]] = [
    ("coinche", {"surcoinche": 3, "rounding": "nearest-10-5-down"}),
    ("coinche", {"bid_needs": "bid-plus-2", "made_when": "bid-and-beat", "belote_counts": False}),
    ("coinche", {"losing_belote": "to-winner", "capot": 252, "win": "pass"}),
    ("coinche", {"declarations": True, "max_bid": 250, "coinche_multiplies": "bid"}),
    ("coinche-bga", {"declarations": True}),
    ("coinche-bid-only", {"scoring": "points-made", "dedans_points": 162}),
]
# Générale bids, made and lost, and coinched and surcoinched capot bids.
SPECIAL: dict[str, Any] = {
    "format": "scoresheet-game",
    "version": 1,
    "game": "coinche",
    "rules": "coinche",
    "options": {"generale": True, "declarations": True, "target": 5000},
    "players": PLAYERS,
    "deals": [
        {
            "contract": "hearts",
            "bid": "generale",
            "taker": "Ann",
            "result": {"points": [152, 0], "last_trick": 0, "capot": 0, "belote": 0},
        },
        {
            "contract": "spades",
            "bid": "capot",
            "taker": "Bob",
            "coinche": "Ann",
            "result": {
                "points": [100, 52],
                "last_trick": 0,
                "declarations": [{"team": 1, "kind": "tierce", "rank": "K"}],
            },
        },
        {
            "contract": "no-trumps",
            "bid": "generale",
            "taker": "Bob",
            "result": {"points": [80, 72], "last_trick": 1},
        },
        {
            "contract": "all-trumps",
            "bid": "capot",
            "taker": "Cat",
            "coinche": "Bob",
            "surcoinche": "Ann",
            "result": {"points": [152, 0], "last_trick": 0, "capot": 0},
        },
        {
            "contract": "clubs",
            "bid": 120,
            "taker": "Dan",
            "coinche": "Cat",
            "surcoinche": "Dan",
            "result": {
                "points": [20, 132],
                "last_trick": 1,
                "belote": 1,
                "declarations": [{"team": 1, "kind": "cinquante", "rank": "A"}],
            },
        },
    ],
}


@dataclass
class Case:
    record: Any
    result: GameScore
    data: bytes
    blank: bool = False  # laid out as a blank sheet (filled in by hand)


def _load(data: dict[str, Any]) -> Any:
    return rec.from_data(data)


def _case(record: Any, data: bytes | None = None, blank: bool = False) -> Case:
    result = score_game(record)
    return Case(record, result, data if data is not None else export_workbook(record), blank)


def _plan(case: Case) -> Plan[Layout]:
    layout = layout_for(case.record, case.result, blank=case.blank)
    return plan_workbook(layout, case.record, case.result)


def _random(seed: int, preset: tuple[str, dict[str, Any]], **kw: Any) -> Any:
    return _load(random_game(random.Random(seed), preset[0], options=preset[1], **kw))


def fill_blank(blank: bytes, case_record: Any) -> bytes:
    """Type a game's inputs into a blank workbook, as a table would (ranks and bids as
    numbers where they look like numbers, the way a spreadsheet stores a typed 10)."""
    result = score_game(case_record)
    plan = plan_workbook(layout_for(case_record, result, blank=True), case_record, result)
    wb = load_workbook(io.BytesIO(blank))
    for cell in plan.cells:
        if cell.style != "input" or cell.value is None:
            continue
        value: Any = cell.value
        if cell.sheet == DECLARATIONS and isinstance(value, str) and value.isdigit():
            value = int(value)
        wb[cell.sheet].cell(row=cell.row, column=cell.col).value = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _build_cases() -> dict[str, Case]:
    cases = {name: _case(rec.load(path)) for name, path in EXAMPLES.items()}
    for k, preset in enumerate(PRESETS):
        cases[f"random-{k}"] = _case(_random(40 + k, preset))
    cases["partial"] = _case(_random(50, PRESETS[3], deals=6))
    cases["special"] = _case(_load(SPECIAL))
    empty = _load(random_game(random.Random(0), "coinche", deals=0, players=PLAYERS))
    cases["blank"] = _case(empty, blank_workbook(PLAYERS, "coinche"), blank=True)
    filled = _random(60, ("coinche", {"declarations": True}), deals=8, players=PLAYERS)
    blank = export_workbook(
        _load(
            {
                **random_game(random.Random(0), "coinche", deals=0, players=PLAYERS),
                "options": {"declarations": True},
            }
        )
    )
    cases["filled"] = _case(filled, fill_blank(blank, filled), blank=True)

    example: Any = rec.load(EXAMPLE)
    house = copy.deepcopy(example)
    house["options"] = {"target": 2100}
    lay = layout_for(example, score_game(example))
    cases["edited-rule"] = Case(
        house,
        score_game(house),
        set_cells(export_workbook(example), {(RULES, f"B{lay.rule('r_target').row}"): 2100}),
    )
    score0 = f"{col_letter(SC.team[0].score)}6"
    cases["typed-over"] = Case(
        example,
        score_game(example),
        set_cells(export_workbook(example), {(SCORES, score0): 300}),
    )
    return cases


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Case, Path]]:
    cases = _build_cases()
    folder = tmp_path_factory.mktemp("coinche-sheets")
    paths = {}
    for name, case in cases.items():
        path = folder / f"coinche-{name}.xlsx"
        path.write_bytes(case.data)
        paths[name] = path
    out = recalculate(paths.values(), folder / "recalculated", folder / "profile")
    return {name: (cases[name], out[path]) for name, path in paths.items()}


LIBRARY_CASES = [
    *EXAMPLES,
    *(f"random-{k}" for k in range(len(PRESETS))),
    "partial",
    "special",
    "blank",
    "filled",
    "edited-rule",
]


def _mismatches(case: Case, path: Path) -> list[str]:
    got = values(path)
    out = []
    for cell in _plan(case).formulas():
        value = got[cell.sheet].get(cell.ref)
        if not same(cell.value, value):
            out.append(f"{cell.where} ({cell.label}): {value!r}, the library gives {cell.value!r}")
    return out


@pytest.mark.parametrize("name", LIBRARY_CASES)
def test_libreoffice_computes_what_the_library_computes(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    case, path = recalculated[name]
    assert _mismatches(case, path) == []
    shown = values(path)[SCORES]
    lay = layout_for(case.record, case.result, blank=case.blank)
    for k in (0, 1):
        total = shown[f"{col_letter(SC.team[k].score)}{lay.totals_row}"]
        assert total == case.result.team_totals[k]
        for d in case.result.deals:
            assert shown[f"{col_letter(SC.team[k].running)}{lay.row(d.number)}"] == d.running[k]
    won = shown[f"{col_letter(SC.won)}{lay.totals_row}"]
    winner = case.result.winner
    assert (won or None) == (case.result.team_name(winner) if winner is not None else None)


def test_the_cases_cover_every_outcome_and_option(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    deals = [d for name in LIBRARY_CASES for d in recalculated[name][0].result.deals]
    assert {d.made for d in deals} == {True, False}
    assert {d.level for d in deals} == {0, 1, 2}
    assert {str(d.bid) for d in deals} >= {"capot", "generale", "80"}
    assert any(d.play.capot is not None and d.bid != "capot" for d in deals)
    assert any(d.play.declarations_scored != (0, 0) for d in deals)
    assert any(d.play.belote is not None for d in deals)
    assert any(recalculated[n][0].result.complete for n in LIBRARY_CASES)


@pytest.mark.parametrize("name", [n for n in LIBRARY_CASES if n != "edited-rule"])
def test_recalculated_workbooks_audit_clean(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    case, path = recalculated[name]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    assert [f.line for f in report.findings] == []
    assert report.notes == []  # LibreOffice saved a value for every formula
    scored: Any = report.score
    assert scored is not None
    assert scored.team_totals == case.result.team_totals


def test_a_blank_filled_in_imports_to_the_same_game(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["filled"]
    record, _report = import_workbook_bytes(path.read_bytes(), path.name)
    again = score_game(record)
    assert [d.score for d in again.deals] == [d.score for d in case.result.deals]
    assert again.team_totals == case.result.team_totals


def test_an_edited_rule_value_is_one_finding_and_an_option(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["edited-rule"]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    lines = [f.line for f in report.findings]
    assert len(lines) == 1 and lines[0].endswith(
        '(target: the first team to reach it wins): 2100, the rules "coinche" give 2000'
    )
    record, _ = import_workbook_bytes(path.read_bytes(), path.name)
    assert record["options"] == {"target": 2100}
    assert score_game(record).team_totals == case.result.team_totals


def test_a_number_typed_over_a_score_is_found_with_the_totals_it_breaks(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["typed-over"]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    lines = [f.line for f in report.findings]
    sc = col_letter(SC.team[0].score)
    want = case.result.deals[2].score[0]
    name = case.result.team_name(0)
    assert (
        f"Scores!{sc}6 (deal 3, {name}, score): a number typed over the formula "
        f"(300; the rules give {want})"
    ) in lines
    lay = layout_for(case.record, case.result)
    total = case.result.team_totals[0]
    assert (
        f"Scores!{sc}{lay.totals_row} (total, {name}): {total - want + 300}, the rules give {total}"
    ) in lines


# -- without LibreOffice ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_the_workings_arrive_at_the_library_score(seed: int) -> None:
    """The working columns' values (what the formulas compute) add up to each deal's
    score, under every preset and option of the property tests."""
    for preset in PRESETS:
        result = score_game(_random(seed, preset))
        for d in result.deals:
            w = workings(result.rules, d)
            everything = (
                isinstance(d.bid, int)
                and result.rules.scoring != "bid-only"
                and d.multiplier > 1
                and result.rules.coinche_multiplies == "everything"
            )
            got = tuple(
                w.before[k] + (0 if everything and k == w.winner else w.kept[k]) for k in (0, 1)
            )
            assert got == d.score, (preset, d.number)


def test_the_workbook_shape() -> None:
    data = export_workbook(rec.load(EXAMPLE))
    wb = load_workbook(io.BytesIO(data))
    assert wb.sheetnames == list(SHEETS)
    assert wb.properties.category == "scoresheet:coinche"
    for key in ("r_target", "r_scoring", "r_dedans_points", "r_coinche", "r_bid_needs", "team_0"):
        assert key in wb.defined_names
    for ws in wb.worksheets:
        assert ws.page_setup.orientation == "landscape"
    assert wb[SCORES].print_title_rows == "$2:$3"
    lists = {dv.formula1 for dv in wb[RESULTS].data_validations.dataValidation}
    assert {"contracts", "players", "teams"} <= lists
    assert any("capot" in (f or "") for f in lists)
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")


def test_the_values_are_saved_with_the_formulas() -> None:
    for path in EXAMPLES.values():
        case = _case(rec.load(path))
        saved = load_workbook(io.BytesIO(case.data), data_only=True)
        for cell in _plan(case).formulas():
            assert same(cell.value, saved[cell.sheet][cell.ref].value), cell.where


@pytest.mark.parametrize("path", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_export_then_import_gives_the_game_back(path: Path) -> None:
    game: Any = rec.load(path)
    data = export_workbook(game)
    assert audit_workbook_bytes(data, "x.xlsx").findings == []
    record, report = import_workbook_bytes(data, "x.xlsx")
    assert report.findings == []
    assert record["rules"] == game["rules"] and record["players"] == game["players"]
    assert [{k: v for k, v in d.items() if k != "dealer"} for d in game["deals"]] == record["deals"]
    assert score_game(record).team_totals == score_game(game).team_totals


def test_a_changed_formula_is_found() -> None:
    data = export_workbook(rec.load(EXAMPLE))
    ref = f"{col_letter(SC.value)}5"
    changed = patch_xml(
        data, "xl/worksheets/sheet1.xml", rf'(<c r="{ref}"[^>]*><f>)'.encode(), rb"\g<1>2*"
    )
    lines = [f.line for f in audit_workbook_bytes(changed, "x.xlsx").findings]
    assert any(
        line.startswith(f"Scores!{ref} (deal 2, the deal winner's value): the formula was changed")
        for line in lines
    ), lines


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({(RESULTS, "J4"): "Bob"}, '"Bob" is not a team'),
        ({(RESULTS, "D4"): None}, "type the bid"),
        ({(RESULTS, "D4"): 85}, "a bid of 85 is not a multiple of 10"),
        ({(RESULTS, "F5"): "Bob"}, "Bob cannot coinche"),
        ({(RESULTS, "H4"): 70}, "points add up to"),
    ],
)
def test_import_refuses_wrong_inputs(changes: dict[tuple[str, str], Any], message: str) -> None:
    data = set_cells(export_workbook(rec.load(EXAMPLE)), changes)
    with pytest.raises(ScoresheetError) as info:
        import_workbook_bytes(data, "x.xlsx")
    assert message in str(info.value)
    report = audit_workbook_bytes(data, "x.xlsx")
    assert any(message in f.line for f in report.findings)


def test_a_bid_in_capitals_is_read_and_a_bid_typed_as_text_refused() -> None:
    """A bid of "100" typed as text is what the player meant, but the sheet's formulas
    compare it as text (LibreOffice scores that deal as dedans): two readings, refused."""
    special = _load(SPECIAL)
    data = set_cells(
        export_workbook(special), {(RESULTS, "D4"): "Generale", (RESULTS, "D5"): "CAPOT"}
    )
    record, _ = import_workbook_bytes(data, "x.xlsx")
    assert [d["bid"] for d in record["deals"][:2]] == ["generale", "capot"]
    game: Any = rec.load(EXAMPLE)
    data = set_cells(export_workbook(game), {(RESULTS, "D5"): "100 "})
    with pytest.raises(ScoresheetError) as info:
        import_workbook_bytes(data, "x.xlsx")
    assert str(info.value).startswith(
        'x.xlsx: Results!D5 (deal 2, bid): "100 " is text, not a number: read as 100 here,'
    )
    report = audit_workbook_bytes(data, "x.xlsx")
    assert [(f.cell, f.blocking) for f in report.findings] == [("Results!D5", True)]


def test_blank_workbooks_of_every_preset() -> None:
    for preset in ("coinche", "coinche-bga", "coinche-bid-only"):
        data = blank_workbook(PLAYERS, preset)
        wb = load_workbook(io.BytesIO(data))
        assert wb[RULES]["B4"].value == preset
        assert wb[RESULTS]["B4"].value == "Ann"  # the first dealer
        assert audit_workbook_bytes(data, "b.xlsx").findings == []


def test_audit_of_a_game_file_reports_every_wrong_deal() -> None:
    game: Any = copy.deepcopy(rec.load(EXAMPLE))
    game["deals"][1]["result"]["points"] = [100, 50]
    game["deals"][2]["coinche"] = "Dan"
    report = audit_game(game, "g.json")
    lines = [f.line for f in report.findings]
    assert len(lines) == 2
    assert lines[0].startswith("deal 2, spades: points add up to 150")
    assert lines[1].startswith("deal 3: Dan cannot coinche")
