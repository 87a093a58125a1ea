"""``scoresheet rate``: the season ladder, every player rated over the complete games.

A thin wrapper over :mod:`scoresheet.evening.rate`; the library (and openskill) is
imported inside the command, so the other commands start as fast as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scoresheet.cli.options import JsonFlag
from scoresheet.cli.output import json_text
from scoresheet.i18n import _

if TYPE_CHECKING:
    from scoresheet.evening.rate import Ratings

commands = typer.Typer()


@commands.command()
def rate(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Game files, or folders (every *.json under them, a night's included).",
            show_default=False,
        ),
    ],
    together: Annotated[
        bool,
        typer.Option(
            "--together",
            help="Rate every kind of game on one ladder (by default each has its own).",
        ),
    ] = False,
    as_json: JsonFlag = False,
    skip_bad: Annotated[
        bool,
        typer.Option("--skip-bad", help="Leave out unreadable files (listed) instead of stopping."),
    ] = False,
) -> None:
    """The season ladder: every player rated over the complete games.

    Games are rated oldest first (each file's "created" moment, then its
    path) with openskill's Plackett-Luce model: players by their place,
    partnerships as teams. Each kind of game has its own ladder unless
    --together. The rating is mu − 3 × sigma; the last column is its change
    over the last night. The same files always give the same numbers.
    """
    from scoresheet.cli.output import for_json
    from scoresheet.errors import ScoresheetError
    from scoresheet.evening import find_games
    from scoresheet.evening.games import UnreadableFolder
    from scoresheet.evening.rate import load_dated, rate, rated_game, ratings_text
    from scoresheet.evening.settle import NameCheck

    def work() -> tuple[Ratings, list[tuple[str, str]]]:
        skipped: list[tuple[str, str]] = []
        leaves = _("{reason} (--skip-bad leaves it out)")
        try:
            files = find_games(paths, unreadable=skipped if skip_bad else None)
        except UnreadableFolder as exc:
            raise ScoresheetError(leaves.format(reason=exc)) from None
        names = NameCheck()
        rated = []
        left_out: list[str] = []
        read = 0
        for path in files:
            try:
                game, created = load_dated(path)
            except ScoresheetError as exc:
                if not skip_bad:
                    raise ScoresheetError(leaves.format(reason=exc)) from None
                skipped.append((str(path), str(exc)))
                continue
            read += 1
            refusal = names.add(game)
            if refusal is not None:
                raise ScoresheetError(refusal)
            one = rated_game(game, created)
            if one is None:
                left_out.append(game.name)
            else:
                rated.append(one)
        if not read:
            raise ScoresheetError(_("rate: none of the files is a readable game"))
        if not rated:
            raise ScoresheetError(
                _("rate: none of these games is complete; only complete games are rated")
            )
        return rate(rated, together=together, left_out=left_out), skipped

    result, skipped = work()
    if as_json:  # the same JSON in every language

        def data(done: tuple[Ratings, list[tuple[str, str]]]) -> dict[str, Any]:
            out = done[0].to_json()
            out["skipped"] = [{"file": f, "error": e} for f, e in done[1]]
            return out

        typer.echo(json_text(for_json(lambda: data(work()), data((result, skipped)))))
    else:
        typer.echo(ratings_text(result, skipped))


def register(app: typer.Typer) -> None:
    """Add ``rate`` to ``app``."""
    app.registered_commands += commands.registered_commands
