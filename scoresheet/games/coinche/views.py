"""Coinche as text for the terminal: ``score``, ``show``, ``status``, the lines ``add``,
``edit`` and ``play`` print after a deal, and ``rules show``.

A contract is said as the table says it: ``Ann 100♥ coinché by Bob``, ``Dan 90♣
surcoinché by Bob``, ``Cat capot NT``.
"""

from __future__ import annotations

from scoresheet.games.belote.views import CONTRACT_CODES, card_table

# Said as Belote says them (the views role has them here): the teams, who won, the
# standings, a rules object.
from scoresheet.games.belote.views import outcome_line as outcome_line
from scoresheet.games.belote.views import rules_json as rules_json
from scoresheet.games.belote.views import standings as standings
from scoresheet.games.belote.views import team_tags as team_tags
from scoresheet.games.belote.views import teams_line as teams_line
from scoresheet.games.coinche.rules import CoincheRules
from scoresheet.games.coinche.score import DealScore, GameScore
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
    said = "générale" if bid == "generale" else str(bid)
    return f"{said}{code}" if len(code) == 1 else f"{said} {code}"


def contract_words(deal: DealScore) -> str:
    """``Ann 100♥ coinché by Bob`` (``… surcoinché by Dan`` after a surcoinche)."""
    said = f"{deal.taker} {bid_words(deal.contract, deal.bid)}"
    if deal.surcoinche:
        return f"{said} surcoinché by {deal.surcoinche}"
    if deal.coinche:
        return f"{said} coinché by {deal.coinche}"
    return said


def _outcome(deal: DealScore) -> str:
    return "made" if deal.made else "dedans"


