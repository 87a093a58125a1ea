"""Caribbean All Fours rules in force: a rules file's data, checked, with derived facts.

>>> from scoresheet.rules import load_preset
>>> from scoresheet.cards import parse_card
>>> rules = load_preset("caribbean-all-fours")
>>> rules.target, rules.kick_value(parse_card("JS")), rules.kick_value(parse_card("2S"))
(14, 3, 0)
>>> load_preset("caribbean-all-fours-tobago").kick_value(parse_card("2S"))
2
>>> rules.pack_points, rules.max_turn_ups
(80, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from scoresheet.cards import RANKS, Card, standard_deck
from scoresheet.i18n import N_, _

_W = TypeVar("_W", bound=str)

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.models import JackRule, KickReturns, TiedGame

GAME = "caribbean-all-fours"
PLAYERS = 4
HAND = 6  # cards dealt to each player
RUN = 3  # cards more to each player every time the pack is run

_RANK_WORDS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10} | {
    str(n): n for n in range(2, 10)
}
RANK_TEXT = {rank: "23456789TJQKA"[rank - 2] for rank in RANKS}
TIED_GAME: tuple[TiedGame, ...] = ("nobody", "non-dealer", "dealer")
KICK_RETURNS: tuple[KickReturns, ...] = ("every", "new-suit")
JACK_RULES: tuple[JackRule, ...] = ("hang-jack", "captor")
# The shipped presets' descriptions, so that ``rules show`` reads them in the catalogs
# (a table's own description is shown as written).
PRESET_DESCRIPTIONS = (
    N_("Caribbean All Fours (Trinidad): to 14; kick, beg, High, Low, Jack, Game in order"),
    N_("Caribbean All Fours, Tobago: a kicked Two scores 2 instead of the Six"),
    N_("Caribbean All Fours, short game: the first team to 7 wins"),
)


def _ranks(table: Mapping[str, int], what: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for key, value in table.items():
        rank = _RANK_WORDS.get(key.strip().upper())
        if rank is None:
            raise ValueError(
                _('values.{what}: "{key}" is not a rank (A K Q J T 9 … 2)').format(
                    what=what, key=key
                )
            )
        if rank in out:
            raise ValueError(
                _("values.{what}: the rank {rank} is given twice").format(
                    what=what, rank=RANK_TEXT[rank]
                )
            )
        out[rank] = value
    return out


def _choice(data: Mapping[str, Any], key: str, words: tuple[_W, ...]) -> _W:
    """The rule ``key`` of ``data``, one of ``words`` (the first when it is not given).

    >>> _choice({"jack_rule": "hangjack"}, "jack_rule", JACK_RULES)
    Traceback (most recent call last):
    ValueError: jack_rule: "hangjack" is not hang-jack or captor
    """
    value = data.get(key, words[0])
    for word in words:
        if value == word:
            return word
    # Translators: joins the values a field may take: "block or every-deal".
    choices = ", ".join(words[:-1]) + _(" or ") + words[-1]
    given = f'"{value}"' if isinstance(value, str) else str(value)
    wrong = _("{given} is not {choices}").format(given=given, choices=choices)
    raise ValueError(f"{key}: {wrong}")


@dataclass(frozen=True)
class Values:
    """Points per scoring item."""

    beg: int = 1
    high: int = 1
    low: int = 1
    jack: int = 1
    hang_jack: int = 3
    game: int = 1


@dataclass(frozen=True)
class AllFoursRules:
    """The rules a game is scored under (see ``templates/rules/caribbean-all-fours.toml``)."""

    name: str
    description: str
    target: int
    tobago: bool
    tied_game: TiedGame
    kick_returns: KickReturns
    jack_rule: JackRule
    values: Values
    kick: dict[int, int] = field(default_factory=dict)  # rank → points, tobago applied
    card_points: dict[int, int] = field(default_factory=dict)  # rank → points for Game
    data: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def game(self) -> str:
        return GAME

    @property
    def players(self) -> int:
        return PLAYERS

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> AllFoursRules:
        """Rules from a validated rules file; ``ValueError`` when inconsistent."""
        raw = dict(data.get("values") or {})
        kick = _ranks(raw.get("kick", {"A": 1, "6": 2, "J": 3}), "kick")
        tobago = bool(data.get("tobago", False))
        if tobago:
            if kick.get(2):  # two readings of the Two's kick: its own, or the Six's moved
                raise ValueError(
                    _(
                        "values.kick gives the Two {two}, and tobago gives the Two the "
                        "Six's value ({six}): give one or the other"
                    ).format(two=kick[2], six=kick.get(6, 0))
                )
            kick[2] = kick.pop(6, 0)
        card_points = _ranks(
            raw.get("card_points", {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}), "card_points"
        )
        values = Values(
            **{k: raw[k] for k in ("beg", "high", "low", "jack", "hang_jack", "game") if k in raw}
        )
        rules = cls(
            name=str(data.get("name", "custom")),
            description=str(data.get("description", "")),
            target=int(data.get("target", 14)),
            tobago=tobago,
            tied_game=_choice(data, "tied_game", TIED_GAME),
            kick_returns=_choice(data, "kick_returns", KICK_RETURNS),
            jack_rule=_choice(data, "jack_rule", JACK_RULES),
            values=values,
            kick={r: v for r, v in sorted(kick.items(), reverse=True) if v},
            card_points={r: v for r, v in sorted(card_points.items(), reverse=True) if v},
            data=dict(data),
        )
        if rules.pack_points <= 0:
            raise ValueError(_("values.card_points: no card counts for Game"))
        return rules

    def kick_value(self, card: Card) -> int:
        """The kick points a turned-up ``card`` is worth to the dealer's team."""
        return self.kick.get(card.rank, 0)

    def card_value(self, card: Card) -> int:
        """What ``card`` counts towards Game."""
        return self.card_points.get(card.rank, 0)

    @property
    def pack_points(self) -> int:
        """The card points in the whole pack (80 with the usual values)."""
        return sum(self.card_value(c) for c in standard_deck())

    @property
    def max_turn_ups(self) -> int:
        """How many cards can be turned up before the pack runs out (3 with 52 cards)."""
        runs = 0
        while cards_used(runs + 1) <= 52:
            runs += 1
        return runs + 1


def hand_size(turn_ups: int) -> int:
    """The cards each player holds once ``turn_ups`` cards have been turned up.

    >>> hand_size(1), hand_size(2), hand_size(3)
    (6, 9, 12)
    """
    return HAND + RUN * (turn_ups - 1)


def cards_used(runs: int) -> int:
    """Cards dealt and turned up after running the pack ``runs`` times (25 with none)."""
    return PLAYERS * (HAND + RUN * runs) + runs + 1


# The role of a game's rules module (see :class:`scoresheet.roles.Rules`).
rules_from_data = AllFoursRules.from_data
