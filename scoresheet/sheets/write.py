"""Writing a workbook: the one style table, planned cells, print setup, cached values.

Every game's sheet module plans its cells (:class:`scoresheet.sheets.plan.Cell`) and
writes them with :func:`write_cells`, styled from :data:`STYLES`: a cell's ``style``
names a style of the table, or a name of the game's own that :func:`cell_styles` maps
to one (one game's ``"score"`` is ``"bold_signed"``, another's ``"bold"``).

openpyxl writes formulas without values, so a viewer that does not recalculate (a phone
preview, a library reading the file) would show empty cells. After openpyxl has written
the workbook, :func:`cache_values` puts the value the library computed for every formula
cell into the sheet XML (``<v>``), and the workbook asks spreadsheet applications to
recalculate everything when they open it (``fullCalcOnLoad``).

openpyxl is imported inside the functions that use it, so the command line starts fast.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.sheets.plan import Cell, SheetError, Value, col_letter
from scoresheet.sheets.rows import writer_class, xml_value

if TYPE_CHECKING:
    from openpyxl.styles import Border
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

_FORMULA_CELL = re.compile(rb'<c r="([A-Z]+[0-9]+)"([^>]*)><f>(.*?)</f><v\s*/></c>', re.S)
_CALC_PR = re.compile(rb"<calcPr\b[^>]*/>")

# Colours: inputs a pale yellow, headers grey, a row that does not add up red.
INPUT_FILL = "FFF6D5"
HEADER_FILL = "D9D9D9"
RULE_FILL = "E2EFDA"
UNUSED_FILL = "F2F2F2"  # an input the deal does not use
RED_FILL = "FFC7CE"  # conditional formats: something wrong
AMBER_FILL = "FFEB9C"  # … still owed
WIN_FILL = "C6EFCE"  # … the winner
GREY_TEXT = "595959"  # running totals, notes
GREY = "808080"  # struck-out text (a point not counted)
BORDER = "BFBFBF"
FONT = "Arial"
SIGNED = "+0;-0;0"


@dataclass(frozen=True, slots=True)
class Style:
    """A cell style in words; :func:`cell_styles` makes openpyxl's objects of it."""

    size: int = 10
    bold: bool = False
    italic: bool = False
    colour: str | None = None  # the text's
    fill: str | None = None
    boxed: bool = True  # a thin grey line on every side
    align: str | None = None  # "center", "right"; "header": centred both ways, wrapped
    number_format: str | None = None


# Every style a workbook uses, named by how it looks.
STYLES: dict[str, Style] = {
    "title": Style(size=12, bold=True, boxed=False),
    "note": Style(size=9, italic=True, colour=GREY_TEXT, boxed=False),
    "label": Style(boxed=False),
    "total_label": Style(bold=True, boxed=False),
    "header": Style(bold=True, fill=HEADER_FILL, align="header"),
    "input": Style(fill=INPUT_FILL),
    "input_centered": Style(fill=INPUT_FILL, align="center"),
    "unused": Style(fill=UNUSED_FILL),
    "rule": Style(fill=RULE_FILL),
    "fixed": Style(),
    "centered": Style(align="center"),
    "right": Style(align="right"),
    "bold": Style(bold=True),
    "bold_centered": Style(bold=True, align="center"),
    "grey": Style(colour=GREY_TEXT),
    "signed": Style(number_format=SIGNED),
    "bold_signed": Style(bold=True, number_format=SIGNED),
    "grey_signed": Style(colour=GREY_TEXT, number_format=SIGNED),
}


