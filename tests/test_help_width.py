"""``scoresheet --help`` at 80 columns, in every language: no line of the description
or of the panels holds a single word left over from the line above (an orphan such as
``bets.`` or ``す。``)."""

from __future__ import annotations

import os
import subprocess

import pytest

from scoresheet.views.term import cells
from tests.cli_helpers import SCRIPT

LANGUAGES = ["en", "fr", "de", "ja", "zh"]


def _help(lang: str) -> str:
    env = {**os.environ, "COLUMNS": "80", "TERM": "dumb", "NO_COLOR": "1"}
    env.pop("FORCE_COLOR", None)
    proc = subprocess.run(
        [str(SCRIPT), "--lang", lang, "--help"], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def orphans(text: str) -> list[str]:
    """The lines of the description, and the continued lines of the panels' right-hand
    column, that hold one word alone: a
    single word of Latin letters, or a few wide characters (Japanese and Chinese have no
    spaces: up to four characters, the tail of a sentence such as ``ります。``).

    >>> orphans("│ settle   Who pays whom after a game or an evening of games, and the side  │\\n"
    ...         "│          bets.                                                            │")
    ['bets.']
    >>> orphans("│ new      ルールに従って、ゲームファイルを作成しま  │\\n"
    ...         "│          す。                                      │\\n"
    ...         "│          ルールと照合します。                      │")
    ['す。']
    """
    found = []
    for line in text.splitlines():
        if line.startswith("│") and line.rstrip().endswith("│"):
            inner = line.rstrip()[1:-1]
            if not inner.startswith("   "):  # a row's first line (a name or an option)
                continue
        elif line.startswith(" ") and not line.startswith("  "):  # the description
            inner = line
        else:
            continue
        words = inner.split()
        if len(words) == 1 and (words[0].isascii() or cells(words[0]) <= 8):
            found.append(words[0])
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_at_80_columns_leaves_no_word_alone_on_a_line(lang: str) -> None:
    shown = _help(lang)
    assert max(cells(line) for line in shown.splitlines()) <= 80
    assert orphans(shown) == []
