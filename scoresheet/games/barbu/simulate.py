"""Random legal Barbu games, for tests, benchmarks and trying the tool out.

Everything drawn here is legal under the rules given (counts add up, doubles are
allowed), so any error raised when scoring a simulated game is a bug in the scorer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoresheet.cards import SUIT_NAMES, Card
from scoresheet.games.barbu.poker import count_beats, parse_hand
from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.rules import load_preset


def _partition(rng: random.Random, total: int, players: Sequence[str]) -> dict[str, int]:
    counts = dict.fromkeys(players, 0)
    for _ in range(total):
        counts[rng.choice(players)] += 1
    return counts


def _sorted_cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _salad(rng: random.Random, rules: BarbuRules, players: Sequence[str]) -> dict[str, Any]:
    """A Salad result from tricks played out: the deck shuffled into tricks, each won by a
    random player, so the cards each player reports came in the tricks they took."""
    deck = sorted(rules.deck, key=str)
    rng.shuffle(deck)
    per_trick = len(players)
    winners = [rng.choice(players) for _ in range(rules.tricks_per_deal)]
    taken: dict[str, list[Card]] = {p: [] for p in players}
    for i, winner in enumerate(winners):
        taken[winner].extend(deck[i * per_trick : (i + 1) * per_trick])
    owner = {card: p for p, cards in taken.items() for card in cards}
    out: dict[str, Any] = {}
    for part in rules.salad_parts:
        if part == "no-tricks":
            out["tricks"] = {p: winners.count(p) for p in players}
        elif part == "no-last-trick":
            out["last"] = winners[-1]
        elif part == "no-hearts":
            out["hearts"] = {p: sum(c.suit == "H" for c in taken[p]) for p in players}
            assert rules.values.no_hearts is not None
            if rules.values.no_hearts.ace_extra:
                out["ace_of_hearts"] = next(p for c, p in owner.items() if str(c) == "AH")
        elif part == "no-queens":
            out["queens"] = {p: sum(c.rank == 12 for c in taken[p]) for p in players}
        elif part == "no-king":
            out["king_of_hearts"] = next(p for c, p in owner.items() if str(c) == "KH")
        else:
            out.update(random_result(rng, rules, part, players))
    return out


def random_result(
    rng: random.Random, rules: BarbuRules, contract: str, players: Sequence[str]
) -> dict[str, Any]:
    """A legal ``result`` object for ``contract``."""
    if contract == "salad":
        return _salad(rng, rules, players)
    if contract in ("no-tricks", "trumps"):
        res: dict[str, Any] = {"tricks": _partition(rng, rules.tricks_per_deal, players)}
        if contract == "trumps" and rng.random() < 0.5:
            res["trump"] = rng.choice(list(SUIT_NAMES.values()))
        return res
    if contract == "no-hearts":
        hearts = _partition(rng, rules.count_in_deck(suit="H"), players)
        res = {"hearts": hearts}
        assert rules.values.no_hearts is not None
        if rules.values.no_hearts.ace_extra:
            res["ace_of_hearts"] = rng.choice([p for p in players if hearts[p]])
        return res
    if contract == "no-queens":
        return {"queens": _partition(rng, rules.count_in_deck(rank=12), players)}
    if contract == "no-king":
        return {"king_of_hearts": rng.choice(players)}
    if contract == "no-last-two":
        return {"second_last": rng.choice(players), "last": rng.choice(players)}
    if contract == "no-last-trick":
        return {"last": rng.choice(players)}
    if contract == "dominoes":
        order = list(players)
        rng.shuffle(order)
        res = {"order": order}
        if rng.random() < 0.5:
            res["start"] = rng.choice(["A", "K", "Q", "J", "T", "9", "8", "7"])
        return res
    if contract == "ravage-city":
        if rng.random() < 0.3:
            return {"most": rng.sample(list(players), rng.randint(1, len(players)))}
        deck = sorted(rules.deck)
        rng.shuffle(deck)
        tricks = _partition(rng, rules.tricks_per_deal, players)
        cards: dict[str, dict[str, int]] = {}
        at = 0
        for p in players:
            taken = deck[at : at + tricks[p] * len(players)]
            at += len(taken)
            cards[p] = {
                name: sum(1 for c in taken if c.suit == s) for s, name in SUIT_NAMES.items()
            }
        return {"cards": cards}
    if contract == "chinese-poker":
        deck = sorted(rules.deck)
        rng.shuffle(deck)
        hands: dict[str, dict[str, str]] = {}
        for i, p in enumerate(players):
            hand = deck[i * 13 : (i + 1) * 13]
            hands[p] = {
                "front": _sorted_cards(hand[:3]),
                "middle": _sorted_cards(hand[3:8]),
                "back": _sorted_cards(hand[8:]),
            }
        if rng.random() < 0.5:
            return {"hands": hands}

        parsed = {p: parse_hand(h["front"], h["middle"], h["back"]) for p, h in hands.items()}
        return {"beats": count_beats(parsed)}
    raise ValueError(f"unknown contract {contract}")


def random_doubles(
    rng: random.Random,
    rules: BarbuRules,
    contract: str,
    players: Sequence[str],
    declarer: str,
    dealer: str,
    eagerness: float = 0.5,
) -> list[dict[str, Any]]:
    """Legal declarations in table order: doubles, ``maximum``, ``family``, redoubles."""
    i = players.index(dealer)
    order = [*players[i + 1 :], *players[: i + 1]]
    made: dict[tuple[str, str], int] = {}
    decls: list[dict[str, Any]] = []
    for p in order:
        received = [q for (q, t) in made if t == p]
        allowed = [
            q
            for q in players
            if q != p and (q, p) not in made and rules.may_double(contract, p, q, declarer)
        ]
        roll = rng.random()
        if roll > eagerness:
            continue
        if roll < eagerness * 0.2 and (allowed or received):
            decls.append({"by": p, "double": rng.choice(["maximum", "table"])})
            for q in allowed:
                made[(p, q)] = 1
            if rules.doubling.redoubles:
                for q in received:
                    made[(q, p)] = 2
            continue
        others = [q for q in players if q not in (p, declarer)]
        if (
            roll < eagerness * 0.3
            and p != declarer
            and all(q in allowed for q in others)
            and others
        ):
            decls.append({"by": p, "double": rng.choice(["family", "flanks"])})
            for q in others:
                made[(p, q)] = 1
            continue
        if allowed:
            targets = rng.sample(allowed, rng.randint(1, len(allowed)))
            targets.sort(key=players.index)
            decls.append({"by": p, "double": targets})
            for q in targets:
                made[(p, q)] = 1
    if rules.doubling.redoubles:
        for p in order:
            received = [q for (q, t), m in made.items() if t == p and m == 1]
            if received and rng.random() < eagerness * 0.6:
                if rng.random() < 0.3:
                    decls.append({"by": p, "redouble": "all"})
                    chosen = received
                else:
                    chosen = rng.sample(received, rng.randint(1, len(received)))
                    decls.append({"by": p, "redouble": chosen})
                for q in chosen:
                    made[(q, p)] = 2
    return decls


def random_deal(
    rng: random.Random,
    rules: BarbuRules,
    players: Sequence[str],
    index: int,
    declared: dict[str, list[str]],
    eagerness: float = 0.5,
) -> dict[str, Any]:
    """A legal deal at 0-based ``index``, given what each declarer has declared so far."""
    declarer = declarer_of(rules, players, index)
    left = [c for c in rules.contracts if declared[declarer].count(c) < rules.rounds]
    contract = rng.choice(left)
    dealer = dealer_of(rules, players, declarer)
    doubles = random_doubles(rng, rules, contract, players, declarer, dealer, eagerness)
    deal: dict[str, Any] = {"contract": contract}
    if rng.random() < 0.5:
        deal["declarer"] = declarer
    if doubles:
        deal["doubles"] = doubles
    has_bets = any(d.get("double") not in (None, []) for d in doubles)
    split = not has_bets and rules.undoubled_split and not rules.is_positive(contract)
    if not split:
        deal["result"] = random_result(rng, rules, contract, players)
    declared[declarer].append(contract)
    return deal


def random_game(
    rng: random.Random,
    rules: BarbuRules | str,
    *,
    deals: int | None = None,
    players: Sequence[str] | None = None,
    eagerness: float = 0.5,
) -> dict[str, Any]:
    """A legal game file (as data): ``deals`` deals, or a complete game when ``None``."""
    if isinstance(rules, str):
        name: str = rules
        preset: BarbuRules = load_preset(rules)
        rules = preset
    else:
        name = rules.name
    if players is None:
        players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][: rules.players]
    count = rules.deals_per_game if deals is None else deals
    declared: dict[str, list[str]] = {p: [] for p in players}
    return {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": name,
        "players": list(players),
        "deals": [random_deal(rng, rules, players, i, declared, eagerness) for i in range(count)],
    }
