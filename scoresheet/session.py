"""A game at the table: open, add a deal, undo, correct — and save without losing a deal.

Every change is made to the record read from disk, re-scored from the first deal with
the one scoring function, and saved only if the file still holds what was read
(:func:`scoresheet.store.write_if_unchanged`). Nothing here prints or prompts.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, cast

from typing_extensions import TypeVar

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.fileinfo import sizes
from scoresheet.i18n import _, ngettext, pgettext
from scoresheet.limits import MAX_GAME_BYTES, MAX_HISTORY, MAX_VALUES
from scoresheet.names import quote
from scoresheet.results import DealResult, GameResult
from scoresheet.store import (
    Snapshot,
    check_output,
    create_new,
    read_snapshot,
    write_if_unchanged,
    write_new_file,
)

if TYPE_CHECKING:
    from scoresheet.models import GameFile

R = TypeVar("R", covariant=True, default=GameResult)

# The ids of the last saves the phones sent (``serve``), kept in the game file's ``saves``
# ([{"id": ..., "deal": N}], oldest first) so that a save sent twice — its answer lost
# on the way, or sent again after a restart — is recognised and saved once.
SAVES_KEPT = 200


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
    lone surrogate, or more than a game file may hold — saying, where trimming the
    history would make room, how much of it to trim."""
    text = rec.dumps(record)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        rec.check_text(rec.to_data(record), source)
        raise  # pragma: no cover - an unencodable text holds a surrogate, found above
    if size > MAX_GAME_BYTES:
        shown, most = sizes(size, MAX_GAME_BYTES)
        room = _room(record, size - MAX_GAME_BYTES)
        if room is None:
            raise ScoresheetError(
                _(
                    "{source}: the game would take {size}, more than a game file may hold (at "
                    "most {most}); nothing was saved"
                ).format(source=source, size=shown, most=most)
            )
        keep, entries = room
        raise ScoresheetError(
            _(
                "{source}: the game would take {size}, more than a game file may hold (at most "
                "{most}); nothing was saved (make room: scoresheet history {source} --trim "
                "{keep} keeps the newest {keep} of its {entries} history entries)"
            ).format(source=source, size=shown, most=most, keep=keep, entries=entries)
        )
    if rec.too_many_values(text):  # saved, it could not be read back
        raise ScoresheetError(
            _(
                "{source}: the game would hold more than {most} values (objects, lists, texts, "
                "numbers), more than a game file may; nothing was saved"
            ).format(source=source, most=f"{MAX_VALUES:,}")
        )
    return text


def _room(record: GameFile, over: int) -> tuple[int, int] | None:
    """How to make ``over`` bytes of room by trimming the history (with an eighth of a
    game file to spare where the history holds as much): the entries to keep, of how
    many; or ``None`` if it cannot."""
    history = record.get("history") or []
    lines = [len(json.dumps(e, ensure_ascii=False).encode("utf-8")) + 6 for e in history]
    for want in (over + MAX_GAME_BYTES // 8, over):
        freed = 0
        for dropped, taken in enumerate(lines, start=1):
            freed += taken
            if freed >= want:
                return len(history) - dropped, len(history)
    return None


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
) -> GameResult:
    """Create a game file; ``first`` names the first declarer or dealer (the seating order is
    kept); ``teams`` the partnerships of a partnership game (default: opposite seats)."""
    seats = list(players)
    if teams and not registry.game(game).teams:
        raise ScoresheetError(
            _("--team: {game} is not played in partnerships; leave out --team").format(
                game=registry.shown_title(game)
            )
        )
    if first is not None:
        if first not in seats:
            raise ScoresheetError(
                _('--first: "{first}" is not one of the players').format(first=first)
            )
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


def saved_by(record: GameFile, save_id: str) -> int | None:
    """The deal a save of id ``save_id`` saved (or corrected), if it is among the
    :data:`SAVES_KEPT` last ones the file remembers."""
    kept = cast("dict[str, Any]", record).get("saves")
    for entry in reversed(kept if isinstance(kept, list) else []):
        if isinstance(entry, dict) and entry.get("id") == save_id:
            deal = entry.get("deal")
            return deal if isinstance(deal, int) and not isinstance(deal, bool) else None
    return None


def _remember(data: dict[str, Any], save_id: str | None, number: int) -> None:
    """Keep ``save_id`` (saving deal ``number``) among the last :data:`SAVES_KEPT` ids."""
    if save_id is None:
        return
    kept = data.get("saves")
    kept = [e for e in kept if isinstance(e, dict)] if isinstance(kept, list) else []
    data["saves"] = [*kept, {"id": save_id, "deal": number}][-SAVES_KEPT:]


