"""Every command has help text and appears in the README (an idea from sqlite-utils)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.main import get_command

from scoresheet.cli.app import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _commands() -> list[tuple[str, str]]:
    group = get_command(app)
    out: list[tuple[str, str]] = []
    for name, cmd in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(cmd, "commands", None)
        if sub:
            out += [(f"{name} {s}", c.help or "") for s, c in sub.items()]
        else:
            out.append((name, cmd.help or ""))
    return out


COMMANDS = _commands()


def test_there_are_commands() -> None:
    names = {name for name, _ in COMMANDS}
    assert {
        "score",
        "rules list",
        "rules show",
        "new",
        "add",
        "play",
        "show",
        "status",
        "undo",
        "edit",
        "history",
    } <= names


@pytest.mark.parametrize(("name", "help_text"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_command_has_help_and_is_documented(name: str, help_text: str) -> None:
    assert help_text.strip(), f"{name} has no help text"
    assert f"scoresheet {name}" in README, f"README does not mention `scoresheet {name}`"
