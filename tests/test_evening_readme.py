"""The README's worked examples of ``settle`` and ``stats`` are what the commands print."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.cli_helpers import ROOT, run

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```console\n\$ scoresheet ((?:settle|stats) examples/[^\n]*)\n(.*?)```", re.S)
EXAMPLES = BLOCK.findall(README)


def test_the_readme_has_the_worked_examples() -> None:
    commands = [c for c, _ in EXAMPLES]
    assert any(c.startswith("settle") and "classic-3.json" in c for c in commands)
    assert any(c.startswith("settle") and "belote-3.json" in c for c in commands)
    assert any(c.startswith("stats") for c in commands)


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c[:40] for c, _ in EXAMPLES])
def test_a_worked_example_prints_what_the_readme_shows(command: str, shown: str) -> None:
    proc = run(*shlex.split(command), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == shown
