"""The table commands, ``settle`` and ``stats`` in the pseudo-language: every word they
print comes from the catalogs (nothing English is left once the pseudo spans, names,
numbers, files, typed identifiers and punctuation are set aside), their ``--json`` is
the same in every language, and money and dates are written as each language writes
them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoresheet import i18n
from scoresheet.evening.money import money, number
from scoresheet.i18n.pseudo import CLOSE, OPEN
from tests.cli_helpers import ROOT, SCRIPT

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
EVENING = sorted((ROOT / "examples" / "evening").glob("classic-*.json"))
# What may stay on a screen: the program, names, typed identifiers (contracts, games,
# presets, answers typed as they are), the currency and JSON keys echoed by history.
KEPT = {"scoresheet", "play", "score", "json", "barbu", "classic", "contract", "result"}
_SPAN = re.compile(re.escape(OPEN) + r"[^" + re.escape(OPEN + CLOSE) + r"]*" + re.escape(CLOSE))


def leftovers(text: str, also: frozenset[str] = frozenset()) -> set[str]:
    """The words of ``text`` that did not go through the catalogs."""
    while _SPAN.search(text):  # innermost first: a message may hold another
        text = _SPAN.sub(" ", text)
    text = re.sub(r"\S+\.json\b|\S+/\S*", " ", text)  # files and folders
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:+-]+", " ", text)  # an ISO moment, as in the file
    text = re.sub(r"(?<![\w-])--?\w[\w-]*|\b[A-Z]\b|\bno-[\w-]+", " ", text)
    words = set(re.sub(r"[^\w]|\d|_", " ", text).split())
    return words - {*PLAYERS, "Eve", *KEPT, *also}


def qps(*args: str | Path, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "80"}
    return subprocess.run(
        [str(SCRIPT), "--lang", i18n.PSEUDO, *map(str, args)],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def said(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout + done.stderr


@pytest.fixture
def game(tmp_path: Path) -> Path:
    made = qps("new", "g.json", "--players", *PLAYERS, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert leftovers(said(made)) == set(), said(made)
    return tmp_path / "g.json"


def test_new_add_undo_and_history_say_nothing_in_english(game: Path) -> None:
    where = game.parent
    screens = {
        "add": qps("add", game, "no-tricks", "-d", "Bob=Ann", "--tricks", "4,3,3,3", cwd=where),
        "undo, answered no": qps("undo", game, cwd=where, stdin="x\nn\n"),
        "undo, answered yes": qps("undo", game, cwd=where, stdin="y\n"),
        "undo with nothing": qps("undo", game, "--yes", cwd=where),
        "history": qps("history", game, cwd=where),
        "history --trim": qps("history", game, "--trim", "0", cwd=where),
        "history, emptied": qps("history", game, cwd=where),
    }
    found = {name: leftovers(said(done)) for name, done in screens.items()}
    assert all(not words for words in found.values()), {
        name: (sorted(words), said(screens[name])) for name, words in found.items() if words
    }
    assert screens["undo, answered yes"].returncode == 0


@pytest.mark.parametrize(
    "args",
    [
        ["add", "g.json", "--deal", "[1]"],
        ["add", "g.json", "no-queens", "--deal", "{}"],
        ["add", "g.json", "no-queens", "--queens", "Zed=4"],
        ["add", "g.json", "no-queens", "--queens", "2,2"],
        ["add", "g.json", "no-queens", "--queens", "A=x"],
        ["new", "h.json", "-p", "Ann", "Bob", "Cat", "Dan", "-o", "rotation"],
        ["history", "g.json", "--trim", "1", "--before", "2026-01-01"],
        ["show", "g.json", "--width", "12"],
        ["stats", "nowhere.json"],
        ["settle", "g.json", "--stake", "-1"],
        ["settle", "g.json", "--stake", "0.01", "--currency", " "],
        ["stats", "g.json", "--player", "Zoe"],
    ],
)
def test_refusals_say_nothing_in_english(game: Path, args: list[str]) -> None:
    done = qps(*args, cwd=game.parent)
    assert done.returncode != 0
    assert leftovers(said(done), frozenset({"rotation", "Zed", "Zoe", "x"})) == set(), said(done)


@pytest.fixture
def evening(tmp_path: Path) -> list[Path]:
    out = []
    for path in EVENING:
        shutil.copy(path, tmp_path / path.name)
        out.append(tmp_path / path.name)
    return out


def test_settle_and_stats_say_nothing_in_english(evening: list[Path]) -> None:
    where = evening[0].parent
    names = [p.name for p in evening]  # a file's name is never cut: keep them short
    settled = qps("settle", *names, "--stake", "0.01", cwd=where)
    figures = qps("stats", *names, cwd=where)
    assert settled.returncode == 0, settled.stderr
    assert figures.returncode == 0, figures.stderr
    assert leftovers(settled.stdout) == set(), settled.stdout
    assert leftovers(figures.stdout) == set(), figures.stdout
    for line in settled.stdout.splitlines() + figures.stdout.splitlines():
        assert len(line) <= 80, line


@pytest.mark.parametrize("command", [["settle", "--stake", "0.01"], ["stats"]])
def test_json_is_the_same_in_every_language(evening: list[Path], command: list[str]) -> None:
    where = evening[0].parent
    answers = set()
    for code in ("en", "fr", "ja", i18n.PSEUDO):
        done = subprocess.run(
            [str(SCRIPT), "--lang", code, command[0], *evening, *command[1:], "--json"],
            capture_output=True,
            text=True,
            cwd=where,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        json.loads(done.stdout)
        answers.add(done.stdout)
    assert len(answers) == 1


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


@pytest.mark.parametrize(
    ("code", "amount", "currency", "shown"),
    [
        ("en", "2.50", "€", "€2.50"),
        ("en", "+1234.50", "€", "+€1,234.50"),
        ("fr", "2.50", "€", "2,50\u00a0€"),
        ("fr", "-1234.50", "€", "-1\u202f234,50\u00a0€"),
        ("de", "+1234567.5", "CHF", "+1.234.567,5\u00a0CHF"),
        ("ja", "-250", "¥", "-¥250"),
        ("ja", "2.50", "€", "2.50€"),
        ("zh", "2.50", "CHF", "2.50 CHF"),
        ("zh", "+12345", "$", "+$12,345"),
        ("pt_BR", "2.50", "€", "€2.50"),  # a language without a rule writes as English
    ],
)
def test_money_is_written_as_each_language_writes_it(
    code: str, amount: str, currency: str, shown: str
) -> None:
    assert money(amount, currency, code) == shown


def test_money_follows_the_language_in_force(language: None) -> None:
    i18n.set_language("de")
    assert money("-0.25", "€") == "-0,25\u00a0€"
    assert number("3/7") == "3/7"  # a fraction is left as it is
    i18n.set_language("en")
    assert money("-0.25", "€") == "-€0.25"


def test_dates_follow_the_language(language: None) -> None:
    from scoresheet.views.common import moment

    at = "2026-12-05T20:15:00+00:00"
    assert moment(at) == at
    expected = {
        "fr": "05/12/2026 20:15:00 UTC",
        "de": "05.12.2026 20:15:00 UTC",
        "ja": "2026/12/05 20:15:00 UTC",
        "zh": "2026-12-05 20:15:00 UTC",
    }
    for code, shown in expected.items():
        i18n.set_language(code)
        assert moment(at) == shown
    assert moment("not a date") == "not a date"


def test_local_yes_and_suit_names_are_read(language: None) -> None:
    from scoresheet.entry import suit

    i18n.set_language(i18n.PSEUDO)
    assert suit("[ĥéåŕţš]", field="trump") == "hearts"
    assert suit("[ĥé", field="trump") == "hearts"
    assert suit("hearts", field="trump") == "hearts"


def test_undo_reads_the_yes_of_the_language_in_force(game: Path) -> None:
    where = game.parent
    qps("add", game, "no-tricks", "-d", "Bob=Ann", "--tricks", "4,3,3,3", cwd=where)
    asked = qps("undo", game, cwd=where, stdin="[ýéš]\n")  # "yes" in the pseudo-language
    assert asked.returncode == 0, said(asked)
    assert json.loads(game.read_text(encoding="utf-8"))["deals"] == []
