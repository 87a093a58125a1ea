"""Whole games at a table that speaks its own language: a classic Barbu game entered
through ``play`` under a Japanese locale with Japanese answer words, a Belote game in
French and a Rosbiratschka game in German. Each ends with the same scores as the game
entered in English, and what the table reads is in its language.

The expected words are read from the catalogs themselves (what a translator wrote), never
from the program's output."""

from __future__ import annotations

import gettext
import io
import json
import os
import random
import re
import subprocess
from pathlib import Path
from typing import Any

from scoresheet import i18n, record
from scoresheet.games.barbu.score import score_game
from scoresheet.games.barbu.simulate import random_game
from scoresheet.i18n.catalog import mo_bytes, parse
from tests.barbu.test_cli import PLAYERS, game_answers, start_game
from tests.cli_helpers import SCRIPT

CONTRACTS = ("no-tricks", "no-hearts", "no-queens", "no-king", "no-last-two", "trumps", "dominoes")
# The kana and the ideographs of a Japanese screen.
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def catalog(code: str) -> gettext.GNUTranslations:
    path = i18n.CATALOGS / f"{code}.po"
    entries = parse(path.read_text(encoding="utf-8"), path.name)
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))


def run_in(locale: str, *args: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``scoresheet ARGS`` as a table whose system speaks ``locale`` runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("SCORESHEET_LANG", "LANGUAGE")}
    env.update({"LANG": locale, "LC_ALL": locale, "COLUMNS": "100"})
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def in_japanese(line: str, words: gettext.GNUTranslations) -> str:
    """An answer typed in English, typed as a Japanese table types it."""
    folded = line.strip().casefold()
    if folded in CONTRACTS:  # the contract by the name the Japanese sheet shows
        return words.pgettext("barbu contract", folded)
    for english in ("none", "all", "maximum", "family"):
        local = words.pgettext("answer", english).split("|")[0]
        same = {
            "none": {"", "none", "no", "-", "pass"},
            "all": {"all"},
            "maximum": {"maximum", "max", "x", "table"},
            "family": {"family", "flanks"},
        }[english]
        if folded in same and (folded or english == "none"):
            return local
    return line


def test_a_whole_classic_barbu_game_through_play_in_japanese(tmp_path: Path) -> None:
    words = catalog("ja")
    data = random_game(random.Random(3), "classic", players=PLAYERS)
    expected = score_game(record.from_data(data))
    path = start_game(tmp_path)
    english = game_answers(3, data)
    answers = [in_japanese(line, words) for line in english]
    # The Japanese none and contract names are typed, not only names and numbers.
    assert "なし" in answers
    assert words.pgettext("barbu contract", "trumps") in answers
    proc = run_in("ja_JP.UTF-8", "play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert "✗" not in proc.stdout, proc.stdout[-3000:]  # every answer was read
    assert score_game(record.load(path)).totals == expected.totals
    out = proc.stdout
    assert words.gettext("Standings") in out
    assert "Standings" not in out
    prompts = [line for line in out.splitlines() if line.strip() and not line[0].isspace()]
    english_only = [p for p in prompts if not JAPANESE.search(p) and re.search("[a-z]{4}", p)]
    # Lines with words and no Japanese at all: only names and codes may stand alone.
    assert english_only == [], english_only[:10]
    shown = run_in("ja_JP.UTF-8", "show", path)
    assert shown.returncode == 0, shown.stderr
    assert JAPANESE.search(shown.stdout)
    again = run_in("fr_FR.UTF-8", "score", path, "--json")
    assert json.loads(again.stdout)["totals"] == expected.totals


def _belote_answers() -> list[str]:
    """Two deals of Belote as a French table types them: the contract by its French name
    (cœur, sans), the taker, the card points, the last trick, and 'aucun' where the
    belote is asked."""
    return ["cœur", "bob", "62 90", "1", "aucun", "sans", "cat", "80", "0"]


def test_a_belote_game_in_french(tmp_path: Path) -> None:
    words = catalog("fr")
    path = tmp_path / "g.json"
    new = run_in("fr_FR.UTF-8", "new", path, "--rules", "belote", "--players", "Ann,Bob,Cat,Dan")
    assert new.returncode == 0, new.stderr
    proc = run_in("fr_FR.UTF-8", "play", path, stdin="\n".join([*_belote_answers(), ":q"]) + "\n")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert "✗" not in proc.stdout, proc.stdout  # every French answer was read
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    # The file keeps the canonical English words, whatever the table typed.
    assert [d["contract"] for d in data["deals"]] == ["hearts", "no-trumps"]
    shown = run_in("fr_FR.UTF-8", "show", path)
    assert shown.returncode == 0, shown.stderr
    standings = words.gettext("Standings")
    assert standings != "Standings"
    assert standings in shown.stdout
    assert "Standings" not in shown.stdout


def test_a_rosbiratschka_game_in_german(tmp_path: Path) -> None:
    words = catalog("de")
    path = tmp_path / "g.json"
    new = run_in(
        "de_DE.UTF-8", "new", path, "--rules", "rosbiratschka", "--players", "Ann,Bob,Cat,Dan"
    )
    assert new.returncode == 0, new.stderr
    proc = run_in("de_DE.UTF-8", "play", path, stdin="2 2 2 2\n:q\n")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    contract = words.pgettext("rosbiratschka contract", "no-tricks")
    assert contract != "no-tricks"
    assert contract in proc.stdout
    shown = run_in("de_DE.UTF-8", "show", path)
    assert shown.returncode == 0, shown.stderr
    assert contract in shown.stdout
