"""Plain-text views of a Rosbiratschka game: ``score``, ``show``, ``status``, the rules."""

from __future__ import annotations

from typing import Any

from scoresheet.games.rosbiratschka.rules import (
    CONTRACT_NAMES,
    COUNTED,
    PRESET_DESCRIPTIONS,
    RosbiratschkaRules,
    shown,
    title,
)
from scoresheet.games.rosbiratschka.score import DealScore, GameScore, expected_total
from scoresheet.i18n import N_, _, ngettext, pgettext
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
from scoresheet.views.term import Cell, Layout, Styled, Term, cells, fit_table, signed_style


def note(deal: DealScore) -> str:
    """Why a counting deal's total is what it is: doubled (and by whom), or a slam."""
    if deal.slam is not None:
        return _("slam: {player}").format(player=deal.slam)
    if deal.doubled:
        return _("doubled: {players} took none").format(players=", ".join(deal.took_none))
    return ""


def adds_up(result: GameScore, deal: DealScore) -> bool:
    """The paper check: the row adds up to the contract's total (8, 16 doubled, or the slam)."""
    return deal.total == expected_total(result.rules, deal)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _note_short(deal: DealScore, tags: dict[str, str]) -> str:
    if deal.slam is not None:
        # Translators: short, in a table's note column: the slam, and who took it.
        return _("slam {player}").format(player=tags[deal.slam])
    if deal.doubled:
        # Translators: short, in a table's note column: counted twice; who took none.
        return _("×2: {players} none").format(players="".join(tags[p] for p in deal.took_none))
    return ""


def score_table(result: GameScore, *, running: bool = False, term: Term | None = None) -> str:
    """One row per deal: number, dealer, contract, each player's penalty, total, check,
    why the total is what it is; with ``running``, a line of running totals under each."""

    term = term or Term.detect()
    players = list(result.players)
    tags = initials(players)
    codes = abbreviations(list(CONTRACT_NAMES))
    total_word = pgettext("sheet heading", "TOTAL")
    full: list[list[Cell]] = []
    short: list[list[Cell]] = []
    bad: list[bool] = []
    run = dict.fromkeys(players, 0)
    for d in result.deals:
        ok = adds_up(result, d)
        scores = [_cell(d.score[p]) for p in players]
        tail = [_cell(d.total), check_mark(ok)]
        full.append([str(d.number), d.dealer, shown(d.contract), *scores, *tail, note(d)])
        short.append(
            [str(d.number), tags[d.dealer], codes[d.contract], *scores, *tail, _note_short(d, tags)]
        )
        bad.append(not ok)
        if running:
            for p in players:
                run[p] += d.score[p]
            runs = [_cell(run[p]) for p in players]
            full.append(["", "", "  " + pgettext("sheet row", "running"), *runs, "", "", ""])
            short.append(["", "", "Σ", *runs, "", "", ""])
            bad.append(False)
    totals = [_cell(result.totals[p]) for p in players]
    grand = _cell(sum(result.totals.values()))
    full.append(["", "", total_word, *totals, grand, "", ""])
    short.append(["", "", total_word, *totals, grand, "", ""])
    bad.append(False)
    right = set(range(3, 4 + len(players)))
    # Translators: short column headings of the narrow table, the dealer and the contract.
    heads = {
        "dl": pgettext("sheet heading, short for dealer", "dl"),
        "ct": pgettext("sheet heading, short for contract", "ct"),
    }
    notes = [
        players_legend(players, tags),
        (
            _("{dl}: the dealer; {ct}: the contract; Σ: running totals")
            if running
            else _("{dl}: the dealer; {ct}: the contract")
        ).format(**heads),
        legend(
            _("contracts"),
            {shown(c): code for c, code in codes.items()},
            {shown(d.contract) for d in result.deals},
        ),
        _("×2: counted twice, the players who took none")
        if any(d.doubled for d in result.deals)
        else "",
    ]
    total_head, ok_head, note_head = (
        pgettext("sheet heading", "total"),
        pgettext("sheet heading", "ok"),
        pgettext("sheet heading", "note"),
    )

    def style(i: int) -> str:
        return "yellow" if bad[i] else ""

    return fit_table(
        term,
        [
            Layout(
                [
                    "#",
                    pgettext("sheet heading", "dealer"),
                    pgettext("sheet heading", "contract"),
                    *players,
                    total_head,
                    ok_head,
                    note_head,
                ],
                full,
                right=right,
                keep=3,
                row_style=style,
            ),
            Layout(
                [
                    "#",
                    heads["dl"],
                    heads["ct"],
                    *(tags[p] for p in players),
                    total_head,
                    ok_head,
                    note_head,
                ],
                short,
                right=right,
                keep=3,
                legend=[n for n in notes if n],
                row_style=style,
                groups=[3 + len(players) + 2],
            ),
        ],
    )


