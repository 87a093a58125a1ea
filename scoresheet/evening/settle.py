"""Settling up: who pays whom after one game or a whole evening, and the side bets.

The rules, stated once (the manual repeats them, docs/settle-stats.md):

- **Each player's figure is computed per game**, from that game's ``score --json``
  totals; a player absent from a game owes nothing for it.
- **Individual games** (each player for themselves, the highest total wins): a
  player's amount is their total minus the table's mean, times the stake. In a
  zero-sum game (a complete game under zero-sum rules) the mean is 0 and this is
  simply *total × stake*. In a game that is not zero-sum (rules whose contracts do not
  add up to 0, ties, a game not finished) the table as a whole neither wins nor loses:
  each player wins or pays what they scored above or below the table's average.
- **Penalty games** (lowest total wins): the table's mean minus the player's total,
  times the stake.
- **Partnership games** (two teams, the first to a target wins): the stake is *per
  game won*, split by partners: each player of the winning team receives half the
  stake and each player of the losing team pays half. A partnership game not finished
  has no winner and settles nothing.
- Which games are which is said once, in :mod:`scoresheet.registry` (``teams``,
  ``penalty``, ``doubles``).
- **A stake per kind of game**: ``stakes`` gives each kind (``barbu``, ``belote``, …)
  its own stake, and ``stake`` is the stake of every kind not named there. Because a
  stake means a point in one kind of game and a game in the other, one stake for both
  is refused (except with ``ledger_only``, where it is a side-bet point everywhere): an
  evening of Barbu and Belote is settled with ``stakes={"barbu": "0.05", "belote":
  "2"}``. Each game's amounts are added up into one balance per player, players
  matched by name across the games, and the payments are planned over those balances.
- **Side bets only** (``ledger_only``): each player's amount is their net from the
  doubles (the game's doubling ledger) times the stake; games without doubles add
  nothing.
- **Rounding**: amounts are added up exactly over the evening and rounded once, to the
  currency's smallest unit: every balance is rounded down to a whole unit and the units
  left over (there are as many as the balances' fractions add up to) go one each to the
  largest fractions, ties in alphabetical order of the players' names. The balances
  therefore add up to exactly zero.
- **Payments**: as few as possible. Players whose balances cancel out within a group are
  settled within it (found exactly for up to 12 players with a balance, which is every
  table we know; above that, one group); within a group the largest debtor pays the
  largest creditor, again and again. A group of g players needs at most g − 1 payments,
  so there are never more than players − 1.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.evening.games import ScoredGame, scored_games
from scoresheet.evening.shape import winning_team
from scoresheet.evening.stakes import kind_stakes as _stakes
from scoresheet.evening.stakes import parse_amount
from scoresheet.i18n import N_, _, ngettext
from scoresheet.names import fold, quote

#: Above this many players with a balance, payments are planned as one group.
EXACT_GROUPS_LIMIT = 12

RULE_AGAINST_MEAN = "against-mean"
RULE_PENALTY = "penalty-against-mean"
RULE_PER_GAME = "per-game-won"
RULE_SIDE_BETS = "side-bets"
RULE_NOTHING = "nothing"


@dataclass(frozen=True)
class GameSettlement:
    """What one game contributes: the points settled and each player's exact amount."""

    name: str
    game: str
    rules: str
    complete: bool
    rule: str
    explanation: str
    points: dict[str, int]
    amounts: dict[str, Fraction]
    violations: int = 0
    stake: Decimal = Decimal(0)  # this game's stake (its kind's)


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True)
class PairLedger:
    """The side bets between two players over the evening: ``net`` is what ``players[0]``
    won from ``players[1]``, in points."""

    players: tuple[str, str]
    bets: int
    redoubles: int
    net: int


