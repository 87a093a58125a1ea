"""The table commands through the real console script and in-process: new, add, edit,
undo, show, status, history, completion — and failing commands that change nothing."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheet import record
from scoresheet.cli import main
from scoresheet.games.barbu.score import score_game
from scoresheet.games.barbu.simulate import random_game
from tests.cli_helpers import SCRIPT, assert_one_line_error, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def new_game(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "g.json"
    proc = run("new", path, "--players", *PLAYERS, *extra)
    assert proc.returncode == 0, proc.stderr
    return path


def in_process(args: list[str]) -> int:
    """Run the command line in this process; its exit code."""
    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _who(names: Any) -> str:
    return names if isinstance(names, str) else ",".join(names)


def flags_for(deal: dict[str, Any]) -> list[str]:
    """The readable flags a person would type for ``deal`` (an object as in the spec)."""
    args = [deal["contract"]]
    for d in deal.get("doubles", []):
        if "double" in d:
            args += ["--double", f"{d['by']}={_who(d['double']) or 'none'}"]
        if "redouble" in d:
            args += ["--redouble", f"{d['by']}={_who(d['redouble'])}"]
    result = deal.get("result") or {}
    for key in ("tricks", "hearts", "queens"):
        if key in result:
            args += [f"--{key}", ",".join(f"{p}={n}" for p, n in result[key].items())]
    for key, flag in (
        ("ace_of_hearts", "--ace"),
        ("king_of_hearts", "--king"),
        ("second_last", "--second-last"),
        ("last", "--last"),
        ("start", "--start"),
        ("trump", "--trump"),
    ):
        if key in result:
            args += [flag, result[key]]
    if "order" in result:
        args += ["--order", ",".join(result["order"])]
    if "most" in result:
        args += ["--most", ",".join(result["most"])]
    for p, suits in result.get("cards", {}).items():
        args += [
            "--cards",
            f"{p}=" + "/".join(str(suits[s]) for s in ("spades", "hearts", "diamonds", "clubs")),
        ]
    for p, rows in result.get("beats", {}).items():
        args += ["--beats", f"{p}={rows['front']}/{rows['middle']}/{rows['back']}"]
    for p, rows in result.get("hands", {}).items():
        args += ["--hand", f"{p}={rows['front']} | {rows['middle']} | {rows['back']}"]
    return args


@pytest.mark.parametrize("preset", ["classic", "ravage-city", "chinese-poker", "salad", "pagat"])
@pytest.mark.parametrize("form", ["flags", "json"])
def test_every_add_form_round_trips(tmp_path: Path, preset: str, form: str) -> None:
    """A whole random game entered with `add` (flags or --deal JSON) scores as the game."""
    game = random_game(random.Random(7), preset)
    path = tmp_path / "g.json"
    assert in_process(["new", str(path), "--players", *PLAYERS, "--rules", preset]) == 0
    for deal in game["deals"]:
        args = flags_for(deal) if form == "flags" else ["--deal", json.dumps(deal)]
        assert in_process(["add", str(path), *args]) == 0, deal
    expected = score_game(record.from_data(game))
    got = score_game(record.load(path))
    assert got.totals == expected.totals
    assert [d.score for d in got.deals] == [d.score for d in expected.deals]
    assert got.complete


def test_add_through_the_console_script_and_stdin(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    proc = run(
        "add",
        path,
        "no-queens",
        "--double",
        "Bob=maximum",
        "--double",
        "Cat=Dan",
        "--redouble",
        "Dan=Cat",
        "--queens",
        "Ann=2,Cat=1,Dan=1",
    )
    assert proc.returncode == 0, proc.stderr
    assert "Ann -24, Bob +24, Cat -12, Dan -12" in proc.stdout  # the spec's example
    deal = {
        "contract": "trumps",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"tricks": {"Ann": 5, "Bob": 8}},
    }
    proc = run("add", path, "--deal", "-", stdin=json.dumps(deal))
    assert proc.returncode == 0, proc.stderr
    scored = json.loads(run("score", path, "--json").stdout)
    assert scored["deals"][1]["score"] == {"Ann": 10, "Bob": 55, "Cat": 0, "Dan": 0}


def test_initials_and_prefixes_name_players(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    proc = run("add", path, "q", "-d", "b=a,d", "-d", "c=family", "--queens", "2 0 1 1")
    assert proc.returncode == 0, proc.stderr
    deal = record.load(path)["deals"][0]
    assert deal["contract"] == "no-queens"
    assert deal.get("doubles") == [
        {"by": "Bob", "double": ["Ann", "Dan"]},
        {"by": "Cat", "double": "family"},
    ]


def test_doubles_are_put_in_table_order(tmp_path: Path) -> None:
    """Rules page section 3.1: doubles go in turn from the dealer's left."""
    path = new_game(tmp_path)
    proc = run("add", path, "no-king", "-d", "Dan=Bob", "-d", "Bob=Ann", "--king", "Cat")
    assert proc.returncode == 0, proc.stderr
    assert [d["by"] for d in record.load(path)["deals"][0].get("doubles") or []] == ["Bob", "Dan"]


