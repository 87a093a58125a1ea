"""The audit: what it finds in edited workbooks and game files, and importing workbooks."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.score import score_game
from scoresheet.games.barbu.sheet.audit import audit_game, audit_workbook_bytes
from scoresheet.games.barbu.sheet.layout import DOUBLES, RESULTS, SCORES, Layout
from scoresheet.games.barbu.sheet.render import export_workbook
from scoresheet.games.barbu.simulate import random_game
from scoresheet.rules import list_presets
from scoresheet.sheets.audit import audit_path, import_workbook
from scoresheet.sheets.plan import col_letter
from tests.sheets_helpers import patch_xml, set_cells

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = ROOT / "examples" / "classic.json"
RESULTS_PART = "xl/worksheets/sheet2.xml"


def _example() -> Any:
    return rec.load(CLASSIC)


def _lay(record: Any) -> Layout:
    return Layout(record["players"], score_game(record).rules)


def _first(record: Any, contract: str, *, doubled: bool = True) -> int:
    for i, deal in enumerate(record["deals"]):
        if deal["contract"] == contract and (deal.get("result") is not None) == doubled:
            return i + 1
    raise AssertionError(f"no {contract} deal")


def _deals(report: Any) -> set[int | None]:
    return {f.deal for f in report.findings}


def test_an_untouched_export_audits_clean() -> None:
    report = audit_workbook_bytes(export_workbook(_example()), "classic.xlsx")
    assert report.findings == []
    assert report.notes == []
    assert report.ok


@pytest.mark.parametrize("contract", ["no-tricks", "no-hearts", "no-queens", "trumps"])
def test_changing_one_count_flags_that_deal(contract: str) -> None:
    """A count changed with openpyxl (which drops every saved value): the deal no longer adds up."""
    game = _example()
    lay = _lay(game)
    number = _first(game, contract)
    key = {"no-hearts": "hearts", "no-queens": "queens"}.get(contract, "tricks")
    col = lay.fields[key].cols[1]
    old = game["deals"][number - 1]["result"][key].get(game["players"][1], 0)
    data = set_cells(
        export_workbook(game), {(RESULTS, f"{col_letter(col)}{lay.row(number)}"): old + 1}
    )
    report = audit_workbook_bytes(data, "edited.xlsx")
    assert _deals(report) == {number}
    row = lay.row(number)
    cells = rf"Results!{col_letter(lay.fields[key].cols[0])}{row}:[A-Z]+{row}"
    assert re.search(
        rf"^{cells} \(deal {number}, {contract}\): {key} add up to", report.findings[0].line
    )
    assert report.notes  # openpyxl saved no values: the note says only inputs were checked


def test_a_valid_change_with_stale_values_flags_that_deal(tmp_path: Path) -> None:
    """The K♥ given to someone else in the XML, the saved scores left as they were."""
    game = _example()
    lay = _lay(game)
    number = _first(game, "no-king")
    taker = game["deals"][number - 1]["result"]["king_of_hearts"]
    other = next(p for p in game["players"] if p != taker)
    ref = f"{col_letter(lay.fields['king_of_hearts'].cols[0])}{lay.row(number)}"
    data = patch_xml(
        export_workbook(game),
        RESULTS_PART,
        rf'(<c r="{ref}"[^>]*><is><t>){taker}(</t>)'.encode(),
        rf"\g<1>{other}\g<2>".encode(),
    )
    report = audit_workbook_bytes(data, "stale.xlsx")
    assert number in _deals(report)
    lines = [f.line for f in report.findings if f.deal == number]
    assert any(f"(deal {number}, {other}, base): 0, the rules give -20" in x for x in lines)
    # The sheet shows scores its inputs do not give: import says so, not a game of its own.
    path = tmp_path / "stale.xlsx"
    path.write_bytes(data)
    with pytest.raises(ScoresheetError, match=r"recalculate the sheet, or correct it, first"):
        import_workbook(path)


def test_a_number_typed_over_a_formula() -> None:
    game = _example()
    lay = _lay(game)
    score = score_game(game)
    bob = game["players"][1]
    col = col_letter(lay.score_cols[1][3])
    right = score.deals[6].score[bob]
    for typed, tail in ((right, ""), (right - 4, f" ({right - 4}; the rules give {right})")):
        data = set_cells(export_workbook(game), {(SCORES, f"{col}{lay.row(7)}"): typed})
        lines = [f.line for f in audit_workbook_bytes(data, "x.xlsx").findings]
        where = f"Scores!{col}{lay.row(7)} (deal 7, {bob}, score)"
        assert lines == [f"{where}: a number typed over the formula{tail}"]


def test_a_changed_formula() -> None:
    game = _example()
    lay = _lay(game)
    col = col_letter(lay.score_cols[0][3])
    ref = f"{col}{lay.totals_row}"
    data = set_cells(export_workbook(game), {(SCORES, ref): f"=SUM({col}4:{col}10)"})
    lines = [f.line for f in audit_workbook_bytes(data, "x.xlsx").findings]
    assert lines == [f"Scores!{ref} (total, Ann): the formula was changed to =SUM({col}4:{col}10)"]


def test_doubles_the_rules_forbid() -> None:
    game = _example()
    lay = _lay(game)
    number = _first(game, "trumps")
    declarer = lay.declarer(number)
    others = [i for i, p in enumerate(lay.players) if p != declarer]
    cat, dan = others[1], others[2]
    row = lay.row(number)
    forbidden = f"{col_letter(lay.mult_col[(cat, dan)])}{row}"
    data = set_cells(export_workbook(game), {(DOUBLES, forbidden): 1})
    report = audit_workbook_bytes(data, "x.xlsx")
    assert report.findings[0].line == (
        f"Doubles!{forbidden} (deal {number}, doubles): {lay.players[cat]} may double only "
        "the declarer in a positive contract"
    )
    d = lay.players.index(declarer)
    by_declarer = f"{col_letter(lay.mult_col[(d, cat)])}{row}"
    data = set_cells(export_workbook(game), {(DOUBLES, by_declarer): 1})
    lines = [f.line for f in audit_workbook_bytes(data, "x.xlsx").findings]
    assert lines[0] == (
        f"Doubles!{by_declarer} (deal {number}, doubles): {declarer} is the declarer: "
        "the declarer may not double, only redouble"
    )
    data = set_cells(export_workbook(game), {(DOUBLES, by_declarer): 7})
    lines = [f.line for f in audit_workbook_bytes(data, "x.xlsx").findings]
    assert lines[0].endswith("7: write 1 for a double, 2 for a redouble")


def test_players_short_of_their_declarer_doubles() -> None:
    """Every double of Ann taken out of her deals (pagat: deals are played undoubled too)."""
    game = rec.from_data(random_game(random.Random(5), "pagat", eagerness=0.9))
    lay = _lay(game)
    changes: dict[tuple[str, str], Any] = {}
    for number in range(1, 8):
        for q in range(1, lay.n):
            col = lay.mult_col[(q, 0)]
            changes[(DOUBLES, f"{col_letter(col)}{lay.row(number)}")] = None
    data = set_cells(export_workbook(game), changes)
    lines = [f.line for f in audit_workbook_bytes(data, "x.xlsx").findings]
    owed = [x for x in lines if "declarer doubles" in x and "Ann;" in x]
    assert owed == [
        f"Obligations!{col_letter(lay.ob_first_col + q)}4 (declarer doubles): "
        f"{p} never doubled Ann; the rules require 2"
        for q, p in enumerate(lay.players)
        if p != "Ann"
    ]


def test_a_moved_row_is_refused() -> None:
    data = set_cells(export_workbook(_example()), {(RESULTS, "E3"): "nobody"})
    with pytest.raises(ScoresheetError, match=r"Results!E3 should be the heading \"Ann\""):
        audit_workbook_bytes(data, "x.xlsx")


def test_deals_must_be_filled_in_order() -> None:
    game = _example()
    data = set_cells(export_workbook(game), {(RESULTS, "D8"): None})
    report = audit_workbook_bytes(data, "x.xlsx")
    assert report.findings[0].line.startswith(
        "Results!D9 (deal 6, contract): deal 5 has no contract"
    )


def test_audit_of_a_game_file(tmp_path: Path) -> None:
    assert audit_path(CLASSIC).ok
    game = json.loads(CLASSIC.read_text())
    game["deals"][3]["result"] = {"queens": {"Ann": 5}}
    game["deals"][3]["contract"] = "no-queens"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(game))
    report = audit_path(path)
    assert not report.ok
    assert {f.deal for f in report.findings} >= {4}


def test_audit_of_a_game_file_reports_missing_doubles() -> None:
    data = random_game(random.Random(3), "classic", eagerness=0.2)
    record = rec.from_data(data)
    report = audit_game(record, "g.json")
    assert len(report.findings) == len(score_game(record).violations) > 0
    assert all("the rules require 2" in f.message for f in report.findings)


def test_import_gives_back_the_game(tmp_path: Path) -> None:
    game = _example()
    path = tmp_path / "g.xlsx"
    path.write_bytes(export_workbook(game))
    back, report = import_workbook(path)
    assert report.findings == []
    assert score_game(back).totals == score_game(game).totals
    assert [d.bets for d in score_game(back).deals] == [d.bets for d in score_game(game).deals]


def test_import_refuses_a_deal_the_rules_refuse(tmp_path: Path) -> None:
    game = _example()
    lay = _lay(game)
    number = _first(game, "no-queens")
    col = lay.fields["queens"].cols[0]
    path = tmp_path / "g.xlsx"
    path.write_bytes(
        set_cells(export_workbook(game), {(RESULTS, f"{col_letter(col)}{lay.row(number)}"): 9})
    )
    row = lay.row(number)
    cells = f"Results!{col_letter(col)}{row}:{col_letter(lay.fields['queens'].cols[-1])}{row}"
    said = rf"^g\.xlsx: {cells} \(deal {number}, no-queens\): queens add up to"
    with pytest.raises(ScoresheetError, match=said):
        import_workbook(path)


def _clean(report: Any, record: Any) -> None:
    others = [f.line for f in report.findings if f.what != "declarer doubles"]
    assert others == []
    assert len(report.findings) == len(score_game(record).violations)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(list_presets("barbu")),
    seed=st.integers(0, 2**32 - 1),
    fraction=st.floats(0, 1),
    eagerness=st.floats(0.2, 1.0),
)
def test_export_then_audit_and_import_round_trip(
    preset: str, seed: int, fraction: float, eagerness: float
) -> None:
    """For any legal game: the export audits clean, and importing it gives the same scores."""
    rules = score_game(rec.from_data(random_game(random.Random(0), preset, deals=0))).rules
    deals = round(fraction * rules.deals_per_game)
    record = rec.from_data(
        random_game(random.Random(seed), preset, deals=deals, eagerness=eagerness)
    )
    data = export_workbook(record)
    report = audit_workbook_bytes(data, "game.xlsx")
    _clean(report, record)
    assert report.record is not None
    again = score_game(rec.from_data(copy.deepcopy(report.record)))
    original = score_game(record)
    assert [d.score for d in again.deals] == [d.score for d in original.deals]
    assert [d.bets for d in again.deals] == [d.bets for d in original.deals]
    assert again.totals == original.totals


def test_saved_values_are_the_library_values() -> None:
    """A viewer that does not calculate sees the library's numbers (openpyxl, data_only)."""
    from openpyxl import load_workbook

    game = _example()
    score = score_game(game)
    lay = _lay(game)
    wb = load_workbook(io.BytesIO(export_workbook(game)), data_only=True)
    for j, p in enumerate(lay.players):
        col = col_letter(lay.score_cols[j][3])
        assert wb[SCORES][f"{col}{lay.totals_row}"].value == score.totals[p]
        for deal in score.deals:
            assert wb[SCORES][f"{col}{lay.row(deal.number)}"].value == deal.score[p]
