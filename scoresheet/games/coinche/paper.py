"""Coinche on paper: a pad of rows to fill in deal by deal (the contract, bid, taker,
coinche, each team's points, last trick, belote, capot, score and running total) and a
game printed with its standings and chart (role ``Paper``, made into a PDF by
:mod:`scoresheet.paper.games`)."""

from __future__ import annotations

from scoresheet.games.belote.rules import dealer_of
from scoresheet.games.coinche.score import GameScore
from scoresheet.games.coinche.views import contract_words, outcome_line, team_tags
from scoresheet.paper.kit import teams_pad, teams_printed
from scoresheet.paper.model import Column, Doc, Group


def pad(result: GameScore) -> Doc:
    """A page of rows, each with its dealer, to fill in until a team reaches the target."""
    rules, players = result.rules, list(result.players)
    tags = team_tags(result)
    columns = [
        Column("#", 7),
        Column("dealer", 17, "L"),
        Column("contract", 16),
        Column("bid", 11),
        Column("taker", 17),
        Column("coinche", 17),
        Column("surc.", 17),
        Column(tags[0], 11),
        Column(tags[1], 11),
        Column("last", 10),
        Column("belote", 11),
        Column("capot", 11),
        Column(tags[0], 14),
        Column(tags[1], 14),
        Column(tags[0], 15),
        Column(tags[1], 15),
    ]
    groups = [
        Group("", 7),
        Group("card points", 2),
        Group("team", 3),
        Group("score", 2),
        Group("running", 2),
    ]
    plus = " + the bid" if rules.scoring == "points-and-bid" else ""
    needs = {"82-on-80": " (82 on a bid of 80)", "bid": "", "bid-plus-2": " + 2"}[rules.bid_needs]
    legend = [
        f"Bids {rules.min_bid} to {rules.max_bid} or capot; contracts: "
        f"{', '.join(rules.contracts)}. Card points: each team's, 152 in all; the last "
        f"trick {rules.last_trick}, belote {rules.belote}. The takers must reach their bid"
        f"{needs}; made: points{plus}; dedans: "
        f"{rules.dedans_points}{plus} to the defenders; coinche x{rules.coinche}, "
        f"surcoinche x{rules.surcoinche}. First team to {rules.target} wins.",
    ]
    return teams_pad(
        f"Coinche score pad — rules {rules.name}",
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
        Column("dealer", 17, "L"),
        Column("contract", 52, "L"),
        Column("points", 18),
        Column("last", 10),
        Column("belote", 11),
        Column("capot", 11),
        Column("outcome", 15),
        Column(tags[0], 13, "R"),
        Column(tags[1], 13, "R"),
        Column(tags[0], 14, "R"),
        Column(tags[1], 14, "R"),
    ]
    groups = [Group("", 8), Group("score", 2), Group("running", 2)]

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
            "made" if d.made else "dedans",
            str(d.score[0]),
            str(d.score[1]),
            str(d.running[0]),
            str(d.running[1]),
        ]
        for d in result.deals
    ]
    rows.append(["", "", "Total", *[""] * 5, *map(str, result.team_totals), "", ""])
    return teams_printed(
        f"Coinche — rules {rules.name}, target {rules.target}",
        outcome_line(result),
        tags,
        result,
        columns,
        groups,
        rows,
    )
