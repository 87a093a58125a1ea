"""Random legal Coinche games, for tests, benchmarks and trying the tool out.

The card play of every deal is Belote's (:func:`scoresheet.partnership.simulate.random_deal`:
the eight tricks dealt out from a shuffled pack to the two teams, so the card points, the
last trick and a capot agree; belote only where the rules allow it). On top comes a legal
auction: a bid in the rules' range (sometimes a capot, made or lost), sometimes a coinche
by a defender and then a surcoinche by a taker. Any error raised when scoring a simulated
game is a bug in the scorer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.games.coinche.rules import CAPOT, CoincheRules
from scoresheet.partnership.score import Teams
from scoresheet.partnership.simulate import deal_until_won, game_data
from scoresheet.partnership.simulate import random_deal as random_play


def _rules(name: str, options: Mapping[str, Any] | None) -> CoincheRules:
    from scoresheet.rules import resolve

    rules = resolve(name, options, "coinche")
    assert isinstance(rules, CoincheRules)
    return rules


def random_deal(
    rng: random.Random,
    rules: CoincheRules,
    players: Sequence[str],
    teams: Teams,
    *,
    cards: float = 0.3,
) -> dict[str, Any]:
    """One legal deal: Belote's card play, a bid, and perhaps a coinche and surcoinche;
    ``cards``: how often the result is given as captured cards."""
    deal = random_play(rng, rules, players, teams, cards=cards)
    taking = 0 if deal["taker"] in teams[0] else 1
    numbers = rules.bids()[:-1] if rules.generale else rules.bids()
    bids = [b for b in numbers if b != CAPOT]
    capot = deal["result"].get("capot") == taking
    # Half the takers' capots were bid; now and then a capot is bid and lost.
    bid_capot = rng.random() < (0.5 if capot else 0.05)
    deal["bid"] = CAPOT if bid_capot else rng.choice(bids)
    if rng.random() < 0.25 and (deal["bid"] != CAPOT or rules.coinche_capot):
        deal["coinche"] = rng.choice(teams[1 - taking])
        if rng.random() < 0.3:
            deal["surcoinche"] = rng.choice(teams[taking])
    return deal


def random_game(
    rng: random.Random,
    rules: str = "coinche",
    *,
    options: Mapping[str, Any] | None = None,
    deals: int | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A game file's data: deals until a team wins (or ``deals`` deals, if fewer).

    >>> game = random_game(random.Random(1), deals=3)
    >>> len(game["deals"]), game["game"]
    (3, 'coinche')
    """
    from scoresheet.games.coinche.score import play_out, score_deal, teams_of

    names = list(players or ["Ann", "Bob", "Cat", "Dan"])
    in_force = _rules(rules, options)
    sides = teams_of(names, None)
    return deal_until_won(
        game_data("coinche", rules, names, options, None),
        deals,
        lambda: random_deal(rng, in_force, names, sides),
        lambda number, deal: score_deal(in_force, names, sides, number, deal),
        lambda scored: play_out(in_force, tuple(names), sides, scored).complete,
    )
