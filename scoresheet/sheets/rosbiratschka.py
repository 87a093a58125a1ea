"""Rosbiratschka workbooks: a live export, a blank sheet to print, audit and import.

A workbook has three sheets, each with two header rows and one row per deal of the game
from row 4 on (deal 1 in row 4):

* ``Results``: the deal, its dealer, who leads and its contract (formulas: the rotation
  and the fixed order), then what the table reports (inputs): tricks, hearts and jacks
  per player, who took the K♥, who took the hundred past 25, 50 and 100, who was left
  holding cards. Only the cells of the row's contract are inputs;
* ``Scores``: each player's penalty points, the row's sum, what it should be (the
  contract's total, twice it when a player took none, the slam score on a slam) and a
  check; the running totals; the totals, each player's place and the winner;
* ``Rules``: the rule values as named cells (change one and every score follows), the
  facts of the deck, and each contract's totals (formulas).

Every computed number is a formula over the inputs and the named rule cells — the
doubling rule is ``IF(COUNTIF(row,">0")<n_players, avoided, 1)``, overridden by the slam
``IF(MAX(row)=in_deal, …)`` — and carries the value the library computes as its cached
value. The workbook's category (``scoresheet:rosbiratschka``) tells audit and import
which game it holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.rules import (
    CONTRACT_NAMES,
    COUNTED,
    HUNDRED_KEYS,
    RESULT_KEYS,
    RosbiratschkaRules,
)
from scoresheet.games.rosbiratschka.score import (
    DealScore,
    GameScore,
    dealer_of,
    expected_total,
    leader_of,
    score_deal,
    score_game,
)
from scoresheet.limits import MAX_DEALS, SHEET_MARGIN
from scoresheet.rules import resolve, rules_of
from scoresheet.sheets.export import print_setup, save_with_values, write_cells
from scoresheet.sheets.layout import Cell, Value, col_letter
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from collections.abc import Callable

    from openpyxl.formatting.rule import Rule
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from scoresheet.sheets.audit import Report, Sheet

GAME = "rosbiratschka"
SCORES = "Scores"
RESULTS = "Results"
RULES = "Rules"
SHEETS = (SCORES, RESULTS, RULES)
FIRST = 4  # the row of deal 1 on the Scores and Results sheets
FORMAT = "scoresheet-workbook"
VERSION = 1
OK = "✓"
BAD = "✗"
WINNER = "winner"
MAX_ROWS = MAX_DEALS + SHEET_MARGIN  # a row per deal, and the headings and totals
MAX_COLS = 200

IN_DECK = {"tricks": "tricks_in_deal", "hearts": "hearts_in_deck", "jacks": "jacks_in_deck"}
SINGULAR = {"tricks": "trick", "hearts": "heart", "jacks": "jack"}
TAKER_PENALTY = {
    "king_of_hearts": "king_penalty",
    "past_25": "past_25_penalty",
    "past_50": "past_50_penalty",
    "past_100": "past_100_penalty",
    "last": "last_penalty",
}
TAKER_TITLES = {
    "king_of_hearts": "taken by",
    "past_25": "past 25",
    "past_50": "past 50",
    "past_100": "past 100",
    "last": "left holding",
}

# Colours as on the Barbu sheets: inputs pale yellow, headers grey, rule values green.
INPUT_FILL = "FFF6D5"
HEADER_FILL = "D9D9D9"
RULE_FILL = "E2EFDA"
UNUSED_FILL = "F2F2F2"
RED_FILL = "FFC7CE"
WINNER_FILL = "C6EFCE"
SIGNED = "+0;-0;0"


def _id(contract: str) -> str:
    """A contract id as part of a defined name: ``no-jacks`` → ``no_jacks``."""
    return contract.replace("-", "_")


@dataclass(frozen=True, slots=True)
class RuleCell:
    """A named cell on the Rules sheet. ``option`` is where its value sits in a rules
    object (so an edited value can be carried into a game's ``options``); ``None`` for
    the facts of the deck, which follow from the rules and are not to be edited."""

    name: str
    label: str
    value: int
    option: tuple[str, ...] | None
    row: int


def _rule_cells(rules: RosbiratschkaRules) -> list[tuple[str, str, int, tuple[str, ...] | None]]:
    out: list[tuple[str, str, int, tuple[str, ...] | None]] = []
    counting = [c for c in rules.contracts if c in COUNTED]
    for c in counting:
        key = COUNTED[c]
        what = SINGULAR[key]
        v = rules.counts[c]
        out.append(
            (f"each_{what}", f"{CONTRACT_NAMES[c]}: per {what}", v.each, ("values", c, "each"))
        )
        out.append(
            (
                f"avoided_{what}",
                f"{CONTRACT_NAMES[c]}: × when a player took no {what}",
                v.avoided,
                ("values", c, "avoided"),
            )
        )
    if counting:
        out.append(
            (
                "slam_sign",
                "Slam: −1 the taker scores minus the total, +1 plus",
                -1 if rules.slam == "minus" else 1,
                ("slam",),
            )
        )
    if "king-of-hearts" in rules.contracts and rules.king_of_hearts is not None:
        out.append(
            (
                "king_penalty",
                "King of Hearts: to the K♥'s taker",
                rules.king_of_hearts,
                ("values", "king-of-hearts"),
            )
        )
    if "hundred" in rules.contracts and rules.hundred is not None:
        for key in HUNDRED_KEYS:
            mark = key.removeprefix("past_")
            out.append(
                (
                    f"{key}_penalty",
                    f"Hundred: past {mark}",
                    rules.hundred.of(key),
                    ("values", "hundred", key),
                )
            )
    if "rosbiratschka" in rules.contracts and rules.last is not None:
        out.append(
            (
                "last_penalty",
                "Rosbiratschka: left holding cards",
                rules.last,
                ("values", "rosbiratschka"),
            )
        )
    out += [
        ("n_players", "players", rules.players, None),
        ("tricks_in_deal", "tricks in a deal", rules.tricks_per_deal, None),
        ("hearts_in_deck", "hearts in the deck", rules.count_in_deck(suit="H"), None),
        ("jacks_in_deck", "jacks in the deck", rules.in_deal("no-jacks"), None),
        ("deals_per_game", "deals in a game", rules.deals_per_game, None),
    ]
    return out


class Layout:
    """Where every cell of the workbook sits, for one game's players and rules."""

    def __init__(self, players: Sequence[str], rules: RosbiratschkaRules) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.n = n = len(self.players)
        self.rows = rules.deals_per_game
        self.last = FIRST + self.rows - 1
        self.contracts = tuple(dict.fromkeys(rules.contracts))

        # Results: #, dealer, leads, contract, then one group of inputs per contract.
        self.fields: dict[str, tuple[int, ...]] = {}
        self.groups: list[tuple[str, str, tuple[int, ...], tuple[str, ...]]] = []
        col = 5
        for c in self.contracts:
            if c in COUNTED:
                key = COUNTED[c]
                cols = tuple(range(col, col + n))
                self.fields[key] = cols
                self.groups.append((c, f"{key.capitalize()} taken", cols, self.players))
                col += n
            else:
                keys = RESULT_KEYS[c]
                cols = tuple(range(col, col + len(keys)))
                for k, cc in zip(keys, cols, strict=True):
                    self.fields[k] = (cc,)
                title = {"king-of-hearts": "K♥", "hundred": "Hundred"}.get(c, "Rosbiratschka")
                self.groups.append((c, title, cols, tuple(TAKER_TITLES[k] for k in keys)))
                col += len(keys)
        self.results_width = col - 1

        # Scores: #, dealer, contract, a column per player, sum, should be, check, running.
        self.score_cols = tuple(4 + j for j in range(n))
        self.sum_col = 4 + n
        self.should_col = self.sum_col + 1
        self.ok_col = self.should_col + 1
        self.run_cols = tuple(self.ok_col + 1 + j for j in range(n))
        self.scores_width = self.run_cols[-1]
        self.totals_row = self.last + 1
        self.place_row = self.last + 2
        self.winner_row = self.last + 3
        self.played_row = self.last + 4
        self.note_row = self.last + 6

        # Rules: the stored rules, the players, the rule values and facts, the contracts.
        self.player_rows = tuple(9 + j for j in range(n))
        row = self.player_rows[-1] + 2
        self.values_header = row
        self.facts_header = row
        self.rule_cells: list[RuleCell] = []
        for name, label, value, option in _rule_cells(rules):
            row += 1
            if option is None and not any(r.option is None for r in self.rule_cells):
                row += 1  # a blank row, then the facts of the deck
                self.facts_header = row
                row += 1
            self.rule_cells.append(RuleCell(name, label, value, option, row))
        self.contracts_header = row + 2
        self.contract_rows = {
            c: self.contracts_header + 1 + i for i, c in enumerate(self.contracts)
        }

    def row(self, number: int) -> int:
        return FIRST + number - 1

    def rule(self, name: str) -> RuleCell:
        return next(r for r in self.rule_cells if r.name == name)

    def contract_fields(self, contract: str) -> tuple[int, ...]:
        """The input columns a deal of ``contract`` fills."""
        return tuple(c for k in RESULT_KEYS[contract] for c in self.fields[k])


# -- planning the cells ----------------------------------------------------------------------


def _r(col: int, row: int, sheet: str = "") -> str:
    text = f"${col_letter(col)}{row}"
    return f"{sheet}!{text}" if sheet else text


def _span(cols: Sequence[int], row: int, sheet: str = RESULTS) -> str:
    return f"{sheet}!${col_letter(cols[0])}{row}:${col_letter(cols[-1])}{row}"


def _blank(values: Sequence[Any]) -> bool:
    return all(v is None or v == "" for v in values)


class Plan:
    """Every cell to write, with the library's value for every formula."""

    def __init__(
        self,
        record: Mapping[str, Any],
        layout: Layout,
        scored: Mapping[int, DealScore],
        played: int,
        complete: bool,
    ) -> None:
        self.layout = layout
        self.cells: list[Cell] = []
        self.merges: list[tuple[str, int, int, int]] = []
        self.record = record
        self.scored = scored
        self.played = played
        self.complete = complete
        self._rules_sheet()
        self._results_sheet()
        self._scores_sheet()

    def put(
        self,
        sheet: str,
        row: int,
        col: int,
        value: Value,
        formula: str | None = None,
        style: str = "",
        label: str = "",
        deal: int | None = None,
    ) -> None:
        self.cells.append(Cell(sheet, row, col, value, formula, style, label, deal))

    def formulas(self) -> list[Cell]:
        return [c for c in self.cells if c.formula is not None]

    # -- Rules ---------------------------------------------------------------------------

    def _rules_sheet(self) -> None:
        lay, rules, rec = self.layout, self.layout.rules, self.record
        put = self.put
        put(
            RULES,
            1,
            1,
            "Rosbiratschka — rules (green cells: change a value and the sheet follows)",
            style="title",
        )
        stated = rec["rules"]
        options = rec.get("options")
        stored: list[tuple[str, Value]] = [
            ("format", FORMAT),
            ("version", VERSION),
            ("game", GAME),
            ("rules", stated if isinstance(stated, str) else json.dumps(stated)),
            ("options", json.dumps(options) if options else ""),
        ]
        for row, (label, value) in enumerate(stored, start=2):
            put(RULES, row, 1, label, style="label")
            put(RULES, row, 2, value, style="fixed")
        put(RULES, 8, 1, "Players (seating order; player 1 deals first)", style="header")
        put(RULES, 8, 2, "name", style="header")
        for j, p in enumerate(lay.players):
            put(RULES, lay.player_rows[j], 1, f"player {j + 1}", style="label")
            put(RULES, lay.player_rows[j], 2, p, style="fixed")
        put(RULES, lay.values_header, 1, "Rule values (penalty points)", style="header")
        put(RULES, lay.values_header, 2, "value", style="header")
        put(RULES, lay.facts_header, 1, "The deck and the game (facts)", style="header")
        put(RULES, lay.facts_header, 2, "value", style="header")
        for rc in lay.rule_cells:
            put(RULES, rc.row, 1, rc.label, style="label")
            put(RULES, rc.row, 2, rc.value, style="rule" if rc.option else "fixed")
        head = lay.contracts_header
        for col, title in enumerate(
            ["Contracts, in order", "name", "total", "doubled", "slam"], start=1
        ):
            put(RULES, head, col, title, style="header")
        for c, row in lay.contract_rows.items():
            put(RULES, row, 1, c, style="fixed")
            put(RULES, row, 2, CONTRACT_NAMES[c], style="fixed")
            label = f"Rules: {c} total"
            if c in COUNTED:
                key = COUNTED[c]
                what = SINGULAR[key]
                put(
                    RULES,
                    row,
                    3,
                    rules.base_total(c),
                    f"each_{what}*{IN_DECK[key]}",
                    "check",
                    label,
                )
                put(
                    RULES,
                    row,
                    4,
                    rules.doubled_total(c),
                    f"total_{_id(c)}*avoided_{what}",
                    "check",
                    f"Rules: {c} doubled total",
                )
                put(
                    RULES,
                    row,
                    5,
                    rules.slam_score(c),
                    f"slam_sign*total_{_id(c)}",
                    "check",
                    f"Rules: {c} slam",
                )
            else:
                formula = {
                    "king-of-hearts": "king_penalty",
                    "hundred": "past_25_penalty+past_50_penalty+past_100_penalty",
                    "rosbiratschka": "last_penalty",
                }[c]
                put(RULES, row, 3, rules.base_total(c), formula, "check", label)

    # -- Results -------------------------------------------------------------------------

    def _results_sheet(self) -> None:
        lay = self.layout
        put = self.put
        put(
            RESULTS,
            1,
            1,
            "What the table reports (yellow cells); a blank count is 0",
            style="title",
        )
        for col, title in enumerate(["#", "dealer", "leads", "contract"], start=1):
            put(RESULTS, 2, col, "", style="header")
            put(RESULTS, 3, col, title, style="header")
        for _c, title, cols, subtitles in lay.groups:
            put(RESULTS, 2, cols[0], title, style="header")
            for cc in cols[1:]:
                put(RESULTS, 2, cc, "", style="header")
            if len(cols) > 1:
                self.merges.append((RESULTS, 2, cols[0], cols[-1]))
            for cc, sub in zip(cols, subtitles, strict=True):
                put(RESULTS, 3, cc, sub, style="header")
        deals = self.record.get("deals") or []
        for number in range(1, lay.rows + 1):
            row = lay.row(number)
            contract = lay.rules.contract_of(number)
            a = _r(1, row)
            put(RESULTS, row, 1, number, style="deal")
            put(
                RESULTS,
                row,
                2,
                dealer_of(lay.players, number),
                f"INDEX(players,MOD({a}-1,n_players)+1)",
                "fixed",
                f"deal {number}, dealer",
                number,
            )
            put(
                RESULTS,
                row,
                3,
                leader_of(lay.players, number),
                f"INDEX(players,MOD({a},n_players)+1)",
                "fixed",
                f"deal {number}, leads",
                number,
            )
            put(
                RESULTS,
                row,
                4,
                contract,
                f"INDEX(contracts,MOD({a}-1,ROWS(contracts))+1)",
                "fixed",
                f"deal {number}, contract",
                number,
            )
            inputs = result_inputs(lay, deals[number - 1]) if number <= len(deals) else {}
            mine = set(lay.contract_fields(contract))
            for col in range(5, lay.results_width + 1):
                style = "input" if col in mine else "unused"
                put(RESULTS, row, col, inputs.get(col), style=style)

    # -- Scores --------------------------------------------------------------------------

    def _scores_sheet(self) -> None:
        lay, rules = self.layout, self.layout.rules
        put = self.put
        title = f"Rosbiratschka — {', '.join(lay.players)} — rules {rules.name}: lowest total wins"
        put(SCORES, 1, 1, title, style="title")
        heads = {
            1: "#",
            2: "dealer",
            3: "contract",
            lay.sum_col: "Σ",
            lay.should_col: "should be",
            lay.ok_col: "ok",
        }
        for col, text in heads.items():
            put(SCORES, 2, col, "", style="header")
            put(SCORES, 3, col, text, style="header")
        put(SCORES, 2, lay.score_cols[0], "Penalty points", style="header")
        put(SCORES, 2, lay.run_cols[0], "Running totals", style="header")
        for group in (lay.score_cols, lay.run_cols):
            for cc in group[1:]:
                put(SCORES, 2, cc, "", style="header")
            if len(group) > 1:
                self.merges.append((SCORES, 2, group[0], group[-1]))
        for j, p in enumerate(lay.players):
            put(SCORES, 3, lay.score_cols[j], p, style="header")
            put(SCORES, 3, lay.run_cols[j], p, style="header")
        running = dict.fromkeys(lay.players, 0)
        broken = False
        for number in range(1, lay.rows + 1):
            row = lay.row(number)
            deal = self.scored.get(number)
            played = number <= self.played
            broken = broken or (played and deal is None)
            self._score_row(number, row, deal)
            for j, p in enumerate(lay.players):
                col = lay.score_cols[j]
                letter = col_letter(col)
                if deal is not None:
                    running[p] += deal.score[p]
                value: Value = running[p] if deal is not None and not broken else ""
                put(
                    SCORES,
                    row,
                    lay.run_cols[j],
                    value,
                    f'IF({_r(col, row)}="","",SUM({letter}${FIRST}:{letter}{row}))',
                    "running",
                    f"deal {number}, {p}, running total",
                    number,
                )
        self._totals(running, broken)

    def _score_row(self, number: int, row: int, deal: DealScore | None) -> None:
        lay, rules = self.layout, self.layout.rules
        put = self.put
        contract = rules.contract_of(number)
        put(SCORES, row, 1, number, style="deal")
        put(
            SCORES,
            row,
            2,
            dealer_of(lay.players, number),
            f"{RESULTS}!{_r(2, row)}",
            "fixed",
            f"deal {number}, dealer",
            number,
        )
        put(
            SCORES,
            row,
            3,
            contract,
            f"{RESULTS}!{_r(4, row)}",
            "fixed",
            f"deal {number}, contract",
            number,
        )
        cid = _id(contract)
        if contract in COUNTED:
            key = COUNTED[contract]
            what = SINGULAR[key]
            cols = lay.fields[key]
            span = _span(cols, row)
            k = IN_DECK[key]
            for j, p in enumerate(lay.players):
                cell = f"{RESULTS}!{_r(cols[j], row)}"
                formula = (
                    f'IF(COUNT({span})=0,"",IF(MAX({span})={k},IF({cell}={k},slam_{cid},0),'
                    f'{cell}*each_{what}*IF(COUNTIF({span},">0")<n_players,avoided_{what},1)))'
                )
                self._player_score(number, row, j, p, deal, formula)
            should = (
                f'IF(COUNT({span})=0,"",IF(MAX({span})={k},slam_{cid},'
                f'IF(COUNTIF({span},">0")<n_players,doubled_{cid},total_{cid})))'
            )
            ok_extra = f"SUM({span})={k},"
        else:
            keys = RESULT_KEYS[contract]
            refs = [f"{RESULTS}!{_r(lay.fields[key][0], row)}" for key in keys]
            empty = (
                refs[0] + '=""'
                if len(refs) == 1
                else "AND(" + ",".join(f'{x}=""' for x in refs) + ")"
            )
            for j, p in enumerate(lay.players):
                parts = [
                    f"IF(EXACT({x},player_{j + 1}),{TAKER_PENALTY[key]},0)"
                    for x, key in zip(refs, keys, strict=True)
                ]
                formula = f'IF({empty},"",{"+".join(parts)})'
                self._player_score(number, row, j, p, deal, formula)
            should = f'IF({empty},"",total_{cid})'
            ok_extra = ""
        first, last = col_letter(lay.score_cols[0]), col_letter(lay.score_cols[-1])
        put(
            SCORES,
            row,
            lay.sum_col,
            deal.total if deal else "",
            f'IF(COUNT({first}{row}:{last}{row})=0,"",SUM({first}{row}:{last}{row}))',
            "check",
            f"deal {number}, sum of the row",
            number,
        )
        put(
            SCORES,
            row,
            lay.should_col,
            expected_total(rules, deal) if deal else "",
            should,
            "check",
            f"deal {number}, what the row should add up to",
            number,
        )
        s, e = _r(lay.sum_col, row), _r(lay.should_col, row)
        put(
            SCORES,
            row,
            lay.ok_col,
            OK if deal else "",
            f'IF({s}="","",IF(AND({ok_extra}{s}={e}),"{OK}","{BAD}"))',
            "ok",
            f"deal {number}, check",
            number,
        )

    def _player_score(
        self, number: int, row: int, j: int, player: str, deal: DealScore | None, formula: str
    ) -> None:
        self.put(
            SCORES,
            row,
            self.layout.score_cols[j],
            deal.score[player] if deal else "",
            formula,
            "score",
            f"deal {number}, {player}, score",
            number,
        )

    def _totals(self, running: dict[str, int], broken: bool) -> None:
        lay = self.layout
        put = self.put
        tot, place, win, played = lay.totals_row, lay.place_row, lay.winner_row, lay.played_row
        put(SCORES, tot, 3, "TOTAL", style="total_label")
        put(SCORES, place, 3, "place", style="label")
        put(SCORES, win, 3, "lowest wins", style="label")
        put(SCORES, played, 3, "deals played", style="label")
        first, last = col_letter(lay.score_cols[0]), col_letter(lay.score_cols[-1])
        all_totals = f"${first}${tot}:${last}${tot}"
        sums = f"${col_letter(lay.sum_col)}${FIRST}:${col_letter(lay.sum_col)}${lay.last}"
        known = not broken
        lowest = min(running.values()) if running else 0
        for j, p in enumerate(lay.players):
            col = col_letter(lay.score_cols[j])
            put(
                SCORES,
                tot,
                lay.score_cols[j],
                running[p] if known else "",
                f"SUM({col}{FIRST}:{col}{lay.last})",
                "total",
                f"total, {p}",
            )
            put(
                SCORES,
                place,
                lay.score_cols[j],
                1 + sum(1 for q in lay.players if running[q] < running[p]) if known else "",
                f"RANK({col}{tot},{all_totals},1)",
                "place",
                f"place, {p}",
            )
            put(
                SCORES,
                win,
                lay.score_cols[j],
                WINNER if known and self.complete and running[p] == lowest else "",
                f'IF(AND(COUNT({sums})=deals_per_game,{col}{tot}=MIN({all_totals})),"{WINNER}","")',
                "winner",
                f"winner, {p}",
            )
        put(
            SCORES,
            tot,
            lay.sum_col,
            sum(running.values()) if known else "",
            f"SUM({sums})",
            "total",
            "total of the sums",
        )
        put(
            SCORES,
            played,
            lay.score_cols[0],
            self.played if known else "",
            f"COUNT({sums})",
            "place",
            "deals played",
        )
        notes = (
            "Penalty points: the lowest total wins. In No Tricks, No Hearts and No Jacks every "
            "one taken counts double when a player took none,",
            "unless one player took them all (a slam). ✗: the row does not add up (the counts, "
            "or what the table reported).",
        )
        for k, text in enumerate(notes):
            put(SCORES, lay.note_row + k, 1, text, style="note")


def result_inputs(layout: Layout, deal: Mapping[str, Any]) -> dict[int, Value]:
    """The Results cells (column → value) a deal of the game file fills."""
    out: dict[int, Value] = {}
    result = deal.get("result") or {}
    for key, value in result.items():
        if value is None or key not in layout.fields:
            continue
        cols = layout.fields[key]
        if isinstance(value, dict):
            for j, p in enumerate(layout.players):
                if p in value:
                    out[cols[j]] = value[p]
        else:
            out[cols[0]] = str(value)
    return out


def plan_workbook(record: Mapping[str, Any], score: GameScore) -> Plan:
    """The cells of a valid game's workbook."""
    layout = Layout(record["players"], score.rules)
    scored = {d.number: d for d in score.deals}
    return Plan(record, layout, scored, len(score.deals), score.complete)


# -- writing ---------------------------------------------------------------------------------


def export_workbook(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The workbook of a game file, as the bytes of an ``.xlsx`` file.

    Raises :class:`ScoresheetError` if the game does not score (as ``score`` would).
    """
    return render(record, score_game(record), paper=paper)


def blank_workbook(
    players: Sequence[str], rules: str | Mapping[str, Any] = GAME, *, paper: str = "a4"
) -> bytes:
    """A workbook with no deals: the sheet a table prints, or fills in on a tablet."""
    from scoresheet import record as rec

    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": rules if isinstance(rules, str) else dict(rules),
        "players": list(players),
        "deals": [],
    }
    game = rec.from_data(data, source="blank sheet")
    return render(game, score_game(game), paper=paper)


def render(record: Mapping[str, Any], score: GameScore, *, paper: str = "a4") -> bytes:
    """Write the planned cells with openpyxl, then cache the library's values."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    for name in record["players"]:
        if ILLEGAL_CHARACTERS_RE.search(name):
            raise ScoresheetError(
                f"players: {name!r} holds a control character, which a workbook cannot hold"
            )
    plan = plan_workbook(record, score)
    wb = _workbook(plan)
    rows = range(FIRST, plan.layout.last + 1)
    hand = {SCORES: rows, RESULTS: rows} if not score.deals else None
    return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)


def _workbook(plan: Plan) -> Workbook:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.workbook.defined_name import DefinedName

    from scoresheet.sheets.games import category

    lay = plan.layout
    wb = Workbook()
    wb.properties.category = category(GAME)
    wb.properties.title = "Rosbiratschka score sheet"
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets: dict[str, Worksheet] = {SCORES: first}
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)

    thin = Side(style="thin", color="BFBFBF")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    font = Font(name="Arial", size=10)
    bold = Font(name="Arial", size=10, bold=True)
    center = Alignment(horizontal="center")
    styles: dict[str, dict[str, Any]] = {
        "title": {"font": Font(name="Arial", size=12, bold=True)},
        "header": {
            "font": bold,
            "fill": PatternFill("solid", fgColor=HEADER_FILL),
            "alignment": Alignment(horizontal="center", vertical="center", wrap_text=True),
            "border": box,
        },
        "input": {
            "font": font,
            "fill": PatternFill("solid", fgColor=INPUT_FILL),
            "border": box,
            "alignment": center,
        },
        "unused": {"font": font, "fill": PatternFill("solid", fgColor=UNUSED_FILL), "border": box},
        "rule": {"font": font, "fill": PatternFill("solid", fgColor=RULE_FILL), "border": box},
        "fixed": {"font": font, "border": box},
        "deal": {"font": font, "border": box, "alignment": center},
        "score": {"font": bold, "border": box, "number_format": SIGNED},
        "running": {
            "font": Font(name="Arial", size=10, color="595959"),
            "border": box,
            "number_format": SIGNED,
        },
        "check": {"font": font, "border": box, "number_format": SIGNED},
        "ok": {"font": font, "border": box, "alignment": center},
        "total": {"font": bold, "border": box, "number_format": SIGNED},
        "place": {"font": font, "border": box, "alignment": center},
        "winner": {"font": bold, "border": box, "alignment": center},
        "total_label": {"font": bold},
        "label": {"font": font},
        "note": {"font": Font(name="Arial", size=9, italic=True, color="595959")},
        "": {"font": font, "border": box},
    }
    write_cells(sheets, plan.cells, styles)
    for sheet, row, c1, c2 in plan.merges:
        sheets[sheet].merge_cells(start_row=row, start_column=c1, end_row=row, end_column=c2)

    def name(key: str, target: str) -> None:
        wb.defined_names[key] = DefinedName(key, attr_text=target)

    for rc in lay.rule_cells:
        name(rc.name, f"{RULES}!$B${rc.row}")
    for j, row in enumerate(lay.player_rows):
        name(f"player_{j + 1}", f"{RULES}!$B${row}")
    name("players", f"{RULES}!$B${lay.player_rows[0]}:$B${lay.player_rows[-1]}")
    rows = list(lay.contract_rows.values())
    name("contracts", f"{RULES}!$A${rows[0]}:$A${rows[-1]}")
    for c, row in lay.contract_rows.items():
        name(f"total_{_id(c)}", f"{RULES}!$C${row}")
        if c in COUNTED:
            name(f"doubled_{_id(c)}", f"{RULES}!$D${row}")
            name(f"slam_{_id(c)}", f"{RULES}!$E${row}")

    _validations(sheets, lay)
    _conditional_formats(sheets, lay)
    _widths(sheets, plan)
    _print_setup(sheets)
    return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    res = sheets[RESULTS]
    for key, cols in lay.fields.items():
        if key in IN_DECK:
            contract = next(c for c, k in COUNTED.items() if k == key)
            top = lay.rules.in_deal(contract)
            dv = DataValidation(
                type="whole",
                operator="between",
                formula1="0",
                formula2=str(top),
                allow_blank=True,
                error=f"A whole number from 0 to {top}.",
            )
        else:
            dv = DataValidation(
                type="list", formula1="players", allow_blank=True, error="Pick a player."
            )
        dv.showErrorMessage = True
        for number in range(1, lay.rows + 1):
            if key in RESULT_KEYS[lay.rules.contract_of(number)]:
                row = lay.row(number)
                dv.add(f"{col_letter(cols[0])}{row}:{col_letter(cols[-1])}{row}")
        res.add_data_validation(dv)
    rules = sheets[RULES]
    for rc in lay.rule_cells:
        if rc.option is None:
            continue
        if rc.name == "slam_sign":
            dv = DataValidation(type="list", formula1='"-1,1"', allow_blank=False)
        else:
            dv = DataValidation(type="whole", operator="between", formula1="-1000", formula2="1000")
        dv.showErrorMessage = True
        dv.add(f"B{rc.row}")
        rules.add_data_validation(dv)


