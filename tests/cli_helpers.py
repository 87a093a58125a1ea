"""Running the real console script, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
