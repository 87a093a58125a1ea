"""Belote's workbook: a game as a live workbook; blank sheets; audit and import.

Four sheets, each with three header rows and one row per deal (or declaration) from
row 4 on:

* ``Results`` (inputs): the dealer (by the rotation), the contract, the taker, each
  team's card points, the teams that took the last trick, announced belote and made a
  capot, and optionally the cards each team captured (checked by ``audit``);
* ``Declarations`` (inputs): one row per declaration: deal, team, kind, rank; its value
  and strength are formulas;
* ``Scores``: per deal the taking team, the outcome (made, dedans, litige), each team's
  score and running total, who has won, the litige points held; then the workings:
  the card points check, what each team took, belote, declarations, the raw and rounded
  scores and the litige points released; the totals at the bottom;
* ``Rules``: the rule values as named cells (``r_target``, ``r_last_trick``,
  ``r_belote``, ``r_capot``, ``r_tie``, …), the players and teams, the four card-point
  tables and each contract's totals as formulas over them, the declaration values.

Every computed number is a formula over the input cells and the named rule cells; the
library's values are saved with them (see :mod:`scoresheet.sheets.write`). The card
points of a deal are typed (the sheet does not count cards); captured cards typed in
Results are checked against them by ``audit`` and kept by ``import``.

Where every cell sits: :mod:`.layout`; what each holds: :mod:`.plan` and
:mod:`.scores`; the workbook written: :mod:`.render`; a workbook checked and read back:
:mod:`.audit`.
"""
