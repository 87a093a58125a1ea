"""``play`` for Belote: the contract, the taker, then the card play's questions of the
partnership kit (:mod:`scoresheet.partnership.play`)."""

from __future__ import annotations

from scoresheet.partnership import views
from scoresheet.partnership.play import Race
from scoresheet.partnership.play import deal_questions as deal_questions

BELOTE = Race("Belote", views, deal_questions)
play_game = BELOTE.play_game
