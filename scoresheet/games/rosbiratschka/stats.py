"""Rosbiratschka's own figures in ``stats``: each player's penalty points per contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.games.rosbiratschka.rules import shown
from scoresheet.i18n import _

KEY = "rosbiratschka"


def new() -> dict[str, Any]:
    return {"penalties": {}}


def add(name: str, score: Mapping[str, Any], figures: Mapping[str, dict[str, Any]]) -> None:
    for p, r in figures.items():
        for d in score["deals"]:
            c = r["penalties"].setdefault(d["contract"], {"deals": 0, "points": 0, "average": None})
            c["deals"] += 1
            c["points"] += int(d["score"][p])


def finish(figures: dict[str, Any]) -> None:
    for c in figures["penalties"].values():
        c["average"] = round(c["points"] / c["deals"], 2) if c["deals"] else None


def text(figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
    lines = ["", _("Rosbiratschka: penalties per contract (average)")]
    for p, r in figures.items():
        parts = ", ".join(
            f"{shown(c)} {v['points']} ({v['average']:.2f})" for c, v in r["penalties"].items()
        )
        lines.append(f"  {p.ljust(width)}  {parts}")
    return lines


def table(figures: Mapping[str, Mapping[str, Any]]) -> None:
    """No sheet of its own in the statistics workbook."""
