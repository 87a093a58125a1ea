"""The terminal views of a Caribbean All Fours game: score, show, status, and the lines
printed after a deal is added. All computed from one :class:`GameScore`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoresheet.cards import SUIT_NAMES
from scoresheet.games.caribbean_all_fours.rules import (
    GAME,
    RANK_TEXT,
    AllFoursRules,
)
from scoresheet.games.caribbean_all_fours.score import (
    DealScore,
    GameScore,
    Point,
    right_of,
)
from scoresheet.views.common import (
    card_text,
    initials,
    players_legend,
    rules_in_force,
    standings_table,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Term, fit_table, plural

LETTERS = ("A", "B")


def point_label(point: Point) -> str:
    """What a point was scored for: ``kick JS``, ``high Bob``, ``hang jack Dan→Ann``."""
    if point.kind == "kick":
        return f"kick {card_text(point.card)}"
    if point.kind == "beg":
        return "take one"
    if point.kind in ("high", "low"):
        return f"{point.kind} {point.player}"
    if point.kind in ("jack", "hang-jack"):
        who = point.holder if point.holder == point.won_by else f"{point.holder}→{point.won_by}"
        return f"{point.kind.replace('-', ' ')} {who}"
    assert point.game_points is not None
    a, b = point.game_points
    return f"game {a}–{b}"


def point_short(point: Point) -> str:
    """``high A+1``; a point scored after the game was won in brackets."""
    text = f"{point_label(point)} {LETTERS[point.team]}+{point.points}"
    return text if point.counted else f"[{text}]"


POINT_CODES = {
    "kick": "K",
    "beg": "T",
    "high": "H",
    "low": "L",
    "jack": "J",
    "hang-jack": "HJ",
    "game": "G",
}
BEG_CODES = {"stand": "st", "take-one": "1", "run": "run"}
BEG_LEGEND = (
    "dl: the dealer; beg: st stood, 1 begged and was given one, run begged and the pack ran"
)
POINT_LEGEND = (
    "points: K kick, T take one (the beg), H high, L low, J jack, HJ hang jack, G game; "
    "then the team, and the points when more than 1 (KA3: a kick of 3 to A)"
)


def point_code(point: Point) -> str:
    """``HA`` (high to team A), ``KB3`` (a kick of 3 to B); bracketed when not counted."""
    text = f"{POINT_CODES.get(point.kind, point.kind)}{LETTERS[point.team]}"
    text += str(point.points) if point.points != 1 else ""
    return text if point.counted else f"[{text}]"


def turned_text(deal: DealScore) -> str:
    """The cards turned up, as the table writes them: ``9♠ J♥``."""
    return " ".join(card_text(c) for c in deal.turn_ups)


def _begged(deal: DealScore, players: Sequence[str]) -> str:
    who = right_of(players, deal.dealer)
    if deal.beg is None:
        return "no beg: the game ended on the kick"
    if deal.beg == "stand":
        return f"{who} stood"
    if deal.beg == "take-one":
        return f"{who} begged, {deal.dealer} gave one"
    runs = len(deal.turn_ups) - 1
    return f"{who} begged, {deal.dealer} ran the pack{' twice' if runs == 2 else ''}"


def teams_line(result: GameScore, term: Term | None = None) -> str:
    text = f"teams: A = {result.team_name(0)}, B = {result.team_name(1)}"
    return (term or Term.detect()).lines(text)


def outcome(result: GameScore) -> str:
    a, b = result.team_totals
    if result.winner is not None:
        won, lost = result.team_totals[result.winner], result.team_totals[1 - result.winner]
        return f"{result.team_name(result.winner)} win in deal {result.won_in}, {won} to {lost}."
    target = result.rules.target
    return (
        f"{result.team_name(0)} {a}, {result.team_name(1)} {b}: "
        f"first to {target}, {plural(len(result.deals), 'deal')} played."
    )


def _title(result: GameScore, title: str, term: Term) -> str:
    return term.lines(
        f"{title}: Caribbean All Fours, rules {rules_in_force(result.rules)} — "
        f"first to {result.rules.target}"
    )


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """One row per deal: the cards turned up, the beg, every point in order, the totals."""

    term = term or Term.detect()
    tags = initials(result.players)
    rows: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for d in result.deals:
        points = " · ".join(point_short(p) for p in d.points) or "—"
        codes = " ".join(point_code(p) for p in d.points) or "—"
        winner = LETTERS[d.winner] if d.winner is not None else ""
        won = f"  ← {winner} wins" if winner else ""
        totals: list[Cell] = [str(d.running[0]), str(d.running[1])]
        start = [str(d.number), d.dealer, turned_text(d), d.beg or "—"]
        rows.append([*start, points + won, *totals])
        start[1] = tags[d.dealer]
        start[3] = BEG_CODES.get(d.beg or "", "—")
        short.append([*start, codes + (f" {winner}✓" if winner else ""), *totals])
    header = ["deal", "dealer", "turned up", "beg", "points in scoring order", "A", "B"]
    legend = [players_legend(result.players, tags), BEG_LEGEND, POINT_LEGEND]
    legend = [line for line in legend if line]
    if any(d.winner is not None for d in result.deals):
        legend.append("A✓, B✓: the team that wins the game in that deal")
    table = fit_table(
        term,
        [
            Layout(header, rows, right={0, 5, 6}, rule=False),
            Layout(
                ["#", "dl", "up", "beg", "points", "A", "B"],
                short,
                right={0, 5, 6},
                rule=False,
                keep=1,
                legend=legend,
            ),
        ],
    )
    parts = [_title(result, title, term), teams_line(result, term), ""]
    parts += [table if rows else "no deals yet", "", term.lines(outcome(result))]
    if any(not p.counted for d in result.deals for p in d.points):
        parts.append(term.lines("[…]: scored after the game was won, so not counted."))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The score sheet: every deal point by point, with both teams' scores after each."""
    term = term or Term.detect()
    lines = [_title(result, title, term), teams_line(result, term)]
    for d in result.deals:
        trump = SUIT_NAMES[d.trump]
        lines += [
            "",
            term.lines(
                f"Deal {d.number}: {d.dealer} deals; turned up {turned_text(d)} "
                f"(trumps: {trump}); {_begged(d, result.players)}"
            ),
        ]
        rows: list[list[Cell]] = []
        notes: list[str] = []
        for p in d.points:
            note = "" if p.counted else "not counted: the game was already won"
            if p.counted and d.winner is not None and p is _winning(d):
                note = f"{result.team_name(p.team)} reach {p.running[p.team]}: game"
            rows.append(
                [
                    "",
                    point_label(p),
                    f"{LETTERS[p.team]} +{p.points}",
                    f"{p.running[0]}–{p.running[1]}",
                    note,
                ]
            )
            if note:
                notes.append(f"  {point_label(p)}: {note}")
        if not rows:
            rows.append(["", "no points", "", f"{d.running[0]}–{d.running[1]}", ""])
        header: list[Cell] = ["", "point", "team", "A–B", ""]
        lines.append(
            fit_table(
                term,
                [
                    Layout(header, rows, right={3}, rule=False),
                    Layout(header[:4], [r[:4] for r in rows], right={3}, rule=False, legend=notes),
                ],
            )
        )
        if not d.played and d.winner is None:
            lines.append("  (no cards played)")
    lines += ["", "Standings", standings(result, term)]
    if result.violations:
        lines += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(lines)


