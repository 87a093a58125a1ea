"""Caribbean All Fours workbooks: export, blank sheets, audit and import.

A workbook has four sheets, each with three header rows:

* ``Deals`` (the inputs): per deal the cards turned up, the beg, who was dealt High and
  Low, the trump jack's holder and who won it, each team's card points; the dealer (by
  the rotation), the trump suit and the card points in play are formulas;
* ``Points``: eight rows per deal, one per point in scoring order — kick 1, kick 2,
  kick 3, beg, High, Low, Jack, Game — with the team, the points, whether they count
  (not once the game is won), both teams' running scores, and where the game was won;
* ``Scores``: one row per deal: the points each team counted, the running totals, the
  deal the game was won in; then the totals and the winner;
* ``Rules``: the players and teams, the rule values (target, points, options, the kick
  and card-point tables) as named cells.

Every computed cell is a formula over the inputs and the named rule cells, and carries
the value the library computes as its cached value. An audit reads the inputs back,
scores them with the library, and compares every formula and every value shown.

The modules: :mod:`.layout` (where every cell sits), :mod:`.plan` and :mod:`.points`
(what every cell holds), :mod:`.render` (the live and blank workbooks written),
:mod:`.audit` (a workbook checked cell by cell, and imported).
"""
