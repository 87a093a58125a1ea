"""The season ladder (``scoresheet rate``): every player rated over the complete games,
oldest first, with openskill's Plackett–Luce model.

Stated choices:

- Only complete games are rated (a game not finished has no places yet); the others are
  listed as left out.
- Games are rated oldest first: by the moment in their file's ``created`` key (ISO 8601;
  one without a time zone is taken as UTC), then by path. A file without ``created``
  (written by hand) is older than every dated one, in path order. A ``created`` that is
  not a date and time is refused, naming the file.
- An individual game ranks its players by place (the highest total first, the lowest in
  a game of penalty points); a partnership game is two teams, the winners first. Players
  tied on a place are rated as the mean of the game's orders with each of them ahead in
  turn (:func:`tie_orders`): openskill's own ties let the player who finished third
  behind two tied for first gain as much as they do.
- Each kind of game has its own ladder (a Barbu rating says nothing of a player's
  Belote); ``together`` rates every game on one ladder.
- The model is openskill's :class:`PlackettLuce` with its own defaults (a new player at
  μ = 25, σ = 25/3); the rating shown and ranked by is its ordinal, μ − 3σ, which starts
  at 0 and rises as the player wins and as the rating grows sure. Equal ratings share a
  place. The same files give the same numbers, to the last bit: the order is fixed and
  nothing is drawn at random.
- The last night is the newest dated game with every game before it that follows the
  previous one within :data:`NIGHT_GAP` (a night that goes on past midnight is one night).
  A player's change is their rating now less their rating before the night's first game
  they played (0 for a newcomer); ``None`` for a player who did not play that night.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import product
from pathlib import Path
from typing import Any

from scoresheet import record, registry, store
from scoresheet.errors import ScoresheetError
from scoresheet.evening.games import ScoredGame, score_record
from scoresheet.evening.stats import places
from scoresheet.i18n import _, ngettext, pgettext
from scoresheet.views.term import Term, cells, fit_lines

#: Games further apart than this belong to different nights.
NIGHT_GAP = timedelta(hours=12)


@dataclass(frozen=True)
class RatedGame:
    """What the ladder keeps of a complete game: its teams and their ranks (1 first)."""

    name: str
    game: str
    created: datetime | None
    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class PlayerRating:
    """One player's line on a ladder."""

    place: int
    player: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    night_games: int  # games played in the last night
    change: float | None  # the rating's change over the last night; None if not there


@dataclass(frozen=True)
class Ladder:
    """A kind of game's ladder (``game``), or every game's together (``game`` None)."""

    game: str | None
    kinds: tuple[str, ...]
    games: int
    players: tuple[PlayerRating, ...]


@dataclass(frozen=True)
class Night:
    """The last night: its first and last game's moments, and its games (rated ones)."""

    start: datetime
    end: datetime
    games: int


@dataclass(frozen=True)
class Ratings:
    """Every ladder, as ``scoresheet rate`` prints it."""

    ladders: tuple[Ladder, ...]
    together: bool
    rated: int
    left_out: tuple[str, ...]  # the games not complete, by name
    night: Night | None
    model: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        night = self.night
        return {
            "model": {"name": "openskill Plackett-Luce", **self.model, "ordinal": "mu - 3 * sigma"},
            "together": self.together,
            "games": self.rated,
            "left_out": list(self.left_out),
            "last_night": None
            if night is None
            else {
                "from": night.start.isoformat(),
                "to": night.end.isoformat(),
                "games": night.games,
            },
            "ladders": [
                {
                    "game": ladder.game,
                    "kinds": list(ladder.kinds),
                    "games": ladder.games,
                    "players": [
                        {
                            "place": p.place,
                            "player": p.player,
                            "ordinal": p.ordinal,
                            "mu": p.mu,
                            "sigma": p.sigma,
                            "games": p.games,
                            "last_night_games": p.night_games,
                            "change": p.change,
                        }
                        for p in ladder.players
                    ],
                }
                for ladder in self.ladders
            ],
        }


