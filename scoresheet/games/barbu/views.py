"""Barbu's terminal views: the score sheet, the ``score`` table, ``status``, the ledger,
the lines ``add`` and ``play`` print after a deal, and the rules in force.

Each fits the terminal (:mod:`scoresheet.views.term`): names in full when they fit,
else initials and contract codes with a legend, else the sheet stacked in blocks.
This module is Barbu's ``Views`` role (:class:`scoresheet.roles.Views`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.games.barbu.rules import CONTRACT_NAMES, BarbuRules
from scoresheet.games.barbu.score import DealScore, GameScore, Owed, PairLedger
from scoresheet.views.common import (
    abbreviations,
    check_mark,
    initials,
    legend,
    players_legend,
    rules_in_force,
    standings_table,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Styled, Term, fit_table, plural, signed_style, wrap

__all__ = [
    "after_deal_text",
    "deal_text",
    "ledger_outcome",
    "ledger_table",
    "owed_now",
    "owed_text",
    "owed_text_lines",
    "paper_doubles",
    "row_adds_up",
    "rules_json",
    "rules_text",
    "score_table",
    "score_text",
    "sheet_text",
    "standings",
    "status_text",
    "title_line",
    "value_text",
    "violations_text",
]


def paper_doubles(
    deal: DealScore, players: Sequence[str], tags: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Each player's doubles written in their column, Parlett's way.

    The doubled players' initials ("X" for everyone), ``*`` when the declarer is among
    them (the doubles every non-declarer owes), and ``R`` + initials for redoubles.
    """
    if tags is None:
        tags = initials(players)
    out: dict[str, str] = {}
    for p in players:
        doubled = [b.doubled for b in deal.bets if b.doubler == p]
        redoubled = [b.doubler for b in deal.bets if b.doubled == p and b.redoubled]
        parts = []
        if doubled:
            if len(doubled) == len(players) - 1:
                text = "X"
            else:
                text = "".join(tags[q] for q in players if q in doubled)
            parts.append(text + ("*" if deal.declarer in doubled else ""))
        if redoubled:
            parts.append("R" + "".join(tags[q] for q in players if q in redoubled))
        out[p] = " ".join(parts)
    return out


def row_adds_up(result: GameScore, deal: DealScore) -> bool:
    """The paper check: the row's scores add up to the contract's total."""
    expected = result.rules.contract_total(deal.contract)
    return deal.total == sum(deal.base.values()) and expected in (None, deal.total)


def _signed(value: int, text: str | None = None) -> Styled:
    """A score, red on a terminal when negative."""
    return Styled(text if text is not None else f"{value:+d}", signed_style(value))


def _sheet_layouts(result: GameScore, *, running: bool, with_total: bool) -> list[Layout]:
    """The deal table in full (names) and compact (initials, contract codes, a legend).

    ``running`` adds each player's running total at the right; ``with_total`` the row's
    total. A blank row separates the declarers' sets."""
    players = list(result.players)
    tags = initials(players)
    codes = abbreviations(list(result.rules.contracts))
    full: list[list[Cell]] = []
    short: list[list[Cell]] = []
    bad: list[bool] = []
    run = dict.fromkeys(players, 0)
    last = None
    width = 3 + len(players) * (2 if running else 1) + int(with_total) + 1
    for deal in result.deals:
        if last is not None and deal.declarer != last:
            full.append([""] * width)
            short.append([""] * width)
            bad.append(False)
        last = deal.declarer
        paper = paper_doubles(deal, players, tags)
        for p in players:
            run[p] += deal.score[p]
        ok = row_adds_up(result, deal)
        scores = [_signed(deal.score[p], f"{paper[p]} {deal.score[p]:+d}".strip()) for p in players]
        tail: list[Cell] = []
        if with_total:
            tail.append(_signed(deal.total))
        tail.append(check_mark(ok))
        if running:
            tail += [_signed(run[p]) for p in players]
        if deal.dealer == deal.declarer:
            who, who_short = deal.declarer, tags[deal.declarer]
        else:
            who = f"{deal.declarer}/{deal.dealer}"
            who_short = f"{tags[deal.declarer]}/{tags[deal.dealer]}"
        split = deal.split
        full.append(
            [str(deal.number), who, deal.contract + (" (split)" if split else ""), *scores, *tail]
        )
        short.append(
            [str(deal.number), who_short, codes[deal.contract] + "/s" * split, *scores, *tail]
        )
        bad.append(not ok)
    if not running:
        totals: list[Cell] = [_signed(result.totals[p]) for p in players]
        grand: list[Cell] = [_signed(sum(result.totals.values()))] if with_total else []
        full.append(["", "", "TOTAL", *totals, *grand, ""])
        short.append(["", "", "TOTAL", *totals, *grand, ""])
        bad.append(False)
    tail_head = [*(["total"] if with_total else []), "ok"]
    sums = [f"Σ{tags[p]}" for p in players] if running else []
    right = set(range(3, width))
    by = "the declarer" + (
        "/the dealer" if any(d.dealer != d.declarer for d in result.deals) else ""
    )
    notes = [
        players_legend(players, tags),
        f"by: {by}; ct: the contract" + ("; Σ: running totals" if running else ""),
        legend("contracts", codes, {d.contract for d in result.deals}),
        "/s: not played (nobody doubled), its total split"
        if any(d.split for d in result.deals)
        else "",
    ]

    def style(i: int) -> str:
        return "yellow" if bad[i] else ""

    return [
        Layout(
            ["#", "declarer", "contract", *players, *tail_head, *sums],
            full,
            right=right,
            keep=3,
            row_style=style,
        ),
        Layout(
            ["#", "by", "ct", *(tags[p] for p in players), *tail_head, *sums],
            short,
            right=right,
            keep=3,
            legend=[n for n in notes if n],
            row_style=style,
            groups=[3 + len(players) + int(with_total) + 1],
        ),
    ]


