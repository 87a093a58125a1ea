"""Scoring a Rosbiratschka game: one function, one result that every view is computed from.

Points are penalty points and the lowest total wins. The contracts come in a fixed
order; the dealer moves one seat clockwise after every deal and the player on the
dealer's left leads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.rules import (
    CONTRACT_NAMES,
    COUNTED,
    HUNDRED_KEYS,
    RESULT_KEYS,
    RosbiratschkaRules,
    contract_list,
    shown,
)
from scoresheet.i18n import N_, _
from scoresheet.rules import check_game_of, check_players, rules_of

if TYPE_CHECKING:
    from scoresheet.games.rosbiratschka.models import RosbiratschkaDeal, RosbiratschkaGameFile


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal scored. There are no doubles: ``score`` is ``base``.

    ``doubled``: a counting deal in which a player took none, so every trick (heart,
    jack) counted twice; ``slam``: the player who took them all, if any.
    """

    number: int
    dealer: str
    leader: str
    contract: str
    base: dict[str, int]
    took_none: tuple[str, ...]
    doubled: bool
    slam: str | None

    @property
    def score(self) -> dict[str, int]:
        return self.base

    @property
    def total(self) -> int:
        return sum(self.base.values())


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken that leaves the file readable (none in this game so far)."""

    deal: int | None
    message: str


@dataclass(frozen=True)
class GameScore:
    """Everything computed from a Rosbiratschka game file."""

    players: tuple[str, ...]
    rules: RosbiratschkaRules
    deals: tuple[DealScore, ...]
    totals: dict[str, int]
    violations: tuple[Violation, ...]
    complete: bool

    @property
    def game(self) -> str:
        return "rosbiratschka"

    @property
    def winner(self) -> tuple[str, ...] | None:
        """The players with the lowest total once the game is complete (several on a tie)."""
        if not self.complete:
            return None
        low = min(self.totals.values())
        return tuple(p for p in self.players if self.totals[p] == low)

    @property
    def next_number(self) -> int | None:
        return None if self.complete else len(self.deals) + 1

    @property
    def next_contract(self) -> str | None:
        n = self.next_number
        return None if n is None else self.rules.contract_of(n)

    @property
    def next_dealer(self) -> str | None:
        n = self.next_number
        return None if n is None else dealer_of(self.players, n)

    @property
    def next_leader(self) -> str | None:
        n = self.next_number
        return None if n is None else leader_of(self.players, n)

    # For the shared shell completion, which asks who declares next and what they have left.
    @property
    def next_declarer(self) -> str | None:
        return self.next_dealer

    def contracts_left(self, _player: str | None = None) -> list[str]:
        """What the next deal may be: only the next contract of the fixed order."""
        contract = self.next_contract
        return [] if contract is None else [contract]

    def still_to_play(self) -> list[str]:
        """The contracts of the deals still to play, in order (the next one first)."""
        n = self.next_number
        if n is None:
            return []
        return [self.rules.contract_of(k) for k in range(n, self.rules.deals_per_game + 1)]

    def ranking(self) -> list[str]:
        """The players from the lowest total (the best) to the highest."""
        return sorted(self.players, key=lambda p: self.totals[p])


def dealer_of(players: Sequence[str], number: int) -> str:
    """The dealer of deal ``number``: ``players[0]`` first, then one seat clockwise each deal.

    >>> dealer_of(["Ann", "Bob", "Cat", "Dan"], 1), dealer_of(["Ann", "Bob", "Cat", "Dan"], 6)
    ('Ann', 'Bob')
    """
    return players[(number - 1) % len(players)]


def leader_of(players: Sequence[str], number: int) -> str:
    """Who leads deal ``number``: the player on the dealer's left (the next seat clockwise)."""
    return players[number % len(players)]


def score_game(
    record: RosbiratschkaGameFile | Mapping[str, Any], rules: RosbiratschkaRules | None = None
) -> GameScore:
    """Score every deal of a game file, checking each against the rules.

    Raises :class:`ScoresheetError` naming the deal for anything that makes the file wrong.

    >>> from scoresheet.games.rosbiratschka.rules import PAGE_RULES
    >>> rules = RosbiratschkaRules.from_data(PAGE_RULES)
    >>> game = {"players": ["Ann", "Bob", "Cat", "Dan"], "deals": [
    ...     {"result": {"tricks": {"Ann": 2, "Bob": 3, "Cat": 1, "Dan": 2}}},
    ...     {"result": {"hearts": {"Ann": 3, "Cat": 4, "Dan": 1}}}]}
    >>> result = score_game(game, rules)
    >>> result.totals
    {'Ann': 8, 'Bob': 3, 'Cat': 9, 'Dan': 4}
    >>> result.deals[1].doubled, result.deals[1].took_none, result.deals[1].dealer
    (True, ('Bob',), 'Bob')
    """
    check_game_of(record, "rosbiratschka")
    if rules is None:
        rules = rules_of(record)
    players = tuple(record["players"])
    check_players(rules, len(players))
    totals = dict.fromkeys(players, 0)
    deals: list[DealScore] = []
    for index, deal in enumerate(record.get("deals") or []):
        number = index + 1
        if number > rules.deals_per_game:
            raise ScoresheetError(
                _("deal {number}: the game is complete after {deals} deals").format(
                    number=number, deals=rules.deals_per_game
                )
            )
        scored = score_deal(rules, players, number, cast("RosbiratschkaDeal", deal))
        deals.append(scored)
        for p in players:
            totals[p] += scored.base[p]
    return GameScore(
        players=players,
        rules=rules,
        deals=tuple(deals),
        totals=totals,
        violations=(),
        complete=len(deals) == rules.deals_per_game,
    )


