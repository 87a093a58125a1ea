"""Scoring a whole Barbu game: one function, one result that every view is computed from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.contracts import base_scores
from scoresheet.games.barbu.ledger import Bet, resolve_bets
from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import BarbuRules, contract_word, contract_words
from scoresheet.i18n import _, ngettext, source_language
from scoresheet.rules import check_game_of, check_players, rules_of

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import BarbuDeal, Declaration


@dataclass(slots=True)
class DealScore:
    """One deal scored: ``score`` = ``base`` + ``doubles``; ``total`` is the sum of ``score``."""

    number: int
    declarer: str
    dealer: str
    contract: str
    base: dict[str, int]
    doubles: dict[str, int]
    score: dict[str, int]
    bets: tuple[Bet, ...]
    declarations: tuple[Declaration, ...]
    split: bool  # an undoubled negative deal, not played: its total split

    @property
    def total(self) -> int:
        return sum(self.score.values())


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken that does not make the file unreadable (a declarer doubles short)."""

    deal: int | None
    message: str
    doubler: str
    declarer: str
    made: int
    required: int


@dataclass(frozen=True, slots=True)
class PairLedger:
    """The bets between two players over a game, and what they won from each other."""

    players: tuple[str, str]
    bets: int
    redoubles: int
    net: dict[str, int]


@dataclass(frozen=True, slots=True)
class Owed:
    """Declarer doubles a non-declarer still owes a declarer."""

    doubler: str
    declarer: str
    made: int
    required: int
    remaining: int  # the declarer's deals still to come

    @property
    def owed(self) -> int:
        return max(0, self.required - self.made)

    @property
    def must(self) -> bool:
        """True when every one of the declarer's remaining deals must be doubled."""
        return self.owed > 0 and self.owed >= self.remaining


@dataclass(frozen=True)
class GameScore:
    """Everything computed from a game file."""

    players: tuple[str, ...]
    rules: BarbuRules
    deals: tuple[DealScore, ...]
    totals: dict[str, int]
    violations: tuple[Violation, ...]
    complete: bool
    declared: dict[str, tuple[str, ...]]
    declarer_doubles: dict[tuple[str, str], int] = field(repr=False)

    @property
    def game(self) -> str:
        return "barbu"

    @property
    def winner(self) -> tuple[str, ...] | None:
        """The players with the highest total once the game is complete, in seating order:
        several when they tie for first (they share first place: 1, 1, 3, 4)."""
        if not self.complete:
            return None
        high = max(self.totals.values())
        return tuple(p for p in self.players if self.totals[p] == high)

    @property
    def next_declarer(self) -> str | None:
        if self.complete:
            return None
        return declarer_of(self.rules, self.players, len(self.deals))

    @property
    def next_dealer(self) -> str | None:
        d = self.next_declarer
        return None if d is None else dealer_of(self.rules, self.players, d)

    def contracts_left(self, declarer: str) -> list[str]:
        """The contracts ``declarer`` has still to declare, in the rules' order."""
        done = list(self.declared.get(declarer, ()))
        left: list[str] = []
        for contract in self.rules.contracts:
            for _round in range(self.rules.rounds):
                if contract in done:
                    done.remove(contract)
                else:
                    left.append(contract)
        return left

    def ledger(self) -> list[PairLedger]:
        """For each pair of players (in seating order), their bets and net points."""
        index = {p: i for i, p in enumerate(self.players)}
        acc: dict[tuple[str, str], list[int]] = {}
        for deal in self.deals:
            for bet in deal.bets:
                a, b = sorted((bet.doubler, bet.doubled), key=index.__getitem__)
                row = acc.setdefault((a, b), [0, 0, 0])
                row[0] += 1
                row[1] += bet.redoubled
                row[2] += bet.moved if a == bet.doubler else -bet.moved
        out = []
        for i, a in enumerate(self.players):
            for b in self.players[i + 1 :]:
                n, r, net = acc.get((a, b), (0, 0, 0))
                out.append(PairLedger((a, b), n, r, {a: net, b: -net}))
        return out

    def owed(self) -> list[Owed]:
        """For every declarer whose set is not over, the doubles each other player owes them."""
        required = self.rules.doubling.min_declarer_doubles
        out: list[Owed] = []
        if required == 0:
            return out
        played = len(self.deals)
        upcoming = [
            declarer_of(self.rules, self.players, i)
            for i in range(played, self.rules.deals_per_game)
        ]
        for declarer in self.players:
            remaining = upcoming.count(declarer)
            if remaining == 0:
                continue
            for doubler in self.players:
                if doubler == declarer:
                    continue
                made = self.declarer_doubles.get((doubler, declarer), 0)
                if made < required:
                    out.append(Owed(doubler, declarer, made, required, remaining))
        return out