def _conditional_formats(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.formatting.rule import CellIsRule as _CellIsRule
    from openpyxl.formatting.rule import FormulaRule as _FormulaRule
    from openpyxl.styles import PatternFill

    FormulaRule = cast("Callable[..., Rule]", _FormulaRule)
    CellIsRule = cast("Callable[..., Rule]", _CellIsRule)

    red = PatternFill("solid", fgColor=RED_FILL, bgColor=RED_FILL)
    green = PatternFill("solid", fgColor=WINNER_FILL, bgColor=WINNER_FILL)
    scores = sheets[SCORES]
    ok = col_letter(lay.ok_col)
    s, e = col_letter(lay.sum_col), col_letter(lay.ok_col)
    scores.conditional_formatting.add(
        f"{s}{FIRST}:{e}{lay.last}",
        FormulaRule(formula=[f'${ok}{FIRST}="{BAD}"'], fill=red),
    )
    first, last = col_letter(lay.score_cols[0]), col_letter(lay.score_cols[-1])
    scores.conditional_formatting.add(
        f"{first}{lay.winner_row}:{last}{lay.winner_row}",
        CellIsRule(operator="equal", formula=[f'"{WINNER}"'], fill=green),
    )


def _widths(sheets: dict[str, Worksheet], plan: Plan) -> None:
    widths: dict[tuple[str, int], float] = {}
    merged = {(s, r, c) for s, r, c1, c2 in plan.merges for c in range(c1, c2 + 1)}
    for cell in plan.cells:
        if (
            cell.style in ("title", "note", "total_label")
            or (cell.sheet, cell.row, cell.col) in merged
        ):
            continue
        text = "" if cell.value is None else str(cell.value)
        longest = min(len(text), 14) if cell.style == "header" else len(text)
        key = (cell.sheet, cell.col)
        widths[key] = max(widths.get(key, 5.0), min(longest * 1.1 + 2, 48))
    for (sheet, col), width in widths.items():
        sheets[sheet].column_dimensions[col_letter(col)].width = width
    sheets[SCORES].column_dimensions["A"].width = 5
    sheets[RESULTS].column_dimensions["A"].width = 5


def _print_setup(sheets: dict[str, Worksheet]) -> None:
    panes = {SCORES: "D4", RESULTS: "E4", RULES: None}
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "2:3",
            landscape=True,
        )


