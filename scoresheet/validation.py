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
from scoresheet.i18n import N_, _, ngettext

__all__ = ["ValidationError", "describe", "schema_path", "validator", "where"]

_GAMES = Path(__file__).resolve().parent / "games"
_BRANCHES = ("str", "int", "bool", "none", "nullable", "typed-dict", "function-after")
_MESSAGES = {"extra_forbidden": N_("unknown field"), "missing": N_("missing")}


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
        raise ScoresheetError(
            _("{name}: not supported by this version of scoresheet").format(name=name)
        ) from None
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
    return _("a list") if isinstance(value, list) else _("an object")


def _choices(expected: str) -> str:
    """pydantic-core's ``'block' or 'every-deal'`` as ``block or every-deal``."""
    return expected.replace("'", "").replace("None", "none").replace(" or ", _OR())


def _OR() -> str:
    # Translators: joins the values a field may take: "block or every-deal".
    return _(" or ")


def _message(err: Any, alternatives: list[Any]) -> str:
    """The error in the player's words: what was given and what is wanted."""
    kind, ctx, given = err["type"], err.get("ctx") or {}, err.get("input")
    words = [_choices(e["ctx"]["expected"]) for e in alternatives if e["type"] == "literal_error"]
    if any(e["type"] == "list_type" for e in alternatives) and words:
        return _("{given} is not {choices}, nor a list").format(
            given=_shown(given), choices=_OR().join(words)
        )
    if kind == "literal_error":
        return _("{given} is not {choices}").format(
            given=_shown(given), choices=_choices(ctx["expected"])
        )
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("{given} is not a whole number").format(given=_shown(given))
    if kind in ("string_type",):
        return _("{given} is not text: give it in quotes").format(given=_shown(given))
    if kind in ("bool_type", "bool_parsing"):
        return _("{given} is not true or false").format(given=_shown(given))
    if kind == "none_required":
        return _("must be none, not {given}").format(given=_shown(given))
    if kind == "string_too_long":
        most = ctx["max_length"]
        if isinstance(given, str):
            return _("{given} is too long: at most {most} characters ({n} given)").format(
                given=_shown(given), most=most, n=len(given)
            )
        return _("{given} is too long: at most {most} characters (more given)").format(
            given=_shown(given), most=most
        )
    if kind == "string_too_short":
        if ctx.get("min_length") == 1:
            return _("must not be empty")
        n = ctx.get("min_length", 0)
        return ngettext(
            "String should have at least {n} character",
            "String should have at least {n} characters",
            n,
        ).format(n=n)
    if kind in _BOUNDS:
        limit = next(iter(ctx.values()), "")
        return _(_BOUNDS[kind]).format(given=_shown(given), limit=limit)
    if kind == "too_short":
        return _("needs at least {n} entries").format(n=ctx.get("min_length"))
    if kind == "too_long":
        return _("needs at most {n} entries").format(n=ctx.get("max_length"))
    if kind in ("list_type", "tuple_type"):
        return _("{given} should be a list, [...]").format(given=_shown(given))
    if kind in ("dict_type", "model_type", "typed_dict_type"):
        return _("{given} should be an object, {{...}}").format(given=_shown(given))
    if kind in _MESSAGES:
        return _(_MESSAGES[kind])
    if kind in _OTHER:
        return _(_OTHER[kind])
    return str(err["msg"]).replace("Input should be", "must be").replace("None", "none")


# Bounds on a number, with what was given: ``"9" is too large: at most 8``.
_BOUNDS = {
    "greater_than_equal": N_("{given} is too small: at least {limit}"),
    "greater_than": N_("{given} is too small: more than {limit}"),
    "less_than_equal": N_("{given} is too large: at most {limit}"),
    "less_than": N_("{given} is too large: less than {limit}"),
}
# Other refusals pydantic-core may give (no schema calls for them today), as they read.
_OTHER = {
    "float_type": N_("must be a valid number"),
    "float_parsing": N_("must be a valid number, unable to parse string as a number"),
    "finite_number": N_("must be a finite number"),
}


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
            if part == "deals":
                segment = _("deal {number}").format(number=nxt + 1)
            elif part == "players":
                segment = _("player {number}").format(number=nxt + 1)
            else:
                # Translators: the numbered entry of a list in a file: "doubles entry 2".
                segment = _("{key} entry {number}").format(key=part, number=nxt + 1)
            i += 2
        else:
            segment, i = str(part), i + 1
        sep = ", " if after_index else "."
        text = f"{text}{sep}{segment}" if text else segment
        after_index = isinstance(part, str) and isinstance(nxt, int)
    return text or _("file")
