"""Scoring a Caribbean All Fours game: a race in which the order of the points decides.

Every point of a deal is scored in the rules' order — each kick as its card is turned up,
the beg point, High, Low, Jack (or hang jack), Game — and the game ends the moment a
team reaches the target: the points after that one are listed but not counted. What a
deal reports about its cards is checked by :mod:`.checks`.

With a target of 1 (so the first point wins), team A's High ends the game and team B's
Low, Jack and Game are listed but never count — the rules page's example in small:

>>> from scoresheet.record import from_data
>>> game = from_data({
...     "format": "scoresheet-game", "version": 1, "game": "caribbean-all-fours",
...     "rules": "caribbean-all-fours", "options": {"target": 1},
...     "players": ["Ann", "Bob", "Cat", "Dan"],
...     "deals": [{"turn_ups": ["5D"], "beg": "stand", "result": {
...         "high": "Ann", "low": "Bob", "jack": {"holder": "Dan", "won_by": "Dan"},
...         "game_points": [20, 50]}}]})
>>> result = score_game(game)
>>> [(p.kind, p.team, p.counted) for p in result.deals[0].points]
[('high', 0, True), ('low', 1, False), ('jack', 1, False), ('game', 1, False)]
>>> result.winner, result.team_totals
(0, (1, 0))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.cards import SUIT_NAMES, Card
from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours.checks import (
    Teams,
    card_points,
    check_turn_ups,
    parse_turn_ups,
    player,
)
from scoresheet.games.caribbean_all_fours.rules import (
    GAME,
    PLAYERS,
    AllFoursRules,
)
from scoresheet.i18n import _
from scoresheet.results import team_deal_json
from scoresheet.rules import check_game_of, rules_of

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.models import (
        AllFoursDeal,
        AllFoursGameFile,
        AllFoursResult,
    )

JACK = 11
KINDS = ("kick", "beg", "high", "low", "jack", "hang-jack", "game")
BEGS = ("stand", "take-one", "run")


@dataclass(frozen=True, slots=True)
class Point:
    """One point scored (or not: ``counted`` is false once the game was won before it)."""

    team: int
    kind: str  # one of KINDS
    points: int
    counted: bool
    running: tuple[int, int]  # both teams' scores after this point
    card: str | None = None  # a kick: the card turned up
    player: str | None = None  # High, Low: who was dealt the card
    holder: str | None = None  # Jack: who was dealt it
    won_by: str | None = None  # Jack: who won the trick it fell in
    game_points: tuple[int, int] | None = None  # Game: both teams' card points


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal scored: its points in scoring order and both teams' scores after it."""

    number: int
    dealer: str
    dealer_team: int
    turn_ups: tuple[Card, ...]
    beg: str | None
    points: tuple[Point, ...]
    score: tuple[int, int]  # the points counted in this deal, per team
    running: tuple[int, int]  # the team scores after this deal
    winner: int | None  # the team that won the game in this deal
    played: bool  # whether the cards were played (the deal has a result)
    high: str | None = None
    low: str | None = None
    jack: tuple[str, str] | None = None  # holder, won by
    game_points: tuple[int, int] | None = None

    @property
    def trump(self) -> str:
        """The trump suit's letter: the suit of the last card turned up."""
        return self.turn_ups[-1].suit

    @property
    def ended_before_play(self) -> bool:
        """The game was won by a kick or the beg point: no card was played."""
        return self.winner is not None and not self.played


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken that leaves the file readable (none are known for this game yet)."""

    deal: int | None
    message: str


@dataclass(frozen=True)
class GameScore:
    """Everything computed from a game file."""

    players: tuple[str, ...]
    teams: Teams
    rules: AllFoursRules
    deals: tuple[DealScore, ...]
    team_totals: tuple[int, int]
    winner: int | None
    violations: tuple[Violation, ...] = field(default=())

    @property
    def game(self) -> str:
        return GAME

    @property
    def complete(self) -> bool:
        """A game is over once a team has reached the target."""
        return self.winner is not None

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total: their team's."""
        return {p: self.team_totals[team_of(self.teams, p)] for p in self.players}

    @property
    def won_in(self) -> int | None:
        """The number of the deal in which the game was won."""
        for deal in self.deals:
            if deal.winner is not None:
                return deal.number
        return None

    @property
    def next_dealer(self) -> str | None:
        if self.complete:
            return None
        return dealer_of(self.players, len(self.deals) + 1)

    def team_name(self, team: int) -> str:
        return team_name(self.teams, team)

    @property
    def next_declarer(self) -> None:
        """No declarer (nor contracts to complete on the command line) in this game."""
        return None


def team_name(teams: Teams, team: int) -> str:
    """``Ann & Cat``."""
    return " & ".join(teams[team])


