"""Rosbiratschka on paper: a pad with a row per deal (its dealer, contract and check
total) and a game printed with its standings (lowest total first) and chart."""

from __future__ import annotations

from scoresheet.games.rosbiratschka.rules import shown
from scoresheet.games.rosbiratschka.score import GameScore, dealer_of
from scoresheet.games.rosbiratschka.views import adds_up, note, what_to_report
from scoresheet.i18n import _, ngettext, pgettext
from scoresheet.paper.kit import (
    PAD_ROW,
    PRINT_FONT,
    PRINT_ROW,
    chart,
    date_line,
    players_line,
    running,
    signed,
)
from scoresheet.paper.model import Block, Column, Doc, Grid, Group


def pad(result: GameScore) -> Doc:
    """A row per deal with its dealer, contract and what its scores add up to."""
    rules, players = result.rules, list(result.players)
    columns = [
        Column("#", 7),
        Column(pgettext("sheet heading", "dealer"), 20, "L"),
        Column(pgettext("sheet heading", "contract"), 27, "L"),
    ]
    groups = [Group("", 3)]
    for p in players:
        columns += [
            Column(pgettext("sheet heading", "taken"), 12),
            Column(pgettext("sheet heading", "score"), 13),
        ]
        groups.append(Group(p, 2))
    columns += [
        Column(pgettext("sheet heading", "check"), 12, shaded=True),
        Column(pgettext("sheet heading", "note"), 24),
    ]
    groups.append(Group("", 2))
    blank = [""] * (2 * len(players))
    rows = [
        [
            str(n),
            dealer_of(players, n),
            shown(rules.contract_of(n)),
            *blank,
            signed(rules.base_total(rules.contract_of(n))),
            "",
        ]
        for n in range(1, rules.deals_per_game + 1)
    ]
    rows.append(["", "", pgettext("sheet heading", "Total"), *blank, "", ""])
    legend = [
        _("{contract}: {what}.").format(contract=shown(c), what=what_to_report(rules, c))
        for c in rules.contracts
    ]
    legend.append(
        _(
            "Check: what a deal's scores add up to (twice as much when a player took none); "
            "the lowest total wins."
        )
    )
    return Doc(
        title=_("Rosbiratschka score pad — rules {rules}").format(rules=rules.name),
        lines=[players_line(players), _(rules.description), date_line()],
        grid=Grid(
            columns, groups, [Block(rows, bold=frozenset({len(rows) - 1}))], row_height=PAD_ROW
        ),
        legend=legend,
    )


def printed(result: GameScore) -> Doc:
    """Every deal with its running totals and check, the standings and the chart."""
    rules, players = result.rules, list(result.players)
    columns = [
        Column("#", 7),
        Column(pgettext("sheet heading", "dealer"), 18, "L"),
        Column(pgettext("sheet heading", "contract"), 26, "L"),
    ]
    groups = [Group("", 3)]
    for p in players:
        columns += [
            Column(pgettext("sheet heading", "score"), 11, "R"),
            Column(pgettext("sheet heading", "run"), 13, "R"),
        ]
        groups.append(Group(p, 2))
    columns += [
        Column(pgettext("sheet heading", "total"), 11, "R"),
        Column(pgettext("sheet heading", "ok"), 7),
        Column(pgettext("sheet heading", "note"), 45, "L"),
    ]
    groups.append(Group(pgettext("sheet heading", "check"), 3))
    run = running(players, result.deals)
    rows = []
    for d in result.deals:
        cells = [str(d.number), d.dealer, shown(d.contract)]
        for p in players:
            cells += [signed(d.score[p]), signed(run[d.number][p])]
        cells += [signed(d.total), "✓" if adds_up(result, d) else "✗", note(d)]
        rows.append(cells)
    total = ["", "", pgettext("sheet heading", "Total")]
    for p in players:
        total += [signed(result.totals[p]), ""]
    total += [signed(sum(result.totals.values())), "", ""]
    rows.append(total)
    ranked = result.ranking()
    standings = Grid(
        [
            Column(pgettext("sheet heading", "rank"), 10),
            Column(pgettext("sheet heading", "player"), 34, "L"),
            Column(pgettext("sheet heading", "total"), 16, "R"),
        ],
        [],
        [Block([[str(i), p, signed(result.totals[p])] for i, p in enumerate(ranked, 1)])],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title=_("Standings (lowest total wins)"),
    )
    state = (
        _("complete")
        if result.complete
        else ngettext(
            "{played} of {n} deal played", "{played} of {n} deals played", rules.deals_per_game
        ).format(played=len(result.deals), n=rules.deals_per_game)
    )
    return Doc(
        title=_("Rosbiratschka — rules {rules}").format(rules=rules.name),
        lines=[
            players_line(players),
            _("{description} — {state}").format(description=_(rules.description), state=state),
        ],
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
