"""The pydantic models of a Caribbean All Fours game file and rules file.

The header every game file shares is :class:`scoresheet.models.GameFileHeader`; the
commands validate with the pydantic-core schemas generated from them (``game-caribbean-all-fours``
and ``rules-caribbean-all-fours`` in ``schemas/`` of this folder).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field, StringConstraints
from typing_extensions import TypedDict

from scoresheet.limits import MAX_DEALS, MAX_NUMBER
from scoresheet.models import GameFileHeader, PlayerName, allow, forbid

__all__ = ["GAME_FILE", "RULES_FILE"]

Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
CardText = Annotated[str, StringConstraints(min_length=1, max_length=16)]
Beg = Literal["stand", "take-one", "run"]
TiedGame = Literal["nobody", "non-dealer", "dealer"]  # who scores Game when the points tie
KickReturns = Literal["every", "new-suit"]  # which kicks score when the pack is run
JackRule = Literal["hang-jack", "captor"]  # what a Jack captured by the other side scores


# -- the game file ---------------------------------------------------------------------


@forbid
class JackResult(TypedDict):
    """The trump jack: who was dealt it, and who won the trick it fell in."""

    holder: str
    won_by: str


@forbid
class AllFoursResult(TypedDict, total=False):
    """What the table reports once the cards are played.

    ``high`` / ``low``: who was dealt the highest / lowest trump in play (``null`` only
    when no trump was dealt); ``jack``: ``null`` when the trump jack was not dealt;
    ``game_points``: each team's captured card points, in ``teams`` order, **or**
    ``cards``: each team's captured cards (``"AS TD 4C …"`` or a list of cards).
    """

    high: str | None
    low: str | None
    jack: JackResult | None
    game_points: Annotated[list[Count], Field(min_length=2, max_length=2)] | None
    cards: Annotated[list[str | list[CardText]], Field(min_length=2, max_length=2)] | None


@forbid
class AllFoursDeal(TypedDict):
    """One deal. ``dealer`` is optional: the rotation decides it; if given it must match.

    ``turn_ups``: every card turned for trumps, in order; ``beg``: ``stand``,
    ``take-one`` or ``run`` (left out only when the first kick ended the game);
    ``result``: left out when the game ended before any card was played.
    """

    dealer: NotRequired[str | None]
    turn_ups: Annotated[list[CardText], Field(min_length=1, max_length=52)]
    beg: NotRequired[Beg | None]
    result: NotRequired[AllFoursResult | None]


@allow
class AllFoursGameFile(GameFileHeader):
    """A whole Caribbean All Fours game file. Unknown top-level keys are kept.

    ``teams``: the two partnerships (default: seats 1 & 3 against 2 & 4); team 0 is
    ``teams[0]`` wherever a list per team appears.
    """

    game: Literal["caribbean-all-fours"]
    teams: NotRequired[list[list[PlayerName]] | None]
    deals: NotRequired[Annotated[list[AllFoursDeal], Field(max_length=MAX_DEALS)]]


# -- a rules file ----------------------------------------------------------------------


@forbid
class AllFoursValues(TypedDict, total=False):
    """Points per item; ``kick``: turned-up rank → points (before the ``tobago`` switch);
    ``card_points``: rank → card points counted for Game."""

    kick: dict[str, Count]
    beg: Count
    high: Count
    low: Count
    jack: Count
    hang_jack: Count
    game: Count
    card_points: dict[str, Count]


@forbid
class AllFoursRulesFile(TypedDict):
    """A Caribbean All Fours rules file (a preset in ``templates/rules/``, or a game's
    ``rules``)."""

    name: NotRequired[str]
    game: Literal["caribbean-all-fours"]
    description: NotRequired[str]
    target: NotRequired[Annotated[int, Field(ge=1, le=999)]]
    tobago: NotRequired[bool]
    tied_game: NotRequired[TiedGame]
    kick_returns: NotRequired[KickReturns]
    jack_rule: NotRequired[JackRule]
    values: NotRequired[AllFoursValues]


GAME_FILE = AllFoursGameFile
RULES_FILE = AllFoursRulesFile
