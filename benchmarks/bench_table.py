"""Speed of the table commands on a full game, against the start-up of typer + pydantic.

Run: python benchmarks/bench_table.py [--runs N] [--lang CODE …]

Target (issue 3): the median wall time of `add`, `show` and `status` on a full game
within 1.5x that of `python -c "import typer, pydantic"`. `add` adds the last deal of
a 28-deal game (the file is reset before each run). Issue 24: in every language (each
command run with ``--lang``, which reads that language's catalog). Issue 25: the runs
are paired, each command's run right after a run of the baseline (A B A B …), so both
see the same load, and each is measured in wall time and in the child's CPU time (user +
system), the steadier figure on a busy machine; both ratios are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd: list[str], before: list[str] | None = None) -> tuple[float, float]:
    """One run of ``cmd``: its wall time and its CPU time (user + system, the child's own)."""
    if before:
        subprocess.run(before, check=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "200"})
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime


def byte_compile() -> None:
    """Measure the commands as installed: pip byte-compiles a package when it installs it,
    but an editable checkout (or PYTHONDONTWRITEBYTECODE) may have no .pyc files yet."""
    import compileall

    import scoresheet

    compileall.compile_dir(Path(scoresheet.__file__).parent, quiet=1)


def main() -> None:
    byte_compile()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--lang", action="append", help="a language (repeatable; default: all)")
    args = parser.parse_args()
    from scoresheet.i18n import languages

    for code in args.lang or languages():
        measure(args.runs, code)


def measure(runs: int, code: str) -> None:
    exe = shutil.which("scoresheet") or str(Path(sys.executable).with_name("scoresheet"))
    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp) / "full.json"
        shutil.copy(ROOT / "examples" / "classic.json", full)
        data = json.loads(full.read_text(encoding="utf-8"))
        last = data["deals"].pop()
        start = Path(tmp) / "start.json"
        start.write_text(json.dumps(data), encoding="utf-8")
        game = Path(tmp) / "game.json"
        reset = ["cp", str(start), str(game)]
        baseline = [sys.executable, "-c", "import typer, pydantic"]
        lang = ["--lang", code]
        cases = {
            "add (28th deal)": ([exe, "add", str(game), "--deal", json.dumps(last), *lang], reset),
            "show": ([exe, "show", str(full), *lang], None),
            "status": ([exe, "status", str(full), *lang], None),
            "score": ([exe, "score", str(full), *lang], None),
        }
        for name, (cmd, before) in cases.items():
            # Runs alternate with the baseline so both see the same machine load.
            pairs = [(timed(baseline), timed(cmd, before)) for _ in range(runs)]
            base, t = (statistics.median(p[k][0] for p in pairs) for k in (0, 1))
            base_cpu, cpu = (statistics.median(p[k][1] for p in pairs) for k in (0, 1))
            # Each run judged against the baseline run beside it: the median of the ratios.
            ratio = statistics.median(b[0] / a[0] for a, b in pairs)
            cpu_ratio = statistics.median(b[1] / max(a[1], 1e-9) for a, b in pairs)
            print(
                f"{code} {name:16} median {t * 1000:6.1f} ms, {cpu * 1000:6.1f} ms CPU; "
                f"import typer, pydantic {base * 1000:6.1f} ms, {base_cpu * 1000:6.1f} ms CPU; "
                f"paired ratio {ratio:.2f}, CPU {cpu_ratio:.2f} (target 1.5)"
            )


if __name__ == "__main__":
    main()
