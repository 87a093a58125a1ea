"""Coinche's workbook written: the live workbook of a game, and blank workbooks.

Written as Belote's is (:class:`~scoresheet.partnership.sheet.render.Writer`): the cells
come from the plan (:func:`.plan.plan_workbook`); the writer adds what a spreadsheet has
around them: the styles (the kit's table, :data:`scoresheet.sheets.write.STYLES`),
drop-down lists (the layout's, with the bids and who coinched), warning colours, column
widths, and the print setup.
"""

from __future__ import annotations

from scoresheet.games.coinche.score import score_game
from scoresheet.games.coinche.sheet.layout import Layout
from scoresheet.games.coinche.sheet.plan import plan_workbook
from scoresheet.partnership.sheet.render import Writer

# The names this game's plan gives its cells → the styles of the kit's table.
STYLE_USES = {"deal": "centered", "formula": "grey", "score": "bold", "total": "bold"}

COINCHE = Writer(Layout, score_game, plan_workbook, STYLE_USES)
export_workbook = COINCHE.export_workbook
blank_workbook = COINCHE.blank_workbook
