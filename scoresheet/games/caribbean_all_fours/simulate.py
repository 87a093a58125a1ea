"""Random legal Caribbean All Fours games, for tests and trying the tool out.

Every deal is dealt from a shuffled pack: the cards turned up, the runs of the pack, the
hands, who holds the highest and lowest trump and the jack, and the tricks (won by a
random player, with the cards of each trick captured by the winner's team) are real, so
any error raised when scoring a simulated game is a bug in the scorer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from scoresheet.cards import Card, standard_deck
from scoresheet.games.caribbean_all_fours.rules import HAND, RUN, AllFoursRules
from scoresheet.games.caribbean_all_fours.score import (
    JACK,
    Race,
    dealer_of,
    kicks,
    score_deal,
    team_of,
    teams_of,
)
from scoresheet.rules import rules_of

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.models import AllFoursDeal

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def _tricks(
    rng: random.Random, hands: dict[str, list[Card]], teams: Any, jack: Card
) -> tuple[list[Card], list[Card], str | None]:
    """Play every card: each trick goes to a random player; the jack's captor."""
    piles: tuple[list[Card], list[Card]] = ([], [])
    won_jack: str | None = None
    held = {p: list(cards) for p, cards in hands.items()}
    for _ in range(len(next(iter(held.values())))):
        winner = rng.choice(list(held))
        trick = [held[p].pop(rng.randrange(len(held[p]))) for p in held]
        piles[team_of(teams, winner)].extend(trick)
        if jack in trick:
            won_jack = winner
    return piles[0], piles[1], won_jack


def random_deal(
    rng: random.Random,
    rules: AllFoursRules,
    players: Sequence[str],
    teams: Any,
    number: int,
    running: tuple[int, int],
    *,
    cards_form: float = 0.3,
) -> dict[str, Any]:
    """One legal deal, given both teams' scores before it."""
    dealer = dealer_of(players, number)
    dealer_team = team_of(teams, dealer)
    where = f"deal {number}"
    while True:  # until a hand is not thrown in because the pack ran out
        deck = standard_deck()
        rng.shuffle(deck)
        hands = {p: deck[i * HAND : (i + 1) * HAND] for i, p in enumerate(players)}
        pos = len(players) * HAND
        turned = [deck[pos]]
        pos += 1
        race = Race(rules.target, running)
        kicks(race, rules, dealer_team, turned, where)
        deal: dict[str, Any] = {"turn_ups": turned}
        if rng.random() < 0.5:
            deal["dealer"] = dealer
        if race.winner is not None:
            break
        beg = rng.choices(["stand", "take-one", "run"], weights=[5, 2, 3])[0]
        deal["beg"] = beg
        if beg == "take-one":
            race.award(1 - dealer_team, "beg", rules.values.beg)
        redeal = False
        if beg == "run":
            while True:
                if pos + len(players) * RUN + 1 > len(deck):
                    redeal = True
                    break
                for p in players:
                    hands[p] = hands[p] + deck[pos : pos + RUN]
                    pos += RUN
                turned.append(deck[pos])
                pos += 1
                race = Race(rules.target, running)
                kicks(race, rules, dealer_team, turned, where)
                if race.winner is not None or turned[-1].suit != turned[0].suit:
                    break
        if not redeal:
            break
    deal["turn_ups"] = [str(c) for c in turned]
    if race.winner is not None:
        return deal
    trump = turned[-1].suit
    held = sorted(((c, p) for p, cards in hands.items() for c in cards if c.suit == trump))
    jack_card = Card(JACK, trump)
    piles = _tricks(rng, hands, teams, jack_card)
    holder = next((p for c, p in held if c == jack_card), None)
    result: dict[str, Any] = {
        "high": held[-1][1] if held else None,
        "low": held[0][1] if held else None,
        "jack": None if holder is None else {"holder": holder, "won_by": piles[2]},
    }
    if rng.random() < cards_form:
        result["cards"] = [" ".join(str(c) for c in piles[0]), [str(c) for c in piles[1]]]
    else:
        result["game_points"] = [sum(rules.card_value(c) for c in pile) for pile in piles[:2]]
    deal["result"] = result
    return deal


def random_game(
    rng: random.Random,
    rules: str | dict[str, Any] = "caribbean-all-fours",
    *,
    options: dict[str, Any] | None = None,
    players: Sequence[str] | None = None,
    teams: list[list[str]] | None = None,
    deals: int | None = None,
    cards_form: float = 0.3,
) -> dict[str, Any]:
    """A legal game file's data: deals until a team wins, or ``deals`` deals if fewer."""
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "caribbean-all-fours",
        "rules": rules,
        "players": list(players or PLAYERS),
        "deals": [],
    }
    if options:
        data["options"] = options
    if teams is not None:
        data["teams"] = teams
    the_rules = rules_of(data)
    seats = data["players"]
    the_teams = teams_of(data, seats)
    running = (0, 0)
    number = 0
    while deals is None or number < deals:
        number += 1
        deal = random_deal(rng, the_rules, seats, the_teams, number, running, cards_form=cards_form)
        typed = cast("AllFoursDeal", deal)
        scored = score_deal(the_rules, seats, the_teams, number, typed, running)
        data["deals"].append(deal)
        running = scored.running
        if scored.winner is not None:
            break
    return data
