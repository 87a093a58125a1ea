"""The Scores sheet of a Coinche workbook: per deal the contract, bid, taker, taking
team, multiplier, the points needed, the outcome, each team's score and running total,
who has won; then the workings (the card points check, the takers' and defenders'
totals, whether the takers took every trick, the deal's winner, the base and the value
it scores, and each team's card points, belote, declarations and score before belote);
the totals at the bottom. Every cell a formula over Results, Declarations and the
named rule cells.

:func:`workings` computes the values of the working columns the library's result does
not hold, the way the formulas do; the score it arrives at is the library's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from scoresheet.games.coinche.rules import GENERALE, CoincheRules
from scoresheet.games.coinche.score import DealScore, GameScore
from scoresheet.games.coinche.sheet.layout import (
    RES,
    SC,
    SCORES,
    Layout,
    Plan,
    res_cell,
)
from scoresheet.i18n import _, pgettext
from scoresheet.partnership.sheet.scores import (
    DealRow,
    plan_card_play,
    plan_check,
    plan_running,
    plan_totals,
    play_titles,
)
from scoresheet.sheets.plan import Value

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Workings:
    """The working columns of one deal, as the formulas compute them."""

    total_t: int
    total_d: int
    capot: int  # 1: the takers took all 8 tricks
    winner: int
    base: int
    value: int
    kept: Pair
    before: Pair


def workings(rules: CoincheRules, d: DealScore) -> Workings:
    """The working columns of deal ``d`` (see :func:`plan_scores` for their formulas)."""
    play = d.play
    t, o = d.taking_team, d.defending_team
    own = play.belote_points
    total_t = play.deal_points[t] - (0 if rules.belote_counts else own[t])
    capot = int(play.capot == t)
    won = d.winner
    if rules.losing_belote == "to-winner":
        kept = (sum(own) if won == 0 else 0, sum(own) if won == 1 else 0)
    elif rules.losing_belote == "lost-by-coinched-defenders" and d.made and d.level:
        kept = (0, own[1]) if o == 0 else (own[0], 0)  # the defenders lose theirs
    else:
        kept = own
    base = (
        rules.dedans_points if not d.made else rules.capot if capot else rules.round(play.taken[t])
    )
    m = d.multiplier
    numbered = isinstance(d.bid, int)
    added = int(d.bid) if numbered and rules.scoring == "points-and-bid" else 0
    base2 = rules.capot if capot else rules.dedans_points
    if not numbered:
        if d.bid == GENERALE:
            value = rules.generale_value * m
        else:
            value = (rules.capot_bid if d.made else rules.capot_bid_lost) * m
    elif rules.scoring == "bid-only":
        value = int(d.bid) * m
    elif m == 1:
        value = base + added
    elif rules.coinche_multiplies == "everything":
        value = (base + added + kept[won]) * m
    elif rules.coinche_multiplies == "bid":
        value = base2 + added * m
    else:
        value = (base2 + added) * m
    scored = play.declarations_scored
    special = numbered and rules.scoring != "bid-only" and m == 1 and d.made and not capot
    before = [0, 0]
    for k in (0, 1):
        before[k] = value if k == won else 0
        if special:
            before[k] += scored[k] if k == t else rules.round(play.taken[k]) + scored[k]
        elif k == won:
            before[k] += sum(scored)
    return Workings(
        total_t=total_t,
        total_d=play.deal_points[o],
        capot=capot,
        winner=won,
        base=base,
        value=value,
        kept=(kept[0], kept[1]),
        before=(before[0], before[1]),
    )


def _rounded(expr: str) -> str:
    """``expr`` rounded as the rules say."""
    return (
        f'IF(r_rounding="nearest-10",INT(({expr}+5)/10)*10,'
        f'IF(r_rounding="nearest-10-5-down",INT(({expr}+4)/10)*10,{expr}))'
    )


def _headings(plan: Plan[Layout]) -> None:
    add = plan.add
    labels = plan.layout.labels
    cols = SC.team
    titles: list[tuple[int, str]] = [
        (SC.deal, pgettext("sheet heading", "deal")),
        (SC.contract, pgettext("sheet heading", "contract")),
        (SC.bid, pgettext("sheet heading", "bid")),
        (SC.taker, pgettext("sheet heading", "taker")),
        (SC.taking, pgettext("sheet heading", "taking team")),
        (SC.multiplier, "×"),
        (SC.needed, pgettext("sheet heading", "needed")),
        (SC.outcome, pgettext("sheet heading", "outcome")),
        (cols[0].score, pgettext("sheet heading", "score")),
        (cols[0].running, pgettext("sheet heading", "running")),
        (cols[1].score, pgettext("sheet heading", "score")),
        (cols[1].running, pgettext("sheet heading", "running")),
        (SC.won, pgettext("sheet heading", "game won by")),
        (SC.sum, pgettext("sheet heading", "card points")),
        (SC.of, pgettext("sheet heading", "of")),
        (SC.total_t, pgettext("sheet heading", "takers")),
        (SC.total_d, pgettext("sheet heading", "defenders")),
        (SC.capot, pgettext("sheet heading", "takers' capot")),
        (SC.winner, pgettext("sheet heading", "deal won by")),
        (SC.base, pgettext("sheet heading", "base")),
        (SC.value, pgettext("sheet heading", "winner scores")),
    ]
    for k in (0, 1):
        titles += [
            *play_titles(cols[k]),
            (cols[k].kept, pgettext("sheet heading", "belote kept")),
            (cols[k].before, pgettext("sheet heading", "before belote")),
        ]
    for column, text in titles:
        add(SCORES, 3, column, text, style="header")
    groups = [(cols[k].score, cols[k].running, labels[k]) for k in (0, 1)]
    groups += [(cols[k].taken, cols[k].before, labels[k]) for k in (0, 1)]
    groups += [
        (SC.sum, SC.of, pgettext("sheet heading", "check")),
        (SC.total_t, SC.total_d, pgettext("sheet heading", "totals toward the bid")),
    ]
    for first, last, text in groups:
        add(SCORES, 2, first, text, style="header")
        plan.merges.append((SCORES, 2, first, last))


def plan_scores(plan: Plan[Layout], result: GameScore) -> None:
    """Every cell of the Scores sheet into ``plan``: its headings, a row per deal, the
    totals; each computed cell with the library's value of ``result``."""
    lay = plan.layout
    rules = lay.rules
    add = plan.add
    labels = lay.labels
    cols = SC.team
    _headings(plan)

    played = len(result.deals)
    for n in range(1, lay.rows + 1):
        row = DealRow(plan, n)
        r, f, put, s = row.r, row.f, row.put, row.s
        d: DealScore | None = result.deals[n - 1] if n <= played else None
        w = workings(rules, d) if d is not None else None

        def v(get: Any, _d: DealScore | None = d) -> Value:
            return "" if _d is None else cast("Value", get(_d))

        def wv(get: Any, _w: Workings | None = w) -> Value:
            return "" if _w is None else cast("Value", get(_w))

        add(SCORES, r, SC.deal, n, style="deal")
        put(SC.contract, v(lambda x: x.contract), f(res_cell(RES.contract, r)), "contract")
        put(SC.bid, v(lambda x: x.bid), f(res_cell(RES.bid, r)), "bid")
        put(SC.taker, v(lambda x: x.taker), f(res_cell(RES.taker, r)), "taker")
        put(
            SC.taking,
            v(lambda x: labels[x.taking_team]),
            f(f"IF(ISNUMBER(MATCH({res_cell(RES.taker, r)},team_0_players,0)),team_0,team_1)"),
            "taking team",
        )
        put(
            SC.multiplier,
            v(lambda x: x.multiplier),
            f(
                f'IF({res_cell(RES.surcoinche, r)}<>"",r_surcoinche,'
                f'IF({res_cell(RES.coinche, r)}<>"",r_coinche,1))'
            ),
            "multiplier",
        )
        taking, bid, m = s(SC.taking), s(SC.bid), s(SC.multiplier)
        put(
            SC.needed,
            v(lambda x: "" if x.needed is None else x.needed),
            f(
                f'IF(ISNUMBER({bid}),IF(r_bid_needs="bid-plus-2",{bid}+2,'
                f'IF(AND(r_bid_needs="82-on-80",{bid}=80),82,{bid})),"")'
            ),
            "points needed",
        )
        capot = res_cell(RES.capot, r)
        plan_card_play(row, cols, d.play if d is not None else None, scored_style="formula")

        def of_taking(k_col: str, _taking: str = taking, _row: DealRow = row) -> str:
            """The takers' cell of a team column (``"points"``, ``"taken"`` …)."""
            c0, c1 = (_row.s(getattr(cols[k], k_col)) for k in (0, 1))
            return f"IF({_taking}=team_0,{c0},{c1})"

        def of_defending(k_col: str, _taking: str = taking, _row: DealRow = row) -> str:
            """The defenders' cell of a team column."""
            c0, c1 = (_row.s(getattr(cols[k], k_col)) for k in (0, 1))
            return f"IF({_taking}=team_0,{c1},{c0})"

        plan_check(row, d.play if d is not None else None)
        put(
            SC.total_t,
            wv(lambda x: x.total_t),
            f(f"{of_taking('points')}-IF(r_belote_counts,0,{of_taking('belote')})"),
            "the takers' total",
        )
        put(SC.total_d, wv(lambda x: x.total_d), f(of_defending("points")), "the defenders' total")
        put(SC.capot, wv(lambda x: x.capot), f(f"IF({capot}={taking},1,0)"), "the takers' capot")
        tt, td, cap, outcome = s(SC.total_t), s(SC.total_d), s(SC.capot), s(SC.outcome)
        put(
            SC.outcome,
            v(lambda x: "made" if x.made else "dedans"),
            f(
                f"IF(IF(ISNUMBER({bid}),OR({cap}=1,AND({tt}>={s(SC.needed)},"
                f'OR(r_made_when="bid",{tt}>{td}))),{cap}=1),"made","dedans")'
            ),
            "outcome",
        )
        put(
            SC.winner,
            wv(lambda x: labels[x.winner]),
            f(f'IF({outcome}="made",{taking},IF({taking}=team_0,team_1,team_0))'),
            "deal won by",
        )
        winner = s(SC.winner)
        put(
            SC.base,
            wv(lambda x: x.base),
            f(
                f'IF({outcome}<>"made",r_dedans_points,IF({cap}=1,r_capot,'
                f"{_rounded(of_taking('taken'))}))"
            ),
            "base",
        )
        # The belote each team keeps: its own; all of it to the deal's winner
        # ("to-winner"); none for the defenders of a made coinched contract (BGA).
        coinched = f'{res_cell(RES.coinche, r)}<>""'
        for k in (0, 1):
            team = f"team_{k}"
            put(
                cols[k].kept,
                wv(lambda x, k=k: x.kept[k]),
                f(
                    f'IF(r_losing_belote="to-winner",IF({winner}={team},'
                    f"{s(cols[0].belote)}+{s(cols[1].belote)},0),"
                    f'IF(AND(r_losing_belote="lost-by-coinched-defenders",{coinched},'
                    f'{outcome}="made",{taking}<>{team}),0,{s(cols[k].belote)}))'
                ),
                _("{labels}, belote kept").format(labels=labels[k]),
            )
        base = s(SC.base)
        added = f'IF(r_scoring="points-and-bid",{bid},0)'
        base2 = f"IF({cap}=1,r_capot,r_dedans_points)"
        kept_won = f"IF({winner}=team_0,{s(cols[0].kept)},{s(cols[1].kept)})"
        put(
            SC.value,
            wv(lambda x: x.value),
            f(
                f'IF(NOT(ISNUMBER({bid})),IF({bid}="generale",r_generale_value,'
                f'IF({outcome}="made",r_capot_bid,r_capot_bid_lost))*{m},'
                f'IF(r_scoring="bid-only",{bid}*{m},'
                f"IF({m}=1,{base}+{added},"
                f'IF(r_coinche_multiplies="everything",({base}+{added}+{kept_won})*{m},'
                f'IF(r_coinche_multiplies="bid",{base2}+{added}*{m},({base2}+{added})*{m})))))'
            ),
            "the deal winner's value",
        )
        special = f'AND(ISNUMBER({bid}),r_scoring<>"bid-only",{m}=1,{outcome}="made",{cap}=0)'
        everything = (
            f'AND(ISNUMBER({bid}),r_scoring<>"bid-only",{m}>1,r_coinche_multiplies="everything")'
        )
        both = f"{s(cols[0].scored)}+{s(cols[1].scored)}"
        for k in (0, 1):
            team = f"team_{k}"
            put(
                cols[k].before,
                wv(lambda x, k=k: x.before[k]),
                f(
                    f"IF({winner}={team},{s(SC.value)},0)+IF({special},IF({taking}={team},"
                    f"{s(cols[k].scored)},{_rounded(s(cols[k].taken))}+{s(cols[k].scored)}),"
                    f"IF({winner}={team},{both},0))"
                ),
                _("{labels}, score before belote").format(labels=labels[k]),
            )
        plan_running(
            row,
            cols,
            d,
            result,
            [
                f"{s(cols[k].before)}+IF(AND({winner}=team_{k},{everything}),0,{s(cols[k].kept)})"
                for k in (0, 1)
            ],
            lambda total: f'IF(r_win="pass",{total}>r_target,{total}>=r_target)',
        )

    plan_totals(plan, cols, result)
