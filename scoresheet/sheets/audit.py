"""Reading a workbook back: into a game record, and checked cell by cell against the rules.

The workbook may come from anyone (see :mod:`scoresheet.sheets.safety`). Its *inputs*
(Results, Doubles, the Rules values) make a game record; the library scores it; every
formula cell is then compared with the layout's formula and the library's value:

* a computed cell holding a constant: a number typed over the formula;
* a formula changed from the one scoresheet writes;
* a value shown (the value a spreadsheet application saved) that the rules do not give;
* a deal whose row does not add up, whose results or doubles the rules refuse;
* a player short of their declarer doubles; a rule value changed in the sheet.

A workbook saved by a program that does not calculate (openpyxl) carries no values:
its inputs and formulas are still checked, and a note says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.contracts import SUIT_KEYS, result_keys
from scoresheet.games.barbu.ledger import table_order
from scoresheet.games.barbu.poker import ROWS, count_beats, parse_hand
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.games.barbu.score import DealScore, GameScore, score_deal, score_game
from scoresheet.limits import MAX_DEALS, MAX_NAME, SHEET_MARGIN
from scoresheet.rules import merge_options, resolve
from scoresheet.sheets.layout import (
    DATA_COL,
    DOUBLES,
    FIRST,
    FORMAT,
    HAND_SEPARATOR,
    NA,
    OBLIGATIONS,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    VERSION,
    Cell,
    Layout,
    SheetError,
    Value,
    col_letter,
    plan_workbook,
)
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from scoresheet.models import GameFile

S = TypeVar("S")
# The Barbu sheets' bounds: a row per deal below three header rows, then the totals and
# the ledger (Doubles) under the last deal; as many columns as six players need.
MAX_ROWS = MAX_DEALS + SHEET_MARGIN
MAX_COLS = 300


@dataclass(frozen=True, slots=True)
class Finding:
    """One place where the sheet disagrees with the rules."""

    deal: int | None
    cell: str | None  # "Scores!H12"
    what: str  # "deal 7, Bob, score"
    message: str
    blocking: bool = True  # whether it stops an import (a rule value changed does not)
    refuses_import: bool = False  # a formula or error value where a typed value belongs

    @property
    def line(self) -> str:
        if self.cell:
            return f"{self.cell} ({self.what}): {self.message}"
        return f"{self.what}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "cell": self.cell, "message": self.line}


@dataclass
class Report:
    """What an audit found in one file."""

    source: str
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    record: GameFile | None = None
    score: GameScore | None = None

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
    ) -> None:
        self.findings.append(Finding(deal, cell, what, message, blocking, refuses_import))

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.source,
            "findings": [f.to_json() for f in self.findings],
            "notes": self.notes,
            "ok": self.ok,
        }

    def text(self) -> str:
        lines = [f.line for f in self.findings]
        lines += [f"note: {n}" for n in self.notes]
        if self.ok:
            deals = len(self.score.deals) if self.score else 0
            lines.append(f"{self.source}: nothing wrong ({deals} deal{'' if deals == 1 else 's'})")
        else:
            count = len(self.findings)
            lines.append(f"{self.source}: {count} problem{'' if count == 1 else 's'}")
        return "\n".join(lines)


# -- reading the cells -------------------------------------------------------------------------


@dataclass
class Sheet:
    """One worksheet's cells: (row, col) → (openpyxl data type, value); and cached values."""

    cells: dict[tuple[int, int], tuple[str, Any]]
    cached: dict[tuple[int, int], Any]

    def value(self, row: int, col: int) -> Any:
        got = self.cells.get((row, col))
        return None if got is None else got[1]


def one_line(text: str) -> str:
    return " ".join(str(text).split())[:200]


def load_sheets(data: bytes, name: str) -> dict[str, Sheet]:
    """The Barbu workbook's five sheets (see :func:`read_sheets`)."""
    return read_sheets(data, name, SHEETS, max_row=MAX_ROWS, max_col=MAX_COLS)


