"""Every number that sizes work, bounded in one place.

A game file, a rules option or a workbook may come from anyone. Nothing read from them
may make scoresheet loop or allocate beyond these bounds: the models
(:mod:`scoresheet.models` and each game's models) enforce them when a file is read, the
rules check the deals a game needs against :data:`MAX_DEALS`, and the workbook writers
and readers size their sheets from the same numbers, so a sheet written is always read
back whole. The manual lists them (docs/files.md, "Bad input and exit codes").
"""

from __future__ import annotations

MAX_NAME = 40  # characters of a player's name (the models' PlayerName)
MAX_PLAYERS = 8  # players in a game file (each game narrows it: Barbu 3–6, Belote 4, …)
MAX_DEALS = 1000  # deals in a game, and deal rows in any workbook
MAX_ROUNDS = 100  # rounds of a Barbu or Rosbiratschka preset (and MAX_DEALS still holds)
MAX_TARGET = 10_000  # a race game's target (Belote; Caribbean All Fours stops at 999)
MAX_HISTORY = 300  # corrections and undos kept in a game file (``history --trim`` makes room)
# A file written when more history was kept (up to 10,000 entries) is still read, and a deal
# still added to it; a correction or undo, which adds to the history, asks for a trim first.
MAX_HISTORY_READ = 10_000
MAX_DECLARATIONS = 12  # Belote declarations in one deal (three for each player)
MAX_NUMBER = 1_000_000  # any count, points or rule value, either sign
MAX_DIGITS = 7  # digits of a number typed at the table (``--queens Ann=2``)
MAX_ANSWER = 10_000  # characters of one answer read by ``play`` from a pipe or a file
MAX_GAME_BYTES = 16 * 1024 * 1024  # a game file, as read and as saved
MAX_VALUES = 1_000_000  # JSON values (objects, lists, texts, numbers, keys) in one game file

# A game at every bound above fits in MAX_GAME_BYTES, saved, with room to spare: Barbu
# for six, names of 40 four-byte characters and every double and redouble in each of its
# 972 deals takes 8.5 MB written out, and each of MAX_HISTORY corrections of its largest
# deal (before and after, on one line) 20 kB more, 14.4 MB in all. Such a game holds
# under 200,000 values. ``tests/test_game_limits.py`` builds it, and one of MAX_DEALS
# deals, and saves them.

# Workbooks: the rows a writer may make and a reader reads, from the bounds above. A
# writer leaves a few empty deal rows after the last deal of an unfinished game; a reader
# refuses a sheet with anything beyond, rather than read it in part.
MAX_DEAL_ROWS = MAX_DEALS + 10
MAX_DECLARATION_ROWS = MAX_DECLARATIONS * MAX_DEALS + 20
SHEET_MARGIN = 60  # rows above the first deal and below the last (headings, totals, ledger)
MAX_CELLS = 400_000  # cells read from one workbook (a 1,000-deal Barbu sheet for six has ~150,000)
