"""Plain-text views of a Rosbiratschka game: ``score``, ``show``, ``status``, the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoresheet.games.rosbiratschka.rules import (
    CONTRACT_NAMES,
    COUNTED,
    HUNDRED_KEYS,
    RosbiratschkaRules,
)
from scoresheet.games.rosbiratschka.score import DealScore, GameScore, expected_total


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def note(deal: DealScore) -> str:
    """Why a counting deal's total is what it is: doubled (and by whom), or a slam."""
    if deal.slam is not None:
        return f"slam: {deal.slam}"
    if deal.doubled:
        return "doubled: " + ", ".join(deal.took_none) + " took none"
    return ""


def adds_up(result: GameScore, deal: DealScore) -> bool:
    """The paper check: the row adds up to the contract's total (8, 16 doubled, or the slam)."""
    return deal.total == expected_total(result.rules, deal)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def score_table(result: GameScore, *, running: bool = False) -> str:
    """One row per deal: number, dealer, contract, each player's penalty, total, check."""
    players = list(result.players)
    header = ["#", "dealer", "contract", *players, "total", "ok", "note"]
    right = set(range(3, 4 + len(players)))
    rows: list[list[str]] = []
    run = dict.fromkeys(players, 0)
    for d in result.deals:
        rows.append(
            [
                str(d.number),
                d.dealer,
                d.contract,
                *(_signed(d.score[p]) for p in players),
                _signed(d.total),
                "✓" if adds_up(result, d) else "✗",
                note(d),
            ]
        )
        if running:
            for p in players:
                run[p] += d.score[p]
            rows.append(["", "", "  running", *(_signed(run[p]) for p in players), "", "", ""])
    rows.append(
        [
            "",
            "",
            "TOTAL",
            *(_signed(result.totals[p]) for p in players),
            _signed(sum(result.totals.values())),
            "",
            "",
        ]
    )
    return _table(header, rows, right)


def progress(result: GameScore) -> str:
    played, total = len(result.deals), result.rules.deals_per_game
    return f"{played} of {total} deals played" + (" — complete" if result.complete else "")


def standings(result: GameScore) -> str:
    """The players from the lowest total (the best) down."""
    ranked = result.ranking()
    width = max(len(p) for p in ranked)
    lines = []
    for p in ranked:
        place = 1 + sum(1 for q in ranked if result.totals[q] < result.totals[p])
        lines.append(f"{place}. {p.ljust(width)}  {_signed(result.totals[p])}")
    return "\n".join(lines)


def winner_line(result: GameScore) -> str:
    winner = result.winner
    if winner is None:
        return ""
    low = _signed(result.totals[winner[0]])
    if len(winner) == 1:
        return f"winner: {winner[0]} (lowest total, {low})"
    return f"winners, tied on the lowest total ({low}): {', '.join(winner)}"


def next_line(result: GameScore) -> str:
    if result.complete:
        return "The game is complete."
    return (
        f"Next, deal {result.next_number} of {result.rules.deals_per_game}: "
        f"{result.next_contract} — {result.next_dealer} deals, {result.next_leader} leads."
    )


def score_text(result: GameScore, title: str) -> str:
    parts = [f"{title}: Rosbiratschka, rules {result.rules.name} (lowest total wins)"]
    parts.append(score_table(result))
    parts += ["", winner_line(result) if result.complete else progress(result)]
    return "\n".join(parts)


def sheet_text(result: GameScore, title: str) -> str:
    """The whole score sheet for ``scoresheet show``: rows with running totals, standings."""
    parts = [
        f"{title}: Rosbiratschka, rules {result.rules.name} — {progress(result)}",
        "",
        "Penalty points: lowest total wins. A row adds up to the contract's total "
        "(twice it when a player took none; the slam score on a slam).",
        "",
        score_table(result, running=True) if result.deals else "(no deals yet)",
        "",
        "Standings",
        standings(result),
    ]
    if result.complete:
        parts += ["", winner_line(result)]
    else:
        parts += ["", next_line(result)]
    return "\n".join(parts)


