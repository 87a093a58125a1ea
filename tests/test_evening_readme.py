"""The manual's worked examples of ``settle`` and ``stats`` (``docs/settle-stats.md``) are
what the commands print on an 80-column terminal."""

from __future__ import annotations

import os
import re
import shlex
import subprocess

import pytest

from tests.cli_helpers import ROOT, SCRIPT

PAGE = (ROOT / "docs" / "settle-stats.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```console\n\$ scoresheet ((?:settle|stats) examples/[^\n]*)\n(.*?)```", re.S)
EXAMPLES = BLOCK.findall(PAGE)


def test_the_manual_has_the_worked_examples() -> None:
    commands = [c for c, _ in EXAMPLES]
    assert any(c.startswith("settle") and "classic-3.json" in c for c in commands)
    assert any(c.startswith("settle") and "belote-3.json" in c for c in commands)
    assert any(c.startswith("stats") for c in commands)


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c[:40] for c, _ in EXAMPLES])
def test_a_worked_example_prints_what_the_manual_shows(command: str, shown: str) -> None:
    env = {**os.environ, "COLUMNS": "80"}
    proc = subprocess.run(
        [str(SCRIPT), *shlex.split(command)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == shown


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c[:40] for c, _ in EXAMPLES])
def test_a_worked_example_fits_80_columns(command: str, shown: str) -> None:
    from scoresheet.views.term import cells

    assert [line for line in shown.splitlines() if cells(line) > 80] == []
