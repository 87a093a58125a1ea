"""Plain-text tables for the terminal (no colour library: the commands must start fast)."""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.games.barbu.score import DealScore, GameScore


def initials(players: Sequence[str]) -> dict[str, str]:
    """The shortest prefix that tells each player apart, as on a paper score sheet.

    >>> initials(["Ann", "Bob", "Barbara", "Cat"])
    {'Ann': 'A', 'Bob': 'Bo', 'Barbara': 'Ba', 'Cat': 'C'}
    """
    out: dict[str, str] = {}
    for p in players:
        n = 1
        while n < len(p) and any(q != p and q[:n].casefold() == p[:n].casefold() for q in players):
            n += 1
        out[p] = p[:n]
    return out


def paper_doubles(deal: DealScore, players: Sequence[str]) -> dict[str, str]:
    """Each player's doubles written in their column, Parlett's way.

    The doubled players' initials ("X" for everyone), ``*`` when the declarer is among
    them (the doubles every non-declarer owes), and ``R`` + initials for redoubles.
    """
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


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def score_table(result: GameScore, *, running: bool = False) -> str:
    """One row per deal: number, declarer, contract, each player's doubles and score, check.

    With ``running``, a second line per deal gives the running totals.
    """
    players = list(result.players)
    header = ["#", "declarer", "contract", *players, "total", "ok"]
    right = set(range(3, 4 + len(players)))
    rows: list[list[str]] = []
    running_totals = dict.fromkeys(players, 0)
    last_declarer = None
    for deal in result.deals:
        if last_declarer is not None and deal.declarer != last_declarer and not running:
            rows.append([""] * len(header))
        last_declarer = deal.declarer
        paper = paper_doubles(deal, players)
        cells = [
            str(deal.number),
            deal.declarer,
            deal.contract + (" (split)" if deal.split else ""),
            *(f"{paper[p]} {deal.score[p]:+d}".strip() for p in players),
            f"{deal.total:+d}",
            "✓" if row_adds_up(result, deal) else "✗",
        ]
        rows.append(cells)
        if running:
            for p in players:
                running_totals[p] += deal.score[p]
            rows.append(
                ["", "", "  running", *(f"{running_totals[p]:+d}" for p in players), "", ""]
            )
    rows.append(
        [
            "",
            "",
            "TOTAL",
            *(f"{result.totals[p]:+d}" for p in players),
            f"{sum(result.totals.values()):+d}",
            "",
        ]
    )
    return _table(header, rows, right)


def violations_text(result: GameScore) -> str:
    return "\n".join(
        f"violation (deal {v.deal}): {v.message}" if v.deal else f"violation: {v.message}"
        for v in result.violations
    )


def standings(result: GameScore) -> str:
    ranked = sorted(result.players, key=lambda p: -result.totals[p])
    width = max(len(p) for p in ranked)
    return "\n".join(
        f"{i}. {p.ljust(width)}  {result.totals[p]:+d}" for i, p in enumerate(ranked, 1)
    )


def ledger_table(result: GameScore) -> str:
    """The doubling ledger between every pair: bets, redoubles, and who won what."""
    rows = []
    for pair in result.ledger():
        a, b = pair.players
        net = pair.net[a]
        if net > 0:
            who = f"{a} won {net} from {b}"
        elif net < 0:
            who = f"{b} won {-net} from {a}"
        else:
            who = "even"
        rows.append([f"{a} – {b}", str(pair.bets), str(pair.redoubles), who])
    return _table(["pair", "bets", "redoubled", "net"], rows, {1, 2})


def owed_text(result: GameScore) -> str:
    """Who still owes whom declarer doubles, most urgent first."""
    lines = []
    for o in sorted(result.owed(), key=lambda o: (not o.must, o.remaining - o.owed)):
        times = "once" if o.owed == 1 else f"{o.owed} times"
        deals = "deal" if o.remaining == 1 else "deals"
        if o.owed > o.remaining:
            lines.append(
                f"{o.doubler} can no longer double {o.declarer} {o.required} times "
                f"({o.made} so far, {o.remaining} {deals} left)"
            )
        elif o.must:
            both = "both of" if o.remaining == 2 else ("all" if o.remaining > 2 else "")
            lines.append(
                f"{o.doubler} must double {o.declarer} in {both + ' ' if both else ''}"
                f"{o.declarer}'s last {o.remaining} {deals}".replace("last 1 deal", "last deal")
            )
        else:
            lines.append(f"{o.doubler} owes {o.declarer} {times} more in {o.remaining} {deals}")
    return "\n".join(lines)
