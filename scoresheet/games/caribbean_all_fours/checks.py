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
from scoresheet.i18n import _, ngettext, pgettext

Teams = tuple[tuple[str, str], tuple[str, str]]  # the two partnerships


def parse_turn_ups(texts: Sequence[str], where: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for i, text in enumerate(texts):
        try:
            card = parse_card(text)
        except ScoresheetError as exc:
            raise ScoresheetError(
                _("{where}, turn-up {n}: {error}").format(where=where, n=i + 1, error=exc)
            ) from None
        if card in cards:
            raise ScoresheetError(
                _("{where}: {card} is turned up twice").format(where=where, card=card)
            )
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
    suit = one_of_suit(first.suit)
    if n > rules.max_turn_ups:
        raise ScoresheetError(
            _(
                "{where}: {n} cards turned up, but the pack runs out after {most} "
                "(and the hand is redealt)"
            ).format(where=where, n=n, most=rules.max_turn_ups)
        )
    if beg is None:
        if ended and n == 1:
            return
        raise ScoresheetError(
            _("{where}: beg is missing (stand, take-one or run)").format(where=where)
        )
    if ended and n == 1:
        raise ScoresheetError(
            _(
                "{where}: the kick of {card} ended the game before anyone stood or begged: "
                "leave out beg"
            ).format(where=where, card=first)
        )
    if beg in ("stand", "take-one"):
        if n > 1:
            raise ScoresheetError(
                _(
                    "{where}: {n} cards turned up, but the pack is run only when the dealer "
                    "refuses a beg (beg: run, not {beg})"
                ).format(where=where, n=n, beg=beg)
            )
        return
    if n == 1:
        raise ScoresheetError(
            _(
                "{where}: beg is run, but only one card was turned up: give every card turned up"
            ).format(where=where)
        )
    for i, card in enumerate(turn_ups[1:-1], start=2):
        if card.suit != first.suit:
            raise ScoresheetError(
                _(
                    "{where}: turn-up {n} ({card}) is not a {suit} like the first, so the "
                    "running stopped there: no card was turned up after it"
                ).format(where=where, n=i, card=card, suit=suit)
            )
    last = turn_ups[-1]
    if last.suit == first.suit and not ended:
        raise ScoresheetError(
            _(
                "{where}: the last card turned up ({card}) is a {suit} like the first: "
                "the pack is run again until a new suit turns up (or redealt if it runs out)"
            ).format(where=where, card=last, suit=suit)
        )


def one_of_suit(letter: str) -> str:
    """One card's suit as a sentence names it (``a {suit}``): ``heart``, in the language."""
    name = SUIT_NAMES[letter][:-1]
    return {
        "spade": pgettext("one card's suit", "spade"),
        "heart": pgettext("one card's suit", "heart"),
        "diamond": pgettext("one card's suit", "diamond"),
        "club": pgettext("one card's suit", "club"),
    }.get(name, name)


def suit_name(letter: str) -> str:
    """A suit's name (``hearts``), in the language in force."""
    name = SUIT_NAMES[letter]
    return {
        "spades": pgettext("suit", "spades"),
        "hearts": pgettext("suit", "hearts"),
        "diamonds": pgettext("suit", "diamonds"),
        "clubs": pgettext("suit", "clubs"),
    }.get(name, name)


def player(value: Any, players: Sequence[str], where: str) -> str:
    """``value``, a player of the game."""
    if value not in players:
        raise ScoresheetError(
            _('{where}: "{value}" is not a player ({players})').format(
                where=where, value=value, players=", ".join(players)
            )
        )
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
            raise ScoresheetError(
                _("{where}, result.cards[{team}]: {error}").format(
                    where=where, team=team, error=exc
                )
            ) from None
        for card in pile:
            if card in seen:
                raise ScoresheetError(
                    _("{where}, result.cards: {card} is listed twice").format(
                        where=where, card=card
                    )
                )
            if card in turn_ups:
                raise ScoresheetError(
                    _("{where}, result.cards: {card} was turned up, so it was not played").format(
                        where=where, card=card
                    )
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
                _(
                    "{where}, result.cards: {team} captured {n} cards, which is not a whole "
                    "number of tricks of {players}"
                ).format(where=where, team=names[team], n=len(pile), players=PLAYERS)
            )
    captured = len(piles[0]) + len(piles[1])
    if captured != PLAYERS * size:
        raise ScoresheetError(
            _(
                "{where}, result.cards: {n} cards captured, but {players} players × "
                "{size} cards = {played} were played"
            ).format(where=where, n=captured, players=PLAYERS, size=size, played=PLAYERS * size)
        )
    trump = turn_ups[-1].suit
    trumps = sorted((c for pile in piles for c in pile if c.suit == trump), reverse=True)
    if not trumps:
        if high is not None or low is not None:
            raise ScoresheetError(
                _(
                    "{where}, result: no trump was captured, so none was dealt: high and low "
                    "must be none"
                ).format(where=where)
            )
    elif high is None or low is None:
        raise ScoresheetError(
            _(
                "{where}, result: trumps were played ({cards}): give who was dealt the "
                "highest and the lowest"
            ).format(where=where, cards=" ".join(map(str, trumps)))
        )
    elif len(trumps) == 1 and high != low:
        raise ScoresheetError(
            _(
                "{where}, result: the only trump in play ({card}) is both High and Low: "
                "one player was dealt it, not {high} and {low}"
            ).format(where=where, card=trumps[0], high=high, low=low)
        )
    the_jack = Card(JACK, trump)
    in_pile = next((t for t, pile in enumerate(piles) if the_jack in pile), None)
    if in_pile is None and jack is not None:
        raise ScoresheetError(
            _(
                "{where}, result.jack: {card} is not among the captured cards, so it was "
                "not dealt: jack must be none"
            ).format(where=where, card=the_jack)
        )
    if in_pile is not None:
        if jack is None:
            raise ScoresheetError(
                _(
                    "{where}, result.jack: {card} is among the captured cards: give who held "
                    "it and who won it"
                ).format(where=where, card=the_jack)
            )
        if jack[1] not in teams[in_pile]:
            raise ScoresheetError(
                _(
                    "{where}, result.jack: {card} is in {team}'s cards, so one of them won "
                    "it, not {player}"
                ).format(where=where, card=the_jack, team=names[in_pile], player=jack[1])
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
    shown = _("{a} + {b} = {total} card points").format(a=points[0], b=points[1], total=total)
    if total > most:
        if kicked:
            text = _(
                "{where}, result.game_points: {shown}, but the cards in play hold at most "
                "{most} ({pack} in the pack, {kicked} in the cards turned up)"
            )
        else:
            text = _(
                "{where}, result.game_points: {shown}, but the cards in play hold at most "
                "{most} ({pack} in the pack)"
            )
        raise ScoresheetError(
            text.format(where=where, shown=shown, most=most, pack=rules.pack_points, kicked=kicked)
        )
    left = 52 - PLAYERS * hand_size(len(turn_ups)) - len(turn_ups)
    rest = sorted((rules.card_value(c) for c in standard_deck() if c not in turn_ups), reverse=True)
    least = most - sum(rest[:left])
    if total < least:
        raise ScoresheetError(
            ngettext(
                "{where}, result.game_points: {shown}, but the {left} card not dealt holds "
                "at most {rest}, so the tricks hold at least {least}",
                "{where}, result.game_points: {shown}, but the {left} cards not dealt hold "
                "at most {rest}, so the tricks hold at least {least}",
                left,
            ).format(where=where, shown=shown, left=left, rest=most - least, least=least)
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
            _(
                "{where}, result: give game_points or cards, not both (the cards give the points)"
            ).format(where=where)
        )
    if cards is not None:
        piles = _piles(cards, turn_ups, where)
        return _check_cards(rules, teams, names, piles, turn_ups, high, low, jack, where)
    if given is None:
        raise ScoresheetError(
            _(
                "{where}: result.game_points is missing (each team's card points, or their cards)"
            ).format(where=where)
        )
    points = (given[0], given[1])
    _check_game_points(rules, points, turn_ups, where)
    return points
