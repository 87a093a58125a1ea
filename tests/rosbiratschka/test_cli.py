"""Rosbiratschka through the real console script: new, add, show, status, undo, edit,
history, score, play (scripted answers), export, blank, audit, import — and refusals that
are one line and change nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record
from scoresheet.games.rosbiratschka.score import score_game
from scoresheet.games.rosbiratschka.simulate import random_game
from tests.cli_helpers import ROOT, assert_one_line_error, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
EXAMPLE = ROOT / "examples" / "rosbiratschka.json"

# The example game as a table types it: the contract word is optional.
EXAMPLE_FLAGS = [
    ["--set", "tricks=Ann=2,Bob=3,Cat=1,Dan=2"],
    ["hearts", "--set", "hearts=c=8"],
    ["no-jacks", "--set", "jacks=1 2 0 1"],
    ["--set", "king_of_hearts=Dan"],
    ["hundred", "--set", "past_25=Bob", "--set", "past_50=cat", "--set", "PAST_100=B"],
    ["--set", "last=Ann"],
]


def new(tmp_path: Path, *extra: str, players: list[str] = PLAYERS) -> Path:
    path = tmp_path / "g.json"
    proc = run("new", path, "--game", "rosbiratschka", "--players", *players, *extra)
    assert proc.returncode == 0, proc.stderr
    assert "a new rosbiratschka game" in proc.stdout
    return path


def ok(*args: Any, stdin: str | None = None) -> str:
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_whole_game_with_add_set_scores_like_the_example(tmp_path: Path) -> None:
    path = new(tmp_path)
    out = ok("add", path, *EXAMPLE_FLAGS[0])
    assert "deal 1: no-tricks (dealer Ann) — Ann +2, Bob +3, Cat +1, Dan +2" in out
    assert "Next, deal 2 of 6: no-hearts — Bob deals, Cat leads." in out
    assert "slam: Cat" in ok("add", path, *EXAMPLE_FLAGS[1])
    assert "(doubled: Cat took none)" in ok("add", path, *EXAMPLE_FLAGS[2])
    for flags in EXAMPLE_FLAGS[3:]:
        out = ok("add", path, *flags)
    assert "the game is complete; winner: Cat (lowest total, -5)" in out
    mine = json.loads(ok("score", path, "--json"))
    example = json.loads(ok("score", EXAMPLE, "--json"))
    assert mine["totals"] == example["totals"] == {"Ann": 14, "Bob": 17, "Cat": -5, "Dan": 14}
    assert mine["winner"] == ["Cat"]
    assert [d["dealer"] for d in mine["deals"]] == ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob"]
    assert [d["contract"] for d in record.load(path)["deals"]] == [
        "no-tricks",
        "no-hearts",
        "no-jacks",
        "king-of-hearts",
        "hundred",
        "rosbiratschka",
    ]
    text = ok("score", path)
    assert "winner: Cat" in text and "TOTAL" in text
    shown = ok("show", path)
    assert "Standings" in shown and "running" in shown and "winner: Cat" in shown
    assert "The game is complete." in ok("status", path)
    line = assert_one_line_error(run("add", path, "--set", "last=Ann"))
    assert line == "scoresheet: deal 7: the game is complete after 6 deals"


def test_status_names_the_next_contract_dealer_and_leader(tmp_path: Path) -> None:
    path = new(tmp_path, "--first", "Cat")
    out = ok("status", path)
    assert "Next, deal 1 of 6: no-tricks — Cat deals, Dan leads." in out
    assert "8 in all" in out
    ok("add", path, "--deal", '{"result": {"tricks": {"Cat": 8}}}')
    out = ok("status", path)
    assert "Next, deal 2 of 6: no-hearts — Dan deals, Ann leads." in out
    assert "1. Ann" not in out and "1. Cat  -8" in out


def test_undo_edit_and_history(tmp_path: Path) -> None:
    path = new(tmp_path)
    ok("add", path, *EXAMPLE_FLAGS[0])
    ok("add", path, *EXAMPLE_FLAGS[1])
    assert "removed; 1 deal left" in ok("undo", path, "--yes")
    ok("add", path, "--set", "hearts=Ann=4,Bob=4")
    out = ok("edit", path, "1", "tricks", "--set", "tricks=2,2,2,2")
    assert "corrected deal 1: no-tricks (dealer Ann) — Ann +2, Bob +2, Cat +2, Dan +2" in out
    history = ok("history", path)
    assert "removed deal 2 (no-hearts)" in history and "corrected deal 1: result" in history
    line = assert_one_line_error(run("edit", path, "2", "--set", "hearts=Ann=5,Bob=4"))
    assert line == (
        "scoresheet: editing deal 2 is refused: deal 2, no-hearts: hearts add up to 9, a deal has 8"
    )
    assert json.loads(ok("score", path, "--json"))["totals"] == {
        "Ann": 10,
        "Bob": 10,
        "Cat": 2,
        "Dan": 2,
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "tricks=Ann=2,Bob=3"], "deal 1, no-tricks: tricks add up to 5, a deal has 8"),
        (["jacks", "--set", "jacks=Ann=4"], "deal 1, no-jacks: out of order: the contracts come"),
        (["--set", "hearts=Ann=8"], "deal 1, no-tricks: --set hearts does not belong to no-tricks"),
        (["--set", "queens=Ann=4"], '--set: "queens" is not a field of a Rosbiratschka deal'),
        (["--set", "tricks=Eve=8"], 'tricks: "Eve" is not a player (Ann, Bob, Cat, Dan)'),
        (["--tricks", "2,2,2,2"], "--tricks is a Barbu flag: a Rosbiratschka deal takes --set"),
        ([], "deal 1, no-tricks: give --set tricks=Ann=2,Bob=2,Cat=2,Dan=2"),
        (["--deal", '{"contract": "no-hearts", "result": {"hearts": {"Ann": 8}}}'], "out of order"),
        (["--deal", '{"result": {"tricks": {"Ann": 8}}, "dealer": "Bob"}'], "the dealer is Ann"),
    ],
)
def test_refused_deals_are_one_line_and_change_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = new(tmp_path)
    before = path.read_bytes()
    line = assert_one_line_error(run("add", path, *args))
    assert message in line
    assert path.read_bytes() == before


def test_options_and_the_three_player_preset(tmp_path: Path) -> None:
    path = new(tmp_path, "--option", "slam=plus", "--option", "rounds=2")
    out = ok("add", path, "--set", "tricks=Bob=8")
    assert "Bob +8" in out and "of 12" in out
    three = tmp_path / "three.json"
    ok("new", three, "--game", "rosbiratschka", "--rules", "rosbiratschka-3", "--players", "A,B,C")
    ok("add", three, "--set", "tricks=3,3,2")
    line = assert_one_line_error(run("add", three, "--set", "hearts=A=8"))
    assert "hearts add up to 8, a deal has 6" in line
    assert "A +2, B +2, C +2" in ok("add", three, "--set", "hearts=A=2,B=2,C=2")
    line = assert_one_line_error(
        run("new", tmp_path / "x.json", "--game", "rosbiratschka", "--players", "A,B,C")
    )
    assert "these rules (rosbiratschka) are for 4 players, the game has 3" in line


# -- play ---------------------------------------------------------------------------------------


def _typed(deal: dict[str, Any], players: list[str], rng: random.Random) -> list[str]:
    """The answers a person types for a deal, one per question, in the order asked."""
    result = deal["result"]
    lines = []
    for key in ("tricks", "hearts", "jacks"):
        if key in result:
            counts = result[key]
            if rng.random() < 0.5:
                lines.append(" ".join(str(counts.get(p, 0)) for p in players))
            else:
                lines.append(
                    ",".join(f"{p[0].lower()}={n}" for p, n in counts.items()) or "0 0 0 0"
                )
    for key in ("king_of_hearts", "past_25", "past_50", "past_100", "last"):
        if key in result:
            lines.append(rng.choice([result[key], result[key].lower(), result[key][0]]))
    return lines


def test_play_a_whole_random_game_with_mistakes(tmp_path: Path) -> None:
    """Scripted answers, with wrong ones that are asked again with the reason."""
    rng = random.Random(7)
    data = random_game(rng)
    path = new(tmp_path)
    answers = ["Eve=8", "Ann=9"]  # not a player, then counts that do not add up
    for deal in data["deals"]:
        answers += _typed(deal, PLAYERS, rng)
    answers.insert(-1, "nobody")  # not a player: the last question is asked again
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert '✗ tricks: "Eve" is not a player' in proc.stdout
    assert "✗ tricks add up to 9, a deal has 8" in proc.stdout
    assert '✗ last: "nobody" is not a player' in proc.stdout
    assert "Deal 6 of 6: rosbiratschka" in proc.stdout
    assert "Standings (lowest first)" in proc.stdout
    expected = score_game(record.from_data(data))
    assert score_game(record.load(path)).totals == expected.totals


def test_play_q_quits_and_keeps_the_complete_deals(tmp_path: Path) -> None:
    path = new(tmp_path)
    proc = run("play", path, stdin="2 2 2 2\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "quit: deal 2 was not saved; g.json keeps its 1 deal" in proc.stdout
    assert len(record.load(path)["deals"]) == 1


def test_play_end_of_input_exits_130_leaving_the_last_complete_deal(tmp_path: Path) -> None:
    path = new(tmp_path)
    ok("add", path, *EXAMPLE_FLAGS[0])
    ok("add", path, *EXAMPLE_FLAGS[1])
    ok("add", path, *EXAMPLE_FLAGS[2])
    ok("add", path, *EXAMPLE_FLAGS[3])
    before = path.read_bytes()
    proc = run("play", path, stdin="Bob\nCat\n")  # the hundred, cut off after past 50
    assert proc.returncode == 130
    assert "stopped; deal 5 was not saved; g.json keeps its 4 deals" in proc.stderr
    assert path.read_bytes() == before


# -- spreadsheets -------------------------------------------------------------------------------


def test_export_audit_import_and_blank(tmp_path: Path) -> None:
    sheet = tmp_path / "example.xlsx"
    assert ok("export", EXAMPLE, "-o", sheet) == f"wrote {sheet}\n"
    assert "nothing wrong (6 deals)" in ok("audit", sheet)
    report = json.loads(ok("audit", sheet, "--json"))
    assert report["ok"] is True
    back = tmp_path / "back.json"
    ok("import", sheet, "-o", back)
    assert (
        json.loads(ok("score", back, "--json"))["totals"]
        == json.loads(ok("score", EXAMPLE, "--json"))["totals"]
    )
    blank = tmp_path / "blank.xlsx"
    ok("blank", "-o", blank, "--players", "Ann,Bob,Cat,Dan", "--rules", "rosbiratschka")
    assert "nothing wrong (0 deals)" in ok("audit", blank)
    assert "nothing wrong (6 deals)" in ok("audit", EXAMPLE)


def test_audit_of_a_game_file_with_a_bad_deal(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["deals"][2]["result"]["jacks"]["Cat"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = run("audit", path)
    assert proc.returncode == 1
    assert "deal 3, no-jacks: jacks add up to 5, a deal has 4" in proc.stdout
    line = assert_one_line_error(run("score", path))
    assert line == "scoresheet: deal 3, no-jacks: jacks add up to 5, a deal has 4"
