"""Barbu as a game module (see :mod:`scoresheet.games`)."""

from __future__ import annotations

from typing import Any

from scoresheet.games.barbu.score import GameScore, score_game, to_json
from scoresheet.rules.barbu import BarbuRules
from scoresheet.views.term import Term

__all__ = [
    "after_deal_text",
    "deal_from_flags",
    "deal_text",
    "rules_from_data",
    "rules_json",
    "rules_text",
    "score_game",
    "score_text",
    "sheet_text",
    "status_text",
    "to_json",
]


def rules_from_data(data: dict[str, Any]) -> BarbuRules:
    return BarbuRules.from_data(data)


def rules_text(rules: BarbuRules) -> str:
    from scoresheet.games.barbu.views import rules_text as text

    return text(rules)


def rules_json(rules: BarbuRules) -> dict[str, Any]:
    from scoresheet.games.barbu.views import rules_json as data

    return data(rules)


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.barbu import views as text

    return text.score_text(result, title=title, term=term or Term.detect())


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.barbu import views as text

    return text.sheet_text(result, title=title, term=term or Term.detect())


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    from scoresheet.games.barbu import views as text

    return text.status_text(result, title=title, term=term or Term.detect())


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    term = term or Term.detect()
    deal = result.deals[number - 1]
    scores = ", ".join(f"{p} {deal.score[p]:+d}" for p in result.players)
    note = " (not played: nobody doubled, total split)" if deal.split else ""
    return term.lines(f"deal {number}: {deal.declarer} declared {deal.contract}{note} — {scores}")


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """What the table needs to hear after a deal: totals, doubles owed, violations."""
    from scoresheet.games.barbu import views as text
    from scoresheet.views.common import violation_lines

    term = term or Term.detect()
    totals = ", ".join(f"{p} {result.totals[p]:+d}" for p in result.players)
    lines = [term.lines(f"totals: {totals}")]
    owed = text.owed_text_lines(text.owed_now(result), term)
    if owed:
        lines.append(owed)
    lines += violation_lines(term, result.violations)
    if result.complete:
        lines.append("the game is complete")
    return "\n".join(lines)


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: dict[str, Any]
) -> dict[str, Any]:
    """A Barbu deal from ``add``/``edit``'s readable flags."""
    from scoresheet.games.barbu.entry import deal_from_flags as read

    return read(result, number, contract, flags)