def cell_styles(uses: Mapping[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """The openpyxl attributes of every style of :data:`STYLES`, by its name, and of each
    name of ``uses`` (a game's own name for a cell → the name of a style in the table):
    what :func:`write_cells` takes.

    >>> styles = cell_styles({"score": "bold_signed"})
    >>> styles["score"]["number_format"], styles["score"]["font"].b
    ('+0;-0;0', True)
    """
    made = {name: _attributes(style) for name, style in STYLES.items()}
    return made | {name: made[target] for name, target in (uses or {}).items()}


def _attributes(style: Style) -> dict[str, Any]:
    from openpyxl.styles import Alignment, Font, PatternFill

    font: dict[str, Any] = {"name": FONT, "size": style.size}
    if style.bold:
        font["bold"] = True
    if style.italic:
        font["italic"] = True
    if style.colour is not None:
        font["color"] = style.colour
    out: dict[str, Any] = {"font": Font(**font)}
    if style.fill is not None:
        out["fill"] = PatternFill("solid", fgColor=style.fill)
    if style.align == "header":
        out["alignment"] = Alignment(horizontal="center", vertical="center", wrap_text=True)
    elif style.align is not None:
        out["alignment"] = Alignment(horizontal=style.align)
    if style.boxed:
        out["border"] = box_border()
    if style.number_format is not None:
        out["number_format"] = style.number_format
    return out


def box_border(*, top: Literal["thin", "medium"] = "thin") -> Border:
    """The thin grey box of a cell; ``top="medium"`` (black) starts a block of rows, as a
    new declarer's deals do on the paper sheet."""
    from openpyxl.styles import Border, Side

    thin = Side(style="thin", color=BORDER)
    above = thin if top == "thin" else Side(style=top, color="000000")
    return Border(left=thin, right=thin, top=above, bottom=thin)


def check_text(record: Mapping[str, Any]) -> None:
    """Refuse a player's name a workbook cannot hold (a control character)."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    for name in record["players"]:
        if ILLEGAL_CHARACTERS_RE.search(name):
            raise ScoresheetError(
                _(
                    "players: {name!r} holds a control character, which a workbook cannot hold"
                ).format(name=name)
            )


def save_with_values(
    wb: Workbook,
    cells: Sequence[Cell],
    titles: Sequence[str],
    *,
    paper: str = "a4",
    hand_rows: Mapping[str, range] | None = None,
) -> bytes:
    """Save a workbook, then give every formula cell the library's value (see
    :func:`cache_values`), so viewers that do not calculate show the right numbers.

    Every sheet is first set up for ``paper`` (see :func:`fit_pages`); ``hand_rows``
    (a blank workbook's deal rows, per sheet) are made tall enough to write in by hand.
    """
    for title, rows in (hand_rows or {}).items():
        for row in rows:
            wb[title].row_dimensions[row].height = HAND_ROW
    for ws in wb.worksheets:  # after the rows' heights: the pages allow for them
        fit_pages(ws, paper)
    buffer = io.BytesIO()
    values: dict[str, dict[tuple[int, int], Value]] = {title: {} for title in titles}
    for c in cells:
        if c.formula is not None and c.sheet in values:
            values[c.sheet][c.row, c.col] = c.value
    filled = _save_stored(wb, buffer, values)
    return cache_values(
        buffer.getvalue(),
        {
            title: {f"{col_letter(col)}{row}": value for (row, col), value in cells.items()}
            for title, cells in values.items()
            if title not in filled
        },
    )


def _save_stored(
    wb: Workbook, buffer: io.BytesIO, values: Mapping[str, Mapping[tuple[int, int], Value]]
) -> set[str]:
    """``wb.save(buffer)``, its parts stored rather than compressed: :func:`cache_values`
    reads them back and compresses them as it writes the workbook, so compressing them here
    too was work thrown away (the parts are the same).

    The formula cells of a sheet of ``values`` (by title, then by row and column) are
    written with their values, as :func:`cache_values` would put them: the titles of the
    sheets so written are returned (every sheet of ``values``, but where openpyxl writes
    through lxml)."""
    from openpyxl.writer.excel import ExcelWriter

    archive = zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED, allowZip64=True)
    # As openpyxl's own save does (``openpyxl.writer.excel.save_workbook``).
    wb.properties.modified = datetime.datetime.now(tz=datetime.UTC).replace(tzinfo=None)
    writer = writer_class(ExcelWriter)(wb, archive)
    writer.values = values
    writer.filled = set()
    writer.save()
    filled: set[str] = writer.filled
    return filled


PAPER_SIZES = {"a4": 9, "letter": 1}  # the spreadsheet's paperSize codes
PAPER_WIDTH_MM = {"a4": 297.0, "letter": 279.4}  # the long side: every sheet is landscape
PAPER_HEIGHT_MM = {"a4": 210.0, "letter": 215.9}
HAND_ROW = 18.0  # points (6.4 mm): 28 deals and the totals still fit one page tall
SPLIT_SCALE = 85  # percent, for a sheet too wide for one page
MIN_SCALE = 0.78  # 9 pt notes print at 7 pt; the widths allow for the font drawn


# A column's width is counted in the default font's digits: 7 pixels of Calibri 11. Where
# Calibri is missing (LibreOffice with only fonts-dejavu-core, as CI has it), the digits
# of the font drawn instead are wider, and so is every column printed: about 20% wider
# in DejaVu Sans. The estimate gives the pages that room, so a group of columns is not
# split across pages, nor a sheet printed one page wide below MIN_SCALE.
RENDER_ALLOWANCE = 1.22
# A row is printed as tall as the spreadsheet says (15 points unless set), give or take
# the rounding of each; the estimate of a page's rows allows a little for it.
ROW_ALLOWANCE = 1.03


def _col_points(ws: Worksheet, col: int) -> float:
    """A column's printed width in points (the spreadsheet's width in characters), with
    the room a font wider than Calibri needs (:data:`RENDER_ALLOWANCE`)."""
    dim = ws.column_dimensions.get(col_letter(col))
    chars = dim.width if dim is not None and dim.width else 8.43
    return (chars * 7 + 5) * 0.75 * RENDER_ALLOWANCE


def fit_pages(ws: Worksheet, paper: str) -> None:
    """Set the paper, and keep printed text legible.

    A sheet that fits one page wide at :data:`MIN_SCALE` or more is printed one page
    wide. A wider one (a Results sheet with columns for every player's hand) is not
    shrunk: it prints at :data:`SPLIT_SCALE` over several pages across, its key columns
    (those left of the frozen pane) repeated on every page, with page breaks between
    groups of columns (the headings merged in row 2) so that a group stays on one page
    when it can.
    """
    from openpyxl.worksheet.pagebreak import Break

    if paper not in PAPER_SIZES:
        raise ScoresheetError(
            _('--paper: "{paper}" is not a paper size (a4 or letter)').format(paper=paper)
        )
    ws.page_setup.paperSize = PAPER_SIZES[paper]
    margins = (ws.page_margins.left + ws.page_margins.right) * 72
    page = PAPER_WIDTH_MM[paper] / 25.4 * 72 - margins
    last = ws.max_column
    widths = {c: _col_points(ws, c) for c in range(1, last + 1)}
    if page / sum(widths.values()) >= MIN_SCALE:
        return
    setup = ws.sheet_properties.pageSetUpPr
    assert setup is not None
    setup.fitToPage = False
    scale = _split_scale(ws, paper)
    ws.page_setup.scale = scale
    keys = 0
    if ws.freeze_panes:
        keys = ord(ws.freeze_panes[0]) - ord("A")  # columns left of the pane: A..D
    if keys:
        ws.print_title_cols = f"A:{col_letter(keys)}"
    room = page / (scale / 100) - sum(widths[c] for c in range(1, keys + 1))
    starts = {keys + 1}
    for rng in ws.merged_cells.ranges:
        if rng.min_row <= 2 <= rng.max_row:
            starts.update((rng.min_col, rng.max_col + 1))
    groups = sorted(c for c in starts if keys < c <= last)
    used = 0.0
    for i, start in enumerate(groups):
        end = groups[i + 1] - 1 if i + 1 < len(groups) else last
        cols = range(start, end + 1)
        width = sum(widths[c] for c in cols)
        if used and used + width > room:
            ws.col_breaks.append(Break(id=start - 1))
            used = 0.0
        for c in cols:  # a group wider than a page is broken between its columns
            if used and used + widths[c] > room:
                ws.col_breaks.append(Break(id=c - 1))
                used = 0.0
            used += widths[c]


def _split_scale(ws: Worksheet, paper: str) -> int:
    """The scale of a sheet printed over several pages across: :data:`SPLIT_SCALE`, or
    less, down to :data:`MIN_SCALE`, where that keeps its first block of rows (down to
    its first row break: the chart, the ledger) one page tall. A game of 36 deals
    otherwise printed its last row (the leader) alone on a page of its own."""
    breaks = [brk.id for brk in ws.row_breaks.brk if brk.id]
    last = min(breaks) if breaks else ws.max_row
    default = ws.sheet_format.defaultRowHeight or 15.0
    rows = [
        ws.row_dimensions[r].height if r in ws.row_dimensions else None for r in range(1, last + 1)
    ]
    height = sum(h or default for h in rows) * ROW_ALLOWANCE
    margins = (ws.page_margins.top + ws.page_margins.bottom) * 72
    page = PAPER_HEIGHT_MM[paper] / 25.4 * 72 - margins
    fits = int(page / height * 100)
    if fits >= SPLIT_SCALE or fits < MIN_SCALE * 100:  # fits already, or cannot be kept
        return SPLIT_SCALE
    return fits


def print_setup(
    ws: Worksheet, *, freeze: str | None, title_rows: str | None, landscape: bool = True
) -> None:
    """A sheet's panes and page: frozen headers, one page wide, header rows on every page."""
    ws.freeze_panes = freeze
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    setup = ws.sheet_properties.pageSetUpPr
    assert setup is not None
    setup.fitToPage = True
    ws.print_options.gridLines = False
    ws.page_margins.left = ws.page_margins.right = 0.4
    ws.page_margins.top = ws.page_margins.bottom = 0.5
    if title_rows is not None:
        ws.print_title_rows = title_rows
    if ws.oddFooter is not None and ws.oddFooter.center is not None:
        # The sheet's name, the page and the pages: the spreadsheet's own codes.
        ws.oddFooter.center.text = _("{sheet}, page {page} of {pages}").format(
            sheet="&A", page="&P", pages="&N"
        )


def write_cells(
    sheets: Mapping[str, Worksheet],
    cells: Iterable[Cell],
    styles: Mapping[str, Mapping[str, Any]],
    *,
    default: str = "",
) -> None:
    """Write planned cells into openpyxl sheets: formulas, text that stays text, styles.

    A name such as "=1+1" or "@Bob" is written as text with a quote prefix, never as a
    formula. ``styles`` is :func:`cell_styles`' table; a cell without a style takes
    ``default``. Shared by every game's workbook.
    """
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.cell.cell import Cell as Target

    stamps: dict[tuple[str, str], Stamp] = {}  # by sheet: the sheets may be of two workbooks
    last: dict[str, int] = {}  # by sheet, the last row written
    for cell in cells:
        # ``ws.cell(row, column)``, without its checks of a place we planned.
        ws = sheets[cell.sheet]
        place = (cell.row, cell.col)
        target: Any = ws._cells.get(place)
        if target is None:
            if not 0 < cell.row <= 1048576:
                raise ValueError(f"{cell.where}: no such row in a worksheet")
            target = ws._cells[place] = Target(ws, row=cell.row, column=cell.col)
            if cell.row > last.get(cell.sheet, 0):
                last[cell.sheet] = cell.row
        value = cell.value
        formula = cell.formula
        if formula is not None:
            text = "=" + formula
            if formula and len(text) <= 32767 and not ILLEGAL_CHARACTERS_RE.search(text):
                target._value = text  # what assigning it gives, as openpyxl checks it
                target.data_type = "f"
            else:
                target.value = text
        elif type(value) is int or type(value) is float:
            target._value = value  # what assigning it gives
            target.data_type = "n"
        elif isinstance(value, str):
            target.value = value
            target.data_type = "s"
        elif value is not None and not isinstance(value, SheetError):
            target.value = value
        name = cell.style or default
        stamp = stamps.get((cell.sheet, name))
        if stamp is None:
            stamp = stamps[cell.sheet, name] = Stamp(styles[name])
        stamp.put(target)
        if cell.formula is None and isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
            target.quotePrefix = True  # after the style, which leaves it as it is
    for title, row in last.items():  # as ``ws.cell`` keeps it, for ``ws.append``
        sheet: Any = sheets[title]
        sheet._current_row = max(sheet._current_row, row)


# The index of each style attribute in a cell's openpyxl ``StyleArray``.
_STYLE_IDS = {
    "font": "fontId",
    "fill": "fillId",
    "border": "borderId",
    "number_format": "numFmtId",
    "protection": "protectionId",
    "alignment": "alignmentId",
}


class Stamp:
    """One style's attributes (:func:`cell_styles`' table), put on the cells of one workbook.

    Assigning ``cell.font = Font(…)`` makes openpyxl hash the font to find it in the
    workbook's table of fonts, and the same for the fill, the border and the alignment: on
    every cell, most of a workbook's writing. A stamp assigns the attributes to its first
    cell as openpyxl's own code does, keeps the indices that gave in the workbook's tables,
    and gives every later cell the same indices: the same workbook, without the hashing.
    """

    def __init__(self, attributes: Mapping[str, Any]) -> None:
        self.attributes = attributes
        self.ids: list[tuple[str, int]] | None = None
        self.fresh: Any = None  # the style of a cell never styled before

    def put(self, target: Any) -> None:
        """Style ``target`` (an openpyxl cell of the workbook of this stamp's first cell)."""
        if self.ids is None:
            from openpyxl.styles.cell_style import StyleArray

            for attr, value in self.attributes.items():
                setattr(target, attr, value)
            self.ids = [
                (_STYLE_IDS[attr], getattr(target._style, _STYLE_IDS[attr]))
                for attr in self.attributes
            ]
            self.fresh = StyleArray()
            for field, index in self.ids:
                setattr(self.fresh, field, index)
            return
        style = target._style
        if style is None:
            if self.ids:
                target._style = self.fresh.__copy__()
            return
        for field, index in self.ids:
            setattr(style, field, index)


# -- cached values -----------------------------------------------------------------------------


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → the zip member holding its XML (our own openpyxl output)."""
    workbook = archive.read("xl/workbook.xml").decode("utf-8")
    rels = archive.read("xl/_rels/workbook.xml.rels").decode("utf-8")
    targets = dict(re.findall(r'<Relationship[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"', rels))
    targets |= {
        rid: target
        for target, rid in re.findall(
            r'<Relationship[^>]*?Target="([^"]+)"[^>]*?Id="([^"]+)"', rels
        )
    }
    out = {}
    for title, rid in re.findall(r'<sheet name="([^"]+)"[^>]*?r:id="([^"]+)"', workbook):
        target = targets[rid].lstrip("/")
        out[title] = target if target.startswith("xl/") else f"xl/{target}"
    return out


def cache_values(data: bytes, values: dict[str, dict[str, Value]]) -> bytes:
    """Put each formula cell's value into the sheet XML; ask for a full recalculation on load."""
    source = zipfile.ZipFile(io.BytesIO(data))
    parts = {part: values[title] for title, part in _sheet_parts(source).items() if title in values}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            cells = parts.get(info.filename)
            if cells is not None:
                content = _fill(content, cells, info.filename)
            elif info.filename == "xl/workbook.xml":
                content = _CALC_PR.sub(b'<calcPr calcId="191029" fullCalcOnLoad="1"/>', content)
            info.compress_type = zipfile.ZIP_DEFLATED  # stored by _save_stored
            target.writestr(info, content)
    return out.getvalue()


def _fill(content: bytes, cells: dict[str, Value], part: str) -> bytes:
    missing = set(cells)

    def put(match: re.Match[bytes]) -> bytes:
        ref = match.group(1).decode()
        if ref not in cells:
            raise AssertionError(f"{part}: no value planned for the formula in {ref}")
        missing.discard(ref)
        kind, text = xml_value(cells[ref])
        attrs = match.group(2)
        return (
            b'<c r="'
            + match.group(1)
            + b'"'
            + attrs
            + kind.encode()
            + b"><f>"
            + match.group(3)
            + b"</f><v>"
            + text.encode("utf-8")
            + b"</v></c>"
        )

    filled = _FORMULA_CELL.sub(put, content)
    if missing:
        raise AssertionError(f"{part}: formulas not found for {sorted(missing)[:3]}")
    return filled