def read_sheets(
    data: bytes,
    name: str,
    titles: Sequence[str],
    *,
    max_row: int,
    max_col: int,
    kind: str = "a workbook",
    sheet: Callable[[dict[tuple[int, int], tuple[str, Any]], dict[tuple[int, int], Any]], S]
    | None = None,
) -> dict[str, S]:
    """The named sheets' cells: formulas and inputs, and the saved values, in one pass.

    Shared by every game's audit. The file has passed :mod:`scoresheet.sheets.safety`
    already; :func:`scoresheet.sheets.cells.read_cells` still reads it as hostile data
    (any failure is one clear line) and refuses a cell beyond ``max_row`` or ``max_col``
    rather than leave it out. ``kind`` names what the workbook should be ("a Belote
    workbook"); ``sheet`` builds each sheet's object (default :class:`Sheet`).
    """
    from scoresheet.sheets.cells import read_cells

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
                f"{name}: the name of player {j + 1} has {len(player)} characters; a player's "
                f"name has at most {MAX_NAME}"
            )


# -- inputs → a game record --------------------------------------------------------------------


class _Inputs:
    """Reads typed values from input cells, recording a finding for each bad one."""

    def __init__(self, report: Report, sheets: dict[str, Sheet]) -> None:
        self.report = report
        self.sheets = sheets
        self.bad: set[int] = set()  # deals with an input that could not be read

    def raw(self, sheet: str, row: int, col: int) -> Any:
        value = self.sheets[sheet].value(row, col)
        if isinstance(value, str) and not value.strip():
            return None
        return value

    def fail(
        self,
        sheet: str,
        row: int,
        col: int,
        deal: int | None,
        what: str,
        msg: str,
        blocking: bool = True,
    ) -> None:
        self.report.add(deal, f"{sheet}!{col_letter(col)}{row}", what, msg, blocking)
        if deal is not None:
            self.bad.add(deal)

    def count(self, sheet: str, row: int, col: int, deal: int | None, what: str) -> int | None:
        value = self.raw(sheet, row, col)
        if value is None:
            return None
        number = whole_number(value)
        if number is None or number < 0:
            self.fail(sheet, row, col, deal, what, f"{value!r} is not a whole number of 0 or more")
            return None
        return number

    def text(self, sheet: str, row: int, col: int) -> str | None:
        value = self.raw(sheet, row, col)
        if value is None:
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value)


def whole_number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        return int(value)
    return None


