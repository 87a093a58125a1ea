"""Scoring a Belote game: one function, one result that every view is computed from.

A deal is scored in two steps. :func:`score_deal` checks what the table reported and
works out the deal on its own: each team's card points (typed, or counted from the cards
it captured), the last trick or the capot, belote, the declarations, whether the takers
made their contract, and the scores before any litige. :func:`score_game` then carries
the held points of a litige to the team that makes the next contract, keeps the running
totals and stops the game when a team reaches the target.

A worked deal (the issue's example): Bob takes hearts for Bob & Dan, who take 90 card
points, the last trick and belote: 90 + 10 + 20 = 120 against 62. Made: both score what
they took.

>>> from scoresheet.rules import load_preset
>>> deal = {"contract": "hearts", "taker": "Bob",
...         "result": {"points": [62, 90], "last_trick": 1, "belote": 1}}
>>> d = score_deal(load_preset("belote"), ("Ann", "Bob", "Cat", "Dan"),
...                (("Ann", "Cat"), ("Bob", "Dan")), 1, deal)
>>> d.outcome, d.deal_points, d.rounded
('made', (62, 120), (62, 120))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.partnership.checks import Declared as Declared  # the sheet's too
from scoresheet.partnership.checks import Pair as Pair  # Coinche's too
from scoresheet.partnership.checks import (
    card_points,
    declarations_of,
    two,
)
from scoresheet.partnership.checks import read_cards as read_cards  # entry's and audit's
from scoresheet.partnership.rules import (
    DECK,
    BeloteRules,
    contract_name,
    contract_word,
    dealer_after,
    dealer_of,
)
from scoresheet.results import team_deal_json
from scoresheet.rules import resolve

Outcome = Literal["made", "dedans", "litige"]
Teams = tuple[tuple[str, str], tuple[str, str]]


@dataclass(slots=True)
class DealScore:
    """One deal scored. Pairs are (team 0, team 1).

    ``taken``: card points and the last trick, or the capot; ``deal_points``: ``taken``
    + belote + the declarations scored, what decides whether the contract is made;
    ``raw``: the deal's scores by the outcome; ``rounded``: as the rules round them;
    ``score`` = ``rounded`` + ``released`` (litige points from earlier deals).
    """

    number: int
    dealer: str
    contract: str
    taker: str
    taking_team: int
    points: Pair
    from_cards: bool
    last_trick: int
    belote: int | None
    capot: int | None
    declarations: tuple[Declared, ...]
    declared: Pair  # what each team's declarations are worth
    declarations_scored: Pair  # only the team with the best declaration scores
    taken: Pair
    belote_points: Pair
    deal_points: Pair
    outcome: Outcome
    raw: Pair
    rounded: Pair
    held: int  # the takers' points held by a litige in this deal
    released: Pair = (0, 0)
    pending: int = 0  # litige points still held after this deal
    score: Pair = (0, 0)
    running: Pair = (0, 0)

    @property
    def defending_team(self) -> int:
        return 1 - self.taking_team

    @property
    def made(self) -> bool:
        return self.outcome == "made"

    @property
    def total(self) -> int:
        return sum(self.score)


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken that leaves the file readable. Belote has none so far: everything
    wrong with a deal makes it unreadable; the list is kept for the common interface."""

    deal: int | None
    message: str


class TeamGame:
    """What a game of two teams counted as Belote's is has on top of its fields
    (Coinche's too): each player's total, the teams' names, who deals next."""

    players: tuple[str, ...]
    rules: BeloteRules
    teams: Teams
    deals: Sequence[Any]
    team_totals: Pair
    winner: int | None
    won_at: int | None

    @property
    def complete(self) -> bool:
        return self.winner is not None

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total: their team's."""
        return {p: self.team_totals[self.team_of(p)] for p in self.players}

    def team_of(self, player: str) -> int:
        return 0 if player in self.teams[0] else 1

    def team_name(self, team: int) -> str:
        return team_name(self.teams, team)

    @property
    def next_dealer(self) -> str | None:
        """The next deal's dealer: the one after the last deal's (whose dealer, named after
        a hand thrown in, re-anchors the rotation), ``players[0]`` before the first."""
        if self.complete:
            return None
        if not self.deals:
            return self.players[0]
        return dealer_after(self.rules, self.players, self.deals[-1].dealer)

    @property
    def first_to_speak(self) -> str | None:
        """Who speaks first in the auction and leads: the player after the next dealer in
        the rotation (on the dealer's right, the deal passing to the right)."""
        dealer = self.next_dealer
        return None if dealer is None else dealer_after(self.rules, self.players, dealer)

    def contracts_left(self, _player: str | None = None) -> list[str]:
        """The contracts the next deal may be played in: any, until the game is over."""
        return [] if self.complete else list(self.rules.contracts)