def team_of(teams: Teams, player: str) -> int:
    return 0 if player in teams[0] else 1


def dealer_of(players: Sequence[str], number: int) -> str:
    """The dealer of deal ``number``: ``players[0]`` first, then to the right (anticlockwise).

    >>> [dealer_of(["Ann", "Bob", "Cat", "Dan"], n) for n in range(1, 6)]
    ['Ann', 'Dan', 'Cat', 'Bob', 'Ann']
    """
    return players[(1 - number) % len(players)]


def right_of(players: Sequence[str], player: str) -> str:
    """The player on ``player``'s right, who stands or begs (players are listed clockwise)."""
    return players[(players.index(player) - 1) % len(players)]


# -- the game ---------------------------------------------------------------------------


def game_file(data: Any, *, source: str = "game") -> AllFoursGameFile:
    """Validate game-file data as an All Fours game (the typed form of record.from_data)."""

    checked: Mapping[str, Any] = rec.from_data(data, source=source)
    if checked.get("game") != "caribbean-all-fours":
        raise ScoresheetError(_("{source}: not a Caribbean All Fours game").format(source=source))
    return cast("AllFoursGameFile", checked)


def teams_of(record: Mapping[str, Any], players: Sequence[str]) -> Teams:
    """The partnerships: the file's ``teams``, or seats 1 & 3 against 2 & 4.

    Players are listed in seating order, so partners are two seats apart.
    """
    given = record.get("teams")
    if given is None:
        return (players[0], players[2]), (players[1], players[3])
    example = f'[["{players[0]}", "{players[2]}"], ["{players[1]}", "{players[3]}"]]'
    if len(given) != 2 or any(len(t) != 2 for t in given):
        raise ScoresheetError(
            _("teams: give two teams of two players, e.g. {example}").format(example=example)
        )
    seen: set[str] = set()
    for team in given:
        for name in team:
            if name not in players:
                raise ScoresheetError(
                    _('teams: "{name}" is not a player ({players})').format(
                        name=name, players=", ".join(players)
                    )
                )
            if name in seen:
                raise ScoresheetError(_("teams: {name} is listed twice").format(name=name))
            seen.add(name)
    for a, b in given:
        if (players.index(a) - players.index(b)) % 2:
            partner = players[(players.index(a) + 2) % 4]
            raise ScoresheetError(
                _(
                    "teams: partners sit opposite, and {a} sits opposite {partner}, not {b} "
                    "(players are listed in seating order)"
                ).format(a=a, partner=partner, b=b)
            )
    return (given[0][0], given[0][1]), (given[1][0], given[1][1])


def score_game(
    record: AllFoursGameFile | Mapping[str, Any], rules: AllFoursRules | None = None
) -> GameScore:
    """Score every deal of a game file in order, stopping the race at the target.

    Raises :class:`ScoresheetError` naming the deal for anything that makes the file
    wrong, including a deal after the game was won.
    """
    check_game_of(record, "caribbean-all-fours")
    if rules is None:
        rules = rules_of(record)
    players = tuple(record["players"])
    if len(players) != PLAYERS:
        raise ScoresheetError(
            _(
                "players: Caribbean All Fours is for {want} players in two partnerships, "
                "the game has {got}"
            ).format(want=PLAYERS, got=len(players))
        )
    teams = teams_of(record, players)
    running = (0, 0)
    deals: list[DealScore] = []
    winner: int | None = None
    for index, deal in enumerate(record.get("deals", [])):
        number = index + 1
        if winner is not None:
            won_in = deals[-1].number
            raise ScoresheetError(
                _(
                    "deal {number}: the game was won in deal {won_in} ({team} reached "
                    "{score}); no deal comes after it"
                ).format(
                    number=number,
                    won_in=won_in,
                    team=team_name(teams, winner),
                    score=running[winner],
                )
            )
        scored = score_deal(rules, players, teams, number, deal, running)
        deals.append(scored)
        running = scored.running
        winner = scored.winner
    return GameScore(
        players=players,
        teams=teams,
        rules=rules,
        deals=tuple(deals),
        team_totals=running,
        winner=winner,
    )


# -- one deal ---------------------------------------------------------------------------


class Race:
    """The two teams' scores as points are scored one after another, up to the target."""

    def __init__(self, target: int, running: tuple[int, int]) -> None:
        self.target = target
        self.running = list(running)
        self.winner: int | None = None
        self.points: list[Point] = []

    def award(self, team: int, kind: str, points: int, **detail: Any) -> None:
        """Score ``points`` for ``team`` unless the game is already won; zero scores nothing."""
        if points <= 0:
            return
        counted = self.winner is None
        if counted:
            self.running[team] += points
            if self.running[team] >= self.target:
                self.winner = team
        self.points.append(
            Point(team, kind, points, counted, (self.running[0], self.running[1]), **detail)
        )


