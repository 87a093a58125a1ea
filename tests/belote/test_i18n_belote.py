"""Belote and Coinche in the language in force: every word of ``score``, ``show``,
``status``, ``stats``, ``rules show`` and ``play`` goes through the catalogs (checked in
the pseudo-language, where a word that did not stays plain English), ``--json`` is the
same in every language, and the words a player types — contracts, declarations, the
auction's keys, yes and no — are read in the language in force as well as in English,
one reading or refused naming both."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from scoresheet import i18n
from scoresheet.errors import ScoresheetError
from scoresheet.i18n.pseudo import CLOSE, OPEN
from tests.cli_helpers import ROOT, SCRIPT

BELOTE = ROOT / "examples" / "belote.json"
COINCHES = [ROOT / "examples" / f"{name}.json" for name in ("coinche", "coinche-bga")]
PRESETS = ("belote", "coinche", "coinche-bga", "coinche-bid-only")

# What may stay as it is on a screen in any language: the players' names, the games'
# names, the file names, and what a player types as it is (contract ids, rules keys and
# values, preset names) as the rules in force name them.
NAMES = {"Ann", "Bob", "Cat", "Dan", "Belote", "Coinche", "json", "g", "c"}
TYPED = {
    *PRESETS,
    *("spades", "hearts", "diamonds", "clubs", "no", "trumps", "all"),
    *("rules", "declarations", "target", "last_trick", "coinche", "surcoinche", "bid"),
    *("rounding", "nearest", "none", "belote", "points", "and", "own", "bga", "only"),
}
INNERMOST = re.compile(re.escape(OPEN) + r"[^" + re.escape(OPEN + CLOSE) + r"]*" + re.escape(CLOSE))


def run(*args: str | Path, stdin: str | None = None, lang: str = i18n.PSEUDO) -> str:
    done = subprocess.run(
        [str(SCRIPT), "--lang", lang, *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80"},
        timeout=60,
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout + done.stderr


def untranslated(text: str) -> list[str]:
    """The words left once every pseudo-language span (brackets nest: a contract's
    name inside a sentence) and what may stay are taken out."""
    while INNERMOST.search(text):
        text = INNERMOST.sub(" ", text)
    # Card codes (JH, 9H, TS), contract codes (NT, AT), numbers, punctuation and boxes.
    text = re.sub(r"[_Σ]", " ", text)  # a team's running total: ΣAC
    text = re.sub(r"\b[2-9TJQKA]{1,2}[SHDC]\b|\b[A-Z]{1,3}\b|\d+|[^\w\s]", " ", text)
    left = [w for w in text.split() if w not in NAMES and w.casefold() not in TYPED]
    return sorted(set(left))


@pytest.mark.parametrize(
    "args",
    [
        *([command, BELOTE] for command in ("score", "show", "status")),
        *([command, game] for command in ("score", "show", "status") for game in COINCHES),
        ["stats", BELOTE, *COINCHES],
        *(["rules", "show", preset] for preset in PRESETS),
    ],
    ids=lambda a: " ".join(Path(str(x)).stem for x in a),
)
def test_every_word_of_a_screen_is_translated(args: list[str | Path]) -> None:
    out = run(*args)
    assert OPEN in out
    left = untranslated(out)
    assert left == [], f"untranslated {left} on `{' '.join(map(str, args))}`:\n{out}"


def test_the_pseudo_test_finds_english() -> None:
    """The check itself: plain English is found, pseudo-language spans are not."""
    assert untranslated("[ţéåɱš: [ĥéåŕţš]] Ann took hearts for AC, 62 to 90") == [
        "for",
        "to",
        "took",
    ]


@pytest.fixture
def games(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    belote, coinche = tmp_path / "g.json", tmp_path / "c.json"
    players = ("--players", "Ann", "Bob", "Cat", "Dan")
    new = [str(SCRIPT), "new"]
    subprocess.run(
        [*new, belote, "--game", "belote", *players, "-o", "target=300", "-o", "declarations=true"],
        check=True,
        capture_output=True,
    )
    subprocess.run([*new, coinche, "--game", "coinche", *players], check=True, capture_output=True)
    yield belote, coinche
    shutil.rmtree(tmp_path, ignore_errors=True)


def spoken(transcript: str) -> str:
    """What ``play`` said: the transcript without the answers typed (echoed after a
    prompt, or on a line of their own after ``>``)."""
    transcript = re.sub(r"^> .*$", "", transcript, flags=re.M)
    return re.sub(r"(\]:) .*$", r"\1", transcript, flags=re.M)


def test_play_says_everything_in_the_language(games: tuple[Path, Path]) -> None:
    """A short game of each, with ``?`` and wrong answers, in the pseudo-language."""
    belote, coinche = games
    answers = [
        *("hearts", "?", "bob", "62 90", "?", "1", "d", "?", "tierce k", ""),
        *("x", "nt", "c", "80", "zz", "0", "", ""),
        *("at", "ann", "cards", "ann", "", "", ""),
    ]
    out = run("play", belote, stdin="\n".join(answers) + "\n")
    assert "took every card" not in out and "ţööķ éṽéŕý çåŕð" in out
    left = untranslated(spoken(out))
    assert left == [], f"untranslated {left} in:\n{out}"
    answers = [
        *("h", "?", "100", "ann", "?", "ann", "bob", "?", "", "56 96", "1", "ann"),
        *("s", "capot", "bob", "cat", "q"),
    ]
    out = run("play", coinche, stdin="\n".join(answers) + "\n")
    assert "ţĥé ĝåɱé îš öṽéŕ" not in out  # the test stopped before the end: q
    left = untranslated(spoken(out))
    assert left == [], f"untranslated {left} in:\n{out}"


@pytest.mark.parametrize("game", [BELOTE, *COINCHES])
def test_json_is_the_same_in_every_language(game: Path) -> None:
    english = run("score", game, "--json", lang="en")
    for code in (i18n.PSEUDO, "fr", "ja"):
        assert run("score", game, "--json", lang=code) == english


# -- typing in the language --------------------------------------------------------------


class Catalog:
    """A language made up for the test: French contract names and an artificial
    declaration name that starts like another kind."""

    WORDS: ClassVar[dict[tuple[str, str], str]] = {
        ("belote contract", "clubs"): "trèfle",
        ("belote contract", "hearts"): "cœur",
        ("belote contract", "all-trumps"): "tout atout",
        ("belote contract", "no-trumps"): "sans atout",
        ("belote declaration", "carre"): "tetrade",
        ("coinche auction", "coinche"): "kontra",
        ("coinche bid", "générale"): "grande",
        ("answer", "yes"): "ja",
    }

    def gettext(self, message: str, /) -> str:
        return "équipe {number}" if message == "team {number}" else message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return self.WORDS.get((context, message), message)


@pytest.fixture
def local(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_catalog", lambda code: Catalog())
    i18n.set_language("xx")
    yield
    i18n.set_language(i18n.SOURCE)


@pytest.mark.usefixtures("local")
def test_contracts_are_read_by_their_local_names() -> None:
    from scoresheet.games.belote.entry import read_contract

    assert read_contract("tout atout") == "all-trumps"
    assert read_contract("Trè") == "clubs"
    assert read_contract("cœur") == "hearts"
    assert read_contract("hearts") == "hearts"  # English is read in every language
    assert read_contract("sans") == "no-trumps"


@pytest.mark.usefixtures("local")
def test_a_start_two_contracts_share_is_refused_naming_both() -> None:
    from scoresheet.games.belote.entry import read_contract

    with pytest.raises(ScoresheetError) as refused:
        read_contract("t")
    assert str(refused.value) == 'contract: "t" could be trèfle or tout atout'
    # The refusal lists the contracts as the language in force names them.
    with pytest.raises(ScoresheetError, match=r"\(spades, cœur, diamonds, trèfle, sans atout"):
        read_contract("zz")


@pytest.mark.usefixtures("local")
def test_declarations_are_read_by_their_local_names() -> None:
    from scoresheet.partnership.entry import declaration_for_team, read_kind

    assert declaration_for_team("tetrade J") == {"kind": "carre", "rank": "J"}
    assert read_kind("tet") == "carre" and read_kind("carre") == "carre"
    with pytest.raises(ScoresheetError) as refused:
        read_kind("t")
    assert str(refused.value) == 'decl: "t" could be tierce or tetrade'


def test_english_kinds_keep_their_refusal() -> None:
    from scoresheet.partnership.entry import read_kind

    with pytest.raises(ScoresheetError, match=r'^decl: "c" is not a declaration \(tierce,'):
        read_kind("c")


@pytest.mark.usefixtures("local")
def test_the_auction_and_answers_in_the_language() -> None:
    from scoresheet.games.coinche.entry import auction_key, bid
    from scoresheet.partnership.play import _yes_no

    assert auction_key("kontra") == "coinche"
    assert auction_key("contrée") == "coinche" and auction_key("surcontre") == "surcoinche"
    assert bid("grande") == "generale" and bid("générale") == "generale"
    assert _yes_no("ja") is True and _yes_no("y") is True and _yes_no("n") is False
    assert _yes_no("") is False and _yes_no("Oui") is True


def test_french_synonyms_of_coinche_are_keys_of_add(tmp_path: Path) -> None:
    from scoresheet.games.coinche.entry import deal_from_flags
    from scoresheet.games.coinche.score import score_game

    empty = score_game({"rules": "coinche", "players": ["Bob", "Cat", "Dan", "Ann"]})
    sets = ["bid=100", "taker=Ann", "contrée=Bob", "surcontree=Dan", "points=56,96"]
    deal = deal_from_flags(empty, 1, "h", {"set": [*sets, "last_trick=1"]})
    assert deal["coinche"] == "Bob" and deal["surcoinche"] == "Dan"
    with pytest.raises(ScoresheetError, match=r"^--set: coinche is given twice$"):
        deal_from_flags(empty, 1, "h", {"set": [*sets, "contre=Cat", "last_trick=1"]})


@pytest.mark.usefixtures("local")
def test_a_team_is_named_in_the_language() -> None:
    from scoresheet.games.belote.entry import team

    players, teams = ["Ann", "Bob", "Cat", "Équipe 10"], (("Ann", "Cat"), ("Bob", "Équipe 10"))
    assert team("Équipe 0", players, teams, field="belote") == 0
    assert team("team 1", players, teams, field="belote") == 1
    # "équipe 1" is team 1, and the start of a player's name in team 1: one reading.
    assert team("équipe 1", players, teams, field="belote") == 1
    teams = (("Ann", "Équipe 10"), ("Bob", "Cat"))
    with pytest.raises(ScoresheetError) as refused:
        team("équipe 1", players, teams, field="belote")
    assert str(refused.value).startswith(
        "belote: \"équipe 1\" could be Équipe 10's team (0) or équipe 1; type the player's name"
    )
