"""Properties of Belote scoring over random legal games (see ``games/belote/simulate.py``)."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet import record
from scoresheet.games.belote.score import score_game
from scoresheet.games.belote.simulate import random_game
from scoresheet.partnership.score import GameScore, to_json

OPTIONS: list[dict[str, Any]] = [
    {},
    {"rounding": "nearest-10"},
    {"tie": "dedans"},
    {"declarations": True},
    {"litige_to": "next-deal-winner"},
    {"capot": 250, "target": 501},
    {"rotation": "clockwise", "belote_all_trumps": True, "target": 701},
    {"declarations": True, "rounding": "nearest-10", "litige_to": "next-deal-winner"},
]
TEAMS = [None, [["Ann", "Bob"], ["Cat", "Dan"]], [["Dan", "Ann"], ["Cat", "Bob"]]]

games = st.builds(
    lambda seed, options, teams: random_game(
        random.Random(seed), options=options, teams=teams, cards=0.4
    ),
    st.integers(0, 2**32 - 1),
    st.sampled_from(OPTIONS),
    st.sampled_from(TEAMS),
)


def _score(data: dict[str, Any]) -> GameScore:
    return score_game(record.from_data(data))


@settings(max_examples=50, deadline=None)
@given(games)
def test_every_deal_hands_out_exactly_the_points_of_the_deal(data: dict[str, Any]) -> None:
    """Before rounding, a deal's scores and the points it holds add up to everything the
    deal is worth: 162 (or the capot), the belote announced, the declarations scored.

    One exception, as the rules page words it: takers who make a capot and still go
    dedans (the defenders' declarations beat it) score only their belote, and the
    defenders "score 162", not the capot they did not make."""
    g = _score(data)
    rules = g.rules
    for d in g.deals:
        worth = rules.capot if d.capot is not None else rules.deal_total(d.contract)
        everything = worth + sum(d.belote_points) + sum(d.declarations_scored)
        if d.outcome == "dedans" and d.capot == d.taking_team:
            everything -= rules.capot - rules.deal_total(d.contract)
        # What a litige holds, before rounding.
        t = d.taking_team
        held = d.deal_points[t] - d.belote_points[t] if d.outcome == "litige" else 0
        assert d.held == rules.round(held)
        assert sum(d.raw) + held == everything
        assert sum(d.points) == rules.card_total(d.contract)
        assert sum(d.taken) == worth
        t, o = d.taking_team, d.defending_team
        if d.outcome == "made":
            assert d.deal_points[t] > d.deal_points[o]
            assert d.raw == d.deal_points
        elif d.outcome == "litige":
            assert d.deal_points[t] == d.deal_points[o] and rules.tie == "litige"
            assert d.raw[t] == d.belote_points[t]
        else:
            assert d.deal_points[t] <= d.deal_points[o]
            assert d.raw[t] == d.belote_points[t]
        assert d.rounded == tuple(rules.round(x) for x in d.raw)
        if rules.rounding == "nearest-10":
            assert all(x % 10 == 0 for x in (*d.score, d.held))
        assert min(*d.score, d.held) >= 0


@settings(max_examples=50, deadline=None)
@given(games)
def test_litige_points_are_never_lost_nor_made_up(data: dict[str, Any]) -> None:
    g = _score(data)
    held = sum(d.held for d in g.deals)
    released = sum(sum(d.released) for d in g.deals)
    assert held == released + g.pending
    for d in g.deals:
        assert 0 in d.released  # at most one team takes them, in one deal
        if any(d.released):
            k = d.released.index(max(d.released))
            assert (d.outcome == "made" and k == d.taking_team) or (
                g.rules.litige_to == "next-deal-winner"
                and d.outcome == "dedans"
                and k == d.defending_team
            )


@settings(max_examples=50, deadline=None)
@given(games)
def test_totals_and_the_winner(data: dict[str, Any]) -> None:
    """The totals are the sum of the deals; the game stops on the first deal where a team
    has reached the target with more than the other; each player has their team's total."""
    g = _score(data)
    running = [0, 0]
    for d in g.deals:
        running = [running[k] + d.score[k] for k in (0, 1)]
        assert d.running == tuple(running)
        won = [k for k in (0, 1) if running[k] >= g.rules.target and running[k] > running[1 - k]]
        if d.number < len(g.deals):
            assert not won
        else:
            assert won == ([g.winner] if g.winner is not None else [])
    assert g.team_totals == tuple(running)
    assert g.complete == (g.winner is not None)
    assert g.complete  # random_game plays until a team wins
    for p in g.players:
        assert g.totals[p] == g.team_totals[g.team_of(p)]
    out = to_json(g)
    assert {"players", "totals", "deals", "violations", "complete"} <= set(out)
    assert {"teams", "team_totals", "winner"} <= set(out)
    assert [d["number"] for d in out["deals"]] == list(range(1, len(g.deals) + 1))


@settings(max_examples=40, deadline=None)
@given(games)
def test_cards_and_the_points_they_count_score_the_same(data: dict[str, Any]) -> None:
    g = _score(data)
    typed = copy.deepcopy(data)
    for d, scored in zip(typed["deals"], g.deals, strict=True):
        if "cards" in d["result"]:
            del d["result"]["cards"]
            d["result"]["points"] = list(scored.points)
    again = _score(typed)
    strip = [{k: v for k, v in x.items() if k != "counted_from_cards"} for x in to_json(g)["deals"]]
    again_strip = [
        {k: v for k, v in x.items() if k != "counted_from_cards"} for x in to_json(again)["deals"]
    ]
    assert strip == again_strip
    assert again.team_totals == g.team_totals
