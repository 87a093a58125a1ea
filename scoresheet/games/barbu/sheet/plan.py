"""Every cell of a Barbu workbook: the Rules, Results and Doubles sheets, and the plan.

:func:`plan_workbook` plans all five sheets (see :mod:`scoresheet.games.barbu.sheet.layout`);
the Scores and Obligations sheets are in :mod:`scoresheet.games.barbu.sheet.totals`.
"""

from __future__ import annotations

import json
from math import comb
from typing import TYPE_CHECKING, Any

from scoresheet.games.barbu.contracts import SUIT_KEYS
from scoresheet.games.barbu.poker import ROWS, count_beats, parse_hand
from scoresheet.games.barbu.rules import contract_title
from scoresheet.games.barbu.score import DealScore, GameScore
from scoresheet.games.barbu.sheet.layout import (
    DATA_COL,
    DOUBLES,
    FIRST,
    FORMAT,
    HAND_SEPARATOR,
    MOST_MARK,
    RESULTS,
    RULES,
    SCORES,
    VERSION,
    Layout,
    Plan,
    ResultField,
    add_header,
    add_title,
    deal_columns,
    rules_spec,
)
from scoresheet.games.barbu.sheet.totals import obligations_sheet, scores_sheet
from scoresheet.i18n import _, pgettext
from scoresheet.sheets.plan import Cell, Value, col_letter, ref

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import BarbuDeal
    from scoresheet.models import GameFile


def plan_workbook(record: GameFile, score: GameScore) -> Plan:
    """All the cells of the workbook for a scored game (no deals: a blank sheet)."""
    layout = Layout(record["players"], score.rules)
    plan = Plan(layout)
    _rules_sheet(plan, record)
    _results_sheet(plan, record, score)
    _doubles_sheet(plan, score)
    scores_sheet(plan, score)
    obligations_sheet(plan, score)
    return plan


def _rules_sheet(plan: Plan, record: GameFile) -> None:
    lay = plan.layout
    r = lay.rules
    add_title(plan, RULES, _("Rules: {name}").format(name=r.name))
    plan.add(Cell(RULES, 2, 1, _(r.description), style="note"))
    plan.add(Cell(RULES, 3, 1, _("rotation"), style="label"))
    plan.add(
        Cell(
            RULES,
            3,
            2,
            _("{rotation}; dealer: {dealer}").format(rotation=r.rotation, dealer=r.dealer),
            style="note",
        )
    )
    for rv in lay.rule_values:
        plan.add(Cell(RULES, rv.row, 1, rv.label, style="label"))
        for k, value in enumerate(rv.values):
            plan.add(Cell(RULES, rv.row, 2 + k, value, style="rule", label=rv.label))
    plan.add(
        Cell(
            RULES,
            lay.values_header,
            1,
            pgettext("sheet heading", "Contract values"),
            style="header",
        )
    )
    for k, head in enumerate(
        (
            pgettext("sheet heading", "contract"),
            pgettext("sheet heading", "name"),
            pgettext("sheet heading", "total"),
            pgettext("sheet heading", "largest total"),
            pgettext("sheet heading", "sign"),
        )
    ):
        plan.add(Cell(RULES, lay.contracts_header, 1 + k, head, style="header"))
    for c, row in lay.contract_rows.items():
        total = r.contract_total(c)
        plan.add(Cell(RULES, row, 1, c, style="fixed"))
        plan.add(Cell(RULES, row, 2, contract_title(c), style="fixed"))
        label = _("{c}, total").format(c=c)
        if total is None:
            plan.add(Cell(RULES, row, 3, _("not fixed"), style="fixed"))
            per_game = 3 * comb(lay.n, 2)
            plan.add(
                Cell(
                    RULES,
                    row,
                    4,
                    r.max_total(c),
                    formula=f"v_chinese_poker_beat*{per_game}",
                    label=_("{c}, largest total").format(c=c),
                )
            )
        else:
            plan.add(Cell(RULES, row, 3, total, formula=lay.total_expr(c), label=label))
            plan.add(
                Cell(
                    RULES,
                    row,
                    4,
                    total,
                    formula=f"C{row}",
                    label=_("{c}, largest total").format(c=c),
                )
            )
        plan.add(
            Cell(
                RULES,
                row,
                5,
                "positive" if r.is_positive(c) else "negative",
                formula=f'IF(D{row}>0,"positive","negative")',
                label=_("{c}, sign").format(c=c),
            )
        )
    if "salad" in r.contracts:
        row = max(lay.contract_rows.values()) + 1
        plan.add(
            Cell(RULES, row, 1, "Salad scores all of: " + ", ".join(r.salad_parts), style="note")
        )
    poker = r.values.chinese_poker
    if poker is not None and (poker.scoop or poker.royalties):
        row = max(lay.contract_rows.values()) + 2
        note = _("Chinese Poker: scoop {scoop} beats; royalties {dumps}").format(
            scoop=poker.scoop, dumps=json.dumps(poker.royalties)
        )
        plan.add(Cell(RULES, row, 1, note, style="note"))
    # What audit needs to rebuild the layout: at fixed places, whatever the rules.
    data: list[tuple[str, Value]] = [
        ("format", FORMAT),
        ("version", VERSION),
        ("rules", rules_spec(record)),
        ("options", json.dumps(record.get("options")) if record.get("options") else ""),
    ]
    plan.add(Cell(RULES, 1, DATA_COL, _("workbook data (read by scoresheet audit)"), style="note"))
    for i, (key, stored) in enumerate(data):
        plan.add(Cell(RULES, 2 + i, DATA_COL, key, style="note"))
        plan.add(Cell(RULES, 2 + i, DATA_COL + 1, stored, style="note"))


