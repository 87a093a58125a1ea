"""Names written right to left (Hebrew, Arabic) on paper, read back with poppler.

Each such name is drawn right to left, its Arabic letters joined, as a unit of its own:
the English around it still reads left to right, and the players still read in seating
order. Before, every letter went left to right: a reader saw each name backwards (and
the words of "علي بن أحمد" in the wrong order).
"""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import run
from tests.paper_helpers import off_the_page, overlapping, page_words

ALI, DANA = "علي بن أحمد", "דנה כהן"


def _line(words: list[tuple[str, float, float, float, float]], y: float) -> list[str]:
    """The words whose box sits on the same line as ``y``, left to right."""
    return [w for w, x0, y0, x1, y1 in sorted(words, key=lambda w: w[1]) if abs(y0 - y) < 2]


def test_pad_draws_right_to_left_names_right_to_left(tmp_path: Path) -> None:
    pdf = tmp_path / "pad.pdf"
    proc = run("blank", "-o", pdf, "--players", f"{ALI},{DANA},Zoë,José")
    assert proc.returncode == 0, proc.stderr
    page = page_words(pdf)[0]
    # The isolates around each name draw nothing; poppler may still give them.
    clean = [(w.replace("\u2068", "").replace("\u2069", ""), a, b, c, d) for w, a, b, c, d in page]
    # poppler gives a right-to-left word's letters in the order drawn, left to right:
    # reversed, when the word is drawn right to left.
    drawn = {w: w[::-1] for w in [*ALI.split(), *DANA.split()]}

    headings = [_line(clean, w[2]) for w in clean if w[0] == "declares,"]
    (heading,) = {tuple(h) for h in headings if drawn["بن"] in h}
    assert list(heading[:4]) == [drawn["أحمد"], drawn["بن"], drawn["علي"], "declares,"], heading

    (seating,) = [w for w in clean if w[0] == "seating"]
    players = _line(clean, seating[2])
    start = players.index("order:") + 1
    assert players[start : start + 5] == [
        drawn["أحمد"],
        drawn["بن"],
        drawn["علي"] + ",",
        drawn["כהן"],
        drawn["דנה"] + ",",
    ], players
    assert off_the_page(pdf) == [] and overlapping(pdf) == []
