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


def text(path: Path, *, layout: bool = True, page: int | None = None) -> str:
    """The text poppler extracts (``-layout`` keeps each table row on one line), of one
    ``page`` if given."""
    only = ["-f", str(page), "-l", str(page)] if page is not None else []
    return _run(poppler("pdftotext"), *(["-layout"] if layout else []), *only, str(path), "-")


def words(path: Path) -> list[tuple[str, float]]:
    """Every word on every page with its height in points, as poppler places it.

    A word cut by the page's edge is left out: LibreOffice draws a chart on the page
    before its own too, clipped away, and a clipped word's box is a sliver.
    """
    out = _run(poppler("pdftotext"), "-bbox", str(path), "-")
    found = []
    for height, page in re.findall(
        r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', out, re.S
    ):
        for y1, y2, w in re.findall(
            r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', page
        ):
            if float(y1) > 3 and float(y2) < float(height) - 3:
                found.append((unescape(w), float(y2) - float(y1)))
    return found


def render(path: Path, outdir: Path, *, dpi: int = 40) -> list[Path]:
    """Each page as a PNG (``pdftoppm``); returns the files in page order."""
    outdir.mkdir(parents=True, exist_ok=True)
    _run(poppler("pdftoppm"), "-r", str(dpi), "-png", str(path), str(outdir / path.stem))
    return sorted(outdir.glob(f"{path.stem}-*.png"))


# poppler's box around a word is the font's ascent plus descent: 1.164 times the size
# for DejaVu Sans, 1.117 for Liberation Sans (LibreOffice's Arial). 7 pt text gives a
# box of at least 7.8 pt; a smaller box is text under 7 pt.
MIN_BOX = 7.8


def page_words(path: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Per page, every word and its box (xMin, yMin, xMax, yMax) in points."""
    out = _run(poppler("pdftotext"), "-bbox", str(path), "-")
    result = []
    for page in re.findall(r"<page [^>]*>(.*?)</page>", out, re.S):
        found = re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
            page,
        )
        result.append(
            [(unescape(w), float(a), float(b), float(c), float(d)) for a, b, c, d, w in found]
        )
    return result


def visible(path: Path, pattern: str, outdir: Path, *, dpi: int = 40) -> list[str]:
    """The words matching ``pattern`` that are drawn in a visible colour (some dark pixel
    in their box on the rendered page); white text on white does not count."""
    from PIL import Image

    images = render(path, outdir, dpi=dpi)
    scale = dpi / 72
    shown = []
    for image_path, found in zip(images, page_words(path), strict=True):
        with Image.open(image_path) as opened:
            image = opened.convert("L")
            for word, x1, y1, x2, y2 in found:
                if not re.search(pattern, word):
                    continue
                # The middle of the word's box: the cell's borders run along its edges.
                dx, dy = (x2 - x1) * 0.15, (y2 - y1) * 0.25
                box = (
                    int((x1 + dx) * scale),
                    int((y1 + dy) * scale),
                    int((x2 - dx) * scale) + 1,
                    int((y2 - dy) * scale) + 1,
                )
                darkest = image.crop(box).getextrema()[0]  # a grey image: (min, max)
                assert isinstance(darkest, int | float)
                if darkest < 128:
                    shown.append(f"{word} on {image_path.name}")
    return shown


def pages_with_words(
    path: Path,
) -> list[tuple[float, float, list[tuple[str, float, float, float, float]]]]:
    """Per page, its width and height and every word with its box, in points."""
    out = _run(poppler("pdftotext"), "-bbox", str(path), "-")
    result = []
    for width, height, page in re.findall(
        r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S
    ):
        found = re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
            page,
        )
        boxes = [(unescape(w), float(a), float(b), float(c), float(d)) for a, b, c, d, w in found]
        result.append((float(width), float(height), boxes))
    return result


def off_the_page(path: Path, margin: float = 0.0) -> list[str]:
    """The words not wholly inside their page less ``margin`` points all round (poppler
    keeps a word cut by the page's edge, with the box the font gives it), with the page
    and their box."""
    out = []
    for number, (width, height, boxes) in enumerate(pages_with_words(path), start=1):
        for word, x1, y1, x2, y2 in boxes:
            if min(x1, y1) < margin or x2 > width - margin or y2 > height - margin:
                out.append(f"page {number}: {word!r} at x {x1:.1f}–{x2:.1f}, y {y1:.1f}–{y2:.1f}")
    return out


def overlapping(path: Path) -> list[str]:
    """Pairs of words whose boxes overlap by more than a sliver: text run out of its cell
    into its neighbour's, or printed over other text."""
    out = []
    for number, (_, _, boxes) in enumerate(pages_with_words(path), start=1):
        for i, (a, ax1, ay1, ax2, ay2) in enumerate(boxes):
            for b, bx1, by1, bx2, by2 in boxes[i + 1 :]:
                dx = min(ax2, bx2) - max(ax1, bx1)
                dy = min(ay2, by2) - max(ay1, by1)
                if dx > 1.0 and dy > 2.0:
                    out.append(f"page {number}: {a!r} over {b!r}")
    return out
