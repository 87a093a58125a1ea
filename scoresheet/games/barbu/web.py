"""Barbu's live sheet on the phones: the deals grouped by declarer, the doubles above
each score as on paper, the doubling ledger and the doubles still owed."""

from __future__ import annotations

from typing import Any

from scoresheet.games.barbu.score import GameScore
from scoresheet.games.barbu.views import ledger_outcome, owed_text, paper_doubles, row_adds_up
from scoresheet.views.common import initials
from scoresheet.views.web import Row, row, signed


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    players = list(result.players)
    tags = initials(players)
    columns = ["#", "contract", *players, "ok"]
    rows: list[Row] = []
    running = dict.fromkeys(players, 0)
    group = None
    for deal in result.deals:
        # As on paper: the deals grouped by declarer, the doubles above the score in
        # the doubler's column, the running totals under each deal.
        heading = f"{deal.declarer} declares" + (
            "" if deal.dealer == deal.declarer else f", {deal.dealer} deals"
        )
        if heading != group:
            rows.append(row("group", [heading]))
            group = heading
        paper = paper_doubles(deal, players, tags)
        rows.append(
            row(
                "deal",
                [
                    str(deal.number),
                    deal.contract + (" (split)" if deal.split else ""),
                    *(f"{paper[p]}\n{signed(deal.score[p])}".strip() for p in players),
                    "✓" if row_adds_up(result, deal) else "✗",
                ],
                deal.number,
            )
        )
        for p in players:
            running[p] += deal.score[p]
        rows.append(row("running", ["", "Σ", *(signed(running[p]) for p in players), ""]))
    ranked = sorted(players, key=lambda p: -result.totals[p])
    standings = [
        {
            "place": 1 + sum(result.totals[q] > result.totals[p] for q in players),
            "name": p,
            "total": signed(result.totals[p]),
        }
        for p in ranked
    ]
    ledger = []
    for pair in result.ledger():
        a, b = pair.players
        who = ledger_outcome(pair)
        ledger.append(f"{a} – {b}: {pair.bets} bets, {pair.redoubles} redoubled; {who}")
    sections = [
        {
            "title": "How doubles are written",
            "lines": [
                "In the doubler's column: the doubled players' initials (X: everyone), * when "
                "the declarer is among them, R + initials for redoubles."
            ],
        },
        {"title": "Doubling ledger", "lines": ledger or ["no doubles yet"]},
    ]
    owed = owed_text(result)
    if owed:
        sections.append({"title": "Doubles still owed to declarers", "lines": owed.splitlines()})
    played, total = len(result.deals), result.rules.deals_per_game
    return {
        "title": f"Barbu, rules {result.rules.name}",
        "progress": f"{played} of {total} deals played"
        + (" — complete" if result.complete else ""),
        "teams": None,
        "columns": columns,
        "left": [1],
        "rows": rows,
        "standings": standings,
        "sections": sections,
    }