def test_new_refuses_to_overwrite_and_options_apply(tmp_path: Path) -> None:
    path = new_game(
        tmp_path,
        "--first",
        "Cat",
        "--option",
        "rotation=every-deal",
        "--option",
        "doubling.min_declarer_doubles=1",
    )
    before = path.read_bytes()
    data = json.loads(before)
    assert data["players"] == ["Cat", "Dan", "Ann", "Bob"]
    assert data["options"] == {"rotation": "every-deal", "doubling": {"min_declarer_doubles": 1}}
    line = assert_one_line_error(run("new", path, "--players", *PLAYERS))
    assert "already exists" in line
    assert path.read_bytes() == before
    assert run("new", path, "--players", "A,B,C,D", "--force").returncode == 0
    assert json.loads(path.read_bytes())["players"] == ["A", "B", "C", "D"]


def test_undo_asks_and_keeps_history(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat")
    before = path.read_bytes()
    refused = run("undo", path, stdin="n\n")
    assert refused.returncode != 0 and path.read_bytes() == before
    eof = run("undo", path, stdin="")
    assert eof.returncode != 0 and "Traceback" not in eof.stderr and path.read_bytes() == before
    assert run("undo", path, stdin="y\n").returncode == 0
    data = json.loads(path.read_bytes())
    assert data["deals"] == []
    assert data["history"][0]["action"] == "undo"
    assert data["history"][0]["before"]["result"] == {"king_of_hearts": "Cat"}
    assert "removed deal 1 (no-king)" in run("history", path).stdout


def test_edit_revalidates_later_deals(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat")
    run("add", path, "no-queens", "-d", "Bob=Ann", "--queens", "0,0,0,4")
    before = path.read_bytes()
    # Deal 1 cannot become no-queens: deal 2 would then declare it a second time.
    line = assert_one_line_error(
        run("edit", path, "1", "no-queens", "-d", "Bob=Ann", "--queens", "4,0,0,0")
    )
    assert "editing deal 1 is refused: " in line and "deal 2" in line
    assert path.read_bytes() == before
    proc = run("edit", path, "1", "no-king", "-d", "Bob=Ann", "--king", "Dan")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(path.read_bytes())
    assert data["deals"][0]["result"] == {"king_of_hearts": "Dan"}
    assert data["history"][-1]["action"] == "edit"
    assert data["history"][-1]["before"]["result"] == {"king_of_hearts": "Cat"}
    assert "corrected deal 1: result" in run("history", path).stdout


def test_show_and_status(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    run(
        "add",
        path,
        "no-queens",
        "--double",
        "Bob=maximum",
        "--double",
        "Cat=Dan",
        "--redouble",
        "Dan=Cat",
        "--queens",
        "Ann=2,Cat=1,Dan=1",
    )
    shown = run("show", path).stdout
    assert "X* +24" in shown  # Bob doubled everyone, the declarer among them
    assert "RC -12" in shown  # Dan redoubled Cat
    assert "Bob won 12 from Ann" in shown
    assert "1. Bob  +24" in shown
    status = run("status", path).stdout
    assert "Next, deal 2: Ann declares." in status
    assert "no-tricks, no-hearts, no-king, no-last-two, trumps, dominoes" in status
    assert "Cat must still double Ann 2 times in Ann's last 6 deals" in status


def test_must_double_message(tmp_path: Path) -> None:
    """Rules page section 3.4: each non-declarer doubles the declarer at least twice."""
    path = new_game(tmp_path)
    for contract, result in [
        ("no-king", "--king=Cat"),
        ("no-queens", "--queens=0,0,0,4"),
        ("no-tricks", "--tricks=4,3,3,3"),
        ("no-hearts", "--hearts=0,13,0,0"),
        ("no-last-two", "--last=Bob"),
    ]:
        extra = ["--second-last", "Bob"] if contract == "no-last-two" else []
        extra += ["--ace", "Bob"] if contract == "no-hearts" else []
        proc = run("add", path, contract, "-d", "Bob=Ann", "-d", "Cat=Ann", result, *extra)
        assert proc.returncode == 0, proc.stderr
    assert "Dan must double Ann in both of Ann's last 2 deals" in run("status", path).stdout


def test_completion_offers_contracts_left_and_players(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat")
    env = {**os.environ, "_SCORESHEET_COMPLETE": "complete_zsh"}
    out = subprocess.run(
        [str(SCRIPT)],
        env={**env, "_TYPER_COMPLETE_ARGS": f"scoresheet add {path} no-"},
        capture_output=True,
        text=True,
    ).stdout
    assert "no-queens" in out and "no-king" not in out
    out = subprocess.run(
        [str(SCRIPT)],
        env={**env, "_TYPER_COMPLETE_ARGS": f"scoresheet add {path} no-queens --double B"},
        capture_output=True,
        text=True,
    ).stdout
    assert "Bob=" in out


# What a command line can carry: any text but NUL and lone surrogates.
ARG = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=20)
BAD_ADDS = st.one_of(
    st.lists(ARG, min_size=1, max_size=4),
    st.tuples(
        st.sampled_from(["no-queens", "queens", "no-tricks", "trumps", "dominoes", "xyz"]),
        st.sampled_from(["--queens", "--tricks", "--order", "--double", "--king", "--deal"]),
        ARG,
    ).map(list),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(args=BAD_ADDS)
def test_failing_commands_change_nothing(tmp_path: Path, args: list[str]) -> None:
    """Whatever is typed, a failing command is one line, no traceback, and the file stays."""
    path = tmp_path / "g.json"
    if not path.exists():
        assert run("new", path, "--players", *PLAYERS).returncode == 0
        assert run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat").returncode == 0
    before = path.read_bytes()
    proc = run("add", path, *args)
    if proc.returncode == 0:  # a valid deal by chance: undo it to keep the file as it was
        assert run("undo", path, "--yes").returncode == 0
        data = json.loads(path.read_bytes())
        data.pop("history", None)
        assert record.dumps(record.from_data(data)) == before.decode()
        path.write_bytes(before)
        return
    assert_one_line_error(proc)
    assert path.read_bytes() == before


def test_newer_file_version_is_refused_and_older_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(
        json.dumps(
            {"format": "scoresheet-game", "version": 2, "rules": "classic", "players": PLAYERS}
        ),
        encoding="utf-8",
    )
    before = path.read_bytes()
    line = assert_one_line_error(run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat"))
    assert "newer scoresheet" in line and path.read_bytes() == before
    # A minimal version-1 file (no game, no deals) is written back in the current form.
    path.write_text(
        json.dumps(
            {"format": "scoresheet-game", "version": 1, "rules": "classic", "players": PLAYERS}
        ),
        encoding="utf-8",
    )
    assert run("add", path, "no-king", "-d", "Bob=Ann", "--king", "Cat").returncode == 0
    data = json.loads(path.read_bytes())
    assert data["version"] == record.VERSION and data["game"] == "barbu"
    assert len(data["deals"]) == 1


def test_not_a_game_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"some": "thing"}', encoding="utf-8")
    commands: list[list[str | Path]] = [
        ["add", path, "no-king"],
        ["show", path],
        ["status", path],
        ["undo", path, "--yes"],
        ["edit", path, "1", "no-king"],
    ]
    for command in commands:
        line = assert_one_line_error(run(*command))
        assert "not a scoresheet game file" in line
    assert path.read_text(encoding="utf-8") == '{"some": "thing"}'


def test_two_terminals_never_lose_a_deal(tmp_path: Path) -> None:
    """Real processes adding at once: each deal either lands or its command says why."""
    path = new_game(tmp_path)
    contracts = ["no-king", "no-queens", "no-tricks", "no-hearts", "no-last-two", "trumps"]
    results = {
        "no-king": ["--king", "Cat"],
        "no-queens": ["--queens", "0,0,0,4"],
        "no-tricks": ["--tricks", "4,3,3,3"],
        "no-hearts": ["--hearts", "0,13,0,0", "--ace", "Bob"],
        "no-last-two": ["--second-last", "Bob", "--last", "Cat"],
        "trumps": ["--tricks", "4,3,3,3"],
    }
    procs = [
        subprocess.Popen(
            [str(SCRIPT), "add", str(path), c, "-d", "Bob=Ann", *results[c]],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for c in contracts
    ]
    outcomes = []
    for p in procs:
        _, err = p.communicate(timeout=60)
        outcomes.append((p.returncode, err))
    landed = sum(1 for code, _ in outcomes if code == 0)
    for code, err in outcomes:
        if code:
            assert "changed since it was read" in err or "busy" in err, err
    data = record.load(path)
    assert len(data["deals"]) == landed >= 1
    assert score_game(data).deals  # the file is whole and valid
