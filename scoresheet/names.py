"""Player names: what a name may be, so that every name can be typed, shown and told apart.

Checked whenever a game file is read (a hand-edited file is held to the same rules as
``scoresheet new``), so scoring, views and the prompts can trust every name:

- written in Unicode's composed form (NFC): "Zoë" typed either way is one player;
- at least one visible character; no control or format characters (escape sequences,
  newlines, tabs, zero-width spaces, right-to-left overrides), except the zero-width
  joiners inside a word that some scripts and emoji need; no space but the plain one,
  none at either end and never two in a row;
- none of ``, / | : ;`` — they separate players, cards and fields in what is typed
  (``Ann,Cat``, ``jack=Dan/Ann``, ``decl=Cat:tierce:K``, and ``:`` marks a keyword);
- no two names the same once case and compatibility forms are set aside (``Ann`` and
  ``ANN``, ``Ａｎｎ`` and ``Ann``): players are typed in any case or width (answers are
  matched by :func:`fold` too), so such names could not be told apart.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from scoresheet.errors import ScoresheetError, one_line
from scoresheet.i18n import N_, _

SEPARATORS = ",/|:;"
JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner: part of some words and emoji
_VISIBLE = ("L", "N", "P", "S")


QUOTE_LIMIT = 40  # characters of typed or stored text a message shows


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Typed or stored text as a message may show it: in quotes, with every character that
    is not printable (control, format, bidi) escaped, and cut after ``limit`` characters.

    >>> print(quote("Bob\\x1b[2J"))
    "Bob\\x1b[2J"
    >>> print(quote("x" * 50, limit=5))
    "xxxxx…"
    """
    return f'"{one_line(text, limit=limit)}"'


def problem(name: str) -> str | None:
    """What is wrong with ``name`` as a player's name, or ``None``.

    >>> problem("Zoë"), problem("Ann Lee")
    (None, None)
    >>> problem("\\u200b")
    'has no visible character'
    >>> problem("Bob\\x1b[2J")
    'contains the control character \\\\x1b'
    """
    if unicodedata.normalize("NFC", name) != name:
        return _decomposed(name)
    if not any(unicodedata.category(c)[0] in _VISIBLE for c in name):
        return _("has no visible character")
    for i, c in enumerate(name):
        category = unicodedata.category(c)
        if c in JOINERS and 0 < i < len(name) - 1:
            continue
        if category[0] == "C" or category in ("Zl", "Zp"):
            shown = repr(c)[1:-1]
            if category == "Cc":
                return _("contains the control character {shown}").format(shown=shown)
            return _("contains the invisible or control character {shown}").format(shown=shown)
        if category == "Zs" and c != " ":
            return _("contains the space-like character {shown} (use a plain space)").format(
                shown=repr(c)[1:-1]
            )
        if c in SEPARATORS:
            return _("contains {shown} (names may not contain any of {separators})").format(
                shown=c, separators=" ".join(SEPARATORS)
            )
    if name != name.strip() or "  " in name:
        return _("has a space at an end or two in a row")
    return None


def _decomposed(name: str) -> str:
    """Why a name not in composed form (as some systems save a file) is refused, showing
    where: typed names are composed as they are read, so only a file holds one.

    >>> print(_decomposed("Jose\u0301"))
    writes é as e + U+0301 (as some systems save text): save it in composed Unicode (NFC)
    """
    for one in (*name, *map("".join, pairwise(name))):
        composed = unicodedata.normalize("NFC", one)
        if composed != one:
            parts = " + ".join(c if i == 0 else f"U+{ord(c):04X}" for i, c in enumerate(one))
            shown = parts if len(one) > 1 else f"U+{ord(one):04X}"
            return _(
                "writes {composed} as {shown} (as some systems save text): save it in "
                "composed Unicode (NFC)"
            ).format(composed=composed, shown=shown)
    return _("is not in composed Unicode form: save it in composed Unicode (NFC)")


def composed(data: Any, where: str) -> Any:
    """Typed data (a deal given as JSON on the command line) with every text in it composed
    (NFC), as every typed name is read: "Zoë" typed either way is one player. Two keys of
    one object that compose alike are refused, naming both.

    >>> composed({"Zoe\u0308": ["Zoe\u0308"]}, "--deal") == {"Zoë": ["Zoë"]}
    True
    >>> composed({"Zoë": 1, "Zoe\u0308": 2}, "--deal")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: --deal: "Zoë" is given twice, its letters written two ...
    """
    if isinstance(data, str):
        return unicodedata.normalize("NFC", data)
    if isinstance(data, list):
        return [composed(item, where) for item in data]
    if not isinstance(data, dict):
        return data
    out: dict[str, Any] = {}
    for key, value in data.items():
        one = unicodedata.normalize("NFC", key)
        if one in out:
            raise ScoresheetError(
                _(
                    "{where}: {name} is given twice, its letters written two ways (composed "
                    "and decomposed Unicode); give it once"
                ).format(where=where, name=quote(one))
            )
        out[one] = composed(value, where)
    return out


