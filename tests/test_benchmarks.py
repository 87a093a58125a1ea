"""Every benchmark still runs against today's code, in its smallest form: the figures in
the notes come from these scripts, and one of them (bench_serve) broke unseen when the
server began to ask an undo for the deal it removes. Nothing here is timed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli_helpers import ROOT

SMALLEST = {
    "bench_export.py": ["--deals", "28", "--runs", "1"],
    "bench_night_draw.py": ["--seeds", "1"],
    "bench_rate.py": ["--players", "12", "--games", "40", "--timed", "20", "--runs", "1"],
    "bench_score.py": ["--games", "2", "--rates-only"],
    "bench_serve.py": ["--seconds", "1", "--pages", "2"],
    "bench_serve_night.py": ["--tables", "2", "--seconds", "2", "--every", "0.5"],
    "bench_sheets.py": ["--runs", "1", "--workbooks", "2"],
    "bench_stats.py": ["--games", "12", "--runs", "1"],
    "bench_table.py": ["--runs", "1"],
}


def test_every_benchmark_is_here() -> None:
    assert {p.name for p in (ROOT / "benchmarks").glob("bench_*.py")} == set(SMALLEST)


@pytest.mark.parametrize("script", sorted(SMALLEST))
def test_benchmark_runs(script: str) -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *SMALLEST[script]],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip(), "a benchmark prints its figures"
