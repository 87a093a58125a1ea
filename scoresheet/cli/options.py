"""Options several commands share, declared once.

The commands import the library inside their bodies, so that typer builds a command
without importing what another command needs (start-up stays fast); so do the shell
completions here, which read the game file being completed.
"""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

import typer
import typer.core
from typer.models import TyperPath

from scoresheet import registry
from scoresheet.cli.language import help_text
from scoresheet.i18n import _

if TYPE_CHECKING:
    from scoresheet.flag import Flag

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for other tools.")]
Force = Annotated[bool, typer.Option("--force", help="Replace the output if it exists.")]
GamePath = Annotated[Path, typer.Argument(help="The game file (JSON).", show_default=False)]
Width = Annotated[
    int | None,
    typer.Option(
        "--width",
        help="Fit the output to N columns, at least 30 (default: the terminal's width, "
        "or COLUMNS).",
        show_default=False,
    ),
]


# -- paths: never empty ---------------------------------------------------------------


class NonEmptyPath(TyperPath):
    """A path typed on the command line, refused when empty: ``Path("")`` is the current
    folder, so ``stats ""`` would read every game under it and ``export ""`` would fail."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str | bytes) and not value:
            self.fail(_("the path is empty; give the name of a file"), param, ctx)
        return super().convert(value, param, ctx)


def refuse_empty_paths(command: Any) -> None:
    """Make every path that ``command`` (and each of its subcommands) takes refuse an
    empty path, so that no command, nor any option taking a path, can forget it."""
    for param in getattr(command, "params", ()):
        if type(param.type) is TyperPath:
            guarded = copy.copy(param.type)
            guarded.__class__ = NonEmptyPath
            param.type = guarded
    for sub in getattr(command, "commands", {}).values():
        refuse_empty_paths(sub)


class Commands(typer.core.TyperGroup):
    """The application's group of commands: as typer builds it, with every path guarded
    (:func:`refuse_empty_paths`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        refuse_empty_paths(self)


def typed_names(values: list[str]) -> list[str]:
    """Players' names as typed: ``--players Ann Bob`` or ``--players Ann,Bob``, commas
    separating names, each read as every typed name is (:func:`scoresheet.entry.typed`:
    composed, "Zoë" typed either way is one player, and without surrounding blanks)."""
    from scoresheet.entry import typed

    return [typed(n) for value in values for n in value.split(",") if n.strip()]


# -- shell completion: contract names and the game's players ---------------------------


def _game_from_context(ctx: typer.Context, args: list[str]) -> Any:
    """The game named on the command line being completed, or ``None``."""
    candidates = [ctx.params.get("game"), *ctx.args, *args]
    for path in candidates:
        if path and str(path).endswith(".json") and Path(path).is_file():
            try:
                from scoresheet.session import open_game

                return open_game(Path(path))
            except Exception:  # a half-typed command line: complete nothing rather than fail
                return None
    return None


def complete_contract(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    game = _game_from_context(ctx, args)
    if game is None:
        # Without a game file: the contracts of the game a file without "game" is.
        rules: Any = registry.part(registry.DEFAULT_GAME, "rules")
        names = list(rules.CONTRACT_NAMES)
    else:
        declarer = game.result.next_declarer
        names = game.result.contracts_left(declarer) if declarer else []
    return [n for n in names if n.startswith(incomplete)]


def complete_player_assignment(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    game = _game_from_context(ctx, args)
    if game is None:
        return []
    players: list[str] = list(game.result.players)
    if "=" in incomplete:
        who, _, rest = incomplete.partition("=")
        words = ["maximum", "family", "all", "none", *players]
        return [f"{who}={w}" for w in words if w.startswith(rest)]
    return [f"{p}=" for p in players if p.startswith(incomplete)]


def complete_player(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    game = _game_from_context(ctx, args)
    players: list[str] = list(game.result.players) if game is not None else []
    return [p for p in players if p.startswith(incomplete)]


# -- shared deal options (add and edit take the same forms) -----------------------------

Contract = Annotated[
    str | None,
    typer.Argument(
        help="The contract (no-queens, queens, q, …): any unique start of its name.",
        autocompletion=complete_contract,
        show_default=False,
    ),
]
DealJson = Annotated[
    str | None,
    typer.Option(
        "--deal",
        help="The whole deal as one JSON object, as in the game file (- reads standard input).",
        show_default=False,
    ),
]
Sets = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="KEY=VALUE, repeatable: a field of the deal in games other than Barbu "
        "(e.g. --set king_of_hearts=Cat for Rosbiratschka; see the game's page in docs/games/).",
        show_default=False,
    ),
]
Replace = Annotated[
    bool,
    typer.Option(
        "--replace",
        help="Replace the whole deal by the one given, as add takes it (without it, only "
        "what is given changes and the rest of the deal is kept).",
    ),
]

COMPLETIONS: dict[str, Callable[[typer.Context, list[str], str], list[str]]] = {
    "player": complete_player,
    "player assignment": complete_player_assignment,
    "contract": complete_contract,
}


def flag_option(flag: Flag) -> Any:
    """The typed option of one of the games' readable flags (:class:`Flag`)."""
    kind: Any = list[str] | None if flag.repeatable else str | None
    names = [f"--{flag.name}", *([flag.short] if flag.short else [])]
    return Annotated[
        kind,
        typer.Option(
            *names,
            help=flag.help,
            autocompletion=COMPLETIONS[flag.completion] if flag.completion else None,
            metavar=flag.metavar,
            show_default=False,
        ),
    ]


def deal_option_kinds() -> dict[str, Any]:
    """The deal options of ``add`` and ``edit``, in the order ``--help`` lists them: the
    contract, ``--deal``, every game's readable flags (:func:`scoresheet.registry.flags`,
    each game's light ``flags`` role) and ``--set`` (``set_``)."""
    games = {flag.key: flag_option(flag) for flag in registry.flags()}
    return {"contract": Contract, "deal": DealJson, **games, "set_": Sets}


C = TypeVar("C", bound=Callable[..., Any])


class _DealCommand:
    """A command ending in ``**deal``, whose signature (what typer reads its parameters
    from) has the deal options in place of ``**deal``, read from the registry when typer
    builds the command: so a game's flags are the game's data, and a command line that
    builds neither ``add`` nor ``edit`` reads no game's flags."""

    def __init__(self, command: Callable[..., Any]) -> None:
        functools.update_wrapper(self, command)
        self._command = command

    @property
    def __signature__(self) -> inspect.Signature:
        games = tuple(registry.GAMES.values())  # typer asks several times: made once
        made = self.__dict__.get("_made")
        if made is None or made[0] != games:
            made = self.__dict__["_made"] = (games, self._signature())
        return cast(inspect.Signature, made[1])

    def _signature(self) -> inspect.Signature:
        signature = inspect.signature(self._command, eval_str=True)
        own = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
        added = [
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind)
            for name, kind in deal_option_kinds().items()
        ]
        return signature.replace(parameters=[*own, *added])

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._command(*args, **kwargs)


def deal_options(command: C) -> C:
    """Give a command ending in ``**deal`` the deal options, all optional.

    typer reads a command's parameters from its signature; this one adds the deal
    options in place of ``**deal`` (:func:`deal_option_kinds`), so ``add`` and ``edit``
    declare them once, and a game declares its own (its ``flags`` role).
    """
    return cast(C, _DealCommand(command))


def deal_flags(deal: dict[str, Any]) -> dict[str, Any]:
    """The readable deal flags among the deal options, keyed as a game's ``entry`` reads
    them (``set`` for ``--set``): all but the contract and ``--deal``."""
    return {k.rstrip("_"): v for k, v in deal.items() if k not in ("contract", "deal", "replace")}


_DEFAULT = registry.game(registry.DEFAULT_GAME)  # old files' game, named in the help

# The game and the preset of a new game or a blank sheet (`new`, `blank`).
RulesChoice = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help=help_text(
            "A rules preset (see `scoresheet rules list`); it names its game. "
            "Default: {preset} for {title}, the game's own preset for the others.",
            preset=_DEFAULT.preset,
            title=_DEFAULT.title,
        ),
        show_default=False,
    ),
]
GameChoice = Annotated[
    str | None,
    typer.Option(
        "--game",
        help=help_text(
            "The game: {games} (default: the game of --rules, else {default}).",
            games=", ".join(registry.names()),
            default=registry.DEFAULT_GAME,
        ),
        show_default=False,
    ),
]
