"""Scoring a Coinche game: one function, one result that every view is computed from.

A deal is scored in two steps. The card play is counted as in Belote
(:func:`scoresheet.partnership.score.score_deal`: the card points typed or counted from
the cards, the last trick, a capot, belote, the declarations, each checked against the
others). :func:`score_deal` then reads the auction's outcome — the bid, the coinche and
surcoinche, each checked against the teams — decides whether the takers made their bid,
and scores the deal by the scoring system in force. :func:`play_out` keeps the running
totals and stops the game when a team reaches the target.

Deal 1 of the rules page's worked example: Ann bids 100♥ for Cat & Ann, who take 96 card
points, the last trick and belote: 96 + 10 + 20 = 126, made; rounded, 130 + 100 = 230
against 60.

>>> from scoresheet.rules import load_preset
>>> deal = {"contract": "hearts", "bid": 100, "taker": "Ann",
...         "result": {"points": [56, 96], "last_trick": 1, "belote": 1}}
>>> d = score_deal(load_preset("coinche"), ("Bob", "Cat", "Dan", "Ann"),
...                (("Bob", "Dan"), ("Cat", "Ann")), 1, deal)
>>> d.made, d.multiplier, d.play.deal_points, d.score
(True, 1, (56, 126), (60, 230))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.coinche.rules import CAPOT, GENERALE, CoincheRules
from scoresheet.i18n import _
from scoresheet.partnership import score as kit
from scoresheet.partnership.rules import dealers
from scoresheet.partnership.score import Pair, Teams, team_name
from scoresheet.results import team_deal_json
from scoresheet.rules import check_game_of

if TYPE_CHECKING:
    from scoresheet.games.coinche.models import CoincheGameFile

__all__ = ["DealScore", "GameScore", "Violation", "score_deal", "score_game", "to_json"]


@dataclass(slots=True)
class DealScore:
    """One deal scored. Pairs are (team 0, team 1).

    ``play``: the card play as Belote counts it (card points, last trick, capot, belote,
    declarations, ``deal_points``: each team's total T and D); ``needed``: what the takers
    needed (``None`` for a capot or générale bid); ``score``: what each team scores.
    """

    number: int
    contract: str
    bid: int | str
    coinche: str | None
    surcoinche: str | None
    multiplier: int
    play: kit.DealScore
    needed: int | None
    made: bool
    score: Pair
    running: Pair = (0, 0)

    @property
    def dealer(self) -> str:
        return self.play.dealer

    @property
    def taker(self) -> str:
        return self.play.taker

    @property
    def taking_team(self) -> int:
        return self.play.taking_team

    @property
    def points(self) -> Pair:
        return self.play.points

    @property
    def last_trick(self) -> int:
        return self.play.last_trick

    @property
    def declarations(self) -> tuple[kit.Declared, ...]:
        return self.play.declarations

    @property
    def defending_team(self) -> int:
        return 1 - self.play.taking_team

    @property
    def level(self) -> int:
        """0, 1 after a coinche, 2 after a surcoinche."""
        return 2 if self.surcoinche else 1 if self.coinche else 0

    @property
    def winner(self) -> int:
        """The team that won the deal: the takers if they made their bid."""
        return self.taking_team if self.made else self.defending_team


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken that leaves the file readable. Coinche has none so far: everything
    wrong with a deal makes it unreadable; the list is kept for the common interface."""

    deal: int | None
    message: str


@dataclass(frozen=True)
class GameScore(kit.TeamGame):
    """Everything computed from a Coinche game file."""

    players: tuple[str, ...]
    rules: CoincheRules
    teams: Teams
    deals: tuple[DealScore, ...]
    team_totals: Pair
    winner: int | None
    won_at: int | None
    violations: tuple[Violation, ...] = field(default=())

    @property
    def game(self) -> str:
        return "coinche"

    # For the shared shell completion, which asks who declares next and what is left:
    # any contract may be bid on any deal, until the game is over.
    @property
    def next_declarer(self) -> str | None:
        return self.first_to_speak


def card_play(result: GameScore) -> kit.GameScore:
    """The game so far as Belote's entry and questions see it: the same players, teams
    and rules, and the deals' card play."""
    return kit.GameScore(
        players=result.players,
        rules=result.rules,
        teams=result.teams,
        deals=tuple(d.play for d in result.deals),
        team_totals=result.team_totals,
        winner=None,
        won_at=None,
        pending=0,
    )


# -- one deal ----------------------------------------------------------------------------


def _auction(
    rules: CoincheRules, players: Sequence[str], teams: Teams, deal: Mapping[str, Any], where: str
) -> tuple[str | None, str | None]:
    """The coinche and surcoinche, checked: a coinche by an opponent of the takers, a
    surcoinche by a taker after a coinche."""
    bid = deal["bid"]
    rules.check_bid(bid, where)
    taking = 0 if deal["taker"] in teams[0] else 1
    coinche, surcoinche = deal.get("coinche"), deal.get("surcoinche")
    for key, who in (("coinche", coinche), ("surcoinche", surcoinche)):
        if who is not None and who not in players:
            if key == "coinche":
                said = _('{where}: coinche "{name}" is not a player ({players})')
            else:
                said = _('{where}: surcoinche "{name}" is not a player ({players})')
            raise ScoresheetError(said.format(where=where, name=who, players=", ".join(players)))
    if coinche is not None and coinche in teams[taking]:
        raise ScoresheetError(
            _(
                "{where}: {name} cannot coinche: {name} is in the taking team "
                "({team}); only a defender coinches"
            ).format(where=where, name=coinche, team=team_name(teams, taking))
        )
    if surcoinche is not None:
        if coinche is None:
            raise ScoresheetError(
                _("{where}: a surcoinche by {name} without a coinche").format(
                    where=where, name=surcoinche
                )
            )
        if surcoinche not in teams[taking]:
            raise ScoresheetError(
                _(
                    "{where}: {name} cannot surcoinche: only the taking team ({team}) surcoinches"
                ).format(where=where, name=surcoinche, team=team_name(teams, taking))
            )
    if coinche is not None and bid == CAPOT and not rules.coinche_capot:
        raise ScoresheetError(
            _("{where}: these rules do not allow a capot bid to be coinched").format(where=where)
        )
    return coinche, surcoinche


def score_deal(
    rules: CoincheRules,
    players: Sequence[str],
    teams: Teams,
    number: int,
    deal: Mapping[str, Any],
    dealer: str | None = None,
) -> DealScore:
    """Check one deal and score it on its own; ``dealer``: its dealer by the rotation,
    after the deal before (``None``: counted from the first dealer, no hand thrown in).

    Raises :class:`ScoresheetError` naming the deal for anything that is wrong.
    """
    play = kit.score_deal(rules, players, teams, number, deal, dealer)
    coinche, surcoinche = _auction(
        rules, players, teams, deal, _("deal {number}").format(number=number)
    )
    bid = deal["bid"]
    level = 2 if surcoinche else 1 if coinche else 0
    m = rules.multiplier(level)
    t, d = play.taking_team, play.defending_team
    own = play.belote_points
    # The takers' total T (belote included, unless the rules leave it out) and the
    # defenders' D, each with the declarations it scores.
    total_t = play.deal_points[t] - (0 if rules.belote_counts else own[t])
    total_d = play.deal_points[d]
    takers_capot = play.capot == t
    needed: int | None = None
    if bid in (CAPOT, GENERALE):
        made = takers_capot
    else:
        needed = rules.needed(int(bid))
        made = takers_capot or (
            total_t >= needed and (rules.made_when == "bid" or total_t > total_d)
        )
    won = t if made else d
    belotes = list(own)
    if rules.losing_belote == "to-winner":
        belotes = [sum(own) if k == won else 0 for k in (0, 1)]
    elif rules.losing_belote == "lost-by-coinched-defenders" and made and level:
        belotes[d] = 0  # BGA: the defenders of a made coinched contract lose theirs
    declared = play.declarations_scored
    score = [0, 0]
    if bid in (CAPOT, GENERALE):
        # A capot or générale bid: its value to the takers if made, else the agreed value
        # of a lost one to the defenders; a coinche multiplies it.
        value = rules.bid_value(bid) if made else rules.capot_bid_lost
        if bid == GENERALE and not made:
            value = rules.generale_value
        score[won] = value * m + sum(declared)
    elif rules.scoring == "bid-only":
        score[won] = int(bid) * m + sum(declared)
    else:
        added = int(bid) if rules.scoring == "points-and-bid" else 0
        # What the winner scores before any coinche: the takers their rounded points (or
        # an unbid capot) plus the bid; the defenders of a failed bid the failure base.
        if not made:
            base = rules.dedans_points
        elif takers_capot:
            base = rules.capot
        else:
            base = rules.round(play.taken[t])
        if m == 1:
            score[won] = base + added
        elif rules.coinche_multiplies == "everything":
            # The winner's whole score, its own belote included, times m (BGA).
            score[won] = (base + added + belotes[won]) * m
            belotes[won] = 0
        else:
            # The failure base and the bid to the deal's winner, made or not. Choice: an
            # unbid capot coinched keeps its capot value in place of the base.
            base = rules.capot if takers_capot else rules.dedans_points
            if rules.coinche_multiplies == "bid":
                score[won] = base + added * m
            else:
                score[won] = (base + added) * m
        # Declarations are never multiplied: each team its own on a contract made
        # without a coinche, else all of them to the deal's winner.
        if m == 1 and made and not takers_capot:
            score[t] += declared[t]
            score[d] = rules.round(play.taken[d]) + declared[d]
        else:
            score[won] += sum(declared)
    return DealScore(
        number=number,
        contract=deal["contract"],
        bid=bid,
        coinche=coinche,
        surcoinche=surcoinche,
        multiplier=m,
        play=play,
        needed=needed,
        made=made,
        score=(score[0] + belotes[0], score[1] + belotes[1]),
    )


# -- the game ------------------------------------------------------------------------------


def rules_of(record: CoincheGameFile | Mapping[str, Any]) -> CoincheRules:
    """The rules in force for a Coinche game file (the partnership kit's
    :func:`~scoresheet.partnership.score.rules_of`)."""
    return cast("CoincheRules", kit.rules_of(record, "coinche"))


def teams_of(players: Sequence[str], given: Sequence[Sequence[str]] | None) -> Teams:
    """The two partnerships (Belote's rule: ``given``, checked, or opposite seats)."""
    if len(players) != 4:
        raise ScoresheetError(
            _("players: Coinche is played by 4 players in two teams, the game has {n}").format(
                n=len(players)
            )
        )
    return kit.teams_of(players, given)


def score_game(
    record: CoincheGameFile | Mapping[str, Any], rules: CoincheRules | None = None
) -> GameScore:
    """Score every deal of a game file and stop at the target.

    Raises :class:`ScoresheetError` naming the deal for anything that makes the file wrong.
    """
    check_game_of(record, "coinche")
    if rules is None:
        rules = rules_of(record)
    players = tuple(record["players"])
    teams = teams_of(players, record.get("teams"))
    deals = record.get("deals") or []
    rotation = dealers(rules, players, [d.get("dealer") for d in deals])
    return play_out(
        rules,
        players,
        teams,
        [
            score_deal(rules, players, teams, i + 1, deal, rotation[i])
            for i, deal in enumerate(deals)
        ],
    )


def play_out(
    rules: CoincheRules, players: tuple[str, ...], teams: Teams, deals: Sequence[DealScore]
) -> GameScore:
    """The game from its deals scored one by one: running totals and the winner (the
    first team to reach the target; if both reach it on the same deal the higher total,
    and on equal totals another deal is played). A deal after the game is won is refused."""
    running = [0, 0]
    winner: int | None = None
    won_at: int | None = None
    for deal in deals:
        if winner is not None:
            raise kit.game_over(teams, deal.number, winner, won_at, running)
        running = [running[k] + deal.score[k] for k in (0, 1)]
        deal.running = (running[0], running[1])
        for k in (0, 1):
            if rules.reached(running[k]) and running[k] > running[1 - k]:
                winner, won_at = k, deal.number
    return GameScore(
        players=players,
        rules=rules,
        teams=teams,
        deals=tuple(deals),
        team_totals=(running[0], running[1]),
        winner=winner,
        won_at=won_at,
    )


def to_json(result: GameScore) -> dict[str, Any]:
    """The ``score --json`` object: the spec's keys (``players``, ``totals`` — each player
    their team's total —, ``deals`` with ``base``, ``doubles`` and ``score`` per player,
    ``violations``, ``complete``) and Coinche's own (``team_score`` per deal, the teams'
    pair). ``doubles`` is all zeros: the coinche and surcoinche multiply the contract, and
    are already in the deal's score."""
    return {
        "game": result.game,
        "players": list(result.players),
        "teams": [list(t) for t in result.teams],
        "totals": result.totals,
        "team_totals": list(result.team_totals),
        "target": result.rules.target,
        "winner": result.winner,
        "won_at": result.won_at,
        "deals": [
            {
                "number": d.number,
                "dealer": d.dealer,
                "contract": d.contract,
                "bid": d.bid,
                "taker": d.taker,
                "taking_team": d.taking_team,
                "coinche": d.coinche,
                "surcoinche": d.surcoinche,
                "multiplier": d.multiplier,
                "points": list(d.play.points),
                "counted_from_cards": d.play.from_cards,
                "last_trick": d.play.last_trick,
                "belote": d.play.belote,
                "capot": d.play.capot,
                "declarations": [
                    {"team": x.team, "kind": x.kind, "rank": x.rank, "value": x.value}
                    for x in d.play.declarations
                ],
                "declarations_scored": list(d.play.declarations_scored),
                "deal_points": list(d.play.deal_points),
                "needed": d.needed,
                "made": d.made,
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
