"""The game file: pydantic models, and ``load``/``loads``/``dump``/``dumps`` like ``json``.

The file format is a public contract (see the spec): keys may be added, never renamed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from scoresheet.errors import ScoresheetError

FORMAT = "scoresheet-game"
VERSION = 1

PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=40)]
PlayerCounts = dict[str, Annotated[int, Field(ge=0)]]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Declaration(_Model):
    """One player's turn in the doubling: whom they double, and whom they redouble."""

    by: str
    double: list[str] | Literal["table", "maximum", "family", "flanks"] | None = None
    redouble: list[str] | Literal["all"] | None = None


class BarbuResult(_Model):
    """What the table reports after a Barbu deal; which keys a contract needs is in the spec."""

    tricks: PlayerCounts | None = None
    trump: str | None = None
    hearts: PlayerCounts | None = None
    ace_of_hearts: str | None = None
    queens: PlayerCounts | None = None
    king_of_hearts: str | None = None
    second_last: str | None = None
    last: str | None = None
    order: list[str] | None = None
    start: str | None = None
    cards: dict[str, PlayerCounts] | None = None
    most: list[str] | None = None
    beats: dict[str, PlayerCounts] | None = None
    hands: dict[str, dict[str, str]] | None = None


class BarbuDeal(_Model):
    contract: str
    declarer: str | None = None
    doubles: list[Declaration] = Field(default_factory=list)
    result: BarbuResult | None = None


class HistoryEntry(BaseModel):
    """One correction or undo, kept so an audit can see what changed and when."""

    model_config = ConfigDict(extra="allow")

    at: str
    action: str
    deal: int | None = None
    before: Any = None
    after: Any = None


class GameRecord(BaseModel):
    """A whole game file. Unknown top-level keys are kept (files may carry more)."""

    model_config = ConfigDict(extra="allow")

    format: Literal["scoresheet-game"]
    version: int = Field(ge=1)
    game: Literal["barbu"] = "barbu"
    rules: str | dict[str, Any]
    options: dict[str, Any] | None = None
    players: list[PlayerName] = Field(min_length=2)
    deals: list[BarbuDeal] = Field(default_factory=list)
    history: list[HistoryEntry] | None = None


def _where(loc: tuple[int | str, ...]) -> str:
    """``('deals', 2, 'result', 'queens')`` → ``deal 3, result.queens``."""
    parts = list(loc)
    if len(parts) >= 2 and parts[0] == "deals" and isinstance(parts[1], int):
        rest = ".".join(str(p) for p in parts[2:])
        return f"deal {parts[1] + 1}" + (f", {rest}" if rest else "")
    return ".".join(str(p) for p in parts) or "file"


def _error_line(exc: ValidationError, source: str) -> str:
    err = exc.errors(include_url=False)[0]
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function")))
    # A union (e.g. `double`) reports one error per branch; the location before the branch
    # name is what the user wrote.
    if err["type"] == "json_invalid":
        return f"{source}: not valid JSON ({err['msg']})"
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
    elif err["type"] == "missing":
        msg = "missing"
    return f"{source}: {_where(loc)}: {msg}"


def _check_top(data: Any, source: str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScoresheetError(f'{source}: not a scoresheet game file (no "format": "{FORMAT}")')
    version = data.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ScoresheetError(
            f"{source}: written by a newer scoresheet (format version {version}); "
            f"this one reads up to version {VERSION}"
        )


def loads(text: str | bytes, *, source: str = "game") -> GameRecord:
    """Parse a game file's text. Errors name the deal and the field.

    >>> g = loads('{"format": "scoresheet-game", "version": 1, "rules": "classic",'
    ...           ' "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}')
    >>> g.players
    ['Ann', 'Bob', 'Cat', 'Dan']
    >>> loads('{"format": "scoresheet-game", "version": 1, "rules": "classic",'
    ...       ' "players": ["Ann", "Bob"], "deals": [{"contract": 3}]}')
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: game: deal 1, contract: Input should be a valid string
    """
    try:
        # The fast path: pydantic parses and validates the JSON in one pass.
        record = GameRecord.model_validate_json(text)
    except ValidationError:
        pass
    else:
        if record.version > VERSION:
            _check_top(record.model_dump(include={"format", "version"}), source)
        _check_players(record.players, source)
        return record
    # Something is wrong: parse it again the slow way to say what, and where.
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ScoresheetError(f"{source}: not valid JSON ({exc})") from None
    return from_data(data, source=source)


def from_data(data: Any, *, source: str = "game") -> GameRecord:
    """Validate an already-parsed game file."""
    _check_top(data, source)
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as exc:
        raise ScoresheetError(_error_line(exc, source)) from None
    _check_players(record.players, source)
    return record


def _check_players(players: list[str], source: str) -> None:
    seen: set[str] = set()
    for name in players:
        if not name.strip():
            raise ScoresheetError(f"{source}: players: a player's name is blank")
        if name in seen:
            raise ScoresheetError(f'{source}: players: "{name}" is listed twice')
        seen.add(name)


def load(path: str | Path) -> GameRecord:
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


def to_data(record: GameRecord) -> dict[str, Any]:
    """The record as plain JSON data, with the spec's keys and no empty optional ones."""
    data = record.model_dump(mode="json", exclude_none=True, by_alias=True)
    for deal in data.get("deals", []):
        if not deal.get("doubles"):
            deal.pop("doubles", None)
    data["version"] = VERSION
    return data


def dumps(record: GameRecord) -> str:
    """The record as the text of a game file (stable key order, UTF-8, trailing newline)."""
    return json.dumps(to_data(record), ensure_ascii=False, indent=2) + "\n"


def dump(record: GameRecord, path: str | Path) -> None:
    """Write a record to a path (plainly; the commands use :mod:`scoresheet.store`)."""
    Path(path).write_text(dumps(record), encoding="utf-8")
