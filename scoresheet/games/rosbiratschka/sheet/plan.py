"""What every cell of a Rosbiratschka workbook holds: the inputs of each deal, and each
computed cell's formula with the value the library computes for it.

Export writes the plan (:mod:`.render`); audit compares a workbook with it
(:mod:`.audit`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.games.rosbiratschka.rules import COUNTED, RESULT_KEYS
from scoresheet.games.rosbiratschka.rules import title as contract_title
from scoresheet.games.rosbiratschka.score import (
    DealScore,
    GameScore,
    dealer_of,
    expected_total,
    leader_of,
)
from scoresheet.games.rosbiratschka.sheet.layout import (
    BAD,
    FIRST,
    FORMAT,
    GAME,
    IN_DECK,
    OK,
    RESULTS,
    RULES,
    SCORES,
    SINGULAR,
    TAKER_PENALTY,
    VERSION,
    WINNER,
    Layout,
    contract_id,
    result_inputs,
)
from scoresheet.i18n import _, pgettext
from scoresheet.sheets.plan import Cell, Value, col_letter


def _r(col: int, row: int, sheet: str = "") -> str:
    text = f"${col_letter(col)}{row}"
    return f"{sheet}!{text}" if sheet else text


def _span(cols: Sequence[int], row: int, sheet: str = RESULTS) -> str:
    return f"{sheet}!${col_letter(cols[0])}{row}:${col_letter(cols[-1])}{row}"


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
            _("Rosbiratschka — rules (green cells: change a value and the sheet follows)"),
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
        put(
            RULES,
            8,
            1,
            pgettext("sheet heading", "Players (seating order; player 1 deals first)"),
            style="header",
        )
        put(RULES, 8, 2, pgettext("sheet heading", "name"), style="header")
        for j, p in enumerate(lay.players):
            put(RULES, lay.player_rows[j], 1, _("player {j}").format(j=j + 1), style="label")
            put(RULES, lay.player_rows[j], 2, p, style="fixed")
        put(
            RULES,
            lay.values_header,
            1,
            pgettext("sheet heading", "Rule values (penalty points)"),
            style="header",
        )
        put(RULES, lay.values_header, 2, pgettext("sheet heading", "value"), style="header")
        put(
            RULES,
            lay.facts_header,
            1,
            pgettext("sheet heading", "The deck and the game (facts)"),
            style="header",
        )
        put(RULES, lay.facts_header, 2, pgettext("sheet heading", "value"), style="header")
        for rc in lay.rule_cells:
            put(RULES, rc.row, 1, _(rc.label), style="label")
            put(RULES, rc.row, 2, rc.value, style="rule" if rc.option else "fixed")
        head = lay.contracts_header
        for col, title in enumerate(
            [
                pgettext("sheet heading", "Contracts, in order"),
                pgettext("sheet heading", "name"),
                pgettext("sheet heading", "total"),
                pgettext("sheet heading", "doubled"),
                pgettext("sheet heading", "slam"),
            ],
            start=1,
        ):
            put(RULES, head, col, title, style="header")
        for c, row in lay.contract_rows.items():
            put(RULES, row, 1, c, style="fixed")
            put(RULES, row, 2, contract_title(c), style="fixed")
            label = _("Rules: {c} total").format(c=c)
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
                    f"total_{contract_id(c)}*avoided_{what}",
                    "check",
                    _("Rules: {c} doubled total").format(c=c),
                )
                put(
                    RULES,
                    row,
                    5,
                    rules.slam_score(c),
                    f"slam_sign*total_{contract_id(c)}",
                    "check",
                    _("Rules: {c} slam").format(c=c),
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
            _("What the table reports (yellow cells); a blank count is 0"),
            style="title",
        )
        for col, title in enumerate(
            [
                "#",
                pgettext("sheet heading", "dealer"),
                pgettext("sheet heading", "leads"),
                pgettext("sheet heading", "contract"),
            ],
            start=1,
        ):
            put(RESULTS, 2, col, "", style="header")
            put(RESULTS, 3, col, title, style="header")
        for _contract, title, cols, subtitles in lay.groups:
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
                _("deal {number}, dealer").format(number=number),
                number,
            )
            put(
                RESULTS,
                row,
                3,
                leader_of(lay.players, number),
                f"INDEX(players,MOD({a},n_players)+1)",
                "fixed",
                _("deal {number}, leads").format(number=number),
                number,
            )
            put(
                RESULTS,
                row,
                4,
                contract,
                f"INDEX(contracts,MOD({a}-1,ROWS(contracts))+1)",
                "fixed",
                _("deal {number}, contract").format(number=number),
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
        title = _("Rosbiratschka — {players} — rules {name}: lowest total wins").format(
            players=", ".join(lay.players), name=rules.name
        )
        put(SCORES, 1, 1, title, style="title")
        heads = {
            1: "#",
            2: pgettext("sheet heading", "dealer"),
            3: pgettext("sheet heading", "contract"),
            lay.sum_col: "Σ",
            lay.should_col: pgettext("sheet heading", "should be"),
            lay.ok_col: pgettext("sheet heading", "ok"),
        }
        for col, text in heads.items():
            put(SCORES, 2, col, "", style="header")
            put(SCORES, 3, col, text, style="header")
        put(
            SCORES,
            2,
            lay.score_cols[0],
            pgettext("sheet heading", "Penalty points"),
            style="header",
        )
        put(SCORES, 2, lay.run_cols[0], pgettext("sheet heading", "Running totals"), style="header")
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
                    _("deal {number}, {player}, running total").format(number=number, player=p),
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
            _("deal {number}, dealer").format(number=number),
            number,
        )
        put(
            SCORES,
            row,
            3,
            contract,
            f"{RESULTS}!{_r(4, row)}",
            "fixed",
            _("deal {number}, contract").format(number=number),
            number,
        )
        cid = contract_id(contract)
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
            _("deal {number}, sum of the row").format(number=number),
            number,
        )
        put(
            SCORES,
            row,
            lay.should_col,
            expected_total(rules, deal) if deal else "",
            should,
            "check",
            _("deal {number}, what the row should add up to").format(number=number),
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
            _("deal {number}, check").format(number=number),
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
            _("deal {number}, {player}, score").format(number=number, player=player),
            number,
        )

    def _totals(self, running: dict[str, int], broken: bool) -> None:
        lay = self.layout
        put = self.put
        tot, place, win, played = lay.totals_row, lay.place_row, lay.winner_row, lay.played_row
        put(SCORES, tot, 3, _("TOTAL"), style="total_label")
        put(SCORES, place, 3, _("place"), style="label")
        put(SCORES, win, 3, _("lowest wins"), style="label")
        put(SCORES, played, 3, _("deals played"), style="label")
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
                _("total, {player}").format(player=p),
            )
            put(
                SCORES,
                place,
                lay.score_cols[j],
                1 + sum(1 for q in lay.players if running[q] < running[p]) if known else "",
                f"RANK({col}{tot},{all_totals},1)",
                "place",
                _("place, {player}").format(player=p),
            )
            put(
                SCORES,
                win,
                lay.score_cols[j],
                WINNER if known and self.complete and running[p] == lowest else "",
                f'IF(AND(COUNT({sums})=deals_per_game,{col}{tot}=MIN({all_totals})),"{WINNER}","")',
                "winner",
                _("winner, {player}").format(player=p),
            )
        put(
            SCORES,
            tot,
            lay.sum_col,
            sum(running.values()) if known else "",
            f"SUM({sums})",
            "total",
            _("total of the sums"),
        )
        put(
            SCORES,
            played,
            lay.score_cols[0],
            self.played if known else "",
            f"COUNT({sums})",
            "place",
            _("deals played"),
        )
        # Translators: two lines of one note, the first ending where the second goes on.
        notes = (
            _(
                "Penalty points: the lowest total wins. In No Tricks, No Hearts and No Jacks "
                "every one taken counts double when a player took none,"
            ),
            _(
                "unless one player took them all (a slam). ✗: the row does not add up (the "
                "counts, or what the table reported)."
            ),
        )
        for k, text in enumerate(notes):
            put(SCORES, lay.note_row + k, 1, text, style="note")


def plan_workbook(record: Mapping[str, Any], score: GameScore) -> Plan:
    """The cells of a valid game's workbook."""
    layout = Layout(record["players"], score.rules)
    scored = {d.number: d for d in score.deals}
    return Plan(record, layout, scored, len(score.deals), score.complete)
