"""Rosbiratschka workbooks recalculated by LibreOffice, against the library.

LibreOffice is the judge: every workbook below is opened and recalculated by it in one
batch, and every formula cell it computes (the dealers and contracts, each player's
penalty — the doubling when a player took none, the slam that overrides it — the row
sums and their check totals, the running totals, the totals, places and winner, the
Rules sheet's totals) is compared with the library's value. Inputs changed with openpyxl
(which drops every saved value) prove the formulas, not the cached values, are read.
Locally these tests skip when LibreOffice is missing; under CI (CI=true) they fail.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.score import GameScore, score_game
from scoresheet.games.rosbiratschka.sheet.audit import (
    audit_workbook_bytes,
    import_workbook_bytes,
)
from scoresheet.games.rosbiratschka.sheet.layout import (
    RESULTS,
    RULES,
    SCORES,
    Layout,
    result_inputs,
)
from scoresheet.games.rosbiratschka.sheet.plan import plan_workbook
from scoresheet.games.rosbiratschka.sheet.render import blank_workbook, export_workbook
from scoresheet.games.rosbiratschka.simulate import random_game
from scoresheet.sheets.audit import audit_path
from scoresheet.sheets.plan import col_letter
from tests.sheets_helpers import recalculate, same, set_cells, values

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "rosbiratschka.json"
NAMES = ["=Ann", "+Bob", "-Cat", "@Dan"]


@dataclass
class Case:
    record: Any
    score: GameScore
    data: bytes


def _case(record: Any, data: bytes | None = None) -> Case:
    return Case(record, score_game(record), data if data is not None else export_workbook(record))


def _random(seed: int, preset: str = "rosbiratschka", **kw: Any) -> Any:
    return rec.from_data(random_game(random.Random(seed), preset, **kw))


def _fill(blank: bytes, record: Any) -> bytes:
    """Type a game's results into a blank workbook's input cells, as a table would."""
    lay = Layout(record["players"], score_game(record).rules)
    changes = {}
    for number, deal in enumerate(record["deals"], start=1):
        for col, value in result_inputs(lay, deal).items():
            changes[(RESULTS, f"{col_letter(col)}{lay.row(number)}")] = value
    return set_cells(blank, changes)


def _with(record: Any, number: int, result: dict[str, Any]) -> Any:
    changed = copy.deepcopy(record)
    changed["deals"][number - 1]["result"] = result
    return changed


def _input_edits(record: Any, number: int, result: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """The cell changes that turn deal ``number``'s inputs into ``result``."""
    lay = Layout(record["players"], score_game(record).rules)
    row = lay.row(number)
    contract = lay.rules.contract_of(number)
    edits: dict[tuple[str, str], Any] = {
        (RESULTS, f"{col_letter(c)}{row}"): None for c in lay.contract_fields(contract)
    }
    for col, value in result_inputs(lay, {"result": result}).items():
        edits[(RESULTS, f"{col_letter(col)}{row}")] = value
    return edits


