"""Reading what a player types into a Coinche deal: ``add``/``edit``'s ``--set KEY=VALUE``
flags and ``play``'s answers mean the same thing.

The positional word of ``add`` is the contract, as in Belote (``hearts``, ``h``, ``♥``,
``no-trumps``/``nt``/``sa``, ``all-trumps``/``at``/``ta``). ``--set`` keys:

- ``bid=100`` (required): the number bid, or ``capot`` (``generale`` when the rules
  have it);
- ``taker=PLAYER`` (required): who made the last bid; their team is the taking team;
- ``coinche=PLAYER``: the opponent who coinched; ``surcoinche=PLAYER``: the bidder or
  the bidder's partner who surcoinched (``none`` for nobody). The French synonyms
  ``contre``/``contree``/``contrée`` and ``surcontre``/``surcontree``/``surcontrée`` are
  read as these keys, and so are their names in the language in force;
- the result, exactly as Belote reads it (``points=56,96`` or ``cards=…``,
  ``last_trick``, ``belote``, ``capot``, ``decl``, ``dealer``): see
  :mod:`scoresheet.partnership.entry`.

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
from scoresheet.games.coinche.rules import CAPOT, GENERALE
from scoresheet.games.coinche.score import card_play
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.limits import MAX_DIGITS
from scoresheet.partnership import entry as kit
from scoresheet.partnership import score as kit_score

if TYPE_CHECKING:
    from scoresheet.games.coinche.score import GameScore

AUCTION_KEYS = ("bid", "coinche", "surcoinche")
KEYS = (*AUCTION_KEYS, *kit.KEYS)
BID_WORDS = {"capot": CAPOT, "generale": GENERALE, "générale": GENERALE}
# A bid's word as shown and as a player may type it in the language in force.
BID_NAMES = {CAPOT: NP_("coinche bid", "capot"), GENERALE: NP_("coinche bid", "générale")}
# The auction's keys by their French names, read in every language (contrer: to coinche).
AUCTION_ALIASES = {
    "contre": "coinche",
    "contree": "coinche",
    "contrée": "coinche",
    "surcontre": "surcoinche",
    "surcontree": "surcoinche",
    "surcontrée": "surcoinche",
}
# The auction's keys as a player may type them in the language in force.
AUCTION_NAMES = {
    # Translators: the double of Coinche (French synonym: contre).
    "coinche": NP_("coinche auction", "coinche"),
    # Translators: the redouble of Coinche (French synonym: surcontre).
    "surcoinche": NP_("coinche auction", "surcoinche"),
}


def bid_word(bid: str) -> str:
    """``capot``, ``générale``: a bid's word in the language in force."""
    return pgettext("coinche bid", BID_NAMES.get(bid, bid))


def _fold(text: str) -> str:
    return common.ascii_forms(text).strip().casefold()


def auction_key(key: str) -> str | None:
    """The auction key a typed key means (``coinche``, ``surcoinche``, ``bid``), by its
    English name, a French synonym or its name in the language in force; ``None`` when it
    is none of them. A word of the language in force that is also another key is refused,
    naming both.

    >>> auction_key("contrée"), auction_key("Surcontre"), auction_key("taker")
    ('coinche', 'surcoinche', None)
    """
    k = _fold(key).replace("-", "_")
    if k in AUCTION_KEYS:
        return k
    if k in AUCTION_ALIASES:
        return AUCTION_ALIASES[k]
    local = [
        a for a, name in AUCTION_NAMES.items() if _fold(pgettext("coinche auction", name)) == k
    ]
    other = k in kit.KEYS or k in kit.ALIASES
    if len(local) > 1 or (local and other):
        meant = [*local, *([kit.ALIASES.get(k, k)] if other else [])]
        raise ScoresheetError(
            _("{field}: {typed} could be {values}").format(
                field="--set", typed=common.quote(key.strip()), values=common.either(meant)
            )
        )
    return local[0] if local else None


def bid(text: str) -> int | str:
    """A bid as typed: a number, ``capot`` or ``generale`` (checked against the rules when
    the deal is scored).

    >>> bid("100"), bid("Capot")
    (100, 'capot')
    """
    t = _fold(text)
    if t in BID_WORDS:
        return BID_WORDS[t]
    for value, name in BID_NAMES.items():
        if t and t == _fold(pgettext("coinche bid", name)):
            return value
    if not (t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS):
        raise ScoresheetError(
            _("bid: {typed} is not a number or {capot}").format(
                typed=common.quote(text.strip()), capot=bid_word(CAPOT)
            )
        )
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
        meant = auction_key(key) if sep else None
        if meant is not None:
            if meant in auction:
                raise ScoresheetError(_("--set: {key} is given twice").format(key=meant))
            auction[meant] = value.strip()
        elif sep and k not in KEYS and kit.ALIASES.get(k) is None:
            raise ScoresheetError(
                _("--set: {typed} is not a Coinche key ({keys})").format(
                    typed=common.quote(key.strip()), keys=", ".join(KEYS)
                )
            )
        else:
            rest.append(item)
    deal = kit.deal_from_flags(card_play(result), number, contract, {**flags, "set": rest})
    if "bid" not in auction:
        raise ScoresheetError(
            _("{where}: --set {bid} is missing (the contract's number, or capot)").format(
                where=kit_score.deal_where(number, deal["contract"]), bid="bid=NUMBER"
            )
        )
    deal["bid"] = bid(auction["bid"])
    players: Sequence[str] = result.players
    for key in ("coinche", "surcoinche"):
        if key in auction:
            who = common.optional_player(auction[key], players, field=key)
            if who is not None:
                deal[key] = who
    return deal