def _cell(n: int) -> Styled:
    return Styled(_signed(n), signed_style(n))


def progress(result: GameScore) -> str:
    played, total = len(result.deals), result.rules.deals_per_game
    if result.complete:
        text = ngettext(
            "{played} of {total} deal played — complete",
            "{played} of {total} deals played — complete",
            total,
        )
    else:
        text = ngettext(
            "{played} of {total} deal played", "{played} of {total} deals played", total
        )
    return text.format(played=played, total=total)


def standings(result: GameScore, term: Term | None = None) -> str:
    """The players from the lowest total (the best) down; ties share a place (1, 2, 2, 4)."""
    players = list(result.players)
    scores = [result.totals[p] for p in players]
    return standings_table(
        term or Term.detect(), players, scores, low_wins=True, shown=[_signed(n) for n in scores]
    )


def winner_line(result: GameScore) -> str:
    winner = result.winner
    if winner is None:
        return ""
    low = _signed(result.totals[winner[0]])
    if len(winner) == 1:
        return _("winner: {player} (lowest total, {total})").format(player=winner[0], total=low)
    return _("winners, tied on the lowest total ({total}): {players}").format(
        total=low, players=", ".join(winner)
    )


def next_line(result: GameScore) -> str:
    if result.complete:
        return _("The game is complete.")
    contract = result.next_contract
    assert contract is not None
    return _("Next, deal {number} of {deals}: {contract} — {dealer} deals, {leader} leads.").format(
        number=result.next_number,
        deals=result.rules.deals_per_game,
        contract=shown(contract),
        dealer=result.next_dealer,
        leader=result.next_leader,
    )


def _title(result: GameScore, title: str) -> str:
    return _("{title}: Rosbiratschka, rules {rules}").format(
        title=title, rules=rules_in_force(result.rules)
    )


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    term = term or Term.detect()
    parts = [
        term.lines(
            _("{title}: Rosbiratschka, rules {rules} (lowest total wins)").format(
                title=title, rules=rules_in_force(result.rules)
            )
        )
    ]
    parts.append(score_table(result, term=term))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    parts += ["", term.lines(winner_line(result) if result.complete else progress(result))]
    return "\n".join(parts)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The whole score sheet for ``scoresheet show``: rows with running totals, standings."""
    term = term or Term.detect()
    parts = [
        term.lines(f"{_title(result, title)} — {progress(result)}"),
        "",
        term.lines(
            _(
                "Penalty points: lowest total wins. A row adds up to the contract's total "
                "(twice it when a player took none; the slam score on a slam)."
            )
        ),
        "",
        score_table(result, running=True, term=term) if result.deals else _("(no deals yet)"),
        "",
        _("Standings"),
        standings(result, term),
    ]
    if result.complete:
        parts += ["", term.lines(winner_line(result))]
    else:
        parts += ["", term.lines(next_line(result))]
    if result.violations:
        parts += ["", _("Violations"), *violation_lines(term, result.violations)]
    return "\n".join(parts)


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal (``scoresheet status``)."""
    term = term or Term.detect()
    lines = [term.lines(f"{_title(result, title)} — {progress(result)}")]
    lines.append(term.lines(next_line(result)))
    if not result.complete:
        contract = result.next_contract
        assert contract is not None
        lines.append(term.lines(f"  {what_to_report(result.rules, contract)}", indent="    "))
        left = result.still_to_play()[1:]
        if left:
            lines.append(
                term.lines(
                    _("Still to come: {contracts}").format(
                        contracts=", ".join(shown(c) for c in left)
                    )
                )
            )
    lines += ["", _("Standings (lowest first)"), standings(result, term)]
    if result.complete:
        lines += ["", term.lines(winner_line(result))]
    if result.violations:
        lines += ["", _("Violations"), *violation_lines(term, result.violations)]
    return "\n".join(lines)


def what_to_report(rules: RosbiratschkaRules, contract: str) -> str:
    """One line: what the table reports after a deal of ``contract``, and what it scores."""
    if contract in COUNTED:
        key = COUNTED[contract]
        v = rules.counts[contract]
        n = rules.in_deal(contract)
        return _(_REPORT[key]).format(
            n=n, each=v.each, doubled=v.each * v.avoided, slam=f"{rules.slam_score(contract):+d}"
        )
    if contract == "king-of-hearts":
        return _("report who took the K♥ ({points})").format(points=rules.base_total(contract))
    if contract == "hundred":
        h = rules.hundred
        assert h is not None
        return _(
            "report who took the total past 25, 50 and 100 "
            "(past 25 {past_25}, past 50 {past_50}, past 100 {past_100})"
        ).format(past_25=h.past_25, past_50=h.past_50, past_100=h.past_100)
    return _("report who was left holding cards ({points})").format(
        points=rules.base_total(contract)
    )


