"""Caribbean All Fours workbooks: export, blank sheets filled in by hand, audit, import —
and LibreOffice as the judge: every workbook below is recalculated by it in one batch, and
every formula cell (each point in order, the running totals, where the game was won, the
totals) must equal the library's value. Locally the LibreOffice tests skip when it is
missing; under CI (CI=true) they fail."""

from __future__ import annotations

import io
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours.score import GameScore, game_file, score_game
from scoresheet.games.caribbean_all_fours.sheet.audit import (
    audit_workbook_bytes,
    import_workbook_bytes,
)
from scoresheet.games.caribbean_all_fours.sheet.layout import (
    D_BEG,
    D_GP,
    D_HIGH,
    D_HOLDER,
    D_LOW,
    D_TURN,
    D_WON_BY,
    DEALS,
    POINTS,
    R_VALUES,
    RULES,
    SCORES,
    SLOTS,
)
from scoresheet.games.caribbean_all_fours.sheet.plan import plan_workbook
from scoresheet.games.caribbean_all_fours.sheet.render import blank_workbook, export_workbook
from scoresheet.games.caribbean_all_fours.simulate import random_game
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.read import game_of_workbook
from tests.sheets_helpers import patch_xml, recalculate, same, set_cells, values

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "caribbean-all-fours.json"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _score(record: Any) -> GameScore:
    result = score_game(record)
    assert isinstance(result, GameScore)
    return result


def _load(data: dict[str, Any]) -> Any:
    return rec.from_data(data)


def fill_blank(blank: bytes, record: Any) -> bytes:
    """Type a game's deals into a blank workbook's Deals inputs, as a table would."""
    from openpyxl import load_workbook

    result = _score(record)
    wb = load_workbook(io.BytesIO(blank))
    ws = wb[DEALS]
    for d in result.deals:
        row = 3 + d.number
        for col, card in zip(D_TURN, d.turn_ups, strict=False):
            ws.cell(row=row, column=col, value=str(card))
        if d.beg:
            ws.cell(row=row, column=D_BEG, value=d.beg)
        if d.played:
            ws.cell(row=row, column=D_HIGH, value=d.high)
            ws.cell(row=row, column=D_LOW, value=d.low)
            if d.jack:
                ws.cell(row=row, column=D_HOLDER, value=d.jack[0])
                ws.cell(row=row, column=D_WON_BY, value=d.jack[1])
            assert d.game_points is not None
            for col, value in zip(D_GP, d.game_points, strict=True):
                ws.cell(row=row, column=col, value=value)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


# -- without LibreOffice -----------------------------------------------------------------


def test_export_is_a_live_workbook() -> None:
    from openpyxl import load_workbook

    record = game_file(rec.load(EXAMPLE))
    data = export_workbook(record)
    assert game_of_workbook(data) == "caribbean-all-fours"
    wb = load_workbook(io.BytesIO(data))
    assert wb.sheetnames == [SCORES, DEALS, POINTS, RULES]
    assert {"players", "team_of", "target", "kick_values", "card_values"} <= set(wb.defined_names)
    assert wb[SCORES].freeze_panes == "B4" and wb[POINTS].freeze_panes == "C4"
    assert wb[POINTS].page_setup.orientation == "landscape"
    # Every computed cell is a formula, and its value is cached for viewers.
    cached = load_workbook(io.BytesIO(data), data_only=True)
    plan = plan_workbook(record, _score(record))
    for cell in plan.formulas():
        assert str(wb[cell.sheet][cell.ref].value).startswith("="), cell.where
        assert same(cell.value, cached[cell.sheet][cell.ref].value), cell.where
    # The last deal: High and Low counted, Game not; Bob & Dan win at Low.
    last = 7
    rows = [3 + 8 * (last - 1) + 1 + s for s in range(len(SLOTS))]
    shown = [tuple(cached[POINTS][f"{c}{r}"].value or None for c in "BGJ") for r in rows]
    assert shown[4:] == [
        ("high", "yes", None),
        ("low", "yes", "Bob & Dan win"),
        ("jack", None, None),
        ("game", "no", None),
    ]
    assert cached[SCORES]["I10"].value == "Bob & Dan win"


