"""Checking what the table reported of a Belote deal's card play: the card points typed
or counted from the cards each team captured, and the declarations (Coinche's card play
is checked here too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scoresheet.cards import Card, parse_card
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, ngettext
from scoresheet.partnership.rules import DECK, RANK_KEYS, SEQUENCES, kind_word, parse_rank

if TYPE_CHECKING:
    from scoresheet.partnership.rules import BeloteRules

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Declared:
    """One declaration, with what it scores and how it compares."""

    team: int
    kind: str
    rank: str
    value: int
    strength: int


def two(values: Any) -> Pair:
    """Two values as a pair of whole numbers (team 0's, team 1's)."""
    a, b = values
    return (int(a), int(b))


def card_points(
    rules: BeloteRules,
    contract: str,
    result: Mapping[str, Any],
    where: str,
) -> tuple[Pair, Pair | None]:
    """Each team's card points, and (when counted from cards) each team's card count."""
    typed = result.get("points")
    cards = result.get("cards")
    total = rules.card_total(contract)
    if cards is not None:
        taken = read_cards(cards, where)
        points = two(sum(rules.card_points(c, contract) for c in taken[k]) for k in (0, 1))
        if typed is not None and tuple(typed) != points:
            raise ScoresheetError(
                _("{where}: points {typed} do not match the cards, which count {counted}").format(
                    where=where,
                    typed=f"{typed[0]}/{typed[1]}",
                    counted=f"{points[0]}/{points[1]}",
                )
            )
        return points, (len(taken[0]), len(taken[1]))
    if typed is None:
        raise ScoresheetError(
            _(
                "{where}: result needs the card points (points) or the cards each team took (cards)"
            ).format(where=where)
        )
    if sum(typed) != total:
        raise ScoresheetError(
            _("{where}: points add up to {got}, the cards of a deal are worth {total}").format(
                where=where, got=sum(typed), total=total
            )
        )
    return two(typed), None


def read_cards(cards: Sequence[str | Sequence[str]], where: str) -> tuple[list[Card], list[Card]]:
    """Each team's captured cards, checked: 32 cards of the 7-to-A deck, each once, in
    tricks of four.

    >>> a, b = read_cards(["JH 9H", "AS"], "deal 1")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: deal 1: 29 cards missing (7S, 8S, 9S, TS, JS, QS, KS, 7H, …)
    """
    seen: dict[Card, int] = {}
    out: tuple[list[Card], list[Card]] = ([], [])
    for team, given in enumerate(cards):
        words = given.replace(",", " ").split() if isinstance(given, str) else list(given)
        for word in words:
            try:
                card = parse_card(word)
            except ScoresheetError as exc:
                raise ScoresheetError(
                    _("{where}, cards of team {number}: {error}").format(
                        where=where, number=team, error=exc
                    )
                ) from None
            if card.rank < 7:
                raise ScoresheetError(
                    _("{where}: {card} is not in the 32-card deck (7 to A)").format(
                        where=where, card=card
                    )
                )
            if card in seen:
                if seen[card] != team:
                    said = _("{where}: {card} is given for both teams")
                else:
                    said = _("{where}: {card} is given twice")
                raise ScoresheetError(said.format(where=where, card=card))
            seen[card] = team
            out[team].append(card)
    missing = [c for c in DECK if c not in seen]
    if missing:
        shown = ", ".join(str(c) for c in missing[:8]) + (", …" if len(missing) > 8 else "")
        n = len(missing)
        raise ScoresheetError(
            ngettext(
                "{where}: {n} card missing ({cards})", "{where}: {n} cards missing ({cards})", n
            ).format(where=where, n=n, cards=shown)
        )
    for team in (0, 1):
        if len(out[team]) % 4:
            raise ScoresheetError(
                _("{where}: team {number} took {n} cards; tricks are of 4 cards").format(
                    where=where, number=team, n=len(out[team])
                )
            )
    return out


def declarations_of(
    rules: BeloteRules, given: Sequence[Mapping[str, Any]], where: str
) -> tuple[Declared, ...]:
    if given and not rules.declarations:
        raise ScoresheetError(
            _("{where}: these rules have no declarations (the option declarations is off)").format(
                where=where
            )
        )
    out: list[Declared] = []
    carres: set[str] = set()
    for i, d in enumerate(given):
        at = _("{where}, declarations entry {number}").format(where=where, number=i + 1)
        try:
            rank = parse_rank(d["rank"])
        except ScoresheetError as exc:
            raise ScoresheetError(f"{at}: {exc}") from None
        kind = d["kind"]
        if kind in SEQUENCES:
            length = SEQUENCES[kind]
            if RANK_KEYS.index(rank) < length - 1:
                if kind == "cent":
                    said = _(
                        "{at}: a {kind} is {length} or more cards in sequence; "
                        "it cannot end at {rank}"
                    )
                else:
                    said = _(
                        "{at}: a {kind} is {length} cards in sequence; it cannot end at {rank}"
                    )
                raise ScoresheetError(
                    said.format(at=at, kind=kind_word(kind), length=length, rank=rank)
                )
        else:
            if rank in carres:
                raise ScoresheetError(
                    _("{at}: four {rank}s are declared twice").format(at=at, rank=rank)
                )
            carres.add(rank)
        value = rules.declaration_value(kind, rank)
        if value is None:
            raise ScoresheetError(
                _("{at}: four {rank}s score nothing in these rules").format(at=at, rank=rank)
            )
        out.append(Declared(d["team"], kind, rank, value, rules.declaration_strength(kind, rank)))
    return tuple(out)
