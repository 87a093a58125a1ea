"""Speed of ``scoresheet stats`` (and ``settle``) over a season of game files.

Run: python benchmarks/bench_stats.py [--games N] [--runs N]

Target (issue 15): hundreds of game files in well under a few seconds. The season is a
seeded mix of complete games — Barbu (classic, Ravage City, Salad), Belote, Caribbean
All Fours and Rosbiratschka — among six players, written to a temporary folder; the
command reads the folder, scores every file with its game and prints the JSON.

Issue 25: ``stats`` folds each game into its figures as it is read, so its peak memory
does not grow with the games' deals (≤ 120 MiB at 10,000 files). Each run's peak resident
memory is the child's own (measured in a fresh process that runs only it). With
``--baseline DIR`` (a copy of another version's ``scoresheet`` package under DIR) the
runs are paired, baseline then this checkout, A B A B …, so both see the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.games.caribbean_all_fours.simulate import random_game as random_all_fours
from scoresheet.games.rosbiratschka.simulate import random_game as random_rosbiratschka

POOL = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def season(count: int, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        players = rng.sample(POOL, 4)
        kind = rng.random()
        if kind < 0.55:
            preset = rng.choice(["classic", "ravage-city", "salad"])
            out.append(random_barbu(rng, preset, players=players))
        elif kind < 0.75:
            out.append(random_belote(rng, players=players))
        elif kind < 0.9:
            out.append(random_all_fours(rng, players=players))
        else:
            out.append(random_rosbiratschka(rng, players=players))
    return out


#: Runs one command in a fresh process and prints the wall time, the CPU time (user +
#: system) and the peak resident memory (KiB) of the command's own process: the
#: children's ``ru_maxrss`` of a process that had no other child.
_ONE_RUN = """
import resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[2:], check=True, stdout=subprocess.DEVNULL, env=eval(sys.argv[1]))
wall = time.perf_counter() - start
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, u.ru_utime + u.ru_stime, u.ru_maxrss)
"""


def one_run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall time (s), CPU time (s) and peak resident memory (KiB) of one run of ``cmd``."""
    out = subprocess.run(
        # Run away from the checkout: ``python -c`` puts the current folder first on the
        # path, which would shadow the baseline's package.
        [sys.executable, "-c", _ONE_RUN, repr(env), *cmd],
        cwd=tempfile.gettempdir(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])


def medians(cmd: list[str], runs: int, env: dict[str, str] | None = None) -> tuple[float, ...]:
    """The median wall time, median CPU time (user + system) and largest peak memory (MiB)
    of the command: on a busy machine the CPU time is the steadier figure."""
    got = [one_run(cmd, env or dict(os.environ)) for _ in range(runs)]
    return _summary(got)


def _summary(got: list[tuple[float, float, int]]) -> tuple[float, ...]:
    return (
        statistics.median(g[0] for g in got),
        statistics.median(g[1] for g in got),
        max(g[2] for g in got) / 1024,
    )


def paired(
    cmd: list[str], baseline: Path, runs: int
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The baseline's figures and this checkout's, from runs taken in turn (A B A B …)."""
    base_env = {**os.environ, "PYTHONPATH": str(baseline)}
    base_cmd = [sys.executable, "-c", "from scoresheet.cli import main; main()", *cmd[1:]]
    ours_cmd = [sys.executable, "-c", "from scoresheet.cli import main; main()", *cmd[1:]]
    ours_env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    a, b = [], []
    for _ in range(runs):
        a.append(one_run(base_cmd, base_env))
        b.append(one_run(ours_cmd, ours_env))
    return _summary(a), _summary(b)


def _line(what: str, f: tuple[float, ...]) -> str:
    return f"{what}: {f[0]:.2f} s wall, {f[1]:.2f} s CPU (medians), peak {f[2]:.0f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--baseline",
        type=Path,
        help="a folder holding another version's scoresheet package: paired runs against it",
    )
    args = parser.parse_args()
    exe = shutil.which("scoresheet", path=str(Path(sys.executable).parent))
    assert exe is not None, "install the package first (pip install -e .)"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "season"
        folder.mkdir()
        games = season(args.games)
        for i, data in enumerate(games):
            (folder / f"{i:05d}.json").write_text(json.dumps(data), encoding="utf-8")
        barbu = [folder / f"{i:05d}.json" for i, g in enumerate(games) if g["game"] == "barbu"]
        stats_cmd = [exe, "stats", str(folder), "--json"]
        stats_time = medians(stats_cmd, args.runs)
        settle_time = medians(
            [exe, "settle", *map(str, barbu[:100]), "--stake", "0.01", "--json"], args.runs
        )
        pair = paired(stats_cmd, args.baseline, args.runs) if args.baseline else None
    kinds: dict[str, int] = {}
    for g in games:
        kinds[g["game"]] = kinds.get(g["game"], 0) + 1
    mix = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    print(_line(f"stats over {args.games} game files ({mix})", stats_time))
    print(_line(f"settle over {min(100, len(barbu))} Barbu game files", settle_time))
    if pair is not None:
        print(_line(f"stats, paired: baseline {args.baseline}", pair[0]))
        print(_line("stats, paired: this checkout", pair[1]))
        print(f"stats CPU, this checkout / baseline: {pair[1][1] / pair[0][1]:.2f}")


if __name__ == "__main__":
    main()