@dataclass(frozen=True)
class GameScore(TeamGame):
    """Everything computed from a Belote game file."""

    players: tuple[str, ...]
    rules: BeloteRules
    teams: Teams
    deals: tuple[DealScore, ...]
    team_totals: Pair
    winner: int | None
    won_at: int | None
    pending: int  # litige points held at the end, waiting for the next contract made
    violations: tuple[Violation, ...] = field(default=())

    @property
    def game(self) -> str:
        return "belote"

    # For the shared shell completion, which asks who declares next and what is left:
    # in Belote any contract may be taken on any deal, until the game is over.
    @property
    def next_declarer(self) -> str | None:
        return self.next_dealer


def deal_where(number: int, contract: str) -> str:
    """``deal 3, hearts``: where a refusal of a deal points (the contract as a word in the
    language in force)."""
    return _("deal {number}, {contract}").format(number=number, contract=contract_word(contract))


def team_name(teams: Teams, team: int) -> str:
    """``Ann & Cat``."""
    return " & ".join(teams[team])


# -- the teams -------------------------------------------------------------------------


def teams_of(players: Sequence[str], given: Sequence[Sequence[str]] | None) -> Teams:
    """The two partnerships: ``given``, checked, or partners sitting opposite each other.

    >>> teams_of(["Ann", "Bob", "Cat", "Dan"], None)
    (('Ann', 'Cat'), ('Bob', 'Dan'))
    >>> teams_of(["Ann", "Bob", "Cat", "Dan"], [["Ann", "Bob"], ["Ann", "Dan"]])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: teams: Ann is in both teams
    """
    if len(players) != 4:
        raise ScoresheetError(
            _("players: Belote is played by 4 players in two teams, the game has {n}").format(
                n=len(players)
            )
        )
    if not given:
        return ((players[0], players[2]), (players[1], players[3]))
    seen: set[str] = set()
    for team in given:
        for p in team:
            if p not in players:
                raise ScoresheetError(
                    _('teams: "{name}" is not a player ({players})').format(
                        name=p, players=", ".join(players)
                    )
                )
            if p in seen:
                raise ScoresheetError(_("teams: {name} is in both teams").format(name=p))
            seen.add(p)
    a, b = given
    return ((a[0], a[1]), (b[0], b[1]))


# -- one deal ----------------------------------------------------------------------------


def _team_label(teams: Teams, team: int) -> str:
    return _("team {number} ({names})").format(number=team, names=team_name(teams, team))


def _contract_dealer_taker(
    rules: BeloteRules,
    players: Sequence[str],
    number: int,
    deal: Mapping[str, Any],
    dealer: str | None = None,
) -> tuple[str, str, str, str]:
    """A deal's contract, where a message places it, its dealer and its taker, checked.

    ``dealer``: the deal's dealer by the rotation, after the deal before (``None``: counted
    from ``players[0]``, as if no hand had been thrown in). A dealer the deal names is its
    dealer: the hand before was thrown in (see :func:`~.rules.dealers`)."""
    contract = deal["contract"]
    if contract not in rules.contracts:
        raise ScoresheetError(
            _('deal {number}: "{contract}" is not a contract of these rules ({contracts})').format(
                number=number, contract=contract, contracts=", ".join(rules.contracts)
            )
        )
    where = deal_where(number, contract)
    if dealer is None:
        dealer = dealer_of(rules, tuple(players), number - 1)
    named = deal.get("dealer")
    if named is not None:
        # The rules page (Coinche) says a thrown-in hand is not recorded and the next
        # dealer deals; Belote's page is silent on the auction, and the classic rules do
        # the same when nobody takes. Any player can deal after one to three throw-ins
        # (four bring the deal back), so a named player re-anchors the rotation.
        if named not in players:
            raise ScoresheetError(
                _('{where}: the dealer "{named}" is not a player ({players})').format(
                    where=where, named=named, players=", ".join(players)
                )
            )
        dealer = named
    taker = deal["taker"]
    if taker not in players:
        raise ScoresheetError(
            _('{where}: the taker "{taker}" is not a player ({players})').format(
                where=where, taker=taker, players=", ".join(players)
            )
        )
    return contract, where, dealer, taker


