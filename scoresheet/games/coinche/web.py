"""Coinche's live sheet on the phones: each deal's contract as the table says it, the
outcome and scores, the running totals to the target and the outcome.

Not served yet: ``serve`` finds a game's sheet through the registry once the house move
lands. The data has the shape of every game's sheet (rows of ``kind``, ``number`` and
``cells``; the teams' standings)."""

from __future__ import annotations

from typing import Any

from scoresheet.games.coinche.score import GameScore
from scoresheet.games.coinche.views import contract_words, outcome_line, team_tags


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data."""
    tags = team_tags(result)
    columns = ["#", "dealer", "contract", "outcome", tags[0], tags[1]]
    rows: list[dict[str, Any]] = []
    for d in result.deals:
        outcome = ("made" if d.made else "dedans") + (f" ×{d.multiplier}" if d.level else "")
        cells = [str(d.number), d.dealer, contract_words(d), outcome]
        rows.append({"kind": "deal", "number": d.number, "cells": [*cells, *map(str, d.score)]})
        running = ["", "", "Σ", "", *map(str, d.running)]
        rows.append({"kind": "running", "number": None, "cells": running})
    target = result.rules.target
    to_go = [f"{tags[k]}: {max(0, target - result.team_totals[k])} to go" for k in (0, 1)]
    ranked = sorted((0, 1), key=lambda k: -result.team_totals[k])
    return {
        "title": f"Coinche, rules {result.rules.name}",
        "progress": f"target {target}",
        "teams": [f"{tags[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3],
        "rows": rows,
        "standings": [
            {
                "place": 1 + int(result.team_totals[1 - k] > result.team_totals[k]),
                "name": result.team_name(k),
                "total": str(result.team_totals[k]),
            }
            for k in ranked
        ],
        "sections": [
            {"title": "Target", "lines": [] if result.complete else to_go},
            {"title": "Outcome", "lines": [outcome_line(result)]},
        ],
    }
