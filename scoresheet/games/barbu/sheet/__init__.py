"""Barbu's workbook: five sheets that score themselves, written and read back.

``layout`` says where every cell sits; ``plan`` and ``totals`` plan every cell (the
formula and the value the library computes); ``render`` writes them (the
``sheet.render`` role), ``book`` reads a workbook's inputs back and ``audit`` checks it
cell by cell (the ``sheet.audit`` role). The mechanics are the kit's
(:mod:`scoresheet.sheets`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoresheet import roles
    from scoresheet.games.barbu.sheet import audit, render

    _render: roles.SheetRender = render
    _audit: roles.SheetAudit = audit
