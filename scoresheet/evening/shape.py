"""The ``score --json`` object as the evening and season views read it, typed.

Every game's ``to_json`` writes these keys (``tests/test_score_json_contract.py`` and the
golden files pin them); :mod:`scoresheet.evening` reads a game only through them, so mypy
checks each key it reads. A game writes more keys of its own (its deals' details, a
partnership game's targets …): its own ``stats`` role reads those.
"""

# No ``from __future__ import annotations``: TypedDict reads NotRequired[...] from the
# annotations themselves, to know which keys are required (``__required_keys__``).
from typing import Any, NotRequired, TypedDict, cast


class Violation(TypedDict):
    """A rule broken that leaves the file readable; Barbu's name who doubled too little."""

    deal: int | None
    message: str
    doubler: NotRequired[str]
    declarer: NotRequired[str]


class LedgerPair(TypedDict):
    """Two players' side bets over one game (Barbu's doubles)."""

    players: list[str]
    bets: int
    redoubles: int
    net: dict[str, int]


class Ledger(TypedDict):
    """A game's side bets: pair by pair, and deal by deal (its ``bets``)."""

    pairs: list[LedgerPair]
    deals: list[dict[str, Any]]


class Score(TypedDict):
    """One game's ``score --json`` object: the keys the evening reads."""

    players: list[str]
    totals: dict[str, int]
    complete: bool
    deals: list[dict[str, Any]]  # each game's own deals, read by its own stats role
    violations: list[Violation]
    teams: NotRequired[list[list[str]]]  # a partnership game's two teams
    # A partnership game's winning team (its index) or None; Rosbiratschka's the names
    # of the players with the lowest total.
    winner: NotRequired[int | list[str] | None]
    ledger: NotRequired[Ledger]  # a game with side bets


def shaped(data: dict[str, Any]) -> Score:
    """A game's ``to_json`` object as the evening reads it (the contract the tests pin)."""
    return cast(Score, data)


def winning_team(score: Score) -> int | None:
    """A partnership game's winning team, or ``None`` when no team has won yet."""
    winner = score.get("winner")
    return winner if isinstance(winner, int) else None
