"""A Belote workbook checked cell by cell, and read back into a game.

The inputs are read (Results, Declarations, and the rule values of the Rules sheet,
where a value changed is a finding and an option of the game); each deal is scored on
its own, so one bad deal does not hide the others; then every formula cell is compared
with what the plan of the game read puts there. A game file is audited the same way.

The :class:`Reader` does it for any game laid out like Belote's: Coinche has its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.limits import MAX_DEAL_ROWS, MAX_DECLARATION_ROWS, SHEET_MARGIN
from scoresheet.partnership.rules import BeloteRules, dealer_after, dealers
from scoresheet.partnership.score import (
    Teams,
    read_cards,
)
from scoresheet.partnership.sheet.layout import (
    DECLARATIONS,
    FORMAT,
    RESULTS,
    RULES,
    SCORES,
    SHEETS,
    VERSION,
    Layout,
    Plan,
)
from scoresheet.partnership.sheet.read import read_declarations
from scoresheet.rules import merge_options, resolve
from scoresheet.sheets.findings import Report, compare_cells, compare_deal_numbers
from scoresheet.sheets.plan import Cell, col_letter
from scoresheet.sheets.read import (
    Sheet,
    cell_text,
    check_player_names,
    flag_message,
    flag_typed_as_text,
    flag_value,
    not_a_player,
    number_message,
    read_sheets,
    show_value,
    whole_number,
)
from scoresheet.sheets.safety import strict_json


class _Sheet(Sheet):
    """A sheet whose blank text reads as an empty cell."""

    def value(self, row: int, col: int) -> Any:
        value = super().value(row, col)
        if isinstance(value, str) and not value.strip():
            return None
        return value


def _load(data: bytes, name: str, title: str) -> dict[str, _Sheet]:
    return read_sheets(
        data,
        name,
        SHEETS,
        max_row=max(MAX_DEAL_ROWS, MAX_DECLARATION_ROWS) + SHEET_MARGIN,
        max_col=60,
        kind=_("a {title} workbook").format(title=title),
        sheet=_Sheet,
    )


@dataclass
class _Book:
    record: dict[str, Any]
    layout: Layout
    sheets: dict[str, _Sheet]
    bad: set[int]  # deals with an input that could not be read
    declarations: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    bad_declaration_rows: set[int] = field(default_factory=set)


def _stored_rules(
    game: type[Layout], rules_sheet: _Sheet, name: str
) -> tuple[Any, dict[str, Any], int, int, BeloteRules]:
    """What the Rules sheet stores: the rules (a preset's name or a rules object), their
    options, the rows for deals and for declarations; and the rules in force."""
    if rules_sheet.value(2, 2) != FORMAT:
        raise ScoresheetError(
            _('{name}: not a workbook written by scoresheet ({where} is not "{format}")').format(
                name=name, where="Rules!B2", format=FORMAT
            )
        )
    version = whole_number(rules_sheet.value(3, 2))
    if version is None or version > VERSION:
        raise ScoresheetError(
            _(
                "{name}: written by a newer scoresheet (workbook version {version}); this one "
                "reads up to version {version2}"
            ).format(name=name, version=version, version2=VERSION)
        )
    spec = rules_sheet.value(4, 2)
    options_text = rules_sheet.value(5, 2)
    rows = whole_number(rules_sheet.value(6, 2))
    decl_rows = whole_number(rules_sheet.value(7, 2))
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(
            _("{name}: the rules stored in the Rules sheet are damaged").format(name=name)
        ) from None
    if (
        not isinstance(stated, str | dict)
        or not isinstance(options, dict)
        or not rows
        or not decl_rows
        or rows > MAX_DEAL_ROWS
        or decl_rows > MAX_DECLARATION_ROWS
    ):
        raise ScoresheetError(
            _("{name}: the rules stored in the Rules sheet are damaged").format(name=name)
        )
    rules = resolve(stated, options or None)
    if not isinstance(rules, game.RULES_TYPE):
        raise ScoresheetError(
            _("{name}: the Rules sheet does not hold {title} rules").format(
                name=name, title=game.TITLE
            )
        )
    return stated, options, rows, decl_rows, rules


def _players_and_teams(
    reader: Reader, rules_sheet: _Sheet, probe: Layout, name: str
) -> tuple[list[str], Teams]:
    players: list[str] = []
    for j in range(4):
        player = cell_text(rules_sheet.value(probe.players_row + j, 2))
        if player is None:
            raise ScoresheetError(
                _("{name}: {where} should hold the name of player {number}").format(
                    name=name, where=f"Rules!B{probe.players_row + j}", number=j + 1
                )
            )
        players.append(player)
    check_player_names(players, name)
    if len(set(players)) != 4:
        raise ScoresheetError(_("{name}: the Rules sheet names a player twice").format(name=name))
    given = []
    for row in probe.team_rows:
        given.append([cell_text(rules_sheet.value(row, c)) or "" for c in (2, 3)])
    teams = reader.teams_of(players, given)
    return players, teams


def _changed_rules(
    report: Report,
    rules_sheet: _Sheet,
    probe: Layout,
    stated: Any,
    options: dict[str, Any],
    rules: BeloteRules,
    name: str,
) -> tuple[dict[str, Any], BeloteRules]:
    """The options and rules in force with the rule values changed in the sheet."""
    game = type(probe)
    # Rule values changed in the sheet: a finding each, and an option for the game.
    overrides: dict[str, Any] = {}
    rules_name = stated if isinstance(stated, str) else "of the game"
    for cell in probe.rule_cells:
        raw = rules_sheet.value(cell.row, cell.col)
        want = cell.value
        where = f"{RULES}!{col_letter(cell.col)}{cell.row}"
        got: Any
        if isinstance(want, bool):
            kind = rules_sheet.kind(cell.row, cell.col)
            got = flag_value(raw, kind)
            if got is None and flag_typed_as_text(raw, kind):
                report.add(None, where, _(cell.label), flag_message(raw, "", kind))
                continue
        elif isinstance(want, int) or cell.option[0] in ("points", "declaration_values"):
            got = whole_number(raw) if raw is not None else None
            if raw is not None and got is None:
                message = number_message(
                    raw, _("{show_value} is not a whole number").format(show_value=show_value(raw))
                )
                report.add(None, where, _(cell.label), message)
                continue
        else:
            got = cell_text(raw)
        if got == want:
            continue
        if got is None and want is not None:
            report.add(
                None,
                where,
                _(cell.label),
                _("{show_value} is not a valid value").format(show_value=show_value(raw)),
            )
            continue
        report.add(
            None,
            where,
            _(cell.label),
            _('{show_value}, the rules "{rules_name}" give {show_value2}').format(
                show_value=show_value(got), rules_name=rules_name, show_value2=show_value(want)
            ),
            blocking=False,
        )
        node = overrides
        for key in cell.option[:-1]:
            node = node.setdefault(key, {})
        node[cell.option[-1]] = got
    if overrides:
        options = merge_options(options, overrides)
        try:
            rules = resolve(stated, options)
        except ScoresheetError as exc:
            raise ScoresheetError(
                _("{name}: the rule values changed in the sheet: {exc}").format(name=name, exc=exc)
            ) from None
        if not isinstance(rules, game.RULES_TYPE):  # pragma: no cover - the game cannot change
            raise ScoresheetError(
                _("{name}: the Rules sheet does not hold {title} rules").format(
                    name=name, title=game.TITLE
                )
            )
    return options, rules


def _read_dealer(
    layout: Layout, res: _Sheet, n: int, expected: str, report: Report
) -> tuple[str | None, str]:
    """Deal ``n``'s dealer cell: the dealer it names (``None``: the rotation's,
    ``expected``), and the deal's dealer.

    A player's name other than the rotation's: a hand was thrown in before this deal,
    and the deal passed on; the deal names its dealer, who re-anchors the rotation.
    Anything else is a finding, and the rotation's dealer is kept.
    """
    row, col = layout.row(n), layout.RES.dealer
    dealer = cell_text(res.value(row, col))
    if dealer in layout.players:
        return (dealer if dealer != expected else None), dealer
    report.add(
        n,
        f"{RESULTS}!{col_letter(col)}{row}",
        _("deal {n}, dealer").format(n=n),
        _("{show_value}, the rotation gives {dealer}").format(
            show_value=show_value(dealer), dealer=expected
        ),
        blocking=False,
    )
    return None, expected


def _read_deals(
    reader: Reader,
    layout: Layout,
    sheets: dict[str, _Sheet],
    rules: BeloteRules,
    rows: int,
    report: Report,
    bad: set[int],
) -> list[dict[str, Any]]:
    """The deals of the Results sheet; a deal with an input that cannot be read is added
    to ``bad``."""
    cols = layout.RES
    res = sheets[RESULTS]
    labels = {layout.labels[0]: 0, layout.labels[1]: 1}

    def fail(row: int, col: int, deal: int | None, what: str, msg: str) -> None:
        report.add(deal, f"{RESULTS}!{col_letter(col)}{row}", what, msg)
        if deal is not None:
            bad.add(deal)

    deals: list[dict[str, Any]] = []
    empty_from: int | None = None
    expected = layout.players[0]  # the dealer by the rotation, after the deal before
    for n in range(1, rows + 1):
        row = layout.row(n)
        contract = cell_text(res.value(row, cols.contract))
        if contract is None:
            empty_from = empty_from or n
            continue
        if empty_from is not None:
            fail(
                row,
                cols.contract,
                n,
                _("deal {n}, contract").format(n=n),
                _(
                    "deal {empty_from} has no contract yet, but deal {n} has one: deals are "
                    "filled in order"
                ).format(empty_from=empty_from, n=n),
            )
            continue
        named, expected = _read_dealer(layout, res, n, expected, report)
        if contract not in rules.contracts:
            known = ", ".join(rules.contracts)
            fail(
                row,
                cols.contract,
                n,
                _("deal {n}, contract").format(n=n),
                _("{show_value} is not a contract of these rules ({known})").format(
                    show_value=show_value(contract), known=known
                ),
            )
        taker = cell_text(res.value(row, cols.taker))
        if taker not in layout.players:
            message = (
                _("empty: name the taker ({players})").format(players=", ".join(layout.players))
                if taker is None
                else not_a_player(taker, layout.players)
            )
            fail(row, cols.taker, n, _("deal {n}, taker").format(n=n), message)
        deal: dict[str, Any] = {"contract": contract, "taker": taker or ""}
        if named is not None:
            deal = {"dealer": named, **deal}
        if reader.read_auction is not None:
            deal = reader.read_auction(res, row, n, deal, fail, layout.players)
        result: dict[str, Any] = {}
        points: list[int] = []
        for k, col in enumerate(cols.points):
            raw = res.value(row, col)
            number = whole_number(raw) if raw is not None else None
            if number is None or number < 0:
                fail(
                    row,
                    col,
                    n,
                    _("deal {n}, points of team {k}").format(n=n, k=k),
                    number_message(
                        raw,
                        _("{show_value}: type the card points").format(show_value=show_value(raw)),
                    ),
                )
            points.append(number or 0)
        for key, col in (("last_trick", cols.last), ("belote", cols.belote), ("capot", cols.capot)):
            text = cell_text(res.value(row, col))
            if text is None:
                continue
            if text not in labels:
                fail(
                    row,
                    col,
                    n,
                    _("deal {n}, {key}").format(n=n, key=key),
                    _('{show_value} is not a team ("{value}" or "{value2}")').format(
                        show_value=show_value(text), value=layout.labels[0], value2=layout.labels[1]
                    ),
                )
                continue
            result[key] = labels[text]
        cards = [cell_text(res.value(row, col)) for col in cols.cards]
        if any(cards):
            result["cards"] = [c or "" for c in cards]
            if _counted(rules, contract, result["cards"]) != points:
                result["points"] = points  # the scoring says what is wrong with them
        else:
            result["points"] = points
        deal["result"] = result
        deals.append(deal)
        expected = dealer_after(rules, layout.players, expected)
    return deals


def _read_book(reader: Reader, data: bytes, name: str, report: Report) -> _Book:
    game = reader.layout
    sheets = _load(data, name, game.TITLE)
    rules_sheet = sheets[RULES]
    stated, options, rows, decl_rows, rules = _stored_rules(game, rules_sheet, name)
    probe = game(["?"] * 4, (("?", "?"), ("?", "?")), rules, rows, decl_rows, "", None)
    players, teams = _players_and_teams(reader, rules_sheet, probe, name)
    options, rules = _changed_rules(report, rules_sheet, probe, stated, options, rules, name)
    spec_text = stated if isinstance(stated, str) else json.dumps(stated)
    layout = game(players, teams, rules, rows, decl_rows, spec_text, options)
    _check_headers(layout, sheets, name)
    bad: set[int] = set()
    deals = _read_deals(reader, layout, sheets, rules, rows, report, bad)
    placed, bad_rows = read_declarations(
        layout, sheets[DECLARATIONS], deals, decl_rows, report, bad
    )
    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": game.GAME,
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    if teams != reader.teams_of(players, None):
        record["teams"] = [list(t) for t in teams]
    record["deals"] = deals
    return _Book(record, layout, sheets, bad, placed, bad_rows)


def _counted(rules: BeloteRules, contract: str, cards: list[str]) -> list[int] | None:
    """The card points the cards count (``None`` if they cannot be counted)."""
    if contract not in rules.contracts:
        return None
    try:
        taken = read_cards(cards, "cards")
    except ScoresheetError:
        return None
    return [sum(rules.card_points(c, contract) for c in taken[k]) for k in (0, 1)]


def _check_headers(layout: Layout, sheets: dict[str, _Sheet], name: str) -> None:
    for sheet, cols in (
        (RESULTS, range(1, layout.RES.cards[1] + 1)),
        (SCORES, range(1, layout.SC.last + 1)),
    ):
        for col in cols:
            got = sheets[sheet].value(3, col)
            if got is None:
                raise ScoresheetError(
                    _(
                        "{name}: {where} should be a heading, not {got}: rows or columns were "
                        "moved, so the sheet cannot be read"
                    ).format(name=name, where=f"{sheet}!{col_letter(col)}3", got=show_value(got))
                )


def _score_each(reader: Reader, report: Report, book: _Book) -> tuple[Any, int | None]:
    """Score each deal on its own, so one bad deal does not hide the others. Returns the
    game up to the first broken deal, and that deal's number (``None``: none broken)."""
    lay = book.layout
    good: list[Any] = []
    first_broken: int | None = None
    deals = book.record["deals"]
    rotation = dealers(lay.rules, lay.players, [d.get("dealer") for d in deals])
    for i, deal in enumerate(deals):
        number = i + 1
        if number in book.bad:
            first_broken = first_broken or number
            continue
        try:
            scored = reader.score_deal(lay.rules, lay.players, lay.teams, number, deal, rotation[i])
        except ScoresheetError as exc:
            what, _sep, message = str(exc).partition(": ")
            report.add(number, None, what, message)
            first_broken = first_broken or number
            continue
        if first_broken is None:
            good.append(scored)
    result = reader.play_out(lay.rules, lay.players, lay.teams, [])
    for n in range(1, len(good) + 1):
        result = reader.play_out(lay.rules, lay.players, lay.teams, good[:n])
        if result.complete and n < len(good):
            # Deals after the game was won: the game stops where it was won.
            winner = result.team_name(cast("int", result.winner))
            for later in good[n:]:
                report.add(
                    later.number,
                    None,
                    _("deal {number}").format(number=later.number),
                    _("the game is over: {winner} won at deal {n}").format(winner=winner, n=n),
                )
            first_broken = min(first_broken or n + 1, n + 1)
            break
    return result, first_broken


