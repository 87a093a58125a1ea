"""A Barbu workbook read back: its inputs (Results, Doubles, the Rules values) as a game.

The workbook may come from anyone (see :mod:`scoresheet.sheets.safety`): a heading
moved refuses the file; an input that cannot be read is a finding naming its cell, and
its deal is left out of the scoring; a rule value changed in the sheet is a finding
that does not stop an import, and is kept in the game's options.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.contracts import SUIT_KEYS, result_keys
from scoresheet.games.barbu.ledger import table_order
from scoresheet.games.barbu.poker import ROWS
from scoresheet.games.barbu.score import score_game
from scoresheet.games.barbu.sheet.layout import (
    DATA_COL,
    DOUBLES,
    FORMAT,
    HAND_SEPARATOR,
    RESULTS,
    RULES,
    SHEETS,
    VERSION,
    Layout,
)
from scoresheet.games.barbu.sheet.plan import plan_workbook
from scoresheet.i18n import _
from scoresheet.limits import MAX_DEALS, SHEET_MARGIN
from scoresheet.rules import merge_options, resolve
from scoresheet.sheets.findings import Report
from scoresheet.sheets.plan import Cell, Value, col_letter
from scoresheet.sheets.read import (
    Sheet,
    check_player_names,
    flag_message,
    flag_value,
    in_every_language,
    not_a_player,
    number_message,
    read_sheets,
    show_value,
    whole_number,
)
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from scoresheet.models import GameFile

# The Barbu sheets' bounds: a row per deal below three header rows, then the totals and
# the ledger (Doubles) under the last deal; as many columns as six players need.
MAX_ROWS = MAX_DEALS + SHEET_MARGIN
MAX_COLS = 300


def load_sheets(data: bytes, name: str) -> dict[str, Sheet]:
    """The Barbu workbook's five sheets (see :func:`read_sheets`)."""
    return read_sheets(data, name, SHEETS, max_row=MAX_ROWS, max_col=MAX_COLS)


class Inputs:
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
            message = number_message(
                value,
                _("{show_value} is not a whole number of 0 or more").format(
                    show_value=show_value(value)
                ),
            )
            self.fail(sheet, row, col, deal, what, message)
            return None
        return number

    def text(self, sheet: str, row: int, col: int) -> str | None:
        value = self.raw(sheet, row, col)
        if value is None:
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value)


@dataclass
class Book:
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
            _(
                '{name}: not a workbook written by scoresheet ({where} should say "{format}")'
            ).format(name=name, where=f"Rules!{col_letter(DATA_COL + 1)}2", format=FORMAT)
        )
    version = whole_number(rules.value(3, DATA_COL + 1))
    if version is None or version > VERSION:
        raise ScoresheetError(
            _(
                "{name}: written by a newer scoresheet (workbook version {version}); this one "
                "reads up to version {version2}"
            ).format(name=name, version=version, version2=VERSION)
        )
    spec = rules.value(4, DATA_COL + 1)
    options_text = rules.value(5, DATA_COL + 1)
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


def read_book(data: bytes, name: str, report: Report) -> Book:
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
            raise ScoresheetError(
                _("{name}: {where} should hold the name of player {number}").format(
                    name=name, where=f"Rules!B{rv.row}", number=j + 1
                )
            )
        players.append(got)
    check_player_names(players, name)
    if len(set(players)) != len(players):
        raise ScoresheetError(_("{name}: the Rules sheet names a player twice").format(name=name))
    layout = Layout(players, rules)
    _check_headers(layout, sheets, name)
    inputs = Inputs(report, sheets)
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
                _("deal {deal}, contract").format(deal=deal),
                _(
                    "deal {empty_from} has no contract yet, but deal {deal} has one: deals are "
                    "filled in order"
                ).format(empty_from=empty_from, deal=deal),
            )
            continue
        dealer = inputs.text(RESULTS, row, 3)
        if dealer != layout.dealer(deal):
            inputs.fail(
                RESULTS,
                row,
                3,
                deal,
                _("deal {deal}, dealer").format(deal=deal),
                _("{show_value}, the rotation gives {dealer}").format(
                    show_value=show_value(dealer), dealer=layout.dealer(deal)
                ),
            )
        entry: dict[str, Any] = {"contract": contract}
        declarer = inputs.text(RESULTS, row, 2)
        if declarer is not None and declarer != layout.declarer(deal):
            inputs.fail(
                RESULTS,
                row,
                2,
                deal,
                _("deal {deal}, declarer").format(deal=deal),
                _("{show_value}, the rotation gives {declarer}").format(
                    show_value=show_value(declarer), declarer=layout.declarer(deal)
                ),
            )
        elif declarer is not None:
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
    return Book(cast("GameFile", record), layout, sheets, inputs.bad, typed_beats)


