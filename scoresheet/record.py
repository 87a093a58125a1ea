"""The game file: ``load``/``loads``/``dump``/``dumps`` like the ``json`` module.

A record is the file's JSON data, validated against its game's file model (the header
all games share is :class:`scoresheet.models.GameFileHeader`). The format is a public
contract (see the spec): keys may be added, never renamed.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import N_, _
from scoresheet.limits import MAX_HISTORY, MAX_HISTORY_READ, MAX_VALUES
from scoresheet.names import check_players
from scoresheet.record_text import decode_text
from scoresheet.rules import check_game
from scoresheet.store import read_snapshot
from scoresheet.validation import ValidationError, describe, validator, where

if TYPE_CHECKING:
    from scoresheet.models import GameFile

FORMAT = "scoresheet-game"
VERSION = 1


# What Python's JSON reader says is wrong, in the player's language (anything else it may
# say is shown as it says it).
_JSON_PROBLEMS = {
    "Expecting value": N_("Expecting value"),
    "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
    "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes": N_(
        "Expecting property name enclosed in double quotes"
    ),
    "Extra data": N_("Extra data"),
    "Unterminated string starting at": N_("Unterminated string starting at"),
    "Invalid control character at": N_("Invalid control character at"),
    "Invalid \\escape": N_("Invalid \\escape"),
    "Invalid \\uXXXX escape": N_("Invalid \\uXXXX escape"),
    "Illegal trailing comma before end of object": N_(
        "Illegal trailing comma before end of object"
    ),
    "Illegal trailing comma before end of array": N_("Illegal trailing comma before end of array"),
}


def _json(exc: json.JSONDecodeError) -> str:
    """What Python's JSON reader says, as ``str(exc)`` has it, in the player's language."""
    known = _JSON_PROBLEMS.get(exc.msg)
    problem = _(known) if known is not None else exc.msg
    return _("{problem}: line {line} column {column} (char {char})").format(
        problem=problem, line=exc.lineno, column=exc.colno, char=exc.pos
    )


def _where(loc: tuple[int | str, ...]) -> str:
    """``('deals', 2, 'result', 'queens')`` → ``deal 3, result.queens``."""
    return where(loc)


def _check_top(data: Any, source: str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScoresheetError(
            _('{source}: not a scoresheet game file (no "format": "{format}")').format(
                source=source, format=FORMAT
            )
        )
    version = data.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ScoresheetError(
            _(
                "{source}: written by a newer scoresheet (format version {version}); "
                "this one reads up to version {known}"
            ).format(source=source, version=version, known=VERSION)
        )


def _check_players(players: list[str], source: str) -> None:
    check_players(players, f"{source}: players")


def _check_added(record: GameFile, source: str) -> None:
    """``added`` names deals the file has, each once, with a moment in ISO 8601."""
    from datetime import datetime

    count = len(record.get("deals") or [])
    added: Any = record.get("added") or {}
    if not isinstance(added, dict):
        raise ScoresheetError(
            _("{source}: added: give an object of deal numbers and moments, {{...}}").format(
                source=source
            )
        )
    for key, at in added.items():
        if not (
            key.isascii() and key.isdigit() and key == str(int(key)) and 1 <= int(key) <= count
        ):
            raise ScoresheetError(
                _(
                    "{source}: added: {key} is not the number of a deal of this game (1 to {n})"
                ).format(source=source, key=_quote(key), n=count)
            )
        try:
            datetime.fromisoformat(at if isinstance(at, str) else "")
        except ValueError:
            raise ScoresheetError(
                _(
                    "{source}: added: deal {key}: {at} is not a date and time "
                    "(2026-12-05T20:15:00+00:00)"
                ).format(source=source, key=key, at=_quote(at))
            ) from None


def _finish(record: GameFile, source: str) -> GameFile:
    _check_top(record, source)
    _check_players(record["players"], source)
    record.setdefault("game", registry.DEFAULT_GAME)
    record.setdefault("deals", [])
    _check_added(record, source)
    return record


class _DuplicateKey(Exception):
    """Raised inside the JSON parser: an object gives the same key twice."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _DuplicateKey
    return data


