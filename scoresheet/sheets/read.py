"""Reading a workbook that may come from anyone: its cells, typed values, and its game.

The file has passed :mod:`scoresheet.sheets.safety` already; the cells are still read
as hostile data (:mod:`scoresheet.sheets.cells`): a cell beyond the bounds a game's
sheets keep to is refused, not left out, and any failure is one clear line. The
helpers here read a typed value the way every game's audit does (a whole number, a
flag, a value shown in a finding).

A game's workbook carries ``scoresheet:GAME`` as the document's category
(:func:`category`), so audit and import know which game a file holds
(:func:`game_of_workbook`); a workbook without it was written before there was more
than one game (the registry's ``DEFAULT_GAME``, which :mod:`scoresheet.sheets.audit`
supplies).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import PSEUDO, _, language, languages, set_language
from scoresheet.limits import MAX_NAME
from scoresheet.sheets.cells import read_cells
from scoresheet.sheets.plan import SheetError

S = TypeVar("S")
T = TypeVar("T")
CATEGORY_PREFIX = "scoresheet:"


def in_every_language(compute: Callable[[], T]) -> list[T]:
    """What ``compute`` gives in each language there is (and the pseudo-language): a
    workbook's labels are written in the language it was exported in, so a reader that
    checks one accepts it in any of them, whatever language the reader speaks."""
    before = language()
    out = []
    try:
        for code in (*languages(), PSEUDO):
            set_language(code)
            out.append(compute())
    finally:
        set_language(before)
    return out


def category(game: str) -> str:
    """The document category an exporter of ``game`` writes (``wb.properties.category``)."""
    return CATEGORY_PREFIX + game


def game_of_workbook(data: bytes, name: str = "workbook") -> str | None:
    """The game a workbook (already passed through the safety checks) says it holds,
    ``None`` when it does not say; ``name`` names the file in an error."""
    from defusedxml import ElementTree

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            core = zf.read("docProps/core.xml") if "docProps/core.xml" in zf.namelist() else b""
    except zipfile.BadZipFile:
        return None
    except (zlib.error, EOFError, OSError, ValueError) as exc:
        raise ScoresheetError(
            _("{name}: docProps/core.xml is damaged ({error})").format(name=name, error=exc)
        ) from None
    if not core:
        return None
    try:
        root = ElementTree.fromstring(core)
    except Exception as exc:  # a hostile part can fail the parser in any way
        raise ScoresheetError(
            _("{name}: docProps/core.xml is damaged ({error}); refused").format(
                name=name, error=type(exc).__name__
            )
        ) from None
    for element in root.iter():
        if element.tag.endswith("}category") and element.text:
            text = element.text.strip()
            if text.startswith(CATEGORY_PREFIX):
                return text[len(CATEGORY_PREFIX) :]
    return None


@dataclass
class Sheet:
    """One worksheet's cells: (row, col) → (openpyxl data type, value); and cached values."""

    cells: dict[tuple[int, int], tuple[str, Any]]
    cached: dict[tuple[int, int], Any]

    def value(self, row: int, col: int) -> Any:
        got = self.cells.get((row, col))
        return None if got is None else got[1]

    def kind(self, row: int, col: int) -> str | None:
        """The cell's openpyxl data type (``f`` a formula, ``s`` text, …); ``None`` if empty."""
        got = self.cells.get((row, col))
        return None if got is None else got[0]


def read_sheets(
    data: bytes,
    name: str,
    titles: Sequence[str],
    *,
    max_row: int,
    max_col: int,
    kind: str | None = None,
    sheet: Callable[[dict[tuple[int, int], tuple[str, Any]], dict[tuple[int, int], Any]], S]
    | None = None,
) -> dict[str, S]:
    """The named sheets' cells: formulas and inputs, and the saved values, in one pass.

    Shared by every game's audit. The file has passed :mod:`scoresheet.sheets.safety`
    already; :func:`scoresheet.sheets.cells.read_cells` still reads it as hostile data
    (any failure is one clear line) and refuses a cell beyond ``max_row`` or ``max_col``
    rather than leave it out. ``kind`` names what the workbook should be, in its errors;
    ``sheet`` builds each sheet's object (default :class:`Sheet`).
    """

    make = sheet if sheet is not None else Sheet
    key = (name, tuple(titles), max_row, max_col, kind, make)
    if _last_read and _last_read[0][0] is data and _last_read[0][1] == key:
        return cast("dict[str, S]", _last_read[0][2])  # the same bytes, read a moment ago
    raw = read_cells(data, name, titles, max_row=max_row, max_col=max_col, kind=kind)
    out = {title: cast(S, make(got.cells, got.cached)) for title, got in raw.items()}
    _last_read[:] = [(data, key, out)]
    return out


# The last workbook read_sheets parsed (import audits a workbook, then reads its inputs).
_last_read: list[tuple[bytes, tuple[Any, ...], dict[str, Any]]] = []


