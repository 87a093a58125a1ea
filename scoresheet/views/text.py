"""Plain-text tables for the terminal (no colour library: the commands must start fast)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.games.barbu.score import DealScore, GameScore, Owed


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
    tags = initials(players)
    header = ["#", "declarer", "contract", *players, "total", "ok"]
    right = set(range(3, 4 + len(players)))
    rows: list[list[str]] = []
    running_totals = dict.fromkeys(players, 0)
    last_declarer = None
    for deal in result.deals:
        if last_declarer is not None and deal.declarer != last_declarer and not running:
            rows.append([""] * len(header))
        last_declarer = deal.declarer
        paper = paper_doubles(deal, players, tags)
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
    return owed_text_lines(result.owed())


def owed_text_lines(owed: Sequence[Owed]) -> str:
    """One line per non-declarer still short of a declarer's doubles, most urgent first."""
    lines = []
    for o in sorted(owed, key=lambda o: (not o.must, o.remaining - o.owed)):
        deals = "deal" if o.remaining == 1 else f"{o.remaining} deals"
        if o.owed > o.remaining:
            lines.append(
                f"{o.doubler} can no longer double {o.declarer} {o.required} times "
                f"({o.made} so far, {o.declarer}'s last {deals} left)"
            )
        elif o.must:
            every = {1: "", 2: "both of "}.get(o.remaining, "all of ")
            lines.append(
                f"{o.doubler} must double {o.declarer} in {every}{o.declarer}'s last {deals}"
            )
        else:
            times = "once" if o.owed == 1 else f"{o.owed} times"
            lines.append(
                f"{o.doubler} must still double {o.declarer} {times} in {o.declarer}'s last {deals}"
            )
    return "\n".join(lines)


def owed_now(result: GameScore) -> list[Owed]:
    """What the table needs to hear after a deal: the next declarer's owed doubles, and
    every obligation that can no longer wait."""
    nxt = result.next_declarer
    return [o for o in result.owed() if o.declarer == nxt or o.must]


def _progress(result: GameScore) -> str:
    played, total = len(result.deals), result.rules.deals_per_game
    return f"{played} of {total} deals played" + (" — complete" if result.complete else "")


def _running_table(result: GameScore) -> str:
    """The sheet's rows, grouped by declarer, with the running totals at the right."""
    players = list(result.players)
    tags = initials(players)
    header = ["#", "declarer", "contract", *players, "ok", *(f"Σ{tags[p]}" for p in players)]
    right = set(range(3, len(header)))
    rows: list[list[str]] = []
    running = dict.fromkeys(players, 0)
    last = None
    for deal in result.deals:
        if last is not None and deal.declarer != last:
            rows.append([""] * len(header))
        last = deal.declarer
        paper = paper_doubles(deal, players, tags)
        for p in players:
            running[p] += deal.score[p]
        rows.append(
            [
                str(deal.number),
                deal.declarer if deal.dealer == deal.declarer else f"{deal.declarer}/{deal.dealer}",
                deal.contract + (" (split)" if deal.split else ""),
                *(f"{paper[p]} {deal.score[p]:+d}".strip() for p in players),
                "✓" if row_adds_up(result, deal) else "✗",
                *(f"{running[p]:+d}" for p in players),
            ]
        )
    return _table(header, rows, right)


def sheet(result: GameScore, *, title: str) -> str:
    """The whole score sheet for ``scoresheet show``."""
    rules = result.rules
    dealer_note = "" if rules.dealer == "declarer" else " (declarer/dealer)"
    parts = [
        f"{title}: Barbu, rules {rules.name} — {_progress(result)}",
        "",
        "Doubles are written in the doubler's column: the doubled players' initials (X: "
        "everyone), * when the declarer is among them, R + initials for redoubles." + dealer_note,
        "",
        _running_table(result) if result.deals else "(no deals yet)",
        "",
        "Standings",
        standings(result),
        "",
        "Doubling ledger",
        ledger_table(result),
    ]
    owed = owed_text(result)
    if owed:
        parts += ["", "Doubles still owed to declarers", owed]
    if result.violations:
        parts += ["", "Violations", violations_text(result)]
    return "\n".join(parts)


def status(result: GameScore, *, title: str) -> str:
    """What the table needs before the next deal (``scoresheet status``)."""
    lines = [f"{title}: Barbu, rules {result.rules.name} — {_progress(result)}"]
    declarer = result.next_declarer
    if declarer is None:
        lines.append("The game is complete.")
    else:
        dealer = result.next_dealer
        deals = f"deal {len(result.deals) + 1}"
        who = declarer if dealer == declarer else f"{declarer} (dealer: {dealer})"
        lines.append(f"Next, {deals}: {who} declares.")
        lines.append(f"{declarer}'s contracts left: {', '.join(result.contracts_left(declarer))}")
        owed = [o for o in result.owed() if o.declarer == declarer]
        if owed:
            lines.append(f"Doubles owed to {declarer}:")
            lines += ["  " + line for line in owed_text_lines(owed).splitlines()]
        else:
            lines.append(f"No doubles are owed to {declarer}.")
    lines += ["", "Standings", standings(result)]
    if result.violations:
        lines += ["", "Violations", violations_text(result)]
    return "\n".join(lines)


def history(record: Mapping[str, Any]) -> str:
    """The corrections and undos a game file keeps, oldest first."""
    entries = record.get("history") or []
    if not entries:
        return "no corrections or undos"
    lines = []
    for e in entries:
        before, after = e.get("before") or {}, e.get("after") or {}
        if e.get("action") == "undo":
            contract = before.get("contract")
            what = f"removed deal {e.get('deal')}" + (f" ({contract})" if contract else "")
        elif e.get("action") == "edit":
            changed = sorted(k for k in {*before, *after} if before.get(k) != after.get(k))
            what = f"corrected deal {e.get('deal')}: {', '.join(changed) or 'no change'}"
            for key in changed:
                what += (
                    f"\n    {key}: {json.dumps(before.get(key), ensure_ascii=False)}"
                    f" → {json.dumps(after.get(key), ensure_ascii=False)}"
                )
        else:
            what = str(e.get("action"))
        lines.append(f"{e.get('at', '?')}  {what}")
    return "\n".join(lines)
