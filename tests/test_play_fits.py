"""What `play` prints itself (intro, prompts, notes, `?` help, refusals) fits the terminal:
no line wider than the width in display cells, no word broken across lines; the intro
names the rules in force; counts are worded with the right plural.

Driven through the console script with answers on stdin, for every game, with a wide
(山田) and accented names among the players.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.games.barbu.play import owed_lines
from scoresheet.games.barbu.score import Owed
from scoresheet.views.term import Term
from tests.cli_helpers import SCRIPT, run
from tests.test_terminal_views import display_cells, widest

PLAYERS = ["山田", "Zoë", "José-María", "Dan"]

# Each game: how it is created, the rules in force the intro must name, and the answers
# of one whole deal (with a `?` and a wrong answer) followed by the start of the next.
GAMES = {
    "barbu": (
        ["-o", "values.no-king=-25"],
        "rules classic; no-king -25",
        ["?", "queens", "Zoë", "山田", "", "", "", "?", "2,1,1,9", "2,1,1,0", "?", "quit"],
    ),
    "ravage-city": (
        ["--rules", "ravage-city"],
        "rules ravage-city",
        ["ravage", "山田", "", "", "", "cards", "?", "3 2 1 1", *["2/2/2/2"] * 3, "?", "quit"],
    ),
    "rosbiratschka": (
        ["--game", "rosbiratschka", "-o", "values.king-of-hearts=10"],
        "rules rosbiratschka; king-of-hearts 10",
        ["?", "2 3 1 1", "2 3 1 2", "?", "quit"],
    ),
    "belote": (
        ["--game", "belote", "-o", "target=500"],
        "rules belote; target 500",
        ["hearts", "zoë", "62 90", "?", "Eve", "1", "", "?", "quit"],
    ),
    "caribbean-all-fours": (
        ["--game", "caribbean-all-fours", "-o", "target=10"],
        "rules caribbean-all-fours; target 10",
        ["?", "5S", "stand", "zoë", "山田", "none", "30 31", "30 30", "?", "quit"],
    ),
}

# "1 deals", "1 times", … but not "1 plus" (none of the words here end that way).
ONE_PLURAL = re.compile(r"(?<![\d.,/+-])\b1 [a-z]+s\b")


def new(folder: Path, game: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "g.json"
    made = run("new", path, "--players", *PLAYERS, *GAMES[game][0])
    assert made.returncode == 0, made.stderr
    return path


def play(path: Path, answers: list[str], columns: int) -> str:
    proc = subprocess.run(
        [str(SCRIPT), "play", str(path)],
        input="\n".join(answers) + "\n",
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1"},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout


def words(text: str) -> list[str]:
    """The words in order, without the short ``>`` prompt of a long question."""
    return [w for w in text.split() if w != ">"]


@pytest.mark.parametrize("columns", [50, 80])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_play_transcript_fits_and_breaks_only_between_words(
    tmp_path: Path, game: str, columns: int
) -> None:
    _, in_force, answers = GAMES[game]
    narrow = play(new(tmp_path / "narrow", game), answers, columns)
    wide = play(new(tmp_path / "wide", game), answers, 1000)
    assert widest(narrow) <= columns, narrow
    # The same words in the same order as on a terminal wide enough for every line:
    # wrapping moved them to other lines, it did not cut or clip any.
    assert words(narrow) == words(wide), narrow
    intro = " ".join(narrow.split("\n\n")[0].split())
    assert in_force in intro, intro
    assert "✗" in narrow and "Type back for the previous question" in narrow
    assert not ONE_PLURAL.search(" ".join(narrow.split())), narrow


def test_a_long_question_is_asked_on_its_own_lines_then_after_a_short_prompt(
    tmp_path: Path,
) -> None:
    out = play(new(tmp_path, "barbu"), ["queens", "quit"], 50)
    lines = out.splitlines()
    at = lines.index("> quit")
    assert lines[at - 2 : at] == [
        "Zoë doubles whom? (山田, José-María, Dan, maximum,",
        "  family, none):",
    ]
    # A short one keeps its answer on its line.
    assert "Contract: queens" in lines


def test_the_doubles_owed_keep_their_mark_inside_the_width(tmp_path: Path) -> None:
    out = play(new(tmp_path, "barbu"), ["quit"], 40)
    owed = out[out.index("Doubles owed to 山田:") :].split("Contract:")[0]
    assert owed.splitlines()[1:3] == [
        "  - Zoë must still double 山田 2 times",
        "      in 山田's last 7 deals",
    ]
    assert widest(out) <= 40, out


def test_the_intro_says_one_deal_played(tmp_path: Path) -> None:
    path = new(tmp_path, "caribbean-all-fours")
    play(path, ["5S", "stand", "zoë", "山田", "none", "30 30", "quit"], 80)
    again = " ".join(play(path, ["quit"], 80).split())
    assert "first to 10; 1 deal played." in again
    assert "keeps its 1 deal" in again


def test_new_fits_the_width_and_keeps_the_file_name_whole(tmp_path: Path) -> None:
    path = tmp_path / "a-file-name-longer-than-the-terminal-is-wide.json"
    proc = subprocess.run(
        [str(SCRIPT), "new", str(path), "--players", *PLAYERS],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "40"},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert all(widest(line) <= 40 for line in lines if str(path) not in line), proc.stdout
    assert lines[-1] == f"  {path}"  # on a line of its own, whole
    assert " ".join(proc.stdout.split()).endswith("Next: scoresheet play " + str(path))


def test_counts_of_one_are_singular_in_what_play_says(tmp_path: Path) -> None:
    out = play(
        new(tmp_path, "ravage-city"), ["ravage", "山田", "", "", "", "cards", "1/0/0/0", "quit"], 80
    )
    assert "山田 took 1 card, not a whole number of tricks" in out
    # The doubles owed, as play's header lists them: one double that can no longer be made.
    lost = Owed(doubler="Zoë", declarer="山田", made=0, required=1, remaining=0)
    assert owed_lines([lost], Term(width=80)) == [
        "  ! Zoë can no longer double 山田 once (0 so far, 山田's last 0 deals left)"
    ]


def test_history_and_undo_fit_the_width_without_cutting_a_word(tmp_path: Path) -> None:
    path = new(tmp_path, "barbu")
    steps: list[list[str | Path]] = [
        ["add", path, "no-king", "-d", "Zoë=山田", "--king", "Dan"],
        ["add", path, "queens"],
        ["edit", path, "1", "no-king", "-d", "Zoë=山田", "--king", "José-María"],
        ["undo", path, "--yes"],
    ]
    for args in steps:
        assert run(*args).returncode == 0
    shown = {}
    for columns in (40, 1000):
        proc = subprocess.run(
            [str(SCRIPT), "history", str(path)],
            capture_output=True,
            text=True,
            env={**os.environ, "COLUMNS": str(columns)},
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        shown[columns] = proc.stdout
    assert widest(shown[40]) <= 40, shown[40]
    assert words(shown[40]) == words(shown[1000])
    assert '{"king_of_hearts": "José-María"}' in " ".join(shown[40].split())


WORD = st.text(st.sampled_from("aéZ山田-,.()✗"), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(WORD, min_size=1, max_size=30),
    st.sampled_from(["", "  ", "  ✗ "]),
    st.integers(30, 120),
)
def test_any_line_play_says_is_wrapped_at_spaces_within_the_width(
    chosen: list[str], lead: str, width: int
) -> None:
    import contextlib
    import io

    from scoresheet.prompting import Prompter

    text = lead + " ".join(chosen)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        Prompter(width).say(text)
    printed = out.getvalue()
    assert all(display_cells(line) <= width for line in printed.splitlines()), printed
    assert words(printed) == words(text)
