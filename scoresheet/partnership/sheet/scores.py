"""The Scores sheet of a Belote workbook: per deal the taking team, the outcome, each
team's score and running total, who has won, the litige points held; then the workings
(the card points check, what each team took, belote, declarations, the raw and rounded
scores, the litige points released); the totals at the bottom. Every cell a formula.

The card play's workings, the check, the running totals and the totals row are planned
by row (:class:`DealRow`) with functions Coinche's Scores sheet shares.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from scoresheet.i18n import _, pgettext
from scoresheet.partnership.score import DealScore, GameScore
from scoresheet.partnership.sheet.layout import (
    DEC,
    DECLARATIONS,
    FIRST,
    RES,
    SC,
    SCORES,
    Layout,
    Plan,
    PlayColumns,
    res_cell,
    score_cell,
)
from scoresheet.sheets.plan import Value, col_letter


def _rounded(expr: str) -> str:
    """``expr`` rounded as the rules say."""
    return f'IF(r_rounding="nearest-10",ROUND(({expr})/10,0)*10,{expr})'


def _won(result: Any, number: int) -> str:
    """The ``won by`` column after deal ``number`` (kept on once a team has won)."""
    if result.won_at is not None and number >= result.won_at:
        return str(result.team_name(cast("int", result.winner)))
    return ""


def _v(deal: Any, get: Any) -> Value:
    """The library's value of a cell: ``""`` on a row with no deal played."""
    return "" if deal is None else cast("Value", get(deal))


class DealRow:
    """One deal's row of the Scores sheet (Coinche's too): each cell with the library's
    value and a formula left empty while the deal has no contract."""

    def __init__(self, plan: Plan[Any], n: int) -> None:
        self.plan = plan
        self.n = n
        self.r = plan.layout.row(n)
        self.empty = f'{res_cell(plan.layout.RES.contract, self.r)}=""'

    def f(self, body: str) -> str:
        """``body``, or nothing while the deal has no contract."""
        return f'IF({self.empty},"",{body})'

    def put(self, col: int, value: Value, formula: str, what: str, style: str = "formula") -> None:
        self.plan.add(
            SCORES,
            self.r,
            col,
            value,
            formula,
            style=style,
            label=_("deal {n}, {what}").format(n=self.n, what=what),
            deal=self.n,
        )

    def s(self, col: int) -> str:
        """A cell of this row, from the Scores sheet."""
        return score_cell(col, self.r)


def plan_card_play(
    row: DealRow, cols: Sequence[PlayColumns], play: DealScore | None, *, scored_style: str
) -> None:
    """Each team's card play: what it took, its belote, its declarations, the deal points."""
    lay = row.plan.layout
    res, r, f, put, s = lay.RES, row.r, row.f, row.put, row.s

    def drange(col: int) -> str:
        letter = col_letter(col)
        return f"{DECLARATIONS}!${letter}${FIRST}:${letter}${lay.decl_last}"

    capot = res_cell(res.capot, r)
    for k in (0, 1):
        team = f"team_{k}"
        label = lay.labels[k]
        put(
            cols[k].taken,
            _v(play, lambda x, k=k: x.taken[k]),
            f(
                f'IF({capot}={team},r_capot,IF({capot}<>"",0,{res_cell(res.points[k], r)}'
                f"+IF({res_cell(res.last, r)}={team},r_last_trick,0)))"
            ),
            _("{label}, card points and last trick").format(label=label),
        )
        put(
            cols[k].belote,
            _v(play, lambda x, k=k: x.belote_points[k]),
            f(f"IF({res_cell(res.belote, r)}={team},r_belote,0)"),
            _("{label}, belote").format(label=label),
        )
        match = f"({drange(DEC.deal)}=$A{r})*({drange(DEC.team)}={team})"
        put(
            cols[k].declared,
            _v(play, lambda x, k=k: x.declared[k]),
            f(f"SUMPRODUCT({match}*{drange(DEC.value)})"),
            _("{label}, declarations").format(label=label),
        )
        put(
            cols[k].best,
            _v(
                play,
                lambda x, k=k: max((y.strength for y in x.declarations if y.team == k), default=0),
            ),
            f(f"SUMPRODUCT(MAX({match}*{drange(DEC.strength)}))"),
            _("{label}, best declaration").format(label=label),
        )
        put(
            cols[k].scored,
            _v(play, lambda x, k=k: x.declarations_scored[k]),
            f(f"IF({s(cols[k].best)}>{s(cols[1 - k].best)},{s(cols[k].declared)},0)"),
            _("{label}, declarations scored").format(label=label),
            style=scored_style,
        )
        put(
            cols[k].points,
            _v(play, lambda x, k=k: x.deal_points[k]),
            f(f"{s(cols[k].taken)}+{s(cols[k].belote)}+{s(cols[k].scored)}"),
            _("{label}, deal points").format(label=label),
        )


