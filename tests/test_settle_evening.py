"""An evening of several kinds of game settled in one go: a stake per kind of game
(``--stake barbu=0.05 --stake belote=2``), players matched by name across the games,
payments as few as possible over the combined balances, each game's share shown.

The worked example, by hand:

- Barbu (one deal, settled as it stands): no queens, Ann takes two and Cat and Dan one
  each, Bob doubles everyone: totals Ann −24, Bob +24, Cat −12, Dan −12. They sum to
  −24, so each player settles against the mean (−6): −18, +30, −6, −6 points, at 0.05 a
  point Ann −0.90, Bob +1.50, Cat −0.30, Dan −0.30.
- Belote (examples/evening/belote-1.json, Dan renamed Eve): won by Ann & Cat, so at 2
  per game won Ann and Cat receive 1.00 each, Bob and Eve pay 1.00 each.
- Balances: Ann +0.10, Bob +0.50, Cat +0.70, Dan −0.30, Eve −1.00 (sum 0).
- No smaller group of them is square, so five players need four payments; the largest
  debtor pays the largest creditor each time (ties by name): Eve pays Cat 0.70; then
  Dan (0.30, before Eve's 0.30 by name) pays Bob 0.30; Eve pays Bob 0.20; Eve pays Ann
  0.10.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.evening import from_data, settle
from scoresheet.evening.stakes import parse_stakes
from tests.cli_helpers import ROOT, assert_one_line_error, run

EXAMPLES = ROOT / "examples"

BARBU = {
    "format": "scoresheet-game",
    "version": 1,
    "game": "barbu",
    "rules": "classic",
    "players": ["Ann", "Bob", "Cat", "Dan"],
    "deals": [
        {
            "contract": "no-queens",
            "doubles": [{"by": "Bob", "double": "maximum"}],
            "result": {"queens": {"Ann": 2, "Cat": 1, "Dan": 1}},
        }
    ],
}

BALANCES = {"Ann": "0.10", "Bob": "0.50", "Cat": "0.70", "Dan": "-0.30", "Eve": "-1.00"}
PAYMENTS = [
    {"from": "Eve", "to": "Cat", "amount": "0.70"},
    {"from": "Dan", "to": "Bob", "amount": "0.30"},
    {"from": "Eve", "to": "Bob", "amount": "0.20"},
    {"from": "Eve", "to": "Ann", "amount": "0.10"},
]


def _belote() -> dict[str, Any]:
    text = (EXAMPLES / "evening" / "belote-1.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text.replace('"Dan"', '"Eve"'))
    return data


def _files(tmp_path: Path) -> list[Path]:
    barbu, belote = tmp_path / "barbu.json", tmp_path / "belote.json"
    barbu.write_text(json.dumps(BARBU), encoding="utf-8")
    belote.write_text(json.dumps(_belote()), encoding="utf-8")
    return [barbu, belote]


def test_the_worked_example_from_python() -> None:
    games = [from_data(BARBU, "barbu.json"), from_data(_belote(), "belote.json")]
    winner = games[1].score["winner"]
    assert isinstance(winner, int)  # a partnership game's winner: its team's number
    assert games[1].score["teams"][winner] == ["Ann", "Cat"]
    s = settle(games, None, stakes={"barbu": "0.05", "belote": "2"}, partial=True)
    assert s.stake is None
    assert s.stakes == {"barbu": Decimal("0.05"), "belote": Decimal("2")}
    assert s.games[0].amounts == {
        "Ann": Fraction("-0.90"),
        "Bob": Fraction("1.50"),
        "Cat": Fraction("-0.30"),
        "Dan": Fraction("-0.30"),
    }
    assert s.games[1].amounts == {"Ann": 1, "Bob": -1, "Cat": 1, "Eve": -1}
    assert {p: str(b) for p, b in s.balances.items()} == BALANCES
    assert [{"from": p.payer, "to": p.payee, "amount": str(p.amount)} for p in s.payments] == (
        PAYMENTS
    )
    assert s.shares()["Dan"] == {"barbu.json": Fraction("-0.30")}
    assert s.shares()["Ann"] == {"barbu.json": Fraction("-0.90"), "belote.json": 1}


def test_the_worked_example_on_the_command_line(tmp_path: Path) -> None:
    files = _files(tmp_path)
    args: list[str | Path] = [*files, "--stake", "barbu=0.05", "--stake", "belote=2", "--partial"]
    proc = run("settle", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["balances"] == BALANCES
    assert out["payments"] == PAYMENTS
    assert out["stake"] is None and out["stakes"] == {"barbu": "0.05", "belote": "2"}
    assert [g["stake"] for g in out["games"]] == ["0.05", "2"]
    assert out["shares"]["Eve"] == {str(files[1]): "-1"}
    assert out["shares"]["Bob"] == {str(files[0]): "1.5", str(files[1]): "-1"}
    # the side bets of the Barbu deal at Barbu's stake: Bob won 12 from Ann, 6 from Cat
    ledger = {tuple(pair["players"]): pair["amount"] for pair in out["ledger"]}
    assert ledger[("Ann", "Bob")] == {"Ann": "-0.60", "Bob": "0.60"}
    text = run("settle", *args, "--currency", "EUR")
    assert text.returncode == 0, text.stderr
    assert "barbu at €0.05 a point, belote at €2 per game won" in text.stdout
    assert "Eve pays Cat €0.70" in text.stdout
    assert "Payments (4)" in text.stdout
    share_lines = text.stdout.split("Each balance, game by game\n")[1].splitlines()
    assert share_lines[0].split() == ["barbu.json", "belote.json"]
    assert share_lines[1].split() == ["Ann", "-0.90", "+1.00"]
    assert share_lines[4].split() == ["Dan", "-0.30"]
    assert share_lines[5].split() == ["Eve", "-1.00"]


def test_the_worked_example_workbook(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    out = tmp_path / "evening.xlsx"
    files = _files(tmp_path)
    proc = run(
        "settle", *files, "--stake", "barbu=0.05", "--stake", "belote=2", "--partial", "--xlsx", out
    )
    assert proc.returncode == 0, proc.stderr
    wb = load_workbook(out)
    assert wb.defined_names["stake_barbu"].attr_text == "Settle!$B$2"
    assert wb.defined_names["stake_belote"].attr_text == "Settle!$D$2"
    ws = wb["Settle"]
    assert (ws["B2"].value, ws["D2"].value) == (0.05, 2)
    formulas = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert any("stake_barbu" in f for f in formulas if f.startswith("="))
    assert any("stake_belote/2" in f for f in formulas if f.startswith("="))


def test_a_bare_stake_still_settles_one_kind_of_game() -> None:
    assert parse_stakes(["0.05"]) == ("0.05", {})
    g = from_data(BARBU, "barbu.json")
    s = settle([g], "0.05", partial=True)
    assert s.stake == Decimal("0.05") and s.stakes == {"barbu": Decimal("0.05")}
    assert str(s.balances["Bob"]) == "1.50"


def test_a_bare_stake_and_a_named_one_cover_the_evening() -> None:
    games = [from_data(BARBU, "barbu.json"), from_data(_belote(), "belote.json")]
    s = settle(games, "0.05", stakes={"belote": "2"}, partial=True)
    assert {p: str(b) for p, b in s.balances.items()} == BALANCES


@pytest.mark.parametrize(
    ("stakes", "words"),
    [
        (["0.05"], ["--stake 0.05", "per point in", "per game won in", "--stake barbu=…"]),
        (["barbu=0.05"], ["no stake for belote", "--stake belote=…"]),
        (["barbu=0.05", "belote=2", "coinche=1"], ["no coinche game", "barbu, belote"]),
        (["barbu=0.05", "bridge=2"], ['"bridge" is not a game', "barbu, "]),
        (["barbu=0.05", "barbu=0.10", "belote=2"], ["barbu is given a stake twice"]),
        (["0.05", "0.10"], ["two stakes for every game (0.05 and 0.10)"]),
        (["barbu=0.05", "belote=-2"], ["--stake belote", "not a positive amount"]),
    ],
)
def test_stakes_that_do_not_fit_the_evening_are_refused_in_one_line(
    tmp_path: Path, stakes: list[str], words: list[str]
) -> None:
    flags = [x for stake in stakes for x in ("--stake", stake)]
    line = assert_one_line_error(run("settle", *_files(tmp_path), *flags, "--partial"))
    for word in words:
        assert word in line


def test_named_stakes_from_python_are_checked_too() -> None:
    games = [from_data(BARBU, "barbu.json"), from_data(_belote(), "belote.json")]
    with pytest.raises(ScoresheetError, match="no stake for barbu, belote"):
        settle(games, None, partial=True)


@pytest.mark.parametrize(
    ("flags", "lang", "paid", "heading"),
    [
        ([], "en", "Bob pays Ann 2.15", "Amounts to the nearest 0.01."),
        ([], "fr", "Bob paie 2,15 à Ann", "0,01"),
        (["--currency", "USD"], "en", "Bob pays Ann $2.15", "Amounts in $, to the nearest"),
        (["--currency", "usd"], "fr", "Bob paie 2,15\u00a0$ à Ann", "$"),
        (["--currency", "€"], "de", "2,15\u00a0€", "€"),
        (["--currency", "CHF"], "en", "Bob pays Ann 2.15 CHF", "CHF"),
        (["--currency", "JPY", "--unit", "1"], "ja", "¥2", "¥"),
    ],
)
def test_a_currency_is_printed_only_when_given_and_where_its_users_write_it(
    flags: list[str], lang: str, paid: str, heading: str
) -> None:
    """examples/classic.json at a cent a point: Bob pays Ann 2.15 (see test_settle_cli)."""
    proc = run("--lang", lang, "settle", EXAMPLES / "classic.json", "--stake", "0.01", *flags)
    assert proc.returncode == 0, proc.stderr
    assert paid in proc.stdout
    first = proc.stdout.split("\n\n")[0]
    assert heading in first
    if not flags:
        assert not any(sign in proc.stdout for sign in "€$£¥")