@dataclass(frozen=True)
class Settlement:
    """An evening settled: exact amounts, rounded balances, payments and the side bets."""

    currency: str
    stake: Decimal | None  # the stake of every game, or None when the kinds' stakes differ
    unit: Decimal
    ledger_only: bool
    games: tuple[GameSettlement, ...]
    exact: dict[str, Fraction]
    balances: dict[str, Decimal]
    payments: tuple[Payment, ...]
    ledger: tuple[PairLedger, ...]
    notes: tuple[str, ...] = field(default=())
    stakes: dict[str, Decimal] = field(default_factory=dict)  # each kind of game's stake
    ledger_amounts: dict[tuple[str, str], Decimal] = field(default_factory=dict)

    @property
    def players(self) -> list[str]:
        return sorted(self.balances)

    @property
    def partial(self) -> bool:
        return not all(g.complete for g in self.games)

    def shares(self) -> dict[str, dict[str, Fraction]]:
        """Each player's balance game by game: what each game they played adds to it
        (exact; the balance is their sum, rounded once)."""
        return {
            p: {g.name: g.amounts[p] for g in self.games if p in g.amounts} for p in self.players
        }

    def ledger_amount(self, pair: PairLedger) -> Decimal:
        """What ``pair.players[0]`` won from ``pair.players[1]`` in money, each game's
        side bets at that game's stake."""
        if pair.players in self.ledger_amounts:
            return self.ledger_amounts[pair.players]
        return pair.net * (self.stake or Decimal(0))

    def money(self, amount: Decimal | Fraction | int) -> str:
        """An amount as a decimal string in the currency's unit (exact for balances)."""
        if isinstance(amount, Fraction):
            return exact_text(amount)
        exponent = self.unit.normalize().as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        return f"{Decimal(amount):.{places}f}"

    def to_json(self) -> dict[str, Any]:
        """The ``settle --json`` object: every amount a decimal string, never a float."""
        return {
            "currency": self.currency,
            "stake": None if self.stake is None else str(self.stake),
            "stakes": {kind: str(v) for kind, v in self.stakes.items()},
            "unit": str(self.unit),
            "ledger_only": self.ledger_only,
            "partial": self.partial,
            "balances": {p: self.money(self.balances[p]) for p in self.players},
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": self.money(p.amount)}
                for p in self.payments
            ],
            "games": [
                {
                    "file": g.name,
                    "game": g.game,
                    "rules": g.rules,
                    "complete": g.complete,
                    "rule": g.rule,
                    "explanation": g.explanation,
                    "points": g.points,
                    "amounts": {p: exact_text(a) for p, a in g.amounts.items()},
                    "violations": g.violations,
                    "stake": str(g.stake),
                }
                for g in self.games
            ],
            "shares": {
                p: {name: exact_text(a) for name, a in by_game.items()}
                for p, by_game in self.shares().items()
            },
            "ledger": [
                {
                    "players": list(pair.players),
                    "bets": pair.bets,
                    "redoubles": pair.redoubles,
                    "net": {pair.players[0]: pair.net, pair.players[1]: -pair.net},
                    "amount": {
                        pair.players[0]: str(self.ledger_amount(pair)),
                        pair.players[1]: str(Decimal(0) - self.ledger_amount(pair)),
                    },
                }
                for pair in self.ledger
            ],
            "rounding": ROUNDING,
            "notes": list(self.notes),
        }


ROUNDING = N_(
    "exact amounts are added up over the evening and rounded once: each balance down to "
    "the unit, the units left over one each to the largest fractions (ties: players in "
    "alphabetical order), so the balances add up to exactly zero"
)


def exact_text(value: Fraction) -> str:
    """A fraction as a decimal string when it has one (``"0.125"``), else as ``"p/q"``.

    >>> exact_text(Fraction(219, 100)), exact_text(Fraction(-1, 3)), exact_text(Fraction(5))
    ('2.19', '-1/3', '5')
    """
    d = value.denominator
    for prime in (2, 5):
        while d % prime == 0:
            d //= prime
    if d != 1:
        return f"{value.numerator}/{value.denominator}"
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def check_names(games: Iterable[ScoredGame]) -> None:
    """Refuse two spellings of what may be one player, across games: one player or two?

    Names are compared as inside one game (:func:`scoresheet.names.fold`: case and
    compatibility forms such as fullwidth letters set aside), so two names one game
    would refuse as indistinguishable are not two players of an evening either.
    """
    names = NameCheck()
    for g in games:
        refusal = names.add(g)
        if refusal is not None:
            raise ScoresheetError(refusal)


