"""Caribbean All Fours workbooks read back: audited cell by cell, and imported as a game.

The inputs are read into a game file; the library scores it, and every computed cell
of the workbook is compared with the plan (:mod:`.plan`) of that game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours.rules import (
    JACK_RULES,
    KICK_RETURNS,
    RANK_TEXT,
    TIED_GAME,
    AllFoursRules,
)
from scoresheet.games.caribbean_all_fours.score import GameScore, score_game
from scoresheet.games.caribbean_all_fours.sheet.layout import (
    BEGS,
    D_BEG,
    D_GP,
    D_HIGH,
    D_HOLDER,
    D_LOW,
    D_TURN,
    D_WON_BY,
    DEALS,
    FIRST,
    FORMAT,
    GAME,
    R_FORMAT,
    R_OPTIONS,
    R_PLAYERS,
    R_RANKS,
    R_ROWS,
    R_SPEC,
    R_TEAMS,
    R_VALUES,
    R_VERSION,
    RANKS_DESC,
    RULE_VALUES,
    RULES,
    SHEETS,
    SLOTS,
    VERSION,
    DealInputs,
    rule_value,
)
from scoresheet.games.caribbean_all_fours.sheet.plan import plan_workbook
from scoresheet.i18n import _, pgettext
from scoresheet.limits import MAX_DEAL_ROWS, SHEET_MARGIN
from scoresheet.rules import merge_options, resolve
from scoresheet.sheets.findings import Report, compare_cells, compare_deal_numbers
from scoresheet.sheets.plan import Cell, col_letter
from scoresheet.sheets.read import (
    Sheet,
    cell_text,
    check_player_names,
    number_message,
    read_sheets,
    whole_number,
)
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.models import AllFoursGameFile


def load_sheets(data: bytes, name: str) -> dict[str, Sheet]:
    """The four sheets' cells, read twice: formulas and inputs, then the saved values."""

    return read_sheets(
        data,
        name,
        SHEETS,
        max_row=len(SLOTS) * MAX_DEAL_ROWS + SHEET_MARGIN,
        max_col=30,
        kind="a Caribbean All Fours workbook",
    )


@dataclass
class Book:
    """What a workbook holds: the game its inputs make, and where it came from."""

    record: AllFoursGameFile
    inputs: list[DealInputs]
    sheets: dict[str, Sheet]
    rows: int
    bad: set[int]  # deals with an input that cannot be read


_CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC♠♥♦♣♤♡♢♧]$", re.I)


def _read_meta(sheets: dict[str, Sheet], name: str) -> tuple[Any, dict[str, Any], Any, int]:
    rules = sheets[RULES]
    if rules.value(R_FORMAT, 2) != FORMAT:
        raise ScoresheetError(
            _(
                '{name}: not a workbook written by scoresheet ({where} should say "{format}")'
            ).format(name=name, where=f"Rules!B{R_FORMAT}", format=FORMAT)
        )
    version = whole_number(rules.value(R_VERSION, 2))
    if version is None or version > VERSION:
        raise ScoresheetError(
            _(
                "{name}: written by a newer scoresheet (workbook version {version}); this one "
                "reads up to version {version2}"
            ).format(name=name, version=version, version2=VERSION)
        )
    spec = rules.value(R_SPEC, 2)
    options_text = rules.value(R_OPTIONS, 2)
    teams_text = rules.value(R_TEAMS, 2)
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
        teams = strict_json(teams_text) if teams_text else None
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(
            _("{name}: the rules stored in the Rules sheet are damaged").format(name=name)
        ) from None
    rows = whole_number(rules.value(R_ROWS, 2))
    if (
        not isinstance(stated, str | dict)
        or not isinstance(options, dict)
        or rows is None
        or not 1 <= rows <= MAX_DEAL_ROWS
    ):
        raise ScoresheetError(
            _("{name}: the rules stored in the Rules sheet are damaged").format(name=name)
        )
    return stated, options, teams, rows


