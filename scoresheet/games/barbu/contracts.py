"""Base scores of the Barbu contracts: what each player scores before doubles.

Every count the table reports is checked against the deck in the rules, so a typo
("queens add up to 5") is caught before it reaches a total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from scoresheet.errors import ScoresheetError
from scoresheet.rules.barbu import BarbuRules

if TYPE_CHECKING:
    from scoresheet.models import BarbuResult

SUIT_KEYS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
RANK_NAMES = {"A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2"}

# The result keys each contract reads; any other key given is a mistake worth naming.
RESULT_KEYS: dict[str, frozenset[str]] = {
    "no-tricks": frozenset({"tricks"}),
    "trumps": frozenset({"tricks", "trump"}),
    "no-hearts": frozenset({"hearts", "ace_of_hearts"}),
    "no-queens": frozenset({"queens"}),
    "no-king": frozenset({"king_of_hearts"}),
    "no-last-two": frozenset({"second_last", "last"}),
    "no-last-trick": frozenset({"last"}),
    "dominoes": frozenset({"order", "start"}),
    "ravage-city": frozenset({"cards", "most"}),
    "chinese-poker": frozenset({"beats", "hands"}),
}


def result_keys(rules: BarbuRules, contract: str) -> frozenset[str]:
    if contract == "salad":
        return _salad_keys(rules.salad_parts)
    return RESULT_KEYS[contract]


@cache
def _salad_keys(parts: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(RESULT_KEYS[p] for p in parts))


class _Deal:
    """The context of one deal's checks: where to point an error, and who is at the table."""

    __slots__ = ("players", "rules", "where")

    def __init__(self, rules: BarbuRules, players: Sequence[str], where: str) -> None:
        self.rules = rules
        self.players = players
        self.where = where

    def fail(self, message: str) -> ScoresheetError:
        return ScoresheetError(f"{self.where}: {message}")

    def player(self, name: str | None, field: str) -> str:
        if name is None:
            raise self.fail(f"result.{field} is missing")
        if name not in self.players:
            raise self.fail(f'result.{field}: "{name}" is not a player in this game')
        return name

    def counts(self, counts: Mapping[str, int] | None, field: str, total: int) -> dict[str, int]:
        """A player → count map, checked to name only players and to add up to ``total``."""
        if counts is None:
            raise self.fail(f"result.{field} is missing")
        out = dict.fromkeys(self.players, 0)
        size = len(out)
        out.update(counts)
        if len(out) != size:  # a name that is not a player's: name the first one
            name = next(name for name in counts if name not in self.players)
            raise self.fail(f'result.{field}: "{name}" is not a player in this game')
        got = sum(out.values())
        if got != total:
            raise self.fail(f"{field} add up to {got}, a deal has {total}")
        return out


def base_scores(
    rules: BarbuRules,
    contract: str,
    result: BarbuResult,
    players: Sequence[str],
    where: str,
) -> dict[str, int]:
    """Each player's score for a played deal, before doubles.

    >>> from scoresheet.rules import load_preset
    >>> r = {"queens": {"Ann": 2, "Cat": 1, "Dan": 1}}
    >>> base_scores(load_preset("classic"), "no-queens", r, ["Ann", "Bob", "Cat", "Dan"], "deal 1")
    {'Ann': -12, 'Bob': 0, 'Cat': -6, 'Dan': -6}
    """
    ctx = _Deal(rules, players, where)
    allowed = result_keys(rules, contract)
    if not result.keys() <= allowed:  # other keys given, which may all be null
        extra = [k for k, v in result.items() if v is not None and k not in allowed]
        if extra:
            raise ctx.fail(f"result.{sorted(extra)[0]} does not belong to {contract}")
    if contract == "salad":
        scores = dict.fromkeys(players, 0)
        for part in rules.salad_parts:
            for name, s in _score_one(ctx, part, result).items():
                scores[name] += s
        return scores
    return _score_one(ctx, contract, result)


