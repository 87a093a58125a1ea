"""What the commands print: views fitted to the terminal, prose, and the lines after a deal.

The library is imported inside the functions, as in the commands (start-up stays fast).
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable
from itertools import accumulate, chain, repeat
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, pgettext

T = TypeVar("T")

if TYPE_CHECKING:
    from scoresheet.results import GameResult
    from scoresheet.views.term import Term


def for_json(compute: Callable[[], T], done: T | None = None) -> T:
    """What ``compute`` gives, for ``--json``: worked out in the language in force (so a
    refusal is read in it; ``done`` when it already was), then again in English when that
    is another language, so the JSON is the same in every language."""
    from scoresheet.i18n import SOURCE, language, source_language

    done = compute() if done is None else done
    if language() == SOURCE:
        return done
    with source_language():
        return compute()


_MARK = re.compile(r"(\[\]|{}|[\[\]{},])")  # an empty array or object is one mark
_DEPTH = {"{": 1, "[": 1, "}": -1, "]": -1, ",": 0, "[]": 0, "{}": 0}


def json_text(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)``, the same text, cheaper.

    With ``indent``, :mod:`json` writes through its pure-Python encoder: most of the
    printing of ``score --json`` on a long game. Here the C encoder writes the JSON on one
    line, with the same separators, and the line is cut at every bracket, brace and comma
    and indented by the depth there, counted in C (``accumulate``), not token by token in
    Python. A string holding a bracket, a brace or a comma would be cut too: when one may
    (an escaped quote anywhere, or a piece between two marks with an odd number of
    quotes: a string cut in two), the standard indenter writes it.
    """
    flat = json.dumps(data, ensure_ascii=False, separators=(",", ": "))
    parts = _MARK.split(flat)
    texts, marks = parts[0::2], parts[1::2]
    if '\\"' in flat or 1 in map(operator.mod, map(str.count, texts, repeat('"')), repeat(2)):
        return json.dumps(data, ensure_ascii=False, indent=2)
    depths = list(accumulate(map(_DEPTH.__getitem__, marks)))  # after each mark
    pads = ["\n" + "  " * depth for depth in range(max(depths, default=0) + 1)]
    cut = {
        "{": ["{" + pad for pad in pads],
        "[": ["[" + pad for pad in pads],
        "}": [pad + "}" for pad in pads],
        "]": [pad + "]" for pad in pads],
        ",": ["," + pad for pad in pads],
        "[]": ["[]"] * len(pads),
        "{}": ["{}"] * len(pads),
    }
    cuts = map(operator.getitem, map(cut.__getitem__, marks), depths)
    return "".join(chain.from_iterable(zip(texts[:-1], cuts, strict=True))) + texts[-1]


def term_for(width: int | None) -> Term:
    """The terminal to fit: ``--width`` when given (refused below 30 columns)."""
    from scoresheet.views.term import MIN_WIDTH
    from scoresheet.views.term import Term as Terminal

    if width is not None and width < MIN_WIDTH:
        raise ScoresheetError(
            _("--width: {width} columns is too narrow for a score sheet (at least {least})").format(
                width=width, least=MIN_WIDTH
            )
        )
    return Terminal.detect(width)


def echo_view(text: str, colour: bool) -> None:
    """Print a view; its colour codes pass only when the view was made for a terminal."""
    typer.echo(text, color=colour or None)


def echo_prose(text: str) -> None:
    """Print prose wrapped at spaces to the terminal's width (a word is never cut)."""
    from scoresheet.views.term import Term as Terminal
    from scoresheet.views.term import wrap

    width = Terminal.detect().width
    for line in text.split("\n"):
        lead = line[: len(line) - len(line.lstrip(" "))]
        for part in wrap(line, width, lead + "  ", clip_words=False):
            typer.echo(part)


def confirm(question: str) -> bool:
    """Ask a yes/no ``question`` (default no); yes is ``y``/``yes`` or the yes words of the
    language in force, no is ``n``/``no``, its words, or nothing; anything else is asked
    again."""
    from scoresheet.entry import keyword

    words = {"y": True, "yes": True, "n": False, "no": False}
    # Translators: after a yes/no question whose answer is no unless yes is typed.
    choices = pgettext("yes/no question", "[y/N]")
    while True:
        text = typer.prompt(f"{question} {choices}", default="", show_default=False)
        if not text.strip():
            return False
        found = keyword(text, words)
        if found is not None:
            return bool(found[1])
        typer.echo(_("Error: invalid input"), err=True)


def deal_line(result: GameResult, number: int, prefix: str = "") -> str:
    """The line of deal ``number`` (after ``prefix``, ``corrected ``), wrapped to the terminal."""
    from scoresheet.views.term import Term as Terminal

    views = registry.part(result.game, "views")
    term = Terminal.detect()
    if not prefix:
        return views.deal_text(result, number, term)
    whole = views.deal_text(result, number, Terminal(width=10_000))
    return term.lines(prefix + whole)


def echo_after_deal(result: GameResult) -> None:
    """Print what the table needs to hear after a deal (totals, what is owed, the end)."""
    from scoresheet.views.term import Term as Terminal

    term = Terminal.detect()
    echo_view(registry.part(result.game, "views").after_deal_text(result, term), term.colour)
