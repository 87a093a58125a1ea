"""The terminal views of an evening's settlement and of a season's statistics.

Both fit the terminal they are printed on (:meth:`Term.detect`: ``COLUMNS``, else the
terminal's width, else 80), with widths counted in display cells (a wide character
takes two): names are padded by cells, and a line that would be wider than the
terminal is wrapped at spaces, continued further in. A file name is never cut.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from scoresheet import registry
from scoresheet.evening.settle import Settlement, exact_text
from scoresheet.evening.stats import Stats
from scoresheet.views.term import Term, cells, fit_lines, plural

FORM_SHOWN = 12  # games of running form a line shows (--json and --xlsx hold all)


def _signed(value: Decimal | int) -> str:
    text = f"{value}"
    return text if text.startswith("-") or value == 0 else f"+{text}"


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` display cells."""
    return text + " " * (width - cells(text))


def _widest(names: Sequence[str], default: int = 0) -> int:
    return max((cells(n) for n in names), default=default)


def _amount(s: Settlement, value: Fraction) -> str:
    if (value / Fraction(s.unit)).denominator == 1:
        text = s.money(Decimal(value.numerator) / Decimal(value.denominator))
    else:
        text = exact_text(value)
    return text if text.startswith("-") or value == 0 else f"+{text}"


def settlement_text(s: Settlement, term: Term | None = None) -> str:
    """What ``scoresheet settle`` prints: each game's rule and amounts, the balances, the
    payments and the doubling ledger, fitted to ``term`` (by default the terminal's)."""
    cur = s.currency
    n = len(s.games)
    if s.ledger_only:
        what = f"the side bets only, at {s.stake} {cur} a point"
    elif all(registry.game(g.game).teams for g in s.games):
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
        if g.violations:
            lines.append(
                f"  {g.violations} rule violation{'s' * (g.violations != 1)}, settled as scored "
                f"(scoresheet score {g.name} lists them)"
            )
        width = _widest(list(g.points))
        for p in sorted(g.points):
            lines.append(
                f"  {_pad(p, width)}  {_signed(g.points[p]):>6}  {_amount(s, g.amounts[p])}"
            )
    lines.append("")
    lines.append("Balances")
    width = _widest(s.players)
    for p in s.players:
        lines.append(f"  {_pad(p, width)}  {_signed(s.balances[p]):>10} {cur}")
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
        w = _widest([f"{a}–{b}" for a, b in (pair.players for pair in s.ledger)])
        for pair in s.ledger:
            a, b = pair.players
            if pair.net > 0:
                verdict = f"{a} +{pair.net} ({pair.net * s.stake} {cur})"
            elif pair.net < 0:
                verdict = f"{b} +{-pair.net} ({-pair.net * s.stake} {cur})"
            else:
                verdict = "square"
            bets = f"{pair.bets} bet{'s' * (pair.bets != 1)}, {pair.redoubles} redoubled"
            lines.append(f"  {_pad(f'{a}–{b}', w)}  {bets.ljust(24)}  {verdict}")
    for note in s.notes:
        if note.startswith("rounded"):
            lines.append("")
            lines.append(f"Rounding: {note.removeprefix('rounded: ')}.")
    return fit_lines("\n".join(lines), (term or Term.detect()).width, columns=False)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _avg(value: float | None) -> str:
    return "–" if value is None else f"{value:+.2f}"


def _own_lines(s: Stats, kind: str, width: int) -> list[str]:
    """The lines of a kind of game's own figures (its ``stats`` role), for the players
    who have them; none when nobody has."""
    own = registry.part(kind, "stats")
    # Each game pads the names it is given with str.ljust, which counts characters: the
    # names are handed over already padded to ``width`` display cells instead.
    figures = {_pad(p, width): f[own.KEY] for p, f in s.players.items() if own.KEY in f}
    return own.text(figures, 0) if figures else []


def stats_text(s: Stats, skipped: Sequence[tuple[str, str]] = (), term: Term | None = None) -> str:
    """What ``scoresheet stats`` prints: one section per subject, players in name order,
    fitted to ``term`` (by default the terminal's)."""
    kinds: dict[str, int] = {}
    for g in s.games:
        kinds[g["game"]] = kinds.get(g["game"], 0) + 1
    mix = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    n = len(s.games)
    count = len(s.players)
    lines = [
        f"Statistics over {n} game{'s' * (n != 1)} ({mix}), {count} player{'s' * (count != 1)}"
    ]
    width = _widest(list(s.players), default=6)
    head = max(width, cells("player"))
    lines += ["", f"{_pad('player', head)}  games  wins  places"]
    for p, f in s.players.items():
        placed = ", ".join(f"{_ordinal(int(k))} ×{v}" for k, v in f["places"].items()) or "–"
        lines.append(f"{_pad(p, head)}  {f['games']:>5}  {f['wins']:>4}  {placed}")
    for kind in sorted(kinds):
        lines += ["", f"{kind}: points, average per game / per deal"]
        for p, f in s.players.items():
            k = f["by_game"].get(kind)
            if k:
                lines.append(
                    f"  {_pad(p, width)}  {k['games']:>3} games  {k['points']:>+7}  "
                    f"{_avg(k['average_per_game'])} / {_avg(k['average_per_deal'])}"
                )
    # Each game's own figures, kinds of game in name order: the games with doubles
    # first, then their side bets head to head, then the other games.
    own = {kind: _own_lines(s, kind, width) for kind in sorted(kinds)}
    for kind, section in own.items():
        if registry.game(kind).doubles:
            lines += section
    if s.head_to_head:
        lines += ["", "Head to head (side bets, net points)"]
        for pair in s.head_to_head:
            a, b = pair.players
            verdict = f"{a} {pair.net:+d}" if pair.net else "square"
            lines.append(f"  {a}–{b}: {verdict} over {pair.bets} bets")
    for kind, section in own.items():
        if not registry.game(kind).doubles:
            lines += section
    more = any(len(f["form"]) > FORM_SHOWN for f in s.players.values())
    last = f" of the last {FORM_SHOWN}" if more else ""
    lines += [
        "",
        f"Running form (1 = always first, 0 = always last), after each complete game{last}",
    ]
    for p, f in s.players.items():
        form = " ".join(f"{x['form']:.2f}" for x in f["form"][-FORM_SHOWN:]) or "–"
        lines.append(f"  {_pad(p, width)}  {form}")
    if s.violations:
        lines += ["", f"Violations ({len(s.violations)})"]
        for v in s.violations:
            where = f"deal {v['deal']}" if v["deal"] is not None else "game"
            lines.append(f"  {v['file']}, {where}: {v['message']}")
    if skipped:
        folders = sum(1 for name, _ in skipped if name.endswith(os.sep))
        counts = {"unreadable file": len(skipped) - folders, "unreadable folder": folders}
        said = " and ".join(plural(n, kind) for kind, n in counts.items() if n)
        lines += ["", f"Skipped {said}"]
        lines += [f"  {message}" for _, message in skipped]
    return fit_lines("\n".join(lines), (term or Term.detect()).width, columns=False)