def created_of(value: Any, name: str) -> datetime | None:
    """A file's ``created`` moment in UTC; ``None`` when it has none.

    >>> created_of("2026-12-05T20:14:03+01:00", "g.json")
    datetime.datetime(2026, 12, 5, 19, 14, 3, tzinfo=datetime.timezone.utc)
    >>> created_of("yesterday", "g.json")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: g.json: created: "yesterday" is not a date and time (ISO 8601, such as 2026-12-05T20:14:03+00:00)
    """  # noqa: E501
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=UTC)
            return moment.astimezone(UTC)
    import json

    shown = json.dumps(value, ensure_ascii=False)[:40]
    raise ScoresheetError(
        _(
            "{file}: created: {value} is not a date and time (ISO 8601, such as "
            "2026-12-05T20:14:03+00:00)"
        ).format(file=name, value=shown)
    )


def load_dated(path: Path) -> tuple[ScoredGame, datetime | None]:
    """Read, validate and score one game file, with its ``created`` moment; any problem is
    one ScoresheetError naming it (as :func:`scoresheet.evening.load_game`)."""
    label = str(path)
    try:
        snapshot = store.read_snapshot(path)
        rec = record.loads(snapshot.text, source=label)
    except ScoresheetError as exc:
        message = str(exc)
        raise ScoresheetError(
            message if message.startswith(f"{label}:") else f"{label}: {message}"
        ) from None
    created = created_of(rec.get("created"), label)
    return score_record(rec, label), created


def rated_game(g: ScoredGame, created: datetime | None = None) -> RatedGame | None:
    """``g`` as the ladder rates it, or ``None`` when it is not complete."""
    place = places(g)
    if place is None:
        return None
    if g.partnership:
        teams = tuple(tuple(team) for team in g.score["teams"])
    else:
        teams = tuple((p,) for p in g.players)
    return RatedGame(g.name, g.game, created, teams, tuple(place[team[0]] for team in teams))


def oldest_first(games: Iterable[RatedGame]) -> list[RatedGame]:
    """The games in the order they are rated: undated ones first, then by ``created``, each
    time by name."""
    epoch = datetime.min.replace(tzinfo=UTC)
    return sorted(games, key=lambda g: (g.created is not None, g.created or epoch, g.name))


def last_night(ordered: Sequence[RatedGame]) -> int | None:
    """The index in ``ordered`` of the last night's first game, ``None`` if none is dated."""
    if not ordered or ordered[-1].created is None:
        return None
    first = len(ordered) - 1
    while first > 0:
        before, here = ordered[first - 1].created, ordered[first].created
        if before is None or here is None or here - before > NIGHT_GAP:
            break
        first -= 1
    return first


def tie_orders(ranks: Sequence[int]) -> list[list[float]]:
    """The orders a tie is rated as: each group of teams tied on a place turned round, so
    that each of them holds each of the group's places once (every combination of the
    groups' turns). Without a tie, the ranks alone.

    >>> tie_orders([1, 1, 3, 4])
    [[1.0, 2.0, 3.0, 4.0], [2.0, 1.0, 3.0, 4.0]]
    >>> len(tie_orders([1, 1, 1, 4, 4, 4])), tie_orders([2, 1])
    (9, [[2.0, 1.0]])
    """
    groups: dict[int, list[int]] = {}
    for i, rank in enumerate(ranks):
        groups.setdefault(rank, []).append(i)
    tied = [(rank, members) for rank, members in sorted(groups.items()) if len(members) > 1]
    orders = []
    for turns in product(*(range(len(members)) for _rank, members in tied)):
        order = [float(r) for r in ranks]
        for (rank, members), turn in zip(tied, turns, strict=True):
            k = len(members)
            for j in range(k):
                order[members[(j + turn) % k]] = float(rank + j)
        orders.append(order)
    return orders


