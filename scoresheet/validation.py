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

from scoresheet.errors import ScoresheetError

__all__ = ["ValidationError", "describe", "validator"]

_SCHEMAS = Path(__file__).resolve().parent / "schemas"
_BRANCHES = ("str", "int", "bool", "none", "nullable", "typed-dict", "function-after")
_MESSAGES = {"extra_forbidden": "unknown field", "missing": "missing"}


@cache
def validator(name: str) -> SchemaValidator:
    """The validator of a model in :data:`scoresheet.models.MODELS` ("game", "rules-barbu")."""
    try:
        text = (_SCHEMAS / f"{name}.json").read_text("utf-8")
    except FileNotFoundError:
        raise ScoresheetError(f"{name}: not supported by this version of scoresheet") from None
    schema: Any = json.loads(text)
    return SchemaValidator(schema)


def _is_branch(part: int | str) -> bool:
    """A union's branch name in an error location (``list[str]``, ``literal['all']``)."""
    return isinstance(part, str) and (
        part in _BRANCHES or part.startswith(("list[", "literal[", "dict[", "constrained-"))
    )


def describe(exc: ValidationError) -> tuple[tuple[int | str, ...], str]:
    """The location (without union branch names) and message of the most telling error."""
    errors = exc.errors(include_url=False)
    # A union reports one error per branch: prefer the branch that got furthest in.
    err = max(errors, key=lambda e: len([p for p in e["loc"] if not _is_branch(p)]))
    loc = tuple(p for p in err["loc"] if not _is_branch(p))
    return loc, _MESSAGES.get(err["type"], err["msg"])
