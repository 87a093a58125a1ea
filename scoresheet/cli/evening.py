"""After the last deal: ``settle`` (who pays whom) and ``stats`` (a season's figures).

Thin wrappers over :mod:`scoresheet.evening`; the library and openpyxl are imported
inside the commands, so the table commands start as fast as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from scoresheet import registry
from scoresheet.cli.language import help_text
from scoresheet.cli.options import Force, JsonFlag
from scoresheet.cli.output import json_text
from scoresheet.i18n import _

# The commands of this module, each a top-level function; register() adds them to the
# application (sqlite-utils' cli.py style).
commands = typer.Typer()


def _print_json(data: Any) -> None:
    typer.echo(json_text(data))


def _stream_json(data: Any) -> None:
    """:func:`_print_json`'s text, written as it is made, a piece at a time: a season's
    figures are megabytes of JSON, never held whole (nor its millions of pieces)."""
    batch: list[str] = []
    size = 0
    for piece in json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(data):
        batch.append(piece)
        size += len(piece)
        if size >= 1 << 16:
            typer.echo("".join(batch), nl=False)
            batch, size = [], 0
    batch.append("\n")
    typer.echo("".join(batch), nl=False)


def _check_workbook(path: Path, inputs: list[Path]) -> None:
    """Refuse a workbook name not ending in .xlsx, or one that is a game being read (by
    name, symbolic link or hard link), before anything is read or computed."""
    from scoresheet.store import check_output

    check_output(path, (".xlsx",), "a workbook", inputs=inputs)


@commands.command()
def settle(
    games: Annotated[
        list[Path],
        typer.Argument(help="The evening's game files (JSON).", show_default=False),
    ],
    stake: Annotated[
        list[str],
        typer.Option(
            help=help_text(
                "Money per point, or per game won in a partnership game ({games}): "
                "0.01 is a cent a point. GAME=AMOUNT gives one kind of game its own "
                "stake, for an evening of several: --stake barbu=0.05 --stake belote=2.",
                games=", ".join(g.title for g in registry.GAMES.values() if g.teams),
            ),
            show_default=False,
        ),
    ],
    currency: Annotated[
        str,
        typer.Option(
            help="The currency, a sign or a code (€, $, EUR, USD, CHF…), written where its "
            "users write it; by default none, the amounts plain numbers.",
            show_default=False,
        ),
    ] = "",
    unit: Annotated[
        str, typer.Option(help="The currency's smallest unit: amounts are exact in it.")
    ] = "0.01",
    ledger_only: Annotated[
        bool,
        typer.Option("--ledger-only", help="Settle only the side bets (the doubles)."),
    ] = False,
    partial: Annotated[
        bool,
        typer.Option("--partial", help="Accept games not complete (the scores so far)."),
    ] = False,
    as_json: JsonFlag = False,
    xlsx: Annotated[
        Path | None,
        typer.Option(
            "--xlsx",
            help="Also write a workbook whose balances and payments are formulas.",
            show_default=False,
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Who pays whom after a game or a whole evening, and the side bets.

    Individual games settle each player's total against the table's mean (in a
    zero-sum game simply total × stake; Rosbiratschka's penalties the other way
    round); partnership games settle the stake per game won, split by partners. A
    player absent from a game owes nothing for it. Amounts are exact in the unit;
    the payments are as few as possible.
    """
    from scoresheet.cli.output import for_json
    from scoresheet.evening import ScoredGame, Settlement, find_games, load_game
    from scoresheet.evening import settle as settle_games
    from scoresheet.evening.stakes import parse_stakes
    from scoresheet.evening.text import settlement_text

    bare, stakes = parse_stakes(stake)
    files = find_games(games, twice="refuse")
    if xlsx is not None:
        _check_workbook(xlsx, files)

    def work() -> tuple[list[ScoredGame], Settlement]:
        scored = [load_game(p) for p in files]
        settled = settle_games(
            scored,
            bare,
            stakes=stakes,
            currency=currency,
            unit=unit,
            ledger_only=ledger_only,
            partial=partial,
        )
        return scored, settled

    scored, result = work()
    if xlsx is not None:
        from scoresheet.evening.workbook import settlement_workbook
        from scoresheet.store import write_new_file

        write_new_file(xlsx, settlement_workbook(result, scored), force=force)
    if as_json:  # the same JSON in every language
        _print_json(for_json(lambda: work()[1].to_json(), result.to_json()))
    else:
        typer.echo(settlement_text(result))
        if xlsx is not None:
            typer.echo(_("wrote {file}").format(file=xlsx))


@commands.command()
def stats(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Game files, or folders (every *.json under them, by name).",
            show_default=False,
        ),
    ],
    player: Annotated[
        str | None, typer.Option(help="Only this player's figures.", show_default=False)
    ] = None,
    as_json: JsonFlag = False,
    xlsx: Annotated[
        Path | None,
        typer.Option(
            "--xlsx",
            help="Also write a workbook with the figures and a chart of running form.",
            show_default=False,
        ),
    ] = None,
    force: Force = False,
    skip_bad: Annotated[
        bool,
        typer.Option("--skip-bad", help="Leave out unreadable files (listed) instead of stopping."),
    ] = False,
) -> None:
    """Statistics over many games of any mix: per player, per contract, doubles, form.

    Games are taken in the order given (a folder's files in name order). Every
    figure comes from the same scoring as `scoresheet score --json`.
    """
    from scoresheet.cli.output import for_json
    from scoresheet.errors import ScoresheetError
    from scoresheet.evening import Stats, find_games, load_game
    from scoresheet.evening.games import UnreadableFolder
    from scoresheet.evening.stats import Season
    from scoresheet.evening.text import stats_text

    def work(check: bool = False) -> tuple[Stats, list[tuple[str, str]]]:
        season = Season()  # each game folded in as it is read, then dropped
        read = 0
        skipped: list[tuple[str, str]] = []
        leaves = _("{reason} (--skip-bad leaves it out)")
        try:
            files = find_games(paths, unreadable=skipped if skip_bad else None)
        except UnreadableFolder as exc:
            raise ScoresheetError(leaves.format(reason=exc)) from None
        if check and xlsx is not None:
            _check_workbook(xlsx, files)
        for path in files:
            try:
                game = load_game(path)
            except ScoresheetError as exc:
                if not skip_bad:
                    raise ScoresheetError(leaves.format(reason=exc)) from None
                skipped.append((str(path), str(exc)))
                continue
            season.add(game)
            read += 1
        if not read:
            raise ScoresheetError(_("stats: none of the files is a readable game"))
        return season.result(player=player), skipped

    result, skipped = work(check=True)
    if xlsx is not None:
        from scoresheet.evening.workbook import stats_workbook
        from scoresheet.store import write_new_file

        write_new_file(xlsx, stats_workbook(result), force=force)
    if as_json:  # the same JSON in every language

        def data(done: tuple[Stats, list[tuple[str, str]]]) -> dict[str, Any]:
            out = done[0].to_json()
            out["skipped"] = [{"file": f, "error": e} for f, e in done[1]]
            return out

        _stream_json(for_json(lambda: data(work()), data((result, skipped))))
    else:
        typer.echo(stats_text(result, skipped))
        if xlsx is not None:
            typer.echo(_("wrote {file}").format(file=xlsx))


def register(app: typer.Typer) -> None:
    """Add ``settle`` and ``stats`` to ``app``."""
    app.registered_commands += commands.registered_commands
