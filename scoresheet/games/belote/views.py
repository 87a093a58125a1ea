"""What Belote shows in the terminal and as JSON: the partnership kit's
(:mod:`scoresheet.partnership.views`)."""

from __future__ import annotations

from scoresheet.partnership.views import after_deal_text as after_deal_text
from scoresheet.partnership.views import deal_text as deal_text
from scoresheet.partnership.views import rules_json as rules_json
from scoresheet.partnership.views import rules_text as rules_text
from scoresheet.partnership.views import score_text as score_text
from scoresheet.partnership.views import sheet_text as sheet_text
from scoresheet.partnership.views import status_text as status_text
