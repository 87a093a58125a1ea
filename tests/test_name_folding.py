"""A player is matched however the name is typed, in any case or width: answers are
compared as ``new`` compares names when it refuses two that cannot be told apart
(:func:`scoresheet.names.fold`: compatibility-composed, casefolded) — in ``add``/``edit``,
``play``, the phone form and ``stats --player``. The refusal says what makes two names
the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet import entry, names
from scoresheet.errors import ScoresheetError
from scoresheet.prompting import navigation
from scoresheet.serve import form
from scoresheet.session import new_game, open_game
from tests.cli_helpers import assert_one_line_error, deals, run

WIDE = ["Ａｎｎ", "Bob", "佐藤", "Dan"]


def start(tmp_path: Path, players: list[str], game: str = "barbu") -> Path:
    path = tmp_path / "g.json"
    new_game(path, players, game=game)
    return path


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("ann", "Ａｎｎ"), ("ANN", "Ａｎｎ"), ("ａ", "Ａｎｎ"), ("ｂｏｂ", "Bob"), ("ＢＯ", "Bob"),
     ("Ｄａｎ", "Dan"), ("佐藤", "佐藤")],
)  # fmt: skip
def test_a_player_is_matched_in_any_case_or_width(typed: str, meant: str) -> None:
    assert entry.player(typed, WIDE) == meant
    assert names.fold(typed) == names.fold(meant)[: len(names.fold(typed))]


def test_a_start_of_two_players_is_still_refused_naming_both() -> None:
    with pytest.raises(ScoresheetError, match=r'^player: "ａ" could be Ａｎｎ or Abe$'):
        entry.player("ａ", ["Ａｎｎ", "Abe", "Cat", "Dan"])


def test_add_reads_a_double_typed_in_another_width(tmp_path: Path) -> None:
    """The reported case: ``-d Bob=ｂｏｂ`` said "ｂｏｂ" is not a player."""
    path = start(tmp_path, WIDE)
    ok = run("add", path, "no-king", "-d", "Bob=ann", "-d", "佐藤=ＡＮＮ", "--king", "ｄａｎ")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["doubles"] == [
        {"by": "Bob", "double": ["Ａｎｎ"]},
        {"by": "佐藤", "double": ["Ａｎｎ"]},
    ]
    assert deals(path)[0]["result"] == {"king_of_hearts": "Dan"}
    ok = run("edit", path, "1", "no-king", "-d", "ｂｏｂ=a", "--king", "ｂｏｂ")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"] == {"king_of_hearts": "Bob"}


def test_a_keyword_a_wide_name_could_mean_is_refused_naming_both(tmp_path: Path) -> None:
    """With Ｍａｘ at the table, ``-d Bob=max`` was read as maximum without a word."""
    path = start(tmp_path, ["Ann", "Bob", "Cat", "Ｍａｘ"])
    before = path.read_bytes()
    line = assert_one_line_error(run("add", path, "no-king", "-d", "Bob=max", "--king", "Cat"))
    assert line == (
        'scoresheet: Bob\'s double: "max" could be the player Ｍａｘ or maximum; '
        "type Ｍａｘ for the player, :maximum for maximum"
    )
    assert path.read_bytes() == before


def test_play_reads_a_player_typed_in_another_width(tmp_path: Path) -> None:
    """The reported case: ``ann`` was "not a player" when Ａｎｎ sits at the table."""
    path = start(tmp_path, WIDE)
    answers = ["no-king", "ann", "none", "none", "none", "ｄａｎ", "quit"]
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "is not a player" not in proc.stdout
    assert deals(path)[0]["doubles"] == [{"by": "Bob", "double": ["Ａｎｎ"]}]
    assert deals(path)[0]["result"] == {"king_of_hearts": "Dan"}


def test_a_navigation_word_a_wide_name_could_mean_is_refused() -> None:
    with pytest.raises(ScoresheetError, match=r'"q" could be the player Ｑｕｉｎｎ or quit'):
        navigation("q", ["Ｑｕｉｎｎ", "Bob", "Cat", "Dan"], can_quit=True)


def test_the_phone_form_reads_a_player_typed_in_another_width(tmp_path: Path) -> None:
    game = open_game(start(tmp_path, WIDE))
    reply = form.ask(game, [])
    for text in ("no-king", "ann", "none", "none", "none", "ｄａｎ"):
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], text)
        assert "error" not in reply, reply
    assert reply["deal"]["doubles"] == [{"by": "Bob", "double": ["Ａｎｎ"]}]
    assert reply["deal"]["result"] == {"king_of_hearts": "Dan"}


def test_belote_reads_a_team_by_a_player_typed_in_another_width(tmp_path: Path) -> None:
    path = start(tmp_path, WIDE, game="belote")
    ok = run("add", path, "h", "--set", "taker=ａｎｎ", "--set", "points=62,90", "--set", "last=ｂ")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["taker"] == "Ａｎｎ"
    assert deals(path)[0]["result"]["last_trick"] == 1


def test_stats_player_in_another_width(tmp_path: Path) -> None:
    """The reported case: ``stats --player Ｚｏ`` said "played none of these games"."""
    path = start(tmp_path, ["Zoë", "Bob", "佐藤", "Dan"])
    for typed in ("Ｚｏ", "ＺＯË", "zoë"):
        proc = run("stats", path, "--player", typed, "--json")
        assert proc.returncode == 0, proc.stderr
        assert list(json.loads(proc.stdout)["players"]) == ["Zoë"]
    line = assert_one_line_error(run("stats", path, "--player", "Ｚａ"))
    assert line == 'scoresheet: --player: "Ｚａ" played none of these games'


@pytest.mark.parametrize(
    ("players", "why"),
    [
        (["Ａｎｎ", "Ann"], '"Ａｎｎ" and "Ann" cannot be told apart (players are typed in any '
         "case or width)"),
        (["ａｎｎ", "Ann"], '"ａｎｎ" and "Ann" cannot be told apart (players are typed in any '
         "case or width)"),
        (["Ann", "ANN"], '"Ann" and "ANN" cannot be told apart (players are typed in any case)'),
    ],
)  # fmt: skip
def test_the_duplicate_refusal_says_what_makes_two_names_one(
    tmp_path: Path, players: list[str], why: str
) -> None:
    line = assert_one_line_error(run("new", tmp_path / "g.json", "-p", *players, "Cat", "Dan"))
    assert line == f"scoresheet: g.json: players: {why}"
    assert not (tmp_path / "g.json").exists()


def test_a_file_with_a_decomposed_name_says_where_and_how_to_mend_it(tmp_path: Path) -> None:
    """A name saved decomposed (as some systems save text) was refused with "type it
    again", about a file, quoting a name that looks exactly like the right one."""
    path = tmp_path / "g.json"
    path.write_text(
        json.dumps(
            {
                "format": "scoresheet-game",
                "version": 1,
                "rules": "classic",
                "players": ["Jose\u0301", "Bob", "Cat", "Dan"],
                "deals": [],
            }
        ),
        encoding="utf-8",
    )
    before = path.read_bytes()
    line = assert_one_line_error(run("show", path))
    assert line.endswith(
        'g.json: players: "Jose\u0301" writes é as e + U+0301 (as some systems save text): '
        "save it in composed Unicode (NFC)"
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("players", "pair", "letters"),
    [
        (["Ann", "\u0410nn", "Cat", "Dan"], '"Ann" and "\u0410nn"', "Latin A, Cyrillic \u0410"),
        (["Hans", "\u0397ans", "Cat", "Dan"], '"Hans" and "\u0397ans"', "Latin H, Greek \u0397"),
        (["\u0441at", "cat", "Bob", "Dan"], '"\u0441at" and "cat"', "Cyrillic \u0441, Latin c"),
    ],
)
def test_names_that_look_the_same_are_refused(
    tmp_path: Path, players: list[str], pair: str, letters: str
) -> None:
    """A Latin A and a Cyrillic А made two players whom every sheet, pad and initial
    shows alike: nobody could tell who declared or doubled. In a file too."""
    path = tmp_path / "g.json"
    line = assert_one_line_error(run("new", path, "--players", ",".join(players)))
    assert line == (
        f"scoresheet: g.json: players: {pair} cannot be told apart: they look the same ({letters})"
    )
    assert not path.exists()
    path.write_text(
        json.dumps(
            {"format": "scoresheet-game", "version": 1, "rules": "classic", "players": players}
        ),
        encoding="utf-8",
    )
    line = assert_one_line_error(run("show", path))
    assert line.startswith(f"scoresheet: g.json: players: {pair} cannot be told apart")


def test_names_in_two_alphabets_that_only_share_letters_are_two_players(tmp_path: Path) -> None:
    """Анна (Cyrillic) and Anna do not look alike: both play."""
    proc = run("new", tmp_path / "g.json", "--players", "Анна,Anna,Борис,Dan")
    assert proc.returncode == 0, proc.stderr