def score_game(record: Mapping[str, Any], rules: BarbuRules | None = None) -> GameScore:
    """Score every deal of a game file, checking each against the rules.

    Raises :class:`ScoresheetError` naming the deal for anything that makes the file
    wrong; rules broken that leave it readable (doubles owed) become ``violations``.
    """
    check_game_of(record, "barbu")
    if rules is None:
        rules = rules_of(record)
    players = tuple(record["players"])
    check_players(rules, len(players))
    score_deal = _table(rules, players).score_deal
    per_declarer, deals_per_game = rules.deals_per_declarer, rules.deals_per_game
    declared: dict[str, list[str]] = {p: [] for p in players}
    declarer_doubles: dict[tuple[str, str], int] = {}
    deals: list[DealScore] = []
    violations: list[Violation] = []
    for index, deal in enumerate(record.get("deals", [])):
        if index >= deals_per_game:
            raise ScoresheetError(
                _("deal {number}: the game is complete after {deals} deals").format(
                    number=index + 1, deals=deals_per_game
                )
            )
        scored = score_deal(index + 1, deal, declared)
        deals.append(scored)
        declarer = scored.declarer
        made = declared[declarer]
        made.append(scored.contract)
        for bet in scored.bets:
            if bet.doubled == declarer:
                key = (bet.doubler, declarer)
                declarer_doubles[key] = declarer_doubles.get(key, 0) + 1
        if len(made) == per_declarer:
            violations.extend(_short_doubles(rules, players, scored, declarer_doubles))
    scores = [d.score for d in deals]
    totals = {p: sum(map(itemgetter(p), scores)) for p in players}
    return GameScore(
        players=players,
        rules=rules,
        deals=tuple(deals),
        totals=totals,
        violations=tuple(violations),
        complete=len(deals) == deals_per_game,
        declared={p: tuple(c) for p, c in declared.items()},
        declarer_doubles=declarer_doubles,
    )


def score_deal(
    rules: BarbuRules,
    players: Sequence[str],
    number: int,
    deal: BarbuDeal,
    declared: dict[str, list[str]],
) -> DealScore:
    """Score one deal, given what each declarer has declared before it."""
    return _table(rules, tuple(players)).score_deal(number, deal, declared)


class _Table:
    """What the rules and the seating fix before any deal is read, worked out once: who
    declares and deals each deal, and what an undoubled negative deal splits."""

    __slots__ = ("contracts", "dealers", "declarers", "players", "rules", "split_totals")

    def __init__(self, rules: BarbuRules, players: tuple[str, ...]) -> None:
        self.rules = rules
        self.players = players
        self.contracts = frozenset(rules.contracts)
        self.declarers = tuple(declarer_of(rules, players, i) for i in range(rules.deals_per_game))
        self.dealers = {p: dealer_of(rules, players, p) for p in players}
        self.split_totals = {
            c: rules.max_total(c)
            for c in rules.contracts
            if rules.undoubled_split and not rules.is_positive(c)
        }

    def score_deal(self, number: int, deal: BarbuDeal, declared: dict[str, list[str]]) -> DealScore:
        rules, players = self.rules, self.players
        contract = deal["contract"]
        if contract not in self.contracts:
            raise ScoresheetError(
                _('deal {number}: "{contract}" is not a contract of these rules ({known})').format(
                    number=number, contract=contract, known=contract_words(rules.contracts)
                )
            )
        where = _("deal {number}, {contract}").format(
            number=number, contract=contract_word(contract)
        )
        index = number - 1
        declarers = self.declarers
        declarer = (
            declarers[index] if 0 <= index < len(declarers) else declarer_of(rules, players, index)
        )
        named = deal.get("declarer")
        if named is not None and named != declarer:
            raise ScoresheetError(
                _("{where}: the declarer is {declarer} by the rotation, not {named}").format(
                    where=where, declarer=declarer, named=named
                )
            )
        if declared[declarer].count(contract) >= rules.rounds:
            raise ScoresheetError(
                _("{where}: {declarer} has already declared {contract}").format(
                    where=where, declarer=declarer, contract=contract_word(contract)
                )
            )
        dealer = self.dealers[declarer]
        named_dealer = deal.get("dealer")
        if named_dealer is not None and named_dealer != dealer:
            raise ScoresheetError(
                _("{where}: the dealer is {dealer} by the rotation, not {named}").format(
                    where=where, dealer=dealer, named=named_dealer
                )
            )
        declarations = deal.get("doubles") or []
        result = deal.get("result")
        bets = (
            resolve_bets(declarations, players, declarer, dealer, contract, rules, where)
            if declarations
            else []
        )
        split = not bets and contract in self.split_totals
        if split:
            if result is not None:
                raise ScoresheetError(
                    _(
                        "{where}: nobody doubled, so under these rules the deal is not played "
                        "and its total is split; leave out the result"
                    ).format(where=where)
                )
            base = split_undoubled(self.split_totals[contract], players, declarer)
        else:
            if result is None:
                raise ScoresheetError(_("{where}: the result is missing").format(where=where))
            base = base_scores(rules, contract, result, players, where)
        # Settle each bet on the base scores (as :func:`settle`), adding up what it moves.
        doubles = dict.fromkeys(players, 0)
        settled = []
        for a, b, m in bets:
            moved = m * (base[a] - base[b])
            settled.append(Bet(a, b, m, moved))
            doubles[a] += moved
            doubles[b] -= moved
        return DealScore(
            number,
            declarer,
            dealer,
            contract,
            base,
            doubles,
            {p: base[p] + doubles[p] for p in players},
            tuple(settled),
            tuple(declarations),
            split,
        )


