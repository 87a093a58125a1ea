"""A table's scoring link: ``BASE/t/ROUND-TABLE?k=TOKEN``, the one shape of it.

The cards PDF prints it (as a QR code); ``serve NIGHT`` answers it: the link works once
the night is served at ``BASE``. The token is an HMAC (SHA-256, its first 96 bits in
base64url) of ``ROUND-TABLE`` under the night's own secret, so a link opens only its
table, and only in that night. The secret is kept in the night's folder
(:data:`SECRET_FILE`, 32 random bytes in hex, readable by its owner only: mode 0600),
made on first use, so the links survive a restart of the server. The server checks a
token with :func:`token_ok`.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

from scoresheet.errors import ScoresheetError
from scoresheet.fileinfo import cannot_write
from scoresheet.i18n import _

SECRET_FILE = "night.secret"
SECRET_BYTES = 32
DEFAULT_BASE = "http://127.0.0.1:8000"


def _read(path: Path) -> bytes | None:
    """The secret in ``path``, or ``None`` when there is no such file."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > 4 * SECRET_BYTES:
        raise ScoresheetError(_("{path}: not a night's secret; refused").format(path=path))
    text = path.read_text(encoding="ascii", errors="replace").strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != SECRET_BYTES:
        raise ScoresheetError(_("{path}: not a night's secret; refused").format(path=path))
    return key


def secret(night: Path) -> bytes:
    """The night's secret, made (mode 0600) on first use. Two processes making it at once
    agree: the finished file is linked into place, and the one that loses reads the
    other's."""
    path = night / SECRET_FILE
    found = _read(path)
    if found is not None:
        return found
    temp = night / f".{SECRET_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as stream:
            stream.write(secrets.token_hex(SECRET_BYTES) + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temp, path)
    except OSError as error:
        raise ScoresheetError(cannot_write(path, error)) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    made = _read(path)
    assert made is not None
    return made


def token(key: bytes, round_number: int, table: int) -> str:
    """The token of one table of one round under ``key``.

    >>> token(bytes(32), 1, 2)
    'noXz8m_QwarQk6K1'
    """
    digest = hmac.new(key, f"{round_number}-{table}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")


def token_ok(night: Path, round_number: int, table: int, given: str) -> bool:
    """Whether ``given`` is the token of this table of this round (for the server)."""
    expected = token(secret(night), round_number, table)
    return hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace"))


def table_link(base_url: str, night: Path, round_number: int, table: int) -> str:
    """The scoring link of one table of one round, at ``base_url`` (``http://host:port``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     table_link("http://10.0.0.5:8000/", Path(folder), 2, 7).split("?")[0]
    'http://10.0.0.5:8000/t/2-7'
    """
    key = secret(night)
    return f"{base_url.rstrip('/')}/t/{round_number}-{table}?k={token(key, round_number, table)}"


def checked_base(base_url: str) -> str:
    """``--url``: an ``http://`` or ``https://`` address with a host and nothing after it
    but a path; refused in one line otherwise."""
    from urllib.parse import urlsplit

    parts = urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ScoresheetError(
            _('--url: "{url}" is not a link to the server (http://HOST:PORT)').format(url=base_url)
        )
    return base_url.strip().rstrip("/")
