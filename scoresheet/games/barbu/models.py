"""The pydantic models of a Barbu game file and rules file.

The header every game file shares is :class:`scoresheet.models.GameFileHeader`; the
commands validate with the pydantic-core schemas generated from these models
(``game-barbu`` and ``rules-barbu`` in ``schemas/`` of this folder).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from scoresheet.limits import MAX_DEALS, MAX_NUMBER, MAX_PLAYERS, MAX_ROUNDS
from scoresheet.models import GameFileHeader, allow, forbid

__all__ = ["GAME_FILE", "RULES_FILE"]

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
Target = Literal["anyone", "declarer-only"]  # whom a non-declarer may double
Rotation = Literal["block", "every-deal"]  # how the contracts go round
Dealer = Literal["declarer", "right-of-declarer"]  # who deals each deal

# -- the game file ---------------------------------------------------------------------


@forbid
class Declaration(TypedDict):
    """One player's turn in the doubling: whom they double, and whom they redouble."""

    by: str
    double: NotRequired[list[str] | Literal["table", "maximum", "family", "flanks"] | None]
    redouble: NotRequired[list[str] | Literal["all"] | None]


@forbid
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


@forbid
class BarbuDeal(TypedDict):
    contract: str
    declarer: NotRequired[str | None]
    dealer: NotRequired[str | None]  # as score --json gives it: checked, never needed
    doubles: NotRequired[list[Declaration] | None]
    result: NotRequired[BarbuResult | None]


@allow
class BarbuGameFile(GameFileHeader):
    """A whole Barbu game file (``game`` may be left out: a file written before there was
    more than one game is Barbu's)."""

    game: NotRequired[Literal["barbu"]]
    deals: NotRequired[Annotated[list[BarbuDeal], Field(max_length=MAX_DEALS)]]


# -- a Barbu rules file ------------------------------------------------------------------


@forbid
class HeartsValue(TypedDict):
    """No Hearts: ``per_heart`` for every heart, ``ace_extra`` more for the A♥ (0: none)."""

    per_heart: Value
    ace_extra: NotRequired[Value]


@forbid
class LastTwoValue(TypedDict):
    """No Last Two: the second-to-last trick and the last trick."""

    second_last: Value
    last: Value


@forbid
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
forbid(Values)


@forbid
class Doubling(TypedDict, total=False):
    """Whom a non-declarer may double in a contract of each sign, and the obligations."""

    negative: Target
    positive: Target
    min_declarer_doubles: Annotated[int, Field(ge=0, le=MAX_NUMBER)]
    redoubles: bool


@forbid
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
    rotation: NotRequired[Rotation]
    dealer: NotRequired[Dealer]
    undoubled_split: NotRequired[bool]
    doubling: NotRequired[Doubling]
    values: Values


GAME_FILE = BarbuGameFile
RULES_FILE = BarbuRulesFile
