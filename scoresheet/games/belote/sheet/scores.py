"""The Scores sheet of a Belote workbook: per deal the taking team, the outcome, each
team's score and running total, who has won, the litige points held; then the workings
(the card points check, what each team took, belote, declarations, the raw and rounded
scores, the litige points released); the totals at the bottom. Every cell a formula.
"""

from __future__ import annotations

from typing import Any, cast

from scoresheet.games.belote.score import DealScore, GameScore
from scoresheet.games.belote.sheet.layout import (
    DEC,
    DECLARATIONS,
    FIRST,
    RES,
    SC,
    SCORES,
    Layout,
    Plan,
    res_cell,
    score_cell,
)
from scoresheet.sheets.plan import Value, col_letter


def _rounded(expr: str) -> str:
    """``expr`` rounded as the rules say."""
    return f'IF(r_rounding="nearest-10",ROUND(({expr})/10,0)*10,{expr})'


def _won(result: GameScore, number: int) -> str:
    """The ``won by`` column after deal ``number`` (kept on once a team has won)."""
    if result.won_at is not None and number >= result.won_at:
        return result.team_name(cast("int", result.winner))
    return ""


def plan_scores(plan: Plan[Layout], result: GameScore) -> None:
    """Every cell of the Scores sheet into ``plan``: its headings, a row per deal, the
    totals; each computed cell with the library's value of ``result``."""
    lay = plan.layout
    add = plan.add
    labels = lay.labels
    cols = SC.team
    titles: list[tuple[int, str]] = [
        (SC.deal, "deal"),
        (SC.contract, "contract"),
        (SC.taker, "taker"),
        (SC.taking, "taking team"),
        (SC.outcome, "outcome"),
        (cols[0].score, "score"),
        (cols[0].running, "running"),
        (cols[1].score, "score"),
        (cols[1].running, "running"),
        (SC.won, "game won by"),
        (SC.held, "litige held"),
        (SC.pending, "litige pending"),
        (SC.sum, "card points"),
        (SC.of, "of"),
    ]
    for k in (0, 1):
        titles += [
            (cols[k].raw, "raw"),
            (cols[k].rounded, "rounded"),
            (cols[k].released, "litige in"),
        ]
    for k in (0, 1):
        titles += [
            (cols[k].taken, "cards + last"),
            (cols[k].belote, "belote"),
            (cols[k].declared, "declared"),
            (cols[k].best, "best decl."),
            (cols[k].scored, "decl. scored"),
            (cols[k].points, "deal points"),
        ]
    for column, text in titles:
        add(SCORES, 3, column, text, style="header")
    groups = [(cols[k].score, cols[k].running, labels[k]) for k in (0, 1)]
    groups += [(cols[k].taken, cols[k].points, labels[k]) for k in (0, 1)]
    groups += [(cols[k].raw, cols[k].released, labels[k]) for k in (0, 1)]
    groups.append((SC.sum, SC.of, "check"))
    for first, last, text in groups:
        add(SCORES, 2, first, text, style="header")
        plan.merges.append((SCORES, 2, first, last))

    decl = DECLARATIONS
    d_last = lay.decl_last

    def drange(col: int) -> str:
        letter = col_letter(col)
        return f"{decl}!${letter}${FIRST}:${letter}${d_last}"

    played = len(result.deals)
    for n in range(1, lay.rows + 1):
        r = lay.row(n)
        d: DealScore | None = result.deals[n - 1] if n <= played else None
        e = f'{res_cell(RES.contract, r)}=""'

        def f(body: str, _e: str = e) -> str:
            return f'IF({_e},"",{body})'

        def put(
            col: int,
            value: Value,
            formula: str,
            what: str,
            style: str = "formula",
            _r: int = r,
            _n: int = n,
        ) -> None:
            add(SCORES, _r, col, value, formula, style=style, label=f"deal {_n}, {what}", deal=_n)

        def s(col: int, _r: int = r) -> str:
            return score_cell(col, _r)

        def v(get: Any, _d: DealScore | None = d) -> Value:
            return "" if _d is None else cast("Value", get(_d))

        add(SCORES, r, SC.deal, n, style="deal")
        put(SC.contract, v(lambda x: x.contract), f(res_cell(RES.contract, r)), "contract")
        put(SC.taker, v(lambda x: x.taker), f(res_cell(RES.taker, r)), "taker")
        put(
            SC.taking,
            v(lambda x: labels[x.taking_team]),
            f(f"IF(ISNUMBER(MATCH({res_cell(RES.taker, r)},team_0_players,0)),team_0,team_1)"),
            "taking team",
        )
        taking = s(SC.taking)
        outcome = s(SC.outcome)
        capot = res_cell(RES.capot, r)
        for k in (0, 1):
            team = f"team_{k}"
            label = labels[k]
            put(
                cols[k].taken,
                v(lambda x, k=k: x.taken[k]),
                f(
                    f'IF({capot}={team},r_capot,IF({capot}<>"",0,{res_cell(RES.points[k], r)}'
                    f"+IF({res_cell(RES.last, r)}={team},r_last_trick,0)))"
                ),
                f"{label}, card points and last trick",
            )
            put(
                cols[k].belote,
                v(lambda x, k=k: x.belote_points[k]),
                f(f"IF({res_cell(RES.belote, r)}={team},r_belote,0)"),
                f"{label}, belote",
            )
            match = f"({drange(DEC.deal)}=$A{r})*({drange(DEC.team)}={team})"
            put(
                cols[k].declared,
                v(lambda x, k=k: x.declared[k]),
                f(f"SUMPRODUCT({match}*{drange(DEC.value)})"),
                f"{label}, declarations",
            )
            put(
                cols[k].best,
                v(
                    lambda x, k=k: max(
                        (y.strength for y in x.declarations if y.team == k), default=0
                    )
                ),
                f(f"SUMPRODUCT(MAX({match}*{drange(DEC.strength)}))"),
                f"{label}, best declaration",
            )
            put(
                cols[k].scored,
                v(lambda x, k=k: x.declarations_scored[k]),
                f(f"IF({s(cols[k].best)}>{s(cols[1 - k].best)},{s(cols[k].declared)},0)"),
                f"{label}, declarations scored",
                style="score",
            )
            put(
                cols[k].points,
                v(lambda x, k=k: x.deal_points[k]),
                f(f"{s(cols[k].taken)}+{s(cols[k].belote)}+{s(cols[k].scored)}"),
                f"{label}, deal points",
            )
        pt = f"IF({taking}=team_0,{s(cols[0].points)},{s(cols[1].points)})"
        pd = f"IF({taking}=team_0,{s(cols[1].points)},{s(cols[0].points)})"
        bt = f"IF({taking}=team_0,{s(cols[0].belote)},{s(cols[1].belote)})"
        put(
            SC.outcome,
            v(lambda x: x.outcome),
            f(f'IF({pt}>{pd},"made",IF(AND({pt}={pd},r_tie="litige"),"litige","dedans"))'),
            "outcome",
        )
        put(
            SC.sum,
            v(lambda x: x.points[0] + x.points[1]),
            f(f"{res_cell(RES.points[0], r)}+{res_cell(RES.points[1], r)}"),
            "card points typed",
        )
        put(
            SC.of,
            v(lambda x: lay.rules.card_total(x.contract)),
            f(f"INDEX(c_cards,MATCH({s(SC.contract)},contracts,0))"),
            "card points of the contract",
        )
        everything = f"INDEX(c_total,MATCH({s(SC.contract)},contracts,0))"
        for k in (0, 1):
            team = f"team_{k}"
            label = labels[k]
            dedans = (
                f"IF({capot}={team},r_capot,{everything})+{s(cols[k].belote)}"
                f"+{s(cols[0].scored)}+{s(cols[1].scored)}"
            )
            put(
                cols[k].raw,
                v(lambda x, k=k: x.raw[k]),
                f(
                    f'IF({outcome}="made",{s(cols[k].points)},IF({taking}={team},'
                    f'{s(cols[k].belote)},IF({outcome}="litige",{s(cols[k].points)},'
                    f"{dedans})))"
                ),
                f"{label}, raw score",
            )
            put(
                cols[k].rounded,
                v(lambda x, k=k: x.rounded[k]),
                f(_rounded(s(cols[k].raw))),
                f"{label}, rounded score",
            )
        prev = "0" if n == 1 else f"N({score_cell(SC.pending, r - 1)})"
        for k in (0, 1):
            team = f"team_{k}"
            put(
                cols[k].released,
                v(lambda x, k=k: x.released[k]),
                f(
                    f'IF(AND({outcome}="made",{taking}={team}),{prev},IF(AND({outcome}="dedans",'
                    f'r_litige_to="next-deal-winner",{taking}<>{team}),{prev},0))'
                ),
                f"{labels[k]}, litige points released",
            )
        put(
            SC.held,
            v(lambda x: x.held),
            f(f'IF({outcome}="litige",{_rounded(f"{pt}-{bt}")},0)'),
            "litige points held",
        )
        put(
            SC.pending,
            v(lambda x: x.pending),
            f(f"{prev}-{s(cols[0].released)}-{s(cols[1].released)}+{s(SC.held)}"),
            "litige points pending",
        )
        for k in (0, 1):
            put(
                cols[k].score,
                v(lambda x, k=k: x.score[k]),
                f(f"{s(cols[k].rounded)}+{s(cols[k].released)}"),
                f"{labels[k]}, score",
                style="score",
            )
            before = "" if n == 1 else f"N({score_cell(cols[k].running, r - 1)})+"
            put(
                cols[k].running,
                v(lambda x, k=k: x.running[k]),
                f(f"{before}{s(cols[k].score)}"),
                f"{labels[k]}, running total",
                style="score",
            )
        r0, r1 = s(cols[0].running), s(cols[1].running)
        check = f(
            f'IF(AND({r0}>=r_target,{r0}>{r1}),team_0,IF(AND({r1}>=r_target,{r1}>{r0}),team_1,""))'
        )
        won_formula = (
            check
            if n == 1
            else f'IF({score_cell(SC.won, r - 1)}<>"",{score_cell(SC.won, r - 1)},{check})'
        )
        add(
            SCORES,
            r,
            SC.won,
            _won(result, n),
            won_formula,
            style="formula",
            label=f"deal {n}, game won by",
            deal=n,
        )

    # Totals.
    t = lay.totals_row
    add(SCORES, t, SC.deal, "total", style="total_label")

    def col(column: int) -> str:
        letter = col_letter(column)
        return f"${letter}${FIRST}:${letter}${lay.last}"

    for k in (0, 1):
        add(
            SCORES,
            t,
            cols[k].score,
            result.team_totals[k],
            f"SUM({col(cols[k].score)})",
            style="total",
            label=f"total, {labels[k]}",
        )
    add(
        SCORES,
        t,
        SC.won,
        result.team_name(result.winner) if result.winner is not None else "",
        f"${col_letter(SC.won)}${lay.last}",
        style="total",
        label="game won by",
    )
    add(
        SCORES,
        t,
        SC.pending,
        result.pending,
        f"SUM({col(SC.held)})-SUM({col(cols[0].released)})-SUM({col(cols[1].released)})",
        style="total",
        label="litige points still held",
    )
    add(SCORES, t, SC.held, "held at the end:", style="total_label")
