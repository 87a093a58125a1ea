"""Coinche in an evening: ``stats`` shows the Coinche ledger (bids and contracts made by
level, coinched deals won and lost per player and per pair) as text, JSON and a workbook
sheet, and ``settle`` pays the stake per game won, split by partners."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from scoresheet.games.coinche import stats
from scoresheet.games.coinche.score import score_game, to_json
from scoresheet.games.coinche.simulate import random_game
from tests.cli_helpers import ROOT, run

GAMES = [ROOT / "examples" / f"{n}.json" for n in ("coinche", "coinche-bga", "coinche-bid-only")]


def _ledger(scores: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    players = scores[0]["players"]
    figures = {p: stats.new() for p in players}
    for i, score in enumerate(scores):
        stats.add(f"g{i}.json", score, figures)
    return figures


def test_the_ledger_adds_up_over_random_games() -> None:
    """Each player's bids are the deals they took; their coinched deals are their team's,
    each won by one team and lost by the other; made never exceeds bid."""
    for seed in range(20):
        data = random_game(random.Random(seed), "coinche")
        score = json.loads(json.dumps(to_json(score_game(data))))
        figures = _ledger([score])
        coinched = [d for d in score["deals"] if d["coinche"] is not None]
        for p, f in figures.items():
            taken = [d for d in score["deals"] if d["taker"] == p]
            assert sum(f["bids"].values()) == len(taken)
            assert sum(f["made"].values()) == sum(d["made"] for d in taken)
            assert all(f["made"].get(b, 0) <= n for b, n in f["bids"].items())
            c = f["coinches"]
            assert c["deals"] == c["won"] + c["lost"] == len(coinched)
            assert c["called"] == sum(d["coinche"] == p for d in coinched)
            assert c["surcoinched"] == sum(d["surcoinche"] == p for d in coinched)
            assert sum(w["won"] + w["lost"] for w in f["pairs"].values()) == len(coinched)
        a, b = (score["teams"][k][0] for k in (0, 1))
        assert figures[a]["coinches"]["won"] == figures[b]["coinches"]["lost"]


def test_one_partnership_is_one_entry_whoever_sat_first() -> None:
    """Ann and Cat, partners in two games with their seats swapped, were two pairs in
    Ann's figures ("Ann & Cat" and "Cat & Ann")."""
    data = random_game(random.Random(3), "coinche")
    score = json.loads(json.dumps(to_json(score_game(data))))
    swapped = json.loads(json.dumps(score))
    swapped["teams"] = [list(reversed(t)) for t in score["teams"]]
    figures = _ledger([score, swapped])
    for p, f in figures.items():
        (partner,) = (q for t in score["teams"] if p in t for q in t if q != p)
        assert list(f["pairs"]) == [f"{p} & {partner}"]


def test_stats_json_text_and_workbook(tmp_path: Path) -> None:
    proc = run("stats", *GAMES, "--json")
    assert proc.returncode == 0, proc.stderr
    players = json.loads(proc.stdout)["players"]
    # The worked example's deal 2: Ann coinched Bob's 100♠, which went dedans.
    ann = players["Ann"]["coinche"]
    assert ann["bids"] == {"100": 3, "120": 1} and ann["made"] == {"100": 3, "120": 1}
    assert ann["coinches"] == {"deals": 9, "won": 4, "lost": 5, "called": 3, "surcoinched": 0}
    assert ann["pairs"] == {"Ann & Cat": {"won": 4, "lost": 5}}
    assert players["Bob"]["coinche"]["coinches"]["surcoinched"] == 4
    assert players["Bob"]["coinche"]["bids"]["capot"] == 1
    book = tmp_path / "stats.xlsx"
    proc = run("stats", *GAMES, "--xlsx", book)
    assert proc.returncode == 0, proc.stderr
    assert "  Ann  100 3 (3), 120 1 (1); coinched 4–5, called 3, surcoinched 0; Ann & Cat 4–5" in (
        proc.stdout
    )
    rows = list(load_workbook(book)["Coinche"].iter_rows(min_row=2, values_only=True))
    assert rows[0] == (
        "player",
        "what",
        "deals",
        "made or won",
        "dedans or lost",
        "called",
        "surcoinched",
    )
    assert ("Ann", "coinched deals", 9, 4, 5, 3, 0) in rows
    assert ("Bob", "bid 80", 3, 0, 3, None, None) in rows


def test_settle_pays_the_stake_per_game_won_split_by_partners() -> None:
    proc = run("settle", *GAMES, "--stake", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    # Bob & Dan win all three examples: 3 games × 2 €, half to each partner.
    assert out["balances"] == {"Ann": "-3.00", "Bob": "3.00", "Cat": "-3.00", "Dan": "3.00"}
    assert {g["rule"] for g in out["games"]} == {"per-game-won"}
    assert len(out["payments"]) == 2
