"""Installing without programming: the built sdist and wheel pass ``twine check``, and the
wheel (built FROM the sdist) installs with ``pipx install`` and ``uv tool install`` into
folders of their own, outside the checkout and this virtual environment, and the
installed command scores the example the sdist ships and speaks Japanese.

One of the few slow tests (a minute or two: it builds, and the installers fetch the
dependencies from the package index pip uses here, handed on to uv). It never skips under
CI, which installs the ``dev`` extra that brings build, twine, pipx and uv."""

from __future__ import annotations

import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from tests.dist_helpers import Dists, build, tool, uv_env

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    return build(tmp_path_factory.mktemp("dist"))


def _clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without what points into the checkout or its virtual
    environment (VIRTUAL_ENV, PYTHONPATH, …), and without scoresheet's own settings."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "VIRTUAL_ENV", "SCORESHEET_", "PIPX_", "UV_", "PYTEST"))
    }
    env["PATH"] = "/usr/bin:/bin"
    return {**env, **extra}


def _example(dists: Dists, folder: Path) -> Path:
    """The bundled classic example, taken from the sdist (not from the checkout)."""
    with tarfile.open(dists.sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/examples/classic.json"))
        data = tar.extractfile(member)
        assert data is not None
        game = folder / "classic.json"
        game.write_bytes(data.read())
    return game


def _runs(exe: Path, dists: Dists, work: Path) -> None:
    """The installed command, alone on PATH, run from a folder outside the checkout."""
    assert exe.exists(), f"no {exe}"
    work.mkdir()
    _example(dists, work)
    env = _clean_env(PATH=f"{exe.parent}:/usr/bin:/bin", COLUMNS="80", HOME=str(work))
    score = subprocess.run(
        [exe.name, "score", "classic.json"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert score.returncode == 0, score.stderr
    assert "winner: Ann (highest total, +219)" in score.stdout
    helped = subprocess.run(
        [exe.name, "--lang", "ja", "--help"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert helped.returncode == 0, helped.stderr
    assert "使い方: scoresheet" in helped.stdout  # the usage line, in Japanese


def test_twine_check_passes(dists: Dists) -> None:
    proc = subprocess.run(
        [*tool("twine"), "check", "--strict", str(dists.sdist), str(dists.wheel)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("PASSED") == 2, proc.stdout


def test_pipx_install_runs(dists: Dists, tmp_path: Path) -> None:
    home, bin_dir = tmp_path / "pipx", tmp_path / "bin"
    env = _clean_env(
        PIPX_HOME=str(home),
        PIPX_BIN_DIR=str(bin_dir),
        PIPX_MAN_DIR=str(tmp_path / "man"),
        # pipx's own installer, pip, which reads this machine's pip settings (uv has a
        # test of its own below).
        PIPX_DEFAULT_BACKEND="pip",
        HOME=os.environ.get("HOME", str(tmp_path)),  # pip's download cache
    )
    proc = subprocess.run(
        [*tool("pipx"), "install", str(dists.wheel)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    exe = bin_dir / "scoresheet"
    assert exe.resolve().is_relative_to(home), exe.resolve()
    _runs(exe, dists, tmp_path / "work")


def test_uv_tool_install_runs(dists: Dists, tmp_path: Path) -> None:
    tools, bin_dir = tmp_path / "uv-tools", tmp_path / "bin"
    env = _clean_env(
        UV_TOOL_DIR=str(tools),
        UV_TOOL_BIN_DIR=str(bin_dir),
        HOME=os.environ.get("HOME", str(tmp_path)),  # uv's download cache
        **uv_env(),
    )
    proc = subprocess.run(
        [*tool("uv"), "tool", "install", str(dists.wheel)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    exe = bin_dir / "scoresheet"
    assert exe.resolve().is_relative_to(tools), exe.resolve()
    _runs(exe, dists, tmp_path / "work")
