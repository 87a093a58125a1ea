"""The refusals of reading, checking and saving game files speak the language in force.

A table of bad inputs (hand-edited game files, bad ``--option`` and ``--rules``, names a
table cannot tell apart) is run through the console script twice: under ``--lang qps``,
where every message looked up in the catalogs comes out between brackets, the one line
of each refusal must hold no English word once the bracketed spans, the file's name,
quoted input, JSON keys and typed identifiers are taken out; under ``--lang en`` it must
be the English line players read today, word for word.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scoresheet.i18n.pseudo import CLOSE, OPEN
from tests.cli_helpers import SCRIPT

ENV = {"PATH": "/usr/bin:/bin", "COLUMNS": "80"}
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
NEW = ("new", "x.json", "--players", ",".join(PLAYERS))


def _game(**changes: Any) -> str:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": "classic",
        "players": PLAYERS,
        "deals": [],
    }
    data.update(changes)
    return json.dumps(data, ensure_ascii=False)


_TOP = _game()[:-1]

# name: (the game file's text, or None for none; the command after ``scoresheet``, with
# FILE for the file; the English line as players read it today, after "scoresheet: ").
CASES: dict[str, tuple[str | bytes | None, tuple[str, ...], str]] = {
    "bad JSON": (
        '{"format": "scoresheet-game", "version": 1,,}',
        ("score", "FILE"),
        "FILE: not valid JSON (Expecting property name enclosed in double quotes: line 1 "
        "column 44 (char 43))",
    ),
    "cut short": (
        '{"format": "scoresheet-game", "players": ["Ann"',
        ("score", "FILE"),
        "FILE: not valid JSON (Expecting ',' delimiter: line 1 column 48 (char 47))",
    ),
    "unknown key": (
        _game(deals=[{"contract": "no-king", "declarer": "Ann", "colour": "red"}]),
        ("score", "FILE"),
        "FILE: deal 1, colour: unknown field",
    ),
    "wrong type": (
        _game(deals=[{"contract": 3}]),
        ("score", "FILE"),
        "FILE: deal 1, contract: 3 is not text: give it in quotes",
    ),
    "a list wanted": (
        _game(deals=[{"contract": "no-king", "declarer": "Ann", "doubles": "some"}]),
        ("score", "FILE"),
        'FILE: deal 1, doubles: "some" should be a list, [...]',
    ),
    "too many players": (
        _game(players=[f"P{i}" for i in range(9)]),
        ("score", "FILE"),
        "FILE: players: needs at most 8 entries",
    ),
    "a name too long": (
        _game(players=["A" * 50, "Bob", "Cat", "Dan"]),
        ("score", "FILE"),
        f'FILE: player 1: "{"A" * 23}…" is too long: at most 40 characters (50 given)',
    ),
    "a key twice": (
        _TOP + ', "rules": "salad"}',
        ("score", "FILE"),
        'FILE: "rules" is given twice at the top level ("classic", then "salad"); refused: '
        "keep the one meant",
    ),
    "a key twice in a deal": (
        _TOP.replace('"deals": []', '"deals": [{"contract": "no-king", "contract": "salad"}]')
        + "}",
        ("score", "FILE"),
        'FILE: "contract" is given twice in deal 1 ("no-king", then "salad"); refused: keep '
        "the one meant",
    ),
    "control character": (
        _game(notes="a\u001bb"),
        ("score", "FILE"),
        "FILE: notes: the control character \\x1b is refused (an escape sequence would reach "
        "the terminal or the page that shows it)",
    ),
    "lone surrogate": (
        _game().replace('"Ann"', '"Ann", "\\ud800x"', 1),
        ("score", "FILE"),
        "FILE: player 2: the lone surrogate \\ud800 is refused (half of a UTF-16 pair, not a "
        "character: no file can hold it)",
    ),
    "NaN": (
        _game().replace('"deals": []', '"deals": [{"contract": NaN}]'),
        ("score", "FILE"),
        "FILE: deal 1, contract: NaN is not a finite number; refused (JSON has no NaN or "
        "Infinity: other programs could not read the file)",
    ),
    "nested too deeply": (
        "[" * 100_000,
        ("score", "FILE"),
        "FILE: nested too deeply to be a game file; refused",
    ),
    "UTF-32": (
        "{}".encode("utf-32"),
        ("score", "FILE"),
        "FILE: a UTF-32 text file; save it as UTF-8 (or UTF-16)",
    ),
    "not UTF-8": (
        b'{"players": ["Jos\xe9"]}',
        ("score", "FILE"),
        "FILE: not a text file (invalid UTF-8 at byte 17)",
    ),
    "no such file": (None, ("score", "FILE"), "FILE: no such file"),
    "a path through a file": (
        _game(),
        ("score", "FILE/x.json"),
        "FILE/x.json: cannot read: Not a directory",  # the system's words, translated
    ),
    "not a game file": (
        "[]",
        ("score", "FILE"),
        'FILE: not a scoresheet game file (no "format": "scoresheet-game")',
    ),
    "newer": (
        _game(version=99),
        ("score", "FILE"),
        "FILE: written by a newer scoresheet (format version 99); this one reads up to version 1",
    ),
    "unknown game": (
        _game(game="chess"),
        ("score", "FILE"),
        'FILE: game: "chess" is not a game this tool scores (barbu, rosbiratschka, '
        "caribbean-all-fours, belote, coinche)",
    ),
    "look-alike names": (
        _game(players=["Ann", "\u0410nn", "Cat", "Dan"]),
        ("score", "FILE"),
        'FILE: players: "Ann" and "\u0410nn" cannot be told apart: they look the same '
        "(Latin A, Cyrillic \u0410)",
    ),
    "decomposed name": (
        _game(players=["Jose\u0301", "Bob", "Cat", "Dan"]),
        ("score", "FILE"),
        'FILE: players: "Jose\u0301" writes é as e + U+0301 (as some systems save text): save it '
        "in composed Unicode (NFC)",
    ),
    "a name twice": (
        _game(players=["Ann", "Ann", "Cat", "Dan"]),
        ("score", "FILE"),
        'FILE: players: "Ann" is listed twice',
    ),
    "names alike but for case": (
        _game(players=["Ann", "ANN", "Cat", "Dan"]),
        ("score", "FILE"),
        'FILE: players: "Ann" and "ANN" cannot be told apart (players are typed in any case)',
    ),
    "a separator in a name": (
        _game(players=["Ann/Bo", "Bob", "Cat", "Dan"]),
        ("score", "FILE"),
        'FILE: players: "Ann/Bo" contains / (names may not contain any of , / | : ;)',
    ),
    "an invisible name": (
        _game(players=["\u200b", "Bob", "Cat", "Dan"]),
        ("score", "FILE"),
        'FILE: players: "\\u200b" has no visible character',
    ),
    "a preset of another game": (
        _game(game="belote", rules="classic"),
        ("score", "FILE"),
        'FILE: rules: "classic" is a preset of barbu, not of belote (belote\'s presets: belote)',
    ),
    "an option of the wrong type in the file": (
        _game(options={"values": {"no-king": "abc"}}),
        ("score", "FILE"),
        'rules "classic" with the game\'s options, values.no-king: "abc" is not a whole number',
    ),
    "bad --option": (
        None,
        (*NEW, "--option", "values.no-king=99999999999"),
        'rules "classic" with the game\'s options, values.no-king: 99999999999 is too large: '
        "at most 1000000",
    ),
    "--option naming no rule": (
        None,
        (*NEW, "--option", "name=x"),
        "options: name is not a rule an option changes (the rules in force are named by their "
        "preset and options)",
    ),
    "no such preset": (
        None,
        (*NEW, "--rules", "nosuch"),
        'rules: no preset named "nosuch" (known: PRESETS)',
    ),
    "--first not a player": (
        None,
        (*NEW, "--first", "Zed"),
        '--first: "Zed" is not one of the players',
    ),
    "--team in a game without partnerships": (
        None,
        (*NEW, "--team", "Ann,Cat"),
        "--team: Barbu is not played in partnerships; leave out --team",
    ),
    "look-alike names typed": (
        None,
        ("new", "x.json", "--players", "Ann,\u0410nn,Cat,Dan"),
        'x.json: players: "Ann" and "\u0410nn" cannot be told apart: they look the same '
        "(Latin A, Cyrillic \u0410)",
    ),
    "a game file named .xlsx": (
        None,
        ("new", "x.xlsx", "--players", "Ann,Bob,Cat,Dan"),
        "x.xlsx: the name of a game file must end in .json; refused",
    ),
    "a game that exists": (
        _game(),
        ("new", "FILE", "--players", "Ann,Bob,Cat,Dan"),
        "FILE already exists (use --force to replace it)",
    ),
    "no deal to undo": (_game(), ("undo", "FILE"), "FILE: there is no deal to undo"),
    "a bad --trim": (
        _game(),
        ("history", "FILE", "--trim", "-1"),
        "--trim: -1 is not a number of entries to keep (0 or more)",
    ),
    "a bad --before": (
        _game(),
        ("history", "FILE", "--before", "lastweek"),
        '--before: "lastweek" is not a date (2026-12-01, or a date and time 2026-12-01T20:00)',
    ),
    "an archive not named .json": (
        _game(),
        ("history", "FILE", "--trim", "1", "--archive", "x.txt"),
        "x.txt: the name of a history archive must end in .json; refused",
    ),
}

# Left in a refusal, untranslated on purpose: what the file or the command line says.
KEPT = {
    "scoresheet",  # the program, starting every refusal
    *("format", "version", "game", "rules", "players", "deals", "notes", "options"),
    *("contract", "doubles", "colour", "values", "no-king", "name"),  # keys of the files
    *("barbu", "belote", "rosbiratschka", "caribbean-all-fours", "coinche", "classic"),
    *("json", "xlsx", "txt", "x"),  # file names and endings
}
PSEUDO_SPAN = re.compile(
    re.escape(OPEN) + r"[^" + re.escape(OPEN + CLOSE) + r"]*" + re.escape(CLOSE)
)


def _refusal(case: str, lang: str, tmp_path: Path) -> str:
    text, command, _ = CASES[case]
    path = tmp_path / "g.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    elif text is not None:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    args = [a.replace("FILE", str(path)) for a in command]
    done = subprocess.run(
        [str(SCRIPT), "--lang", lang, *args],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("scoresheet: "), lines[0]
    line = lines[0].removeprefix("scoresheet: ")
    return line.replace(str(path), "FILE").replace(path.name, "FILE")


def _english_words(line: str) -> set[str]:
    """The words of a refusal under ``qps`` that did not come from the catalogs."""
    while PSEUDO_SPAN.search(line):  # messages inside messages: innermost first
        line = PSEUDO_SPAN.sub(" ", line)
    line = re.sub(r'"[^"]*"', " ", line)  # quoted input
    line = re.sub(r"\\[xu][0-9a-fA-F]+|(?<![\w-])--[\w-]+|FILE", " ", line)  # escapes, options
    words = re.findall(r"[A-Za-z][\w-]*", line)
    return {w for w in words if w.lower() not in KEPT and not w.isupper()}


@pytest.mark.parametrize("case", list(CASES))
def test_a_refusal_has_no_english_word_left_under_the_pseudo_language(
    case: str, tmp_path: Path
) -> None:
    line = _refusal(case, "qps", tmp_path)
    left = _english_words(line)
    assert left == set(), f"{case}: untranslated {sorted(left)} in: {line}"


@pytest.mark.parametrize("case", list(CASES))
def test_a_refusal_in_english_is_as_players_read_it(case: str, tmp_path: Path) -> None:
    line = _refusal(case, "en", tmp_path)
    expected = CASES[case][2]
    if "PRESETS" in expected:
        line = re.sub(r"\(known: [^)]*\)", "(known: PRESETS)", line)
    assert line == expected


def test_too_large_and_a_folder_are_refused_in_the_language_in_force(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(17_000_000)  # sparse: the size is refused before anything is read
    for target, english in (
        (big, "big.json: 16.2 MB is too large for a game file (at most 16.0 MB); refused"),
        (tmp_path, ".: is a folder, not a game file; refused"),
    ):
        shown = "big.json" if target == big else "."
        lines = {}
        for lang in ("qps", "en"):
            done = subprocess.run(
                [str(SCRIPT), "--lang", lang, "score", shown],
                capture_output=True,
                text=True,
                env=ENV,
                cwd=tmp_path,
                timeout=60,
            )
            assert done.returncode == 2, done.stderr
            lines[lang] = done.stderr.strip().removeprefix("scoresheet: ")
        assert lines["en"] == english
        left = _english_words(lines["qps"].replace("big.json", " "))
        assert left == set(), f"untranslated {sorted(left)} in: {lines['qps']}"
