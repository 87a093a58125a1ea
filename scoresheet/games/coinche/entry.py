"""Reading what a player types into a Coinche deal: ``add``/``edit``'s ``--set KEY=VALUE``
flags and ``play``'s answers mean the same thing.

The positional word of ``add`` is the contract, as in Belote (``hearts``, ``h``, ``♥``,
``no-trumps``/``nt``/``sa``, ``all-trumps``/``at``/``ta``). ``--set`` keys:

- ``bid=100`` (required): the number bid, or ``capot`` (``generale`` when the rules
  have it);
- ``taker=PLAYER`` (required): who made the last bid; their team is the taking team;
- ``coinche=PLAYER``: the opponent who coinched; ``surcoinche=PLAYER``: the bidder or
  the bidder's partner who surcoinched (``none`` for nobody);
- the result, exactly as Belote reads it (``points=56,96`` or ``cards=…``,
  ``last_trick``, ``belote``, ``capot``, ``decl``, ``dealer``): see
  :mod:`scoresheet.games.belote.entry`.

>>> from scoresheet.games.coinche.score import score_game
>>> empty = score_game({"rules": "coinche", "players": ["Bob", "Cat", "Dan", "Ann"],
...                     "teams": [["Bob", "Dan"], ["Cat", "Ann"]]})
>>> deal_from_flags(empty, 1, "h", {"set": ["bid=100", "taker=Ann", "coinche=Bob",
...                                          "points=56,96", "last_trick=1", "belote=Ann"]})
... # doctest: +NORMALIZE_WHITESPACE
{'contract': 'hearts', 'taker': 'Ann', 'result': {'points': [56, 96], 'last_trick': 1,
 'belote': 1}, 'bid': 100, 'coinche': 'Bob'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoresheet import entry as common
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote import entry as belote
from scoresheet.games.coinche.rules import CAPOT, GENERALE
from scoresheet.games.coinche.score import card_play
from scoresheet.limits import MAX_DIGITS

if TYPE_CHECKING:
    from scoresheet.games.coinche.score import GameScore

AUCTION_KEYS = ("bid", "coinche", "surcoinche")
KEYS = (*AUCTION_KEYS, *belote.KEYS)
BID_WORDS = {"capot": CAPOT, "generale": GENERALE, "générale": GENERALE}


def bid(text: str) -> int | str:
    """A bid as typed: a number, ``capot`` or ``generale`` (checked against the rules when
    the deal is scored).

    >>> bid("100"), bid("Capot")
    (100, 'capot')
    """
    t = text.strip().casefold()
    if t in BID_WORDS:
        return BID_WORDS[t]
    if not (t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS):
        raise ScoresheetError(f"bid: {common.quote(text.strip())} is not a number or capot")
    return int(t)


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """A deal from ``add``/``edit``: the contract word and the ``--set`` items. The
    auction's keys are read here, the result by Belote's reading of the same flags."""
    auction: dict[str, str] = {}
    rest: list[str] = []
    for item in flags.get("set") or []:
        key, sep, value = item.partition("=")
        k = key.strip().casefold().replace("-", "_")
        if k in AUCTION_KEYS and sep:
            if k in auction:
                raise ScoresheetError(f"--set: {k} is given twice")
            auction[k] = value.strip()
        elif sep and k not in KEYS and belote.ALIASES.get(k) is None:
            raise ScoresheetError(
                f"--set: {common.quote(key.strip())} is not a Coinche key ({', '.join(KEYS)})"
            )
        else:
            rest.append(item)
    deal = belote.deal_from_flags(card_play(result), number, contract, {**flags, "set": rest})
    if "bid" not in auction:
        raise ScoresheetError(
            f"deal {number}, {deal['contract']}: --set bid=NUMBER is missing (the contract's "
            "number, or capot)"
        )
    deal["bid"] = bid(auction["bid"])
    players: Sequence[str] = result.players
    for key in ("coinche", "surcoinche"):
        if key in auction:
            who = common.optional_player(auction[key], players, field=key)
            if who is not None:
                deal[key] = who
    return deal
