"""Belote on paper: a pad of rows to fill in deal by deal (card points, last trick,
belote, capot, each team's score and running total) and a game printed with its
standings and chart."""

from __future__ import annotations

from scoresheet.i18n import _, pgettext
from scoresheet.paper.kit import teams_pad, teams_printed
from scoresheet.paper.model import Column, Doc, Group
from scoresheet.partnership.rules import contract_word, dealer_of
from scoresheet.partnership.score import GameScore
from scoresheet.partnership.views import _note, outcome_line, outcome_word, team_tags


def pad(result: GameScore) -> Doc:
    """A page of rows, each with its dealer, to fill in until a team reaches the target."""
    rules, players = result.rules, list(result.players)
    tags = team_tags(result)
    columns = [
        Column("#", 7),
        Column(pgettext("sheet heading", "dealer"), 18, "L"),
        Column(pgettext("sheet heading", "contract"), 20),
        Column(pgettext("sheet heading", "taker"), 18),
        Column(tags[0], 13),
        Column(tags[1], 13),
        Column(pgettext("sheet heading", "last trick"), 14),
        Column(pgettext("sheet heading", "belote"), 13),
        Column(pgettext("sheet heading", "capot"), 13),
        Column(tags[0], 15),
        Column(tags[1], 15),
        Column(tags[0], 16),
        Column(tags[1], 16),
    ]
    groups = [
        Group("", 4),
        Group(pgettext("sheet heading", "card points"), 2),
        Group(pgettext("sheet heading", "team"), 3),
        Group(pgettext("sheet heading", "score"), 2),
        Group(pgettext("sheet heading", "running"), 2),
    ]
    legend = [
        _(
            "Contracts: {contracts}. Card points: each team's, 152 in all; "
            "the last trick (dix de der) {last_trick}, belote {belote}, capot {capot}. "
            "The taking team must score more than the other, or is dedans; a tie is {tie}. "
            "First team to {target} wins."
        ).format(
            contracts=", ".join(contract_word(c) for c in rules.contracts),
            last_trick=rules.last_trick,
            belote=rules.belote,
            capot=rules.capot,
            tie=outcome_word(rules.tie),
            target=rules.target,
        ),
    ]
    return teams_pad(
        _("Belote score pad — rules {rules}").format(rules=rules.name),
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
        Column(pgettext("sheet heading", "dealer"), 17, "L"),
        Column(pgettext("sheet heading", "contract"), 20),
        Column(pgettext("sheet heading", "taker"), 17),
        Column(pgettext("sheet heading", "points"), 18),
        Column(pgettext("sheet heading", "last"), 10),
        Column(pgettext("sheet heading", "belote"), 11),
        Column(pgettext("sheet heading", "capot"), 11),
        Column(pgettext("sheet heading", "outcome"), 15),
        Column(tags[0], 13, "R"),
        Column(tags[1], 13, "R"),
        Column(tags[0], 14, "R"),
        Column(tags[1], 14, "R"),
        Column(pgettext("sheet heading", "note"), 60, "L"),
    ]
    groups = [
        Group("", 9),
        Group(pgettext("sheet heading", "score"), 2),
        Group(pgettext("sheet heading", "running"), 2),
        Group("", 1),
    ]

    def team(t: int | None) -> str:
        return "" if t is None else tags[t]

    rows = [
        [
            str(d.number),
            d.dealer,
            contract_word(d.contract),
            f"{d.taker} ({tags[d.taking_team]})",
            f"{d.points[0]}/{d.points[1]}",
            team(d.last_trick),
            team(d.belote),
            team(d.capot),
            outcome_word(d.outcome),
            str(d.score[0]),
            str(d.score[1]),
            str(d.running[0]),
            str(d.running[1]),
            _note(result, d),
        ]
        for d in result.deals
    ]
    rows.append(
        [
            "",
            "",
            pgettext("sheet heading", "Total"),
            *[""] * 8,
            str(result.team_totals[0]),
            str(result.team_totals[1]),
            "",
        ]
    )
    return teams_printed(
        _("Belote — rules {rules}, target {target}").format(rules=rules.name, target=rules.target),
        outcome_line(result),
        tags,
        result,
        columns,
        groups,
        rows,
    )
