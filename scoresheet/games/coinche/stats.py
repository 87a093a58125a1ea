"""Coinche's own figures in ``stats``: the Coinche ledger of each player.

Read from the games' ``score --json`` objects only. For each player:

* ``bids`` and ``made``: the contracts they bid as taker, and made, by level (the bid's
  number, ``capot`` or ``generale``);
* ``coinches``: the deals their team played coinched (a coinche or a surcoinche, by
  either side): ``deals``, ``won``, ``lost`` (the team won the deal, or lost it), and
  how many coinches and surcoinches the player called (``called``, ``surcoinched``);
* ``pairs``: the same deals won and lost for each partnership the player played in
  (the player, then the partner: Ann's ``"Ann & Cat"`` is Cat's ``"Cat & Ann"``, in
  whatever seats they sat), for an evening where the partners change.

>>> score = {"teams": [["Bob", "Dan"], ["Cat", "Ann"]], "deals": [
...     {"bid": 100, "taker": "Ann", "taking_team": 1, "coinche": None,
...      "surcoinche": None, "made": True},
...     {"bid": 100, "taker": "Bob", "taking_team": 0, "coinche": "Ann",
...      "surcoinche": None, "made": False}]}
>>> figures = {"Ann": new(), "Bob": new()}
>>> add("g.json", score, figures)
>>> figures["Ann"]["pairs"]
{'Ann & Cat': {'won': 1, 'lost': 0}}
>>> figures["Ann"]["bids"], figures["Ann"]["made"], figures["Ann"]["coinches"]
({'100': 1}, {'100': 1}, {'deals': 1, 'won': 1, 'lost': 0, 'called': 1, 'surcoinched': 0})
>>> figures["Bob"]["pairs"]
{'Bob & Dan': {'won': 0, 'lost': 1}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.i18n import _
from scoresheet.views.term import cells

KEY = "coinche"


def new() -> dict[str, Any]:
    return {
        "bids": {},
        "made": {},
        "coinches": {"deals": 0, "won": 0, "lost": 0, "called": 0, "surcoinched": 0},
        "pairs": {},
    }


def add(name: str, score: Mapping[str, Any], figures: Mapping[str, dict[str, Any]]) -> None:
    teams = [list(t) for t in score["teams"]]
    team_of = {p: k for k, team in enumerate(teams) for p in team}
    for p, c in figures.items():
        team = team_of[p]
        # The player first: one partnership is one entry, whoever sat first in each game.
        pair = " & ".join([p, *(q for q in teams[team] if q != p)])
        for d in score["deals"]:
            if d["taker"] == p:
                level = str(d["bid"])
                c["bids"][level] = c["bids"].get(level, 0) + 1
                if d["made"]:
                    c["made"][level] = c["made"].get(level, 0) + 1
            if d["coinche"] is None:
                continue
            won = (d["taking_team"] == team) == bool(d["made"])
            coinches = c["coinches"]
            coinches["deals"] += 1
            coinches["won" if won else "lost"] += 1
            coinches["called"] += d["coinche"] == p
            coinches["surcoinched"] += d["surcoinche"] == p
            by_pair = c["pairs"].setdefault(pair, {"won": 0, "lost": 0})
            by_pair["won" if won else "lost"] += 1


def finish(figures: dict[str, Any]) -> None:
    """Nothing to average: the figures are counts."""


def _levels(bids: Mapping[str, int]) -> list[str]:
    """The levels bid, numbers first and low to high, then capot and générale."""
    return sorted(bids, key=lambda b: (0, int(b), "") if b.isdigit() else (1, 0, b))


def text(figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
    lines = [
        "",
        _("Coinche: bids (made) as taker, by level; coinched deals won–lost, called, surcoinched"),
    ]
    for p, c in figures.items():
        bids = ", ".join(f"{b} {c['bids'][b]} ({c['made'].get(b, 0)})" for b in _levels(c["bids"]))
        x = c["coinches"]
        pairs = "; ".join(
            f"{pair} {w['won']}–{w['lost']}" for pair, w in sorted(c["pairs"].items())
        )
        said = _(
            "{bids}; coinched {won}–{lost}, called {called}, surcoinched {surcoinched}"
        ).format(
            bids=bids or "–",
            won=x["won"],
            lost=x["lost"],
            called=x["called"],
            surcoinched=x["surcoinched"],
        )
        pad = " " * max(0, width - cells(p))
        lines.append(f"  {p}{pad}  {said}" + (f"; {pairs}" if pairs else ""))
    return lines


def table(
    figures: Mapping[str, Mapping[str, Any]],
) -> tuple[str, str, list[str], list[list[Any]]]:
    """The ledger as rows: each player's bids by level, then their coinched deals, then
    each of their pairs' coinched deals."""
    head = [
        _("player"),
        _("what"),
        _("deals"),
        _("made or won"),
        _("dedans or lost"),
        _("called"),
        _("surcoinched"),
    ]
    rows: list[list[Any]] = []
    for p, c in figures.items():
        for b in _levels(c["bids"]):
            n, made = c["bids"][b], c["made"].get(b, 0)
            rows.append([p, _("bid {level}").format(level=b), n, made, n - made, None, None])
        x = c["coinches"]
        rows.append(
            [
                p,
                _("coinched deals"),
                x["deals"],
                x["won"],
                x["lost"],
                x["called"],
                x["surcoinched"],
            ]
        )
        for pair, w in sorted(c["pairs"].items()):
            rows.append(
                [
                    p,
                    _("pair {pair}").format(pair=pair),
                    w["won"] + w["lost"],
                    w["won"],
                    w["lost"],
                    None,
                    None,
                ]
            )
    # The sheet keeps the game's name; its title and headings are in the language in force.
    title = _("Coinche: contracts bid and made, coinched deals won and lost")
    return "Coinche", title, head, rows
