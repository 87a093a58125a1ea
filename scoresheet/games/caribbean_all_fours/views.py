"""The terminal views of a Caribbean All Fours game: score, show, status, and the lines
printed after a deal is added. All computed from one :class:`GameScore`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoresheet.games.caribbean_all_fours.checks import suit_name
from scoresheet.games.caribbean_all_fours.entry import beg_name
from scoresheet.games.caribbean_all_fours.rules import (
    GAME,
    PRESET_DESCRIPTIONS,
    RANK_TEXT,
    AllFoursRules,
)
from scoresheet.games.caribbean_all_fours.score import (
    DealScore,
    GameScore,
    Point,
    right_of,
)
from scoresheet.i18n import N_, NP_, _, ngettext, pgettext
from scoresheet.views.common import (
    card_text,
    initials,
    players_legend,
    rules_in_force,
    standings_table,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Term, fit_table

LETTERS = ("A", "B")


def point_label(point: Point) -> str:
    """What a point was scored for: ``kick JS``, ``high Bob``, ``hang jack Dan→Ann``."""
    if point.kind == "kick":
        return pgettext("all fours", "kick {card}").format(card=card_text(point.card))
    if point.kind == "beg":
        return pgettext("all fours", "take one")
    if point.kind == "high":
        return pgettext("all fours", "high {player}").format(player=point.player)
    if point.kind == "low":
        return pgettext("all fours", "low {player}").format(player=point.player)
    if point.kind in ("jack", "hang-jack"):
        who = point.holder if point.holder == point.won_by else f"{point.holder}→{point.won_by}"
        if point.kind == "jack":
            return pgettext("all fours", "jack {player}").format(player=who)
        return pgettext("all fours", "hang jack {player}").format(player=who)
    assert point.game_points is not None
    a, b = point.game_points
    return pgettext("all fours", "game {a}–{b}").format(a=a, b=b)


def point_short(point: Point) -> str:
    """``high A+1``; a point scored after the game was won in brackets."""
    text = f"{point_label(point)} {LETTERS[point.team]}+{point.points}"
    return text if point.counted else f"[{text}]"


POINT_CODES = {
    "kick": "K",
    "beg": "T",
    "high": "H",
    "low": "L",
    "jack": "J",
    "hang-jack": "HJ",
    "game": "G",
}
# Translators: the beg column of the narrow table: stood, begged and was given one, ran.
BEG_CODES = {
    "stand": NP_("all fours beg, short", "st"),
    "take-one": NP_("all fours beg, short", "1"),
    "run": NP_("all fours beg, short", "run"),
}
BEG_LEGEND = N_(
    "{dl}: the dealer; {beg}: {st} stood, {one} begged and was given one, {run} begged and "
    "the pack ran"
)
# Translators: keep the letters K T H L J HJ G and A, B: the table prints them as they are.
POINT_LEGEND = N_(
    "points: K kick, T take one (the beg), H high, L low, J jack, HJ hang jack, G game; "
    "then the team, and the points when more than 1 (KA3: a kick of 3 to A)"
)


# Translators (context "all fours heading"): column headings; "dl" the dealer, "up" the
# cards turned up, short enough for a narrow terminal.
def _heading(word: str) -> str:
    return pgettext("all fours heading", word)


def _beg_code(beg: str | None) -> str:
    return pgettext("all fours beg, short", BEG_CODES[beg]) if beg in BEG_CODES else "—"


def point_code(point: Point) -> str:
    """``HA`` (high to team A), ``KB3`` (a kick of 3 to B); bracketed when not counted."""
    text = f"{POINT_CODES.get(point.kind, point.kind)}{LETTERS[point.team]}"
    text += str(point.points) if point.points != 1 else ""
    return text if point.counted else f"[{text}]"


def turned_text(deal: DealScore) -> str:
    """The cards turned up, as the table writes them: ``9♠ J♥``."""
    return " ".join(card_text(c) for c in deal.turn_ups)


def _begged(deal: DealScore, players: Sequence[str]) -> str:
    who = right_of(players, deal.dealer)
    if deal.beg is None:
        return _("no beg: the game ended on the kick")
    if deal.beg == "stand":
        return _("{player} stood").format(player=who)
    if deal.beg == "take-one":
        return _("{player} begged, {dealer} gave one").format(player=who, dealer=deal.dealer)
    runs = len(deal.turn_ups) - 1
    if runs == 2:
        text = _("{player} begged, {dealer} ran the pack twice")
    else:
        text = _("{player} begged, {dealer} ran the pack")
    return text.format(player=who, dealer=deal.dealer)


def teams_line(result: GameScore, term: Term | None = None) -> str:
    text = _("teams: A = {a}, B = {b}").format(a=result.team_name(0), b=result.team_name(1))
    return (term or Term.detect()).lines(text)


def outcome(result: GameScore) -> str:
    a, b = result.team_totals
    if result.winner is not None:
        won, lost = result.team_totals[result.winner], result.team_totals[1 - result.winner]
        return _("{team} win in deal {number}, {won} to {lost}.").format(
            team=result.team_name(result.winner), number=result.won_in, won=won, lost=lost
        )
    n = len(result.deals)
    return ngettext(
        "{first} {a}, {second} {b}: first to {target}, {n} deal played.",
        "{first} {a}, {second} {b}: first to {target}, {n} deals played.",
        n,
    ).format(
        first=result.team_name(0),
        a=a,
        second=result.team_name(1),
        b=b,
        target=result.rules.target,
        n=n,
    )


def _title(result: GameScore, title: str, term: Term) -> str:
    return term.lines(
        _("{title}: Caribbean All Fours, rules {rules} — first to {target}").format(
            title=title, rules=rules_in_force(result.rules), target=result.rules.target
        )
    )


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """One row per deal: the cards turned up, the beg, every point in order, the totals."""

    term = term or Term.detect()
    tags = initials(result.players)
    rows: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for d in result.deals:
        points = " · ".join(point_short(p) for p in d.points) or "—"
        codes = " ".join(point_code(p) for p in d.points) or "—"
        winner = LETTERS[d.winner] if d.winner is not None else ""
        won = "  ← " + _("{team} wins").format(team=winner) if winner else ""
        totals: list[Cell] = [str(d.running[0]), str(d.running[1])]
        start = [str(d.number), d.dealer, turned_text(d), beg_name(d.beg) if d.beg else "—"]
        rows.append([*start, points + won, *totals])
        start[1] = tags[d.dealer]
        start[3] = _beg_code(d.beg)
        short.append([*start, codes + (f" {winner}✓" if winner else ""), *totals])
    header = [
        _heading("deal"),
        _heading("dealer"),
        _heading("turned up"),
        _heading("beg"),
        _heading("points in scoring order"),
        "A",
        "B",
    ]
    short_heads = {"dl": _heading("dl"), "up": _heading("up"), "beg": _heading("beg")}
    beg_legend = _(BEG_LEGEND).format(
        dl=short_heads["dl"],
        beg=short_heads["beg"],
        st=_beg_code("stand"),
        one=_beg_code("take-one"),
        run=_beg_code("run"),
    )
    legend = [players_legend(result.players, tags), beg_legend, _(POINT_LEGEND)]
    legend = [line for line in legend if line]
    if any(d.winner is not None for d in result.deals):
        legend.append(_("A✓, B✓: the team that wins the game in that deal"))
    table = fit_table(
        term,
        [
            Layout(header, rows, right={0, 5, 6}, rule=False),
            Layout(
                [
                    "#",
                    short_heads["dl"],
                    short_heads["up"],
                    short_heads["beg"],
                    _heading("points"),
                    "A",
                    "B",
                ],
                short,
                right={0, 5, 6},
                rule=False,
                keep=1,
                legend=legend,
            ),
        ],
    )
    parts = [_title(result, title, term), teams_line(result, term), ""]
    parts += [table if rows else _("no deals yet"), "", term.lines(outcome(result))]
    if any(not p.counted for d in result.deals for p in d.points):
        parts.append(term.lines(_("[…]: scored after the game was won, so not counted.")))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The score sheet: every deal point by point, with both teams' scores after each."""
    term = term or Term.detect()
    lines = [_title(result, title, term), teams_line(result, term)]
    for d in result.deals:
        lines += [
            "",
            term.lines(
                _(
                    "Deal {number}: {dealer} deals; turned up {cards} (trumps: {suit}); {beg}"
                ).format(
                    number=d.number,
                    dealer=d.dealer,
                    cards=turned_text(d),
                    suit=suit_name(d.trump),
                    beg=_begged(d, result.players),
                )
            ),
        ]
        rows: list[list[Cell]] = []
        notes: list[str] = []
        for p in d.points:
            note = "" if p.counted else _("not counted: the game was already won")
            if p.counted and d.winner is not None and p is _winning(d):
                note = _("{team} reach {score}: game").format(
                    team=result.team_name(p.team), score=p.running[p.team]
                )
            rows.append(
                [
                    "",
                    point_label(p),
                    f"{LETTERS[p.team]} +{p.points}",
                    f"{p.running[0]}–{p.running[1]}",
                    note,
                ]
            )
            if note:
                notes.append(f"  {point_label(p)}: {note}")
        if not rows:
            rows.append(["", _("no points"), "", f"{d.running[0]}–{d.running[1]}", ""])
        header: list[Cell] = ["", _heading("point"), _heading("team"), "A–B", ""]
        lines.append(
            fit_table(
                term,
                [
                    Layout(header, rows, right={3}, rule=False),
                    Layout(header[:4], [r[:4] for r in rows], right={3}, rule=False, legend=notes),
                ],
            )
        )
        if not d.played and d.winner is None:
            lines.append("  " + _("(no cards played)"))
    lines += ["", _("Standings"), standings(result, term)]
    if result.violations:
        lines += ["", _("Violations"), *violation_lines(term, result.violations)]
    return "\n".join(lines)