def _build() -> dict[str, Case]:
    example = rec.load(EXAMPLE)
    cases = {"example": _case(example)}
    for k in range(3):
        cases[f"random-{k}"] = _case(_random(10 + k))
    cases["partial"] = _case(_random(20, deals=4))
    cases["three-players"] = _case(_random(30, "rosbiratschka-3"))
    cases["two-rounds-plus"] = _case(_random(40, options={"rounds": 2, "slam": "plus"}))
    cases["names"] = _case(_random(50, players=NAMES))
    empty = _random(0, deals=0)
    cases["blank"] = _case(empty, blank_workbook(empty["players"], "rosbiratschka"))
    filled = _random(60)
    blank = blank_workbook(filled["players"], "rosbiratschka")
    cases["filled"] = _case(filled, _fill(blank, filled))
    half = _random(70, "rosbiratschka-3", deals=3)
    cases["filled-partial"] = _case(
        half, _fill(blank_workbook(half["players"], "rosbiratschka-3"), half)
    )

    # The doubling rule, live: deal 1 (2/3/1/2, undoubled) becomes 3/3/2/0 (doubled), deal
    # 3 (1/2/0/1, doubled) becomes a slam, deal 2 (a slam) becomes 2/2/2/2 (undoubled).
    edits: dict[tuple[str, str], Any] = {}
    changed = example
    for number, result in (
        (1, {"tricks": {"Ann": 3, "Bob": 3, "Cat": 2, "Dan": 0}}),
        (2, {"hearts": {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 2}}),
        (3, {"jacks": {"Dan": 4}}),
        (5, {"past_25": "Ann", "past_50": "Ann", "past_100": "Dan"}),
    ):
        edits |= _input_edits(example, number, result)
        changed = _with(changed, number, result)
    cases["edited-inputs"] = Case(
        changed, score_game(changed), set_cells(export_workbook(example), edits)
    )

    # Rule values changed in the sheet: the slam becomes +8, a doubled jack counts 6.
    lay = Layout(example["players"], score_game(example).rules)
    house = copy.deepcopy(example)
    house["options"] = {"slam": "plus", "values": {"no-jacks": {"avoided": 3}}}
    rule_edits = {
        (RULES, f"B{lay.rule('slam_sign').row}"): 1,
        (RULES, f"B{lay.rule('avoided_jack').row}"): 3,
    }
    cases["edited-rules"] = Case(
        house, score_game(house), set_cells(export_workbook(example), rule_edits)
    )

    # A number typed over a score.
    typed = {(SCORES, f"{col_letter(lay.score_cols[1])}{lay.row(3)}"): 5}
    cases["typed-over"] = Case(
        example, score_game(example), set_cells(export_workbook(example), typed)
    )
    return cases


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Case, Path]]:
    cases = _build()
    folder = tmp_path_factory.mktemp("rosbiratschka-sheets")
    paths = {}
    for name, case in cases.items():
        path = folder / f"{name}.xlsx"
        path.write_bytes(case.data)
        paths[name] = path
    out = recalculate(paths.values(), folder / "recalculated", folder / "profile")
    return {name: (cases[name], out[path]) for name, path in paths.items()}


def mismatches(case: Case, path: Path) -> list[str]:
    plan = plan_workbook(case.record, case.score)
    got = values(path)
    return [
        f"{c.where} ({c.label}): {got[c.sheet].get(c.ref)!r}, the library gives {c.value!r}"
        for c in plan.formulas()
        if not same(c.value, got[c.sheet].get(c.ref))
    ]


AGREEING = [
    "example",
    "random-0",
    "random-1",
    "random-2",
    "partial",
    "three-players",
    "two-rounds-plus",
    "names",
    "blank",
    "filled",
    "filled-partial",
    "edited-inputs",
    "edited-rules",
]


