"""Barbu's workbook: five sheets that score themselves, written and read back.

``layout`` says where every cell sits; ``plan`` and ``totals`` plan every cell (the
formula and the value the library computes); ``render`` writes them (the
``sheet.render`` role), ``book`` reads a workbook's inputs back and ``audit`` checks it
cell by cell (the ``sheet.audit`` role). The mechanics are the kit's
(:mod:`scoresheet.sheets`).
"""
