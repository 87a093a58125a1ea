"""Belote's own figures in ``stats``: the contracts each player took and made, the
litiges, and the capots and belotes of the player's team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.i18n import _
from scoresheet.partnership.rules import contract_word
from scoresheet.views.term import cells

KEY = "belote"


def new() -> dict[str, Any]:
    return {"taken": {}, "made": {}, "litiges": 0, "capots": 0, "belotes": 0}


def add(name: str, score: Mapping[str, Any], figures: Mapping[str, dict[str, Any]]) -> None:
    teams = {p: i for i, team in enumerate(score["teams"]) for p in team}
    for p, b in figures.items():
        team = teams[p]
        for d in score["deals"]:
            if d["taker"] == p:
                b["taken"][d["contract"]] = b["taken"].get(d["contract"], 0) + 1
                if d["outcome"] == "made":
                    b["made"][d["contract"]] = b["made"].get(d["contract"], 0) + 1
                b["litiges"] += d["outcome"] == "litige"
            b["capots"] += d.get("capot") == team
            b["belotes"] += d.get("belote") == team


def finish(figures: dict[str, Any]) -> None:
    """Nothing to average: the figures are counts."""


def text(figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
    lines = ["", _("Belote: contracts taken (made) as taker; litiges; team capots and belotes")]
    for p, bel in figures.items():
        taken = ", ".join(
            f"{contract_word(c)} {n} ({bel['made'].get(c, 0)})"
            for c, n in sorted(bel["taken"].items())
        )
        said = _("{taken}; litiges {litiges}; capots {capots}; belotes {belotes}").format(
            taken=taken or "–", litiges=bel["litiges"], capots=bel["capots"], belotes=bel["belotes"]
        )
        # Names padded by the cells they take on a terminal (a CJK name takes two a letter).
        lines.append(f"  {p}{' ' * max(0, width - cells(p))}  {said}")
    return lines


def table(figures: Mapping[str, Mapping[str, Any]]) -> None:
    """No sheet of its own in the statistics workbook."""
