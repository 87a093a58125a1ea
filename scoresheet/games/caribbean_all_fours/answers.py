"""The answers that enter a saved Caribbean All Fours deal again: what a player types or
taps at each of the deal's questions (:mod:`scoresheet.games.caribbean_all_fours.play`)
to give back the deal as the file holds it. The phone page pre-fills a past deal's
questions with them, to correct the deal answer by answer (:mod:`scoresheet.prefill`).

A result given as each team's captured cards is answered as the card points they are
worth: the questions ask the points (the deal scores the same; the prefill keeps the
cards where the correction leaves them so).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoresheet.cards import parse_card
from scoresheet.entry import KEYWORD_MARK
from scoresheet.games.caribbean_all_fours.entry import beg_name
from scoresheet.i18n import pgettext

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.score import GameScore


def _none() -> str:
    """``none``, marked so that it is never read as a player (``:none``)."""
    return KEYWORD_MARK + (pgettext("answer", "none").split("|")[0].strip() or "none")


def _pile(value: Any) -> list[str]:
    """One team's captured cards, as a file gives them: one string or a list of cards."""
    if isinstance(value, str):
        return [w for w in re.split(r"[\s,]+", value) if w]
    return [str(v) for v in value or ()]


def answers_of(result: GameScore, number: int, deal: Mapping[str, Any]) -> dict[str, str]:
    """Question key → the text that answers it as ``deal`` was played; ``result`` is the
    game before deal ``number`` (the dealer follows from the number: it is not asked).

    >>> from scoresheet.games.caribbean_all_fours.score import score_game
    >>> game = {"game": "caribbean-all-fours", "rules": "caribbean-all-fours",
    ...         "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}
    >>> deal = {"turn_ups": ["5H"], "beg": "stand", "result": {"high": "Ann",
    ...         "low": "Bob", "jack": None, "game_points": [40, 40]}}
    >>> answers = answers_of(score_game(game), 1, deal)
    >>> answers["turn 0"], answers["beg"], answers["jack"], answers["game_points"]
    ('5H', 'stand', ':none', '40 40')
    """
    out: dict[str, str] = {}
    for i, card in enumerate(deal.get("turn_ups") or ()):
        out[f"turn {i}"] = str(card)
    if deal.get("beg") is not None:
        out["beg"] = beg_name(str(deal["beg"]))
    res = deal.get("result")
    if not isinstance(res, Mapping):
        return out
    out["high"] = str(res["high"]) if res.get("high") is not None else _none()
    if res.get("low") is not None:
        out["low"] = str(res["low"])
    jack = res.get("jack")
    if isinstance(jack, Mapping):
        out["jack"] = f"{jack['holder']}/{jack['won_by']}"
    else:
        out["jack"] = _none()
    points = res.get("game_points")
    if points is None and res.get("cards") is not None:
        rules = result.rules
        points = [sum(rules.card_value(parse_card(c)) for c in _pile(p)) for p in res["cards"]]
    if points is not None:
        out["game_points"] = " ".join(str(p) for p in points)
    return out
