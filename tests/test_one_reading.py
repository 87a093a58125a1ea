"""What the table types is read one way or refused, naming both readings: ``q`` where a
player or an answer could be meant, an option given twice, ``--team`` where there are no
partnerships; and what is refused says where it came from (``--deal``) and fits the width.
Driven through the console script.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from scoresheet.session import new_game
from scoresheet.views.term import cells
from tests.cli_helpers import SCRIPT, assert_one_line_error, deals, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def play(path: Path, *answers: str) -> subprocess.CompletedProcess[str]:
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert "Traceback" not in proc.stderr
    return proc


def test_q_that_could_be_a_player_is_refused_and_the_player_is_named_in_full(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    new_game(path, ["Ann", "Quinn", "Cat", "Dan"])
    proc = play(path, "no-king", "q", "Ann", "", "", "", "q", "Quinn", ":q")
    assert '"q" could be the player Quinn or quit; type the player\'s name in full, :q' in (
        proc.stdout
    )
    assert proc.returncode == 0, proc.stderr
    (deal,) = deals(path)
    assert deal["doubles"] == [{"by": "Quinn", "double": ["Ann"]}]
    assert deal["result"] == {"king_of_hearts": "Quinn"}


def test_a_players_exact_name_q_is_the_player_and_colon_q_quits(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, ["Q", "Bob", "Cat", "Dan"], game="rosbiratschka")
    proc = play(path, "Q=8", "2 2 2 2", "Bob=4", "Q", ":q")
    assert "quit: deal 5 was not saved" in proc.stdout
    assert [d["result"] for d in deals(path)][3] == {"king_of_hearts": "Q"}


def test_q_that_is_an_answer_to_the_question_is_refused_naming_both(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    proc = play(path, "q", "dominoes", "", "", "", "Bob,Cat,Dan,Ann", "Q", ":q")
    assert '"q" could be the answer no-queens or quit; type :q to quit' in proc.stdout
    assert '"Q" could be the answer Q or quit; type :q to quit' in proc.stdout
    assert "quit: deal 1 was not saved" in proc.stdout
    assert deals(path) == []


def test_a_contract_start_two_contracts_left_share_is_refused_naming_both(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    proc = play(path, "tr", ":q")
    assert '"tr" could be no-tricks or trumps' in proc.stdout


def test_the_stop_line_at_end_of_input_fits_the_width(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS, game="belote")
    proc = subprocess.run(
        [str(SCRIPT), "play", str(path)],
        input="h\n",
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "40"},
        timeout=60,
    )
    assert proc.returncode == 130
    lines = proc.stderr.splitlines()
    assert " ".join(line.strip() for line in lines) == (
        f"scoresheet: stopped; deal 1 was not saved; {path.name} keeps its 0 deals"
    )
    assert len(lines) > 1 and all(cells(line) <= 40 for line in lines)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--king", "Bob", "--king", "Cat"], "--king is given twice (Bob, then Cat); give it once"),
        (
            ["--trump", "hearts", "--trump=spades", "--tricks", "4,3,3,3"],
            "--trump is given twice (hearts, then spades); give it once",
        ),
    ],
)
def test_an_option_of_one_value_given_twice_is_refused(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    before = path.read_bytes()
    contract = "no-king" if "--king" in args else "trumps"
    line = assert_one_line_error(run("add", path, contract, "-d", "Bob=Ann", *args))
    assert line == f"scoresheet: {message}"
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["target=501", "target=2000"], "--option: target is given twice (501, then 2000)"),
        (["target=501", "target=501"], "--option: target is given twice (501, then 501)"),
        (
            ['values={"points": 1}', 'values={"points": 2}'],
            '--option: values is given twice ({"points": 1}, then {"points": 2})',
        ),
        (
            ["values.points=1", 'values={"points": 2}'],
            "sets values as a whole, which another --option changes part of",
        ),
        (
            ['values={"points": 2}', "values.points=1"],
            "changes part of values, which another --option sets as a whole",
        ),
    ],
)
def test_new_refuses_an_option_given_twice(
    tmp_path: Path, options: list[str], message: str
) -> None:
    args = [a for o in options for a in ("-o", o)]
    proc = run("new", tmp_path / "g.json", "--game", "belote", "-p", *PLAYERS, *args)
    assert message in assert_one_line_error(proc)
    assert not (tmp_path / "g.json").exists()


def test_new_refuses_teams_for_a_game_without_partnerships(tmp_path: Path) -> None:
    proc = run(
        "new", tmp_path / "g.json", "--rules", "rosbiratschka-3", "-p", "Ann", "Bob", "Cat",
        "--team", "Ann,Bob", "--team", "Cat,Zed",
    )  # fmt: skip
    line = assert_one_line_error(proc)
    assert line == (
        "scoresheet: --team: Rosbiratschka is not played in partnerships; leave out --team"
    )
    assert not (tmp_path / "g.json").exists()


def test_a_field_refused_in_deal_json_is_named_as_given_on_the_command_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    new_game(path, PLAYERS)
    deal = {
        "contract": "no-king",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"king_of_hearts": "Cat"},
        "note": "x",
    }
    line = assert_one_line_error(run("add", path, "--deal", json.dumps(deal)))
    assert line == "scoresheet: --deal: deal 1, note: unknown field"
    del deal["note"]
    assert run("add", path, "--deal", json.dumps(deal)).returncode == 0
    bad = {"contract": "trumps", "result": {"tricks": {"Ann": 13.0}}}
    line = assert_one_line_error(run("edit", path, "1", "--deal", json.dumps(bad)))
    assert line.startswith("scoresheet: editing deal 1 is refused: --deal: deal 1, result.tricks")


def test_show_at_the_narrowest_width_fits_the_doubles_owed_heading(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    assert run("add", path, "no-king", "-d", "b=a", "--king", "c").returncode == 0
    out = run("show", path, "--width", "30").stdout
    assert "Doubles still owed" in out
    assert max(cells(line) for line in out.splitlines()) <= 30


def test_a_closed_standard_output_is_refused_before_anything_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    before = path.read_bytes()
    proc = subprocess.run(
        [str(SCRIPT), "add", str(path), "no-king", "-d", "b=a", "--king", "c"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == "scoresheet: standard output is closed; nothing was done"
    assert path.read_bytes() == before


def test_a_reader_that_goes_away_is_not_taken_for_audit_findings(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    for _ in range(3):
        assert run("add", path, "no-king", "-d", "b=a", "--king", "c").returncode in (0, 2)
    read, write = os.pipe()
    os.close(read)  # nobody reads what show prints
    proc = subprocess.run(
        [str(SCRIPT), "show", str(path)], stdout=write, stderr=subprocess.PIPE, timeout=60
    )
    os.close(write)
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("history", "history entry 1, at: the control character \\x1b is refused"),
        ("rules", "rules.name: the control character \\x1b is refused"),
        ("key", "a key of deal 1, result: the control character \\x9b is refused"),
    ],
)
def test_a_control_character_anywhere_in_a_game_file_is_refused_naming_where(
    tmp_path: Path, where: str, message: str
) -> None:
    """An escape sequence stored in a hand-edited file would reach the terminal that
    shows it (an OSC sets its title); the file is refused, naming where it is."""
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    assert run("add", path, "no-king", "-d", "b=a", "--king", "c").returncode == 0
    data = json.loads(path.read_text("utf-8"))
    if where == "history":
        data["history"] = [{"action": "undo", "at": "2026\x1b]0;PWNED\x07", "deal": 2}]
    elif where == "rules":
        rules = json.loads(run("rules", "show", "classic", "--json").stdout)
        data["rules"] = {**rules, "name": "house\x1b]0;PWNED\x07"}
    else:
        data["deals"][0]["result"]["\x9b2J"] = 1
    path.write_text(json.dumps(data), "utf-8")
    before = path.read_bytes()
    for command in ("score", "show", "history"):
        line = assert_one_line_error(run(command, path))
        assert message in line and "\x1b" not in line and "\x07" not in line
    assert path.read_bytes() == before


def test_a_backslash_before_a_letter_is_not_taken_for_a_control_character(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    data = json.loads(path.read_text("utf-8"))
    data["created"] = "C:\\new\\table"  # an escaped backslash, then n and t
    path.write_text(json.dumps(data), "utf-8")
    assert run("score", path).returncode == 0


def test_deal_json_with_an_escape_sequence_is_refused_as_given(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    deal = '{"contract": "no-king", "result": {"king_of_hearts": "Cat\\u001b[2J"}}'
    line = assert_one_line_error(run("add", path, "--deal", deal))
    assert line.startswith("scoresheet: --deal: result.king_of_hearts: the control character")


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("classic", 'rules: "classic" is a preset of barbu, not of belote'),
        ({"game": "barbu"}, 'rules: the rules object is for "barbu", not belote'),
    ],
)
def test_rules_of_another_game_are_named_before_the_deals_they_make_look_wrong(
    tmp_path: Path, rules: object, message: str
) -> None:
    """A Barbu game whose "game" was edited to belote: the rules are what is wrong, not
    deal 1's result (which belote's model does not know)."""
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    assert run("add", path, "no-queens", "-d", "b=max", "--queens", "2,0,1,1").returncode == 0
    data = json.loads(path.read_text("utf-8"))
    data.update(game="belote", rules=rules)
    path.write_text(json.dumps(data), "utf-8")
    line = assert_one_line_error(run("score", path))
    assert line.startswith(f"scoresheet: g.json: {message}")


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_a_target_changed_by_an_option_is_said_once_in_the_title(tmp_path: Path, game: str) -> None:
    path = tmp_path / "g.json"
    assert run("new", path, "--game", game, "-p", *PLAYERS, "-o", "target=200").returncode == 0
    title = run("score", path).stdout.splitlines()[0]
    assert title.count("target 200") == 1, title


@pytest.mark.parametrize(("value", "shown"), [(None, "null"), (5, "5"), (["barbu"], '["barbu"]')])
def test_a_game_that_is_not_text_is_shown_as_the_file_has_it(
    tmp_path: Path, value: object, shown: str
) -> None:
    path = tmp_path / "g.json"
    new_game(path, PLAYERS)
    data = json.loads(path.read_text("utf-8"))
    data["game"] = value
    path.write_text(json.dumps(data), "utf-8")
    line = assert_one_line_error(run("score", path))
    assert line.startswith(f"scoresheet: g.json: game: {shown} is not a game this tool scores")
