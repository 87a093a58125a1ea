"""Base scores of the Barbu contracts: what each player scores before doubles.

Every count the table reports is checked against the deck in the rules, so a typo
("queens add up to 5") is caught before it reaches a total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, cast

from scoresheet.cards import QUEEN, Card
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.rules import BarbuRules, contract_word
from scoresheet.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import BarbuResult

SUIT_KEYS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
RANK_NAMES = {"A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2"}

# The result keys each contract reads; any other key given is a mistake worth naming.
RESULT_KEYS: dict[str, frozenset[str]] = {
    "no-tricks": frozenset({"tricks"}),
    "trumps": frozenset({"tricks", "trump"}),
    "no-hearts": frozenset({"hearts", "ace_of_hearts"}),
    "no-queens": frozenset({"queens"}),
    "no-king": frozenset({"king_of_hearts"}),
    "no-last-two": frozenset({"second_last", "last"}),
    "no-last-trick": frozenset({"last"}),
    "dominoes": frozenset({"order", "start"}),
    "ravage-city": frozenset({"cards", "most"}),
    "chinese-poker": frozenset({"beats", "hands"}),
}


def result_keys(rules: BarbuRules, contract: str) -> frozenset[str]:
    if contract == "salad":
        return _salad_keys(rules.salad_parts)
    return RESULT_KEYS[contract]


@cache
def _salad_keys(parts: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(RESULT_KEYS[p] for p in parts))


def _fail(where: str, message: str) -> ScoresheetError:
    return ScoresheetError(_("{where}: {problem}").format(where=where, problem=message))


# What does not add up, by the key or suit counted.
_ADD_UP = {
    "tricks": N_("tricks add up to {got}, a deal has {want}"),
    "hearts": N_("hearts add up to {got}, a deal has {want}"),
    "queens": N_("queens add up to {got}, a deal has {want}"),
    "spades": N_("spades add up to {got}, a deal has {want}"),
    "diamonds": N_("diamonds add up to {got}, a deal has {want}"),
    "clubs": N_("clubs add up to {got}, a deal has {want}"),
}


def _add_up(field: str, got: int, want: int) -> str:
    template = _ADD_UP.get(field)
    text = _(template) if template else field + " add up to {got}, a deal has {want}"
    return text.format(got=got, want=want)


def _missing(field: str) -> str:
    return _("result.{field} is missing").format(field=field)


def _not_a_player(field: str, name: str) -> str:
    return _('result.{field}: "{name}" is not a player in this game').format(field=field, name=name)


def _player(name: str | None, field: str, players: Sequence[str], where: str) -> str:
    if name is None:
        raise _fail(where, _missing(field))
    if name not in players:
        raise _fail(where, _not_a_player(field, name))
    return name


def _counts(
    counts: Mapping[str, int] | None, field: str, total: int, players: Sequence[str], where: str
) -> dict[str, int]:
    """A player → count map, checked to name only players and to add up to ``total``."""
    if counts is None:
        raise _fail(where, _missing(field))
    out = dict.fromkeys(players, 0)
    size = len(out)
    out.update(counts)
    if len(out) != size:  # a name that is not a player's: name the first one
        name = next(name for name in counts if name not in players)
        raise _fail(where, _not_a_player(field, name))
    got = sum(out.values())
    if got != total:
        raise _fail(where, _add_up(field, got, total))
    return out


@cache
def _in_deck(deck: frozenset[Card]) -> tuple[int, dict[str, int]]:
    """How many queens a deck holds, and how many cards of each suit (by ``SUIT_KEYS``)."""
    suits = {name: sum(1 for c in deck if c.suit == letter) for name, letter in SUIT_KEYS.items()}
    return sum(1 for c in deck if c.rank == QUEEN), suits


def base_scores(
    rules: BarbuRules,
    contract: str,
    result: BarbuResult,
    players: Sequence[str],
    where: str,
) -> dict[str, int]:
    """Each player's score for a played deal, before doubles.

    >>> from scoresheet.rules import load_preset
    >>> r = {"queens": {"Ann": 2, "Cat": 1, "Dan": 1}}
    >>> base_scores(load_preset("classic"), "no-queens", r, ["Ann", "Bob", "Cat", "Dan"], "deal 1")
    {'Ann': -12, 'Bob': 0, 'Cat': -6, 'Dan': -6}
    """
    allowed = RESULT_KEYS.get(contract) or result_keys(rules, contract)
    if not result.keys() <= allowed:  # other keys given, which may all be null
        extra = [k for k, v in result.items() if v is not None and k not in allowed]
        if extra:
            raise _fail(
                where,
                _("result.{field} does not belong to {contract}").format(
                    field=sorted(extra)[0], contract=contract_word(contract)
                ),
            )
    if contract == "salad":
        scores = dict.fromkeys(players, 0)
        done: list[str] = []
        for part in rules.salad_parts:
            for name, s in _score_one(rules, part, result, players, where).items():
                scores[name] += s
            done.append(part)
            _salad_agrees(done, result, players, where)
        return scores
    return _score_one(rules, contract, result, players, where)


# What a Salad deal reports twice over: the cards a player took came in the tricks they
# took, so a player with no trick took no heart, queen or K♥ and not the last trick, and
# one with n tricks took at most n × (cards per trick) of them; the K♥ is a heart.
_TAKEN = {"no-hearts": "hearts", "no-queens": "queens"}
_TAKER = {"no-king": "king_of_hearts", "no-last-trick": "last"}


def _tricks(won: int) -> str:
    """``no trick``, ``1 trick``, ``3 tricks``: what a player took, in a sentence."""
    return ngettext("{n} trick", "{n} tricks", won).format(n=won) if won else _("no trick")


def _took_but(player: str, won: int, key: str, n: int) -> str:
    """``Bob took 1 trick but 5 hearts``: more cards than the tricks could hold."""
    if key == "hearts":
        text = ngettext(
            "{player} took {tricks} but {n} heart", "{player} took {tricks} but {n} hearts", n
        )
    else:
        text = ngettext(
            "{player} took {tricks} but {n} queen", "{player} took {tricks} but {n} queens", n
        )
    return text.format(player=player, tricks=_tricks(won), n=n)


def _salad_agrees(
    done: Sequence[str], result: BarbuResult, players: Sequence[str], where: str
) -> None:
    """Check the parts scored so far (``done``) against each other."""
    raw: Mapping[str, object] = result
    tricks: Mapping[str, int] = result.get("tricks") or {}
    if "no-tricks" in done:
        per_trick = len(players)
        for part in done:
            if part in _TAKEN:
                key = _TAKEN[part]
                counts = cast("Mapping[str, int]", raw.get(key) or {})
                for p in players:
                    n, won = counts.get(p, 0), tricks.get(p, 0)
                    if n > won * per_trick:
                        raise _fail(where, _took_but(p, won, key, n))
            elif part in _TAKER:
                key = _TAKER[part]
                taker = raw.get(key)
                if isinstance(taker, str) and not tricks.get(taker, 0):
                    if key == "last":
                        text = _("{player} took the last trick but no trick")
                    else:
                        text = _("{player} took the K♥ but no trick")
                    raise _fail(where, text.format(player=taker))
        if "no-hearts" in done and "no-queens" in done:  # only the Q♥ is both
            hearts_of = cast("Mapping[str, int]", raw.get("hearts") or {})
            queens_of = cast("Mapping[str, int]", raw.get("queens") or {})
            for p in players:
                h, q, won = hearts_of.get(p, 0), queens_of.get(p, 0), tricks.get(p, 0)
                cards = h + q - (1 if h and q else 0)
                if cards > won * per_trick:
                    raise _fail(
                        where,
                        _(
                            "{player} took {tricks} but {hearts} hearts and {queens} queens "
                            "({cards} cards at least, the Q♥ being both)"
                        ).format(player=p, tricks=_tricks(won), hearts=h, queens=q, cards=cards),
                    )
    if "no-king" in done and "no-hearts" in done:
        taker = result.get("king_of_hearts")
        if isinstance(taker, str) and not (result.get("hearts") or {}).get(taker, 0):
            raise _fail(where, _("{player} took the K♥ but no heart").format(player=taker))


def _score_one(
    rules: BarbuRules, contract: str, result: BarbuResult, players: Sequence[str], where: str
) -> dict[str, int]:
    v = rules.values
    if contract in ("no-tricks", "trumps"):
        per = v.no_tricks if contract == "no-tricks" else v.trumps
        assert per is not None
        trump = result.get("trump")
        if trump is not None and trump.lower() not in SUIT_KEYS:
            raise _fail(where, _('result.trump: "{trump}" is not a suit').format(trump=trump))
        tricks = _counts(result.get("tricks"), "tricks", rules.tricks_per_deal, players, where)
        return {p: per * n for p, n in tricks.items()}
    if contract == "no-hearts":
        hv = v.no_hearts
        assert hv is not None
        in_deck = _in_deck(rules.deck)[1]["hearts"]
        hearts = _counts(result.get("hearts"), "hearts", in_deck, players, where)
        scores = {p: hv.per_heart * n for p, n in hearts.items()}
        if hv.ace_extra or result.get("ace_of_hearts") is not None:
            ace = _player(result.get("ace_of_hearts"), "ace_of_hearts", players, where)
            if hearts[ace] == 0:
                raise _fail(where, _("{player} took the A♥ but no heart").format(player=ace))
            scores[ace] += hv.ace_extra
        return scores
    if contract == "no-queens":
        per = v.no_queens
        assert per is not None
        queens = _counts(result.get("queens"), "queens", _in_deck(rules.deck)[0], players, where)
        return {p: per * n for p, n in queens.items()}
    if contract == "no-king":
        assert v.no_king is not None
        taker = _player(result.get("king_of_hearts"), "king_of_hearts", players, where)
        return _one_taker(players, taker, v.no_king)
    if contract == "no-last-two":
        lt = v.no_last_two
        assert lt is not None
        taker = _player(result.get("second_last"), "second_last", players, where)
        scores = _one_taker(players, taker, lt.second_last)
        scores[_player(result.get("last"), "last", players, where)] += lt.last
        return scores
    if contract == "no-last-trick":
        assert v.no_last_trick is not None
        taker = _player(result.get("last"), "last", players, where)
        return _one_taker(players, taker, v.no_last_trick)
    if contract == "dominoes":
        return _dominoes(rules, result, players, where)
    if contract == "ravage-city":
        return _ravage_city(rules, result, players, where)
    if contract == "chinese-poker":
        # The poker tables are built on import: only for a Chinese Poker deal.
        from scoresheet.games.barbu.chinese import chinese_poker_scores

        return chinese_poker_scores(rules, result, players, where)
    raise _fail(where, _('"{contract}" is not a contract of these rules').format(contract=contract))


def _one_taker(players: Sequence[str], taker: str, value: int) -> dict[str, int]:
    scores = dict.fromkeys(players, 0)
    scores[taker] = value
    return scores


def _dominoes(
    rules: BarbuRules, result: BarbuResult, players: Sequence[str], where: str
) -> dict[str, int]:
    payouts = rules.values.dominoes
    assert payouts is not None
    order = result.get("order")
    if order is None:
        raise _fail(where, _missing("order"))
    for name in order:
        _player(name, "order", players, where)
    if len(set(order)) != len(order) or len(order) != len(players):
        raise _fail(
            where,
            _("result.order must name each of the {n} players exactly once").format(n=len(players)),
        )
    start = result.get("start")
    if start is not None and start.upper() not in RANK_NAMES:
        raise _fail(where, _('result.start: "{start}" is not a rank').format(start=start))
    return {name: payouts[i] for i, name in enumerate(order)}


def _ravage_city(
    rules: BarbuRules, result: BarbuResult, players: Sequence[str], where: str
) -> dict[str, int]:
    penalty = rules.values.ravage_city
    assert penalty is not None
    cards, most_given = result.get("cards"), result.get("most")
    if (cards is None) == (most_given is None):
        raise _fail(
            where, _("result needs either cards (per player and suit) or most (the tied players)")
        )
    if cards is not None:
        most = _most_from_cards(rules, cards, players, where)
    else:
        assert most_given is not None
        most = [_player(name, "most", players, where) for name in most_given]
        if not most or len(set(most)) != len(most):
            raise _fail(where, _("result.most must name one or more different players"))
    scores = dict.fromkeys(players, 0)
    for name in most:
        scores[name] = penalty // len(most)
    return scores


def _most_from_cards(
    rules: BarbuRules, cards: Mapping[str, Mapping[str, int]], players: Sequence[str], where: str
) -> list[str]:
    # Each row holds the suits in SUIT_KEYS' order, whatever order they were given in.
    table = {p: dict.fromkeys(SUIT_KEYS, 0) for p in players}
    for name, suits in cards.items():
        row = table.get(name)
        if row is None:
            raise _fail(where, _not_a_player("cards", name))
        row.update(suits)
        if len(row) != len(SUIT_KEYS):
            suit = next(suit for suit in suits if suit not in SUIT_KEYS)
            raise _fail(
                where,
                _('result.cards.{name}: "{suit}" is not a suit (spades, hearts, …)').format(
                    name=name, suit=suit
                ),
            )
    rows = [table[p].values() for p in players]
    in_deck = _in_deck(rules.deck)[1]
    for (suit, want), got in zip(in_deck.items(), map(sum, zip(*rows, strict=True)), strict=True):
        if got != want:
            raise _fail(where, _add_up(suit, got, want))
    per_trick = len(players)
    for name, taken in zip(players, rows, strict=True):
        n = sum(taken)
        if n % per_trick:
            raise _fail(
                where,
                _(
                    "{player} took {n} cards, not a whole number of tricks ({each} cards each)"
                ).format(player=name, n=n, each=per_trick),
            )
    best = list(map(max, rows))
    top = max(best)
    return [p for p, b in zip(players, best, strict=True) if b == top]
