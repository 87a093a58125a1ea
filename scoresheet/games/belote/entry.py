"""Reading what a player types into a Belote deal: the partnership kit's
(:mod:`scoresheet.partnership.entry`, where the ``--set`` keys are listed)."""

from __future__ import annotations

from scoresheet.partnership.entry import deal_from_flags as deal_from_flags
from scoresheet.partnership.entry import declaration as declaration
from scoresheet.partnership.entry import declaration_for_team as declaration_for_team
from scoresheet.partnership.entry import read_contract as read_contract
from scoresheet.partnership.entry import team as team