def result_inputs(lay: Layout, deal: BarbuDeal, scored: DealScore | None) -> dict[int, Value]:
    """The Results inputs of one deal: column → value."""
    out: dict[int, Value] = {4: deal["contract"]}
    res = deal.get("result")
    if res is None:
        return out
    f = lay.fields
    players = lay.players

    def counts(key: str) -> None:
        data: Any = res.get(key)
        if isinstance(data, dict) and key in f:
            for j, p in enumerate(players):
                out[f[key].cols[j]] = data.get(p, 0)

    def one(key: str) -> None:
        value: Any = res.get(key)
        if value is not None and key in f:
            out[f[key].cols[0]] = value

    for key in (
        "tricks",
        "hearts",
        "queens",
    ):
        counts(key)
    for key in (
        "trump",
        "ace_of_hearts",
        "king_of_hearts",
        "second_last",
        "last",
        "start",
    ):
        one(key)
    order = res.get("order")
    if order is not None and "order" in f:
        for col, name in zip(f["order"].cols, order, strict=False):
            out[col] = name
    cards = res.get("cards")
    if cards is not None and "most" in f:
        for p in players:
            suits = cards.get(p, {})
            for col, suit in zip(f[f"cards:{p}"].cols, SUIT_KEYS, strict=True):
                out[col] = suits.get(suit, 0)
    most = res.get("most")
    if most is not None and "most" in f:
        for j, p in enumerate(players):
            if p in most:
                out[f["most"].cols[j]] = MOST_MARK
    if "hands" in f:
        beats = res.get("beats")
        hands = res.get("hands")
        if hands is not None:
            for j, p in enumerate(players):
                rows = hands.get(p, {})
                out[f["hands"].cols[j]] = HAND_SEPARATOR.join(rows.get(r, "") for r in ROWS)
            parsed = {p: parse_hand(*(hands[p][r] for r in ROWS)) for p in players}
            beats = count_beats(parsed)
            poker = lay.rules.values.chinese_poker
            if "bonus" in f and scored is not None and poker is not None:
                for j, p in enumerate(players):
                    extra = scored.base[p] // poker.per_beat - sum(beats[p].values())
                    out[f["bonus"].cols[j]] = extra
        if beats is not None:
            for p in players:
                got = beats.get(p, {})
                for col, row in zip(f[f"beats:{p}"].cols, ROWS, strict=True):
                    out[col] = got.get(row, 0)
    return out


