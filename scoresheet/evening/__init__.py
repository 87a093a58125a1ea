"""After the last deal: settling up an evening and statistics over a season.

Both are computed from the games' scoring results (the ``score --json`` objects), so no
figure can differ from what ``scoresheet score`` prints.
"""

from __future__ import annotations

from scoresheet.evening.games import ScoredGame, find_games, from_data, load_game
from scoresheet.evening.settle import Settlement, settle
from scoresheet.evening.stats import Stats, stats

__all__ = [
    "ScoredGame",
    "Settlement",
    "Stats",
    "find_games",
    "from_data",
    "load_game",
    "settle",
    "stats",
]
