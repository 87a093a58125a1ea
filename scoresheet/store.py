"""Saving a game file safely: atomic replacement, advisory locking, lost-update checks.

This module deals in text only: the caller reads the text, parses and serialises the game,
and hands the new text back. Nothing here prints or knows about the command line; every
problem is a :class:`~scoresheet.errors.ScoresheetError` whose one-line message names the file.

The three guarantees:

* **No torn files.** :func:`atomic_write_text` writes a hidden temporary file next to the
  target, syncs it to disk and renames it over the target, so the target always holds either
  the old text or the new text in full, even if the process is killed or the machine stops.
* **One writer at a time.** :func:`locked` takes an exclusive advisory lock on a hidden
  sidecar file (``.GAME.json.lock`` next to ``GAME.json``), shared by every scoresheet
  command that writes the game.
* **No lost updates.** :func:`write_if_unchanged` saves only if the file still holds exactly
  what was read (same SHA-256 digest); :func:`update` does the whole read-change-write under
  the lock, so two commands run at once both land.

Symbolic links are followed: the file a link points to is rewritten (and locked), the link
itself is left alone.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from scoresheet.errors import ScoresheetError

if sys.platform != "win32":
    import fcntl

__all__ = [
    "Snapshot",
    "atomic_write_text",
    "create_new",
    "locked",
    "read_snapshot",
    "update",
    "write_if_unchanged",
    "write_new_file",
]

_POLL_FIRST = 0.001
_POLL_MAX = 0.02


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


def _real(path: Path) -> Path:
    """The file that ``path`` names once symbolic links are followed (it need not exist)."""
    return Path(os.path.realpath(path))


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ScoresheetError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ScoresheetError(f"{path}: is a folder, not a game file") from None
    except PermissionError:
        raise ScoresheetError(f"{path}: permission denied") from None
    except OSError as error:
        raise ScoresheetError(f"{path}: cannot read: {_reason(error)}") from None


def read_snapshot(path: Path) -> Snapshot:
    """Read a UTF-8 text file exactly as stored (line endings are kept as they are).

    >>> read_snapshot(Path("no-such-game.json"))
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: no-such-game.json: no such file
    """
    data = _read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ScoresheetError(f"{path}: not a text file (it is not valid UTF-8)") from None
    return Snapshot(path=path, text=text, data=data)


def _create_temp(folder: Path, name: str, mode: int) -> tuple[int, Path]:
    """Create and open a new, uniquely named hidden file ``.NAME.<random>.tmp`` in ``folder``."""
    while True:
        temp = folder / f".{name}.{os.urandom(8).hex()}.tmp"
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
        except FileExistsError:  # pragma: no cover - 64 random bits collided
            continue
        return fd, temp


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable. Skipped where folders cannot be opened or synced."""
    o_directory = getattr(os, "O_DIRECTORY", None)
    if o_directory is None:  # pragma: no cover - not on Linux/macOS
        return
    fd = os.open(folder, os.O_RDONLY | o_directory | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    except OSError as error:
        # Some file systems cannot sync a folder; the rename has happened all the same.
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace (or create) ``path`` with ``text``, encoded as UTF-8, all at once.

    The text goes to a new hidden file ``.NAME.<random>.tmp`` in the same folder, which is
    flushed and synced to disk, given the permission bits of the file it replaces (a new
    file gets the usual ``0o666`` less the umask), then renamed over ``path``; finally the
    folder is synced so the rename itself survives a crash. Anyone reading ``path`` sees the
    old text or the new text, never a mixture. If anything fails the temporary file is
    removed and ``path`` is left as it was. This does not lock: see :func:`locked`.
    """
    data = text.encode("utf-8")
    target = _real(path)
    folder = target.parent
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise ScoresheetError(f"{path}: cannot save: {_reason(error)}") from None

    try:
        # An existing file's bits are applied after creation, so until then only we can read
        # the temporary file; a new file is created with 0o666 so the umask decides.
        fd, temp = _create_temp(folder, target.name, 0o600 if mode is not None else 0o666)
    except FileNotFoundError:
        raise ScoresheetError(f"{path}: cannot save: no such folder") from None
    except OSError as error:
        raise ScoresheetError(f"{path}: cannot save: {_reason(error)}") from None

    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            if mode is not None:
                os.chmod(stream.fileno(), mode)
            os.fsync(stream.fileno())
        os.replace(temp, target)
    except BaseException as error:
        with suppress(OSError):
            os.unlink(temp)
        if isinstance(error, OSError):
            raise ScoresheetError(f"{path}: cannot save: {_reason(error)}") from None
        raise

    try:
        _fsync_folder(folder)
    except OSError as error:
        raise ScoresheetError(
            f"{path}: saved, but the folder could not be synced to disk: {_reason(error)}"
        ) from None


def write_new_file(path: Path, data: bytes, *, force: bool = False) -> None:
    """Write an output file (a workbook, not a game: no lock) all at once.

    Without ``force`` an existing file is refused, even one that appears while writing
    (the finished temporary file is hard-linked into place, which fails if the name is
    taken); with ``force`` it is replaced. If anything fails, no file is changed.
    """
    if path.is_dir():
        raise ScoresheetError(f"{path}: is a folder")
    if not force and path.exists():
        raise ScoresheetError(f"{path} already exists (use --force to replace it)")
    try:
        fd, temp = _create_temp(path.parent, path.name, 0o666)
    except FileNotFoundError:
        raise ScoresheetError(f"{path}: cannot write: no such folder") from None
    except OSError as error:
        raise ScoresheetError(f"{path}: cannot write: {_reason(error)}") from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if force:
            os.replace(temp, path)
        else:
            os.link(temp, path)
    except FileExistsError:
        raise ScoresheetError(f"{path} already exists (use --force to replace it)") from None
    except OSError as error:
        raise ScoresheetError(f"{path}: cannot write: {_reason(error)}") from None
    finally:
        with suppress(OSError):
            os.unlink(temp)


def _lock_path(target: Path) -> Path:
    return target.with_name(f".{target.name}.lock")


@contextmanager
def locked(path: Path, *, timeout: float = 10.0) -> Iterator[None]:
    """Hold an exclusive lock on the game file ``path`` for the ``with`` block.

    The lock is an advisory ``flock`` on the hidden sidecar ``.NAME.lock`` next to the game
    file. The sidecar is created if missing and never deleted: deleting it while another
    command waits on it would let two commands hold "the" lock at once. The lock is waited
    for up to ``timeout`` seconds. It is not re-entrant: taking it again inside the block
    (even in the same process) waits, then fails as busy. The kernel drops it if the
    process dies, so a crash never leaves the game locked.
    """
    if sys.platform == "win32":  # pragma: no cover - not on Linux/macOS
        raise ScoresheetError(f"{path}: cannot lock: file locking needs Linux or macOS")
    lock_file = _lock_path(_real(path))
    try:
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except FileNotFoundError:
        raise ScoresheetError(f"{path}: cannot lock: no such folder") from None
    except OSError as error:
        raise ScoresheetError(f"{path}: cannot lock: {_reason(error)}") from None
    try:
        deadline = time.monotonic() + timeout
        pause = _POLL_FIRST
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise ScoresheetError(
                        f"{path} is busy: another scoresheet command is writing it"
                    ) from None
                time.sleep(min(pause, remaining))
                pause = min(pause * 2, _POLL_MAX)
            except OSError as error:
                raise ScoresheetError(f"{path}: cannot lock: {_reason(error)}") from None
        yield
    finally:
        # Closing the descriptor releases the lock.
        os.close(fd)


def _write_if_unchanged_locked(snapshot: Snapshot, new_text: str) -> None:
    path = snapshot.path
    current = _read_bytes(path) if os.path.exists(path) else None
    if current != snapshot.data:
        raise ScoresheetError(
            f"{path} changed since it was read (another command wrote it); "
            "nothing was saved — run the command again"
        )
    atomic_write_text(path, new_text)


def write_if_unchanged(snapshot: Snapshot, new_text: str) -> None:
    """Save ``new_text`` over ``snapshot.path``, but only if the file still holds what was read.

    Under :func:`locked`, the file is read again; if its bytes no longer match the snapshot's
    digest (or it has gone), another command wrote it in between, and saving would silently
    throw that command's work away: nothing is saved and a ScoresheetError says so.
    """
    with locked(snapshot.path):
        _write_if_unchanged_locked(snapshot, new_text)


def create_new(path: Path, text: str, *, force: bool = False) -> None:
    """Create the game file ``path`` holding ``text``; with ``force``, replace one that exists."""
    with locked(path):
        if not force and os.path.exists(path):
            raise ScoresheetError(f"{path} already exists (use --force to replace it)")
        atomic_write_text(path, text)


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
        _write_if_unchanged_locked(snapshot, new_text)
    return new_text
