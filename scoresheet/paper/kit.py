"""What every game's pad and printed game share: the sizes, the date line, signed
scores, running totals and their chart.

Each game's ``paper.py`` (role ``Paper``) builds its :class:`~scoresheet.paper.model.Doc`
with these; :mod:`scoresheet.paper.games` picks the game's builder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.paper.model import Chart

DATE_LINE = "Date: ____________________    Place: ____________________"
RACE_ROWS = 16  # rows on the pad of a race to a target (a partnership game): one page
PAD_ROW = 8.0  # mm: room to write by hand
PRINT_ROW = 6.0
PRINT_FONT = 8.5


def signed(n: int) -> str:
    """``+5``, ``-12``, ``0``: a score as the sheets print it (a true minus sign).

    >>> signed(5), signed(-12), signed(0)
    ('+5', '−12', '0')
    """
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def players_line(players: Sequence[str]) -> str:
    return "Players in seating order: " + ", ".join(players)


def running(players: Sequence[str], deals: Sequence[Any]) -> dict[int, dict[str, int]]:
    """Each player's running total after each deal, by deal number."""
    run = dict.fromkeys(players, 0)
    out = {}
    for d in deals:
        for p in players:
            run[p] += d.score[p]
        out[d.number] = dict(run)
    return out


def chart(
    players: Sequence[str], deals: Sequence[Any], running: Mapping[int, Mapping[str, int]]
) -> Chart:
    """The running totals of every player, one point per deal."""
    numbers = [d.number for d in deals]
    return Chart(
        "Running totals",
        [str(n) for n in numbers],
        [(p, [running[n][p] for n in numbers]) for p in players],
    )
