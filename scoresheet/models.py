"""The envelope every game file shares, and the validator schemas of every game's files.

A game file is a header (``format``, ``version``, ``game``, ``rules``, ``options``,
``players``, ``history``) around the game's own ``deals``; each game's ``models.py``
(``scoresheet/games/<game>/models.py``) extends :class:`GameFileHeader` with its deals
and defines ``GAME_FILE`` and ``RULES_FILE``. These models are the one definition of the
formats.

Commands must start fast, and pydantic's Python layer costs more to import than a whole
command may take, so the validators the commands run are built by pydantic-core from
schemas generated from these models (``schemas/game.json`` and ``rules.json`` in each
game's folder, written by ``python -m scoresheet.models``; a test checks they match).
Validated data is plain JSON data typed by these classes.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, StringConstraints, TypeAdapter, with_config
from typing_extensions import TypedDict

from scoresheet import registry
from scoresheet.limits import MAX_HISTORY_READ, MAX_NUMBER, MAX_PLAYERS
from scoresheet.validation import schema_path

# A player's name. Beyond its length, what a name may be (composed Unicode, visible,
# no control characters or separators, no two alike in any case) is checked by
# ``scoresheet.names`` on every game file read, with a message a player understands.
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=40)]

# Every model is strict; a part of a file either refuses keys it does not know or keeps
# them (the file's top level, a history entry: files may carry more).
forbid = with_config(ConfigDict(extra="forbid", strict=True))
allow = with_config(ConfigDict(extra="allow", strict=True))


@allow
class HistoryEntry(TypedDict):
    """One correction or undo, kept so an audit can see what changed and when."""

    at: str
    action: str
    deal: NotRequired[Annotated[int, Field(ge=0, le=MAX_NUMBER)] | None]
    before: NotRequired[Any]
    after: NotRequired[Any]


@forbid
class SaveEntry(TypedDict):
    """A save a phone sent to ``serve``, by the id the phone made, and the deal it saved."""

    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
    deal: Annotated[int, Field(ge=1, le=MAX_NUMBER)]


@allow
class GameFileHeader(TypedDict):
    """What every game file has around its deals. Unknown top-level keys are kept.

    A game's file model extends it with ``game`` (a Literal of the game's name) and
    ``deals`` (its own deal model), and any key of its own (``teams``).
    """

    format: Literal["scoresheet-game"]
    version: Annotated[int, Field(ge=1)]
    rules: str | dict[str, Any]
    options: NotRequired[dict[str, Any] | None]
    players: Annotated[list[PlayerName], Field(min_length=2, max_length=MAX_PLAYERS)]
    history: NotRequired[Annotated[list[HistoryEntry], Field(max_length=MAX_HISTORY_READ)] | None]
    # When each deal was added, by deal number ("1": "2026-12-05T20:14:03Z"); a deal added
    # before the tool kept this has no entry. Checked against the deals by ``record``.
    added: NotRequired[
        Annotated[
            dict[str, Annotated[str, StringConstraints(max_length=40)]],
            Field(max_length=MAX_NUMBER),
        ]
        | None
    ]
    # The last saves the phones sent (``serve``), so one sent twice is saved once.
    saves: NotRequired[Annotated[list[SaveEntry], Field(max_length=MAX_HISTORY_READ)] | None]


class GameFile(GameFileHeader):
    """Any game's validated file, as the code common to every game reads it (each game's
    ``models.py`` types its own deals)."""

    game: NotRequired[str]
    deals: NotRequired[list[Any]]


@cache
def all_models() -> dict[str, Any]:
    """Every game's file and rules models, by schema name (``game-belote``, ``rules-belote``)."""
    models: dict[str, Any] = {}
    for game in registry.names():
        module = registry.part(game, "models")
        models[f"game-{game}"] = module.GAME_FILE
        models[f"rules-{game}"] = module.RULES_FILE
    return models


def _portable(node: Any) -> Any:
    """A core schema as plain JSON: no class objects, no memory addresses in refs."""
    if isinstance(node, dict):
        return {k: _portable(v) for k, v in node.items() if k not in ("cls", "metadata", "title")}
    if isinstance(node, list):
        return [_portable(v) for v in node]
    if isinstance(node, str):
        return re.sub(r"^[\w.]+\.(\w+):\d+$", r"\1", node)
    return node


def core_schema(name: str) -> dict[str, Any]:
    """The pydantic-core schema of a model, as JSON data."""
    schema: dict[str, Any] = _portable(TypeAdapter(all_models()[name]).core_schema)
    return schema


def schema_text(name: str) -> str:
    return json.dumps(core_schema(name), indent=1, sort_keys=True) + "\n"


def main() -> None:
    """Write the schemas the commands validate with (run after changing a model)."""
    for name in all_models():
        path = schema_path(name)
        path.parent.mkdir(exist_ok=True)
        path.write_text(schema_text(name), encoding="utf-8")
        print(f"wrote {path.relative_to(path.parents[4])}", file=sys.stderr)


if __name__ == "__main__":
    main()
