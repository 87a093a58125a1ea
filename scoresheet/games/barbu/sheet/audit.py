"""A Barbu workbook checked cell by cell against the rules, and read back into a game.

The workbook may come from anyone (see :mod:`scoresheet.sheets.safety`). Its *inputs*
(Results, Doubles, the Rules values) make a game record; the library scores it; every
formula cell is then compared with the layout's formula and the library's value:

* a computed cell holding a constant: a number typed over the formula;
* a formula changed from the one scoresheet writes;
* a value shown (the value a spreadsheet application saved) that the rules do not give;
* a deal whose row does not add up, whose results or doubles the rules refuse;
* a player short of their declarer doubles; a rule value changed in the sheet;
* a deal's number typed over (text, another number, nothing).

A workbook saved by a program that does not calculate (openpyxl) carries no values:
its inputs and formulas are still checked, and a note says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.contracts import result_keys
from scoresheet.games.barbu.poker import ROWS, count_beats, parse_hand
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.games.barbu.score import DealScore, GameScore, score_deal, score_game
from scoresheet.games.barbu.sheet.book import Book, read_book
from scoresheet.games.barbu.sheet.layout import DOUBLES, FIRST, OBLIGATIONS, RESULTS, SCORES, Layout
from scoresheet.games.barbu.sheet.plan import plan_workbook
from scoresheet.i18n import _, source_language
from scoresheet.rules import resolve
from scoresheet.sheets.findings import Report, after_broken, compare_cells, compare_deal_numbers
from scoresheet.sheets.plan import col_letter
from scoresheet.sheets.read import show_value, whole_number

if TYPE_CHECKING:
    from scoresheet.models import GameFile


def _scores(
    report: Report, book: Book, check: Callable[[], GameScore]
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
            what, _sep, message = str(exc).partition(": ")
            # The cells are found from the refusal's English words, whatever the language.
            english = _in_english(score_deal, rules, players, number, deal, declared)
            where, _sep, said = (english or str(exc)).partition(": ")
            cell, shown = _cells_of(book, number, where, said)
            report.add(number, cell, what if shown == where else shown, message)
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


def _in_english(scoring: Callable[..., object], *args: Any) -> str | None:
    """The refusal ``scoring(*args)`` raises, in English (``None`` if it does not refuse)."""
    with source_language():
        try:
            scoring(*args)
        except ScoresheetError as exc:
            return str(exc)
    return None


def _cells_of(book: Book, number: int, what: str, message: str) -> tuple[str | None, str]:
    """The cells of a workbook where the input a deal's scoring refuses was typed, and
    what they are: ``what`` is the place the scoring names ("deal 5", "deal 5, no-tricks",
    "deal 2, no-last-two, doubles entry 2"). The contract's cell for the contract itself (not
    one of the rules, or declared once too often), the deal's Doubles for a bet, the
    result cells the contract uses for its result. None for a game file."""
    if not book.sheets:
        return None, what
    lay = book.layout
    row = lay.row(number)
    parts = what.split(", ")
    contract_cell = (
        f"{RESULTS}!{col_letter(4)}{row}",
        _("deal {number}, contract").format(number=number),
    )
    if len(parts) < 2 or "already declared" in message:
        return contract_cell
    if any(part.startswith("doubles") for part in parts[2:]):
        sheet, cols = DOUBLES, sorted(lay.mult_col.values())
        what = _("deal {number}, doubles").format(number=number)
    else:
        contract = parts[1]
        if contract not in lay.rules.contracts:
            return contract_cell
        wanted = result_keys(lay.rules, contract)
        sheet = RESULTS
        cols = sorted(
            col
            for key, field in lay.fields.items()
            if key.split(":")[0] in wanted
            or (key == "most" and "cards" in wanted)
            or (key == "hands" and "beats" in wanted)
            for col in field.cols
        )
    if not cols:
        return contract_cell
    cells = f"{sheet}!{col_letter(cols[0])}{row}"
    if cols[-1] != cols[0]:
        cells += f":{col_letter(cols[-1])}{row}"
    return cells, what


def _check_bets(report: Report, book: Book, number: int, deal: Mapping[str, Any]) -> bool:
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
    only = (
        _("{pa} may double only the declarer in a positive contract")
        if rules.is_positive(contract)
        else _("{pa} may double only the declarer in a negative contract")
    )
    for (a, b), m in mult.items():
        if not m:
            continue
        cell = f"{DOUBLES}!{col_letter(lay.mult_col[(a, b)])}{row}"
        pa, pb = players[a], players[b]
        what = _("deal {number}, doubles").format(number=number)
        if pa == declarer:
            report.add(
                number,
                cell,
                what,
                _("{pa} is the declarer: the declarer may not double, only redouble").format(pa=pa),
            )
            bad = True
        elif mult.get((b, a)) and a < b:
            report.add(
                number,
                cell,
                what,
                _(
                    "{pa} and {pb} doubled each other: between two players there is one bet (the "
                    "one doubled may redouble)"
                ).format(pa=pa, pb=pb),
            )
            bad = True
        elif not rules.may_double(contract, pa, pb, declarer):
            report.add(
                number,
                cell,
                what,
                only.format(pa=pa),
            )
            bad = True
        elif m == 2 and not rules.doubling.redoubles:
            report.add(number, cell, what, _("these rules have no redoubles"))
            bad = True
    return bad


def _check_typed_beats(
    report: Report, book: Book, scored: DealScore, deal: Mapping[str, Any]
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
                    _("deal {number}, {player}, {r} beats").format(
                        number=scored.number, player=p, r=r
                    ),
                    _("{show_value}, the hands give {value}").format(
                        show_value=show_value(got), value=counted[p][r]
                    ),
                )


def _compare(report: Report, book: Book, score: GameScore, broken: set[int]) -> None:
    plan = plan_workbook(book.record, score)
    compare_cells(report, plan.formulas(), book.sheets, skip=after_broken(broken))
    compare_deal_numbers(report, plan.cells, book.sheets)
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
                _("deal {d}").format(d=d),
                _("the row adds up to {show_value}, {contract} totals {show_value2}").format(
                    show_value=show_value(shown_sum),
                    contract=contract,
                    show_value2=show_value(should),
                ),
            )


def _obligations(report: Report, book: Book, score: GameScore) -> None:
    lay = book.layout
    for v in score.violations:
        d = lay.players.index(v.declarer)
        q = lay.players.index(v.doubler)
        cell = f"{OBLIGATIONS}!{col_letter(lay.ob_first_col + q)}{FIRST + d}"
        report.add(
            v.deal,
            cell,
            _("declarer doubles"),
            _owed_text(v.doubler, v.declarer, v.made, v.required),
        )


def _owed_text(doubler: str, declarer: str, made: int, required: int) -> str:
    """``Bob doubled Ann once; the rules require 2``: one sentence per case, to translate."""
    if made == 0:
        text = _("{doubler} never doubled {declarer}; the rules require {required}")
    elif made == 1:
        text = _("{doubler} doubled {declarer} once; the rules require {required}")
    elif made == 2:
        text = _("{doubler} doubled {declarer} twice; the rules require {required}")
    else:
        text = _("{doubler} doubled {declarer} {made} times; the rules require {required}")
    return text.format(doubler=doubler, declarer=declarer, made=made, required=required)


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


def audit_game(record: Mapping[str, Any], name: str) -> Report:
    """Audit a game file: score each deal, and report what the rules refuse."""
    game = cast("GameFile", record)
    report = Report(name, record=game)
    try:
        rules = resolve(game["rules"], game.get("options"), "barbu")
    except ScoresheetError as exc:
        report.add(None, None, "rules", str(exc))
        return report
    players = list(game["players"])
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
    layout = Layout(players, rules)
    book = Book(game, layout, {}, set(), {})
    deals = game.get("deals", [])
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
    score, broken = _scores(report, book, lambda: score_game(game, rules))
    report.score = score
    if not broken:
        for v in score.violations:
            report.add(
                v.deal,
                None,
                _("deal {deal}, declarer doubles").format(deal=v.deal),
                _owed_text(v.doubler, v.declarer, v.made, v.required),
            )
    return report


def import_workbook_bytes(data: bytes, name: str) -> tuple[dict[str, Any], Report]:
    """The game a workbook holds; ``ScoresheetError`` naming the cell or the deal when an
    input is wrong. A rule value changed in the sheet is a finding of the report, kept in
    the game's options."""
    report = Report(name)
    book = read_book(data, name, report)
    for finding in report.findings:
        if finding.blocking:
            raise ScoresheetError(f"{name}: {finding.line}")
    # Each deal scored as the audit scores it, so a deal the rules refuse is named by the
    # cells it was typed in, as the audit names it.
    scored = Report(name)
    try:
        _scored, broken = _scores(scored, book, lambda: score_game(book.record, book.layout.rules))
        for finding in sorted(scored.findings, key=lambda f: f.deal or 0):
            if finding.deal in broken:
                raise ScoresheetError(f"{name}: {finding.line}")
        score_game(book.record, book.layout.rules)
    except ScoresheetError as exc:
        text = str(exc)
        raise ScoresheetError(text if text.startswith(f"{name}: ") else f"{name}: {text}") from None
    return cast("dict[str, Any]", book.record), report
