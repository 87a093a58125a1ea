"""The Points sheet of a Caribbean All Fours workbook: eight rows per deal, one per point
in the order they are scored (three kicks, the beg, High, Low, Jack, Game), each with
its team, its points, whether it counts, both teams' running scores and where the game
was won.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.games.caribbean_all_fours.score import DealScore, GameScore, Point, team_name
from scoresheet.games.caribbean_all_fours.sheet.layout import (
    D_BEG,
    D_GP,
    D_HIGH,
    D_HOLDER,
    D_LOW,
    D_TEAM,
    D_TURN,
    D_WON_BY,
    P_COUNTED,
    P_DEAL,
    P_NAME,
    P_POINT,
    P_POINTS,
    P_RUN,
    P_TEAM,
    P_WHAT,
    P_WON,
    POINTS,
    SLOTS,
    DealInputs,
    Plan,
    deals_cell,
    lookup,
    suit_of,
    team_of_player,
    trim,
)
from scoresheet.i18n import _, pgettext
from scoresheet.sheets.plan import Cell, Value, col_letter


def _slot_points(scored: DealScore | None) -> list[Point | None]:
    """The point scored in each of the eight slots of a deal (None: nothing scored)."""
    out: list[Point | None] = [None] * len(SLOTS)
    if scored is None:
        return out
    cards = [str(c) for c in scored.turn_ups]
    index = {"beg": 3, "high": 4, "low": 5, "jack": 6, "hang-jack": 6, "game": 7}
    for p in scored.points:
        slot = cards.index(p.card) if p.kind == "kick" and p.card is not None else index[p.kind]
        out[slot] = p
    return out


def points_sheet(plan: Plan, typed: Sequence[DealInputs], result: GameScore) -> None:
    """Plan the Points sheet: every point of every deal, counted until the game is won."""
    lay = plan.layout
    add = plan.add
    rules = lay.rules
    add(Cell(POINTS, 1, 1, _("Points: in the order they are scored"), style="title"))
    add(
        Cell(
            POINTS,
            2,
            1,
            _("The first team to reach the target wins at once; later points do not count."),
            style="note",
        )
    )
    headers = {
        P_DEAL: pgettext("sheet heading", "Deal"),
        P_POINT: pgettext("sheet heading", "Point"),
        P_WHAT: pgettext("sheet heading", "For"),
        P_TEAM: pgettext("sheet heading", "Team"),
        P_NAME: pgettext("sheet heading", "Scored by"),
        P_POINTS: pgettext("sheet heading", "Points"),
        P_COUNTED: pgettext("sheet heading", "Counted"),
        P_RUN[0]: team_name(lay.teams, 0),
        P_RUN[1]: team_name(lay.teams, 1),
        P_WON: pgettext("sheet heading", "Game won"),
    }
    for col, text in headers.items():
        add(Cell(POINTS, 3, col, text, style="header"))
    running = [0, 0]
    won = False
    for n in range(1, lay.rows + 1):
        inp = typed[n - 1]
        scored = result.deals[n - 1] if n <= len(result.deals) else None
        slots = _slot_points(scored)
        r = lay.deal_row(n)
        t = [deals_cell(c, r) for c in D_TURN]
        team = deals_cell(D_TEAM, r)
        beg, high, low = deals_cell(D_BEG, r), deals_cell(D_HIGH, r), deals_cell(D_LOW, r)
        holder, won_by = deals_cell(D_HOLDER, r), deals_cell(D_WON_BY, r)
        gp = [deals_cell(c, r) for c in D_GP]
        for slot, name in enumerate(SLOTS):
            shown = pgettext("all fours", name)
            row = lay.point_row(n, slot)
            point = slots[slot]
            where = _("deal {n}, {name}").format(n=n, name=shown)
            pts = f"{col_letter(P_POINTS)}{row}"
            counted = f"{col_letter(P_COUNTED)}{row}"
            team_cell = f"{col_letter(P_TEAM)}{row}"
            add(Cell(POINTS, row, P_DEAL, n, style="deal"))
            add(Cell(POINTS, row, P_POINT, shown, style="fixed"))
            # What the point is for, its team and its points.
            what_value: Value = ""
            if slot < 3:
                what_value = inp.turn_ups[slot].strip()
                what = f'IF({trim(t[slot])}="","",{trim(t[slot])})'
                value_f = lookup(t[slot], "kick_values")
                if slot > 0:
                    other_suit = f"{suit_of(t[slot])}<>{suit_of(t[0])}"
                    value_f = f'IF(OR(kick_returns="every",{other_suit}),{value_f},0)'
                team_f = f'IF({pts}=0,"",{team})'
            elif name == "beg":
                what_value = inp.beg.strip()
                what = f'IF({trim(beg)}="","",{trim(beg)})'
                value_f = f'IF({trim(beg)}="take-one",beg_points,0)'
                team_f = f'IF({pts}=0,"",3-{team})'
            elif name in ("high", "low"):
                who = high if name == "high" else low
                what_value = inp.high if name == "high" else inp.low
                what = f'IF({who}="","",{who})'
                value_f = f'IF({who}="",0,{name}_points)'
                team_f = f'IF({pts}=0,"",{team_of_player(who)})'
            elif name == "jack":
                both = f'OR({holder}="",{won_by}="")'
                same = f"{team_of_player(holder)}={team_of_player(won_by)}"
                if scored is not None and scored.jack is not None:
                    hang = point is not None and point.kind == "hang-jack"
                    what_value = ("hang jack " if hang else "") + "→".join(scored.jack)
                what = (
                    f'IF({both},"",IF(AND(jack_rule<>"captor",NOT({same})),"hang jack ","")'
                    f'&{holder}&"→"&{won_by})'
                )
                value_f = (
                    f'IF({both},0,IF(OR(jack_rule="captor",{same}),jack_points,hang_jack_points))'
                )
                team_f = f'IF({pts}=0,"",{team_of_player(won_by)})'
            else:
                a, b = gp
                none = f'AND({a}="",{b}="")'
                if scored is not None and scored.game_points is not None:
                    what_value = f"{scored.game_points[0]}–{scored.game_points[1]}"
                what = f'IF({none},"",N({a})&"–"&N({b}))'
                value_f = f'IF({none},0,IF(AND(N({a})=N({b}),tied_game="nobody"),0,game_point))'
                team_f = (
                    f'IF({pts}=0,"",IF(N({a})>N({b}),1,IF(N({b})>N({a}),2,'
                    f'IF(tied_game="dealer",{team},3-{team}))))'
                )
            add(
                Cell(
                    POINTS,
                    row,
                    P_WHAT,
                    what_value,
                    formula=what,
                    style="formula",
                    label=_("{where}, for").format(where=where),
                    deal=n,
                )
            )
            team_value: Value = "" if point is None else point.team + 1
            add(
                Cell(
                    POINTS,
                    row,
                    P_TEAM,
                    team_value,
                    formula=team_f,
                    style="formula",
                    label=_("{where}, team").format(where=where),
                    deal=n,
                )
            )
            add(
                Cell(
                    POINTS,
                    row,
                    P_NAME,
                    "" if point is None else team_name(lay.teams, point.team),
                    formula=f'IF({team_cell}="","",INDEX(team_names,{team_cell}))',
                    style="formula",
                    label=_("{where}, scored by").format(where=where),
                    deal=n,
                )
            )
            add(
                Cell(
                    POINTS,
                    row,
                    P_POINTS,
                    0 if point is None else point.points,
                    formula=value_f,
                    style="points",
                    label=_("{where}, points").format(where=where),
                    deal=n,
                )
            )
            # Counted, the running scores, the winning point.
            first = n == 1 and slot == 0
            prev = [f"{col_letter(c)}{row - 1}" for c in P_RUN]
            if first:
                counted_f = f'IF({pts}=0,"","yes")'
            else:
                counted_f = f'IF({pts}=0,"",IF(OR({prev[0]}>=target,{prev[1]}>=target),"no","yes"))'
            counted_value: Value = ""
            if point is not None:
                counted_value = "yes" if point.counted else "no"
                if point.counted:
                    running = list(point.running)
            add(
                Cell(
                    POINTS,
                    row,
                    P_COUNTED,
                    counted_value,
                    formula=counted_f,
                    style="formula",
                    label=_("{where}, counted").format(where=where),
                    deal=n,
                )
            )
            for t_index, col in enumerate(P_RUN):
                add_f = f'IF(AND({counted}="yes",{team_cell}={t_index + 1}),{pts},0)'
                add(
                    Cell(
                        POINTS,
                        row,
                        col,
                        running[t_index],
                        formula=add_f if first else f"{prev[t_index]}+{add_f}",
                        style="running",
                        label=_("{where}, {team_name} running").format(
                            where=where, team_name=team_name(lay.teams, t_index)
                        ),
                        deal=n,
                    )
                )
            winning = (
                point is not None
                and point.counted
                and not won
                and (point.running[point.team] >= rules.target)
            )
            won = won or winning
            runs = [f"{col_letter(c)}{row}" for c in P_RUN]
            add(
                Cell(
                    POINTS,
                    row,
                    P_WON,
                    f"{team_name(lay.teams, point.team)} win" if winning and point else "",
                    formula=(
                        f'IF(AND({counted}="yes",OR({runs[0]}>=target,{runs[1]}>=target)),'
                        f'INDEX(team_names,{team_cell})&" win","")'
                    ),
                    style="won",
                    label=_("{where}, game won").format(where=where),
                    deal=n,
                )
            )