def _winning(deal: DealScore) -> Point | None:
    counted = [p for p in deal.points if p.counted]
    return counted[-1] if counted and deal.winner is not None else None


def standings(result: GameScore, term: Term | None = None) -> str:
    """Both teams, the higher score first (tied teams share first place)."""
    names = [f"{LETTERS[t]} {result.team_name(t)}" for t in (0, 1)]
    scores = list(result.team_totals)
    marks = ["winner" if result.winner == t else "" for t in (0, 1)]
    return standings_table(
        term or Term.detect(), names, scores, shown=[str(n) for n in scores], marks=marks
    )


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal: the scores, who deals, who begs."""
    term = term or Term.detect()
    a, b = result.team_totals
    target = result.rules.target
    played = plural(len(result.deals), "deal")
    lines = [
        _title(result, title, term),
        term.lines(f"{result.team_name(0)} {a}, {result.team_name(1)} {b} after {played}"),
    ]
    dealer = result.next_dealer
    if dealer is None:
        lines.append(term.lines(f"the game is over: {outcome(result)}"))
    else:
        begs = right_of(result.players, dealer)
        lines.append(
            term.lines(f"next: deal {len(result.deals) + 1}, {dealer} deals; {begs} stands or begs")
        )
        lines.append(
            term.lines(
                f"to win: {result.team_name(0)} need {target - a}, "
                f"{result.team_name(1)} need {target - b}"
            )
        )
    if result.violations:
        lines += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    d = result.deals[number - 1]
    points = ", ".join(point_short(p) for p in d.points) or "no points"
    beg = f", {d.beg}" if d.beg else ""
    won = f"; {result.team_name(d.winner)} win" if d.winner is not None else ""
    return (term or Term.detect()).lines(
        f"deal {number}: {d.dealer} dealt, turned up {turned_text(d)}{beg} — {points} "
        f"→ A {d.running[0]}, B {d.running[1]}{won}"
    )


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """Totals after a deal, and who deals next (or who won)."""
    term = term or Term.detect()
    a, b = result.team_totals
    lines = [
        term.lines(
            f"totals: {result.team_name(0)} {a}, {result.team_name(1)} {b} "
            f"(first to {result.rules.target})"
        )
    ]
    lines += violation_lines(term, result.violations)
    if result.complete:
        lines.append(term.lines(f"the game is over: {outcome(result)}"))
    else:
        dealer = result.next_dealer
        assert dealer is not None
        lines.append(
            term.lines(f"next: {dealer} deals, {right_of(result.players, dealer)} stands or begs")
        )
    return "\n".join(lines)


def rules_json(rules: AllFoursRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` may hold instead of a preset name.

    >>> from scoresheet.rules import load_preset
    >>> tobago = load_preset("caribbean-all-fours-tobago")
    >>> rules_json(tobago)["values"]["kick"]
    {'A': 1, 'J': 3, '6': 2}
    >>> from scoresheet.games.caribbean_all_fours.rules import rules_from_data
    >>> rules_from_data(rules_json(tobago)) == tobago
    True
    """
    kick = dict(rules.kick)
    if rules.tobago and 2 in kick:
        kick[6] = kick.pop(2)  # the file gives the Six's value; tobago moves it to the Two
    return {
        "name": rules.name,
        "game": GAME,
        "description": rules.description,
        "target": rules.target,
        "tobago": rules.tobago,
        "tied_game": rules.tied_game,
        "kick_returns": rules.kick_returns,
        "jack_rule": rules.jack_rule,
        "values": {
            "beg": rules.values.beg,
            "high": rules.values.high,
            "low": rules.values.low,
            "jack": rules.values.jack,
            "hang_jack": rules.values.hang_jack,
            "game": rules.values.game,
            "kick": {RANK_TEXT[r]: v for r, v in kick.items()},
            "card_points": {RANK_TEXT[r]: v for r, v in rules.card_points.items()},
        },
    }


