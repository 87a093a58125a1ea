"""One writer at a time: an exclusive lock on a game file, shared by every command that
saves it (:func:`locked`).

The lock is taken on a hidden sidecar file (``.GAME.json.lock`` next to ``GAME.json``):
``flock`` on Linux and macOS, ``filelock``'s ``LockFileEx`` on Windows. The sidecar must be
a regular file: a symbolic link there is refused, never followed. The system drops the
lock if the process dies, so a crash never leaves a game locked. :mod:`scoresheet.store`
saves under it.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.fileinfo import (
    O_CLOEXEC,
    O_NOCTTY,
    O_NOFOLLOW,
    O_NONBLOCK,
    file_kind,
    real_path,
    reason,
)
from scoresheet.i18n import _

__all__ = ["locked"]

_POLL_FIRST = 0.001
_POLL_MAX = 0.02


def _lock_path(target: Path) -> Path:
    return target.with_name(f".{target.name}.lock")


def _check_lock_file(path: Path, lock_file: Path) -> None:
    """Refuse a lock path that is anything but a regular file (a planted link, a FIFO …)."""
    try:
        info = os.lstat(lock_file)
    except FileNotFoundError:
        return
    except OSError as error:
        raise ScoresheetError(_cannot_lock(path, error)) from None
    if not stat.S_ISREG(info.st_mode):
        raise ScoresheetError(
            _(
                "{path}: cannot lock: its lock file {lock} is {kind}, not a regular file; "
                "refused (remove it if you did not put it there)"
            ).format(path=path, lock=lock_file.name, kind=file_kind(info.st_mode))
        )


def _flock_module() -> Any:
    """``fcntl`` where the system has ``flock`` (Linux, macOS), else ``None`` (Windows)."""
    try:
        import fcntl
    except ImportError:
        return None
    return fcntl if hasattr(fcntl, "flock") else None


def _busy(path: Path) -> ScoresheetError:
    return ScoresheetError(
        _("{path} is busy: another scoresheet command is writing it").format(path=path)
    )


def _cannot_lock(path: Path, error: OSError) -> str:
    return _("{path}: cannot lock: {reason}").format(path=path, reason=reason(error))


@contextmanager
def _flock(path: Path, lock_file: Path, timeout: float, fcntl: Any) -> Iterator[None]:
    """The lock as an ``flock`` on the sidecar, opened without following links."""
    flags = os.O_RDWR | os.O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY
    try:
        fd = os.open(lock_file, flags, 0o666)
    except OSError as error:
        _check_lock_file(path, lock_file)  # a link planted meanwhile: ELOOP, said plainly
        raise ScoresheetError(_cannot_lock(path, error)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ScoresheetError(
                _(
                    "{path}: cannot lock: its lock file {lock} is {kind}, not a regular file; "
                    "refused"
                ).format(path=path, lock=lock_file.name, kind=file_kind(info.st_mode))
            )
        deadline = time.monotonic() + timeout
        pause = _POLL_FIRST
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise _busy(path) from None
                time.sleep(min(pause, remaining))
                pause = min(pause * 2, _POLL_MAX)
            except OSError as error:
                raise ScoresheetError(_cannot_lock(path, error)) from None
        yield
    finally:
        # Closing the descriptor releases the lock.
        os.close(fd)


@contextmanager
def _filelock(path: Path, lock_file: Path, timeout: float) -> Iterator[None]:
    """The lock through ``filelock`` (Windows: ``LockFileEx``), where there is no ``flock``."""
    from filelock import FileLock, Timeout

    lock = FileLock(lock_file, timeout=timeout, thread_local=False)
    try:
        lock.acquire(poll_interval=_POLL_MAX)
    except Timeout:
        raise _busy(path) from None
    except OSError as error:
        _check_lock_file(path, lock_file)
        raise ScoresheetError(_cannot_lock(path, error)) from None
    try:
        # A link swapped in while the lock was taken was not followed; refuse it all the same.
        _check_lock_file(path, lock_file)
        yield
    finally:
        lock.release()


@contextmanager
def locked(path: Path, *, timeout: float = 10.0) -> Iterator[None]:
    """Hold an exclusive lock on the game file ``path`` for the ``with`` block.

    The lock is taken on the hidden sidecar ``.NAME.lock`` next to the game file: an
    ``flock`` on Linux and macOS; elsewhere (Windows) a ``filelock`` lock (``LockFileEx``),
    imported only there, so saving starts no slower where ``flock`` exists. The sidecar is
    created if missing and never deleted on Linux and macOS: deleting it while another
    command waits on it would let two commands hold "the" lock at once. It is opened
    without following symbolic links, and anything there but a regular file is refused.
    The lock is waited for up to ``timeout`` seconds. It is not re-entrant: taking it
    again inside the block (even in the same process) waits, then fails as busy. The
    system drops it if the process dies, so a crash never leaves the game locked.
    """
    lock_file = _lock_path(real_path(path))
    _check_lock_file(path, lock_file)
    if not lock_file.parent.is_dir():
        raise ScoresheetError(_("{path}: cannot lock: no such folder").format(path=path))
    fcntl = _flock_module()
    with (
        _flock(path, lock_file, timeout, fcntl)
        if fcntl is not None
        else _filelock(path, lock_file, timeout)
    ):
        yield
