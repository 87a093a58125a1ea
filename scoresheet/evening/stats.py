"""Statistics over many games of any mix: per player, per game, and over time.

Every figure is read from the games' ``score --json`` objects (see
:mod:`scoresheet.evening.games`): nothing is scored a second time.

Stated choices:

- Games are taken in the order given (a folder's files in name order): that is the
  order of the running form. Name files by date to keep a season in order.
- Places and wins count complete games only (a game not finished has no winner yet);
  players tied on a place share it (1, 1, 3, 4) and a shared first place is a win for
  each. Barbu: the highest total is first; Rosbiratschka: the lowest; Belote and All
  Fours: the winning team's players are first, the others second.
- Points are averaged per kind of game (a Belote point is not a Barbu point);
  partnership games count the team's total for each partner. "Per deal" divides by the
  deals of the game the player sat in.
- Running form: after each complete game, the average over the player's complete games
  so far of (players − place) / (players − 1): 1 for always first, 0 for always last
  (for partnership games, 1 for a win and 0 for a loss).
- Doubles (Barbu): a double *won* is one whose side bet moved points to the doubler
  (``won_share``: the share of the player's doubles that won; a bet between equal
  scores moves nothing and is neither won nor lost);
  a redouble is counted for the player who redoubled; net side-bet points are what the
  player's bets moved, over all their games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.evening.games import PARTNERSHIP_GAMES, ScoredGame, from_data
from scoresheet.evening.settle import PairLedger, check_names, evening_ledger


@dataclass(frozen=True)
class Stats:
    """Statistics over games: ``players`` maps each name to its figures (plain data,
    as ``stats --json`` prints it)."""

    games: tuple[dict[str, Any], ...]
    players: dict[str, dict[str, Any]]
    head_to_head: tuple[PairLedger, ...]
    violations: tuple[dict[str, Any], ...]

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
        winner = g.score.get("winner")
        if winner is None:
            return None
        won = set(g.score["teams"][int(winner)])
        return {p: 1 if p in won else 2 for p in g.players}
    totals = g.totals
    sign = 1 if g.penalty else -1
    return {p: 1 + sum(1 for q in totals if sign * totals[q] < sign * totals[p]) for p in totals}


def form_result(g: ScoredGame | Mapping[str, Any], place: int) -> float:
    """One complete game's contribution to the running form: 1 first, 0 last."""
    if isinstance(g, ScoredGame):
        partnership, seats = g.partnership, len(g.players)
    else:
        partnership, seats = g["game"] in PARTNERSHIP_GAMES, len(g["players"])
    if partnership:
        return 1.0 if place == 1 else 0.0
    return (seats - place) / (seats - 1)


def _teams(g: ScoredGame) -> dict[str, int]:
    return {p: i for i, team in enumerate(g.score.get("teams", [])) for p in team}


def _new_player() -> dict[str, Any]:
    return {
        "games": 0,
        "complete_games": 0,
        "wins": 0,
        "places": {},
        "by_game": {},
        "form": [],
    }


def _spread(score: int, name: str, number: int, acc: dict[str, Any]) -> None:
    acc["deals"] += 1
    acc["points"] += score
    if acc["best"] is None or score > acc["best"]["score"]:
        acc["best"] = {"score": score, "file": name, "deal": number}
    if acc["worst"] is None or score < acc["worst"]["score"]:
        acc["worst"] = {"score": score, "file": name, "deal": number}


def _role() -> dict[str, Any]:
    return {"deals": 0, "points": 0, "average": None, "best": None, "worst": None}


def _barbu_figures() -> dict[str, Any]:
    return {
        "contracts": {},
        "doubles": {
            "made": 0,
            "received": 0,
            "won": 0,
            "lost": 0,
            "redoubles_made": 0,
            "redoubles_received": 0,
            "net": 0,
        },
        "violations": 0,
    }


def _barbu(g: ScoredGame, outs: Mapping[str, dict[str, Any]]) -> None:
    """One pass over a Barbu game's deals and bets for every player followed."""
    figures = {p: out.setdefault("barbu", _barbu_figures()) for p, out in outs.items()}
    declared: set[str] = set()
    for d in g.score["deals"]:
        declarer, contract, number = d["declarer"], d["contract"], d["number"]
        for p, score in d["score"].items():
            b = figures.get(p)
            if b is None:
                continue
            c = b["contracts"].get(contract)
            if c is None:
                c = b["contracts"][contract] = {
                    "declarer": _role(),
                    "defender": _role(),
                    "declared_first": 0,
                }
            if declarer == p:
                _spread(int(score), g.name, number, c["declarer"])
                if p not in declared:
                    c["declared_first"] += 1
                    declared.add(p)
            else:
                _spread(int(score), g.name, number, c["defender"])
    for deal in g.score["ledger"]["deals"]:
        for bet in deal["bets"]:
            doubler, doubled = bet["doubler"], bet["doubled"]
            moved = int(bet["moved"][doubler])
            redoubled = bet["multiplier"] == 2
            if doubler in figures:
                made = figures[doubler]["doubles"]
                made["made"] += 1
                made["won"] += moved > 0
                made["lost"] += moved < 0
                made["redoubles_received"] += redoubled
                made["net"] += moved
            if doubled in figures:
                got = figures[doubled]["doubles"]
                got["received"] += 1
                got["redoubles_made"] += redoubled
                got["net"] -= moved
    for v in g.score["violations"]:
        if v.get("doubler") in figures:
            figures[v["doubler"]]["violations"] += 1


