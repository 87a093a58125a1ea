"""Belote's scores: each deal's card play counted by the partnership kit
(:mod:`scoresheet.partnership.score`: the contract made, *dedans* or in *litige*), the
litige points carried and the race to the target.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.partnership.rules import BeloteRules, dealers
from scoresheet.partnership.score import GameScore, play_out, rules_of, score_deal, teams_of
from scoresheet.partnership.score import to_json as to_json
from scoresheet.rules import check_game_of


def score_game(record: Mapping[str, Any], rules: BeloteRules | None = None) -> GameScore:
    """Score every deal of a game file, carrying litige points and stopping at the target.

    Raises :class:`ScoresheetError` naming the deal for anything that makes the file wrong.
    """
    check_game_of(record, "belote")
    if rules is None:
        rules = rules_of(record, "belote")
    players = tuple(record["players"])
    teams = teams_of(players, record.get("teams"))
    deals = record.get("deals") or []
    rotation = dealers(rules, players, [d.get("dealer") for d in deals])
    return play_out(
        rules,
        players,
        teams,
        [
            score_deal(rules, players, teams, i + 1, deal, rotation[i])
            for i, deal in enumerate(deals)
        ],
    )
