"""The one exception type every bad input raises."""

from __future__ import annotations


class ScoresheetError(Exception):
    """Bad input: a message a player understands, naming what is wrong and where.

    >>> str(ScoresheetError("deal 7, no-queens: queens add up to 5, a deal has 4"))
    'deal 7, no-queens: queens add up to 5, a deal has 4'
    """
