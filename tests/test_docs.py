"""The manual (``docs/``) and the README say what the program does.

- Every command has help text and is described in a page of the manual written by hand
  (the generated command reference does not count: an idea from sqlite-utils).
- The README is a front door: at most 150 lines, the two quick-start commands as they
  always were, every game linked to its page, every link and picture there.
- Every ``console`` example of the manual and the README is run, in a scratch folder
  holding the bundled examples, and prints what the page shows (when it shows output),
  each line within 80 columns (a refusal is one line, whatever its width).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.main import get_command

from scoresheet import registry
from scoresheet.cli.app import app
from tests.cli_helpers import ROOT, SCRIPT

DOCS = ROOT / "docs"
GENERATED = {"commands.md", "presets.md", "schema.md"}
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts and p.name not in GENERATED)
README = ROOT / "README.md"
MANUAL = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)


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
    assert f"scoresheet {name}" in MANUAL, f"no page of docs/ mentions `scoresheet {name}`"


# -- console examples ---------------------------------------------------------------------

BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def _examples(path: Path) -> list[tuple[str, str]]:
    """Each ``$ scoresheet …`` line of a page's console blocks and the output shown under
    it (empty when none is shown), in page order."""
    out: list[tuple[str, str]] = []
    for block in BLOCK.findall(path.read_text(encoding="utf-8")):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if not chunk.startswith("$ "):
                assert not chunk.strip(), f"{path.name}: output before any command: {chunk!r}"
                continue
            command, _, shown = chunk.partition("\n")
            out.append((command[2:], shown))
    return out


EXAMPLE_PAGES = [p for p in [README, *PAGES] if _examples(p)]


def test_the_manual_has_console_examples() -> None:
    names = {p.name for p in EXAMPLE_PAGES}
    assert {"settle-stats.md", "spreadsheets.md", "paper.md", "quickstart.md"} <= names


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A folder as a page's examples expect: the bundled examples, GAME.json (the classic
    example game) and the club night's roster.txt, as its page shows it."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copy(ROOT / "examples" / "classic.json", tmp_path / "GAME.json")
    night = (DOCS / "club-night.md").read_text(encoding="utf-8")
    roster = re.search(r"`roster.txt`[^`]*```text\n(.*?)```", night, re.S)
    assert roster is not None, "club-night.md shows no roster.txt"
    (tmp_path / "roster.txt").write_text(roster.group(1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "page", EXAMPLE_PAGES, ids=[str(p.relative_to(ROOT)) for p in EXAMPLE_PAGES]
)
def test_console_examples_print_what_the_page_shows(page: Path, scratch: Path) -> None:
    from scoresheet.views.term import cells

    env = {**os.environ, "COLUMNS": "80", "SCORESHEET_LANG": "en"}
    env.pop("NO_COLOR", None)
    for command, shown in _examples(page):
        argv = shlex.split(command, comments=True)
        assert argv[0] == "scoresheet", f"{page.name}: not a scoresheet command: {command}"
        proc = subprocess.run(
            [str(SCRIPT), *argv[1:]],
            cwd=scratch,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        refused = shown.startswith("scoresheet: ")
        where = f"{page.name}: $ {command}"
        if refused:
            assert proc.returncode == 2, f"{where}: expected a refusal\n{proc.stdout}"
            assert proc.stderr == shown, where
        else:
            assert proc.returncode == 0, f"{where}\n{proc.stderr}"
            if shown:
                assert proc.stdout == shown, where
        if not refused:  # a refusal is one line, whatever the width
            wide = [line for line in shown.splitlines() if cells(line) > 80]
            assert wide == [], f"{where}: lines wider than 80 columns"


# -- shell examples -----------------------------------------------------------------------

SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
WAITS = {"play", "serve"}  # they wait for a table or a phone


def _sh_lines(path: Path) -> list[list[str]]:
    text = path.read_text(encoding="utf-8")
    blocks = [line for block in SH_BLOCK.findall(text) for line in block.splitlines()]
    lines = [shlex.split(line, comments=True) for line in blocks]
    return [argv for argv in lines if argv[:1] == ["scoresheet"] and argv[1] not in WAITS]


SH_PAGES = [p for p in [README, *PAGES] if _sh_lines(p)]


@pytest.mark.parametrize("page", SH_PAGES, ids=[str(p.relative_to(ROOT)) for p in SH_PAGES])
def test_shell_examples_are_commands_the_program_takes(page: Path, scratch: Path) -> None:
    """Every ``scoresheet`` line of a page's ``sh`` blocks, run in page order (so ``new``
    makes the game the next lines add to): done, or refused for what the game holds at
    that point (an alternative to the line before, a game already over) — never for its
    command line (an option or command that does not exist, a value missing), never a
    fault. ``play`` and ``serve`` wait for a table, and are left out."""
    env = {**os.environ, "COLUMNS": "80", "SCORESHEET_LANG": "en"}
    done = 0
    for argv in _sh_lines(page):
        proc = subprocess.run(
            [str(SCRIPT), *argv[1:]],
            cwd=scratch,
            capture_output=True,
            text=True,
            input="",
            env=env,
            timeout=120,
        )
        where = f"{page.name}: {shlex.join(argv)}"
        if proc.returncode == 0:
            done += 1
            continue
        assert proc.returncode in (2, 130), f"{where}\n{proc.stderr}"
        assert proc.stderr.count("\n") == 1, f"{where}: not one line\n{proc.stderr}"
        assert "--help)" not in proc.stderr, f"{where}: its command line is refused\n{proc.stderr}"
    assert done, f"{page.name}: no shell example ran"


# -- Python examples ----------------------------------------------------------------------

PY_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
PY_EXAMPLES = [
    (path, i, code)
    for path in PAGES
    for i, code in enumerate(PY_BLOCK.findall(path.read_text(encoding="utf-8")), 1)
]


def test_the_manual_has_python_examples() -> None:
    assert {p.name for p, _, _ in PY_EXAMPLES} >= {"library.md", "settle-stats.md"}


@pytest.mark.parametrize(
    ("path", "number", "code"),
    PY_EXAMPLES,
    ids=[f"{p.relative_to(ROOT)}#{i}" for p, i, _ in PY_EXAMPLES],
)
def test_python_examples_run(
    path: Path, number: int, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "scoresheet" in code
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("builtins.print", lambda *args: None)
    exec(compile(code, f"{path.name}, example {number}", "exec"), {})


# -- the README: a front door -------------------------------------------------------------

QUICK_START = [
    "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/scoresheet score "
    "examples/classic.json",
    "python3 -m venv .venv && .venv/bin/pip install -q '.[dev]' && .venv/bin/pytest",
]


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150, "the README is a front door: 150 lines at most"
    blocks = SH_BLOCK.findall(text)
    assert blocks[:2] == [f"{line}\n" for line in QUICK_START], "the two quick-start commands"
    assert "10–15 minutes" in text, "how long the tests take"
    for game in registry.GAMES.values():
        assert f"(docs/games/{game.name}.md)" in text, f"the README does not link {game.title}"


def test_the_readme_links_and_pictures_exist() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text) + re.findall(r'src="([^"]+)"', text)
    assert any(t.endswith(".png") for t in targets), "the README shows a picture"
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert missing == [], f"the README links to what does not exist: {missing}"
