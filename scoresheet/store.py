"""Reading and saving game files safely: bounded reads, atomic replacement, locking.

This module deals in bytes and text only: the caller parses and serialises the game and
hands the new text back. Nothing here prints or knows about the command line; every
problem is a :class:`~scoresheet.errors.ScoresheetError` whose one-line message names the file.

Reading (:func:`read_snapshot`, :func:`read_regular_file`):

* **Only regular files, only so much.** A file is opened first and checked on the open
  descriptor (``fstat``): a folder, a device (``/dev/zero``), a FIFO or a socket is refused
  before a byte is read (FIFOs are opened without blocking), and at most ``limit + 1``
  bytes are ever read, so a file that grows while it is read is refused too. A game file
  may hold at most :data:`MAX_GAME_BYTES`.
* **One decoding everywhere.** The text is decoded as the record format says
  (:func:`scoresheet.record_text.decode_text`). Saving always writes UTF-8 without a mark.

Saving (:func:`update`, :func:`write_if_unchanged`, :func:`create_new`):

* **No torn files.** :func:`atomic_write_text` writes a hidden temporary file next to the
  target, syncs it to disk and renames it over the target, so the target always holds either
  the old text or the new text in full, even if the process is killed or the machine stops.
  A temporary file left by a killed save is removed by a later save of the same game
  (see :func:`remove_stale_temporaries`).
* **One writer at a time.** :func:`~scoresheet.locks.locked` takes an exclusive lock
  (``flock`` on Linux and macOS, ``filelock``'s ``LockFileEx`` on Windows) on a hidden
  sidecar file (``.GAME.json.lock`` next to ``GAME.json``), shared by every scoresheet
  command that writes the game. The sidecar must be a regular file: a symbolic link there
  is refused, never followed.
* **No lost updates.** :func:`write_if_unchanged` saves only if the file still holds exactly
  what was read (same SHA-256 digest); :func:`update` does the whole read-change-write under
  the lock, so two commands run at once both land.
* **Nothing the user protected.** A file the user could not write in place (read-only, or
  owned by someone else) is not replaced through the folder's permission; a replaced file
  keeps its permission bits, owner and group; a file with more than one hard link is not
  replaced (the other names would silently keep the old contents).

Symbolic links to the game file are followed: the file a link points to is rewritten (and
locked), the link itself is left alone.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from scoresheet.errors import ScoresheetError
from scoresheet.fileinfo import (
    O_BINARY,
    O_CLOEXEC,
    O_NOCTTY,
    O_NOFOLLOW,
    O_NONBLOCK,
    already_exists,
    cannot_read,
    cannot_save,
    cannot_write,
    grew_past,
    hard_links,
    impossible_name,
    is_folder,
    not_regular,
    not_writable,
    other_owner,
    real_path,
    reason,
    sizes,
    too_large,
    write_protected,
)
from scoresheet.i18n import _
from scoresheet.limits import MAX_GAME_BYTES
from scoresheet.locks import locked
from scoresheet.record_text import decode_text

__all__ = [
    "MAX_GAME_BYTES",
    "STALE_TEMPORARY_SECONDS",
    "Snapshot",
    "atomic_write_text",
    "check_output",
    "create_new",
    "locked",
    "read_regular_file",
    "read_snapshot",
    "remove_stale_temporaries",
    "update",
    "write_if_unchanged",
    "write_new_file",
]

#: A temporary file of a save is removed by a later save once it is this old (seconds).
STALE_TEMPORARY_SECONDS = 60.0


@dataclass(frozen=True)
class Snapshot:
    """A file as it was read: its bytes, their text, and (on demand) their SHA-256 digest."""

    path: Path
    text: str
    data: bytes = field(repr=False)

    @cached_property
    def digest(self) -> str:
        # Computed only when asked: read-only commands never need it.
        import hashlib

        return hashlib.sha256(self.data).hexdigest()


def read_regular_file(path: Path, *, limit: int, what: str = "game file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    The file is opened first (without blocking, so a FIFO with no writer does not hang)
    and checked on the open descriptor, so what is checked is what is read: a folder, a
    device, a FIFO or a socket is refused, as is a file over ``limit`` bytes. At most
    ``limit + 1`` bytes are read, so a file that grows meanwhile cannot run away either.

    >>> read_regular_file(Path("/dev/zero"), limit=10)
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: /dev/zero: is a device, not a game file; refused
    """
    flags = os.O_RDONLY | O_BINARY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
    what = _(what)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise ScoresheetError(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise ScoresheetError(is_folder(path, what)) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows cannot open a folder as a file
            raise ScoresheetError(is_folder(path, what)) from None
        raise ScoresheetError(_("{path}: permission denied").format(path=path)) from None
    except OSError as error:
        raise ScoresheetError(cannot_read(path, error)) from None
    except ValueError:  # a NUL or a lone surrogate: no file can have this name
        raise ScoresheetError(impossible_name(path)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ScoresheetError(not_regular(path, info, what))
        if info.st_size > limit:
            raise ScoresheetError(too_large(path, info.st_size, limit, what))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise ScoresheetError(grew_past(path, limit, what))
        return b"".join(chunks)
    except OSError as error:
        raise ScoresheetError(cannot_read(path, error)) from None
    finally:
        os.close(fd)


def read_snapshot(path: Path) -> Snapshot:
    """Read a game file exactly as stored; the text is decoded by
    :func:`~scoresheet.record_text.decode_text`.

    >>> read_snapshot(Path("no-such-game.json"))
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: no-such-game.json: no such file
    """
    data = read_regular_file(path, limit=MAX_GAME_BYTES)
    return Snapshot(path=path, text=decode_text(data, path), data=data)


# --- checks before writing ---------------------------------------------------------------------


def _existing(path: Path) -> os.stat_result | None:
    """``stat`` of what ``path`` names (links followed), or ``None`` if nothing is there."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ScoresheetError(cannot_write(path, error)) from None
    except ValueError:  # a NUL or a lone surrogate: no file can have this name
        raise ScoresheetError(impossible_name(path)) from None


def check_output(
    path: Path, suffixes: Sequence[str], kind: str, *, inputs: Iterable[Path] = ()
) -> str:
    """Check an output path before anything is computed or written; return its suffix.

    Refused: a name not ending in one of ``suffixes`` (compared in lower case, e.g.
    ``(".xlsx",)`` for a workbook, ``(".json",)`` for a game file); a path that names one of
    ``inputs`` (by real path or as the same file, so symbolic and hard links count); and
    anything there that is not a regular file (a folder, a device, a FIFO). ``kind`` names
    the output in the message ("a workbook").

    >>> check_output(Path("b1.json"), (".xlsx",), "a workbook")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: b1.json: the name of a workbook must end in .xlsx; refused
    >>> check_output(Path("Sheet.XLSX"), (".xlsx", ".pdf"), "a workbook or a PDF")
    '.xlsx'
    """
    suffix = path.suffix.lower()
    if suffix not in suffixes:
        # Translators: joins file name endings: ".xlsx or .pdf".
        allowed = _(" or ").join(suffixes)
        raise ScoresheetError(
            _("{path}: the name of {kind} must end in {allowed}; refused").format(
                path=path, kind=_(kind), allowed=allowed
            )
        )
    here = _existing(path)
    for source in inputs:
        there = _existing(source)
        same_file = (
            here is not None
            and there is not None
            and (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
        )
        if same_file or real_path(path) == real_path(source):
            raise ScoresheetError(
                _(
                    "{path}: is the file being read ({source}); writing it would destroy it; "
                    "refused"
                ).format(path=path, source=source)
            )
    if here is not None and not stat.S_ISREG(here.st_mode):
        raise ScoresheetError(not_writable(path, here))
    return suffix


def _check_replaceable(path: Path, info: os.stat_result) -> None:
    """Refuse to replace a file the user protected, or one with other names (hard links)."""
    if not stat.S_ISREG(info.st_mode):
        raise ScoresheetError(not_writable(path, info))
    # os.access says what the user may write in place; a file with no write bit at all was
    # made read-only on purpose, and stays so even for an administrator who could write it.
    writable_bits = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    if not os.access(path, os.W_OK) or not info.st_mode & writable_bits:
        raise ScoresheetError(write_protected(path))
    if info.st_nlink > 1:
        raise ScoresheetError(hard_links(path, info.st_nlink))


def _keep_owner(fd: int, path: Path, info: os.stat_result) -> None:
    """Give the new file the old one's owner and group, or refuse (POSIX only)."""
    fchown = getattr(os, "fchown", None)
    if fchown is None:  # pragma: no cover - Windows has no owners to keep this way
        return
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) == (info.st_uid, info.st_gid):
        return
    try:
        fchown(fd, info.st_uid, info.st_gid)
    except OSError:
        raise ScoresheetError(other_owner(path)) from None


# --- temporary files ---------------------------------------------------------------------------


def _temp_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(name)}\.[0-9a-f]{{16}}\.tmp")