def add_deal(
    game: OpenGame,
    deal: dict[str, Any],
    *,
    source: str | None = None,
    save_id: str | None = None,
) -> tuple[GameResult, DealResult]:
    """Add the next deal and save; returns the new scores and the deal as scored.

    ``source`` names where the deal came from (``--deal``) in a message about its fields;
    by default the game file's name. ``save_id``: the id of the phone's save, remembered
    in the same write (:func:`saved_by`)."""
    if game.result.complete:
        n = len(game.result.deals)
        raise ScoresheetError(
            ngettext(
                "deal {number}: the game is already complete ({n} deal played)",
                "deal {number}: the game is already complete ({n} deals played)",
                n,
            ).format(number=n + 1, n=n)
        )
    data = _data(game)
    data["deals"].append(deal)
    data["added"] = {**(data.get("added") or {}), str(len(data["deals"])): now()}
    _remember(data, save_id, len(data["deals"]))
    record, result = rescore(data, source or game.path.name)
    save(game, record)
    return result, result.deals[-1]


def _history(data: dict[str, Any], entry: dict[str, Any], source: str) -> None:
    history = data.get("history") or []
    if len(history) >= MAX_HISTORY:  # one more could not be read back: refuse, save nothing
        keep = MAX_HISTORY // 2
        raise ScoresheetError(
            _(
                "the game's history already holds {most} corrections and undos, as many as a "
                "game file keeps; nothing was saved (make room: scoresheet history {source} "
                "--trim {keep} keeps the newest {keep})"
            ).format(most=f"{len(history):,}", source=source, keep=keep)
        )
    history.append({"at": now(), **entry})
    data["history"] = history


def undo_last(game: OpenGame) -> tuple[GameResult, dict[str, Any]]:
    """Remove the last deal and save, keeping it in the file's history."""
    data = _data(game)
    if not data["deals"]:
        raise ScoresheetError(_("{source}: there is no deal to undo").format(source=game.path.name))
    number = len(data["deals"])
    removed = data["deals"].pop()
    added = data.get("added") or {}
    entry: dict[str, Any] = {"action": "undo", "deal": number, "before": removed}
    if str(number) in added:  # the history keeps when the removed deal was added
        entry["added"] = added.pop(str(number))
    if added:
        data["added"] = added
    else:
        data.pop("added", None)
    _history(data, entry, game.path.name)
    record, result = rescore(data, game.path.name)
    save(game, record)
    return result, removed


def _no_such_deal(number: int, count: int) -> ScoresheetError:
    return ScoresheetError(
        ngettext(
            "deal {number}: no such deal (the game has {n} deal)",
            "deal {number}: no such deal (the game has {n} deals)",
            count,
        ).format(number=number, n=count)
    )


def past_deal(game: OpenGame, number: int) -> dict[str, Any]:
    """Deal ``number`` as the file holds it (a copy), or a refusal naming the deals there are."""
    deals = rec.to_data(game.record)["deals"]
    if not 1 <= number <= len(deals):
        raise _no_such_deal(number, len(deals))
    return cast("dict[str, Any]", copy.deepcopy(deals[number - 1]))


def edit_deal(
    game: OpenGame,
    number: int,
    deal: dict[str, Any],
    *,
    source: str | None = None,
    save_id: str | None = None,
) -> GameResult:
    """Replace deal ``number`` and save, after checking every later deal against it
    (``source`` and ``save_id`` as for :func:`add_deal`)."""
    return correct_deal(game, number, deal, source=source, save_id=save_id)[0]


def correct_deal(
    game: OpenGame,
    number: int,
    deal: dict[str, Any],
    *,
    source: str | None = None,
    save_id: str | None = None,
) -> tuple[GameResult, list[str]]:
    """:func:`edit_deal`, and what changed: one line per field changed, before and after
    (:func:`deal_changes`)."""
    data = _data(game)
    count = len(data["deals"])
    if not 1 <= number <= count:
        raise _no_such_deal(number, count)
    before = data["deals"][number - 1]
    data["deals"][number - 1] = deal
    try:
        record, result = rescore(data, source or game.path.name)
    except ScoresheetError as exc:
        raise ScoresheetError(
            _("editing deal {number} is refused: {reason}").format(number=number, reason=exc)
        ) from None
    after = rec.to_data(record)["deals"][number - 1]
    if after == before:
        raise ScoresheetError(
            _("deal {number}: the correction changes nothing").format(number=number)
        )
    _history(
        cast("dict[str, Any]", record),
        {"action": "edit", "deal": number, "before": before, "after": after},
        game.path.name,
    )
    _remember(cast("dict[str, Any]", record), save_id, number)
    save(game, record)
    return result, deal_changes(before, after)


