"""What every game's score result has in common: the one value every view is computed from.

A game's ``score`` role returns its own result class; these protocols are what the
commands, the workbook kit and the other games' neighbours may rely on across the seam
(:mod:`scoresheet.roles`). This module imports nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


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
