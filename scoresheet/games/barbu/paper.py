"""Barbu on paper: the classic pad (a block per declarer, a row per contract with its
check total) and a game printed with its standings, doubling ledger and chart."""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import CONTRACT_NAMES
from scoresheet.games.barbu.score import GameScore
from scoresheet.games.barbu.views import ledger_outcome, paper_doubles, row_adds_up, value_text
from scoresheet.paper.kit import (
    DATE_LINE,
    PAD_ROW,
    PRINT_FONT,
    PRINT_ROW,
    chart,
    players_line,
    running,
    signed,
)
from scoresheet.paper.model import Block, Column, Doc, Grid, Group
from scoresheet.views.common import initials


def _blocks(result: GameScore) -> list[tuple[str, str, list[int]]]:
    """(declarer, dealer, deal numbers) for each run of deals with one declarer."""
    rules, players = result.rules, list(result.players)
    out: list[tuple[str, str, list[int]]] = []
    for number in range(1, rules.deals_per_game + 1):
        declarer = declarer_of(rules, players, number - 1)
        dealer = dealer_of(rules, players, declarer)
        if out and out[-1][0] == declarer and out[-1][1] == dealer:
            out[-1][2].append(number)
        else:
            out.append((declarer, dealer, [number]))
    return out


def _heading(declarer: str, dealer: str, numbers: Sequence[int]) -> str:
    deals = f"deal {numbers[0]}" if len(numbers) == 1 else f"deals {numbers[0]}–{numbers[-1]}"
    return f"{declarer} declares, {dealer} deals ({deals})"


def _legend(result: GameScore) -> list[str]:
    rules = result.rules
    tags = initials(result.players)
    parts = []
    for c in rules.contracts:
        total = rules.contract_total(c)
        check = f" (check {signed(total)})" if total is not None else ""
        parts.append(f"{CONTRACT_NAMES.get(c, c)}: {value_text(rules, c)}{check}")
    d = rules.doubling
    return [
        "Contracts — " + " · ".join(parts),
        "Doubles, in the doubler's column: the doubled players' initials, X for everyone, "
        "* when the declarer is among them; R and initials for a redouble. Initials: "
        + ", ".join(f"{t} = {p}" for p, t in tags.items())
        + f". Each player doubles each declarer at least {d.min_declarer_doubles} times.",
        "#: the order the declarer plays the contract in. "
        "Check: the contract's total; a row's scores must add up to it."
        + (
            " An undoubled negative deal is not played: its total is split."
            if rules.undoubled_split
            else ""
        ),
    ]


def pad(result: GameScore) -> Doc:
    """Classic paper: a block per declarer, a row per contract with its check total."""
    rules, players = result.rules, list(result.players)
    contracts = list(rules.contracts)
    # Two columns of blocks side by side on A4 or Letter landscape: 128 mm each at most.
    columns = [Column("#", 6), Column("contract", 22, "L")]
    groups = [Group("", 2)]
    for p in players:
        columns += [Column("dbl", 11.5), Column("score", 11)]
        groups.append(Group(p, 2))
    columns.append(Column("check", 10, shaded=True))
    groups.append(Group("", 1))
    blank = [""] * (2 * len(players))
    blocks = []
    for declarer, dealer, numbers in _blocks(result):
        rows = []
        preprint = len(numbers) % len(contracts) == 0
        for k in range(len(numbers)):
            c = contracts[k % len(contracts)] if preprint else ""
            total = rules.contract_total(c) if c else None
            check = signed(total) if total is not None else ""
            rows.append(["", CONTRACT_NAMES.get(c, c), *blank, check])
        blocks.append(Block(rows, heading=_heading(declarer, dealer, numbers)))
    blocks.append(Block([["", "Total", *blank, ""]], bold=frozenset({0})))
    return Doc(
        title=f"Barbu score pad — rules {rules.name}",
        lines=[players_line(players) + "    " + DATE_LINE],
        grid=Grid(columns, groups, blocks, row_height=PAD_ROW, font=9.0),
        legend=_legend(result),
    )


def printed(result: GameScore) -> Doc:
    """Every deal with the doubles as written on paper, the running totals, the
    standings, the doubling ledger and the chart."""
    rules, players = result.rules, list(result.players)
    columns = [Column("#", 7), Column("contract", 24, "L")]
    groups = [Group("", 2)]
    for p in players:
        columns += [Column("dbl", 12), Column("score", 11, "R"), Column("run", 12, "R")]
        groups.append(Group(p, 3))
    columns += [Column("total", 11, "R"), Column("ok", 7)]
    groups.append(Group("check", 2))
    deals = {d.number: d for d in result.deals}
    run = running(players, result.deals)
    blocks = []
    for declarer, dealer, numbers in _blocks(result):
        rows = []
        for n in numbers:
            d = deals.get(n)
            if d is None:
                continue
            paper = paper_doubles(d, players)
            cells = [str(n), d.contract + (" (split)" if d.split else "")]
            for p in players:
                cells += [paper[p], signed(d.score[p]), signed(run[n][p])]
            cells += [signed(d.total), "✓" if row_adds_up(result, d) else "✗"]
            rows.append(cells)
        if rows:
            blocks.append(Block(rows, heading=_heading(declarer, dealer, numbers)))
    total_row = ["", "Total"]
    for p in players:
        total_row += ["", signed(result.totals[p]), ""]
    total_row += [signed(sum(result.totals.values())), ""]
    blocks.append(Block([total_row], bold=frozenset({0})))
    ranked = sorted(players, key=lambda p: -result.totals[p])
    standings = Grid(
        [Column("rank", 10), Column("player", 34, "L"), Column("total", 16, "R")],
        [],
        [Block([[str(i), p, signed(result.totals[p])] for i, p in enumerate(ranked, 1)])],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title="Standings",
    )
    ledger_rows = []
    for pair in result.ledger():
        a, b = pair.players
        who = ledger_outcome(pair)
        ledger_rows.append([f"{a} – {b}", str(pair.bets), str(pair.redoubles), who])
    ledger = Grid(
        [
            Column("pair", 40, "L"),
            Column("bets", 12),
            Column("redoubled", 18),
            Column("net", 60, "L"),
        ],
        [],
        [Block(ledger_rows)],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title="Doubling ledger",
    )
    notes = [
        f"violation (deal {v.deal}): {v.message}" if v.deal else f"violation: {v.message}"
        for v in result.violations
    ]
    played = len(result.deals)
    state = "complete" if result.complete else f"{played} of {rules.deals_per_game} deals played"
    return Doc(
        title=f"Barbu — rules {rules.name}",
        lines=[players_line(players), f"{rules.description} — {state}"],
        grid=Grid(columns, groups, blocks, row_height=PRINT_ROW, font=PRINT_FONT),
        after=[[standings, ledger]],
        notes=notes,
        chart=chart(players, result.deals, run),
        legend=_legend(result)[1:2],
    )
