"""How answers are read, in every game and every command: a player named like a keyword
is never silently read as the keyword, enumerated values take their word or a unique
start of it, what the output shows is accepted as input, and names that look alike or
carry control characters are refused — also in a hand-edited game file."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scoresheet import entry, names
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu import entry as barbu_entry
from scoresheet.games.belote import entry as belote_entry
from scoresheet.games.caribbean_all_fours import entry as caf_entry
from tests.cli_helpers import assert_one_line_error, deals, refused_unchanged, run


def new(tmp_path: Path, players: list[str], *extra: str, name: str = "g.json") -> Path:
    path = tmp_path / name
    proc = run("new", path, f"--players={','.join(players)}", *extra)
    assert proc.returncode == 0, proc.stderr
    return path


# -- 1. a player named like a keyword --------------------------------------------------


def test_a_player_called_max_is_never_read_as_maximum(tmp_path: Path) -> None:
    """Issue example: with Max at the table, ``-d Bob=Max`` stored ``maximum``."""
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Max"])
    line = refused_unchanged(
        path, "add", path, "no-queens", "-d", "Bob=max", "--queens", "a=2,b=1,c=1"
    )
    assert '"max" could be the player Max or maximum' in line
    assert "type Max for the player, :maximum for maximum" in line
    ok = run("add", path, "no-queens", "-d", "Bob=Max", "--queens", "a=2,b=1,c=1")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["doubles"] == [{"by": "Bob", "double": ["Max"]}]
    ok = run("edit", path, "1", "no-queens", "-d", "Bob=:max", "--queens", "a=2,b=1,c=1")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["doubles"] == [{"by": "Bob", "double": "maximum"}]


@pytest.mark.parametrize(
    ("players", "double", "both"),
    [
        (["Ann", "Bob", "Cat", "Xavier"], "Bob=X", "Xavier or maximum"),
        (["Ann", "Bob", "Cat", "Noah"], "Bob=no", "Noah or none"),
        (["Ann", "Bob", "Cat", "Tableau"], "Bob=table", "Tableau or table"),
        (["Ann", "Bob", "Cat", "Family"], "Bob=family", "Family or family"),
        (["Ann", "Bob", "Cat", "-Dee"], "Bob=-", "-Dee or none"),
    ],
)
def test_a_keyword_a_player_could_be_meant_by_is_refused(
    tmp_path: Path, players: list[str], double: str, both: str
) -> None:
    path = new(tmp_path, players)
    line = refused_unchanged(path, "add", path, "no-queens", "-d", double, "--queens", "2,1,1,0")
    assert f"could be the player {both}" in line


def test_redouble_all_with_a_player_called_allie(tmp_path: Path) -> None:
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Allie"])
    args: list[str | Path] = [
        "add",
        path,
        "no-queens",
        "-d",
        "Bob=Ann",
        "-d",
        "Cat=Ann",
        "--queens",
        "2,1,1,0",
    ]
    line = refused_unchanged(path, *args, "-r", "Ann=all")
    assert "could be the player Allie or all" in line
    assert run(*args, "-r", "Ann=:all").returncode == 0
    assert deals(path)[0]["doubles"][-1] == {"by": "Ann", "redouble": "all"}


def test_belote_a_team_word_a_player_could_be_meant_by_is_refused(tmp_path: Path) -> None:
    """``1`` is team 1, but a player called 1 (seated in team 0) could be meant too."""
    path = new(tmp_path, ["Ann", "Bob", "1x", "Dan"], "--game", "belote")
    line = refused_unchanged(
        path, "add", path, "hearts", "--set", "taker=Ann", "--set", "points=62,90",
        "--set", "last=1",
    )  # fmt: skip
    assert "could be 1x's team (0) or team 1" in line


def test_caribbean_all_fours_none_with_a_player_called_noah(tmp_path: Path) -> None:
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Noah"], "--game", "caribbean-all-fours")
    line = refused_unchanged(
        path, "add", path, "--set", "turn_ups=2S", "--set", "beg=stand", "--set", "high=no",
        "--set", "low=no", "--set", "jack=no", "--set", "game_points=40,40",
    )  # fmt: skip
    assert "could be the player Noah or none" in line


def test_play_refuses_max_with_max_at_the_table_and_asks_again(tmp_path: Path) -> None:
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Max"])
    answers = ["no-queens", "", "max", "Max", "", "", "2,1,1,0", "quit"]
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert '"max" could be the player Max or maximum' in proc.stdout
    assert "✗" not in proc.stdout.split("could be the player Max or maximum")[1]
    assert deals(path)[0]["doubles"] == [{"by": "Cat", "double": ["Max"]}]


# -- 2. enumerated values ----------------------------------------------------------------


def test_an_enumerated_value_is_its_word_or_a_unique_start_of_it(tmp_path: Path) -> None:
    """Issue example: ``--trump hats`` was read as hearts."""
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Dan"])
    for wrong in ("hats", "spadez", "cloves"):
        line = refused_unchanged(
            path, "add", path, "trumps", "-d", "Bob=Ann", "--tricks", "5,3,2,3", "--trump", wrong
        )
        assert f'--trump: "{wrong}" is not one of spades, hearts, diamonds, clubs' in line
    ok = run("add", path, "trumps", "-d", "Bob=Ann", "--tricks", "5,3,2,3", "--trump", "he")
    assert ok.returncode == 0, ok.stderr
    assert deals(path)[0]["result"]["trump"] == "hearts"


@pytest.mark.parametrize(
    ("read", "text", "meant"),
    [
        (lambda t: entry.suit(t, field="f"), "♣\ufe0f", "clubs"),
        (lambda t: entry.suit(t, field="f"), "DIAM", "diamonds"),
        (lambda t: barbu_entry.suit_counts(t, field="f"), "sp3 he4 d2 c3",
         {"spades": 3, "hearts": 4, "diamonds": 2, "clubs": 3}),
        (caf_entry.beg, "stan", "stand"),
        (caf_entry.beg, "take one", "take-one"),
        (lambda t: belote_entry.read_contract(t), "dia", "diamonds"),
        (lambda t: belote_entry.declaration_for_team(t)["kind"], "cin A", "cinquante"),
    ],
)  # fmt: skip
def test_enumerated_values_read(read: Any, text: str, meant: Any) -> None:
    assert read(text) == meant


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (lambda t: entry.suit(t, field="f"), "hats"),
        (lambda t: entry.suit(t, field="f"), "sx"),
        (lambda t: barbu_entry.suit_counts(t, field="f"), "hats3 s1"),
        (lambda t: barbu_entry.suit_counts(t, field="f"), "x3"),
        (caf_entry.beg, "standing"),
        (caf_entry.beg, "runs"),
        (lambda t: belote_entry.read_contract(t), "heartz"),
        (lambda t: belote_entry.declaration_for_team(t), "tiercel K"),
        (lambda t: entry.contract(t, ["no-tricks", "no-queens"]), "queenz"),
        (lambda t: entry.contract(t, ["no-tricks", "no-queens", "trumps"]), "t"),  # tricks?
        (lambda t: entry.contract(t, ["no-hearts", "hundred"]), "h"),  # hearts or hundred
    ],
)
def test_enumerated_values_refused(read: Any, text: str) -> None:
    with pytest.raises(ScoresheetError):
        read(text)


# -- 4. what the output shows is accepted --------------------------------------------------


def test_belote_teams_as_the_sheet_prints_them(tmp_path: Path) -> None:
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Dan"], "--game", "belote")
    proc = run(
        "add", path, "hearts", "--set", "taker=Bob", "--set", "points=62,90",
        "--set", "last=BD", "--set", "belote=ac",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert deals(path)[0]["result"]["last_trick"] == 1
    assert deals(path)[0]["result"]["belote"] == 0
    assert "BD" in run("score", path).stdout  # the form typed is the form printed


def test_a_name_with_a_space_is_one_player_everywhere(tmp_path: Path) -> None:
    path = new(tmp_path, ["Ann Lee", "Bob", "Cat", "Dan"])
    proc = run(
        "add", path, "no-queens", "-d", "Cat=Ann Lee", "-d", "Bob=ann lee, dan",
        "--queens", "Ann Lee=2,Bob=1,Cat=1",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert deals(path)[0]["doubles"] == [
        {"by": "Bob", "double": ["Ann Lee", "Dan"]},
        {"by": "Cat", "double": ["Ann Lee"]},
    ]


def test_words_that_are_one_player_or_two_are_refused() -> None:
    players = ["Ann", "Lee", "Ann Lee", "Bob"]
    assert entry.player_list("Ann Lee", players) == ["Ann Lee"]  # the exact name
    assert entry.player_list("ann, lee", players) == ["Ann", "Lee"]
    with pytest.raises(ScoresheetError, match="could be Ann, Lee or Ann Lee"):
        entry.player_list("ann lee", players)


def test_a_name_with_an_equals_sign_in_an_assignment() -> None:
    players = ["=Ann", "+Bob", "-Cat", "@Dan"]
    assert entry.assignment("=Ann=+Bob", players, field="-d") == ("=Ann", "+Bob")
    assert entry.counts("=Ann=2,@d=1,-c=1", players, field="q") == {"=Ann": 2, "@Dan": 1, "-Cat": 1}


# -- 5. names that look alike, are invisible or carry control characters ----------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\u200b", "has no visible character"),
        ("\u0301", "has no visible character"),
        ("Bob\x1b[2J", "control character \\x1b"),
        ("Bob\nCat", "control character \\n"),
        ("\u202eboB", "invisible or control character \\u202e"),
        ("Bob\u00a0Lee", "space-like character \\xa0"),
        ("Dan/Ann", "contains /"),
        ("Cat:K", "contains :"),
        ("Ann  Lee", "two in a row"),
    ],
)
def test_a_bad_name_is_refused_by_new(tmp_path: Path, name: str, why: str) -> None:
    line = assert_one_line_error(
        run("new", tmp_path / "g.json", "--players", "Ann", name, "Cat", "Dan")
    )
    assert why in line
    assert "\x1b" not in line and "\u202e" not in line
    assert not (tmp_path / "g.json").exists()


def test_names_equal_in_nfc_or_in_any_case_are_refused(tmp_path: Path) -> None:
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    line = assert_one_line_error(run("new", tmp_path / "g.json", "-p", nfc, nfd, "Cat", "Dan"))
    assert "listed twice" in line
    line = assert_one_line_error(run("new", tmp_path / "g.json", "-p", "Ann", "ANN", "Cat", "Dan"))
    assert '"Ann" and "ANN" cannot be told apart' in line
    path = new(tmp_path, [nfd, "Bob", "Cat", "Dan"])
    assert json.loads(path.read_text("utf-8"))["players"][0] == nfc  # stored composed
    ok = run("add", path, "no-king", "-d", f"Bob={nfd}", "--king", nfc)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize(
    "name",
    ["Zoe\u0308", "\u200b", "A\x1b]0;pwned\x07", "\u202eboB", "Ann,Lee", "x" * 20 + "\x00"],
)
def test_a_hand_edited_file_with_a_bad_name_is_refused(tmp_path: Path, name: str) -> None:
    path = tmp_path / "g.json"
    data = {"format": "scoresheet-game", "version": 1, "game": "barbu", "rules": "classic",
            "players": [name, "Bob", "Cat", "Dan"], "deals": []}  # fmt: skip
    path.write_text(json.dumps(data), "utf-8")
    for command in ("show", "add"):
        proc = run(command, path, *(["no-king", "--king", "Bob"] if command == "add" else []))
        line = assert_one_line_error(proc)
        assert "players:" in line
        assert not any(c in line for c in "\x1b\x07\x00\u202e\u200b")
    assert json.loads(path.read_text("utf-8"))["players"][0] == name


def test_error_messages_escape_and_cap_what_was_typed(tmp_path: Path) -> None:
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Dan"])
    typed = "\x1b[2J" + "z" * 5000
    line = refused_unchanged(path, "add", path, "no-king", "-d", f"Bob={typed}", "--king", "Cat")
    assert "\x1b" not in line
    assert len(line) < 300


# -- the property: whatever the names, an answer is read as meant or refused ------------------

KEYWORDS = ["max", "maximum", "x", "table", "family", "flanks", "no", "none", "pass", "-", "all"]
_name_text = st.one_of(
    st.sampled_from(KEYWORDS + [k.upper() for k in KEYWORDS] + [k[:2] for k in KEYWORDS]),
    st.sampled_from(KEYWORDS).map(lambda k: k + "ine"),
    st.sampled_from(KEYWORDS).map(lambda k: k.capitalize() + " Lee"),
    st.text(min_size=1, max_size=8),  # the whole Unicode range
    st.sampled_from(["Zo\u00eb", "Zoe\u0308", "ＭＡＸ", "Мах", "\u200bMax", "Max\u200d"]),
)
WORDS = {**entry.NONE_WORDS, **barbu_entry.DOUBLE_WORDS, **barbu_entry.ALL_WORDS}


def _valid_players(raw: list[str]) -> list[str] | None:
    players = [unicodedata.normalize("NFC", n).strip() for n in raw]
    try:
        names.check_players(players, "players")
    except ScoresheetError:
        return None
    return players


def _forms(target: Any, players: list[str]) -> st.SearchStrategy[str]:
    """Ways a person might type ``target`` (a player's name or a keyword's value)."""
    if isinstance(target, str) and target in players:
        return st.sampled_from(
            [target, target.casefold(), target.upper(), target[:1], target[:2], target[:3]]
        )
    forms = [w for w, v in WORDS.items() if v == target and w]
    return st.sampled_from(forms + [entry.KEYWORD_MARK + w for w in forms])


def _read_as(text: str, target: Any, players: list[str]) -> Any:
    """What an answer that was not refused must have been read as (see ``entry.choose``).

    Blanks around an answer are not part of it ("- " is "-"); a player's exact name always
    means the player; a name typed in full, in any case or width, is that player, before
    any other player whose name merely starts so ("max" is MAX or ＭＡＸ, not maximum or
    maxine); otherwise the answer means what it was typed for.
    """
    typed = text.strip()
    if typed in players:
        return [typed]
    in_full = [p for p in players if names.fold(p) == names.fold(typed)]
    if in_full and target in players:
        return in_full
    return [target] if target in players else target


@st.composite
def _case(draw: st.DrawFn) -> tuple[list[str], Any, str, str]:
    raw = draw(st.lists(_name_text, min_size=3, max_size=5, unique=True))
    players = _valid_players(raw)
    if players is None:
        return raw, None, "", "invalid"
    kind = draw(st.sampled_from(["double", "redouble"]))
    keywords = ["maximum", "table", "family", "flanks", None] if kind == "double" else ["all", None]
    target = draw(st.sampled_from([*players, *keywords]))
    text = draw(_forms(target, players))
    return players, target, text, kind


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_case())
@example((["max", "maximum", "maxine", "- Lee", "-"], "- Lee", "- ", "double"))
@example((["ta", "Table Lee", "Bob", "Dan"], "Table Lee", "Ta", "double"))
def test_an_answer_is_read_as_meant_or_refused(case: tuple[list[str], Any, str, str]) -> None:
    players, target, text, kind = case
    if kind == "invalid":
        with pytest.raises(ScoresheetError):
            names.check_players([unicodedata.normalize("NFC", n).strip() for n in players], "p")
        return
    read = barbu_entry.double_targets if kind == "double" else barbu_entry.redouble_targets
    try:
        got = read(text, players, by=players[0])
    except ScoresheetError as exc:
        assert "\x1b" not in str(exc)
        return
    assert got == _read_as(text, target, players), (text, players)
    if text.startswith(entry.KEYWORD_MARK) and text not in players:
        assert not isinstance(got, list)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_name_text, min_size=4, max_size=4, unique=True).filter(
        lambda raw: _valid_players(raw) is not None
    ),
    st.data(),
)
def test_add_stores_what_was_meant_or_refuses(
    tmp_path_factory: pytest.TempPathFactory, raw: list[str], data: st.DataObject
) -> None:
    """Through the console script: Bob's double of one player or a keyword."""
    players = _valid_players(raw)
    assert players is not None
    path = tmp_path_factory.mktemp("g") / "g.json"
    proc = run("new", path, f"--players={','.join(players)}")
    assert proc.returncode == 0, proc.stderr
    target = data.draw(st.sampled_from([*players[:1], *players[2:], "maximum", "family"]))
    text = data.draw(_forms(target, players))
    before = path.read_bytes()
    proc = run("add", path, "no-king", f"--double={players[1]}={text}", f"--king={players[0]}")
    if proc.returncode != 0:
        assert_one_line_error(proc)
        assert path.read_bytes() == before
        return
    (declaration,) = deals(path)[0]["doubles"]
    assert declaration["double"] == _read_as(text, target, players)


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("belote", ["hearts", "--set", "taker=Ann", "--set", "points=\x1b[31m" + "9" * 3000]),
        ("rosbiratschka", ["--set", "\x1b]0;x\x07" + "k" * 3000 + "=Ann"]),
        ("caribbean-all-fours", ["--set", "turn_ups=2S", "--set", "beg=\x1b[2J" + "r" * 3000]),
    ],
)
def test_every_game_escapes_and_caps_what_was_typed(
    tmp_path: Path, game: str, args: list[str]
) -> None:
    path = new(tmp_path, ["Ann", "Bob", "Cat", "Dan"], "--game", game)
    line = refused_unchanged(path, "add", path, *args)
    assert "\x1b" not in line and "\x07" not in line
    assert "…" in line and len(line) < 300


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    st.lists(_name_text, min_size=4, max_size=4, unique=True).filter(
        lambda raw: _valid_players(raw) is not None
    ),
    st.data(),
)
def test_play_stores_what_was_meant_or_refuses(raw: list[str], data: st.DataObject) -> None:
    """The questions `play` asks, answered as typed: a double and a redouble."""
    from scoresheet import record
    from scoresheet.games.barbu.play import DealPlan
    from scoresheet.games.barbu.score import score_game

    players = _valid_players(raw)
    assert players is not None
    header = {"format": "scoresheet-game", "version": 1, "rules": "classic"}
    game = score_game(record.from_data({**header, "players": players, "deals": []}))
    declarer, first = players[0], players[1]
    form = DealPlan(game, declarer, declarer, frozenset()).form()
    form.answer("no-queens")
    target = data.draw(st.sampled_from([declarer, *players[2:], "maximum", "family", None]))
    text = data.draw(_forms(target, players))
    q = form.current()
    assert q is not None and q.key == f"double {first}"
    try:
        form.answer(text)
    except ScoresheetError:
        assert form.answers == {"contract": "no-queens"}  # nothing was taken from it
        return
    assert form.answers[q.key] == _read_as(text, target, players), (text, players)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_name_text, min_size=4, max_size=4, unique=True).filter(
        lambda raw: _valid_players(raw) is not None
    ),
    st.data(),
)
def test_play_through_the_console_script_stores_what_was_meant_or_refuses(
    tmp_path_factory: pytest.TempPathFactory, raw: list[str], data: st.DataObject
) -> None:
    """Bob's double typed at the `play` prompt: stored as meant, or refused and asked again."""
    players = _valid_players(raw)
    assert players is not None
    path = tmp_path_factory.mktemp("p") / "g.json"
    proc = run("new", path, f"--players={','.join(players)}")
    assert proc.returncode == 0, proc.stderr
    target = data.draw(st.sampled_from([players[0], *players[2:], "maximum", "family"]))
    text = data.draw(_forms(target, players))
    # The double, then Enter for every later double and redouble, the K♥, and q.
    answers = ["no-king", text, *[""] * 6, players[0], "quit"]
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    asked = proc.stdout.split(f"{players[1]} doubles whom?")[1]
    doubles = deals(path)[0].get("doubles") or []
    mine = [d for d in doubles if d["by"] == players[1]]
    if asked.split("\n", 2)[1].startswith("  ✗"):  # refused: asked again, answered none
        assert mine == []
        return
    assert mine[0]["double"] == _read_as(text, target, players)