# The tables of the rules and seatings in use, by the rules' identity: rules are read
# once per file and kept by :func:`scoresheet.rules.resolve_rules`, so this stays small.
_TABLES: dict[tuple[int, tuple[str, ...]], _Table] = {}


def _table(rules: BarbuRules, players: tuple[str, ...]) -> _Table:
    table = _TABLES.get((id(rules), players))
    if table is None or table.rules is not rules:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        table = _TABLES[id(rules), players] = _Table(rules, players)
    return table


def split_undoubled(total: int, players: Sequence[str], declarer: str) -> dict[str, int]:
    """An undoubled negative deal: each non-declarer −ceil(|total| / 3), the declarer the rest.

    >>> split_undoubled(-26, ["Ann", "Bob", "Cat", "Dan"], "Ann")
    {'Ann': 1, 'Bob': -9, 'Cat': -9, 'Dan': -9}
    """
    others = len(players) - 1
    each = -(-abs(total) // others)
    scores = {p: -each for p in players}
    scores[declarer] = total + each * others
    return scores


def _short_doubles(
    rules: BarbuRules,
    players: Sequence[str],
    last: DealScore,
    declarer_doubles: dict[tuple[str, str], int],
) -> list[Violation]:
    required = rules.doubling.min_declarer_doubles
    out = []
    for doubler in players:
        if doubler == last.declarer:
            continue
        made = declarer_doubles.get((doubler, last.declarer), 0)
        if made < required:
            with source_language():  # the message ``score --json`` gives, never translated
                message = violation_message(doubler, last.declarer, made, required)
            out.append(
                Violation(
                    deal=last.number,
                    message=message,
                    doubler=doubler,
                    declarer=last.declarer,
                    made=made,
                    required=required,
                )
            )
    return out


def violation_message(doubler: str, declarer: str, made: int, required: int) -> str:
    """What a declarer's doubles made short say, in the language in force.

    >>> violation_message("Bob", "Ann", 1, 2)
    "Bob doubled Ann 1 time in Ann's set; the rules require 2"
    """
    return ngettext(
        "{doubler} doubled {declarer} {n} time in {declarer}'s set; the rules require {required}",
        "{doubler} doubled {declarer} {n} times in {declarer}'s set; the rules require {required}",
        made,
    ).format(doubler=doubler, declarer=declarer, n=made, required=required)


def shown_violations(result: GameScore) -> list[Violation]:
    """The violations as the terminal shows them: their message in the language in force
    (``score --json`` keeps the English one)."""
    return [
        replace(v, message=violation_message(v.doubler, v.declarer, v.made, v.required))
        for v in result.violations
    ]


def to_json(result: GameScore) -> dict[str, Any]:
    """The ``score --json`` object of the spec, plus ``winner`` and ``ledger``."""
    players = list(result.players)
    return {
        "players": players,
        "totals": result.totals,
        "deals": [
            {
                "number": d.number,
                "declarer": d.declarer,
                "dealer": d.dealer,
                "contract": d.contract,
                "base": {p: d.base[p] for p in players},  # seating order, as the others
                "doubles": d.doubles,
                "score": d.score,
                "total": d.total,
                "split": d.split,
            }
            for d in result.deals
        ],
        "violations": [
            {
                "deal": v.deal,
                "message": v.message,
                "doubler": v.doubler,
                "declarer": v.declarer,
                "made": v.made,
                "required": v.required,
            }
            for v in result.violations
        ],
        "complete": result.complete,
        "winner": list(winner) if (winner := result.winner) is not None else None,
        "ledger": {
            "deals": [
                {
                    "number": d.number,
                    "bets": [
                        {
                            "doubler": b.doubler,
                            "doubled": b.doubled,
                            "multiplier": b.multiplier,
                            "moved": {b.doubler: b.moved, b.doubled: -b.moved},
                        }
                        for b in d.bets
                    ],
                }
                for d in result.deals
            ],
            "pairs": [
                {
                    "players": list(p.players),
                    "bets": p.bets,
                    "redoubles": p.redoubles,
                    "net": p.net,
                }
                for p in result.ledger()
            ],
        },
    }
