"""Each game's pad (blank, to fill in with a pen) and printed game, as a :class:`Doc`.

Every number printed comes from the game's one scoring result (``score --json`` gives
the same); a pad is built from the scoring result of a game with no deals, which
knows the players, the rules, the declarers and the dealers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scoresheet.paper.model import Block, Chart, Column, Doc, Grid, Group
from scoresheet.views.common import ledger_outcome

DATE_LINE = "Date: ____________________    Place: ____________________"
RACE_ROWS = 16  # rows on the pad of a race to a target (Belote, All Fours): one page
PAD_ROW = 8.0  # mm: room to write by hand
PRINT_ROW = 6.0
PRINT_FONT = 8.5


def signed(n: int) -> str:
    """``+5``, ``-12``, ``0``: a score as the sheets print it (a true minus sign).

    >>> signed(5), signed(-12), signed(0)
    ('+5', '−12', '0')
    """
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _players_line(players: Sequence[str]) -> str:
    return "Players in seating order: " + ", ".join(players)


def _running(players: Sequence[str], deals: Sequence[Any]) -> list[dict[str, int]]:
    run = dict.fromkeys(players, 0)
    out = []
    for d in deals:
        for p in players:
            run[p] += d.score[p]
        out.append(dict(run))
    return out


# -- Barbu ---------------------------------------------------------------------------------------


def _barbu_blocks(result: Any) -> list[tuple[str, str, list[int]]]:
    """(declarer, dealer, deal numbers) for each run of deals with one declarer."""
    from scoresheet.games.barbu.rotation import dealer_of, declarer_of

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


def _barbu_heading(declarer: str, dealer: str, numbers: Sequence[int]) -> str:
    deals = f"deal {numbers[0]}" if len(numbers) == 1 else f"deals {numbers[0]}–{numbers[-1]}"
    return f"{declarer} declares, {dealer} deals ({deals})"


def _barbu_legend(result: Any) -> list[str]:
    from scoresheet.games.barbu.rules import CONTRACT_NAMES
    from scoresheet.views.rules import _value_text
    from scoresheet.views.text import initials

    rules = result.rules
    tags = initials(result.players)
    parts = []
    for c in rules.contracts:
        total = rules.contract_total(c)
        check = f" (check {signed(total)})" if total is not None else ""
        parts.append(f"{CONTRACT_NAMES.get(c, c)}: {_value_text(rules, c)}{check}")
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


def barbu_pad(result: Any) -> Doc:
    """Classic paper: a block per declarer, a row per contract with its check total."""
    from scoresheet.games.barbu.rules import CONTRACT_NAMES

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
    for declarer, dealer, numbers in _barbu_blocks(result):
        rows = []
        preprint = len(numbers) % len(contracts) == 0
        for k in range(len(numbers)):
            c = contracts[k % len(contracts)] if preprint else ""
            total = rules.contract_total(c) if c else None
            check = signed(total) if total is not None else ""
            rows.append(["", CONTRACT_NAMES.get(c, c), *blank, check])
        blocks.append(Block(rows, heading=_barbu_heading(declarer, dealer, numbers)))
    blocks.append(Block([["", "Total", *blank, ""]], bold=frozenset({0})))
    return Doc(
        title=f"Barbu score pad — rules {rules.name}",
        lines=[_players_line(players) + "    " + DATE_LINE],
        grid=Grid(columns, groups, blocks, row_height=PAD_ROW, font=9.0),
        legend=_barbu_legend(result),
    )


def barbu_printed(result: Any) -> Doc:
    from scoresheet.views.text import paper_doubles, row_adds_up

    rules, players = result.rules, list(result.players)
    columns = [Column("#", 7), Column("contract", 24, "L")]
    groups = [Group("", 2)]
    for p in players:
        columns += [Column("dbl", 12), Column("score", 11, "R"), Column("run", 12, "R")]
        groups.append(Group(p, 3))
    columns += [Column("total", 11, "R"), Column("ok", 7)]
    groups.append(Group("check", 2))
    deals = {d.number: d for d in result.deals}
    running = dict(
        zip([d.number for d in result.deals], _running(players, result.deals), strict=True)
    )
    blocks = []
    for declarer, dealer, numbers in _barbu_blocks(result):
        rows = []
        for n in numbers:
            d = deals.get(n)
            if d is None:
                continue
            paper = paper_doubles(d, players)
            cells = [str(n), d.contract + (" (split)" if d.split else "")]
            for p in players:
                cells += [paper[p], signed(d.score[p]), signed(running[n][p])]
            cells += [signed(d.total), "✓" if row_adds_up(result, d) else "✗"]
            rows.append(cells)
        if rows:
            blocks.append(Block(rows, heading=_barbu_heading(declarer, dealer, numbers)))
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
        lines=[_players_line(players), f"{rules.description} — {state}"],
        grid=Grid(columns, groups, blocks, row_height=PRINT_ROW, font=PRINT_FONT),
        after=[[standings, ledger]],
        notes=notes,
        chart=_chart(players, result.deals, running),
        legend=_barbu_legend(result)[1:2],
    )


def _chart(
    players: Sequence[str], deals: Sequence[Any], running: dict[int, dict[str, int]]
) -> Chart:
    numbers = [d.number for d in deals]
    return Chart(
        "Running totals",
        [str(n) for n in numbers],
        [(p, [running[n][p] for n in numbers]) for p in players],
    )


# -- Rosbiratschka ---------------------------------------------------------------------------------


def rosbiratschka_pad(result: Any) -> Doc:
    from scoresheet.games.rosbiratschka.score import dealer_of
    from scoresheet.games.rosbiratschka.views import what_to_report

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
        lines=[_players_line(players), rules.description, DATE_LINE],
        grid=Grid(
            columns, groups, [Block(rows, bold=frozenset({len(rows) - 1}))], row_height=PAD_ROW
        ),
        legend=legend,
    )


def rosbiratschka_printed(result: Any) -> Doc:
    from scoresheet.games.rosbiratschka.views import adds_up, note

    rules, players = result.rules, list(result.players)
    columns = [Column("#", 7), Column("dealer", 18, "L"), Column("contract", 26, "L")]
    groups = [Group("", 3)]
    for p in players:
        columns += [Column("score", 11, "R"), Column("run", 13, "R")]
        groups.append(Group(p, 2))
    columns += [Column("total", 11, "R"), Column("ok", 7), Column("note", 45, "L")]
    groups.append(Group("check", 3))
    running = dict(
        zip([d.number for d in result.deals], _running(players, result.deals), strict=True)
    )
    rows = []
    for d in result.deals:
        cells = [str(d.number), d.dealer, d.contract]
        for p in players:
            cells += [signed(d.score[p]), signed(running[d.number][p])]
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
        lines=[_players_line(players), f"{rules.description} — {state}"],
        grid=Grid(
            columns,
            groups,
            [Block(rows, bold=frozenset({len(rows) - 1}))],
            row_height=PRINT_ROW,
            font=PRINT_FONT,
        ),
        after=[[standings]],
        chart=_chart(players, result.deals, running),
    )


# -- Belote ----------------------------------------------------------------------------------------


def _team_tags(result: Any) -> tuple[str, str]:
    from scoresheet.games.belote.views import team_tags

    return team_tags(result)


def belote_pad(result: Any) -> Doc:
    from scoresheet.games.belote.rules import dealer_of

    rules, players = result.rules, list(result.players)
    tags = _team_tags(result)
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
    rows = [[str(n), dealer_of(rules, players, n - 1), *[""] * 11] for n in range(1, RACE_ROWS + 1)]
    teams = f"Teams: {tags[0]} = {result.team_name(0)}, {tags[1]} = {result.team_name(1)}"
    legend = [
        f"Contracts: {', '.join(rules.contracts)}. Card points: each team's, 152 in all; "
        f"the last trick (dix de der) {rules.last_trick}, belote {rules.belote}, "
        f"capot {rules.capot}. "
        f"The taking team must score more than the other, or is dedans; a tie is {rules.tie}. "
        f"First team to {rules.target} wins.",
    ]
    return Doc(
        title=f"Belote score pad — rules {rules.name}",
        lines=[_players_line(players), teams, DATE_LINE],
        grid=Grid(columns, groups, [Block(rows)], row_height=PAD_ROW),
        legend=legend,
    )


def belote_printed(result: Any) -> Doc:
    from scoresheet.games.belote.views import _note, outcome_line

    rules = result.rules
    tags = _team_tags(result)
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
    ranked = sorted((0, 1), key=lambda t: -result.team_totals[t])
    standings = Grid(
        [Column("team", 60, "L"), Column("total", 16, "R")],
        [],
        [
            Block(
                [[f"{tags[t]} = {result.team_name(t)}", str(result.team_totals[t])] for t in ranked]
            )
        ],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title="Standings",
    )
    teams = f"Teams: {tags[0]} = {result.team_name(0)}, {tags[1]} = {result.team_name(1)}"
    return Doc(
        title=f"Belote — rules {rules.name}, target {rules.target}",
        lines=[teams, outcome_line(result)],
        grid=Grid(
            columns,
            groups,
            [Block(rows, bold=frozenset({len(rows) - 1}))],
            row_height=PRINT_ROW,
            font=PRINT_FONT,
        ),
        after=[[standings]],
        chart=Chart(
            "Running totals",
            [str(d.number) for d in result.deals],
            [(tags[t], [d.running[t] for d in result.deals]) for t in (0, 1)],
        ),
    )


# -- Caribbean All Fours -------------------------------------------------------------------------

ORDER = ("kick", "take one", "high", "low", "jack", "game")


def all_fours_pad(result: Any) -> Doc:
    from scoresheet.games.caribbean_all_fours.score import dealer_of

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
        lines=[_players_line(players), teams, DATE_LINE],
        grid=Grid(columns, groups, [Block(rows)], row_height=PAD_ROW),
        legend=legend,
    )


def all_fours_printed(result: Any) -> Doc:
    from scoresheet.games.caribbean_all_fours.views import LETTERS, outcome, point_short

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


PADS: dict[str, Callable[[Any], Doc]] = {
    "barbu": barbu_pad,
    "rosbiratschka": rosbiratschka_pad,
    "belote": belote_pad,
    "caribbean-all-fours": all_fours_pad,
}
PRINTED: dict[str, Callable[[Any], Doc]] = {
    "barbu": barbu_printed,
    "rosbiratschka": rosbiratschka_printed,
    "belote": belote_printed,
    "caribbean-all-fours": all_fours_printed,
}


def pad_pdf(players: Sequence[str], rules: str, paper: str = "a4") -> bytes:
    """The PDF score pad of a game with these players under the ``rules`` preset."""
    from scoresheet import games, record
    from scoresheet.paper.render import render
    from scoresheet.rules import load_preset

    game = load_preset(rules).game
    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": game,
        "rules": rules,
        "players": list(players),
        "deals": [],
    }
    blank = record.from_data(data, source="blank pad")
    return render(PADS[game](games.score(blank)), paper)


def game_pdf(rec: Any, paper: str = "a4") -> bytes:
    """The PDF of a game file: every deal, the totals, standings, ledger and chart."""
    from scoresheet import games
    from scoresheet.paper.render import render

    game = rec.get("game", "barbu")
    return render(PRINTED[game](games.score(rec)), paper)
