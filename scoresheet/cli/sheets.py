"""Spreadsheet commands: export, blank, audit, import.

Each goes to the game's own workbook through :mod:`scoresheet.sheets.audit` (and the
registry); openpyxl is imported inside the commands, so the command line starts fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from scoresheet.cli.options import Force, GameChoice, JsonFlag, RulesChoice, typed_names
from scoresheet.cli.output import json_text
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, pgettext

Output = Annotated[
    Path,
    typer.Option("-o", "--output", help="The file to write.", show_default=False),
]
Paper = Annotated[
    str,
    typer.Option("--paper", help="The paper the output prints on: a4 or letter."),
]


def output_format(path: Path, paper: str, *, inputs: Sequence[Path] = ()) -> str:
    """``xlsx`` or ``pdf``, from the output's extension; refuses any other, an output that is
    one of ``inputs`` or not a regular file (:func:`scoresheet.store.check_output`), and a
    bad paper."""
    from scoresheet.paper import PAPERS
    from scoresheet.store import check_output

    if paper not in PAPERS:
        raise ScoresheetError(
            _('--paper: "{paper}" is not a paper size (a4 or letter)').format(paper=paper)
        )
    kind = pgettext("file kind", "a workbook or a PDF")
    return check_output(path, (".xlsx", ".pdf"), kind, inputs=inputs)[1:]


def write_new_bytes(path: Path, data: bytes, *, force: bool) -> None:
    """Write an output file all at once; see :func:`scoresheet.store.write_new_file`."""
    from scoresheet.store import write_new_file

    write_new_file(path, data, force=force)


def _beside(game: Path, suffix: str) -> Path:
    """The game file's name with ``suffix``, where export writes by default; a path with
    no file's name (``.``, ``..``, ``/``) is refused: it names a folder."""
    if game.name in ("", ".", ".."):
        raise ScoresheetError(_("{path}: is a folder, not a game file; refused").format(path=game))
    return game.with_suffix(suffix)


# The commands of this module, each a top-level function; register() adds them to the
# application (sqlite-utils' cli.py style).
commands = typer.Typer()


@commands.command("export")
def export(
    game: Annotated[Path, typer.Argument(help="A game file (JSON).", show_default=False)],
    output: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--output",
            help="The workbook (.xlsx) or printable sheet (.pdf) to write (default: the "
            "game file's name with .xlsx).",
            show_default=False,
        ),
    ] = None,
    paper: Paper = "a4",
    force: Force = False,
) -> None:
    """Write a game as a live workbook (.xlsx) that scores itself, or as a PDF to print.

    Sheets: Scores (one row per deal, doubles in the paper convention, a check per
    row, running totals, totals, the leader and a chart), Results (what the table
    reported), Doubles (every bet and the doubling ledger), Obligations (declarer
    doubles) and Rules (the values as named cells). Every score is a formula: change
    a trick count or a rule value and the sheet follows. The values are saved too,
    for viewers that do not calculate. With `-o GAME.pdf`, the filled sheet to print:
    every deal, the scores and running totals, the standings, the doubling ledger and
    a chart of the running totals.
    """
    from scoresheet import record

    target = output if output is not None else _beside(game, ".xlsx")
    kind = output_format(target, paper, inputs=[game])
    rec = record.load(game)
    if kind == "pdf":
        from scoresheet.cli.pdf import game_pdf

        data = game_pdf(rec, paper)
    else:
        from scoresheet.sheets.audit import export as export_workbook

        data = export_workbook(rec, paper=paper)
    write_new_bytes(target, data, force=force)
    typer.echo(_("wrote {file}").format(file=target))