@pytest.mark.parametrize("name", AGREEING)
def test_libreoffice_computes_what_the_library_computes(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    case, path = recalculated[name]
    assert mismatches(case, path) == []
    lay = Layout(case.record["players"], case.score.rules)
    shown = values(path)[SCORES]
    for j, p in enumerate(lay.players):
        col = col_letter(lay.score_cols[j])
        assert shown[f"{col}{lay.totals_row}"] == case.score.totals[p]
        mark = shown[f"{col}{lay.winner_row}"] or ""
        assert (mark == "winner") == (case.score.winner is not None and p in case.score.winner)


def test_the_doubling_rule_is_live(recalculated: dict[str, tuple[Case, Path]]) -> None:
    """Inputs typed into the sheet: LibreOffice doubles a deal with a player on none,
    scores the slam −8 and no longer doubles a deal where everyone took one."""
    case, path = recalculated["edited-inputs"]
    shown = values(path)[SCORES]
    lay = Layout(case.record["players"], case.score.rules)

    def row(number: int) -> list[Any]:
        r = lay.row(number)
        return [
            shown[f"{col_letter(c)}{r}"] for c in (*lay.score_cols, lay.sum_col, lay.should_col)
        ]

    assert row(1) == [6, 6, 4, 0, 16, 16]
    assert row(2) == [2, 2, 2, 2, 8, 8]
    assert row(3) == [0, 0, 0, -8, -8, -8]
    assert row(5) == [3, 0, 0, 5, 8, 8]


def test_rule_values_changed_in_the_sheet(recalculated: dict[str, tuple[Case, Path]]) -> None:
    """Slam sign +1 and ×3 for a doubled jack: the sheet follows, the audit names both
    changes, and an import keeps them as the game's options."""
    case, path = recalculated["edited-rules"]
    shown = values(path)[SCORES]
    lay = Layout(case.record["players"], case.score.rules)
    cat = col_letter(lay.score_cols[2])
    assert shown[f"{cat}{lay.row(2)}"] == 8  # Cat's slam in no-hearts, now +8
    assert shown[f"{col_letter(lay.score_cols[1])}{lay.row(3)}"] == 12  # Bob's 2 jacks ×2×3
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    assert [f.line for f in report.findings] == [
        f"{RULES}!B{lay.rule('avoided_jack').row} (No Jacks: × when a player took no jack): "
        '3, the rules "rosbiratschka" give 2',
        f"{RULES}!B{lay.rule('slam_sign').row} (Slam: −1 the taker scores minus the total, "
        '+1 plus): 1, the rules "rosbiratschka" give -1',
    ]
    record, notes = import_workbook_bytes(path.read_bytes(), path.name)
    assert record.get("options") == {"slam": "plus", "values": {"no-jacks": {"avoided": 3}}}
    assert len(notes.findings) == 2
    assert score_game(record).totals == case.score.totals


@pytest.mark.parametrize("name", [n for n in AGREEING if n != "edited-rules"])
def test_recalculated_workbooks_audit_clean(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    case, path = recalculated[name]
    report = audit_path(path)  # dispatched by the workbook's category
    assert [f.line for f in report.findings] == []
    assert report.notes == []  # LibreOffice saved a value for every formula
    assert report.score is not None
    assert report.score.totals == case.score.totals


@pytest.mark.parametrize("name", ["filled", "filled-partial", "edited-inputs"])
def test_sheets_filled_by_hand_import_to_the_same_game(
    recalculated: dict[str, tuple[Case, Path]], name: str
) -> None:
    case, path = recalculated[name]
    record, _ = import_workbook_bytes(path.read_bytes(), path.name)
    again = score_game(record)
    assert again.totals == case.score.totals
    assert again.deals == case.score.deals


def test_a_number_typed_over_a_score_is_found(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["typed-over"]
    lay = Layout(case.record["players"], case.score.rules)
    report = audit_workbook_bytes(path.read_bytes(), path.name)
    lines = [f.line for f in report.findings]
    bob = col_letter(lay.score_cols[1])
    assert (
        f"{SCORES}!{bob}{lay.row(3)} (deal 3, Bob, score): a number typed over the formula "
        "(5; the rules give 8)"
    ) in lines
    assert f"{SCORES}!{bob}{lay.totals_row} (total, Bob): 14, the rules give 17" in lines
    ok = col_letter(lay.ok_col)
    assert f'{SCORES}!{ok}{lay.row(3)} (deal 3, check): "✗", the rules give "✓"' in lines


def test_names_that_look_like_formulas_stay_text(
    recalculated: dict[str, tuple[Case, Path]],
) -> None:
    case, path = recalculated["names"]
    shown = values(path)
    lay = Layout(NAMES, case.score.rules)
    for j, name in enumerate(NAMES):
        assert shown[RULES][f"B{lay.player_rows[j]}"] == name
        assert shown[SCORES][f"{col_letter(lay.score_cols[j])}3"] == name


# -- without LibreOffice: what export writes, and what audit and import refuse ----------------


def test_export_writes_formulas_with_the_librarys_values() -> None:
    from openpyxl import load_workbook

    from scoresheet.sheets.read import game_of_workbook

    record = rec.load(EXAMPLE)
    data = export_workbook(record)
    assert game_of_workbook(data) == "rosbiratschka"
    formulas = load_workbook(io.BytesIO(data))
    cached = load_workbook(io.BytesIO(data), data_only=True)
    plan = plan_workbook(record, score_game(record))
    for cell in plan.formulas():
        assert formulas[cell.sheet][cell.ref].value == "=" + str(cell.formula)
        assert same(cell.value, cached[cell.sheet][cell.ref].value), cell.where
    assert formulas[SCORES].freeze_panes == "D4" and formulas[RESULTS].freeze_panes == "E4"
    assert formulas[SCORES].print_title_rows == "$2:$3"
    assert "avoided_jack" in formulas.defined_names


def _broken(changes: dict[tuple[str, str], Any]) -> bytes:
    return set_cells(export_workbook(rec.load(EXAMPLE)), changes)


def _cell(name: str, number: int, player: int = 0) -> tuple[str, str]:
    lay = Layout(rec.load(EXAMPLE)["players"], score_game(rec.load(EXAMPLE)).rules)
    return (RESULTS, f"{col_letter(lay.fields[name][player])}{lay.row(number)}")


@pytest.mark.parametrize(
    ("changes", "finding"),
    [
        (
            {_cell("jacks", 3, 2): 1},
            "deal 3, no-jacks: jacks add up to 5, a deal has 4",
        ),
        (
            {_cell("tricks", 2, 0): 1},
            "(deal 2, tricks): deal 2 is no-hearts: this cell is not one of its inputs",
        ),
        (
            {_cell("king_of_hearts", 4): "dan"},
            '(deal 4, king_of_hearts): "dan" is not a player\'s name as the Rules sheet writes '
            "it (Ann, Bob, Cat, Dan)",
        ),
        (
            {_cell("past_25", 5): None, _cell("past_50", 5): None, _cell("past_100", 5): None},
            "(deal 6): deal 5 is not filled in, but deal 6 is: deals are filled in order",
        ),
        (
            {_cell("tricks", 1, 1): "three"},
            '(deal 1, Bob, tricks): "three" is not a whole number of 0 or more',
        ),
    ],
)
def test_audit_and_import_refuse_bad_inputs(
    changes: dict[tuple[str, str], Any], finding: str
) -> None:
    data = _broken(changes)
    report = audit_workbook_bytes(data, "bad.xlsx")
    assert any(finding in f.line for f in report.findings), [f.line for f in report.findings]
    assert "the workbook holds no calculated values" in " ".join(report.notes)
    with pytest.raises(ScoresheetError, match=re.escape(finding.split(": ", 1)[-1])):
        import_workbook_bytes(data, "bad.xlsx")


def test_a_changed_formula_is_found() -> None:
    lay = Layout(rec.load(EXAMPLE)["players"], score_game(rec.load(EXAMPLE)).rules)
    ref = f"{col_letter(lay.score_cols[0])}{lay.row(1)}"
    report = audit_workbook_bytes(_broken({(SCORES, ref): "=2"}), "f.xlsx")
    assert [f.line for f in report.findings] == [
        f"{SCORES}!{ref} (deal 1, Ann, score): the formula was changed to =2"
    ]


def test_audit_of_a_game_file_names_each_bad_deal() -> None:
    from scoresheet.games.rosbiratschka.sheet.audit import audit_game

    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["deals"][0]["result"]["tricks"]["Ann"] = 3
    data["deals"][3]["result"]["king_of_hearts"] = "Eve"
    report = audit_game(rec.from_data(data), "g.json")
    assert [f.line for f in report.findings] == [
        "deal 1, no-tricks: tricks add up to 9, a deal has 8",
        'deal 4, king-of-hearts: result.king_of_hearts: "Eve" is not a player (Ann, Bob, Cat, Dan)',
    ]
    assert audit_game(rec.load(EXAMPLE), "g.json").ok
