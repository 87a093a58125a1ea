"""The typer application and its commands.

The commands import the library inside their bodies, so that building one command does
not import what the others need (start-up stays fast).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from scoresheet import registry
from scoresheet.cli import evening as _evening
from scoresheet.cli import night as _night
from scoresheet.cli import rate as _rate
from scoresheet.cli import sheets as _sheets
from scoresheet.cli import table as _table
from scoresheet.cli.options import Commands, JsonFlag, Width
from scoresheet.cli.output import echo_view, json_text, term_for
from scoresheet.serve import command as _serve

app = typer.Typer(
    name="scoresheet",
    help="Keep score for Barbu and other card games played at a real table.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=Commands,  # no path any command takes may be empty
)
rules_app = typer.Typer(help="The shipped rules presets.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")

GameFile = Annotated[
    Path,
    typer.Argument(help="A game file (JSON, see docs/game-file.md).", show_default=False),
]


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"scoresheet {version('scoresheet')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            is_eager=True,
            callback=_show_version,
        ),
    ] = False,
) -> None:
    pass


def _print_json(data: Any) -> None:
    typer.echo(json_text(data))


@app.command()
def score(game: GameFile, as_json: JsonFlag = False, width: Width = None) -> None:
    """Score a game file: every deal, the totals, the doubling ledger and any violations.

    Without --json, a table with one row per deal (doubles in the paper convention:
    the doubled players' initials, X for everyone, * when the declarer is doubled,
    R for a redouble) and a check that each row adds up to the contract's total.
    """
    from scoresheet import record
    from scoresheet.cli.output import for_json

    rec = record.load(game)
    scorer = registry.part(rec["game"], "score")
    if as_json:
        _print_json(for_json(lambda: scorer.to_json(scorer.score_game(rec))))
    else:
        result = scorer.score_game(rec)
        term = term_for(width)
        views = registry.part(result.game, "views")
        echo_view(views.score_text(result, game.name, term), term.colour)


@rules_app.command("list")
def rules_list() -> None:
    """List the shipped rules presets of every game with a one-line description."""
    from scoresheet.rules import list_presets, load_preset
    from scoresheet.views.term import fit_lines

    presets = [(name, load_preset(name)) for name in list_presets()]
    width = max(len(name) for name, _ in presets)
    game_width = max(len(r.game) for _, r in presets)
    lines = [
        f"{name.ljust(width)}  {r.game.ljust(game_width)}  {r.description}" for name, r in presets
    ]
    typer.echo(fit_lines("\n".join(lines), term_for(None).width))


@rules_app.command("show")
def rules_show(
    name: Annotated[str, typer.Argument(help="A preset name (see `scoresheet rules list`).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a full rules object for a game file's rules.")
    ] = False,
) -> None:
    """Show a preset: its deck, rotation, values and each contract's derived total."""
    from scoresheet.rules import load_preset

    r = load_preset(name)
    views = registry.part(r.game, "views")
    if as_json:
        from scoresheet.i18n import source_language

        with source_language():
            _print_json(views.rules_json(r))
    else:
        from scoresheet.views.term import fit_lines

        typer.echo(fit_lines(views.rules_text(r), term_for(None).width))


# Commands kept in their own modules register themselves on the app; their heavy
# imports (openpyxl, …) happen inside the commands, so start-up stays fast.
_table.register(app)
_sheets.register(app)
_evening.register(app)
_night.register(app)
_rate.register(app)
_serve.register(app)