def merged_deal(
    before: Mapping[str, Any], made: Mapping[str, Any], *, new_contract: bool = False
) -> dict[str, Any]:
    """A deal corrected by some of its fields (``made``: a deal of only the fields given):
    ``before`` with each of ``made``'s keys, its ``result`` merged key by key. A new
    contract asks for its result anew: then the result is ``made``'s alone.

    >>> merged_deal({"taker": "Ann", "result": {"points": [80, 82], "belote": 0}},
    ...             {"result": {"belote": 1}})
    {'taker': 'Ann', 'result': {'points': [80, 82], 'belote': 1}}
    """
    out = {**before, **{k: v for k, v in made.items() if k != "result"}}
    res = made.get("result")
    if new_contract:
        out["result"] = dict(res) if isinstance(res, Mapping) else {}
    elif isinstance(res, Mapping) and res:
        old = before.get("result")
        out["result"] = {**(old if isinstance(old, Mapping) else {}), **res}
    return out


def edited_by_sets(
    entry: Any,
    result: GameResult,
    number: int,
    before: Mapping[str, Any],
    contract: str | None,
    flags: Mapping[str, Any],
) -> dict[str, Any]:
    """Deal ``number`` (``before``) corrected by the ``--set`` keys given, for a game whose
    ``entry`` reads its deals from ``--set KEY=VALUE``: the deal its ``deal_from_flags``
    makes of them (the deal's own top-level fields, the taker or the bid, said again
    where not given), merged into ``before`` key by key (:func:`merged_deal`)."""
    sets = [str(item) for item in flags.get("set") or ()]
    named = {item.partition("=")[0].strip().casefold().replace("-", "_") for item in sets}
    again = [
        f"{key}={_typed_again(value)}"
        for key, value in before.items()
        if key not in ("contract", "result", *named) and _typed_again(value) is not None
    ]
    word = contract if contract is not None else before.get("contract")
    made = entry.deal_from_flags(result, number, word, {**flags, "set": [*sets, *again]})
    new_contract = made.get("contract") != before.get("contract")
    return merged_deal(before, made, new_contract=new_contract)


def _typed_again(value: Any) -> str | None:
    """A deal's field as ``--set`` takes it (``Ann``, ``100``, ``4S,7S``), or ``None``."""
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return ",".join(value)
    if isinstance(value, str | int) and not isinstance(value, bool):
        return str(value)
    return None


def deal_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What a correction changed: one line per field (a result key its own; the doubles
    one line per player who doubled or redoubled differently), before and after, in the
    language in force.

    >>> deal_changes({"contract": "trumps", "doubles": [{"by": "Bob", "double": ["Ann"]}],
    ...               "result": {"tricks": {"Ann": 5, "Bob": 8}}},
    ...              {"contract": "trumps", "result": {"tricks": {"Ann": 6, "Bob": 7}}})
    ["Bob's doubles: Ann → none", 'tricks: Ann=5, Bob=8 → Ann=6, Bob=7']
    """
    lines: list[str] = []
    for key in dict.fromkeys([*before, *after]):
        if key in ("doubles", "result") or before.get(key) == after.get(key):
            continue
        lines.append(_change(key, before.get(key), after.get(key)))
    said = {"double": _("{player}'s doubles"), "redouble": _("{player}'s redoubles")}
    for kind, field in said.items():
        was, now = _declared(before, kind), _declared(after, kind)
        for by in dict.fromkeys([*was, *now]):
            if was.get(by) != now.get(by):
                lines.append(_change(field.format(player=by), was.get(by), now.get(by)))
    was_result, now_result = before.get("result"), after.get("result")
    was_r = was_result if isinstance(was_result, Mapping) else {}
    now_r = now_result if isinstance(now_result, Mapping) else {}
    for key in dict.fromkeys([*was_r, *now_r]):
        if was_r.get(key) != now_r.get(key):
            lines.append(_change(key, was_r.get(key), now_r.get(key)))
    return lines


def _declared(deal: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """Each player's doubles (``kind`` ``double``) or redoubles in a deal, by the player."""
    out: dict[str, Any] = {}
    for d in deal.get("doubles") or ():
        if isinstance(d, Mapping) and kind in d and d[kind] not in (None, []):
            out[str(d.get("by"))] = d[kind]
    return out


def _change(field: str, before: Any, after: Any) -> str:
    # Translators: one field a correction changed, "tricks: Ann=5, Bob=8 → Ann=6, Bob=7".
    return _("{field}: {before} → {after}").format(
        field=field, before=_value(before), after=_value(after)
    )


