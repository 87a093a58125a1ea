"""Caribbean All Fours as a game module (see :mod:`scoresheet.games`).

A partnership race to 14 (or 7) in which the points of a deal are scored in a strict
order — kick, beg, High, Low, Jack (or hang jack), Game — and the game ends the moment a
team reaches the target. The scoring is in :mod:`.score`, the rules in :mod:`.rules`, the
``add``/``edit`` ``--set`` keys in :mod:`.entry` and ``play`` in :mod:`.play`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scoresheet.games.caribbean_all_fours.rules import AllFoursRules
from scoresheet.games.caribbean_all_fours.score import GameScore, score_game, to_json
from scoresheet.games.caribbean_all_fours.views import (
    after_deal_text,
    deal_text,
    score_text,
    sheet_text,
    status_text,
)

__all__ = [
    "after_deal_text",
    "deal_from_flags",
    "deal_text",
    "play_game",
    "rules_from_data",
    "rules_json",
    "rules_text",
    "score_game",
    "score_text",
    "sheet_text",
    "status_text",
    "to_json",
]


def rules_from_data(data: dict[str, Any]) -> AllFoursRules:
    return AllFoursRules.from_data(data)


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: dict[str, Any]
) -> dict[str, Any]:
    """A deal from ``add``/``edit``'s ``--set KEY=VALUE`` items (keys in :mod:`.entry`)."""
    from scoresheet.errors import ScoresheetError
    from scoresheet.games.caribbean_all_fours.entry import deal_from_sets

    if contract is not None:
        raise ScoresheetError(
            f'"{contract}": Caribbean All Fours deals have no contract; give the deal with '
            "--set KEY=VALUE (turn_ups, beg, high, low, jack, game_points) or --deal JSON"
        )
    other = sorted(k for k in flags if k != "set")
    if other:
        flag = other[0].replace("_", "-")
        raise ScoresheetError(
            f"--{flag} is a Barbu flag; Caribbean All Fours deals take --set KEY=VALUE "
            "(turn_ups, beg, high, low, jack, game_points) or --deal JSON"
        )
    sets = flags.get("set") or []
    if not sets:
        raise ScoresheetError(
            "give the deal with --set KEY=VALUE (turn_ups, beg, high, low, jack, game_points) "
            "or --deal JSON"
        )
    return deal_from_sets(sets, result.players)


def play_game(path: Path) -> int:
    """Guided entry at the table (see :mod:`.play`)."""
    from scoresheet.games.caribbean_all_fours.play import play_game as play

    return play(path)


def rules_json(rules: AllFoursRules) -> dict[str, Any]:
    """A full rules object (for ``rules show --json``; see :func:`.rules.rules_json`)."""
    from scoresheet.games.caribbean_all_fours.rules import rules_json as as_json

    return as_json(rules)


def rules_text(rules: AllFoursRules) -> str:
    """The rules in a few lines (for ``rules show``)."""
    from scoresheet.games.caribbean_all_fours.rules import rules_text as as_text

    return as_text(rules)
