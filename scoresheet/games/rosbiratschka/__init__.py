"""Rosbiratschka as a game module (see :mod:`scoresheet.games`).

A German compendium game of six contracts played in a fixed order (no tricks, no
hearts, no jacks, the king of hearts, the hundred, the rosbiratschka); points are
penalties and the lowest total wins. In the three counting contracts every trick
(heart, jack) counts twice when any player took none, unless one player took them all
(a slam: minus the deal's total to them, 0 to the others).

The modules: :mod:`.rules` (the rules in force), :mod:`.score` (the one scoring
function), :mod:`.views` (the text views), :mod:`.entry` (``--set`` flags),
:mod:`.play` (``scoresheet play``), :mod:`.simulate` (random legal games).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scoresheet.games.rosbiratschka.rules import RosbiratschkaRules
from scoresheet.games.rosbiratschka.score import GameScore, score_game, to_json
from scoresheet.views.term import Term

__all__ = [
    "GameScore",
    "RosbiratschkaRules",
    "after_deal_text",
    "deal_from_flags",
    "deal_text",
    "play_game",
    "rules_from_data",
    "rules_json",
    "rules_text",
    "score_game",
    "score_text",
    "sheet_text",
    "status_text",
    "to_json",
]


def rules_from_data(data: dict[str, Any]) -> RosbiratschkaRules:
    return RosbiratschkaRules.from_data(data)


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.rosbiratschka import views

    return views.score_text(result, title, term or Term.detect())


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.rosbiratschka import views

    return views.sheet_text(result, title, term or Term.detect())


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.rosbiratschka import views

    return views.status_text(result, title, term or Term.detect())


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    from scoresheet.games.rosbiratschka import views

    return views.deal_text(result, number, term or Term.detect())


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    from scoresheet.games.rosbiratschka import views

    return views.after_deal_text(result, term or Term.detect())


def rules_text(rules: RosbiratschkaRules) -> str:
    """For ``scoresheet rules show``: a summary with every check total derived."""
    from scoresheet.games.rosbiratschka import views

    return views.rules_text(rules)


def rules_json(rules: RosbiratschkaRules) -> dict[str, Any]:
    """For ``scoresheet rules show --json``: a full rules object for a game file."""
    return dict(rules.data)


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: dict[str, Any]
) -> dict[str, Any]:
    """A deal from ``add``/``edit``: the optional contract word and ``--set KEY=VALUE``
    items (see :mod:`scoresheet.games.rosbiratschka.entry` for the keys)."""
    from scoresheet.games.rosbiratschka.entry import deal_from_flags as build

    return build(result, number, contract, flags)


def play_game(path: Path) -> int:
    """Guided entry (``scoresheet play``); the exit code."""
    from scoresheet.games.rosbiratschka.play import play_game as play

    return play(path)