def _value(value: Any) -> str:
    """A field's value as a change line shows it: ``Ann=2, Bob=1``, ``Ann, Cat``."""
    if value is None or value == [] or value == {}:
        return pgettext("option value", "none")
    if isinstance(value, Mapping):
        return ", ".join(
            f"{k}=({_value(v)})" if isinstance(v, Mapping) else f"{k}={_value(v)}"
            for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value)
    return str(value)


# --- trimming the history ----------------------------------------------------------------------

ARCHIVE_FORMAT = "scoresheet-history"


@dataclass(frozen=True)
class Trimmed:
    """What :func:`trim_history` removed from a game's history (oldest first), how many
    entries it kept, and where the removed ones were written."""

    removed: list[dict[str, Any]]
    kept: int
    archive: Path | None = None


def when(text: str, where: str) -> datetime:
    """A date, or a date and time, as typed: ``2026-12-01``, ``2026-12-01T20:00``; UTC (as
    a game's history is written) unless it gives an offset.

    >>> when("2026-12-01", "--before").isoformat()
    '2026-12-01T00:00:00+00:00'
    >>> when("last week", "--before")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: --before: "last week" is not a date (2026-12-01, or ...
    """
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ScoresheetError(
            _(
                "{where}: {text} is not a date (2026-12-01, or a date and time 2026-12-01T20:00)"
            ).format(where=where, text=quote(text))
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _made(entry: Any, number: int, source: str) -> datetime:
    """When a history entry was made (UTC unless it says), or a refusal naming it."""
    at = entry.get("at") if isinstance(entry, dict) else None
    if isinstance(at, str):
        with suppress(ValueError):
            moment = datetime.fromisoformat(at)
            return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    if isinstance(at, str):
        message = _(
            "{source}: history entry {number}, at: {shown} is not a date and time, so whether "
            "it is older cannot be told; nothing was removed (--trim N keeps the newest N)"
        )
    else:
        message = _(
            "{source}: history entry {number}, at: missing, so whether it is older cannot be "
            "told; nothing was removed (--trim N keeps the newest N)"
        )
    raise ScoresheetError(
        message.format(source=source, number=number, shown=quote(at) if isinstance(at, str) else "")
    )


def _archive(record: GameFile, removed: list[dict[str, Any]], source: str) -> str:
    """The archive file of ``removed`` history entries: what game they come from, and them."""
    data = {
        "format": ARCHIVE_FORMAT,
        "version": rec.VERSION,
        "game_file": source,
        "game": record.get("game", registry.DEFAULT_GAME),
        "players": record["players"],
        "history": removed,
    }
    return rec.dumps_data(data)


def trim_history(
    path: Path,
    *,
    keep: int | None = None,
    before: datetime | None = None,
    archive: Path | None = None,
) -> Trimmed:
    """Remove old entries from a game's history and save: all but the newest ``keep``, or
    those made before ``before`` (give one). The deals and every other key are kept as
    they are. With ``archive``, the removed entries are first written to that new JSON
    file; if the game then cannot be saved, the archive is removed again and nothing has
    changed. Nothing to remove saves nothing. A history longer than a game file keeps
    (written by an older scoresheet) can be trimmed: it is what this is for.
    """
    if (keep is None) == (before is None):
        raise ScoresheetError(_("history: give --trim N or --before DATE, one of them"))
    if keep is not None and keep < 0:
        raise ScoresheetError(
            _("--trim: {keep} is not a number of entries to keep (0 or more)").format(keep=keep)
        )
    if archive is not None:
        check_output(archive, (".json",), "a history archive", inputs=[path])
        if os.path.lexists(archive):
            raise ScoresheetError(
                _("{path} already exists; name a new file for the archive").format(path=archive)
            )
    source = path.name
    snapshot = read_snapshot(path)
    data = rec.parse(snapshot.text, source=source)
    history = data.get("history") if isinstance(data, dict) else None
    if not isinstance(history, list):
        return Trimmed([], len(rec.from_data(data, source=source).get("history") or []))
    if before is not None:
        old = [_made(e, i, source) < before for i, e in enumerate(history, start=1)]
    else:
        cut = len(history) - (keep or 0)
        old = [i < cut for i in range(len(history))]
    removed = [e for e, o in zip(history, old, strict=True) if o]
    kept = [e for e, o in zip(history, old, strict=True) if not o]
    if kept:
        data["history"] = kept
    else:
        del data["history"]
    record = rec.from_data(data, source=source)
    if not removed:
        return Trimmed([], len(kept))
    text = _text(record, source)
    if archive is not None:
        write_new_file(archive, _archive(record, removed, source).encode("utf-8"))
    try:
        write_if_unchanged(snapshot, text)
    except BaseException:
        if archive is not None:
            with suppress(OSError):
                os.unlink(archive)
        raise
    return Trimmed(removed, len(kept), archive)