def plan_check(row: DealRow, play: DealScore | None) -> None:
    """The card points typed, and what the contract has: they must be the same."""
    lay = row.plan.layout
    res, sc, r = lay.RES, lay.SC, row.r
    row.put(
        sc.sum,
        _v(play, lambda x: x.points[0] + x.points[1]),
        row.f(f"{res_cell(res.points[0], r)}+{res_cell(res.points[1], r)}"),
        "card points typed",
    )
    row.put(
        sc.of,
        _v(play, lambda x: lay.rules.card_total(x.contract)),
        row.f(f"INDEX(c_cards,MATCH({row.s(sc.contract)},contracts,0))"),
        "card points of the contract",
    )


def plan_running(
    row: DealRow,
    cols: Sequence[PlayColumns],
    deal: Any,
    result: Any,
    score: Sequence[str],
    reached: Callable[[str], str],
) -> None:
    """Each team's score (``score``: each team's formula) and running total, and who has won
    (``reached``: whether a running total reaches the target)."""
    lay = row.plan.layout
    n, r, s = row.n, row.r, row.s
    won = lay.SC.won
    for k in (0, 1):
        row.put(
            cols[k].score,
            _v(deal, lambda x, k=k: x.score[k]),
            row.f(score[k]),
            _("{value}, score").format(value=lay.labels[k]),
            style="score",
        )
        before = "" if n == 1 else f"N({score_cell(cols[k].running, r - 1)})+"
        row.put(
            cols[k].running,
            _v(deal, lambda x, k=k: x.running[k]),
            row.f(f"{before}{s(cols[k].score)}"),
            _("{value}, running total").format(value=lay.labels[k]),
            style="score",
        )
    r0, r1 = s(cols[0].running), s(cols[1].running)
    check = row.f(
        f'IF(AND({reached(r0)},{r0}>{r1}),team_0,IF(AND({reached(r1)},{r1}>{r0}),team_1,""))'
    )
    won_formula = (
        check if n == 1 else f'IF({score_cell(won, r - 1)}<>"",{score_cell(won, r - 1)},{check})'
    )
    row.plan.add(
        SCORES,
        r,
        won,
        _won(result, n),
        won_formula,
        style="formula",
        label=_("deal {n}, game won by").format(n=n),
        deal=n,
    )


def plan_totals(plan: Plan[Any], cols: Sequence[PlayColumns], result: Any) -> None:
    """The totals row: each team's total, and who won the game."""
    lay = plan.layout
    t = lay.totals_row
    won = lay.SC.won
    plan.add(SCORES, t, lay.SC.deal, _("total"), style="total_label")
    for k in (0, 1):
        plan.add(
            SCORES,
            t,
            cols[k].score,
            result.team_totals[k],
            f"SUM({_whole(lay, cols[k].score)})",
            style="total",
            label=_("total, {value}").format(value=lay.labels[k]),
        )
    plan.add(
        SCORES,
        t,
        won,
        result.team_name(result.winner) if result.winner is not None else "",
        f"${col_letter(won)}${lay.last}",
        style="total",
        label=_("game won by"),
    )


def play_titles(cols: PlayColumns) -> list[tuple[int, str]]:
    """The headings of a team's card-play columns."""
    return [
        (cols.taken, pgettext("sheet heading", "cards + last")),
        (cols.belote, pgettext("sheet heading", "belote")),
        (cols.declared, pgettext("sheet heading", "declared")),
        (cols.best, pgettext("sheet heading", "best decl.")),
        (cols.scored, pgettext("sheet heading", "decl. scored")),
        (cols.points, pgettext("sheet heading", "deal points")),
    ]