def _check_headers(layout: Layout, sheets: dict[str, Sheet], name: str) -> None:
    """The header row of each sheet must be where the layout puts it: a heading in the
    language the workbook was written in, whichever that was."""

    def headings() -> dict[tuple[str, int, int], Value]:
        return {
            (cell.sheet, cell.row, cell.col): cell.value
            for cell in _blank_plan(layout)
            if cell.style == "header" and cell.row == 3 and cell.value
        }

    here = headings()
    accepted: dict[tuple[str, int, int], set[Value]] = {key: set() for key in here}
    for written in in_every_language(headings):
        for key, value in written.items():
            accepted.setdefault(key, set()).add(value)
    for (sheet, row, col), value in here.items():
        got = sheets[sheet].value(row, col)
        if got not in accepted[(sheet, row, col)]:
            raise ScoresheetError(
                _(
                    "{name}: {where} should be the heading {heading}, not {got}: rows "
                    "or columns were moved, so the sheet cannot be read"
                ).format(
                    name=name,
                    where=f"{sheet}!{col_letter(col)}{row}",
                    heading=show_value(value),
                    got=show_value(got),
                )
            )


def _blank_plan(layout: Layout) -> list[Cell]:
    """The cells of a blank workbook of ``layout``'s players and rules, over one round: the
    headings above the deal rows are the same whatever the rounds (a test checks it), and
    the audit plans them in every language, so a long game's rows are not planned again
    for each."""
    rules = replace(layout.rules, rounds=1)
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
    score = score_game(record, rules)
    return plan_workbook(record, score).cells


def _rule_overrides(layout: Layout, inputs: Inputs, stated: Any) -> dict[str, Any]:
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
            kind = inputs.sheets[RULES].kind(rv.row, col)
            if isinstance(want, bool):
                value: Any = flag_value(raw, kind)
            elif isinstance(want, int):
                value = (
                    whole_number(raw) if not isinstance(raw, int | float) or raw >= 0 else int(raw)
                )
                if isinstance(raw, float) and not raw.is_integer():
                    value = None
            else:
                value = raw if isinstance(raw, str) else None
            if value is None:
                message = number_message(
                    raw, _("{show_value} is not a valid value").format(show_value=show_value(raw))
                )
                if isinstance(want, bool):
                    message = flag_message(raw, message, kind)
                inputs.fail(RULES, rv.row, col, None, rv.label, message)
                value = want
            elif value != want:
                inputs.fail(
                    RULES,
                    rv.row,
                    col,
                    None,
                    rv.label,
                    _('{show_value}, the rules "{rules_name}" give {show_value2}').format(
                        show_value=show_value(value),
                        rules_name=rules_name,
                        show_value2=show_value(want),
                    ),
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


def _declarations(layout: Layout, inputs: Inputs, deal: int) -> list[dict[str, Any]]:
    """The bets typed in the Doubles row, as declarations in table order."""
    players = layout.players
    row = layout.row(deal)
    mult: dict[tuple[int, int], int] = {}
    for (a, b), col in layout.mult_col.items():
        raw = inputs.raw(DOUBLES, row, col)
        if raw is None:
            continue
        number = whole_number(raw)
        what = _("deal {deal}, {players} doubles {players2}").format(
            deal=deal, players=players[a], players2=players[b]
        )
        if number is None or number not in (0, 1, 2):
            inputs.fail(
                DOUBLES,
                row,
                col,
                deal,
                what,
                number_message(
                    raw,
                    _("{show_value}: write 1 for a double, 2 for a redouble").format(
                        show_value=show_value(raw)
                    ),
                ),
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
    layout: Layout, inputs: Inputs, deal: int, contract: str
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
            value = inputs.count(
                RESULTS,
                row,
                col,
                deal,
                _("deal {deal}, {who}, {key}").format(deal=deal, who=who, key=key),
            )
            if inputs.raw(RESULTS, row, col) is not None:
                typed = True
            got[who] = value or 0
        return got if typed else None

    for key in ("tricks", "hearts", "queens"):
        if key in wanted and key in f:
            value = counts(key, f[key].cols, players)
            if value is not None:
                result[key] = value

    def player(col: int, what: str) -> str | None:
        """A player's name typed in a cell, exactly as the sheet's formulas match it."""
        text = inputs.text(RESULTS, row, col)
        if text is not None and text not in players:
            message = not_a_player(text, players)
            inputs.fail(
                RESULTS,
                row,
                col,
                deal,
                _("deal {deal}, {what}").format(deal=deal, what=what),
                message,
            )
        return text

    for key in ("trump", "start"):
        if key in wanted and key in f:
            text = inputs.text(RESULTS, row, f[key].cols[0])
            if text is not None:
                result[key] = text
    for key in ("ace_of_hearts", "king_of_hearts", "second_last", "last"):
        if key in wanted and key in f:
            text = player(f[key].cols[0], key)
            if text is not None:
                result[key] = text
    if "order" in wanted and "order" in f:
        order = [player(col, "order") for col in f["order"].cols]
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
                    _("deal {deal}, {player}, hand").format(deal=deal, player=p),
                    _("write front / middle / back"),
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
