"""Speed of the table commands on a full game, against the start-up of typer + pydantic.

Run: python benchmarks/bench_table.py [--runs N]

Target (issue 3): the median wall time of `add`, `show` and `status` on a full game
within 1.5x that of `python -c "import typer, pydantic"`. `add` adds the last deal of
a 28-deal game (the file is reset before each run).
"""

from __future__ import annotations

import argparse
import json
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
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
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
        base = statistics.median(
            wall([sys.executable, "-c", "import typer, pydantic"]) for _ in range(args.runs)
        )
        cases = {
            "add (28th deal)": ([exe, "add", str(game), "--deal", json.dumps(last)], reset),
            "show": ([exe, "show", str(full)], None),
            "status": ([exe, "status", str(full)], None),
            "score": ([exe, "score", str(full)], None),
        }
        print(f"import typer, pydantic: median {base * 1000:.1f} ms over {args.runs} runs")
        for name, (cmd, before) in cases.items():
            t = statistics.median(wall(cmd, before) for _ in range(args.runs))
            print(f"{name:16} median {t * 1000:6.1f} ms   ratio {t / base:.2f} (target 1.5)")


if __name__ == "__main__":
    main()
