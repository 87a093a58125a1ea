"""Statistics over many games of any mix: per player, per game, and over time.

Every figure is read from the games' ``score --json`` objects (see
:mod:`scoresheet.evening.games`): nothing is scored a second time.

Stated choices:

- Games are taken in the order given (a folder's files in name order): that is the
  order of the running form. Name files by date to keep a season in order.
- Places and wins count complete games only (a game not finished has no winner yet);
  players tied on a place share it (1, 1, 3, 4) and a shared first place is a win for
  each. The highest total is first, the lowest in a game of penalty points; in a
  partnership game the winning team's players are first, the others second.
- Points are averaged per kind of game (a point of one game is not a point of
  another); partnership games count the team's total for each partner. "Per deal"
  divides by the deals of the game the player sat in.
- Running form: after each complete game, the average over the player's complete games
  so far of (players − place) / (players − 1): 1 for always first, 0 for always last
  (for partnership games, 1 for a win and 0 for a loss).
- Rival: of the players who sat at a complete game with the player, the one who finished
  ahead of them most often (in a partnership game, an opponent whose team won); a tie
  goes to the one the player finished ahead of least often, then by name. None when
  nobody finished ahead of them. ``lost`` counts the rival ahead, ``won`` the player.
- Best partner (partnership games): of the partners with at least
  :data:`PARTNER_GAMES` complete games together, the one with the best share won; a tie
  goes to the more games together, then by name. None when no partner has that many.
- Each game adds its own figures under its own key (its ``stats.py``, role ``Stats``:
  a game's contracts, doubles, penalties …), read from the same objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoresheet import entry, registry
from scoresheet.errors import ScoresheetError
from scoresheet.evening.games import ScoredGame, from_data, scored_games
from scoresheet.evening.settle import LedgerFold, NameCheck, PairLedger
from scoresheet.evening.shape import winning_team
from scoresheet.i18n import _
from scoresheet.names import quote

if TYPE_CHECKING:
    from scoresheet import roles

#: Complete partnership games together a partner needs to be a player's best partner.
PARTNER_GAMES = 3


@dataclass(frozen=True)
class Stats:
    """Statistics over games: ``players`` maps each name to its figures (plain data,
    as ``stats --json`` prints it)."""

    games: tuple[dict[str, Any], ...]
    players: dict[str, dict[str, Any]]
    head_to_head: tuple[PairLedger, ...]
    violations: tuple[dict[str, Any], ...]
    # Each violation's message in the language in force, for the terminal (--json keeps
    # the English one in ``violations``).
    shown_violations: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "games": list(self.games),
            "players": self.players,
            "head_to_head": [
                {
                    "players": list(p.players),
                    "bets": p.bets,
                    "redoubles": p.redoubles,
                    "net": {p.players[0]: p.net, p.players[1]: -p.net},
                }
                for p in self.head_to_head
            ],
            "violations": list(self.violations),
        }


def places(g: ScoredGame) -> dict[str, int] | None:
    """Each player's place in a complete game (ties share), or ``None`` if not finished."""
    if not g.complete:
        return None
    if g.partnership:
        winner = winning_team(g.score)
        if winner is None:
            return None
        won = set(g.score["teams"][winner])
        return {p: 1 if p in won else 2 for p in g.players}
    totals = g.totals
    sign = 1 if g.penalty else -1
    return {p: 1 + sum(1 for q in totals if sign * totals[q] < sign * totals[p]) for p in totals}


def _one_player(typed: str, names: Sequence[str]) -> str:
    """The player ``--player`` names: in full, in any case, or by a unique start."""
    t = entry.typed(typed)
    if t in names:
        return t
    matches = entry.player_matches(t, names)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ScoresheetError(
            _("--player: {typed} could be {players}").format(
                typed=quote(t), players=entry.either(matches)
            )
        )
    raise ScoresheetError(_("--player: {typed} played none of these games").format(typed=quote(t)))


