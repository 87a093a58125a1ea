"""The pydantic models of a Coinche game file and rules file.

A deal's ``result`` is Belote's (:mod:`scoresheet.partnership.models`): each team's card
points or captured cards, the last trick, belote, capot, declarations. What Coinche adds
is the auction's outcome: the bid, who took it, and who coinched and surcoinched::

    {"dealer": "Bob", "contract": "hearts", "bid": 100, "taker": "Ann",
     "coinche": "Bob", "surcoinche": null,
     "result": {"points": [56, 96], "last_trick": 1, "belote": 1}}

``bid``: a number (80 to 160 by default, in tens), ``"capot"`` or ``"generale"``. A hand
thrown in (four passes) is not recorded. Like :mod:`scoresheet.models`, these models are
the one definition of the formats; the commands validate with the pydantic-core schemas
generated from them (``game-coinche`` and ``rules-coinche`` in ``scoresheet/schemas/``).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scoresheet.limits import MAX_DEALS, MAX_NUMBER, MAX_TARGET
from scoresheet.models import GameFileHeader, PlayerName, allow, forbid
from scoresheet.partnership.models import (
    BeloteResult,
    CardPointsFile,
    ContractId,
    DeclarationValues,
)

__all__ = ["GAME_FILE", "RULES_FILE"]

Points = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Bid = Annotated[int, Field(ge=0, le=MAX_NUMBER)] | Literal["capot", "generale"]


# -- the game file ---------------------------------------------------------------------


@forbid
class CoincheDeal(TypedDict):
    """One deal: the contract (a suit, ``no-trumps`` or ``all-trumps``), the bid, the
    player who made it, who coinched (an opponent) and surcoinched (the bidder or the
    bidder's partner), and the result as in Belote. ``dealer`` is optional: the rotation
    decides it; if given it must be a player, and re-anchors the rotation (hands thrown
    in, all four passing, before the deal)."""

    contract: str
    bid: Bid
    taker: str
    coinche: NotRequired[str | None]
    surcoinche: NotRequired[str | None]
    dealer: NotRequired[str | None]
    result: BeloteResult


@allow
class CoincheGameFile(GameFileHeader):
    """A whole Coinche game file. Unknown top-level keys are kept.

    ``teams``: the two partnerships; without it, partners sit opposite each other.
    """

    game: Literal["coinche"]
    teams: NotRequired[
        Annotated[
            list[Annotated[list[PlayerName], Field(min_length=2, max_length=2)]],
            Field(min_length=2, max_length=2),
        ]
        | None
    ]
    deals: NotRequired[Annotated[list[CoincheDeal], Field(max_length=MAX_DEALS)]]


# -- a Coinche rules file ----------------------------------------------------------------


@forbid
class CoincheRulesFile(TypedDict):
    """A Coinche rules file (a preset in ``templates/rules/``, or a game file's ``rules``).

    The card play's keys are Belote's; the others are the options table of the rules
    page, one key a row (see ``templates/rules/coinche.toml`` for each one's meaning)."""

    name: NotRequired[str]
    game: Literal["coinche"]
    description: NotRequired[str]
    players: NotRequired[Annotated[int, Field(ge=4, le=4)]]
    target: Annotated[int, Field(ge=1, le=MAX_TARGET)]
    win: NotRequired[Literal["reach", "pass"]]
    contracts: NotRequired[Annotated[list[ContractId], Field(min_length=1)]]
    rotation: NotRequired[Literal["counter-clockwise", "clockwise"]]
    last_trick: Points
    belote: Points
    belote_all_trumps: NotRequired[bool]
    capot: Points
    rounding: Literal["nearest-10", "nearest-10-5-down", "none"]
    declarations: bool
    declaration_values: NotRequired[DeclarationValues]
    points: CardPointsFile
    scoring: Literal["points-and-bid", "bid-only", "points-made"]
    dedans_points: Points
    coinche_multiplies: Literal["base-and-bid", "bid", "everything"]
    coinche: NotRequired[Annotated[int, Field(ge=1, le=100)]]
    surcoinche: NotRequired[Annotated[int, Field(ge=1, le=100)]]
    bid_needs: Literal["82-on-80", "bid", "bid-plus-2"]
    made_when: NotRequired[Literal["bid", "bid-and-beat"]]
    belote_counts: NotRequired[bool]
    losing_belote: NotRequired[Literal["kept", "to-winner", "lost-by-coinched-defenders"]]
    capot_bid: Points
    capot_bid_lost: NotRequired[Points]
    coinche_capot: NotRequired[bool]
    coinche_when: NotRequired[Literal["any-time", "in-turn", "escapable"]]
    min_bid: NotRequired[Points]
    max_bid: NotRequired[Points]
    generale: NotRequired[bool]
    generale_value: NotRequired[Points]


GAME_FILE = CoincheGameFile
RULES_FILE = CoincheRulesFile
