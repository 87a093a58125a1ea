"""A workbook's sheets written as openpyxl writes them, the same XML, faster.

openpyxl builds an element of every cell and serialises it through a general XML writer:
half of a long game's export. :func:`writer_class` gives openpyxl's workbook writer a
sheet writer that writes each plain cell (a number, a formula, a string or nothing) as
text, and each formula with its cached value (:func:`xml_value`), where
:mod:`scoresheet.sheets.write` would otherwise put them in afterwards. Any other cell goes
through openpyxl's own code. tests/test_sheets_speed.py compares the two.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from scoresheet.sheets.plan import SheetError, Value

_WRITERS: dict[type, type] = {}


def writer_class(base: type) -> type:
    """openpyxl's ``ExcelWriter`` writing each sheet's cells through :func:`_write_row`
    (made once, on first use, so that openpyxl is imported only when a workbook is)."""
    if base in _WRITERS:
        return _WRITERS[base]
    from openpyxl.worksheet._writer import WorksheetWriter

    class RowWriter(WorksheetWriter):
        values: Mapping[tuple[int, int], Value] | None = None
        written = 0  # formula cells given their values

        def write_row(self, xf: Any, row: Any, row_idx: int) -> None:
            if hasattr(xf, "_file"):  # et_xmlfile's writer (lxml's has no text to add to)
                _write_row(self, xf, row, row_idx)
            else:
                self.values = None
                super().write_row(xf, row, row_idx)

    class Writer(base):  # type: ignore[misc]
        values: Mapping[str, Mapping[tuple[int, int], Value]] = {}
        filled: set[str]

        def write_worksheet(self, ws: Any) -> None:
            # openpyxl's own ``write_worksheet`` for a workbook not write-only (ours never
            # is), with the sheet writer above.
            from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing

            ws._drawing = SpreadsheetDrawing()
            ws._drawing.charts = ws._charts
            ws._drawing.images = ws._images
            writer: Any = RowWriter(ws)
            writer.values = self.values.get(ws.title)
            writer.write()
            if writer.values is not None:
                if writer.written != len(writer.values):
                    raise AssertionError(f"{ws.title}: formulas not found for some values")
                self.filled.add(ws.title)
            ws._rels = writer._rels
            self._archive.write(writer.out, ws.path[1:])
            self.manifest.append(ws)
            writer.cleanup()

    _WRITERS[base] = Writer
    return Writer


def _write_row(writer: Any, xf: Any, row: Sequence[Any], row_idx: int) -> None:
    """openpyxl's ``WorksheetWriter.write_row``, the same XML, each plain cell written as
    text: a number, a formula, a string or nothing, without a comment or a link. openpyxl
    builds an element of every cell and serialises it through a general XML writer, half
    of a long game's export. Any other cell goes through openpyxl's own ``write_cell``."""
    from openpyxl.cell._writer import write_cell
    from openpyxl.cell.cell import Cell
    from openpyxl.comments.comment_sheet import CommentRecord
    from openpyxl.utils.cell import get_column_letter

    ws = writer.ws
    plain: Any = Cell  # the cell of a value, not of a merge
    attrs = {"r": f"{row_idx}"}
    attrs.update(ws.row_dimensions.get(row_idx, {}))
    styles = ws.parent._cell_styles
    values = writer.values
    with xf.element("row", attrs):
        out = xf._file
        suffix = f"{row_idx}"
        for cell in row:
            if type(cell) is not plain:  # a merged cell's hidden part, for one
                if cell._comment is not None:
                    ws._comments.append(CommentRecord.from_cell(cell))
                if cell._value is not None or cell.has_style or cell._comment:
                    write_cell(xf, ws, cell, cell.has_style)
                continue
            if cell._comment is not None:
                ws._comments.append(CommentRecord.from_cell(cell))
            style = cell._style
            styled = style is not None and any(style)
            value = cell._value
            if value is None and not styled and not cell._comment:
                continue
            kind = cell.data_type
            if (
                cell._hyperlink is not None
                or kind not in _PLAIN_KINDS
                or type(value) not in _PLAIN_TYPES
            ):
                write_cell(xf, ws, cell, styled)
                continue
            head = '<c r="' + get_column_letter(cell.column) + suffix
            if styled:
                head += f'" s="{styles.add(style)}'
            if kind == "f":
                head += '"'
            elif kind == "s":
                head += '" t="inlineStr"'
            else:
                head += '" t="' + kind + '"'
            if value is None or value == "":
                out(head + " />")
            elif kind == "f":
                formula = "><f>" + _escape_text(value[1:]) + "</f><v"
                if values is None:
                    out(head + formula + " /></c>")
                    continue
                key = (row_idx, cell.column)
                if key not in values:
                    raise AssertionError(
                        f"{ws.title}: no value planned for a formula in row {row_idx}"
                    )
                writer.written += 1
                kind, text = xml_value(values[key])
                out(head + kind + formula + ">" + text + "</v></c>")
            elif kind == "s":
                stripped = value.strip()
                space = ' xml:space="preserve"' if stripped and stripped != value else ""
                out(head + "><is><t" + space + ">" + _escape_text(value) + "</t></is></c>")
            else:
                out(head + "><v>" + _number_text(value) + "</v></c>")


_PLAIN_KINDS = frozenset("nsfbe")
_PLAIN_TYPES = frozenset((int, float, str, bool, type(None)))


def _escape_text(text: str) -> str:
    """Character data as ``xml.etree`` escapes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _number_text(value: Any) -> str:
    """A ``<v>``'s text as openpyxl's ``safe_string`` gives it."""
    if isinstance(value, str):
        return _escape_text(value)
    if value != value or value in (float("inf"), float("-inf")):
        return ""
    return f"{value:.16g}"


def xml_value(value: Value) -> tuple[str, str]:
    """The ``t`` attribute and the ``<v>`` text of a cached value."""
    if isinstance(value, SheetError):
        return ' t="e"', escape(value.code)
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, int | float):
        return "", repr(value)
    return ' t="str"', escape("" if value is None else value)