@commands.command("blank")
def blank(
    output: Output,
    players: Annotated[
        list[str],
        typer.Option(
            "--players",
            help="The players in seating order, first declarer first: repeat the "
            "option (--players Ann --players Bob …) or separate names with commas.",
            show_default=False,
        ),
    ],
    rules: RulesChoice = None,
    game_name: GameChoice = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            help="Change the preset: KEY=VALUE, repeatable; VALUE is JSON or a word "
            "(rotation=every-deal, doubling.min_declarer_doubles=1, "
            "values.dominoes=[40,25,10,-10]).",
            show_default=False,
        ),
    ] = None,
    paper: Paper = "a4",
    force: Force = False,
) -> None:
    """Write a blank workbook to fill in on a tablet, or a score pad (.pdf) to print.

    The output's extension chooses. The workbook is the same as `export`, with no
    deals: the declarer and dealer of every deal are filled in; contracts and players
    are drop-down lists; the formulas are ready, so the sheet scores itself as the
    results are typed in. The PDF is a pad for a pen: the players and a date line,
    every deal's row with its declarer or dealer printed, boxes big enough to write
    in, and (Barbu) each contract's check total beside its row.
    """
    from scoresheet.cli.table import _options as read_options  # new's --option, read once
    from scoresheet.rules import choose_preset

    kind = output_format(output, paper)
    game_name, preset = choose_preset(game_name, rules)
    options = read_options(option or [])
    names = typed_names(players)
    if kind == "pdf":
        from scoresheet.cli.pdf import pad_pdf

        data = pad_pdf(names, preset, paper, options=options)
    elif options:
        from scoresheet import record
        from scoresheet.sheets.audit import export as export_workbook

        game = {
            "format": record.FORMAT,
            "version": record.VERSION,
            "game": game_name,
            "rules": preset,
            "players": names,
            "deals": [],
            "options": options,
        }
        data = export_workbook(record.from_data(game, source="blank sheet"), paper=paper)
    else:
        from scoresheet.sheets.audit import blank as blank_workbook

        data = blank_workbook(game_name, names, preset, paper=paper)
    write_new_bytes(output, data, force=force)
    typer.echo(_("wrote {file}").format(file=output))


@commands.command("audit")
def audit(
    file: Annotated[
        Path,
        typer.Argument(help="A workbook (.xlsx) or a game file (.json).", show_default=False),
    ],
    as_json: JsonFlag = False,
) -> None:
    """Check a workbook (or a game file) against the rules, deal by deal and cell by cell.

    Reports every number typed over a formula, a formula changed, a value the rules
    do not give, a deal that does not add up, a double the rules forbid, a player
    short of their declarer doubles and a total that does not match. Exits 0 when
    nothing is wrong, 1 when something is, and 2 when the file cannot be read or is
    refused (too large, a zip bomb, XML entities, macros), like every command that
    refuses its input. Nothing is written.
    """
    from scoresheet.errors import EXIT_FINDINGS, EXIT_OK
    from scoresheet.sheets.audit import audit_path

    # A file that cannot be read raises ScoresheetError: exit 2 (see scoresheet.errors),
    # not 1, which says the sheet was read and has findings.
    if as_json:
        from scoresheet.cli.output import for_json

        data = for_json(lambda: audit_path(file).to_json())
        typer.echo(json_text(data))
        raise typer.Exit(EXIT_OK if data["ok"] else EXIT_FINDINGS)
    report = audit_path(file)
    typer.echo(report.text())
    raise typer.Exit(EXIT_OK if report.ok else EXIT_FINDINGS)


@commands.command("import")
def import_(
    sheet: Annotated[
        Path, typer.Argument(help="A workbook written by export or blank.", show_default=False)
    ],
    output: Output,
    force: Force = False,
) -> None:
    """Read a workbook's results and doubles back into a game file (JSON).

    Only the inputs count (Results, Doubles and the Rules values); a rule value
    changed in the sheet is kept in the game file's options. A result or a double
    the rules refuse stops the import, naming the deal; nothing is written.
    """
    from scoresheet import record
    from scoresheet.sheets.audit import import_workbook
    from scoresheet.store import check_output, create_new

    check_output(output, (".json",), pgettext("file kind", "a game file"), inputs=[sheet])
    game, report = import_workbook(sheet)
    for finding in report.findings:
        typer.echo(
            _("note: {finding}; kept in the game's options").format(finding=finding.line),
            err=True,
        )
    create_new(output, record.dumps(game), force=force)
    typer.echo(_("wrote {file}").format(file=output))


def register(app: typer.Typer) -> None:
    """Add the spreadsheet commands to ``app``."""
    app.registered_commands += commands.registered_commands