def test_audit_and_import_of_an_export() -> None:
    record = game_file(rec.load(EXAMPLE))
    data = export_workbook(record)
    report = audit_workbook_bytes(data, "example.xlsx")
    assert report.ok, report.text()
    game, notes = import_workbook_bytes(data, "example.xlsx")
    assert not notes.findings
    assert _score(game).deals == _score(record).deals


def test_audit_finds_tampering() -> None:
    data = export_workbook(game_file(rec.load(EXAMPLE)))
    typed = audit_workbook_bytes(set_cells(data, {(POINTS, "H6"): 5}), "t.xlsx")
    assert [f.line for f in typed.findings] == [
        "Points!H6 (deal 1, kick 3, Ann & Cat running): a value typed over the formula "
        "(5; the rules give 0)"
    ]
    changed = audit_workbook_bytes(set_cells(data, {(POINTS, "F8"): "=2"}), "t.xlsx")
    assert [f.line for f in changed.findings] == [
        "Points!F8 (deal 1, high, points): the formula was changed to =2"
    ]
    bad = audit_workbook_bytes(set_cells(data, {(DEALS, "H4"): "Zed"}), "t.xlsx")
    assert any('"Zed" is not a player' in f.line and f.cell == "Deals!H4" for f in bad.findings)


def test_values_shown_must_follow_the_inputs() -> None:
    """A value shown that the rules do not give (the input changed, the values not)."""
    data = export_workbook(game_file(rec.load(EXAMPLE)))
    # Deal 1's card points 22-13 become 12-13: Game goes to Bob & Dan, but the cached
    # values still show the old scores.
    patched = patch_xml(
        data, "xl/worksheets/sheet2.xml", rb'(<c r="L4"[^>]*>)<v>22</v>', rb"\1<v>12</v>"
    )
    report = audit_workbook_bytes(patched, "t.xlsx")
    lines = [f.line for f in report.findings]
    assert "Points!D11 (deal 1, game, team): shows 1, the rules give 2" in lines
    assert all(f.deal is None or f.deal >= 1 for f in report.findings)


def test_rule_value_changed_in_the_sheet_is_kept_as_an_option() -> None:
    data = export_workbook(game_file(rec.load(EXAMPLE)))
    changed = set_cells(data, {(RULES, f"B{R_VALUES}"): 21, (RULES, f"B{R_VALUES + 5}"): 4})
    game, report = import_workbook_bytes(changed, "t.xlsx")
    assert game["options"] == {"target": 21, "values": {"hang_jack": 4}}
    assert [f.blocking for f in report.findings] == [False, False]
    assert _score(game).winner is None  # nobody reaches 21 in seven deals


def test_import_refuses_bad_inputs() -> None:
    data = export_workbook(game_file(rec.load(EXAMPLE)))
    with pytest.raises(
        ScoresheetError, match=r'Deals!D5 \(deal 2, turned up\): "XX" is not a card'
    ):
        import_workbook_bytes(set_cells(data, {(DEALS, "D5"): "XX"}), "t.xlsx")
    with pytest.raises(ScoresheetError, match=r"deal 2: .*cards turned up, but the pack is run"):
        import_workbook_bytes(set_cells(data, {(DEALS, "G5"): "stand"}), "t.xlsx")


def test_blank_filled_in_imports_the_game() -> None:
    record = game_file(rec.load(EXAMPLE))
    blank = blank_workbook(PLAYERS, "caribbean-all-fours")
    filled = fill_blank(blank, record)
    game, _ = import_workbook_bytes(filled, "filled.xlsx")
    assert _score(game).team_totals == _score(record).team_totals
    assert len(game["deals"]) == 7


# -- LibreOffice as the judge ------------------------------------------------------------


@dataclass
class Case:
    record: Any
    data: bytes
    inputs_from: Any = None  # the record typed into a blank sheet


