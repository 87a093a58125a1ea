"""Random legal Belote games, for tests, benchmarks and trying the tool out: the card
play drawn by the partnership kit (:mod:`scoresheet.partnership.simulate`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.partnership.rules import BeloteRules
from scoresheet.partnership.score import play_out, score_deal, teams_of
from scoresheet.partnership.simulate import deal_until_won, game_data, random_deal
from scoresheet.rules import resolve


def _rules(name: str, options: Mapping[str, Any] | None) -> BeloteRules:
    rules = resolve(name, options)
    assert isinstance(rules, BeloteRules)
    return rules


def random_game(
    rng: random.Random,
    rules: str = "belote",
    *,
    options: Mapping[str, Any] | None = None,
    deals: int | None = None,
    players: Sequence[str] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    cards: float = 0.3,
) -> dict[str, Any]:
    """A game file's data: deals until a team wins (or ``deals`` deals, if fewer).

    >>> game = random_game(random.Random(1), deals=3)
    >>> len(game["deals"]), game["game"]
    (3, 'belote')
    """

    names = list(players or ["Ann", "Bob", "Cat", "Dan"])
    in_force = _rules(rules, options)
    sides = teams_of(names, teams)
    return deal_until_won(
        game_data("belote", rules, names, options, teams),
        deals,
        lambda: random_deal(rng, in_force, names, sides, cards=cards),
        lambda number, deal: score_deal(in_force, names, sides, number, deal),
        lambda scored: play_out(in_force, tuple(names), sides, scored).complete,
    )
