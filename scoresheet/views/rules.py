"""A rules preset, as text and as the JSON a game file's ``rules`` accepts."""

from __future__ import annotations

from typing import Any

from scoresheet.games.barbu.rules import CONTRACT_NAMES, BarbuRules


def rules_json(rules: BarbuRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)


def _value_text(rules: BarbuRules, contract: str) -> str:
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
            f"{_value_text(rules, c)}"
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
