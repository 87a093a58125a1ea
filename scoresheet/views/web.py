"""What every game's live sheet (its ``web.py``, role ``Web``) is made of: rows of
text cells, signed scores, the standings of two teams.

A game's sheet is a dict of JSON-ready data: ``title``, ``progress``, ``teams`` (or
``None``), ``columns``, ``left`` (the columns of text, aligned left), ``rows`` (each
made by :func:`row`), ``standings`` (each ``place``, ``name``, ``total``), perhaps a
``standings_note``, and ``sections`` (each a ``title`` and its ``lines``).
:func:`scoresheet.serve.sheet.view` adds what every game has. Nothing here imports
the web server.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Row = dict[str, Any]


class Teams(Protocol):
    """The score result of a game played by two teams."""

    @property
    def team_totals(self) -> Sequence[int]: ...
    def team_name(self, team: int) -> str: ...


def signed(n: int) -> str:
    """A score as the phone shows it.

    >>> signed(5), signed(-12), signed(0)
    ('+5', '-12', '0')
    """
    return f"{n:+d}" if n else "0"


def row(kind: str, cells: Sequence[str], number: int | None = None) -> Row:
    """A row of the sheet: a ``deal`` (with its ``number``), the ``running`` totals
    under it, or a ``group``'s heading (one cell)."""
    return {"kind": kind, "number": number, "cells": list(cells)}


def team_standings(result: Teams) -> list[dict[str, Any]]:
    """The two teams of a partnership game, the higher total first."""
    order = sorted((0, 1), key=lambda k: -result.team_totals[k])
    return [
        {
            "place": 1 + int(result.team_totals[1 - k] > result.team_totals[k]),
            "name": result.team_name(k),
            "total": str(result.team_totals[k]),
        }
        for k in order
    ]