def _points(deal: DealScore) -> str:
    """Each team's points, with the last trick, belote and declarations, in the order of
    the teams' score columns (not takers first: the rules page's T and D)."""
    a, b = deal.play.deal_points
    return f"{a}/{b}" + (" (cards)" if deal.play.from_cards else "")


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
        full.append(["", "", "TOTAL", "", "", "", "", "", "", *map(str, result.team_totals)])
        short.append(["", "", "", "TOTAL", "", "", *map(str, result.team_totals), "", "", "", ""])
    names = [result.team_name(0), result.team_name(1)]
    head = ["#", "dealer", "contract", "points", "last", "belote", "capot", "outcome", "m"]
    head += names
    short_head = ["#", "dl", "by", "bid", "m", "outcome", *tags, "points", "last", "bel", "capot"]
    legend = [
        players_legend(result.players, who),
        "dl: the dealer; by: the taker; m: the multiplier",
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
    return f"{title}: Coinche, rules {said}" + (
        "" if target in said.split("; ") else f" — {target}"
    )


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    term = term or Term.detect()
    parts = [term.lines(_title(result, title)), term.lines(teams_line(result)), ""]
    parts += [score_table(result, term) if result.deals else "no deals yet", ""]
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def _to_go(result: GameScore) -> str:
    target = result.rules.target
    return "; ".join(
        f"{result.team_name(k)} {max(0, target - result.team_totals[k])} to go" for k in (0, 1)
    )


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The paper sheet: each team's score and running total to the target, deal by deal."""
    term = term or Term.detect()
    tags = team_tags(result)
    who = initials(result.players)
    names = [result.team_name(0), result.team_name(1)]
    header: list[Cell] = ["#", "dealer", "contract", "outcome"]
    header += [names[0], "running", names[1], "running"]
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
    short_head: list[Cell] = ["#", "dl", "contract", "outcome"]
    short_head += [tags[0], f"Σ{tags[0]}", tags[1], f"Σ{tags[1]}"]
    legend = [
        players_legend(result.players, who),
        "dl: the dealer; ×2, ×4: coinché, surcoinché; Σ: the team's running total",
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
        else "no deals yet"
    )
    parts += ["", "Standings", standings(result, term)]
    if result.winner is None:
        parts.append(term.lines(f"to the target of {result.rules.target}: {_to_go(result)}"))
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def next_line(result: GameScore) -> str:
    """``Next, deal 3: Dan deals, Bob speaks first.``"""
    return (
        f"Next, deal {len(result.deals) + 1}: {result.next_dealer} deals, "
        f"{result.first_to_speak} speaks first."
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
        lines.append("The game is over.")
    else:
        lines.append(term.lines(next_line(result)))
    lines += ["", "Standings", standings(result, term)]
    if result.winner is None:
        lines.append(term.lines(f"to the target of {result.rules.target}: {_to_go(result)}"))
    if result.violations:
        lines += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """``deal 1: Ann 100♥ (Cat & Ann, 126 to 56) — made: Bob & Dan 60, Cat & Ann 230``."""
    d = result.deals[number - 1]
    t = d.taking_team
    scores = ", ".join(f"{result.team_name(k)} {d.score[k]}" for k in (0, 1))
    line = (
        f"deal {number}: {contract_words(d)} ({result.team_name(t)}, "
        f"{d.play.deal_points[t]} to {d.play.deal_points[1 - t]}) — {_outcome(d)}: {scores}"
    )
    return (term or Term.detect()).lines(line)


def after_deal_text(result: GameScore, term: Term | None = None, *, next_deal: bool = True) -> str:
    """Totals after a deal, then who deals and speaks next (unless ``next_deal`` is false:
    ``play`` says it in the next deal's heading) or the winner."""
    term = term or Term.detect()
    totals = ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
    lines = [term.lines(f"totals: {totals} (target {result.rules.target})")]
    lines += violation_lines(term, result.violations)
    if result.winner is not None:
        lines.append(term.lines(f"the game is over: {outcome_line(result)}"))
    elif next_deal:
        lines.append(term.lines(next_line(result)))
    return "\n".join(lines)


def _scoring_lines(rules: CoincheRules) -> list[str]:
    base = rules.dedans_points
    m1, m2 = rules.coinche, rules.surcoinche
    if rules.scoring == "bid-only":
        lines = [f"scoring: bid only; the deal's winner scores the bid x m (m = 1, {m1}, {m2})"]
    else:
        plus = " + bid" if rules.scoring == "points-and-bid" else ""
        lines = [
            f"scoring: {rules.scoring}; made: the takers' points{plus}, the defenders theirs; "
            f"dedans: {base}{plus} to the defenders",
            {
                "base-and-bid": f"a coinche: ({base}{plus}) x m to the deal's winner",
                "bid": f"a coinche: {base} + m x bid to the deal's winner",
                "everything": "a coinche: the winner's whole score x m, the loser nothing",
            }[rules.coinche_multiplies]
            + f" (coinche x{m1}, surcoinche x{m2})",
        ]
    return lines


# Who scores a belote (the rules' ``losing_belote``), as ``rules show`` says it.
_BELOTE_KEPT = {
    "kept": "kept by its team",
    "to-winner": "to the winner",
    "lost-by-coinched-defenders": "kept by its team, but lost by the defenders of a made "
    "coinched contract",
}


def rules_text(rules: CoincheRules) -> str:
    """A preset as text (for ``scoresheet rules show``): the auction, the scoring and the
    card tables (Belote's)."""
    needs = {
        "82-on-80": "82 on a bid of 80, else the bid",
        "bid": "the bid",
        "bid-plus-2": "the bid + 2",
    }[rules.bid_needs]
    beat = " and more than the defenders" if rules.made_when == "bid-and-beat" else ""
    lines = [
        f"{rules.name}: {rules.description}",
        f"game: coinche, 4 players in two teams; first team to "
        f"{'pass' if rules.win == 'pass' else 'reach'} {rules.target}",
        f"deal passes {rules.rotation}; contracts: {', '.join(rules.contracts)}",
        f"bids: {rules.min_bid} to {rules.max_bid} in tens, capot ({rules.capot_bid}; lost "
        f"{rules.capot_bid_lost})"
        + (f", générale ({rules.generale_value})" if rules.generale else "")
        + f"; coinche {rules.coinche_when}"
        + ("" if rules.coinche_capot else "; a capot bid cannot be coinched"),
        f"the takers need {needs}{beat}" + ("" if rules.belote_counts else " (belote not counted)"),
        *_scoring_lines(rules),
        f"last trick {rules.last_trick}, belote {rules.belote}"
        + (" (also in All Trumps)" if rules.belote_all_trumps else "")
        + f" ({_BELOTE_KEPT[rules.losing_belote]}), unbid capot {rules.capot} + bid",
        f"rounding: {rules.rounding}",
        "declarations: " + ("used" if rules.declarations else "not used"),
    ]
    lines += ["", card_table(rules)]
    return "\n".join(lines)