def _rule_overrides(
    sheets: dict[str, Sheet], rules: AllFoursRules, report: Report
) -> dict[str, Any]:
    """Rule values changed in the sheet, as options (each noted, not blocking an import)."""

    sheet = sheets[RULES]
    out: dict[str, Any] = {}
    for i, (key, mark, path) in enumerate(RULE_VALUES):
        label = _(mark)
        row = R_VALUES + i
        got = sheet.value(row, 2)
        expected = rule_value(rules, path)
        value: Any = whole_number(got) if isinstance(expected, int) else cell_text(got) or ""
        choices = {"tied_game": TIED_GAME, "kick_returns": KICK_RETURNS, "jack_rule": JACK_RULES}
        bad = value is None or (key in choices and value not in choices[key])
        if bad or (isinstance(value, int) and value < (1 if key == "target" else 0)):
            allowed = ", ".join(choices[key]) if key in choices else "a whole number"
            message = number_message(
                got, _("{show} is not {allowed}").format(show=_show(got), allowed=allowed)
            )
            report.add(None, f"{RULES}!B{row}", label, message)
            continue
        if value != expected:
            node: dict[str, Any] = {path[-1]: value}
            for part in reversed(path[:-1]):
                node = {part: node}
            out = merge_options(out, node)
            report.add(
                None,
                f"{RULES}!B{row}",
                label,
                _("changed from {show} to {show2}").format(
                    show=_show(expected), show2=_show(value)
                ),
                blocking=False,
            )
    for col, key, current in ((2, "kick", rules.kick), (3, "card_points", rules.card_points)):
        table: dict[str, int] = {}
        changed = False
        for i, rank in enumerate(RANKS_DESC):
            row = R_RANKS + i
            raw = sheet.value(row, col)
            got = whole_number(raw)
            if got is None or got < 0:
                message = number_message(raw, _("not a whole number ≥ 0"))
                report.add(None, f"{RULES}!{col_letter(col)}{row}", key, message)
                got = current.get(rank, 0)
            if got != current.get(rank, 0):
                changed = True
                report.add(
                    None,
                    f"{RULES}!{col_letter(col)}{row}",
                    f"{key} of {RANK_TEXT[rank]}",
                    _("changed from {get} to {got}").format(get=current.get(rank, 0), got=got),
                    blocking=False,
                )
            if got:
                table[RANK_TEXT[rank]] = got
        if changed:
            out = merge_options(out, {"values": {key: table}})
            if key == "kick":
                out["tobago"] = False  # the table read back already has the Two or the Six
    return out


def _show(value: Any) -> str:
    if value is None or value == "":
        return "an empty cell"
    return f'"{value}"' if isinstance(value, str) else str(value)


def read_book(data: bytes, name: str, report: Report) -> Book:
    """The game a workbook's inputs make, with findings for inputs that cannot be read."""

    sheets = load_sheets(data, name)
    stated, options, teams, rows = _read_meta(sheets, name)
    players = _players(sheets[RULES], name)
    rules = resolve(stated, options or None)
    if not isinstance(rules, AllFoursRules):
        raise ScoresheetError(
            _("{name}: the Rules sheet does not hold Caribbean All Fours rules").format(name=name)
        )
    overrides = _rule_overrides(sheets, rules, report)
    if overrides:
        options = merge_options(options, overrides)
    deals, inputs, bad = _read_deals(sheets[DEALS], rows, players, report)
    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    default = [[players[0], players[2]], [players[1], players[3]]]
    if teams is not None and teams != default:
        record["teams"] = teams
    record["deals"] = deals
    return Book(cast("AllFoursGameFile", record), inputs, sheets, rows, bad)


def _players(rules: Sheet, name: str) -> list[str]:
    """The four players' names the Rules sheet holds."""
    players = []
    for j in range(4):
        got = rules.value(R_PLAYERS + j, 2)
        if not isinstance(got, str) or not got.strip():
            raise ScoresheetError(
                _("{name}: {where} should hold the name of player {number}").format(
                    name=name, where=f"Rules!B{R_PLAYERS + j}", number=j + 1
                )
            )
        players.append(got)
    check_player_names(players, name)
    return players


class _DealRow:
    """One deal's row of the Deals sheet: its cells' text, and a finding about one of them
    (which marks the deal as not read)."""

    def __init__(self, sheet: Sheet, n: int, report: Report, bad: set[int]) -> None:
        self.sheet, self.n, self.row = sheet, n, FIRST + n - 1
        self.report, self.bad = report, bad

    def cell(self, col: int) -> str:
        return cell_text(self.sheet.value(self.row, col)) or ""

    def fail(self, col: int, what: str, message: str) -> None:
        self.report.add(
            self.n,
            f"{DEALS}!{col_letter(col)}{self.row}",
            _("deal {n}, {what}").format(n=self.n, what=what),
            message,
        )
        self.bad.add(self.n)


