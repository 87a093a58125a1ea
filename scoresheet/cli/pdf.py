"""The PDF of a game: its pad (blank, to fill in with a pen) or the game printed.

It runs record → score → paper for ``export -o GAME.pdf`` and ``blank -o PAD.pdf``, so it
stands beside the commands, above the paper kit it drives.

Each game builds its own :class:`~scoresheet.paper.model.Doc` in its ``paper.py``
(role ``Paper``), from the game's one scoring result (``score --json`` gives the same);
a pad is built from the scoring result of a game with no deals, which knows the
players, the rules, the declarers and the dealers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet import record, registry
from scoresheet.paper.model import Doc
from scoresheet.rules import load_preset
from scoresheet.views.common import initials


def _named(doc: Doc, players: Sequence[str]) -> Doc:
    """The document with its players' initials, for the columns too narrow for a name:
    the same initials as the terminal views and the doubles columns."""
    if not doc.initials:
        doc.initials = initials(list(players))
    return doc


def pad_pdf(
    players: Sequence[str],
    rules: str,
    paper: str = "a4",
    *,
    options: Mapping[str, Any] | None = None,
) -> bytes:
    """The PDF score pad of a game with these players under the ``rules`` preset, changed
    by ``options`` as a game file's are."""
    from scoresheet.paper.render import render  # fpdf2: only when a PDF is made

    game = load_preset(rules).game
    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": game,
        "rules": rules,
        "players": list(players),
        "deals": [],
    }
    if options:
        data["options"] = dict(options)
    blank = record.from_data(data, source="blank pad")
    result = registry.part(game, "score").score_game(blank)
    return render(_named(registry.part(game, "paper").pad(result), result.players), paper)


def game_pdf(rec: Any, paper: str = "a4") -> bytes:
    """The PDF of a game file: every deal, the totals, standings, ledger and chart."""
    from scoresheet.paper.render import render  # fpdf2: only when a PDF is made

    game = rec.get("game", registry.DEFAULT_GAME)
    result = registry.part(game, "score").score_game(rec)
    doc = registry.part(game, "paper").printed(result)
    return render(_named(doc, result.players), paper)
