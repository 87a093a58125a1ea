"""Barbu's terminal views: the score sheet, the ``score`` table, ``status``, the ledger,
the lines ``add`` and ``play`` print after a deal, and the rules in force.

Each fits the terminal (:mod:`scoresheet.views.term`): names in full when they fit,
else initials and contract codes with a legend, else the sheet stacked in blocks.
This module is Barbu's ``Views`` role (:class:`scoresheet.roles.Views`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoresheet.games.barbu.rules import contract_word, contract_words

# The rules in force, read out for ``rules show``: their own module, named here for the role.
from scoresheet.games.barbu.rules_view import rules_json, rules_text, value_text
from scoresheet.games.barbu.score import (
    DealScore,
    GameScore,
    Owed,
    PairLedger,
    shown_violations,
)
from scoresheet.i18n import _, ngettext, pgettext
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
from scoresheet.views.term import Cell, Layout, Styled, Term, fit_table, signed_style, wrap

__all__ = [
    "after_deal_text",
    "contracts_left_line",
    "deal_text",
    "doubles_legend",
    "ledger_outcome",
    "ledger_table",
    "next_deal_line",
    "owed_now",
    "owed_text",
    "owed_text_lines",
    "paper_doubles",
    "played_text",
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


def _heading(word: str) -> str:
    """A column heading in the language in force (marked where it is written)."""
    return pgettext("sheet heading", word)


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
        name = contract_word(deal.contract)
        # Translators: a deal not played (nobody doubled), its total split.
        shown = _("{contract} (split)").format(contract=name) if split else name
        full.append([str(deal.number), who, shown, *scores, *tail])
        short.append(
            [str(deal.number), who_short, codes[deal.contract] + "/s" * split, *scores, *tail]
        )
        bad.append(not ok)
    if not running:
        totals: list[Cell] = [_signed(result.totals[p]) for p in players]
        grand: list[Cell] = [_signed(sum(result.totals.values()))] if with_total else []
        full.append(["", "", _heading("TOTAL"), *totals, *grand, ""])
        short.append(["", "", _heading("TOTAL"), *totals, *grand, ""])
        bad.append(False)
    tail_head = [*([_heading("total")] if with_total else []), _heading("ok")]
    sums = [f"Σ{tags[p]}" for p in players] if running else []
    right = set(range(3, width))
    if any(d.dealer != d.declarer for d in result.deals):
        by = _("the declarer/the dealer")
    else:
        by = _("the declarer")
    if running:
        key = _("{by}: {who}; {ct}: the contract; Σ: running totals")
    else:
        key = _("{by}: {who}; {ct}: the contract")
    shown_codes = {contract_word(c): code for c, code in codes.items()}
    notes = [
        players_legend(players, tags),
        key.format(by=_heading("by"), ct=_heading("ct"), who=by),
        legend(
            pgettext("legend", "contracts"),
            shown_codes,
            {contract_word(d.contract) for d in result.deals},
        ),
        _("/s: not played (nobody doubled), its total split")
        if any(d.split for d in result.deals)
        else "",
    ]

    def style(i: int) -> str:
        return "yellow" if bad[i] else ""

    return [
        Layout(
            ["#", _heading("declarer"), _heading("contract"), *players, *tail_head, *sums],
            full,
            right=right,
            keep=3,
            row_style=style,
        ),
        Layout(
            ["#", _heading("by"), _heading("ct"), *(tags[p] for p in players), *tail_head, *sums],
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
    return "\n".join(violation_lines(term or Term.detect(), shown_violations(result)))


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
        return _("{winner} won {points} from {loser}").format(winner=a, points=net, loser=b)
    if net < 0:
        return _("{winner} won {points} from {loser}").format(winner=b, points=-net, loser=a)
    return pgettext("ledger", "even")


def ledger_table(result: GameScore, term: Term | None = None) -> str:
    """The doubling ledger between every pair: bets, redoubles, and who won what."""
    players = list(result.players)
    tags = initials(players)
    rows: list[list[Cell]] = []
    short: list[list[Cell]] = []
    even = pgettext("ledger", "even")
    for pair in result.ledger():
        a, b = pair.players
        net = pair.net[a]
        who = ledger_outcome(pair)
        code = f"{tags[a]} +{net}" if net > 0 else f"{tags[b]} +{-net}" if net < 0 else even
        counts: list[Cell] = [str(pair.bets), str(pair.redoubles)]
        rows.append([f"{a} – {b}", *counts, who])
        short.append([f"{tags[a]}–{tags[b]}", *counts, code])
    notes = [n for n in [players_legend(players, tags)] if n]
    h = _heading
    return fit_table(
        term or Term.detect(),
        [
            Layout([h("pair"), h("bets"), h("redoubled"), h("net")], rows, right={1, 2}),
            Layout([h("pair"), h("bets"), h("redbl"), h("won")], short, right={1, 2}, legend=notes),
        ],
    )


def owed_text(result: GameScore, term: Term | None = None) -> str:
    """Who still owes whom declarer doubles, most urgent first."""
    return owed_text_lines(result.owed(), term)


def _times_owed(n: int) -> str:
    """``once``, ``2 times``: how many doubles are owed, in a sentence."""
    return ngettext("once", "{n} times", n).format(n=n)


def _owed_sentence(o: Owed) -> str:
    """One non-declarer's doubles still owed to a declarer, in words."""
    left = o.remaining
    if o.owed > o.remaining:
        return ngettext(
            "{doubler} can no longer double {declarer} {times} "
            "({made} so far, {declarer}'s last deal left)",
            "{doubler} can no longer double {declarer} {times} "
            "({made} so far, {declarer}'s last {n} deals left)",
            left,
        ).format(
            doubler=o.doubler,
            declarer=o.declarer,
            times=_times_owed(o.required),
            made=o.made,
            n=left,
        )
    if o.must:
        if left == 1:
            text = _("{doubler} must double {declarer} in {declarer}'s last deal")
        elif left == 2:
            text = _("{doubler} must double {declarer} in both of {declarer}'s last {n} deals")
        else:
            text = _("{doubler} must double {declarer} in all of {declarer}'s last {n} deals")
        return text.format(doubler=o.doubler, declarer=o.declarer, n=left)
    return ngettext(
        "{doubler} must still double {declarer} {times} in {declarer}'s last deal",
        "{doubler} must still double {declarer} {times} in {declarer}'s last {n} deals",
        left,
    ).format(doubler=o.doubler, declarer=o.declarer, times=_times_owed(o.owed), n=left)


