"""Speed of the table commands on a full game, against the start-up of typer + pydantic.

Run: python benchmarks/bench_table.py [--runs N] [--lang CODE …]

Target (issue 3): the median wall time of `add`, `show` and `status` on a full game
within 1.5x that of `python -c "import typer, pydantic"`. `add` adds the last deal of
a 28-deal game (the file is reset before each run). Issue 24: in every language (each
command run with ``--lang``, which reads that language's catalog).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def wall(cmd: list[str], before: list[str] | None = None) -> float:
    if before:
        subprocess.run(before, check=True)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "200"})
    return time.perf_counter() - start


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
            base_times, times = [], []
            for _ in range(runs):
                base_times.append(wall(baseline))
                times.append(wall(cmd, before))
            base, t = statistics.median(base_times), statistics.median(times)
            print(
                f"{code} {name:16} median {t * 1000:6.1f} ms; import typer, pydantic "
                f"{base * 1000:6.1f} ms; ratio {t / base:.2f} (target 1.5)"
            )


if __name__ == "__main__":
    main()