def rules_text(rules: AllFoursRules) -> str:
    """The rules in a few lines, for ``scoresheet rules show``.

    >>> from scoresheet.rules import load_preset
    >>> print(rules_text(load_preset("caribbean-all-fours")))  # doctest: +ELLIPSIS
    caribbean-all-fours: Caribbean All Fours (Trinidad): to 14; ...
    first to 14; points in order: kick, beg, High, Low, Jack, Game
    kicks: A +1, J +3, 6 +2 (every card turned up)
    beg (take one) +1, High +1, Low +1, Jack +1, hang jack +3, Game +1 (a tie: nobody)
    card points for Game: A 4, K 3, Q 2, J 1, T 10 (80 in the pack)
    """
    v = rules.values
    kicks = ", ".join(f"{RANK_TEXT[r]} +{p}" for r, p in rules.kick.items()) or "none"
    when = "every card turned up" if rules.kick_returns == "every" else "first card, new suits"
    jack = f"Jack +{v.jack}, hang jack +{v.hang_jack}"
    if rules.jack_rule == "captor":
        jack = f"Jack +{v.jack} to the captors"
    tie = {"nobody": "nobody", "dealer": "the dealer's team", "non-dealer": "the non-dealers"}
    cards = ", ".join(f"{RANK_TEXT[r]} {p}" for r, p in rules.card_points.items())
    return "\n".join(
        [
            f"{rules.name}: {rules.description}",
            f"first to {rules.target}; points in order: kick, beg, High, Low, Jack, Game",
            f"kicks: {kicks} ({when})"
            + (" — Tobago: the Two, not the Six" if rules.tobago else ""),
            f"beg (take one) +{v.beg}, High +{v.high}, Low +{v.low}, {jack}, Game +{v.game} "
            f"(a tie: {tie[rules.tied_game]})",
            f"card points for Game: {cards} ({rules.pack_points} in the pack)",
        ]
    )
