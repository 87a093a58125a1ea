"""The pydantic models of a Belote game file and rules file.

The header every game file shares is :class:`scoresheet.models.GameFileHeader`; the
commands validate with the pydantic-core schemas generated from them (``game-belote`` and
``rules-belote`` in ``schemas/`` of this folder).

Teams are numbered 0 and 1 everywhere in a deal (``points``, ``last_trick``, ``belote``,
``capot``, a declaration's ``team``): team 0 is ``teams[0]`` — by default the first and
third players in seating order, team 1 the second and fourth.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scoresheet.limits import (
    MAX_DEALS,
    MAX_DECLARATIONS,
    MAX_NUMBER,
    MAX_TARGET,
)
from scoresheet.models import GameFileHeader, PlayerName, allow, forbid

__all__ = ["GAME_FILE", "RULES_FILE"]

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
    it must match."""

    contract: str
    taker: str
    dealer: NotRequired[str | None]
    result: BeloteResult


@allow
class BeloteGameFile(GameFileHeader):
    """A whole Belote game file. Unknown top-level keys are kept.

    ``teams``: the two partnerships, ``[["Ann", "Cat"], ["Bob", "Dan"]]``; without it,
    partners sit opposite each other (seats 1 and 3 against 2 and 4).
    """

    game: Literal["belote"]
    teams: NotRequired[
        Annotated[
            list[Annotated[list[PlayerName], Field(min_length=2, max_length=2)]],
            Field(min_length=2, max_length=2),
        ]
        | None
    ]
    deals: NotRequired[Annotated[list[BeloteDeal], Field(max_length=MAX_DEALS)]]


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


@forbid
class BeloteRulesFile(TypedDict):
    """A Belote rules file (a preset in ``templates/rules/``, or a game file's ``rules``)."""

    name: NotRequired[str]
    game: Literal["belote"]
    description: NotRequired[str]
    players: NotRequired[Annotated[int, Field(ge=4, le=4)]]
    target: Annotated[int, Field(ge=1, le=MAX_TARGET)]
    contracts: NotRequired[Annotated[list[ContractId], Field(min_length=1)]]
    rotation: NotRequired[Literal["counter-clockwise", "clockwise"]]
    last_trick: Points
    belote: Points
    belote_all_trumps: NotRequired[bool]
    capot: Points
    tie: Literal["litige", "dedans"]
    litige_to: NotRequired[Literal["next-made-contract", "next-deal-winner"]]
    rounding: Literal["none", "nearest-10"]
    declarations: bool
    declaration_values: NotRequired[DeclarationValues]
    points: CardPointsFile


GAME_FILE = BeloteGameFile
RULES_FILE = BeloteRulesFile
