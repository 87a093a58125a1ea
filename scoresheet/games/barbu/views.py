"""Barbu's terminal views (temporary: the views still live in :mod:`scoresheet.views.text`
and :mod:`scoresheet.views.rules`, and move here; until then this module adapts them to
:class:`scoresheet.roles.Views`)."""

from __future__ import annotations

from scoresheet.games.barbu.score import GameScore
from scoresheet.views import text
from scoresheet.views.common import violation_lines
from scoresheet.views.rules import rules_json, rules_text
from scoresheet.views.term import Term

__all__ = [
    "after_deal_text",
    "deal_text",
    "rules_json",
    "rules_text",
    "score_text",
    "sheet_text",
    "status_text",
]


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    return text.score_text(result, title=title, term=term or Term.detect())


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    return text.sheet(result, title=title, term=term or Term.detect())


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    return text.status(result, title=title, term=term or Term.detect())


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    term = term or Term.detect()
    deal = result.deals[number - 1]
    scores = ", ".join(f"{p} {deal.score[p]:+d}" for p in result.players)
    note = " (not played: nobody doubled, total split)" if deal.split else ""
    return term.lines(f"deal {number}: {deal.declarer} declared {deal.contract}{note} — {scores}")


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """What the table needs to hear after a deal: totals, doubles owed, violations."""
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
