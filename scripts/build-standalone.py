#!/usr/bin/env python3
"""Build a standalone ``scoresheet`` folder for the machine this runs on.

The folder holds the program and everything it needs, Python included: a club organiser
unpacks it and runs ``scoresheet`` without installing Python or anything else. It is
built with PyInstaller (``--onedir``) from the package as it is installed from its own
wheel, so it carries exactly what the wheel does: the rules presets, the game files'
schemas, the ``serve`` page's static files and the compiled translation catalogs.

    python3 scripts/build-standalone.py            # -> dist/standalone/scoresheet/

It needs only Python 3.11 or later: it makes a throw-away virtual environment, installs
``build`` and PyInstaller into it (the pins of pyproject.toml's ``dev`` extra), builds
the sdist and the wheel from it, installs the wheel and freezes ``scoresheet.cli:main``.
PyInstaller builds for the system it runs on: run this on Windows for a Windows folder,
on macOS for a macOS one (see docs/install.md).

The games' modules are imported by name when first needed (``scoresheet.registry``),
which PyInstaller cannot see; every module of the package is therefore named to it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "scoresheet"
# Modules the standalone never uses: left out to keep the folder small.
# (Not unittest: fpdf2 imports unittest.mock.)
EXCLUDES = ["tkinter", "pydoc_data", "test", "lib2to3", "IPython", "numpy"]


def _pin(package: str) -> str:
    """The requirement ``package`` has in pyproject.toml's ``dev`` extra (one pin for
    CI, the developers and this script)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for req in meta["project"]["optional-dependencies"]["dev"]:
        if re.match(rf"{re.escape(package)}\b", req, re.I):
            return str(req)
    return package


def _bin(env: Path, name: str) -> Path:
    folder = env / ("Scripts" if os.name == "nt" else "bin")
    return folder / (name + (".exe" if os.name == "nt" else ""))


def _run(argv: list[str | Path], **kw: object) -> None:
    print("+", " ".join(str(a) for a in argv), flush=True)
    subprocess.run([str(a) for a in argv], check=True, **kw)  # type: ignore[call-overload]


def build(out: Path, work: Path) -> Path:
    """Build the folder in ``out/scoresheet`` (replacing it) and return it."""
    env = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = _bin(env, "python")
    _run([python, "-m", "pip", "install", "-q", _pin("build"), _pin("pyinstaller")])
    dist = work / "dist"
    _run([python, "-m", "build", "--outdir", dist, ROOT])
    wheel = next(dist.glob(f"{NAME}-*.whl"))
    _run([python, "-m", "pip", "install", "-q", wheel])
    entry = work / "scoresheet_main.py"
    entry.write_text(
        "import sys\n"
        "from scoresheet.cli import main\n\n"
        "if __name__ == '__main__':\n"
        "    sys.exit(main())\n",
        encoding="utf-8",
    )
    argv: list[str | Path] = [
        python, "-m", "PyInstaller", entry,
        "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
        "--name", NAME,
        "--distpath", out, "--workpath", work / "build", "--specpath", work,
        # Every module of the package (the games' roles are imported by name), its data
        # (presets, schemas, static files, catalogs) and its metadata (``--version``).
        "--collect-submodules", NAME,
        "--collect-data", NAME,
        "--copy-metadata", NAME,
        # ``serve``'s server picks its parts by name at run time.
        "--collect-submodules", "uvicorn",
    ]  # fmt: skip
    for module in EXCLUDES:
        argv += ["--exclude-module", module]
    if sys.platform.startswith("linux"):
        argv.append("--strip")
    _run(argv, cwd=work)
    return out / NAME


def size(folder: Path) -> int:
    """Bytes the folder takes unpacked (files' sizes, links not followed)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "dist" / "standalone",
        help="where the folder goes (default: dist/standalone; the folder is OUT/scoresheet)",
    )
    parser.add_argument(
        "--keep-work", action="store_true", help="keep the build's scratch folder (to debug)"
    )
    args = parser.parse_args()
    out: Path = args.out.resolve()
    work = Path(tempfile.mkdtemp(prefix="scoresheet-standalone-"))
    try:
        folder = build(out, work)
    except subprocess.CalledProcessError as err:
        step = " ".join(str(a) for a in err.cmd)
        print(f"build-standalone: a step failed (exit {err.returncode}): {step}", file=sys.stderr)
        return 1
    finally:
        if not args.keep_work:
            shutil.rmtree(work, ignore_errors=True)
    exe = folder / (NAME + (".exe" if os.name == "nt" else ""))
    print(f"built {exe} ({size(folder) / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
