"""The answers that enter a saved partnership deal's card play again (Belote's whole deal,
Coinche's after its auction): what a player types or taps at each of the kit's play
questions (:mod:`scoresheet.partnership.play`) to give back the deal as the file holds
it. Each game's ``answers`` module adds its own questions' answers
(:mod:`scoresheet.prefill`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoresheet.entry import KEYWORD_MARK
from scoresheet.i18n import pgettext
from scoresheet.partnership.play import CARDS_WORD
from scoresheet.partnership.rules import contract_word, kind_word

if TYPE_CHECKING:
    from scoresheet.partnership.score import TeamGame


def none_word() -> str:
    """The word for "none" in the language in force, marked so that it is never read as
    a player (``:none``)."""
    return KEYWORD_MARK + (pgettext("answer", "none").split("|")[0].strip() or "none")


def _team(result: TeamGame, team: Any) -> str:
    return result.team_name(int(team))


def _cards(value: Any) -> str:
    """One team's captured cards, as a file gives them (a string or a list), typed."""
    if isinstance(value, str):
        return " ".join(w for w in re.split(r"[\s,]+", value) if w)
    return " ".join(str(v) for v in value or ())


def play_answers(result: TeamGame, deal: Mapping[str, Any]) -> dict[str, str]:
    """Question key → text for the contract, the taker and the card play of ``deal``.

    The points as both teams' (``62 90``), or ``cards`` and the first team's cards when
    the file holds the cards; the capot asked only when a team has every card point.
    """
    out: dict[str, str] = {
        "contract": contract_word(str(deal["contract"])),
        "taker": str(deal["taker"]),
    }
    res = deal.get("result") or {}
    if res.get("cards") is not None:
        out["points"] = pgettext("answer", CARDS_WORD).split("|")[0].strip() or "cards"
        out["side"] = _team(result, 0)
        out["cards"] = _cards(res["cards"][0])
    elif res.get("points") is not None:
        out["points"] = " ".join(str(p) for p in res["points"])
    out["capot"] = "y" if res.get("capot") is not None else "n"
    if res.get("last_trick") is not None:
        out["last_trick"] = _team(result, res["last_trick"])
    out["belote"] = _team(result, res["belote"]) if res.get("belote") is not None else none_word()
    for k in (0, 1):
        mine = [d for d in res.get("declarations") or () if int(d["team"]) == k]
        out[f"decl {k}"] = (
            ", ".join(f"{kind_word(str(d['kind']))} {d['rank']}" for d in mine)
            if mine
            else none_word()
        )
    return out
