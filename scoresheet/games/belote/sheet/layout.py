"""Where every cell of a Belote workbook sits: the partnership kit's
(:mod:`scoresheet.partnership.sheet.layout`)."""

from __future__ import annotations

from scoresheet.partnership.sheet.layout import GAME as GAME
from scoresheet.partnership.sheet.layout import Layout as Layout
