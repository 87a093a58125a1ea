"""Belote on paper: a pad of rows to fill in deal by deal (card points, last trick,
belote, capot, each team's score and running total) and a game printed with its
standings and chart."""

from __future__ import annotations

from scoresheet.games.belote.rules import dealer_of
from scoresheet.games.belote.score import GameScore
from scoresheet.games.belote.views import _note, outcome_line, team_tags
from scoresheet.paper.kit import teams_pad, teams_printed
from scoresheet.paper.model import Column, Doc, Group


def pad(result: GameScore) -> Doc:
    """A page of rows, each with its dealer, to fill in until a team reaches the target."""
    rules, players = result.rules, list(result.players)
    tags = team_tags(result)
    columns = [
        Column("#", 7),
        Column("dealer", 18, "L"),
        Column("contract", 20),
        Column("taker", 18),
        Column(tags[0], 13),
        Column(tags[1], 13),
        Column("last trick", 14),
        Column("belote", 13),
        Column("capot", 13),
        Column(tags[0], 15),
        Column(tags[1], 15),
        Column(tags[0], 16),
        Column(tags[1], 16),
    ]
    groups = [
        Group("", 4),
        Group("card points", 2),
        Group("team", 3),
        Group("score", 2),
        Group("running", 2),
    ]
    legend = [
        f"Contracts: {', '.join(rules.contracts)}. Card points: each team's, 152 in all; "
        f"the last trick (dix de der) {rules.last_trick}, belote {rules.belote}, "
        f"capot {rules.capot}. "
        f"The taking team must score more than the other, or is dedans; a tie is {rules.tie}. "
        f"First team to {rules.target} wins.",
    ]
    return teams_pad(
        f"Belote score pad — rules {rules.name}",
        players,
        tags,
        result,
        columns,
        groups,
        lambda index: dealer_of(rules, players, index),
        legend,
    )


def printed(result: GameScore) -> Doc:
    """Every deal with its points, outcome and both teams' running totals, the
    standings and the chart."""
    rules = result.rules
    tags = team_tags(result)
    columns = [
        Column("#", 7),
        Column("dealer", 17, "L"),
        Column("contract", 20),
        Column("taker", 17),
        Column("points", 18),
        Column("last", 10),
        Column("belote", 11),
        Column("capot", 11),
        Column("outcome", 15),
        Column(tags[0], 13, "R"),
        Column(tags[1], 13, "R"),
        Column(tags[0], 14, "R"),
        Column(tags[1], 14, "R"),
        Column("note", 60, "L"),
    ]
    groups = [Group("", 9), Group("score", 2), Group("running", 2), Group("", 1)]

    def team(t: int | None) -> str:
        return "" if t is None else tags[t]

    rows = [
        [
            str(d.number),
            d.dealer,
            d.contract,
            f"{d.taker} ({tags[d.taking_team]})",
            f"{d.points[0]}/{d.points[1]}",
            team(d.last_trick),
            team(d.belote),
            team(d.capot),
            d.outcome,
            str(d.score[0]),
            str(d.score[1]),
            str(d.running[0]),
            str(d.running[1]),
            _note(result, d),
        ]
        for d in result.deals
    ]
    rows.append(
        ["", "", "Total", *[""] * 8, str(result.team_totals[0]), str(result.team_totals[1]), ""]
    )
    return teams_printed(
        f"Belote — rules {rules.name}, target {rules.target}",
        outcome_line(result),
        tags,
        result,
        columns,
        groups,
        rows,
    )
