"""Barbu in the language in force: every word a player reads goes through the catalogs.

Under the pseudo-language ``qps`` every message looked up comes out wrapped and accented
(``[Šçöŕé…]``), so what is left of a screen once those spans, the players' names, numbers,
card codes, contract codes and punctuation are taken away is English that bypassed the
catalogs: ``score``, ``show``, ``status``, ``history``, ``rules show`` and a ``play``
transcript must leave none. ``--json`` stays the same in every language, and a contract
or suit is typed in the language in force as well as in English, one reading or refused.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from scoresheet import i18n
from scoresheet.entry import suit
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.entry import contract_meant
from scoresheet.games.barbu.score import score_game, to_json
from scoresheet.i18n.pseudo import CLOSE, OPEN
from scoresheet.rules import load_preset, resolve
from scoresheet.session import new_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SCRIPT = Path(sys.executable).with_name("scoresheet")
GAMES = ["classic.json", "chinese-poker.json", "salad.json"]
# A pseudo span holds no other (the innermost first: a message's placeholders are often
# messages too); it may be wrapped over lines.
PSEUDO_SPAN = re.compile(
    re.escape(OPEN) + r"[^" + re.escape(OPEN + CLOSE) + r"]*" + re.escape(CLOSE)
)
# What may stay on a screen: numbers, card codes (QS, A♥, 10H), the contract codes and
# doubles marks of the compact sheet (NQ, X, R), options, capitals, punctuation, the
# preset names and house options of the title line (identifiers a player types).
KEPT = re.compile(
    r"(?<![\w-])--?\w[\w-]*"  # options
    r"|\b(?:10|[2-9TJQKA])[SHDC♠♥♦♣]\b|[2-9TJQKA][♠♥♦♣]"  # card codes
    r"|\b[A-Z][A-Z_]*\b"  # codes and capitals: NT, NQ, X, TOTAL
    r"|\d+"
    r"|Σ[A-Z]*"  # running totals: ΣA
    r"|/s\b"  # a split deal's mark beside its code: NH/s
    r"|[^\w\s]"
)


def _command() -> list[str]:
    if SCRIPT.exists():
        return [str(SCRIPT)]
    return [sys.executable, "-c", "from scoresheet.cli import main; main()"]


def run(*args: str | Path, stdin: str = "", lang: str = i18n.PSEUDO) -> str:
    done = subprocess.run(
        [*_command(), "--lang", lang, *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "80", "NO_COLOR": "1"},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout + done.stderr


def leftovers(text: str, allowed: Sequence[str] = ()) -> list[str]:
    """The words of ``text`` that did not come through the catalogs."""
    while PSEUDO_SPAN.search(text):
        text = PSEUDO_SPAN.sub(" ", text)
    text = KEPT.sub(" ", text)
    words = set(re.findall(r"[^\W\d_][\w'-]*", text)) - set(allowed)
    return sorted(words)


def _allowed(path: Path) -> list[str]:
    """The players of a game, its file name and the preset named in its title."""
    data = json.loads(path.read_text(encoding="utf-8"))
    rules = data["rules"] if isinstance(data["rules"], str) else data["rules"].get("name", "")
    names = [w for p in data["players"] for w in re.findall(r"\w+", p)]
    words = re.findall(r"[^\W\d_]+", " ".join([path.name, rules]))
    return ["scoresheet", *names, *words]  # the program names itself in a refusal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["score", "show", "status", "history"])
def test_every_view_is_translated(command: str, game: str) -> None:
    path = EXAMPLES / game
    text = run(command, path)
    left = leftovers(text, _allowed(path))
    assert left == [], f"untranslated on `{command} {game}`: {left}\n{text}"


@pytest.mark.parametrize("preset", ["classic", "chinese-poker", "salad"])
def test_rules_show_is_translated(preset: str) -> None:
    text = run("rules", "show", preset)
    # The contract ids in the first column are what a player types: they stay.
    ids = list(load_preset(preset).contracts)
    allowed = [*re.findall(r"[^\W\d_]+", " ".join([preset, *ids])), "Barbu"]
    left = leftovers(text, allowed)
    assert left == [], f"untranslated on `rules show {preset}`: {left}\n{text}"


def test_stats_are_translated() -> None:
    text = run("stats", *(EXAMPLES / g for g in GAMES))
    left = leftovers(text, [w for g in GAMES for w in _allowed(EXAMPLES / g)])
    assert left == [], f"untranslated in `stats`: {left}\n{text}"


def test_views_still_fit_80_columns() -> None:
    """A pseudo-language sheet is longer than English: it still fits the terminal."""
    for command in ("score", "show", "status"):
        text = run(command, EXAMPLES / "classic.json")
        wide = [line for line in text.splitlines() if len(line) > 80]
        assert wide == [], f"`{command}` wider than 80 columns: {wide}"


# -- play --------------------------------------------------------------------------------

PLAY_ANSWERS = [
    "?",  # the contract's help
    "no-queens",
    "Ann",  # Bob doubles the declarer
    "Ann",
    "?",  # the double's help
    "Ann",
    "none",  # Ann redoubles nobody
    "?",  # the result's help
    "Bob=2,Cat=1,Dan=1",
    "nk",  # no-king, by its code
    "",
    "",
    "",  # nobody doubled: split, no result asked
    "trumps",
    "a",
    "",
    "",
    "b",  # Ann redoubles Bob
    "?",
    "hearts",
    "3 3 3 4",
    "dom",
    "",
    "",
    "",
    "zz",  # refused: not a player
    "Dan, Ann, Cat",
    "",
]


def test_play_is_translated(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_game(path, ["Ann", "Bob", "Cat", "Dan"], rules="classic", game="barbu")
    text = run("play", path, stdin="\n".join(PLAY_ANSWERS) + "\n")
    deals = json.loads(path.read_text(encoding="utf-8"))["deals"]
    assert [d["contract"] for d in deals] == ["no-queens", "no-king", "trumps", "dominoes"]
    left = leftovers(text, [*_allowed(path), *_typed(PLAY_ANSWERS)])
    assert left == [], f"untranslated in `play`: {left}\n{text}"


def _typed(answers: Sequence[str]) -> list[str]:
    """The words a player typed, echoed in the transcript."""
    return re.findall(r"[^\W\d_]+", " ".join(answers))


def test_play_of_chinese_poker_is_translated(tmp_path: Path) -> None:
    path = tmp_path / "poker.json"
    new_game(path, ["Ann", "Bob", "Cat", "Dan"], rules="chinese-poker", game="barbu")
    answers = ["chinese", "", "", "", "?", "beats", "?", "3/3/3", "2/2/2", "1/1/1", "0/0/0"]
    text = run("play", path, stdin="\n".join(answers) + "\n")
    assert json.loads(path.read_text(encoding="utf-8"))["deals"][0]["contract"] == "chinese-poker"
    left = leftovers(text, [*_allowed(path), *_typed(answers)])
    assert left == [], f"untranslated in `play`: {left}\n{text}"


# -- what is never translated ----------------------------------------------------------------


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


def test_score_json_is_the_same_in_every_language(language: None) -> None:
    """Even the violations' messages: a house rule of 7 doubles of every declarer, which
    nobody at this table made."""
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    rules = resolve("classic", {"doubling": {"min_declarer_doubles": 7}})
    english = json.dumps(to_json(score_game(copy.deepcopy(data), rules)))
    assert json.loads(english)["violations"]
    for code in (i18n.PSEUDO, "fr", "ja"):
        i18n.set_language(code)
        assert json.dumps(to_json(score_game(copy.deepcopy(data), rules))) == english, code


def test_score_json_command_is_the_same_in_every_language() -> None:
    for game in GAMES:
        english = run("score", "--json", EXAMPLES / game, lang="en")
        assert run("score", "--json", EXAMPLES / game) == english, game


# -- typing in the language in force ---------------------------------------------------------

FAKE = {
    ("barbu contract", "trumps"): "atout",
    ("barbu contract", "no-last-two"): "deux derniers",
    ("barbu contract", "dominoes"): "dominos",
    ("barbu contract", "no-queens"): "pas de dames",
    ("suit", "diamonds"): "Karo",
    ("suit", "clubs"): "Kreuz",
    ("suit", "hearts"): "Herz",
    ("suit", "spades"): "Pik",
}


class _Fake:
    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return FAKE.get((context, message), message)


@pytest.fixture
def fake_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_catalog", lambda code: _Fake())
    i18n.set_language("fr")
    yield
    i18n.set_language(i18n.SOURCE)


CLASSIC = load_preset("classic").contracts


def test_a_contract_is_typed_by_its_name_in_the_language(fake_language: None) -> None:
    assert contract_meant("atout", CLASSIC, CLASSIC) == "trumps"
    assert contract_meant("pas de d", CLASSIC, CLASSIC) == "no-queens"
    assert contract_meant("at", CLASSIC, CLASSIC) == "trumps"
    assert contract_meant("no-queens", CLASSIC, CLASSIC) == "no-queens"  # the id, always
    assert contract_meant("queens", CLASSIC, CLASSIC) == "no-queens"


def test_a_contract_is_typed_by_its_code_exactly() -> None:
    assert contract_meant("NQ", CLASSIC, CLASSIC) == "no-queens"
    assert contract_meant("nlt", CLASSIC, CLASSIC) == "no-last-two"
    with pytest.raises(ScoresheetError, match="is not one of"):
        contract_meant("nqx", CLASSIC, CLASSIC)  # a code is not a prefix


def test_a_code_means_what_the_legend_says_before_any_start_of_a_name(
    fake_language: None,
) -> None:
    # "d": the legend's code of dominoes, though also the start of "deux derniers"; "t":
    # the code of trumps, though also the start of "tricks". A code is exact and read
    # first, as the legend prints it.
    assert contract_meant("d", CLASSIC, CLASSIC) == "dominoes"
    assert contract_meant("T", CLASSIC, CLASSIC) == "trumps"


def test_a_contract_with_two_readings_is_refused_naming_both(fake_language: None) -> None:
    # "do": the start of "dominos" and of "dominoes" (one contract), no code: one reading;
    # "no": the start of every negative contract's English name: refused naming them.
    assert contract_meant("do", CLASSIC, CLASSIC) == "dominoes"
    with pytest.raises(ScoresheetError, match="could be") as refused:
        contract_meant("no", CLASSIC, CLASSIC)
    assert "no-queens" in str(refused.value)
    assert "no-king" in str(refused.value)


def test_a_suit_is_typed_in_the_language(fake_language: None) -> None:
    assert suit("Karo", field="trump") == "diamonds"
    assert suit("kr", field="trump") == "clubs"
    assert suit("hearts", field="trump") == "hearts"  # English, always
    assert suit("♣", field="trump") == "clubs"
    with pytest.raises(ScoresheetError, match="could be"):
        suit("k", field="trump")  # Karo or Kreuz
