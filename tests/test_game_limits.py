"""The documented limits hold together: a game at every one of them — the most deals, the
most players, names of the most characters (each four bytes of UTF-8), every double and
redouble in every deal, a full history of corrections — is saved by the commands that
save and read back by every command. A game once froze at about 9,100 history entries,
well before the 10,000 then documented: the indented history filled the file."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.games.barbu.simulate import random_result
from scoresheet.limits import MAX_DEALS, MAX_GAME_BYTES, MAX_HISTORY, MAX_NAME
from scoresheet.rules import resolve
from tests.cli_helpers import run

# Barbu's deals are the largest of any game's: a map of every player in the result, and
# up to a double and a redouble between every two players. Six players is the most Barbu
# seats; a thousand deals the most a game holds (five players, five contracts, 40 rounds).
SHAPES: dict[str, dict[str, Any]] = {
    "six players": {
        "players": 6,
        "removed_cards": ["2S", "2C", "2H", "2D"],
        "cards_per_player": 8,
        "tricks_per_deal": 8,
        "rounds": 27,
    },
    "a thousand deals": {
        "contracts": ["no-tricks", "no-hearts", "no-queens", "no-king", "salad"],
        "rounds": 40,
    },
}
AT = "2026-12-01T20:00:00+00:00"


def _names(count: int) -> list[str]:
    """Names of MAX_NAME characters from the supplementary planes: 4 bytes each in UTF-8."""
    return [chr(0x20000 + i) * MAX_NAME for i in range(count)]


def _every_double(
    rules: BarbuRules, players: Sequence[str], contract: str, declarer: str
) -> list[dict[str, Any]]:
    """Every double the rules allow, each naming its players, then every redouble."""
    dealer = dealer_of(rules, players, declarer)
    seat = players.index(dealer)
    order = [*players[seat + 1 :], *players[: seat + 1]]
    doubled: list[tuple[str, str]] = []
    declarations: list[dict[str, Any]] = []
    for p in order:
        targets = [
            q
            for q in players
            if q != p and (q, p) not in doubled and rules.may_double(contract, p, q, declarer)
        ]
        if targets:
            declarations.append({"by": p, "double": targets})
            doubled += [(p, q) for q in targets]
    for p in order:
        received = [q for q, t in doubled if t == p]
        if received:
            declarations.append({"by": p, "redouble": received})
    return declarations


def _game(options: dict[str, Any]) -> tuple[dict[str, Any], BarbuRules]:
    """The complete game, and one correction short of a full history: each correction of
    the largest deal, as an edit keeps it (the deal before and after)."""
    rules: BarbuRules = resolve("salad-5", options)
    players = _names(rules.players)
    rng = random.Random(29)
    deals = []
    for i in range(rules.deals_per_game):
        declarer = declarer_of(rules, players, i)
        contract = rules.contracts[i % len(rules.contracts)]
        deals.append(
            {
                "contract": contract,
                "declarer": declarer,
                "doubles": _every_double(rules, players, contract, declarer),
                "result": random_result(rng, rules, contract, players),
            }
        )
    largest = max(deals, key=lambda d: len(json.dumps(d, ensure_ascii=False)))
    correction = {"at": AT, "action": "edit", "deal": 1, "before": largest, "after": largest}
    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": "salad-5",
        "options": options,
        "players": players,
        "deals": deals,
        "created": AT,
        "history": [correction] * (MAX_HISTORY - 1),
    }
    return data, rules


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_game_at_every_documented_limit_is_saved_and_read_back(
    tmp_path: Path, shape: str
) -> None:
    data, rules = _game(SHAPES[shape])
    last = data["deals"].pop()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")

    # The last deal, then a correction of it: every deal played, the history full.
    added = run("add", path, "--deal", "-", stdin=json.dumps(last))
    assert added.returncode == 0, added.stderr
    other = random_result(random.Random(1), rules, last["contract"], data["players"])
    assert other != last["result"]
    corrected = json.dumps({**last, "result": other})
    edited = run("edit", path, str(rules.deals_per_game), "--deal", "-", stdin=corrected)
    assert edited.returncode == 0, edited.stderr

    saved = json.loads(path.read_text("utf-8"))
    assert len(saved["deals"]) == rules.deals_per_game
    assert len(saved["history"]) == MAX_HISTORY
    assert saved["history"][-1]["after"] == {**last, "result": other}
    assert {len(p) for p in saved["players"]} == {MAX_NAME}
    assert path.stat().st_size <= MAX_GAME_BYTES
    if shape == "a thousand deals":
        assert len(saved["deals"]) == MAX_DEALS
    for command in ("score", "show", "history"):
        proc = run(command, path)
        assert proc.returncode == 0, (command, proc.stderr)

    # And the history is full: one more correction is refused, saying how to make room.
    before = path.read_bytes()
    proc = run("undo", path, "--yes")
    assert proc.returncode == 2 and "--trim" in proc.stderr
    assert path.read_bytes() == before
