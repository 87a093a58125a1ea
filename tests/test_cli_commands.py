"""The commands are module-level functions: each can be imported, jumped to and read
alone, and the command line still builds only the command being run."""

from __future__ import annotations

import importlib

import pytest
import typer

from scoresheet.cli import _command
from scoresheet.cli.app import app, rules_app


def _commands(group: typer.Typer) -> list[tuple[str, object]]:
    return [
        (str(c.name or getattr(c.callback, "__name__", "")), c.callback)
        for c in group.registered_commands
    ]


# ``serve`` is the server's own command (scoresheet.serve.command), not one of cli's.
_CLI = [(n, c) for n, c in _commands(app) + _commands(rules_app) if n != "serve"]


@pytest.mark.parametrize(("name", "callback"), _CLI, ids=[n for n, _ in _CLI])
def test_a_command_is_a_top_level_function_of_its_module(name: str, callback: object) -> None:
    assert "<locals>" not in callback.__qualname__, name  # type: ignore[attr-defined]
    module = importlib.import_module(callback.__module__)
    assert getattr(module, callback.__name__) is callback  # type: ignore[attr-defined]


NAMES = (
    *("new", "add", "edit", "play", "undo", "show", "status", "history"),
    *("export", "blank", "audit", "import", "settle", "stats", "score", "serve"),
    "rate",
)


@pytest.mark.parametrize("name", NAMES)
def test_the_command_run_is_built_alone(name: str) -> None:
    assert list(_command(name).commands) == [name]


def test_every_command_is_registered() -> None:
    names = [n.replace("_", "-") for n, _ in _commands(app)]
    assert sorted(names) == sorted(NAMES)


def test_every_command_help_is_found_by_the_catalog_extractor() -> None:
    """A command's docstring is its --help, found by the extractor from its decorator: a
    command added to the app any other way would leave the catalogs (and drop from them)."""
    import inspect

    from scoresheet.i18n.extract import messages

    found, _problems = messages()
    missing = [
        name
        for name, callback in _commands(app) + _commands(rules_app)
        if inspect.cleandoc(getattr(callback, "__doc__", None) or "") not in found
    ]
    assert missing == []
