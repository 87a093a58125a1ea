"""The pydantic models of the files the project reads: the game file and a rules file.

These models are the one definition of both formats. Commands must start fast, and
pydantic's Python layer costs more to import than a whole command may take, so the
validators the commands run are built by pydantic-core from schemas generated from
these models (``scoresheet/schemas/*.json``, written by ``python -m scoresheet.models``;
a test checks they match). Validated data is plain JSON data typed by these classes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, StringConstraints, TypeAdapter, with_config
from typing_extensions import TypedDict

from scoresheet.limits import MAX_DEALS, MAX_HISTORY, MAX_NUMBER, MAX_PLAYERS, MAX_ROUNDS

# A player's name. Beyond its length, what a name may be (composed Unicode, visible,
# no control characters or separators, no two alike in any case) is checked by
# ``scoresheet.names`` on every game file read, with a message a player understands.
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Value = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]  # a rule value
Cards = Annotated[int, Field(ge=1, le=52)]
PlayerCounts = dict[str, Count]

ContractId = Literal[
    "no-tricks",
    "no-hearts",
    "no-queens",
    "no-king",
    "no-last-two",
    "no-last-trick",
    "trumps",
    "dominoes",
    "ravage-city",
    "chinese-poker",
    "salad",
]
Target = Literal["anyone", "declarer-only"]

_forbid = with_config(ConfigDict(extra="forbid", strict=True))
_allow = with_config(ConfigDict(extra="allow", strict=True))


# -- the game file ---------------------------------------------------------------------


@_forbid
class Declaration(TypedDict):
    """One player's turn in the doubling: whom they double, and whom they redouble."""

    by: str
    double: NotRequired[list[str] | Literal["table", "maximum", "family", "flanks"] | None]
    redouble: NotRequired[list[str] | Literal["all"] | None]


@_forbid
class BarbuResult(TypedDict, total=False):
    """What the table reports after a Barbu deal; which keys a contract needs is in the spec."""

    tricks: PlayerCounts | None
    trump: str | None
    hearts: PlayerCounts | None
    ace_of_hearts: str | None
    queens: PlayerCounts | None
    king_of_hearts: str | None
    second_last: str | None
    last: str | None
    order: list[str] | None
    start: str | None
    cards: dict[str, PlayerCounts] | None
    most: list[str] | None
    beats: dict[str, PlayerCounts] | None
    hands: dict[str, dict[str, str]] | None


@_forbid
class BarbuDeal(TypedDict):
    contract: str
    declarer: NotRequired[str | None]
    doubles: NotRequired[list[Declaration] | None]
    result: NotRequired[BarbuResult | None]


@_allow
class HistoryEntry(TypedDict):
    """One correction or undo, kept so an audit can see what changed and when."""

    at: str
    action: str
    deal: NotRequired[Annotated[int, Field(ge=0, le=MAX_NUMBER)] | None]
    before: NotRequired[Any]
    after: NotRequired[Any]


@_allow
class GameFile(TypedDict):
    """A whole game file. Unknown top-level keys are kept (files may carry more)."""

    format: Literal["scoresheet-game"]
    version: Annotated[int, Field(ge=1)]
    game: NotRequired[Literal["barbu"]]
    rules: str | dict[str, Any]
    options: NotRequired[dict[str, Any] | None]
    players: Annotated[list[PlayerName], Field(min_length=2, max_length=MAX_PLAYERS)]
    deals: NotRequired[Annotated[list[BarbuDeal], Field(max_length=MAX_DEALS)]]
    history: NotRequired[Annotated[list[HistoryEntry], Field(max_length=MAX_HISTORY)] | None]


# -- a Barbu rules file ------------------------------------------------------------------


@_forbid
class HeartsValue(TypedDict):
    """No Hearts: ``per_heart`` for every heart, ``ace_extra`` more for the A♥ (0: none)."""

    per_heart: Value
    ace_extra: NotRequired[Value]


@_forbid
class LastTwoValue(TypedDict):
    """No Last Two: the second-to-last trick and the last trick."""

    second_last: Value
    last: Value


