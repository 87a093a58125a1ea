"""Caribbean All Fours on paper: a pad with a column per point in scoring order, and
a game printed point by point with its standings and chart."""

from __future__ import annotations

from scoresheet.games.caribbean_all_fours.score import GameScore, dealer_of
from scoresheet.games.caribbean_all_fours.views import LETTERS, outcome, point_short
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.paper.kit import (
    PAD_ROW,
    PRINT_FONT,
    PRINT_ROW,
    RACE_ROWS,
    date_line,
    players_line,
    teams_line,
)
from scoresheet.paper.model import Block, Chart, Column, Doc, Grid, Group

ORDER = (
    NP_("all fours", "kick"),
    NP_("all fours", "take one"),
    NP_("all fours", "high"),
    NP_("all fours", "low"),
    NP_("all fours", "jack"),
    NP_("all fours", "game"),
)

# A beg's answer as a printed game shows it (its id in English).
BEG_WORDS = {
    "stand": NP_("all fours", "stand"),
    "take-one": NP_("all fours", "take-one"),
    "run": NP_("all fours", "run"),
}


def pad(result: GameScore) -> Doc:
    """A page of rows, each with its dealer: the points in the order they count."""
    rules, players = result.rules, list(result.players)
    columns = [
        Column("#", 7),
        Column(pgettext("sheet heading", "dealer"), 18, "L"),
        Column(pgettext("sheet heading", "turned up"), 18),
        Column(pgettext("sheet heading", "beg"), 16),
    ]
    columns += [Column(pgettext("all fours", kind), 15) for kind in ORDER]
    columns += [Column("A", 13), Column("B", 13), Column("A", 14), Column("B", 14)]
    groups = [
        Group("", 4),
        Group(_("points in scoring order: the team (A or B) and its points"), len(ORDER)),
        Group(pgettext("sheet heading", "deal"), 2),
        Group(pgettext("sheet heading", "running"), 2),
    ]
    rows = [
        [str(n), dealer_of(players, n), *[""] * (len(columns) - 2)] for n in range(1, RACE_ROWS + 1)
    ]
    v = rules.values
    teams = teams_line(LETTERS, result)
    names = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}
    kicks = ", ".join(f"{names.get(r, str(r))} {pts}" for r, pts in sorted(rules.kick.items()))
    legend = [
        _(
            "Points in scoring order: kick (the card turned up: {kicks}), take one {beg} "
            "(when the dealer gives one after a beg), high {high}, low {low}, jack {jack} "
            "(hang jack {hang_jack}), game {game}. The first team to {target} wins, "
            "point by point in this order. Beg: stand, take one, or run the pack."
        ).format(
            kicks=kicks,
            beg=v.beg,
            high=v.high,
            low=v.low,
            jack=v.jack,
            hang_jack=v.hang_jack,
            game=v.game,
            target=rules.target,
        ),
    ]
    return Doc(
        title=_("Caribbean All Fours score pad — rules {rules}").format(rules=rules.name),
        lines=[players_line(players), teams, date_line()],
        grid=Grid(columns, groups, [Block(rows)], row_height=PAD_ROW),
        legend=legend,
    )


def printed(result: GameScore) -> Doc:
    """Every deal's points in the order they counted, the running totals, the
    standings and the chart."""
    rules = result.rules
    columns = [
        Column(pgettext("sheet heading", "deal"), 9),
        Column(pgettext("sheet heading", "dealer"), 17, "L"),
        Column(pgettext("sheet heading", "turned up"), 18),
        Column(pgettext("sheet heading", "beg"), 16),
        Column(pgettext("sheet heading", "points in scoring order"), 150, "L"),
        Column("A", 11, "R"),
        Column("B", 11, "R"),
    ]
    groups = [Group("", 5), Group(pgettext("sheet heading", "running"), 2)]
    rows = []
    for d in result.deals:
        points = " · ".join(point_short(p) for p in d.points) or "—"
        if d.winner is not None:
            points += "  " + _("← {team} wins").format(team=LETTERS[d.winner])
        rows.append(
            [
                str(d.number),
                d.dealer,
                " ".join(str(c) for c in d.turn_ups),
                pgettext("all fours", BEG_WORDS.get(d.beg, d.beg)) if d.beg else "—",
                points,
                str(d.running[0]),
                str(d.running[1]),
            ]
        )
    rows.append(
        [
            "",
            "",
            "",
            "",
            pgettext("sheet heading", "Total"),
            str(result.team_totals[0]),
            str(result.team_totals[1]),
        ]
    )
    ranked = sorted((0, 1), key=lambda t: -result.team_totals[t])
    standings = Grid(
        [
            Column(pgettext("sheet heading", "team"), 60, "L"),
            Column(pgettext("sheet heading", "total"), 16, "R"),
        ],
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
        title=_("Standings"),
    )
    notes = []
    if any(not p.counted for d in result.deals for p in d.points):
        notes.append(_("[…]: scored after the game was won, so not counted."))
    return Doc(
        title=_("Caribbean All Fours — rules {rules}, first to {target}").format(
            rules=rules.name, target=rules.target
        ),
        lines=[teams_line(LETTERS, result), outcome(result)],
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
            _("Running totals"),
            [str(d.number) for d in result.deals],
            [(LETTERS[t], [d.running[t] for d in result.deals]) for t in (0, 1)],
        ),
    )
