"""What the ``night`` commands print: a round's seating and the standings, as text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scoresheet import registry
from scoresheet.i18n import _, ngettext
from scoresheet.night.standings import Line, shown_percent
from scoresheet.views.term import cells


def _pad(text: str, width: int, right: bool = False) -> str:
    space = " " * max(0, width - cells(text))
    return space + text if right else text + space


def draw_json(folder: Path, night: dict[str, Any], number: int) -> dict[str, Any]:
    """``night draw --json``: the round's tables, each game file's path as given."""
    one = night["draws"][number - 1]
    return {
        "round": number,
        "tables": [
            {"table": t["table"], "players": list(t["players"]), "game": str(folder / t["game"])}
            for t in one["tables"]
        ],
        "byes": list(one["byes"]),
    }


def draw_text(folder: Path, night: dict[str, Any], number: int) -> str:
    """A round's seating: a line per table (its players in seating order, its game file)."""
    data = draw_json(folder, night, number)
    lines = [
        _("{title}, round {number} of {rounds}").format(
            title=registry.shown_title(night["game"]), number=number, rounds=night["rounds"]
        )
    ]
    for table in data["tables"]:
        lines.append(
            _("Table {table}: {players}  ({game})").format(
                table=table["table"], players=", ".join(table["players"]), game=table["game"]
            )
        )
    if data["byes"]:
        lines.append(
            ngettext("Bye: {players}", "Byes: {players}", len(data["byes"])).format(
                players=", ".join(data["byes"])
            )
        )
    return "\n".join(lines)


def standings_text(night: dict[str, Any], after: int, lines: list[Line]) -> str:
    """The standings as a table; tables not finished are marked with an asterisk."""
    teams = registry.game(night["game"]).teams
    rows: list[list[str]] = []
    if teams:
        head = [_("Place"), _("Pair"), _("Won"), _("Difference"), _("Points"), _("Tables")]
    else:
        head = [_("Place"), _("Player"), _("Percent"), _("Total"), _("Tables")]
    marked = False
    for line in lines:
        tables = str(line.tables) + ("*" if line.unfinished else "")
        marked = marked or bool(line.unfinished)
        if teams:
            rows.append(
                [
                    str(line.place),
                    " & ".join(line.unit),
                    str(line.won),
                    f"{line.difference:+d}",
                    str(line.total),
                    tables,
                ]
            )
        else:
            percent = shown_percent(line.percent)
            rows.append(
                [
                    str(line.place),
                    line.unit[0],
                    "—" if percent is None else percent,
                    str(line.total),
                    tables,
                ]
            )
    widths = [max(cells(r[i]) for r in [head, *rows]) for i in range(len(head))]
    text = [
        _("Standings after round {number} of {rounds}").format(number=after, rounds=night["rounds"])
    ]
    for row in [head, *rows]:
        text.append(
            "  ".join(
                _pad(cell, widths[i], right=i not in (1,)) for i, cell in enumerate(row)
            ).rstrip()
        )
    if marked:
        text.append(_("* a table not finished: its deals so far count"))
    return "\n".join(text)
