"""Running the real console script, as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).with_name("scoresheet")


def run(
    *args: str | Path, cwd: Path | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``scoresheet ARGS`` in a subprocess and capture its output."""
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    """A failed command: non-zero exit, one line on stderr, no traceback; returns the line."""
    assert proc.returncode != 0, proc.stdout
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def deals(path: Path) -> list[dict[str, Any]]:
    """The deals of the game file at ``path``, as saved."""
    found: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))["deals"]
    return found


def refused_unchanged(path: Path, *args: str | Path) -> str:
    """Run ``scoresheet ARGS``: it must fail in one line and leave ``path`` as it was."""
    before = path.read_bytes()
    line = assert_one_line_error(run(*args))
    assert path.read_bytes() == before
    return line