def score_table(result: GameScore, term: Term | None = None) -> str:
    """One row per deal: number, declarer, contract, each player's doubles and score, the
    row's total and check; the totals at the foot."""
    return fit_table(term or Term.detect(), _sheet_layouts(result, running=False, with_total=True))


def violations_text(result: GameScore, term: Term | None = None) -> str:
    return "\n".join(violation_lines(term or Term.detect(), result.violations))


def standings(result: GameScore, term: Term | None = None) -> str:
    """The players from the highest total down; tied players share a place (1, 2, 2, 4)."""
    players = list(result.players)
    return standings_table(term or Term.detect(), players, [result.totals[p] for p in players])


def ledger_outcome(pair: PairLedger) -> str:
    """What two players' side bets came to over a game, in words, from a ledger pair
    (``players``, ``net``): the sentence every view of the doubling ledger shows.

    >>> from types import SimpleNamespace as Pair
    >>> ledger_outcome(Pair(players=("Ann", "Bob"), net={"Ann": -12, "Bob": 12}))
    'Bob won 12 from Ann'
    >>> ledger_outcome(Pair(players=("Ann", "Bob"), net={"Ann": 0, "Bob": 0}))
    'even'
    """
    a, b = pair.players
    net = pair.net[a]
    if net > 0:
        return f"{a} won {net} from {b}"
    if net < 0:
        return f"{b} won {-net} from {a}"
    return "even"


def ledger_table(result: GameScore, term: Term | None = None) -> str:
    """The doubling ledger between every pair: bets, redoubles, and who won what."""
    players = list(result.players)
    tags = initials(players)
    rows: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for pair in result.ledger():
        a, b = pair.players
        net = pair.net[a]
        who = ledger_outcome(pair)
        code = f"{tags[a]} +{net}" if net > 0 else f"{tags[b]} +{-net}" if net < 0 else "even"
        counts: list[Cell] = [str(pair.bets), str(pair.redoubles)]
        rows.append([f"{a} – {b}", *counts, who])
        short.append([f"{tags[a]}–{tags[b]}", *counts, code])
    notes = [n for n in [players_legend(players, tags)] if n]
    return fit_table(
        term or Term.detect(),
        [
            Layout(["pair", "bets", "redoubled", "net"], rows, right={1, 2}),
            Layout(["pair", "bets", "redbl", "won"], short, right={1, 2}, legend=notes),
        ],
    )


def owed_text(result: GameScore, term: Term | None = None) -> str:
    """Who still owes whom declarer doubles, most urgent first."""
    return owed_text_lines(result.owed(), term)


