"""Reading what a player types into a Barbu deal: ``add``/``edit``'s flags, and the
doubles and result answers that ``play`` reads the same way.

The doubling words (``maximum``/``table``, ``family``/``flanks``, ``all``) and the
result's short forms (counts ``Ann=2,Cat=1``, cards per suit ``3/4/2/3``, beats per row
``2/1/3``, a Chinese Poker hand ``AS AH 2C | … | …``) are Barbu's; naming players, suits
and contracts is every game's (:mod:`scoresheet.entry`). This module is Barbu's ``Entry``
role (:class:`scoresheet.roles.Entry`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoresheet.entry import (
    NONE_WORDS,
    SUIT_ORDER,
    ascii_forms,
    assignment,
    choose,
    counts,
    either,
    player,
    player_list,
    quote,
    suit,
    typed,
    whole_number,
)
from scoresheet.entry import contract as read_contract
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.ledger import table_order
from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import contract_word
from scoresheet.i18n import _
from scoresheet.views.common import abbreviations

if TYPE_CHECKING:
    from scoresheet.games.barbu.score import GameScore

DOUBLE_WORDS = {
    "maximum": "maximum",
    "max": "maximum",
    "x": "maximum",
    "table": "table",
    "family": "family",
    "flanks": "flanks",
}
ALL_WORDS = {"all": "all"}
ROWS = ("front", "middle", "back")


class TwoReadings(ScoresheetError):
    """A contract typed that could be read as two (or more) of them: ``readings``."""

    def __init__(self, text: str, readings: Sequence[str]) -> None:
        self.text = text
        self.readings = tuple(readings)
        super().__init__(
            _("contract: {typed} could be {contracts}").format(
                typed=quote(text), contracts=either(readings)
            )
        )


def contract_meant(text: str, contracts: Sequence[str], every: Sequence[str]) -> str:
    """The contract among ``contracts`` that ``text`` means: exactly the code a view
    prints for it first (``NQ``, ``T``; codes are those of ``every`` contract of the
    rules, as the sheet's legend gives them), else its id, its name as the views show it
    in the language in force, or a unique start of either. An answer with two readings is
    refused naming them (:class:`TwoReadings`); a code of a contract not among
    ``contracts`` is refused.

    >>> every = ("no-tricks", "no-queens", "trumps", "dominoes")
    >>> contract_meant("nq", every, every), contract_meant("D", every, every)
    ('no-queens', 'dominoes')
    >>> contract_meant("T", every, every), contract_meant("NT", every, every)
    ('trumps', 'no-tricks')
    >>> contract_meant("tr", every, every)
    Traceback (most recent call last):
    scoresheet.games.barbu.entry.TwoReadings: contract: "tr" could be no-tricks or trumps
    """
    codes = abbreviations(list(every))
    t = ascii_forms(typed(text)).casefold()
    by_code = [c for c in every if c in codes and codes[c].casefold() == t]
    if by_code and t not in contracts:
        if by_code[0] in contracts:
            return by_code[0]
        raise ScoresheetError(
            _("contract: {typed} is not one of {contracts}").format(
                typed=quote(typed(text)), contracts=", ".join(contract_word(c) for c in contracts)
            )
        )
    shown = {c: contract_word(c) for c in contracts}
    try:
        return read_contract(text, contracts, shown)
    except ScoresheetError:
        readings = [c for c in contracts if _reads(text, c, shown[c])]
        if len(readings) == 1:
            return readings[0]
        if readings:
            raise TwoReadings(typed(text), readings) from None
        raise


def _reads(text: str, contract: str, shown: str) -> bool:
    """Whether ``text`` could mean ``contract`` taken alone."""
    try:
        read_contract(text, [contract], {contract: shown})
    except ScoresheetError:
        return False
    return True


def double_targets(text: str, players: Sequence[str], *, by: str) -> list[str] | str | None:
    """A doubling answer: names or initials, ``maximum``/``table``, ``family``/``flanks``.

    ``None`` means the player did not double.

    >>> double_targets("max", ["Ann", "Bob"], by="Bob")
    'maximum'
    >>> double_targets("a, d", ["Ann", "Bob", "Cat", "Dan"], by="Bob")
    ['Ann', 'Dan']
    """
    value: list[str] | str | None = choose(
        text,
        players,
        {**NONE_WORDS, **DOUBLE_WORDS},
        field=_("{player}'s double").format(player=by),
        many=True,
    )
    return value


def redouble_targets(text: str, players: Sequence[str], *, by: str) -> list[str] | str | None:
    """A redoubling answer: names or initials, or ``all``; ``None`` for none."""
    value: list[str] | str | None = choose(
        text,
        players,
        {**NONE_WORDS, **ALL_WORDS},
        field=_("{player}'s redouble").format(player=by),
        many=True,
    )
    return value


def declaration(by: str, double: Any = None, redouble: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"by": by}
    if double is not None:
        out["double"] = double
    if redouble is not None:
        out["redouble"] = redouble
    return out


def suit_counts(text: str, *, field: str) -> dict[str, int]:
    """A player's captured cards per suit: ``"3/4/2/3"`` (♠/♥/♦/♣) or ``"s3 h4 d2 c3"``."""
    t = text.strip()
    if "/" in t:
        parts = t.split("/")
        if len(parts) != 4:
            raise ScoresheetError(
                _("{field}: give 4 numbers, spades/hearts/diamonds/clubs").format(field=field)
            )
        return {s: whole_number(n, field) for s, n in zip(SUIT_ORDER, parts, strict=True)}
    out = dict.fromkeys(SUIT_ORDER, 0)
    for item in t.replace(",", " ").split():
        name = item.rstrip("0123456789")
        number = item[len(name) :]
        try:
            which = suit(name, field=field) if name and number else None
        except ScoresheetError:
            which = None
        if which is None:
            raise ScoresheetError(
                _("{field}: {typed} is not a suit and count (e.g. s3 h4)").format(
                    field=field, typed=quote(item)
                )
            )
        out[which] = whole_number(number, field)
    return out


def row_counts(text: str, *, field: str) -> dict[str, int]:
    """Beats per row: ``"2/1/3"`` (front/middle/back)."""
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise ScoresheetError(
            _("{field}: give 3 numbers, front/middle/back (e.g. 2/1/3)").format(field=field)
        )
    return {r: whole_number(n, field) for r, n in zip(ROWS, parts, strict=True)}


def hand_rows(text: str, *, field: str) -> dict[str, str]:
    """A Chinese Poker hand: ``"AS AH 2C | KS KH KD 3C 3D | ..."`` (front | middle | back)."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 3:
        raise ScoresheetError(
            _("{field}: give the three rows separated by |: front | middle | back").format(
                field=field
            )
        )
    return dict(zip(ROWS, parts, strict=True))


def order_declarations(
    declarations: list[dict[str, Any]], speaking_order: Sequence[str]
) -> list[dict[str, Any]]:
    """Doubles in table order (as they were spoken), then the redoubles as given."""
    doubles = [d for d in declarations if "double" in d]
    doubles.sort(key=lambda d: speaking_order.index(d["by"]))
    return doubles + [d for d in declarations if "double" not in d]


# The result keys that name who took a card or a trick, and the flags that give them.
TAKER_FLAGS = {
    "ace_of_hearts": "ace",
    "king_of_hearts": "king",
    "second_last": "second_last",
    "last": "last",
}
# Each result key, and the flag that gives it.
RESULT_FLAGS = {
    "tricks": "tricks",
    "trump": "trump",
    "hearts": "hearts",
    "ace_of_hearts": "ace",
    "queens": "queens",
    "king_of_hearts": "king",
    "second_last": "second_last",
    "last": "last",
    "order": "order",
    "start": "start",
    "cards": "cards",
    "most": "most",
    "beats": "beats",
    "hands": "hand",
}


def _no_set(flags: Mapping[str, Any]) -> None:
    if flags.get("set"):
        raise ScoresheetError(_("--set is for the other games; Barbu deals take the named flags"))


def _declarations(
    flags: Mapping[str, Any], players: Sequence[str]
) -> list[tuple[str, str, list[str] | str | None]]:
    """The doubles and redoubles given, each ``(by, "double" or "redouble", whom)``, in
    the order given; ``whom`` is ``None`` (or an empty list) for none."""
    out: list[tuple[str, str, list[str] | str | None]] = []
    for text in flags.get("double") or ():
        by, what = assignment(text, players, field="--double")
        out.append((by, "double", double_targets(what, players, by=by)))
    for text in flags.get("redouble") or ():
        by, what = assignment(text, players, field="--redouble")
        out.append((by, "redouble", redouble_targets(what, players, by=by)))
    return out


def _speaking(result: GameScore, number: int) -> list[str]:
    rules, players = result.rules, list(result.players)
    return table_order(players, dealer_of(rules, players, declarer_of(rules, players, number - 1)))


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """A Barbu deal (as in the spec) from ``add``/``edit``'s contract (as typed) and flags.

    ``tricks``, ``hearts``, ``queens`` are counts such as ``"Ann=2,Cat=1,Dan=1"``;
    ``ace``, ``king``, ``second_last``, ``last`` name a player; ``double`` and
    ``redouble`` are ``PLAYER=WHAT`` items, put in the order they were spoken. Without a
    contract, the declarer's one contract left when one is left (as ``play`` takes it).
    """
    _no_set(flags)
    rules, players = result.rules, list(result.players)
    if contract is None:
        declarer = declarer_of(rules, players, number - 1)
        left = list(dict.fromkeys(result.contracts_left(declarer)))
        if len(left) != 1 or number != len(result.deals) + 1:
            raise ScoresheetError(
                _("give the contract (e.g. no-queens), or the whole deal with --deal")
            )
        contract = left[0]
    deal: dict[str, Any] = {"contract": contract_meant(contract, rules.contracts, rules.contracts)}
    if flags.get("declarer") is not None:
        deal["declarer"] = player(flags["declarer"], players, field="--declarer")
    declarations = [
        declaration(by, **{kind: whom})
        for by, kind, whom in _declarations(flags, players)
        if whom not in (None, [])
    ]
    if declarations:
        deal["doubles"] = order_declarations(declarations, _speaking(result, number))
    res = _result(flags, players)
    if res:
        deal["result"] = res
    return deal


def _result(flags: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """The result keys the flags give."""
    res: dict[str, Any] = {}
    for key in ("tricks", "hearts", "queens"):
        if flags.get(key):
            res[key] = counts(flags[key], players, field=key)
    for key, flag in TAKER_FLAGS.items():
        if flags.get(flag) is not None:
            res[key] = player(flags[flag], players, field=key)
    if flags.get("order") is not None:
        res["order"] = player_list(flags["order"], players, field="order")
    if flags.get("start") is not None:
        res["start"] = flags["start"].strip().upper()
    if flags.get("trump") is not None:
        res["trump"] = suit(flags["trump"], field="--trump")
    if flags.get("cards"):
        table: dict[str, dict[str, int]] = {}
        for text in flags["cards"]:
            who, what = assignment(text, players, field="--cards")
            table[who] = suit_counts(what, field=_("cards of {player}").format(player=who))
        res["cards"] = table
    if flags.get("most") is not None:
        res["most"] = player_list(flags["most"], players, field="most")
    if flags.get("beats"):
        rows: dict[str, dict[str, int]] = {}
        for text in flags["beats"]:
            who, what = assignment(text, players, field="--beats")
            rows[who] = row_counts(what, field=_("beats of {player}").format(player=who))
        res["beats"] = rows
    if flags.get("hand"):
        given: dict[str, dict[str, str]] = {}
        for text in flags["hand"]:
            who, what = assignment(text, players, field="--hand")
            given[who] = hand_rows(what, field=_("hand of {player}").format(player=who))
        res["hands"] = given
    return res


def deal_edited(
    result: GameScore,
    number: int,
    before: Mapping[str, Any],
    contract: str | None,
    flags: Mapping[str, Any],
) -> dict[str, Any]:
    """Deal ``number`` (``before``, as in the file) corrected by what is given, the rest
    kept: ``--double PLAYER=…`` replaces that player's doubles only (``none``: removes
    them), ``--redouble`` likewise, each result flag its own key. A new contract asks for
    its result anew: the old result is dropped, and one of the new contract's result
    flags must be given (the doubles are kept).

    >>> from scoresheet.games.barbu.score import score_game
    >>> game = score_game({"rules": "classic", "players": ["Ann", "Bob", "Cat", "Dan"],
    ...                    "deals": []})
    >>> before = {"contract": "trumps", "doubles": [{"by": "Bob", "double": ["Ann"]},
    ...           {"by": "Cat", "double": ["Ann"]}], "result": {"tricks": {"Ann": 5}}}
    >>> deal_edited(game, 1, before, None, {"double": ["Bob=none"], "trump": "h"})
    {'contract': 'trumps', 'doubles': [{'by': 'Cat', 'double': ['Ann']}], \
'result': {'tricks': {'Ann': 5}, 'trump': 'hearts'}}
    >>> deal_edited(game, 1, before, "queens", {})
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: deal 1: the contract changes from trumps to \
no-queens, whose result is asked anew: give --queens
    """
    _no_set(flags)
    rules, players = result.rules, list(result.players)
    deal = dict(before)
    old = before.get("contract")
    if contract is not None:
        deal["contract"] = contract_meant(contract, rules.contracts, rules.contracts)
    if flags.get("declarer") is not None:
        deal["declarer"] = player(flags["declarer"], players, field="--declarer")
    given = _declarations(flags, players)
    if given:
        declarations = [dict(d) for d in before.get("doubles") or () if isinstance(d, dict)]
        for by, kind, _whom in given:  # what each player gives replaces what they said
            for d in declarations:
                if d.get("by") == by:
                    d.pop(kind, None)
        declarations = [d for d in declarations if set(d) - {"by"}]
        declarations += [
            declaration(by, **{kind: whom}) for by, kind, whom in given if whom not in (None, [])
        ]
        if declarations:
            deal["doubles"] = order_declarations(declarations, _speaking(result, number))
        else:
            deal.pop("doubles", None)
    res = _result(flags, players)
    if deal.get("contract") != old:
        wanted = _result_flags(rules, str(deal.get("contract")))
        if not res and wanted:
            raise ScoresheetError(
                _(
                    "deal {number}: the contract changes from {before} to {after}, whose "
                    "result is asked anew: give {flags}"
                ).format(
                    number=number,
                    before=contract_word(str(old)),
                    after=contract_word(str(deal.get("contract"))),
                    flags=", ".join(wanted),
                )
            )
        deal["result"] = res
    elif res:
        old_result = before.get("result")
        deal["result"] = {**(old_result if isinstance(old_result, dict) else {}), **res}
    return deal


def _result_flags(rules: Any, contract: str) -> list[str]:
    """The result flags a contract reads (``--queens``), in the order ``--help`` lists them."""
    from scoresheet.games.barbu.contracts import result_keys

    try:
        keys = result_keys(rules, contract)
    except KeyError:
        return []
    flags = [RESULT_FLAGS[k] for k in RESULT_FLAGS if k in keys]
    return ["--" + f.replace("_", "-") for f in flags]
