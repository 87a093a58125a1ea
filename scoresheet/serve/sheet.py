"""The live sheet as data: what a phone shows, computed from one scoring result.

:func:`view` turns a game's score result into plain JSON-ready data — a title, the sheet
as rows of text cells, the standings and a few titled sections (the doubling ledger, the
doubles still owed, litige points held, …). The page's script only lays these out as
text, so no rule of any game is written in JavaScript, and every number comes from the
same result as ``score --json`` (which travels alongside, under ``score``).

Its words are in the language in force (each page's); the ``score --json`` object stays
in English, as everywhere. Nothing here reads files, prints or imports the web server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoresheet import registry
from scoresheet.i18n import _, source_language
from scoresheet.views.common import initials, players_legend
from scoresheet.views.term import Term

if TYPE_CHECKING:
    from scoresheet.results import GameResult


# The status view as the page reads it: one line per line, never wrapped to the width of
# the terminal the server happens to run in (the page wraps its own lines).
_UNWRAPPED = Term(width=1000)


def _next_lines(status: str) -> list[str]:
    """What the table needs before the next deal: the game's ``status`` view without its
    title line, up to its first blank line (the standings follow there)."""
    lines = status.splitlines()[1:]
    out: list[str] = []
    for line in lines:
        if not line.strip():
            break
        out.append(line.strip())
    return out


def view(result: GameResult, title: str) -> dict[str, Any]:
    """The live sheet of ``result`` (a score result of any game) as JSON-ready data:
    the game's own sheet (its ``web.py``, see :mod:`scoresheet.views.web`) and what
    every game has: the file, the players, what the next deal needs, the violations
    and the ``score --json`` object.

    ``columns`` name the sheet's columns (``left``: those of text, aligned left); each of
    ``rows`` is a deal, the running totals under it, or a group's heading (one cell).
    ``short_columns`` head them with the players' initials, and ``legend`` says whose
    they are (empty when the initials are the names), for a screen too narrow.

    >>> from scoresheet import record, session
    >>> data = {"format": "scoresheet-game", "version": 1, "game": "barbu",
    ...         "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"], "deals": [
    ...     {"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}],
    ...      "result": {"king_of_hearts": "Ann"}}]}
    >>> _, result = session.rescore(data, "g.json")
    >>> sheet = view(result, "g.json")
    >>> [row["cells"] for row in sheet["rows"]]  # doctest: +NORMALIZE_WHITESPACE
    [['Ann declares'],
     ['1', 'no-king', '-40', 'A*\\n+20', '0', '0', '✓'],
     ['', 'Σ', '-40', '+20', '0', '0', '']]
    >>> sheet["score"]["totals"]
    {'Ann': -40, 'Bob': 20, 'Cat': 0, 'Dan': 0}
    """
    out = registry.part(result.game, "web").sheet(result)
    # For a screen too narrow for the names: the columns headed by the initials the
    # sheet's cells use, as the terminal views do, and the legend saying whose they are.
    tags = initials(list(result.players))
    out["short_columns"] = [tags.get(c, c) for c in out["columns"]]
    out["legend"] = players_legend(list(result.players), tags)
    out["file"] = title
    out["game"] = result.game
    out["players"] = list(result.players)
    views = registry.part(result.game, "views")
    out["next"] = _next_lines(views.status_text(result, title, _UNWRAPPED))
    # A game whose violations are kept in English for `score --json` says how it shows
    # them in the language in force.
    shown = getattr(registry.part(result.game, "score"), "shown_violations", None)
    out["violations"] = [
        _("deal {number}: {message}").format(number=v.deal, message=v.message)
        if getattr(v, "deal", None)
        else v.message
        for v in (shown(result) if shown is not None else result.violations)
    ]
    out["deals"] = len(result.deals)
    out["complete"] = bool(result.complete)
    with source_language():  # `score --json`: the same in every language
        out["score"] = registry.part(result.game, "score").to_json(result)
    return out
