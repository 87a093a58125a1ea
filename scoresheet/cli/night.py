"""``scoresheet night …``: a club night of many tables (new, draw, cards, standings, next).

Thin wrappers over :mod:`scoresheet.night`, imported inside the commands so that start-up
stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scoresheet.cli.options import Commands, Force, GameChoice, JsonFlag, RulesChoice
from scoresheet.cli.output import json_text
from scoresheet.cli.sheets import Paper
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _

night_app = typer.Typer(
    help="A club night: many tables, a fair draw, the room's standings.",
    no_args_is_help=True,
    cls=Commands,
)

NightFolder = Annotated[
    Path,
    typer.Argument(
        help="The night's folder (its night file and a game file per table per round).",
        show_default=False,
    ),
]


@night_app.command("new")
def new(
    night: NightFolder,
    players_file: Annotated[
        Path,
        typer.Option(
            "--players-file",
            help="The roster: one name a line (a pair a line for the partnership games: "
            "Ann, Cat); # starts a comment.",
            show_default=False,
        ),
    ],
    rounds: Annotated[int, typer.Option(help="The rounds of the night.", show_default=False)],
    seed: Annotated[
        int,
        typer.Option(
            help="The draw's seed: the same seed gives the same seats.", show_default=False
        ),
    ],
    game_name: GameChoice = None,
    rules: RulesChoice = None,
    draw: Annotated[
        str,
        typer.Option(
            help="random: every round drawn now; by-rank: each round drawn by the standings "
            "so far, strong with strong."
        ),
    ] = "random",
    ranking: Annotated[
        str,
        typer.Option(
            help="percent: by players finished ahead of at each table; totals: by points."
        ),
    ] = "percent",
) -> None:
    """Start a club night: the roster drawn into tables, round 1's game files made."""
    from scoresheet.night.folder import new_night
    from scoresheet.night.text import draw_text
    from scoresheet.rules import choose_preset

    chosen, preset = choose_preset(game_name, rules)
    made = new_night(
        night,
        game=chosen,
        rules=preset,
        players_file=players_file,
        rounds=rounds,
        seed=seed,
        draw=draw,
        ranking=ranking,
    )
    typer.echo(draw_text(night, made, 1))


@night_app.command("draw")
def draw(night: NightFolder, as_json: JsonFlag = False) -> None:
    """Who sits where in the current round, and the game file of each table."""
    from scoresheet.night.folder import current_round, load
    from scoresheet.night.text import draw_json, draw_text

    data = load(night)
    number = current_round(data)
    if as_json:
        typer.echo(json_text(draw_json(night, data, number)))
    else:
        typer.echo(draw_text(night, data, number))


@night_app.command("standings")
def standings(night: NightFolder, as_json: JsonFlag = False) -> None:
    """The night's ranking so far, from every table's game file."""
    from scoresheet import registry
    from scoresheet.night.folder import load
    from scoresheet.night.standings import compute, to_json
    from scoresheet.night.text import standings_text

    data = load(night)
    after, lines = compute(night, data)
    if as_json:
        typer.echo(json_text(to_json(after, lines, registry.game(data["game"]).teams)))
    else:
        typer.echo(standings_text(data, after, lines))


@night_app.command("next")
def next_round(night: NightFolder) -> None:
    """Close the current round and open the next: its seating and game files."""
    from scoresheet.night.folder import current_round, next_round
    from scoresheet.night.standings import ranked_units
    from scoresheet.night.text import draw_text

    data = next_round(night, ranked_units)
    typer.echo(draw_text(night, data, current_round(data)))


@night_app.command("cards")
def cards(
    night: NightFolder,
    output: Annotated[
        Path,
        typer.Option("-o", "--output", help="The PDF to write.", show_default=False),
    ],
    url: Annotated[
        str | None,
        typer.Option(
            "--url",
            help="Where `serve NIGHT` will be reached: http://HOST:PORT (default: this "
            "machine's address on the local network, as `serve --lan` finds it, port 8000; "
            "else http://127.0.0.1:8000).",
            show_default=False,
        ),
    ] = None,
    paper: Paper = "a4",
    force: Force = False,
) -> None:
    """One card per table of the current round, to print: the seats in playing order,
    the game and its rules, the table's game file, a QR code of the table's scoring link
    (it works once `serve NIGHT` runs) and the table's score pad."""
    from scoresheet.night.cards import cards_pdf, check_output, default_base
    from scoresheet.night.links import checked_base
    from scoresheet.paper import PAPERS
    from scoresheet.store import write_new_file

    if paper not in PAPERS:
        raise ScoresheetError(
            _('--paper: "{paper}" is not a paper size (a4 or letter)').format(paper=paper)
        )
    check_output(output, force=force)
    base = checked_base(url) if url is not None else default_base()
    number, data = cards_pdf(night, base, paper)
    write_new_file(output, data, force=force)
    typer.echo(_("wrote {file} (round {number})").format(file=output, number=number))


def register(app: typer.Typer) -> None:
    """Add ``night`` and its commands to ``app``."""
    app.add_typer(night_app, name="night")
