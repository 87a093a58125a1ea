"""Belote's scores: the partnership kit's (:mod:`scoresheet.partnership.score`): each
deal's card play counted, the contract made, *dedans* or in *litige*, the race to the
target."""

from __future__ import annotations

from scoresheet.partnership.score import score_game as score_game
from scoresheet.partnership.score import to_json as to_json
