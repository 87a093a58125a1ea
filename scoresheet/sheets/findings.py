"""What an audit found: findings, a report per file, and planned cells compared with a workbook.

Every game's audit plans the cells its workbook should hold (the formulas and the
values the library computes) and hands them to :func:`compare_cells` with the sheets
read back (:mod:`scoresheet.sheets.read`): a formula deleted, typed over or changed, a
value shown that the rules do not give, a formula where a typed value belongs; each
one a :class:`Finding` of the file's :class:`Report`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scoresheet.errors import one_line
from scoresheet.i18n import _, ngettext
from scoresheet.sheets.plan import Cell, SheetError, Value, col_letter
from scoresheet.sheets.read import Sheet, show_value

if TYPE_CHECKING:
    from scoresheet.results import GameResult

RULES = "Rules"  # the sheet of the rule values, in every game's workbook


@dataclass(frozen=True, slots=True)
class Finding:
    """One place where the sheet disagrees with the rules."""

    deal: int | None
    cell: str | None  # "Scores!H12"
    what: str  # "deal 7, Bob, score"
    message: str
    blocking: bool = True  # whether it stops an import (a rule value changed does not)
    refuses_import: bool = False  # a formula or error value where a typed value belongs
    # The sheet shows a value the rules do not give for its inputs (typed over a formula,
    # or calculated by a changed one): a game made of the inputs would not be that sheet.
    shows_otherwise: bool = False

    @property
    def line(self) -> str:
        if self.cell:
            return _("{cell} ({what}): {message}").format(
                cell=self.cell, what=self.what, message=self.message
            )
        return _("{what}: {message}").format(what=self.what, message=self.message)

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "cell": self.cell, "message": self.line}


@dataclass
class Report:
    """What an audit found in one file."""

    source: str
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    record: Mapping[str, Any] | None = None
    score: GameResult | None = None

    @property
    def ok(self) -> bool:
        return not self.findings

    def add(
        self,
        deal: int | None,
        cell: str | None,
        what: str,
        message: str,
        blocking: bool = True,
        refuses_import: bool = False,
        shows_otherwise: bool = False,
    ) -> None:
        self.findings.append(
            Finding(deal, cell, what, message, blocking, refuses_import, shows_otherwise)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.source,
            "findings": [f.to_json() for f in self.findings],
            "notes": self.notes,
            "ok": self.ok,
        }

    def text(self) -> str:
        lines = [f.line for f in self.findings]
        lines += [_("note: {note}").format(note=n) for n in self.notes]
        if self.ok:
            deals = len(self.score.deals) if self.score else 0
            line = ngettext(
                "{source}: nothing wrong ({n} deal)", "{source}: nothing wrong ({n} deals)", deals
            )
            lines.append(line.format(source=self.source, n=deals))
        else:
            count = len(self.findings)
            line = ngettext("{source}: {n} problem", "{source}: {n} problems", count)
            lines.append(line.format(source=self.source, n=count))
        return "\n".join(lines)


def norm_formula(formula: str) -> str:
    text = formula[1:] if formula.startswith("=") else formula
    text = re.sub(r"'([A-Za-z]+)'!", r"\1!", text)
    return re.sub(r"[\s$]", "", text).upper()


def same_value(expected: Value, got: Any) -> bool:
    if isinstance(expected, SheetError):
        return isinstance(got, str) and got.strip().upper() == expected.code
    if expected is None or expected == "":
        return got is None or got == ""
    if isinstance(expected, bool) or isinstance(got, bool):
        return bool(expected == got)
    if isinstance(expected, int | float):
        return isinstance(got, int | float) and abs(got - expected) < 1e-9
    return bool(expected == got)


def compare_cells(
    report: Report,
    cells: Iterable[Cell],
    sheets: Mapping[str, Sheet],
    *,
    skip: Callable[[Cell], bool] = lambda cell: False,
    any_kind: bool = False,
) -> None:
    """Report every planned formula cell the workbook disagrees with (every game's audit).

    A formula deleted, typed over ("a number" or "a value" typed; always "a value" with
    ``any_kind``, where a cell may hold text, and a wrong value "shows …") or changed, and
    a saved value the rules do not give. ``skip`` leaves out
    cells that depend on an input already reported as wrong.
    """
    cells = list(cells)
    _check_inputs(report, cells, sheets)
    any_value = False
    for cell in cells:
        if skip(cell):
            continue
        sheet = sheets[cell.sheet]
        kind, got = sheet.cells.get((cell.row, cell.col), ("n", None))
        what = cell.label
        if kind != "f":
            if got is None:
                report.add(cell.deal, cell.where, what, _("the formula was deleted"))
                continue
            number = isinstance(got, int | float) and not isinstance(got, bool)
            differs = not same_value(cell.value, got)
            if number and not any_kind:
                message = (
                    _("a number typed over the formula ({got}; the rules give {want})")
                    if differs
                    else _("a number typed over the formula")
                )
            else:
                message = (
                    _("a value typed over the formula ({got}; the rules give {want})")
                    if differs
                    else _("a value typed over the formula")
                )
            report.add(
                cell.deal,
                cell.where,
                what,
                message.format(got=show_value(got), want=show_value(cell.value)),
                shows_otherwise=differs,
            )
            continue
        assert cell.formula is not None
        shown = sheet.cached.get((cell.row, cell.col))
        if norm_formula(str(got)) != norm_formula(cell.formula):
            differs = shown is not None and not same_value(cell.value, shown)
            if differs:
                message = _(
                    "the formula was changed to {formula} (it shows {got}; the rules give {want})"
                )
            else:
                message = _("the formula was changed to {formula}")
            report.add(
                cell.deal,
                cell.where,
                what,
                message.format(
                    formula=one_line(str(got), joined=True, limit=200),
                    got=show_value(shown),
                    want=show_value(cell.value),
                ),
                shows_otherwise=differs,
            )
            continue
        if shown is None and cell.value not in ("", None):
            continue  # no value saved: nothing shown to compare
        any_value = any_value or shown is not None
        if not same_value(cell.value, shown):
            if any_kind:
                message = _("shows {got}, the rules give {want}")
            else:
                message = _("{got}, the rules give {want}")
            report.add(
                cell.deal,
                cell.where,
                what,
                message.format(got=show_value(shown), want=show_value(cell.value)),
                shows_otherwise=True,
            )
    if not any_value:
        report.notes.append(
            _(
                "the workbook holds no calculated values (it was saved by a program that does "
                "not calculate): its inputs and formulas were checked"
            )
        )


def compare_deal_numbers(
    report: Report, cells: Iterable[Cell], sheets: Mapping[str, Sheet]
) -> None:
    """Report every deal-number cell (planned with the style ``deal``) that does not hold
    its deal's number: text ("two", or "2" typed as text), another number, or nothing.
    The rows are the deals in order, so such a cell is not read, but the sheet would show
    a deal under a number that is not its own (and a formula that reads it, such as the
    dealer's, would be thrown off). A formula or an error value there is reported as in
    any cell that takes a typed value."""
    for cell in cells:
        number = cell.value
        if cell.style != "deal" or not isinstance(number, int):
            continue
        kind, got = sheets[cell.sheet].cells.get((cell.row, cell.col), ("n", None))
        if kind in ("f", "e") or (same_value(number, got) and not isinstance(got, bool)):
            continue
        if isinstance(got, str) and got.strip() == str(number):
            message = _("{got} is text, not a number; type {number} as a number")
        else:
            message = _("{got} where the deal's number belongs; type {number}")
        report.add(
            number,
            cell.where,
            _("deal {number}, number").format(number=number),
            message.format(got=show_value(got), number=number),
            blocking=False,
        )


_CONSTANT = re.compile(r"=\s*(TRUE|FALSE)\s*\(\s*\)\s*", re.I)  # how LibreOffice saves TRUE


def _check_inputs(report: Report, planned: Sequence[Cell], sheets: Mapping[str, Sheet]) -> None:
    """Every cell that is not one of the planned formulas takes a typed value: a formula
    there (which could reach other cells or files) or an error value is refused, whether
    the deal's contract uses the cell or not."""
    formulas = {(cell.sheet, cell.row, cell.col) for cell in planned}
    for title, sheet in sheets.items():
        for (row, col), (kind, value) in sheet.cells.items():
            if kind not in ("f", "e") or (title, row, col) in formulas:
                continue
            if kind == "f" and _CONSTANT.fullmatch(str(value)):
                continue
            if kind == "f":
                message = _(
                    "a formula ({value}) where scoresheet reads a typed value; "
                    "type the value instead"
                )
            else:
                message = _(
                    "an error value ({value}) where scoresheet reads a typed value; "
                    "type the value instead"
                )
            report.add(
                None,
                f"{title}!{col_letter(col)}{row}",
                _("input cell"),
                message.format(value=one_line(str(value), joined=True, limit=200)),
                refuses_import=True,
            )


def after_broken(broken: set[int]) -> Callable[[Cell], bool]:
    """Leave out a broken deal's cells, and the running totals after the first one."""
    first_broken = min(broken) if broken else None

    def skip(cell: Cell) -> bool:
        if not broken or cell.sheet == RULES:
            return False
        if cell.deal is None or cell.deal in broken:
            return True
        # A running total, by its style: its label is in the language in force.
        return first_broken is not None and cell.deal > first_broken and cell.style == "running"

    return skip
