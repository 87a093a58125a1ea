"""Plain-text views of a Rosbiratschka game: ``score``, ``show``, ``status``, the rules."""

from __future__ import annotations

from typing import Any

from scoresheet.games.rosbiratschka.rules import (
    CONTRACT_NAMES,
    COUNTED,
    HUNDRED_KEYS,
    RosbiratschkaRules,
)
from scoresheet.games.rosbiratschka.score import DealScore, GameScore, expected_total
from scoresheet.views.common import (
    abbreviations,
    check_mark,
    initials,
    legend,
    players_legend,
    rules_in_force,
    standings_table,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Styled, Term, fit_table, plural, signed_style


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


def _note_short(deal: DealScore, tags: dict[str, str]) -> str:
    if deal.slam is not None:
        return f"slam {tags[deal.slam]}"
    if deal.doubled:
        return "×2: " + "".join(tags[p] for p in deal.took_none) + " none"
    return ""


def score_table(result: GameScore, *, running: bool = False, term: Term | None = None) -> str:
    """One row per deal: number, dealer, contract, each player's penalty, total, check,
    why the total is what it is; with ``running``, a line of running totals under each."""

    term = term or Term.detect()
    players = list(result.players)
    tags = initials(players)
    codes = abbreviations(list(CONTRACT_NAMES))
    full: list[list[Cell]] = []
    short: list[list[Cell]] = []
    bad: list[bool] = []
    run = dict.fromkeys(players, 0)
    for d in result.deals:
        ok = adds_up(result, d)
        scores = [_cell(d.score[p]) for p in players]
        tail = [_cell(d.total), check_mark(ok)]
        full.append([str(d.number), d.dealer, d.contract, *scores, *tail, note(d)])
        short.append(
            [str(d.number), tags[d.dealer], codes[d.contract], *scores, *tail, _note_short(d, tags)]
        )
        bad.append(not ok)
        if running:
            for p in players:
                run[p] += d.score[p]
            runs = [_cell(run[p]) for p in players]
            full.append(["", "", "  running", *runs, "", "", ""])
            short.append(["", "", "Σ", *runs, "", "", ""])
            bad.append(False)
    totals = [_cell(result.totals[p]) for p in players]
    grand = _cell(sum(result.totals.values()))
    full.append(["", "", "TOTAL", *totals, grand, "", ""])
    short.append(["", "", "TOTAL", *totals, grand, "", ""])
    bad.append(False)
    right = set(range(3, 4 + len(players)))
    notes = [
        players_legend(players, tags),
        "dl: the dealer; ct: the contract" + ("; Σ: running totals" if running else ""),
        legend("contracts", codes, {d.contract for d in result.deals}),
        "×2: counted twice, the players who took none"
        if any(d.doubled for d in result.deals)
        else "",
    ]

    def style(i: int) -> str:
        return "yellow" if bad[i] else ""

    return fit_table(
        term,
        [
            Layout(
                ["#", "dealer", "contract", *players, "total", "ok", "note"],
                full,
                right=right,
                keep=3,
                row_style=style,
            ),
            Layout(
                ["#", "dl", "ct", *(tags[p] for p in players), "total", "ok", "note"],
                short,
                right=right,
                keep=3,
                legend=[n for n in notes if n],
                row_style=style,
                groups=[3 + len(players) + 2],
            ),
        ],
    )


def _cell(n: int) -> Styled:
    return Styled(_signed(n), signed_style(n))


def progress(result: GameScore) -> str:
    played, total = len(result.deals), result.rules.deals_per_game
    return f"{played} of {plural(total, 'deal')} played" + (
        " — complete" if result.complete else ""
    )


def standings(result: GameScore, term: Term | None = None) -> str:
    """The players from the lowest total (the best) down; ties share a place (1, 2, 2, 4)."""
    players = list(result.players)
    scores = [result.totals[p] for p in players]
    return standings_table(
        term or Term.detect(), players, scores, low_wins=True, shown=[_signed(n) for n in scores]
    )


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


def _title(result: GameScore, title: str) -> str:
    return f"{title}: Rosbiratschka, rules {rules_in_force(result.rules)}"


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    term = term or Term.detect()
    parts = [term.lines(f"{_title(result, title)} (lowest total wins)")]
    parts.append(score_table(result, term=term))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    parts += ["", term.lines(winner_line(result) if result.complete else progress(result))]
    return "\n".join(parts)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The whole score sheet for ``scoresheet show``: rows with running totals, standings."""
    term = term or Term.detect()
    parts = [
        term.lines(f"{_title(result, title)} — {progress(result)}"),
        "",
        term.lines(
            "Penalty points: lowest total wins. A row adds up to the contract's total "
            "(twice it when a player took none; the slam score on a slam)."
        ),
        "",
        score_table(result, running=True, term=term) if result.deals else "(no deals yet)",
        "",
        "Standings",
        standings(result, term),
    ]
    if result.complete:
        parts += ["", term.lines(winner_line(result))]
    else:
        parts += ["", term.lines(next_line(result))]
    if result.violations:
        parts += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal (``scoresheet status``)."""
    term = term or Term.detect()
    lines = [term.lines(f"{_title(result, title)} — {progress(result)}")]
    lines.append(term.lines(next_line(result)))
    if not result.complete:
        contract = result.next_contract
        assert contract is not None
        lines.append(term.lines(f"  {what_to_report(result.rules, contract)}", indent="    "))
        left = result.still_to_play()[1:]
        if left:
            lines.append(term.lines(f"Still to come: {', '.join(left)}"))
    lines += ["", "Standings (lowest first)", standings(result, term)]
    if result.complete:
        lines += ["", term.lines(winner_line(result))]
    if result.violations:
        lines += ["", "Violations", *violation_lines(term, result.violations)]
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


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    d = result.deals[number - 1]
    scores = ", ".join(f"{p} {_signed(d.score[p])}" for p in result.players)
    extra = note(d)
    text = f"deal {number}: {d.contract} (dealer {d.dealer}) — {scores}" + (
        f" ({extra})" if extra else ""
    )
    return (term or Term.detect()).lines(text)


def after_deal_text(result: GameScore, term: Term | None = None, *, next_deal: bool = True) -> str:
    """Totals after a deal, then the next deal (unless ``next_deal`` is false) or the winner."""
    term = term or Term.detect()
    totals = ", ".join(f"{p} {_signed(result.totals[p])}" for p in result.players)
    lines = [term.lines(f"totals: {totals}")]
    lines += violation_lines(term, result.violations)
    if result.complete:
        lines.append(term.lines("the game is complete; " + winner_line(result)))
    elif next_deal:
        lines.append(term.lines(next_line(result)))
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
