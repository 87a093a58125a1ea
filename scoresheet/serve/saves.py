"""A save sent twice is saved once: the phone's save ids, and the server's refusals.

A phone that cannot reach the server keeps the deal it saves (in the browser's storage)
and sends it again until the server answers — after a lost answer, a dropped network or
a restart of the server, the same save may then arrive twice. Each save of a deal (``POST
deals/N``) or of a correction (``POST deals/N/correct``) therefore carries an id the
page made for it, in the ``X-Scoresheet-Save`` header: 8 to 64 letters, digits, ``-``
or ``_`` (a random UUID). The server keeps the ids it has applied in the game file
itself, in the same atomic write as the deal (``saves``: the last
:data:`scoresheet.session.SAVES_KEPT`, oldest dropped first), so a repeat is recognised
even after a restart or a ``kill -9``. A repeat is answered ``200`` "already saved", with
the deal's number, and saves nothing — also when that deal was undone since: the undo
was someone's decision, which a late copy of the save does not reverse.

A save without the header is saved as before (``scoresheet add``'s JSON seam, a script).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scoresheet.i18n import _
from scoresheet.session import OpenGame, saved_by

SAVE_HEADER = "x-scoresheet-save"
_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


class Refused(Exception):
    """A request answered with one line: ``status`` and the message."""

    def __init__(self, status: int, message: str, state: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.state = state


def save_id(headers: Mapping[str, str]) -> str | None:
    """The request's save id, ``None`` when it has none; refused (400) when malformed."""
    given = headers.get(SAVE_HEADER)
    if given is None:
        return None
    if not _SAVE_ID.fullmatch(given):
        raise Refused(
            400,
            _("{header}: a save's id is 8 to 64 letters, digits, - or _").format(
                header="X-Scoresheet-Save"
            ),
        )
    return given


def repeated(game: OpenGame, save: str | None) -> tuple[str, int] | None:
    """The answer to a save already applied to ``game`` (its message and the number of
    deals), or ``None`` when ``save`` is new."""
    number = None if save is None else saved_by(game.record, save)
    if number is None:
        return None
    return (
        _("deal {number}: this save had already arrived; nothing more was saved").format(
            number=number
        ),
        len(game.result.deals),
    )
