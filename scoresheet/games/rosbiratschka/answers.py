"""The answers that enter a saved Rosbiratschka deal again: what a player types or taps at
each of the deal's questions (:mod:`scoresheet.games.rosbiratschka.play`) to give back
the deal as the file holds it. The phone page pre-fills a past deal's questions with
them, to correct the deal answer by answer (:mod:`scoresheet.prefill`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoresheet.games.rosbiratschka.rules import COUNTED

if TYPE_CHECKING:
    from scoresheet.games.rosbiratschka.score import GameScore


def answers_of(result: GameScore, number: int, deal: Mapping[str, Any]) -> dict[str, str]:
    """Question key → the text that answers it as ``deal`` was played; ``result`` is the
    game before deal ``number`` (the contract follows from the number: it is not asked).

    >>> from scoresheet.games.rosbiratschka.score import score_game
    >>> game = {"game": "rosbiratschka", "rules": "rosbiratschka",
    ...         "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}
    >>> answers_of(score_game(game), 1, {"contract": "no-tricks",
    ...            "result": {"tricks": {"Ann": 4, "Bob": 0, "Cat": 3, "Dan": 1}}})
    {'tricks': '4 0 3 1'}
    """
    players = list(result.players)
    out: dict[str, str] = {}
    for key, value in (deal.get("result") or {}).items():
        if key in COUNTED.values() and isinstance(value, Mapping):
            out[key] = " ".join(str(value.get(p, 0)) for p in players)
        elif value is not None:
            out[key] = str(value)
    return out
