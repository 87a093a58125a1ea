"""A Barbu deal from ``add``/``edit``'s readable flags (temporary: the parsing still lives
in :mod:`scoresheet.entry`, and moves here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet import entry
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.ledger import table_order
from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.score import GameScore


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """A Barbu deal from ``add``/``edit``'s readable flags."""
    if contract is None:
        raise ScoresheetError("give the contract (e.g. no-queens), or the whole deal with --deal")
    if flags.get("set"):
        raise ScoresheetError("--set is for the other games; Barbu deals take the named flags")
    rules, players = result.rules, list(result.players)
    declarer = declarer_of(rules, players, number - 1)
    speaking = table_order(players, dealer_of(rules, players, declarer))
    return entry.deal_from_answers(
        players,
        entry.contract(contract, rules.contracts),
        speaking_order=speaking,
        declarer=flags.get("declarer"),
        doubles=flags.get("double") or (),
        redoubles=flags.get("redouble") or (),
        counts_given={k: flags.get(k) for k in ("tricks", "hearts", "queens") if flags.get(k)},
        takers={
            "ace_of_hearts": flags.get("ace"),
            "king_of_hearts": flags.get("king"),
            "second_last": flags.get("second_last"),
            "last": flags.get("last"),
        },
        order=flags.get("order"),
        start=flags.get("start"),
        trump=flags.get("trump"),
        cards=flags.get("cards") or (),
        most=flags.get("most"),
        beats=flags.get("beats") or (),
        hands=flags.get("hand") or (),
    )