def _cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    example = game_file(rec.load(EXAMPLE))
    cases["example"] = Case(example, export_workbook(example))
    option_sets: list[dict[str, Any]] = [
        {"kick_returns": "new-suit", "tied_game": "dealer"},
        {"jack_rule": "captor", "target": 7, "tobago": True},
        {"tied_game": "non-dealer", "target": 21},
    ]
    for i, options in enumerate(option_sets):
        data = random_game(
            random.Random(100 + i),
            options=options,
            teams=[["Dan", "Bob"], ["Ann", "Cat"]] if i == 1 else None,
        )
        record = _load(data)
        cases[f"options-{i}"] = Case(record, export_workbook(record))
    # An unfinished game (spare rows), and a game won by a kick before any card was played.
    unfinished = _load(random_game(random.Random(7), deals=3))
    cases["unfinished"] = Case(unfinished, export_workbook(unfinished))
    kicked = _load(
        {
            "format": "scoresheet-game", "version": 1, "game": "caribbean-all-fours",
            "rules": "caribbean-all-fours", "options": {"target": 4},
            "players": ["=Ann", "+Bob", "-Cat", "@Dan"],
            "deals": [
                {"turn_ups": ["AH", "7H", "KD"], "beg": "run", "result": {
                    "high": "=Ann", "low": "+Bob", "jack": None, "game_points": [30, 40]}},
                {"turn_ups": ["6S"]},
            ],
        }
    )  # fmt: skip
    cases["kicked"] = Case(kicked, export_workbook(kicked))
    filled_from = _load(random_game(random.Random(3)))
    blank = blank_workbook(PLAYERS, "caribbean-all-fours")
    cases["filled"] = Case(filled_from, fill_blank(blank, filled_from), inputs_from=filled_from)
    cases["blank"] = Case(
        _load({**json.loads(EXAMPLE.read_text()), "deals": [], "teams": None}), blank
    )
    return cases


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Case, Path]]:
    cases = _cases()
    folder = tmp_path_factory.mktemp("caf-sheets")
    paths = {}
    for name, case in cases.items():
        path = folder / f"caf-{name}.xlsx"
        path.write_bytes(case.data)
        paths[name] = path
    out = recalculate(paths.values(), folder / "out", folder / "profile")
    return {name: (cases[name], out[paths[name]]) for name in cases}


def test_libreoffice_computes_what_the_library_computes(
    judged: dict[str, tuple[Case, Path]],
) -> None:
    for name, (case, path) in judged.items():
        result = _score(case.record)
        rows = None if name != "filled" and name != "blank" else 30
        plan = plan_workbook(case.record, result, rows=rows)
        got = values(path)
        wrong = [
            f"{c.where} ({c.label}): {got[c.sheet].get(c.ref)!r}, the library gives {c.value!r}"
            for c in plan.formulas()
            if not same(c.value, got[c.sheet].get(c.ref))
        ]
        assert not wrong, f"{name}: {wrong[:5]}"


def test_libreoffice_saved_workbooks_audit_clean(judged: dict[str, tuple[Case, Path]]) -> None:
    for name, (_, path) in judged.items():
        report = audit_workbook_bytes(path.read_bytes(), path.name)
        assert report.ok, f"{name}: {report.text()}"
        assert not report.notes, name  # LibreOffice saved every value


def test_where_the_game_was_won(judged: dict[str, tuple[Case, Path]]) -> None:
    case, path = judged["kicked"]
    got = values(path)
    result = _score(case.record)
    assert result.winner == 1 and result.won_in == 2
    # Deal 2, kick 1 (Points row 12): the six kicked for @Dan's team reaches 4.
    assert got[POINTS]["J12"] == "+Bob & @Dan win"
    assert got[SCORES]["I5"] == "+Bob & @Dan win"
    total_row = 3 + 2 + 2
    assert (got[SCORES][f"G{total_row}"], got[SCORES][f"H{total_row}"]) == (2, 4)
    assert [got[POINTS][f"{col_letter(7)}{r}"] or None for r in range(4, 12)] == [
        "yes", None, None, None, "yes", "yes", None, "yes",
    ]  # fmt: skip
