"""Belote's live sheet on the phones: each deal's contract, taker, outcome and scores,
the running totals, the litige points held and the outcome."""

from __future__ import annotations

from typing import Any

from scoresheet.i18n import NP_, _, pgettext
from scoresheet.partnership.rules import CONTRACT_NAMES
from scoresheet.partnership.score import GameScore
from scoresheet.partnership.views import held_line, outcome_line, team_tags
from scoresheet.views.web import Row, row, team_standings

# Each contract as the sheet names it, and each deal's outcome (the game file's words).
CONTRACTS = {
    "spades": NP_("belote contract", "♠ Spades"),
    "hearts": NP_("belote contract", "♥ Hearts"),
    "diamonds": NP_("belote contract", "♦ Diamonds"),
    "clubs": NP_("belote contract", "♣ Clubs"),
    "no-trumps": NP_("belote contract", "No Trumps"),
    "all-trumps": NP_("belote contract", "All Trumps"),
}
OUTCOMES = {
    "made": NP_("belote outcome", "made"),
    "dedans": NP_("belote outcome", "dedans"),
    "litige": NP_("belote outcome", "litige"),
}


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    tags = team_tags(result)
    columns = [
        "#",
        pgettext("sheet heading", "contract"),
        pgettext("sheet heading", "taker"),
        pgettext("sheet heading", "outcome"),
        tags[0],
        tags[1],
        pgettext("sheet heading", "note"),
    ]
    rows: list[Row] = []
    for d in result.deals:
        notes = [_("{points} held").format(points=d.held)] if d.held else []
        notes += [
            _("+{points} litige to {team}").format(points=d.released[k], team=tags[k])
            for k in (0, 1)
            if d.released[k]
        ]
        name = CONTRACTS.get(d.contract, CONTRACT_NAMES[d.contract])
        rows.append(
            row(
                "deal",
                [
                    str(d.number),
                    pgettext("belote contract", name),
                    d.taker,
                    pgettext("belote outcome", OUTCOMES.get(d.outcome, d.outcome)),
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
    sections.append({"title": _("Litige"), "lines": [held or _("no litige points held")]})
    sections.append({"title": _("Outcome"), "lines": [outcome_line(result)]})
    return {
        "title": _("Belote, rules {rules}").format(rules=result.rules.name),
        "progress": _("target {target}").format(target=result.rules.target),
        "teams": [f"{tags[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3, 6],
        "rows": rows,
        "standings": team_standings(result),
        "sections": sections,
    }
