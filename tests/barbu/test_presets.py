"""Barbu for three, five and six players: the presets load, a whole game scores, and every
deal adds up to the contract's total worked out here by hand from the preset's deck.

The totals below are written from the TOML files' decks and values, not read from the
code: if a preset or the scorer changes a total, these fail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scoresheet import record
from scoresheet.cli import app
from scoresheet.games.barbu.score import score_game
from scoresheet.rules import list_presets, load_preset

runner = CliRunner()

CONTRACTS = ["no-tricks", "no-hearts", "no-queens", "no-king", "no-last-two", "trumps", "dominoes"]

# Each preset by hand: players, cards each (= tricks a deal), hearts and queens in the deck,
# and each contract's total over the table.
BY_HAND: dict[str, dict[str, Any]] = {
    # 52 − the four twos = 48 cards, 48 / 3 = 16 each; 13 − 1 = 12 hearts; 4 queens.
    "classic-3": {
        "players": 3,
        "tricks": 16,
        "hearts": 12,
        "queens": 4,
        "totals": {
            "no-tricks": -2 * 16,  # −32
            "no-hearts": -2 * 12 - 4,  # −28: the A♥ −6
            "no-queens": -6 * 4,  # −24
            "no-king": -21,
            "no-last-two": -10 - 20,  # −30
            "trumps": 5 * 16,  # +80
            "dominoes": 45 + 15 - 5,  # +55
        },
    },
    # 52 − the two black twos = 50 cards, 10 each; all 13 hearts; 4 queens.
    "classic-5": {
        "players": 5,
        "tricks": 10,
        "hearts": 13,
        "queens": 4,
        "totals": {
            "no-tricks": -2 * 10,  # −20
            "no-hearts": -2 * 13 - 4,  # −30
            "no-queens": -6 * 4,  # −24
            "no-king": -20,
            "no-last-two": -10 - 20,  # −30
            "trumps": 5 * 10,  # +50
            "dominoes": 45 + 25 + 10 + 0 - 6,  # +74
        },
    },
    # 52 − the four twos = 48 cards, 48 / 6 = 8 each; 12 hearts; 4 queens.
    "classic-6": {
        "players": 6,
        "tricks": 8,
        "hearts": 12,
        "queens": 4,
        "totals": {
            "no-tricks": -2 * 8,  # −16
            "no-hearts": -2 * 12 - 4,  # −28
            "no-queens": -6 * 4,  # −24
            "no-king": -20,
            "no-last-two": -10 - 20,  # −30
            "trumps": 5 * 8,  # +40
            "dominoes": 45 + 25 + 15 + 5 - 5 - 7,  # +78
        },
    },
}
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _spread(total: int, players: list[str], first: int) -> dict[str, int]:
    """``total`` cards or tricks dealt out one at a time from seat ``first`` on."""
    counts = dict.fromkeys(players, 0)
    for k in range(total):
        counts[players[(first + k) % len(players)]] += 1
    return counts


def _result(contract: str, hand: dict[str, Any], players: list[str], k: int) -> dict[str, Any]:
    """A legal result for ``contract``, varied by ``k`` (the deal's index)."""
    n = len(players)
    if contract in ("no-tricks", "trumps"):
        return {"tricks": _spread(hand["tricks"], players, k)}
    if contract == "no-hearts":
        hearts = _spread(hand["hearts"], players, k)
        return {"hearts": hearts, "ace_of_hearts": players[k % n]}
    if contract == "no-queens":
        return {"queens": _spread(hand["queens"], players, k)}
    if contract == "no-king":
        return {"king_of_hearts": players[k % n]}
    if contract == "no-last-two":
        return {"second_last": players[k % n], "last": players[(k + 1) % n]}
    assert contract == "dominoes"
    return {"order": players[k % n :] + players[: k % n]}


def whole_game(preset: str) -> dict[str, Any]:
    """A complete game: each player declares the seven contracts in a row (block
    rotation), and every non-declarer doubles the declarer every deal, so every deal is
    played and the two declarer doubles are made."""
    hand = BY_HAND[preset]
    players = NAMES[: hand["players"]]
    n = len(players)
    deals = []
    for k in range(len(players) * len(CONTRACTS)):
        declarer = players[k // len(CONTRACTS)]
        contract = CONTRACTS[k % len(CONTRACTS)]
        seat = players.index(declarer)  # the declarer deals; doubles go from their left
        doubles = [{"by": players[(seat + j) % n], "double": [declarer]} for j in range(1, n)]
        deals.append(
            {
                "contract": contract,
                "declarer": declarer,
                "doubles": doubles,
                "result": _result(contract, hand, players, k),
            }
        )
    return {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": preset,
        "players": players,
        "deals": deals,
    }


def test_the_presets_are_listed_for_barbu() -> None:
    assert {"classic-3", "classic-5", "classic-6"} <= set(list_presets("barbu"))


@pytest.mark.parametrize("preset", sorted(BY_HAND))
def test_each_preset_loads_with_its_deck(preset: str) -> None:
    hand = BY_HAND[preset]
    rules = load_preset(preset)
    assert rules.players == hand["players"]
    assert rules.cards_per_player == rules.tricks_per_deal == hand["tricks"]
    assert len(rules.deck) == hand["players"] * hand["tricks"]
    assert rules.count_in_deck(suit="H") == hand["hearts"]
    assert rules.count_in_deck(rank=12) == hand["queens"]
    assert list(rules.contracts) == CONTRACTS
    for contract, total in hand["totals"].items():
        assert rules.contract_total(contract) == total, contract


@pytest.mark.parametrize("preset", sorted(BY_HAND))
def test_a_whole_game_scores_and_every_deal_adds_up(preset: str) -> None:
    hand = BY_HAND[preset]
    game = record.from_data(whole_game(preset), source=preset)
    result = score_game(game)
    assert result.complete
    assert not result.violations
    assert len(result.deals) == hand["players"] * 7
    for deal in result.deals:
        assert not deal.split
        assert sum(deal.base.values()) == hand["totals"][deal.contract], deal.number
        assert deal.total == hand["totals"][deal.contract], deal.number
    # Each player declares every contract once: the game sums to the players times the
    # contracts' totals, and each preset chose to stay zero-sum.
    assert sum(hand["totals"].values()) == 0
    assert sum(result.totals.values()) == hand["players"] * sum(hand["totals"].values())
    assert load_preset(preset).zero_sum


def test_the_dominoes_pay_by_going_out_order() -> None:
    """The first deal of dominoes in classic-5: Ann's seventh, the order starting at seat
    6 % 5 = 1 (Bob first); with each player doubling Ann, only the base is checked."""
    result = score_game(record.from_data(whole_game("classic-5"), source="classic-5"))
    deal = result.deals[6]
    assert deal.contract == "dominoes"
    assert deal.base == {"Bob": 45, "Cat": 25, "Dan": 10, "Eve": 0, "Ann": -6}


@pytest.mark.parametrize("preset", sorted(BY_HAND))
def test_the_whole_game_through_the_command_line(preset: str, tmp_path: Path) -> None:
    """`new`, every deal by `add --deal`, then `show`, `export` to a workbook that audits
    clean and to a PDF, and `blank` as a workbook and as a pad."""
    game = tmp_path / "g.json"
    players = NAMES[: BY_HAND[preset]["players"]]
    made = runner.invoke(app, ["new", str(game), "--rules", preset, "--players", *players])
    assert made.exit_code == 0, made.output
    for deal in whole_game(preset)["deals"]:
        added = runner.invoke(app, ["add", str(game), "--deal", json.dumps(deal)])
        assert added.exit_code == 0, added.output
    scored = runner.invoke(app, ["score", str(game), "--json"])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["complete"] is True
    shown = runner.invoke(app, ["show", str(game)])
    assert shown.exit_code == 0, shown.output
    xlsx, pdf = tmp_path / "g.xlsx", tmp_path / "g.pdf"
    for out in (xlsx, pdf):
        written = runner.invoke(app, ["export", str(game), "-o", str(out)])
        assert written.exit_code == 0, written.output
        assert out.stat().st_size > 0
    audited = runner.invoke(app, ["audit", str(xlsx), "--json"])
    assert json.loads(audited.stdout)["ok"] is True, audited.stdout
    for name in ("blank.xlsx", "blank.pdf"):
        blank = runner.invoke(
            app,
            [
                "blank",
                "-o",
                str(tmp_path / name),
                "--rules",
                preset,
                "--players",
                ",".join(players),
            ],
        )
        assert blank.exit_code == 0, blank.output
    assert runner.invoke(app, ["audit", str(tmp_path / "blank.xlsx")]).exit_code == 0
