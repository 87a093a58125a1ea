"""Spreadsheet commands: export, blank, audit, import."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the spreadsheet commands to ``app``."""
