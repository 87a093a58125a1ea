"""The system's chromium, driven by Playwright, for the phone page tests: imported only by
test modules that have already made sure chromium is there (or that CI=true requires it)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

from playwright.sync_api import Browser, sync_playwright

CHROMIUM = shutil.which("chromium")
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