class _Pairs(list[tuple[str, Any]]):
    """An object as its key-value pairs, duplicates kept (to say where a key is doubled)."""


def _quote(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _duplicate(text: str | bytes, source: str) -> ScoresheetError:
    """The error for the first object, in reading order, that gives a key twice."""
    stack: list[tuple[Any, tuple[int | str, ...]]] = [
        (json.loads(text, object_pairs_hook=_Pairs), ())
    ]
    while stack:
        node, loc = stack.pop()
        if isinstance(node, _Pairs):
            first: dict[str, Any] = {}
            for key, value in node:
                if key in first:
                    if loc:
                        message = _(
                            '{source}: "{key}" is given twice in {where} ({first}, then '
                            "{then}); refused: keep the one meant"
                        )
                    else:
                        message = _(
                            '{source}: "{key}" is given twice at the top level ({first}, then '
                            "{then}); refused: keep the one meant"
                        )
                    return ScoresheetError(
                        message.format(
                            source=source,
                            key=key,
                            where=_where(loc),
                            first=_quote(first[key]),
                            then=_quote(value),
                        )
                    )
                first[key] = value
            stack.extend((value, (*loc, key)) for key, value in reversed(node))
        elif isinstance(node, list):
            stack.extend((value, (*loc, i)) for i, value in reversed(list(enumerate(node))))
    return ScoresheetError(  # pragma: no cover
        _("{source}: a key is given twice; refused").format(source=source)
    )


# A control character in a JSON string is written escaped (\u001b, \n …) or, for DEL and
# the C1 controls (U+007F–U+009F, CSI among them), may stand as itself. A text with none
# of these holds none, which plain substring searches tell at C speed; only a text with
# one is walked to find where it is (a "\n" may be an escaped backslash before an n).
_ESCAPES: tuple[str, ...] = ("\\u000", "\\u001", "\\u007f", "\\u007F", "\\u008", "\\u009")
_ESCAPES += ("\\b", "\\f", "\\n", "\\r", "\\t")

# A lone surrogate (U+D800–U+DFFF: half of a UTF-16 pair, not a character) cannot be
# written as UTF-8, so a game holding one could never be saved. A file's text is decoded
# strictly, so there it can only come from an escape (\ud800); typed text (--deal) may
# carry one as itself. A pair of escapes (\ud83d\ude00) is one character and passes the
# walk that a text with any such escape is given.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_RAW = re.compile("[\x7f-\x9f\ud800-\udfff]")  # either, standing as itself

# Texts hold no values: counted exactly, only what stands outside them counts.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_SPACE = re.compile(r"\s+")

Place = tuple[int | str, ...]


def _suspects(text: str) -> tuple[bool, bool]:
    """Whether ``text`` may hold a control character, and a lone surrogate: substring
    searches and one scan for either kind standing as itself, all at C speed."""
    control = "\\" in text and any(escape in text for escape in _ESCAPES)
    surrogate = "\\u" in text and _SURROGATE_ESCAPE.search(text) is not None
    if text.isascii():
        return control or "\x7f" in text, surrogate
    if _RAW.search(text) is not None:  # which of the two, the walks tell
        return True, True
    return control, surrogate


def _values(text: str) -> int:
    """At least as many as the values and keys of the JSON ``text``: every one but the
    first follows a ``,``, a ``:``, a ``[`` or a ``{``."""
    return 1 + sum(text.count(c) for c in ",:[{")


def too_many_values(text: str) -> bool:
    """Whether ``text`` holds more than :data:`MAX_VALUES` values and keys, told before it
    is parsed (parsed, each takes up to a hundred bytes). A text with fewer characters
    cannot; one with fewer of the characters that start them cannot either; only past
    that are they counted exactly, outside the texts and less the empty ``[]`` and ``{}``.

    >>> too_many_values("[" + "[]," * MAX_VALUES + "[]]"), too_many_values("[1]")
    (True, False)
    """
    if len(text) < MAX_VALUES or _values(text) <= MAX_VALUES:
        return False
    bare = _SPACE.sub("", _STRING.sub('""', text))
    return _values(bare) - bare.count("[]") - bare.count("{}") > MAX_VALUES


def _nodes(data: Any) -> Iterator[tuple[Place, Any]]:
    """Every value in ``data`` with its place, in reading order."""
    stack: list[tuple[Place, Any]] = [((), data)]
    while stack:
        loc, node = stack.pop()
        yield loc, node
        if isinstance(node, dict):
            stack.extend(((*loc, key), value) for key, value in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend(((*loc, i), value) for i, value in reversed(list(enumerate(node))))


def _control_in(text: str) -> str | None:
    return next((c for c in text if unicodedata.category(c) == "Cc"), None)


def _surrogate_in(text: str) -> str | None:
    found = _SURROGATE.search(text)
    return None if found is None else found.group()


def _text_with(
    data: Any, find: Callable[[str], str | None], *, names: bool
) -> tuple[Place, str, bool] | None:
    """Where the first text (a key or a value) in which ``find`` finds a character is, the
    character, and whether the text is a key (of the object at that place); the players'
    names only if ``names`` (they are otherwise checked as names are, with their own
    message)."""
    for loc, node in _nodes(data):
        if not names and loc[:1] == ("players",):
            continue
        texts = [node] if isinstance(node, str) else list(node) if isinstance(node, dict) else []
        for text in texts:
            c = find(text)
            if c is not None:
                return loc, c, isinstance(node, dict)
    return None


def _place(loc: Place, in_key: bool) -> str:
    if not in_key:
        return _where(loc)
    if not loc:
        return _("a key of the top level")
    return _("a key of {where}").format(where=_where(loc))


def _text_message(data: Any, source: str, *, control: bool) -> ScoresheetError | None:
    """The refusal of the first control character (``control``) or lone surrogate."""
    found = _text_with(data, _control_in if control else _surrogate_in, names=not control)
    if found is None:
        return None
    loc, c, in_key = found
    shown, place = repr(c)[1:-1], _place(loc, in_key)
    if control:
        return ScoresheetError(
            _(
                "{source}: {place}: the control character {shown} is refused (an escape "
                "sequence would reach the terminal or the page that shows it)"
            ).format(source=source, place=place, shown=shown)
        )
    return ScoresheetError(
        _(
            "{source}: {place}: the lone surrogate {shown} is refused (half of a UTF-16 pair, "
            "not a character: no file can hold it)"
        ).format(source=source, place=place, shown=shown)
    )


def check_text(data: Any, source: str) -> None:
    """Refuse, naming where, data holding a lone surrogate: no file could save it. Data
    read by :func:`parse` never does; this is for data made otherwise (typed options)."""
    refused = _text_message(data, source, control=False)
    if refused is not None:
        raise refused


@dataclass(frozen=True)
class _NotFinite:
    """What stands in for NaN, Infinity, -Infinity or a number too large (1e400) while a
    text is parsed: JSON has no such number, and other programs refuse a file with one."""

    text: str


class _Numbers:
    """The parser's hooks for numbers that are not finite: each becomes a
    :class:`_NotFinite`, found (and refused, naming where) once the text is parsed."""

    def __init__(self) -> None:
        self.seen = False

    def constant(self, text: str) -> _NotFinite:
        self.seen = True
        return _NotFinite(text)

    def number(self, text: str) -> float | _NotFinite:
        value = float(text)
        if math.isfinite(value):
            return value
        self.seen = True
        return _NotFinite(text)


def _not_finite_message(data: Any, source: str) -> ScoresheetError:
    loc, node = next((loc, node) for loc, node in _nodes(data) if isinstance(node, _NotFinite))
    shown = node.text if len(node.text) <= 24 else node.text[:23] + "…"
    return ScoresheetError(
        _(
            "{source}: {where}: {shown} is not a finite number; refused (JSON has no NaN or "
            "Infinity: other programs could not read the file)"
        ).format(source=source, where=_where(loc), shown=shown)
    )


def parse(text: str | bytes, *, source: str = "game", answers: bool = False) -> Any:
    """Parse a game file's JSON text, refusing what ``json`` would silently accept.

    An object that gives a key twice is refused, naming the key, where it is and both
    values (``json`` would keep the last one); so is a control character in any text
    (an escape sequence would reach the terminal that shows it), except in ``answers``:
    text typed at a question, which is read as ``play`` reads it (a tab is a space) and
    never kept as typed. A lone surrogate (``"\\ud800"``, which no file can hold) and a
    number that is not finite (``NaN``, ``Infinity``, ``1e400``) are refused anywhere,
    naming where; so is a text of more than :data:`~scoresheet.limits.MAX_VALUES`
    values. Bytes are decoded as a game file's text is everywhere
    (:func:`scoresheet.record_text.decode_text`).

    >>> parse('{"deals": [{"a": 1, "a": 2}]}', source="g")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: g: "a" is given twice in deal 1 (1, then 2); refused: ...
    >>> parse('{"note": [1, NaN]}', source="g")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: g: note entry 2: NaN is not a finite number; refused ...
    """
    if isinstance(text, bytes):
        text = decode_text(text, source)
    if too_many_values(text):
        raise ScoresheetError(
            _(
                "{source}: more than {most} values (objects, lists, texts, numbers); too many "
                "for a game file; refused"
            ).format(source=source, most=f"{MAX_VALUES:,}")
        )
    numbers = _Numbers()
    try:
        data = json.loads(
            text,
            object_pairs_hook=_unique,
            parse_constant=numbers.constant,
            parse_float=numbers.number,
        )
    except _DuplicateKey:
        raise _duplicate(text, source) from None
    except RecursionError:
        raise ScoresheetError(
            _("{source}: nested too deeply to be a game file; refused").format(source=source)
        ) from None
    except json.JSONDecodeError as exc:
        raise ScoresheetError(
            _("{source}: not valid JSON ({problem})").format(source=source, problem=_json(exc))
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise ScoresheetError(
            _("{source}: a number with too many digits; refused").format(source=source)
        ) from None
    if numbers.seen:
        raise _not_finite_message(data, source)
    control, surrogate = _suspects(text)
    for kind, suspected in ((True, control and not answers), (False, surrogate)):
        refused = _text_message(data, source, control=kind) if suspected else None
        if refused is not None:
            raise refused
    return data


def loads(text: str | bytes, *, source: str = "game") -> GameFile:
    """Parse and validate a game file's text. Errors name the deal and the field.

    >>> g = loads('{"format": "scoresheet-game", "version": 1, "rules": "classic",'
    ...           ' "players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}')
    >>> g["players"]
    ['Ann', 'Bob', 'Cat', 'Dan']
    >>> loads('{"format": "scoresheet-game", "version": 1, "rules": "classic",'
    ...       ' "players": ["Ann", "Bob"], "deals": [{"contract": 3}]}')
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: game: deal 1, contract: 3 is not text: give it in quotes
    """
    return from_data(parse(text, source=source), source=source)


def schema_of(game: Any, source: str) -> str:
    """The name of the validator schema for a game's files."""
    if not isinstance(game, str):  # null, a number: shown as the file has it
        shown = json.dumps(game, ensure_ascii=False)[:40]
        raise ScoresheetError(
            _(
                "{source}: game: {shown} is not a game this tool scores ({games}); give its "
                "name in quotes"
            ).format(source=source, shown=shown, games=", ".join(registry.names()))
        )
    try:
        return f"game-{registry.game(game).name}"
    except ScoresheetError as exc:
        raise ScoresheetError(f"{source}: {exc}") from None


def from_data(data: Any, *, source: str = "game") -> GameFile:
    """Validate an already-parsed game file (a copy is validated; ``data`` is not changed)."""
    _check_top(data, source)
    history = data.get("history")
    if isinstance(history, list) and len(history) > MAX_HISTORY_READ:  # a command can trim it
        raise ScoresheetError(
            _(
                "{source}: history: {n} entries, more than a game file keeps (at most "
                "{most}); keep the newest with: scoresheet history {source} --trim {keep}"
            ).format(
                source=source, n=f"{len(history):,}", most=f"{MAX_HISTORY_READ:,}", keep=MAX_HISTORY
            )
        )
    game = data.get("game", registry.DEFAULT_GAME)
    schema = schema_of(game, source)
    try:  # before the deals: a preset of another game makes every deal look wrong
        check_game(data.get("rules"), game)
    except ScoresheetError as exc:
        raise ScoresheetError(f"{source}: {exc}") from None
    try:
        record = cast("GameFile", validator(schema).validate_python(data))
    except ValidationError as exc:
        loc, msg = describe(exc)
        raise ScoresheetError(f"{source}: {_where(loc)}: {msg}") from None
    return _finish(record, source)


def load(path: str | Path) -> GameFile:
    """Read a game file from disk: a regular file of at most
    :data:`scoresheet.store.MAX_GAME_BYTES`, decoded as everywhere (see :mod:`scoresheet.store`).
    """
    p = Path(path)
    return loads(read_snapshot(p).text, source=p.name)


def to_data(record: GameFile) -> dict[str, Any]:
    """The record as the data of a game file: the spec's keys first, no empty optional ones."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": record.get("game", registry.DEFAULT_GAME),
        "rules": record["rules"],
    }
    if record.get("options"):
        data["options"] = record["options"]
    data["players"] = record["players"]
    data["deals"] = [_clean_deal(d) for d in record.get("deals", [])]
    for key, value in record.items():
        if key not in data and key != "options" and not (value is None and key in NULL_DROPPED):
            data[key] = value  # keys of other tools are kept as they are, null included
    return data


# The keys of a game file's top level (shared and per game) that may be null and are
# then left out when the file is written, as the spec's optional keys are.
NULL_DROPPED = frozenset({"history", "teams", "added", "saves"})


def _clean_deal(deal: Any) -> dict[str, Any]:
    return {k: v for k, v in deal.items() if v is not None and not (k == "doubles" and not v)}


def dumps(record: GameFile) -> str:
    """The record as the text of a game file (stable key order, UTF-8, trailing newline)."""
    return dumps_data(to_data(record))


def dumps_data(data: Mapping[str, Any]) -> str:
    """A game file's data as its text: indented by two spaces, except that each entry of
    ``history`` stands on one line — a correction holds its deal twice, and indented, a
    long history would take more room than all the deals.

    >>> print(dumps_data({"deals": [], "history": [{"action": "undo", "deal": 1}]}))
    {
      "deals": [],
      "history": [
        {"action": "undo", "deal": 1}
      ]
    }
    <BLANKLINE>
    """
    parts = []
    for key, value in data.items():
        if key == "history" and isinstance(value, list) and value:
            lines = ",\n".join(f"    {json.dumps(e, ensure_ascii=False)}" for e in value)
            text = f"[\n{lines}\n  ]"
        else:  # as json.dumps indents it; no text holds a line break (it is escaped)
            text = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key, ensure_ascii=False)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n" if parts else "{}\n"


def dump(record: GameFile, path: str | Path) -> None:
    """Write a record to a path (plainly; the commands save through :mod:`scoresheet.store`)."""
    Path(path).write_text(dumps(record), encoding="utf-8")
