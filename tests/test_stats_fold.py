"""``stats`` folds each game into its figures as it is read (issue 25): no game is kept,
and following one player gives that player's figures exactly as following everyone."""

from __future__ import annotations

import dataclasses
import gc
import random
import weakref
from typing import Any

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.evening import ScoredGame, from_data, stats
from scoresheet.evening.shape import shaped
from scoresheet.evening.stats import Season, form_result, places
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.games.rosbiratschka.simulate import random_game as random_rosbiratschka

POOL = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


class _Score(dict[str, Any]):
    """A score object that can be watched with a weak reference."""


def _season(seed: int, count: int) -> list[ScoredGame]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        players = rng.sample(POOL, 4)
        kind = rng.choice(["barbu", "belote", "rosbiratschka"])
        if kind == "barbu":
            data = random_barbu(rng, "classic", players=players)
        elif kind == "belote":
            data = random_belote(rng, players=players)
        else:
            data = random_rosbiratschka(rng, players=players)
        out.append(from_data(data, f"{i}.json"))
    return out


def test_no_game_is_kept_once_folded_in() -> None:
    season = Season()
    watched = []
    for g in _season(3, 6):
        own = dataclasses.replace(g, score=shaped(_Score(g.score)))
        watched.append(weakref.ref(own.score))
        season.add(own)
        del own
    gc.collect()
    assert [w() for w in watched] == [None] * len(watched)
    assert len(season.result().games) == 6


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_player_is_that_players_figures_among_everyones(seed: int) -> None:
    games = _season(seed, 12)
    everyone = stats(games)
    for p in everyone.players:
        one = stats(games, player=p)
        assert one.players == {p: everyone.players[p]}
        assert one.games == everyone.games
        assert one.head_to_head == tuple(x for x in everyone.head_to_head if p in x.players)
        assert one.violations == tuple(
            v for v in everyone.violations if p in (v.get("doubler"), v.get("declarer"))
        )


def test_a_name_clash_is_refused_after_every_game_is_read() -> None:
    rng = random.Random(2)
    a = from_data(random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"]), "a.json")
    b = from_data(random_belote(rng, players=["Ann", "Bob", "cat", "Dan"]), "b.json")
    c = from_data(random_belote(rng, players=["Ann", "bob", "Cat", "Dan"]), "c.json")
    season = Season()
    season.add(a)
    season.add(b)  # read on: an unreadable file further on is named first, as before
    season.add(c)
    with pytest.raises(ScoresheetError, match=r'"Cat" \(a.json\) and "cat" \(b.json\)'):
        season.result()


def test_data_given_twice_is_refused() -> None:
    data = random_barbu(random.Random(1), "classic", players=["Ann", "Bob", "Cat", "Dan"])
    with pytest.raises(ScoresheetError, match="game 2: the same game as game 1"):
        stats([data, data])


def _barbu_totals(totals: dict[str, int]) -> ScoredGame:
    g = from_data(
        {
            "format": "scoresheet-game",
            "version": 1,
            "game": "barbu",
            "rules": "classic",
            "players": list(totals),
            "deals": [],
        }
    )
    return dataclasses.replace(g, score={**g.score, "totals": totals, "complete": True})


def test_tied_players_share_a_place_and_form_runs_one_to_zero() -> None:
    g = _barbu_totals({"A": 10, "B": 10, "C": -5, "D": -15})
    assert places(g) == {"A": 1, "B": 1, "C": 3, "D": 4}
    penalty = dataclasses.replace(g, game="rosbiratschka")
    assert places(penalty) == {"A": 3, "B": 3, "C": 2, "D": 1}
    assert [form_result(g, place) for place in (1, 2, 3, 4)] == [1.0, 2 / 3, 1 / 3, 0.0]
