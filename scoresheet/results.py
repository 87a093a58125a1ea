"""What every game's score result has in common: the one value every view is computed from.

A game's ``score`` role returns its own result class; these protocols are what the
commands, the workbook kit and the other games' neighbours may rely on across the seam
(:mod:`scoresheet.roles`). This module imports nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol


class GameRules(Protocol):
    """The rules in force of any game."""

    @property
    def name(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def description(self) -> str: ...


class DealResult(Protocol):
    """One scored deal of any game."""

    @property
    def number(self) -> int: ...


class Broken(Protocol):
    """A rule broken that leaves the file readable (a player short of doubles…)."""

    @property
    def deal(self) -> int | None: ...
    @property
    def message(self) -> str: ...


class GameResult(Protocol):
    """What every game's score result has: the one value every view is computed from."""

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> GameRules: ...
    @property
    def deals(self) -> Sequence[DealResult]: ...
    @property
    def violations(self) -> Sequence[Broken]: ...
    @property
    def complete(self) -> bool: ...
    @property
    def totals(self) -> dict[str, int]: ...


def team_deal_json(
    players: Sequence[str], team_of: Callable[[str], int], score: Sequence[int]
) -> dict[str, Any]:
    """A partnership game's deal in ``score --json``: the spec's ``base``, ``doubles`` and
    ``score``, each player credited with their team's points in seating order, and the
    teams' pair as ``team_score``. There are no side bets between players: ``doubles`` is
    all zeros and ``base`` is ``score``.

    >>> team_deal_json(["Ann", "Bob"], lambda p: 0 if p == "Ann" else 1, (62, 100))
    {'base': {'Ann': 62, 'Bob': 100}, 'doubles': {'Ann': 0, 'Bob': 0}, \
'score': {'Ann': 62, 'Bob': 100}, 'team_score': [62, 100]}
    """
    by_player = {p: score[team_of(p)] for p in players}
    return {
        "base": by_player,
        "doubles": dict.fromkeys(players, 0),
        "score": dict(by_player),
        "team_score": list(score),
    }
