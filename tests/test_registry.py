"""Every registered game has every role, with every function its protocol names, a
preset in ``templates/rules/``, an example in ``examples/`` and a page in the manual
(the way sqlite-utils' ``test_docs.py`` checks every command is documented)."""

from __future__ import annotations

import ast
import inspect
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry, roles
from scoresheet.errors import ScoresheetError

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(registry.GAMES)

PROTOCOLS: dict[str, type] = {
    "flags": roles.Flags,
    "models": roles.Models,
    "rules": roles.Rules,
    "score": roles.Score,
    "entry": roles.Entry,
    "play": roles.Play,
    "views": roles.Views,
    "simulate": roles.Simulate,
    "paper": roles.Paper,
    "web": roles.Web,
    "stats": roles.Stats,
    "sheet.render": roles.SheetRender,
    "sheet.audit": roles.SheetAudit,
}


def _members(protocol: type) -> list[str]:
    return sorted(
        name
        for name, value in vars(protocol).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    )


def test_every_role_has_a_protocol() -> None:
    assert set(PROTOCOLS) | {"sheet.layout"} == set(registry.ROLES)
    assert all(getattr(p, "_is_protocol", False) for p in PROTOCOLS.values())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("role", registry.ROLES)
def test_every_game_has_every_role(game: str, role: registry.Role) -> None:
    module: Any = registry.part(game, role)
    protocol = PROTOCOLS.get(role)
    if protocol is None:
        return
    for name in _members(protocol):
        assert hasattr(module, name), f"{module.__name__} has no {name}"
        wanted = vars(protocol)[name]
        if callable(wanted) and not isinstance(wanted, property):
            got = getattr(module, name)
            assert callable(got), f"{module.__name__}.{name} is not a function"
            # Every parameter the protocol passes is accepted by name or position.
            params = list(inspect.signature(wanted).parameters)[1:]  # without self
            accepted = inspect.signature(got).parameters
            for p in params:
                assert p in accepted or any(
                    a.kind is inspect.Parameter.VAR_KEYWORD for a in accepted.values()
                ), f"{module.__name__}.{name} takes no {p}"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_preset_of_its_own(game: str) -> None:
    preset = registry.game(game).preset
    path = ROOT / "templates" / "rules" / f"{preset}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data.get("game", registry.DEFAULT_GAME) == game


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_an_example(game: str) -> None:
    import json

    examples = [
        p
        for p in (ROOT / "examples").glob("*.json")
        if json.loads(p.read_text(encoding="utf-8")).get("game", registry.DEFAULT_GAME) == game
    ]
    assert examples, f"no example of {game} in examples/"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_page_in_the_manual(game: str) -> None:
    page = ROOT / "docs" / "games" / f"{game}.md"
    title = registry.game(game).title
    assert page.is_file(), f"the manual has no page docs/games/{game}.md"
    assert page.read_text(encoding="utf-8").startswith(f"# {title}\n"), f"{page} is not '# {title}'"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_tests(game: str) -> None:
    folder = ROOT / "tests" / registry.game(game).package
    assert sorted(p.name for p in folder.glob("test_*.py")), f"no tests in {folder}"


# The test files every game's folder holds, as every game folder holds the same modules.
TEST_FILES = ("rules", "refusals", "properties", "cli", "sheets", "paper")
# Known gaps, each with where those tests are instead. Keep it short: a new game has all six.
TESTS_ELSEWHERE: dict[str, dict[str, str]] = {
    "barbu": {"paper": "tests/test_paper.py"},
    "belote": {"paper": "tests/test_paper.py"},
    "caribbean_all_fours": {"refusals": "test_rules.py", "paper": "tests/test_paper.py"},
    "rosbiratschka": {"refusals": "test_rules.py", "paper": "tests/test_paper.py"},
}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_test_files(game: str) -> None:
    package = registry.game(game).package
    folder = ROOT / "tests" / package
    elsewhere = TESTS_ELSEWHERE.get(package, {})
    missing = [
        f"test_{name}.py"
        for name in TEST_FILES
        if name not in elsewhere and not (folder / f"test_{name}.py").is_file()
    ]
    assert missing == [], f"{folder} lacks {missing}"
    # a gap filled since: take it off the list
    assert [n for n in elsewhere if (folder / f"test_{n}.py").is_file()] == []


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(ScoresheetError) as caught:
        registry.game("poker")
    message = str(caught.value)
    assert '"poker"' in message
    assert all(g in message for g in GAMES)


def test_roles_are_imported_only_when_asked() -> None:
    """A command reading one game imports none of the others (start-up stays fast)."""
    import subprocess
    import sys

    code = (
        "import sys; from scoresheet import registry; registry.part('belote', 'score');"
        "print(sorted(m for m in sys.modules if m.startswith('scoresheet.games.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = ast.literal_eval(out)
    assert loaded and all(m.startswith("scoresheet.games.belote") for m in loaded), loaded
