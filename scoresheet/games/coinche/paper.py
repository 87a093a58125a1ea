"""Coinche on paper: a pad of rows to fill in deal by deal (the contract, bid, taker,
coinche, each team's points, last trick, belote, capot, score and running total) and a
game printed with its standings and chart (role ``Paper``, made into a PDF by
:mod:`scoresheet.cli.pdf`)."""

from __future__ import annotations

from scoresheet.games.coinche.score import GameScore
from scoresheet.games.coinche.views import contract_words, outcome_line, team_tags
from scoresheet.i18n import _, pgettext
from scoresheet.paper.kit import teams_pad, teams_printed
from scoresheet.paper.model import Column, Doc, Group
from scoresheet.partnership.rules import contract_word, dealer_of
from scoresheet.partnership.views import outcome_word


def pad(result: GameScore) -> Doc:
    """A page of rows, each with its dealer, to fill in until a team reaches the target."""
    rules, players = result.rules, list(result.players)
    tags = team_tags(result)
    columns = [
        Column("#", 7),
        Column(pgettext("sheet heading", "dealer"), 17, "L"),
        Column(pgettext("sheet heading", "contract"), 16),
        Column(pgettext("sheet heading", "bid"), 11),
        Column(pgettext("sheet heading", "taker"), 17),
        Column(pgettext("sheet heading", "coinche"), 17),
        Column(pgettext("sheet heading", "surc."), 17),
        Column(tags[0], 11),
        Column(tags[1], 11),
        Column(pgettext("sheet heading", "last"), 10),
        Column(pgettext("sheet heading", "belote"), 11),
        Column(pgettext("sheet heading", "capot"), 11),
        Column(tags[0], 14),
        Column(tags[1], 14),
        Column(tags[0], 15),
        Column(tags[1], 15),
    ]
    groups = [
        Group("", 7),
        Group(pgettext("sheet heading", "card points"), 2),
        Group(pgettext("sheet heading", "team"), 3),
        Group(pgettext("sheet heading", "score"), 2),
        Group(pgettext("sheet heading", "running"), 2),
    ]
    with_bid = rules.scoring == "points-and-bid"
    needs = {
        "82-on-80": _("The takers must reach their bid (82 on a bid of 80)"),
        "bid": _("The takers must reach their bid"),
        "bid-plus-2": _("The takers must reach their bid + 2"),
    }[rules.bid_needs]
    scoring = (
        _("made: points + the bid; dedans: {dedans} + the bid to the defenders")
        if with_bid
        else _("made: points; dedans: {dedans} to the defenders")
    ).format(dedans=rules.dedans_points)
    legend = [
        _(
            "Bids {min_bid} to {max_bid} or capot; contracts: {contracts}. Card points: each "
            "team's, 152 in all; the last trick {last_trick}, belote {belote}. {needs}; "
            "{scoring}; coinche x{coinche}, surcoinche x{surcoinche}. First team to {target} wins."
        ).format(
            min_bid=rules.min_bid,
            max_bid=rules.max_bid,
            contracts=", ".join(contract_word(c) for c in rules.contracts),
            last_trick=rules.last_trick,
            belote=rules.belote,
            needs=needs,
            scoring=scoring,
            coinche=rules.coinche,
            surcoinche=rules.surcoinche,
            target=rules.target,
        ),
    ]
    return teams_pad(
        _("Coinche score pad — rules {rules}").format(rules=rules.name),
        players,
        tags,
        result,
        columns,
        groups,
        lambda index: dealer_of(rules, players, index),
        legend,
    )


def printed(result: GameScore) -> Doc:
    """Every deal with its contract, points, outcome and both teams' running totals,
    the standings and the chart."""
    rules = result.rules
    tags = team_tags(result)
    columns = [
        Column("#", 7),
        Column(pgettext("sheet heading", "dealer"), 17, "L"),
        Column(pgettext("sheet heading", "contract"), 52, "L"),
        Column(pgettext("sheet heading", "points"), 18),
        Column(pgettext("sheet heading", "last"), 10),
        Column(pgettext("sheet heading", "belote"), 11),
        Column(pgettext("sheet heading", "capot"), 11),
        Column(pgettext("sheet heading", "outcome"), 15),
        Column(tags[0], 13, "R"),
        Column(tags[1], 13, "R"),
        Column(tags[0], 14, "R"),
        Column(tags[1], 14, "R"),
    ]
    groups = [
        Group("", 8),
        Group(pgettext("sheet heading", "score"), 2),
        Group(pgettext("sheet heading", "running"), 2),
    ]

    def team(t: int | None) -> str:
        return "" if t is None else tags[t]

    rows = [
        [
            str(d.number),
            d.dealer,
            contract_words(d),
            f"{d.play.deal_points[0]}/{d.play.deal_points[1]}",
            team(d.play.last_trick),
            team(d.play.belote),
            team(d.play.capot),
            outcome_word("made" if d.made else "dedans"),
            str(d.score[0]),
            str(d.score[1]),
            str(d.running[0]),
            str(d.running[1]),
        ]
        for d in result.deals
    ]
    rows.append(
        [
            "",
            "",
            pgettext("sheet heading", "Total"),
            *[""] * 5,
            *map(str, result.team_totals),
            "",
            "",
        ]
    )
    return teams_printed(
        _("Coinche — rules {rules}, target {target}").format(rules=rules.name, target=rules.target),
        outcome_line(result),
        tags,
        result,
        columns,
        groups,
        rows,
    )
