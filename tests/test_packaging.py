"""`pip install .` into an empty virtual environment, then score an example from a folder
outside the checkout: the wheel must carry the rules presets and the schemas."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_install_scores_outside_the_checkout(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = venv / "bin" / "pip"
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "*cache*", "build"))
    install = subprocess.run(
        [str(pip), "install", "-q", str(src)], capture_output=True, text=True, timeout=600
    )
    assert install.returncode == 0, install.stderr
    work = tmp_path / "elsewhere"
    work.mkdir()
    shutil.copy(ROOT / "examples" / "ravage-city.json", work / "game.json")
    proc = subprocess.run(
        [str(venv / "bin" / "scoresheet"), "score", "game.json", "--json"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)["deals"]) == 32
    listed = subprocess.run(
        [str(venv / "bin" / "scoresheet"), "rules", "list"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "salad-5" in listed.stdout
    # The library's types reach a program that uses it (PEP 561): without the marker,
    # mypy took every result for Any.
    site = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import scoresheet, os; print(os.path.dirname(scoresheet.__file__))",
        ],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(site).is_relative_to(venv)
    assert (Path(site) / "py.typed").is_file()
