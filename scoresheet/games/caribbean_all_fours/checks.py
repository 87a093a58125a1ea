"""What the cards of a Caribbean All Fours deal must agree with: the cards turned up
and the beg, the players named, and the card points, given as numbers or as the cards
each team captured.

Each check raises :class:`ScoresheetError` naming the deal (``where``) and what is
wrong; :func:`scoresheet.games.caribbean_all_fours.score.score_deal` scores a deal once
its cards tell one story.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.cards import JACK, SUIT_NAMES, Card, parse_card, parse_cards, standard_deck
from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours.rules import PLAYERS, AllFoursRules, hand_size

Teams = tuple[tuple[str, str], tuple[str, str]]  # the two partnerships


def parse_turn_ups(texts: Sequence[str], where: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for i, text in enumerate(texts):
        try:
            card = parse_card(text)
        except ScoresheetError as exc:
            raise ScoresheetError(f"{where}, turn-up {i + 1}: {exc}") from None
        if card in cards:
            raise ScoresheetError(f"{where}: {card} is turned up twice")
        cards.append(card)
    return tuple(cards)


def check_turn_ups(
    rules: AllFoursRules, turn_ups: Sequence[Card], beg: str | None, ended: bool, where: str
) -> None:
    """The beg and the cards turned up must tell one story.

    ``ended``: a kick ended the game at the last card turned up.
    """
    n = len(turn_ups)
    first = turn_ups[0]
    suit = SUIT_NAMES[first.suit]
    if n > rules.max_turn_ups:
        raise ScoresheetError(
            f"{where}: {n} cards turned up, but the pack runs out after {rules.max_turn_ups} "
            "(and the hand is redealt)"
        )
    if beg is None:
        if ended and n == 1:
            return
        raise ScoresheetError(f"{where}: beg is missing (stand, take-one or run)")
    if ended and n == 1:
        raise ScoresheetError(
            f"{where}: the kick of {first} ended the game before anyone stood or begged: "
            "leave out beg"
        )
    if beg in ("stand", "take-one"):
        if n > 1:
            raise ScoresheetError(
                f"{where}: {n} cards turned up, but the pack is run only when the dealer "
                f"refuses a beg (beg: run, not {beg})"
            )
        return
    if n == 1:
        raise ScoresheetError(
            f"{where}: beg is run, but only one card was turned up: give every card turned up"
        )
    for i, card in enumerate(turn_ups[1:-1], start=2):
        if card.suit != first.suit:
            raise ScoresheetError(
                f"{where}: turn-up {i} ({card}) is not a {suit[:-1]} like the first, so the "
                "running stopped there: no card was turned up after it"
            )
    last = turn_ups[-1]
    if last.suit == first.suit and not ended:
        raise ScoresheetError(
            f"{where}: the last card turned up ({last}) is a {suit[:-1]} like the first: "
            "the pack is run again until a new suit turns up (or redealt if it runs out)"
        )


def player(value: Any, players: Sequence[str], where: str) -> str:
    """``value``, a player of the game."""
    if value not in players:
        raise ScoresheetError(f'{where}: "{value}" is not a player ({", ".join(players)})')
    return str(value)


def _piles(
    cards: Sequence[str | Sequence[str]], turn_ups: Sequence[Card], where: str
) -> tuple[list[Card], list[Card]]:
    piles: list[list[Card]] = []
    seen: set[Card] = set()
    for team, given in enumerate(cards):
        try:
            pile = parse_cards(given) if isinstance(given, str) else [parse_card(c) for c in given]
        except ScoresheetError as exc:
            raise ScoresheetError(f"{where}, result.cards[{team}]: {exc}") from None
        for card in pile:
            if card in seen:
                raise ScoresheetError(f"{where}, result.cards: {card} is listed twice")
            if card in turn_ups:
                raise ScoresheetError(
                    f"{where}, result.cards: {card} was turned up, so it was not played"
                )
            seen.add(card)
        piles.append(pile)
    return piles[0], piles[1]


def _check_cards(
    rules: AllFoursRules,
    teams: Teams,
    names: tuple[str, str],  # the teams as messages name them
    piles: tuple[list[Card], list[Card]],
    turn_ups: Sequence[Card],
    high: str | None,
    low: str | None,
    jack: tuple[str, str] | None,
    where: str,
) -> tuple[int, int]:
    """Check the captured cards against the rest of the result; the card points."""
    size = hand_size(len(turn_ups))
    for team, pile in enumerate(piles):
        if len(pile) % PLAYERS:
            raise ScoresheetError(
                f"{where}, result.cards: {names[team]} captured {len(pile)} cards, "
                f"which is not a whole number of tricks of {PLAYERS}"
            )
    captured = len(piles[0]) + len(piles[1])
    if captured != PLAYERS * size:
        raise ScoresheetError(
            f"{where}, result.cards: {captured} cards captured, but {PLAYERS} players × "
            f"{size} cards = {PLAYERS * size} were played"
        )
    trump = turn_ups[-1].suit
    trumps = sorted((c for pile in piles for c in pile if c.suit == trump), reverse=True)
    if not trumps:
        if high is not None or low is not None:
            raise ScoresheetError(
                f"{where}, result: no trump was captured, so none was dealt: high and low "
                "must be none"
            )
    elif high is None or low is None:
        raise ScoresheetError(
            f"{where}, result: trumps were played ({' '.join(map(str, trumps))}): give who "
            "was dealt the highest and the lowest"
        )
    elif len(trumps) == 1 and high != low:
        raise ScoresheetError(
            f"{where}, result: the only trump in play ({trumps[0]}) is both High and Low: "
            f"one player was dealt it, not {high} and {low}"
        )
    the_jack = Card(JACK, trump)
    in_pile = next((t for t, pile in enumerate(piles) if the_jack in pile), None)
    if in_pile is None and jack is not None:
        raise ScoresheetError(
            f"{where}, result.jack: {the_jack} is not among the captured cards, so it was "
            "not dealt: jack must be none"
        )
    if in_pile is not None:
        if jack is None:
            raise ScoresheetError(
                f"{where}, result.jack: {the_jack} is among the captured cards: give who held "
                "it and who won it"
            )
        if jack[1] not in teams[in_pile]:
            raise ScoresheetError(
                f"{where}, result.jack: {the_jack} is in {names[in_pile]}'s cards, "
                f"so one of them won it, not {jack[1]}"
            )
    a, b = (sum(rules.card_value(c) for c in pile) for pile in piles)
    return a, b


def _check_game_points(
    rules: AllFoursRules, points: tuple[int, int], turn_ups: Sequence[Card], where: str
) -> None:
    """The captured card points must fit the cards in play."""
    total = points[0] + points[1]
    kicked = sum(rules.card_value(c) for c in turn_ups)
    most = rules.pack_points - kicked
    shown = f"{points[0]} + {points[1]} = {total} card points"
    if total > most:
        turned = f", {kicked} in the cards turned up" if kicked else ""
        raise ScoresheetError(
            f"{where}, result.game_points: {shown}, but the cards in play hold at most {most} "
            f"({rules.pack_points} in the pack{turned})"
        )
    left = 52 - PLAYERS * hand_size(len(turn_ups)) - len(turn_ups)
    rest = sorted((rules.card_value(c) for c in standard_deck() if c not in turn_ups), reverse=True)
    least = most - sum(rest[:left])
    if total < least:
        raise ScoresheetError(
            f"{where}, result.game_points: {shown}, but the {left} card{'s' * (left != 1)} "
            f"not dealt hold{'s' * (left == 1)} at most {most - least}, so the tricks hold at "
            f"least {least}"
        )


def card_points(
    rules: AllFoursRules,
    teams: Teams,
    names: tuple[str, str],
    result: Mapping[str, Any],
    turn_ups: Sequence[Card],
    high: str | None,
    low: str | None,
    jack: tuple[str, str] | None,
    where: str,
) -> tuple[int, int]:
    """Each team's card points: ``game_points`` checked against the pack, or counted
    from the ``cards`` each team captured, checked against the rest of the result."""
    given = result.get("game_points")
    cards = result.get("cards")
    if given is not None and cards is not None:
        raise ScoresheetError(
            f"{where}, result: give game_points or cards, not both (the cards give the points)"
        )
    if cards is not None:
        piles = _piles(cards, turn_ups, where)
        return _check_cards(rules, teams, names, piles, turn_ups, high, low, jack, where)
    if given is None:
        raise ScoresheetError(
            f"{where}: result.game_points is missing (each team's card points, or their cards)"
        )
    points = (given[0], given[1])
    _check_game_points(rules, points, turn_ups, where)
    return points
