"""Games as the evening and season views read them: each one scored once, by its game.

A :class:`ScoredGame` keeps a game's ``score --json`` object — the public contract of
every game's scoring — and a few facts about its rules. Settling up and statistics are
computed from these objects only, so no figure can differ from ``scoresheet score``.

Reading files is kept here (:func:`load_game`, :func:`find_games`); the rest of the
package takes values and returns values.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoresheet import record, registry, store
from scoresheet.errors import ScoresheetError
from scoresheet.evening.shape import Score, shaped
from scoresheet.i18n import _, ngettext

#: A game file is a few kilobytes; anything far larger is refused before it is parsed
#: (the store's one limit, as for every command).
MAX_FILE_BYTES = store.MAX_GAME_BYTES


@dataclass(frozen=True)
class ScoredGame:
    """One game, scored: where it came from and its ``score --json`` object."""

    name: str
    game: str
    rules: str
    players: tuple[str, ...]
    score: Score
    zero_sum: bool
    deals_per_game: int | None = None
    # The violations' messages in the language in force, in the order of the score's
    # (which keeps them in English); empty when they are the score's own.
    shown_violations: tuple[str, ...] = ()

    def violation_messages(self) -> list[str]:
        """Each violation's message as the terminal shows it."""
        own = [v["message"] for v in self.score["violations"]]
        shown = list(self.shown_violations)
        return shown if len(shown) == len(own) else own

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
    shown = getattr(scorer, "shown_violations", None)
    messages = tuple(v.message for v in shown(result)) if shown is not None else ()
    rules = result.rules
    kind = registry.game(game)
    individual = not (kind.teams or kind.penalty)
    zero_sum = individual and bool(getattr(rules, "zero_sum", False))
    return ScoredGame(
        name=name,
        game=game,
        rules=str(getattr(rules, "name", record.get("rules"))),
        players=tuple(data["players"]),
        score=shaped(data),
        zero_sum=zero_sum,
        deals_per_game=getattr(rules, "deals_per_game", None),
        shown_violations=messages,
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


def scored_games(games: Sequence[ScoredGame | Mapping[str, Any]]) -> list[ScoredGame]:
    """``games`` as scored games: data (what a game file holds) is validated and scored,
    named ``game 1``, ``game 2``… by its place. The same game given twice is refused, as
    a file found twice is counted once: it would count twice.

    >>> g = from_data({"format": "scoresheet-game", "version": 1, "game": "barbu",
    ...     "rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []})
    >>> scored_games([g, g])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: game 2: the same game as game 1, given twice; refused
    """
    out: list[ScoredGame] = []
    seen: dict[int, int] = {}
    for i, g in enumerate(games, 1):
        first = seen.setdefault(id(g), i)
        if first != i:
            raise ScoresheetError(
                _("game {i}: the same game as game {first}, given twice; refused").format(
                    i=i, first=first
                )
            )
        out.append(g if isinstance(g, ScoredGame) else from_data(g, _("game {i}").format(i=i)))
    return out


def _named(name: str, message: str) -> str:
    return message if message.startswith(f"{name}:") else f"{name}: {message}"


def load_game(path: Path, name: str | None = None) -> ScoredGame:
    """Read, validate and score one game file; any problem is one ScoresheetError naming it.

    The file is read as every command reads a game (:func:`scoresheet.store.read_snapshot`):
    only a regular file of at most :data:`MAX_FILE_BYTES`, so a folder, a device or a pipe
    is refused at once, never waited on nor read without end.
    """
    label = name or str(path)
    try:
        snapshot = store.read_snapshot(path)
        rec = record.loads(snapshot.text, source=label)
    except ScoresheetError as exc:
        message = str(exc)
        if label != str(path) and message.startswith(f"{path}:"):
            message = message[len(f"{path}:") :].lstrip()
        raise ScoresheetError(_named(label, message)) from None
    return score_record(rec, label)


def _real_name(path: Path) -> str:
    """The path with symbolic links followed, or as given if it cannot be resolved."""
    try:
        return str(path.resolve())
    except (OSError, ValueError, RuntimeError):
        return str(path)


def _identity(path: Path) -> tuple[object, ...]:
    """What makes two names one file: device and inode (hard links), else the real path."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # not there (reading it will say so), or no possible name
        return ("path", _real_name(path))
    return ("inode", info.st_dev, info.st_ino)


class UnreadableFolder(ScoresheetError):
    """A folder under one named that cannot be read, or vanished while games were found."""


def find_games(
    paths: Iterable[Path],
    *,
    twice: str = "once",
    unreadable: list[tuple[str, str]] | None = None,
) -> list[Path]:
    """The game files named, a folder standing for every ``*.json`` file under it (by name).

    A file named twice (or found twice through folders), by the same name, a symbolic link
    or a hard link (the same device and inode), is read once, or refused when
    ``twice="refuse"`` (an evening's file named twice: one game or two?).

    A folder under one named that cannot be read, or vanishes while the files are being
    found, is refused, naming it (:class:`UnreadableFolder`); given ``unreadable``, it is
    left out and added there instead, as (folder, message), the folder's name ending in
    a separator (``/proc/123/``) as a folder's does in a listing.
    """
    out: list[Path] = []
    seen: dict[tuple[object, ...], Path] = {}
    for path in paths:
        if path.is_dir():
            left_out = len(unreadable or ())
            found = _games_under(path, unreadable)
            if not found:
                left_out = len(unreadable or ()) - left_out
                if left_out:
                    message = ngettext(
                        "{path}: no game files (*.json) in this folder, {n} folder unread",
                        "{path}: no game files (*.json) in this folder, {n} folders unread",
                        left_out,
                    )
                else:
                    message = _("{path}: no game files (*.json) in this folder")
                raise ScoresheetError(message.format(path=path, n=left_out))
        else:
            found = [path]
        for p in found:
            key = _identity(p)
            first = seen.get(key)
            if first is not None and twice == "refuse":
                if _real_name(first) == _real_name(p):
                    message = _(
                        "{path}: named twice; each game file counts once "
                        "(to count a game twice, copy it)"
                    )
                else:
                    message = _(
                        "{path}: the same file as {first} (a hard link to it); each game file "
                        "counts once (to count a game twice, copy it)"
                    )
                raise ScoresheetError(message.format(path=p, first=first))
            if first is None:
                seen[key] = p
                out.append(p)
    return out


def _games_under(folder: Path, unreadable: list[tuple[str, str]] | None) -> list[Path]:
    """Every ``*.json`` file under ``folder`` and its subfolders (symbolic links to folders
    are not followed, so no loop), in name order. A folder that cannot be listed is refused
    or, given ``unreadable``, added there."""
    found: list[Path] = []
    stack = [folder]
    while stack:
        here = stack.pop()
        try:
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError as exc:
            message = _("{path}: cannot read this folder ({reason})").format(
                path=here, reason=exc.strerror or type(exc).__name__
            )
            if unreadable is None:
                raise UnreadableFolder(message) from None
            unreadable.append((os.path.join(here, ""), message))  # a folder: ends in /
            continue
        for entry in entries:
            if _is_folder(entry):
                stack.append(here / entry.name)
            elif fnmatch.fnmatchcase(entry.name, "*.json") and _is_file(entry):
                found.append(here / entry.name)
    return sorted(found)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:  # gone since it was listed
        return False


def _is_file(entry: os.DirEntry[str]) -> bool:
    """A regular file, or a link to one; one that cannot be looked at is kept, so that
    reading it says why."""
    try:
        return entry.is_file()
    except OSError:
        return True
