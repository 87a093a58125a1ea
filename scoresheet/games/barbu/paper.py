"""Barbu on paper: the classic pad (a block per declarer, a row per contract with its
check total) and a game printed with its standings, doubling ledger and chart."""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import contract_title, contract_word
from scoresheet.games.barbu.score import GameScore
from scoresheet.games.barbu.views import ledger_outcome, paper_doubles, row_adds_up, value_text
from scoresheet.i18n import _, ngettext, pgettext
from scoresheet.paper.kit import (
    PAD_ROW,
    PAD_ROW_MIN,
    PRINT_FONT,
    PRINT_ROW,
    chart,
    date_line,
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
    if len(numbers) == 1:
        return _("{declarer} declares, {dealer} deals (deal {number})").format(
            declarer=declarer, dealer=dealer, number=numbers[0]
        )
    return _("{declarer} declares, {dealer} deals (deals {first}–{last})").format(
        declarer=declarer, dealer=dealer, first=numbers[0], last=numbers[-1]
    )


def _legend(result: GameScore) -> list[str]:
    rules = result.rules
    tags = initials(result.players)
    parts = []
    for c in rules.contracts:
        total = rules.contract_total(c)
        if total is None:
            part = _("{contract}: {value}")
        else:
            part = _("{contract}: {value} (check {total})")
        parts.append(
            part.format(
                contract=contract_title(c), value=value_text(rules, c), total=signed(total or 0)
            )
        )
    d = rules.doubling
    pairs = ", ".join(f"{t} = {p}" for p, t in tags.items())
    how = _(
        "#: the order the declarer plays the contract in. "
        "Check: the contract's total; a row's scores must add up to it."
    )
    if rules.undoubled_split:
        how = _(
            "#: the order the declarer plays the contract in. "
            "Check: the contract's total; a row's scores must add up to it. "
            "An undoubled negative deal is not played: its total is split."
        )
    return [
        _("Contracts — {contracts}").format(contracts=" · ".join(parts)),
        _(
            "Doubles, in the doubler's column: the doubled players' initials, X for everyone, "
            "* when the declarer is among them; R and initials for a redouble. "
            "Initials: {initials}. Each player doubles each declarer at least {n} times."
        ).format(initials=pairs, n=d.min_declarer_doubles),
        how,
    ]


def pad(result: GameScore) -> Doc:
    """Classic paper: a block per declarer, a row per contract with its check total."""
    rules, players = result.rules, list(result.players)
    contracts = list(rules.contracts)
    # Two columns of blocks side by side on A4 or Letter landscape: 128 mm each at most.
    columns = [Column("#", 6), Column(pgettext("sheet heading", "contract"), 22, "L")]
    groups = [Group("", 2)]
    for p in players:
        columns += [
            Column(pgettext("sheet heading", "dbl"), 11.5),
            Column(pgettext("sheet heading", "score"), 11),
        ]
        groups.append(Group(p, 2))
    columns.append(Column(pgettext("sheet heading", "check"), 10, shaded=True))
    groups.append(Group("", 1))
    blank = [""] * (2 * len(players))
    blocks = []
    owed: int | None = 0  # what every row so far adds up to; None once a row has no check
    runs = _blocks(result)
    for b, (declarer, dealer, numbers) in enumerate(runs, start=1):
        rows = []
        preprint = len(numbers) % len(contracts) == 0
        for k in range(len(numbers)):
            c = contracts[k % len(contracts)] if preprint else ""
            total = rules.contract_total(c) if c else None
            check = signed(total) if total is not None else ""
            owed = None if owed is None or total is None else owed + total
            rows.append(["", contract_title(c) if c else "", *blank, check])
        # Each player's score so far, at every change of declarer (the game's total
        # after the last): the table checks its running score against the check's sum.
        if b == len(runs):
            label = pgettext("sheet heading", "Total")
        else:
            # Translators: a pad's row under each declarer's deals: each player's score
            # so far.
            label = pgettext("sheet heading", "Running total")
        rows.append(["", label, *blank, "" if owed is None else signed(owed)])
        last = len(rows) - 1  # its number and doubles: nothing to write
        doubles = frozenset({(last, 0), *((last, 2 + 2 * k) for k in range(len(players)))})
        blocks.append(
            Block(
                rows,
                heading=_heading(declarer, dealer, numbers),
                bold=frozenset({last}),
                shade=doubles,
            )
        )
    return Doc(
        title=_("Barbu score pad — rules {rules}").format(rules=rules.name),
        lines=[players_line(players) + "    " + date_line()],
        grid=Grid(
            columns, groups, blocks, row_height=PAD_ROW, min_row_height=PAD_ROW_MIN, font=9.0
        ),
        legend=[*_legend(result), _running_legend()],
    )


def _running_legend() -> str:
    return _(
        "Running total: each player's score so far, under each declarer's deals; where it "
        "has a check (the sum of the checks above), the scores add up to it."
    )


def printed(result: GameScore) -> Doc:
    """Every deal with the doubles as written on paper, the running totals, the
    standings, the doubling ledger and the chart."""
    rules, players = result.rules, list(result.players)
    columns = [Column("#", 7), Column(pgettext("sheet heading", "contract"), 24, "L")]
    groups = [Group("", 2)]
    for p in players:
        columns += [
            Column(pgettext("sheet heading", "dbl"), 12),
            Column(pgettext("sheet heading", "score"), 11, "R"),
            Column(pgettext("sheet heading", "run"), 12, "R"),
        ]
        groups.append(Group(p, 3))
    columns += [
        Column(pgettext("sheet heading", "total"), 11, "R"),
        Column(pgettext("sheet heading", "ok"), 7),
    ]
    groups.append(Group(pgettext("sheet heading", "check"), 2))
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
            name = contract_word(d.contract)
            cells = [str(n), _("{contract} (split)").format(contract=name) if d.split else name]
            for p in players:
                cells += [paper[p], signed(d.score[p]), signed(run[n][p])]
            cells += [signed(d.total), "✓" if row_adds_up(result, d) else "✗"]
            rows.append(cells)
        if rows:
            blocks.append(Block(rows, heading=_heading(declarer, dealer, numbers)))
    total_row = ["", pgettext("sheet heading", "Total")]
    for p in players:
        total_row += ["", signed(result.totals[p]), ""]
    total_row += [signed(sum(result.totals.values())), ""]
    blocks.append(Block([total_row], bold=frozenset({0})))
    ranked = sorted(players, key=lambda p: -result.totals[p])
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
        title=_("Standings"),
    )
    ledger_rows = []
    for pair in result.ledger():
        a, b = pair.players
        who = ledger_outcome(pair)
        ledger_rows.append([f"{a} – {b}", str(pair.bets), str(pair.redoubles), who])
    ledger = Grid(
        [
            Column(pgettext("sheet heading", "pair"), 40, "L"),
            Column(pgettext("sheet heading", "bets"), 12),
            Column(pgettext("sheet heading", "redoubled"), 18),
            Column(pgettext("sheet heading", "net"), 60, "L"),
        ],
        [],
        [Block(ledger_rows)],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title=_("Doubling ledger"),
    )
    notes = [
        _("violation (deal {deal}): {message}").format(deal=v.deal, message=v.message)
        if v.deal
        else _("violation: {message}").format(message=v.message)
        for v in result.violations
    ]
    played = len(result.deals)
    state = (
        _("complete")
        if result.complete
        else ngettext(
            "{played} of {n} deal played", "{played} of {n} deals played", rules.deals_per_game
        ).format(played=played, n=rules.deals_per_game)
    )
    return Doc(
        title=_("Barbu — rules {rules}").format(rules=rules.name),
        lines=[
            players_line(players),
            _("{description} — {state}").format(description=_(rules.description), state=state),
        ],
        grid=Grid(columns, groups, blocks, row_height=PRINT_ROW, font=PRINT_FONT),
        after=[[standings, ledger]],
        notes=notes,
        chart=chart(players, result.deals, run),
        legend=_legend(result)[1:2],
    )