def _read_deals(
    sheet: Sheet, rows: int, players: list[str], report: Report
) -> tuple[list[dict[str, Any]], list[DealInputs], set[int]]:
    """The deals filled in, in order, what was typed for each, and the deals not read."""
    deals: list[dict[str, Any]] = []
    inputs: list[DealInputs] = []
    bad: set[int] = set()
    empty_from: int | None = None
    for n in range(1, rows + 1):
        deal_row = _DealRow(sheet, n, report, bad)
        # The sheet's formulas trim the cards turned up (and nothing else it reads).
        turned = [deal_row.cell(c).strip() for c in D_TURN]
        typed_cols = (D_BEG, D_HIGH, D_LOW, D_HOLDER, D_WON_BY, *D_GP)
        if not any(turned) and not any(deal_row.cell(c) for c in typed_cols):
            empty_from = empty_from or n
            continue
        if empty_from is not None:
            deal_row.fail(
                D_TURN[0],
                _("turned up"),
                _("deal {empty_from} is empty: deals are filled in order").format(
                    empty_from=empty_from
                ),
            )
            continue
        deal, inp = _read_deal(deal_row, turned, players)
        inputs.append(inp)
        deals.append(deal)
    return deals, inputs, bad


def _read_deal(
    deal_row: _DealRow, turned: list[str], players: list[str]
) -> tuple[dict[str, Any], DealInputs]:
    """A deal filled in: the game file's deal, and the inputs as typed."""
    _check_turned_up(deal_row, turned)
    beg = deal_row.cell(D_BEG)
    if beg and beg not in BEGS:
        deal_row.fail(D_BEG, "beg", _('"{beg}" is not stand, take-one or run').format(beg=beg))
    names = _names(deal_row, players)
    points = _card_points(deal_row)
    inp = DealInputs(
        turn_ups=(turned[0], turned[1], turned[2]),
        beg=beg,
        high=names[D_HIGH],
        low=names[D_LOW],
        holder=names[D_HOLDER],
        won_by=names[D_WON_BY],
        game_points=(points[0], points[1]),
    )
    deal: dict[str, Any] = {"turn_ups": [t for t in turned if t]}
    if beg:
        deal["beg"] = beg
    if any(names.values()) or any(p is not None for p in points):
        deal["result"] = _result(deal_row, names, points)
    return deal, inp


def _check_turned_up(deal_row: _DealRow, turned: list[str]) -> None:
    """The cards turned up: cards, the first of them given, none skipped."""
    for i, text in enumerate(turned):
        if text and not _CARD.match(text):
            deal_row.fail(
                D_TURN[i],
                _("turned up"),
                _('"{text}" is not a card (AS, TD, 6H, …)').format(text=text),
            )
    if not turned[0]:
        deal_row.fail(D_TURN[0], _("turned up"), _("the first card turned up is missing"))
    if turned[2] and not turned[1]:
        deal_row.fail(D_TURN[1], _("turned up"), _("a third card turned up but no second"))


def _names(deal_row: _DealRow, players: list[str]) -> dict[int, str]:
    """The players named for high, low and the trump jack, by column ("" where none is)."""
    names = {}
    for col, what in (
        (D_HIGH, pgettext("sheet heading", "high")),
        (D_LOW, pgettext("sheet heading", "low")),
        (D_HOLDER, pgettext("sheet heading", "jack held by")),
        (D_WON_BY, pgettext("sheet heading", "jack won by")),
    ):
        text = deal_row.cell(col)
        if text and text not in players:
            deal_row.fail(
                col,
                what,
                _('"{text}" is not a player ({players})').format(
                    text=text, players=", ".join(players)
                ),
            )
        names[col] = text
    return names


def _card_points(deal_row: _DealRow) -> list[int | None]:
    """Each team's card points (None where not a whole number ≥ 0)."""
    points: list[int | None] = []
    for col in D_GP:
        value = deal_row.sheet.value(deal_row.row, col)
        whole = whole_number(value)
        if value not in (None, "") and (whole is None or whole < 0):
            deal_row.fail(
                col,
                _("card points"),
                number_message(
                    value, _("{show} is not a whole number ≥ 0").format(show=_show(value))
                ),
            )
        points.append(whole)
    return points


