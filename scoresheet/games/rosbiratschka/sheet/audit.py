"""Rosbiratschka workbooks read back: audited cell by cell, and imported as a game.

The inputs are read into a game file; the library scores it, and every computed cell
of the workbook is compared with the plan (:mod:`.plan`) of that game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.rules import RESULT_KEYS
from scoresheet.games.rosbiratschka.score import (
    DealScore,
    GameScore,
    score_deal,
    score_game,
)
from scoresheet.games.rosbiratschka.sheet.layout import (
    FORMAT,
    GAME,
    IN_DECK,
    MAX_COLS,
    MAX_ROWS,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    VERSION,
    Layout,
)
from scoresheet.games.rosbiratschka.sheet.plan import Plan
from scoresheet.i18n import _, pgettext
from scoresheet.rules import merge_options, resolve, rules_of
from scoresheet.sheets.findings import Report, after_broken, compare_cells, compare_deal_numbers
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.read import (
    check_player_names,
    in_every_language,
    number_message,
    read_sheets,
    show_value,
    whole_number,
)
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from scoresheet.sheets.findings import Report
    from scoresheet.sheets.read import Sheet

# The kit's audit module is imported where it is used: it holds Barbu's audit too, and
# this module is loaded with the package (see ``__init__``) by every export.


def _load(data: bytes, name: str) -> dict[str, Sheet]:
    """The three sheets' cells, read twice: formulas and inputs, then the saved values."""

    return read_sheets(
        data,
        name,
        SHEETS,
        max_row=MAX_ROWS,
        max_col=MAX_COLS,
        kind="a Rosbiratschka workbook",
    )


@dataclass
class Book:
    """A workbook read back: the game its inputs make, and where things are."""

    record: dict[str, Any]
    layout: Layout
    sheets: dict[str, Sheet]
    bad: set[int]  # deals with an input that could not be read
    changed: tuple[str, ...] = ()  # the labels of the rule values changed in the sheet


def _text(value: Any) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def read_book(data: bytes, name: str, report: Report) -> Book:
    """The game a workbook's inputs hold, with a finding for each input that is wrong."""

    sheets = _load(data, name)
    rules_sheet = sheets[RULES]
    stated, options = _stated_rules(rules_sheet, name)
    rules = resolve(stated, options or None, "rosbiratschka")
    players = _players(rules_sheet, rules, name)
    layout = Layout(players, rules)
    _check_headings(sheets, name)
    fail = _Fail(report)
    overrides, changed = _rule_changes(rules_sheet, layout, stated, fail)
    _check_contract_order(rules_sheet, layout, fail)
    if overrides:
        options = merge_options(options, overrides)
        try:
            rules = resolve(stated, options, "rosbiratschka")
        except ScoresheetError as exc:
            raise ScoresheetError(
                _("{name}: the rule values in the Rules sheet: {exc}").format(name=name, exc=exc)
            ) from None
        layout = Layout(players, rules)
    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    record["deals"] = _read_deals(sheets[RESULTS], layout, fail)
    return Book(record, layout, sheets, fail.bad, tuple(changed))


class _Fail:
    """A finding about one cell, and the deals with an input that could not be read."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.bad: set[int] = set()

    def __call__(
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


def _stated_rules(rules_sheet: Sheet, name: str) -> tuple[Any, dict[str, Any]]:
    """The rules and options the Rules sheet stores, once it is known for a Rosbiratschka
    workbook this scoresheet reads."""
    if rules_sheet.value(2, 2) != FORMAT or rules_sheet.value(4, 2) != GAME:
        raise ScoresheetError(
            _(
                "{name}: not a Rosbiratschka workbook written by scoresheet "
                '({where} should say "{format}", {where_game} "{game}")'
            ).format(name=name, where="Rules!B2", format=FORMAT, where_game="Rules!B4", game=GAME)
        )
    version = whole_number(rules_sheet.value(3, 2))
    if version is None or version > VERSION:
        raise ScoresheetError(
            _(
                "{name}: written by a newer scoresheet (workbook version {version}); this one "
                "reads up to version {version2}"
            ).format(name=name, version=version, version2=VERSION)
        )
    spec, options_text = rules_sheet.value(5, 2), rules_sheet.value(6, 2)
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(
            _("{name}: the rules stored in the Rules sheet are damaged").format(name=name)
        ) from None
    if not isinstance(stated, str | dict) or not isinstance(options, dict):
        raise ScoresheetError(
            _("{name}: the rules stored in the Rules sheet are damaged").format(name=name)
        )
    return stated, options


def _players(rules_sheet: Sheet, rules: Any, name: str) -> list[str]:
    """The players' names the Rules sheet holds: one each, none twice."""
    layout = Layout(["?"] * rules.players, rules)
    players: list[str] = []
    for j, row in enumerate(layout.player_rows):
        got = rules_sheet.value(row, 2)
        if not isinstance(got, str) or not got.strip():
            raise ScoresheetError(
                _("{name}: {where} should hold the name of player {number}").format(
                    name=name, where=f"Rules!B{row}", number=j + 1
                )
            )
        players.append(got)
    check_player_names(players, name)
    if len(set(players)) != len(players):
        raise ScoresheetError(_("{name}: the Rules sheet names a player twice").format(name=name))
    return players


