"""Belote's rules: the card play's rules of the partnership kit
(:class:`~scoresheet.partnership.rules.BeloteRules`: card points, totals, belote,
declarations, litige), which are all of Belote's.

>>> from scoresheet.rules import load_preset
>>> rules = load_preset("belote")
>>> rules.card_total("hearts"), rules.target
(152, 1000)
"""

from __future__ import annotations

from scoresheet.partnership.rules import BeloteRules

# The role of a game's rules module (see :class:`scoresheet.roles.Rules`).
rules_from_data = BeloteRules.from_data