def _results_sheet(plan: Plan, record: GameFile, score: GameScore) -> None:
    lay = plan.layout
    add_title(plan, RESULTS, _("Results: what the table reported"))
    for col, head in enumerate(
        (
            pgettext("sheet heading", "deal"),
            pgettext("sheet heading", "declarer"),
            pgettext("sheet heading", "dealer"),
            pgettext("sheet heading", "contract"),
        ),
        start=1,
    ):
        add_header(plan, RESULTS, 2, col, "")
        add_header(plan, RESULTS, 3, col, head)
    for fld in lay.fields.values():
        add_header(plan, RESULTS, 2, fld.cols[0], fld.title, len(fld.cols))
        for col, sub in zip(fld.cols, fld.subtitles, strict=True):
            add_header(plan, RESULTS, 3, col, sub)
    deal_columns(plan, RESULTS, True)
    inputs: dict[int, dict[int, Value]] = {}
    deals = record.get("deals", [])
    for scored in score.deals:
        inputs[scored.number] = result_inputs(lay, deals[scored.number - 1], scored)
    names = {c: fld for fld in lay.fields.values() for c in fld.cols}
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        values = inputs.get(deal, {})
        for col in range(4, lay.results_width + 1):
            found = names.get(col)
            what = "contract" if found is None else _input_label(lay, found, col)
            plan.add(
                Cell(
                    RESULTS,
                    row,
                    col,
                    values.get(col),
                    style="input",
                    label=_("deal {deal}, {what}").format(deal=deal, what=what),
                    deal=deal,
                )
            )


def _input_label(lay: Layout, fld: ResultField, col: int) -> str:
    sub = fld.subtitles[fld.cols.index(col)]
    if ":" in fld.key:
        kind, player = fld.key.split(":", 1)
        return f"{player}, {kind} {sub}"
    if fld.key in ("tricks", "hearts", "queens", "most", "bonus", "hands"):
        return f"{sub}, {fld.key}"
    if fld.key == "order":
        return _("dominoes, {sub} out").format(sub=sub)
    return fld.key.replace("_", " ")


