"""Properties of Caribbean All Fours scoring over random legal games (real shuffled packs,
see :mod:`scoresheet.games.caribbean_all_fours.simulate`), under every option."""

from __future__ import annotations

import copy
import doctest
import importlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.games.caribbean_all_fours.score import GameScore, game_file, score_game, to_json
from scoresheet.games.caribbean_all_fours.simulate import random_game

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([7, 14, 21]),
        "tobago": st.booleans(),
        "tied_game": st.sampled_from(["nobody", "non-dealer", "dealer"]),
        "kick_returns": st.sampled_from(["every", "new-suit"]),
        "jack_rule": st.sampled_from(["hang-jack", "captor"]),
    },
)
TEAMS = st.sampled_from([None, [["Bob", "Dan"], ["Ann", "Cat"]], [["Cat", "Ann"], ["Dan", "Bob"]]])


def _score(data: dict[str, Any]) -> GameScore:
    result = score_game(game_file(data))
    assert isinstance(result, GameScore)
    return result


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    seed = draw(st.integers(0, 2**32 - 1))
    return random_game(
        random.Random(seed),
        options=draw(OPTIONS) or None,
        teams=draw(TEAMS),
        cards_form=draw(st.sampled_from([0.0, 0.3, 1.0])),
    )


@settings(max_examples=150, deadline=None)
@given(games())
def test_the_race(data: dict[str, Any]) -> None:
    result = _score(data)
    target = result.rules.target
    points = [p for d in result.deals for p in d.points]
    # A random game is played until a team wins.
    assert result.winner is not None and result.complete
    # No point counts after the winning one; every point before it counts.
    counted = [p.counted for p in points]
    first_not = counted.index(False) if False in counted else len(counted)
    assert all(counted[:first_not]) and not any(counted[first_not:])
    # The totals are the counted points.
    totals = [0, 0]
    for p in points:
        if p.counted:
            totals[p.team] += p.points
        assert tuple(totals) == p.running
    assert tuple(totals) == result.team_totals
    # The winner is the first team to reach the target, replaying the points in order.
    replay = [0, 0]
    first = None
    for p in points:
        replay[p.team] += p.points
        if first is None and replay[p.team] >= target:
            first = p.team
    assert first == result.winner
    assert result.team_totals[result.winner] >= target > result.team_totals[1 - result.winner]
    # The winning point is the last counted one, in the last deal.
    assert first_not > 0 and points[first_not - 1].team == result.winner
    assert result.deals[-1].winner == result.winner
    assert all(d.winner is None for d in result.deals[:-1])


@settings(max_examples=60, deadline=None)
@given(games())
def test_json_adds_up(data: dict[str, Any]) -> None:
    out = to_json(_score(data))
    for d in out["deals"]:
        for p in d["points"]:
            assert {"team", "kind", "points", "counted"} <= set(p)
            assert p["kind"] in ("kick", "beg", "high", "low", "jack", "hang-jack", "game")
        assert sum(d["team_score"]) == sum(p["points"] for p in d["points"] if p["counted"])
    for player in out["players"]:
        assert sum(d["score"][player] for d in out["deals"]) == out["totals"][player]
    index = {p: t for t, team in enumerate(out["teams"]) for p in team}
    assert all(out["totals"][p] == out["team_totals"][index[p]] for p in out["players"])
    assert out["winner"] in (0, 1)


@settings(max_examples=60, deadline=None)
@given(games())
def test_no_deal_after_the_win_and_prefixes_score_alike(data: dict[str, Any]) -> None:
    """Scoring deal by deal gives the same running scores; a deal after the win is refused."""
    from scoresheet.errors import ScoresheetError

    full = _score(data)
    for n in range(1, len(data["deals"])):
        part = _score({**data, "deals": data["deals"][:n]})
        assert part.deals[-1].running == full.deals[n - 1].running
        assert part.winner is None
    more = copy.deepcopy(data)
    more["deals"].append(copy.deepcopy(data["deals"][-1]))
    with pytest.raises(ScoresheetError, match=r"^deal \d+: the game was won in deal \d+"):
        _score(more)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_cards_and_game_points_score_alike(seed: int) -> None:
    """A deal given by its captured cards scores as the card points they hold."""
    with_cards = random_game(random.Random(seed), cards_form=1.0)
    with_points = random_game(random.Random(seed), cards_form=0.0)
    a, b = _score(with_cards), _score(with_points)
    assert [d.game_points for d in a.deals] == [d.game_points for d in b.deals]
    assert [d.points for d in a.deals] == [d.points for d in b.deals]


@pytest.mark.parametrize(
    "name",
    [
        "scoresheet.games.caribbean_all_fours.rules",
        "scoresheet.games.caribbean_all_fours.score",
        "scoresheet.games.caribbean_all_fours.entry",
    ],
)
def test_docstring_examples(name: str) -> None:
    """The examples in the modules' docstrings are right."""
    failed, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failed == 0