def score_deal(
    rules: RosbiratschkaRules,
    players: Sequence[str],
    number: int,
    deal: RosbiratschkaDeal | Mapping[str, Any],
) -> DealScore:
    """Score deal ``number``: its contract comes from the fixed order, its dealer from the
    rotation; a contract or dealer the deal names must be those."""
    contract = rules.contract_of(number)
    named = deal.get("contract")
    if named is not None and named != contract:
        if named not in CONTRACT_NAMES:
            raise ScoresheetError(
                _(
                    'deal {number}: "{named}" is not a contract of Rosbiratschka ({contracts})'
                ).format(number=number, named=named, contracts=contract_list(rules.contracts))
            )
        raise out_of_order(number, str(named), contract, rules)
    where = deal_place(number, contract)
    dealer = dealer_of(players, number)
    named_dealer = deal.get("dealer")
    if named_dealer is not None and named_dealer != dealer:
        raise ScoresheetError(
            _("{where}: the dealer is {dealer} by the rotation, not {named}").format(
                where=where, dealer=dealer, named=named_dealer
            )
        )
    result = deal.get("result")
    if result is None:
        wanted = ", ".join(RESULT_KEYS[contract])
        raise ScoresheetError(
            _("{where}: the result is missing (it takes {keys})").format(where=where, keys=wanted)
        )
    base, took_none, doubled, slam = base_scores(rules, contract, result, players, where)
    return DealScore(
        number=number,
        dealer=dealer,
        leader=leader_of(players, number),
        contract=contract,
        base=base,
        took_none=took_none,
        doubled=doubled,
        slam=slam,
    )


def base_scores(
    rules: RosbiratschkaRules,
    contract: str,
    result: Mapping[str, Any],
    players: Sequence[str],
    where: str,
) -> tuple[dict[str, int], tuple[str, ...], bool, str | None]:
    """A deal's scores from what the table reports: (scores, took none, doubled, slam).

    Rules page, No Jacks: 2 per jack; if any player took no jack every jack counts 4; a
    player who took all 4 scores −8 and the others 0.

    >>> from scoresheet.games.rosbiratschka.rules import PAGE_RULES
    >>> rules = RosbiratschkaRules.from_data(PAGE_RULES)
    >>> p = ["Ann", "Bob", "Cat", "Dan"]
    >>> base_scores(rules, "no-jacks", {"jacks": {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1}}, p, "")
    ({'Ann': 2, 'Bob': 2, 'Cat': 2, 'Dan': 2}, (), False, None)
    >>> base_scores(rules, "no-jacks", {"jacks": {"Ann": 2, "Bob": 1, "Dan": 1}}, p, "")[0]
    {'Ann': 8, 'Bob': 4, 'Cat': 0, 'Dan': 4}
    >>> base_scores(rules, "no-jacks", {"jacks": {"Bob": 4}}, p, "")[0]
    {'Ann': 0, 'Bob': -8, 'Cat': 0, 'Dan': 0}
    >>> base_scores(rules, "no-jacks", {"jacks": {"Bob": 5}}, p, "deal 3, no-jacks")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: deal 3, no-jacks: jacks add up to 5, a deal has 4
    """
    wanted = RESULT_KEYS[contract]
    for key, value in result.items():
        if value is not None and key not in wanted:
            raise ScoresheetError(
                _("{where}: result.{key} does not belong to {contract} (it takes {keys})").format(
                    where=where, key=key, contract=shown(contract), keys=", ".join(wanted)
                )
            )
    base = dict.fromkeys(players, 0)
    if contract in COUNTED:
        key = COUNTED[contract]
        counts = _counts(result, key, players, rules.in_deal(contract), where)
        value = rules.counts[contract]
        took_none = tuple(p for p in players if counts[p] == 0)
        slam = next((p for p in players if counts[p] == rules.in_deal(contract)), None)
        if slam is not None:
            base[slam] = rules.slam_score(contract)
            return base, took_none, False, slam
        factor = value.avoided if took_none else 1
        for p in players:
            base[p] = counts[p] * value.each * factor
        return base, took_none, bool(took_none) and factor != 1, None
    if contract == "hundred":
        hundred = rules.hundred
        assert hundred is not None
        for key in HUNDRED_KEYS:
            who = _taker(result, key, players, where)
            base[who] += hundred.of(key)
        return base, (), False, None
    key = RESULT_KEYS[contract][0]
    who = _taker(result, key, players, where)
    base[who] = rules.base_total(contract)
    return base, (), False, None


