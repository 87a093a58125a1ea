"""The terminal views of a Caribbean All Fours game: score, show, status, and the lines
printed after a deal is added. All computed from one :class:`GameScore`."""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.cards import SUIT_NAMES
from scoresheet.games.caribbean_all_fours.score import (
    DealScore,
    GameScore,
    Point,
    right_of,
)

LETTERS = ("A", "B")


def point_label(point: Point) -> str:
    """What a point was scored for: ``kick JS``, ``high Bob``, ``hang jack Dan→Ann``."""
    if point.kind == "kick":
        return f"kick {point.card}"
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


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    return "\n".join([line(header), *(line(r) for r in rows)])


def teams_line(result: GameScore) -> str:
    return f"teams: A = {result.team_name(0)}, B = {result.team_name(1)}"


def outcome(result: GameScore) -> str:
    a, b = result.team_totals
    if result.winner is not None:
        won, lost = result.team_totals[result.winner], result.team_totals[1 - result.winner]
        return f"{result.team_name(result.winner)} win in deal {result.won_in}, {won} to {lost}."
    target = result.rules.target
    return (
        f"{result.team_name(0)} {a}, {result.team_name(1)} {b}: "
        f"first to {target}, {len(result.deals)} deal{'s' * (len(result.deals) != 1)} played."
    )


def score_text(result: GameScore, title: str) -> str:
    """One row per deal: the cards turned up, the beg, every point in order, the totals."""
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
    header = ["deal", "dealer", "turned up", "beg", "points in scoring order", "A", "B"]
    parts = [
        f"{title}: Caribbean All Fours, rules {result.rules.name} — first to {result.rules.target}",
        teams_line(result),
        "",
        _table(header, rows, {0, 5, 6}) if rows else "no deals yet",
        "",
        outcome(result),
    ]
    if any(not p.counted for d in result.deals for p in d.points):
        parts.append("[…]: scored after the game was won, so not counted.")
    return "\n".join(parts)


def sheet_text(result: GameScore, title: str) -> str:
    """The score sheet: every deal point by point, with both teams' scores after each."""
    lines = [
        f"{title}: Caribbean All Fours, rules {result.rules.name} — first to {result.rules.target}",
        teams_line(result),
    ]
    for d in result.deals:
        trump = SUIT_NAMES[d.trump]
        turned = " ".join(str(c) for c in d.turn_ups)
        lines += [
            "",
            f"Deal {d.number}: {d.dealer} deals; turned up {turned} (trumps: {trump}); "
            f"{_begged(d, result.players)}",
        ]
        rows = []
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
        if not rows:
            rows.append(["", "no points", "", f"{d.running[0]}–{d.running[1]}", ""])
        lines.append(_table(["", "point", "team", "A–B", ""], rows, {3}))
        if not d.played and d.winner is None:
            lines.append("  (no cards played)")
    lines += ["", "Standings", standings(result)]
    return "\n".join(lines)


def _winning(deal: DealScore) -> Point | None:
    counted = [p for p in deal.points if p.counted]
    return counted[-1] if counted and deal.winner is not None else None


def standings(result: GameScore) -> str:
    rows = []
    order = sorted((0, 1), key=lambda t: -result.team_totals[t])
    for t in order:
        mark = "  winner" if result.winner == t else ""
        rows.append([f"{LETTERS[t]} {result.team_name(t)}", str(result.team_totals[t]), mark])
    return _table(["team", "points", ""], rows, {1})


def status_text(result: GameScore, title: str) -> str:
    """What the table needs before the next deal: the scores, who deals, who begs."""
    a, b = result.team_totals
    target = result.rules.target
    lines = [
        f"{title}: Caribbean All Fours, rules {result.rules.name} — first to {target}",
        f"{result.team_name(0)} {a}, {result.team_name(1)} {b} after "
        f"{len(result.deals)} deal{'s' * (len(result.deals) != 1)}",
    ]
    dealer = result.next_dealer
    if dealer is None:
        lines.append(f"the game is over: {outcome(result)}")
        return "\n".join(lines)
    begs = right_of(result.players, dealer)
    lines.append(f"next: deal {len(result.deals) + 1}, {dealer} deals; {begs} stands or begs")
    lines.append(
        f"to win: {result.team_name(0)} need {target - a}, {result.team_name(1)} need {target - b}"
    )
    return "\n".join(lines)


def deal_text(result: GameScore, number: int) -> str:
    """One line for a deal just added or corrected."""
    d = result.deals[number - 1]
    turned = " ".join(str(c) for c in d.turn_ups)
    points = ", ".join(point_short(p) for p in d.points) or "no points"
    beg = f", {d.beg}" if d.beg else ""
    won = f"; {result.team_name(d.winner)} win" if d.winner is not None else ""
    return (
        f"deal {number}: {d.dealer} dealt, turned up {turned}{beg} — {points} "
        f"→ A {d.running[0]}, B {d.running[1]}{won}"
    )


def after_deal_text(result: GameScore) -> str:
    """Totals after a deal, and who deals next (or who won)."""
    a, b = result.team_totals
    lines = [
        f"totals: {result.team_name(0)} {a}, {result.team_name(1)} {b} "
        f"(first to {result.rules.target})"
    ]
    if result.complete:
        lines.append(f"the game is over: {outcome(result)}")
    else:
        dealer = result.next_dealer
        assert dealer is not None
        lines.append(f"next: {dealer} deals, {right_of(result.players, dealer)} stands or begs")
    return "\n".join(lines)
