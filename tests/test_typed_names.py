"""A name typed decomposed is read composed by every command that takes players' names.

Some systems type "Zoë" as Zoe + U+0308 (NFD). Typed on the command line, or at a
question, it is the same player as "Zoë" (NFC), and it is kept composed; only a name
saved decomposed in a file is refused, saying where and how to mend it.
"""

from __future__ import annotations

import json
import unicodedata
import zipfile
from pathlib import Path

import pytest

from tests.cli_helpers import assert_one_line_error, deals, run

ZOE = "Zoë"  # composed, as written in this file
TYPED = "Zoe\u0308"  # the same name, decomposed
assert unicodedata.normalize("NFC", TYPED) == ZOE != TYPED


def _saved(path: Path) -> str:
    """A file's text; the composed name in it, never the decomposed one."""
    text = path.read_bytes().decode("utf-8")
    assert TYPED not in text
    return text


def _barbu(tmp_path: Path) -> Path:
    """A Barbu game in which Zoë declares first, created with her name composed."""
    game = tmp_path / "g.json"
    assert run("new", game, "--players", f"{ZOE},Ann,Bob,Cat").returncode == 0
    return game


def _deal_json(name: str) -> str:
    return json.dumps(
        {"contract": "no-king", "doubles": [{"by": "Ann", "double": [name]}],
         "result": {"king_of_hearts": name}},
        ensure_ascii=False,
    )  # fmt: skip


# Each: a command taking a name, typed decomposed; the deal it saves names her composed.
DEAL_COMMANDS: dict[str, list[str]] = {
    "add --king": ["add", "{game}", "no-king", "-d", "Ann=Bob", "--king", TYPED],
    "add -d": ["add", "{game}", "no-king", "-d", f"Ann={TYPED}", "--king", "Bob"],
    "add -r": [
        "add",
        "{game}",
        "no-king",
        "-d",
        f"Ann={ZOE}",
        "-r",
        f"{TYPED}=Ann",
        "--king",
        "Bob",
    ],
    "add --deal": ["add", "{game}", "--deal", _deal_json(TYPED)],
    "add --deal, escaped": [
        "add",
        "{game}",
        "--deal",
        _deal_json(ZOE).replace(ZOE, "Zoe\\u0308"),
    ],
    "add --deal -": ["add", "{game}", "--deal", "-"],
}


@pytest.mark.parametrize("case", DEAL_COMMANDS)
def test_a_deal_names_a_player_typed_decomposed(tmp_path: Path, case: str) -> None:
    game = _barbu(tmp_path)
    args = [a.replace("{game}", str(game)) for a in DEAL_COMMANDS[case]]
    stdin = _deal_json(TYPED) if args[-1] == "-" else None
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    _saved(game)
    (deal,) = deals(game)
    assert ZOE in json.dumps(deal, ensure_ascii=False)


def test_edit_names_a_player_typed_decomposed(tmp_path: Path) -> None:
    game = _barbu(tmp_path)
    assert run("add", game, "no-king", "-d", "Ann=Bob", "--king", "Bob").returncode == 0
    proc = run("edit", game, "1", "no-king", "-d", "Ann=Bob", "--king", TYPED)
    assert proc.returncode == 0, proc.stderr
    _saved(game)
    assert deals(game)[0]["result"] == {"king_of_hearts": ZOE}


def test_add_set_names_a_player_typed_decomposed(tmp_path: Path) -> None:
    game = tmp_path / "r.json"
    assert (
        run("new", game, "--game", "rosbiratschka", "--players", f"Ann,Bob,Cat,{ZOE}").returncode
        == 0
    )
    proc = run("add", game, "--set", f"tricks={TYPED}=2,Ann=2,Bob=2,Cat=2")
    assert proc.returncode == 0, proc.stderr
    _saved(game)
    assert deals(game)[0]["result"]["tricks"][ZOE] == 2


def test_play_reads_an_answer_typed_decomposed(tmp_path: Path) -> None:
    game = _barbu(tmp_path)
    answers = ["no-king", TYPED, "none", "none", "none", TYPED, "quit", ""]
    proc = run("play", game, stdin="\n".join(answers))
    assert proc.returncode == 0, proc.stderr
    _saved(game)
    (deal,) = deals(game)
    assert deal["doubles"] == [{"by": "Ann", "double": [ZOE]}]
    assert deal["result"] == {"king_of_hearts": ZOE}


@pytest.mark.parametrize(
    "extra",
    [
        ["--players", f"Ann,Bob,Cat,{TYPED}"],
        ["--players", "Ann", "Bob", "Cat", TYPED],
        ["--players", f"Ann,Bob,Cat,{ZOE}", "--first", TYPED],
        [
            "--game",
            "belote",
            "--players",
            f"Ann,Bob,Cat,{TYPED}",
            "--team",
            "Ann,Cat",
            "--team",
            f"Bob,{TYPED}",
        ],
    ],
    ids=["--players", "--players words", "--first", "--team"],
)
def test_new_keeps_a_name_typed_decomposed_composed(tmp_path: Path, extra: list[str]) -> None:
    game = tmp_path / "g.json"
    proc = run("new", game, *extra)
    assert proc.returncode == 0, proc.stderr
    players = json.loads(_saved(game))["players"]
    assert ZOE in players


@pytest.mark.parametrize("suffix", [".xlsx", ".pdf"])
def test_blank_takes_a_name_typed_decomposed(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"pad{suffix}"
    proc = run("blank", "-o", out, "--players", f"Ann,Bob,Cat,{TYPED}")
    assert proc.returncode == 0, proc.stderr
    if suffix == ".xlsx":
        with zipfile.ZipFile(out) as book:
            text = "".join(
                book.read(n).decode("utf-8") for n in book.namelist() if n.endswith(".xml")
            )
        assert ZOE in text and TYPED not in text


def test_blank_and_new_read_the_same_players(tmp_path: Path) -> None:
    """Where ``new`` takes a name, ``blank`` takes it too, and the other way round."""
    for name in (TYPED, " Zoë ", "Zo\u0308e"):
        ok_new = run("new", tmp_path / "g.json", "--force", "--players", f"Ann,Bob,Cat,{name}")
        ok_blank = run(
            "blank", "-o", tmp_path / "b.xlsx", "--force", "--players", f"Ann,Bob,Cat,{name}"
        )
        assert ok_new.returncode == ok_blank.returncode, (name, ok_new.stderr, ok_blank.stderr)


def test_stats_player_typed_decomposed(tmp_path: Path) -> None:
    game = _barbu(tmp_path)
    proc = run("stats", game, "--player", TYPED, "--json")
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["players"]) == [ZOE]


def test_a_deal_naming_a_key_twice_in_two_forms_is_refused(tmp_path: Path) -> None:
    game = _barbu(tmp_path)
    queens = f'{{"{ZOE}": 2, "{TYPED}": 2}}'
    text = '{"contract": "no-queens", "result": {"queens": ' + queens + "}}"
    line = assert_one_line_error(run("add", game, "--deal", text))
    assert "given twice" in line and "decomposed" in line and ZOE in line
    assert deals(game) == []


def test_a_name_saved_decomposed_is_still_refused_with_where_and_how(tmp_path: Path) -> None:
    game = _barbu(tmp_path)
    game.write_text(game.read_text("utf-8").replace(ZOE, TYPED), "utf-8")
    line = assert_one_line_error(run("show", game))
    assert "U+0308" in line and "NFC" in line
