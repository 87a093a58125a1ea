"""Options several commands share, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for other tools.")]
Force = Annotated[bool, typer.Option("--force", help="Replace the output if it exists.")]
