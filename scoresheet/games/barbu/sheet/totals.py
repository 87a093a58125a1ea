"""The computed sheets of a Barbu workbook: Scores (every deal, the totals, the leader)
and Obligations (how often each player doubled each declarer)."""

from __future__ import annotations

from scoresheet.games.barbu.score import GameScore
from scoresheet.games.barbu.sheet.layout import (
    DOUBLES,
    FIRST,
    OBLIGATIONS,
    RESULTS,
    SCORES,
    Plan,
    add_header,
    add_title,
    deal_columns,
)
from scoresheet.games.barbu.views import paper_doubles
from scoresheet.i18n import _, pgettext
from scoresheet.sheets.plan import NA, Cell, Value, col_letter, ref


def scores_sheet(plan: Plan, score: GameScore) -> None:
    lay = plan.layout
    players = lay.players
    rules = lay.rules
    add_title(
        plan,
        SCORES,
        _("Barbu: {players} (rules: {name})").format(players=", ".join(players), name=rules.name),
    )
    for col, head in enumerate(
        (
            pgettext("sheet heading", "deal"),
            pgettext("sheet heading", "declarer"),
            pgettext("sheet heading", "dealer"),
            pgettext("sheet heading", "contract"),
            pgettext("sheet heading", "split"),
        ),
        start=1,
    ):
        add_header(plan, SCORES, 2, col, "")
        add_header(plan, SCORES, 3, col, head)
    for j, p in enumerate(players):
        cols = lay.score_cols[j]
        add_header(plan, SCORES, 2, cols[0], p, 5)
        for col, head in zip(
            cols,
            (
                pgettext("sheet heading", "doubles"),
                pgettext("sheet heading", "base"),
                "±",
                pgettext("sheet heading", "score"),
                pgettext("sheet heading", "running"),
            ),
            strict=True,
        ):
            add_header(plan, SCORES, 3, col, head)
    add_header(plan, SCORES, 2, lay.check_col, pgettext("sheet heading", "check"), 2)
    add_header(plan, SCORES, 3, lay.check_col, pgettext("sheet heading", "row adds up to"))
    add_header(plan, SCORES, 3, lay.expected_col, pgettext("sheet heading", "contract total"))
    deal_columns(plan, SCORES, True)
    scored = {d.number: d for d in score.deals}
    running = dict.fromkeys(players, 0)
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        ds = scored.get(deal)
        played = ds is not None
        label = _("deal {deal}").format(deal=deal)
        plan.add(
            Cell(
                SCORES,
                row,
                4,
                ds.contract if ds else "",
                formula=f'IF({RESULTS}!$D{row}="","",{RESULTS}!$D{row})',
                style="fixed",
                label=_("{label}, contract").format(label=label),
                deal=deal,
            )
        )
        plan.add(
            Cell(
                SCORES,
                row,
                5,
                ("split" if ds.split else "") if ds else "",
                formula=lay.split_formula(row),
                style="fixed",
                label=_("{label}, split").format(label=label),
                deal=deal,
            )
        )
        paper = paper_doubles(ds, players) if ds else {}
        for j, p in enumerate(players):
            dbl, base, moved, sc, run = lay.score_cols[j]
            if ds:
                running[p] += ds.score[p]
            cells: list[tuple[int, Value, str, str, str]] = [
                (dbl, paper.get(p, ""), lay.paper_formula(j, row), "doubles", "paper"),
                (base, ds.base[p] if ds else "", lay.base_formula(j, row), "base", ""),
                (
                    moved,
                    ds.doubles[p] if ds else "",
                    lay.moved_formula(j, row),
                    "doubles moved",
                    "",
                ),
                (
                    sc,
                    ds.score[p] if ds else "",
                    f'IF($D{row}="","",{col_letter(base)}{row}+{col_letter(moved)}{row})',
                    "score",
                    "score",
                ),
                (
                    run,
                    running[p] if played else NA,
                    f'IF($D{row}="",NA(),SUM({col_letter(sc)}${FIRST}:{col_letter(sc)}{row}))',
                    "running total",
                    "running",
                ),
            ]
            for col, value, formula, what, style in cells:
                plan.add(
                    Cell(
                        SCORES,
                        row,
                        col,
                        value,
                        formula=formula,
                        style=style,
                        label=f"{label}, {p}, {what}",
                        deal=deal,
                    )
                )
        score_refs = ",".join(ref(lay.score_cols[j][3], row, fixed_col=False) for j in range(lay.n))
        base_refs = ",".join(ref(lay.score_cols[j][1], row, fixed_col=False) for j in range(lay.n))
        expected: Value = ""
        if ds:
            fixed = rules.contract_total(ds.contract)
            expected = fixed if fixed is not None else sum(ds.base.values())
        lookup = f"INDEX(c_total,MATCH($D{row},contracts,0))"
        plan.add(
            Cell(
                SCORES,
                row,
                lay.check_col,
                ds.total if ds else "",
                formula=f'IF($D{row}="","",SUM({score_refs}))',
                style="check",
                label=_("{label}, check").format(label=label),
                deal=deal,
            )
        )
        plan.add(
            Cell(
                SCORES,
                row,
                lay.expected_col,
                expected,
                formula=f'IF($D{row}="","",IF(ISNUMBER({lookup}),{lookup},SUM({base_refs})))',
                style="check",
                label=_("{label}, contract total").format(label=label),
                deal=deal,
            )
        )
    tr = lay.totals_row
    plan.add(Cell(SCORES, tr, 4, _("Total"), style="total_label"))
    totals = []
    for j, p in enumerate(players):
        letter = col_letter(lay.score_cols[j][3])
        cell = plan.add(
            Cell(
                SCORES,
                tr,
                lay.score_cols[j][3],
                score.totals[p],
                formula=f"SUM({letter}{FIRST}:{letter}{lay.last})",
                style="total",
                label=_("total, {player}").format(player=p),
            )
        )
        totals.append(cell.ref)
    plan.add(
        Cell(
            SCORES,
            tr,
            lay.check_col,
            sum(score.totals.values()),
            formula=f"SUM({','.join(totals)})",
            style="total",
            label=_("total of the totals"),
        )
    )
    plan.add(Cell(SCORES, lay.leader_row, 4, _("Leader"), style="total_label"))
    top = max(score.totals.values()) if score.deals else 0
    leader = ", ".join(p for p in players if score.totals[p] == top) if score.deals else ""
    scores_all = ",".join(
        f"{col_letter(lay.score_cols[j][3])}{FIRST}:{col_letter(lay.score_cols[j][3])}{lay.last}"
        for j in range(lay.n)
    )
    best = f"MAX({','.join(totals)})"
    names = "&".join(f'IF({t}={best},", "&{lay._player(j)},"")' for j, t in enumerate(totals))
    plan.add(
        Cell(
            SCORES,
            lay.leader_row,
            lay.score_cols[0][0],
            leader,
            formula=f'IF(COUNT({scores_all})=0,"",MID({names},3,1000))',
            style="leader",
            label=_("leader"),
        )
    )


