"""Speed of ``scoresheet stats`` (and ``settle``) over a season of game files.

Run: python benchmarks/bench_stats.py [--games N] [--runs N]

Target (issue 15): hundreds of game files in well under a few seconds. The season is a
seeded mix of complete games — Barbu (classic, Ravage City, Salad), Belote, Caribbean
All Fours and Rosbiratschka — among six players, written to a temporary folder; the
command reads the folder, scores every file with its game and prints the JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
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


def median_wall(cmd: list[str], runs: int) -> tuple[float, float]:
    """The median wall time and the median CPU time (user + system) of the command: on a
    busy machine the CPU time is the steadier figure."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
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
        stats_time = median_wall([exe, "stats", str(folder), "--json"], args.runs)
        settle_time = median_wall(
            [exe, "settle", *map(str, barbu[:100]), "--stake", "0.01", "--json"], args.runs
        )
    kinds: dict[str, int] = {}
    for g in games:
        kinds[g["game"]] = kinds.get(g["game"], 0) + 1
    mix = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    print(
        f"stats over {args.games} game files ({mix}): {stats_time[0]:.2f} s wall, "
        f"{stats_time[1]:.2f} s CPU (medians)"
    )
    print(
        f"settle over {min(100, len(barbu))} Barbu game files: {settle_time[0]:.2f} s wall, "
        f"{settle_time[1]:.2f} s CPU (medians)"
    )


if __name__ == "__main__":
    main()
