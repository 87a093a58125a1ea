"""The pydantic models of a Belote game file and rules file.

The header every game file shares is :class:`scoresheet.models.GameFileHeader`; a deal's
result and the card play's rules are the partnership kit's
(:mod:`scoresheet.partnership.models`). The commands validate with the pydantic-core
schemas generated from them (``game-belote`` and ``rules-belote`` in ``schemas/`` of this
folder).

Teams are numbered 0 and 1 everywhere in a deal (``points``, ``last_trick``, ``belote``,
``capot``, a declaration's ``team``): team 0 is ``teams[0]`` — by default the first and
third players in seating order, team 1 the second and fourth.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scoresheet.limits import MAX_DEALS, MAX_TARGET
from scoresheet.models import GameFileHeader, PlayerName, allow, forbid
from scoresheet.partnership.models import (
    BeloteDeal,
    CardPointsFile,
    ContractId,
    DeclarationValues,
    Points,
)

__all__ = ["GAME_FILE", "RULES_FILE"]


# -- the game file ---------------------------------------------------------------------


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
