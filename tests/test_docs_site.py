"""Every registered game has its page in the one shape, and the generated references are
what ``python docs/gen.py`` writes now. The site's build, in English and in every
translation, is tests/test_docs_i18n.py's.
"""

from __future__ import annotations

import importlib.util
import re
from types import ModuleType

import pytest

from scoresheet import registry
from tests.cli_helpers import ROOT

DOCS = ROOT / "docs"
HEADINGS = ["Starting", "Adding a deal", "Rules and presets", "The sheet", "score --json"]


def _gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_gen", DOCS / "gen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_game_has_a_page_in_the_one_shape(game: str) -> None:
    page = DOCS / "games" / f"{game}.md"
    assert page.is_file(), f"no page docs/games/{game}.md for the game {game}"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"# {registry.game(game).title}\n"), f"{page.name}: its title"
    headings = [h.replace("`", "") for h in re.findall(r"^## (.+)$", text, re.M)]
    missing = [h for h in HEADINGS if h not in headings]
    assert missing == [], f"docs/games/{game}.md has no heading {missing}"
    assert [h for h in headings if h in HEADINGS] == HEADINGS, f"{page.name}: heading order"
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert f"games/{game}\n" in index, f"docs/index.md does not list games/{game}"


def test_the_generated_pages_are_up_to_date() -> None:
    stale = [
        name
        for name, text in _gen().pages().items()
        if not (DOCS / name).is_file() or (DOCS / name).read_text(encoding="utf-8") != text
    ]
    assert stale == [], f"out of date, run `python docs/gen.py`: {stale}"


def test_the_command_reference_has_every_command() -> None:
    from typer.main import get_command

    from scoresheet.cli.app import app

    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    for name in get_command(app).commands:  # type: ignore[attr-defined]
        assert f"## `{name}`" in text, name