def _belote(g: ScoredGame, p: str, out: dict[str, Any]) -> None:
    b = out.setdefault("belote", {"taken": {}, "made": {}, "litiges": 0, "capots": 0, "belotes": 0})
    team = _teams(g)[p]
    for d in g.score["deals"]:
        if d["taker"] == p:
            b["taken"][d["contract"]] = b["taken"].get(d["contract"], 0) + 1
            if d["outcome"] == "made":
                b["made"][d["contract"]] = b["made"].get(d["contract"], 0) + 1
            b["litiges"] += d["outcome"] == "litige"
        b["capots"] += d.get("capot") == team
        b["belotes"] += d.get("belote") == team


def _all_fours(g: ScoredGame, p: str, out: dict[str, Any]) -> None:
    a = out.setdefault(
        "caribbean_all_fours", {"hang_jacks": 0, "kicks": 0, "kick_points": 0, "games_won": 0}
    )
    team = _teams(g)[p]
    for d in g.score["deals"]:
        for point in d["points"]:
            if point["team"] != team or not point["counted"]:
                continue
            if point["kind"] == "hang-jack":
                a["hang_jacks"] += 1
            elif point["kind"] == "kick":
                a["kicks"] += 1
                a["kick_points"] += int(point["points"])
    a["games_won"] += g.score.get("winner") == team


def _rosbiratschka(g: ScoredGame, p: str, out: dict[str, Any]) -> None:
    r = out.setdefault("rosbiratschka", {"penalties": {}})
    for d in g.score["deals"]:
        c = r["penalties"].setdefault(d["contract"], {"deals": 0, "points": 0, "average": None})
        c["deals"] += 1
        c["points"] += int(d["score"][p])


def _average(points: int, count: int) -> float | None:
    return round(points / count, 2) if count else None


def _finish(player: dict[str, Any]) -> None:
    for figures in player["by_game"].values():
        figures["average_per_game"] = _average(figures["points"], figures["games"])
        figures["average_per_deal"] = _average(figures["points"], figures["deals"])
    if "barbu" in player:
        doubles = player["barbu"]["doubles"]
        made = doubles["made"]
        doubles["won_share"] = round(doubles["won"] / made, 4) if made else None
    for c in player.get("barbu", {}).get("contracts", {}).values():
        for role in ("declarer", "defender"):
            c[role]["average"] = _average(c[role]["points"], c[role]["deals"])
    for c in player.get("rosbiratschka", {}).get("penalties", {}).values():
        c["average"] = _average(c["points"], c["deals"])
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
    scored = [
        g if isinstance(g, ScoredGame) else from_data(g, f"game {i}")
        for i, g in enumerate(games, 1)
    ]
    if not scored:
        raise ScoresheetError("stats: no games")
    check_names(scored)
    names = {p for g in scored for p in g.players}
    if player is not None and player not in names:
        raise ScoresheetError(f'--player: "{player}" played none of these games')
    players: dict[str, dict[str, Any]] = {}
    listed = []
    violations: list[dict[str, Any]] = []
    running: dict[str, float] = {}
    for index, g in enumerate(scored, 1):
        place = places(g)
        listed.append(
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
        violations.extend(
            {"file": g.name, **v}
            for v in g.score["violations"]
            if player is None or player in (v.get("doubler"), v.get("declarer"))
        )
        for p in g.players:
            if player is not None and p != player:
                continue
            out = players.setdefault(p, _new_player())
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
                running[p] = running.get(p, 0.0) + result
                total = running[p]
                done.append(
                    {
                        "game": index,
                        "file": g.name,
                        "place": place[p],
                        "result": round(result, 4),
                        "form": round(total / (len(done) + 1), 4),
                    }
                )
            if g.game == "belote":
                _belote(g, p, out)
            elif g.game == "caribbean-all-fours":
                _all_fours(g, p, out)
            elif g.game == "rosbiratschka":
                _rosbiratschka(g, p, out)
        if g.game == "barbu":
            _barbu(g, {p: players[p] for p in g.players if p in players})
    for figures in players.values():
        _finish(figures)
    ledger = evening_ledger(scored)
    if player is not None:
        ledger = tuple(pair for pair in ledger if player in pair.players)
    return Stats(
        games=tuple(listed),
        players=dict(sorted(players.items())),
        head_to_head=ledger,
        violations=tuple(violations),
    )
