"""The doubling ledger: declarations, in table order, resolved into bets between pairs.

A bet is between two players, made by one of them (the doubler) against the other; it
is doubled (×1) or redoubled (×2). It is settled on the deal's base scores: the higher
scorer wins the difference, times the multiplier, from the lower.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.rules import BarbuRules, contract_word
from scoresheet.i18n import _

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Declaration


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
    doubling = rules.doubling
    # Whom a non-declarer may double besides the declarer: anyone, or nobody else.
    anyone = (doubling.positive if contract in rules.positive else doubling.negative) == "anyone"
    redoubles = doubling.redoubles
    bets: dict[tuple[str, str], int] = {}  # (doubler, doubled) -> multiplier, in order made
    last_turn = -1  # the seat (in speaking order) of the last player who doubled
    for i, decl in enumerate(declarations):
        by = decl["by"]
        try:
            turn = position.get(by)
            if turn is None:
                raise _Refused(_('"{name}" is not a player in this game').format(name=by))
            double, redouble = decl.get("double"), decl.get("redouble")
            if double is not None:
                if turn <= last_turn:
                    _refuse_turn(declarations, i, by, order)
                last_turn = turn
                if double == "maximum" or double == "table":
                    # Every player ``by`` may double; from a doubled player it also
                    # redoubles what they received. The declarer's doubles nobody, so
                    # with nothing received it does nothing, as the rules page reads it.
                    if by == declarer and not redoubles:
                        _refuse_declarers_maximum(by)
                    for q in players:
                        if q == by:
                            continue
                        if (q, by) in bets:
                            if redoubles:
                                bets[q, by] = 2
                        elif by != declarer and (anyone or q == declarer):
                            bets[by, q] = 1
                else:
                    _double(by, double, bets, players, declarer, contract, anyone, rules)
            if redouble is not None:
                _redouble(by, redouble, bets, players, redoubles)
        except _Refused as refused:
            raise ScoresheetError(
                _("{where}, doubles entry {n}: {refused}").format(
                    where=where, n=i + 1, refused=refused
                )
            ) from None
    return [(a, b, m) for (a, b), m in bets.items()]


class _Refused(Exception):
    """A declaration the rules refuse; :func:`resolve_bets` says which one."""


def _refuse_declarers_maximum(by: str) -> None:
    """The declarer's ``maximum`` can only redouble: without redoubles it cannot mean anything."""
    raise _Refused(
        _(
            "{by} is the declarer, who may not double, and these rules have no redoubles: "
            "a maximum from the declarer does nothing"
        ).format(by=by)
    )


def _refuse_turn(declarations: Sequence[Declaration], i: int, by: str, order: list[str]) -> None:
    """``by`` doubles at entry ``i`` from a seat not after the last doubler's: say why."""
    if any(d["by"] == by and d.get("double") is not None for d in declarations[:i]):
        raise _Refused(_("{by} has already had their turn to double").format(by=by))
    speakers = ", ".join(order)
    raise _Refused(
        _("{by} doubles out of turn (doubles go in table order: {speakers})").format(
            by=by, speakers=speakers
        )
    )


def _double(
    by: str,
    what: str | list[str],
    bets: dict[tuple[str, str], int],
    players: Sequence[str],
    declarer: str,
    contract: str,
    anyone: bool,
    rules: BarbuRules,
) -> None:
    if by == declarer:
        raise _Refused(
            _("{by} is the declarer: the declarer may not double, only redouble").format(by=by)
        )
    if what == "family" or what == "flanks":
        targets = [q for q in players if q != by and q != declarer]
    else:
        assert isinstance(what, list)
        targets = what
        if len(set(targets)) != len(targets):
            raise _Refused(_("{by} names a player twice").format(by=by))
    for q in targets:
        if q not in players:
            raise _Refused(_('"{name}" is not a player in this game').format(name=q))
        if q == by:
            raise _Refused(_("{by} cannot double themselves").format(by=by))
        if (q, by) in bets:
            raise _Refused(
                _(
                    "{other} already doubled {by}: {by} may redouble {other}, not double them"
                ).format(other=q, by=by)
            )
        if not (anyone or q == declarer):
            if rules.is_positive(contract):
                refusal = _("in a positive contract ({contract}) {by} may double only the declarer")
            else:
                refusal = _("in a negative contract ({contract}) {by} may double only the declarer")
            raise _Refused(refusal.format(contract=contract_word(contract), by=by))
        bets[by, q] = 1


def _redouble(
    by: str,
    what: str | list[str],
    bets: dict[tuple[str, str], int],
    players: Sequence[str],
    redoubles: bool,
) -> None:
    if not redoubles:
        raise _Refused(_("these rules have no redoubles"))
    if what == "all":
        received = [q for (q, t), m in bets.items() if t == by and m == 1]
        if not received:
            raise _Refused(_("{by} redoubles all, but nobody has doubled {by}").format(by=by))
    else:
        assert isinstance(what, list)
        received = what
    for q in received:
        if q not in players:
            raise _Refused(_('"{name}" is not a player in this game').format(name=q))
        m = bets.get((q, by))
        if m is None:
            raise _Refused(
                _("{by} redoubles {other}, but {other} did not double {by}").format(by=by, other=q)
            )
        if m == 2:
            raise _Refused(_("{by} has already redoubled {other}").format(by=by, other=q))
        bets[q, by] = 2


def settle(bets: Sequence[tuple[str, str, int]], base: Mapping[str, int]) -> list[Bet]:
    """Settle each bet on the base scores: the higher scorer wins m × the difference.

    >>> settle([("Bob", "Ann", 2)], {"Ann": -12, "Bob": 0})
    [Bet(doubler='Bob', doubled='Ann', multiplier=2, moved=24)]
    """
    return [Bet(a, b, m, m * (base[a] - base[b])) for a, b, m in bets]
