"""A thrown-in hand: nobody took (Belote) or all four passed (Coinche), the hand is not
recorded and the deal passes to the next dealer. The next recorded deal names its real
dealer, and that name re-anchors the rotation from that deal on: the deals after it,
``status``, ``score --json``, the phone's title and the workbook all follow it.

Caribbean All Fours is not concerned: a hand redealt because the pack ran out is
redealt by the same dealer, so the rotation never moves on without a deal recorded; a
named dealer there must still be the rotation's.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

from scoresheet import record as rec
from scoresheet.games.belote import score as belote
from scoresheet.games.belote.sheet import audit as belote_audit
from scoresheet.games.belote.sheet import render as belote_render
from scoresheet.games.belote.simulate import random_game as belote_game
from scoresheet.games.caribbean_all_fours.score import score_game as all_fours_score
from scoresheet.games.coinche import play as coinche_play
from scoresheet.games.coinche import score as coinche
from scoresheet.games.coinche.sheet import audit as coinche_audit
from scoresheet.games.coinche.sheet import render as coinche_render
from scoresheet.games.coinche.simulate import random_game as coinche_game
from scoresheet.partnership import play as kit_play
from scoresheet.partnership.rules import dealer_of
from scoresheet.partnership.sheet.layout import FIRST, RES, RESULTS
from scoresheet.sheets.plan import col_letter
from tests.cli_helpers import assert_one_line_error, run
from tests.sheets_helpers import recalculate, set_cells, values

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def _coinche_game() -> dict[str, Any]:
    """The rules page's example (Bob, Ann, Dan, Cat deal in turn), with Dan's hand of
    deal 3 thrown in: Cat deals deal 3, Bob deal 4 (named nowhere)."""
    data = json.loads((EXAMPLES / "coinche.json").read_text(encoding="utf-8"))
    deals = data["deals"][:4]
    for d in deals:
        d.pop("dealer", None)
    deals[2]["dealer"] = "Cat"
    data["deals"] = deals
    return cast("dict[str, Any]", data)


def _belote_game() -> dict[str, Any]:
    """Belote's example (Ann, Dan, Cat, Bob deal in turn) with deal 3's hand thrown in
    twice: Bob deals deal 3, then Ann, Dan."""
    data = json.loads((EXAMPLES / "belote.json").read_text(encoding="utf-8"))
    deals = data["deals"][:5]
    deals[2]["dealer"] = "Bob"
    data["deals"] = deals
    return cast("dict[str, Any]", data)


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- scoring -------------------------------------------------------------------------------


def test_coinche_a_named_dealer_re_anchors_the_rotation() -> None:
    result = coinche.score_game(_coinche_game())
    assert [d.dealer for d in result.deals] == ["Bob", "Ann", "Cat", "Bob"]
    assert result.next_dealer == "Ann"
    assert result.first_to_speak == "Dan"  # on the dealer's right


def test_belote_a_named_dealer_re_anchors_the_rotation() -> None:
    result = belote.score_game(_belote_game())
    assert [d.dealer for d in result.deals] == ["Ann", "Dan", "Bob", "Ann", "Dan"]
    assert result.next_dealer == "Cat"


def test_the_rotation_is_unchanged_without_a_named_dealer() -> None:
    data = _coinche_game()
    del data["deals"][2]["dealer"]
    assert [d.dealer for d in coinche.score_game(data).deals] == ["Bob", "Ann", "Dan", "Cat"]


def test_a_dealer_who_is_not_a_player_is_refused_in_one_line(tmp_path: Path) -> None:
    data = _coinche_game()
    data["deals"][2]["dealer"] = "Zed"
    line = assert_one_line_error(run("score", _write(tmp_path, data)))
    assert line.endswith('deal 3, clubs: the dealer "Zed" is not a player (Bob, Cat, Dan, Ann)')
    data = _belote_game()
    data["deals"][2]["dealer"] = "Zed"
    line = assert_one_line_error(run("status", _write(tmp_path, data)))
    assert 'the dealer "Zed" is not a player (Ann, Bob, Cat, Dan)' in line


def test_caribbean_all_fours_still_checks_a_named_dealer() -> None:
    """The pack run out: the same dealer deals again, nothing moves the rotation."""
    data = json.loads((EXAMPLES / "caribbean-all-fours.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:3]
    data["deals"][2]["dealer"] = data["players"][0]
    with pytest.raises(Exception, match="by the rotation"):
        all_fours_score(data)


# -- status, score --json, the phone -------------------------------------------------------


def test_coinche_status_and_score_json(tmp_path: Path) -> None:
    path = _write(tmp_path, _coinche_game())
    proc = run("status", path)
    assert proc.returncode == 0, proc.stderr
    assert "Next, deal 5: Ann deals, Dan speaks first." in proc.stdout
    proc = run("score", path, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [d["dealer"] for d in out["deals"]] == ["Bob", "Ann", "Cat", "Bob"]
    assert out["next_dealer"] == "Ann"
    assert out["first_to_speak"] == "Dan"


def test_belote_status_and_score_json(tmp_path: Path) -> None:
    path = _write(tmp_path, _belote_game())
    proc = run("status", path)
    assert proc.returncode == 0, proc.stderr
    assert "Next, deal 6: Cat deals." in proc.stdout
    out = json.loads(run("score", path, "--json").stdout)
    assert [d["dealer"] for d in out["deals"]] == ["Ann", "Dan", "Bob", "Ann", "Dan"]
    assert out["next_dealer"] == "Cat"
    assert out["first_to_speak"] == "Bob"


def test_a_finished_game_has_no_next_dealer(tmp_path: Path) -> None:
    out = json.loads(run("score", EXAMPLES / "coinche.json", "--json").stdout)
    assert out["complete"] is True
    assert out["next_dealer"] is None and out["first_to_speak"] is None


def test_the_phone_title_follows_the_named_dealer() -> None:
    questions = coinche_play.deal_questions(coinche.score_game(_coinche_game()))
    assert questions is not None
    assert questions.title.startswith("Next, deal 5: Ann deals, Dan speaks first.")
    questions = kit_play.deal_questions(belote.score_game(_belote_game()))
    assert questions is not None
    assert questions.title.startswith("Deal 6: Cat deals.")


def test_a_deal_added_after_a_throw_in_follows_the_new_dealer(tmp_path: Path) -> None:
    data = _coinche_game()
    path = _write(tmp_path, data)
    proc = run(
        "add", path, "hearts", "--set", "bid=80", "--set", "taker=Cat", "--set", "points=52,100",
        "--set", "last=1",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Next, deal 6: Dan deals, Cat speaks first." in proc.stdout
    out = json.loads(run("score", path, "--json").stdout)
    assert out["deals"][4]["dealer"] == "Ann"


# -- the workbook --------------------------------------------------------------------------


def _dealer_cells(data: bytes, rows: int) -> list[Any]:
    import io

    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(data))[RESULTS]
    return [sheet[f"{col_letter(RES.dealer)}{FIRST + i}"].value for i in range(rows)]


def test_the_workbook_writes_the_re_anchored_dealers() -> None:
    record = rec.from_data(_coinche_game())
    data = coinche_render.export_workbook(record)
    assert _dealer_cells(data, 6) == ["Bob", "Ann", "Cat", "Bob", "Ann", "Dan"]
    report = coinche_audit.audit_workbook_bytes(data, "x.xlsx")
    assert [f.line for f in report.findings] == []
    back, report = coinche_audit.import_workbook_bytes(data, "x.xlsx")
    assert [d.get("dealer") for d in back["deals"]] == [None, None, "Cat", None]
    assert [d.dealer for d in coinche.score_game(back).deals] == ["Bob", "Ann", "Cat", "Bob"]

    record = rec.from_data(_belote_game())
    data = belote_render.export_workbook(record)
    assert _dealer_cells(data, 7) == ["Ann", "Dan", "Bob", "Ann", "Dan", "Cat", "Bob"]
    assert belote_audit.audit_workbook_bytes(data, "x.xlsx").findings == []


def test_a_dealer_typed_in_the_workbook_is_a_throw_in() -> None:
    """At the table, the sheet's dealer cells are typed over with the real dealers (the
    rows after keep what they hold: each name in a dealer cell is that deal's dealer)."""
    record = rec.from_data(_coinche_game())
    record["deals"][2].pop("dealer")
    data = coinche_render.export_workbook(record)
    assert _dealer_cells(data, 4) == ["Bob", "Ann", "Dan", "Cat"]
    column = col_letter(RES.dealer)
    typed = set_cells(
        data, {(RESULTS, f"{column}{FIRST + 2}"): "Cat", (RESULTS, f"{column}{FIRST + 3}"): "Bob"}
    )
    assert coinche_audit.audit_workbook_bytes(typed, "x.xlsx").findings == []
    back, _report = coinche_audit.import_workbook_bytes(typed, "x.xlsx")
    assert [d.get("dealer") for d in back["deals"]] == [None, None, "Cat", None]
    assert [d.dealer for d in coinche.score_game(back).deals] == ["Bob", "Ann", "Cat", "Bob"]
    wrong = set_cells(data, {(RESULTS, f"{column}{FIRST + 2}"): "Zed"})
    lines = [f.line for f in coinche_audit.audit_workbook_bytes(wrong, "x.xlsx").findings]
    assert len(lines) == 1 and "Zed" in lines[0] and "Dan" in lines[0], lines


