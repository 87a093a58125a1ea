"""The answers that enter a saved Barbu deal again: what a player types or taps at each
of the deal's questions (:mod:`scoresheet.games.barbu.play`) to give back the deal as
the file holds it. The phone page pre-fills a past deal's questions with them, to
correct the deal answer by answer (:mod:`scoresheet.prefill`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoresheet.entry import KEYWORD_MARK
from scoresheet.games.barbu.doubling import answer_word as word
from scoresheet.games.barbu.questions import FORM, form_word
from scoresheet.games.barbu.rules import contract_word

if TYPE_CHECKING:
    from scoresheet.games.barbu.score import GameScore

COUNTS = ("tricks", "hearts", "queens")
TAKERS = ("ace_of_hearts", "king_of_hearts", "second_last", "last")
# The doubling words of a file, as the questions offer them (``table`` is ``maximum``).
SAME_WORD = {"table": "maximum", "flanks": "family"}
SUITS = ("spades", "hearts", "diamonds", "clubs")
ROWS = ("front", "middle", "back")


def answer_word(name: str) -> str:
    """An answer word as a button sends it when a player's name could start with it:
    marked (``:none``), so it is never read as a player."""
    return KEYWORD_MARK + word(name)


def _targets(value: Any) -> str:
    """A double or redouble as typed: the players' names, or its word."""
    if value is None or value == []:
        return answer_word("none")
    if isinstance(value, str):
        return answer_word(SAME_WORD.get(value, value))
    return ", ".join(str(v) for v in value)


def _counts(value: Mapping[str, Any], players: Sequence[str]) -> str:
    """Counts as one number each, in seating order: ``2 0 1 1``."""
    return " ".join(str(value.get(p, 0)) for p in players)


def answers_of(result: GameScore, number: int, deal: Mapping[str, Any]) -> dict[str, str]:
    """Question key → the text that answers it as ``deal`` was played; ``result`` is the
    game before deal ``number``. Keys of questions the deal does not ask are harmless
    (never asked, never read).

    >>> from scoresheet.games.barbu.score import score_game
    >>> game = {"game": "barbu", "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...         "deals": []}
    >>> deal = {"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}],
    ...         "result": {"king_of_hearts": "Cat"}}
    >>> answers = answers_of(score_game(game), 1, deal)
    >>> answers["contract"], answers["double Bob"], answers["double Cat"]
    ('no-king', 'Ann', ':none')
    >>> answers["king_of_hearts"]
    'Cat'
    """
    players = list(result.players)
    out: dict[str, str] = {"contract": contract_word(str(deal["contract"]))}
    for p in players:
        out[f"double {p}"] = answer_word("none")
        out[f"redouble {p}"] = answer_word("none")
    declarer = getattr(result, "next_declarer", None)
    for d in deal.get("doubles") or ():
        by = str(d.get("by"))
        if by == declarer and SAME_WORD.get(d.get("double"), d.get("double")) == "maximum":
            # The declarer is not asked to double: a maximum from the declarer redoubles
            # every double received, which the redouble question asks.
            out[f"redouble {by}"] = answer_word("all")
        elif "double" in d:
            out[f"double {by}"] = _targets(d["double"])
        if "redouble" in d:
            out[f"redouble {by}"] = _targets(d["redouble"])
    res = deal.get("result") or {}
    for key in COUNTS:
        if key in res:
            out[key] = _counts(res[key], players)
    for key in TAKERS:
        if key in res:
            out[key] = str(res[key])
    out["trump"] = str(res.get("trump") or "")
    out["start"] = str(res.get("start") or "")
    if "order" in res:
        out["order"] = ", ".join(res["order"])
    if "most" in res:
        out["most"] = ", ".join(res["most"])
    for form in ("cards", "most", "beats", "hands"):
        if form in res:
            out[FORM] = form_word(form)
    for p in players:
        if "cards" in res and p in res["cards"]:
            out[f"cards {p}"] = "/".join(str(res["cards"][p].get(s, 0)) for s in SUITS)
        if "beats" in res and p in res["beats"]:
            out[f"beats {p}"] = "/".join(str(res["beats"][p].get(r, 0)) for r in ROWS)
        if "hands" in res and p in res["hands"]:
            out[f"hands {p}"] = " | ".join(str(res["hands"][p][r]) for r in ROWS)
    return out
