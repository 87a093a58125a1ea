"""Coinche as text for the terminal: ``score``, ``show``, ``status``, the lines ``add``,
``edit`` and ``play`` print after a deal, and ``rules show``.

A contract is said as the table says it: ``Ann 100♥ coinché by Bob``, ``Dan 90♣
surcoinché by Bob``, ``Cat capot NT``.
"""

from __future__ import annotations

from scoresheet.games.coinche.entry import bid_word
from scoresheet.games.coinche.rules import CoincheRules
from scoresheet.games.coinche.score import DealScore, GameScore
from scoresheet.i18n import N_, NP_, _
from scoresheet.partnership.rules import contract_word
from scoresheet.partnership.views import (
    CONTRACT_CODES,
    NO_DEALS,
    STANDINGS,
    VIOLATIONS,
    card_table,
    describe,
    heading,
    outcome_word,
    rotation_line,
)

# Said as Belote says them (the views role has them here): the teams, who won, the
# standings, a rules object.
from scoresheet.partnership.views import outcome_line as outcome_line
from scoresheet.partnership.views import rules_json as rules_json
from scoresheet.partnership.views import standings as standings
from scoresheet.partnership.views import team_tags as team_tags
from scoresheet.partnership.views import teams_line as teams_line
from scoresheet.views.common import (
    initials,
    players_legend,
    rules_in_force,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Term, fit_table


def bid_words(contract: str, bid: int | str) -> str:
    """``100♥``, ``80 NT``, ``capot♠``, ``générale AT``."""
    code = CONTRACT_CODES[contract]
    said = bid_word(bid) if isinstance(bid, str) else str(bid)
    return f"{said}{code}" if len(code) == 1 else f"{said} {code}"


def contract_words(deal: DealScore) -> str:
    """``Ann 100♥ coinché by Bob`` (``… surcoinché by Dan`` after a surcoinche)."""
    said = f"{deal.taker} {bid_words(deal.contract, deal.bid)}"
    if deal.surcoinche:
        return _("{contract} surcoinché by {name}").format(contract=said, name=deal.surcoinche)
    if deal.coinche:
        return _("{contract} coinché by {name}").format(contract=said, name=deal.coinche)
    return said


def _outcome(deal: DealScore) -> str:
    return outcome_word("made" if deal.made else "dedans")


def _points(deal: DealScore) -> str:
    """Each team's points, with the last trick, belote and declarations, in the order of
    the teams' score columns (not takers first: the rules page's T and D)."""
    a, b = deal.play.deal_points
    pair = f"{a}/{b}"
    return _("{points} (cards)").format(points=pair) if deal.play.from_cards else pair


def _extras(tags: tuple[str, str], deal: DealScore) -> list[Cell]:
    return [
        "" if team is None else tags[team]
        for team in (deal.play.last_trick, deal.play.belote, deal.play.capot)
    ]


def score_table(result: GameScore, term: Term | None = None) -> str:
    """One row per deal: the contract, the points, the outcome and the scores."""
    term = term or Term.detect()
    tags = team_tags(result)
    who = initials(result.players)
    full: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for d in result.deals:
        scores: list[Cell] = [str(d.score[0]), str(d.score[1])]
        first: list[Cell] = [str(d.number), d.dealer, contract_words(d), _points(d)]
        full.append([*first, *_extras(tags, d), _outcome(d), f"×{d.multiplier}", *scores])
        level = "" if d.multiplier == 1 else f"×{d.multiplier}"
        said: list[Cell] = [who[d.dealer], who[d.taker], bid_words(d.contract, d.bid), level]
        short.append([str(d.number), *said, _outcome(d), *scores, _points(d), *_extras(tags, d)])
    if full:
        total = heading("TOTAL")
        full.append(["", "", total, "", "", "", "", "", "", *map(str, result.team_totals)])
        short.append(["", "", "", total, "", "", *map(str, result.team_totals), "", "", "", ""])
    names = [result.team_name(0), result.team_name(1)]
    h = heading
    head = ["#", h("dealer"), h("contract"), h("points"), h("last"), h("belote"), h("capot")]
    head += [h("outcome"), h("m"), *names]
    short_head = ["#", h("dl"), h("by"), h("bid"), h("m"), h("outcome"), *tags, h("points")]
    short_head += [h("last"), h("bel"), h("capot")]
    legend = [
        players_legend(result.players, who),
        _("dl: the dealer; by: the taker; m: the multiplier"),
    ]
    return fit_table(
        term,
        [
            Layout(head, full, right={0, 9, 10}, keep=1),
            Layout(short_head, short, right={0, 6, 7}, keep=3, legend=legend),
        ],
    )


def _title(result: GameScore, title: str) -> str:
    said, target = rules_in_force(result.rules), f"target {result.rules.target}"
    # A target changed from the preset's is among the rules in force already: said once.
    if target in said.split("; "):
        return _("{title}: Coinche, rules {rules}").format(title=title, rules=said)
    return _("{title}: Coinche, rules {rules} — target {target}").format(
        title=title, rules=said, target=result.rules.target
    )


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    term = term or Term.detect()
    parts = [term.lines(_title(result, title)), term.lines(teams_line(result)), ""]
    parts += [score_table(result, term) if result.deals else _(NO_DEALS), ""]
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def _to_go(result: GameScore) -> str:
    target = result.rules.target
    return "; ".join(
        _("{team} {points} to go").format(
            team=result.team_name(k), points=max(0, target - result.team_totals[k])
        )
        for k in (0, 1)
    )


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The paper sheet: each team's score and running total to the target, deal by deal."""
    term = term or Term.detect()
    tags = team_tags(result)
    who = initials(result.players)
    names = [result.team_name(0), result.team_name(1)]
    h = heading
    header: list[Cell] = ["#", h("dealer"), h("contract"), h("outcome")]
    header += [names[0], h("running"), names[1], h("running")]
    rows: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for d in result.deals:
        scores: list[Cell] = [
            str(d.score[0]),
            str(d.running[0]),
            str(d.score[1]),
            str(d.running[1]),
        ]
        rows.append([str(d.number), d.dealer, contract_words(d), _outcome(d), *scores])
        level = "" if d.multiplier == 1 else f" ×{d.multiplier}"
        said = f"{who[d.taker]} {bid_words(d.contract, d.bid)}{level}"
        short.append([str(d.number), who[d.dealer], said, _outcome(d), *scores])
    short_head: list[Cell] = ["#", h("dl"), h("contract"), h("outcome")]
    short_head += [tags[0], f"Σ{tags[0]}", tags[1], f"Σ{tags[1]}"]
    legend = [
        players_legend(result.players, who),
        _("dl: the dealer; ×2, ×4: coinché, surcoinché; Σ: the team's running total"),
    ]
    parts = [term.lines(_title(result, title)), term.lines(teams_line(result)), ""]
    parts.append(
        fit_table(
            term,
            [
                Layout(header, rows, right={0, 4, 5, 6, 7}),
                Layout(short_head, short, right={0, 4, 5, 6, 7}, keep=2, legend=legend),
            ],
        )
        if rows
        else _(NO_DEALS)
    )
    parts += ["", _(STANDINGS), standings(result, term)]
    if result.winner is None:
        parts.append(term.lines(_to_target(result)))
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", _(VIOLATIONS), *violation_lines(term, result.violations)]
    return "\n".join(parts)


def next_line(result: GameScore) -> str:
    """``Next, deal 3: Dan deals, Bob speaks first.``"""
    return _("Next, deal {number}: {dealer} deals, {first} speaks first.").format(
        number=len(result.deals) + 1, dealer=result.next_dealer, first=result.first_to_speak
    )


def _to_target(result: GameScore) -> str:
    return _("to the target of {target}: {to_go}").format(
        target=result.rules.target, to_go=_to_go(result)
    )


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal: who deals, who speaks first, the
    standings and what each team needs for the target."""
    term = term or Term.detect()
    lines = [
        term.lines(f"{_title(result, title)} — {outcome_line(result)}"),
        term.lines(teams_line(result)),
    ]
    if result.winner is not None:
        lines.append(_("The game is over."))
    else:
        lines.append(term.lines(next_line(result)))
    lines += ["", _(STANDINGS), standings(result, term)]
    if result.winner is None:
        lines.append(term.lines(_to_target(result)))
    if result.violations:
        lines += ["", _(VIOLATIONS), *violation_lines(term, result.violations)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """``deal 1: Ann 100♥ (Cat & Ann, 126 to 56) — made: Bob & Dan 60, Cat & Ann 230``."""
    d = result.deals[number - 1]
    t = d.taking_team
    scores = ", ".join(f"{result.team_name(k)} {d.score[k]}" for k in (0, 1))
    line = _(
        "deal {number}: {contract} ({team}, {points} to {against}) — {outcome}: {scores}"
    ).format(
        number=number,
        contract=contract_words(d),
        team=result.team_name(t),
        points=d.play.deal_points[t],
        against=d.play.deal_points[1 - t],
        outcome=_outcome(d),
        scores=scores,
    )
    return (term or Term.detect()).lines(line)


def after_deal_text(result: GameScore, term: Term | None = None, *, next_deal: bool = True) -> str:
    """Totals after a deal, then who deals and speaks next (unless ``next_deal`` is false:
    ``play`` says it in the next deal's heading) or the winner."""
    term = term or Term.detect()
    totals = ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
    lines = [
        term.lines(
            _("totals: {totals} (target {target})").format(
                totals=totals, target=result.rules.target
            )
        )
    ]
    lines += violation_lines(term, result.violations)
    if result.winner is not None:
        lines.append(
            term.lines(_("the game is over: {outcome}").format(outcome=outcome_line(result)))
        )
    elif next_deal:
        lines.append(term.lines(next_line(result)))
    return "\n".join(lines)


# The column headings Coinche adds to Belote's (translated where the table is drawn).
HEADINGS = (
    # Translators: the multiplier of a deal (×2 coinché, ×4 surcoinché); keep it short.
    NP_("sheet heading", "m"),
    NP_("sheet heading", "bid"),
)


def _scoring_lines(rules: CoincheRules) -> list[str]:
    base = rules.dedans_points
    m1, m2 = rules.coinche, rules.surcoinche
    if rules.scoring == "bid-only":
        return [
            _(
                "scoring: bid only; the deal's winner scores the bid x m (m = 1, {coinche}, "
                "{surcoinche})"
            ).format(coinche=m1, surcoinche=m2)
        ]
    if rules.scoring == "points-and-bid":
        made = _(
            "scoring: {scoring}; made: the takers' points + bid, the defenders theirs; "
            "dedans: {base} + bid to the defenders"
        )
        plus = " + bid"
    else:
        made = _(
            "scoring: {scoring}; made: the takers' points, the defenders theirs; "
            "dedans: {base} to the defenders"
        )
        plus = ""
    if rules.coinche_multiplies == "base-and-bid":
        said = (
            _("a coinche: ({base} + bid) x m to the deal's winner")
            if plus
            else _("a coinche: ({base}) x m to the deal's winner")
        )
    elif rules.coinche_multiplies == "bid":
        said = _("a coinche: {base} + m x bid to the deal's winner")
    else:
        said = _("a coinche: the winner's whole score x m, the loser nothing")
    multipliers = _("(coinche x{coinche}, surcoinche x{surcoinche})").format(
        coinche=m1, surcoinche=m2
    )
    return [
        made.format(scoring=rules.scoring, base=base),
        f"{said.format(base=base)} {multipliers}",
    ]


# Who scores a belote (the rules' ``losing_belote``), as ``rules show`` says it.
_BELOTE_KEPT = {
    "kept": N_("kept by its team"),
    "to-winner": N_("to the winner"),
    "lost-by-coinched-defenders": N_(
        "kept by its team, but lost by the defenders of a made coinched contract"
    ),
}
# What the takers need to make a numbered bid (the rules' ``bid_needs``).
_NEEDS = {
    "82-on-80": N_("the takers need 82 on a bid of 80, else the bid"),
    "bid": N_("the takers need the bid"),
    "bid-plus-2": N_("the takers need the bid + 2"),
}


def rules_text(rules: CoincheRules) -> str:
    """A preset as text (for ``scoresheet rules show``): the auction, the scoring and the
    card tables (Belote's)."""
    needs = _(_NEEDS[rules.bid_needs])
    if rules.made_when == "bid-and-beat":
        needs = _("{needs} and more than the defenders").format(needs=needs)
    if not rules.belote_counts:
        needs = _("{needs} (belote not counted)").format(needs=needs)
    win = (
        _("game: coinche, 4 players in two teams; first team to pass {target}")
        if rules.win == "pass"
        else _("game: coinche, 4 players in two teams; first team to reach {target}")
    )
    bids = _("bids: {low} to {high} in tens, capot ({capot}; lost {lost})").format(
        low=rules.min_bid, high=rules.max_bid, capot=rules.capot_bid, lost=rules.capot_bid_lost
    )
    if rules.generale:
        bids += _(", générale ({value})").format(value=rules.generale_value)
    bids += _("; coinche {when}").format(when=rules.coinche_when)
    if not rules.coinche_capot:
        bids += _("; a capot bid cannot be coinched")
    belote = (
        _(
            "last trick {last}, belote {belote} (also in All Trumps) ({kept}), "
            "unbid capot {capot} + bid"
        )
        if rules.belote_all_trumps
        else _("last trick {last}, belote {belote} ({kept}), unbid capot {capot} + bid")
    )
    lines = [
        f"{rules.name}: {describe(rules.description)}",
        win.format(target=rules.target),
        rotation_line(rules.rotation, ", ".join(contract_word(c) for c in rules.contracts)),
        bids,
        needs,
        *_scoring_lines(rules),
        belote.format(
            last=rules.last_trick,
            belote=rules.belote,
            kept=_(_BELOTE_KEPT[rules.losing_belote]),
            capot=rules.capot,
        ),
        _("rounding: {rounding}").format(rounding=rules.rounding),
        _("declarations: used") if rules.declarations else _("declarations: not used"),
    ]
    lines += ["", card_table(rules)]
    return "\n".join(lines)
