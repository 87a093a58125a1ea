"""Coinche's live sheet on the phones: each deal's contract as the table says it, the
outcome and scores, the running totals to the target and the outcome (role ``Web``;
the shape of every game's sheet, see :mod:`scoresheet.views.web`)."""

from __future__ import annotations

from typing import Any

from scoresheet.games.coinche.score import GameScore
from scoresheet.games.coinche.views import contract_words, outcome_line, team_tags
from scoresheet.i18n import _, pgettext
from scoresheet.views.web import Row, row, team_standings


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data."""
    tags = team_tags(result)
    columns = [
        "#",
        pgettext("sheet heading", "dealer"),
        pgettext("sheet heading", "contract"),
        pgettext("sheet heading", "outcome"),
        tags[0],
        tags[1],
    ]
    rows: list[Row] = []
    for d in result.deals:
        made = (
            pgettext("coinche outcome", "made") if d.made else pgettext("coinche outcome", "dedans")
        )
        outcome = _("{outcome} ×{multiplier}").format(outcome=made, multiplier=d.multiplier)
        cells = [str(d.number), d.dealer, contract_words(d), outcome if d.level else made]
        rows.append(row("deal", [*cells, *map(str, d.score)], d.number))
        rows.append(row("running", ["", "", "Σ", "", *map(str, d.running)]))
    target = result.rules.target
    to_go = [
        _("{team}: {points} to go").format(
            team=tags[k], points=max(0, target - result.team_totals[k])
        )
        for k in (0, 1)
    ]
    return {
        "title": _("Coinche, rules {rules}").format(rules=result.rules.name),
        "progress": _("target {target}").format(target=target),
        "teams": [f"{tags[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3],
        "rows": rows,
        "standings": team_standings(result),
        "sections": [
            {"title": _("Target"), "lines": [] if result.complete else to_go},
            {"title": _("Outcome"), "lines": [outcome_line(result)]},
        ],
    }