_REPORT = {
    "tricks": N_(
        "report tricks per player ({n} in all); {each} each, {doubled} each if a player took "
        "none; all {n} to one player: {slam} to them, 0 to the others"
    ),
    "hearts": N_(
        "report hearts per player ({n} in all); {each} each, {doubled} each if a player took "
        "none; all {n} to one player: {slam} to them, 0 to the others"
    ),
    "jacks": N_(
        "report jacks per player ({n} in all); {each} each, {doubled} each if a player took "
        "none; all {n} to one player: {slam} to them, 0 to the others"
    ),
}


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    d = result.deals[number - 1]
    scores = ", ".join(f"{p} {_signed(d.score[p])}" for p in result.players)
    extra = note(d)
    if extra:
        text = _("deal {number}: {contract} (dealer {dealer}) — {scores} ({note})")
    else:
        text = _("deal {number}: {contract} (dealer {dealer}) — {scores}")
    return (term or Term.detect()).lines(
        text.format(
            number=number, contract=shown(d.contract), dealer=d.dealer, scores=scores, note=extra
        )
    )


def after_deal_text(result: GameScore, term: Term | None = None, *, next_deal: bool = True) -> str:
    """Totals after a deal, then the next deal (unless ``next_deal`` is false) or the winner."""
    term = term or Term.detect()
    totals = ", ".join(f"{p} {_signed(result.totals[p])}" for p in result.players)
    lines = [term.lines(_("totals: {totals}").format(totals=totals))]
    lines += violation_lines(term, result.violations)
    if result.complete:
        lines.append(
            term.lines(_("the game is complete; {winner}").format(winner=winner_line(result)))
        )
    elif next_deal:
        lines.append(term.lines(next_line(result)))
    return "\n".join(lines)


def rules_json(rules: RosbiratschkaRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)


def rules_text(rules: RosbiratschkaRules) -> str:
    """A readable summary, with every check total derived from the values and the deck."""
    order = "23456789TJQKA"
    ranks = " ".join(
        r.replace("T", "10") for r in sorted({str(c)[:-1] for c in rules.deck}, key=order.index)
    )
    if rules.rounds > 1:
        deals = _(
            "{deals} deals, always in this order ({rounds} rounds); the dealer moves one seat "
            "clockwise every deal; lowest total wins"
        )
    else:
        deals = _(
            "{deals} deals, always in this order; the dealer moves one seat clockwise every "
            "deal; lowest total wins"
        )
    if rules.slam == "minus":
        slam = _(
            "slam: whoever takes every trick (heart, jack) scores minus the deal's total, the "
            "others 0; it overrides the doubling"
        )
    else:
        slam = _(
            "slam: whoever takes every trick (heart, jack) scores plus the deal's total, the "
            "others 0; it overrides the doubling"
        )
    lines = [
        f"{rules.name}: {_description(rules.description)}",
        "  "
        + _(
            "{players} players, {cards} cards ({ranks} in each suit), {each} each, "
            "{tricks} tricks a deal"
        ).format(
            players=rules.players,
            cards=len(rules.deck),
            ranks=ranks,
            each=rules.cards_per_player,
            tricks=rules.tricks_per_deal,
        ),
        "  " + deals.format(deals=rules.deals_per_game, rounds=rules.rounds),
        "  " + slam,
        "",
    ]
    width = max(len(c) for c in rules.contracts)
    names = {c: title(c) for c in rules.contracts}
    name_width = max(15, *(cells(n) for n in names.values()))
    for c in rules.contracts:
        if c in COUNTED:
            total = _("total {total}, {doubled} doubled, slam {slam}").format(
                total=f"{rules.base_total(c):+d}",
                doubled=f"{rules.doubled_total(c):+d}",
                slam=f"{rules.slam_score(c):+d}",
            )
        else:
            total = _("total {total}").format(total=f"{rules.base_total(c):+d}")
        name = names[c] + " " * (name_width - cells(names[c]))
        lines.append(f"  {c.ljust(width)}  {name} {total}")
        lines.append(f"  {''.ljust(width)}  {what_to_report(rules, c)}")
    if "hundred" in rules.contracts:
        lines += [
            "",
            "  " + _("the hundred: {points} points in the pack").format(points=rules.pack_points),
        ]
    return "\n".join(lines)


def _description(text: str) -> str:
    """A preset's description in the language in force; a table's own as written."""
    return _(text) if text in PRESET_DESCRIPTIONS else text
