"""The club night's draw: time and repeat meetings for the issue's numbers.

Run: python benchmarks/bench_night_draw.py [--seeds N]

Targets (issue 27): 40 players at 10 tables over 6 rounds drawn in at most 2 s; 16
players at 4 tables over 5 rounds with 0 repeat meetings; 20 players at 5 tables over 3
rounds with 0 repeat meetings. Each case is drawn from ``--seeds`` seeds (the draw is the
same on every machine for a seed: only the time varies); the slowest time and the most
repeats are printed, with the neighbours seated side by side again. Also shown, with no
target: the same cases drawn by the search alone (round by round, as by-rank nights
draw), and numbers where repeats cannot be avoided (the time the search's fixed budget
takes when it cannot stop early).
"""

from __future__ import annotations

import argparse
import sys
import time

from scoresheet.night.draw import Round, draw, neighbour_repeats, repeats

CASES = [  # players, table size, rounds, most seconds, most repeats
    (40, 4, 6, 2.0, None),
    (16, 4, 5, None, 0),
    (20, 4, 3, None, 0),
]
MORE = [  # players, table size, rounds, how: whole night by the search alone, or round by round
    (16, 4, 5, "search"),
    (16, 4, 5, "by round"),
    (24, 4, 7, "search"),
    (13, 4, 4, "search"),
    (30, 4, 8, "search"),
]


def _one(
    players: int, size: int, rounds: int, seed: int, how: str = "draw"
) -> tuple[float, list[Round]]:
    started = time.perf_counter()
    if how == "by round":
        night: list[Round] = []
        for _ in range(rounds):
            night += draw(seed, players, [size], size, 1, history=night)
    else:
        night = draw(seed, players, [size], size, rounds, construct=how != "search")
    return time.perf_counter() - started, night


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    failed = False
    print(f"{'case':<28}{'slowest':>10}{'repeats':>10}{'neighbours':>12}  target")
    for players, size, rounds, most_time, most_repeats in CASES:
        slowest, worst, sides = 0.0, 0, 0
        for seed in range(args.seeds):
            took, night = _one(players, size, rounds, seed)
            slowest = max(slowest, took)
            worst = max(worst, repeats(players, night))
            sides = max(sides, neighbour_repeats(players, night))
        target = []
        if most_time is not None:
            target.append(f"<= {most_time:.0f} s")
            failed |= slowest > most_time
        if most_repeats is not None:
            target.append(f"{most_repeats} repeats")
            failed |= worst > most_repeats
        case = f"{players} players, {players // size} tables, {rounds} rounds"
        print(f"{case:<28}{slowest:>9.3f}s{worst:>10}{sides:>12}  {', '.join(target)}")
    print("\nthe search alone (whole night, or round by round), and numbers forcing repeats:")
    for players, size, rounds, how in MORE:
        slowest, worst = 0.0, 0
        for seed in range(min(args.seeds, 3)):
            took, night = _one(players, size, rounds, seed, how)
            slowest = max(slowest, took)
            worst = max(worst, repeats(players, night))
        case = f"{players} players, tables of {size}, {rounds} rounds, {how}"
        print(f"{case:<46}{slowest:>9.3f}s{worst:>10} repeats")
    print("\nall targets met" if not failed else "\nTARGET MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
