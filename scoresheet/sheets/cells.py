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
from scoresheet.i18n import _
from scoresheet.limits import MAX_CELLS, MAX_DEALS

MAX_TEXT = 10_000  # characters of one cell's text or formula
MAX_NUMBER_TEXT = 32  # characters of one cell's number as saved ("-1.2345678901234567E+308")

# A shared formula is written once and used by any number of cells (``<f t="shared"
# si="0"/>``): a few bytes in the file, a whole formula in the cell. The sizes of the file
# and of its parts do not bound what they expand to, so these do, for the whole workbook
# (an export of 1,000 deals holds about 8 million characters of formulas, 370,000
# references that move from cell to cell): the characters of the shared formulas that are
# used (each is parsed once), the references moved for each cell that uses one, and the
# characters of the formulas they give. A formula that reads the same in every cell (only
# absolute references, $A$1) is kept once, whatever the cells that use it.
MAX_SHARED_SOURCE = 1_000_000
MAX_SHARED_MOVES = 500_000
MAX_SHARED_TEXT = 30_000_000

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


def _too_many(name: str) -> str:
    return _(
        "{name}: more than {max_cells:,} cells, more than any score sheet has; refused"
    ).format(name=name, max_cells=MAX_CELLS)


class _Reader:
    def __init__(self, data: bytes, name: str) -> None:
        self.name = name
        self.cells = 0  # read so far, in every sheet
        # What shared formulas have cost so far, in every sheet (see MAX_SHARED_SOURCE).
        self.shared_source = 0
        self.shared_moves = 0
        self.shared_text = 0
        self.zip = zipfile.ZipFile(io.BytesIO(data))
        self.names = set(self.zip.namelist())

    def read(self, part: str) -> bytes:
        try:
            return self.zip.read(part)
        except KeyError:
            raise ScoresheetError(
                _("{name}: {part} is missing: not a workbook").format(name=self.name, part=part)
            ) from None

    def parse(self, part: str) -> Element:
        from defusedxml import ElementTree

        root: Element = ElementTree.fromstring(self.read(part))
        return root

    def events(self, part: str) -> Iterator[Element]:
        from defusedxml import ElementTree

        with self.zip.open(part) as stream:
            for _event, element in ElementTree.iterparse(stream, events=("end",)):
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
                    raise ScoresheetError(_too_many(self.name))
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
    kind: str | None = None,
) -> dict[str, RawSheet]:
    """The cells of the named sheets, each sheet parsed once; see the module's docstring."""
    try:
        reader = _Reader(data, name)
        parts = reader.sheet_parts()
        for title in titles:
            if title not in parts:
                raise ScoresheetError(
                    _('{name}: no sheet "{title}": not {kind} written by scoresheet').format(
                        name=name, title=title, kind=kind or _("a workbook")
                    )
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
            _("{name}: the workbook is damaged ({text})").format(
                name=name, text=shorten(str(exc), 80)
            )
        ) from None
    except ParseError as exc:
        raise ScoresheetError(
            _("{name}: the workbook's XML is damaged ({exc})").format(name=name, exc=exc)
        ) from None
    except RecursionError:
        raise ScoresheetError(
            _("{name}: the workbook's XML is nested too deeply").format(name=name)
        ) from None
    except Exception as exc:  # a hostile file can make a parser fail in any way
        raise ScoresheetError(
            _("{name}: cannot read the workbook ({error}: {text})").format(
                name=name, error=type(exc).__name__, text=shorten(str(exc), 80)
            )
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
    shared: dict[str, _Shared] = {}  # a shared formula's id → the formula
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
            raise ScoresheetError(_too_many(name))
        ref = element.get("r")
        if ref is not None:
            match = _REF.fullmatch(ref)
            if match is None:
                raise ScoresheetError(
                    _('{name}: {title}: "{text}" is not a cell').format(
                        name=name, title=title, text=shorten(ref, 20)
                    )
                )
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
            formula = _formula(formula_el, shared, col, row, reader, where)
        element.clear()
        if formula is None and value is None:
            continue
        if row > max_row or col > max_col:
            raise ScoresheetError(
                _(
                    "{name}: {where} lies beyond the {max_row} rows and {max_col} columns this "
                    "sheet may have (a game holds at most {max_deals} deals): refused rather than "
                    "read in part"
                ).format(
                    name=name, where=where, max_row=max_row, max_col=max_col, max_deals=MAX_DEALS
                )
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
                _("{name}: {where} names a text the workbook does not hold").format(
                    name=name, where=where
                )
            ) from None
    if t in ("str", "d"):
        return _checked_text(raw, name, where)
    if t == "e":
        return _checked_text(raw, name, where)
    if t == "b":
        if raw.strip() not in ("0", "1"):
            raise ScoresheetError(
                _("{name}: {where} is not TRUE or FALSE").format(name=name, where=where)
            )
        return raw.strip() == "1"
    text = raw.strip()
    if len(text) > MAX_NUMBER_TEXT:
        raise ScoresheetError(
            _(
                "{name}: {where} holds a number of {n_text} characters, larger than any score "
                "sheet needs; refused"
            ).format(name=name, where=where, n_text=len(text))
        )
    try:
        return _number(text)
    except ValueError:
        raise ScoresheetError(
            _('{name}: {where}: "{text}" is not a number').format(
                name=name, where=where, text=shorten(text, 40)
            )
        ) from None


def _checked_text(text: str | None, name: str, where: str) -> str | None:
    if text is not None and len(text) > MAX_TEXT:
        raise ScoresheetError(
            _(
                "{name}: {where} holds {n_text} characters, more than a score sheet's cell ever "
                "needs ({max_text}); refused"
            ).format(name=name, where=where, n_text=len(text), max_text=MAX_TEXT)
        )
    return text


@dataclass(slots=True)
class _Shared:
    """A shared formula as its first cell gives it; ``parts`` once a cell uses it: the
    text between the references that move, and those references."""

    text: str  # "=…"
    row: int
    col: int
    parts: tuple[list[str], list[str]] | None = None


def _formula(
    element: Element,
    shared: dict[str, _Shared],
    col: int,
    row: int,
    reader: _Reader,
    where: str,
) -> str | None:
    name = reader.name
    text = element.text
    if element.get("t") == "shared":
        key = element.get("si", "")
        if text:
            _checked_text(text, name, where)
            shared[key] = _Shared(f"={text}", row, col)
            return shared[key].text
        if key not in shared:
            raise ScoresheetError(
                _("{name}: {where} uses a shared formula the sheet never gives").format(
                    name=name, where=where
                )
            )
        return _use_shared(shared[key], row, col, reader, where)
    if text is None:
        return None
    _checked_text(text, name, where)
    return f"={text}"


def _refuse_shared(reader: _Reader, where: str, what: str) -> ScoresheetError:
    return ScoresheetError(
        _(
            "{name}: {where}: its shared formula takes the workbook's shared formulas past "
            "{what}, more than any score sheet needs; refused"
        ).format(name=reader.name, where=where, what=what)
    )


def _use_shared(formula: _Shared, row: int, col: int, reader: _Reader, where: str) -> str:
    """The formula of a cell that uses a shared formula: the shared one with its relative
    references moved as far as the cell is from the formula's own cell (as openpyxl's
    Translator moves them), within the workbook's bounds (see :data:`MAX_SHARED_SOURCE`)."""
    from openpyxl.formula.translate import TranslatorError

    if formula.parts is None:
        reader.shared_source += len(formula.text)
        if reader.shared_source > MAX_SHARED_SOURCE:
            raise _refuse_shared(
                reader,
                where,
                _("{max_shared_source:,} characters in all").format(
                    max_shared_source=MAX_SHARED_SOURCE
                ),
            )
        formula.parts = _parts(formula.text, reader, where)
    between, moving = formula.parts
    if not moving:
        return formula.text  # the same in every cell: kept once
    reader.shared_moves += len(moving)
    if reader.shared_moves > MAX_SHARED_MOVES:
        raise _refuse_shared(
            reader,
            where,
            _("{max_shared_moves:,} references moved").format(max_shared_moves=MAX_SHARED_MOVES),
        )
    reader.shared_text += len(formula.text)
    if reader.shared_text > MAX_SHARED_TEXT:
        raise _refuse_shared(
            reader,
            where,
            _("{max_shared_text:,} characters once expanded").format(
                max_shared_text=MAX_SHARED_TEXT
            ),
        )
    down, right = row - formula.row, col - formula.col
    out = [between[0]]
    try:
        for ref, text in zip(moving, between[1:], strict=True):
            out.append(_move(ref, down, right))
            out.append(text)
    except TranslatorError:
        raise ScoresheetError(
            _("{name}: {where}: its shared formula refers to a cell off the sheet here").format(
                name=reader.name, where=where
            )
        ) from None
    return _checked_text("".join(out), reader.name, where) or ""


def _move(ref: str, down: int, right: int) -> str:
    """A reference moved as openpyxl's Translator moves it (raises ``TranslatorError``)."""
    from openpyxl.formula.translate import Translator

    return str(Translator.translate_range(ref, down, right))  # type: ignore[no-untyped-call]


def _parts(text: str, reader: _Reader, where: str) -> tuple[list[str], list[str]]:
    """A formula split into the text between its relative references and those references."""
    from openpyxl.formula.tokenizer import Token, Tokenizer
    from openpyxl.formula.translate import TranslatorError

    try:
        tokens = Tokenizer(text).items
    except Exception as exc:  # a hostile formula can fail the tokenizer in any way
        raise ScoresheetError(
            _("{name}: {where}: its shared formula cannot be read ({text})").format(
                name=reader.name, where=where, text=shorten(str(exc), 60)
            )
        ) from None
    between: list[list[str]] = [["="]]
    moving: list[str] = []
    for token in tokens:
        value = str(token.value)
        if token.type == Token.OPERAND and token.subtype == Token.RANGE:
            try:
                moves = _move(value, 1, 1) != value
            except TranslatorError:
                moves = True
            if moves:
                moving.append(value)
                between.append([])
                continue
        between[-1].append(value)
    return ["".join(chunk) for chunk in between], moving


__all__ = [
    "MAX_SHARED_MOVES",
    "MAX_SHARED_SOURCE",
    "MAX_SHARED_TEXT",
    "MAX_TEXT",
    "RawSheet",
    "col_letters",
    "col_number",
    "read_cells",
]
