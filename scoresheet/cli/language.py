"""The command line in the language in force: ``--lang`` wherever it is typed, and every
``--help`` text (the commands', the options', and the words typer and click add around
them) looked up in the catalogs when the help is shown."""

from __future__ import annotations

from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import N_, SOURCE, _, language, languages

LANG_HELP = N_(
    "The language to speak: en, de, fr, ja, zh (default: SCORESHEET_LANG, else the "
    "locale, else English). Game files and --json stay in English."
)
# typer's own options, with the English it gives them.
TYPER_HELP = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
# The words typer's help screen puts around the texts, by the name typer keeps them under.
FRAME = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
}
USAGE = N_("Usage:")
HELP_ASKED = frozenset({"--help", "-h"})


def take_lang(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` (or ``--lang=CODE``) taken out of ``args``, wherever it stands
    before a ``--``: before or after the command's name.

    >>> take_lang(["--lang", "fr", "show", "g.json"])
    ('fr', ['show', 'g.json'])
    >>> take_lang(["show", "g.json", "--lang=ja", "--", "--lang"])
    ('ja', ['show', 'g.json', '--', '--lang'])
    >>> take_lang(["show", "--lang"])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: --lang needs a language: en, de, fr, ja, zh
    """
    found: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--lang" or arg.startswith("--lang="):
            if arg == "--lang":
                i += 1
                if i >= len(args) or args[i].startswith("-"):
                    raise ScoresheetError(
                        _("--lang needs a language: {known}").format(known=", ".join(languages()))
                    )
                arg = "--lang=" + args[i]
            found.append(arg.partition("=")[2])
        else:
            rest.append(arg)
        i += 1
    if len(found) > 1:
        raise ScoresheetError(
            _("{option} is given twice ({first}, then {second}); give it once").format(
                option="--lang", first=found[0], second=found[1]
            )
        )
    return (found[0] if found else None), rest


# Help texts made from a template and values: the English shown, by its template.
_MADE: dict[str, tuple[str, dict[str, str]]] = {}


def help_text(template: str, **values: str) -> str:
    """A help text with values filled in (the games there are, a default), translated as
    its template when shown.

    >>> help_text("The game: {games}.", games="barbu, belote")
    'The game: barbu, belote.'
    """
    text = template.format(**values)
    _MADE[text] = (template, values)
    return text


def _translate(obj: Any, attribute: str = "help") -> None:
    """``obj.help`` (or ``obj.epilog``) in the language in force; its English kept for the
    next call."""
    english = obj.__dict__.setdefault(f"_english_{attribute}", getattr(obj, attribute, None))
    if english in _MADE:
        template, values = _MADE[english]
        setattr(obj, attribute, _(template).format(**values))
    elif english:
        setattr(obj, attribute, _(english))


def _commands(command: Any) -> list[Any]:
    """``command`` and every command under it."""
    out = [command]
    for sub in getattr(command, "commands", {}).values():
        out += _commands(sub)
    return out


def translate_help(group: Any, args: list[str]) -> None:
    """Put the help of ``group`` and of every command under it in the language in force,
    each with a documented ``--lang`` (read before click sees the arguments). When help
    is asked for in another language than English, the words typer's help screen adds
    (panel titles, "[required]", "Usage:") are put in it too."""
    from typer._click.decorators import help_option
    from typer.core import TyperOption

    for command in _commands(group):
        if command._help_option is None and command.add_help_option:
            help_option(["--help"])(command)
            command._help_option = command.params.pop()
        if not any(p.name == "lang" for p in command.params):
            command.params.append(
                TyperOption(
                    param_decls=["--lang"], metavar="CODE", expose_value=False, help=LANG_HELP
                )
            )
        for obj in (command, *command.params, command._help_option):
            if obj is not None:
                _translate(obj)
        _translate(command, "epilog")
    if (HELP_ASKED.intersection(args) or not args) and (language() != SOURCE or _saved):
        _translate_frame()


_saved: dict[str, Any] = {}


def _translate_frame() -> None:
    """Typer's and click's own words on a help screen, in the language in force."""
    from typer import rich_utils
    from typer._click import formatting

    for name, text in FRAME.items():
        setattr(rich_utils, name, _(text))
    if "make_rich_text" not in _saved:
        # Japanese and Chinese have no spaces to wrap at: a line too long for the screen
        # is folded where it reaches the edge, not cut off with "…".
        make = _saved["make_rich_text"] = rich_utils._make_rich_text

        def make_rich_text(**given: Any) -> Any:
            text = make(**given)
            if hasattr(text, "overflow"):
                text.overflow = "fold"
            return text

        rich_utils._make_rich_text = make_rich_text
    if "write_usage" not in _saved:
        original = _saved["write_usage"] = formatting.HelpFormatter.write_usage

        def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
            original(self, prog, args, f"{_(USAGE)} " if prefix is None else prefix)

        formatting.HelpFormatter.write_usage = write_usage  # type: ignore[method-assign]