def _whole(lay: Layout, column: int) -> str:
    """A column's cells of every deal."""
    letter = col_letter(column)
    return f"${letter}${FIRST}:${letter}${lay.last}"


def plan_scores(plan: Plan[Layout], result: GameScore) -> None:
    """Every cell of the Scores sheet into ``plan``: its headings, a row per deal, the
    totals; each computed cell with the library's value of ``result``."""
    lay = plan.layout
    add = plan.add
    labels = lay.labels
    cols = SC.team
    titles: list[tuple[int, str]] = [
        (SC.deal, pgettext("sheet heading", "deal")),
        (SC.contract, pgettext("sheet heading", "contract")),
        (SC.taker, pgettext("sheet heading", "taker")),
        (SC.taking, pgettext("sheet heading", "taking team")),
        (SC.outcome, pgettext("sheet heading", "outcome")),
        (cols[0].score, pgettext("sheet heading", "score")),
        (cols[0].running, pgettext("sheet heading", "running")),
        (cols[1].score, pgettext("sheet heading", "score")),
        (cols[1].running, pgettext("sheet heading", "running")),
        (SC.won, pgettext("sheet heading", "game won by")),
        (SC.held, pgettext("sheet heading", "litige held")),
        (SC.pending, pgettext("sheet heading", "litige pending")),
        (SC.sum, pgettext("sheet heading", "card points")),
        (SC.of, pgettext("sheet heading", "of")),
    ]
    for k in (0, 1):
        titles += [
            (cols[k].raw, pgettext("sheet heading", "raw")),
            (cols[k].rounded, pgettext("sheet heading", "rounded")),
            (cols[k].released, pgettext("sheet heading", "litige in")),
        ]
    for k in (0, 1):
        titles += play_titles(cols[k])
    for column, text in titles:
        add(SCORES, 3, column, text, style="header")
    groups = [(cols[k].score, cols[k].running, labels[k]) for k in (0, 1)]
    groups += [(cols[k].taken, cols[k].points, labels[k]) for k in (0, 1)]
    groups += [(cols[k].raw, cols[k].released, labels[k]) for k in (0, 1)]
    groups.append((SC.sum, SC.of, pgettext("sheet heading", "check")))
    for first, last, text in groups:
        add(SCORES, 2, first, text, style="header")
        plan.merges.append((SCORES, 2, first, last))

    played = len(result.deals)
    for n in range(1, lay.rows + 1):
        row = DealRow(plan, n)
        r, f, put, s = row.r, row.f, row.put, row.s
        d: DealScore | None = result.deals[n - 1] if n <= played else None

        def v(get: Any, _d: DealScore | None = d) -> Value:
            return _v(_d, get)

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
        plan_card_play(row, cols, d, scored_style="score")
        pt = f"IF({taking}=team_0,{s(cols[0].points)},{s(cols[1].points)})"
        pd = f"IF({taking}=team_0,{s(cols[1].points)},{s(cols[0].points)})"
        bt = f"IF({taking}=team_0,{s(cols[0].belote)},{s(cols[1].belote)})"
        put(
            SC.outcome,
            v(lambda x: x.outcome),
            f(f'IF({pt}>{pd},"made",IF(AND({pt}={pd},r_tie="litige"),"litige","dedans"))'),
            "outcome",
        )
        plan_check(row, d)
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
                _("{label}, raw score").format(label=label),
            )
            put(
                cols[k].rounded,
                v(lambda x, k=k: x.rounded[k]),
                f(_rounded(s(cols[k].raw))),
                _("{label}, rounded score").format(label=label),
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
                _("{labels}, litige points released").format(labels=labels[k]),
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
        plan_running(
            row,
            cols,
            d,
            result,
            [f"{s(cols[k].rounded)}+{s(cols[k].released)}" for k in (0, 1)],
            lambda total: f"{total}>=r_target",
        )

    plan_totals(plan, cols, result)
    t = lay.totals_row

    def col(column: int) -> str:
        return _whole(lay, column)

    add(
        SCORES,
        t,
        SC.pending,
        result.pending,
        f"SUM({col(SC.held)})-SUM({col(cols[0].released)})-SUM({col(cols[1].released)})",
        style="total",
        label=_("litige points still held"),
    )
    add(SCORES, t, SC.held, _("held at the end:"), style="total_label")