def form_result(g: ScoredGame | Mapping[str, Any], place: int) -> float:
    """One complete game's contribution to the running form: 1 first, 0 last."""
    if isinstance(g, ScoredGame):
        partnership, seats = g.partnership, len(g.players)
    else:
        partnership, seats = registry.game(g["game"]).teams, len(g["players"])
    if partnership:
        return 1.0 if place == 1 else 0.0
    return (seats - place) / (seats - 1)


def _new_player() -> dict[str, Any]:
    return {
        "games": 0,
        "complete_games": 0,
        "wins": 0,
        "places": {},
        "by_game": {},
        "form": [],
    }


def _average(points: int, count: int) -> float | None:
    return round(points / count, 2) if count else None


def _finish(player: dict[str, Any], kinds: Sequence[roles.Stats]) -> None:
    for figures in player["by_game"].values():
        figures["average_per_game"] = _average(figures["points"], figures["games"])
        figures["average_per_deal"] = _average(figures["points"], figures["deals"])
    for kind in kinds:
        if kind.KEY in player:
            kind.finish(player[kind.KEY])
    player["places"] = dict(sorted(player["places"].items(), key=lambda kv: int(kv[0])))


def stats(games: Sequence[ScoredGame | Mapping[str, Any]], *, player: str | None = None) -> Stats:
    """Statistics over ``games`` (scored games or game data), optionally for one player.

    >>> from scoresheet.evening import stats
    >>> game = {"format": "scoresheet-game", "version": 1, "game": "barbu",
    ...         "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...         "deals": [{"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}],
    ...                    "result": {"king_of_hearts": "Bob"}}]}
    >>> s = stats([game])
    >>> bob = s.players["Bob"]
    >>> bob["games"], bob["wins"], bob["by_game"]["barbu"]["points"]
    (1, 0, -40)
    >>> bob["barbu"]["doubles"]["made"], bob["barbu"]["doubles"]["lost"]
    (1, 1)
    >>> s.players["Ann"]["barbu"]["contracts"]["no-king"]["declarer"]["average"]
    20.0
    >>> stats([game], player="Zoe")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: --player: "Zoe" played none of these games
    """
    season = Season()
    seen: dict[int, int] = {}
    for i, g in enumerate(games, 1):
        # As scored_games: the same object twice is refused (the sequence keeps each alive,
        # so no two hold one id), and data is scored one game at a time, then dropped.
        first = seen.setdefault(id(g), i)
        if first != i:
            scored_games([games[first - 1], g])  # refuses, naming them as here
        season.add(g if isinstance(g, ScoredGame) else from_data(g, _("game {i}").format(i=i)))
    return season.result(player=player)