def _score_one(ctx: _Deal, contract: str, result: BarbuResult) -> dict[str, int]:
    rules, v = ctx.rules, ctx.rules.values
    if contract in ("no-tricks", "trumps"):
        per = v.no_tricks if contract == "no-tricks" else v.trumps
        assert per is not None
        trump = result.get("trump")
        if trump is not None and trump.lower() not in SUIT_KEYS:
            raise ctx.fail(f'result.trump: "{trump}" is not a suit')
        tricks = ctx.counts(result.get("tricks"), "tricks", rules.tricks_per_deal)
        return {p: per * n for p, n in tricks.items()}
    if contract == "no-hearts":
        hv = v.no_hearts
        assert hv is not None
        hearts = ctx.counts(result.get("hearts"), "hearts", rules.count_in_deck(suit="H"))
        scores = {p: hv.per_heart * n for p, n in hearts.items()}
        if hv.ace_extra or result.get("ace_of_hearts") is not None:
            ace = ctx.player(result.get("ace_of_hearts"), "ace_of_hearts")
            if hearts[ace] == 0:
                raise ctx.fail(f"{ace} took the A♥ but no heart")
            scores[ace] += hv.ace_extra
        return scores
    if contract == "no-queens":
        assert v.no_queens is not None
        queens = ctx.counts(result.get("queens"), "queens", rules.count_in_deck(rank=12))
        return {p: v.no_queens * n for p, n in queens.items()}
    if contract == "no-king":
        assert v.no_king is not None
        return _one_taker(
            ctx, ctx.player(result.get("king_of_hearts"), "king_of_hearts"), v.no_king
        )
    if contract == "no-last-two":
        lt = v.no_last_two
        assert lt is not None
        scores = _one_taker(
            ctx, ctx.player(result.get("second_last"), "second_last"), lt.second_last
        )
        scores[ctx.player(result.get("last"), "last")] += lt.last
        return scores
    if contract == "no-last-trick":
        assert v.no_last_trick is not None
        return _one_taker(ctx, ctx.player(result.get("last"), "last"), v.no_last_trick)
    if contract == "dominoes":
        return _dominoes(ctx, result)
    if contract == "ravage-city":
        return _ravage_city(ctx, result)
    if contract == "chinese-poker":
        from scoresheet.games.barbu.chinese import chinese_poker_scores

        return chinese_poker_scores(ctx.rules, result, ctx.players, ctx.where)
    raise ctx.fail(f'"{contract}" is not a contract of these rules')


def _one_taker(ctx: _Deal, taker: str, value: int) -> dict[str, int]:
    scores = dict.fromkeys(ctx.players, 0)
    scores[taker] = value
    return scores


def _dominoes(ctx: _Deal, result: BarbuResult) -> dict[str, int]:
    payouts = ctx.rules.values.dominoes
    assert payouts is not None
    order = result.get("order")
    if order is None:
        raise ctx.fail("result.order is missing")
    for name in order:
        ctx.player(name, "order")
    if len(set(order)) != len(order) or len(order) != len(ctx.players):
        raise ctx.fail(
            f"result.order must name each of the {len(ctx.players)} players exactly once"
        )
    start = result.get("start")
    if start is not None and start.upper() not in RANK_NAMES:
        raise ctx.fail(f'result.start: "{start}" is not a rank')
    return {name: payouts[i] for i, name in enumerate(order)}


def _ravage_city(ctx: _Deal, result: BarbuResult) -> dict[str, int]:
    penalty = ctx.rules.values.ravage_city
    assert penalty is not None
    cards, most_given = result.get("cards"), result.get("most")
    if (cards is None) == (most_given is None):
        raise ctx.fail("result needs either cards (per player and suit) or most (the tied players)")
    if cards is not None:
        most = _most_from_cards(ctx, cards)
    else:
        assert most_given is not None
        most = [ctx.player(name, "most") for name in most_given]
        if not most or len(set(most)) != len(most):
            raise ctx.fail("result.most must name one or more different players")
    scores = dict.fromkeys(ctx.players, 0)
    for name in most:
        scores[name] = penalty // len(most)
    return scores


def _most_from_cards(ctx: _Deal, cards: Mapping[str, Mapping[str, int]]) -> list[str]:
    table = {p: dict.fromkeys(SUIT_KEYS, 0) for p in ctx.players}
    for name, suits in cards.items():
        ctx.player(name, "cards")
        for suit, n in suits.items():
            if suit not in SUIT_KEYS:
                raise ctx.fail(f'result.cards.{name}: "{suit}" is not a suit (spades, hearts, …)')
            table[name][suit] = n
    for suit, letter in SUIT_KEYS.items():
        got = sum(table[p][suit] for p in ctx.players)
        want = ctx.rules.count_in_deck(suit=letter)
        if got != want:
            raise ctx.fail(f"{suit} add up to {got}, a deal has {want}")
    per_trick = len(ctx.players)
    for name in ctx.players:
        n = sum(table[name].values())
        if n % per_trick:
            raise ctx.fail(
                f"{name} took {n} cards, not a whole number of tricks ({per_trick} cards each)"
            )
    best = {p: max(table[p].values()) for p in ctx.players}
    top = max(best.values())
    return [p for p in ctx.players if best[p] == top]
