"""The system's chromium, driven by Playwright, for the phone page tests: imported only by
test modules that have already made sure chromium is there (or that CI=true requires it)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

CHROMIUM = shutil.which("chromium")
DOCS = Path(__file__).resolve().parents[1] / "docs"
# Headless, and quiet: this machine's network is closed, so no background connection.
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launched() -> Iterator[Browser]:
    """A chromium browser for the length of a fixture."""
    assert CHROMIUM is not None, "chromium is needed (CI installs it: see .ci/run)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def picture(name: str, tmp_path: Path) -> str:
    """Where a test's screenshot ``name`` goes: the manual's own picture (``docs/NAME``)
    when ``SCORESHEET_PICTURES=1`` asks for the pictures to be made again, else the test's
    folder, so that running the tests changes no file of the project."""
    folder = DOCS if os.environ.get("SCORESHEET_PICTURES") == "1" else tmp_path
    return str(folder / name)
