"""The game file: ``load``/``loads``/``dump``/``dumps`` like the ``json`` module.

A record is the file's JSON data, validated against :class:`scoresheet.models.GameFile`
(the pydantic model of the format). The format is a public contract (see the spec):
keys may be added, never renamed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.validation import ValidationError, describe, validator

if TYPE_CHECKING:
    from scoresheet.models import GameFile

FORMAT = "scoresheet-game"
VERSION = 1


def _where(loc: tuple[int | str, ...]) -> str:
    """``('deals', 2, 'result', 'queens')`` → ``deal 3, result.queens``."""
    parts = list(loc)
    if len(parts) >= 2 and parts[0] == "deals" and isinstance(parts[1], int):
        rest = ".".join(str(p) for p in parts[2:])
        return f"deal {parts[1] + 1}" + (f", {rest}" if rest else "")
    return ".".join(str(p) for p in parts) or "file"


def _check_top(data: Any, source: str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScoresheetError(f'{source}: not a scoresheet game file (no "format": "{FORMAT}")')
    version = data.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ScoresheetError(
            f"{source}: written by a newer scoresheet (format version {version}); "
            f"this one reads up to version {VERSION}"
        )


def _check_players(players: list[str], source: str) -> None:
    from scoresheet.names import check_players

    check_players(players, f"{source}: players")


def _finish(record: GameFile, source: str) -> GameFile:
    _check_top(record, source)
    _check_players(record["players"], source)
    record.setdefault("game", "barbu")
    record.setdefault("deals", [])
    return record


def loads(text: str | bytes, *, source: str = "game") -> GameFile:
    """Parse and validate a game file's text. Errors name the deal and the field.

    >>> g = loads('{"format": "scoresheet-game", "version": 1, "rules": "classic",'
    ...           ' "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}')
    >>> g["players"]
    ['Ann', 'Bob', 'Cat', 'Dan']
    >>> loads('{"format": "scoresheet-game", "version": 1, "rules": "classic",'
    ...       ' "players": ["Ann", "Bob"], "deals": [{"contract": 3}]}')
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: game: deal 1, contract: Input should be a valid string
    """
    try:
        # The fast path: pydantic-core parses and validates the JSON in one pass.
        record = cast("GameFile", validator("game").validate_json(text))
    except ValidationError:
        pass
    else:
        return _finish(record, source)
    # Something is wrong: parse it again the slow way to say what, and where.
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ScoresheetError(f"{source}: not valid JSON ({exc})") from None
    return from_data(data, source=source)


def schema_of(game: Any, source: str) -> str:
    """The name of the validator schema for a game's files."""
    from scoresheet.games import GAMES

    if game == "barbu":
        return "game"
    if not isinstance(game, str) or game not in GAMES:
        known = ", ".join(GAMES)
        raise ScoresheetError(f'{source}: game: "{game}" is not a game this tool scores ({known})')
    return f"game-{game}"


def from_data(data: Any, *, source: str = "game") -> GameFile:
    """Validate an already-parsed game file (a copy is validated; ``data`` is not changed)."""
    _check_top(data, source)
    schema = schema_of(data.get("game", "barbu"), source)
    try:
        record = cast("GameFile", validator(schema).validate_python(data))
    except ValidationError as exc:
        loc, msg = describe(exc)
        raise ScoresheetError(f"{source}: {_where(loc)}: {msg}") from None
    return _finish(record, source)


def load(path: str | Path) -> GameFile:
    """Read a game file from disk."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise ScoresheetError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise ScoresheetError(f"{p}: is a folder, not a game file") from None
    except OSError as exc:
        raise ScoresheetError(f"{p}: cannot read ({exc.strerror})") from None
    return loads(data, source=p.name)


def to_data(record: GameFile) -> dict[str, Any]:
    """The record as the data of a game file: the spec's keys first, no empty optional ones."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": record.get("game", "barbu"),
        "rules": record["rules"],
    }
    if record.get("options"):
        data["options"] = record["options"]
    data["players"] = record["players"]
    data["deals"] = [_clean_deal(d) for d in record.get("deals", [])]
    for key, value in record.items():
        if key not in data and value is not None and key != "options":
            data[key] = value
    return data


def _clean_deal(deal: Any) -> dict[str, Any]:
    return {k: v for k, v in deal.items() if v is not None and not (k == "doubles" and not v)}


def dumps(record: GameFile) -> str:
    """The record as the text of a game file (stable key order, UTF-8, trailing newline)."""
    return json.dumps(to_data(record), ensure_ascii=False, indent=2) + "\n"


def dump(record: GameFile, path: str | Path) -> None:
    """Write a record to a path (plainly; the commands save through :mod:`scoresheet.store`)."""
    Path(path).write_text(dumps(record), encoding="utf-8")