def owed_text_lines(owed: Sequence[Owed], term: Term | None = None, indent: str = "") -> str:
    """One line per non-declarer still short of a declarer's doubles, most urgent first;
    in yellow on a terminal (red when it can no longer be made good)."""
    term = term or Term.detect()
    lines = []
    for o in sorted(owed, key=lambda o: (not o.must, o.remaining - o.owed)):
        deals = "deal" if o.remaining == 1 else f"{o.remaining} deals"
        if o.owed > o.remaining:
            text = (
                f"{o.doubler} can no longer double {o.declarer} "
                f"{'once' if o.required == 1 else f'{o.required} times'} "
                f"({o.made} so far, {o.declarer}'s last {deals} left)"
            )
        elif o.must:
            every = {1: "", 2: "both of "}.get(o.remaining, "all of ")
            text = f"{o.doubler} must double {o.declarer} in {every}{o.declarer}'s last {deals}"
        else:
            times = "once" if o.owed == 1 else f"{o.owed} times"
            text = (
                f"{o.doubler} must still double {o.declarer} {times} in {o.declarer}'s last {deals}"
            )
        style = "bold red" if o.owed > o.remaining else "yellow"
        lines += [
            term.paint(line, style) for line in wrap(indent + text, term.width, indent + "  ")
        ]
    return "\n".join(lines)


def owed_now(result: GameScore) -> list[Owed]:
    """What the table needs to hear after a deal: the next declarer's owed doubles, and
    every obligation that can no longer wait."""
    nxt = result.next_declarer
    return [o for o in result.owed() if o.declarer == nxt or o.must]


def _progress(result: GameScore) -> str:
    played, total = len(result.deals), result.rules.deals_per_game
    return f"{played} of {plural(total, 'deal')} played" + (
        " — complete" if result.complete else ""
    )


