"""Golden files: what ``score --json`` prints and every cell ``export`` writes, per example.

For each game in ``examples/``, ``tests/golden/<example>.score.json`` holds the exact
output of ``scoresheet score examples/<example>.json --json`` and
``tests/golden/<example>.cells.json`` every non-empty cell of the workbook
``scoresheet export`` writes for it: per sheet, each cell's coordinate and its value, or
its formula and the value cached with it, plus the workbook's defined names.
``test_golden.py`` compares both with what the commands produce today; it never
writes them. Print setup and styles are not pinned.

After a deliberate change of what a user sees, regenerate the files and review the diff:

    python -m tests.golden.regenerate            # every example
    python -m tests.golden.regenerate classic    # only examples/classic.json
"""
