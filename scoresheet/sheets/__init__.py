"""The workbook kit: what every game's spreadsheet is made with, no game in it.

:mod:`~scoresheet.sheets.plan` (a planned cell), :mod:`~scoresheet.sheets.write` (the
style table, writing cells, print setup, cached values), :mod:`~scoresheet.sheets.read`
(reading a hostile workbook, and which game it holds), :mod:`~scoresheet.sheets.findings`
(what an audit reports), :mod:`~scoresheet.sheets.cells` and
:mod:`~scoresheet.sheets.safety` (a file checked before it is parsed), and
:mod:`~scoresheet.sheets.audit`, the commands' way to a game's workbook through
:mod:`scoresheet.registry`. Each game's own workbook is ``scoresheet/games/<game>/sheet/``.

A workbook speaks the language it is exported in: its titles, headings, labels, notes
and legends go through the catalogs (:mod:`scoresheet.i18n`). Its sheet tabs (``Scores``,
``Rules``…), defined names and formulas do not: every formula refers to its sheets and
named cells by those names, and the canonical words a formula compares or shows (contract
ids, ``yes``) are the game file's. So a workbook written in one language is read back in
any other: the readers find every cell by its place, and where one checks a heading it
accepts it in every language (:func:`~scoresheet.sheets.read.in_every_language`).

openpyxl is imported only inside the functions that need it, so the command line starts
fast; nothing in the scoring layers imports this package.
"""
