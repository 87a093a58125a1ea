"""Belote's workbook written: the partnership kit's writer
(:class:`~scoresheet.partnership.sheet.render.Writer`) with Belote's layout and plan."""

from __future__ import annotations

from scoresheet.games.belote.score import score_game
from scoresheet.games.belote.sheet.layout import Layout
from scoresheet.partnership.sheet.plan import plan_workbook
from scoresheet.partnership.sheet.render import STYLE_USES, Writer

BELOTE = Writer(Layout, score_game, plan_workbook, STYLE_USES)
export_workbook = BELOTE.export_workbook
blank_workbook = BELOTE.blank_workbook