def _result(deal_row: _DealRow, names: dict[int, str], points: list[int | None]) -> dict[str, Any]:
    """A played deal's result: high, low, the jack, the card points, given in pairs."""
    if bool(names[D_HOLDER]) != bool(names[D_WON_BY]):
        col = D_WON_BY if names[D_HOLDER] else D_HOLDER
        deal_row.fail(
            col, "jack", _("give both who held the trump jack and who won it, or neither")
        )
    if (points[0] is None) != (points[1] is None):
        deal_row.fail(D_GP[0], _("card points"), _("give both teams' card points"))
    result: dict[str, Any] = {
        "high": names[D_HIGH] or None,
        "low": names[D_LOW] or None,
        "jack": (
            {"holder": names[D_HOLDER], "won_by": names[D_WON_BY]}
            if names[D_HOLDER] and names[D_WON_BY]
            else None
        ),
    }
    if points[0] is not None and points[1] is not None:
        result["game_points"] = [points[0], points[1]]
    return result


def _validate(record: AllFoursGameFile, name: str) -> AllFoursGameFile:

    return cast("AllFoursGameFile", rec.from_data(record, source=name))


def _score_prefix(
    record: AllFoursGameFile, report: Report, bad: set[int]
) -> tuple[GameScore | None, int | None]:
    """Score the game; on an error, score the deals before it. The first broken deal."""
    first_bad = min(bad) if bad else None
    deals = list(record.get("deals", []))
    if first_bad is None:
        try:
            return score_game(record), None
        except ScoresheetError as exc:
            message = str(exc)
            found = re.match(r"deal (\d+)", message)
            if not found:
                report.add(None, None, "game", message)
                return None, 1
            first_bad = int(found.group(1))
            what, _sep, rest = message.partition(": ")
            report.add(first_bad, None, what, rest)
    partial = cast("AllFoursGameFile", {**record, "deals": deals[: first_bad - 1]})
    try:
        return score_game(partial), first_bad
    except ScoresheetError:
        return None, first_bad


def _compare(report: Report, book: Book, result: GameScore, first_bad: int | None) -> None:
    plan = plan_workbook(book.record, result, inputs=book.inputs, rows=book.rows)

    def skip(cell: Cell) -> bool:
        broken = first_bad is not None and (cell.deal is None or cell.deal >= first_bad)
        return broken and cell.sheet != RULES

    compare_cells(report, plan.formulas(), book.sheets, skip=skip, any_kind=True)
    compare_deal_numbers(report, plan.cells, book.sheets)


def audit_workbook_bytes(data: bytes, name: str) -> Report:
    """Audit a workbook's bytes (already passed through :mod:`scoresheet.sheets.safety`)."""
    report = Report(name)
    book = read_book(data, name, report)
    try:
        record = _validate(book.record, name)
    except ScoresheetError as exc:
        report.add(None, None, "game", str(exc))
        return report
    report.record = cast("Any", record)
    result, first_bad = _score_prefix(record, report, book.bad)
    if result is not None:
        report.score = cast("Any", result)
        _compare(report, book, result, first_bad)
    report.findings.sort(key=lambda f: (f.deal is None, f.deal or 0))
    return report


def import_workbook_bytes(data: bytes, name: str) -> tuple[dict[str, Any], Report]:
    """The game a workbook holds. Raises ScoresheetError when an input is wrong."""
    report = Report(name)
    book = read_book(data, name, report)
    for finding in report.findings:
        if finding.blocking:
            raise ScoresheetError(f"{name}: {finding.line}")
    record = _validate(book.record, name)
    score_game(record)  # raises, naming the deal, if a deal is wrong
    return cast("dict[str, Any]", record), report


def audit_game(record: Mapping[str, Any], name: str) -> Report:
    """Audit a game file: score it, and report what the rules refuse."""
    report = Report(name, record=cast("Any", record))
    result, _broken = _score_prefix(cast("AllFoursGameFile", record), report, set())
    if result is not None:
        report.score = cast("Any", result)
        for v in result.violations:
            report.add(v.deal, None, _("deal {deal}").format(deal=v.deal), v.message)
    return report
