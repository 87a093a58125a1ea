"""The answers that enter a saved Belote deal again: what a player types or taps at each
of the deal's questions (the partnership kit's, :mod:`scoresheet.partnership.play`) to
give back the deal as the file holds it. The phone page pre-fills a past deal's
questions with them, to correct the deal answer by answer (:mod:`scoresheet.prefill`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoresheet.partnership.answers import play_answers

if TYPE_CHECKING:
    from scoresheet.partnership.score import GameScore


def answers_of(result: GameScore, number: int, deal: Mapping[str, Any]) -> dict[str, str]:
    """Question key → the text that answers it as ``deal`` was played; ``result`` is the
    game before deal ``number``.

    >>> from scoresheet.games.belote.score import score_game
    >>> game = {"game": "belote", "rules": "belote", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...         "deals": []}
    >>> deal = {"contract": "hearts", "taker": "Bob",
    ...         "result": {"points": [62, 100], "last_trick": 1, "belote": 1}}
    >>> answers = answers_of(score_game(game), 1, deal)
    >>> answers["taker"], answers["points"], answers["last_trick"], answers["belote"]
    ('Bob', '62 100', 'Bob & Dan', 'Bob & Dan')
    """
    return play_answers(result, deal)