def flag_value(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        # LibreOffice saves a TRUE typed in a cell as the formula =TRUE().
        word = value.strip().upper().removeprefix("=").removesuffix("()")
        if word in ("TRUE", "FALSE"):
            return word == "TRUE"
    return None


def show_value(value: Any) -> str:
    if value is None or value == "":
        return "empty"
    if isinstance(value, SheetError):
        return value.code
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


@dataclass
class _Book:
    """A workbook read back: the game it holds, and where things are."""

    record: GameFile
    layout: Layout
    sheets: dict[str, Sheet]
    bad: set[int]
    typed_beats: dict[int, dict[str, dict[str, tuple[int, int]]]]  # deal → player → row → cell


def _read_rules(report: Report, sheets: dict[str, Sheet], name: str) -> tuple[Any, dict[str, Any]]:
    rules = sheets[RULES]
    marker = rules.value(2, DATA_COL + 1)
    if marker != FORMAT:
        raise ScoresheetError(
            f"{name}: not a workbook written by scoresheet "
            f'(Rules!{col_letter(DATA_COL + 1)}2 should say "{FORMAT}")'
        )
    version = whole_number(rules.value(3, DATA_COL + 1))
    if version is None or version > VERSION:
        raise ScoresheetError(
            f"{name}: written by a newer scoresheet (workbook version {version}); "
            f"this one reads up to version {VERSION}"
        )
    spec = rules.value(4, DATA_COL + 1)
    options_text = rules.value(5, DATA_COL + 1)
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged") from None
    if not isinstance(stated, str | dict) or not isinstance(options, dict):
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged")
    return stated, options


def read_book(data: bytes, name: str, report: Report) -> _Book:
    """The game a workbook holds (its inputs), with findings for inputs that cannot be read."""
    sheets = load_sheets(data, name)
    stated, options = _read_rules(report, sheets, name)
    rules = resolve(stated, options or None, "barbu")
    layout = Layout(["?"] * rules.players, rules)
    players: list[str] = []
    for j in range(rules.players):
        rv = layout.rule(f"player_{j + 1}")
        got = sheets[RULES].value(rv.row, 2)
        if not isinstance(got, str) or not got.strip():
            raise ScoresheetError(f"{name}: Rules!B{rv.row} should hold the name of player {j + 1}")
        players.append(got)
    check_player_names(players, name)
    if len(set(players)) != len(players):
        raise ScoresheetError(f"{name}: the Rules sheet names a player twice")
    layout = Layout(players, rules)
    _check_headers(layout, sheets, name)
    inputs = _Inputs(report, sheets)
    overrides = _rule_overrides(layout, inputs, stated)
    if overrides:
        options = merge_options(options, overrides)
        rules = resolve(stated, options, "barbu")
        layout = Layout(players, rules)
    deals: list[dict[str, Any]] = []
    typed_beats: dict[int, dict[str, dict[str, tuple[int, int]]]] = {}
    empty_from: int | None = None
    for deal in range(1, layout.rows + 1):
        row = layout.row(deal)
        contract = inputs.text(RESULTS, row, 4)
        if contract is None:
            empty_from = empty_from or deal
            continue
        if empty_from is not None:
            inputs.fail(
                RESULTS,
                row,
                4,
                deal,
                f"deal {deal}, contract",
                f"deal {empty_from} has no contract yet, but deal {deal} has one: "
                "deals are filled in order",
            )
            continue
        dealer = inputs.text(RESULTS, row, 3)
        if dealer != layout.dealer(deal):
            inputs.fail(
                RESULTS,
                row,
                3,
                deal,
                f"deal {deal}, dealer",
                f"{show_value(dealer)}, the rotation gives {layout.dealer(deal)}",
            )
        entry: dict[str, Any] = {"contract": contract}
        declarer = inputs.text(RESULTS, row, 2)
        if declarer is not None:
            entry["declarer"] = declarer
        doubles = _declarations(layout, inputs, deal)
        if doubles:
            entry["doubles"] = doubles
        result, beats_cells = _result(layout, inputs, deal, contract)
        if beats_cells:
            typed_beats[deal] = beats_cells
        if result is not None:
            entry["result"] = result
        deals.append(entry)
    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    record["deals"] = deals
    return _Book(cast("GameFile", record), layout, sheets, inputs.bad, typed_beats)


def _check_headers(layout: Layout, sheets: dict[str, Sheet], name: str) -> None:
    """The header row of each sheet must be where the layout puts it."""
    blank = _blank_plan(layout)
    for cell in blank:
        if cell.style != "header" or cell.row != 3 or not cell.value:
            continue
        got = sheets[cell.sheet].value(cell.row, cell.col)
        if got != cell.value:
            raise ScoresheetError(
                f"{name}: {cell.where} should be the heading {show_value(cell.value)}, not "
                f"{show_value(got)}: rows or columns were moved, so the sheet cannot be read"
            )


def _blank_plan(layout: Layout) -> list[Cell]:
    record = cast(
        "GameFile",
        {
            "format": "scoresheet-game",
            "version": 1,
            "rules": "classic",
            "players": list(layout.players),
            "deals": [],
        },
    )
    score = score_game(record, layout.rules)
    return plan_workbook(record, score).cells


def _rule_overrides(layout: Layout, inputs: _Inputs, stated: Any) -> dict[str, Any]:
    """Rule values changed in the sheet: each one a finding, and an option for the game."""
    overrides: dict[str, Any] = {}
    rules_name = stated if isinstance(stated, str) else "of the game"
    for rv in layout.rule_values:
        if rv.name.startswith("player_"):
            continue
        got: list[Any] = []
        for k, want in enumerate(rv.values):
            col = 2 + k
            raw = inputs.raw(RULES, rv.row, col)
            if isinstance(want, bool):
                value: Any = flag_value(raw)
            elif isinstance(want, int):
                value = (
                    whole_number(raw) if not isinstance(raw, int | float) or raw >= 0 else int(raw)
                )
                if isinstance(raw, float) and not raw.is_integer():
                    value = None
            else:
                value = raw if isinstance(raw, str) else None
            if value is None:
                inputs.fail(
                    RULES, rv.row, col, None, rv.label, f"{show_value(raw)} is not a valid value"
                )
                value = want
            elif value != want:
                inputs.fail(
                    RULES,
                    rv.row,
                    col,
                    None,
                    rv.label,
                    f'{show_value(value)}, the rules "{rules_name}" give {show_value(want)}',
                    blocking=False,
                )
            got.append(value)
        if rv.option is None or tuple(got) == rv.values:
            continue
        value = got if rv.name == "v_dominoes" else got[0]
        node = overrides
        for key in rv.option[:-1]:
            node = node.setdefault(key, {})
        node[rv.option[-1]] = value
    return overrides


def _declarations(layout: Layout, inputs: _Inputs, deal: int) -> list[dict[str, Any]]:
    """The bets typed in the Doubles row, as declarations in table order."""
    players = layout.players
    row = layout.row(deal)
    mult: dict[tuple[int, int], int] = {}
    for (a, b), col in layout.mult_col.items():
        raw = inputs.raw(DOUBLES, row, col)
        if raw is None:
            continue
        number = whole_number(raw)
        what = f"deal {deal}, {players[a]} doubles {players[b]}"
        if number is None or number not in (0, 1, 2):
            inputs.fail(
                DOUBLES,
                row,
                col,
                deal,
                what,
                f"{show_value(raw)}: write 1 for a double, 2 for a redouble",
            )
            continue
        if number:
            mult[(a, b)] = number
    order = table_order(list(players), layout.dealer(deal))
    out: list[dict[str, Any]] = []
    for p in order:
        a = players.index(p)
        targets = [players[b] for b in range(layout.n) if (a, b) in mult]
        if targets:
            out.append({"by": p, "double": targets})
    for p in order:
        b = players.index(p)
        back = [players[a] for a in range(layout.n) if mult.get((a, b)) == 2]
        if back:
            out.append({"by": p, "redouble": back})
    return out


def _result(
    layout: Layout, inputs: _Inputs, deal: int, contract: str
) -> tuple[dict[str, Any] | None, dict[str, dict[str, tuple[int, int]]]]:
    """The result typed in the Results row for ``contract`` (None when nothing is typed)."""
    rules = layout.rules
    players = layout.players
    row = layout.row(deal)
    f = layout.fields
    if contract not in rules.contracts:
        return None, {}
    wanted = result_keys(rules, contract)
    result: dict[str, Any] = {}
    beats_cells: dict[str, dict[str, tuple[int, int]]] = {}

    def counts(key: str, cols: tuple[int, ...], names: tuple[str, ...]) -> dict[str, int] | None:
        got: dict[str, int] = {}
        typed = False
        for col, who in zip(cols, names, strict=True):
            value = inputs.count(RESULTS, row, col, deal, f"deal {deal}, {who}, {key}")
            if inputs.raw(RESULTS, row, col) is not None:
                typed = True
            got[who] = value or 0
        return got if typed else None

    for key in ("tricks", "hearts", "queens"):
        if key in wanted and key in f:
            value = counts(key, f[key].cols, players)
            if value is not None:
                result[key] = value
    for key in ("trump", "start", "ace_of_hearts", "king_of_hearts", "second_last", "last"):
        if key in wanted and key in f:
            text = inputs.text(RESULTS, row, f[key].cols[0])
            if text is not None:
                result[key] = text
    if "order" in wanted and "order" in f:
        order = [inputs.text(RESULTS, row, col) for col in f["order"].cols]
        if any(order):
            result["order"] = [name for name in order if name is not None]
    if "cards" in wanted and "most" in f:
        cards: dict[str, dict[str, int]] = {}
        typed = False
        for p in players:
            suits = counts("cards", f[f"cards:{p}"].cols, tuple(SUIT_KEYS))
            if suits is not None:
                typed = True
            cards[p] = suits or dict.fromkeys(SUIT_KEYS, 0)
        if typed:
            result["cards"] = cards
        most = [
            p
            for j, p in enumerate(players)
            if inputs.raw(RESULTS, row, f["most"].cols[j]) is not None
        ]
        if most:
            result["most"] = most
    if "beats" in wanted and "hands" in f:
        hands: dict[str, dict[str, str]] = {}
        for j, p in enumerate(players):
            text = inputs.text(RESULTS, row, f["hands"].cols[j])
            if text is None:
                continue
            parts = [part.strip() for part in text.split(HAND_SEPARATOR.strip())]
            if len(parts) != 3:
                col = f["hands"].cols[j]
                inputs.fail(
                    RESULTS,
                    row,
                    col,
                    deal,
                    f"deal {deal}, {p}, hand",
                    "write front / middle / back",
                )
                continue
            hands[p] = dict(zip(ROWS, parts, strict=True))
        beats: dict[str, dict[str, int]] = {}
        typed = False
        for p in players:
            cols = f[f"beats:{p}"].cols
            got = counts("beats", cols, ROWS)
            if got is not None:
                typed = True
                beats_cells[p] = {r: (row, c) for r, c in zip(ROWS, cols, strict=True)}
            beats[p] = got or dict.fromkeys(ROWS, 0)
        if hands:
            result["hands"] = hands
        elif typed:
            result["beats"] = beats
            beats_cells = {}
    return (result or None), beats_cells


# -- comparing ---------------------------------------------------------------------------------


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


def _scores(
    report: Report, book: _Book, check: Callable[[], GameScore]
) -> tuple[GameScore, set[int]]:
    """Score each deal on its own, so one bad deal does not hide the others."""
    record = book.record
    rules = book.layout.rules
    players = book.layout.players
    declared: dict[str, list[str]] = {p: [] for p in players}
    good: list[DealScore] = []
    broken = set(book.bad)
    for index, deal in enumerate(record.get("deals", [])):
        number = index + 1
        contract = deal["contract"]
        try:
            bad_bets = _check_bets(report, book, number, deal)
            if bad_bets or number in book.bad:
                raise _Skip
            scored = score_deal(rules, players, number, deal, declared)
        except _Skip:
            broken.add(number)
        except ScoresheetError as exc:
            what, _, message = str(exc).partition(": ")
            report.add(number, None, what, message)
            broken.add(number)
        else:
            good.append(scored)
            _check_typed_beats(report, book, scored, deal)
        declarer = book.layout.declarer(number)
        if contract in rules.contracts:
            declared[declarer].append(contract)
    if not broken:
        return check(), broken
    totals = dict.fromkeys(players, 0)
    doubles: dict[tuple[str, str], int] = {}
    for d in good:
        for p in players:
            totals[p] += d.score[p]
        for bet in d.bets:
            if bet.doubled == d.declarer:
                key = (bet.doubler, d.declarer)
                doubles[key] = doubles.get(key, 0) + 1
    partial = GameScore(
        players=tuple(players),
        rules=rules,
        deals=tuple(good),
        totals=totals,
        violations=(),
        complete=False,
        declared={p: tuple(c) for p, c in declared.items()},
        declarer_doubles=doubles,
    )
    return partial, broken


class _Skip(Exception):
    pass


def _check_bets(report: Report, book: _Book, number: int, deal: Mapping[str, Any]) -> bool:
    """Bets the rules forbid, each named by its cell. True when there is one."""
    lay = book.layout
    rules: BarbuRules = lay.rules
    players = lay.players
    contract = deal["contract"]
    if contract not in rules.contracts or DOUBLES not in book.sheets:
        return False
    declarer = lay.declarer(number)
    row = lay.row(number)
    sheet = book.sheets[DOUBLES]
    mult = {pair: whole_number(sheet.value(row, col)) or 0 for pair, col in lay.mult_col.items()}
    bad = False
    kind = "a positive" if rules.is_positive(contract) else "a negative"
    for (a, b), m in mult.items():
        if not m:
            continue
        cell = f"{DOUBLES}!{col_letter(lay.mult_col[(a, b)])}{row}"
        pa, pb = players[a], players[b]
        what = f"deal {number}, doubles"
        if pa == declarer:
            report.add(
                number,
                cell,
                what,
                f"{pa} is the declarer: the declarer may not double, only redouble",
            )
            bad = True
        elif mult.get((b, a)) and a < b:
            report.add(
                number,
                cell,
                what,
                f"{pa} and {pb} doubled each other: between two players there is one bet "
                "(the one doubled may redouble)",
            )
            bad = True
        elif not rules.may_double(contract, pa, pb, declarer):
            report.add(number, cell, what, f"{pa} may double only the declarer in {kind} contract")
            bad = True
        elif m == 2 and not rules.doubling.redoubles:
            report.add(number, cell, what, "these rules have no redoubles")
            bad = True
    return bad


def _check_typed_beats(
    report: Report, book: _Book, scored: DealScore, deal: Mapping[str, Any]
) -> None:
    """Beats typed next to hands must be the beats the hands give."""
    cells = book.typed_beats.get(scored.number)
    result = deal.get("result") or {}
    hands = result.get("hands")
    if not cells or not hands:
        return
    counted = count_beats(
        {p: parse_hand(*(hands[p][r] for r in ROWS)) for p in book.layout.players}
    )
    sheet = book.sheets[RESULTS]
    for p, rows in cells.items():
        for r, (row, col) in rows.items():
            got = whole_number(sheet.value(row, col))
            if got != counted[p][r]:
                report.add(
                    scored.number,
                    f"{RESULTS}!{col_letter(col)}{row}",
                    f"deal {scored.number}, {p}, {r} beats",
                    f"{show_value(got)}, the hands give {counted[p][r]}",
                )


def compare_cells(
    report: Report,
    cells: Iterable[Cell],
    sheets: Mapping[str, Sheet],
    *,
    skip: Callable[[Cell], bool] = lambda cell: False,
    typed: str | None = None,
    shown_prefix: str = "",
) -> None:
    """Report every planned formula cell the workbook disagrees with (every game's audit).

    A formula deleted, typed over (``typed`` names what was typed; by default "a number"
    or "a value") or changed, and a saved value the rules do not give. ``skip`` leaves out
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
                report.add(cell.deal, cell.where, what, "the formula was deleted")
                continue
            word = typed or (
                "a number"
                if isinstance(got, int | float) and not isinstance(got, bool)
                else "a value"
            )
            extra = (
                ""
                if same_value(cell.value, got)
                else f" ({show_value(got)}; the rules give {show_value(cell.value)})"
            )
            report.add(cell.deal, cell.where, what, f"{word} typed over the formula{extra}")
            continue
        assert cell.formula is not None
        if norm_formula(str(got)) != norm_formula(cell.formula):
            report.add(
                cell.deal, cell.where, what, f"the formula was changed to {one_line(str(got))}"
            )
            continue
        shown = sheet.cached.get((cell.row, cell.col))
        if shown is None and cell.value not in ("", None):
            continue  # no value saved: nothing shown to compare
        any_value = any_value or shown is not None
        if not same_value(cell.value, shown):
            report.add(
                cell.deal,
                cell.where,
                what,
                f"{shown_prefix}{show_value(shown)}, the rules give {show_value(cell.value)}",
            )
    if not any_value:
        report.notes.append(
            "the workbook holds no calculated values (it was saved by a program that does "
            "not calculate): its inputs and formulas were checked"
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
            what = "a formula" if kind == "f" else "an error value"
            report.add(
                None,
                f"{title}!{col_letter(col)}{row}",
                "input cell",
                f"{what} ({one_line(str(value))}) where scoresheet reads a typed value; "
                "type the value instead",
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
        return first_broken is not None and cell.deal > first_broken and "running" in cell.label

    return skip


def _compare(report: Report, book: _Book, score: GameScore, broken: set[int]) -> None:
    plan = plan_workbook(book.record, score)
    compare_cells(report, plan.formulas(), book.sheets, skip=after_broken(broken))
    # The paper check, as the sheet shows it.
    lay = book.layout
    scores = book.sheets[SCORES]
    for d in range(1, len(book.record.get("deals", [])) + 1):
        row = lay.row(d)
        shown_sum = scores.cached.get((row, lay.check_col))
        should = scores.cached.get((row, lay.expected_col))
        if (
            isinstance(shown_sum, int | float)
            and isinstance(should, int | float)
            and abs(shown_sum - should) > 1e-9
        ):
            contract = book.record["deals"][d - 1]["contract"]
            report.add(
                d,
                None,
                f"deal {d}",
                f"the row adds up to {show_value(shown_sum)}, "
                f"{contract} totals {show_value(should)}",
            )


def _obligations(report: Report, book: _Book, score: GameScore) -> None:
    lay = book.layout
    for v in score.violations:
        d = lay.players.index(v.declarer)
        q = lay.players.index(v.doubler)
        cell = f"{OBLIGATIONS}!{col_letter(lay.ob_first_col + q)}{FIRST + d}"
        report.add(
            v.deal, cell, "declarer doubles", _owed_text(v.doubler, v.declarer, v.made, v.required)
        )


def _owed_text(doubler: str, declarer: str, made: int, required: int) -> str:
    times = {0: "never", 1: "once", 2: "twice"}.get(made, f"{made} times")
    doubled = f"never doubled {declarer}" if made == 0 else f"doubled {declarer} {times}"
    return f"{doubler} {doubled}; the rules require {required}"


# -- the entry points --------------------------------------------------------------------------


def audit_workbook_bytes(data: bytes, name: str) -> Report:
    """Audit a workbook's bytes (already passed through :mod:`safety`)."""
    report = Report(name)
    book = read_book(data, name, report)
    report.record = book.record
    score, broken = _scores(report, book, lambda: score_game(book.record, book.layout.rules))
    report.score = score
    _compare(report, book, score, broken)
    if not broken:
        _obligations(report, book, score)
    report.findings.sort(key=lambda f: (f.deal is None, f.deal or 0))
    return report


def audit_game(record: GameFile, name: str) -> Report:
    """Audit a game file: score each deal, and report what the rules refuse."""
    report = Report(name, record=record)
    try:
        rules = resolve(record["rules"], record.get("options"), "barbu")
    except ScoresheetError as exc:
        report.add(None, None, "rules", str(exc))
        return report
    players = list(record["players"])
    if len(players) != rules.players:
        report.add(
            None,
            None,
            "players",
            f"these rules are for {rules.players} players, the game has {len(players)}",
        )
        return report
    layout = Layout(players, rules)
    book = _Book(record, layout, {}, set(), {})
    deals = record.get("deals", [])
    if len(deals) > rules.deals_per_game:
        report.add(
            len(deals), None, "deals", f"the game is complete after {rules.deals_per_game} deals"
        )
        return report
    score, broken = _scores(report, book, lambda: score_game(record, rules))
    report.score = score
    if not broken:
        for v in score.violations:
            report.add(
                v.deal,
                None,
                f"deal {v.deal}, declarer doubles",
                _owed_text(v.doubler, v.declarer, v.made, v.required),
            )
    return report


def audit_path(path: Path) -> Report:
    """Audit a workbook (``.xlsx``) or a game file (``.json``)."""
    from scoresheet.sheets.games import game_of_workbook, sheet_module

    if path.suffix.lower() == ".json":
        from scoresheet import record as rec

        game = rec.load(path)
        other = sheet_module(game.get("game", "barbu"))
        if other is not None:
            report: Report = other.audit_game(game, path.name)
            return report
        return audit_game(game, path.name)
    from scoresheet.sheets.safety import read_workbook_bytes

    data = read_workbook_bytes(path)
    other = sheet_module(game_of_workbook(data, path.name))
    if other is not None:
        found: Report = other.audit_workbook_bytes(data, path.name)
        return found
    return audit_workbook_bytes(data, path.name)


def import_workbook(path: Path) -> tuple[GameFile, Report]:
    """The game a workbook holds. Raises ScoresheetError when an input is wrong.

    Findings about computed cells (a number typed over a formula) do not stop an import:
    the game is made of the inputs alone.
    """
    from scoresheet.sheets.games import game_of_workbook, sheet_module
    from scoresheet.sheets.safety import read_workbook_bytes

    data = read_workbook_bytes(path)
    other = sheet_module(game_of_workbook(data, path.name))
    # The audit compares every cell with the layout: a formula or an error value in any
    # input cell refuses the import, used by the deal's contract or not. The sheets are
    # parsed once (read_sheets keeps the last workbook it read).
    audit = other.audit_workbook_bytes if other is not None else audit_workbook_bytes
    for finding in audit(data, path.name).findings:
        if finding.refuses_import:
            raise ScoresheetError(f"{path.name}: {finding.line}")
    if other is not None:
        imported: tuple[GameFile, Report] = other.import_workbook_bytes(data, path.name)
        return imported
    report = Report(path.name)
    book = read_book(data, path.name, report)
    for finding in report.findings:
        if finding.blocking:
            raise ScoresheetError(f"{path.name}: {finding.line}")
    score_game(book.record, book.layout.rules)  # raises, naming the deal, if a deal is wrong
    return book.record, report


__all__ = [
    "NA",
    "Finding",
    "Report",
    "audit_game",
    "audit_path",
    "audit_workbook_bytes",
    "import_workbook",
]
