"""The pseudo-language ``qps``: every message that goes through the catalogs comes out
wrapped and accented, so a screen run in it shows at a glance (and a test finds by
pattern) every word that did not.

Placeholders (``{name}``, ``{n:+d}``), markup between ``<`` and ``>``, options
(``--json``) and names in capitals (``COLUMNS``) are kept as they are, so the message
still formats and still names what it names.

>>> pseudo("deal {number}: {who} doubled")
'[ðéåļ {number}: {who} ðöûƀļéð]'
"""

from __future__ import annotations

import re

OPEN, CLOSE = "[", "]"
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# Kept as they are: placeholders, markup, options (--json) and names in capitals (COLUMNS).
_KEEP = re.compile(
    r"(\{[^{}]*\}|<[^<>]*>|%\(\w+\)[sd]|%[sd]|(?<![\w-])--?\w[\w-]*|\b[A-Z][A-Z_]{2,}\b)"
)


def pseudo(message: str) -> str:
    """``message`` wrapped in brackets, its letters accented, placeholders kept."""
    if not message:
        return message
    parts = _KEEP.split(message)
    text = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    return f"{OPEN}{text}{CLOSE}"


class PseudoTranslations:
    """A catalog that puts every message the catalogs hold into the pseudo-language, and
    leaves any other as it is: a message shown without going through the catalogs, or
    going through them unlisted, stays plain English and so stands out."""

    def __init__(self, keys: frozenset[str]) -> None:
        self.keys = keys

    def gettext(self, message: str, /) -> str:
        return pseudo(message) if message in self.keys else message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        text = singular if n == 1 else plural
        return pseudo(text) if singular in self.keys else text

    def pgettext(self, context: str, message: str, /) -> str:
        return pseudo(message) if f"{context}\x04{message}" in self.keys else message
