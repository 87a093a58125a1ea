"""The project's own checks: ruff, ruff format and mypy --strict are clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@pytest.mark.parametrize(
    "command",
    [
        [str(BIN / "ruff"), "check", "scoresheet", "tests", "benchmarks"],
        [str(BIN / "ruff"), "format", "--check", "scoresheet", "tests", "benchmarks", "README.md"],
        [str(BIN / "mypy")],
    ],
    ids=["ruff", "ruff-format", "mypy-strict"],
)
def test_check_is_clean(command: list[str]) -> None:
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
