"""The ``scoresheet`` command line: each command a thin wrapper over one library call.

Bad input is one line on standard error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from typing import Any

import typer
import typer.main

# typer runs on its own copy of click (0.26 and later); its usage errors and aborts are
# caught here so they print as one line like every other error.
from typer._click.exceptions import ClickException, NoArgsIsHelpError

from scoresheet.cli.app import app
from scoresheet.cli.language import take_lang, translate_help
from scoresheet.errors import (
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_STOPPED,
    ScoresheetError,
    one_line,
    shorten,
)
from scoresheet.i18n import _, choose, set_language

__all__ = ["app", "main"]


MAX_LINE = 1000  # characters of one error line, at most


def _say(message: str) -> None:
    """Print an error as one line on standard error, never longer than :data:`MAX_LINE`."""
    typer.echo(f"scoresheet: {shorten(one_line(message), MAX_LINE)}", err=True)


def _quiet_stdout() -> None:
    """After standard output failed (a full disk, a closed pipe), point it at the null device
    so Python's own flush at exit cannot print a second message."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no usable stdout at all
        pass


@cache
def _command(name: str | None = None) -> Any:
    """The click command typer builds from ``app``: built once per process, not per call
    (a test or a server may call :func:`main` many times).

    With the ``name`` of one of the app's own commands, the group holds that command
    alone: typer builds every command's options from its signature, and building all
    sixteen costs a table command a quarter of its start-up. The full group answers
    everything else (``--help``, ``--version``, ``rules …``, completion, a mistyped
    command and its suggestions).
    """
    info = next((c for c in app.registered_commands if _name(c) == name), None)
    if info is None:
        return typer.main.get_command(app)
    one = typer.Typer()
    one.info = app.info
    one.registered_callback = app.registered_callback
    one.registered_commands = [info]
    return typer.main.get_command(one)


def _name(info: Any) -> str:
    return str(info.name or info.callback.__name__.replace("_", "-"))


def _refuse_repeats(command: Any, args: list[str]) -> None:
    """An option that takes one value, given twice (``--king Bob --king Cat``), is refused
    naming both values: click would keep the last one without a word.

    >>> from scoresheet.cli import _command
    >>> _refuse_repeats(_command("add").commands["add"], ["g.json", "--king=Bob", "--king", "Cat"])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: --king is given twice (Bob, then Cat); give it once
    """
    takes_value: dict[str, Any] = {}  # each spelling of an option that takes a value
    for param in command.params:
        if getattr(param, "param_type_name", "") == "option" and not param.is_flag:
            takes_value.update(dict.fromkeys([*param.opts, *param.secondary_opts], param))
    seen: dict[str, tuple[str, str]] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return
        spelled, sep, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        param = takes_value.get(spelled)
        if param is None and not arg.startswith("--") and arg[:2] in takes_value:
            param, spelled, sep, value = takes_value[arg[:2]], arg[:2], "", arg[2:]
        if param is not None:
            if not sep and not value:  # its value is the next argument
                i += 1
                value = args[i] if i < len(args) else ""
            if not param.multiple:
                if param.name in seen:
                    first, before = seen[param.name]
                    raise ScoresheetError(
                        _("{option} is given twice ({first}, then {second}); give it once").format(
                            option=first, first=before, second=value
                        )
                    )
                seen[param.name] = (spelled, value)
        i += 1


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point: every outcome is a result or one line and an exit
    code (see :mod:`scoresheet.errors`), never a traceback."""
    if sys.stdout is None:  # started with standard output closed (``scoresheet add … >&-``)
        if sys.stderr is not None:
            typer.echo("scoresheet: " + _("standard output is closed; nothing was done"), err=True)
        sys.exit(EXIT_REFUSED)
    group: Any = None  # the command line's group and arguments, once read
    args: list[str] = []
    try:
        flag, args = take_lang(sys.argv[1:] if argv is None else argv)
        set_language(choose(flag), asked=flag is not None)
        first = args[0] if args and not args[0].startswith("-") else None
        group = _command(first)
        translate_help(group, args)
        command = group.commands.get(first) if first is not None else None
        if command is not None:
            _refuse_repeats(command, args[1:])
        try:
            code = group.main(args=args, prog_name="scoresheet", standalone_mode=False)
        except SystemExit as stop:
            # click's own answer to a closed pipe is exit 1, which is audit's "findings".
            if stop.code != 1:
                raise
            _quiet_stdout()
            sys.exit(EXIT_REFUSED)
        sys.stdout.flush()
    except ScoresheetError as exc:
        _say(str(exc))
        sys.exit(EXIT_REFUSED)
    except NoArgsIsHelpError as exc:
        exc.show()
        sys.exit(EXIT_OK)
    except ClickException as exc:
        # click words its usage errors in English: they are put in the language in force.
        from scoresheet.cli import usage

        command = usage.command_path(exc, group, args)
        message = shorten(one_line(usage.message(exc)), MAX_LINE)
        see = _("see {command} --help").format(command=command)
        typer.echo(f"{command}: {message} ({see})", err=True)
        sys.exit(EXIT_REFUSED)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        typer.echo("scoresheet: " + _("stopped; nothing was saved"), err=True)
        sys.exit(EXIT_STOPPED)
    except BrokenPipeError:
        # The reader of the output went away (``scoresheet show g.json | head -1``).
        _quiet_stdout()
        sys.exit(EXIT_REFUSED)
    except OSError as exc:
        # Each command names the files it reads and writes; what is left is the terminal
        # or a redirected output (``scoresheet show g.json > /dev/full``).
        reason = exc.strerror or type(exc).__name__
        if exc.filename is None:
            _quiet_stdout()
            _say(_("standard output: cannot write ({reason})").format(reason=reason))
        else:
            _say(f"{exc.filename}: {reason}")
        sys.exit(EXIT_REFUSED)
    except RecursionError:
        _say(_("the input is nested too deeply to read; refused"))
        sys.exit(EXIT_REFUSED)
    except MemoryError:
        _say(_("the input needs more memory than this computer has; refused"))
        sys.exit(EXIT_REFUSED)
    except Exception as exc:  # the last resort: a fault of scoresheet's, still one line
        _say(_("internal error ({name}); please report it").format(name=type(exc).__name__))
        sys.exit(EXIT_INTERNAL)
    sys.exit(code if isinstance(code, int) else EXIT_OK)
