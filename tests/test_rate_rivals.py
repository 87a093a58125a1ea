"""``stats``: each player's rival and best partner, counted here again from the totals."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from scoresheet.evening import from_data, stats
from scoresheet.evening.stats import PARTNER_GAMES
from scoresheet.evening.text import stats_text
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.views.term import Term

POOL = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _season(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(24):
        players = rng.sample(POOL, 4)
        if i % 2:
            out.append(random_belote(rng, players=players))  # pairs: seats 1 and 3, 2 and 4
        else:
            out.append(random_barbu(rng, "classic", players=players))
    out.append(random_barbu(rng, "classic", deals=3, players=POOL[:4]))  # not complete
    return out


def _counted(games: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each player's rival and best partner, from the totals: (lost, won, games) per other
    player and (games, wins) per partner."""
    met: dict[str, dict[str, list[int]]] = {}
    partners: dict[str, dict[str, list[int]]] = {}
    for data in games:
        g = from_data(data)
        if not g.complete:
            continue
        totals = g.totals
        if "teams" in g.score:
            teams = g.score["teams"]
            side = {p: i for i, team in enumerate(teams) for p in team}
            won = {p: side[p] == g.score["winner"] for p in side}
            for p in side:
                for q in side:
                    if side[q] != side[p]:
                        f = met.setdefault(p, {}).setdefault(q, [0, 0, 0])
                        f[0] += won[q]
                        f[1] += won[p]
                        f[2] += 1
                    elif q != p:
                        f = partners.setdefault(p, {}).setdefault(q, [0, 0])
                        f[0] += 1
                        f[1] += won[p]
        else:
            for p in totals:
                for q in totals:
                    if q != p:
                        f = met.setdefault(p, {}).setdefault(q, [0, 0, 0])
                        f[0] += totals[q] > totals[p]
                        f[1] += totals[p] > totals[q]
                        f[2] += 1
    rivals: dict[str, Any] = {}
    for p, others in met.items():
        ahead = [q for q in others if others[q][0]]
        if not ahead:
            rivals[p] = None
            continue
        most = max(others[q][0] for q in ahead)
        ahead = [q for q in ahead if others[q][0] == most]
        least = min(others[q][1] for q in ahead)
        q = sorted(q for q in ahead if others[q][1] == least)[0]
        lost, beat, count = others[q]
        rivals[p] = {"player": q, "games": count, "lost": lost, "won": beat}
    best: dict[str, Any] = {}
    for p in POOL:
        enough = {q: f for q, f in partners.get(p, {}).items() if f[0] >= PARTNER_GAMES}
        if not enough:
            best[p] = None
            continue
        top = max(Fraction(f[1], f[0]) for f in enough.values())
        tied = {q: f for q, f in enough.items() if Fraction(f[1], f[0]) == top}
        most = max(f[0] for f in tied.values())
        q = sorted(q for q, f in tied.items() if f[0] == most)[0]
        count, wins = enough[q]
        best[p] = {"player": q, "games": count, "wins": wins, "win_rate": round(wins / count, 4)}
    return rivals, best


def test_rival_and_best_partner_are_counted_from_the_totals() -> None:
    for seed in (1, 2, 3):
        games = _season(seed)
        rivals, best = _counted(games)
        s = stats(games)
        assert {p: f["rival"] for p, f in s.players.items()} == rivals
        assert {p: f["best_partner"] for p, f in s.players.items()} == best
        assert any(b is not None for b in best.values())
        assert s.to_json()["players"]["Ann"]["rival"] == rivals["Ann"]


def test_none_when_nobody_finished_ahead_or_too_few_games_together() -> None:
    rng = random.Random(5)
    game = random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"])
    s = stats([game])
    totals = from_data(game).totals
    top = max(totals.values())
    for p, f in s.players.items():
        assert (f["rival"] is None) == (totals[p] == top)
        assert f["best_partner"] is None
    pairs = [random_belote(rng, players=["Ann", "Bob", "Cat", "Dan"]) for _ in range(2)]
    assert all(f["best_partner"] is None for f in stats(pairs).players.values())


def test_the_text_names_them() -> None:
    games = _season(2)
    rivals, best = _counted(games)
    text = stats_text(stats(games), term=Term(200))
    assert "Rivals and best partners (at least 3 games together)" in text
    for p, rival in rivals.items():
        if rival is not None:
            assert f"rival {rival['player']}, ahead in {rival['lost']} of {rival['games']}" in text
        if best[p] is not None:
            b = best[p]
            assert f"best partner {b['player']}, {b['wins']} of {b['games']} games won" in text