@_forbid
class ChinesePokerValue(TypedDict, total=False):
    """Chinese Poker: points per beat; a scoop bonus and royalties (in beats), off by default.

    ``scoop``: extra beats from an opponent whose three rows a player all beat.
    ``royalties``: row → hand category → extra beats from each opponent.
    """

    per_beat: Value
    scoop: Value
    royalties: dict[Literal["front", "middle", "back"], dict[str, Value]]


Values = TypedDict(
    "Values",
    {
        "no-tricks": NotRequired[Value | None],
        "no-hearts": NotRequired[HeartsValue | None],
        "no-queens": NotRequired[Value | None],
        "no-king": NotRequired[Value | None],
        "no-last-two": NotRequired[LastTwoValue | None],
        "no-last-trick": NotRequired[Value | None],
        "trumps": NotRequired[Value | None],
        "dominoes": NotRequired[Annotated[list[Value], Field(max_length=MAX_PLAYERS)] | None],
        "ravage-city": NotRequired[Value | None],
        "chinese-poker": NotRequired[ChinesePokerValue | None],
        "salad": NotRequired[list[ContractId] | None],
    },
)
_forbid(Values)


@_forbid
class Doubling(TypedDict, total=False):
    """Whom a non-declarer may double in a contract of each sign, and the obligations."""

    negative: Target
    positive: Target
    min_declarer_doubles: Annotated[int, Field(ge=0, le=MAX_NUMBER)]
    redoubles: bool


@_forbid
class BarbuRulesFile(TypedDict):
    """A Barbu rules file (a preset in ``templates/rules/``, or a game file's ``rules``)."""

    name: NotRequired[str]
    game: NotRequired[Literal["barbu"]]
    description: NotRequired[str]
    players: NotRequired[Annotated[int, Field(ge=3, le=6)]]
    removed_cards: NotRequired[list[str]]
    cards_per_player: Cards
    tricks_per_deal: Cards
    contracts: Annotated[list[ContractId], Field(min_length=1)]
    rounds: NotRequired[Annotated[int, Field(ge=1, le=MAX_ROUNDS)]]
    rotation: NotRequired[Literal["block", "every-deal"]]
    dealer: NotRequired[Literal["declarer", "right-of-declarer"]]
    undoubled_split: NotRequired[bool]
    doubling: NotRequired[Doubling]
    values: Values


# The other games keep their models in modules of their own, each defining GAME_FILE
# (its game file, with ``game`` a Literal of its name) and RULES_FILE.
GAME_MODEL_MODULES = {
    "rosbiratschka": "scoresheet.games.rosbiratschka_models",
    "caribbean-all-fours": "scoresheet.games.caribbean_all_fours_models",
    "belote": "scoresheet.games.belote_models",
    "coinche": "scoresheet.games.coinche.models",
}


def _all_models() -> dict[str, Any]:
    import importlib
    import importlib.util

    models: dict[str, Any] = {"game": GameFile, "rules-barbu": BarbuRulesFile}
    for game, name in GAME_MODEL_MODULES.items():
        if importlib.util.find_spec(name) is not None:
            module = importlib.import_module(name)
            models[f"game-{game}"] = module.GAME_FILE
            models[f"rules-{game}"] = module.RULES_FILE
    return models


MODELS: dict[str, Any] = _all_models()
SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"


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
    schema: dict[str, Any] = _portable(TypeAdapter(MODELS[name]).core_schema)
    return schema


def schema_text(name: str) -> str:
    return json.dumps(core_schema(name), indent=1, sort_keys=True) + "\n"


def main() -> None:
    """Write the schemas the commands validate with (run after changing a model)."""
    SCHEMA_DIR.mkdir(exist_ok=True)
    for name in MODELS:
        (SCHEMA_DIR / f"{name}.json").write_text(schema_text(name), encoding="utf-8")
        print(f"wrote schemas/{name}.json", file=sys.stderr)


if __name__ == "__main__":
    main()
