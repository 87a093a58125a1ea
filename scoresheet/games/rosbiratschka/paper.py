"""Rosbiratschka on paper: a pad with a row per deal (its dealer, contract and check
total) and a game printed with its standings (lowest total first) and chart."""

from __future__ import annotations

from scoresheet.games.rosbiratschka.score import GameScore, dealer_of
from scoresheet.games.rosbiratschka.views import adds_up, note, what_to_report
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


def pad(result: GameScore) -> Doc:
    """A row per deal with its dealer, contract and what its scores add up to."""
    rules, players = result.rules, list(result.players)
    columns = [Column("#", 7), Column("dealer", 20, "L"), Column("contract", 27, "L")]
    groups = [Group("", 3)]
    for p in players:
        columns += [Column("taken", 12), Column("score", 13)]
        groups.append(Group(p, 2))
    columns += [Column("check", 12, shaded=True), Column("note", 24)]
    groups.append(Group("", 2))
    blank = [""] * (2 * len(players))
    rows = [
        [
            str(n),
            dealer_of(players, n),
            rules.contract_of(n),
            *blank,
            signed(rules.base_total(rules.contract_of(n))),
            "",
        ]
        for n in range(1, rules.deals_per_game + 1)
    ]
    rows.append(["", "", "Total", *blank, "", ""])
    legend = [f"{c}: {what_to_report(rules, c)}." for c in rules.contracts]
    legend.append(
        "Check: what a deal's scores add up to (twice as much when a player took none); "
        "the lowest total wins."
    )
    return Doc(
        title=f"Rosbiratschka score pad — rules {rules.name}",
        lines=[players_line(players), rules.description, DATE_LINE],
        grid=Grid(
            columns, groups, [Block(rows, bold=frozenset({len(rows) - 1}))], row_height=PAD_ROW
        ),
        legend=legend,
    )


def printed(result: GameScore) -> Doc:
    """Every deal with its running totals and check, the standings and the chart."""
    rules, players = result.rules, list(result.players)
    columns = [Column("#", 7), Column("dealer", 18, "L"), Column("contract", 26, "L")]
    groups = [Group("", 3)]
    for p in players:
        columns += [Column("score", 11, "R"), Column("run", 13, "R")]
        groups.append(Group(p, 2))
    columns += [Column("total", 11, "R"), Column("ok", 7), Column("note", 45, "L")]
    groups.append(Group("check", 3))
    run = running(players, result.deals)
    rows = []
    for d in result.deals:
        cells = [str(d.number), d.dealer, d.contract]
        for p in players:
            cells += [signed(d.score[p]), signed(run[d.number][p])]
        cells += [signed(d.total), "✓" if adds_up(result, d) else "✗", note(d)]
        rows.append(cells)
    total = ["", "", "Total"]
    for p in players:
        total += [signed(result.totals[p]), ""]
    total += [signed(sum(result.totals.values())), "", ""]
    rows.append(total)
    ranked = result.ranking()
    standings = Grid(
        [Column("rank", 10), Column("player", 34, "L"), Column("total", 16, "R")],
        [],
        [Block([[str(i), p, signed(result.totals[p])] for i, p in enumerate(ranked, 1)])],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title="Standings (lowest total wins)",
    )
    state = (
        "complete"
        if result.complete
        else f"{len(result.deals)} of {rules.deals_per_game} deals played"
    )
    return Doc(
        title=f"Rosbiratschka — rules {rules.name}",
        lines=[players_line(players), f"{rules.description} — {state}"],
        grid=Grid(
            columns,
            groups,
            [Block(rows, bold=frozenset({len(rows) - 1}))],
            row_height=PRINT_ROW,
            font=PRINT_FONT,
        ),
        after=[[standings]],
        chart=chart(players, result.deals, run),
    )
