"""The deal-entry form of the scoring link, as data: what to ask for the next deal.

A form is the next deal's number and contract and a list of questions, each of a kind
the page knows how to ask without knowing any rule:

- ``counts``: a number per player (``total``: what they add up to; only a hint on the
  page — the scoring checks it and its message is shown if they do not);
- ``player``: one of the players.

The page sends the answers as the deal object ``scoresheet add --deal`` takes, to the
same ``deals/N`` endpoint any program may use. Only Rosbiratschka has a form for now;
the other games are entered as JSON until every game's questions are written once for
both ``play`` and the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _rosbiratschka(result: Any) -> dict[str, Any] | None:
    from scoresheet.games.rosbiratschka.entry import PROMPTS
    from scoresheet.games.rosbiratschka.rules import COUNTED, RESULT_KEYS

    contract = result.next_contract
    if contract is None:
        return None
    rules = result.rules
    questions: list[dict[str, Any]] = []
    for key in RESULT_KEYS[contract]:
        if key in COUNTED.values():
            questions.append(
                {
                    "key": key,
                    "kind": "counts",
                    "prompt": f"How many {key} did each player take?",
                    "total": rules.in_deal(contract),
                }
            )
        else:
            questions.append({"key": key, "kind": "player", "prompt": PROMPTS[key]})
    return {
        "number": result.next_number,
        "contract": contract,
        "title": f"Deal {result.next_number}: {contract}",
        "note": f"{result.next_dealer} deals, {result.next_leader} leads.",
        "players": list(result.players),
        "questions": questions,
    }


FORMS: dict[str, Callable[[Any], dict[str, Any] | None]] = {
    "rosbiratschka": _rosbiratschka,
}


def next_form(result: Any) -> dict[str, Any] | None:
    """The form for the deal after the last one of ``result``, or ``None`` (the game is
    over, or its deals are entered as JSON for now).

    >>> from scoresheet import session
    >>> data = {"format": "scoresheet-game", "version": 1, "game": "rosbiratschka",
    ...         "rules": "rosbiratschka", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...         "deals": []}
    >>> form = next_form(session.rescore(data, "g.json")[1])
    >>> form["title"], form["questions"]
    ('Deal 1: no-tricks', [{'key': 'tricks', 'kind': 'counts', \
'prompt': 'How many tricks did each player take?', 'total': 8}])
    """
    make = FORMS.get(result.game)
    return make(result) if make is not None else None
