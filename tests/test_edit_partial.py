"""``edit N`` changes only what it is given and keeps the rest of the deal (doubles
included), printing each change before and after; ``--replace`` gives the whole deal.
Every contract code a view prints is read as that contract; ``add`` without a contract
takes the declarer's one contract left."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry
from tests.cli_helpers import ROOT, assert_one_line_error, deals, refused_unchanged, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def example(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(ROOT / "examples" / name, path)
    return path


def edited(path: Path, *args: str) -> str:
    proc = run("edit", path, *args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# -- Barbu --------------------------------------------------------------------------------


def test_correcting_the_result_keeps_the_doubles(tmp_path: Path) -> None:
    """Issue 26: deal 10 of classic.json is Bob's trumps, doubled by Cat, Dan and Ann."""
    path = example(tmp_path, "classic.json")
    before = deals(path)[9]
    out = edited(path, "10", "trumps", "--tricks", "2,7,1,3", "--trump", "hearts")
    after = deals(path)[9]
    assert after["doubles"] == before["doubles"]
    assert after["result"] == {
        "tricks": {"Ann": 2, "Bob": 7, "Cat": 1, "Dan": 3},
        "trump": "hearts",
    }
    assert "  tricks: Ann=5, Bob=3, Cat=1, Dan=4 → Ann=2, Bob=7, Cat=1, Dan=3\n" in out
    assert "  trump: none → hearts\n" in out
    assert "doubles" not in out  # unchanged, so not said


def test_one_result_flag_changes_that_key_only(tmp_path: Path) -> None:
    path = example(tmp_path, "classic.json")
    before = deals(path)[6]
    out = edited(path, "7", "--ace", "Dan")
    after = deals(path)[6]
    assert after == {**before, "result": {**before["result"], "ace_of_hearts": "Dan"}}
    assert "  ace_of_hearts: Cat → Dan\n" in out


def test_a_double_replaces_that_players_doubles_only(tmp_path: Path) -> None:
    path = example(tmp_path, "classic.json")
    out = edited(path, "3", "-d", "Bob=Ann")
    assert deals(path)[2]["doubles"] == [
        {"by": "Bob", "double": ["Ann"]},
        {"by": "Dan", "double": ["Ann"]},
    ]
    assert "  Bob's doubles: Ann, Cat, Dan → Ann\n" in out
    out = edited(path, "3", "-d", "Dan=none")
    assert deals(path)[2]["doubles"] == [{"by": "Bob", "double": ["Ann"]}]
    assert "  Dan's doubles: Ann → none\n" in out


def test_a_new_contract_asks_for_its_result_naming_the_flag(tmp_path: Path) -> None:
    path = example(tmp_path, "classic.json")
    line = refused_unchanged(path, "edit", path, "12", "no-king")
    assert "the contract changes from no-queens to no-king" in line and "--king" in line
    line = refused_unchanged(path, "edit", path, "10", "queens")
    assert line.endswith("give --queens")


def test_a_new_contract_with_its_result_keeps_the_doubles(tmp_path: Path) -> None:
    path = new_barbu(tmp_path)
    assert (
        run("add", path, "no-king", "-d", "Bob=Ann", "-d", "Cat=Ann", "--king", "Cat").returncode
        == 0
    )
    out = edited(path, "1", "queens", "--queens", "0,1,2,1")
    assert deals(path)[0] == {
        "contract": "no-queens",
        "doubles": [{"by": "Bob", "double": ["Ann"]}, {"by": "Cat", "double": ["Ann"]}],
        "result": {"queens": {"Ann": 0, "Bob": 1, "Cat": 2, "Dan": 1}},
    }
    assert "  contract: no-king → no-queens\n" in out
    assert "  king_of_hearts: Cat → none\n" in out


def test_replace_gives_the_whole_deal_as_before(tmp_path: Path) -> None:
    path = example(tmp_path, "classic.json")
    out = edited(path, "10", "trumps", "--replace", "--tricks", "2,7,1,3", "--trump", "hearts")
    assert deals(path)[9] == {
        "contract": "trumps",
        "result": {"tricks": {"Ann": 2, "Bob": 7, "Cat": 1, "Dan": 3}, "trump": "hearts"},
    }
    assert "  Cat's doubles: Bob → none\n" in out
    assert json.loads(path.read_text("utf-8"))["history"][-1]["action"] == "edit"


def test_edit_with_nothing_to_change_is_refused(tmp_path: Path) -> None:
    path = example(tmp_path, "classic.json")
    line = refused_unchanged(path, "edit", path, "10")
    assert "deal 10: give what to correct" in line
    line = refused_unchanged(path, "edit", path, "10", "--ace", "Cat")
    assert "editing deal 10 is refused" in line  # ace_of_hearts is not trumps'
    line = refused_unchanged(path, "edit", path, "10", "--tricks", "5,3,1,4")
    assert "deal 10: the correction changes nothing" in line
    line = refused_unchanged(path, "edit", path, "40", "--ace", "Cat")
    assert "deal 40: no such deal (the game has 28 deals)" in line


# -- the other games: --set KEY=VALUE merges those keys ----------------------------------


def test_belote_set_changes_those_keys_only(tmp_path: Path) -> None:
    path = example(tmp_path, "belote.json")
    before = deals(path)[1]
    out = edited(path, "2", "--set", "points=90,62")
    assert deals(path)[1] == {**before, "result": {**before["result"], "points": [90, 62]}}
    assert "  points: 100, 52 → 90, 62\n" in out
    out = edited(path, "2", "--set", "taker=Ann")
    assert deals(path)[1]["taker"] == "Ann" and deals(path)[1]["result"]["points"] == [90, 62]
    assert "  taker: Cat → Ann\n" in out