def _check_headings(sheets: dict[str, Sheet], name: str) -> None:
    """The contract columns where the layout puts them."""
    # The heading in the language the workbook was written in, whichever that was.
    headings = set(in_every_language(lambda: pgettext("sheet heading", "contract")))
    for sheet, col in ((RESULTS, 4), (SCORES, 3)):
        if sheets[sheet].value(3, col) not in headings:
            raise ScoresheetError(
                _("{name}: {where} should say {want}: the sheet's columns were moved").format(
                    name=name,
                    where=f"{sheet}!{col_letter(col)}3",
                    want=repr(pgettext("sheet heading", "contract")),
                )
            )


def _rule_changes(
    rules_sheet: Sheet, layout: Layout, stated: Any, fail: _Fail
) -> tuple[dict[str, Any], list[str]]:
    """Rule values changed in the sheet, as the game's options (and their labels)."""
    overrides: dict[str, Any] = {}
    changed: list[str] = []
    for rc in layout.rule_cells:
        got = rules_sheet.value(rc.row, 2)
        number = whole_number(got)
        if number is None:
            message = number_message(
                got, _("{show_value} is not a whole number").format(show_value=show_value(got))
            )
            fail(RULES, rc.row, 2, None, _(rc.label), message)
            continue
        if number == rc.value:
            continue
        if rc.option is None:
            fail(
                RULES,
                rc.row,
                2,
                None,
                _(rc.label),
                _(
                    "{number}, the deck gives {value}: a fact of these rules, not a value to change"
                ).format(number=number, value=rc.value),
                blocking=False,
            )
            continue
        if rc.option == ("slam",):
            if number not in (-1, 1):
                fail(
                    RULES,
                    rc.row,
                    2,
                    None,
                    _(rc.label),
                    _("{number}: the slam sign is -1 or 1").format(number=number),
                )
                continue
            value: Any = "minus" if number < 0 else "plus"
        else:
            value = number
        fail(
            RULES,
            rc.row,
            2,
            None,
            _(rc.label),
            _("{number}, the rules {rules_name} give {value}").format(
                number=number, rules_name=_rules_name(stated), value=rc.value
            ),
            blocking=False,
        )
        changed.append(rc.label)
        node = overrides
        for part in rc.option[:-1]:
            node = node.setdefault(part, {})
        node[rc.option[-1]] = value
    return overrides, changed


def _check_contract_order(rules_sheet: Sheet, layout: Layout, fail: _Fail) -> None:
    """The contracts listed in the Rules sheet in the rules' order."""
    for c, row in layout.contract_rows.items():
        got = rules_sheet.value(row, 1)
        if got != c:
            fail(
                RULES,
                row,
                1,
                None,
                "contracts",
                _(
                    "{show_value}: the contracts of these rules come in the order {contracts}"
                ).format(show_value=show_value(got), contracts=", ".join(layout.contracts)),
                blocking=False,
            )


def _read_deals(results: Sheet, layout: Layout, fail: _Fail) -> list[dict[str, Any]]:
    """The deals filled in the Results sheet, in order; a deal that is not its contract's
    inputs alone, or comes after one not filled in, is a finding."""
    deals: list[dict[str, Any]] = []
    empty_from: int | None = None
    for number in range(1, layout.rows + 1):
        row = layout.row(number)
        contract = layout.rules.contract_of(number)
        mine = layout.contract_fields(contract)
        stray = [
            col
            for col in range(5, layout.results_width + 1)
            if col not in mine and _text(results.value(row, col)) is not None
        ]
        for col in stray:
            owner = next(k for k, cols in layout.fields.items() if col in cols)
            fail(
                RESULTS,
                row,
                col,
                number,
                _("deal {number}, {owner}").format(number=number, owner=owner),
                _("deal {number} is {contract}: this cell is not one of its inputs").format(
                    number=number, contract=contract
                ),
            )
        values = [results.value(row, c) for c in mine]
        if all(_text(v) is None for v in values):
            empty_from = empty_from or number
            continue
        if empty_from is not None:
            fail(
                RESULTS,
                row,
                mine[0],
                number,
                _("deal {number}").format(number=number),
                _(
                    "deal {empty_from} is not filled in, but deal {number} is: deals are filled "
                    "in order"
                ).format(empty_from=empty_from, number=number),
            )
            continue
        result = _deal_result(results, layout, number, contract, fail)
        deals.append({"contract": contract, "result": result})
    return deals