def _last_trick(
    teams: Teams,
    total: int,
    result: Mapping[str, Any],
    where: str,
    points: tuple[int, int],
    counts: tuple[int, int] | None,
) -> int:
    """The team that took the last trick (the capot's on a capot), checked against the
    capot, the card points and the cards counted."""
    capot = result.get("capot")
    last: int | None = result.get("last_trick")
    if capot is not None:
        if points[capot] != total:
            raise ScoresheetError(
                _("{where}: capot by {team}, but they have {points} card points of {total}").format(
                    where=where, team=_team_label(teams, capot), points=points[capot], total=total
                )
            )
        if counts is not None and counts[capot] != len(DECK):
            raise ScoresheetError(
                _("{where}: capot by {team}, but they took {cards} cards of {deck}").format(
                    where=where, team=_team_label(teams, capot), cards=counts[capot], deck=len(DECK)
                )
            )
        if last is not None and last != capot:
            raise ScoresheetError(
                _(
                    "{where}: the last trick went to {team}, so {capot} did not take "
                    "all 8 tricks (capot)"
                ).format(
                    where=where, team=_team_label(teams, last), capot=_team_label(teams, capot)
                )
            )
        return int(capot)
    if counts is not None:
        for team in (0, 1):
            if counts[team] == len(DECK):
                raise ScoresheetError(
                    _(
                        "{where}: {team} took all {deck} cards: that is a capot "
                        "(set capot to {number})"
                    ).format(
                        where=where, team=_team_label(teams, team), deck=len(DECK), number=team
                    )
                )
    if last is None:
        raise ScoresheetError(
            _("{where}: result.last_trick is missing (the team that took the last trick)").format(
                where=where
            )
        )
    if counts is not None and counts[last] == 0:
        raise ScoresheetError(
            _("{where}: {team} took no trick, so not the last one (last_trick)").format(
                where=where, team=_team_label(teams, last)
            )
        )
    return last


def _check_belote(rules: BeloteRules, contract: str, belote: int | None, where: str) -> None:
    if belote is not None and not rules.has_belote(contract):
        if contract == "no-trumps":
            said = _("{where}: no belote in {contract}: there is no trump suit")
        else:
            said = _("{where}: no belote in {contract}: these rules have no belote in All Trumps")
        raise ScoresheetError(said.format(where=where, contract=contract_name(contract)))


def score_deal(
    rules: BeloteRules,
    players: Sequence[str],
    teams: Teams,
    number: int,
    deal: Mapping[str, Any],
    dealer: str | None = None,
) -> DealScore:
    """Check one deal and score it on its own (no litige carried in or out yet).

    ``dealer``: the deal's dealer by the rotation (see :func:`_contract_dealer_taker`).
    Raises :class:`ScoresheetError` naming the deal for anything that is wrong.
    """
    contract, where, dealer, taker = _contract_dealer_taker(rules, players, number, deal, dealer)
    t = 0 if taker in teams[0] else 1
    d = 1 - t
    result = deal["result"]
    points, counts = card_points(rules, contract, result, where)
    from_cards = counts is not None
    capot = result.get("capot")
    last = _last_trick(teams, rules.card_total(contract), result, where, points, counts)
    belote = result.get("belote")
    _check_belote(rules, contract, belote, where)
    declarations = declarations_of(rules, result.get("declarations") or [], where)

    declared = two(sum(x.value for x in declarations if x.team == k) for k in (0, 1))
    best = two(max((x.strength for x in declarations if x.team == k), default=0) for k in (0, 1))
    scoring_team = 0 if best[0] > best[1] else 1 if best[1] > best[0] else None
    scored = two(declared[k] if k == scoring_team else 0 for k in (0, 1))
    if capot is not None:
        taken = two(rules.capot if k == capot else 0 for k in (0, 1))
    else:
        taken = two(points[k] + (rules.last_trick if k == last else 0) for k in (0, 1))
    belote_points = two(rules.belote if k == belote else 0 for k in (0, 1))
    deal_points = two(taken[k] + belote_points[k] + scored[k] for k in (0, 1))

    outcome: Outcome
    if deal_points[t] > deal_points[d]:
        outcome = "made"
    elif deal_points[t] == deal_points[d] and rules.tie == "litige":
        outcome = "litige"
    else:
        outcome = "dedans"
    held = 0
    raw = list(deal_points)
    if outcome == "dedans":
        # The defenders take every point of the deal (the capot if they made it) and the
        # declarations scored; belote stays with whoever announced it.
        everything = rules.capot if capot == d else rules.deal_total(contract)
        raw[d] = everything + belote_points[d] + sum(scored)
        raw[t] = belote_points[t]
    elif outcome == "litige":
        raw[t] = belote_points[t]
        held = rules.round(deal_points[t] - belote_points[t])
    return DealScore(
        number=number,
        dealer=dealer,
        contract=contract,
        taker=taker,
        taking_team=t,
        points=points,
        from_cards=from_cards,
        last_trick=last,
        belote=belote,
        capot=capot,
        declarations=declarations,
        declared=declared,
        declarations_scored=scored,
        taken=taken,
        belote_points=belote_points,
        deal_points=deal_points,
        outcome=outcome,
        raw=two(raw),
        rounded=two(rules.round(x) for x in raw),
        held=held,
    )