def _winning(deal: DealScore) -> Point | None:
    counted = [p for p in deal.points if p.counted]
    return counted[-1] if counted and deal.winner is not None else None


def standings(result: GameScore, term: Term | None = None) -> str:
    """Both teams, the higher score first (tied teams share first place)."""
    names = [f"{LETTERS[t]} {result.team_name(t)}" for t in (0, 1)]
    scores = list(result.team_totals)
    marks = [pgettext("standings", "winner") if result.winner == t else "" for t in (0, 1)]
    return standings_table(
        term or Term.detect(), names, scores, shown=[str(n) for n in scores], marks=marks
    )


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal: the scores, who deals, who begs."""
    term = term or Term.detect()
    a, b = result.team_totals
    target = result.rules.target
    n = len(result.deals)
    after = ngettext(
        "{first} {a}, {second} {b} after {n} deal", "{first} {a}, {second} {b} after {n} deals", n
    )
    lines = [
        _title(result, title, term),
        term.lines(
            after.format(first=result.team_name(0), a=a, second=result.team_name(1), b=b, n=n)
        ),
    ]
    dealer = result.next_dealer
    if dealer is None:
        lines.append(term.lines(_("the game is over: {outcome}").format(outcome=outcome(result))))
    else:
        begs = right_of(result.players, dealer)
        lines.append(
            term.lines(
                _("next: deal {number}, {dealer} deals; {player} stands or begs").format(
                    number=len(result.deals) + 1, dealer=dealer, player=begs
                )
            )
        )
        lines.append(
            term.lines(
                _("to win: {first} need {a}, {second} need {b}").format(
                    first=result.team_name(0),
                    a=target - a,
                    second=result.team_name(1),
                    b=target - b,
                )
            )
        )
    if result.violations:
        lines += ["", _("Violations"), *violation_lines(term, result.violations)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """One line for a deal just added or corrected (wrapped to the terminal)."""
    d = result.deals[number - 1]
    points = ", ".join(point_short(p) for p in d.points) or _("no points")
    beg = f", {beg_name(d.beg)}" if d.beg else ""
    if d.winner is not None:
        text = _(
            "deal {number}: {dealer} dealt, turned up {cards}{beg} — {points} → A {a}, B {b}; "
            "{team} win"
        )
    else:
        text = _("deal {number}: {dealer} dealt, turned up {cards}{beg} — {points} → A {a}, B {b}")
    return (term or Term.detect()).lines(
        text.format(
            number=number,
            dealer=d.dealer,
            cards=turned_text(d),
            beg=beg,
            points=points,
            a=d.running[0],
            b=d.running[1],
            team=result.team_name(d.winner) if d.winner is not None else "",
        )
    )


def after_deal_text(result: GameScore, term: Term | None = None) -> str:
    """Totals after a deal, and who deals next (or who won)."""
    term = term or Term.detect()
    a, b = result.team_totals
    lines = [
        term.lines(
            _("totals: {first} {a}, {second} {b} (first to {target})").format(
                first=result.team_name(0),
                a=a,
                second=result.team_name(1),
                b=b,
                target=result.rules.target,
            )
        )
    ]
    lines += violation_lines(term, result.violations)
    if result.complete:
        lines.append(term.lines(_("the game is over: {outcome}").format(outcome=outcome(result))))
    else:
        dealer = result.next_dealer
        assert dealer is not None
        lines.append(
            term.lines(
                _("next: {dealer} deals, {player} stands or begs").format(
                    dealer=dealer, player=right_of(result.players, dealer)
                )
            )
        )
    return "\n".join(lines)


def rules_json(rules: AllFoursRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` may hold instead of a preset name.

    >>> from scoresheet.rules import load_preset
    >>> tobago = load_preset("caribbean-all-fours-tobago")
    >>> rules_json(tobago)["values"]["kick"]
    {'A': 1, 'J': 3, '6': 2}
    >>> from scoresheet.games.caribbean_all_fours.rules import rules_from_data
    >>> rules_from_data(rules_json(tobago)) == tobago
    True
    """
    kick = dict(rules.kick)
    if rules.tobago and 2 in kick:
        kick[6] = kick.pop(2)  # the file gives the Six's value; tobago moves it to the Two
    return {
        "name": rules.name,
        "game": GAME,
        "description": rules.description,
        "target": rules.target,
        "tobago": rules.tobago,
        "tied_game": rules.tied_game,
        "kick_returns": rules.kick_returns,
        "jack_rule": rules.jack_rule,
        "values": {
            "beg": rules.values.beg,
            "high": rules.values.high,
            "low": rules.values.low,
            "jack": rules.values.jack,
            "hang_jack": rules.values.hang_jack,
            "game": rules.values.game,
            "kick": {RANK_TEXT[r]: v for r, v in kick.items()},
            "card_points": {RANK_TEXT[r]: v for r, v in rules.card_points.items()},
        },
    }


