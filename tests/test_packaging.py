"""The built sdist and wheel carry everything, and the wheel (built FROM the sdist) installs
into an empty virtual environment and scores an example from a folder outside the
checkout: the rules presets, the schemas, the ``serve`` page's files, the translation
catalogs (``.po`` in the sdist, compiled ``.mo`` in the wheel) and ``py.typed``.

What each must hold is read from the checkout's own files (the build never sees this
list), so a file left out of the build fails here. The installers a player uses (pipx,
uv) and ``twine check`` are in test_install.py."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from tests.dist_helpers import ROOT, Dists, build

LANGUAGES = {"fr", "de", "ja", "zh"}
MO_MAGIC = (0x950412DE).to_bytes(4, "little")


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    return build(tmp_path_factory.mktemp("dist"))


def _sdist_names(dists: Dists) -> set[str]:
    with tarfile.open(dists.sdist) as tar:
        # scoresheet-0.1.0/scoresheet/… -> scoresheet/…
        return {str(PurePosixPath(*PurePosixPath(n).parts[1:])) for n in tar.getnames()}


def _checkout(folder: str, pattern: str) -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).glob(pattern)}


def test_the_sdist_carries_the_sources_the_wheel_is_built_from(dists: Dists) -> None:
    names = _sdist_names(dists)
    catalogs = _checkout("scoresheet/locale", "*.po")
    assert {Path(c).stem for c in catalogs} >= LANGUAGES
    wanted = (
        catalogs
        | _checkout("templates/rules", "*.toml")
        | _checkout("scoresheet/serve/static", "*")
        | _checkout("scoresheet/games", "*/schemas/*.json")
        | _checkout("examples", "*.json")
        | {"scoresheet/py.typed", "hatch_build.py", "pyproject.toml", "README.md"}
    )
    assert wanted - names == set()
    assert not [n for n in names if n.endswith((".mo", ".pyc")) or "__pycache__" in n]


def test_the_wheel_carries_everything_an_installed_scoresheet_reads(dists: Dists) -> None:
    with zipfile.ZipFile(dists.wheel) as whl:
        names = set(whl.namelist())
        catalogs = sorted((ROOT / "scoresheet" / "locale").glob("*.po"))
        for po in catalogs:
            mo = f"scoresheet/locale/{po.stem}.mo"
            assert mo in names, f"{po.name} is not compiled into the wheel"
            assert whl.read(mo)[:4] == MO_MAGIC, f"{mo} is not a gettext catalog"
        presets = {p.name for p in (ROOT / "templates" / "rules").glob("*.toml")}
        assert presets and {f"scoresheet/templates/rules/{p}" for p in presets} <= names
        wanted = (
            _checkout("scoresheet/serve/static", "*")
            | _checkout("scoresheet/games", "*/schemas/*.json")
            | {"scoresheet/py.typed"}
        )
        assert wanted - names == set()
        entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        assert "scoresheet = scoresheet.cli:main" in whl.read(entry).decode()


def test_wheel_install_scores_outside_the_checkout(dists: Dists, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", str(dists.wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stderr
    work = tmp_path / "elsewhere"
    work.mkdir()
    with tarfile.open(dists.sdist) as tar:  # the example as the sdist ships it
        member = next(m for m in tar.getmembers() if m.name.endswith("/examples/ravage-city.json"))
        example = tar.extractfile(member)
        assert example is not None
        (work / "game.json").write_bytes(example.read())
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
    # The catalogs are the compiled ones the wheel carries, found where gettext looks.
    assert {p.stem for p in (Path(site) / "locale").glob("*.mo")} >= LANGUAGES
