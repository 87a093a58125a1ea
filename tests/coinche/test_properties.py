"""Properties of Coinche scoring over random legal games (``games/coinche/simulate.py``):
deal scores follow the multiplier, a contract made without a coinche gives the defenders
exactly their own rounded points, and the totals are the sums of the deals."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet import record
from scoresheet.games.coinche.rules import CAPOT
from scoresheet.games.coinche.score import DealScore, GameScore, score_game
from scoresheet.games.coinche.simulate import random_game

PRESETS = [
    ("coinche", {}),
    ("coinche", {"surcoinche": 3, "rounding": "nearest-10-5-down"}),
    ("coinche", {"bid_needs": "bid", "made_when": "bid-and-beat", "target": 1000}),
    ("coinche", {"losing_belote": "to-winner", "capot": 252}),
    ("coinche", {"declarations": True, "max_bid": 250, "coinche_multiplies": "bid"}),
    ("coinche-bga", {}),
    ("coinche-bga", {"declarations": True}),
    ("coinche-bid-only", {}),
]

games = st.builds(
    lambda seed, preset: (preset, random_game(random.Random(seed), preset[0], options=preset[1])),
    st.integers(0, 2**32 - 1),
    st.sampled_from(PRESETS),
)


def _score(data: dict[str, Any]) -> GameScore:
    return score_game(record.from_data(data))


def _belote(result: GameScore, deal: DealScore, team: int) -> int:
    """The belote a team keeps from this deal."""
    own = deal.play.belote_points
    if result.rules.losing_belote == "to-winner":
        return sum(own) if team == deal.winner else 0
    if result.rules.losing_belote == "lost-by-coinched-defenders":
        return 0 if deal.made and deal.level and team == deal.defending_team else own[team]
    return own[team]


@settings(max_examples=40, deadline=None)
@given(games)
def test_deal_scores_follow_the_multiplier(game: tuple[Any, dict[str, Any]]) -> None:
    _, data = game
    result = _score(data)
    rules = result.rules
    for d in result.deals:
        assert d.multiplier == (1, rules.coinche, rules.surcoinche)[d.level]
        won, lost = d.winner, 1 - d.winner
        assert d.score[lost] == _belote(result, d, lost) or (d.multiplier == 1 and d.made)
        if d.multiplier == 1:
            continue
        declared = sum(d.play.declarations_scored)  # never multiplied, all to the winner
        mine = d.score[won] - _belote(result, d, won) - declared
        if d.bid == CAPOT:
            value = rules.capot_bid if d.made else rules.capot_bid_lost
            assert mine == value * d.multiplier
        elif rules.scoring == "bid-only":
            assert mine == int(d.bid) * d.multiplier
        elif rules.coinche_multiplies == "everything":
            assert (d.score[won] - declared) % d.multiplier == 0
        elif rules.coinche_multiplies == "bid" and d.play.capot != d.taking_team:
            assert mine == rules.dedans_points + int(d.bid) * d.multiplier
        elif d.play.capot != d.taking_team:
            assert mine == (rules.dedans_points + int(d.bid)) * d.multiplier


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_made_contract_without_coinche_gives_the_defenders_their_rounded_points(
    game: tuple[Any, dict[str, Any]],
) -> None:
    _, data = game
    result = _score(data)
    rules = result.rules
    if rules.scoring == "bid-only":
        return
    for d in result.deals:
        if d.made and d.multiplier == 1 and d.bid != CAPOT and d.play.capot is None:
            declared = d.play.declarations_scored  # each team its own
            defenders, takers = d.defending_team, d.taking_team
            own = rules.round(d.play.taken[defenders]) + declared[defenders]
            assert d.score[defenders] == own + _belote(result, d, defenders)
            theirs = rules.round(d.play.taken[takers]) + declared[takers] + int(d.bid)
            assert d.score[takers] == theirs + _belote(result, d, takers)


@settings(max_examples=40, deadline=None)
@given(games)
def test_totals_are_the_sums_of_the_deals(game: tuple[Any, dict[str, Any]]) -> None:
    _, data = game
    result = _score(data)
    for k in (0, 1):
        assert result.team_totals[k] == sum(d.score[k] for d in result.deals)
        assert [d.running[k] for d in result.deals] == [
            sum(e.score[k] for e in result.deals[: d.number]) for d in result.deals
        ]
    assert result.totals == {p: result.team_totals[result.team_of(p)] for p in result.players}
    assert result.complete
    w = result.winner
    assert w is not None and result.rules.reached(result.team_totals[w])
    assert result.team_totals[w] > result.team_totals[1 - w]
