"""Workbook and JSON speed of a long game: `export`, `audit` and `score --json`, in CPU time.

Run: python benchmarks/bench_export.py [--deals N] [--runs N] [--before TREE]

Each command runs as a child process; its CPU time (user + system) is read with
``resource.getrusage(RUSAGE_CHILDREN)``, so other processes on a busy machine do not
count. With ``--before`` (a checkout of an older scoresheet, for instance ``git archive
HEAD~3 | tar -x -C /tmp/before``), each command runs alternately on that tree and on this
one (A B A B …) and the medians of both, and their ratio, are printed. Export is also
timed in one process after its imports ("work"), which the start-up does not blur.

Targets (issue 25): a 28-deal export at least 1.8x faster in work after imports, a
980-deal export (the classic rules over 35 rounds) at least 3x in CPU, the audit of that
workbook 20% faster; `score --json` printing the same bytes, cheaper.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The children run in an empty folder: with ``python -c`` the working folder comes first on
# sys.path, before ``--before``'s tree.
CWD = tempfile.gettempdir()
CLI = "import sys; from scoresheet.cli import main; sys.argv[0] = 'scoresheet'; sys.exit(main())"
WORK = """
import json, sys, time
from scoresheet import record
from scoresheet.sheets.audit import export
game = record.from_data(json.loads(open(sys.argv[1], encoding="utf-8").read()))
export(game)  # openpyxl and the game's modules are imported on the first
start = time.process_time()
export(game)
print(time.process_time() - start)
"""


def long_game(deals: int, folder: Path) -> Path:
    """A classic Barbu game of ``deals`` deals (28 a round), written to ``folder``."""
    from scoresheet.games.barbu.rules import rules_from_data
    from scoresheet.games.barbu.simulate import random_game

    data = tomllib.loads((ROOT / "templates" / "rules" / "classic.toml").read_text("utf-8"))
    data["rounds"] = max(1, deals // 28)
    game = random_game(random.Random(1), rules_from_data(data))
    game["rules"] = data
    path = folder / f"game-{len(game['deals'])}.json"
    path.write_text(json.dumps(game), "utf-8")
    return path


def cpu_of(args: list[str], tree: Path | None) -> tuple[float, str]:
    """The CPU time of a child running ``python args`` (on ``tree`` when given)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, check=False, cwd=CWD
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):  # audit exits 1 when it finds something
        raise SystemExit(f"{args}: {proc.stderr[-2000:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, proc.stdout


def paired(name: str, args: list[str], runs: int, before: Path | None, work: bool = False) -> None:
    trees: list[Path | None] = [before, None] if before is not None else [None]
    times: dict[Path | None, list[float]] = {tree: [] for tree in trees}
    for _ in range(runs):
        for tree in trees:
            cpu, out = cpu_of(args, tree)
            times[tree].append(float(out) if work else cpu)
    now = statistics.median(times[None])
    line = f"{name}: {now:.3f} s"
    if before is not None:
        then = statistics.median(times[before])
        line = f"{name}: before {then:.3f} s, now {now:.3f} s ({then / now:.2f}x)"
    print(line + f", median of {runs} {'in process' if work else 'CPU'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=980)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        games = [long_game(28, folder)] + (
            [long_game(args.deals, folder)] if args.deals > 28 else []
        )
        for game in games:
            n = json.loads(game.read_text("utf-8"))["deals"].__len__()
            book = folder / f"{game.stem}.xlsx"
            export = ["-c", CLI, "export", str(game), "-o", str(book), "--force"]
            paired(
                f"export, {n} deals, work after imports",
                ["-c", WORK, str(game)],
                args.runs,
                args.before,
                True,
            )
            paired(f"export, {n} deals", export, args.runs, args.before)
            cpu_of(export, None)
            paired(f"audit, {n} deals", ["-c", CLI, "audit", str(book)], args.runs, args.before)
            paired(
                f"score --json, {n} deals",
                ["-c", CLI, "score", "--json", str(game)],
                args.runs,
                args.before,
            )


if __name__ == "__main__":
    main()