class NameCheck:
    """:func:`check_names` one game at a time (for a fold that keeps no game)."""

    def __init__(self) -> None:
        self.seen: dict[str, tuple[str, str]] = {}

    def add(self, g: ScoredGame) -> str | None:
        """The refusal of ``g``'s first name spelled otherwise before, or ``None``."""
        seen = self.seen
        for p in g.players:
            key = fold(" ".join(p.split()))
            if key in seen and seen[key][0] != p:
                other, where = seen[key]
                return _(
                    "players {one} ({where}) and {other} ({file}) differ only in case, "
                    "spacing or width: one player or two? Write the name the same way in "
                    "both files, or make the names clearly different"
                ).format(one=quote(other), where=where, other=quote(p), file=g.name)
            seen.setdefault(key, (p, g.name))
        return None


def _individual(g: ScoredGame, stake: Fraction) -> GameSettlement:
    totals = g.totals
    mean = Fraction(sum(totals.values()), len(totals))
    sign = -1 if g.penalty else 1
    amounts = {p: sign * (t - mean) * stake for p, t in totals.items()}
    if g.penalty:
        rule = RULE_PENALTY
        why = _(
            "penalty points, lowest wins: the table's mean ({mean}) minus "
            "each player's total, × the stake"
        ).format(mean=exact_text(mean))
    elif mean == 0:
        rule = RULE_AGAINST_MEAN
        if g.zero_sum:
            why = _("zero-sum: each player's total × the stake")
        else:
            why = _("the totals sum to 0: each player's total × the stake")
    else:
        rule = RULE_AGAINST_MEAN
        if g.zero_sum and not g.complete:
            kind = _("not finished (the totals so far sum to {sum})")
        elif g.zero_sum:
            kind = _("the totals sum to {sum}")
        else:
            kind = _("not zero-sum (the totals sum to {sum})")
        why = _("{kind}: each player's total minus the table's mean ({mean}), × the stake").format(
            kind=kind.format(sum=f"{sum(totals.values()):+d}"), mean=exact_text(mean)
        )
    return GameSettlement(g.name, g.game, g.rules, g.complete, rule, why, totals, amounts)


def _partnership(g: ScoredGame, stake: Fraction) -> GameSettlement:
    teams: list[list[str]] = [list(t) for t in g.score["teams"]]
    winner = winning_team(g.score)
    totals = g.totals
    if winner is None or not g.complete:
        why = _("partnership game not finished: no winner yet, nothing to settle")
        zero = {p: Fraction(0) for p in totals}
        return GameSettlement(g.name, g.game, g.rules, g.complete, RULE_NOTHING, why, totals, zero)
    won = set(teams[winner])
    half = stake / 2
    amounts = {p: half if p in won else -half for p in totals}
    why = _(
        "partnership game won by {team}: the stake per game won, "
        "split by partners (each winner + half the stake, each loser − half)"
    ).format(team=" & ".join(teams[winner]))
    return GameSettlement(g.name, g.game, g.rules, g.complete, RULE_PER_GAME, why, totals, amounts)


def side_bet_nets(g: ScoredGame) -> dict[str, int]:
    """Each player's net from the game's side bets (0 for a game without doubles)."""
    nets = dict.fromkeys(g.players, 0)
    for pair in g.score.get("ledger", {}).get("pairs", []):
        for p, n in pair["net"].items():
            nets[p] += int(n)
    return nets


def _side_bets(g: ScoredGame, stake: Fraction) -> GameSettlement:
    nets = side_bet_nets(g)
    if "ledger" not in g.score:
        why = _("no side bets in {game}").format(game=g.game)
        rule = RULE_NOTHING
    else:
        why = _("side bets only: each player's net from the doubles × the stake")
        rule = RULE_SIDE_BETS
    amounts = {p: n * stake for p, n in nets.items()}
    return GameSettlement(g.name, g.game, g.rules, g.complete, rule, why, nets, amounts)


def evening_ledger(games: Iterable[ScoredGame]) -> tuple[PairLedger, ...]:
    """Every pair's side bets added up over the games, pairs in alphabetical order."""
    ledger = LedgerFold()
    for g in games:
        ledger.add(g)
    return ledger.pairs()