def _compare(
    reader: Reader, report: Report, book: _Book, result: Any, first_broken: int | None
) -> None:
    plan = reader.plan_workbook(
        book.layout, book.record, result, declaration_rows=book.declarations
    )

    def skip(cell: Cell) -> bool:
        return (
            first_broken is not None
            and cell.sheet == SCORES
            and (cell.deal is None or cell.deal >= first_broken)
        ) or (cell.sheet == DECLARATIONS and cell.row in book.bad_declaration_rows)

    compare_cells(report, plan.formulas(), book.sheets, skip=skip)
    compare_deal_numbers(report, plan.cells, book.sheets)


Fail = Callable[[int, int, int | None, str, str], None]  # row, column, deal, what, message


@dataclass(frozen=True)
class Reader:
    """How a workbook laid out like Belote's is read back and checked (Coinche's too):
    its layout, how its deals are scored, how its cells are planned."""

    layout: type[Layout]
    plan_workbook: Callable[..., Plan[Any]]
    # A deal scored: rules, players, teams, its number, the deal, its rotation's dealer.
    score_deal: Callable[[Any, Sequence[str], Teams, int, Mapping[str, Any], str], Any]
    play_out: Callable[[Any, tuple[str, ...], Teams, Any], Any]
    score_game: Callable[[Mapping[str, Any]], Any]
    rules_of: Callable[[Mapping[str, Any]], BeloteRules]
    teams_of: Callable[[Sequence[str], Any], Teams]
    # A deal's inputs other than the card play's: its contract and taker given, the deal
    # with them (``None``: there are none).
    read_auction: (
        Callable[[Sheet, int, int, dict[str, Any], Fail, tuple[str, ...]], dict[str, Any]] | None
    )
    notes: Callable[[Any], list[str]]  # said of a game file audited, past its findings

    def audit_workbook_bytes(self, data: bytes, name: str) -> Report:
        """Audit a workbook's bytes (already passed through the safety checks)."""
        report = Report(name)
        book = _read_book(self, data, name, report)
        report.record = cast("Any", book.record)
        result, first_broken = _score_each(self, report, book)
        report.score = cast("Any", result)
        _compare(self, report, book, result, first_broken)
        report.findings.sort(key=lambda f: (f.deal is None, f.deal or 0))
        return report

    def import_workbook_bytes(self, data: bytes, name: str) -> tuple[Any, Report]:
        """The game a workbook holds (its inputs). Raises ScoresheetError when an input is
        wrong; a rule value changed in the sheet is kept in the game's options."""
        report = Report(name)
        book = _read_book(self, data, name, report)
        for finding in report.findings:
            if finding.blocking:
                raise ScoresheetError(f"{name}: {finding.line}")
        record = rec.from_data(book.record, source=name)
        self.score_game(record)  # raises, naming the deal, if a deal is wrong
        report.findings = [f for f in report.findings if f.cell and f.cell.startswith(RULES)]
        return record, report

    def audit_game(self, record: Mapping[str, Any], name: str) -> Report:
        """Audit a game file: every deal checked on its own; what the rules refuse."""
        report = Report(name, record=cast("Any", record))
        try:
            rules = self.rules_of(record)
            players = tuple(record["players"])
            teams = self.teams_of(players, record.get("teams"))
        except ScoresheetError as exc:
            report.add(None, None, "game", str(exc))
            return report
        layout = self.layout(players, teams, rules, 1, 1, "", None)
        book = _Book(dict(record), layout, {}, set())
        result, _broken = _score_each(self, report, book)
        report.score = cast("Any", result)
        for v in result.violations:
            report.add(v.deal, None, _("deal {deal}").format(deal=v.deal), v.message)
        report.notes.extend(self.notes(result))
        return report
