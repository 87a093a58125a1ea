"""The pydantic models of a Rosbiratschka game file and rules file.

The header every game file shares is :class:`scoresheet.models.GameFileHeader`; the
commands validate with the pydantic-core schemas generated from them (``game-rosbiratschka`` and
``rules-rosbiratschka`` in ``schemas/`` of this folder).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scoresheet.limits import MAX_DEALS, MAX_NUMBER, MAX_ROUNDS
from scoresheet.models import GameFileHeader, allow, forbid

__all__ = ["GAME_FILE", "RULES_FILE"]

Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Value = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]  # a rule value
PlayerCounts = dict[str, Count]
ContractId = Literal[
    "no-tricks", "no-hearts", "no-jacks", "king-of-hearts", "hundred", "rosbiratschka"
]
Slam = Literal["minus", "plus"]  # the sign of the slam taker's score


# -- the game file ---------------------------------------------------------------------


@forbid
class RosbiratschkaResult(TypedDict, total=False):
    """What the table reports after a deal; which key a contract takes is in the spec.

    ``tricks`` / ``hearts`` / ``jacks``: player → count (a player left out took none);
    ``king_of_hearts``: who took the K♥; ``past_25`` / ``past_50`` / ``past_100``: who
    took the running total of the hundred past each mark; ``last``: who was left
    holding cards in the rosbiratschka.
    """

    tricks: PlayerCounts | None
    hearts: PlayerCounts | None
    jacks: PlayerCounts | None
    king_of_hearts: str | None
    past_25: str | None
    past_50: str | None
    past_100: str | None
    last: str | None


@forbid
class RosbiratschkaDeal(TypedDict):
    """One deal. ``contract`` and ``dealer`` are optional: the fixed order and the
    rotation decide them; if given they must match."""

    contract: NotRequired[str | None]
    dealer: NotRequired[str | None]
    result: NotRequired[RosbiratschkaResult | None]


@allow
class RosbiratschkaGameFile(GameFileHeader):
    """A whole Rosbiratschka game file. Unknown top-level keys are kept."""

    game: Literal["rosbiratschka"]
    deals: NotRequired[Annotated[list[RosbiratschkaDeal], Field(max_length=MAX_DEALS)]]


# -- a rules file ----------------------------------------------------------------------


@forbid
class CountValue(TypedDict):
    """A counting contract: ``each`` per trick (heart, jack) taken; every one counts
    ``avoided`` times as much when any player took none (1: no such rule)."""

    each: Value
    avoided: NotRequired[Annotated[int, Field(ge=1, le=MAX_NUMBER)]]


@forbid
class HundredValue(TypedDict):
    """The hundred: the penalty for taking the running total past 25, 50 and 100."""

    past_25: Value
    past_50: Value
    past_100: Value


Values = TypedDict(
    "Values",
    {
        "no-tricks": NotRequired[CountValue],
        "no-hearts": NotRequired[CountValue],
        "no-jacks": NotRequired[CountValue],
        "king-of-hearts": NotRequired[Value],
        "hundred": NotRequired[HundredValue],
        "rosbiratschka": NotRequired[Value],
    },
)
forbid(Values)


@forbid
class RosbiratschkaRulesFile(TypedDict):
    """A Rosbiratschka rules file (a preset in ``templates/rules/``, or a game's ``rules``)."""

    name: NotRequired[str]
    game: Literal["rosbiratschka"]
    description: NotRequired[str]
    players: NotRequired[Annotated[int, Field(ge=3, le=6)]]
    ranks: Annotated[list[str], Field(min_length=1)]
    contracts: NotRequired[Annotated[list[ContractId], Field(min_length=1)]]
    rounds: NotRequired[Annotated[int, Field(ge=1, le=MAX_ROUNDS)]]
    slam: NotRequired[Slam]
    card_points: NotRequired[dict[str, Count]]
    values: Values


GAME_FILE = RosbiratschkaGameFile
RULES_FILE = RosbiratschkaRulesFile
