"""A game file's text: the bytes of the record format read as text, the one way everywhere.

A game file is UTF-8, with or without a byte-order mark, or UTF-16 with a byte-order mark
(as Windows Notepad and PowerShell save it). Anything else (UTF-16 without a mark, UTF-32,
other encodings) is refused, naming the file and what it seems to be. Saving always writes
UTF-8 without a mark (:mod:`scoresheet.store`).
"""

from __future__ import annotations

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _

__all__ = ["decode_text"]

_BOMS: tuple[tuple[bytes, str | None], ...] = (
    # Longest first: the UTF-32 little-endian mark starts with the UTF-16 one.
    (b"\xff\xfe\x00\x00", None),
    (b"\x00\x00\xfe\xff", None),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def decode_text(data: bytes, source: object) -> str:
    r"""A game file's bytes as text: UTF-8 (a byte-order mark is dropped) or UTF-16 with a mark.

    >>> decode_text(b"\xef\xbb\xbf{}", "g.json"), decode_text("{}".encode("utf-16"), "g.json")
    ('{}', '{}')
    >>> decode_text(b"\xff\xfe\x00\x00{\x00\x00\x00", "g.json")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: g.json: a UTF-32 text file; save it as UTF-8 (or UTF-16)
    """
    encoding = "utf-8"
    for mark, name in _BOMS:
        if data.startswith(mark):
            if name is None:
                raise ScoresheetError(
                    _("{source}: a UTF-32 text file; save it as UTF-8 (or UTF-16)").format(
                        source=source
                    )
                )
            encoding, data = name, data[len(mark) :]
            break
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        if encoding != "utf-8":
            raise ScoresheetError(
                _("{source}: not a text file (invalid UTF-16 at byte {byte})").format(
                    source=source, byte=error.start
                )
            ) from None
        if b"\x00" in data[:64]:
            message = _(
                "{source}: not a text file (invalid UTF-8 at byte {byte} — UTF-16 without a "
                "byte-order mark?)"
            )
        else:
            message = _("{source}: not a text file (invalid UTF-8 at byte {byte})")
        raise ScoresheetError(message.format(source=source, byte=error.start)) from None
