"""The terminal views of an evening's settlement and of a season's statistics."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoresheet.evening.games import PARTNERSHIP_GAMES
from scoresheet.evening.settle import Settlement, exact_text


def _signed(value: Decimal | int) -> str:
    text = f"{value}"
    return text if text.startswith("-") or value == 0 else f"+{text}"


def _amount(s: Settlement, value: Fraction) -> str:
    if value == 0:
        return "0"
    if (value / Fraction(s.unit)).denominator == 1:
        return _signed(Decimal(value.numerator) / Decimal(value.denominator))
    text = exact_text(value)
    return text if text.startswith("-") else f"+{text}"


def settlement_text(s: Settlement) -> str:
    """What ``scoresheet settle`` prints: each game's rule and amounts, the balances, the
    payments and the doubling ledger."""
    cur = s.currency
    n = len(s.games)
    if s.ledger_only:
        what = f"the side bets only, at {s.stake} {cur} a point"
    elif all(g.game in PARTNERSHIP_GAMES for g in s.games):
        what = f"at {s.stake} {cur} per game won"
    else:
        what = f"at {s.stake} {cur} a point"
    lines = [
        f"Settling {n} game{'s' * (n != 1)} {what}; amounts in {cur}, "
        f"to the nearest {s.money(s.unit)}."
    ]
    if s.partial:
        lines.append("PARTIAL: not every game is complete; these are the scores so far.")
    for g in s.games:
        lines.append("")
        state = "complete" if g.complete else "NOT COMPLETE"
        lines.append(f"{g.name} ({g.game}, {g.rules}, {state})")
        lines.append(f"  {g.explanation}")
        width = max(len(p) for p in g.points)
        for p in sorted(g.points):
            lines.append(
                f"  {p.ljust(width)}  {_signed(g.points[p]):>6}  {_amount(s, g.amounts[p])}"
            )
    lines.append("")
    lines.append("Balances")
    width = max(len(p) for p in s.players)
    for p in s.players:
        lines.append(f"  {p.ljust(width)}  {_signed(s.balances[p]):>10} {cur}")
    lines.append("")
    count = len(s.payments)
    if count:
        lines.append(f"Payments ({count})")
        for pay in s.payments:
            lines.append(f"  {pay.payer} pays {pay.payee} {s.money(pay.amount)} {cur}")
    else:
        lines.append("Payments: none, everyone is square")
    if s.ledger:
        lines.append("")
        included = "settled above" if s.ledger_only else "already counted in the totals above"
        lines.append(f"Doubling ledger over the evening ({included})")
        w = max(len(f"{a}–{b}") for a, b in (pair.players for pair in s.ledger))
        for pair in s.ledger:
            a, b = pair.players
            if pair.net > 0:
                verdict = f"{a} +{pair.net} ({pair.net * s.stake} {cur})"
            elif pair.net < 0:
                verdict = f"{b} +{-pair.net} ({-pair.net * s.stake} {cur})"
            else:
                verdict = "square"
            bets = f"{pair.bets} bet{'s' * (pair.bets != 1)}, {pair.redoubles} redoubled"
            lines.append(f"  {f'{a}–{b}'.ljust(w)}  {bets.ljust(24)}  {verdict}")
    for note in s.notes:
        if note.startswith("rounded"):
            lines.append("")
            lines.append(f"Rounding: {note.removeprefix('rounded: ')}.")
    return "\n".join(lines)