def owed_text_lines(owed: Sequence[Owed], term: Term | None = None, indent: str = "") -> str:
    """One line per non-declarer still short of a declarer's doubles, most urgent first;
    in yellow on a terminal (red when it can no longer be made good)."""
    term = term or Term.detect()
    lines = []
    for o in sorted(owed, key=lambda o: (not o.must, o.remaining - o.owed)):
        text = _owed_sentence(o)
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


def played_text(played: int, total: int) -> str:
    """``3 of 28 deals played``."""
    return ngettext("{played} of {n} deal played", "{played} of {n} deals played", total).format(
        played=played, n=total
    )


def winner_line(result: GameScore) -> str:
    """``winner: Ann (highest total, +45)``, or the players tied for first; empty until the
    game is complete."""
    winner = result.winner
    if winner is None:
        return ""
    high = f"{result.totals[winner[0]]:+d}"
    if len(winner) == 1:
        return _("winner: {player} (highest total, {total})").format(player=winner[0], total=high)
    return _("winners, tied on the highest total ({total}): {players}").format(
        total=high, players=", ".join(winner)
    )


def _progress(result: GameScore) -> str:
    played, total = len(result.deals), result.rules.deals_per_game
    text = played_text(played, total)
    if result.complete:
        return _("{progress} — complete").format(progress=text)
    return text


def title_line(result: GameScore, title: str, term: Term, *, progress: bool = True) -> str:
    """``game.json: Barbu, rules classic; no-king -25 — 3 of 28 deals played``."""
    text = _("{file}: Barbu, rules {rules}").format(file=title, rules=rules_in_force(result.rules))
    if progress:
        text = _("{title} — {progress}").format(title=text, progress=_progress(result))
    return term.lines(text)


