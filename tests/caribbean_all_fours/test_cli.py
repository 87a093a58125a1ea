"""Caribbean All Fours through the real console script: new, add (--set and --deal), show,
status, score, undo, edit, history, play (scripted answers), export, blank, audit, import,
and refusals that print one line and change nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from scoresheet.games.caribbean_all_fours.score import game_file, score_game
from scoresheet.games.caribbean_all_fours.simulate import random_game
from tests.cli_helpers import ROOT, assert_one_line_error, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
EXAMPLE = ROOT / "examples" / "caribbean-all-fours.json"


def ok(*args: str | Path, stdin: str | None = None) -> str:
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr
    return proc.stdout


def new(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "g.json"
    out = ok("new", path, "--game", "caribbean-all-fours", "--players", *PLAYERS, *extra)
    assert "caribbean-all-fours" in out
    return path


def sets(deal: dict[str, Any]) -> list[str]:
    """The --set items a person would type for a deal in the file's form."""
    args = ["--set", "turn_ups=" + ",".join(deal["turn_ups"])]
    if deal.get("beg"):
        args += ["--set", f"beg={deal['beg']}"]
    res = deal.get("result")
    if res:
        for key in ("high", "low"):
            args += ["--set", f"{key}={res[key] or 'none'}"]
        jack = res["jack"]
        args += ["--set", "jack=" + (f"{jack['holder']}/{jack['won_by']}" if jack else "none")]
        if "game_points" in res:
            args += ["--set", "game_points={},{}".format(*res["game_points"])]
        else:
            piles = [c if isinstance(c, str) else " ".join(c) for c in res["cards"]]
            args += ["--set", "cards=" + "|".join(piles)]
    return args


def test_a_game_at_the_table(tmp_path: Path) -> None:
    path = new(tmp_path)
    out = ok(
        "add", path, "--set", "dealer=Ann", "--set", "turn_ups=5S", "--set", "beg=stand",
        "--set", "high=Bob", "--set", "low=Cat", "--set", "jack=Dan/Ann",
        "--set", "game_points=38,41",
    )  # fmt: skip
    assert "deal 1: Ann dealt, turned up 5♠, stand" in out
    assert "hang jack Dan→Ann A+3" in out and "→ A 4, B 2" in out
    assert "next: Dan deals, Cat stands or begs" in out
    out = ok("add", path, "--set", "turn_ups=AH 7H KD", "--set", "beg=run", "--set", "high=a",
             "--set", "low=a", "--set", "jack=none", "--set", "game_points=40,30")  # fmt: skip
    assert "kick A♥ B+1" in out
    deal3 = {"turn_ups": ["6C"], "beg": "take-one", "result": {
        "high": "Dan", "low": "Dan", "jack": None, "game_points": [10, 30]}}  # fmt: skip
    ok("add", path, "--deal", json.dumps(deal3))
    data = json.loads(ok("score", path, "--json"))
    assert data["team_totals"] == [9, 7]
    assert data["totals"] == {"Ann": 9, "Bob": 7, "Cat": 9, "Dan": 7}
    assert [d["dealer"] for d in data["deals"]] == ["Ann", "Dan", "Cat"]
    assert data["winner"] is None and not data["complete"]
    assert data["deals"][2]["points"][0] == {
        "team": 0, "kind": "kick", "points": 2, "counted": True, "card": "6C", "running": [9, 3],
    }  # fmt: skip
    text = ok("score", path)
    assert "first to 14" in text and "Ann & Cat 9, Bob & Dan 7" in text
    sheet = ok("show", path)
    assert "Deal 2: Dan deals; turned up A♥ 7♥ K♦ (trumps: diamonds); Cat begged, Dan ran" in sheet
    status = ok("status", path)
    assert "next: deal 4, Bob deals; Ann stands or begs" in status
    # Undo, then correct a deal; both kept in the history.
    assert "removed; 2 deals left" in ok("undo", path, "--yes")
    out = ok("edit", path, "1", *sets({**deal3, "turn_ups": ["5S"], "beg": "stand"}))
    assert out.startswith("corrected deal 1:")
    history = ok("history", path)
    assert "removed deal 3" in history and "corrected deal 1" in history
    assert json.loads(ok("score", path, "--json"))["team_totals"] == [3, 4]