def obligations_sheet(plan: Plan, score: GameScore) -> None:
    lay = plan.layout
    players = lay.players
    rules = lay.rules
    required = rules.doubling.min_declarer_doubles
    add_title(plan, OBLIGATIONS, _("Obligations: how many times each player doubled each declarer"))
    plan.add(
        Cell(
            OBLIGATIONS,
            2,
            1,
            _(
                "Each player must double each declarer at least {required} times during the "
                "declarer's deals (redoubles do not count). Red: short at the end of the "
                "declarer's deals; yellow: still owed."
            ).format(required=required),
            style="note",
        )
    )
    for col, head in enumerate(
        (
            pgettext("sheet heading", "declarer"),
            pgettext("sheet heading", "deals declared"),
            pgettext("sheet heading", "required"),
        ),
        start=1,
    ):
        add_header(plan, OBLIGATIONS, 3, col, head)
    for q, p in enumerate(players):
        add_header(plan, OBLIGATIONS, 3, lay.ob_first_col + q, _("by {player}").format(player=p))
    last = lay.last
    for d, declarer in enumerate(players):
        row = FIRST + d
        plan.add(Cell(OBLIGATIONS, row, 1, declarer, style="fixed"))
        decl_range = f"{RESULTS}!$B${FIRST}:$B${last}"
        contract_range = f"{RESULTS}!$D${FIRST}:$D${last}"
        plan.add(
            Cell(
                OBLIGATIONS,
                row,
                2,
                len(score.declared.get(declarer, ())),
                formula=f'SUMPRODUCT(EXACT({decl_range},$A{row})*({contract_range}<>""))',
                style="count",  # a count, not a score: 7, never +7
                label=_("{declarer}, deals declared").format(declarer=declarer),
            )
        )
        plan.add(
            Cell(
                OBLIGATIONS,
                row,
                3,
                required,
                formula="min_declarer_doubles",
                style="count",
                label=_("{declarer}, required").format(declarer=declarer),
            )
        )
        for q, doubler in enumerate(players):
            col = lay.ob_first_col + q
            if q == d:
                plan.add(Cell(OBLIGATIONS, row, col, "—", style="fixed"))
                continue
            c = col_letter(lay.mult_col[(q, d)])
            mults = f"{DOUBLES}!${c}${FIRST}:${c}${last}"
            plan.add(
                Cell(
                    OBLIGATIONS,
                    row,
                    col,
                    score.declarer_doubles.get((doubler, declarer), 0),
                    formula=f"SUMPRODUCT(EXACT({DOUBLES}!$B${FIRST}:$B${last},$A{row})*({mults}>0))",
                    style="obligation",
                    label=_("{doubler} doubled {declarer}").format(
                        doubler=doubler, declarer=declarer
                    ),
                )
            )