def test_libreoffice_recalculates_the_workbooks_clean(tmp_path: Path) -> None:
    books = {
        tmp_path / "coinche.xlsx": (
            coinche_render.export_workbook(rec.from_data(_coinche_game())),
            coinche_audit,
            coinche.score_game(_coinche_game()).team_totals,
        ),
        tmp_path / "belote.xlsx": (
            belote_render.export_workbook(rec.from_data(_belote_game())),
            belote_audit,
            belote.score_game(_belote_game()).team_totals,
        ),
    }
    for path, (data, _audit, _totals) in books.items():
        path.write_bytes(data)
    out = recalculate(books, tmp_path / "out", tmp_path / "profile")
    for path, (_data, audit, totals) in books.items():
        report = audit.audit_workbook_bytes(out[path].read_bytes(), path.name)
        assert [f.line for f in report.findings] == []
        assert report.notes == []
        scored: Any = report.score
        assert scored.team_totals == totals
        shown = values(out[path])[RESULTS]
        assert shown[f"{col_letter(RES.dealer)}{FIRST + 2}"] in ("Cat", "Bob")


# -- a property: any throw-ins, everything agrees ------------------------------------------


def _with_throw_ins(data: dict[str, Any], rng: random.Random, rules: Any) -> list[str]:
    """Deals of ``data`` after random throw-ins, each thrown-in count's deal naming its
    dealer (sometimes a deal names its dealer with none); returns every deal's dealer
    and the next one's, counted seat by seat from the first dealer."""
    players = data["players"]
    skipped = 0
    dealers = []
    for i, deal in enumerate(data["deals"]):
        thrown = rng.choice((0, 0, 0, 0, 1, 1, 2, 3, 4))
        skipped += thrown
        dealer = dealer_of(rules, players, i + skipped)
        dealers.append(dealer)
        if thrown or rng.random() < 0.1:
            deal["dealer"] = dealer
    dealers.append(dealer_of(rules, players, len(data["deals"]) + skipped))
    return dealers