def _rated(model: Any, teams: list[list[Any]], ranks: Sequence[int]) -> list[list[Any]]:
    """The teams' new ratings after a game. A tie is rated as the mean of the orders of
    :func:`tie_orders` (μ the mean, σ² the mean), each of them a game without a tie:
    openskill's own handling of ties lets a player who finished below two tied for first
    gain as much as they do."""
    orders = tie_orders(ranks)
    if len(orders) == 1:
        return list(model.rate(teams, ranks=orders[0]))
    each = [model.rate(teams, ranks=order) for order in orders]
    out = []
    for t, team in enumerate(teams):
        rated = []
        for j, player in enumerate(team):
            mus = [one[t][j].mu for one in each]
            variances = [one[t][j].sigma ** 2 for one in each]
            mu = math.fsum(mus) / len(mus)
            sigma = math.sqrt(math.fsum(variances) / len(variances))
            rated.append(model.rating(mu=mu, sigma=sigma, name=player.name))
        out.append(rated)
    return out


def _ladder(model: Any, game: str | None, games: Sequence[tuple[RatedGame, bool]]) -> Ladder:
    """One ladder over ``games`` (oldest first, each with whether it is of the last night)."""
    ratings: dict[str, Any] = {}
    played: dict[str, int] = {}
    night: dict[str, int] = {}
    before: dict[str, float] = {}  # each player's ordinal before their first game of the night
    for g, tonight in games:
        teams = [
            [ratings[p] if p in ratings else model.rating(name=p) for p in team] for team in g.teams
        ]
        if tonight:
            for team, rated in zip(g.teams, teams, strict=True):
                for p, r in zip(team, rated, strict=True):
                    before.setdefault(p, float(r.ordinal()))
        new = _rated(model, teams, g.ranks)
        for team, rated in zip(g.teams, new, strict=True):
            for p, r in zip(team, rated, strict=True):
                ratings[p] = r
                played[p] = played.get(p, 0) + 1
                if tonight:
                    night[p] = night.get(p, 0) + 1
    lines = sorted(
        ((float(r.ordinal()), float(r.mu), float(r.sigma), p) for p, r in ratings.items()),
        key=lambda line: (-line[0], -line[1], line[3]),
    )
    players: list[PlayerRating] = []
    for i, (ordinal, mu, sigma, p) in enumerate(lines):
        place = players[-1].place if players and players[-1].ordinal == ordinal else i + 1
        change = ordinal - before[p] if p in before else None
        players.append(
            PlayerRating(place, p, ordinal, mu, sigma, played[p], night.get(p, 0), change)
        )
    kinds = tuple(sorted({g.game for g, _tonight in games}))
    return Ladder(game, kinds, len(games), tuple(players))


