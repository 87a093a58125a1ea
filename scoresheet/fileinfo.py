"""What a path names and what went wrong with it, and how large a file is, in a user's
words, for reading, saving and locking game files (:mod:`scoresheet.store`,
:mod:`scoresheet.locks`)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scoresheet.i18n import N_, _, ngettext

# Flags that exist on some systems only: 0 where they do not.
O_BINARY: int = getattr(os, "O_BINARY", 0)  # Windows: no newline translation
O_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once, without a writer
O_NOCTTY: int = getattr(os, "O_NOCTTY", 0)


def real_path(path: Path) -> Path:
    """The file that ``path`` names once symbolic links are followed (it need not exist)."""
    return Path(os.path.realpath(path))


def reason(error: OSError) -> str:
    """Why the system refused, as it says it; the common reasons in the language in force
    (a system that words them otherwise is shown as it words them).

    >>> reason(PermissionError(13, "Permission denied"))
    'Permission denied'
    """
    said = error.strerror or str(error)
    return _(said) if said in _REASONS else said


# What the system says most often when a file cannot be read, written or locked (as the
# C library words it), translated where it is shown.
_REASONS = frozenset(
    {
        N_("Permission denied"),
        N_("Operation not permitted"),
        N_("No space left on device"),
        N_("Disk quota exceeded"),
        N_("Read-only file system"),
        N_("File name too long"),
        N_("Not a directory"),
        N_("Is a directory"),
        N_("No such file or directory"),
        N_("Too many levels of symbolic links"),
        N_("Input/output error"),
        N_("Resource temporarily unavailable"),
        N_("Text file busy"),
        N_("Invalid argument"),
        N_("File exists"),
    }
)


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in a user's words."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    return _("not a regular file")


def megabytes(size: int) -> str:
    return _("{size} MB").format(size=f"{size / 1024 / 1024:.1f}")


def sizes(size: int, limit: int) -> tuple[str, str]:
    """A size over a limit and the limit as a reader takes them in: in MB, or in bytes
    where one decimal would not tell them apart ("5.0 MB, at most 5.0 MB").

    >>> sizes(17_000_000, 16 * 1024 * 1024), sizes(5 * 1024 * 1024 + 1, 5 * 1024 * 1024)
    (('16.2 MB', '16.0 MB'), ('5,242,881 bytes', '5,242,880 bytes'))
    """
    if megabytes(size) != megabytes(limit):
        return megabytes(size), megabytes(limit)
    return _bytes(size), _bytes(limit)


def _bytes(n: int) -> str:
    return ngettext("{n} byte", "{n} bytes", n).format(n=f"{n:,}")


# What the files read and written are called in messages: callers pass one of these, and
# it is translated where it is shown.
KINDS = (
    N_("game file"),
    N_("workbook"),
    N_("a game file"),
    N_("a workbook"),
    N_("a workbook or a PDF"),
    N_("a history archive"),
)


# The refusals of reading and writing a file, shared by every way of doing it.


def is_folder(path: Path, what: str) -> str:
    return _("{path}: is a folder, not a {what}").format(path=path, what=what)


def cannot_read(path: Path, error: OSError) -> str:
    return _("{path}: cannot read: {reason}").format(path=path, reason=reason(error))


def cannot_write(path: Path, error: OSError) -> str:
    return _("{path}: cannot write: {reason}").format(path=path, reason=reason(error))


def cannot_save(path: Path, error: OSError) -> str:
    return _("{path}: cannot save: {reason}").format(path=path, reason=reason(error))


def impossible_name(path: Path) -> str:
    return _("{path}: not a possible file name").format(path=ascii(str(path)))


def not_writable(path: Path, info: os.stat_result) -> str:
    return _("{path}: is {kind}, not a file to write; refused").format(
        path=path, kind=file_kind(info.st_mode)
    )


def already_exists(path: Path) -> str:
    return _("{path} already exists (use --force to replace it)").format(path=path)


def not_regular(path: Path, info: os.stat_result, what: str) -> str:
    return _("{path}: is {kind}, not a {what}; refused").format(
        path=path, kind=file_kind(info.st_mode), what=what
    )


def too_large(path: Path, size: int, limit: int, what: str) -> str:
    shown, most = sizes(size, limit)
    return _("{path}: {size} is too large for a {what} (at most {most}); refused").format(
        path=path, size=shown, what=what, most=most
    )


def grew_past(path: Path, limit: int, what: str) -> str:
    return _(
        "{path}: grew past {most} while it was read (the most a {what} may hold); refused"
    ).format(path=path, most=megabytes(limit), what=what)


def write_protected(path: Path) -> str:
    return _("{path}: is write-protected (read-only, or not yours); nothing was saved").format(
        path=path
    )


def hard_links(path: Path, links: int) -> str:
    return _(
        "{path}: has {n} hard links; replacing it would leave the other names with the old "
        "contents, so nothing was saved (copy it to a file of its own)"
    ).format(path=path, n=links)


def other_owner(path: Path) -> str:
    return _(
        "{path}: belongs to another user or group, and saving would change that; nothing was saved"
    ).format(path=path)
