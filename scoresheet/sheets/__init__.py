"""The workbook kit: what every game's spreadsheet is made with, no game in it.

:mod:`~scoresheet.sheets.plan` (a planned cell), :mod:`~scoresheet.sheets.write` (the
style table, writing cells, print setup, cached values), :mod:`~scoresheet.sheets.read`
(reading a hostile workbook, and which game it holds), :mod:`~scoresheet.sheets.findings`
(what an audit reports), :mod:`~scoresheet.sheets.cells` and
:mod:`~scoresheet.sheets.safety` (a file checked before it is parsed), and
:mod:`~scoresheet.sheets.audit`, the commands' way to a game's workbook through
:mod:`scoresheet.registry`. Each game's own workbook is ``scoresheet/games/<game>/sheet/``.

openpyxl is imported only inside the functions that need it, so the command line starts
fast; nothing in the scoring layers imports this package.
"""
