"""A club night's standings, from its tables' game files (scored by each game's own scoring).

Individual games (Barbu, Rosbiratschka): at each table a player scores one point for every
player they finished ahead of and half a point for each tie (in a penalty game such as
Rosbiratschka, ahead means fewer points), as a percentage of the most they could score
(the table's players but one). The night ranks by the average of these percentages over
the tables a player sat at, ties broken by the total of their scores (fewer first in a
penalty game), then shared: standard competition ranking (1, 2, 2, 4). ``totals`` ranks
by the total alone (ties by the percentage, then shared).

Partnership games rank pairs by games won, then by points difference (their points less
their opponents', over every table), then shared; ``totals`` by their points.

Every drawn round up to the current one counts; a table with no deal yet counts for
nothing, a table not finished counts the deals played and is marked (``unfinished``). A
bye counts for nothing (it is left out of the average).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from scoresheet import registry
from scoresheet.night.folder import current_round, units_of


@dataclass
class Line:
    """One player's (or pair's) night so far."""

    unit: tuple[str, ...]
    points: Fraction = Fraction(0)  # the sum of the tables' percentages
    total: int = 0
    tables: int = 0
    unfinished: int = 0
    won: int = 0
    difference: int = 0
    place: int = 0
    order: int = 0  # the roster's order, to list equal places the same way every time

    @property
    def percent(self) -> Fraction | None:
        return self.points / self.tables if self.tables else None


def shown_percent(value: Fraction | None) -> str | None:
    """A percentage as shown and in JSON: two decimals, halves rounded up.

    >>> shown_percent(Fraction(200, 3)), shown_percent(Fraction(125, 2)), shown_percent(None)
    ('66.67', '62.50', None)
    """
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def table_percent(totals: dict[str, int], penalty: bool) -> dict[str, Fraction]:
    """Each player's percentage at one table.

    >>> table_percent({"Ann": 10, "Bob": 10, "Cat": -20}, False) == {
    ...     "Ann": 75, "Bob": 75, "Cat": 0}
    True
    """
    out: dict[str, Fraction] = {}
    most = len(totals) - 1
    for p, mine in totals.items():
        score = Fraction(0)
        for q, theirs in totals.items():
            if q == p:
                continue
            if mine == theirs:
                score += Fraction(1, 2)
            elif (mine < theirs) == penalty:
                score += 1
        out[p] = score * 100 / most if most else Fraction(0)
    return out


def _rank(lines: list[Line], key: Any) -> list[Line]:
    ordered = sorted(lines, key=lambda line: (key(line), line.order))
    for i, line in enumerate(ordered):
        if i and key(line) == key(ordered[i - 1]):
            line.place = ordered[i - 1].place
        else:
            line.place = i + 1
    return ordered


def compute(folder: Path, night: dict[str, Any]) -> tuple[int, list[Line]]:
    """The round the standings are after, and the lines in order of place."""
    from scoresheet.session import open_game

    game = registry.game(night["game"])
    units = units_of(night)
    lines = {unit: Line(unit, order=i) for i, unit in enumerate(units)}
    of = {name: unit for unit in units for name in unit}
    after = current_round(night)
    for one in night["draws"][:after]:
        for table in one["tables"]:
            result = open_game(folder / table["game"]).result
            if not result.deals:
                continue
            totals = dict(result.totals)
            if game.teams:
                _pairs(result, lines, of)
                continue
            percents = table_percent(totals, game.penalty)
            for name, value in percents.items():
                line = lines[of[name]]
                line.points += value
                line.total += totals[name]
                line.tables += 1
                line.unfinished += not result.complete
    ranking = night["ranking"]
    sign = 1 if game.penalty else -1
    everyone = list(lines.values())
    if game.teams:
        if ranking == "totals":
            return after, _rank(everyone, lambda x: (x.tables == 0, -x.total))
        return after, _rank(everyone, lambda x: (x.tables == 0, -x.won, -x.difference))
    if ranking == "totals":
        return after, _rank(everyone, lambda x: (x.tables == 0, sign * x.total, -(x.percent or 0)))
    return after, _rank(everyone, lambda x: (x.tables == 0, -(x.percent or 0), sign * x.total))


def _pairs(result: Any, lines: dict[tuple[str, ...], Line], of: dict[str, tuple[str, ...]]) -> None:
    teams = result.teams
    scores = result.team_totals
    for side in (0, 1):
        line = lines[of[teams[side][0]]]
        line.total += scores[side]
        line.difference += scores[side] - scores[1 - side]
        line.won += result.winner == side
        line.tables += 1
        line.unfinished += not result.complete


def ranked_units(folder: Path, night: dict[str, Any]) -> list[tuple[str, ...]]:
    """The units best first (for a draw by rank)."""
    return [line.unit for line in compute(folder, night)[1]]


def to_json(after: int, lines: list[Line], teams: bool) -> dict[str, Any]:
    """``night standings --json``."""
    out: list[dict[str, Any]] = []
    for line in lines:
        if teams:
            entry: dict[str, Any] = {
                "place": line.place,
                "players": list(line.unit),
                "won": line.won,
                "difference": line.difference,
                "total": line.total,
            }
        else:
            entry = {
                "place": line.place,
                "player": line.unit[0],
                "percent": shown_percent(line.percent),
                "total": line.total,
            }
        entry["tables"] = line.tables
        entry["unfinished"] = line.unfinished
        out.append(entry)
    return {"after_round": after, "standings": out}