def title_line(result: GameScore, title: str, term: Term, *, progress: bool = True) -> str:
    """``game.json: Barbu, rules classic; no-king -25 — 3 of 28 deals played``."""
    text = f"{title}: Barbu, rules {rules_in_force(result.rules)}"
    if progress:
        text += f" — {_progress(result)}"
    return term.lines(text)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The whole score sheet for ``scoresheet show``."""
    term = term or Term.detect()
    rules = result.rules
    dealer_note = "" if rules.dealer == "declarer" else " (declarer/dealer)"
    parts = [
        title_line(result, title, term),
        "",
        term.lines(
            "Doubles are written in the doubler's column: the doubled players' initials (X: "
            "everyone), * when the declarer is among them, R + initials for redoubles."
            + dealer_note
        ),
        "",
        fit_table(term, _sheet_layouts(result, running=True, with_total=False))
        if result.deals
        else "(no deals yet)",
        "",
        "Standings",
        standings(result, term),
        "",
        "Doubling ledger",
        ledger_table(result, term),
    ]
    owed = owed_text(result, term)
    if owed:
        parts += ["", term.lines("Doubles still owed to declarers"), owed]
    if result.violations:
        parts += ["", "Violations", violations_text(result, term)]
    return "\n".join(parts)


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The ``scoresheet score`` table: every deal, its check, the totals, any violations."""
    term = term or Term.detect()
    parts = [title_line(result, title, term, progress=False), score_table(result, term)]
    if result.violations:
        parts += ["", violations_text(result, term)]
    played = len(result.deals)
    parts += [
        "",
        "complete"
        if result.complete
        else f"{played} of {plural(result.rules.deals_per_game, 'deal')} played",
    ]
    return "\n".join(parts)


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal (``scoresheet status``)."""
    term = term or Term.detect()
    lines = [title_line(result, title, term)]
    declarer = result.next_declarer
    if declarer is None:
        lines.append("The game is complete.")
    else:
        dealer = result.next_dealer
        deals = f"deal {len(result.deals) + 1}"
        who = declarer if dealer == declarer else f"{declarer} (dealer: {dealer})"
        lines.append(term.lines(f"Next, {deals}: {who} declares."))
        left = result.contracts_left(declarer)
        lines.append(term.lines(f"{declarer}'s contracts left: {', '.join(left)}"))
        owed = [o for o in result.owed() if o.declarer == declarer]
        if owed:
            lines.append(term.lines(f"Doubles owed to {declarer}:"))
            lines.append(owed_text_lines(owed, term, indent="  "))
        else:
            lines.append(term.lines(f"No doubles are owed to {declarer}."))
    lines += ["", "Standings", standings(result, term)]
    if result.violations:
        lines += ["", "Violations", violations_text(result, term)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    term = term or Term.detect()
    deal = result.deals[number - 1]
    scores = ", ".join(f"{p} {deal.score[p]:+d}" for p in result.players)
    note = " (not played: nobody doubled, total split)" if deal.split else ""
    return term.lines(f"deal {number}: {deal.declarer} declared {deal.contract}{note} — {scores}")


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """What the table needs to hear after a deal: totals, doubles owed, violations."""
    term = term or Term.detect()
    totals = ", ".join(f"{p} {result.totals[p]:+d}" for p in result.players)
    lines = [term.lines(f"totals: {totals}")]
    owed = owed_text_lines(owed_now(result), term)
    if owed:
        lines.append(owed)
    lines += violation_lines(term, result.violations)
    if result.complete:
        lines.append("the game is complete")
    return "\n".join(lines)


# -- the rules in force ---------------------------------------------------------------------


def rules_json(rules: BarbuRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)


def value_text(rules: BarbuRules, contract: str) -> str:
    """What a contract is worth under ``rules``, in words (``-2 per trick``)."""
    value = rules.values.of(contract)
    if contract in ("no-tricks", "trumps"):
        return f"{value:+d} per trick"
    if contract == "no-queens":
        return f"{value:+d} per queen"
    if contract == "no-hearts":
        extra = f", A♥ {value.per_heart + value.ace_extra:+d}" if value.ace_extra else ""
        return f"{value.per_heart:+d} per heart{extra}"
    if contract in ("no-king", "no-last-trick"):
        return f"{value:+d}"
    if contract == "no-last-two":
        return f"second-last {value.second_last:+d}, last {value.last:+d}"
    if contract == "dominoes":
        return " / ".join(f"{v:+d}" for v in value) + " by going-out order"
    if contract == "ravage-city":
        return f"{value:+d} to the most cards of one suit, ties split"
    if contract == "chinese-poker":
        extras = []
        if value.scoop:
            extras.append(f"scoop {value.scoop} beats")
        if value.royalties:
            extras.append("royalties")
        return f"{value.per_beat:+d} per beat" + (f" ({', '.join(extras)})" if extras else "")
    if contract == "salad":
        return "all of " + ", ".join(value)
    return str(value)


def rules_text(rules: BarbuRules) -> str:
    """A readable summary, with every check total derived from the values and the deck."""
    d = rules.doubling
    removed = f", without {' '.join(rules.removed_cards)}" if rules.removed_cards else ""
    lines = [
        f"{rules.name}: {rules.description}",
        f"  {rules.players} players, {len(rules.deck)} cards{removed}, "
        f"{rules.cards_per_player} each, {rules.tricks_per_deal} tricks a deal",
        f"  {rules.deals_per_game} deals: each player declares {rules.deals_per_declarer}, "
        f"rotation {rules.rotation}, dealer {rules.dealer}",
        f"  doubling: negative contracts {d.negative}, positive {d.positive}; "
        f"each non-declarer doubles each declarer at least {_times(d.min_declarer_doubles)}; "
        f"redoubles {'on' if d.redoubles else 'off'}",
        f"  undoubled negative deals: {'split, not played' if rules.undoubled_split else 'played'}",
        "",
    ]
    width = max(len(c) for c in rules.contracts)
    for c in rules.contracts:
        total = rules.contract_total(c)
        shown = f"{total:+d}" if total is not None else f"up to {rules.max_total(c):+d}"
        sign = "positive" if rules.is_positive(c) else "negative"
        lines.append(
            f"  {c.ljust(width)}  {CONTRACT_NAMES[c]:18} {sign:8}  total {shown:>6}   "
            f"{value_text(rules, c)}"
        )
    lines.append("")
    fixed = all(rules.contract_total(c) is not None for c in rules.contracts)
    if rules.zero_sum:
        lines.append("  zero-sum: every full game sums to 0")
    elif fixed:
        lines.append(f"  not zero-sum: every full game sums to {rules.game_total:+d}")
    elif rules.game_total == 0:
        lines.append(
            "  zero-sum only when every Chinese Poker row has a winner "
            "(ties and fouls make a game sum below 0)"
        )
    else:
        lines.append(
            f"  not zero-sum: a full game sums to at most {rules.game_total:+d} "
            "(ties and fouls in Chinese Poker lower it)"
        )
    return "\n".join(lines)


def _times(n: int) -> str:
    """``once``, ``twice``, ``3 times``.

    >>> _times(0), _times(1), _times(2), _times(3)
    ('0 times', 'once', 'twice', '3 times')
    """
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
