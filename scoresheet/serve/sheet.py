"""The live sheet as data: what a phone shows, computed from one scoring result.

:func:`view` turns a game's score result into plain JSON-ready data — a title, the sheet
as rows of text cells, the standings and a few titled sections (the doubling ledger, the
doubles still owed, litige points held, …). The page's script only lays these out as
text, so no rule of any game is written in JavaScript, and every number comes from the
same result as ``score --json`` (which travels alongside, under ``score``).

Nothing here reads files, prints or imports the web server.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Row = dict[str, Any]


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _row(kind: str, cells: Sequence[str], number: int | None = None) -> Row:
    return {"kind": kind, "number": number, "cells": list(cells)}


def _next_lines(status: str) -> list[str]:
    """What the table needs before the next deal: the game's ``status`` view without its
    title line, up to its first blank line (the standings follow there)."""
    lines = status.splitlines()[1:]
    out: list[str] = []
    for line in lines:
        if not line.strip():
            break
        out.append(line.strip())
    return out


def _barbu(result: Any) -> dict[str, Any]:
    from scoresheet.games.barbu import views as text
    from scoresheet.views.common import initials

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
            rows.append(_row("group", [heading]))
            group = heading
        paper = text.paper_doubles(deal, players, tags)
        rows.append(
            _row(
                "deal",
                [
                    str(deal.number),
                    deal.contract + (" (split)" if deal.split else ""),
                    *(f"{paper[p]}\n{_signed(deal.score[p])}".strip() for p in players),
                    "✓" if text.row_adds_up(result, deal) else "✗",
                ],
                deal.number,
            )
        )
        for p in players:
            running[p] += deal.score[p]
        rows.append(_row("running", ["", "Σ", *(_signed(running[p]) for p in players), ""]))
    ranked = sorted(players, key=lambda p: -result.totals[p])
    standings = [
        {
            "place": 1 + sum(result.totals[q] > result.totals[p] for q in players),
            "name": p,
            "total": _signed(result.totals[p]),
        }
        for p in ranked
    ]
    ledger = []
    for pair in result.ledger():
        a, b = pair.players
        who = text.ledger_outcome(pair)
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
    owed = text.owed_text(result)
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


def _rosbiratschka(result: Any) -> dict[str, Any]:
    from scoresheet.games.rosbiratschka import views

    players = list(result.players)
    columns = ["#", "contract", *players, "ok"]
    rows: list[Row] = []
    running = dict.fromkeys(players, 0)
    for d in result.deals:
        # Who dealt, and why the total is what it is, under the contract: a phone has
        # no room for two more columns.
        under = "\n".join(x for x in (f"{d.dealer} deals", views.note(d)) if x)
        rows.append(
            _row(
                "deal",
                [
                    str(d.number),
                    f"{d.contract}\n{under}",
                    *(_signed(d.score[p]) for p in players),
                    "✓" if views.adds_up(result, d) else "✗",
                ],
                d.number,
            )
        )
        for p in players:
            running[p] += d.score[p]
        rows.append(_row("running", ["", "Σ", *(_signed(running[p]) for p in players), ""]))
    ranked = result.ranking()
    standings = [
        {
            "place": 1 + sum(result.totals[q] < result.totals[p] for q in ranked),
            "name": p,
            "total": _signed(result.totals[p]),
        }
        for p in ranked
    ]
    sections = []
    winner = views.winner_line(result)
    if winner:
        sections.append({"title": "Winner", "lines": [winner]})
    return {
        "title": f"Rosbiratschka, rules {result.rules.name}",
        "progress": views.progress(result),
        "teams": None,
        "columns": columns,
        "left": [1],
        "rows": rows,
        "standings": standings,
        "standings_note": "lowest total first",
        "sections": sections,
    }


def _team_standings(result: Any) -> list[dict[str, Any]]:
    order = sorted((0, 1), key=lambda k: -result.team_totals[k])
    return [
        {
            "place": 1 + int(result.team_totals[1 - k] > result.team_totals[k]),
            "name": result.team_name(k),
            "total": str(result.team_totals[k]),
        }
        for k in order
    ]


def _caribbean_all_fours(result: Any) -> dict[str, Any]:
    from scoresheet.games.caribbean_all_fours import views

    columns = ["#", "dealer", "turned up", "beg", "points in the order they counted", "A", "B"]
    rows: list[Row] = []
    for d in result.deals:
        points = "\n".join(views.point_short(p) for p in d.points) or "—"
        if d.winner is not None:
            points += f"\n← {views.LETTERS[d.winner]} wins"
        rows.append(
            _row(
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
    sections = [{"title": "Outcome", "lines": [views.outcome(result)]}]
    if any(not p.counted for d in result.deals for p in d.points):
        sections.append({"title": "Not counted", "lines": ["[…]: scored after the game was won."]})
    return {
        "title": f"Caribbean All Fours, rules {result.rules.name}",
        "progress": f"first to {result.rules.target}",
        "teams": [f"{views.LETTERS[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3, 4],
        "rows": rows,
        "standings": _team_standings(result),
        "sections": sections,
    }


def _belote(result: Any) -> dict[str, Any]:
    from scoresheet.games.belote import views
    from scoresheet.games.belote.rules import CONTRACT_NAMES

    tags = views.team_tags(result)
    columns = ["#", "contract", "taker", "outcome", tags[0], tags[1], "note"]
    rows: list[Row] = []
    for d in result.deals:
        notes = [f"{d.held} held"] if d.held else []
        notes += [f"+{d.released[k]} litige to {tags[k]}" for k in (0, 1) if d.released[k]]
        rows.append(
            _row(
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
        rows.append(_row("running", ["", "Σ", "", "", str(d.running[0]), str(d.running[1]), ""]))
    sections = []
    held = views.held_line(result)
    sections.append({"title": "Litige", "lines": [held or "no litige points held"]})
    sections.append({"title": "Outcome", "lines": [views.outcome_line(result)]})
    return {
        "title": f"Belote, rules {result.rules.name}",
        "progress": f"target {result.rules.target}",
        "teams": [f"{tags[k]} = {result.team_name(k)}" for k in (0, 1)],
        "columns": columns,
        "left": [1, 2, 3, 6],
        "rows": rows,
        "standings": _team_standings(result),
        "sections": sections,
    }


SHEETS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "barbu": _barbu,
    "rosbiratschka": _rosbiratschka,
    "caribbean-all-fours": _caribbean_all_fours,
    "belote": _belote,
}


def view(result: Any, title: str) -> dict[str, Any]:
    """The live sheet of ``result`` (a score result of any game) as JSON-ready data.

    ``columns`` name the sheet's columns (``left``: those of text, aligned left); each of
    ``rows`` is a deal, the running totals under it, or a group's heading (one cell).

    >>> from scoresheet import record, session
    >>> data = {"format": "scoresheet-game", "version": 1, "game": "barbu",
    ...         "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"], "deals": [
    ...     {"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}],
    ...      "result": {"king_of_hearts": "Ann"}}]}
    >>> _, result = session.rescore(data, "g.json")
    >>> sheet = view(result, "g.json")
    >>> [row["cells"] for row in sheet["rows"]]  # doctest: +NORMALIZE_WHITESPACE
    [['Ann declares'],
     ['1', 'no-king', '-40', 'A*\\n+20', '0', '0', '✓'],
     ['', 'Σ', '-40', '+20', '0', '0', '']]
    >>> sheet["score"]["totals"]
    {'Ann': -40, 'Bob': 20, 'Cat': 0, 'Dan': 0}
    """
    from scoresheet.games import module

    game = module(result.game)
    out = SHEETS[result.game](result)
    out["file"] = title
    out["game"] = result.game
    out["players"] = list(result.players)
    out["next"] = _next_lines(game.status_text(result, title))
    out["violations"] = [
        f"deal {v.deal}: {v.message}" if getattr(v, "deal", None) else v.message
        for v in result.violations
    ]
    out["deals"] = len(result.deals)
    out["complete"] = bool(result.complete)
    out["score"] = game.to_json(result)
    return out