def test_refusals_change_nothing(tmp_path: Path) -> None:
    path = new(tmp_path)
    before = path.read_bytes()
    cases = [
        (["--set", "turn_ups=JS", "--set", "colour=red"], '"colour" is not one of'),
        (["no-queens"], "Caribbean All Fours deals have no contract"),
        (["--queens", "1,1,1,1"], "--queens is a Barbu flag"),
        (["--set", "turn_ups=5S", "--set", "dealer=Bob"], "the dealer is Ann by the rotation"),
        (["--set", "turn_ups=5S,KD", "--set", "beg=stand"], "the pack is run only when"),
        (["--set", "turn_ups=JS", "--set", "beg=stand", "--set", "high=Bob", "--set", "low=Cat",
          "--set", "jack=Dan/Ann", "--set", "game_points=38,41"],
         "deal 1, result.jack: JS was turned up, so it was not dealt: jack must be none"),
        (["--set", "turn_ups=5S", "--set", "beg=stand", "--set", "high=Bob"],
         "deal 1: result.low is missing"),
        (["--deal", '{"turn_ups": []}'], "deal 1, turn_ups"),
    ]  # fmt: skip
    for args, message in cases:
        line = assert_one_line_error(run("add", path, *args))
        assert message in line, line
        assert path.read_bytes() == before


def test_a_deal_after_the_win_is_refused(tmp_path: Path) -> None:
    path = new(tmp_path, "--option", "target=3")
    ok("add", path, "--set", "turn_ups=JS")  # Ann's team kicks 3: the game is over
    assert "Ann & Cat win" in ok("status", path)
    line = assert_one_line_error(run("add", path, "--set", "turn_ups=5S", "--set", "beg=stand"))
    assert "deal 2" in line and "complete" in line


def test_every_simulated_deal_entered_with_set(tmp_path: Path) -> None:
    data = random_game(random.Random(11), cards_form=0.3)
    path = new(tmp_path)
    for deal in data["deals"]:
        ok("add", path, *sets(deal))
    ours = json.loads(ok("score", path, "--json"))
    theirs = score_game(game_file(data))
    assert ours["team_totals"] == list(theirs.team_totals)
    assert ours["winner"] == theirs.winner


def test_example_scores(tmp_path: Path) -> None:
    data = json.loads(ok("score", EXAMPLE, "--json"))
    assert data["complete"] and data["winner"] == 1 and data["team_totals"] == [13, 14]
    last = data["deals"][-1]["points"]
    assert [p["counted"] for p in last] == [True, True, False]
    assert "Bob & Dan win in deal 7, 14 to 13." in ok("score", EXAMPLE)


