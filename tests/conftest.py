"""Shared helpers for the tests."""

from __future__ import annotations

import os
from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.score import GameScore, score_game

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]

# The tests read English unless they choose a language: a tester's own locale (LANG=de_DE)
# must not change what the console script prints to them.
os.environ["SCORESHEET_LANG"] = "en"


def game(
    deals: list[dict[str, Any]],
    rules: str | dict[str, Any] = "classic",
    players: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": rules,
        "players": players or PLAYERS,
        "deals": deals,
    }
    if options is not None:
        data["options"] = options
    return data


def score(data: dict[str, Any]) -> GameScore:
    return score_game(record.from_data(data))


def refused(data: dict[str, Any]) -> str:
    """The message of the error scoring ``data`` raises (fails the test if none is raised)."""
    with pytest.raises(ScoresheetError) as info:
        score(data)
    return str(info.value)
