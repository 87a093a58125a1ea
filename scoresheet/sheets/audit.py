"""Workbooks of any game: written, checked and read back, each through its game's modules.

The commands ``export``, ``blank``, ``audit`` and ``import`` call these; each looks up
the game's ``sheet.render`` or ``sheet.audit`` role in :mod:`scoresheet.registry`, by
the game file's ``"game"`` or the workbook's category
(:func:`scoresheet.sheets.read.game_of_workbook`), so only that game is imported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.sheets.findings import Report
from scoresheet.sheets.read import game_of_workbook
from scoresheet.sheets.safety import read_workbook_bytes

if TYPE_CHECKING:
    from scoresheet.models import GameFile
    from scoresheet.roles import SheetAudit, SheetRender


def export(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The live workbook of a game file (``ScoresheetError`` if the game does not score)."""
    game = record.get("game", registry.DEFAULT_GAME)
    return _render(game).export_workbook(record, paper=paper)


def blank(game: str, players: Sequence[str], rules: str, *, paper: str = "a4") -> bytes:
    """A workbook of ``game`` with no deals, to print or fill in on a tablet."""
    return _render(game).blank_workbook(players, rules, paper=paper)


def audit_path(path: Path) -> Report:
    """Audit a workbook (``.xlsx``) or a game file (``.json``)."""
    if path.suffix.lower() == ".json":
        game = rec.load(path)
        return _audit(game.get("game", registry.DEFAULT_GAME)).audit_game(game, path.name)
    data = read_workbook_bytes(path)
    return _audit(game_of_workbook(data, path.name) or registry.DEFAULT_GAME).audit_workbook_bytes(
        data, path.name
    )


def import_workbook(path: Path) -> tuple[GameFile, Report]:
    """The game a workbook holds. Raises ScoresheetError when an input is wrong.

    The game is made of the inputs alone, so a computed cell that shows what the inputs
    do not give (a score typed over its formula, a formula changed, a saved value the
    rules do not give) stops it too: the game file would not be the sheet the table saw.
    A formula deleted, or typed over with the value it gives, does not.
    """
    data = read_workbook_bytes(path)
    sheet = _audit(game_of_workbook(data, path.name) or registry.DEFAULT_GAME)
    # The audit compares every cell with the layout: a formula or an error value in any
    # input cell refuses the import, used by the deal's contract or not. The sheets are
    # parsed once (read_sheets keeps the last workbook it read).
    findings = sheet.audit_workbook_bytes(data, path.name).findings
    for finding in findings:
        if finding.refuses_import:
            raise ScoresheetError(f"{path.name}: {finding.line}")
    # An input the game refuses is named before the computed cells it throws off.
    record, report = sheet.import_workbook_bytes(data, path.name)
    for finding in findings:
        if finding.shows_otherwise:
            raise ScoresheetError(
                _(
                    "{name}: {line}: a game file holds only the inputs, so it would not say what "
                    "this sheet shows; recalculate the sheet, or correct it, first"
                ).format(name=path.name, line=finding.line)
            )
    return cast("GameFile", record), report


def _render(game: str) -> SheetRender:
    return registry.part(game, "sheet.render")


def _audit(game: str) -> SheetAudit:
    return registry.part(game, "sheet.audit")
