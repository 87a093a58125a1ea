"""Rosbiratschka's live sheet on the phones: each deal with its dealer and why its
total is what it is, the running totals, the standings lowest first."""

from __future__ import annotations

from typing import Any

from scoresheet.games.rosbiratschka.score import GameScore
from scoresheet.games.rosbiratschka.views import adds_up, note, progress, winner_line
from scoresheet.views.web import Row, row, signed


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    players = list(result.players)
    columns = ["#", "contract", *players, "ok"]
    rows: list[Row] = []
    running = dict.fromkeys(players, 0)
    for d in result.deals:
        # Who dealt, and why the total is what it is, under the contract: a phone has
        # no room for two more columns.
        under = "\n".join(x for x in (f"{d.dealer} deals", note(d)) if x)
        rows.append(
            row(
                "deal",
                [
                    str(d.number),
                    f"{d.contract}\n{under}",
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
        sections.append({"title": "Winner", "lines": [winner]})
    return {
        "title": f"Rosbiratschka, rules {result.rules.name}",
        "progress": progress(result),
        "teams": None,
        "columns": columns,
        "left": [1],
        "rows": rows,
        "standings": standings,
        "standings_note": "lowest total first",
        "sections": sections,
    }
