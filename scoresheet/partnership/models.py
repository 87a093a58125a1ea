"""The pydantic models of the card play of a partnership game (Belote's and Coinche's):
a deal's result, its declarations, the card points and declaration values of the rules.

Each game's own module (``models.py`` of its folder) builds its game file and rules file
from these.

Teams are numbered 0 and 1 everywhere in a deal (``points``, ``last_trick``, ``belote``,
``capot``, a declaration's ``team``): team 0 is ``teams[0]`` — by default the first and
third players in seating order, team 1 the second and fourth.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scoresheet.limits import (
    MAX_DECLARATIONS,
    MAX_NUMBER,
)
from scoresheet.models import forbid

Points = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Team = Annotated[int, Field(ge=0, le=1)]
ContractId = Literal["spades", "hearts", "diamonds", "clubs", "no-trumps", "all-trumps"]
DeclarationKind = Literal["tierce", "cinquante", "cent", "carre"]
RankKey = Literal["7", "8", "9", "10", "J", "Q", "K", "A"]


# -- the game file ---------------------------------------------------------------------


@forbid
class BeloteDeclaration(TypedDict):
    """A declaration (when the rules use them): a sequence of three (``tierce``), four
    (``cinquante``) or five or more cards (``cent``) named by its highest card, or four
    cards of one rank (``carre``) named by that rank."""

    team: Team
    kind: DeclarationKind
    rank: str


@forbid
class BeloteResult(TypedDict, total=False):
    """What the table reports after a deal.

    ``points``: each team's card points (adding up to the contract's card total, 152),
    or ``cards``: the cards each team captured (a string of cards separated by spaces,
    or a list of cards), from which the points are counted. ``last_trick``, ``belote``,
    ``capot``: the team that took the last trick, announced belote-rebelote, took all
    eight tricks (``null``: nobody). ``last_trick`` may be left out on a capot.
    """

    points: Annotated[list[Points], Field(min_length=2, max_length=2)] | None
    cards: Annotated[list[str | list[str]], Field(min_length=2, max_length=2)] | None
    last_trick: Team | None
    belote: Team | None
    capot: Team | None
    declarations: Annotated[list[BeloteDeclaration], Field(max_length=MAX_DECLARATIONS)] | None


@forbid
class BeloteDeal(TypedDict):
    """One deal: the contract (a suit, ``no-trumps`` or ``all-trumps``), the player who
    took it, and the result. ``dealer`` is optional: the rotation decides it; if given
    it must be a player, and re-anchors the rotation (hands thrown in before the deal)."""

    contract: str
    taker: str
    dealer: NotRequired[str | None]
    result: BeloteResult


# -- a Belote rules file -----------------------------------------------------------------

RankPoints = dict[RankKey, Points]


# Card points by rank: ``trump`` (the trump suit) and ``plain`` (the other suits) in a
# suit contract; ``no-trumps`` and ``all-trumps`` for every suit of those contracts.
CardPointsFile = TypedDict(
    "CardPointsFile",
    {
        "trump": RankPoints,
        "plain": RankPoints,
        "no-trumps": RankPoints,
        "all-trumps": RankPoints,
    },
)
forbid(CardPointsFile)


@forbid
class DeclarationValues(TypedDict):
    """What each declaration scores; ``carre`` by rank (a rank left out scores nothing
    and cannot be declared)."""

    tierce: Points
    cinquante: Points
    cent: Points
    carre: dict[RankKey, Points]