# -- reading back: audit and import ----------------------------------------------------------


def _load(data: bytes, name: str) -> dict[str, Sheet]:
    """The three sheets' cells, read twice: formulas and inputs, then the saved values."""
    from scoresheet.sheets.audit import read_sheets

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


def _integer(value: Any) -> int | None:
    """A whole number of any sign typed in a cell (``-1``, ``8.0``, ``"-1"``)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("+-").isdigit():
            return int(text)
    return None


def _text(value: Any) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def read_book(data: bytes, name: str, report: Report) -> Book:
    """The game a workbook's inputs hold, with a finding for each input that is wrong."""
    from scoresheet.rules import merge_options
    from scoresheet.sheets.audit import check_player_names, show_value, whole_number

    sheets = _load(data, name)
    rules_sheet = sheets[RULES]
    if rules_sheet.value(2, 2) != FORMAT or rules_sheet.value(4, 2) != GAME:
        raise ScoresheetError(
            f"{name}: not a Rosbiratschka workbook written by scoresheet "
            f'(Rules!B2 should say "{FORMAT}", Rules!B4 "{GAME}")'
        )
    version = whole_number(rules_sheet.value(3, 2))
    if version is None or version > VERSION:
        raise ScoresheetError(
            f"{name}: written by a newer scoresheet (workbook version {version}); "
            f"this one reads up to version {VERSION}"
        )
    spec, options_text = rules_sheet.value(5, 2), rules_sheet.value(6, 2)
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged") from None
    if not isinstance(stated, str | dict) or not isinstance(options, dict):
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged")
    rules = resolve(stated, options or None, "rosbiratschka")
    layout = Layout(["?"] * rules.players, rules)
    players: list[str] = []
    for j, row in enumerate(layout.player_rows):
        got = rules_sheet.value(row, 2)
        if not isinstance(got, str) or not got.strip():
            raise ScoresheetError(f"{name}: Rules!B{row} should hold the name of player {j + 1}")
        players.append(got)
    check_player_names(players, name)
    if len(set(players)) != len(players):
        raise ScoresheetError(f"{name}: the Rules sheet names a player twice")
    layout = Layout(players, rules)
    for sheet, col, want in ((RESULTS, 4, "contract"), (SCORES, 3, "contract")):
        if sheets[sheet].value(3, col) != want:
            raise ScoresheetError(
                f"{name}: {sheet}!{col_letter(col)}3 should say {want!r}: the sheet's "
                "columns were moved"
            )

    bad: set[int] = set()

    def fail(
        sheet: str, row: int, col: int, deal: int | None, what: str, msg: str, blocking: bool = True
    ) -> None:
        report.add(deal, f"{sheet}!{col_letter(col)}{row}", what, msg, blocking)
        if deal is not None:
            bad.add(deal)

    # Rule values changed in the sheet become the game's options.
    overrides: dict[str, Any] = {}
    changed: list[str] = []
    for rc in layout.rule_cells:
        got = rules_sheet.value(rc.row, 2)
        number = _integer(got)
        if number is None:
            fail(RULES, rc.row, 2, None, rc.label, f"{show_value(got)} is not a whole number")
            continue
        if number == rc.value:
            continue
        if rc.option is None:
            fail(
                RULES,
                rc.row,
                2,
                None,
                rc.label,
                f"{number}, the deck gives {rc.value}: a fact of these rules, "
                "not a value to change",
                blocking=False,
            )
            continue
        if rc.option == ("slam",):
            if number not in (-1, 1):
                fail(RULES, rc.row, 2, None, rc.label, f"{number}: the slam sign is -1 or 1")
                continue
            value: Any = "minus" if number < 0 else "plus"
        else:
            value = number
        fail(
            RULES,
            rc.row,
            2,
            None,
            rc.label,
            f"{number}, the rules {_rules_name(stated)} give {rc.value}",
            blocking=False,
        )
        changed.append(rc.label)
        node = overrides
        for part in rc.option[:-1]:
            node = node.setdefault(part, {})
        node[rc.option[-1]] = value
    for c, row in layout.contract_rows.items():
        got = rules_sheet.value(row, 1)
        if got != c:
            fail(
                RULES,
                row,
                1,
                None,
                "contracts",
                f"{show_value(got)}: the contracts of these rules come in the order "
                f"{', '.join(layout.contracts)}",
                blocking=False,
            )
    if overrides:
        options = merge_options(options, overrides)
        try:
            rules = resolve(stated, options, "rosbiratschka")
        except ScoresheetError as exc:
            raise ScoresheetError(f"{name}: the rule values in the Rules sheet: {exc}") from None
        layout = Layout(players, rules)

    results = sheets[RESULTS]
    deals: list[dict[str, Any]] = []
    empty_from: int | None = None
    for number in range(1, layout.rows + 1):
        row = layout.row(number)
        contract = rules.contract_of(number)
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
                f"deal {number}, {owner}",
                f"deal {number} is {contract}: this cell is not one of its inputs",
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
                f"deal {number}",
                f"deal {empty_from} is not filled in, but deal {number} is: "
                "deals are filled in order",
            )
            continue
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
                            f"deal {number}, {p}, {key}",
                            f"{show_value(raw)} is not a whole number of 0 or more",
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
                        f"deal {number}, {key}",
                        f"{show_value(who)} is not a player's name as the Rules sheet writes "
                        f"it ({', '.join(players)})",
                    )
                    continue
                result[key] = who
        deals.append({"contract": contract, "result": result})
    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    record["deals"] = deals
    return Book(record, layout, sheets, bad, tuple(changed))


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
            what, _, message = str(exc).partition(": ")
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
    from scoresheet.sheets.audit import after_broken, compare_cells

    lay = book.layout
    scored = {d.number: d for d in score.deals}
    played = len(book.record["deals"])
    plan = Plan(book.record, lay, scored, played, score.complete)
    compare_cells(report, plan.formulas(), book.sheets, skip=after_broken(broken))


def audit_workbook_bytes(data: bytes, name: str) -> Report:
    """Audit a workbook's bytes (already passed through :mod:`scoresheet.sheets.safety`)."""
    from scoresheet.sheets.audit import Report

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
    from scoresheet import record as rec
    from scoresheet.sheets.audit import Report

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
    from scoresheet.sheets.audit import Report

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
            f"these rules are for {rules.players} players, the game has {len(players)}",
        )
        return report
    deals = record.get("deals") or []
    if len(deals) > rules.deals_per_game:
        report.add(
            len(deals), None, "deals", f"the game is complete after {rules.deals_per_game} deals"
        )
        return report
    book = Book(dict(record), Layout(players, rules), {}, set())
    score, _ = _score_each(report, book)
    report.score = cast("Any", score)
    for v in score.violations:
        report.add(v.deal, None, f"deal {v.deal}", v.message)
    return report


__all__ = [
    "audit_game",
    "audit_workbook_bytes",
    "blank_workbook",
    "export_workbook",
    "import_workbook_bytes",
    "plan_workbook",
]