def test_sheets_through_the_commands(tmp_path: Path) -> None:
    book = tmp_path / "example.xlsx"
    assert f"wrote {book}" in ok("export", EXAMPLE, "-o", book)
    assert "nothing wrong (7 deals)" in ok("audit", book)
    assert json.loads(ok("audit", EXAMPLE, "--json"))["ok"]
    back = tmp_path / "back.json"
    ok("import", book, "-o", back)
    assert json.loads(ok("score", back, "--json"))["team_totals"] == [13, 14]
    blank = tmp_path / "blank.xlsx"
    ok("blank", "-o", blank, "--players", "Ann,Bob,Cat,Dan", "--rules", "caribbean-all-fours-7")
    assert "nothing wrong (0 deals)" in ok("audit", blank)
    empty = tmp_path / "empty.json"
    ok("import", blank, "-o", empty)
    assert json.loads(empty.read_text())["rules"] == "caribbean-all-fours-7"
    # A broken game file: audit exits 1 and names the deal.
    data = json.loads(EXAMPLE.read_text())
    data["deals"][0]["turn_ups"] = ["9S", "KD"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    proc = run("audit", bad)
    assert proc.returncode == 1 and "deal 1" in proc.stdout


# -- play --------------------------------------------------------------------------------


def test_play_a_whole_game(tmp_path: Path) -> None:
    """A game to 7 entered with guided prompts: wrong answers re-asked, runs of the pack,
    a take-one, and a kick that ends the game before any card is played."""
    path = new(tmp_path, "--option", "target=7")
    answers = [
        # Deal 1, Ann deals: 5S, take one (B 1); a wrong player, then High B, Low A,
        # hang jack A+3, Game B: A 4, B 3.
        "5S", "t", "Eve", "bob", "c", "dan/ann", "38 41",
        # Deal 2, Dan deals: kick AH B+1, run the pack twice (a card already turned is
        # refused); High A, Low B, Game A: A 6, B 5.
        "AH", "run", "AH", "7H", "KD", "ann", "bob", "none", "40 30",
        # Deal 3, Cat deals: 9C, stand, no trump dealt; card points that do not fit are
        # refused and the result asked again; Game tied: nobody scores.
        "9C", "stand", "none", "70 30", "none", "10 10",
        # Deal 4, Bob deals: the JD kicks 3 for Bob & Dan: 8, game over before play.
        "JD",
    ]  # fmt: skip
    out = ok("play", path, stdin="\n".join(answers) + "\n")
    assert '✗ high: "Eve" is not a player' in out
    assert "✗ AH was already turned up in this deal" in out
    assert "a heart again: the pack is run again" in out
    assert "70 + 30 = 100 card points" in out
    assert "kick JD: Bob & Dan +3" in out
    assert "the game is over" in out
    data = json.loads(ok("score", path, "--json"))
    assert data["complete"] and data["winner"] == 1
    assert data["deals"][3]["played"] is False and data["deals"][3]["turn_ups"] == ["JD"]
    assert data["team_totals"] == [6, 8]


def test_play_quit_and_end_of_input(tmp_path: Path) -> None:
    path = new(tmp_path)
    out = ok("play", path, stdin="5S\nstand\nbob\ncat\nnone\n30 30\nAS\nquit\n")
    assert "quit: deal 2 was not saved; g.json keeps its 1 deal" in out
    assert len(json.loads(path.read_text())["deals"]) == 1
    proc = run("play", path, stdin="AS\nstand\nbob\n")
    assert proc.returncode == 130
    assert "stopped; deal 2 was not saved" in proc.stderr
    assert len(json.loads(path.read_text())["deals"]) == 1


def test_rules_presets_and_an_inline_rules_object(tmp_path: Path) -> None:
    listed = ok("rules", "list")
    for name in ("caribbean-all-fours", "caribbean-all-fours-tobago", "caribbean-all-fours-7"):
        assert any(
            line.split()[:2] == [name, "caribbean-all-fours"] for line in listed.splitlines()
        )
    assert "first to 14; points in order: kick, beg, High, Low, Jack, Game" in ok(
        "rules", "show", "caribbean-all-fours"
    )
    rules = json.loads(ok("rules", "show", "caribbean-all-fours-7", "--json"))
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:4]
    by_name = tmp_path / "by-name.json"
    by_name.write_text(json.dumps({**data, "rules": "caribbean-all-fours-7"}), encoding="utf-8")
    inline = tmp_path / "inline.json"
    inline.write_text(json.dumps({**data, "rules": rules}), encoding="utf-8")
    a, b = (json.loads(ok("score", p, "--json")) for p in (by_name, inline))
    assert a == b and a["target"] == 7 and a["winner"] == 1  # B reach 7 in deal 4
