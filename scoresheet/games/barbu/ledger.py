"""The doubling ledger: declarations, in table order, resolved into bets between pairs.

A bet is between two players, made by one of them (the doubler) against the other; it
is doubled (×1) or redoubled (×2). It is settled on the deal's base scores: the higher
scorer wins the difference, times the multiplier, from the lower.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.rules import BarbuRules

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Declaration

_Fail = Callable[[str], ScoresheetError]


@dataclass(slots=True)
class Bet:
    """One side bet of a deal. ``moved`` is what the doubler won from the doubled player."""

    doubler: str
    doubled: str
    multiplier: int
    moved: int = 0

    @property
    def redoubled(self) -> bool:
        return self.multiplier == 2


def table_order(players: Sequence[str], dealer: str) -> list[str]:
    """Who speaks in the doubling, starting from the dealer's left (the next seat clockwise).

    >>> table_order(["Ann", "Bob", "Cat", "Dan"], "Cat")
    ['Dan', 'Ann', 'Bob', 'Cat']
    """
    i = players.index(dealer)
    return [*players[i + 1 :], *players[: i + 1]]


@cache
def _speaking(players: tuple[str, ...], dealer: str) -> tuple[list[str], dict[str, int]]:
    order = table_order(players, dealer)
    return order, {p: i for i, p in enumerate(order)}


def resolve_bets(
    declarations: Sequence[Declaration],
    *,
    players: Sequence[str],
    declarer: str,
    dealer: str,
    contract: str,
    rules: BarbuRules,
    where: str,
) -> list[tuple[str, str, int]]:
    """The bets ``(doubler, doubled, multiplier)`` that a deal's declarations make.

    The rules page's worked example (section 3, No Queens; Denny declares and deals):
    Benny says "maximum", Connie doubles Annie, Annie redoubles Connie.

    >>> from scoresheet.rules import load_preset
    >>> d = [{"by": "Benny", "double": "maximum"}, {"by": "Connie", "double": ["Annie"]},
    ...      {"by": "Annie", "redouble": ["Connie"]}]
    >>> resolve_bets(d, players=["Denny", "Annie", "Benny", "Connie"], declarer="Denny",
    ...     dealer="Denny", contract="no-queens", rules=load_preset("classic"), where="deal 1")
    [('Benny', 'Denny', 1), ('Benny', 'Annie', 1), ('Benny', 'Connie', 1), ('Connie', 'Annie', 2)]
    """
    if not declarations:
        return []
    order, position = _speaking(tuple(players), dealer)
    bets: dict[tuple[str, str], int] = {}  # (doubler, doubled) -> multiplier, in order made
    had_turn: set[str] = set()
    last_turn = -1

    def fail(i: int, message: str) -> ScoresheetError:
        return ScoresheetError(f"{where}, doubles[{i}]: {message}")

    for i, decl in enumerate(declarations):
        by = decl["by"]
        if by not in position:
            raise fail(i, f'"{by}" is not a player in this game')
        double, redouble = decl.get("double"), decl.get("redouble")
        if double is None and redouble is None:
            continue
        if double is not None:
            if by in had_turn:
                raise fail(i, f"{by} has already had their turn to double")
            if position[by] < last_turn:
                speakers = ", ".join(order)
                raise fail(i, f"{by} doubles out of turn (doubles go in table order: {speakers})")
            had_turn.add(by)
            last_turn = position[by]
            _double(decl, bets, players, declarer, contract, rules, partial(fail, i))
        if redouble is not None:
            _redouble(decl, bets, players, rules, partial(fail, i))
    return [(a, b, m) for (a, b), m in bets.items()]


def _double(
    decl: Declaration,
    bets: dict[tuple[str, str], int],
    players: Sequence[str],
    declarer: str,
    contract: str,
    rules: BarbuRules,
    fail: _Fail,
) -> None:
    by, what = decl["by"], decl.get("double")
    others = [p for p in players if p != by]
    if what in ("table", "maximum"):
        for q in others:
            if (q, by) in bets:
                # "maximum" from a doubled player redoubles what they received.
                if rules.doubling.redoubles:
                    bets[(q, by)] = 2
            elif rules.may_double(contract, by, q, declarer):
                bets[(by, q)] = 1
        return
    if by == declarer:
        raise fail(f"{by} is the declarer: the declarer may not double, only redouble")
    if what in ("family", "flanks"):
        targets = [q for q in others if q != declarer]
    else:
        assert isinstance(what, list)
        targets = what
        if len(set(targets)) != len(targets):
            raise fail(f"{by} names a player twice")
    for q in targets:
        if q not in players:
            raise fail(f'"{q}" is not a player in this game')
        if q == by:
            raise fail(f"{by} cannot double themselves")
        if (q, by) in bets:
            raise fail(f"{q} already doubled {by}: {by} may redouble {q}, not double them")
        if not rules.may_double(contract, by, q, declarer):
            kind = "a positive" if rules.is_positive(contract) else "a negative"
            raise fail(f"in {kind} contract ({contract}) {by} may double only the declarer")
        bets[(by, q)] = 1


def _redouble(
    decl: Declaration,
    bets: dict[tuple[str, str], int],
    players: Sequence[str],
    rules: BarbuRules,
    fail: _Fail,
) -> None:
    by, what = decl["by"], decl.get("redouble")
    if not rules.doubling.redoubles:
        raise fail("these rules have no redoubles")
    if what == "all":
        received = [q for (q, t), m in bets.items() if t == by and m == 1]
        if not received:
            raise fail(f"{by} redoubles all, but nobody has doubled {by}")
    else:
        assert isinstance(what, list)
        received = what
    for q in received:
        if q not in players:
            raise fail(f'"{q}" is not a player in this game')
        m = bets.get((q, by))
        if m is None:
            raise fail(f"{by} redoubles {q}, but {q} did not double {by}")
        if m == 2:
            raise fail(f"{by} has already redoubled {q}")
        bets[(q, by)] = 2


def settle(bets: Sequence[tuple[str, str, int]], base: Mapping[str, int]) -> list[Bet]:
    """Settle each bet on the base scores: the higher scorer wins m × the difference.

    >>> settle([("Bob", "Ann", 2)], {"Ann": -12, "Bob": 0})
    [Bet(doubler='Bob', doubled='Ann', multiplier=2, moved=24)]
    """
    return [Bet(a, b, m, m * (base[a] - base[b])) for a, b, m in bets]
