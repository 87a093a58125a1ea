"""The one exception type every bad input raises, and the exit codes of every command."""

from __future__ import annotations

# One exit-code convention for every command (documented in the manual, docs/files.md):
EXIT_OK = 0  # done; for ``audit``: nothing wrong
EXIT_FINDINGS = 1  # ``audit`` read the file and found problems in it
EXIT_REFUSED = 2  # bad input, a file refused or unreadable, a usage error; nothing written
EXIT_INTERNAL = 3  # a fault in scoresheet itself (a bug to report); nothing written
EXIT_STOPPED = 130  # stopped by the user (Ctrl-C, end of input)

MAX_MESSAGE = 300  # characters of a message quoted from any input, at most


class ScoresheetError(Exception):
    """Bad input: a message a player understands, naming what is wrong and where.

    >>> str(ScoresheetError("deal 7, no-queens: queens add up to 5, a deal has 4"))
    'deal 7, no-queens: queens add up to 5, a deal has 4'
    """


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out.

    >>> shorten("x" * 10, 4)
    'xxxx… (6 more characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def one_line(message: str, *, joined: bool = False, limit: int | None = None) -> str:
    """A message made safe to print as one line: control characters shown escaped.

    ``joined``: runs of white space (line breaks included) first become one space, for a
    message several lines long shown on one (a web page's answer, a workbook finding);
    ``limit``: the text cut after that many characters, marked ``…``.

    >>> one_line('"a\\nb" is not a player')
    '"a\\\\nb" is not a player'
    >>> one_line("corrected deal 1:\\n    result: 1 → 2", joined=True)
    'corrected deal 1: result: 1 → 2'
    >>> one_line("=SUM(A1:A9)" * 3, joined=True, limit=12)
    '=SUM(A1:A9)=…'
    """
    text = " ".join(message.split()) if joined else message
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