def _doubles_sheet(plan: Plan, score: GameScore) -> None:
    lay = plan.layout
    players = lay.players
    add_title(
        plan, DOUBLES, _("Doubles: 1 = doubled, 2 = redoubled (in the doubler's row of columns)")
    )
    for col, head in enumerate(
        (
            pgettext("sheet heading", "deal"),
            pgettext("sheet heading", "declarer"),
            pgettext("sheet heading", "contract"),
        ),
        start=1,
    ):
        add_header(plan, DOUBLES, 2, col, "")
        add_header(plan, DOUBLES, 3, col, head)
    for a in range(lay.n):
        cols = [lay.mult_col[(a, b)] for b in range(lay.n) if b != a]
        add_header(
            plan, DOUBLES, 2, cols[0], _("{players} doubles").format(players=players[a]), len(cols)
        )
        cols = [lay.moved_col[(a, b)] for b in range(lay.n) if b != a]
        add_header(
            plan, DOUBLES, 2, cols[0], _("{players} won from").format(players=players[a]), len(cols)
        )
    for (a, b), col in lay.mult_col.items():
        add_header(plan, DOUBLES, 3, col, players[b])
        add_header(plan, DOUBLES, 3, lay.moved_col[(a, b)], players[b])
    deal_columns(plan, DOUBLES, False)
    scored = {d.number: d for d in score.deals}
    index = {p: i for i, p in enumerate(players)}
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        ds = scored.get(deal)
        plan.add(
            Cell(
                DOUBLES,
                row,
                3,
                ds.contract if ds else "",
                formula=f'IF({RESULTS}!$D{row}="","",{RESULTS}!$D{row})',
                style="fixed",
                label=_("deal {deal}, contract").format(deal=deal),
                deal=deal,
            )
        )
        bets = {(index[b.doubler], index[b.doubled]): b for b in ds.bets} if ds else {}
        for (a, b), col in lay.mult_col.items():
            bet = bets.get((a, b))
            what = _("deal {deal}, {players} doubles {players2}").format(
                deal=deal, players=players[a], players2=players[b]
            )
            plan.add(
                Cell(
                    DOUBLES,
                    row,
                    col,
                    bet.multiplier if bet else None,
                    style="input",
                    label=what,
                    deal=deal,
                )
            )
            mult = ref(col, row)
            base_a = ref(lay.score_cols[a][1], row, sheet=SCORES)
            base_b = ref(lay.score_cols[b][1], row, sheet=SCORES)
            plan.add(
                Cell(
                    DOUBLES,
                    row,
                    lay.moved_col[(a, b)],
                    bet.moved if bet else "",
                    formula=f'IF(OR($C{row}="",N({mult})=0),"",{mult}*({base_a}-{base_b}))',
                    label=_("deal {deal}, {players} won from {players2}").format(
                        deal=deal, players=players[a], players2=players[b]
                    ),
                    deal=deal,
                )
            )
    # The ledger: every pair over the game.
    top = lay.ledger_title_row
    plan.add(
        Cell(
            DOUBLES,
            top,
            2,
            _("Doubling ledger: every pair of players over the game"),
            style="title",
        )
    )
    for k, head in enumerate(
        (
            pgettext("sheet heading", "player"),
            pgettext("sheet heading", "against"),
            pgettext("sheet heading", "bets"),
            pgettext("sheet heading", "redoubled"),
            pgettext("sheet heading", "won (+) / lost (−)"),
        )
    ):
        plan.add(Cell(DOUBLES, top + 1, 2 + k, head, style="header"))
    ledger = {pair.players: pair for pair in score.ledger()}
    last = lay.last
    for i, (a, b) in enumerate(lay.ledger_pairs):
        row = lay.ledger_first + i
        pa, pb = players[a], players[b]
        entry = ledger[(pa, pb)]
        ab, ba = _column(lay.mult_col[(a, b)], last), _column(lay.mult_col[(b, a)], last)
        mab, mba = _column(lay.moved_col[(a, b)], last), _column(lay.moved_col[(b, a)], last)
        what = _("ledger, {pa} and {pb}").format(pa=pa, pb=pb)
        plan.add(Cell(DOUBLES, row, 2, pa, style="fixed"))
        plan.add(Cell(DOUBLES, row, 3, pb, style="fixed"))
        plan.add(
            Cell(
                DOUBLES,
                row,
                4,
                entry.bets,
                formula=f'COUNTIF({ab},">0")+COUNTIF({ba},">0")',
                label=_("{what}, bets").format(what=what),
                style="count",
            )
        )
        plan.add(
            Cell(
                DOUBLES,
                row,
                5,
                entry.redoubles,
                formula=f"COUNTIF({ab},2)+COUNTIF({ba},2)",
                label=_("{what}, redoubled").format(what=what),
                style="count",
            )
        )
        plan.add(
            Cell(
                DOUBLES,
                row,
                6,
                entry.net[pa],
                formula=f"SUM({mab})-SUM({mba})",
                label=_("{what}, {pa} won").format(what=what, pa=pa),
            )
        )


def _column(col: int, last: int) -> str:
    """A whole column of deals, fixed: ``$D$4:$D$31``."""
    letter = col_letter(col)
    return f"${letter}${FIRST}:${letter}${last}"
