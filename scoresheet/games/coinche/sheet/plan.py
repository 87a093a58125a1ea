"""What every cell of a Coinche workbook holds: the inputs of Results and Declarations
and the Rules sheet as Belote plans them (:func:`~scoresheet.partnership.sheet.plan.plan_inputs`,
with the auction's inputs the layout adds), and (by :mod:`.scores`) the Scores sheet.

Every computed number is a formula over the input cells and the named rule cells, and
every cell carries the library's value, so the workbook opens with its values and the
audit has a value to compare each formula with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoresheet.games.coinche.score import GameScore
from scoresheet.games.coinche.sheet.layout import Layout, Plan
from scoresheet.games.coinche.sheet.scores import plan_scores
from scoresheet.partnership.sheet.plan import plan_inputs


def plan_workbook(
    layout: Layout,
    record: Mapping[str, Any],
    result: GameScore,
    *,
    title: str = "",
    declaration_rows: Mapping[int, tuple[int, Mapping[str, Any]]] | None = None,
) -> Plan[Layout]:
    """Every cell of the workbook for a scored game (no deals: a blank sheet)."""
    plan = plan_inputs(layout, record, result, title=title, declaration_rows=declaration_rows)
    plan_scores(plan, result)
    return plan
