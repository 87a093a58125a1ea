"""The command line's usage errors (an unknown option or command, a missing argument or
option, an option without its value, an extra argument, a value of the wrong kind) in the
language asked for: one line, exit code 2, no traceback; in English, as click words them.

Each expected line is the catalog's translation filled in, read from the ``.po`` file."""

from __future__ import annotations

import enum
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
import typer.main
from typer._click.exceptions import BadParameter, ClickException, MissingParameter, UsageError

from scoresheet import i18n
from scoresheet.cli import usage
from scoresheet.i18n.catalog import Entry, parse
from scoresheet.i18n.pseudo import OPEN
from tests.cli_helpers import ROOT, assert_one_line_error, run

LANGUAGES = ("fr", "de", "ja", "zh")
GAME = ROOT / "examples" / "classic.json"
PLURAL_FORMS = {"fr": 2, "de": 2, "ja": 1, "zh": 1}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


def entries(code: str) -> dict[str, Entry]:
    path = i18n.CATALOGS / f"{code}.po"
    return {e.key: e for e in parse(path.read_text(encoding="utf-8"), path.name)}


def said(code: str, msgid: str, **values: str) -> str:
    """The catalog's translation of ``msgid``, filled in (in English, the msgid)."""
    return said_n(code, msgid, 1, **values)


def said_n(code: str, msgid: str, count: int, **values: str) -> str:
    """The catalog's translation of ``msgid`` in its form for ``count``, filled in."""
    entry = entries("fr" if code == "en" else code)[msgid]  # English: its msgids
    if code == "en":
        english = msgid if count == 1 else entry.msgid_plural
        assert english is not None
        return english.format(**values)
    assert entry.translated, (code, msgid)
    form = 0 if count == 1 or PLURAL_FORMS[code] == 1 else 1
    return entry.msgstr[form].format(**values)


def kind(code: str, name: str) -> str:
    return name if code == "en" else said(code, f"path kind\x04{name}")


def invalid(code: str, name: str, reason_id: str, **values: str) -> str:
    reason = said(code, reason_id, **values)
    return said(code, "Invalid value for {name}: {reason}", name=name, reason=reason)


# (id, arguments after --lang CODE, the command named, the message as the catalog says it)
CASES: list[tuple[str, list[str], str, Any]] = [
    (
        "no such option",
        ["score", str(GAME), "--nope"],
        "scoresheet score",
        lambda c: said(c, "No such option: {option}", option="--nope"),
    ),
    (
        "no such option, with the close ones",
        ["score", str(GAME), "--jso"],
        "scoresheet score",
        lambda c: said(
            c,
            "No such option: {option} (Possible options: {options})",
            option="--jso",
            options="--json",
        ),
    ),
    (
        "no such command, with a suggestion",
        ["scor", "x"],
        "scoresheet",
        lambda c: said(
            c, "No such command {name}. Did you mean {matches}?", name="'scor'", matches="'score'"
        ),
    ),
    (
        "no such command",
        ["rules", "x"],
        "scoresheet rules",
        lambda c: said(c, "No such command {name}.", name="'x'"),
    ),
    ("missing command", ["--"], "scoresheet", lambda c: said(c, "Missing command.")),
    (
        "missing argument",
        ["score"],
        "scoresheet score",
        lambda c: said(c, "Missing argument {name}.", name="'game'"),
    ),
    (
        "missing option",
        ["new", "g.json"],
        "scoresheet new",
        lambda c: said(c, "Missing option {name}.", name="'--players' / '-p'"),
    ),
    (
        "option requires an argument",
        ["blank", "-o", "x.pdf", "--players"],
        "scoresheet blank",
        lambda c: said_n(
            c, "Option {option} requires an argument.", 1, option="'--players'", n="1"
        ),
    ),
    (
        "option does not take a value",
        ["score", str(GAME), "--json=yes"],
        "scoresheet score",
        lambda c: said(c, "Option {option} does not take a value.", option="'--json'"),
    ),
    (
        "extra argument",
        ["blank", "-o", "x.pdf", "--players", "Ann", "Bob"],
        "scoresheet blank",
        lambda c: said(c, "Got unexpected extra argument(s) ({arguments})", arguments="Bob"),
    ),
    (
        "not an integer",
        ["show", str(GAME), "--width", "abc"],
        "scoresheet show",
        lambda c: invalid(c, "'--width'", "{value} is not a valid int.", value="'abc'"),
    ),
    (
        "not an integer, in a range",
        ["serve", str(GAME), "--port", "abc"],
        "scoresheet serve",
        lambda c: invalid(c, "'--port'", "{value} is not a valid int range.", value="'abc'"),
    ),
    (
        "out of range",
        ["serve", str(GAME), "--port", "99999"],
        "scoresheet serve",
        lambda c: invalid(
            c,
            "'--port'",
            "{value} is not in the range {range}.",
            value="99999",
            range="0<=x<=65535",
        ),
    ),
    (
        "an empty path",
        ["score", ""],
        "scoresheet score",
        lambda c: invalid(c, "'game'", "the path is empty; give the name of a file"),
    ),
]