def fold(name: str) -> str:
    """The form in which two names count as the same: compatibility-composed, casefolded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _sameness(one: str, other: str) -> str:
    """How two names that fold alike differ: in case alone, or in width too.

    >>> _sameness("Ann", "ANN"), _sameness("Ａｎｎ", "Ann")
    ('any case', 'any case or width')
    """
    return _("any case") if one.casefold() == other.casefold() else _("any case or width")


def check_players(players: Sequence[str], where: str) -> None:
    """Refuse a bad name, or two names that could not be told apart; ``where`` starts the
    message (``game.json: players``)."""
    seen: dict[str, str] = {}
    for name in players:
        wrong = problem(name)
        if wrong is not None:
            # Translators: {problem} says what is wrong with the name ("has no visible
            # character").
            raise ScoresheetError(
                _("{where}: {name} {problem}").format(where=where, name=quote(name), problem=wrong)
            )
        key = fold(name)
        if key in seen:
            other = seen[key]
            if other == name:
                raise ScoresheetError(
                    _("{where}: {name} is listed twice").format(where=where, name=quote(name))
                )
            raise ScoresheetError(
                _(
                    "{where}: {other} and {name} cannot be told apart (players are typed in "
                    "{sameness})"
                ).format(
                    where=where,
                    other=quote(other),
                    name=quote(name),
                    sameness=_sameness(other, name),
                )
            )
        seen[key] = name
    _refuse_lookalikes(players, where)


# Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables, the common
# ones): two names that differ only by these look the same on a sheet, in initials, on
# a pad, so nobody could tell who declared or doubled.
_LOOKALIKES = str.maketrans(
    "аАвВеЕкКмМнНоОрРсСтТуУхХіІјЈѕЅԁһӏԛԝ"  # Cyrillic
    "αΑβΒεΕζΖηΗιΙκΚμΜνΝοΟρΡτΤυΥχΧ",  # Greek
    "aAbBeEkKmMhHoOpPcCtTyYxXiIjJsSdhlqwaAbBeEzZnHiIkKuMvNoOpPtTuYxX",
)


def _refuse_lookalikes(players: Sequence[str], where: str) -> None:
    """Refuse two names that look the same (a Latin A and a Cyrillic А), naming the
    letters that differ.

    >>> _refuse_lookalikes(["Ann", "\u0410nn", "Cat"], "p")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: p: "Ann" and "Аnn" cannot be told apart: they look ...
    """
    seen: dict[str, str] = {}
    for name in players:
        # Mapped before case is folded: an upper-case Greek Η looks like H, a lower-case η
        # like n.
        key = unicodedata.normalize("NFKC", name).translate(_LOOKALIKES).casefold()
        other = seen.setdefault(key, name)
        if other is not name:
            pairs = ((x, y) for x, y in zip(other, name, strict=False) if x != y)
            a, b = next(pairs, (other[:1], name[:1]))
            raise ScoresheetError(
                _(
                    "{where}: {other} and {name} cannot be told apart: they look the same "
                    "({script} {letter}, {other_script} {other_letter})"
                ).format(
                    where=where,
                    other=quote(other),
                    name=quote(name),
                    script=_script(a),
                    letter=a,
                    other_script=_script(b),
                    other_letter=b,
                )
            )


def _script(c: str) -> str:
    """The script of a letter, as its Unicode name starts (LATIN, CYRILLIC, GREEK)."""
    script = unicodedata.name(c, "?").split()[0].capitalize()
    return _(_SCRIPTS[script]) if script in _SCRIPTS else script


# The scripts of the look-alike letters, translated where they are shown.
_SCRIPTS = {"Latin": N_("Latin"), "Cyrillic": N_("Cyrillic"), "Greek": N_("Greek")}


# Full-width forms typed on a Japanese or Chinese keyboard (３, ｍａｘ), read as ASCII.
_FULL_WIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def ascii_forms(text: str) -> str:
    """``text`` with full-width letters, digits and signs as their ASCII forms.

    >>> ascii_forms("ｍａｘ ３，１")
    'max 3,1'
    """
    return text.translate(_FULL_WIDTH)