def _create_temp(folder: Path, name: str, mode: int) -> tuple[int, Path]:
    """Create and open a new, uniquely named hidden file ``.NAME.<random>.tmp`` in ``folder``.

    ``O_EXCL`` (and ``O_NOFOLLOW`` where it exists): a name already taken, even by a
    symbolic link, is never opened, so nothing is written through a planted link.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_BINARY | O_CLOEXEC | O_NOFOLLOW
    while True:
        temp = folder / f".{name}.{os.urandom(8).hex()}.tmp"
        try:
            fd = os.open(temp, flags, mode)
        except FileExistsError:  # pragma: no cover - 64 random bits collided
            continue
        return fd, temp


def remove_stale_temporaries(target: Path, *, older_than: float = STALE_TEMPORARY_SECONDS) -> int:
    """Remove temporary files that killed saves of ``target`` left beside it; return how many.

    Only this game's own temporaries are touched: names of exactly the form
    ``.NAME.<16 hex digits>.tmp``, regular files (not links), owned by the current user
    and unchanged for ``older_than`` seconds. The saves of scoresheet commands hold the
    game's lock (:func:`locked`) while their temporary file exists, so under the lock a
    temporary file belongs to a save that died; the age adds a margin for writers that do
    not take the lock (another machine on a network share, a library caller). Errors are
    ignored: cleaning up must never stop a save.
    """
    pattern = _temp_pattern(target.name)
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return 0
    getuid = getattr(os, "geteuid", None)
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            if getuid is not None and info.st_uid != getuid():
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable. Skipped where folders cannot be opened or synced."""
    o_directory = getattr(os, "O_DIRECTORY", None)
    if o_directory is None:  # pragma: no cover - not on Linux/macOS
        return
    fd = os.open(folder, os.O_RDONLY | o_directory | O_CLOEXEC)
    try:
        os.fsync(fd)
    except OSError as error:
        # Some file systems cannot sync a folder; the rename has happened all the same.
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def _chmod_fd(fd: int, temp: Path, mode: int) -> None:
    if os.chmod in os.supports_fd:
        os.chmod(fd, mode)
    else:  # pragma: no cover - Windows changes modes by name only
        os.chmod(temp, mode)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace (or create) ``path`` with ``text``, encoded as UTF-8, all at once.

    The text goes to a new hidden file ``.NAME.<random>.tmp`` in the same folder, which is
    flushed and synced to disk, given the permission bits, owner and group of the file it
    replaces (a new file gets the usual ``0o666`` less the umask), then renamed over
    ``path``; finally the folder is synced so the rename itself survives a crash. Anyone
    reading ``path`` sees the old text or the new text, never a mixture. If anything fails
    the temporary file is removed and ``path`` is left as it was.

    Refused, with nothing written: an existing ``path`` that is not a regular file, that the
    user could not write in place, that has other hard links, or whose owner or group
    could not be kept. This does not lock: see :func:`locked`.
    """
    data = text.encode("utf-8")
    target = real_path(path)
    folder = target.parent
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise ScoresheetError(cannot_save(path, error)) from None
    if info is not None:
        _check_replaceable(path, info)

    try:
        # An existing file's bits are applied after creation, so until then only we can read
        # the temporary file; a new file is created with 0o666 so the umask decides.
        fd, temp = _create_temp(folder, target.name, 0o600 if info is not None else 0o666)
    except FileNotFoundError:
        raise ScoresheetError(_("{path}: cannot save: no such folder").format(path=path)) from None
    except OSError as error:
        raise ScoresheetError(cannot_save(path, error)) from None

    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            if info is not None:
                _keep_owner(stream.fileno(), path, info)
                _chmod_fd(stream.fileno(), temp, stat.S_IMODE(info.st_mode))
            os.fsync(stream.fileno())
        os.replace(temp, target)
    except BaseException as error:
        with suppress(OSError):
            os.unlink(temp)
        if isinstance(error, OSError):
            raise ScoresheetError(cannot_save(path, error)) from None
        raise

    try:
        _fsync_folder(folder)
    except OSError as error:
        raise ScoresheetError(
            _("{path}: saved, but the folder could not be synced to disk: {reason}").format(
                path=path, reason=reason(error)
            )
        ) from None


def _link_into_place(temp: Path, path: Path) -> None:
    """Give the finished ``temp`` the name ``path``, failing if the name is taken."""
    try:
        os.link(temp, path)
        return
    except FileExistsError:
        raise
    except OSError:
        # File systems without hard links (FAT, some network shares; each system says so
        # with its own error): reserve the name with an exclusive create, then rename over
        # the reservation. A real failure (a full disk) fails here again and is reported.
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_BINARY | O_CLOEXEC | O_NOFOLLOW
    os.close(os.open(path, flags, 0o600))
    os.replace(temp, path)


def write_new_file(path: Path, data: bytes, *, force: bool = False) -> None:
    """Write an output file (a workbook, not a game: no lock) all at once.

    Without ``force`` an existing file is refused, even one that appears while writing
    (the finished temporary file is linked into place, which fails if the name is
    taken); with ``force`` a regular file is replaced, under the same rules as
    :func:`atomic_write_text` (its mode and owner kept; not a protected or hard-linked
    file). Anything else there (a folder, a device, a FIFO) is refused. If anything
    fails, no file is changed. Temporary files that killed writes of ``path`` left are
    removed once they are stale (:func:`remove_stale_temporaries`).
    """
    info = _existing(path)
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise ScoresheetError(not_writable(path, info))
        if not force:
            raise ScoresheetError(already_exists(path))
        _check_replaceable(path, info)
    remove_stale_temporaries(path)  # no lock here: the age alone marks a killed writer's
    try:
        fd, temp = _create_temp(path.parent, path.name, 0o600 if info is not None else 0o666)
    except FileNotFoundError:
        raise ScoresheetError(_("{path}: cannot write: no such folder").format(path=path)) from None
    except OSError as error:
        raise ScoresheetError(cannot_write(path, error)) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            if info is not None:
                _keep_owner(stream.fileno(), path, info)
                _chmod_fd(stream.fileno(), temp, stat.S_IMODE(info.st_mode))
            os.fsync(stream.fileno())
        if force:
            os.replace(temp, path)
        else:
            _link_into_place(temp, path)
    except FileExistsError:
        raise ScoresheetError(already_exists(path)) from None
    except OSError as error:
        raise ScoresheetError(cannot_write(path, error)) from None
    finally:
        with suppress(OSError):
            os.unlink(temp)


def _write_if_unchanged_locked(snapshot: Snapshot, new_text: str) -> None:
    path = snapshot.path
    current = read_regular_file(path, limit=MAX_GAME_BYTES) if os.path.exists(path) else None
    if current != snapshot.data:
        raise ScoresheetError(
            _(
                "{path} changed since it was read (another command wrote it); nothing was "
                "saved — run the command again"
            ).format(path=path)
        )
    _save_locked(path, new_text)


def _check_size(path: Path, text: str) -> None:
    """A game larger than any command reads back is refused: saved, it could not be opened
    again."""
    size = len(text.encode("utf-8"))
    if size > MAX_GAME_BYTES:
        shown, most = sizes(size, MAX_GAME_BYTES)
        raise ScoresheetError(
            _(
                "{path}: the game would take {size}, more than a game file may hold "
                "(at most {most}); nothing was saved"
            ).format(path=path, size=shown, most=most)
        )


def _save_locked(path: Path, text: str) -> None:
    """Save under the lock: clean up after killed saves, then replace the file (its size
    checked by the caller, before the lock where it can be)."""
    remove_stale_temporaries(real_path(path))
    atomic_write_text(path, text)


def write_if_unchanged(snapshot: Snapshot, new_text: str) -> None:
    """Save ``new_text`` over ``snapshot.path``, but only if the file still holds what was read.

    Under :func:`locked`, the file is read again; if its bytes no longer match the snapshot's
    digest (or it has gone), another command wrote it in between, and saving would silently
    throw that command's work away: nothing is saved and a ScoresheetError says so.
    """
    _check_size(snapshot.path, new_text)  # before the lock: a refusal leaves no file behind
    with locked(snapshot.path):
        _write_if_unchanged_locked(snapshot, new_text)


def create_new(path: Path, text: str, *, force: bool = False) -> None:
    """Create the game file ``path`` holding ``text``; with ``force``, replace one that exists."""
    _check_size(path, text)
    with locked(path):
        if not force and os.path.exists(path):
            raise ScoresheetError(already_exists(path))
        _save_locked(path, text)


def update(path: Path, change: Callable[[str], str]) -> str:
    """Read ``path``, pass its text through ``change`` and save the result; return the result.

    The lock is taken *before* the file is read and held until the new text is saved, so no
    other scoresheet command can write in between: concurrent updates queue up rather than
    fail, and the "changed since it was read" error cannot come from here. ``change`` runs
    while the lock is held, so it should be quick; if it raises, nothing is saved.
    """
    with locked(path):
        snapshot = read_snapshot(path)
        new_text = change(snapshot.text)
        _check_size(path, new_text)
        _write_if_unchanged_locked(snapshot, new_text)
    return new_text
