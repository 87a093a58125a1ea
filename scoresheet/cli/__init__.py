"""The ``scoresheet`` command line: each command a thin wrapper over one library call.

Bad input is one line on standard error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import sys

import typer

# typer runs on its own copy of click (0.26 and later); its usage errors and aborts are
# caught here so they print as one line like every other error.
from typer._click.exceptions import ClickException, NoArgsIsHelpError

from scoresheet.cli.app import app
from scoresheet.errors import ScoresheetError

__all__ = ["app", "main"]


def one_line(message: str) -> str:
    """A message made safe to print as one line: control characters shown escaped.

    >>> one_line('"a\\nb" is not a player')
    '"a\\\\nb" is not a player'
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point."""
    try:
        code = app(args=argv, prog_name="scoresheet", standalone_mode=False)
    except ScoresheetError as exc:
        typer.echo(f"scoresheet: {one_line(str(exc))}", err=True)
        sys.exit(1)
    except NoArgsIsHelpError as exc:
        exc.show()
        sys.exit(0)
    except ClickException as exc:
        ctx = getattr(exc, "ctx", None)
        command = ctx.command_path if ctx is not None else "scoresheet"
        message = one_line(exc.format_message())
        typer.echo(f"{command}: {message} (see {command} --help)", err=True)
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        typer.echo("scoresheet: stopped; nothing was saved", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
