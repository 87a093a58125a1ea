"""Validators built by pydantic-core from the schemas of :mod:`scoresheet.models`.

Loading a schema and building its validator takes a millisecond; importing pydantic's
Python layer to build the same from the models takes far longer, on every command.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pydantic_core import SchemaValidator, ValidationError

from scoresheet import registry
from scoresheet.errors import ScoresheetError

__all__ = ["ValidationError", "describe", "schema_path", "validator", "where"]

_GAMES = Path(__file__).resolve().parent / "games"
_BRANCHES = ("str", "int", "bool", "none", "nullable", "typed-dict", "function-after")
_MESSAGES = {"extra_forbidden": "unknown field", "missing": "missing"}


def schema_path(name: str) -> Path:
    """Where the schema ``name`` ("game-barbu", "rules-belote") is kept: in its game's
    folder, ``scoresheet/games/<package>/schemas/game.json`` (or ``rules.json``)."""
    kind, _, game = name.partition("-")
    return _GAMES / registry.game(game).package / "schemas" / f"{kind}.json"


@cache
def validator(name: str) -> SchemaValidator:
    """The validator of a schema of :func:`scoresheet.models.all_models` ("game-barbu",
    "rules-belote")."""
    try:
        text = schema_path(name).read_text("utf-8")
    except FileNotFoundError:
        raise ScoresheetError(f"{name}: not supported by this version of scoresheet") from None
    schema: Any = json.loads(text)
    return SchemaValidator(schema)


def _is_branch(part: int | str) -> bool:
    """A union's branch name in an error location (``list[str]``, ``literal['all']``)."""
    return isinstance(part, str) and (
        part in _BRANCHES or part.startswith(("list[", "literal[", "dict[", "constrained-"))
    )


def _shown(value: Any) -> str:
    """An input as the player typed it: text in quotes, ``none`` for JSON's null."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value if len(value) <= 24 else value[:23] + "…"}"'
    if isinstance(value, int | float):
        return str(value)
    return "a list" if isinstance(value, list) else "an object"


def _choices(expected: str) -> str:
    """pydantic-core's ``'block' or 'every-deal'`` as ``block or every-deal``."""
    return expected.replace("'", "").replace("None", "none")


def _message(err: Any, alternatives: list[Any]) -> str:
    """The error in the player's words: what was given and what is wanted."""
    kind, ctx, given = err["type"], err.get("ctx") or {}, err.get("input")
    words = [_choices(e["ctx"]["expected"]) for e in alternatives if e["type"] == "literal_error"]
    if any(e["type"] == "list_type" for e in alternatives) and words:
        return f"{_shown(given)} is not {' or '.join(words)}, nor a list"
    if kind == "literal_error":
        return f"{_shown(given)} is not {_choices(ctx['expected'])}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"{_shown(given)} is not a whole number"
    if kind in ("string_type",):
        return f"{_shown(given)} is not text: give it in quotes"
    if kind in ("bool_type", "bool_parsing"):
        return f"{_shown(given)} is not true or false"
    if kind == "none_required":
        return f"must be none, not {_shown(given)}"
    if kind == "string_too_long":
        n = len(given) if isinstance(given, str) else "more"
        return f"{_shown(given)} is too long: at most {ctx['max_length']} characters ({n} given)"
    if kind == "string_too_short":
        return "must not be empty" if ctx.get("min_length") == 1 else err["msg"]
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = {"greater_than_equal": "at least", "greater_than": "more than"}.get(
            kind, "at most" if kind == "less_than_equal" else "less than"
        )
        limit = next(iter(ctx.values()), "")
        return (
            f"{_shown(given)} is too {'small' if 'greater' in kind else 'large'}: {bound} {limit}"
        )
    if kind in ("too_short", "too_long"):
        size = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        return f"needs {'at least' if kind == 'too_short' else 'at most'} {size} entries"
    if kind in ("list_type", "tuple_type"):
        return f"{_shown(given)} should be a list, [...]"
    if kind in ("dict_type", "model_type", "typed_dict_type"):
        return f"{_shown(given)} should be an object, {{...}}"
    if kind in _MESSAGES:
        return _MESSAGES[kind]
    return str(err["msg"]).replace("Input should be", "must be").replace("None", "none")


def describe(exc: ValidationError) -> tuple[tuple[int | str, ...], str]:
    """The location (without union branch names) and, in the player's words, the message
    of the most telling error: what was given, what is wanted; ``none`` for JSON's null.

    >>> from pydantic_core import SchemaValidator, core_schema as cs
    >>> v = SchemaValidator(cs.list_schema(cs.str_schema(max_length=3)))
    >>> try:
    ...     v.validate_python(["Ann", "Barbara"])
    ... except ValidationError as exc:
    ...     describe(exc)
    ((1,), '"Barbara" is too long: at most 3 characters (7 given)')
    """
    errors = exc.errors(include_url=False)
    # A union reports one error per branch: prefer the branch that got furthest in.
    err = max(errors, key=lambda e: len([p for p in e["loc"] if not _is_branch(p)]))
    loc = tuple(p for p in err["loc"] if not _is_branch(p))
    same = [e for e in errors if tuple(p for p in e["loc"] if not _is_branch(p)) == loc]
    return loc, _message(err, same)


def where(loc: tuple[int | str, ...]) -> str:
    """A location as a player names it: ``('deals', 2, 'result', 'queens')`` →
    ``deal 3, result.queens``; ``('players', 0)`` → ``player 1``.

    >>> where(("players", 0)), where(("deals", 0, "doubles", 1, "double"))
    ('player 1', 'deal 1, doubles entry 2, double')
    """
    text, after_index = "", False
    i = 0
    while i < len(loc):
        part, nxt = loc[i], loc[i + 1] if i + 1 < len(loc) else None
        if isinstance(part, str) and isinstance(nxt, int):
            label = {"deals": "deal", "players": "player"}.get(part, f"{part} entry")
            segment, i = f"{label} {nxt + 1}", i + 2
        else:
            segment, i = str(part), i + 1
        sep = ", " if after_index else "."
        text = f"{text}{sep}{segment}" if text else segment
        after_index = segment[-1:].isdigit() and " " in segment
    return text or "file"
