"""Reading a workbook's cells in one pass: formulas, typed values and saved values together.

A cell of an ``.xlsx`` sheet is ``<c r="D12" t="…"><f>formula</f><v>saved value</v></c>``:
one pass over each sheet's XML gives the formula (or the typed value) and the value a
spreadsheet application saved, so a workbook is parsed once (openpyxl would parse it
twice, once for each). The file has passed :mod:`scoresheet.sheets.safety`; it is still
read as hostile data: every cell must lie inside the bounds the caller gives (the bounds
of :mod:`scoresheet.limits` the writers keep to), so nothing a sheet holds is silently
left out, no text or number may be larger than a score sheet ever needs, and any failure
is one :class:`ScoresheetError` naming the file, and the cell where there is one.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from scoresheet.errors import ScoresheetError, shorten
from scoresheet.limits import MAX_CELLS, MAX_DEALS

MAX_TEXT = 10_000  # characters of one cell's text or formula
MAX_NUMBER_TEXT = 32  # characters of one cell's number as saved ("-1.2345678901234567E+308")

_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL_NS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")


@dataclass(frozen=True, slots=True)
class RawSheet:
    """One sheet's cells: (row, col) → (kind, value), and the values saved with it.

    ``kind`` is openpyxl's data type: ``f`` formula (the value is ``=…``), ``n`` number,
    ``s`` text, ``b`` true/false, ``e`` an error value (``#REF!``), ``d`` a date.
    """

    cells: dict[tuple[int, int], tuple[str, Any]]
    cached: dict[tuple[int, int], Any]


def col_number(letters: str) -> int:
    """``"A"`` → 1, ``"AA"`` → 27.

    >>> col_number("A"), col_number("Z"), col_number("AA")
    (1, 26, 27)
    """
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def col_letters(col: int) -> str:
    """1 → ``"A"``.

    >>> col_letters(28)
    'AB'
    """
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


_TOO_MANY = f"more than {MAX_CELLS:,} cells, more than any score sheet has; refused"


class _Reader:
    def __init__(self, data: bytes, name: str) -> None:
        self.name = name
        self.cells = 0  # read so far, in every sheet
        self.zip = zipfile.ZipFile(io.BytesIO(data))
        self.names = set(self.zip.namelist())

    def read(self, part: str) -> bytes:
        try:
            return self.zip.read(part)
        except KeyError:
            raise ScoresheetError(f"{self.name}: {part} is missing: not a workbook") from None

    def parse(self, part: str) -> Element:
        from defusedxml import ElementTree

        root: Element = ElementTree.fromstring(self.read(part))
        return root

    def events(self, part: str) -> Iterator[Element]:
        from defusedxml import ElementTree

        with self.zip.open(part) as stream:
            for _, element in ElementTree.iterparse(stream, events=("end",)):
                yield element

    def sheet_parts(self) -> dict[str, str]:
        """Sheet title → its part's name in the archive."""
        rels = {}
        if "xl/_rels/workbook.xml.rels" in self.names:
            for rel in self.parse("xl/_rels/workbook.xml.rels").iter(f"{_PKG_REL}Relationship"):
                target = rel.get("Target", "")
                target = target[1:] if target.startswith("/") else f"xl/{target}"
                rels[rel.get("Id", "")] = target
        out: dict[str, str] = {}
        for sheet in self.parse("xl/workbook.xml").iter(f"{_NS}sheet"):
            part = rels.get(sheet.get(f"{_REL_NS}id", ""), "")
            out[sheet.get("name", "")] = part
        return out

    def shared_strings(self) -> list[str]:
        part = "xl/sharedStrings.xml"
        if part not in self.names:
            return []
        out: list[str] = []
        for element in self.events(part):
            if element.tag == f"{_NS}si":
                out.append(_text_of(element))
                element.clear()
                if len(out) > MAX_CELLS:
                    raise ScoresheetError(f"{self.name}: {_TOO_MANY}")
        return out


def _text_of(element: Element) -> str:
    """The text of a string item: its ``<t>``, or its rich-text runs (not phonetic hints)."""
    parts = []
    for child in element:
        if child.tag == f"{_NS}t":
            parts.append(child.text or "")
        elif child.tag == f"{_NS}r":
            parts.extend(t.text or "" for t in child.iter(f"{_NS}t"))
    return "".join(parts)


def _number(text: str) -> int | float:
    """A saved number; an infinity or a NaN (``1e999``, ``inf``) is no number a cell holds.

    >>> _number("12"), _number("-2.5")
    (12, -2.5)
    >>> _number("1e999")
    Traceback (most recent call last):
    ValueError: not a finite number
    """
    if any(ch in text for ch in ".eE") or text.lower().lstrip("+-") in ("inf", "nan"):
        value = float(text)
        if not math.isfinite(value):
            raise ValueError("not a finite number")
        return value
    return int(text)


def read_cells(
    data: bytes,
    name: str,
    titles: Sequence[str],
    *,
    max_row: int,
    max_col: int,
    kind: str = "a workbook",
) -> dict[str, RawSheet]:
    """The cells of the named sheets, each sheet parsed once; see the module's docstring."""
    try:
        reader = _Reader(data, name)
        parts = reader.sheet_parts()
        for title in titles:
            if title not in parts:
                raise ScoresheetError(
                    f'{name}: no sheet "{title}": not {kind} written by scoresheet'
                )
        strings = reader.shared_strings()
        return {
            title: _read_sheet(reader, parts[title], title, strings, max_row, max_col)
            for title in titles
        }
    except ScoresheetError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
        raise ScoresheetError(
            f"{name}: the workbook is damaged ({shorten(str(exc), 80)})"
        ) from None
    except ParseError as exc:
        raise ScoresheetError(f"{name}: the workbook's XML is damaged ({exc})") from None
    except RecursionError:
        raise ScoresheetError(f"{name}: the workbook's XML is nested too deeply") from None
    except Exception as exc:  # a hostile file can make a parser fail in any way
        raise ScoresheetError(
            f"{name}: cannot read the workbook ({type(exc).__name__}: {shorten(str(exc), 80)})"
        ) from None


def _read_sheet(
    reader: _Reader,
    part: str,
    title: str,
    strings: list[str],
    max_row: int,
    max_col: int,
) -> RawSheet:
    name = reader.name
    cells: dict[tuple[int, int], tuple[str, Any]] = {}
    cached: dict[tuple[int, int], Any] = {}
    shared: dict[str, tuple[str, str]] = {}  # a shared formula's id → (its text, its cell)
    row_number = 0
    col_number_ = 0
    for element in reader.events(part):
        tag = element.tag
        if tag == f"{_NS}row":
            element.clear()
            continue
        if tag != f"{_NS}c":
            continue
        reader.cells += 1  # empty ones too: each costs time to parse
        if reader.cells > MAX_CELLS:
            raise ScoresheetError(f"{name}: {_TOO_MANY}")
        ref = element.get("r")
        if ref is not None:
            match = _REF.fullmatch(ref)
            if match is None:
                raise ScoresheetError(f'{name}: {title}: "{shorten(ref, 20)}" is not a cell')
            col, row = col_number(match.group(1)), int(match.group(2))
        else:  # a cell without its reference follows the one before it
            row, col = max(row_number, 1), col_number_ + 1
        row_number, col_number_ = row, col
        where = f"{title}!{col_letters(col)}{row}"
        formula_el = element.find(f"{_NS}f")
        value_el = element.find(f"{_NS}v")
        t = element.get("t", "n")
        raw = value_el.text if value_el is not None else None
        value = _value(t, raw, element, strings, name, where)
        formula: str | None = None
        if formula_el is not None:
            formula = _formula(formula_el, shared, col, row, name, where)
        element.clear()
        if formula is None and value is None:
            continue
        if row > max_row or col > max_col:
            raise ScoresheetError(
                f"{name}: {where} lies beyond the {max_row} rows and {max_col} columns this "
                f"sheet may have (a game holds at most {MAX_DEALS} deals): refused rather "
                "than read in part"
            )
        if formula is not None:
            cells[(row, col)] = ("f", formula)
        else:
            cells[(row, col)] = (_KINDS.get(t, "n"), value)
        if value is not None:
            cached[(row, col)] = value
    return RawSheet(cells, cached)


_KINDS = {"n": "n", "s": "s", "str": "s", "inlineStr": "s", "b": "b", "e": "e", "d": "d"}


def _value(
    t: str, raw: str | None, element: Element, strings: list[str], name: str, where: str
) -> Any:
    if t == "inlineStr":
        inline = element.find(f"{_NS}is")
        text = _text_of(inline) if inline is not None else None
        return _checked_text(text, name, where)
    if raw is None:
        return None
    if t == "s":
        try:
            return _checked_text(strings[int(raw)], name, where)
        except (ValueError, IndexError):
            raise ScoresheetError(
                f"{name}: {where} names a text the workbook does not hold"
            ) from None
    if t in ("str", "d"):
        return _checked_text(raw, name, where)
    if t == "e":
        return _checked_text(raw, name, where)
    if t == "b":
        if raw.strip() not in ("0", "1"):
            raise ScoresheetError(f"{name}: {where} is not TRUE or FALSE")
        return raw.strip() == "1"
    text = raw.strip()
    if len(text) > MAX_NUMBER_TEXT:
        raise ScoresheetError(
            f"{name}: {where} holds a number of {len(text)} characters, larger than any "
            "score sheet needs; refused"
        )
    try:
        return _number(text)
    except ValueError:
        raise ScoresheetError(f'{name}: {where}: "{shorten(text, 40)}" is not a number') from None


def _checked_text(text: str | None, name: str, where: str) -> str | None:
    if text is not None and len(text) > MAX_TEXT:
        raise ScoresheetError(
            f"{name}: {where} holds {len(text)} characters, more than a score sheet's cell "
            f"ever needs ({MAX_TEXT}); refused"
        )
    return text


def _formula(
    element: Element,
    shared: dict[str, tuple[str, str]],
    col: int,
    row: int,
    name: str,
    where: str,
) -> str | None:
    text = element.text
    here = f"{col_letters(col)}{row}"
    if element.get("t") == "shared":
        key = element.get("si", "")
        if text:
            shared[key] = (text, here)
        elif key in shared:
            from openpyxl.formula.translate import Translator

            master, origin = shared[key]
            text = Translator(f"={master}", origin=origin).translate_formula(here)[1:]
        else:
            raise ScoresheetError(f"{name}: {where} uses a shared formula the sheet never gives")
    if text is None:
        return None
    _checked_text(text, name, where)
    return f"={text}"


__all__ = ["MAX_TEXT", "RawSheet", "col_letters", "col_number", "read_cells"]