def doubles_legend(result: GameScore, term: Term) -> str:
    """What the marks beside the scores in the players' columns mean (:func:`paper_doubles`):
    ``show`` prints it over the sheet, ``score`` under its table."""
    doubles = _(
        "Doubles are written in the doubler's column: the doubled players' initials (X: "
        "everyone), * when the declarer is among them, R + initials for redoubles."
    )
    if result.rules.dealer != "declarer":
        doubles = _("{doubles} (declarer/dealer)").format(doubles=doubles)
    return term.lines(doubles)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The whole score sheet for ``scoresheet show``."""
    term = term or Term.detect()
    parts = [
        title_line(result, title, term),
        "",
        doubles_legend(result, term),
        "",
        fit_table(term, _sheet_layouts(result, running=True, with_total=False))
        if result.deals
        else _("(no deals yet)"),
        "",
        _("Standings"),
        standings(result, term),
    ]
    if result.complete:
        parts += ["", term.lines(winner_line(result))]
    parts += ["", _("Doubling ledger"), ledger_table(result, term)]
    owed = owed_text(result, term)
    if owed:
        parts += ["", term.lines(_("Doubles still owed to declarers")), owed]
    if result.violations:
        parts += ["", _("Violations"), violations_text(result, term)]
    return "\n".join(parts)


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The ``scoresheet score`` table: every deal, its check, the totals, any violations."""
    term = term or Term.detect()
    parts = [title_line(result, title, term, progress=False), score_table(result, term)]
    if result.deals:  # the marks of the doubles in the players' columns, as show explains them
        parts += ["", doubles_legend(result, term)]
    if result.violations:
        parts += ["", violations_text(result, term)]
    played = len(result.deals)
    parts += [
        "",
        _("complete") if result.complete else played_text(played, result.rules.deals_per_game),
    ]
    if result.complete:
        parts.append(term.lines(winner_line(result)))
    return "\n".join(parts)


def next_deal_line(result: GameScore, declarer: str, dealer: str | None) -> str:
    """``Next, deal 5: Bob declares.`` (with the dealer when another player deals)."""
    number = len(result.deals) + 1
    if dealer is None or dealer == declarer:
        text = _("Next, deal {number}: {declarer} declares.")
    else:
        text = _("Next, deal {number}: {declarer} (dealer: {dealer}) declares.")
    return text.format(number=number, declarer=declarer, dealer=dealer)


def contracts_left_line(result: GameScore, declarer: str) -> str:
    """``Bob's contracts left: no-queens, trumps``."""
    return _("{declarer}'s contracts left: {contracts}").format(
        declarer=declarer, contracts=contract_words(result.contracts_left(declarer))
    )


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal (``scoresheet status``)."""
    term = term or Term.detect()
    lines = [title_line(result, title, term)]
    declarer = result.next_declarer
    if declarer is None:
        lines.append(_("The game is complete."))
    else:
        lines.append(term.lines(next_deal_line(result, declarer, result.next_dealer)))
        lines.append(term.lines(contracts_left_line(result, declarer)))
        owed = [o for o in result.owed() if o.declarer == declarer]
        if owed:
            lines.append(term.lines(_("Doubles owed to {declarer}:").format(declarer=declarer)))
            lines.append(owed_text_lines(owed, term, indent="  "))
        else:
            lines.append(
                term.lines(_("No doubles are owed to {declarer}.").format(declarer=declarer))
            )
    lines += ["", _("Standings"), standings(result, term)]
    if result.complete:
        lines += ["", term.lines(winner_line(result))]
    if result.violations:
        lines += ["", _("Violations"), violations_text(result, term)]
    return "\n".join(lines)


def _scores_line(players: Sequence[str], scores: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {scores[p]:+d}" for p in players)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    term = term or Term.detect()
    deal = result.deals[number - 1]
    scores = _scores_line(result.players, deal.score)
    if deal.split:
        text = _(
            "deal {number}: {declarer} declared {contract} (not played: nobody doubled, "
            "total split) — {scores}"
        )
    else:
        text = _("deal {number}: {declarer} declared {contract} — {scores}")
    shown = text.format(
        number=number,
        declarer=deal.declarer,
        contract=contract_word(deal.contract),
        scores=scores,
    )
    return term.lines(shown)


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """What the table needs to hear after a deal: totals, doubles owed, violations."""
    term = term or Term.detect()
    totals = _scores_line(result.players, result.totals)
    lines = [term.lines(_("totals: {totals}").format(totals=totals))]
    owed = owed_text_lines(owed_now(result), term)
    if owed:
        lines.append(owed)
    lines += violation_lines(term, shown_violations(result))
    if result.complete:
        lines.append(_("the game is complete"))
    return "\n".join(lines)
