"""Barbu's live sheet on the phones: the deals grouped by declarer, the doubles above
each score as on paper, the doubling ledger and the doubles still owed."""

from __future__ import annotations

from typing import Any

from scoresheet.games.barbu.score import GameScore
from scoresheet.games.barbu.views import ledger_outcome, owed_text, paper_doubles, row_adds_up
from scoresheet.i18n import NP_, _, ngettext, pgettext
from scoresheet.views.common import initials
from scoresheet.views.web import Row, row, signed

# Each contract as the sheet names it (its id, in the language in force).
CONTRACTS = (
    NP_("barbu contract", "no-tricks"),
    NP_("barbu contract", "no-hearts"),
    NP_("barbu contract", "no-queens"),
    NP_("barbu contract", "no-king"),
    NP_("barbu contract", "no-last-two"),
    NP_("barbu contract", "no-last-trick"),
    NP_("barbu contract", "trumps"),
    NP_("barbu contract", "dominoes"),
    NP_("barbu contract", "ravage-city"),
    NP_("barbu contract", "chinese-poker"),
    NP_("barbu contract", "salad"),
)


def sheet(result: GameScore) -> dict[str, Any]:
    """The sheet as JSON-ready data (see :mod:`scoresheet.views.web`)."""
    players = list(result.players)
    tags = initials(players)
    columns = [
        "#",
        pgettext("sheet heading", "contract"),
        *players,
        # Translators: the heading of the column saying whether a deal's scores add up.
        pgettext("sheet heading", "ok"),
    ]
    rows: list[Row] = []
    running = dict.fromkeys(players, 0)
    group = None
    for deal in result.deals:
        # As on paper: the deals grouped by declarer, the doubles above the score in
        # the doubler's column, the running totals under each deal.
        heading = (
            _("{declarer} declares").format(declarer=deal.declarer)
            if deal.dealer == deal.declarer
            else _("{declarer} declares, {dealer} deals").format(
                declarer=deal.declarer, dealer=deal.dealer
            )
        )
        if heading != group:
            rows.append(row("group", [heading]))
            group = heading
        paper = paper_doubles(deal, players, tags)
        contract = pgettext("barbu contract", deal.contract)
        rows.append(
            row(
                "deal",
                [
                    str(deal.number),
                    _("{contract} (split)").format(contract=contract) if deal.split else contract,
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
        ledger.append(
            ngettext(
                "{a} – {b}: {bets} bets, {redoubles} redoubled; {outcome}",
                "{a} – {b}: {bets} bets, {redoubles} redoubled; {outcome}",
                pair.bets,
            ).format(a=a, b=b, bets=pair.bets, redoubles=pair.redoubles, outcome=who)
        )
    sections = [
        {
            "title": _("How doubles are written"),
            "lines": [
                _(
                    "In the doubler's column: the doubled players' initials (X: everyone), "
                    "* when the declarer is among them, R + initials for redoubles."
                )
            ],
        },
        {"title": _("Doubling ledger"), "lines": ledger or [_("no doubles yet")]},
    ]
    owed = owed_text(result)
    if owed:
        sections.append({"title": _("Doubles still owed to declarers"), "lines": owed.splitlines()})
    played, total = len(result.deals), result.rules.deals_per_game
    progress = (
        _("{played} of {total} deals played — complete")
        if result.complete
        else _("{played} of {total} deals played")
    )
    return {
        "title": _("Barbu, rules {rules}").format(rules=result.rules.name),
        "progress": progress.format(played=played, total=total),
        "teams": None,
        "columns": columns,
        "left": [1],
        "rows": rows,
        "standings": standings,
        "sections": sections,
    }
