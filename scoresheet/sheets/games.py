"""Which game a workbook holds, and the sheet module of each game other than Barbu.

A game's sheet module (``SHEET_MODULES[game]``) provides ``export_workbook(record, *,
paper) -> bytes``, ``blank_workbook(players, rules, *, paper) -> bytes`` (``paper``:
"a4" or "letter", see :func:`scoresheet.sheets.export.fit_pages`),
``audit_workbook_bytes(data, name) -> Report`` and ``import_workbook_bytes(data, name)
-> (record, Report)`` (:class:`scoresheet.sheets.audit.Report`). Its workbooks carry
``scoresheet:GAME`` as the document's category, so audit and import know which game a
file holds; a workbook without it is a Barbu sheet.
"""

from __future__ import annotations

import importlib
import io
import zipfile
import zlib
from types import ModuleType

from scoresheet.errors import ScoresheetError

SHEET_MODULES: dict[str, str] = {
    "rosbiratschka": "scoresheet.games.rosbiratschka.sheet",
    "caribbean-all-fours": "scoresheet.games.caribbean_all_fours.sheet",
    "belote": "scoresheet.sheets.belote",
}
CATEGORY_PREFIX = "scoresheet:"


def category(game: str) -> str:
    """The document category an exporter of ``game`` writes (``wb.properties.category``)."""
    return CATEGORY_PREFIX + game


def sheet_module(game: str) -> ModuleType | None:
    """The sheet module of ``game``; ``None`` for Barbu (the built-in sheets)."""
    if game == "barbu":
        return None
    if game not in SHEET_MODULES:
        raise ScoresheetError(f'game: "{game}" has no spreadsheet')
    try:
        return importlib.import_module(SHEET_MODULES[game])
    except ModuleNotFoundError:
        raise ScoresheetError(f'game: spreadsheets of "{game}" are not made yet') from None


def game_of_workbook(data: bytes, name: str = "workbook") -> str:
    """The game a workbook (already passed through the safety checks) holds; ``name``
    names the file in an error."""
    from defusedxml import ElementTree

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            core = zf.read("docProps/core.xml") if "docProps/core.xml" in zf.namelist() else b""
    except zipfile.BadZipFile:
        return "barbu"
    except (zlib.error, EOFError, OSError, ValueError) as exc:
        raise ScoresheetError(f"{name}: docProps/core.xml is damaged ({exc})") from None
    if not core:
        return "barbu"
    try:
        root = ElementTree.fromstring(core)
    except Exception as exc:  # a hostile part can fail the parser in any way
        raise ScoresheetError(
            f"{name}: docProps/core.xml is damaged ({type(exc).__name__}); refused"
        ) from None
    for element in root.iter():
        if element.tag.endswith("}category") and element.text:
            text = element.text.strip()
            if text.startswith(CATEGORY_PREFIX):
                return text[len(CATEGORY_PREFIX) :]
    return "barbu"
