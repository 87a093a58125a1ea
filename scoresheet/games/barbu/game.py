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
    from scoresheet import entry
    from scoresheet.errors import ScoresheetError
    from scoresheet.games.barbu.ledger import table_order
    from scoresheet.games.barbu.rotation import dealer_of, declarer_of

    if contract is None:
        raise ScoresheetError("give the contract (e.g. no-queens), or the whole deal with --deal")
    if flags.get("set"):
        raise ScoresheetError("--set is for the other games; Barbu deals take the named flags")
    rules, players = result.rules, list(result.players)
    declarer = declarer_of(rules, players, number - 1)
    speaking = table_order(players, dealer_of(rules, players, declarer))
    return entry.deal_from_answers(
        players,
        entry.contract(contract, rules.contracts),
        speaking_order=speaking,
        declarer=flags.get("declarer"),
        doubles=flags.get("double") or (),
        redoubles=flags.get("redouble") or (),
        counts_given={k: flags.get(k) for k in ("tricks", "hearts", "queens") if flags.get(k)},
        takers={
            "ace_of_hearts": flags.get("ace"),
            "king_of_hearts": flags.get("king"),
            "second_last": flags.get("second_last"),
            "last": flags.get("last"),
        },
        order=flags.get("order"),
        start=flags.get("start"),
        trump=flags.get("trump"),
        cards=flags.get("cards") or (),
        most=flags.get("most"),
        beats=flags.get("beats") or (),
        hands=flags.get("hand") or (),
    )
