"""Rosbiratschka's live sheet on the phones: each deal with its dealer and why its
total is what it is, the running totals, the standings lowest first."""

from __future__ import annotations

from typing import Any

from scoresheet.games.rosbiratschka.score import GameScore
from scoresheet.games.rosbiratschka.views import adds_up, note, progress, winner_line
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.views.web import Row, row, signed

# Each contract as the sheet names it (its id, in the language in force).
CONTRACTS = (
    NP_("rosbiratschka contract", "no-tricks"),
    NP_("rosbiratschka contract", "no-hearts"),
    NP_("rosbiratschka contract", "no-jacks"),
    NP_("rosbiratschka contract", "king-of-hearts"),
    NP_("rosbiratschka contract", "hundred"),
    NP_("rosbiratschka contract", "rosbiratschka"),
)


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    players = list(result.players)
    columns = [
        "#",
        pgettext("sheet heading", "contract"),
        *players,
        # Translators: the heading of the column saying whether a deal's scores add up.
        pgettext("sheet heading", "ok"),
    ]
    rows: list[Row] = []
    running = dict.fromkeys(players, 0)
    for d in result.deals:
        # Who dealt, and why the total is what it is, under the contract: a phone has
        # no room for two more columns.
        dealt = _("{dealer} deals").format(dealer=d.dealer)
        under = "\n".join(x for x in (dealt, note(d)) if x)
        rows.append(
            row(
                "deal",
                [
                    str(d.number),
                    f"{pgettext('rosbiratschka contract', d.contract)}\n{under}",
                    *(signed(d.score[p]) for p in players),
                    "✓" if adds_up(result, d) else "✗",
                ],
                d.number,
            )
        )
        for p in players:
            running[p] += d.score[p]
        rows.append(row("running", ["", "Σ", *(signed(running[p]) for p in players), ""]))
    ranked = result.ranking()
    standings = [
        {
            "place": 1 + sum(result.totals[q] < result.totals[p] for q in ranked),
            "name": p,
            "total": signed(result.totals[p]),
        }
        for p in ranked
    ]
    sections = []
    winner = winner_line(result)
    if winner:
        sections.append({"title": _("Winner"), "lines": [winner]})
    return {
        "title": _("Rosbiratschka, rules {rules}").format(rules=result.rules.name),
        "progress": progress(result),
        "teams": None,
        "columns": columns,
        "left": [1],
        "rows": rows,
        "standings": standings,
        "standings_note": _("lowest total first"),
        "sections": sections,
    }
