"""Random legal Rosbiratschka games, for tests, benchmarks and trying the tool out.

Everything drawn here is legal under the rules given (counts add up to the deck's), so
any error raised when scoring a simulated game is a bug in the scorer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.games.rosbiratschka.rules import COUNTED, HUNDRED_KEYS, RosbiratschkaRules
from scoresheet.games.rosbiratschka.score import dealer_of
from scoresheet.rules import resolve

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def random_counts(rng: random.Random, total: int, players: Sequence[str]) -> dict[str, int]:
    """``total`` shared out: sometimes all to one (a slam), sometimes at least one each
    (no doubling), otherwise card by card at random (often someone takes none)."""
    counts = dict.fromkeys(players, 0)
    draw = rng.random()
    if draw < 0.12:
        counts[rng.choice(players)] = total
        return counts
    left = total
    if draw < 0.45 and total >= len(players):
        for p in players:
            counts[p] = 1
        left -= len(players)
    for _ in range(left):
        counts[rng.choice(players)] += 1
    return counts


def random_result(
    rng: random.Random, rules: RosbiratschkaRules, contract: str, players: Sequence[str]
) -> dict[str, Any]:
    """A legal ``result`` for ``contract``; players who took none are sometimes left out."""
    if contract in COUNTED:
        counts = random_counts(rng, rules.in_deal(contract), players)
        if rng.random() < 0.5:
            counts = {p: n for p, n in counts.items() if n}
        return {COUNTED[contract]: counts}
    if contract == "hundred":
        return {key: rng.choice(players) for key in HUNDRED_KEYS}
    key = "king_of_hearts" if contract == "king-of-hearts" else "last"
    return {key: rng.choice(players)}


def random_deal(
    rng: random.Random, rules: RosbiratschkaRules, players: Sequence[str], number: int
) -> dict[str, Any]:
    contract = rules.contract_of(number)
    deal: dict[str, Any] = {}
    if rng.random() < 0.7:
        deal["contract"] = contract
    if rng.random() < 0.2:
        deal["dealer"] = dealer_of(players, number)
    deal["result"] = random_result(rng, rules, contract, players)
    return deal


def random_game(
    rng: random.Random,
    rules: str | Mapping[str, Any] = "rosbiratschka",
    *,
    deals: int | None = None,
    players: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A game file's data: ``deals`` random legal deals (default: the whole game)."""

    resolved = resolve(rules, options)
    assert isinstance(resolved, RosbiratschkaRules)
    names = list(players) if players is not None else list(PLAYERS[: resolved.players])
    count = resolved.deals_per_game if deals is None else deals
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "rosbiratschka",
        "rules": rules if isinstance(rules, str) else dict(rules),
    }
    if options:
        data["options"] = dict(options)
    data["players"] = names
    data["deals"] = [random_deal(rng, resolved, names, n) for n in range(1, count + 1)]
    return data
