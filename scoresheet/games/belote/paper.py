"""Belote's paper sheets, blank and filled in: the partnership kit's
(:mod:`scoresheet.partnership.paper`)."""

from __future__ import annotations

from scoresheet.partnership.paper import pad as pad
from scoresheet.partnership.paper import printed as printed
