"""The games the project scores, each a module with the same few functions.

A game module (``GAMES[name]``) provides:

- ``rules_from_data(data) -> rules``: rules in force from a validated rules file
  (``ValueError`` when inconsistent); the rules have ``name``, ``game`` and ``description``;
- ``rules_text(rules)``, ``rules_json(rules)``: ``scoresheet rules show [--json]``;
- ``score_game(record, rules=None) -> result``: the one scoring function; the result
  has ``players``, ``rules``, ``deals`` (each with ``number``), ``violations`` (each with
  ``deal`` and ``message``) and ``complete``;
- ``to_json(result) -> dict``: the ``score --json`` object;
- ``score_text(result, title, term=None)``, ``sheet_text(result, title, term=None)``,
  ``status_text(result, title, term=None)``: the ``score``, ``show`` and ``status`` views,
  fitted to ``term`` (a :class:`scoresheet.views.term.Term`: width and colour; by default
  the terminal standard output goes to);
- ``deal_from_flags(result, number, contract, flags) -> dict``: a deal from ``add``'s
  readable flags (a game without them raises ScoresheetError pointing to ``--deal``);
- ``deal_text(result, number, term=None)``, ``after_deal_text(result, term=None)``: what
  ``add``/``edit`` (and ``play``) print after a deal;
- ``play_game(path) -> int``: guided entry (Barbu's lives in :mod:`scoresheet.cli.play`).

Modules are imported only when a game of theirs is read, so commands stay fast.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from scoresheet.errors import ScoresheetError

GAMES: dict[str, str] = {
    "barbu": "scoresheet.games.barbu.game",
    "rosbiratschka": "scoresheet.games.rosbiratschka",
    "caribbean-all-fours": "scoresheet.games.caribbean_all_fours",
    "belote": "scoresheet.games.belote",
    "coinche": "scoresheet.games.coinche",
}

# Games already laid out one module per role (see scoresheet.registry): this table finds
# each function above in the role module that defines it.
BY_ROLE = frozenset({"coinche"})
ROLE_OF = {
    "rules_from_data": "rules",
    "score_game": "score",
    "to_json": "score",
    "deal_from_flags": "entry",
    "play_game": "play",
    **{
        name: "views"
        for name in (
            "rules_text",
            "rules_json",
            "score_text",
            "sheet_text",
            "status_text",
            "deal_text",
            "after_deal_text",
        )
    },
}


def available() -> list[str]:
    """The games this installation can score."""
    return [g for g in GAMES if importlib.util.find_spec(GAMES[g]) is not None]


def module(game: str) -> Any:
    """The module that scores ``game``."""
    if game not in GAMES:
        raise ScoresheetError(f'game: "{game}" is not a game this tool scores ({", ".join(GAMES)})')
    try:
        if game in BY_ROLE:
            return _ByRole(GAMES[game])
        return importlib.import_module(GAMES[game])
    except ModuleNotFoundError:
        raise ScoresheetError(f'game: "{game}" is not scored by this version yet') from None


class _ByRole:
    """A game of role modules seen as one module: each function is imported, when first
    asked for, from the role module that defines it (so a command imports only what it
    uses)."""

    def __init__(self, package: str) -> None:
        self._package = package

    def __getattr__(self, name: str) -> Any:
        role = ROLE_OF.get(name)
        if role is None:
            raise AttributeError(name)
        return getattr(importlib.import_module(f"{self._package}.{role}"), name)


def score(record: Any) -> Any:
    """Score a validated game record with its game's scoring function."""
    return module(record.get("game", "barbu")).score_game(record)
