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


def _table(head: list[str], rows: list[list[str]], left: int) -> list[str]:
    """Rows under their headings: the first ``left`` columns (names, contracts) padded
    on the right, the figures aligned on the right, each column as wide as its widest
    cell in terminal cells."""
    widths = [max(cells(r[i]) for r in [head, *rows]) for i in range(len(head))]
    out = []
    for r in [head, *rows]:
        cols = [
            _pad(c, w) if i < left else " " * (w - cells(c)) + c
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        out.append(("  " + "  ".join(cols)).rstrip())
    return out


def text(figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
    """The contracts and the doubles, each a table with a heading over every column."""
    lines = ["", _("Barbu contracts: average as declarer / as defender (declared first)")]
    rows = []
    for p, f in figures.items():
        for contract, c in f["contracts"].items():
            d, x = c["declarer"], c["defender"]
            best, worst = d["best"], d["worst"]
            rows.append(
                [
                    _pad(p, width),
                    contract_word(contract),
                    _avg(d["average"]),
                    _avg(x["average"]),
                    str(c["declared_first"]),
                    "–" if best is None else f"{best['score']:+d}",
                    "–" if worst is None else f"{worst['score']:+d}",
                ]
            )
    head = [
        pgettext("stats heading", h)
        for h in (
            "player",
            "contract",
            "as declarer",
            "as defender",
            "declared first",
            "best",
            "worst",
        )
    ]
    lines += _table(head, rows, 2)
    lines += ["", _("Doubles: made (won/lost), received, redoubles made/received, net points")]
    rows = []
    broken = any(f["violations"] for f in figures.values())
    for p, f in figures.items():
        d = f["doubles"]
        share = d["won_share"]
        won = str(d["won"]) if share is None else f"{d['won']} ({share:.0%})"
        row = [
            _pad(p, width),
            str(d["made"]),
            won,
            str(d["lost"]),
            str(d["received"]),
            str(d["redoubles_made"]),
            str(d["redoubles_received"]),
            f"{d['net']:+d}",
        ]
        rows.append([*row, str(f["violations"])] if broken else row)
    names = ["player", "made", "won", "lost", "received", "redoubles", "redoubled", "net"]
    head = [pgettext("stats heading", h) for h in names + (["violations"] if broken else [])]
    lines += _table(head, rows, 1)
    return lines


def _score(entry: Mapping[str, Any] | None) -> int | None:
    return None if entry is None else int(entry["score"])


# The text's headings of the doubles (the others are the workbook's, below).
TEXT_HEADINGS = (
    NP_("stats heading", "made"),
    NP_("stats heading", "won"),
    NP_("stats heading", "lost"),
    NP_("stats heading", "received"),
    NP_("stats heading", "redoubles"),
    NP_("stats heading", "redoubled"),
    NP_("stats heading", "net"),
    NP_("stats heading", "violations"),
)

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
