"""Games as the evening and season views read them: each one scored once, by its game.

A :class:`ScoredGame` keeps a game's ``score --json`` object — the public contract of
every game's scoring — and a few facts about its rules. Settling up and statistics are
computed from these objects only, so no figure can differ from ``scoresheet score``.

Reading files is kept here (:func:`load_game`, :func:`find_games`); the rest of the
package takes values and returns values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoresheet import record, registry
from scoresheet.errors import ScoresheetError

#: A game file is a few kilobytes; anything far larger is refused before it is parsed.
MAX_FILE_BYTES = 5_000_000


@dataclass(frozen=True)
class ScoredGame:
    """One game, scored: where it came from and its ``score --json`` object."""

    name: str
    game: str
    rules: str
    players: tuple[str, ...]
    score: Mapping[str, Any]
    zero_sum: bool
    deals_per_game: int | None = None

    @property
    def complete(self) -> bool:
        return bool(self.score["complete"])

    @property
    def partnership(self) -> bool:
        """Played by two partnerships: the totals are the team's, one team wins."""
        return registry.game(self.game).teams

    @property
    def penalty(self) -> bool:
        """Scored in penalty points: the lowest total wins."""
        return registry.game(self.game).penalty

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.score["totals"])


def score_record(record: Mapping[str, Any], name: str) -> ScoredGame:
    """Score a validated game record with its game's one scoring function."""
    game = str(record.get("game", registry.DEFAULT_GAME))
    scorer = registry.part(game, "score")
    try:
        result = scorer.score_game(record)
    except ScoresheetError as exc:
        raise ScoresheetError(_named(name, str(exc))) from None
    data = scorer.to_json(result)
    rules = result.rules
    kind = registry.game(game)
    individual = not (kind.teams or kind.penalty)
    zero_sum = individual and bool(getattr(rules, "zero_sum", False))
    return ScoredGame(
        name=name,
        game=game,
        rules=str(getattr(rules, "name", record.get("rules"))),
        players=tuple(data["players"]),
        score=data,
        zero_sum=zero_sum,
        deals_per_game=getattr(rules, "deals_per_game", None),
    )


def from_data(data: Mapping[str, Any], name: str = "game") -> ScoredGame:
    """Validate and score a game given as data (what a game file holds).

    >>> from scoresheet.evening.games import from_data
    >>> g = from_data({"format": "scoresheet-game", "version": 1, "game": "barbu",
    ...     "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []})
    >>> g.game, g.complete, g.totals["Ann"]
    ('barbu', False, 0)
    """
    try:
        rec = record.from_data(dict(data), source=name)
    except ScoresheetError as exc:
        raise ScoresheetError(_named(name, str(exc))) from None
    return score_record(rec, name)


def _named(name: str, message: str) -> str:
    return message if message.startswith(f"{name}:") else f"{name}: {message}"


def load_game(path: Path, name: str | None = None) -> ScoredGame:
    """Read, validate and score one game file; any problem is one ScoresheetError naming it."""
    label = name or str(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise ScoresheetError(f"{label}: is a folder, not a game file")
        if size > MAX_FILE_BYTES:
            raise ScoresheetError(
                f"{label}: {size:,} bytes is too large for a game file (at most {MAX_FILE_BYTES:,})"
            )
        data = path.read_bytes()
    except FileNotFoundError:
        raise ScoresheetError(f"{label}: no such file") from None
    except OSError as exc:
        raise ScoresheetError(f"{label}: cannot read ({exc.strerror})") from None
    try:
        rec = record.loads(data, source=label)
    except ScoresheetError as exc:
        raise ScoresheetError(_named(label, str(exc))) from None
    return score_record(rec, label)


def find_games(paths: Iterable[Path], *, twice: str = "once") -> list[Path]:
    """The game files named, a folder standing for every ``*.json`` file under it (by name).

    A file named twice (or found twice through folders) is read once, or refused when
    ``twice="refuse"`` (an evening's file named twice: one game or two?).
    """
    out: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.json") if p.is_file())
            if not found:
                raise ScoresheetError(f"{path}: no game files (*.json) in this folder")
        else:
            found = [path]
        for p in found:
            key = p.resolve()
            if key in seen and twice == "refuse":
                raise ScoresheetError(
                    f"{p}: named twice; each game file counts once (to count a game twice, copy it)"
                )
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out
