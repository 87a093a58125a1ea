"""The belote of the losing side as Board Game Arena scores it (rules page, options table,
"belote of the losing side": "BGA: under a coinche the winner's belote is multiplied, and
the defenders of a made contract lose theirs"): the rules option ``losing_belote =
"lost-by-coinched-defenders"`` of the ``coinche-bga`` preset.

The defenders of a made contract under a coinche or surcoinche lose their belote; a
failed coinched contract leaves the losing takers theirs (the page's worked example,
deal 2, 524 / 20: ``test_worked_example.py``); without a coinche the defenders of a made
contract keep theirs. The same games exported as workbooks and recalculated by
LibreOffice give what the library gives (under CI=true these tests do not skip).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record as rec
from scoresheet.games.coinche.score import GameScore, score_game
from scoresheet.games.coinche.sheet.layout import SC, SCORES, layout_for
from scoresheet.games.coinche.sheet.plan import plan_workbook
from scoresheet.games.coinche.sheet.render import export_workbook
from scoresheet.sheets.plan import col_letter
from tests.cli_helpers import run
from tests.coinche.test_worked_example import EXAMPLE
from tests.sheets_helpers import recalculate, same, values

PLAYERS = ["Bob", "Cat", "Dan", "Ann"]
TEAMS = [["Bob", "Dan"], ["Cat", "Ann"]]
# Ann bids 100♥ for Cat & Ann (team 1), who take 102 card points and the last trick:
# 112, made; Bob & Dan hold belote (20) and 50 card points.
MADE = {"contract": "hearts", "bid": 100, "taker": "Ann"}
MADE_RESULT = {"points": [50, 102], "last_trick": 1, "belote": 0}


def _game(deal: dict[str, Any], rules: str = "coinche-bga", **options: Any) -> dict[str, Any]:
    return {
        "format": "scoresheet-game",
        "version": 1,
        "game": "coinche",
        "rules": rules,
        **({"options": options} if options else {}),
        "players": PLAYERS,
        "teams": TEAMS,
        "deals": [deal],
    }


# name → (game, the team totals). Under coinche-bga nothing is rounded and a coinche
# multiplies the winner's whole score: (112 + 100) x m to Cat & Ann.
GAMES: dict[str, tuple[dict[str, Any], tuple[int, int]]] = {
    # The defenders of a made coinched (surcoinched) contract lose their belote.
    "made-coinched": (
        _game({**MADE, "coinche": "Dan", "result": MADE_RESULT}),
        (0, 424),
    ),
    "made-surcoinched": (
        _game({**MADE, "coinche": "Dan", "surcoinche": "Cat", "result": MADE_RESULT}),
        (0, 848),
    ),
    # Without a coinche they keep it: 50 + 20 against 112 + 100.
    "made-uncoinched": (_game({**MADE, "result": MADE_RESULT}), (70, 212)),
    # A failed coinched contract: the losing takers keep theirs (the page's deal 2,
    # Bob & Dan 20, Cat & Ann (162 + 100) x 2 = 524).
    "failed-coinched": (_game(copy.deepcopy(EXAMPLE["deals"][1])), (20, 524)),
    # The option under the page's defaults: (160 + 100) x 2 to Cat & Ann, Bob & Dan 0.
    "option-on-coinche": (
        _game(
            {**MADE, "coinche": "Dan", "result": MADE_RESULT},
            "coinche",
            losing_belote="lost-by-coinched-defenders",
        ),
        (0, 520),
    ),
}


def _set(*items: str) -> list[str]:
    return [word for item in items for word in ("--set", item)]


@pytest.mark.parametrize(
    ("auction", "totals"),
    [
        (("coinche=Dan",), [0, 424]),
        (("coinche=Dan", "surcoinche=Cat"), [0, 848]),
        ((), [70, 212]),
    ],
    ids=["coinched", "surcoinched", "not-coinched"],
)
def test_at_the_table(tmp_path: Path, auction: tuple[str, ...], totals: list[int]) -> None:
    """The defenders' belote of a made contract, through the console script."""
    path = tmp_path / "ct.json"
    teams = ("--team", "Bob,Dan", "--team", "Cat,Ann")
    proc = run("new", path, "--rules", "coinche-bga", "--players", *PLAYERS, *teams)
    assert proc.returncode == 0, proc.stderr
    proc = run(
        "add",
        path,
        "hearts",
        *_set("bid=100", "taker=Ann", *auction, "points=50,102", "last=1", "belote=0"),
    )
    assert proc.returncode == 0, proc.stderr
    proc = run("score", path, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["team_totals"] == totals


@pytest.mark.parametrize("name", GAMES)
def test_the_library(name: str) -> None:
    game, totals = GAMES[name]
    assert score_game(rec.from_data(game)).team_totals == totals


def test_the_preset_uses_the_option() -> None:
    result = score_game(rec.from_data(GAMES["made-coinched"][0]))
    assert result.rules.losing_belote == "lost-by-coinched-defenders"


@pytest.fixture(scope="module")
def recalculated(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[Any, GameScore, Path]]:
    folder = tmp_path_factory.mktemp("coinche-bga-belote")
    books = {}
    for name, (game, _totals) in GAMES.items():
        record: Any = rec.from_data(game)
        path = folder / f"{name}.xlsx"
        path.write_bytes(export_workbook(record))
        books[name] = (record, score_game(record), path)
    out = recalculate([p for _, _, p in books.values()], folder / "lo", folder / "profile")
    return {name: (record, result, out[path]) for name, (record, result, path) in books.items()}


@pytest.mark.parametrize("name", GAMES)
def test_libreoffice_agrees_with_the_library(
    recalculated: dict[str, tuple[Any, GameScore, Path]], name: str
) -> None:
    record, result, path = recalculated[name]
    lay = layout_for(record, result)
    got = values(path)
    wrong = [
        f"{cell.where} ({cell.label}): {got[cell.sheet].get(cell.ref)!r}, "
        f"the library gives {cell.value!r}"
        for cell in plan_workbook(lay, record, result).formulas()
        if not same(cell.value, got[cell.sheet].get(cell.ref))
    ]
    assert wrong == []
    shown = got[SCORES]
    totals = tuple(shown[f"{col_letter(SC.team[k].score)}{lay.totals_row}"] for k in (0, 1))
    assert totals == GAMES[name][1]
