"""Helpers for the paper tests: poppler (pdfinfo, pdftotext, pdftoppm) measures the PDFs.

A PDF is judged by what a reader gets from it: its pages and their size, the text
poppler extracts, the size of every word as poppler places it on the page, and the
pixels of a rendered page. Like LibreOffice, poppler is skipped where it is missing,
except under CI (CI=true), which installs it (Debian's poppler-utils).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest


def poppler(tool: str) -> str:
    """A poppler tool's executable. Skips the test when missing, except under CI."""
    found = shutil.which(tool)
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{tool} is missing: CI must install poppler-utils")
        pytest.skip(f"{tool} (poppler-utils) is not installed")
    return found


def _run(*args: str) -> str:
    proc = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def info(path: Path) -> dict[str, str]:
    """``pdfinfo``'s fields: ``Pages``, ``Page size``, … (of the first page)."""
    out = _run(poppler("pdfinfo"), str(path))
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def pages(path: Path) -> int:
    return int(info(path)["Pages"])


def page_sizes(path: Path) -> set[tuple[int, int]]:
    """Every page's size in whole points (width, height)."""
    out = _run(poppler("pdfinfo"), "-f", "1", "-l", "999", str(path))
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", out)
    return {(round(float(w)), round(float(h))) for w, h in sizes}


A4 = {(842, 595), (595, 842)}
LETTER = {(792, 612), (612, 792)}


def text(path: Path, *, layout: bool = True) -> str:
    """The text poppler extracts (``-layout`` keeps each table row on one line)."""
    return _run(poppler("pdftotext"), *(["-layout"] if layout else []), str(path), "-")


def words(path: Path) -> list[tuple[str, float]]:
    """Every word on every page with its height in points, as poppler places it."""
    out = _run(poppler("pdftotext"), "-bbox", str(path), "-")
    found = re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', out
    )
    return [(unescape(w), float(y2) - float(y1)) for y1, y2, w in found]


def render(path: Path, outdir: Path, *, dpi: int = 40) -> list[Path]:
    """Each page as a PNG (``pdftoppm``); returns the files in page order."""
    outdir.mkdir(parents=True, exist_ok=True)
    _run(poppler("pdftoppm"), "-r", str(dpi), "-png", str(path), str(outdir / path.stem))
    return sorted(outdir.glob(f"{path.stem}-*.png"))


# DejaVu Sans and Liberation/Arial: a word's box is about 1.15 times its font size, so
# 7 pt text is a box of about 8 pt. Boxes under 7 pt mean text under about 6 pt.
MIN_BOX = 7.0
