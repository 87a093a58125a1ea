"""The built distributions, as a player gets them: the sdist, and the wheel built FROM the
sdist (``python -m build``), in a folder outside the checkout; the package index settings
pip has here, handed on to the installers that do not read pip's configuration (uv)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Dists:
    sdist: Path
    wheel: Path


def tool(module: str) -> list[str]:
    """``python -m MODULE`` for a tool of the ``dev`` extra; missing, the test is skipped
    on a developer's machine but fails under CI (which installs the extra)."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        message = f"{module} is not installed (pip install -e '.[dev]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return [sys.executable, "-m", module]


def _build(*args: str) -> None:
    proc = subprocess.run(
        [*tool("build"), *args], capture_output=True, text=True, timeout=600, check=False
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


def build(out: Path) -> Dists:
    """``python -m build --sdist`` from the checkout, then ``--wheel`` from the unpacked
    sdist: the wheel holds only what the sdist carries (and what the build makes of it,
    the compiled catalogs)."""
    _build("--sdist", "--outdir", str(out), str(ROOT))
    (sdist,) = out.glob("scoresheet-*.tar.gz")
    unpacked = out / "unpacked"
    with tarfile.open(sdist) as tar:
        tar.extractall(unpacked, filter="data")
    (source,) = unpacked.iterdir()
    _build("--wheel", "--outdir", str(out), str(source))
    (wheel,) = out.glob("scoresheet-*-py3-none-any.whl")
    return Dists(sdist, wheel)


def pip_settings() -> dict[str, list[str]]:
    """pip's own index settings (``pip config list``: PIP_* variables, else files), by key:
    ``index-url``, ``extra-index-url``, ``find-links``, ``cert``; each a list of values."""
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    ).stdout
    found: dict[str, list[str]] = {}
    for line in listed.splitlines():
        key, sep, value = line.partition("=")
        if not sep:
            continue
        name = key.rsplit(".", 1)[-1]
        if name in {"index-url", "extra-index-url", "find-links", "cert"}:
            if name in found and not key.startswith(":env:"):
                continue  # a PIP_* variable wins over the files, as in pip
            values = shlex.split(value)
            found[name] = [v for one in values for v in one.split()]
    return found


def _usable(location: str) -> bool:
    """A location uv can read: a URL, or a local folder that exists (pip skips a missing
    one with a warning; uv would stop)."""
    parsed = urlparse(location)
    if parsed.scheme in {"http", "https"}:
        return True
    path = parsed.path if parsed.scheme == "file" else location
    return Path(path).is_dir()


def uv_env() -> dict[str, str]:
    """The environment variables that make uv use the indexes pip uses here, choosing
    among them as pip does (the best version from any index), with this Python and never
    a downloaded one."""
    pip = pip_settings()
    env = {
        "UV_PYTHON": sys.executable,
        "UV_PYTHON_DOWNLOADS": "never",
        "UV_INDEX_STRATEGY": "unsafe-best-match",
        "UV_NO_PROGRESS": "1",
    }
    if pip.get("index-url"):
        env["UV_DEFAULT_INDEX"] = pip["index-url"][-1]
    extra = [u for u in pip.get("extra-index-url", []) if _usable(u)]
    if extra:
        env["UV_INDEX"] = " ".join(extra)
    links = [u for u in pip.get("find-links", []) if _usable(u)]
    if links:
        env["UV_FIND_LINKS"] = ",".join(links)
    if pip.get("cert"):
        env["SSL_CERT_FILE"] = pip["cert"][-1]
    return env
