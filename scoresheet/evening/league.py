"""A simulated league, for the season ladder's tests and benchmark: players of known skill
playing legal games made by each game's own simulator (its ``simulate`` role).

A game is drawn at random with placeholder seats, scored, and its seats then given to the
real players so that skill biases the result: the order of the players, best first, is
drawn Plackett–Luce (each next place goes to one of the players left with odds
``exp(spread × skill)``), and the best drawn takes the seat that finished first, and so on
down (a partnership game: the winning pair drawn by the pairs' summed skills takes the
winning seats). Every name in the game is replaced, deals included, so the game stays
legal: the totals are the placeholder game's, only who holds them changes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from scoresheet import registry
from scoresheet.evening.games import from_data
from scoresheet.evening.stats import places

#: The placeholder seats: no game writes these words for anything but a player.
SEATS = tuple(f"Seat-{i}-of-the-league" for i in range(1, 9))


def _renamed(node: Any, names: Mapping[str, str]) -> Any:
    """``node`` with every text (and key) that is a placeholder replaced by its player."""
    if isinstance(node, str):
        return names.get(node, node)
    if isinstance(node, list):
        return [_renamed(x, names) for x in node]
    if isinstance(node, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in node.items()}
    return node


def skill_order(
    rng: random.Random, players: Sequence[str], skills: Mapping[str, float], spread: float
) -> list[str]:
    """``players``, best first, drawn Plackett–Luce with odds ``exp(spread × skill)``.

    >>> skill_order(random.Random(1), ["a", "b"], {"a": 50.0, "b": 0.0}, 1.0)
    ['a', 'b']
    """
    left = list(players)
    out: list[str] = []
    while left:
        weights = [math.exp(spread * skills[p]) for p in left]
        pick = rng.choices(left, weights)[0]
        out.append(pick)
        left.remove(pick)
    return out


def league_game(
    rng: random.Random,
    game: str,
    rules: str,
    players: Sequence[str],
    skills: Mapping[str, float],
    spread: float = 1.0,
) -> dict[str, Any]:
    """A complete legal game of ``players`` (a partnership game: pairs ``players[0::2]``
    and ``players[1::2]``) whose result ``skills`` bias."""
    seats = list(SEATS[: len(players)])
    simulator = registry.part(game, "simulate")
    while True:
        data = simulator.random_game(rng, rules, players=seats)
        scored = from_data(data)
        place = places(scored)
        if place is not None:
            break
    names: dict[str, str] = {}
    if scored.partnership:
        pairs = [list(players[0::2]), list(players[1::2])]
        strength = {str(i): sum(skills[p] for p in pair) for i, pair in enumerate(pairs)}
        order = [pairs[int(i)] for i in skill_order(rng, ["0", "1"], strength, spread)]
        teams = sorted(scored.score["teams"], key=lambda team: place[team[0]])
        for team, pair in zip(teams, order, strict=True):
            names.update(zip(team, pair, strict=True))
    else:
        by_place = sorted(seats, key=lambda s: place[s])
        names.update(zip(by_place, skill_order(rng, players, skills, spread), strict=True))
    out: dict[str, Any] = _renamed(data, names)
    return out


def league(
    rng: random.Random,
    game: str,
    rules: str,
    *,
    players: int,
    games: int,
    table: int,
    per_night: int = 20,
    spread: float = 1.0,
) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """``players`` of skills drawn from a standard normal, and ``games`` games of ``table``
    players drawn at random among them, ``per_night`` a night (each with its ``created``
    moment, a night a week). Returns the skills and the games (what game files hold)."""
    names = [f"P{i:03d}" for i in range(1, players + 1)]
    skills = {p: rng.gauss(0.0, 1.0) for p in names}
    start = datetime(2026, 1, 2, 19, tzinfo=UTC)
    out = []
    for i in range(games):
        data = league_game(rng, game, rules, rng.sample(names, table), skills, spread)
        night, nth = divmod(i, per_night)
        at = start + timedelta(weeks=night, minutes=5 * nth)
        data["created"] = at.isoformat(timespec="seconds")
        out.append(data)
    return skills, out


def _ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank, 1 the smallest, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two sequences (Pearson's of their ranks).

    >>> round(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 9), round(spearman([1, 2, 3], [3, 2, 1]), 9)
    (1.0, -1.0)
    >>> round(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]), 3)
    0.8
    """
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (sx * sy)
