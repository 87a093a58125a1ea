"""Coinche's workbook: a game as a live workbook; blank sheets; audit and import.

Four sheets, each with three header rows and one row per deal (or declaration) from
row 4 on:

* ``Results`` (inputs): the dealer (by the rotation), the contract, the bid (a number,
  ``capot`` or ``generale``), the taker, who coinched and who surcoinched, each team's
  card points, the teams that took the last trick, announced belote and took all 8
  tricks, and optionally the cards each team captured (checked by ``audit``);
* ``Declarations`` (inputs, when the rules use them): one row per declaration: deal,
  team, kind, rank; its value and strength are formulas;
* ``Scores``: per deal the contract, bid, taker, taking team, multiplier, the points
  needed, the outcome (made, dedans), each team's score and running total, who has won;
  then the workings: the card points check, the takers' and defenders' totals, the
  deal's winner and the value it scores, and for each team what it took, its belote,
  declarations and points; the totals at the bottom;
* ``Rules``: the rule values as named cells (``r_target``, ``r_scoring``,
  ``r_dedans_points``, ``r_coinche``, ``r_bid_needs``, …), the players and teams, the
  four card-point tables and each contract's totals as formulas over them, the
  declaration values.

Every computed number is a formula over the input cells and the named rule cells; the
library's values are saved with them (see :mod:`scoresheet.sheets.write`).

Where every cell sits: :mod:`.layout`; what each holds: :mod:`.plan` and :mod:`.scores`;
the workbook written: :mod:`.render`; a workbook checked and read back: :mod:`.audit`.
"""
