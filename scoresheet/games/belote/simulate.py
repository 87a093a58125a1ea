"""Random Belote games for the property tests and ``simulate``: the partnership kit's
(:mod:`scoresheet.partnership.simulate`)."""

from __future__ import annotations

from scoresheet.partnership.simulate import random_game as random_game