# -- the game ------------------------------------------------------------------------------


def rules_of(record: Mapping[str, Any], game: str) -> Any:
    """The rules in force for a game file of the partnership game ``game`` (Belote's or
    Coinche's rules class): its preset or rules object and its options; rules of another
    game are refused, naming it."""
    return resolve(record["rules"], record.get("options"), game)


def game_over(
    teams: Teams, number: int, winner: int, won_at: int | None, running: Sequence[int]
) -> ScoresheetError:
    """The refusal of deal ``number``, after the game was won."""
    return ScoresheetError(
        _("deal {number}: the game is over: {team} won at deal {won_at} ({won} to {lost})").format(
            number=number,
            team=team_name(teams, winner),
            won_at=won_at,
            won=running[winner],
            lost=running[1 - winner],
        )
    )


def play_out(
    rules: BeloteRules, players: tuple[str, ...], teams: Teams, deals: Sequence[DealScore]
) -> GameScore:
    """The game from its deals scored one by one: litige points carried from deal to deal,
    running totals, and the winner (the first team to reach the target; if both reach it
    on the same deal the higher total, and on equal totals play goes on)."""
    pending = 0
    running = [0, 0]
    winner: int | None = None
    won_at: int | None = None
    for deal in deals:
        if winner is not None:
            raise game_over(teams, deal.number, winner, won_at, running)
        released = [0, 0]
        if pending:
            if deal.outcome == "made":
                released[deal.taking_team] = pending
                pending = 0
            elif deal.outcome == "dedans" and rules.litige_to == "next-deal-winner":
                released[deal.defending_team] = pending
                pending = 0
        pending += deal.held
        deal.released = two(released)
        deal.pending = pending
        deal.score = two(deal.rounded[k] + released[k] for k in (0, 1))
        running = [running[k] + deal.score[k] for k in (0, 1)]
        deal.running = two(running)
        for k in (0, 1):
            if running[k] >= rules.target and running[k] > running[1 - k]:
                winner, won_at = k, deal.number
    return GameScore(
        players=players,
        rules=rules,
        teams=teams,
        deals=tuple(deals),
        team_totals=two(running),
        winner=winner,
        won_at=won_at,
        pending=pending,
    )


def to_json(result: GameScore) -> dict[str, Any]:
    """The ``score --json`` object: the spec's keys (``players``, ``totals`` — each player
    their team's total —, ``deals`` with ``base``, ``doubles`` and ``score`` per player,
    ``violations``, ``complete``) and Belote's own (``team_score`` per deal, the teams'
    pair of what ``score`` credits each player)."""
    return {
        "players": list(result.players),
        "teams": [list(t) for t in result.teams],
        "totals": result.totals,
        "team_totals": list(result.team_totals),
        "target": result.rules.target,
        "winner": result.winner,
        "won_at": result.won_at,
        "held": result.pending,
        "deals": [
            {
                "number": d.number,
                "dealer": d.dealer,
                "contract": d.contract,
                "taker": d.taker,
                "taking_team": d.taking_team,
                "points": list(d.points),
                "counted_from_cards": d.from_cards,
                "last_trick": d.last_trick,
                "belote": d.belote,
                "capot": d.capot,
                "declarations": [
                    {"team": x.team, "kind": x.kind, "rank": x.rank, "value": x.value}
                    for x in d.declarations
                ],
                "declarations_scored": list(d.declarations_scored),
                "taken": list(d.taken),
                "deal_points": list(d.deal_points),
                "outcome": d.outcome,
                "made": d.made,
                "held": d.held,
                "released": list(d.released),
                "pending": d.pending,
                **team_deal_json(result.players, result.team_of, d.score),
                "running": list(d.running),
            }
            for d in result.deals
        ],
        "violations": [{"deal": v.deal, "message": v.message} for v in result.violations],
        "complete": result.complete,
        "next_dealer": result.next_dealer,
        "first_to_speak": result.first_to_speak,
    }
