"""The workbooks of ``settle`` and ``stats``, recalculated by LibreOffice (one start for
all of them): every formula cell equals the value the library computed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scoresheet.evening import load_game, settle, stats
from scoresheet.evening.workbook import plan_settlement, plan_stats
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.games.caribbean_all_fours.simulate import random_game as random_all_fours
from scoresheet.games.rosbiratschka.simulate import random_game as random_rosbiratschka
from scoresheet.sheets.plan import Cell
from tests.cli_helpers import ROOT, run
from tests.sheets_helpers import recalculate, values

EXAMPLES = ROOT / "examples"


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _cases(folder: Path) -> dict[str, tuple[list[str], list[Cell]]]:
    """Each workbook's command-line arguments and the cells the library plans for it."""
    rng = random.Random(11)
    rc36 = _write(
        folder / "rc36.json",
        random_barbu(rng, "ravage-city-36", players=["Ann", "Bob", "Eve", "Dan"]),
    )
    ros3 = _write(
        folder / "ros3.json",
        random_rosbiratschka(rng, "rosbiratschka-3", players=["Cat", "Eve", "Fay"]),
    )
    half = _write(folder / "half.json", random_barbu(rng, "salad", deals=7))
    belote = _write(folder / "b2.json", random_belote(rng))
    fours = _write(folder / "a4.json", random_all_fours(rng, players=["Eve", "Bob", "Fay", "Dan"]))
    classic = EXAMPLES / "classic.json"
    evenings: dict[str, tuple[list[Path], dict[str, Any]]] = {
        # Thirds and quarters of a point at 0.3 cent a point: the rounding is exercised.
        "points": ([classic, rc36, ros3, half], {"stake": "0.003", "partial": True}),
        "games": ([EXAMPLES / "belote.json", belote, fours], {"stake": "1.01"}),
        "ledger": ([classic, rc36, belote], {"stake": "0.015", "ledger_only": True}),
        # No side bets at all: every balance 0 and no payment.
        "square": ([belote, fours], {"stake": "1", "ledger_only": True}),
        # A mixed evening, a stake per kind of game: each row's formula uses its own.
        "mixed": (
            [classic, rc36, ros3, belote, fours],
            {
                "stake": None,
                "stakes": {
                    "barbu": "0.003",
                    "rosbiratschka": "0.25",
                    "belote": "1.01",
                    "caribbean-all-fours": "2",
                },
            },
        ),
        # The side bets at two stakes: each game's bets at its own in the Ledger sheet.
        "mixed-ledger": (
            [classic, rc36, belote],
            {"stake": "0.015", "stakes": {"belote": "1"}, "ledger_only": True},
        ),
    }
    out = {}
    for name, (files, options) in evenings.items():
        games = [load_game(p) for p in files]
        flags = ["--stake", options["stake"]] if options["stake"] else []
        for kind, amount in options.get("stakes", {}).items():
            flags += ["--stake", f"{kind}={amount}"]
        flags += ["--partial"] if options.get("partial") else []
        flags += ["--ledger-only"] if options.get("ledger_only") else []
        out[name] = (
            ["settle", *map(str, files), *flags],
            plan_settlement(settle(games, **options), games),
        )
    season = [classic, rc36, ros3, half, belote, fours, EXAMPLES / "rosbiratschka.json"]
    out["season"] = (
        ["stats", *map(str, season)],
        plan_stats(stats([load_game(p) for p in season])),
    )
    return out


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[Cell], Path]]:
    folder = tmp_path_factory.mktemp("evening-sheets")
    cases = _cases(folder)
    books = {}
    for name, (args, _) in cases.items():
        book = folder / f"{name}.xlsx"
        proc = run(*args, "--xlsx", book)
        assert proc.returncode == 0, proc.stderr
        books[name] = book
    out = recalculate(books.values(), folder / "recalculated", folder / "profile")
    return {name: (cases[name][1], out[book]) for name, book in books.items()}


@pytest.mark.parametrize(
    "name", ["points", "games", "ledger", "square", "mixed", "mixed-ledger", "season"]
)
def test_libreoffice_computes_what_the_library_computes(
    recalculated: dict[str, tuple[list[Cell], Path]], name: str
) -> None:
    cells, path = recalculated[name]
    got = values(path)
    formulas = [c for c in cells if c.formula is not None]
    assert len(formulas) > 8
    if name == "square":
        assert not any(c.label.startswith("payment ") for c in cells)
    wrong = []
    for c in formulas:
        value = got[c.sheet].get(c.ref)
        if c.value == "":
            ok = value in ("", None)
        else:
            assert isinstance(c.value, int | float)
            ok = isinstance(value, int | float) and abs(value - c.value) < 1e-9
        if not ok:
            wrong.append(f"{c.where} ({c.label}): {value!r}, the library gives {c.value!r}")
    assert not wrong, wrong[:5]


def test_the_rounding_and_the_payments_are_exercised(
    recalculated: dict[str, tuple[list[Cell], Path]],
) -> None:
    """The cases are worth checking: spare units handed out, several payments."""
    points = {c.label: c.value for c in recalculated["points"][0] if c.label}
    assert isinstance(points["units left over"], int) and points["units left over"] > 0
    assert sum(1 for label in points if label.startswith("payment ")) >= 3
