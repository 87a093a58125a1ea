"""What a page shows, without saying where: tables of text, a legend, a chart.

The game builders fill these from a scoring result; :mod:`scoresheet.paper.render`
places them on paper. Nothing here knows fpdf2.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table: its heading and the width (mm) it needs at least."""

    head: str
    width: float
    align: str = "C"  # "L", "C" or "R"
    shaded: bool = False  # printed by us, not written by the table (a check total)


@dataclass(frozen=True, slots=True)
class Group:
    """A heading over ``span`` neighbouring columns (a player, a team); ``""`` for none."""

    title: str
    span: int


@dataclass(slots=True)
class Block:
    """Rows kept together under an optional heading (a declarer's deals)."""

    rows: list[list[str]]
    heading: str = ""
    bold: frozenset[int] = frozenset()  # rows printed bold (totals)
    # (row, column) cells printed grey: nothing to write there (a running-total row's
    # doubles, a brought-forward row's deal cells).
    shade: frozenset[tuple[int, int]] = frozenset()
    new_page: bool = False  # starts a page of its own (a continuation pad)


@dataclass(slots=True)
class Grid:
    """A table: columns, the group headings above them, and its blocks of rows."""

    columns: list[Column]
    groups: list[Group]
    blocks: list[Block]
    row_height: float = 8.0  # mm
    min_row_height: float | None = None  # mm: rows may shrink to this to save a page
    font: float = 9.0  # pt; never printed below MIN_FONT
    title: str = ""

    def __post_init__(self) -> None:
        if self.groups and sum(g.span for g in self.groups) != len(self.columns):
            raise ValueError("groups must span every column")
        for block in self.blocks:
            for row in block.rows:
                if len(row) != len(self.columns):
                    raise ValueError(
                        f"a row of {len(row)} cells in a {len(self.columns)}-column grid"
                    )

    @property
    def width(self) -> float:
        return sum(c.width for c in self.columns)


@dataclass(frozen=True, slots=True)
class Chart:
    """Lines of running totals: one series per player or team, one point per deal;
    for a race, the ``target`` drawn across it as a dashed line, with its label."""

    title: str
    labels: list[str]
    series: list[tuple[str, list[int]]]
    target: int | None = None
    target_label: str = ""


@dataclass(frozen=True, slots=True)
class Code:
    """A QR code, printed at the top right of the first page beside the lines there:
    its modules row by row, dark ones ``True`` (without the quiet zone, which the
    renderer leaves white around it), ``size`` mm wide with that zone."""

    modules: tuple[tuple[bool, ...], ...]
    size: float = 34.0


@dataclass(slots=True)
class Doc:
    """A document: the main grid flows over the pages; the rest follows it."""

    title: str
    lines: list[str]
    grid: Grid
    after: list[list[Grid]] = field(default_factory=list)  # each inner list side by side
    notes: list[str] = field(default_factory=list)  # lines of text after the grid
    legend: list[str] = field(default_factory=list)  # small print at the end
    chart: Chart | None = None
    # Each player's initials: where a name is too wide for its column, the renderer
    # prints these instead and says whose they are in the legend.
    initials: dict[str, str] = field(default_factory=dict)
    code: Code | None = None  # a QR code at the top right (a table's scoring link)


MIN_FONT = 7.0  # pt: nothing on paper is smaller
