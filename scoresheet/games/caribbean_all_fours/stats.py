"""Caribbean All Fours' own figures in ``stats``: the hang jacks, kicks and games won
by the player's team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.i18n import _, ngettext

KEY = "caribbean_all_fours"


def new() -> dict[str, Any]:
    return {"hang_jacks": 0, "kicks": 0, "kick_points": 0, "games_won": 0}


def add(name: str, score: Mapping[str, Any], figures: Mapping[str, dict[str, Any]]) -> None:
    teams = {p: i for i, team in enumerate(score["teams"]) for p in team}
    for p, a in figures.items():
        team = teams[p]
        for d in score["deals"]:
            for point in d["points"]:
                if point["team"] != team or not point["counted"]:
                    continue
                if point["kind"] == "hang-jack":
                    a["hang_jacks"] += 1
                elif point["kind"] == "kick":
                    a["kicks"] += 1
                    a["kick_points"] += int(point["points"])
        a["games_won"] += score.get("winner") == team


def finish(figures: dict[str, Any]) -> None:
    """Nothing to average: the figures are counts."""


def text(figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
    lines = ["", _("Caribbean All Fours (the player's team): hang jacks, kicks, games won")]
    for p, af in figures.items():
        figures_text = ngettext(
            "hang jacks {hang_jacks}, kicks {kicks} ({kick_points} point), games won {games_won}",
            "hang jacks {hang_jacks}, kicks {kicks} ({kick_points} points), games won {games_won}",
            af["kick_points"],
        ).format(**af)
        lines.append(f"  {p.ljust(width)}  {figures_text}")
    return lines


def table(figures: Mapping[str, Mapping[str, Any]]) -> None:
    """No sheet of its own in the statistics workbook."""
