"""The answers that enter a saved Coinche deal again: what a player types or taps at each
of the deal's questions (:mod:`scoresheet.games.coinche.play`: the auction, then the
partnership kit's card play) to give back the deal as the file holds it. The phone page
pre-fills a past deal's questions with them, to correct the deal answer by answer
(:mod:`scoresheet.prefill`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoresheet.games.coinche.entry import bid_word
from scoresheet.games.coinche.rules import CAPOT
from scoresheet.partnership.answers import none_word, play_answers

if TYPE_CHECKING:
    from scoresheet.games.coinche.score import GameScore


def answers_of(result: GameScore, number: int, deal: Mapping[str, Any]) -> dict[str, str]:
    """Question key → the text that answers it as ``deal`` was played; ``result`` is the
    game before deal ``number``.

    >>> from scoresheet.games.coinche.score import score_game
    >>> game = {"game": "coinche", "rules": "coinche", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...         "deals": []}
    >>> deal = {"contract": "spades", "bid": 100, "taker": "Ann", "coinche": "Bob",
    ...         "result": {"points": [110, 52], "last_trick": 0}}
    >>> answers = answers_of(score_game(game), 1, deal)
    >>> answers["bid"], answers["coinche"], answers["surcoinche"]
    ('100', 'Bob', ':none')
    """
    out = play_answers(result, deal)
    bid = deal.get("bid")
    out["bid"] = bid_word(CAPOT) if bid == CAPOT else str(bid)
    for key in ("coinche", "surcoinche"):
        out[key] = str(deal[key]) if deal.get(key) is not None else none_word()
    return out
