"""Caribbean All Fours' live sheet on the phones: each deal's points in the order they
counted, the running totals of both teams, the outcome."""

from __future__ import annotations

from typing import Any

from scoresheet.games.caribbean_all_fours.score import GameScore
from scoresheet.games.caribbean_all_fours.views import LETTERS, outcome, point_short
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.views.web import Row, row, team_standings

# The dealer's answer to a beg, as the sheet shows it (the game file's words).
BEGS = (
    NP_("all fours beg", "stand"),
    NP_("all fours beg", "take-one"),
    NP_("all fours beg", "run"),
)


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    columns = [
        "#",
        pgettext("sheet heading", "dealer"),
        pgettext("sheet heading", "turned up"),
        pgettext("sheet heading", "beg"),
        pgettext("sheet heading", "points in the order they counted"),
        *LETTERS,
    ]
    rows: list[Row] = []
    for d in result.deals:
        points = "\n".join(point_short(p) for p in d.points) or "—"
        if d.winner is not None:
            points += "\n" + _("← {team} wins").format(team=LETTERS[d.winner])
        rows.append(
            row(
                "deal",
                [
                    str(d.number),
                    d.dealer,
                    " ".join(str(c) for c in d.turn_ups),
                    pgettext("all fours beg", d.beg) if d.beg else "—",
                    points,
                    str(d.running[0]),
                    str(d.running[1]),
                ],
                d.number,
            )
        )
    sections = [{"title": _("Outcome"), "lines": [outcome(result)]}]
    if any(not p.counted for d in result.deals for p in d.points):
        sections.append(
            {"title": _("Not counted"), "lines": [_("[…]: scored after the game was won.")]}
        )
    return {
        "title": _("Caribbean All Fours, rules {rules}").format(rules=result.rules.name),
        "progress": _("first to {target}").format(target=result.rules.target),
        "teams": [f"{LETTERS[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3, 4],
        "rows": rows,
        "standings": team_standings(result),
        "sections": sections,
    }