class Season:
    """Statistics folded one game at a time, as each is read: no game is kept, only the
    figures (a season of 10,000 files is read in the memory of a few)."""

    def __init__(self) -> None:
        self.players: dict[str, dict[str, Any]] = {}
        self.listed: list[dict[str, Any]] = []
        # Each violation with its message as shown, and who it names (for --player).
        self.violations: list[tuple[dict[str, Any], str]] = []
        self.running: dict[str, float] = {}
        self.kinds: dict[str, roles.Stats] = {}
        self.names = NameCheck()
        self.refusal: str | None = None  # the first name clash, refused at the end
        self.ledger = LedgerFold()
        # Player -> other player -> [games at one table, times ahead, times behind], over
        # complete games; and player -> partner -> [games together, games won].
        self.met: dict[str, dict[str, list[int]]] = {}
        self.partners: dict[str, dict[str, list[int]]] = {}

    def add(self, g: ScoredGame) -> None:
        """Fold one scored game into the figures, for every player."""
        refusal = self.names.add(g)
        if self.refusal is None:
            self.refusal = refusal
        index = len(self.listed) + 1
        place = places(g)
        self.listed.append(
            {
                "file": g.name,
                "game": g.game,
                "rules": g.rules,
                "complete": g.complete,
                "players": list(g.players),
                "deals": len(g.score["deals"]),
                "totals": g.totals,
                "places": place,
            }
        )
        for v, message in zip(g.score["violations"], g.violation_messages(), strict=True):
            self.violations.append(({"file": g.name, **v}, message))
        for p in g.players:
            out = self.players.setdefault(p, _new_player())
            out["games"] += 1
            kind = out["by_game"].setdefault(
                g.game, {"games": 0, "wins": 0, "deals": 0, "points": 0}
            )
            kind["games"] += 1
            kind["deals"] += len(g.score["deals"])
            kind["points"] += int(g.totals[p])
            if place is not None:
                out["complete_games"] += 1
                key = str(place[p])
                out["places"][key] = out["places"].get(key, 0) + 1
                won = place[p] == 1
                out["wins"] += won
                kind["wins"] += won
                result = form_result(g, place[p])
                done = out["form"]
                self.running[p] = self.running.get(p, 0.0) + result
                total = self.running[p]
                done.append(
                    {
                        "game": index,
                        "file": g.name,
                        "place": place[p],
                        "result": round(result, 4),
                        "form": round(total / (len(done) + 1), 4),
                    }
                )
        if place is not None:
            self._meet(g, place)
        # The game's own figures, under its key, for every player (each player's figures
        # are their own: following one player gives that player's figures unchanged).
        own = self.kinds[g.game] = registry.part(g.game, "stats")
        own.add(
            g.name,
            g.score,
            {p: self.players[p].setdefault(own.KEY, own.new()) for p in g.players},
        )
        self.ledger.add(g)

    def _meet(self, g: ScoredGame, place: Mapping[str, int]) -> None:
        """Fold a complete game into who finished ahead of whom, and the partners' games."""
        teams = [list(t) for t in g.score["teams"]] if g.partnership else [[p] for p in g.players]
        for team in teams:
            for p in team:
                met = self.met.setdefault(p, {})
                for other in teams:
                    if other is team:
                        continue
                    for q in other:
                        figures = met.setdefault(q, [0, 0, 0])
                        figures[0] += 1
                        figures[1] += place[p] < place[q]
                        figures[2] += place[q] < place[p]
                if g.partnership:
                    together = self.partners.setdefault(p, {})
                    for q in team:
                        if q != p:
                            figures = together.setdefault(q, [0, 0])
                            figures[0] += 1
                            figures[1] += place[p] == 1

    def _rival(self, p: str) -> dict[str, Any] | None:
        met = self.met.get(p, {})
        ahead = [(-f[2], f[1], q) for q, f in met.items() if f[2]]
        if not ahead:
            return None
        q = min(ahead)[2]
        games, won, lost = met[q]
        return {"player": q, "games": games, "lost": lost, "won": won}

    def _best_partner(self, p: str) -> dict[str, Any] | None:
        together = self.partners.get(p, {})
        qualified = [(q, f) for q, f in sorted(together.items()) if f[0] >= PARTNER_GAMES]
        if not qualified:
            return None
        q, (games, wins) = max(
            qualified, key=lambda item: (Fraction(item[1][1], item[1][0]), item[1][0])
        )
        return {"player": q, "games": games, "wins": wins, "win_rate": round(wins / games, 4)}

    def result(self, *, player: str | None = None) -> Stats:
        """The statistics of the games folded in, optionally for one player."""
        if not self.listed:
            raise ScoresheetError(_("stats: no games"))
        if self.refusal is not None:
            raise ScoresheetError(self.refusal)
        players = self.players
        violations = self.violations
        ledger = self.ledger.pairs()
        if player is not None:
            player = _one_player(player, sorted(players))
            players = {player: players[player]}
            violations = [
                (v, m) for v, m in violations if player in (v.get("doubler"), v.get("declarer"))
            ]
            ledger = tuple(pair for pair in ledger if player in pair.players)
        for name, figures in players.items():
            _finish(figures, list(self.kinds.values()))
            figures["rival"] = self._rival(name)
            figures["best_partner"] = self._best_partner(name)
        return Stats(
            games=tuple(self.listed),
            players=dict(sorted(players.items())),
            head_to_head=ledger,
            violations=tuple(v for v, _m in violations),
            shown_violations=tuple(m for _v, m in violations),
        )
