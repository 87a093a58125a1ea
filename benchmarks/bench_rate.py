"""The season ladder (``scoresheet rate``): its speed, and how well it finds known skills.

Run: python benchmarks/bench_rate.py [--players 60] [--games 2000] [--timed 1000] [--runs 3]

Targets (issue 27): 1,000 games rated in at most 5 s; on a simulated league of 60 players
of known skill playing 2,000 games, the ladder's order correlates with the true skills at
Spearman ≥ 0.9.

The league (:mod:`scoresheet.evening.league`) is complete Barbu games (classic) made by
Barbu's own simulator, four players drawn at random at each table, 20 games a night; the
seats are given so that skill biases the places (Plackett–Luce, odds exp(skill), skills
drawn from a standard normal). The games are written to a temporary folder as game files.
The time is the whole command, ``scoresheet rate FOLDER --json`` in a fresh process over
the first ``--timed`` files (reading, checking and scoring each file, then rating): the
best of ``--runs``, and the rating alone (in this process, the games already scored).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from scoresheet.evening.games import from_data
from scoresheet.evening.league import league, spearman
from scoresheet.evening.rate import rate, rated_game

SCRIPT = Path(sys.executable).with_name("scoresheet")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--timed", type=int, default=1000, help="games in the timed run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--spread", type=float, default=1.0, help="skill's weight on places")
    args = parser.parse_args()

    start = time.perf_counter()
    skills, games = league(
        random.Random(args.seed),
        "barbu",
        "classic",
        players=args.players,
        games=args.games,
        table=4,
        spread=args.spread,
    )
    print(f"simulated {len(games)} games of {args.players} players", end=" ")
    print(f"in {time.perf_counter() - start:.1f} s")

    with tempfile.TemporaryDirectory() as tmp:
        timed = Path(tmp) / "timed"
        timed.mkdir()
        for i, data in enumerate(games[: args.timed]):
            text = json.dumps(data, ensure_ascii=False)
            (timed / f"game-{i:05d}.json").write_text(text, "utf-8")
        walls = []
        outputs = set()
        for _ in range(args.runs):
            t = time.perf_counter()
            proc = subprocess.run(
                [str(SCRIPT), "rate", str(timed), "--json"],
                capture_output=True,
                text=True,
                check=True,
            )
            walls.append(time.perf_counter() - t)
            outputs.add(proc.stdout)
        rated = json.loads(next(iter(outputs)))["games"]
        print(
            f"scoresheet rate over {rated} game files: best {min(walls):.2f} s, "
            f"worst {max(walls):.2f} s (target ≤ 5 s); "
            f"{len(outputs)} distinct output(s) over {args.runs} runs"
        )

    scored = []
    for i, data in enumerate(games):
        one = rated_game(from_data(data, f"{i}.json"), datetime.fromisoformat(data["created"]))
        assert one is not None
        scored.append(one)
    t = time.perf_counter()
    ladder = rate(scored).ladders[0]
    alone = time.perf_counter() - t
    truth = [skills[p.player] for p in ladder.players]
    rho = spearman(truth, [p.ordinal for p in ladder.players])
    rho_mu = spearman(truth, [p.mu for p in ladder.players])
    print(f"rating alone, {len(scored)} games: {alone:.2f} s")
    print(
        f"Spearman, ladder (mu - 3 sigma) against true skill, {len(ladder.players)} players, "
        f"{len(scored)} games: {rho:.4f} (mu alone {rho_mu:.4f}; target ≥ 0.9)"
    )


if __name__ == "__main__":
    main()
