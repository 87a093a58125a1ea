"""Belote as a game module (see :mod:`scoresheet.games`).

Four players in two teams count their card points at the end of every deal with the
tables of the rules (a trump suit, No Trumps, All Trumps), add the last trick, belote
and declarations, and settle whether the takers made their contract, went *dedans*, or
tied (*litige*). The first team to reach the target wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scoresheet.games.belote.rules import BeloteRules
from scoresheet.games.belote.score import GameScore, score_game, to_json
from scoresheet.views.term import Term

__all__ = [
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


def rules_from_data(data: dict[str, Any]) -> BeloteRules:
    return BeloteRules.from_data(data)


def rules_json(rules: BeloteRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)


def rules_text(rules: BeloteRules) -> str:
    """A preset as text, for ``scoresheet rules show``."""
    from scoresheet.games.belote import views

    return views.rules_text(rules)


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.belote import views

    return views.score_text(result, title, term)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.belote import views

    return views.sheet_text(result, title, term)


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.belote import views

    return views.status_text(result, title, term)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected."""
    from scoresheet.games.belote import views

    return views.deal_text(result, number, term)


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """The totals, the points held by a litige, and the winner once there is one."""
    from scoresheet.games.belote import views

    return views.after_deal_text(result, term)


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: dict[str, Any]
) -> dict[str, Any]:
    """A Belote deal from ``add``/``edit``: the contract word and ``--set KEY=VALUE``
    (see :func:`scoresheet.games.belote.entry.deal_from_sets`)."""
    from scoresheet.games.belote import entry

    return entry.deal_from_flags(result, number, contract, flags)


def play_game(path: Path) -> int:
    """Guided entry at the table (``scoresheet play``); the exit code."""
    from scoresheet.games.belote import play

    return play.play_game(path)
