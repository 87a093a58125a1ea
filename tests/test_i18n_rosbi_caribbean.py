"""Rosbiratschka and Caribbean All Fours in the table's language: every word their
screens show goes through the catalogs (the pseudo-language finds none left in
English), their ``--json`` is the same in every language, and contract names and begs
are read in the language in force as well as in English — one reading, or refused
naming both."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoresheet import i18n
from scoresheet.errors import ScoresheetError
from scoresheet.i18n.pseudo import CLOSE, OPEN
from tests.cli_helpers import SCRIPT

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(
    [*ROOT.glob("examples/rosbiratschka*.json"), *ROOT.glob("examples/caribbean-all-fours*.json")]
)
PRESETS = (
    "rosbiratschka",
    "rosbiratschka-3",
    "caribbean-all-fours",
    "caribbean-all-fours-tobago",
    "caribbean-all-fours-7",
)
PLAYERS = ("Ann", "Bob", "Cat", "Dan")
# What may stay as it is on a screen: the players, the typed identifiers (contract ids,
# preset names, the keys of --set), the examples' names.
KEPT = {
    "scoresheet",
    *PLAYERS,
    "Eve",
    "Fay",
    *PRESETS,
    "no-tricks",
    "no-hearts",
    "no-jacks",
    "king-of-hearts",
    "hundred",
    "tricks",
    "hearts",
    "jacks",
    "high",
    "low",
    "jack",
}
_ACCENTED = re.compile(r"[^\x00-\x7f]")
_SPAN = re.compile(re.escape(OPEN) + r"([^" + re.escape(OPEN + CLOSE) + r"]*)" + re.escape(CLOSE))


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


def scoresheet(*args: str | Path, stdin: str | None = None, lang: str = i18n.PSEUDO) -> str:
    """The console script's output under ``lang``, 80 columns wide."""
    env = {**os.environ, "COLUMNS": "80", "SCORESHEET_LANG": lang}
    done = subprocess.run(
        [str(SCRIPT), *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout + done.stderr


def untranslated(text: str) -> list[str]:
    """The English words left on a screen once every pseudo span (nested ones too) is
    taken away, with the names, identifiers, card codes, file names and codes in
    capitals that may stay. A bracket of the game's own (``[GA]``, a point not
    counted) is kept unless it holds pseudo text."""
    text = re.sub(r"\S+\.json\b", " ", text)
    while True:
        stripped = _SPAN.sub(lambda m: " " if _ACCENTED.search(m.group(1)) else m.group(1), text)
        if stripped == text:
            break
        text = stripped
    words = re.findall(r"[A-Za-z][A-Za-z0-9_-]*", text)
    return sorted(
        {w for w in words if w not in KEPT and not re.fullmatch(r"[A-Z0-9]+", w.rstrip("-"))}
    )


def _check(screen: str, what: str, typed: tuple[str, ...] = ()) -> None:
    """No English word on ``screen`` but what the player ``typed`` (echoed after a prompt)."""
    answers = set(typed) | {"q"}
    screen = "\n".join(
        "" if line.startswith("> ") and line[2:] in answers else line
        for line in (
            re.sub(r"\]: (.*)$", lambda m: "]:" if m.group(1) in answers else m.group(0), line)
            for line in screen.splitlines()
        )
    )
    left = untranslated(screen)
    assert left == [], f"untranslated on {what}: {left}\n{screen}"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("command", ["score", "show", "status"])
def test_every_view_is_translated(example: Path, command: str) -> None:
    screen = scoresheet(command, example)
    assert OPEN in screen
    _check(screen, f"{command} {example.name}")
    for line in screen.splitlines():  # and still fits 80 columns
        from scoresheet.views.term import cells

        assert cells(line) <= 80, line


@pytest.mark.parametrize("preset", PRESETS)
def test_rules_show_is_translated(preset: str) -> None:
    _check(scoresheet("rules", "show", preset), f"rules show {preset}")


def test_a_rosbiratschka_play_transcript_is_translated(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    scoresheet("new", path, "--game", "rosbiratschka", "--players", ",".join(PLAYERS))
    answers = ["?", "Eve=8", "2 2 2 2", "back", "2 2 2 2", "3 3 2 0", "?", "4 0 0 0", "Cat"]
    screen = scoresheet("play", path, stdin="\n".join([*answers, "q"]) + "\n")
    assert "Cat" in screen
    _check(screen, "play (Rosbiratschka)", tuple(answers))


def test_a_caribbean_play_transcript_is_translated(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    scoresheet("new", path, "--game", "caribbean-all-fours", "--players", ",".join(PLAYERS))
    answers = [
        *("5S", "?", "t", "Eve", "bob", "c", "?", "dan/ann", "99 99", "38 41"),
        *("AH", "run", "AH", "7H", "KD", "?", "ann", "bob", "none", "40 30"),
        *("9C", "stand", "none", "70 30", "none", "10 10"),
    ]
    screen = scoresheet("play", path, stdin="\n".join([*answers, "q"]) + "\n")
    assert "Bob & Dan" in screen
    _check(screen, "play (Caribbean All Fours)", tuple(answers))


@pytest.mark.parametrize(
    "args",
    [
        ["add", "{game}", "--set", "hearts=Ann=9"],
        ["add", "{game}", "hundred", "--set", "tricks=Ann=8"],
        ["add", "{game}", "--set", "colour=red"],
    ],
    ids=["adds-up", "out-of-order", "unknown-key"],
)
def test_rosbiratschka_refusals_are_translated(tmp_path: Path, args: list[str]) -> None:
    path = tmp_path / "r.json"
    scoresheet("new", path, "--game", "rosbiratschka", "--players", ",".join(PLAYERS))
    scoresheet("add", path, "--set", "tricks=2,2,2,2")
    screen = scoresheet(*(str(path) if a == "{game}" else a for a in args))
    assert OPEN in screen
    _check(re.sub(r'"[^"]*"', " ", screen), " ".join(args))


def test_the_json_is_the_same_in_every_language() -> None:
    for example in EXAMPLES:
        english = scoresheet("score", example, "--json", lang="en")
        golden = ROOT / "tests" / "golden" / f"{example.stem}.score.json"
        if golden.is_file():
            assert english.strip() == golden.read_text(encoding="utf-8").strip()
        for code in (*i18n.languages()[1:], i18n.PSEUDO):
            assert scoresheet("score", example, "--json", lang=code) == english, code


class _Catalog:
    """A small catalog of one's own, for the readings in a language."""

    def __init__(self, words: dict[tuple[str, str], str]) -> None:
        self.words = words

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return self.words.get((context, message), message)


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    words = {
        ("rosbiratschka contract", "no-tricks"): "Keinen Stich!",
        ("rosbiratschka contract", "no-hearts"): "Keine Herzen!",
        ("rosbiratschka contract", "no-jacks"): "Keine Unter!",
        ("rosbiratschka contract", "king-of-hearts"): "Achtung, Herz-König!",
        ("rosbiratschka contract", "hundred"): "Hundert!",
        ("all fours", "stand"): "bleiben",
        ("all fours", "take-one"): "einen nehmen",
        ("all fours", "run"): "rennen|laufen lassen",
    }
    monkeypatch.setattr(i18n, "_catalog", lambda code: _Catalog(words))
    i18n.set_language("de")


@pytest.mark.usefixtures("german")
def test_a_rosbiratschka_contract_is_read_by_its_name_in_the_language() -> None:
    from scoresheet.games.rosbiratschka.entry import contract_word
    from scoresheet.games.rosbiratschka.rules import PAGE_RULES, RosbiratschkaRules

    rules = RosbiratschkaRules.from_data(PAGE_RULES)
    assert contract_word("Keine Herzen!", 2, rules) == "no-hearts"
    assert contract_word("keine h", 2, rules) == "no-hearts"
    assert contract_word("achtung", 4, rules) == "king-of-hearts"
    assert contract_word("no-hearts", 2, rules) == "no-hearts"  # English too
    with pytest.raises(ScoresheetError) as refused:  # two readings: refused naming both
        contract_word("keine", 2, rules)
    assert "no-hearts" in str(refused.value) and "no-jacks" in str(refused.value)
    with pytest.raises(ScoresheetError) as wrong:  # out of order, named in German
        contract_word("Keine Unter", 2, rules)
    assert "Keine Unter!" in str(wrong.value) and "Keine Herzen!" in str(wrong.value)


@pytest.mark.usefixtures("german")
def test_a_beg_is_read_in_the_language_one_reading_or_refused_naming_both() -> None:
    from scoresheet.games.caribbean_all_fours.entry import beg

    assert beg("bleiben") == "stand"
    assert beg("einen") == "take-one"
    assert beg("renn") == "run"
    assert beg("stand") == "stand" and beg("t") == "take-one"  # English too
    assert beg("r") == "run"  # an English short form, exactly: one reading
    assert beg("laufen") == "run"  # a second word of the language's, after "|"
    with pytest.raises(ScoresheetError) as refused:
        beg("gehen")
    assert str(refused.value) == 'beg: "gehen" is not bleiben, einen nehmen or rennen'


def test_a_start_two_begs_share_is_refused_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    from scoresheet.games.caribbean_all_fours.entry import beg

    words = {("all fours", "stand"): "rester", ("all fours", "run"): "relancer"}
    monkeypatch.setattr(i18n, "_catalog", lambda code: _Catalog(words))
    i18n.set_language("fr")
    assert beg("rest") == "stand" and beg("rel") == "run"
    with pytest.raises(ScoresheetError) as refused:
        beg("re")
    assert str(refused.value) == 'beg: "re" could be rester or relancer'


def test_stats_of_both_games_are_translated() -> None:
    screen = scoresheet("stats", *EXAMPLES)
    assert "Ann" in screen
    _check(screen, "stats")


def test_every_shipped_description_is_in_the_catalogs() -> None:
    """A preset's description is shown through the catalogs only when the source marks
    the same words: a description edited in its TOML must be edited there too."""
    from scoresheet.games.caribbean_all_fours import rules as all_fours
    from scoresheet.games.rosbiratschka import rules as rosbiratschka
    from scoresheet.rules import load_preset

    for preset in PRESETS:
        rules = load_preset(preset)
        marked = (
            rosbiratschka.PRESET_DESCRIPTIONS
            if rules.game == "rosbiratschka"
            else all_fours.PRESET_DESCRIPTIONS
        )
        assert rules.description in marked, preset
