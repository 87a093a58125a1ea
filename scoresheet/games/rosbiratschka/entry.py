"""What a player types at the table, read into a Rosbiratschka deal: ``add``/``edit``'s
``--set KEY=VALUE`` flags, and the questions of ``scoresheet play``.

The ``--set`` keys are the deal's ``result`` keys:

========================  ==============================================================
``tricks=Ann=2,Bob=3,…``   no-tricks: tricks per player (or ``tricks=2,3,3,0``, seating
                           order); a player left out took none
``hearts=…``, ``jacks=…``  no-hearts, no-jacks: as for ``tricks``
``king_of_hearts=Cat``     king-of-hearts: who took the K♥ (also ``king=Cat``)
``past_25=Ann``            hundred: who took the running total past 25; likewise
                           ``past_50``, ``past_100`` (all three are needed)
``last=Dan``               rosbiratschka: who was left holding cards
``dealer=Ann``             optional: checked against the rotation
========================  ==============================================================

Players may be named by any unique start of their name, in any case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoresheet import entry
from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.rules import (
    CONTRACT_NAMES,
    CONTRACTS,
    COUNTED,
    RESULT_KEYS,
    RosbiratschkaRules,
    shown,
)
from scoresheet.games.rosbiratschka.score import deal_place, out_of_order
from scoresheet.i18n import N_, _

if TYPE_CHECKING:
    from scoresheet.games.rosbiratschka.score import GameScore

RESULT_FIELDS = tuple(dict.fromkeys(k for keys in RESULT_KEYS.values() for k in keys))
ALIASES = {
    "king": "king_of_hearts",
    "kh": "king_of_hearts",
    "past25": "past_25",
    "past50": "past_50",
    "past100": "past_100",
}
PROMPTS = {
    "king_of_hearts": N_("Who took the K♥?"),
    "past_25": N_("Who took the running total past 25 (to 26 or more)?"),
    "past_50": N_("Who took the running total past 50 (to 51 or more)?"),
    "past_100": N_("Who took the running total past 100 (to 101 or more)?"),
    "last": N_("Who was left holding cards?"),
}


def example(key: str, players: Sequence[str], rules: RosbiratschkaRules) -> str:
    """A ``--set`` example for ``key``: ``tricks=Ann=2,Bob=3,Cat=3`` or ``last=Dan``."""
    if key in COUNTED.values():
        contract = next(c for c, k in COUNTED.items() if k == key)
        n = rules.in_deal(contract)
        share = [n // len(players)] * len(players)
        share[0] += n - sum(share)
        return f"{key}=" + ",".join(f"{p}={s}" for p, s in zip(players, share, strict=True))
    return f"{key}={players[-1]}"


def set_key(text: str) -> str:
    """A ``--set`` key as the result key it names (``King`` → ``king_of_hearts``)."""
    key = text.strip().casefold().replace("-", "_").replace(" ", "_")
    key = ALIASES.get(key.replace("_", ""), key) if key not in RESULT_FIELDS else key
    if key not in (*RESULT_FIELDS, "dealer", "contract"):
        raise ScoresheetError(
            _("--set: {key} is not a field of a Rosbiratschka deal ({keys})").format(
                key=entry.quote(text.strip()), keys=", ".join([*RESULT_FIELDS, "dealer"])
            )
        )
    return key


def parse_value(key: str, text: str, players: Sequence[str]) -> Any:
    """The value of a result key from what was typed: counts, or one player."""
    if key in COUNTED.values():
        return entry.counts(text, players, field=key)
    return entry.player(text, players, field=key)


def contract_word(text: str, number: int, rules: RosbiratschkaRules) -> str:
    """The contract a typed word means, which must be deal ``number``'s in the fixed order.

    A contract is exactly the code the sheet's legend prints for it (``NH``, ``KOH``),
    else its id, or its name as the views show it in the language in force (German
    "Keine Herzen!" is no-hearts), or a unique start of either.

    >>> from scoresheet.games.rosbiratschka.rules import PAGE_RULES
    >>> contract_word("KOH", 4, RosbiratschkaRules.from_data(PAGE_RULES))
    'king-of-hearts'
    """
    from scoresheet.views.common import abbreviations

    t = entry.ascii_forms(entry.typed(text)).casefold()
    coded = [c for c, code in abbreviations(list(CONTRACT_NAMES)).items() if code.casefold() == t]
    shown_names = {c: shown(c) for c in CONTRACTS}
    meant = coded[0] if coded else entry.contract(text, CONTRACTS, shown_names)
    expected = rules.contract_of(number)
    if meant != expected:
        raise out_of_order(number, meant, expected, rules)
    return meant


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """A deal from ``add``/``edit``'s flags: the optional contract word and ``--set`` items.

    >>> from scoresheet.games.rosbiratschka.rules import PAGE_RULES
    >>> from scoresheet.games.rosbiratschka.score import score_game
    >>> rules = RosbiratschkaRules.from_data(PAGE_RULES)
    >>> game = score_game({"players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}, rules)
    >>> deal_from_flags(game, 1, None, {"set": ["tricks=a=2,b=3,c=3"]})
    {'contract': 'no-tricks', 'result': {'tricks': {'Ann': 2, 'Bob': 3, 'Cat': 3}}}
    >>> deal_from_flags(game, 1, "jacks", {"set": ["jacks=Ann=4"]})
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: deal 1, no-jacks: out of order: the contracts come \
in a fixed order (no-tricks, no-hearts, no-jacks, king-of-hearts, hundred, rosbiratschka), \
so deal 1 is no-tricks
    """
    return _deal(result, number, contract, flags, whole=True)


def deal_edited(
    result: GameScore,
    number: int,
    before: Mapping[str, Any],
    contract: str | None,
    flags: Mapping[str, Any],
) -> dict[str, Any]:
    """Deal ``number`` (``before``) corrected by the ``--set`` keys given, the rest kept
    (the contract is the deal's own in the fixed order).

    >>> from scoresheet.games.rosbiratschka.rules import PAGE_RULES
    >>> from scoresheet.games.rosbiratschka.score import score_game
    >>> rules = RosbiratschkaRules.from_data(PAGE_RULES)
    >>> game = score_game({"players": ["Ann", "Bob", "Cat", "Dan"], "deals": []}, rules)
    >>> before = {"contract": "no-hearts", "dealer": "Ann", "result": {"hearts": {"Ann": 8}}}
    >>> deal_edited(game, 2, before, None, {"set": ["hearts=Ann=5,Bob=3"]})
    {'contract': 'no-hearts', 'dealer': 'Ann', 'result': {'hearts': {'Ann': 5, 'Bob': 3}}}
    """
    from scoresheet.session import merged_deal

    made = _deal(result, number, contract, flags, whole=False)
    if "contract" not in before:  # optional in the file: the fixed order decides it
        made.pop("contract")
    return merged_deal(before, made)


def _deal(
    result: GameScore,
    number: int,
    contract: str | None,
    flags: Mapping[str, Any],
    *,
    whole: bool,
) -> dict[str, Any]:
    rules, players = result.rules, list(result.players)
    if number > rules.deals_per_game:
        raise ScoresheetError(
            _("deal {number}: the game is complete after {deals} deals").format(
                number=number, deals=rules.deals_per_game
            )
        )
    expected = rules.contract_of(number)
    wanted = RESULT_KEYS[expected]
    barbu = [k for k in flags if k != "set"]
    if barbu:
        flag = "--" + barbu[0].replace("_", "-")
        raise ScoresheetError(
            _(
                "{flag} is a Barbu flag: a Rosbiratschka deal takes --set KEY=VALUE "
                "(deal {number} is {contract}: e.g. --set {example})"
            ).format(
                flag=flag,
                number=number,
                contract=shown(expected),
                example=example(wanted[0], players, rules),
            )
        )
    if contract is not None:
        contract_word(contract, number, rules)
    where = deal_place(number, expected)
    deal: dict[str, Any] = {"contract": expected}
    res: dict[str, Any] = {}
    for item in flags.get("set") or []:
        raw_key, sep, value = item.partition("=")
        if not sep or not raw_key.strip():
            raise ScoresheetError(
                _("--set: {item} is not KEY=VALUE (e.g. last=Dan)").format(item=entry.quote(item))
            )
        key = set_key(raw_key)
        if key == "contract":
            contract_word(value, number, rules)
            continue
        if key == "dealer":
            deal["dealer"] = entry.player(value, players, field="dealer")
            continue
        if key not in wanted:
            raise ScoresheetError(
                _("{where}: --set {key} does not belong to {contract} (it takes {keys})").format(
                    where=where, key=key, contract=shown(expected), keys=", ".join(wanted)
                )
            )
        if key in res:
            raise ScoresheetError(
                _("{where}: --set {key} is given twice").format(where=where, key=key)
            )
        res[key] = parse_value(key, value, players)
    missing = [k for k in wanted if k not in res]
    if missing and whole:
        examples = " ".join(f"--set {example(k, players, rules)}" for k in missing)
        raise ScoresheetError(
            _("{where}: give {examples} (or the whole deal with --deal)").format(
                where=where, examples=examples
            )
        )
    if res or whole:
        deal["result"] = res
    return deal