def test_coinche_set_keeps_the_auction(tmp_path: Path) -> None:
    path = example(tmp_path, "coinche.json")
    before = deals(path)[1]
    out = edited(path, "2", "--set", "coinche=Cat")
    assert deals(path)[1] == {**before, "coinche": "Cat"}
    assert "  coinche: Ann → Cat\n" in out


def test_caribbean_and_rosbiratschka_set_change_one_key(tmp_path: Path) -> None:
    path = example(tmp_path, "caribbean-all-fours-7.json")
    before = deals(path)[3]
    edited(path, "4", "--set", "low=Bob")
    assert deals(path)[3] == {**before, "result": {**before["result"], "low": "Bob"}}
    path = example(tmp_path, "rosbiratschka-3.json")
    before = deals(path)[1]
    out = edited(path, "2", "--set", "hearts=Ann=3,Bob=2,Cat=1")
    assert deals(path)[1] == {**before, "result": {"hearts": {"Ann": 3, "Bob": 2, "Cat": 1}}}
    assert out.count("\n  ") == 1  # one line: the hearts


# -- contract codes, as the legends print them --------------------------------------------


def new_barbu(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    assert run("new", path, "--players", *PLAYERS).returncode == 0
    return path


@pytest.mark.parametrize(
    ("code", "contract", "flags"),
    [
        ("T", "trumps", ["--tricks", "5,3,2,3"]),
        ("t", "trumps", ["--tricks", "5,3,2,3"]),
        ("NT", "no-tricks", ["-d", "Bob=Ann", "--tricks", "5,3,2,3"]),
        ("NK", "no-king", ["-d", "Bob=Ann", "--king", "Cat"]),
        ("nq", "no-queens", ["-d", "Bob=Ann", "--queens", "1,1,1,1"]),
        ("NLT", "no-last-two", ["-d", "Bob=Ann", "--second-last", "Bob", "--last", "Cat"]),
        ("D", "dominoes", ["--order", "Cat,Ann,Dan,Bob"]),
    ],
)
def test_barbu_codes_mean_what_the_legend_says(
    tmp_path: Path, code: str, contract: str, flags: list[str]
) -> None:
    path = new_barbu(tmp_path)
    proc = run("add", path, code, *flags)
    assert proc.returncode == 0, proc.stderr
    assert deals(path)[0]["contract"] == contract


def test_a_start_two_contracts_share_is_still_refused(tmp_path: Path) -> None:
    path = new_barbu(tmp_path)
    line = refused_unchanged(path, "add", path, "tr", "--tricks", "5,3,2,3")
    assert '"tr" could be no-tricks or trumps' in line


def test_play_reads_a_code(tmp_path: Path) -> None:
    path = new_barbu(tmp_path)
    proc = run("play", path, stdin="T\n:q\n")
    assert "could be" not in proc.stdout and "Traceback" not in proc.stderr
    assert "Bob" in proc.stdout.split("T\n", 1)[-1] or "double" in proc.stdout.casefold()


def test_edit_takes_a_code_for_the_new_contract(tmp_path: Path) -> None:
    path = new_barbu(tmp_path)
    assert run("add", path, "NK", "-d", "Bob=Ann", "--king", "Cat").returncode == 0
    edited(path, "1", "NQ", "--queens", "1,1,1,1")
    assert deals(path)[0]["contract"] == "no-queens"


def test_every_belote_code_the_sheet_prints_is_its_contract(tmp_path: Path) -> None:
    views: Any = registry.part("belote", "views")
    if not hasattr(views, "CONTRACT_CODES"):  # the partnership games' views, shared
        views = importlib.import_module("scoresheet.partnership.views")
    codes: dict[str, str] = dict(views.CONTRACT_CODES)
    assert codes
    entry: Any = registry.part("belote", "entry")
    for contract, code in codes.items():
        assert entry.read_contract(code) == contract, code
    path = tmp_path / "g.json"
    assert run("new", path, "--game", "belote", "--players", *PLAYERS).returncode == 0
    proc = run(
        "add",
        path,
        codes["hearts"],
        "--set",
        "taker=Ann",
        "--set",
        "points=100,52",
        "--set",
        "last_trick=0",
    )
    assert proc.returncode == 0, proc.stderr
    assert deals(path)[0]["contract"] == "hearts"


def test_rosbiratschka_codes_are_read(tmp_path: Path) -> None:
    path = example(tmp_path, "rosbiratschka-3.json")
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    data["deals"] = data["deals"][:1]
    path.write_text(json.dumps(data), "utf-8")
    proc = run("add", path, "NH", "--set", "hearts=Ann=3,Bob=2,Cat=1")
    assert proc.returncode == 0, proc.stderr
    assert deals(path)[1]["contract"] == "no-hearts"


# -- add without a contract -----------------------------------------------------------


def test_add_without_a_contract_takes_the_one_left(tmp_path: Path) -> None:
    path = example(tmp_path, "classic.json")
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    last = data["deals"][6]
    assert last["contract"] == "no-hearts"  # Ann's seventh and last contract
    data["deals"] = data["deals"][:6]
    path.write_text(json.dumps(data), "utf-8")
    proc = run("add", path, "-d", "Bob=Ann", "--hearts", "3,5,3,2", "--ace", "Cat")
    assert proc.returncode == 0, proc.stderr
    assert deals(path)[6]["contract"] == "no-hearts"


def test_add_without_a_contract_with_several_left_is_refused(tmp_path: Path) -> None:
    path = new_barbu(tmp_path)
    line = assert_one_line_error(run("add", path, "--king", "Cat"))
    assert "give the contract" in line
