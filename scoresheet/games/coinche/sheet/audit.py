"""A Coinche workbook checked cell by cell, and read back into a game.

Read and checked as Belote's is (:class:`~scoresheet.partnership.sheet.audit.Reader`):
the inputs are read (Results with the auction's columns, Declarations, and the rule
values of the Rules sheet, where a value changed is a finding and an option of the
game); each deal is scored on its own, so one bad deal does not hide the others; then
every formula cell is compared with what the plan of the game read puts there. A game
file is audited the same way.
"""

from __future__ import annotations

from typing import Any

from scoresheet.games.coinche.score import play_out, rules_of, score_deal, score_game, teams_of
from scoresheet.games.coinche.sheet.layout import RES, Layout
from scoresheet.games.coinche.sheet.plan import plan_workbook
from scoresheet.i18n import _
from scoresheet.partnership.sheet.audit import Fail, Reader
from scoresheet.sheets.read import (
    Sheet,
    cell_text,
    not_a_player,
    number_message,
    show_value,
    typed_as_text,
    whole_number,
)


def _read_auction(
    res: Sheet, row: int, n: int, deal: dict[str, Any], fail: Fail, players: tuple[str, ...]
) -> dict[str, Any]:
    """The deal with its bid (after the contract) and who coinched and surcoinched."""
    # A number, or capot / generale in any case (a number typed as text is refused).
    raw_bid = res.value(row, RES.bid)
    number = whole_number(raw_bid)
    bid: int | str | None = number if number is not None else cell_text(raw_bid)
    if isinstance(bid, str):
        bid = bid.casefold()
    if bid is None or typed_as_text(raw_bid):
        message = number_message(
            raw_bid, _("{show_value}: type the bid").format(show_value=show_value(raw_bid))
        )
        fail(row, RES.bid, n, _("deal {n}, bid").format(n=n), message)
        bid = None
    out = {"contract": deal["contract"], "bid": bid if bid is not None else 0, **deal}
    for key, col in (("coinche", RES.coinche), ("surcoinche", RES.surcoinche)):
        who = cell_text(res.value(row, col))
        if who is not None:
            if who not in players:
                fail(
                    row,
                    col,
                    n,
                    _("deal {n}, {key}").format(n=n, key=key),
                    not_a_player(who, players),
                )
            out[key] = who
    return out


COINCHE = Reader(
    Layout,
    plan_workbook,
    score_deal,
    play_out,
    score_game,
    rules_of,
    teams_of,
    _read_auction,
    lambda _result: [],  # no litige: nothing is ever held
)
audit_workbook_bytes = COINCHE.audit_workbook_bytes
import_workbook_bytes = COINCHE.import_workbook_bytes
audit_game = COINCHE.audit_game