@pytest.mark.parametrize("seed", range(12))
def test_any_throw_ins_keep_scores_status_and_workbook_in_step(seed: int) -> None:
    rng = random.Random(seed)
    for make, score, render, audit in (
        (coinche_game, coinche.score_game, coinche_render, coinche_audit),
        (belote_game, belote.score_game, belote_render, belote_audit),
    ):
        options = {"rotation": "clockwise"} if seed % 3 == 0 else None
        data = make(rng, deals=rng.randint(1, 14), options=options)
        plain = score(copy.deepcopy(data))
        dealers = _with_throw_ins(data, rng, plain.rules)
        result = score(data)
        assert [d.dealer for d in result.deals] == dealers[:-1]
        assert result.team_totals == plain.team_totals  # a throw-in scores nothing
        if not result.complete:
            assert result.next_dealer == dealers[-1]
        book = render.export_workbook(rec.from_data(data))
        assert [f.line for f in audit.audit_workbook_bytes(book, "x.xlsx").findings] == []
        back, _report = audit.import_workbook_bytes(book, "x.xlsx")
        assert [d.dealer for d in score(back).deals] == dealers[:-1]
        assert (
            _dealer_cells(book, len(dealers))[: len(dealers) - result.complete]
            == (dealers[: len(dealers) - result.complete])
        )