class LedgerFold:
    """:func:`evening_ledger` one game at a time (for a fold that keeps no game)."""

    def __init__(self) -> None:
        self.sums: dict[tuple[str, str], list[int]] = {}

    def add(self, g: ScoredGame) -> None:
        for pair in g.score.get("ledger", {}).get("pairs", []):
            a, b = sorted(pair["players"])
            acc = self.sums.setdefault((a, b), [0, 0, 0])
            acc[0] += int(pair["bets"])
            acc[1] += int(pair["redoubles"])
            acc[2] += int(pair["net"][a])

    def pairs(self) -> tuple[PairLedger, ...]:
        return tuple(PairLedger(k, v[0], v[1], v[2]) for k, v in sorted(self.sums.items()))


def round_balances(exact: Mapping[str, Fraction], unit: Fraction) -> dict[str, int]:
    """Exact amounts that add up to zero, as whole units that still add up to zero.

    >>> round_balances({"Ann": Fraction(1, 3), "Bob": Fraction(1, 3), "Cat": Fraction(-2, 3)},
    ...                Fraction(1))
    {'Ann': 1, 'Bob': 0, 'Cat': -1}
    """
    units = {p: v / unit for p, v in exact.items()}
    if sum(units.values()) != 0:
        raise ValueError("the amounts do not add up to zero")
    out = {p: math.floor(u) for p, u in units.items()}
    left = -sum(out.values())
    for p in sorted(units, key=lambda p: (out[p] - units[p], p))[:left]:
        out[p] += 1
    return out


def _zero_sum_groups(people: list[str], units: Mapping[str, int]) -> list[list[str]]:
    """The most groups whose balances cancel out (subset dynamic programming)."""
    n = len(people)
    values = [units[p] for p in people]
    size = 1 << n
    sums = [0] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]
    best = [0] * size
    choice = [0] * size
    for mask in range(1, size):
        top, pick = -1, 0
        m = mask
        while m:
            bit = m & -m
            v = best[mask ^ bit]
            if v > top:
                top, pick = v, bit
            m ^= bit
        best[mask] = top + (sums[mask] == 0)
        choice[mask] = pick
    groups: list[list[str]] = []
    mask = last = size - 1
    while mask:
        mask ^= choice[mask]
        if sums[mask] == 0:
            groups.append([people[i] for i in range(n) if (last ^ mask) >> i & 1])
            last = mask
    return sorted(groups)


def _greedy(group: list[str], units: Mapping[str, int]) -> list[tuple[str, str, int]]:
    owe = {p: -units[p] for p in group if units[p] < 0}
    due = {p: units[p] for p in group if units[p] > 0}
    out = []
    while owe and due:
        payer = min(owe, key=lambda p: (-owe[p], p))
        payee = min(due, key=lambda p: (-due[p], p))
        amount = min(owe[payer], due[payee])
        out.append((payer, payee, amount))
        for book, who in ((owe, payer), (due, payee)):
            book[who] -= amount
            if book[who] == 0:
                del book[who]
    return out


