"""Belote through the installed console script, as a table would use it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import ROOT, assert_one_line_error, run

EXAMPLE = ROOT / "examples" / "belote.json"


def _new(tmp_path: Path, *options: str) -> Path:
    path = tmp_path / "g.json"
    proc = run("new", path, "--game", "belote", "--players", "Ann", "Bob", "Cat", "Dan", *options)
    assert proc.returncode == 0, proc.stderr
    assert "a new belote game (belote rules)" in proc.stdout
    return path


def _json(path: Path) -> dict[str, Any]:
    proc = run("score", path, "--json")
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def test_the_example_game_scores() -> None:
    """examples/belote.json: a complete game, won by Bob & Dan at deal 10."""
    out = _json(EXAMPLE)
    assert out["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert out["teams"] == [["Ann", "Cat"], ["Bob", "Dan"]]
    assert out["team_totals"] == [769, 1041]
    assert out["totals"] == {"Ann": 769, "Bob": 1041, "Cat": 769, "Dan": 1041}
    assert (out["winner"], out["won_at"], out["complete"], out["held"]) == (1, 10, True, 0)
    assert out["violations"] == []
    outcomes = [d["outcome"] for d in out["deals"]]
    assert outcomes.count("litige") == 1 and outcomes.count("dedans") == 1
    third, fourth = out["deals"][2], out["deals"][3]
    assert (third["outcome"], third["team_score"], third["held"]) == ("litige", [81, 0], 81)
    # The spec's per-player maps: each player their team's points, in seating order.
    assert list(third["score"].items()) == [("Ann", 81), ("Bob", 0), ("Cat", 81), ("Dan", 0)]
    assert third["base"] == third["score"]
    assert third["doubles"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}
    keys = list(third)
    assert keys[keys.index("base") :][:5] == ["base", "doubles", "score", "team_score", "running"]
    assert (fourth["counted_from_cards"], fourth["released"]) == (True, [81, 0])
    text = run("score", EXAMPLE).stdout
    assert "Bob & Dan won the game at deal 10, 1041 to 769" in text
    assert run("audit", EXAMPLE).returncode == 0


def test_a_game_at_the_table(tmp_path: Path) -> None:
    """new, add (--set and --deal), status, show, edit, history, undo, score."""
    g = _new(tmp_path)
    proc = run(
        "add",
        g,
        "hearts",
        "--set",
        "taker=Bob",
        "--set",
        "points=62,90",
        "--set",
        "last_trick=1",
        "--set",
        "belote=1",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == (
        "deal 1: Bob took hearts for Bob & Dan (120 to 62) — made: Ann & Cat 62, Bob & Dan 120"
    )
    deal = {
        "contract": "no-trumps",
        "taker": "Dan",
        "result": {"points": [81, 71], "last_trick": 1},
    }
    proc = run("add", g, "--deal", json.dumps(deal))
    assert proc.returncode == 0, proc.stderr
    assert "held: 81 litige points, for the next contract made" in proc.stdout
    assert proc.stdout.rstrip().endswith("Next, deal 3: Cat deals.")
    cards = "AS TS KS QS AH TH KH QH AD TD KD QD"
    proc = run("add", g, "nt", "--set", "taker=a", "--set", f"cards=0:{cards}", "--set", "last=C")
    assert proc.returncode == 0, proc.stderr
    out = _json(g)
    third = out["deals"][2]
    assert third["counted_from_cards"] and third["points"] == [3 * 36, 152 - 108]
    assert third["released"] == [81, 0]
    saved = json.loads(g.read_text(encoding="utf-8"))
    assert saved["deals"][2]["result"]["cards"][0] == cards

    status = run("status", g).stdout
    assert "Next, deal 4: Bob deals." in status
    show = run("show", g).stdout
    assert "Standings" in show and "Ann & Cat" in show

    proc = run(
        "edit", g, "1", "hearts", "--replace",
        "--set", "taker=Bob", "--set", "points=72,80", "--set", "last=0",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("corrected deal 1: Bob took hearts for Bob & Dan (80 to 82)")
    assert "corrected deal 1: result" in run("history", g).stdout
    proc = run("undo", g, "--yes")
    assert proc.returncode == 0 and "removed; 2 deals left" in proc.stdout
    assert len(_json(g)["deals"]) == 2


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (
            ["hearts", "--set", "taker=Bob", "--set", "points=62,80", "--set", "last=1"],
            "deal 1, hearts: points add up to 142, the cards of a deal are worth 152",
        ),
        (["hearts", "--set", "points=62,90"], "deal 1, hearts: --set taker=PLAYER is missing"),
        (["hearts", "--set", "taker=Bob", "--set", "colour=red"], '"colour" is not a Belote key'),
        (["hearts", "--tricks", "1,2,3,4"], "--tricks is a Barbu flag"),
        (["zz", "--set", "taker=Bob"], 'contract: "zz" is not a contract of these rules'),
        (["hearts", "--set", "taker=Bob", "--set", "taker=Dan"], "--set: taker is given twice"),
        (
            [
                "hearts",
                "--set",
                "taker=Bob",
                "--set",
                "points=0,152",
                "--set",
                "capot=1",
                "--set",
                "belote=Eve",
            ],
            'belote: "Eve" is not a team',
        ),
        (
            [
                "no-trumps",
                "--set",
                "taker=Bob",
                "--set",
                "points=62,90",
                "--set",
                "last=1",
                "--set",
                "belote=1",
            ],
            "no belote in No Trumps",
        ),
        (["hearts", "--set", "taker=Bob", "--set", "cards=2:AS"], "does not start with the team"),
    ],
)
def test_a_wrong_deal_is_one_line_and_nothing_is_saved(
    tmp_path: Path, args: list[str], fragment: str
) -> None:
    g = _new(tmp_path)
    before = g.read_bytes()
    line = assert_one_line_error(run("add", g, *args))
    assert fragment in line
    assert g.read_bytes() == before


def test_options_at_new_and_a_won_game(tmp_path: Path) -> None:
    g = _new(tmp_path, "--option", "target=200", "-o", "capot=250", "-o", "tie=dedans")
    capot = ["at", "--set", "taker=Ann", "--set", "points=152,0", "--set", "capot=0"]
    proc = run("add", g, *capot)
    assert proc.returncode == 0, proc.stderr
    assert "the game is over: Ann & Cat won the game at deal 1, 250 to 0" in proc.stdout
    out = _json(g)
    assert (out["team_totals"], out["winner"], out["won_at"]) == ([250, 0], 0, 1)
    line = assert_one_line_error(run("add", g, *capot))
    assert line.startswith("scoresheet: deal 2: the game is") and "complete" in line
    assert "The game is over." in run("status", g).stdout


def test_teams_from_the_file(tmp_path: Path) -> None:
    g = _new(tmp_path)
    data = json.loads(g.read_text(encoding="utf-8"))
    data["teams"] = [["Ann", "Bob"], ["Cat", "Dan"]]
    g.write_text(json.dumps(data), encoding="utf-8")
    proc = run("add", g, "h", "--set", "taker=Bob", "--set", "points=62,90", "--set", "last=Dan")
    assert proc.returncode == 0, proc.stderr
    assert "Bob took hearts for Ann & Bob (62 to 100) — dedans" in proc.stdout


def test_spreadsheet_commands(tmp_path: Path) -> None:
    """export, audit and import of a workbook; blank; audit of a game file."""
    book = tmp_path / "game.xlsx"
    assert run("export", EXAMPLE, "-o", book).returncode == 0
    proc = run("audit", book)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "nothing wrong (10 deals)" in proc.stdout
    back = tmp_path / "back.json"
    assert run("import", book, "-o", back).returncode == 0
    assert _json(back)["deals"] == _json(EXAMPLE)["deals"]
    blank = tmp_path / "blank.xlsx"
    proc = run("blank", "-o", blank, "--players", "Ann,Bob,Cat,Dan", "--rules", "belote")
    assert proc.returncode == 0, proc.stderr
    assert run("audit", blank).returncode == 0

    bad = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    bad["deals"][4]["result"]["points"] = [66, 80]
    bad["deals"][6]["result"]["belote"] = None
    bad["deals"][6]["contract"] = "no-trumps"
    bad["deals"][6]["result"]["belote"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    proc = run("audit", path, "--json")
    assert proc.returncode == 1
    findings = json.loads(proc.stdout)["findings"]
    assert [f["deal"] for f in findings] == [5, 7]
    assert "points add up to 146" in findings[0]["message"]
    assert "no belote in No Trumps" in findings[1]["message"]


# -- play ------------------------------------------------------------------------------------------


def test_play_a_whole_game(tmp_path: Path) -> None:
    """Answers typed at the table, wrong ones asked again, until a team wins."""
    g = _new(tmp_path, "-o", "target=300", "-o", "declarations=true")
    answers = [
        "hearts",
        "bob",
        "62 90",
        "1",
        "d",
        "tierce k",
        "",  # deal 1
        "x",
        "nt",
        "c",
        "80",
        "72",
        "zz",
        "0",
        "",
        "",  # deal 2: wrong answers re-asked
        "at",
        "ann",
        "cards",
        "ann",
        "",
        "",
        "",  # deal 3: Bob & Dan take every card
    ]
    proc = run("play", g, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert '✗ contract: "x" is not a contract of these rules' in out
    assert '✗ last_trick: "zz" is not a team' in out
    assert "Bob & Dan took every card: capot." in out
    assert "the game is over: Bob & Dan won the game at deal 3, 444 to 172" in out
    # Who deals next is said once, in the next deal's heading.
    assert out.count("Deal 2: ") == 1 and "Next, deal" not in out
    result = _json(g)
    assert [d["outcome"] for d in result["deals"]] == ["made", "made", "dedans"]
    assert result["deals"][0]["declarations"] == [
        {"team": 0, "kind": "tierce", "rank": "K", "value": 20}
    ]
    assert result["winner"] == 1


def test_play_asks_a_deal_again_when_it_does_not_hold_together(tmp_path: Path) -> None:
    """Each answer is fine on its own, the deal is not: four jacks declared by both
    teams. The deal is asked again from the contract; nothing was saved meanwhile."""
    g = _new(tmp_path, "-o", "declarations=true")
    answers = ["hearts", "bob", "62", "1", "", "carre j", "carre j"]
    answers += ["hearts", "bob", "62", "1", "", "", "carre j", "q"]
    proc = run("play", g, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "✗ four Js are declared twice" in proc.stdout
    assert "Deal 1 again, from the contract." in proc.stdout
    assert "quit: deal 2 was not saved; g.json keeps its 1 deal" in proc.stdout
    out = _json(g)
    assert out["deals"][0]["declarations_scored"] == [0, 200]
    assert out["team_totals"] == [62, 300]


def test_play_quit_and_end_of_input(tmp_path: Path) -> None:
    g = _new(tmp_path)
    proc = run("play", g, stdin="hearts\nbob\nq\n")
    assert proc.returncode == 0
    assert "quit: deal 1 was not saved" in proc.stdout
    assert _json(g)["deals"] == []
    proc = run("play", g, stdin="hearts\nbob\n62 90\n1\n\nspades\nann\n")
    assert proc.returncode == 130
    assert "stopped; deal 2 was not saved; g.json keeps its 1 deal" in proc.stderr
    assert len(_json(g)["deals"]) == 1


def test_rules_show_and_a_full_rules_object_in_a_game(tmp_path: Path) -> None:
    assert "belote" in run("rules", "list").stdout
    text = run("rules", "show", "belote").stdout
    assert "last trick 10, belote 20, capot 252" in text
    proc = run("rules", "show", "belote", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["rules"] = json.loads(proc.stdout)
    path = tmp_path / "inline.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _json(path)["team_totals"] == _json(EXAMPLE)["team_totals"]


def test_shell_completion_offers_the_contracts(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from scoresheet.cli.options import complete_contract

    def complete(game: Path, incomplete: str) -> list[str]:
        ctx: Any = SimpleNamespace(params={"game": str(game)}, args=[])
        return complete_contract(ctx, [], incomplete)

    g = _new(tmp_path)
    assert complete(g, "") == ["spades", "hearts", "diamonds", "clubs", "no-trumps", "all-trumps"]
    assert complete(g, "a") == ["all-trumps"]
    assert complete(EXAMPLE, "") == []  # the game is over: nothing left to take