_WHAT = {
    "king_of_hearts": N_("{where}: result.{key} is missing (who took the K♥)"),
    "past_25": N_("{where}: result.{key} is missing (who took the running total past 25)"),
    "past_50": N_("{where}: result.{key} is missing (who took the running total past 50)"),
    "past_100": N_("{where}: result.{key} is missing (who took the running total past 100)"),
    "last": N_("{where}: result.{key} is missing (who was left holding cards)"),
}
# What each counted key counts, for the missing and adding-up messages.
_MISSING_COUNT = {
    "tricks": N_("{where}: result.{key} is missing (tricks taken by each player)"),
    "hearts": N_("{where}: result.{key} is missing (hearts taken by each player)"),
    "jacks": N_("{where}: result.{key} is missing (jacks taken by each player)"),
}
_ADD_UP = {
    "tricks": N_("{where}: tricks add up to {got}, a deal has {want}"),
    "hearts": N_("{where}: hearts add up to {got}, a deal has {want}"),
    "jacks": N_("{where}: jacks add up to {got}, a deal has {want}"),
}


class Missing(ScoresheetError):
    """A result key the deal lacks (``key``): ``play`` asks for it later."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


def deal_place(number: int, contract: str) -> str:
    """``deal 3, no-jacks``: where a message about a deal stands."""
    return _("deal {number}, {contract}").format(number=number, contract=shown(contract))


def out_of_order(
    number: int, named: str, contract: str, rules: RosbiratschkaRules
) -> ScoresheetError:
    """A contract named out of the fixed order."""
    return ScoresheetError(
        _(
            "deal {number}, {named}: out of order: the contracts come in a fixed order "
            "({contracts}), so deal {number} is {contract}"
        ).format(
            number=number,
            named=shown(named),
            contracts=contract_list(rules.contracts),
            contract=shown(contract),
        )
    )


def _not_a_player(where: str, key: str, who: object, players: Sequence[str]) -> ScoresheetError:
    return ScoresheetError(
        _('{where}: result.{key}: "{who}" is not a player ({players})').format(
            where=where, key=key, who=who, players=", ".join(players)
        )
    )


def _counts(
    result: Mapping[str, Any], key: str, players: Sequence[str], total: int, where: str
) -> dict[str, int]:
    given = result.get(key)
    if given is None:
        raise Missing(_(_MISSING_COUNT[key]).format(where=where, key=key), key)
    counts = dict.fromkeys(players, 0)
    for who, n in given.items():
        if who not in counts:
            raise _not_a_player(where, key, who, players)
        counts[who] = n
    added = sum(counts.values())
    if added != total:
        raise ScoresheetError(_(_ADD_UP[key]).format(where=where, got=added, want=total))
    return counts


def _taker(result: Mapping[str, Any], key: str, players: Sequence[str], where: str) -> str:
    who = result.get(key)
    if who is None:
        raise Missing(_(_WHAT[key]).format(where=where, key=key), key)
    if who not in players:
        raise _not_a_player(where, key, who, players)
    return str(who)


def expected_total(rules: RosbiratschkaRules, deal: DealScore) -> int:
    """The check total of a scored deal: 8, 16 when doubled, the slam score on a slam."""
    if deal.slam is not None:
        return rules.slam_score(deal.contract)
    if deal.doubled:
        return rules.doubled_total(deal.contract)
    return rules.base_total(deal.contract)


def to_json(result: GameScore) -> dict[str, Any]:
    """The ``score --json`` object of the spec, plus ``winner`` and each deal's dealer,
    leader and check facts (there are no doubles: ``base`` and ``score`` are equal)."""
    zero = dict.fromkeys(result.players, 0)
    winner = result.winner
    return {
        "game": result.game,
        "rules": result.rules.name,
        "players": list(result.players),
        "totals": result.totals,
        "deals": [
            {
                "number": d.number,
                "dealer": d.dealer,
                "leader": d.leader,
                "contract": d.contract,
                "base": d.base,
                "doubles": dict(zero),
                "score": d.score,
                "total": d.total,
                "doubled": d.doubled,
                "took_none": list(d.took_none),
                "slam": d.slam,
            }
            for d in result.deals
        ],
        "violations": [{"deal": v.deal, "message": v.message} for v in result.violations],
        "complete": result.complete,
        "deals_per_game": result.rules.deals_per_game,
        "winner": list(winner) if winner is not None else None,
    }
