"""A club night's roster, read from a players file: one player per line, or one pair.

The file is UTF-8 text. Blank lines and lines starting with ``#`` are skipped; each other
line holds one player's name, or, for a partnership game, the two partners of a pair
separated by a comma (``Ann, Cat``: a comma is never part of a name). Every name is held
to the rules of :mod:`scoresheet.names` across the whole roster (one player per name, no
two names that cannot be told apart); a bad line is refused naming ``file:line``.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.limits import MAX_NAME
from scoresheet.names import check_players, quote
from scoresheet.record_text import decode_text
from scoresheet.store import read_regular_file

MAX_ROSTER = 400  # players on one night's roster
MAX_ROSTER_BYTES = 256 * 1024


def parse(text: str, source: str, *, pairs: bool) -> list[tuple[str, ...]]:
    """The roster's entries (one name, or two for a pair) in the order of ``text``.

    >>> parse("Ann\\n# a comment\\n\\nBob \\n", "club.txt", pairs=False)
    [('Ann',), ('Bob',)]
    >>> parse("Ann, Cat\\nBob,Dan\\n", "club.txt", pairs=True)
    [('Ann', 'Cat'), ('Bob', 'Dan')]
    >>> parse("Ann\\nANN\\n", "club.txt", pairs=False)
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: club.txt:2: "Ann" and "ANN" cannot be told apart (players are typed in any case)
    """  # noqa: E501
    entries: list[tuple[str, ...]] = []
    names: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = unicodedata.normalize("NFC", raw).strip()
        if not line or line.startswith("#"):
            continue
        where = f"{source}:{number}"
        parts = tuple(part.strip() for part in line.split(","))
        if pairs and len(parts) != 2:
            raise ScoresheetError(
                _(
                    "{where}: a line holds one pair, two names separated by a comma (Ann, Cat)"
                ).format(where=where)
            )
        if not pairs and len(parts) != 1:
            raise ScoresheetError(
                _(
                    "{where}: a line holds one player's name (pairs, Ann, Cat, are for the "
                    "partnership games)"
                ).format(where=where)
            )
        for name in parts:
            if len(name) > MAX_NAME:
                raise ScoresheetError(
                    _("{where}: {name} is longer than {most} characters").format(
                        where=where, name=quote(name), most=MAX_NAME
                    )
                )
        # The whole roster so far: a name that repeats or looks like an earlier one is
        # refused on the line where it comes second.
        check_players([*names, *parts], where)
        names.extend(parts)
        entries.append(parts)
        if len(names) > MAX_ROSTER:
            raise ScoresheetError(
                _("{where}: more than {most} players on one night").format(
                    where=where, most=MAX_ROSTER
                )
            )
    return entries


def read(path: Path, *, pairs: bool) -> list[tuple[str, ...]]:
    """The roster of the players file ``path``."""
    data = read_regular_file(path, limit=MAX_ROSTER_BYTES, what="players file")
    return parse(decode_text(data, path), str(path), pairs=pairs)
