"""Barbu's own figures in ``stats``: each contract as declarer and as defender, and the
doubles made, received, won and lost.

Read from the games' ``score --json`` objects only (``deals``, ``ledger``,
``violations``). A double *won* is one whose side bet moved points to the doubler
(``won_share``: the share of the player's doubles that won; a bet between equal scores
moves nothing and is neither won nor lost); a redouble is counted for the player who
redoubled; net side-bet points are what the player's bets moved, over all their games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.games.barbu.rules import contract_word
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.views.term import cells

KEY = "barbu"


def new() -> dict[str, Any]:
    return {
        "contracts": {},
        "doubles": {
            "made": 0,
            "received": 0,
            "won": 0,
            "lost": 0,
            "redoubles_made": 0,
            "redoubles_received": 0,
            "net": 0,
        },
        "violations": 0,
    }


def _role() -> dict[str, Any]:
    return {"deals": 0, "points": 0, "average": None, "best": None, "worst": None}


def _spread(score: int, name: str, number: int, acc: dict[str, Any]) -> None:
    acc["deals"] += 1
    acc["points"] += score
    if acc["best"] is None or score > acc["best"]["score"]:
        acc["best"] = {"score": score, "file": name, "deal": number}
    if acc["worst"] is None or score < acc["worst"]["score"]:
        acc["worst"] = {"score": score, "file": name, "deal": number}


def add(name: str, score: Mapping[str, Any], figures: Mapping[str, dict[str, Any]]) -> None:
    """One pass over a game's deals and bets for every player followed."""
    declared: set[str] = set()
    for d in score["deals"]:
        declarer, contract, number = d["declarer"], d["contract"], d["number"]
        for p, points in d["score"].items():
            b = figures.get(p)
            if b is None:
                continue
            c = b["contracts"].get(contract)
            if c is None:
                c = b["contracts"][contract] = {
                    "declarer": _role(),
                    "defender": _role(),
                    "declared_first": 0,
                }
            if declarer == p:
                _spread(int(points), name, number, c["declarer"])
                if p not in declared:
                    c["declared_first"] += 1
                    declared.add(p)
            else:
                _spread(int(points), name, number, c["defender"])
    for deal in score["ledger"]["deals"]:
        for bet in deal["bets"]:
            doubler, doubled = bet["doubler"], bet["doubled"]
            moved = int(bet["moved"][doubler])
            redoubled = bet["multiplier"] == 2
            if doubler in figures:
                made = figures[doubler]["doubles"]
                made["made"] += 1
                made["won"] += moved > 0
                made["lost"] += moved < 0
                made["redoubles_received"] += redoubled
                made["net"] += moved
            if doubled in figures:
                got = figures[doubled]["doubles"]
                got["received"] += 1
                got["redoubles_made"] += redoubled
                got["net"] -= moved
    for v in score["violations"]:
        if v.get("doubler") in figures:
            figures[v["doubler"]]["violations"] += 1


def _average(points: int, count: int) -> float | None:
    return round(points / count, 2) if count else None


def finish(figures: dict[str, Any]) -> None:
    doubles = figures["doubles"]
    made = doubles["made"]
    doubles["won_share"] = round(doubles["won"] / made, 4) if made else None
    for c in figures["contracts"].values():
        for role in ("declarer", "defender"):
            c[role]["average"] = _average(c[role]["points"], c[role]["deals"])


def _avg(value: float | None) -> str:
    return "–" if value is None else f"{value:+.2f}"


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (a translated word may be wide)."""
    return text + " " * max(0, width - cells(text))


def text(figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
    lines = ["", _("Barbu contracts: average as declarer / as defender (declared first)")]
    shown = {c: contract_word(c) for f in figures.values() for c in f["contracts"]}
    column = max([14, *(cells(w) + 1 for w in shown.values())])  # a word wider in another language
    for p, f in figures.items():
        for contract, c in f["contracts"].items():
            d, x = c["declarer"], c["defender"]
            best = d["best"]
            line = _("{player}  {contract} {as_declarer} / {as_defender}  ({first})").format(
                player=_pad(p, width),
                contract=_pad(shown[contract], column),
                as_declarer=_avg(d["average"]),
                as_defender=_avg(x["average"]),
                first=c["declared_first"],
            )
            if best:
                line += _("  best {best:+d}, worst {worst:+d}").format(
                    best=best["score"], worst=d["worst"]["score"]
                )
            lines.append("  " + line)
    lines += ["", _("Doubles: made (won/lost), received, redoubles made/received, net points")]
    for p, f in figures.items():
        d = f["doubles"]
        broke = f["violations"]
        share = d["won_share"]
        if share is None:
            made = _("{made} ({won}/{lost})")
        else:
            made = _("{made} ({won}/{lost}, {share:.0%} won)")
        line = made.format(made=d["made"], won=d["won"], lost=d["lost"], share=share)
        line += f", {d['received']}, {d['redoubles_made']}/{d['redoubles_received']}, {d['net']:+d}"
        if broke:
            line += _("; violations {n}").format(n=broke)
        lines.append(f"  {_pad(p, width)}  {line}")
    return lines


def _score(entry: Mapping[str, Any] | None) -> int | None:
    return None if entry is None else int(entry["score"])


# The stats workbook's column headings, translated where the sheet is written.
HEADINGS = (
    NP_("stats heading", "player"),
    NP_("stats heading", "contract"),
    NP_("stats heading", "declared"),
    NP_("stats heading", "as declarer"),
    NP_("stats heading", "best"),
    NP_("stats heading", "worst"),
    NP_("stats heading", "defended"),
    NP_("stats heading", "as defender"),
    NP_("stats heading", "best"),
    NP_("stats heading", "worst"),
    NP_("stats heading", "declared first"),
)


def table(
    figures: Mapping[str, Mapping[str, Any]],
) -> tuple[str, str, list[str], list[list[Any]]]:
    """Each player's contracts as declarer and as defender."""
    head = [pgettext("stats heading", h) for h in HEADINGS]
    rows = []
    for p, f in figures.items():
        for contract, c in f["contracts"].items():
            d, x = c["declarer"], c["defender"]
            rows.append(
                [
                    p,
                    contract_word(contract),
                    d["deals"],
                    d["average"],
                    _score(d["best"]),
                    _score(d["worst"]),
                    x["deals"],
                    x["average"],
                    _score(x["best"]),
                    _score(x["worst"]),
                    c["declared_first"],
                ]
            )
    return "Barbu", _("Barbu: average score per contract"), head, rows
