"""Paper: PDF score pads to fill in with a pen, and printed games.

Everything here is a view of one scoring result (or of a blank game's rules): each
game's ``paper.py`` (role ``Paper``) turns it into a :class:`~scoresheet.paper.model.Doc`
(tables of strings, a legend, a chart's series) with the helpers of
:mod:`scoresheet.paper.kit`; :mod:`scoresheet.cli.pdf` picks the game's builder, and
:mod:`scoresheet.paper.render` lays the document out on A4 or US Letter with fpdf2.
fpdf2 is imported only there, so the table commands never pay for it.
"""

from __future__ import annotations

PAPERS = ("a4", "letter")
