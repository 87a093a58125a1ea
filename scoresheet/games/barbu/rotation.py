"""Who declares and who deals each deal, from the rules' rotation."""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.games.barbu.rules import BarbuRules


def declarer_of(rules: BarbuRules, players: Sequence[str], index: int) -> str:
    """The declarer of the deal at 0-based ``index``: ``players[0]`` declares first.

    With ``block`` rotation a declarer keeps the role for all their contracts, then it
    passes left (the next seat clockwise); with ``every-deal`` it passes after every deal.

    >>> from scoresheet.rules import load_preset, resolve
    >>> declarer_of(load_preset("classic"), ["Ann", "Bob", "Cat", "Dan"], 7)
    'Bob'
    >>> declarer_of(resolve("classic", {"rotation": "every-deal"}), ["A", "B", "C", "D"], 5)
    'B'
    """
    n = len(players)
    if rules.rotation == "block":
        return players[(index // rules.deals_per_declarer) % n]
    return players[index % n]


def dealer_of(rules: BarbuRules, players: Sequence[str], declarer: str) -> str:
    """The dealer: the declarer, or (pagat) the player on the declarer's right."""
    if rules.dealer == "declarer":
        return declarer
    return players[(players.index(declarer) - 1) % len(players)]


def deals_left_for(rules: BarbuRules, players: Sequence[str], played: int, declarer: str) -> int:
    """How many of ``declarer``'s deals are still to come after ``played`` deals."""
    return sum(
        1 for i in range(played, rules.deals_per_game) if declarer_of(rules, players, i) == declarer
    )
