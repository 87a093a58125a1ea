"""Where every cell of a Belote workbook sits: the partnership kit's team workbook
(:mod:`scoresheet.partnership.sheet.layout`) under Belote's name."""

from __future__ import annotations

from typing import ClassVar

from scoresheet.partnership.sheet import layout as kit

GAME = "belote"


class Layout(kit.Layout):
    """Belote's workbook: the kit's, every column and rule cell of it."""

    GAME: ClassVar[str] = GAME
    TITLE: ClassVar[str] = "Belote"


layout_for = Layout.of