def status_text(result: GameScore, title: str) -> str:
    """What the table needs before the next deal (``scoresheet status``)."""
    lines = [f"{title}: Rosbiratschka, rules {result.rules.name} — {progress(result)}"]
    lines.append(next_line(result))
    if not result.complete:
        contract = result.next_contract
        assert contract is not None
        lines.append(f"  {what_to_report(result.rules, contract)}")
        left = result.still_to_play()[1:]
        if left:
            lines.append(f"Still to come: {', '.join(left)}")
    lines += ["", "Standings (lowest first)", standings(result)]
    if result.complete:
        lines += ["", winner_line(result)]
    return "\n".join(lines)


def what_to_report(rules: RosbiratschkaRules, contract: str) -> str:
    """One line: what the table reports after a deal of ``contract``, and what it scores."""
    if contract in COUNTED:
        key = COUNTED[contract]
        v = rules.counts[contract]
        n = rules.in_deal(contract)
        slam = f"all {n} to one player: {rules.slam_score(contract):+d} to them, 0 to the others"
        return (
            f"report {key} per player ({n} in all); {v.each} each, {v.each * v.avoided} each "
            f"if a player took none; {slam}"
        )
    if contract == "king-of-hearts":
        return f"report who took the K♥ ({rules.base_total(contract)})"
    if contract == "hundred":
        h = rules.hundred
        assert h is not None
        parts = [f"{k.replace('_', ' ')} {h.of(k)}" for k in HUNDRED_KEYS]
        return f"report who took the total past 25, 50 and 100 ({', '.join(parts)})"
    return f"report who was left holding cards ({rules.base_total(contract)})"


def deal_text(result: GameScore, number: int) -> str:
    """One line for a deal just added or corrected."""
    d = result.deals[number - 1]
    scores = ", ".join(f"{p} {_signed(d.score[p])}" for p in result.players)
    extra = note(d)
    return f"deal {number}: {d.contract} (dealer {d.dealer}) — {scores}" + (
        f" ({extra})" if extra else ""
    )


def after_deal_text(result: GameScore, *, next_deal: bool = True) -> str:
    """Totals after a deal, then the next deal (unless ``next_deal`` is false) or the winner."""
    lines = ["totals: " + ", ".join(f"{p} {_signed(result.totals[p])}" for p in result.players)]
    if result.complete:
        lines.append("the game is complete; " + winner_line(result))
    elif next_deal:
        lines.append(next_line(result))
    return "\n".join(lines)


def rules_json(rules: RosbiratschkaRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)


def rules_text(rules: RosbiratschkaRules) -> str:
    """A readable summary, with every check total derived from the values and the deck."""
    order = "23456789TJQKA"
    ranks = " ".join(
        r.replace("T", "10") for r in sorted({str(c)[:-1] for c in rules.deck}, key=order.index)
    )
    lines = [
        f"{rules.name}: {rules.description}",
        f"  {rules.players} players, {len(rules.deck)} cards ({ranks} in each suit), "
        f"{rules.cards_per_player} each, {rules.tricks_per_deal} tricks a deal",
        f"  {rules.deals_per_game} deals, always in this order"
        + (f" ({rules.rounds} rounds)" if rules.rounds > 1 else "")
        + "; the dealer moves one seat clockwise every deal; lowest total wins",
        f"  slam: whoever takes every trick (heart, jack) scores {rules.slam} the deal's "
        "total, the others 0; it overrides the doubling",
        "",
    ]
    width = max(len(c) for c in rules.contracts)
    for c in rules.contracts:
        total = f"total {rules.base_total(c):+d}"
        if c in COUNTED:
            total += f", {rules.doubled_total(c):+d} doubled, slam {rules.slam_score(c):+d}"
        lines.append(f"  {c.ljust(width)}  {CONTRACT_NAMES[c]:15} {total}")
        lines.append(f"  {''.ljust(width)}  {what_to_report(rules, c)}")
    if "hundred" in rules.contracts:
        lines += ["", f"  the hundred: {rules.pack_points} points in the pack"]
    return "\n".join(lines)
