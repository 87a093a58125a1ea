"""Belote's live sheet on the phones: each deal's contract, taker, outcome and scores,
the running totals, the litige points held and the outcome."""

from __future__ import annotations

from typing import Any

from scoresheet.games.belote.rules import CONTRACT_NAMES
from scoresheet.games.belote.score import GameScore
from scoresheet.games.belote.views import held_line, outcome_line, team_tags
from scoresheet.views.web import Row, row, team_standings


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    tags = team_tags(result)
    columns = ["#", "contract", "taker", "outcome", tags[0], tags[1], "note"]
    rows: list[Row] = []
    for d in result.deals:
        notes = [f"{d.held} held"] if d.held else []
        notes += [f"+{d.released[k]} litige to {tags[k]}" for k in (0, 1) if d.released[k]]
        rows.append(
            row(
                "deal",
                [
                    str(d.number),
                    CONTRACT_NAMES[d.contract],
                    d.taker,
                    d.outcome,
                    str(d.score[0]),
                    str(d.score[1]),
                    "\n".join(notes),
                ],
                d.number,
            )
        )
        rows.append(row("running", ["", "Σ", "", "", str(d.running[0]), str(d.running[1]), ""]))
    sections = []
    held = held_line(result)
    sections.append({"title": "Litige", "lines": [held or "no litige points held"]})
    sections.append({"title": "Outcome", "lines": [outcome_line(result)]})
    return {
        "title": f"Belote, rules {result.rules.name}",
        "progress": f"target {result.rules.target}",
        "teams": [f"{tags[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3, 6],
        "rows": rows,
        "standings": team_standings(result),
        "sections": sections,
    }
