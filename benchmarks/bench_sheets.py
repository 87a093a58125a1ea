"""Spreadsheet speed: exporting a 36-deal game, auditing a folder of 100 workbooks, and
auditing one long game of Rosbiratschka and of Caribbean All Fours (CPU time; an audit
plans the workbook once, as tests/test_audit_plans_once.py checks).

Run: python benchmarks/bench_sheets.py [--runs N] [--workbooks N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from scoresheet import record
from scoresheet.games.barbu.sheet.render import export_workbook
from scoresheet.games.barbu.simulate import random_game
from scoresheet.sheets.audit import audit_path


def export_median(runs: int) -> tuple[float, int]:
    game = record.from_data(random_game(random.Random(1), "chinese-poker"))
    assert len(game["deals"]) == 36
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(export_workbook(game))
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def audit_folder(count: int) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as folder:
        presets = ["classic", "ravage-city", "chinese-poker", "salad"]
        start = time.perf_counter()
        for i in range(count):
            game = record.from_data(random_game(random.Random(i), presets[i % len(presets)]))
            (Path(folder) / f"game-{i:03}.xlsx").write_bytes(export_workbook(game))
        exported = time.perf_counter() - start
        start = time.perf_counter()
        findings = 0
        for path in sorted(Path(folder).glob("*.xlsx")):
            findings += len(audit_path(path).findings)
        return time.perf_counter() - start, exported, findings


def long_games(folder: Path) -> dict[str, Path]:
    """A Rosbiratschka game of 35 rounds and a Caribbean All Fours game played to 300."""
    from scoresheet.games.caribbean_all_fours.simulate import random_game as caribbean
    from scoresheet.games.rosbiratschka.simulate import random_game as rosbiratschka
    from scoresheet.sheets.audit import export

    games = {
        "Rosbiratschka": rosbiratschka(random.Random(1), options={"rounds": 35}),
        "Caribbean All Fours": caribbean(random.Random(1), options={"target": 300}),
    }
    paths = {}
    for i, (name, data) in enumerate(games.items()):
        game = record.from_data(data)
        paths[f"{name}, {len(game['deals'])} deals"] = path = folder / f"long-{i}.xlsx"
        path.write_bytes(export(game))
    return paths


def audit_long(runs: int) -> dict[str, float]:
    """The median CPU time of auditing each long game; the games alternate, so no audit
    reads the workbook the one before it read (the sheets of the last are kept)."""
    with tempfile.TemporaryDirectory() as folder:
        paths = long_games(Path(folder))
        times: dict[str, list[float]] = {name: [] for name in paths}
        for _ in range(runs):
            for name, path in paths.items():
                start = time.process_time()
                audit_path(path)
                times[name].append(time.process_time() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--workbooks", type=int, default=100)
    args = parser.parse_args()
    median, size = export_median(args.runs)
    print(f"export, 36-deal chinese-poker game: median {median * 1000:.0f} ms ({size:,} bytes)")
    for name, cpu in audit_long(args.runs).items():
        print(f"audit of a long game, {name}: median {cpu * 1000:.0f} ms CPU")
    total, exported, findings = audit_folder(args.workbooks)
    print(
        f"audit of {args.workbooks} exported workbooks: {total:.1f} s in all, "
        f"{total / args.workbooks * 1000:.0f} ms each ({findings} findings: missing declarer "
        f"doubles of the random games); exporting them took {exported:.1f} s"
    )


if __name__ == "__main__":
    main()
