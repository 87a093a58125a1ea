"""Rewrite the golden files after a deliberate change of what a user sees.

Run from the repository's root: ``python -m tests.golden.regenerate [EXAMPLE ...]``
(example names without ``.json``; default: every example). Review the diff before
committing it: every changed line is a change a user will see.
"""

from __future__ import annotations

import argparse

from tests.golden.capture import EXAMPLES, cells_text, examples, golden_paths, score_json


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", help="examples to regenerate (default: all)")
    args = parser.parse_args()
    chosen = [EXAMPLES / f"{name}.json" for name in args.names] or examples()
    for example in chosen:
        if not example.is_file():
            parser.error(f"no example {example.name} in examples/")
    for example in chosen:
        score_path, cells_path = golden_paths(example)
        score_path.write_text(score_json(example), encoding="utf-8")
        cells_path.write_text(cells_text(example), encoding="utf-8")
        print(f"wrote {score_path.name} and {cells_path.name}")


if __name__ == "__main__":
    main()