def plan_payments(units: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """As few payments as we can find (never more than players − 1) that settle ``units``.

    >>> plan_payments({"Ann": 5, "Bob": -5, "Cat": 3, "Dan": -3})
    [('Bob', 'Ann', 5), ('Dan', 'Cat', 3)]
    """
    people = sorted(p for p, u in units.items() if u != 0)
    if len(people) <= EXACT_GROUPS_LIMIT:
        groups = _zero_sum_groups(people, units) if people else []
    else:
        groups = [people]
    return [payment for group in groups for payment in _greedy(group, units)]


def settle(
    games: Sequence[ScoredGame | Mapping[str, Any]],
    stake: Decimal | str | None,
    *,
    stakes: Mapping[str, Decimal | str] | None = None,
    currency: str = "",
    unit: Decimal | str = "0.01",
    ledger_only: bool = False,
    partial: bool = False,
) -> Settlement:
    """Settle one game or an evening of games at ``stake`` (see the module for the rules).

    ``games`` are scored games (:func:`scoresheet.evening.load_game`) or game data, as
    in a game file. A game not complete is refused unless ``partial``. Amounts carry no
    ``currency`` unless one is given (``"€"``, ``"USD"``, ``"CHF"``). ``stakes`` gives
    a kind of game (``"belote"``) its own stake; ``stake`` is every other kind's.

    >>> from scoresheet.evening import settle
    >>> def barbu(deals):
    ...     return {"format": "scoresheet-game", "version": 1, "game": "barbu",
    ...             "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...             "deals": deals}
    >>> queens = {"contract": "no-queens", "doubles": [{"by": "Bob", "double": "maximum"}],
    ...           "result": {"queens": {"Ann": 2, "Cat": 1, "Dan": 1}}}
    >>> s = settle([barbu([queens])], "0.10", partial=True)  # totals -24, 24, -12, -12
    >>> {p: str(b) for p, b in s.balances.items()}
    {'Ann': '-1.80', 'Bob': '3.00', 'Cat': '-0.60', 'Dan': '-0.60'}
    >>> [(p.payer, p.payee, str(p.amount)) for p in s.payments]
    [('Ann', 'Bob', '1.80'), ('Cat', 'Bob', '0.60'), ('Dan', 'Bob', '0.60')]
    >>> settle([barbu([queens])], "0.10")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: game 1: the game is not complete (1 deal of 28 played); ...
    """
    scored = scored_games(games)
    if not scored:
        raise ScoresheetError(_("settle: no games to settle"))
    if stake is not None and not stakes:
        parse_amount(stake, "--stake")  # a bad stake said before anything else
    the_unit = parse_amount(unit, "--unit", largest=1000)
    if (currency and not currency.strip()) or len(currency) > 8 or not currency.isprintable():
        raise ScoresheetError(
            _('--currency: "{currency}" is not a currency (€, $, CHF, …)').format(currency=currency)
        )
    check_names(scored)
    if not partial:
        for g in scored:
            if not g.complete:
                raise ScoresheetError(
                    _(
                        "{file}: the game is not complete ({played}); "
                        "give --partial to settle the scores so far"
                    ).format(file=g.name, played=_played(g))
                )
    kind_stakes = _stakes(scored, stake, stakes or {}, ledger_only)
    one_stake = set(kind_stakes.values())
    parts = []
    for g in scored:
        stake_f = Fraction(kind_stakes[g.game])
        if ledger_only:
            part = _side_bets(g, stake_f)
        elif g.partnership:
            part = _partnership(g, stake_f)
        else:
            part = _individual(g, stake_f)
        parts.append(
            replace(part, violations=len(g.score["violations"]), stake=kind_stakes[g.game])
        )
    exact: dict[str, Fraction] = {}
    for part in parts:
        for p, a in part.amounts.items():
            exact[p] = exact.get(p, Fraction(0)) + a
    unit_f = Fraction(the_unit)
    units = round_balances(exact, unit_f)
    balances = {p: Decimal(u) * the_unit for p, u in sorted(units.items())}
    payments = tuple(
        Payment(payer, payee, Decimal(n) * the_unit) for payer, payee, n in plan_payments(units)
    )
    notes = []
    if not all(g.complete for g in scored):
        unfinished = ", ".join(g.name for g in scored if not g.complete)
        notes.append(
            _("partial: not every game is complete ({games}); the scores so far").format(
                games=unfinished
            )
        )
    if any(exact[p] != u * unit_f for p, u in units.items()):
        notes.append("rounded: " + _(ROUNDING))
    ledger_amounts: dict[tuple[str, str], Decimal] = {}
    if len(one_stake) > 1:
        for g in scored:
            for pair in g.score.get("ledger", {}).get("pairs", []):
                one, other = sorted(pair["players"])
                won = int(pair["net"][one]) * kind_stakes[g.game]
                ledger_amounts[(one, other)] = ledger_amounts.get((one, other), Decimal(0)) + won
    return Settlement(
        currency=currency,
        stake=next(iter(one_stake)) if len(one_stake) == 1 else None,
        unit=the_unit,
        ledger_only=ledger_only,
        games=tuple(parts),
        exact=dict(sorted(exact.items())),
        balances=balances,
        payments=payments,
        ledger=evening_ledger(scored),
        notes=tuple(notes),
        stakes=kind_stakes,
        ledger_amounts=ledger_amounts,
    )


def _played(g: ScoredGame) -> str:
    n = len(g.score["deals"])
    of = None if g.partnership else g.deals_per_game
    if of:
        return ngettext("{n} deal of {of} played", "{n} deals of {of} played", n).format(n=n, of=of)
    return ngettext("{n} deal played, no winner yet", "{n} deals played, no winner yet", n).format(
        n=n
    )