def check_player_names(players: Sequence[str], name: str) -> None:
    """The names read from a workbook's Rules sheet, checked before anything is built from
    them (every label of every cell repeats a name). Every game's reader calls it."""
    for j, player in enumerate(players):
        if len(player) > MAX_NAME:
            raise ScoresheetError(
                _(
                    "{name}: the name of player {number} has {length} characters; a player's "
                    "name has at most {most}"
                ).format(name=name, number=j + 1, length=len(player), most=MAX_NAME)
            )


def whole_number(value: Any) -> int | None:
    """A cell's whole number; ``None`` for anything else, a number typed as text included
    (see :func:`number_message`)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    return None


_NUMBER_TEXT = re.compile(r"\s*[-+]?\d+(?:[.,]\d*)?\s*")


def typed_as_text(value: Any) -> bool:
    """True for a number typed as text ("100", " 7 ", "-3"): see :func:`number_message`."""
    return isinstance(value, str) and _NUMBER_TEXT.fullmatch(value) is not None


def number_message(value: Any, otherwise: str) -> str:
    """What is wrong with an input cell that should hold a number: ``otherwise``, unless
    the cell holds a number typed as text. That one could mean two things: the number
    typed, or text, which spreadsheet formulas such as SUM, COUNT, MAX or a comparison do
    not count as a number, so the sheet's scores may disagree with the game read from it.
    It is refused, naming both.

    >>> number_message("100", '"x": type the bid')  # doctest: +ELLIPSIS
    '"100" is text, not a number: read as 100 here, but ...; type it as a number'
    >>> number_message("x", '"x": type the bid')
    '"x": type the bid'
    """
    if typed_as_text(value):
        shown = value.strip()
        return _(
            "{value} is text, not a number: read as {shown} here, but formulas "
            "such as SUM and COUNT skip text, so the sheet may score it otherwise; type it "
            "as a number"
        ).format(value=show_value(value), shown=shown)
    return otherwise


def cell_text(value: Any) -> str | None:
    """A cell's text as the sheet's formulas see it (a whole number as typed: ``7`` for
    ``7.0``); ``None`` for an empty cell. Spaces are kept: to a formula, "Bob " is not
    Bob, so it is not Bob to a game read from the sheet either."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value) or None


def not_a_player(value: Any, players: Sequence[str]) -> str:
    """The finding for a cell that should name a player and does not."""
    return _("{value} is not a player ({players})").format(
        value=show_value(value), players=", ".join(players)
    )


_FLAG_FORMULA = re.compile(r"=\s*(TRUE|FALSE)\s*\(\s*\)\s*", re.I)


def flag_value(value: Any, kind: str | None = "f") -> bool | None:
    """A cell's TRUE or FALSE: a boolean, 1 or 0, or the formula ``=TRUE()`` (how
    LibreOffice saves a TRUE typed in a cell) when ``kind`` (the cell's data type, see
    :meth:`Sheet.kind`) says it is a formula. ``None`` for anything else, TRUE or FALSE
    typed as text included (see :func:`flag_message`).

    >>> flag_value(True), flag_value(0), flag_value("=TRUE()", "f"), flag_value("FALSE", "s")
    (True, False, True, None)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and kind == "f":
        match = _FLAG_FORMULA.fullmatch(value)
        if match:
            return match.group(1).upper() == "TRUE"
    return None


def flag_typed_as_text(value: Any, kind: str | None = "s") -> bool:
    """True for TRUE or FALSE typed as text ("FALSE", " true"): see :func:`flag_message`."""
    if not isinstance(value, str) or kind == "f":
        return False
    return value.strip().upper() in ("TRUE", "FALSE")


def flag_message(value: Any, otherwise: str, kind: str | None = "s") -> str:
    """What is wrong with an input cell that should hold TRUE or FALSE: ``otherwise``,
    unless the cell holds TRUE or FALSE typed as text. That one could mean two things: the
    flag typed, or text, which formulas such as AND and OR skip, so the sheet may apply the
    rule otherwise than a game read from it. It is refused, naming both (as
    :func:`number_message` refuses a number typed as text).

    >>> flag_message("FALSE", "not a flag")  # doctest: +ELLIPSIS
    '"FALSE" is text, not TRUE or FALSE: read as FALSE here, but ...; type TRUE or FALSE'
    >>> flag_message("maybe", "not a flag")
    'not a flag'
    """
    if flag_typed_as_text(value, kind):
        return _(
            "{value} is text, not TRUE or FALSE: read as {flag} "
            "here, but formulas such as AND and OR skip text, so the sheet may apply the rule "
            "otherwise; type TRUE or FALSE"
        ).format(value=show_value(value), flag=value.strip().upper())
    return otherwise


def show_value(value: Any) -> str:
    if value is None or value == "":
        # Translators: what an empty cell holds, in an audit's finding.
        return _("empty")
    if isinstance(value, SheetError):
        return value.code
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)
