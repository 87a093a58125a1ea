"""The games this project scores: one table of names, each role imported on first use.

Every game is a package ``scoresheet/games/<package>/`` with the same modules, one per
role of :mod:`scoresheet.roles`::

    flags models rules score entry play views simulate paper web stats
    sheet/layout sheet/render sheet/audit

``part(game, "views")`` imports ``scoresheet.games.<package>.views`` when it is first
asked for (the way tablib loads a format by its dotted name), so a command that reads a
Belote game never imports Barbu, and no command imports a game it does not use. The
returned module is typed by its role's protocol, so ``mypy --strict`` checks the calls
across the seam; each game's ``__init__.py`` states that its modules implement them.

Adding a game is one line in :data:`GAMES` (see "Adding a game" in ``CONTRIBUTING.md``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, cast, overload

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import NP_, _, pgettext

if TYPE_CHECKING:
    from scoresheet import roles
    from scoresheet.flag import Flag
    from scoresheet.results import GameResult, GameRules


@dataclass(frozen=True)
class Game:
    """A game: its name in files and commands, its package, how it is played."""

    name: str  # the ``"game"`` of its files, the ``game`` of its presets
    package: str  # the folder under ``scoresheet/games/``
    title: str  # as a heading says it, in English (shown translated: :func:`shown_title`)
    preset: str  # the preset ``new`` uses when none is named
    teams: bool  # played in two partnerships (totals are the team's)
    penalty: bool = False  # scored in penalty points: the lowest total wins
    doubles: bool = False  # players double one another: side bets, a doubling ledger


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("barbu", "barbu", NP_("game title", "Barbu"), "classic", teams=False, doubles=True),
        Game(
            "rosbiratschka",
            "rosbiratschka",
            NP_("game title", "Rosbiratschka"),
            "rosbiratschka",
            teams=False,
            penalty=True,
        ),
        Game(
            "caribbean-all-fours",
            "caribbean_all_fours",
            NP_("game title", "Caribbean All Fours"),
            "caribbean-all-fours",
            teams=True,
        ),
        Game("belote", "belote", NP_("game title", "Belote"), "belote", teams=True),
        Game("coinche", "coinche", NP_("game title", "Coinche"), "coinche", teams=True),
    )
}

# The one default: a game file without a ``"game"`` key, or a workbook without the
# ``scoresheet:GAME`` category, was written before there was more than one game.
DEFAULT_GAME = "barbu"

Role = Literal[
    "flags",
    "models",
    "rules",
    "score",
    "entry",
    "play",
    "views",
    "simulate",
    "paper",
    "web",
    "stats",
    "sheet.layout",
    "sheet.render",
    "sheet.audit",
]
ROLES: tuple[Role, ...] = (
    "flags",
    "models",
    "rules",
    "score",
    "entry",
    "play",
    "views",
    "simulate",
    "paper",
    "web",
    "stats",
    "sheet.layout",
    "sheet.render",
    "sheet.audit",
)


def game(name: str) -> Game:
    """The game called ``name``; an unknown name is refused, naming the games there are."""
    found = GAMES.get(name)
    if found is None:
        raise ScoresheetError(
            _('game: "{name}" is not a game this tool scores ({games})').format(
                name=name, games=", ".join(GAMES)
            )
        )
    return found


def shown_title(name: str) -> str:
    """The title of the game called ``name`` as a player reads it, in the language in force.

    >>> shown_title("caribbean-all-fours")
    'Caribbean All Fours'
    """
    return pgettext("game title", game(name).title)


def names() -> list[str]:
    """The games, in the order the documentation lists them."""
    return list(GAMES)


@overload
def part(name: str, role: Literal["flags"]) -> roles.Flags: ...
@overload
def part(name: str, role: Literal["models"]) -> roles.Models: ...
@overload
def part(name: str, role: Literal["rules"]) -> roles.Rules[GameRules]: ...
@overload
def part(name: str, role: Literal["score"]) -> roles.Score[GameResult]: ...
@overload
def part(name: str, role: Literal["entry"]) -> roles.Entry[GameResult]: ...
@overload
def part(name: str, role: Literal["play"]) -> roles.Play[GameResult]: ...
@overload
def part(name: str, role: Literal["views"]) -> roles.Views[GameResult, GameRules]: ...
@overload
def part(name: str, role: Literal["simulate"]) -> roles.Simulate: ...
@overload
def part(name: str, role: Literal["paper"]) -> roles.Paper[GameResult]: ...
@overload
def part(name: str, role: Literal["web"]) -> roles.Web[GameResult]: ...
@overload
def part(name: str, role: Literal["stats"]) -> roles.Stats: ...
@overload
def part(name: str, role: Literal["sheet.layout"]) -> ModuleType: ...
@overload
def part(name: str, role: Literal["sheet.render"]) -> roles.SheetRender: ...
@overload
def part(name: str, role: Literal["sheet.audit"]) -> roles.SheetAudit: ...
def part(name: str, role: Role) -> Any:
    """The module of ``name`` that plays ``role``, imported on first use.

    Each role is typed by its protocol in :mod:`scoresheet.roles`; a game's role is only
    handed results and rules of that game, so across the seam they are typed by what all
    games' results and rules share.
    """
    return cast(Any, importlib.import_module(f"scoresheet.games.{game(name).package}.{role}"))


def flags() -> tuple[Flag, ...]:
    """The readable flags of ``add`` and ``edit``: every game's (its light ``flags``
    role), each once, in the games' order. A flag two games both declare must be the
    same kind of flag in both (repeatable or not, the same completion, short name and
    metavar); else this is refused, naming the flag and both games.
    """
    found: dict[str, tuple[str, Flag]] = {}
    for name in GAMES:
        for flag in part(name, "flags").FLAGS:
            first = found.setdefault(flag.name, (name, flag))
            if first[1] != flag and _kind(first[1]) != _kind(flag):
                raise TypeError(
                    f"--{flag.name}: {first[0]} and {name} declare it differently "
                    f"({_kind(first[1])} and {_kind(flag)}); a flag two games share "
                    "must be the same kind of flag in both"
                )
    return tuple(flag for _game, flag in found.values())


def _kind(flag: Flag) -> str:
    return (
        f"{'repeatable' if flag.repeatable else 'once'}, completion {flag.completion}, "
        f"short {flag.short}, metavar {flag.metavar}"
    )