def _deal_result(
    results: Sheet, layout: Layout, number: int, contract: str, fail: _Fail
) -> dict[str, Any]:
    """One deal's result, read from its contract's cells: counts, or a player's name."""
    players = layout.players
    row = layout.row(number)
    result: dict[str, Any] = {}
    for key in RESULT_KEYS[contract]:
        cols = layout.fields[key]
        if key in IN_DECK:
            counts: dict[str, int] = {}
            for j, p in enumerate(players):
                raw = results.value(row, cols[j])
                if _text(raw) is None:
                    continue
                count = whole_number(raw)
                if count is None or count < 0:
                    fail(
                        RESULTS,
                        row,
                        cols[j],
                        number,
                        _("deal {number}, {player}, {key}").format(
                            number=number, player=p, key=key
                        ),
                        number_message(
                            raw,
                            _("{show_value} is not a whole number of 0 or more").format(
                                show_value=show_value(raw)
                            ),
                        ),
                    )
                    continue
                counts[p] = count
            result[key] = counts
        else:
            who = _text(results.value(row, cols[0]))
            if who is None:
                continue
            if who not in players:
                fail(
                    RESULTS,
                    row,
                    cols[0],
                    number,
                    _("deal {number}, {key}").format(number=number, key=key),
                    _(
                        "{show_value} is not a player's name as the Rules sheet writes it "
                        "({players})"
                    ).format(show_value=show_value(who), players=", ".join(players)),
                )
                continue
            result[key] = who
    return result


def _rules_name(stated: Any) -> str:
    return f'"{stated}"' if isinstance(stated, str) else "of the game file"


def _score_each(report: Report, book: Book) -> tuple[GameScore, set[int]]:
    """Score each deal on its own, so one bad deal does not hide the others."""
    rules, players = book.layout.rules, book.layout.players
    good: list[DealScore] = []
    broken = set(book.bad)
    for index, deal in enumerate(book.record["deals"]):
        number = index + 1
        if number in broken:
            continue
        try:
            good.append(score_deal(rules, players, number, deal))
        except ScoresheetError as exc:
            what, _sep, message = str(exc).partition(": ")
            report.add(number, None, what, message)
            broken.add(number)
    if not broken:
        return score_game(book.record, rules), broken
    totals = dict.fromkeys(players, 0)
    for d in good:
        for p in players:
            totals[p] += d.score[p]
    partial = GameScore(tuple(players), rules, tuple(good), totals, (), False)
    return partial, broken


def _compare(report: Report, book: Book, score: GameScore, broken: set[int]) -> None:

    lay = book.layout
    scored = {d.number: d for d in score.deals}
    played = len(book.record["deals"])
    plan = Plan(book.record, lay, scored, played, score.complete)
    compare_cells(report, plan.formulas(), book.sheets, skip=after_broken(broken))
    compare_deal_numbers(report, plan.cells, book.sheets)


def audit_workbook_bytes(data: bytes, name: str) -> Report:
    """Audit a workbook's bytes (already passed through :mod:`scoresheet.sheets.safety`)."""

    report = Report(name)
    book = read_book(data, name, report)
    report.record = cast("Any", book.record)
    score, broken = _score_each(report, book)
    report.score = cast("Any", score)
    _compare(report, book, score, broken)
    report.findings.sort(key=lambda f: (f.deal is None, f.deal or 0))
    return report


def import_workbook_bytes(data: bytes, name: str) -> tuple[Any, Report]:
    """The game a workbook's inputs hold. Raises ScoresheetError when an input is wrong;
    a rule value changed in the sheet is kept in the game's options (a finding that does
    not block)."""

    report = Report(name)
    book = read_book(data, name, report)
    for finding in report.findings:
        if finding.blocking:
            raise ScoresheetError(f"{name}: {finding.line}")
    record = rec.from_data(book.record, source=name)
    score_game(record, book.layout.rules)  # raises, naming the deal, if a deal is wrong
    # What the import keeps besides the inputs: the rule values changed, now options.
    report.findings = [f for f in report.findings if f.what in book.changed]
    return record, report


def audit_game(record: Mapping[str, Any], name: str) -> Report:
    """Audit a game file: score each deal, and report what the rules refuse."""

    report = Report(name, record=cast("Any", record))
    try:
        rules = rules_of(record)
    except ScoresheetError as exc:
        report.add(None, None, "rules", str(exc))
        return report
    players = list(record["players"])
    if len(players) != rules.players:
        report.add(
            None,
            None,
            "players",
            _("these rules are for {players} players, the game has {n_players}").format(
                players=rules.players, n_players=len(players)
            ),
        )
        return report
    deals = record.get("deals") or []
    if len(deals) > rules.deals_per_game:
        report.add(
            len(deals),
            None,
            "deals",
            _("the game is complete after {deals_per_game} deals").format(
                deals_per_game=rules.deals_per_game
            ),
        )
        return report
    book = Book(dict(record), Layout(players, rules), {}, set())
    score, _broken = _score_each(report, book)
    report.score = cast("Any", score)
    for v in score.violations:
        report.add(v.deal, None, _("deal {deal}").format(deal=v.deal), v.message)
    return report