ENGLISH = {
    "no such option": "No such option: --nope",
    "no such option, with the close ones": "No such option: --jso (Possible options: --json)",
    "no such command, with a suggestion": "No such command 'scor'. Did you mean 'score'?",
    "no such command": "No such command 'x'.",
    "missing command": "Missing command.",
    "missing argument": "Missing argument 'game'.",
    "missing option": "Missing option '--players' / '-p'.",
    "option requires an argument": "Option '--players' requires an argument.",
    "option does not take a value": "Option '--json' does not take a value.",
    "extra argument": "Got unexpected extra argument(s) (Bob)",
    "not an integer": "Invalid value for '--width': 'abc' is not a valid int.",
    "not an integer, in a range": "Invalid value for '--port': 'abc' is not a valid int range.",
    "out of range": "Invalid value for '--port': 99999 is not in the range 0<=x<=65535.",
    "an empty path": "Invalid value for 'game': the path is empty; give the name of a file",
}


def refused(code: str, args: list[str], cwd: Path) -> str:
    proc = run("--lang", code, *args, cwd=cwd)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    line = assert_one_line_error(proc)
    assert list(cwd.iterdir()) == []  # refused before anything was written
    return line


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("case", "args", "command", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_usage_error_is_one_line_in_the_language_asked(
    code: str, case: str, args: list[str], command: str, expected: Any, tmp_path: Path
) -> None:
    line = refused(code, args, tmp_path)
    see = said(code, "see {command} --help", command=command)
    assert line == f"{command}: {expected(code)} ({see})"


@pytest.mark.parametrize(("case", "args", "command", "expected"), CASES, ids=[c[0] for c in CASES])
def test_in_english_a_usage_error_reads_as_before(
    case: str, args: list[str], command: str, expected: Any, tmp_path: Path
) -> None:
    line = refused("en", args, tmp_path)
    assert line == f"{command}: {ENGLISH[case]} (see {command} --help)"
    assert expected("en") == ENGLISH[case]  # the catalogs' English is click's own


@pytest.mark.parametrize(("case", "args", "command", "expected"), CASES, ids=[c[0] for c in CASES])
def test_every_usage_error_goes_through_the_catalogs(
    case: str, args: list[str], command: str, expected: Any, tmp_path: Path
) -> None:
    """In the pseudo-language the message is wrapped: it was looked up in the catalogs."""
    line = refused(i18n.PSEUDO, args, tmp_path)
    assert line.startswith(f"{command}: {OPEN}"), line
    assert ENGLISH[case] not in line


def test_a_table_command_does_not_import_the_translation_of_usage_errors() -> None:
    code = (
        "import sys\n"
        "from scoresheet.cli import main\n"
        f"sys.argv = ['scoresheet', '--lang', 'fr', 'show', {str(GAME)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code\n"
        "sys.stderr.write(str('scoresheet.cli.usage' in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "100"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "False"


# -- what no command of ours can give, through click's own types ----------------------


class Suit(enum.StrEnum):
    hearts = "hearts"
    spades = "spades"


probe = typer.Typer()


@probe.command()
def check(
    ratio: Annotated[float | None, typer.Option()] = None,
    share: Annotated[float | None, typer.Option(min=0, max=1)] = None,
    suit: Annotated[Suit | None, typer.Option()] = None,
    pair: Annotated[tuple[int, int] | None, typer.Option()] = None,
    existing: Annotated[Path | None, typer.Option(exists=True)] = None,
    folder: Annotated[Path | None, typer.Option(file_okay=False)] = None,
    file: Annotated[Path | None, typer.Option(dir_okay=False)] = None,
    readable: Annotated[Path | None, typer.Option()] = None,
    writable: Annotated[Path | None, typer.Option(writable=True)] = None,
    ok: Annotated[bool, typer.Option()] = False,
) -> None:
    """A command with a parameter of each kind."""


@probe.command()
def other() -> None:
    """A second command, so that the first has a name."""


def raised(args: list[str]) -> ClickException:
    with pytest.raises(ClickException) as caught:
        typer.main.get_command(probe).main(args=args, prog_name="probe", standalone_mode=False)
    return caught.value


PROBES: list[tuple[str, list[str], Any]] = [
    (
        "not a float",
        ["check", "--ratio", "x"],
        lambda c, t: invalid(c, "'--ratio'", "{value} is not a valid float.", value="'x'"),
    ),
    (
        "not a float, in a range",
        ["check", "--share", "x"],
        lambda c, t: invalid(c, "'--share'", "{value} is not a valid float range.", value="'x'"),
    ),
    (
        "a float out of range",
        ["check", "--share", "2"],
        lambda c, t: invalid(
            c, "'--share'", "{value} is not in the range {range}.", value="2.0", range="0<=x<=1"
        ),
    ),
    (
        "not a choice",
        ["check", "--suit", "clubs"],
        lambda c, t: invalid(
            c,
            "'--suit'",
            "{value} is not one of {choices}.",
            value="'clubs'",
            choices="'hearts', 'spades'",
        ),
    ),
    (
        "one of a tuple's values",
        ["check", "--pair", "1", "x"],
        lambda c, t: invalid(c, "'--pair'", "{value} is not a valid int.", value="'x'"),
    ),
    (
        "an option requiring two arguments",
        ["check", "--pair", "1"],
        lambda c, t: said_n(
            c, "Option {option} requires an argument.", 2, option="'--pair'", n="2"
        ),
    ),
    (
        "a path that does not exist",
        ["check", "--existing", "{tmp}/nope"],
        lambda c, t: invalid(
            c,
            "'--existing'",
            "{kind} {path} does not exist.",
            kind=kind(c, "Path"),
            path=f"'{t}/nope'",
        ),
    ),
    (
        "a file for a folder",
        ["check", "--folder", "{tmp}/f"],
        lambda c, t: invalid(
            c,
            "'--folder'",
            "{kind} {path} is a file.",
            kind=kind(c, "Directory"),
            path=f"'{t}/f'",
        ),
    ),
    (
        "a folder for a file",
        ["check", "--file", "{tmp}"],
        lambda c, t: invalid(
            c, "'--file'", "{kind} {path} is a directory.", kind=kind(c, "File"), path=f"'{t}'"
        ),
    ),
    (
        "a path that cannot be read",
        ["check", "--readable", "{tmp}/f"],
        lambda c, t: invalid(
            c,
            "'--readable'",
            "{kind} {path} is not readable.",
            kind=kind(c, "Path"),
            path=f"'{t}/f'",
        ),
    ),
    (
        "a path that cannot be written",
        ["check", "--writable", "{tmp}/f"],
        lambda c, t: invalid(
            c,
            "'--writable'",
            "{kind} {path} is not writable.",
            kind=kind(c, "Path"),
            path=f"'{t}/f'",
        ),
    ),
]


REFUSED_ACCESS = {"a path that cannot be read": os.R_OK, "a path that cannot be written": os.W_OK}


@pytest.mark.parametrize("code", ("en", *LANGUAGES))
@pytest.mark.parametrize(("case", "args", "expected"), PROBES, ids=[p[0] for p in PROBES])
def test_what_click_s_types_refuse_is_in_the_language_asked(
    code: str,
    case: str,
    args: list[str],
    expected: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "f").write_text("x")
    refused = REFUSED_ACCESS.get(case)
    if refused is not None:  # a permission the tests' user (root, perhaps) always has
        monkeypatch.setattr(os, "access", lambda path, mode: mode != refused)
    exc = raised([a.replace("{tmp}", str(tmp_path)) for a in args])
    i18n.set_language(code)
    got = usage.message(exc)
    i18n.set_language(i18n.SOURCE)
    if code == "en":
        assert got == exc.format_message()
    assert got == expected(code, str(tmp_path))


def _param(name: str) -> Any:
    command = typer.main.get_command(probe).commands["check"]  # type: ignore[attr-defined]
    return next(p for p in command.params if p.name == name)


@pytest.mark.parametrize("code", ("en", *LANGUAGES))
def test_a_value_that_is_not_a_boolean(code: str) -> None:
    param = _param("ok")
    with pytest.raises(BadParameter) as caught:
        param.type.convert("maybe", param, None)
    states = ", 0, 1, f, false, n, no, off, on, t, true, y, yes"  # "" is one: no
    assert caught.value.format_message().endswith(f"Recognized values: {states}")
    i18n.set_language(code)
    assert usage.message(caught.value) == invalid(
        code,
        "'--ok'",
        "{value} is not a valid boolean. Recognized values: {values}",
        value="'maybe'",
        values=states,
    )


@pytest.mark.parametrize("code", ("en", *LANGUAGES))
def test_a_missing_parameter_and_a_value_refused_without_a_name(code: str) -> None:
    i18n.set_language(code)  # a reason of scoresheet's own is translated where it is raised
    missing = MissingParameter(param=_param("ratio"), param_type="parameter")
    nameless = BadParameter(i18n._("the path is empty; give the name of a file"))
    assert usage.message(missing) == said(code, "Missing parameter {name}.", name="'--ratio'")
    reason = said(code, "the path is empty; give the name of a file")
    assert usage.message(nameless) == said(code, "Invalid value: {reason}", reason=reason)


@pytest.mark.parametrize("code", LANGUAGES)
def test_what_is_not_known_stays_as_click_words_it(code: str) -> None:
    """An error of click's this module does not know, or worded otherwise than it knows,
    is shown as click words it rather than wrong; a reason of scoresheet's own is kept
    after the parameter's name."""
    unknown = [
        ClickException("Could not open file 'x': unknown error"),
        UsageError("Got unexpected extra arguments: x"),
        UsageError("No such command 'x'; perhaps 'y'"),
        MissingParameter("a message of its own", param=_param("ratio")),
    ]
    own = BadParameter("no such player", param=_param("ratio"))
    i18n.set_language(code)
    for exc in unknown:
        assert usage.message(exc) == exc.format_message()
    assert usage.message(own) == said(
        code, "Invalid value for {name}: {reason}", name="'--ratio'", reason="no such player"
    )
