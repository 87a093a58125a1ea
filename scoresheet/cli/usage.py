"""The command line's usage errors (an unknown option or command, a missing argument, a
value of the wrong kind…) in the language in force.

click words them in English. Each is made again here from what the exception holds: its
class and attributes (the option's name and its close matches, the parameter and its
type) and, where click keeps nothing but its text, a strict pattern on that text. What is
made is checked: in English it must read exactly as click's own message, else click's
message is shown as it is. So an error this module does not know, or a wording a later
click changes, stays in English rather than coming out wrong.

Imported only when a usage error is shown: a command's start-up does not pay for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    ClickException,
    MissingParameter,
    NoSuchOption,
    UsageError,
    _join_param_hints,
)
from typer._click.types import (
    BoolParamType,
    FloatParamType,
    IntParamType,
    ParamType,
    _NumberRangeBase,
)

from scoresheet.i18n import NP_, _, ngettext, pgettext, source_language

Made = Callable[[], str]  # the message, in the language in force when it is called

PROGRAM = "scoresheet"

# What a path parameter names, as click's messages start ("File 'x' does not exist.").
PATH_KINDS = {
    "File": NP_("path kind", "File"),
    "Directory": NP_("path kind", "Directory"),
    "Path": NP_("path kind", "Path"),
}

_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)", re.S)
_NO_COMMAND = re.compile(
    r"No such command (?P<name>'.*?'|\".*?\")\.(?: Did you mean (?P<matches>'.*')\?)?", re.S
)


def message(exc: ClickException) -> str:
    """The message of a usage error, in the language in force (click's own English when
    it is not one this module knows).

    >>> from scoresheet.i18n import set_language
    >>> set_language("fr")
    >>> message(NoSuchOption("--nope"))
    'Option inconnue : --nope'
    >>> message(ClickException("something else"))
    'something else'
    >>> set_language("en")
    """
    english = exc.format_message()
    made = _made(exc)
    if made is None:
        return english
    with source_language():
        if made() != english:
            return english
    return made()


def command_path(exc: ClickException, group: Any, args: list[str]) -> str:
    """The command the error is about: the one click names, else (an option's missing
    value, which click reports without it) the one the arguments name.

    >>> from scoresheet.cli import _command
    >>> command_path(BadOptionUsage("--players", "?"), _command("blank"), ["blank", "-o", "x"])
    'scoresheet blank'
    """
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        return str(ctx.command_path)
    path, command = [PROGRAM], group
    for arg in args:
        if arg == "--":
            break
        if arg.startswith("-"):
            continue  # a group's own options take no value
        sub = getattr(command, "commands", {}).get(arg)
        if sub is None:
            break
        path.append(arg)
        command = sub
    return " ".join(path)


def _made(exc: ClickException) -> Made | None:
    if isinstance(exc, NoSuchOption):
        return _no_such_option(exc)
    if isinstance(exc, MissingParameter):
        return _missing(exc)
    if isinstance(exc, BadParameter):
        return _bad_value(exc)
    if isinstance(exc, BadOptionUsage):
        return _option_usage(exc)
    if type(exc) is UsageError:
        return _usage(exc.message)
    return None


def _no_such_option(exc: NoSuchOption) -> Made | None:
    said = "No such option: "
    if not exc.message.startswith(said):
        return None
    option = exc.message[len(said) :]
    if not exc.possibilities:
        return lambda: _("No such option: {option}").format(option=option)
    options = ", ".join(sorted(exc.possibilities))
    return lambda: _("No such option: {option} (Possible options: {options})").format(
        option=option, options=options
    )


def _hint(exc: BadParameter) -> str | None:
    """The parameter as click names it (``'--width'``, ``'-o' / '--output'``)."""
    if exc.param_hint is not None:
        return _join_param_hints(exc.param_hint)
    if exc.param is not None:
        return _join_param_hints(exc.param.get_error_hint(exc.ctx))  # type: ignore[arg-type]
    return None


def _missing(exc: MissingParameter) -> Made | None:
    param = exc.param
    if exc.message or param is None:
        return None  # words of its own
    if param.type.get_missing_message(param=param, ctx=exc.ctx):
        return None  # a list of choices, on several lines
    name = _hint(exc)
    if not name:
        return None
    kind = exc.param_type or param.param_type_name
    if kind == "argument":
        return lambda: _("Missing argument {name}.").format(name=name)
    if kind == "option":
        return lambda: _("Missing option {name}.").format(name=name)
    if kind == "parameter":
        return lambda: _("Missing parameter {name}.").format(name=name)
    return None


def _bad_value(exc: BadParameter) -> Made:
    reason = _reason(exc.message, exc.param.type if exc.param is not None else None)
    name = _hint(exc)
    if name is None:
        return lambda: _("Invalid value: {reason}").format(reason=reason())
    return lambda: _("Invalid value for {name}: {reason}").format(name=name, reason=reason())


def _reason(text: str, kind: ParamType | None) -> Made:
    """Why a type refused a value, in the language in force: a reason one of click's types
    gives (or one of a tuple's), by its pattern; any other (a reason of scoresheet's own,
    already translated where it was raised) as it is."""
    for each in (kind, *getattr(kind, "types", ())):
        made = _type_reason(text, each) if each is not None else None
        if made is not None:
            return made
    return lambda: text


def _type_reason(text: str, kind: ParamType) -> Made | None:
    def match(pattern: str) -> dict[str, str] | None:
        found = re.fullmatch(pattern, text, re.S)
        return found.groupdict() if found else None

    if isinstance(kind, _NumberRangeBase):
        bounds = kind._describe_range()
        found = match(rf"(?P<value>.*) is not in the range {re.escape(bounds)}\.")
        if found:
            value = found["value"]
            return lambda: _("{value} is not in the range {range}.").format(
                value=value, range=bounds
            )
    if isinstance(kind, IntParamType | FloatParamType):
        found = match(rf"(?P<value>.*) is not a valid {re.escape(kind.name)}\.")
        if found and kind.name in _NUMBER_REASONS:
            value, words = found["value"], _NUMBER_REASONS[kind.name]
            return lambda: words().format(value=value)
    if isinstance(kind, BoolParamType):
        states = ", ".join(sorted(kind.bool_states))
        found = match(
            rf"(?P<value>.*) is not a valid boolean\. Recognized values: {re.escape(states)}"
        )
        if found:
            value = found["value"]
            return lambda: _("{value} is not a valid boolean. Recognized values: {values}").format(
                value=value, values=states
            )
    if hasattr(kind, "choices"):
        found = match(r"(?P<value>.*?) is not one of (?P<choices>.*)\.")
        if found:
            value, choices = found["value"], found["choices"]
            return lambda: _("{value} is not one of {choices}.").format(
                value=value, choices=choices
            )
    noun = kind.name.title() if isinstance(kind.name, str) else ""
    if hasattr(kind, "file_okay") and noun in PATH_KINDS:
        for ending, words in _PATH_REASONS:
            found = match(rf"{noun} (?P<path>.*) {re.escape(ending)}")
            if found:
                path = found["path"]
                return lambda: words().format(
                    kind=pgettext("path kind", PATH_KINDS[noun]), path=path
                )
    return None


# A number refused, by its type's name: its words, looked up when shown.
_NUMBER_REASONS: dict[str, Made] = {
    "int": lambda: _("{value} is not a valid int."),
    "int range": lambda: _("{value} is not a valid int range."),
    "float": lambda: _("{value} is not a valid float."),
    "float range": lambda: _("{value} is not a valid float range."),
}

# A path refused, by how click's message ends: its words, looked up when shown.
_PATH_REASONS: tuple[tuple[str, Made], ...] = (
    ("does not exist.", lambda: _("{kind} {path} does not exist.")),
    ("is a file.", lambda: _("{kind} {path} is a file.")),
    ("is a directory.", lambda: _("{kind} {path} is a directory.")),
    ("is not readable.", lambda: _("{kind} {path} is not readable.")),
    ("is not writable.", lambda: _("{kind} {path} is not writable.")),
)


def _option_usage(exc: BadOptionUsage) -> Made | None:
    option = repr(exc.option_name)
    text = exc.message
    if text == f"Option {option} does not take a value.":
        return lambda: _("Option {option} does not take a value.").format(option=option)
    if text == f"Option {option} requires an argument.":
        count = 1
    else:
        found = re.fullmatch(rf"Option {re.escape(option)} requires (\d+) arguments\.", text)
        if found is None:
            return None
        count = int(found[1])
    return lambda: ngettext(
        "Option {option} requires an argument.", "Option {option} requires {n} arguments.", count
    ).format(option=option, n=count)


def _usage(text: str) -> Made | None:
    """A usage error click words in its text alone."""
    if text == "Missing command.":
        return lambda: _("Missing command.")
    extra = _EXTRA.fullmatch(text)
    if extra:
        arguments = extra["arguments"]
        return lambda: _("Got unexpected extra argument(s) ({arguments})").format(
            arguments=arguments
        )
    unknown = _NO_COMMAND.fullmatch(text)
    if unknown:
        name, matches = unknown["name"], unknown["matches"]
        if matches is None:
            return lambda: _("No such command {name}.").format(name=name)
        return lambda: _("No such command {name}. Did you mean {matches}?").format(
            name=name, matches=matches
        )
    return None