def kick_counts(rules: AllFoursRules, turn_ups: Sequence[Card], index: int) -> bool:
    """Whether the ``index``-th card turned up scores its kick under the rules."""
    if rules.kick_returns == "every" or index == 0:
        return True
    return turn_ups[index].suit != turn_ups[0].suit


def kicks(
    race: Race, rules: AllFoursRules, dealer_team: int, turn_ups: Sequence[Card], where: str
) -> None:
    """Score the kicks in order; the cards must stop where a kick ended the game."""
    for i, card in enumerate(turn_ups):
        value = rules.kick_value(card) if kick_counts(rules, turn_ups, i) else 0
        race.award(dealer_team, "kick", value, card=str(card))
        if race.winner is not None and i < len(turn_ups) - 1:
            raise ScoresheetError(
                _(
                    "{where}: the kick of {card} ended the game; no card was turned up after it"
                ).format(where=where, card=card)
            )


def score_deal(
    rules: AllFoursRules,
    players: Sequence[str],
    teams: Teams,
    number: int,
    deal: AllFoursDeal,
    running: tuple[int, int],
) -> DealScore:
    """Score one deal from both teams' scores before it."""
    where = _("deal {number}").format(number=number)
    dealer = _dealer(players, number, deal, where)
    dealer_team = team_of(teams, dealer)
    turn_ups = parse_turn_ups(deal["turn_ups"], where)
    beg = deal.get("beg")
    race = Race(rules.target, running)
    kicks(race, rules, dealer_team, turn_ups, where)
    check_turn_ups(rules, turn_ups, beg, race.winner is not None, where)
    if beg == "take-one":
        race.award(1 - dealer_team, "beg", rules.values.beg)
    result = deal.get("result")
    if race.winner is not None:
        if result is not None:
            _refuse_result_after_the_game(race, teams, where)
        return _finish(race, number, dealer, dealer_team, turn_ups, beg, running)
    if result is None:
        raise ScoresheetError(
            _("{where}: the result is missing (high, low, jack, game_points)").format(where=where)
        )
    high, low, jack = _read_result(result, players, turn_ups, where)
    names = (team_name(teams, 0), team_name(teams, 1))
    game_points = card_points(rules, teams, names, result, turn_ups, high, low, jack, where)
    _award_the_play(race, rules, teams, dealer_team, high, low, jack, game_points)
    return _finish(
        race,
        number,
        dealer,
        dealer_team,
        turn_ups,
        beg,
        running,
        played=True,
        high=high,
        low=low,
        jack=jack,
        game_points=game_points,
    )


def _dealer(players: Sequence[str], number: int, deal: AllFoursDeal, where: str) -> str:
    """The deal's dealer by the rotation; a dealer the file names must be that one."""
    # No hand is thrown in here without a deal recorded: when the pack runs out the hand
    # is redealt (the rules page does not say by whom; we read it as the same dealer
    # dealing again, as the simulator does), and the deal keeps its number and dealer.
    # So, unlike Belote and Coinche, a named dealer never re-anchors the rotation.
    dealer = dealer_of(players, number)
    named = deal.get("dealer")
    if named is not None and named != dealer:
        raise ScoresheetError(
            _("{where}: the dealer is {dealer} by the rotation, not {named}").format(
                where=where, dealer=dealer, named=named
            )
        )
    return dealer


def _refuse_result_after_the_game(race: Race, teams: Teams, where: str) -> None:
    """A kick or the beg point ended the game before any card was played: no result."""
    last = race.points[-1]
    if last.kind == "kick":
        text = _(
            "{where}: the kick of {card} ended the game ({team} reached {score}) "
            "before any card was played: leave out the result"
        )
    else:
        text = _(
            "{where}: the beg point ended the game ({team} reached {score}) "
            "before any card was played: leave out the result"
        )
    winner = cast("int", race.winner)
    raise ScoresheetError(
        text.format(
            where=where,
            card=last.card,
            team=team_name(teams, winner),
            score=race.running[winner],
        )
    )


