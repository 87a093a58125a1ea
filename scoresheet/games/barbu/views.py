"""Barbu's terminal views, by the names of the ``Views`` role (temporary).

The views still live in :mod:`scoresheet.views.text` and :mod:`scoresheet.views.rules`
(and their wrappers in :mod:`scoresheet.games.barbu.game`); this module only gathers
them under the role's module name until they move here.
"""

from __future__ import annotations

from scoresheet.games.barbu.game import (
    after_deal_text,
    deal_text,
    rules_json,
    rules_text,
    score_text,
    sheet_text,
    status_text,
)
from scoresheet.views.rules import _value_text
from scoresheet.views.text import owed_text, paper_doubles, row_adds_up

__all__ = [
    "_value_text",
    "after_deal_text",
    "deal_text",
    "owed_text",
    "paper_doubles",
    "row_adds_up",
    "rules_json",
    "rules_text",
    "score_text",
    "sheet_text",
    "status_text",
]
