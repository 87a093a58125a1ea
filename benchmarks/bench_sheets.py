"""Spreadsheet speed: exporting a 36-deal game, and auditing a folder of 100 workbooks.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--workbooks", type=int, default=100)
    args = parser.parse_args()
    median, size = export_median(args.runs)
    print(f"export, 36-deal chinese-poker game: median {median * 1000:.0f} ms ({size:,} bytes)")
    total, exported, findings = audit_folder(args.workbooks)
    print(
        f"audit of {args.workbooks} exported workbooks: {total:.1f} s in all, "
        f"{total / args.workbooks * 1000:.0f} ms each ({findings} findings: missing declarer "
        f"doubles of the random games); exporting them took {exported:.1f} s"
    )


if __name__ == "__main__":
    main()