def rate(
    games: Iterable[RatedGame], *, together: bool = False, left_out: Sequence[str] = ()
) -> Ratings:
    """Every player rated over ``games`` (in any order: they are rated oldest first).

    >>> from datetime import datetime, UTC
    >>> def game(name, day, ranks):
    ...     at = datetime(2026, 12, day, 20, tzinfo=UTC)
    ...     return RatedGame(name, "barbu", at, (("Ann",), ("Bob",), ("Cat",)), ranks)
    >>> r = rate([game("b.json", 2, (3, 2, 1)), game("a.json", 1, (1, 2, 3))])
    >>> [(p.place, p.player, p.games, p.night_games) for p in r.ladders[0].players]
    [(1, 'Bob', 2, 1), (2, 'Cat', 2, 1), (3, 'Ann', 2, 1)]

    Cat won the newer game, Ann the older: rated oldest first, Cat is ahead.
    >>> r.night.games, r.ladders[0].players[0].change > 0
    (1, True)
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ordered = oldest_first(games)
    first = last_night(ordered)
    marked = [(g, first is not None and i >= first) for i, g in enumerate(ordered)]
    if together:
        ladders = [_ladder(model, None, marked)] if marked else []
    else:
        kinds = sorted({g.game for g in ordered})
        ladders = [_ladder(model, k, [m for m in marked if m[0].game == k]) for k in kinds]
    night = None
    if first is not None:
        start, end = ordered[first].created, ordered[-1].created
        assert start is not None and end is not None
        night = Night(start, end, len(ordered) - first)
    return Ratings(
        ladders=tuple(ladders),
        together=together,
        rated=len(ordered),
        left_out=tuple(left_out),
        night=night,
        model={
            "mu": model.mu,
            "sigma": model.sigma,
            "beta": float(model.beta),
            "tau": model.tau,
        },
    )


def _moment(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M")


def _signed(value: float) -> str:
    text = f"{value:+.2f}"
    return "+0.00" if text == "-0.00" else text


def _row(row: Sequence[str], widths: Sequence[int]) -> str:
    """A ladder's row: the player's name padded on the right, the figures on the left."""
    out = []
    for i, (text, width) in enumerate(zip(row, widths, strict=True)):
        gap = " " * (width - cells(text))
        out.append(text + gap if i == 1 else gap + text)
    return "  " + "  ".join(out).rstrip()


def ratings_text(
    r: Ratings, skipped: Sequence[tuple[str, str]] = (), term: Term | None = None
) -> str:
    """What ``scoresheet rate`` prints: a table per ladder, fitted to ``term`` (by default
    the terminal's)."""
    kinds: dict[str, int] = {}
    for ladder in r.ladders:
        for kind in ladder.kinds:
            kinds[kind] = kinds.get(kind, 0) + (ladder.games if ladder.game else 0)
    mix = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()) if n)
    said = ngettext(
        "Season ladder over {n} complete game, oldest first",
        "Season ladder over {n} complete games, oldest first",
        r.rated,
    ).format(n=r.rated)
    lines = [f"{said} ({mix})" if mix else said]
    if r.left_out:
        n = len(r.left_out)
        lines.append(
            ngettext(
                "{n} game not complete, left out: {files}",
                "{n} games not complete, left out: {files}",
                n,
            ).format(n=n, files=", ".join(r.left_out))
        )
    if r.night is not None:
        # The end's date only when the night went past midnight (UTC).
        same_day = r.night.end.date() == r.night.start.date()
        end = r.night.end.strftime("%H:%M") if same_day else _moment(r.night.end)
        lines.append(
            ngettext(
                "Last night: {n} game, {start} to {end} UTC",
                "Last night: {n} games, {start} to {end} UTC",
                r.night.games,
            ).format(n=r.night.games, start=_moment(r.night.start), end=end)
        )
    lines.append(_("Rating: mu − 3 × sigma, the skill less three times its uncertainty"))
    heads = [
        pgettext("ladder heading", "place"),
        pgettext("ladder heading", "player"),
        pgettext("ladder heading", "rating"),
        pgettext("ladder heading", "mu"),
        pgettext("ladder heading", "sigma"),
        pgettext("ladder heading", "games"),
        pgettext("ladder heading", "last night"),
    ]
    shown = len(heads) if r.night is not None else len(heads) - 1
    heads = heads[:shown]
    for ladder in r.ladders:
        title = (
            registry.shown_title(ladder.game)
            if ladder.game is not None
            else _("Every game together")
        )
        games = ngettext("{n} game", "{n} games", ladder.games).format(n=ladder.games)
        lines += ["", _("{ladder}: {games}").format(ladder=title, games=games)]
        rows = [
            [
                str(p.place),
                p.player,
                _signed(p.ordinal),
                f"{p.mu:.2f}",
                f"{p.sigma:.2f}",
                str(p.games),
                "–" if p.change is None else f"{_signed(p.change)} ({p.night_games})",
            ][:shown]
            for p in ladder.players
        ]
        widths = [max(cells(h), *(cells(row[i]) for row in rows)) for i, h in enumerate(heads)]

        lines += [_row(heads, widths), *(_row(row, widths) for row in rows)]
    if skipped:
        n = len(skipped)
        lines += [
            "",
            _("Skipped {what}").format(
                what=ngettext("{n} unreadable file", "{n} unreadable files", n).format(n=n)
            ),
        ]
        lines += [f"  {message}" for _file, message in skipped]
    return fit_lines("\n".join(lines), (term or Term.detect()).width, columns=False)
