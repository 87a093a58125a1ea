"""Caribbean All Fours on paper: a pad with a column per point in scoring order, and
a game printed point by point with its standings and chart."""

from __future__ import annotations

from scoresheet.games.caribbean_all_fours.score import GameScore, dealer_of
from scoresheet.games.caribbean_all_fours.views import LETTERS, outcome, point_short
from scoresheet.paper.kit import DATE_LINE, PAD_ROW, PRINT_FONT, PRINT_ROW, RACE_ROWS, players_line
from scoresheet.paper.model import Block, Chart, Column, Doc, Grid, Group

ORDER = ("kick", "take one", "high", "low", "jack", "game")


def pad(result: GameScore) -> Doc:
    """A page of rows, each with its dealer: the points in the order they count."""
    rules, players = result.rules, list(result.players)
    columns = [
        Column("#", 7),
        Column("dealer", 18, "L"),
        Column("turned up", 18),
        Column("beg", 16),
    ]
    columns += [Column(kind, 15) for kind in ORDER]
    columns += [Column("A", 13), Column("B", 13), Column("A", 14), Column("B", 14)]
    groups = [
        Group("", 4),
        Group("points in scoring order: the team (A or B) and its points", len(ORDER)),
        Group("deal", 2),
        Group("running", 2),
    ]
    rows = [
        [str(n), dealer_of(players, n), *[""] * (len(columns) - 2)] for n in range(1, RACE_ROWS + 1)
    ]
    v = rules.values
    teams = f"Teams: A = {result.team_name(0)}, B = {result.team_name(1)}"
    names = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}
    kicks = ", ".join(f"{names.get(r, str(r))} {pts}" for r, pts in sorted(rules.kick.items()))
    legend = [
        f"Points in scoring order: kick (the card turned up: {kicks}), take one {v.beg} "
        f"(when the dealer gives one after a beg), high {v.high}, low {v.low}, jack {v.jack} "
        f"(hang jack {v.hang_jack}), game {v.game}. The first team to {rules.target} wins, "
        "point by point in this order. Beg: stand, take one, or run the pack.",
    ]
    return Doc(
        title=f"Caribbean All Fours score pad — rules {rules.name}",
        lines=[players_line(players), teams, DATE_LINE],
        grid=Grid(columns, groups, [Block(rows)], row_height=PAD_ROW),
        legend=legend,
    )


def printed(result: GameScore) -> Doc:
    """Every deal's points in the order they counted, the running totals, the
    standings and the chart."""
    rules = result.rules
    columns = [
        Column("deal", 9),
        Column("dealer", 17, "L"),
        Column("turned up", 18),
        Column("beg", 16),
        Column("points in scoring order", 150, "L"),
        Column("A", 11, "R"),
        Column("B", 11, "R"),
    ]
    groups = [Group("", 5), Group("running", 2)]
    rows = []
    for d in result.deals:
        points = " · ".join(point_short(p) for p in d.points) or "—"
        if d.winner is not None:
            points += f"  ← {LETTERS[d.winner]} wins"
        rows.append(
            [
                str(d.number),
                d.dealer,
                " ".join(str(c) for c in d.turn_ups),
                d.beg or "—",
                points,
                str(d.running[0]),
                str(d.running[1]),
            ]
        )
    rows.append(["", "", "", "", "Total", str(result.team_totals[0]), str(result.team_totals[1])])
    ranked = sorted((0, 1), key=lambda t: -result.team_totals[t])
    standings = Grid(
        [Column("team", 60, "L"), Column("total", 16, "R")],
        [],
        [
            Block(
                [
                    [f"{LETTERS[t]} = {result.team_name(t)}", str(result.team_totals[t])]
                    for t in ranked
                ]
            )
        ],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title="Standings",
    )
    notes = []
    if any(not p.counted for d in result.deals for p in d.points):
        notes.append("[…]: scored after the game was won, so not counted.")
    return Doc(
        title=f"Caribbean All Fours — rules {rules.name}, first to {rules.target}",
        lines=[f"Teams: A = {result.team_name(0)}, B = {result.team_name(1)}", outcome(result)],
        grid=Grid(
            columns,
            groups,
            [Block(rows, bold=frozenset({len(rows) - 1}))],
            row_height=PRINT_ROW,
            font=PRINT_FONT,
        ),
        after=[[standings]],
        notes=notes,
        chart=Chart(
            "Running totals",
            [str(d.number) for d in result.deals],
            [(LETTERS[t], [d.running[t] for d in result.deals]) for t in (0, 1)],
        ),
    )
