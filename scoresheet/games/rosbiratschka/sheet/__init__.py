"""Rosbiratschka workbooks: a live export, a blank sheet to print, audit and import.

A workbook has three sheets, each with two header rows and one row per deal of the game
from row 4 on (deal 1 in row 4):

* ``Results``: the deal, its dealer, who leads and its contract (formulas: the rotation
  and the fixed order), then what the table reports (inputs): tricks, hearts and jacks
  per player, who took the K♥, who took the hundred past 25, 50 and 100, who was left
  holding cards. Only the cells of the row's contract are inputs;
* ``Scores``: each player's penalty points, the row's sum, what it should be (the
  contract's total, twice it when a player took none, the slam score on a slam) and a
  check; the running totals; the totals, each player's place and the winner;
* ``Rules``: the rule values as named cells (change one and every score follows), the
  facts of the deck, and each contract's totals (formulas).

Every computed number is a formula over the inputs and the named rule cells — the
doubling rule is ``IF(COUNTIF(row,">0")<n_players, avoided, 1)``, overridden by the slam
``IF(MAX(row)=in_deal, …)`` — and carries the value the library computes as its cached
value. The workbook's category (``scoresheet:rosbiratschka``) tells audit and import
which game it holds.

The modules: :mod:`.layout` (where every cell sits), :mod:`.plan` (what every cell
holds), :mod:`.render` (the live and blank workbooks written), :mod:`.audit` (a
workbook checked cell by cell, and imported).
"""