def _read_result(
    result: AllFoursResult, players: Sequence[str], turn_ups: Sequence[Card], where: str
) -> tuple[str | None, str | None, tuple[str, str] | None]:
    """High, low and the jack (holder, won by) of a played deal, checked together."""
    for key in ("high", "low", "jack"):
        if key not in result:
            if key == "jack":
                text = _("{where}: result.{key} is missing (null if the trump jack was not dealt)")
            else:
                text = _("{where}: result.{key} is missing (null only if no trump was dealt)")
            raise ScoresheetError(text.format(where=where, key=key))
    high = result.get("high")
    low = result.get("low")
    high = None if high is None else player(high, players, f"{where}, result.high")
    low = None if low is None else player(low, players, f"{where}, result.low")
    if (high is None) != (low is None):
        raise ScoresheetError(
            _(
                "{where}, result: high and low are both null (no trump dealt) or both players"
            ).format(where=where)
        )
    given_jack = result.get("jack")
    if given_jack is None:
        return high, low, None
    jack = (
        player(given_jack["holder"], players, f"{where}, result.jack.holder"),
        player(given_jack["won_by"], players, f"{where}, result.jack.won_by"),
    )
    trump_jack = Card(JACK, turn_ups[-1].suit)
    if trump_jack in turn_ups:
        raise ScoresheetError(
            _(
                "{where}, result.jack: {card} was turned up, so it was not dealt: jack must be none"
            ).format(where=where, card=trump_jack)
        )
    if high is None:
        raise ScoresheetError(
            _("{where}, result: the trump jack was dealt, so high and low are players").format(
                where=where
            )
        )
    return high, low, jack


def _award_the_play(
    race: Race,
    rules: AllFoursRules,
    teams: Teams,
    dealer_team: int,
    high: str | None,
    low: str | None,
    jack: tuple[str, str] | None,
    game_points: tuple[int, int],
) -> None:
    """Score High, Low, Jack (or hang jack) and Game in that order."""
    if high is not None and low is not None:
        race.award(team_of(teams, high), "high", rules.values.high, player=high)
        race.award(team_of(teams, low), "low", rules.values.low, player=low)
    if jack is not None:
        holder, won_by = jack
        own = team_of(teams, holder) == team_of(teams, won_by)
        if own or rules.jack_rule == "captor":
            kind, value = "jack", rules.values.jack
        else:
            kind, value = "hang-jack", rules.values.hang_jack
        race.award(team_of(teams, won_by), kind, value, holder=holder, won_by=won_by)
    a, b = game_points
    game_team: int | None = 0 if a > b else 1 if b > a else None
    if game_team is None and rules.tied_game != "nobody":
        game_team = dealer_team if rules.tied_game == "dealer" else 1 - dealer_team
    if game_team is not None:
        race.award(game_team, "game", rules.values.game, game_points=game_points)


def _finish(
    race: Race,
    number: int,
    dealer: str,
    dealer_team: int,
    turn_ups: tuple[Card, ...],
    beg: str | None,
    before: tuple[int, int],
    *,
    played: bool = False,
    high: str | None = None,
    low: str | None = None,
    jack: tuple[str, str] | None = None,
    game_points: tuple[int, int] | None = None,
) -> DealScore:
    after = (race.running[0], race.running[1])
    return DealScore(
        number=number,
        dealer=dealer,
        dealer_team=dealer_team,
        turn_ups=turn_ups,
        beg=beg,
        points=tuple(race.points),
        score=(after[0] - before[0], after[1] - before[1]),
        running=after,
        winner=race.winner,
        played=played,
        high=high,
        low=low,
        jack=jack,
        game_points=game_points,
    )


# -- score --json -----------------------------------------------------------------------


def point_json(point: Point) -> dict[str, Any]:
    out: dict[str, Any] = {
        "team": point.team,
        "kind": point.kind,
        "points": point.points,
        "counted": point.counted,
    }
    for key in ("card", "player", "holder", "won_by"):
        value = getattr(point, key)
        if value is not None:
            out[key] = value
    if point.game_points is not None:
        out["game_points"] = list(point.game_points)
    out["running"] = list(point.running)
    return out


def to_json(result: GameScore) -> dict[str, Any]:
    """The ``score --json`` object: the spec's keys, plus teams, the points in order and
    the winner. ``totals`` gives each player their team's total, and each deal's ``base``,
    ``doubles`` and ``score`` each player their team's points for the deal (``team_score``:
    the teams' pair). ``doubles`` is all zeros: there are no side bets between players."""
    players = list(result.players)
    teams = result.teams
    return {
        "players": players,
        "totals": result.totals,
        "deals": [
            {
                "number": d.number,
                "dealer": d.dealer,
                "dealer_team": d.dealer_team,
                "turn_ups": [str(c) for c in d.turn_ups],
                "trump": SUIT_NAMES[d.trump],
                "beg": d.beg,
                "played": d.played,
                "points": [point_json(p) for p in d.points],
                **team_deal_json(players, lambda p: team_of(teams, p), d.score),
                "running": list(d.running),
                "won": d.winner is not None,
            }
            for d in result.deals
        ],
        "violations": [{"deal": v.deal, "message": v.message} for v in result.violations],
        "complete": result.complete,
        "teams": [list(t) for t in teams],
        "team_totals": list(result.team_totals),
        "winner": result.winner,
        "won_in": result.won_in,
        "target": result.rules.target,
    }
