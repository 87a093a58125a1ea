"""A Belote workbook checked and read back, and a Belote game file audited: the
partnership kit's reader (:class:`~scoresheet.partnership.sheet.audit.Reader`) with
Belote's layout, scoring and notes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from scoresheet.games.belote.score import score_game
from scoresheet.games.belote.sheet.layout import Layout
from scoresheet.i18n import _
from scoresheet.partnership.rules import BeloteRules
from scoresheet.partnership.score import (
    GameScore,
    play_out,
    rules_of,
    score_deal,
    teams_of,
)
from scoresheet.partnership.sheet.audit import Reader
from scoresheet.partnership.sheet.plan import plan_workbook


def _litige_held(result: GameScore) -> list[str]:
    if not result.pending:
        return []
    return [
        _("{pending} litige points are still held, waiting for the next contract made").format(
            pending=result.pending
        )
    ]


def _rules_of(record: Mapping[str, Any]) -> BeloteRules:
    return cast("BeloteRules", rules_of(record, "belote"))


BELOTE = Reader(
    Layout, plan_workbook, score_deal, play_out, score_game, _rules_of, teams_of, None, _litige_held
)
audit_workbook_bytes = BELOTE.audit_workbook_bytes
import_workbook_bytes = BELOTE.import_workbook_bytes
audit_game = BELOTE.audit_game
