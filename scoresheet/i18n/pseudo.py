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
    """A catalog that puts every message looked up in it into the pseudo-language: a
    message shown without going through the catalogs stays plain English and so stands
    out (whether each marked message is in the catalogs is the catalog test's concern)."""

    def gettext(self, message: str, /) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return pseudo(message)
