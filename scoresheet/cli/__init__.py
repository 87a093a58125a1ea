"""The ``scoresheet`` command line: each command a thin wrapper over one library call.

Errors in the input are one line on standard error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import sys

import typer

from scoresheet.cli.app import app
from scoresheet.errors import ScoresheetError

__all__ = ["app", "main"]


def main() -> None:
    """The console script's entry point."""
    try:
        app()
    except ScoresheetError as exc:
        typer.echo(f"scoresheet: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        typer.echo("scoresheet: interrupted; nothing was saved", err=True)
        sys.exit(130)
