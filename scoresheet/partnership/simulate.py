"""Random legal card play of the partnership games, for tests, benchmarks and trying the
tool out; a game file dealt until a team wins.

Every deal drawn here is legal under the rules given: the eight tricks are dealt out
to the two teams, so the card points, the last trick and a capot agree with each other;
belote only where the contract has a trump suit; declarations only when the rules use
them. Any error raised when scoring a simulated game is a bug in the scorer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoresheet.cards import parse_card
from scoresheet.partnership.rules import DECK, RANK_KEYS, SEQUENCES, TRUMP_ORDER, BeloteRules


def random_declarations(rng: random.Random, rules: BeloteRules) -> list[dict[str, Any]]:
    """A few legal declarations (no carré of a rank twice, none the rules give nothing)."""
    out: list[dict[str, Any]] = []
    carres: set[str] = set()
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        team = rng.randrange(2)
        if rng.random() < 0.25:
            ranks = [
                r for r in TRUMP_ORDER if r not in carres and rules.declaration_value("carre", r)
            ]
            if not ranks:
                continue
            rank = rng.choice(ranks)
            carres.add(rank)
            out.append({"team": team, "kind": "carre", "rank": rank})
        else:
            kind = rng.choice(list(SEQUENCES))
            rank = rng.choice(RANK_KEYS[SEQUENCES[kind] - 1 :])
            out.append({"team": team, "kind": kind, "rank": rank})
    return out


def random_deal(
    rng: random.Random,
    rules: BeloteRules,
    players: Sequence[str],
    teams: Sequence[Sequence[str]],
    *,
    cards: float = 0.3,
    ties: float = 0.08,
) -> dict[str, Any]:
    """One legal deal; ``cards``: how often the result is given as captured cards;
    ``ties``: how often the card points are set for a tie (a litige, or a dedans)."""
    contract = rng.choice(rules.contracts)
    taker = rng.choice(list(players))
    taking = 0 if taker in teams[0] else 1
    deck = list(DECK)
    rng.shuffle(deck)
    share = rng.uniform(0.35, 0.85)  # how often a trick goes to the takers
    capot_for = rng.choice((taking, taking, 1 - taking)) if rng.random() < 0.05 else None
    tricks = [
        capot_for if capot_for is not None else (taking if rng.random() < share else 1 - taking)
        for _ in range(8)
    ]
    taken: list[list[str]] = [[], []]
    for i, team in enumerate(tricks):
        taken[team] += [str(c) for c in deck[4 * i : 4 * i + 4]]
    points = [sum(rules.card_points(_card(c), contract) for c in taken[k]) for k in (0, 1)]
    last = tricks[-1]
    capot = tricks[0] if len(set(tricks)) == 1 else None
    result: dict[str, Any] = {}
    belote = rng.randrange(2) if rules.has_belote(contract) and rng.random() < 0.3 else None
    declarations = random_declarations(rng, rules) if rules.declarations else []
    if capot is None and not declarations and rng.random() < ties:
        # Card points that make the deal a tie, when they can.
        total = rules.card_total(contract)
        extra = [
            (rules.last_trick if last == k else 0) + (rules.belote if belote == k else 0)
            for k in (0, 1)
        ]
        mine = total + extra[1 - taking] - extra[taking]
        if mine % 2 == 0 and 0 <= mine // 2 <= total:
            points = [0, 0]
            points[taking] = mine // 2
            points[1 - taking] = total - mine // 2
            result["points"] = points
    if "points" not in result:
        if rng.random() < cards:
            result["cards"] = [" ".join(taken[0]), " ".join(taken[1])]
        else:
            result["points"] = points
    if capot is not None:
        result["capot"] = capot
        if rng.random() < 0.5:
            result["last_trick"] = capot
    else:
        result["last_trick"] = last
    if belote is not None:
        result["belote"] = belote
    if declarations:
        result["declarations"] = declarations
    return {"contract": contract, "taker": taker, "result": result}


def _card(text: str) -> Any:

    return parse_card(text)


def game_data(
    game: str,
    rules: str,
    players: list[str],
    options: Mapping[str, Any] | None,
    teams: Sequence[Sequence[str]] | None,
) -> dict[str, Any]:
    """A game file's data with no deals yet."""
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": game,
        "rules": rules,
        "players": players,
        "deals": [],
    }
    if options:
        data["options"] = dict(options)
    if teams:
        data["teams"] = [list(t) for t in teams]
    return data


def deal_until_won(
    data: dict[str, Any],
    deals: int | None,
    new_deal: Callable[[], dict[str, Any]],
    score_deal: Callable[[int, dict[str, Any]], Any],
    won: Callable[[list[Any]], bool],
) -> dict[str, Any]:
    """``data`` with deals drawn by ``new_deal`` until ``won`` says a team has won the
    deals scored so far (or ``deals`` deals, if fewer; 400 at most)."""
    limit = deals if deals is not None else 400
    scored = []
    while len(data["deals"]) < limit:
        deal = new_deal()
        data["deals"].append(deal)
        scored.append(score_deal(len(data["deals"]), deal))
        if won(scored):
            break
    return data
