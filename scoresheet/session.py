"""A game at the table: open, add a deal, undo, correct — and save without losing a deal.

Every change is made to the record read from disk, re-scored from the first deal with
the one scoring function, and saved only if the file still holds what was read
(:func:`scoresheet.store.write_if_unchanged`). Nothing here prints or prompts.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, cast

from typing_extensions import TypeVar

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.limits import MAX_HISTORY
from scoresheet.results import GameResult
from scoresheet.store import Snapshot, create_new, read_snapshot, write_if_unchanged

if TYPE_CHECKING:
    from scoresheet.models import GameFile

R = TypeVar("R", covariant=True, default=GameResult)


@dataclass(frozen=True)
class OpenGame(Generic[R]):
    """A game file as read: its bytes (to detect a concurrent writer), record and scores.

    ``result`` is the game's own score result: the commands see it as what every game's
    result has (:class:`scoresheet.results.GameResult`); the game's own modules, which
    are handed only games of their kind, as theirs (``OpenGame[GameScore]``).
    """

    path: Path
    snapshot: Snapshot
    record: GameFile
    result: R


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def score(record: GameFile) -> GameResult:
    """Score a validated game file with its game's one scoring function."""
    game = record.get("game", registry.DEFAULT_GAME)
    return registry.part(game, "score").score_game(record)


def open_game(path: Path) -> OpenGame:
    """Read, validate and score a game file."""
    snapshot = read_snapshot(path)
    record = rec.loads(snapshot.text, source=path.name)
    return OpenGame(path, snapshot, record, score(record))


def rescore(data: dict[str, Any], source: str) -> tuple[GameFile, GameResult]:
    """Validate changed game data and score it from the first deal."""
    record = rec.from_data(data, source=source)
    return record, score(record)


def _text(record: GameFile, source: str) -> str:
    """The text of ``record`` as saved, refused (nothing saved) if no file could hold it: a
    lone surrogate."""
    text = rec.dumps(record)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        rec.check_text(rec.to_data(record), source)
        raise  # pragma: no cover - an unencodable text holds a surrogate, found above
    return text


def save(game: OpenGame, record: GameFile) -> None:
    """Save ``record`` over the file, refusing if another command wrote it since it was read."""
    write_if_unchanged(game.snapshot, _text(record, game.path.name))


def new_game(
    path: Path,
    players: Sequence[str],
    *,
    rules: str | dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    first: str | None = None,
    force: bool = False,
    game: str = registry.DEFAULT_GAME,
    teams: Sequence[Sequence[str]] | None = None,
) -> Any:
    """Create a game file; ``first`` names the first declarer or dealer (the seating order is
    kept); ``teams`` the partnerships of a partnership game (default: opposite seats)."""
    seats = list(players)
    if teams and not registry.game(game).teams:
        raise ScoresheetError(
            f"--team: {registry.game(game).title} is not played in partnerships; leave out --team"
        )
    if first is not None:
        if first not in seats:
            raise ScoresheetError(f'--first: "{first}" is not one of the players')
        i = seats.index(first)
        seats = seats[i:] + seats[:i]
    data: dict[str, Any] = {
        "format": rec.FORMAT,
        "version": rec.VERSION,
        "game": game,
        "rules": registry.game(game).preset if rules is None else rules,
        "players": seats,
        "deals": [],
        "created": now(),
    }
    if options:
        data["options"] = options
    if teams:
        data["teams"] = [list(team) for team in teams]
    record, result = rescore(data, path.name)
    create_new(path, _text(record, path.name), force=force)
    return result


def _data(game: OpenGame) -> dict[str, Any]:
    return copy.deepcopy(rec.to_data(game.record))


def add_deal(game: OpenGame, deal: dict[str, Any], *, source: str | None = None) -> tuple[Any, Any]:
    """Add the next deal and save; returns the new scores and the deal as scored.

    ``source`` names where the deal came from (``--deal``) in a message about its fields;
    by default the game file's name."""
    if game.result.complete:
        n = len(game.result.deals)
        played = f"{n} deal{'' if n == 1 else 's'} played"
        raise ScoresheetError(f"deal {n + 1}: the game is already complete ({played})")
    data = _data(game)
    data["deals"].append(deal)
    record, result = rescore(data, source or game.path.name)
    save(game, record)
    return result, result.deals[-1]


def _history(data: dict[str, Any], entry: dict[str, Any]) -> None:
    history = data.get("history") or []
    if len(history) >= MAX_HISTORY:  # one more could not be read back: refuse, save nothing
        raise ScoresheetError(
            f"the game's history already holds {MAX_HISTORY:,} corrections and undos, as "
            "many as a game file keeps; nothing was saved"
        )
    history.append({"at": now(), **entry})
    data["history"] = history


def undo_last(game: OpenGame) -> tuple[Any, dict[str, Any]]:
    """Remove the last deal and save, keeping it in the file's history."""
    data = _data(game)
    if not data["deals"]:
        raise ScoresheetError(f"{game.path.name}: there is no deal to undo")
    number = len(data["deals"])
    removed = data["deals"].pop()
    _history(data, {"action": "undo", "deal": number, "before": removed})
    record, result = rescore(data, game.path.name)
    save(game, record)
    return result, removed


def edit_deal(
    game: OpenGame, number: int, deal: dict[str, Any], *, source: str | None = None
) -> Any:
    """Replace deal ``number`` and save, after checking every later deal against it
    (``source`` as for :func:`add_deal`)."""
    data = _data(game)
    count = len(data["deals"])
    if not 1 <= number <= count:
        raise ScoresheetError(
            f"deal {number}: no such deal (the game has {count} deal{'s' * (count != 1)})"
        )
    before = data["deals"][number - 1]
    data["deals"][number - 1] = deal
    try:
        record, result = rescore(data, source or game.path.name)
    except ScoresheetError as exc:
        raise ScoresheetError(f"editing deal {number} is refused: {exc}") from None
    after = rec.to_data(record)["deals"][number - 1]
    if after == before:
        raise ScoresheetError(f"deal {number}: the correction changes nothing")
    _history(
        cast("dict[str, Any]", record),
        {"action": "edit", "deal": number, "before": before, "after": after},
    )
    save(game, record)
    return result
