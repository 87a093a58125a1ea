"""A declarer's ``maximum`` with no double received (rules page, section 3, 6): it redoubles
every double received and doubles nobody, so it does nothing. It is taken from the command
line, in a game file and by the phones' server, kept in the file as given, scored as
nothing."""

from __future__ import annotations

import json
from pathlib import Path

from scoresheet.serve import form
from scoresheet.session import open_game
from tests.cli_helpers import deals, run
from tests.conftest import game, score

IDLE = {"by": "Ann", "double": "maximum"}  # Ann declares the first deal


def test_add_takes_it_and_keeps_it_as_given(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run("new", path, "--players", "Ann", "Bob", "Cat", "Dan").returncode == 0
    proc = run(
        "add", path, "no-queens", "-d", "Ann=maximum", "-d", "Bob=Cat",
        "--queens", "Ann=1,Bob=3",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert deals(path) == [
        {
            "contract": "no-queens",
            "doubles": [{"by": "Bob", "double": ["Cat"]}, IDLE],
            "result": {"queens": {"Ann": 1, "Bob": 3}},
        }
    ]
    # Bob's double of Cat alone: Bob -18 and Cat 0, so the bet moves 18 from Bob to Cat
    totals = json.loads(run("score", "--json", path).stdout)["totals"]
    assert totals == {"Ann": -6, "Bob": -36, "Cat": 18, "Dan": 0}


def test_alone_it_leaves_the_deal_undoubled(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert run("new", path, "--players", "Ann", "Bob", "Cat", "Dan").returncode == 0
    proc = run("add", path, "no-queens", "--double", "Ann=maximum")
    assert proc.returncode == 0, proc.stderr
    assert deals(path) == [{"contract": "no-queens", "doubles": [IDLE]}]
    data = json.loads(run("score", "--json", path).stdout)
    assert data["deals"][0]["split"] is True  # undoubled: not played, the total split
    assert data["totals"] == {"Ann": 0, "Bob": -8, "Cat": -8, "Dan": -8}


def test_a_game_file_holding_it_scores_it_as_nothing() -> None:
    with_it = score(game([{"contract": "no-king", "doubles": [IDLE]}]))
    without = score(game([{"contract": "no-king"}]))
    assert with_it.totals == without.totals
    assert with_it.deals[0].bets == ()


def test_the_phones_take_a_game_holding_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game([{"contract": "no-king", "doubles": [IDLE]}])), "utf-8")
    reply = form.ask(open_game(path), [])
    assert reply["number"] == 2
    assert reply["question"]["key"] == "contract"
