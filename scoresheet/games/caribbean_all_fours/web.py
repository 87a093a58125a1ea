"""Caribbean All Fours' live sheet on the phones: each deal's points in the order they
counted, the running totals of both teams, the outcome."""

from __future__ import annotations

from typing import Any

from scoresheet.games.caribbean_all_fours.score import GameScore
from scoresheet.games.caribbean_all_fours.views import LETTERS, outcome, point_short
from scoresheet.views.web import Row, row, team_standings


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    columns = ["#", "dealer", "turned up", "beg", "points in the order they counted", "A", "B"]
    rows: list[Row] = []
    for d in result.deals:
        points = "\n".join(point_short(p) for p in d.points) or "—"
        if d.winner is not None:
            points += f"\n← {LETTERS[d.winner]} wins"
        rows.append(
            row(
                "deal",
                [
                    str(d.number),
                    d.dealer,
                    " ".join(str(c) for c in d.turn_ups),
                    d.beg or "—",
                    points,
                    str(d.running[0]),
                    str(d.running[1]),
                ],
                d.number,
            )
        )
    sections = [{"title": "Outcome", "lines": [outcome(result)]}]
    if any(not p.counted for d in result.deals for p in d.points):
        sections.append({"title": "Not counted", "lines": ["[…]: scored after the game was won."]})
    return {
        "title": f"Caribbean All Fours, rules {result.rules.name}",
        "progress": f"first to {result.rules.target}",
        "teams": [f"{LETTERS[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3, 4],
        "rows": rows,
        "standings": team_standings(result),
        "sections": sections,
    }
