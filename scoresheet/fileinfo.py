"""What a path names and what went wrong with it, and how large a file is, in a user's
words, for reading, saving and locking game files (:mod:`scoresheet.store`,
:mod:`scoresheet.locks`)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

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
    return error.strerror or str(error)


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in a user's words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def megabytes(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB"


def sizes(size: int, limit: int) -> tuple[str, str]:
    """A size over a limit and the limit as a reader takes them in: in MB, or in bytes
    where one decimal would not tell them apart ("5.0 MB, at most 5.0 MB").

    >>> sizes(17_000_000, 16 * 1024 * 1024), sizes(5 * 1024 * 1024 + 1, 5 * 1024 * 1024)
    (('16.2 MB', '16.0 MB'), ('5,242,881 bytes', '5,242,880 bytes'))
    """
    if megabytes(size) != megabytes(limit):
        return megabytes(size), megabytes(limit)
    return f"{size:,} bytes", f"{limit:,} bytes"