def rules_text(rules: AllFoursRules) -> str:
    """The rules in a few lines, for ``scoresheet rules show``.

    >>> from scoresheet.rules import load_preset
    >>> print(rules_text(load_preset("caribbean-all-fours")))  # doctest: +ELLIPSIS
    caribbean-all-fours: Caribbean All Fours (Trinidad): to 14; ...
    first to 14; points in order: kick, beg, High, Low, Jack, Game
    kicks: A +1, J +3, 6 +2 (every card turned up)
    beg (take one) +1, High +1, Low +1, Jack +1, hang jack +3, Game +1 (a tie: nobody)
    card points for Game: A 4, K 3, Q 2, J 1, T 10 (80 in the pack)
    """
    v = rules.values
    kicks = ", ".join(f"{RANK_TEXT[r]} +{p}" for r, p in rules.kick.items()) or _none()
    if rules.kick_returns == "every":
        when = _("every card turned up")
    else:
        when = _("first card, new suits")
    if rules.jack_rule == "captor":
        jack = pgettext("all fours", "Jack +{jack} to the captors").format(jack=v.jack)
    else:
        jack = pgettext("all fours", "Jack +{jack}, hang jack +{hang_jack}").format(
            jack=v.jack, hang_jack=v.hang_jack
        )
    tie = {
        "nobody": pgettext("all fours tied game", "nobody"),
        "dealer": pgettext("all fours tied game", "the dealer's team"),
        "non-dealer": pgettext("all fours tied game", "the non-dealers"),
    }
    cards = ", ".join(f"{RANK_TEXT[r]} {p}" for r, p in rules.card_points.items())
    if rules.tobago:
        kicked = _("kicks: {kicks} ({when}) — Tobago: the Two, not the Six")
    else:
        kicked = _("kicks: {kicks} ({when})")
    return "\n".join(
        [
            f"{rules.name}: {_description(rules.description)}",
            pgettext(
                "all fours", "first to {target}; points in order: kick, beg, High, Low, Jack, Game"
            ).format(target=rules.target),
            kicked.format(kicks=kicks, when=when),
            pgettext(
                "all fours",
                "beg (take one) +{beg}, High +{high}, Low +{low}, {jack}, Game +{game} "
                "(a tie: {tie})",
            ).format(
                beg=v.beg,
                high=v.high,
                low=v.low,
                jack=jack,
                game=v.game,
                tie=tie.get(rules.tied_game, rules.tied_game),
            ),
            pgettext("all fours", "card points for Game: {cards} ({points} in the pack)").format(
                cards=cards, points=rules.pack_points
            ),
        ]
    )


def _none() -> str:
    return pgettext("all fours kicks", "none")


def _description(text: str) -> str:
    """A preset's description in the language in force; a table's own as written."""
    return _(text) if text in PRESET_DESCRIPTIONS else text
