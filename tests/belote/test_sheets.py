"""Belote workbooks: their shape, audit and import, and LibreOffice as the judge.

Every workbook of ``_build_cases`` is recalculated by LibreOffice in one batch (one start
for the module); every formula cell it computes — each deal's taking team, outcome,
scores, running totals, litige points, the winner, the declarations' values and
strengths, the contracts' totals — is compared with the library's value. Locally the
LibreOffice tests skip when it is missing; under CI (CI=true) they fail.
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
from scoresheet.games.belote.score import score_game
from scoresheet.games.belote.sheet.audit import (
    audit_game,
    audit_workbook_bytes,
    import_workbook_bytes,
)
from scoresheet.games.belote.sheet.layout import layout_for
from scoresheet.games.belote.sheet.render import blank_workbook, export_workbook
from scoresheet.games.belote.simulate import random_game
from scoresheet.partnership.score import GameScore
from scoresheet.partnership.sheet.layout import (
    DECLARATIONS,
    RESULTS,
    RULES,
    SC,
    SCORES,
    SHEETS,
    Plan,
)
from scoresheet.partnership.sheet.layout import Layout as KitLayout
from scoresheet.partnership.sheet.plan import plan_workbook
from scoresheet.sheets.plan import col_letter
from tests.sheets_helpers import recalculate, same, set_cells, values

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "belote.json"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
OPTIONS: list[dict[str, Any]] = [
    {"declarations": True},
    {"declarations": True, "rounding": "nearest-10", "litige_to": "next-deal-winner"},
    {"tie": "dedans", "capot": 250, "target": 501},
    {"rotation": "clockwise", "belote_all_trumps": True, "target": 701},
    {"rounding": "nearest-10"},
]


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


def _plan(case: Case) -> Plan[KitLayout]:
    layout = layout_for(case.record, case.result, blank=case.blank)
    return plan_workbook(layout, case.record, case.result)


def fill_blank(blank: bytes, case_record: Any) -> bytes:
    """Type a game's inputs into a blank workbook, as a table would (ranks as numbers
    where they look like numbers, the way a spreadsheet stores a typed 10)."""
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


def _both_cross_equal() -> Any:
    """Target 100: both teams reach 162 on deal 2 (play on); deal 3 decides."""
    deals = [
        {"contract": "hearts", "taker": "Ann", "result": {"points": [76, 76], "last_trick": 0}},
        {"contract": "spades", "taker": "Bob", "result": {"points": [76, 76], "last_trick": 1}},
        {"contract": "clubs", "taker": "Cat", "result": {"points": [100, 52], "last_trick": 0}},
    ]
    return _load(
        {
            "format": "scoresheet-game",
            "version": 1,
            "game": "belote",
            "rules": "belote",
            "options": {"target": 100},
            "players": PLAYERS,
            "deals": deals,
        }
    )


def _build_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {"example": _case(rec.load(EXAMPLE))}
    for k, options in enumerate(OPTIONS):
        teams = [["Ann", "Bob"], ["Cat", "Dan"]] if k == 3 else None
        full = _load(random_game(random.Random(10 + k), options=options, teams=teams))
        cases[f"random-{k}"] = _case(full)
        partial = _load(random_game(random.Random(20 + k), options=options, deals=5))
        cases[f"partial-{k}"] = _case(partial)
    cases["play-on"] = _case(_both_cross_equal())
    empty = _load(random_game(random.Random(0), deals=0))
    cases["blank"] = _case(empty, blank_workbook(PLAYERS, "belote"), blank=True)
    filled = _load(random_game(random.Random(30), options={"declarations": True}, deals=12))
    blank = export_workbook(
        _load({**random_game(random.Random(0), deals=0), "options": {"declarations": True}})
    )
    cases["filled"] = _case(filled, fill_blank(blank, filled), blank=True)

    # An input changed with openpyxl: team 0's card points in deal 1 of the example.
    example: Any = rec.load(EXAMPLE)
    changed = copy.deepcopy(example)
    changed["deals"][0]["result"]["points"] = [70, 82]
    edited = set_cells(
        export_workbook(example),
        {(RESULTS, "E4"): 70, (RESULTS, "F4"): 82},
    )
    cases["edited-input"] = Case(changed, score_game(changed), edited)

    # A rule value changed in the sheet: the target.
    house = copy.deepcopy(example)
    house["options"] = {"target": 1040}
    lay = layout_for(example, score_game(example))
    cases["edited-rule"] = Case(
        house,
        score_game(house),
        set_cells(export_workbook(example), {(RULES, f"B{lay.rule('r_target').row}"): 1040}),
    )
    # A number typed over a score.
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
    folder = tmp_path_factory.mktemp("belote-sheets")
    paths = {}
    for name, case in cases.items():
        path = folder / f"belote-{name}.xlsx"
        path.write_bytes(case.data)
        paths[name] = path
    out = recalculate(paths.values(), folder / "recalculated", folder / "profile")
    return {name: (cases[name], out[path]) for name, path in paths.items()}


LIBRARY_CASES = [
    "example",
    *(f"random-{k}" for k in range(len(OPTIONS))),
    *(f"partial-{k}" for k in range(len(OPTIONS))),
    "play-on",
    "blank",
    "filled",
    "edited-input",
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
    assert {d.outcome for d in deals} == {"made", "dedans", "litige"}
    assert any(d.capot is not None for d in deals)
    assert any(d.declarations_scored != (0, 0) for d in deals)
    assert any(d.declared != d.declarations_scored for d in deals)
    assert any(any(d.released) for d in deals)
    assert any(d.rounded != d.raw for d in deals)
    play_on = recalculated["play-on"][0].result
    assert play_on.deals[1].running == (162, 162) and play_on.won_at == 3


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
        '(target: the first team to reach it wins): 1040, the rules "belote" give 1000'
    )
    record, _ = import_workbook_bytes(path.read_bytes(), path.name)
    assert record["options"] == {"target": 1040}
    assert score_game(record).team_totals == case.result.team_totals


def test_a_number_typed_over_a_score_is_found_with_the_totals_it_breaks(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["typed-over"]
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    lines = [f.line for f in report.findings]
    sc = col_letter(SC.team[0].score)
    want = case.result.deals[2].score[0]
    assert (
        f"Scores!{sc}6 (deal 3, Ann & Cat, score): a number typed over the formula "
        f"(300; the rules give {want})"
    ) in lines
    lay = layout_for(case.record, case.result)
    total = case.result.team_totals[0]
    assert (
        f"Scores!{sc}{lay.totals_row} (total, Ann & Cat): {total - want + 300}, "
        f"the rules give {total}"
    ) in lines


# -- without LibreOffice ---------------------------------------------------------------------------


def test_the_workbook_shape() -> None:
    data = export_workbook(rec.load(EXAMPLE))
    wb = load_workbook(io.BytesIO(data))
    assert wb.sheetnames == list(SHEETS)
    assert wb.properties.category == "scoresheet:belote"
    for key in ("r_target", "r_belote", "r_capot", "team_0", "teams", "contracts", "pts_trump"):
        assert key in wb.defined_names
    for ws in wb.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert ws.page_setup.fitToWidth == 1
    assert wb[SCORES].freeze_panes == "F4"
    assert wb[SCORES].print_title_rows == "$2:$3"
    lists = {dv.formula1 for dv in wb[RESULTS].data_validations.dataValidation}
    assert {"contracts", "players", "teams"} <= lists
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")


def test_the_values_are_saved_with_the_formulas() -> None:
    game = rec.load(EXAMPLE)
    case = _case(game)
    saved = load_workbook(io.BytesIO(case.data), data_only=True)
    formulas = _plan(case).formulas()
    assert len(formulas) > 300
    for cell in formulas:
        assert same(cell.value, saved[cell.sheet][cell.ref].value), cell.where


def test_a_workbook_saved_without_values_is_still_checked() -> None:
    game = rec.load(EXAMPLE)
    data = set_cells(export_workbook(game), {})
    report = audit_workbook_bytes(data, "x.xlsx")
    assert report.findings == []
    assert report.notes and "no calculated values" in report.notes[0]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({(RESULTS, "G4"): "Bob"}, '"Bob" is not a team ("Ann & Cat" or "Bob & Dan")'),
        ({(RESULTS, "C5"): None}, "deal 2 has no contract yet, but deal 3 has one"),
        ({(RESULTS, "E4"): 70}, "deal 1, hearts: points add up to 160"),
        ({(DECLARATIONS, "A4"): 3}, "these rules have no declarations"),
    ],
)
def test_import_refuses_wrong_inputs(changes: dict[tuple[str, str], Any], message: str) -> None:
    game = rec.load(EXAMPLE)
    data = export_workbook(game)
    if (DECLARATIONS, "A4") in changes:
        changes = {
            **changes,
            (DECLARATIONS, "B4"): "Ann & Cat",
            (DECLARATIONS, "C4"): "tierce",
            (DECLARATIONS, "D4"): "K",
        }
    data = set_cells(data, changes)
    with pytest.raises(ScoresheetError) as info:
        import_workbook_bytes(data, "x.xlsx")
    assert message in str(info.value)
    report = audit_workbook_bytes(data, "x.xlsx")
    assert any(message in f.line for f in report.findings)


def test_cards_typed_in_the_sheet_are_kept_and_checked() -> None:
    game: Any = rec.load(EXAMPLE)
    data = export_workbook(game)
    record, _ = import_workbook_bytes(data, "x.xlsx")
    assert record["deals"][3]["result"].get("cards") == game["deals"][3]["result"]["cards"]
    assert "points" not in record["deals"][3]["result"]
    wrong = set_cells(data, {(RESULTS, "E7"): 100, (RESULTS, "F7"): 52})
    report = audit_workbook_bytes(wrong, "x.xlsx")
    assert any("points 100/52 do not match the cards" in f.line for f in report.findings)


def test_audit_of_a_game_file_reports_every_wrong_deal() -> None:
    """Each deal is checked on its own; deals after the game was won are each a finding."""
    game: Any = copy.deepcopy(rec.load(EXAMPLE))
    game["deals"][1]["result"]["points"] = [100, 50]
    game["deals"][5]["result"]["belote"] = 0
    game["deals"][5]["contract"] = "no-trumps"
    report = audit_game(game, "g.json")
    assert [f.line for f in report.findings] == [
        "deal 2, spades: points add up to 150, the cards of a deal are worth 152",
        "deal 6, no-trumps: no belote in No Trumps: there is no trump suit",
    ]
    over: Any = copy.deepcopy(rec.load(EXAMPLE))
    over["deals"] += [over["deals"][0], over["deals"][0]]
    report = audit_game(over, "g.json")
    assert [f.line for f in report.findings] == [
        "deal 11: the game is over: Bob & Dan won at deal 10",
        "deal 12: the game is over: Bob & Dan won at deal 10",
    ]
    held = copy.deepcopy(rec.load(EXAMPLE))
    held["deals"] = held["deals"][:3]
    report = audit_game(held, "g.json")
    assert report.ok and report.notes == [
        "81 litige points are still held, waiting for the next contract made"
    ]


def _with_declarations() -> Any:
    deals = [
        {
            "contract": "hearts",
            "taker": "Bob",
            "result": {
                "points": [62, 90],
                "last_trick": 1,
                "declarations": [{"team": 1, "kind": "tierce", "rank": "K"}],
            },
        },
        {
            "contract": "spades",
            "taker": "Ann",
            "result": {
                "points": [82, 70],
                "last_trick": 1,
                "declarations": [
                    {"team": 0, "kind": "carre", "rank": "J"},
                    {"team": 1, "kind": "cent", "rank": "A"},
                ],
            },
        },
    ]
    return _load(
        {
            "format": "scoresheet-game",
            "version": 1,
            "game": "belote",
            "rules": "belote",
            "options": {"declarations": True},
            "players": PLAYERS,
            "deals": deals,
        }
    )


def test_declarations_typed_anywhere_in_the_sheet_are_read_where_they_are() -> None:
    """Rows in any order, kinds and ranks in any case, as a spreadsheet's lookups allow."""
    game = _with_declarations()
    data = export_workbook(game)
    moved = set_cells(
        data,
        {
            **{(DECLARATIONS, f"{c}4"): None for c in "ABCD"},
            (DECLARATIONS, "A9"): 1,
            (DECLARATIONS, "B9"): "Bob & Dan",
            (DECLARATIONS, "C9"): "Tierce",
            (DECLARATIONS, "D9"): "k",
        },
    )
    report = audit_workbook_bytes(moved, "x.xlsx")
    assert report.findings == []
    record, _ = import_workbook_bytes(moved, "x.xlsx")
    assert score_game(record).team_totals == score_game(game).team_totals == (62 + 282, 120 + 80)


def test_a_wrong_declaration_row_is_one_finding() -> None:
    data = set_cells(export_workbook(_with_declarations()), {(DECLARATIONS, "C5"): "x"})
    report = audit_workbook_bytes(data, "x.xlsx")
    assert [f.line for f in report.findings] == [
        'Declarations!C5 (deal 2, declaration): "x" is not a declaration '
        "(tierce, cinquante, cent, carre)"
    ]
    with pytest.raises(ScoresheetError, match="Declarations!C5"):
        import_workbook_bytes(data, "x.xlsx")
